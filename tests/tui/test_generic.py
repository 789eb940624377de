"""The generic terminal table, driven headless through Textual's Pilot: keys only.

It plays the toy game ``sealed_bids`` (with its parley of pacts and gifts) through the game's
presentation, the way any game without a table of its own is played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgspec
import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList
from typer.testing import CliRunner

import turncoat.core.testing.toy  # noqa: F401  (registers sealed_bids)
from tests.tui.helpers import assert_redeals_leave_shown
from tests.tui.waiting import until_done
from turncoat.cli import app as cli
from turncoat.core.actions import Action
from turncoat.core.deals import Give, Propose
from turncoat.core.engine import Game
from turncoat.core.errors import InvalidConfig
from turncoat.core.present import Choice, Decision, line, plain
from turncoat.core.record import load_record, replay, save_record
from turncoat.core.registry import load_game
from turncoat.core.testing.toy import SealedBidsGame, SealedBidsObservation
from turncoat.core.testing.toy_parley import EndParley
from turncoat.core.testing.toy_present import SealedBidsPresentation
from turncoat.tui.generic.app import GenericApp
from turncoat.tui.generic.screens import CurtainScreen, EndScreen
from turncoat.tui.table import Table, plan_seats
from turncoat.tui.table_app import screen_text

SIZE = (150, 50)


def as_recorded(action: Action) -> Any:
    """An action as a record stores it (JSON data)."""
    return msgspec.json.decode(msgspec.json.encode(action))


def toy(**config: Any) -> Game[Any, Any, Any]:
    return load_game("sealed_bids", players=3, rounds=2, parley=True, **config)


def seen(table: Table, seat: int) -> SealedBidsObservation:
    obs = table.match.view(seat).observation
    assert isinstance(obs, SealedBidsObservation)
    return obs


async def settle(pilot: Pilot[None], done: Callable[[], bool]) -> None:
    """Let the app run (bots move off the UI thread) until ``done()``; fail only when the table
    never gets there (``until_done`` in ``tests/tui/waiting.py``)."""
    await until_done(pilot, done)


def grew(table: Table, before: int) -> Callable[[], bool]:
    """The record holds more than ``before`` actions."""
    return lambda: len(table.record.actions) > before


def logged(app: GenericApp, said: str, since: int) -> Callable[[], bool]:
    """A log line after the first ``since`` says ``said``."""
    return lambda: any(said in x for x in app.log_lines[since:])


def asked(app: GenericApp) -> bool:
    """A person is to decide (the list is up) or the game is over."""
    return bool(app.entries) or isinstance(app.screen, EndScreen | CurtainScreen)


def labels(app: GenericApp) -> list[str]:
    """The choosable lines of the list, as on screen, without their numbers."""
    options = app.query_one("#choices", OptionList)
    out = []
    for n in range(len(app.entries)):
        prompt = options.get_option(f"e{n}").prompt
        out.append(str(prompt)[2:])
    return out


def entry_of(app: GenericApp, text: str) -> int | None:
    return next((n for n, label in enumerate(labels(app)) if text in label), None)


async def press_entry(pilot: Pilot[None], app: GenericApp, n: int) -> None:
    """Choose line ``n`` as a person would: its number key, or the arrows and Enter."""
    if n < 9:
        await pilot.press(str(n + 1))
        return
    options = app.query_one("#choices", OptionList)
    for _ in range(40):
        highlighted = options.highlighted
        if highlighted is not None and options.get_option_at_index(highlighted).id == f"e{n}":
            break
        await pilot.press("down")
    await pilot.press("enter")


def screen_without_hidden_info(app: GenericApp) -> None:
    """Re-deal everything seat 0 cannot see: the screen must not change (anything drawn from
    hidden information would)."""
    match = app.table.match
    app.refresh_view()
    assert_redeals_leave_shown(app, match, lambda: screen_text(app), screen_text(app), lambda w, s: w != s)
    # the log comes from the events, not the state: it must be the one redacted for seat 0
    names = app.table.names()
    assert app.log_lines == [plain(x, names) for x in match.view(0).log]
    assert not any(f"{name}'s favourite" in x for name in names[1:] for x in app.log_lines)


def parley_move(app: GenericApp, done: set[str]) -> tuple[str, str]:
    """The parley move to make and the line it must put in the log (Ann is seat 0)."""
    for text, said in (
        ("Accept offer", "Ann accepts offer"),
        ("A pact with Bot 2", "Ann offers Bot 2 a pact"),
        ("Give 1 coin to Bot 3", "Ann gives Bot 3 1 coin."),
    ):
        if text not in done and entry_of(app, text) is not None:
            return text, said
    return "End your parley", "Ann ends the parley."


def opened_by_play(monkeypatch: pytest.MonkeyPatch, args: list[str]) -> GenericApp:
    """The table ``turncoat play ARGS`` opens, by the command's own lookup of the game's skin
    (the app is kept instead of run, to be driven here)."""
    opened: list[GenericApp] = []
    monkeypatch.setattr(GenericApp, "run", lambda self, *a, **k: opened.append(self))
    result = CliRunner().invoke(cli, ["play", *args])
    assert result.exit_code == 0, result.output
    (app,) = opened
    return app


@pytest.mark.asyncio
async def test_one_person_and_two_bots_play_sealed_bids_to_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through ``turncoat play sealed_bids``: the command finds no skin of the toy game and
    opens the generic table, where every move Ann makes is checked in the game."""
    save = tmp_path / "game.json"
    seats = ["--seats", "human,random,random", "--names", "Ann", "--seed", "5"]
    rules = ["-o", "rounds=2", "-o", "parley=true"]
    app = opened_by_play(monkeypatch, ["sealed_bids", *seats, *rules, "--save", str(save), "--delay", "0"])
    table = app.table
    assert table.match.game.config_json() == toy().config_json()
    async with app.run_test(size=SIZE) as pilot:
        done: set[str] = set()
        kinds: list[str] = []
        moves = 0
        while True:
            await settle(pilot, lambda: asked(app))
            if isinstance(app.screen, EndScreen):
                break
            assert not isinstance(app.screen, CurtainScreen), "no curtain with a single person"
            obs = seen(table, 0)
            if moves % 3 == 0:
                screen_without_hidden_info(app)
            before, lines = len(table.record.actions), len(app.log_lines)
            coins = list(s.coins for s in obs.seats)
            if obs.phase == "parley":
                text, said = parley_move(app, done)
                done.add(text)
            elif obs.phase == "bid":
                text, said = f"bid {coins[0]}", "Ann seals a bid."  # all in: she wins, then sells
            else:
                text, said = "Sell", "Ann sells the"
            n = entry_of(app, text)
            assert n is not None, f"{text!r} is not offered: {labels(app)}"
            chosen = app.decisions[app.entries[n].decision].choices[app.entries[n].choice].action
            if moves == 0:  # the mouse: the list's first line under its heading, "A pact with Bot 2"
                assert n == 0
                await pilot.click("#choices", offset=(6, 2))
            else:
                await press_entry(pilot, app, n)
            await settle(pilot, grew(table, before))
            # the game took the move: recorded for Ann, saved, in the log, and its effect is there
            assert table.record.actions[before].player == 0
            assert table.record.actions[before].action == as_recorded(chosen)
            assert load_record(save).actions[: before + 1] == table.record.actions[: before + 1]
            await settle(pilot, logged(app, said, lines))
            after = seen(table, 0)
            if isinstance(chosen, Give):
                assert after.seats[0].coins == coins[0] - 1 and after.seats[2].coins == coins[2] + 1
            if isinstance(chosen, Propose):  # Ann is still in her parley: the offer waits on the table
                assert [o.to for o in after.offers if o.proposer == 0] == [(1,)]
            if text == "Accept offer":
                assert any(0 in pact for pact in after.pacts)
            if obs.phase == "bid":
                assert after.my_bid == int(text.split()[1]) or after.phase != "bid"
            if text == "Sell":
                assert after.seats[0].coins > coins[0] and not after.seats[0].kept[len(obs.seats[0].kept) :]
            moves += 1
            kinds.append(text)
        await settle(pilot, lambda: "Final score" in screen_text(app))
        text = screen_text(app)
        outcome = table.outcome()
        assert outcome is not None
        for column in ("Coins", "Prizes", "Total"):
            assert column in text
        for seat, name in enumerate(table.names()):
            assert any(name in row and f"{outcome.scores[seat]:g}" in row for row in text.splitlines())
        assert {"A pact with Bot 2", "Give 1 coin to Bot 3", "End your parley"} <= done
        assert sum(k.startswith("bid") for k in kinds) == 2 and moves >= 6
        assert {"Accept offer", "Sell"} <= set(kinds)  # this seed's bots offer a pact; Ann wins once
    record = load_record(save)
    assert record == table.record
    assert replay(toy(), record).final_state is not None


