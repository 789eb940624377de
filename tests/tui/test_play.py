"""The terminal table, driven headless through Textual's Pilot: keys and clicks only."""

from __future__ import annotations

import random
import re
import threading
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from turncoat.agents import SeatView
from turncoat.core.actions import Action
from turncoat.core.record import load_record, replay
from turncoat.core.registry import load_game
from turncoat.games.verrater import actions
from turncoat.skins.verrater.terminal.app import VerraterApp
from turncoat.skins.verrater.terminal.screens import EndScreen
from turncoat.skins.verrater.terminal.session import Session, plan_seats
from turncoat.tui.overlays import CurtainScreen, LogScreen
from turncoat.tui.table_app import screen_text

from .helpers import (
    SIZE,
    assert_log_is_redacted,
    assert_screen_shows_only_what_viewer_may_see,
    choose,
    human_turn,
    reach_end,
    settle,
)


@pytest.mark.asyncio
async def test_one_human_three_bots_play_a_whole_game_with_keys_and_clicks(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    seats = plan_seats(4, "human,random,random,random", names="Ann")
    session = Session.open(seats, seed=11, save_path=save)
    app = VerraterApp(session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        decisions = 0
        clicked_option = clicked_land = False
        while session.outcome() is None:
            await settle(pilot, app, lambda: human_turn(app))
            if isinstance(app.screen, EndScreen):
                break
            assert not isinstance(app.screen, CurtainScreen), "no curtain with a single human"
            assert app.viewer == 0 and app.awaiting == 0
            text = screen_text(app)
            obs = session.observe(0)
            assert "Your hand: " + (" ".join(f"[{v}]" for v in obs.hand or ()) or "(none)") in text
            if decisions % 4 == 0:
                assert_screen_shows_only_what_viewer_may_see(app)
                assert_log_is_redacted(app)
            before = len(session.record.actions)
            legal = list(app.legal)
            last = legal[-1]
            if isinstance(last, actions.PlaceEstate) and not clicked_land:
                # mouse: click a landscape, the first choice about it is highlighted; Enter plays it
                target = last.landscape
                await pilot.click(f"#land-{target}")
                await pilot.press("enter")
                assert session.observe(0).buildings[target] is not None
                clicked_land = True
            elif len(legal) > 1 and not clicked_option:
                await pilot.click("#options", offset=(6, 2))  # the second option
                clicked_option = True
            elif decisions % 3 == 0:
                await pilot.press("down", "enter")
            else:
                await pilot.press("1")
            await pilot.pause()
            assert len(session.record.actions) > before, "the choice was not played"
            decisions += 1
        await reach_end(pilot, app)
        text = screen_text(app)
        outcome = session.outcome()
        assert outcome is not None
        assert "Final score" in text and "Conquests" in text and "Trading posts" in text
        assert any(session.seats[p].name in text for p in outcome.winners)
        assert clicked_land and clicked_option and decisions >= 10
    # the saved record is the whole game
    record = load_record(save)
    result = replay(load_game("verrater", **record.config), record)
    assert result.outcome == outcome
    assert record.meta["seats"][0] == {"kind": "human", "name": "Ann"}


@pytest.mark.asyncio
async def test_hot_seat_curtain_hides_everything_between_two_humans(tmp_path: Path) -> None:
    seats = plan_seats(4, "human,random,human,random", names="Ann,Bob")
    session = Session.open(seats, seed=5, save_path=tmp_path / "hot.json", rounds=2)
    app = VerraterApp(session, bot_delay=0)
    curtains = 0
    last_human: int | None = None
    curtain_since_last = False
    async with app.run_test(size=SIZE) as pilot:
        while session.outcome() is None:
            await settle(pilot, app, lambda: human_turn(app))
            if isinstance(app.screen, EndScreen):
                break
            if isinstance(app.screen, CurtainScreen):
                seat = app.curtain_for
                assert seat is not None
                # the screen switches a frame before its words are composed: wait for them
                await settle(pilot, app, lambda: "Pass the screen" in screen_text(app))
                text = screen_text(app)
                assert f"Pass the screen to {session.seats[seat].name}, then press Enter." in text
                # Nothing private of either human: the only words on screen are the curtain's.
                name = session.seats[seat].name
                message = (
                    f"Pass the screen to {name}, then press Enter. "
                    f"({name}: press Enter or click here when nobody else is looking.)"
                )
                words = set(re.findall(r"[^\s│┃━─╭╮╰╯┏┓┗┛]+", text))
                assert words <= set(message.split()), words - set(message.split())
                for _ in session.humans:
                    assert "Your hand" not in text and "Your role" not in text
                    assert "You were handed" not in text
                assert app.viewer is None
                await pilot.press("l")  # the log is never drawn over the curtain
                assert isinstance(app.screen, CurtainScreen)
                curtains += 1
                curtain_since_last = True
                await pilot.press("enter")
                await pilot.pause()
                assert app.viewer == seat
                continue
            seat = app.awaiting
            assert seat is not None and app.viewer == seat
            if last_human is not None and seat != last_human:
                assert curtain_since_last, "two humans' decisions without a curtain between them"
            text = screen_text(app)
            other = next(p for p in session.humans if p != seat)
            assert f"{session.seats[seat].name} — your cards" in text
            assert f"{session.seats[other].name} — your cards" not in text
            assert_screen_shows_only_what_viewer_may_see(app)
            assert_log_is_redacted(app)
            last_human, curtain_since_last = seat, False
            await choose(pilot, app)
        await reach_end(pilot, app)
        assert app.viewer is None  # the end is public
    assert curtains >= 4


@pytest.mark.asyncio
async def test_public_view_while_bots_play_in_hot_seat(tmp_path: Path) -> None:
    seats = plan_seats(4, "human,human,random,random", names="Ann,Bob")
    session = Session.open(seats, seed=3, save_path=tmp_path / "p.json", rounds=1)
    app = VerraterApp(session, bot_delay=30)  # bots wait: the public view stays on screen
    app.key_guard = 0  # no key is early here (the guard has its own test)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app, lambda: isinstance(app.screen, CurtainScreen) or app.legal != ())
        while isinstance(app.screen, CurtainScreen) or app.legal:
            if isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
                await pilot.pause()
            else:
                await choose(pilot, app)
            if not app.legal and not isinstance(app.screen, CurtainScreen):
                break
        bot = session.to_act()
        assert bot is not None and not session.seats[bot].human
        text = screen_text(app)
        assert "Public view: no private information is shown." in text
        assert "Your hand" not in text
        assert f"Waiting for {session.seats[bot].name}" in text
        assert_screen_shows_only_what_viewer_may_see(app)
        app.workers.cancel_all()


@pytest.mark.asyncio
async def test_resume_a_saved_game_and_finish_it(tmp_path: Path) -> None:
    save = tmp_path / "resume.json"
    seats = plan_seats(3, "human,random,random", names="Cid")
    session = Session.open(seats, seed=21, save_path=save, rounds=3)
    app = VerraterApp(session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4):
            await settle(pilot, app, lambda: human_turn(app))
            await choose(pilot, app)
        await settle(pilot, app, lambda: human_turn(app))
        await pilot.press("q")
    played = len(load_record(save).actions)
    assert played == len(session.record.actions) and played > 4

    resumed = Session.resume(save)
    assert resumed.names() == ["Cid", "Bot 2", "Bot 3"]
    assert resumed.observe(0) == session.observe(0)
    app2 = VerraterApp(resumed, bot_delay=0)
    async with app2.run_test(size=SIZE) as pilot:
        while resumed.outcome() is None:
            await settle(pilot, app2, lambda: human_turn(app2))
            if isinstance(app2.screen, EndScreen):
                break
            await choose(pilot, app2)
        await settle(pilot, app2, lambda: isinstance(app2.screen, EndScreen))
        assert "Final score" in screen_text(app2)
    record = load_record(save)
    assert len(record.actions) > played
    assert record.actions[:played] == load_record(save).actions[:played]
    assert replay(load_game("verrater", **record.config), record).outcome == resumed.outcome()


def play_bots(session: Session, stop: int | None = None) -> None:
    """Let the session's own bots play every seat (until ``stop`` actions are in the record)."""
    while (seat := session.to_act()) is not None and (stop is None or len(session.record.actions) < stop):
        action = session.agent(seat).choose(session.seat_view(seat), session.bot_rng(seat))
        session.submit(seat, (action,))


def test_bots_play_on_after_a_resume_as_if_there_had_been_no_break(tmp_path: Path) -> None:
    seats = plan_seats(4, "heuristic,random,heuristic,random")
    whole = Session.open(seats, seed=17, save_path=tmp_path / "whole.json", rounds=3)
    play_bots(whole)
    broken = Session.open(seats, seed=17, save_path=tmp_path / "broken.json", rounds=3)
    play_bots(broken, stop=len(whole.record.actions) // 2)
    resumed = Session.resume(tmp_path / "broken.json")
    play_bots(resumed)
    assert resumed.record.actions == whole.record.actions
    assert resumed.outcome() == whole.outcome()


def test_resume_into_a_new_file_keeps_the_old_one(tmp_path: Path) -> None:
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    session = Session.open(plan_seats(3, "random,random,random"), seed=4, save_path=old)
    play_bots(session, stop=10)
    saved = old.read_bytes()
    resumed = Session.resume(old, new)
    assert load_record(new).actions == load_record(old).actions  # written before any new move
    play_bots(resumed, stop=20)
    assert old.read_bytes() == saved
    assert len(load_record(new).actions) == 20


@pytest.mark.asyncio
async def test_a_refused_choice_shows_the_engine_message(tmp_path: Path) -> None:
    seats = plan_seats(4, "human,random,random,random")
    session = Session.open(seats, seed=2, save_path=None)
    app = VerraterApp(session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app, lambda: human_turn(app))
        before = len(session.record.actions)
        assert not app.submit((actions.KeepRole("nonsense"),))
        await pilot.pause()
        message = str(app.query_one("#error", Static).render())
        assert message.startswith("Not allowed: ") and len(message) > 20
        assert len(session.record.actions) == before
        # only the engine's legal actions are offered
        options = app.query_one("#options", OptionList)
        assert options.option_count == len(session.legal_actions(0))


@pytest.mark.asyncio
async def test_a_table_of_bots_shows_the_public_view_to_the_end(tmp_path: Path) -> None:
    seats = plan_seats(3, humans=0)
    session = Session.open(seats, seed=9, save_path=tmp_path / "bots.json", rounds=2)
    app = VerraterApp(session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await reach_end(pilot, app)
        assert app.viewer is None
        assert "Final score" in screen_text(app)
        await pilot.press("escape")
        text = screen_text(app)
        assert "Public view: no private information is shown." in text
        assert "The game is over" in text
        assert_screen_shows_only_what_viewer_may_see(app)


@pytest.mark.asyncio
async def test_the_log_screen_shows_the_viewers_log_and_plays_nothing(tmp_path: Path) -> None:
    session = Session.open(plan_seats(4, "human,random,random,random"), seed=6, save_path=None)
    app = VerraterApp(session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(6):
            await settle(pilot, app, lambda: human_turn(app))
            await choose(pilot, app)
        await settle(pilot, app, lambda: human_turn(app))
        assert_log_is_redacted(app)
        await pilot.press("l")
        await pilot.pause()
        log_screen: object = app.screen
        assert isinstance(log_screen, LogScreen)
        assert log_screen.lines == app._log_shown
        text = screen_text(app)
        assert "Game log (as Player 1 sees it)" in text
        assert app._log_shown[-1][:30] in text  # scrolled to the latest line
        before = len(session.record.actions)
        await pilot.press("1", "2")
        await pilot.pause()
        assert len(session.record.actions) == before
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, LogScreen) and app.legal


class _BrokenBot:
    """A bot that fails on its first decision (a bug in some future bot)."""

    name = "broken"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        raise ValueError("no idea what to do")


@pytest.mark.asyncio
async def test_a_failing_bot_stops_the_table_with_a_message(tmp_path: Path) -> None:
    save = tmp_path / "broken.json"
    session = Session.open(plan_seats(3, "human,random,random"), seed=2, save_path=save)
    session._agents[1] = _BrokenBot()
    app = VerraterApp(session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app, lambda: app.bot_error is not None)
        text = " ".join(screen_text(app).split())
        assert "A bot failed: Bot 2 (broken): no idea what to do." in text
        assert app.is_running and not app.legal
    assert load_record(save).actions == session.record.actions


def test_seat_planning() -> None:
    plan = plan_seats(None, "human,random,human", names="Ann,Bob")
    assert [(s.kind, s.name) for s in plan] == [
        ("human", "Ann"),
        ("random", "Bot 2"),
        ("human", "Bob"),
    ]
    assert [s.kind for s in plan_seats(3, humans=2)][:2] == ["human", "human"]
    with pytest.raises(Exception, match="seats given"):
        plan_seats(4, "human,random,random")
    with pytest.raises(Exception, match="unknown seat kind"):
        plan_seats(None, "human,nobot,random")


@pytest.mark.asyncio
async def test_a_key_pressed_before_the_choice_was_on_screen_plays_nothing() -> None:
    """After another seat's move, a key that arrives within the guard time was typed for the old
    screen: it is ignored (and said so); once the choice has been shown long enough it plays."""
    session = Session.open(plan_seats(4, "human,random,random,random"), seed=6, save_path=None)
    app = VerraterApp(session, bot_delay=0)
    app.key_guard = 3600  # every key counts as early until the test says time has passed
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app, lambda: human_turn(app) and len(session.record.actions) > 0)
        assert session.record.actions[-1].player != 0  # a bot moved just before
        before = len(session.record.actions)
        await pilot.press("1")
        await pilot.pause()
        assert len(session.record.actions) == before
        assert "That key came before this choice was on screen, so it was ignored." in screen_text(app)
        app._offered_at -= app.key_guard  # the choice has now been on screen long enough
        await choose(pilot, app)


class _HeldBot:
    """A bot that thinks until the test lets it answer."""

    name = "held"

    def __init__(self) -> None:
        self.thinking = threading.Event()
        self.answer = threading.Event()

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        self.thinking.set()
        self.answer.wait(timeout=120)
        return view.legal_actions[0]


@pytest.mark.asyncio
async def test_a_bots_answer_that_arrives_after_quitting_is_saved_and_draws_nothing(tmp_path: Path) -> None:
    """A bot thread cannot be stopped: when it answers after the person pressed q, its move is
    saved and the table, whose widgets are gone, is not redrawn (it used to raise NoMatches)."""
    save = tmp_path / "quit.json"
    session = Session.open(plan_seats(3, "random,random,random"), seed=4, save_path=save)
    held = _HeldBot()
    for seat in range(3):
        session._agents[seat] = held
    app = VerraterApp(session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app, held.thinking.is_set)
        await pilot.press("q")
    assert not app.is_running
    played = len(session.record.actions)
    held.answer.set()
    in_flight = session.to_act()
    assert in_flight is not None
    await app._bot_turn(in_flight)  # the answer in flight when the table closed
    assert app.bot_error is None
    assert len(session.record.actions) == played + 1
    assert load_record(save).actions == session.record.actions


@pytest.mark.asyncio
async def test_a_bots_answer_that_arrives_as_the_app_shuts_down_draws_nothing(tmp_path: Path) -> None:
    """The table can close without q (the terminal goes away, a test ends): a bot's answer that
    lands then is saved and nothing is drawn on the widgets being taken down."""
    save = tmp_path / "shutdown.json"
    session = Session.open(plan_seats(3, "random,random,random"), seed=4, save_path=save)
    held = _HeldBot()
    for seat in range(3):
        session._agents[seat] = held
    app = VerraterApp(session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app, held.thinking.is_set)
    assert not app.is_running and not app.closing
    played = len(session.record.actions)
    held.answer.set()
    in_flight = session.to_act()
    assert in_flight is not None
    await app._bot_turn(in_flight)
    assert app.bot_error is None
    assert len(session.record.actions) == played + 1
    assert load_record(save).actions == session.record.actions
