"""Shared by the terminal-table tests: let the app run, and check what a screen may show."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from textual.pilot import Pilot

from tests.tui.waiting import until_done
from turncoat.core.present import plain, presentation_of
from turncoat.core.record import replay
from turncoat.play import GameInProgress
from turncoat.skins.verrater.terminal import view
from turncoat.skins.verrater.terminal.app import VerraterApp
from turncoat.skins.verrater.terminal.screens import EndScreen
from turncoat.tui.overlays import CurtainScreen
from turncoat.tui.table_app import TableApp, screen_text

SIZE = (160, 50)
Shown = TypeVar("Shown")


async def settle(pilot: Pilot[None], app: VerraterApp, done: Callable[[], bool]) -> None:
    """Let the app run (bots move off the UI thread) until ``done()``; fail only when the table
    never gets there (``until_done`` in ``tests/tui/waiting.py``)."""
    await until_done(pilot, done)


async def reach_end(pilot: Pilot[None], app: VerraterApp) -> None:
    """Run until the end screen is up *and drawn*: the screen switches one frame before its
    widgets are composed, so waiting for the class alone can read an empty screen."""

    def drawn() -> bool:
        return isinstance(app.screen, EndScreen) and "Final score" in screen_text(app)

    await settle(pilot, app, drawn)


async def choose(pilot: Pilot[None], app: VerraterApp, key: str = "1") -> None:
    """Press a choice key while a person is to decide: the choice must be played (recorded for
    that seat), not only the key pressed."""
    session, seat = app.session, app.awaiting
    assert seat is not None and app.legal, "nobody is asked to decide"
    before = len(session.record.actions)
    await pilot.press(key)
    await pilot.pause()
    assert len(session.record.actions) > before, f"pressing {key!r} played nothing"
    assert session.record.actions[before].player == seat


def human_turn(app: VerraterApp) -> bool:
    return bool(app.legal) or isinstance(app.screen, CurtainScreen | EndScreen)


def assert_screen_shows_only_what_viewer_may_see(app: VerraterApp) -> None:
    """Swap the true state for a re-deal of everything the viewer cannot see: the screen
    must not change.  (Anything drawn from hidden information would differ.)"""
    session = app.session
    viewer = app.viewer
    true_match = session.match
    state = replay(session.game, session.record).final_state  # the record replays to the state
    app.refresh_view()  # the same redraw as below, from the true state (list scroll and all)
    before = screen_text(app)
    if viewer is None:
        worlds = [session.game.determinize(state, v, 99) for v in range(session.players)]
    else:
        worlds = [session.game.determinize(state, viewer, seed) for seed in (1, 2)]
    try:
        for world in worlds:
            if viewer is None and session.game.observe(world, None) != session.observe(None):
                continue  # a seat's re-deal changes nothing public; skip if it ever did
            session.match = GameInProgress(session.game, session.record, world, true_match.steps)
            app.refresh_view()
            assert screen_text(app) == before
    finally:
        session.match = true_match
        app.refresh_view()


def assert_log_is_redacted(app: VerraterApp) -> None:
    """The log on screen is the game's log for the viewer (its presentation's lines, seats by
    name), plus conflict details."""
    session = app.session
    names = session.names()
    assert app._log_shown == view.log_lines(
        session.events, app.viewer, names, session.tables, session.type_names
    )
    game_log = [plain(x, names) for x in presentation_of(session.game).log(session.events, app.viewer)]
    assert [x for x in app._log_shown if not x.startswith("  ")] == game_log


def assert_redeals_leave_shown(
    app: TableApp,
    match: GameInProgress,
    shown: Callable[[], Shown],
    before: Shown,
    hidden_differs: Callable[[Any, Any], bool],
) -> None:
    """Swap ``match``'s state for re-deals (seeds 1 to 3) of everything seat 0 cannot see: what
    ``shown`` reads off ``app`` must stay ``before`` (anything drawn from hidden information
    would differ).  Some re-deal must change something hidden (``hidden_differs(world, state)``),
    else the check proves nothing.  The true state is put back however the check ends."""
    state = match._GameInProgress__state  # type: ignore[attr-defined]
    changed = False
    try:
        for seed in (1, 2, 3):
            world = match.game.determinize(state, 0, seed)
            changed |= hidden_differs(world, state)
            match._GameInProgress__state = world  # type: ignore[attr-defined]
            app.refresh_view()
            assert shown() == before
    finally:
        match._GameInProgress__state = state  # type: ignore[attr-defined]
        app.refresh_view()
    assert changed, "the re-deal changed nothing hidden: the check would prove nothing"