class SetParley(SealedBidsPresentation):
    """The parley offered as one set: pick up to two offers and gifts, then end the parley."""

    def _parley(self, legal: Sequence[Action]) -> tuple[Decision, ...]:
        picks = tuple(Choice(a, self._parley_choice(a)[1]) for a in legal if isinstance(a, Propose | Give))
        end = next(a for a in legal if isinstance(a, EndParley))
        return (
            Decision(
                title="Your parley",
                shape="set",
                choices=picks,
                finish=Choice(end, line("End your parley")),
                most=2,
            ),
        )


class SetParleyGame(SealedBidsGame):
    def presentation(self) -> Any:
        return SetParley(self)


@pytest.mark.asyncio
async def test_a_set_decision_sends_its_picks_and_finish_as_one_move(tmp_path: Path) -> None:
    save = tmp_path / "set.json"
    game = SetParleyGame.from_options(players=3, rounds=1, parley=True)
    table = Table.new(game, plan_seats(3, "human,random,random", names="Ann"), seed=2, save_path=save)
    app = GenericApp(table, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: asked(app))
        assert app.decisions[0].shape == "set"
        saved = save.read_bytes()

        async def toggle(text: str) -> None:
            n = entry_of(app, text)
            assert n is not None, labels(app)
            await press_entry(pilot, app, n)
            await pilot.pause()

        # two gifts: the table takes the picks, the game refuses the second gift and nothing is played
        await toggle("Give 1 coin to Bot 2")
        await toggle("Give 1 coin to Bot 3")
        assert [x.startswith("[x]") for x in labels(app)].count(True) == 2
        await toggle("A pact with Bot 2")  # a third pick is over the limit
        assert "At most 2" in screen_text(app)
        assert [x.startswith("[x]") for x in labels(app)].count(True) == 2
        await toggle("End your parley")
        assert "Not allowed: move 2 of the submission was refused" in screen_text(app)
        assert not table.record.actions and save.read_bytes() == saved
        # drop one gift, pick a pact instead, confirm: three moves of Ann's, played in order
        await toggle("Give 1 coin to Bot 2")
        await toggle("A pact with Bot 2")
        await toggle("End your parley (2 picked)")
        await settle(pilot, lambda: len(table.record.actions) >= 3)
        played = [(a.player, a.action) for a in table.record.actions[:3]]
        assert [p for p, _ in played] == [0, 0, 0]
        assert played[0][1]["type"] == "propose" and played[0][1]["to"] == [1]
        assert played[1][1] == as_recorded(Give(to=2, good="coin", amount=1))
        assert played[2][1] == as_recorded(EndParley())
        assert seen(table, 0).seats[0].coins == 4
        assert load_record(save).actions[:3] == table.record.actions[:3]


