"""StarCraft's own terminal table: the galaxy as planet boxes, the sheets, the hand, and what a
seat may see.

The drawing is checked on real positions (games played forward by random legal moves), the
screens through Textual's Pilot with keys only.  What the screen must never show: another seat's
order faces, hand or pending event cards (RULES §21.3); the check re-deals everything the viewer
cannot see and asks that the screen stay the same, then looks for the other seat's secrets by
name.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
from rich.cells import cell_len
from textual.widgets import Static
from typer.testing import CliRunner

from tests.tui.helpers import assert_redeals_leave_shown
from tests.tui.test_generic import as_recorded, grew, logged, press_entry
from tests.tui.waiting import until_done
from turncoat.cli import app as cli
from turncoat.core.present import presentation_of
from turncoat.core.record import load_record
from turncoat.core.registry import load_game
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import log
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.observe import StarcraftObservation
from turncoat.games.starcraft.state import ActiveOrder, Battle, OrderToken, RouteEnd
from turncoat.skins.starcraft import terminal as sc_terminal
from turncoat.skins.starcraft.terminal import view
from turncoat.skins.starcraft.terminal.app import StarcraftApp
from turncoat.tui.generic.screens import CurtainScreen, EndScreen
from turncoat.tui.overlays import HelpScreen
from turncoat.tui.skin import find_skin
from turncoat.tui.table import Table, plan_seats

SIZE = (120, 44)  # the terminal the table is laid out for
TALL = (160, 120)  # wide and tall enough that nothing is scrolled out of sight
MOVES = 10
# The words a move of Ann's leaves in her log at once, by its kind.
SAID = {
    A.ChooseFaction: "Ann takes ",
    A.ChooseRotation: "Ann places ",
    A.PlaceStartingTransport: "Ann puts a transport on the route between ",
    A.PlaceOrder: "Ann places a ",
}


def sc_table(players: int = 2, seats: str = "human,random", seed: int = 4) -> Table:
    plan = plan_seats(players, seats, names="Ann")
    return Table.new(load_game("starcraft", players=players), plan, seed, None)


def game_of(table: Table) -> StarcraftGame:
    game = table.match.game
    assert isinstance(game, StarcraftGame)
    return game


def observed(table: Table, viewer: int | None) -> StarcraftObservation:
    obs = table.view(viewer).observation
    assert isinstance(obs, StarcraftObservation)
    return obs


def play_until(table: Table, stop: Callable[[Table], bool], seed: int = 1) -> Table:
    """Random legal moves (the lowest seat to act first) until ``stop`` holds."""
    rng = random.Random(seed)
    while not stop(table):
        acting = table.match.to_act()
        assert acting, "the game ended before the wanted position"
        seat = min(acting)
        table.submit(seat, (rng.choice(list(table.match.legal_actions(seat))),))
    return table


def orders_placed(table: Table) -> bool:
    """Round 1 planning: both seats have orders in the stacks, seat 0 is to place another."""
    obs = observed(table, 0)
    owners = {o.owner for _, stack in obs.stacks for o in stack}
    return obs.round >= 1 and {0, 1} <= owners and table.to_act() == 0 and obs.step == "planning"


def widget_texts(app: StarcraftApp) -> str:
    """Every word the table holds on its widgets, scrolled into sight or not, and its log."""
    texts = [str(w.render()) for w in app.screen.query(Static)]
    return "\n".join(texts + list(app.log_lines))


def board_text(app: StarcraftApp) -> str:
    return str(app.query_one("#board", Static).render())


def shows(app: StarcraftApp, widget: str, words: str) -> Callable[[], bool]:
    """The widget ``widget`` says ``words``."""
    return lambda: words in str(app.query_one(widget, Static).render())


def faces(text: str) -> list[str]:
    """The order-token faces the stacks on screen show ("P1:B★"), legend aside."""
    stacks = re.findall(r"stack ↑((?: P\d(?::[BMR]★?|■))+)", text)
    return [t for row in stacks for t in row.split() if ":" in t]


def boxes(lines: list[str]) -> dict[str, str]:
    """The planet boxes of a one-box-a-row galaxy, by planet name."""
    out: dict[str, str] = {}
    name = ""
    for row in lines:
        head = re.match(r"╭─ (.+?) \((-?\d+),(-?\d+)\)", row)
        if head:
            name = head.group(1)
            out[name] = ""
        if name:
            out[name] += row + "\n"
        if row.startswith("╰"):
            name = ""
    return out


def expected_units(obs: StarcraftObservation, area: str, codes: dict[str, str]) -> list[str]:
    """Each seat's units in ``area`` as the board writes them ("P1 1Fi 2Ma"), counted here."""
    counts: dict[int, dict[str, int]] = {}
    for a in obs.areas:
        if a.id == area:
            for u in a.units:
                kinds = counts.setdefault(u.owner, {})
                kinds[u.kind] = kinds.get(u.kind, 0) + 1
    return [
        f"P{seat + 1} " + " ".join(f"{n}{codes[k]}" for k, n in sorted(kinds.items()))
        for seat, kinds in sorted(counts.items())
    ]


