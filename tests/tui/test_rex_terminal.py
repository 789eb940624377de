"""Rex's own terminal table: the board by sector, the sheets, the hand, and what a seat may see.

The drawing is checked on real positions (a game played forward by random legal moves, races
chosen), the screens through Textual's Pilot with keys only.  What the screen must never show:
another seat's cards, traitors, prediction or betrayal card (RULES §16.2); the check re-deals
everything the viewer cannot see and asks that the screen stay the same, then looks for the
other seat's secrets by name.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from textual.widgets import Static
from typer.testing import CliRunner

from tests.tui.waiting import until_done
from turncoat.cli import app as cli
from turncoat.core import deals
from turncoat.core.record import load_record
from turncoat.core.registry import load_game
from turncoat.games.rex import actions as A
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.log import Names
from turncoat.games.rex.observe import RexObservation, StackView
from turncoat.play import GameInProgress
from turncoat.skins.rex import terminal as rex_terminal
from turncoat.skins.rex.terminal import view
from turncoat.skins.rex.terminal.app import RexApp
from turncoat.skins.rex.terminal.screens import EndScreen, HelpScreen
from turncoat.tui.overlays import CurtainScreen, LogScreen
from turncoat.tui.skin import find_skin
from turncoat.tui.table import Table, plan_seats
from turncoat.tui.table_app import screen_text

SIZE = (120, 40)  # the terminal the table is laid out for
TALL = (120, 90)  # tall enough that nothing of the sheets is scrolled out of sight
# Seat 1 is the Xxcha: a secret prediction to keep.  Seat 0 is not the Jol-Nar, who learn cards
# on auction (and so may rightly know some of another hand).
RACES = ("lazax", "xxcha", "jol_nar")


def rex_table(seats: str = "human,random,random", names: str = "Ann", seed: int = 3) -> Table:
    return Table.new(load_game("rex", players=3), plan_seats(3, seats, names=names), seed, None)


def game_of(table: Table) -> RexGame:
    game = table.match.game
    assert isinstance(game, RexGame)
    return game


def observed(table: Table, viewer: int | None) -> RexObservation:
    obs = table.view(viewer).observation
    assert isinstance(obs, RexObservation)
    return obs


def play_until(
    table: Table, stop: Callable[[Table], bool], seed: int = 1, *, last_first: bool = False
) -> Table:
    """Random legal moves (each seat taking its race of ``RACES``) until ``stop`` holds; when
    several seats decide at once, the lowest moves first (``last_first``: the highest)."""
    rng = random.Random(seed)
    while not stop(table):
        acting = table.match.to_act()
        assert acting, "the game ended before the wanted position"
        seat = max(acting) if last_first else min(acting)
        legal = list(table.match.legal_actions(seat))
        mine = [a for a in legal if isinstance(a, A.ChooseRace) and a.race == RACES[seat]]
        table.submit(seat, (mine[0] if mine else rng.choice(legal),))
    return table


def in_play(table: Table) -> bool:
    """Past setup, seat 1 holding strategy cards and a traitor, seat 0 to decide."""
    obs = observed(table, 1)
    return obs.round >= 2 and bool(obs.hand) and bool(obs.traitors) and table.to_act() == 0


def in_battle(table: Table) -> bool:
    """Seat 0 fights seat 1, who has set part of a sealed battle plan; seat 0 is to decide."""
    battle = observed(table, 0).battle
    return (
        battle is not None
        and {battle.aggressor, battle.defender} == {0, 1}
        and battle.revealed == 0
        and any(p.seat == 1 and p.parts_set for p in battle.plans)
        and bool(observed(table, 1).hand)
        and table.to_act() == 0
    )


def widget_texts(app: RexApp) -> str:
    """Every word the table holds on its widgets, scrolled into sight or not."""
    texts = [str(w.render()) for w in app.screen.query(Static)]
    return "\n".join(texts + list(app.log_lines))


def asked(app: RexApp) -> Callable[[], bool]:
    """The person's choices are on screen."""
    return lambda: bool(app.entries)


def end_drawn(app: RexApp) -> Callable[[], bool]:
    """The end screen is up and drawn (it switches a frame before its widgets are composed)."""
    return lambda: isinstance(app.screen, EndScreen) and "Final score" in screen_text(app)


def grew(table: Table, before: int) -> Callable[[], bool]:
    """The record holds more than ``before`` actions."""
    return lambda: len(table.record.actions) > before