@pytest.mark.asyncio
async def test_hot_seat_hides_each_persons_favourite_behind_the_curtain(tmp_path: Path) -> None:
    table = Table.new(toy(), plan_seats(3, "human,human,random", names="Ann,Bob"), seed=7)
    favourite = [seen_fav(table, s) for s in range(2)]
    app = GenericApp(table, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        for seat, other in ((0, 1), (1, 0)):
            name = table.names()[seat]
            await settle(pilot, lambda: isinstance(app.screen, CurtainScreen))
            await settle(pilot, lambda: "Pass the screen" in screen_text(app))
            curtain = screen_text(app)
            assert f"Pass the screen to {name}" in curtain
            assert "favourite" not in curtain.lower() and favourite[seat] not in curtain
            await pilot.press("enter")
            await settle(pilot, lambda: bool(app.entries))
            text = screen_text(app)
            assert app.viewer == seat
            assert f"Your favourite: the {favourite[seat]}" in text
            assert f"{table.names()[other]}'s favourite" not in text
            before = len(table.record.actions)
            n = entry_of(app, "End your parley")
            assert n is not None
            await press_entry(pilot, app, n)
            await settle(pilot, grew(table, before))
            assert table.record.actions[before].player == seat
            assert table.record.actions[before].action == as_recorded(EndParley())


def seen_fav(table: Table, seat: int) -> str:
    fav = seen(table, seat).seats[seat].favourite
    assert fav is not None
    game = table.match.game
    assert isinstance(game, SealedBidsGame)
    return game.content.data.prizes[fav].name


async def play_ones(pilot: Pilot[None], app: GenericApp, moves: int | None = None) -> None:
    """Choose the first line at each of a person's decisions (``moves`` of them, or to the end)."""
    count = 0
    while moves is None or count < moves:
        await settle(pilot, lambda: asked(app))
        if isinstance(app.screen, EndScreen):
            return
        before, seat = len(app.table.record.actions), app.awaiting
        first = app.entries[0]
        chosen = app.decisions[first.decision].choices[first.choice].action
        await pilot.press("1")
        await settle(pilot, grew(app.table, before))
        # the game took the move: the chosen action, recorded for the person who chose it
        assert app.table.record.actions[before].player == seat
        assert app.table.record.actions[before].action == as_recorded(chosen)
        count += 1


@pytest.mark.asyncio
async def test_resume_continues_the_same_position(tmp_path: Path) -> None:
    save = tmp_path / "resume.json"
    table = Table.new(toy(), plan_seats(3, "human,random,random", names="Ann"), seed=9, save_path=save)
    app = GenericApp(table, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await play_ones(pilot, app, 3)
        await settle(pilot, lambda: asked(app))
        shown = screen_text(app)
        await pilot.press("q")
    resumed = Table.resume(save)
    assert resumed.record == table.record and resumed.names() == ["Ann", "Bot 2", "Bot 3"]
    assert resumed.match.view(0) == table.match.view(0)
    again = GenericApp(resumed, bot_delay=0)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: asked(again))
        # the same screen once drawn: under load the footer's keys can come a frame after the list
        await settle(pilot, lambda: screen_text(again) == shown)
        await play_ones(pilot, again)
        await settle(pilot, lambda: "Final score" in screen_text(again))
    assert resumed.outcome() is not None
    assert load_record(save).actions[: len(table.record.actions)] == table.record.actions


@pytest.mark.asyncio
async def test_the_play_command_opens_the_generic_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[GenericApp] = []
    monkeypatch.setattr(GenericApp, "run", lambda self, *a, **k: opened.append(self))
    save = tmp_path / "cli.json"
    args = ["play", "sealed_bids", "--seats", "human,random,random", "--seed", "3", "--save", str(save)]
    result = CliRunner().invoke(cli, [*args, "--delay", "0", "-o", "parley=true", "-o", "rounds=2"])
    assert result.exit_code == 0, result.output
    assert f"Continue it: turncoat play --resume {save}" in " ".join(result.output.split())
    (app,) = opened
    record = load_record(save)
    assert record.game == "sealed_bids" and record.seed == 3 and record.config["parley"] is True
    async with app.run_test(size=SIZE) as pilot:
        await play_ones(pilot, app)
        await settle(pilot, lambda: "Final score" in screen_text(app))
    assert load_record(save) == app.table.record and app.table.outcome() is not None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sealed_bids", "--players", "5"], "Sealed Bids is for 2 to 4 players (got 5)"),
        (["sealed_bids", "--seats", "human,robot"], "unknown seat kind 'robot'"),
        (
            ["sealed_bids", "--seats", "human,random,heuristic"],
            "seat 3 cannot be a heuristic bot: the game 'sealed_bids' offers no heuristic for the "
            "heuristic bot; a seat at Sealed Bids is human or one of: ismcts, random",
        ),
        (["sealed_bids", "--seats", "human,strong"], "seat 2 cannot be a strong bot"),
        (["sealed_bids", "-o", "colour=red"], "bad Sealed Bids options"),
        (["sealed_bids", "-o", "players=3"], "use --players, not --option players"),
        (["chess"], "unknown game 'chess'"),
    ],
)
def test_bad_generic_options_are_refused(args: list[str], message: str, tmp_path: Path) -> None:
    save = tmp_path / "never.json"
    result = CliRunner().invoke(cli, ["play", *args, "--save", str(save)])
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and said.startswith("error:") and message in said, said
    assert not save.exists()