# -- the command finds the skin ---------------------------------------------------------------------
def test_play_starcraft_opens_starcraft_s_own_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[StarcraftApp] = []
    monkeypatch.setattr(StarcraftApp, "run", lambda self, *a, **k: opened.append(self))
    assert find_skin("starcraft") is sc_terminal.SKIN
    save = tmp_path / "sc.json"
    new = ["starcraft", "--players", "2", "--seed", "4", "--save", str(save)]
    for args in (new, ["--resume", str(save)]):
        result = CliRunner().invoke(cli, ["play", *args, "--delay", "0"])
        assert result.exit_code == 0, result.output
    first, resumed = opened
    assert type(first) is StarcraftApp and first.table.match.game.name == "starcraft"
    assert type(resumed) is StarcraftApp
    again, saved = resumed.table.record, first.table.record
    same = msgspec.json.encode  # the saved record reads its tuples back as lists
    assert (again.seed, same(again.config), again.actions) == (saved.seed, same(saved.config), saved.actions)
    assert load_record(save).game == "starcraft"


# -- the board --------------------------------------------------------------------------------------
def test_board_shows_each_planet_s_areas_units_bases_stack_and_routes() -> None:
    table = play_until(sc_table(players=3, seats="human,random,random"), orders_placed)
    look = view.look_of(game_of(table))
    ctx = look.ctx
    obs = observed(table, 0)
    names = table.names()
    lines = [x.plain for x in view.galaxy_lines(look, obs, names, 44)]
    assert all(cell_len(x) <= 44 for x in lines)
    drawn = boxes(lines)
    assert sorted(drawn) == sorted(log.planet_name(ctx, p.id) for p in obs.galaxy)
    areas = {a.id: a for a in obs.areas}
    stacks = dict(obs.stacks)
    for p in obs.galaxy:
        text = drawn[log.planet_name(ctx, p.id)]
        flat = re.sub(r"\s*│\s*", " ", text)
        assert f"({p.x},{p.y})" in text
        for area_id in ctx.t.planet_areas[p.id]:
            data = ctx.t.area[area_id]
            word = {"cp": "CP", "minerals": "mineral" if data.amount == 1 else "minerals"}.get(
                data.resource, data.resource
            )
            assert f"{data.amount} {word} · limit {data.unit_limit}" in flat
            for units in expected_units(obs, area_id, dict(look.codes)):
                assert units in flat, (units, text)
            if areas[area_id].base >= 0:
                assert f"⌂P{areas[area_id].base + 1}" in flat
        tokens = [
            f"P{o.owner + 1}:{'BMR'['bmr'.index((o.kind or '?')[0])]}" + ("★" if o.special else "")
            if o.owner == 0
            else f"P{o.owner + 1}■"
            for o in stacks.get(p.id, ())
        ]
        assert "stack ↑ " + (" ".join(tokens) if tokens else "empty") in flat
        for r in obs.routes:
            for end in r.ends:
                if end.planet == p.id and r.kind == "normal":
                    other = next(e.planet for e in r.ends if e is not end)
                    assert f"{end.side} {log.planet_name(ctx, other)}" in flat
    # seat 0 sees its own faces and nobody else's
    assert any(o.owner == 0 and o.kind for _, s in obs.stacks for o in s)
    assert not any(o.owner != 0 and o.kind for _, s in obs.stacks for o in s)
    # the players: faction, CP, workers, orders left and hand counts, as the observation says
    players = view.players_text(look, obs, names).plain
    for s in obs.seats:
        leader, race = ctx.t.faction[s.faction].leader.value, ctx.t.race[s.race].name.value
        assert f" · {s.cp} CP\n  {leader} ({race})" in players
        assert f"orders {s.orders_in_supply} left · hand {s.hand_size}" in players
        assert f"workers {s.worker_pool} free" in players
    # the viewer's own hand with its values
    mine = view.own_text(look, obs).plain
    for card in obs.hand:
        assert log.card_name(ctx, card) in mine
    assert "(attack/health)" in mine and f"Your combat cards ({len(obs.hand)})" in mine