def logged(app: RexApp, words: tuple[str, ...], since: int) -> Callable[[], bool]:
    """A log line after the first ``since`` says one of ``words``."""
    return lambda: any(w in x for x in app.log_lines[since:] for w in words)


def flat(text: str) -> str:
    """Screen text with borders and line breaks folded to single spaces (a wrapped name reads whole)."""
    return re.sub(r"[\s│╭╮╰╯─▊▎▔▁]+", " ", text)


# -- the command finds the skin ---------------------------------------------------------------------
def test_play_rex_opens_rex_s_own_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[RexApp] = []
    monkeypatch.setattr(RexApp, "run", lambda self, *a, **k: opened.append(self))
    assert find_skin("rex") is rex_terminal.SKIN
    save = tmp_path / "rex.json"
    for args in (["rex", "--players", "3", "--seed", "4", "--save", str(save)], ["--resume", str(save)]):
        result = CliRunner().invoke(cli, ["play", *args, "--delay", "0"])
        assert result.exit_code == 0, result.output
    first, resumed = opened
    assert type(first) is RexApp and first.table.match.game.name == "rex" and first.table.players == 3
    assert type(resumed) is RexApp and resumed.table.record == first.table.record
    assert load_record(save).game == "rex"


# -- the board --------------------------------------------------------------------------------------
def test_board_lists_units_influence_fleet_and_shields_by_sector() -> None:
    table = play_until(rex_table(), in_play)
    game = game_of(table)
    content = view.content_of(game)
    obs = msgspec.structs.replace(
        observed(table, 0),
        stacks=(
            StackView("civilian_spaceport", 0, 3, 2),
            StackView("civilian_spaceport", 2, 1, 0),
            StackView("dune_shield_wall__north", 1, 4, 0),
            StackView("imperial_palace", 2, 5, 0),
        ),
        board_influence=(("dune_hagga_basin__west", 6), ("civilian_spaceport", 2)),
        fleet=9,
        shield_destroyed=False,
    )
    names = ["Ann", "Bot 2", "Bot 3"]
    rows = [r.plain for r in view.board_lines(obs, content, names)]
    by_sector = {r.split()[0]: r for r in rows if re.match(r"S\d+ ", r)}
    assert len(by_sector) == 18  # every sector has its line
    # a stronghold in sector 9, shielded, with two races (mechanized marked); the fleet over it
    assert by_sector["S9"] == "S9  FLEET Civilian Spaceport★◊ La3+2m Jo1 2inf"
    assert by_sector["S8"] == "S8  Shield Wall*◊(generator) Xx4"  # a stand-in name, estimated
    assert "dune_hagga_basin__west" in Names(game.content.data).influence_amount_estimated
    assert "Hagga Basin* 6inf*" in by_sector["S12"]  # an estimated amount on an estimated area
    assert by_sector["S4"] == "S4  Adminus Imperialis★◊ —"  # an empty stronghold is still listed
    assert by_sector["S1"] == "S1  —"
    assert rows[0] == "The fleet is over sector 9 · the shield stands"
    # RULES §3.3: the Jol-Nar alone in the Imperial Palace control it; the spaceport is shared
    assert "Strongholds held (3 win alone): Bot 3 1 (Imperial Palace)" in rows
    assert rows[-1] == view.LEGEND and "estimated" in view.LEGEND

    down = msgspec.structs.replace(obs, shield_destroyed=True)
    rows = [r.plain for r in view.board_lines(down, content, names)]
    assert "the shield is destroyed" in rows[0]
    by_sector = {r.split()[0]: r for r in rows if re.match(r"S\d+ ", r)}
    assert by_sector["S8"] == "S8  Shield Wall*◊(generator, destroyed) Xx4"
    # the spaceport's shield came from the generator: it is down; the palace has its own
    assert by_sector["S9"].startswith("S9  FLEET Civilian Spaceport★◊x La3+2m")
    assert by_sector["S16"].startswith("S16 Imperial Palace★◊ Jo5")