def test_a_game_without_rules_of_thumb_seats_random_and_searching_bots(tmp_path: Path) -> None:
    """Sealed Bids has no heuristic: a bot that needs one is refused before anything is saved
    (the resumed game too), and the bots it does have play it to the end, parley included."""
    save = tmp_path / "game.json"
    for kinds in ("human,heuristic,random", "human,random,rollout"):
        with pytest.raises(InvalidConfig, match="a seat at Sealed Bids is human or one of: ismcts, random"):
            Table.new(toy(), plan_seats(3, kinds), seed=1, save_path=save)
        assert not save.exists()
    table = Table.new(
        toy(), plan_seats(3, "ismcts:iterations=30,random,random", humans=0), seed=2, save_path=save
    )
    while (seat := table.to_act()) is not None:
        action = table.agent(seat).choose(table.seat_view(seat), table.bot_rng(seat))
        table.submit(seat, [action])
    record = load_record(save)
    assert table.outcome() is not None and replay(toy(), record).outcome == table.outcome()
    seats = [{"kind": "heuristic", "name": f"H{i}"} for i in range(3)]
    damaged = tmp_path / "heuristic.json"
    save_record(msgspec.structs.replace(record, meta={**record.meta, "seats": seats}), damaged)
    with pytest.raises(InvalidConfig, match="seat 1 cannot be a heuristic bot"):
        Table.resume(damaged)