def test_the_active_order_and_the_battle_are_highlighted() -> None:
    table = play_until(sc_table(), orders_placed)
    look = view.look_of(game_of(table))
    obs = observed(table, 0)
    planet = obs.galaxy[0].id
    area = look.ctx.t.planet_areas[planet][0]
    staged = msgspec.structs.replace(
        obs,
        active_order=ActiveOrder(planet, OrderToken(1, "mobilize", True)),
        battle=Battle(area=area, attacker=1, defender=0),
    )
    drawn = boxes([x.plain for x in view.galaxy_lines(look, staged, table.names(), 44)])
    text = drawn[log.planet_name(look.ctx, planet)]
    assert "▶ P2 special Mobilize (M★)" in text and "BATTLE" in text
    others = [t for n, t in drawn.items() if n != log.planet_name(look.ctx, planet)]
    assert not any("BATTLE" in t or "▶" in t for t in others)
    # in a real game: the order revealed and being carried out, on its own planet
    play_until(table, lambda t: observed(t, 0).active_order is not None)
    obs = observed(table, 0)
    active = obs.active_order
    assert active is not None
    drawn = boxes([x.plain for x in view.galaxy_lines(look, obs, table.names(), 44)])
    words = log.order_name(active.token.kind, active.token.special)
    assert f"▶ P{active.token.owner + 1} {words}" in drawn[log.planet_name(look.ctx, active.planet)]
    assert sum("▶" in t for t in drawn.values()) == 1


def test_the_grid_draws_routes_between_neighbours_when_it_fits() -> None:
    table = play_until(sc_table(), orders_placed)
    look = view.look_of(game_of(table))
    obs = observed(table, 0)
    wide = "\n".join(x.plain for x in view.galaxy_lines(look, obs, table.names(), 160))
    assert re.search(r"╮(───|═══)╭|│(───|═══)│", wide)  # a normal route between two boxes in a row
    rows = wide.split("\n")
    where = {}  # planet -> (line, column) of its box's corner
    for p in obs.galaxy:
        head = f"╭─ {log.planet_name(look.ctx, p.id)} ({p.x},{p.y})"
        where[p.id] = next((n, r.index(head)) for n, r in enumerate(rows) if head in r)
    for p in obs.galaxy:  # each box in its grid cell: columns west to east, rows north to south
        for q in obs.galaxy:
            assert (p.x < q.x) == (where[p.id][1] < where[q.id][1])
            assert (p.x == q.x) == (where[p.id][1] == where[q.id][1])
            assert (p.y > q.y) == (where[p.id][0] < where[q.id][0])


def test_the_galaxy_marks_a_z_axis_route_end_whose_second_end_is_to_place() -> None:
    """§6.1 step 5: while the second end is chosen, the first is marked on its planet's box, for
    every seat and a spectator (it is on the table); no box is marked at any other step."""
    table = play_until(sc_table(), lambda t: observed(t, 0).step == "place_z_minor")
    look = view.look_of(game_of(table))
    for viewer in (0, 1, None):
        obs = observed(table, viewer)
        assert obs.z_major is not None
        lines = [x.plain for x in view.galaxy_lines(look, obs, table.names(), 40)]
        marked = {n: b for n, b in boxes(lines).items() if "◆Z" in b}
        assert list(marked) == [log.planet_name(look.ctx, obs.z_major.planet)]
        assert f"◆Z1 {obs.z_major.side} second end to place" in marked.popitem()[1]
        moving = msgspec.structs.replace(obs, step="move_z_end")
        assert "◆Z1" in "\n".join(x.plain for x in view.galaxy_lines(look, moving, table.names(), 40))
        plain = msgspec.structs.replace(obs, z_major=None)
        assert "◆Z" not in "\n".join(x.plain for x in view.galaxy_lines(look, plain, table.names(), 40))


def test_the_placeholder_badge_says_invented_content_is_in_play() -> None:
    table = sc_table()
    look = view.look_of(game_of(table))
    obs = observed(table, 0)
    records = look.face.invented_records(obs)
    assert "Placeholder content" in [p.title for p in table.view(0).panels]  # the presentation says so
    badge = view.badge_text(records)
    assert badge is not None and badge.plain.strip().startswith("PLACEHOLDER CONTENT")
    assert "the rules" in badge.plain and "event cards" in badge.plain
    assert view.badge_text(()) is None  # an owner's pack with nothing invented: no badge