def test_controllers_rules_3_3_a_stronghold_is_held_by_the_only_race_in_it() -> None:
    """RULES §3.3, drawn from the public stacks alone: the same strongholds the engine counts for
    victory (§14.1), at every step of a game."""
    from turncoat.games.rex.phases.victory import strongholds_of

    table = rex_table()
    game = game_of(table)
    content = view.content_of(game)
    assert content.to_win_alone == 3  # §14.1: a player not in an alliance
    held_any = False
    rng = random.Random(2)
    while table.outcome() is None:
        state = table.match._GameInProgress__state  # type: ignore[attr-defined]
        counts = [0] * table.players
        for holder in view.controllers(observed(table, None), content).values():
            counts[holder] += 1
        assert counts == strongholds_of(game.ctx, state)
        held_any |= any(counts)
        seat = table.to_act()
        assert seat is not None
        table.submit(seat, (rng.choice(list(table.match.legal_actions(seat))),))
    assert held_any


# -- the sheets -------------------------------------------------------------------------------------
def test_own_sheet_shows_hand_effects_traitors_prediction_betrayal_and_ally_cards() -> None:
    table = play_until(rex_table(), in_play)
    game = game_of(table)
    content = view.content_of(game)
    n = Names(game.content.data)
    obs = msgspec.structs.replace(
        observed(table, 1), betrayal=1, deals=deals.Deals(alliances=((1, 2),))
    )  # seat 1 is the Xxcha
    assert obs.prediction is not None and obs.hand and obs.traitors
    text = view.own_text(obs, content, ["Ann", "Bot 2", "Bot 3"]).plain
    for card in obs.hand:
        assert f"{n.card_name(card)}: {n.card_help[card]}" in text  # every card with its effect
    for leader in obs.traitors:
        assert n.leader_name(leader, strength=True, race=True) in text
    race, rnd = obs.prediction
    assert f"Your prediction: the {n.race_name(race)} win in round {rnd}" in text
    assert f"Your betrayal card: 1 ({n.betrayal[1]})" in text
    assert "Ally card of Bot 3 (Jol-Nar)" in text  # the ally's race lends its ally cards
    jol_nar = next(r for r in game.content.data.races if r.id == "jol_nar")
    assert jol_nar.ally_advantages and all(c.text.value in text for c in jol_nar.ally_advantages)
    me = obs.seats[1]
    for lv in me.leaders:  # each leader with his strength and where he is
        who = re.escape(n.leader_name(lv.leader))
        assert re.search(rf"{who} \(strength {lv.strength}\*?\): ", text)
    assert f"Influence {me.influence} · reserves {me.reserves} unit" in text

    public = view.own_text(observed(table, None), content, ["Ann", "Bot 2", "Bot 3"]).plain
    assert public == "Public view: nobody's hand is shown."


def test_other_players_show_only_counts() -> None:
    """RULES §16.1: every seat's public counts, a row each, and never which cards or traitors."""
    table = play_until(rex_table(), in_play)
    content = view.content_of(game_of(table))
    obs = msgspec.structs.replace(observed(table, 0), deals=deals.Deals(alliances=((1, 2),)))
    text = view.players_text(obs, content, ["Ann", "Bot 2", "Bot 3"]).plain
    rows = {line.split()[1] + line.split()[2]: line.split()[3:] for line in text.splitlines()[1:4]}
    assert set(rows) == {"LaAnn", "XxBot", "JoBot"} and rows["LaAnn"][0] == "(you)"
    other = obs.seats[1]
    on_board = sum(st.units + st.mechanized for st in obs.stacks if st.seat == 1)
    ready = sum(lv.status == "ready" for lv in other.leaders)
    assert rows["XxBot"][1:] == [
        str(other.influence),
        str(other.hand_size),
        str(other.traitors),
        f"{ready}/{len(other.leaders)}",
        str(on_board),
        view.units_word("", other.reserves, other.reserves_mech),
        view.units_word("", other.casualties, other.casualties_mech),
    ]
    assert "La Lazax · Xx Xxcha · Jo Jol-Nar" in text and view.PLAYER_KEY in text
    assert "Bot 2: allied with Bot 3" in text and "Bot 3: allied with Bot 2" in text
    secrets = observed(table, 1)
    names = Names(game_of(table).content.data)
    assert secrets.traitors and not any(names.leader_name(t) in text for t in secrets.traitors)
    assert secrets.hand and not any(names.card_name(c) in text for c in secrets.hand)