@pytest.mark.asyncio
async def test_a_key_meant_for_the_screen_before_a_new_decision_is_ignored(tmp_path: Path) -> None:
    table = Table.new(toy(), plan_seats(3, "random,human,random", names="Bot 1,Ann,Bot 3"), seed=4)
    app = GenericApp(table, bot_delay=0)
    app.key_guard = 3600.0  # every key comes "too soon" after a bot's move, however slow the machine
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: bool(app.entries))
        before = len(table.record.actions)
        assert before >= 1 and table.record.actions[-1].player != 1  # a bot moved just before
        await pilot.press("1")
        await pilot.pause()
        assert len(table.record.actions) == before
        assert "That key came before this choice was on screen" in screen_text(app)
        app.key_guard = 0.0  # the person has seen the decision: the same key now plays
        await pilot.press("1")
        await settle(pilot, grew(table, before))
        assert table.record.actions[before].player == 1


def test_resume_refuses_new_rules_and_damaged_seats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[GenericApp] = []
    monkeypatch.setattr(GenericApp, "run", lambda self, *a, **k: opened.append(self))  # never a live table
    save = tmp_path / "saved.json"
    Table.new(toy(), plan_seats(3, "human,random,random"), seed=1, save_path=save)
    before = save.read_bytes()
    for extra, message in (
        (["-o", "rounds=3"], "--resume continues a saved game with its own rules; drop --option"),
        (["--players", "2"], "drop --players"),
    ):
        result = CliRunner().invoke(cli, ["play", "--resume", str(save), *extra])
        said = " ".join(result.output.split())
        assert result.exit_code == 2 and said.startswith("error:") and message in said, said
    assert save.read_bytes() == before
    record = load_record(save)
    damaged = tmp_path / "damaged.json"
    damaged.write_bytes(
        msgspec.json.encode(msgspec.structs.replace(record, meta={**record.meta, "seats": [{"kind": 1}]}))
    )
    result = CliRunner().invoke(cli, ["play", "--resume", str(damaged)])
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and "the record's seats are damaged" in said and "Traceback" not in said
    assert not opened
