"""What every terminal table does the same way, at each game's own table and the generic one:
the whole log from the final screen, and the warning about a terminal too small for the table."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from textual.screen import Screen

from tests.tui.waiting import until_done
from turncoat.core.present import plain
from turncoat.core.registry import load_game
from turncoat.skins.rex.terminal.app import RexApp
from turncoat.skins.rex.terminal.screens import EndScreen as RexEnd
from turncoat.skins.verrater.terminal import view
from turncoat.skins.verrater.terminal.app import VerraterApp
from turncoat.skins.verrater.terminal.screens import EndScreen as VerraterEnd
from turncoat.skins.verrater.terminal.session import Session
from turncoat.skins.verrater.terminal.session import plan_seats as verrater_seats
from turncoat.tui.generic.app import GenericApp
from turncoat.tui.generic.screens import EndScreen as GenericEnd
from turncoat.tui.overlays import LogScreen
from turncoat.tui.table import Table, plan_seats
from turncoat.tui.table_app import TableApp, screen_text

SIZE = (160, 50)


def finished(table: Table, seed: int = 1) -> Table:
    """``table`` played to its end by random legal moves."""
    rng = random.Random(seed)
    while table.outcome() is None:
        seat = table.to_act()
        assert seat is not None
        table.submit(seat, (rng.choice(list(table.match.legal_actions(seat))),))
    return table


def verrater_table() -> Table:
    return finished(Session.open(verrater_seats(4, "human,random,random,random", names="Ann"), seed=5))


def rex_table() -> Table:
    return finished(Table.new(load_game("rex", players=3), plan_seats(3, names="Ann"), 3, None))


def treaty_table() -> Table:
    game = load_game("treaty_skirmish")
    return finished(Table.new(game, plan_seats(game.num_players(), names="Ann"), 1, None))


def viewers_log(table: Table) -> list[str]:
    """The log as the game tells it to seat 0 (Ann), seats by their names."""
    if isinstance(table, Session):
        return view.log_lines(table.events, 0, table.names(), table.tables, table.type_names)
    return [plain(line, table.names()) for line in table.view(0).log]


TABLES: dict[str, tuple[Callable[[], Table], Callable[[Any], TableApp], type[Screen[None]]]] = {
    "verrater": (verrater_table, lambda t: VerraterApp(t, bot_delay=0), VerraterEnd),
    "rex": (rex_table, lambda t: RexApp(t, bot_delay=0), RexEnd),
    "treaty_skirmish (generic table)": (treaty_table, lambda t: GenericApp(t, bot_delay=0), GenericEnd),
}


@pytest.mark.asyncio
@pytest.mark.parametrize("game", list(TABLES))
async def test_l_on_the_final_screen_shows_the_whole_log_and_esc_goes_back(game: str) -> None:
    make, open_app, end = TABLES[game]
    table = make()
    app = open_app(table)
    expected = viewers_log(table)
    async with app.run_test(size=SIZE) as pilot:
        await until_done(pilot, lambda: isinstance(app.screen, end) and "Final score" in screen_text(app))
        await pilot.press("l")
        await until_done(pilot, lambda: isinstance(app.screen, LogScreen))
        log: object = app.screen
        assert isinstance(log, LogScreen)
        assert log.lines == expected  # the whole log, as Ann may know it
        await until_done(pilot, lambda: expected[-1][:40] in screen_text(app))  # the latest line shown
        assert "Game log (as Ann sees it)" in screen_text(app)
        await pilot.press("l")
        await until_done(pilot, lambda: isinstance(app.screen, end))
        assert table.outcome() is not None


def notices(app: TableApp, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every notice the app puts up from now on (a notice on screen expires after seconds; this
    list keeps them, so a slow machine cannot miss one)."""
    said: list[str] = []
    shown = app.notify

    def notify(message: str, **kwargs: Any) -> None:
        said.append(message)
        shown(message, **kwargs)

    monkeypatch.setattr(app, "notify", notify)
    return said


@pytest.mark.asyncio
@pytest.mark.parametrize("game", ["verrater", "rex"])
async def test_a_game_s_own_table_warns_about_a_terminal_smaller_than_120_by_40(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    make, open_app, end = TABLES[game]
    app = open_app(make())
    said = notices(app, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        await until_done(pilot, lambda: isinstance(app.screen, end) and bool(said))
        assert "at least 120×40 (this one is 100×30)" in said[0]
        assert len(said) == 1  # once, not at every redraw


@pytest.mark.asyncio
@pytest.mark.parametrize("game", ["verrater", "rex"])
async def test_a_terminal_of_120_by_40_is_not_warned_about(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    make, open_app, end = TABLES[game]
    app = open_app(make())
    said = notices(app, monkeypatch)
    async with app.run_test(size=(120, 40)) as pilot:
        await until_done(pilot, lambda: isinstance(app.screen, end) and "Final score" in screen_text(app))
        assert said == []