# -- what a seat may see ----------------------------------------------------------------------------
def hidden_words(table: Table, owner: int, viewer: int) -> list[str]:
    """What ``owner`` alone knows, as the table would write it, that ``viewer`` cannot know: the
    owner's traitor cards, prediction, betrayal card and the cards of its hand that the viewer
    neither holds nor has learnt are there nor can see in a public pile."""
    n = Names(game_of(table).content.data)
    secret, seen = observed(table, owner), observed(table, viewer)
    public_cards = (
        set(seen.hand or ()) | set(seen.seats[owner].known_cards) | set(seen.strategy_discard or ())
    )
    public_cards |= set(seen.strategy_removed)
    words = [n.leader_name(t, strength=True, race=True) for t in secret.traitors or ()]
    words += [n.card_name(c) for c in secret.hand or () if c not in public_cards]
    if secret.prediction is not None:
        words.append(f"the {n.race_name(secret.prediction[0])} win in round")
    if secret.betrayal is not None:
        words.append(f"betrayal card: {secret.betrayal}")
    return words


def assert_screen_unchanged_when_hidden_things_are_dealt_again(app: RexApp, viewer: int) -> None:
    """Re-deal everything ``viewer`` cannot see (RULES §16): the screen must not change."""
    table = app.table
    true_match = table.match
    game = game_of(table)
    state = true_match._GameInProgress__state  # type: ignore[attr-defined]
    app.refresh_view()
    before = screen_text(app), widget_texts(app)
    changed = False
    try:
        for seed in (1, 2, 3):
            world = game.determinize(state, viewer, seed)
            changed |= world != state
            table.match = GameInProgress(game, table.record, world, true_match.steps)
            app.refresh_view()
            assert (screen_text(app), widget_texts(app)) == before
    finally:
        table.match = true_match
        app.refresh_view()
    assert changed, "nothing was hidden from the viewer: the check proved nothing"