# -- what a seat may see ----------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_a_seat_never_sees_another_seat_s_order_faces_hand_or_events() -> None:
    table = play_until(sc_table(), orders_placed)
    match, game = table.match, game_of(table)
    app = StarcraftApp(table, bot_delay=0.0)
    async with app.run_test(size=TALL) as pilot:
        await until_done(pilot, lambda: bool(app.entries))
        mine, theirs = observed(table, 0), observed(table, 1)
        text = widget_texts(app)
        ctx = game.ctx
        other_cards = {log.card_name(ctx, c) for c in theirs.hand} - {
            log.card_name(ctx, c) for c in mine.hand
        }
        assert other_cards, "the hands are alike: the check would prove nothing"
        assert not any(re.search(rf"{re.escape(name)}\b", text) for name in other_cards)
        assert "P2■" in text and not re.search(r"P2:[BMR]", text)
        assert faces(text) and all(f.startswith("P1:") for f in faces(text))  # Ann's own faces only
        # re-deal everything seat 0 cannot see: the screen must stay as it is
        assert_redeals_leave_shown(
            app,
            match,
            lambda: widget_texts(app),
            text,
            lambda world, state: world.seat(1).hand != state.seat(1).hand or world.stacks != state.stacks,
        )
        # seat 1's own view does show its faces: the same drawing, another viewer
        app.viewer = 1
        app.refresh_view()
        assert faces(widget_texts(app)) and all(f.startswith("P2:") for f in faces(widget_texts(app)))
        app.viewer = None  # a spectator sees every token's back and nobody's hand
        app.refresh_view()
        public = widget_texts(app)
        assert not faces(public) and "P1■" in public and "P2■" in public and "Spectating" in public
        assert not any(log.card_name(ctx, c) in public for c in mine.hand + theirs.hand)


def test_pending_events_are_a_count_until_regrouping_step_8() -> None:
    table = play_until(sc_table(), orders_placed)
    look = view.look_of(game_of(table))
    obs = observed(table, 0)
    events = tuple(sorted(look.ctx.t.event_card))[:2]
    seats = list(obs.seats)
    seats[1] = msgspec.structs.replace(seats[1], pending_events=2)
    staged = msgspec.structs.replace(obs, seats=tuple(seats))
    text = view.players_text(look, staged, table.names()).plain + view.own_text(look, staged).plain
    assert "events 2 face down" in text
    assert not any(log.event_name(look.ctx, e) in text for e in events)
    own = view.own_text(look, msgspec.structs.replace(staged, own_events=events)).plain
    assert all(log.event_name(look.ctx, e) in own for e in events)


# -- decisions by keys ------------------------------------------------------------------------------
def took_effect(action: object, before: StarcraftObservation, after: StarcraftObservation) -> bool:
    """What Ann's move must have changed in what she sees (seat 0)."""

    def units(obs: StarcraftObservation, area: str, kind: str) -> int:
        return sum(u.owner == 0 and u.kind == kind for a in obs.areas if a.id == area for u in a.units)

    def mine_on(obs: StarcraftObservation, planet: str, kind: str) -> int:
        return sum(o.owner == 0 and o.kind == kind for o in dict(obs.stacks).get(planet, ()))

    match action:
        case A.ChooseFaction(faction=f):
            return after.seats[0].faction == f
        case A.ChoosePlanet(planet=p):
            return after.chosen_planet == p or any(g.id == p for g in after.galaxy)
        case A.ChooseCell(x=x, y=y):
            return after.chosen_cell == (x, y) or any((g.x, g.y) == (x, y) for g in after.galaxy)
        case A.ChooseRotation(rotation=r):
            return any(g.id == before.chosen_planet and g.rotation == r for g in after.galaxy)
        case A.PlaceBase(area=None):
            return True
        case A.PlaceBase(area=a):
            return any(x.id == a and x.base == 0 for x in after.areas)
        case A.PlaceZAxisEnd(planet=p, side=s):  # the major end waits, on the table, for the minor
            placed = any(e.planet == p and e.side == s for r in after.routes for e in r.ends)
            return placed or (after.step == "place_z_minor" and after.z_major == RouteEnd(p, s))
        case A.PlaceStartingUnit(area=a):
            kind = before.units_to_place[0]
            return units(after, a, kind) == units(before, a, kind) + 1
        case A.PlaceStartingTransport(route=r):
            return any(x.id == r and 0 in x.transports for x in after.routes)
        case A.ChooseOrderPlanet(planet=p):
            return after.order_planet == p
        case A.PlaceOrder(kind=k):
            return mine_on(after, before.order_planet, k) == mine_on(before, before.order_planet, k) + 1
    return False