@pytest.mark.asyncio
@pytest.mark.parametrize("position", ["in play", "in battle"])
async def test_the_screen_shows_nothing_of_another_seat_s_secrets(position: str) -> None:
    """Seat 0's screen, between rounds and in a battle against seat 1 (whose sealed plan is
    partly set), holds nothing of seat 1's secrets."""
    if position == "in play":
        table = play_until(rex_table(), in_play)
    else:
        table = play_until(rex_table(), in_battle, last_first=True)
        battle = observed(table, 0).battle
        assert battle is not None
        plan = next(p for p in battle.plans if p.seat == 1)
        assert plan.parts_set and plan.dial is None  # set, and sealed
    words = hidden_words(table, owner=1, viewer=0)
    assert any("win in round" in w for w in words) and len(words) >= 3  # prediction, traitor, cards
    mine = hidden_words(table, owner=0, viewer=1)
    for size in (SIZE, TALL):
        app = RexApp(table, bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await until_done(pilot, asked(app))
            assert app.viewer == 0
            screen, held = flat(screen_text(app)), widget_texts(app)
            assert any(w in held for w in mine)  # the viewer's own secrets are drawn ...
            for word in words:  # ... and none of seat 1's, on screen or in any widget
                assert word not in screen and word not in flat(held), word
            assert_screen_unchanged_when_hidden_things_are_dealt_again(app, 0)


@pytest.mark.asyncio
async def test_hot_seat_curtain_hides_the_last_person_s_hand() -> None:
    """Two people at one screen: after Ann's move the curtain shows nothing of the game, and
    Bob's table shows his own sheet and none of Ann's secrets."""
    table = rex_table("human,human,random", "Ann,Bob", seed=5)

    def ann_then_bob(t: Table) -> bool:
        return in_play(t) and bool(observed(t, 0).traitors)

    play_until(table, ann_then_bob)
    anns = hidden_words(table, owner=0, viewer=1)
    assert len(anns) >= 2
    app = RexApp(table, bot_delay=0)
    async with app.run_test(size=TALL) as pilot:
        await until_done(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("enter")
        await until_done(pilot, lambda: app.viewer == 0 and bool(app.entries))
        assert any(w in widget_texts(app) for w in anns)  # Ann sees her own secrets
        while True:  # Ann plays until the screen must pass to Bob
            before = len(table.record.actions)
            await pilot.press("1")
            await until_done(pilot, grew(table, before))
            await until_done(pilot, lambda: isinstance(app.screen, CurtainScreen) or bool(app.entries))
            if isinstance(app.screen, CurtainScreen):
                break
        await until_done(pilot, lambda: "Pass the screen to Bob" in screen_text(app))
        curtain = flat(screen_text(app))
        assert not any(w in curtain for w in anns)
        assert "Strategy cards" not in curtain and "The board" not in curtain  # no game at all
        await pilot.press("enter")
        await until_done(pilot, lambda: app.viewer == 1 and bool(app.entries))
        held, screen = widget_texts(app), flat(screen_text(app))
        assert "Bob: your sheet and hand" in screen
        anns = hidden_words(table, owner=0, viewer=1)  # Ann's secrets as they are now
        for word in anns:
            assert word not in held and word not in screen, word


# -- keys -------------------------------------------------------------------------------------------
def help_text(app: RexApp) -> str:
    screen: object = app.screen
    assert isinstance(screen, HelpScreen)
    return screen.text.plain


@pytest.mark.asyncio
async def test_help_and_log_keys_open_and_close_their_screens() -> None:
    table = play_until(rex_table(), in_play)
    app = RexApp(table, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await until_done(pilot, lambda: bool(app.entries))
        await pilot.press("question_mark")
        await until_done(pilot, lambda: isinstance(app.screen, HelpScreen))
        helped = help_text(app)  # the decision's options, the guide, the keys and the board
        assert "How to play Rex" in helped and "Keys at Rex's table" in helped and "FLEET" in helped
        assert "How to play Rex" in screen_text(app)
        before = len(table.record.actions)
        await pilot.press("1")  # a choice key under the help chooses nothing
        await pilot.press("escape")
        await until_done(pilot, lambda: not isinstance(app.screen, HelpScreen))
        assert len(table.record.actions) == before
        await pilot.press("l")
        await until_done(pilot, lambda: isinstance(app.screen, LogScreen))
        shown: object = app.screen
        assert isinstance(shown, LogScreen) and shown.lines == app.log_lines
        assert "Game log (as Ann sees it)" in screen_text(app)
        await pilot.press("escape")
        await until_done(pilot, lambda: not isinstance(app.screen, LogScreen))
        await pilot.press("1")
        await until_done(pilot, grew(table, before))
        assert table.record.actions[before].player == 0
        # leave once Ann decides again: no bot is thinking while the app shuts down
        await until_done(pilot, lambda: bool(app.entries) or table.outcome() is not None)


@pytest.mark.asyncio
async def test_the_end_screen_says_who_won_and_how() -> None:
    """RULES §14: the winners, the victory condition that ended the game, the strongholds held,
    each round, and the score table."""
    table = play_until(rex_table(), lambda t: t.outcome() is not None)
    outcome = table.outcome()
    assert outcome is not None and outcome.winners
    app = RexApp(table, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await until_done(pilot, end_drawn(app))
        end = screen_text(app)
    winners = " and ".join(table.names()[w] for w in outcome.winners)
    assert f"{winners} win" in end
    victory = view.victory_words(outcome.details["victory"])
    assert f"Victory: {victory} ({outcome.details['rounds_played']} rounds played)." in end
    final = observed(table, 0)
    assert f"Strongholds held at the end: {view.held_text(final, app.content, table.names())}" in end
    assert all(f"Round {r} (first player" in end for r in range(1, outcome.details["rounds_played"] + 1))
    assert "Final score" in end and "q quits" in end


def noted(app: RexApp) -> list[str]:
    """Every notice the app puts up from now on, kept: a notice leaves the screen after a few
    seconds, which on a loaded machine can pass before the test looks."""
    said: list[str] = []
    put_up = app.notify

    def keep(message: str, **options: Any) -> None:
        said.append(str(message))
        put_up(message, **options)

    app.notify = keep  # type: ignore[method-assign]
    return said


@pytest.mark.asyncio
async def test_a_terminal_smaller_than_120_by_40_is_warned_about() -> None:
    table = play_until(rex_table(), in_play)
    app = RexApp(table, bot_delay=0)
    said = noted(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await until_done(pilot, asked(app))
        await until_done(pilot, lambda: bool(said))
        assert "at least 120×40 (this one is 100×30)" in said[0]


# -- a whole game -----------------------------------------------------------------------------------
def units_said(units: int, mech: int) -> str:
    return f"{units} unit{'' if units == 1 else 's'}" + (f" and {mech} mechanized" if mech else "")


def said(action: object, names: Names) -> tuple[str, ...]:
    """The log lines one of Ann's moves must leave (any of them), by the move."""
    match action:
        case A.ChooseRace(race=race):
            return (f"Ann chooses the {names.race_name(race)}.",)
        case A.Bid(amount=amount):
            return (f"Ann bids {amount}.",)
        case A.PassBid():
            return ("Ann passes",)
        case A.Recruit(units=u, mechanized=m):
            return (f"Ann recruits {units_said(u, m)}",)
        case A.MoveUnits(units=u, mechanized=m):
            return (f"Ann moves {units_said(u, m)} from ",)
        case A.LandUnits(units=u, mechanized=m):
            return tuple(f"Ann {verb} {units_said(u, m)}" for verb in ("lands", "cross-lands", "withdraws"))
        case A.KeepTraitor():
            return ("You keep the traitor card of ",)
        case A.SetFleetDial():
            return ("Ann sets the fleet dial.",)
    return ()


def assert_each_move_was_said(log: list[str], expected: list[tuple[tuple[str, ...], int]]) -> None:
    """Each move's words in its own line of the log, after the lines that were there before the
    move (a landing is said only once the card window it opens has closed, so the line may come
    after later moves; each line answers one move)."""
    used: set[int] = set()
    for words, since in expected:
        if not words:
            continue
        found = next(
            (i for i in range(since, len(log)) if i not in used and any(w in log[i] for w in words)), None
        )
        assert found is not None, f"the log never says {words[0]!r} after line {since}"
        used.add(found)


SKIPS = (A.SkipMove, A.SkipLanding, A.PassBid, A.EndCeasefire)


def ann_s_pick(app: RexApp, rng: random.Random) -> int:
    """Which line of the list Ann chooses: any of the first twelve (the keys reach nine, the
    arrows the rest), doing something rather than nothing three times in four."""
    lines = app.entries[:12]
    actions = [app.decisions[e.decision].choices[e.choice].action for e in lines]
    doing = [i for i, a in enumerate(actions) if not isinstance(a, SKIPS)]
    return rng.choice(doing) if doing and rng.random() < 0.75 else rng.randrange(len(lines))


@pytest.mark.asyncio
async def test_one_person_and_two_bots_play_a_whole_game_of_rex(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through ``turncoat play rex``: every move Ann makes with the keys is recorded for her,
    saved, and has its effect (the log says it; her race is hers); the game ends on the end
    screen, which says who won and by which victory condition."""
    from tests.tui.test_generic import press_entry

    opened: list[RexApp] = []
    monkeypatch.setattr(RexApp, "run", lambda self, *a, **k: opened.append(self))
    save = tmp_path / "rex.json"
    args = ["rex", "--seats", "human,random,random", "--names", "Ann", "--seed", "11"]
    result = CliRunner().invoke(cli, ["play", *args, "--save", str(save), "--delay", "0"])
    assert result.exit_code == 0, result.output
    (app,) = opened
    table = app.table
    names = Names(game_of(table).content.data)
    rng = random.Random(7)
    kinds: set[str] = set()
    expected: list[tuple[tuple[str, ...], int]] = []  # what each move must say, after which line
    async with app.run_test(size=SIZE) as pilot:
        while True:
            await until_done(pilot, lambda: bool(app.entries) or table.outcome() is not None)
            if table.outcome() is not None:
                break
            before, lines = len(table.record.actions), len(app.log_lines)
            n = ann_s_pick(app, rng)
            entry = app.entries[n]
            chosen = app.decisions[entry.decision].choices[entry.choice].action
            await press_entry(pilot, app, n)
            await until_done(pilot, grew(table, before))
            recorded = table.record.actions[before]
            assert recorded.player == 0
            assert recorded.action == msgspec.json.decode(msgspec.json.encode(chosen))
            assert load_record(save).actions[before] == recorded  # saved at once
            expected.append((said(chosen, names), lines))
            if isinstance(chosen, A.ChooseRace):
                assert observed(table, 0).seats[0].race == chosen.race
            kinds.add(type(chosen).__name__)
        await until_done(pilot, end_drawn(app))
        outcome = table.outcome()
        assert outcome is not None
        end = screen_text(app)
        winners = [table.names()[w] for w in outcome.winners]
        assert all(w in end for w in winners)
        assert view.victory_words(outcome.details["victory"]) in end
        assert "Round 1 (first player" in end and "Final score" in end
        assert_each_move_was_said(app.log_lines, expected)
    assert {"ChooseRace", "Bid", "MoveUnits", "LandUnits"} <= kinds, kinds