@pytest.mark.asyncio
async def test_ten_decisions_by_keys_each_changes_the_game(tmp_path: Path) -> None:
    plan = plan_seats(2, "human,random", names="Ann")
    table = Table.new(load_game("starcraft", players=2), plan, 4, tmp_path / "sc.json")
    app = StarcraftApp(table, bot_delay=0.0)
    face = presentation_of(table.match.game)
    async with app.run_test(size=SIZE) as pilot:
        played: list[str] = []
        while len(played) < MOVES:
            await until_done(pilot, lambda: bool(app.entries) or isinstance(app.screen, EndScreen))
            assert not isinstance(app.screen, EndScreen | CurtainScreen)
            before, lines = len(table.record.actions), len(app.log_lines)
            seen = observed(table, 0)
            n = len(app.entries) - 1  # the last line of the list
            entry = app.entries[n]
            chosen = app.decisions[entry.decision].choices[entry.choice].action
            await press_entry(pilot, app, n)
            await until_done(pilot, grew(table, before))
            recorded = table.record.actions[before]
            assert recorded.player == 0 and recorded.action == as_recorded(chosen)
            assert took_effect(chosen, seen, observed(table, 0)), chosen
            said = SAID.get(type(chosen))
            if said is not None:  # the moves the log says at once (a planet is said once placed)
                await until_done(pilot, logged(app, said, lines))
            if isinstance(chosen, A.PlaceOrder):  # her own token's face on her board
                face_text = "BMR"["bmr".index(chosen.kind[0])] + ("★" if chosen.special else "")
                await until_done(pilot, shows(app, "#board", f"P1:{face_text}"))
            if isinstance(chosen, A.PlaceZAxisEnd) and observed(table, 0).z_major is not None:
                # the half-placed route is marked on its planet's box while its second end is chosen
                await until_done(pilot, shows(app, "#board", f" {chosen.side} second end to place"))
            if isinstance(chosen, A.ChooseFaction):
                leader = game_of(table).ctx.t.faction[chosen.faction].leader.value
                await until_done(pilot, shows(app, "#players", leader))
            played.append(type(chosen).__name__)
        kinds = set(played)
        assert {"ChooseFaction", "ChoosePlanet", "ChooseCell"} <= kinds and len(kinds) >= 5, played
        assert face.title in app.title


@pytest.mark.asyncio
async def test_a_narrow_terminal_draws_the_table_without_crashing() -> None:
    table = play_until(sc_table(players=3, seats="human,random,random"), orders_placed)
    app = StarcraftApp(table, bot_delay=0.0)
    async with app.run_test(size=(80, 30)) as pilot:
        await until_done(pilot, lambda: bool(app.entries))
        await until_done(pilot, lambda: "╭─" in board_text(app))
        width = app.board_width()
        assert width < 80
        rows = board_text(app).split("\n")
        assert all(cell_len(r) <= width for r in rows), max(rows, key=cell_len)
        obs = observed(table, 0)
        for p in obs.galaxy:
            assert log.planet_name(game_of(table).ctx, p.id) in board_text(app)
        assert "PLACEHOLDER CONTENT" in str(app.query_one("#badge", Static).render())
        assert not app.query_one("#log").display  # below 100 columns the log is behind l
        box = app.query_one("#board-box")
        await pilot.press("right_square_bracket")  # the galaxy scrolls by keys; the choices keep them
        await until_done(pilot, lambda: box.scroll_y > 0)
        assert app.focused is app.query_one("#choices")
        await pilot.press("question_mark")
        await until_done(pilot, lambda: isinstance(app.screen, HelpScreen))
        shown: object = app.screen
        assert isinstance(shown, HelpScreen) and "How to read StarCraft's table" in shown.text.plain
        await pilot.press("escape")
        await until_done(pilot, lambda: not isinstance(app.screen, HelpScreen))
        await pilot.resize_terminal(130, 40)
        await until_done(pilot, lambda: app.board_width() > 100)
        await until_done(pilot, lambda: max(cell_len(r) for r in board_text(app).split("\n")) > 80)
        await until_done(pilot, lambda: app.query_one("#log").display)  # the log column is back


@pytest.mark.asyncio
async def test_the_end_says_who_won_and_e_shows_the_final_score() -> None:
    table = play_until(sc_table(), lambda t: t.outcome() is not None)
    obs = observed(table, 0)
    app = StarcraftApp(table, bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        ending = app.query_one("#ending", Static)
        await until_done(pilot, lambda: ending.display)
        said = str(ending.render())
        names = table.names()
        if obs.winners:
            assert said.startswith("Winners: ") and all(names[w] in said for w in obs.winners)
            assert log.VICTORIES.get(obs.victory, obs.victory) in said
        else:
            assert "Nobody wins" in said
        assert not app.entries and not app.query_one("#battle", Static).display
        await pilot.press("e")
        await until_done(pilot, lambda: isinstance(app.screen, EndScreen))
