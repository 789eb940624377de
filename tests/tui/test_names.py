"""The table asks each person's name before the first move, and calls them by it everywhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input
from typer.testing import CliRunner

from tests.tui.waiting import until_done
from turncoat.cli import app as cli
from turncoat.core.errors import InvalidConfig
from turncoat.core.record import load_record
from turncoat.core.registry import load_game
from turncoat.skins.rex.terminal.app import RexApp
from turncoat.skins.verrater.terminal.app import VerraterApp
from turncoat.skins.verrater.terminal.session import Session
from turncoat.skins.verrater.terminal.session import plan_seats as verrater_seats
from turncoat.tui import command, table_app
from turncoat.tui.generic.app import GenericApp
from turncoat.tui.overlays import CurtainScreen, LogScreen, NameScreen
from turncoat.tui.table import NAME_MAX, Table, plan_seats
from turncoat.tui.table_app import TableApp, screen_text

from .helpers import SIZE, choose, human_turn


async def type_name(pilot: Pilot[None], app: TableApp, name: str) -> None:
    """Clear the name field and type ``name`` key by key (spaces included), once the field has
    the keyboard (the screen is up a moment before its field takes the focus)."""
    await until_done(pilot, lambda: bool(app.screen.query("#name-input")))  # mounted under load too
    field = app.screen.query_one("#name-input", Input)
    await until_done(pilot, lambda: app.focused is field)
    field.value = ""
    await pilot.press(*("space" if c == " " else c for c in name))
    await until_done(pilot, lambda: field.value == name)


def asked(app: TableApp, words: str) -> bool:
    return isinstance(app.screen, NameScreen) and words in screen_text(app)


@pytest.mark.asyncio
async def test_the_table_asks_the_name_first_and_calls_the_person_by_it(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    session = Session.open(verrater_seats(4, "human,random,random,random"), seed=6, save_path=save)
    app = VerraterApp(session, bot_delay=0)
    app.ask_names = True
    async with app.run_test(size=SIZE) as pilot:
        await until_done(pilot, lambda: asked(app, "what is your name?"))
        # the keys of the table (q quits, l shows the log, 1 chooses) are letters of a name here
        await type_name(pilot, app, "Quill 1")
        assert isinstance(app.screen, NameScreen) and not session.record.actions
        await pilot.press("enter")
        await until_done(pilot, lambda: human_turn(app))
        assert session.names()[0] == "Quill 1"
        assert load_record(save).meta["seats"][0] == {"kind": "human", "name": "Quill 1"}
        text = screen_text(app)
        assert "Quill 1 (you)" in text  # the players' panel
        assert f"Quill 1: {text.split('Quill 1: ')[1][:5]}" in text  # the prompt names the person
        await choose(pilot, app)
        await until_done(pilot, lambda: any("Quill 1" in line for line in app._log_shown))
        await pilot.press("l")
        await until_done(pilot, lambda: isinstance(app.screen, LogScreen))
        assert "Game log (as Quill 1 sees it)" in screen_text(app)


@pytest.mark.asyncio
async def test_enter_alone_keeps_the_login_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_app, "login_name", lambda: "zoe")
    table = Table.new(load_game("rex", players=3), plan_seats(3), 3, None)
    app = RexApp(table, bot_delay=0)
    app.ask_names = True
    async with app.run_test(size=SIZE) as pilot:
        await until_done(pilot, lambda: asked(app, "Enter alone keeps zoe."))
        await pilot.press("enter")
        await until_done(pilot, lambda: bool(app.entries))
    assert table.names() == ["zoe", "Bot 2", "Bot 3"]
    assert table.record.meta["seats"][0]["name"] == "zoe"


@pytest.mark.asyncio
async def test_hot_seat_asks_each_person_in_turn_and_refuses_a_name_taken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(table_app, "login_name", lambda: None)  # nobody logged in by name
    game = load_game("treaty_skirmish", players=4)
    table = Table.new(game, plan_seats(4, "human,random,human,random"), seed=2)
    app = GenericApp(table, bot_delay=0)
    app.ask_names = True
    async with app.run_test(size=SIZE) as pilot:
        await until_done(pilot, lambda: asked(app, "Person 1 of 2 at this table (seat 1)"))
        assert "Enter alone keeps Player 1." in screen_text(app)
        await type_name(pilot, app, "Ann")
        await pilot.press("enter")
        await until_done(pilot, lambda: asked(app, "Person 2 of 2 at this table (seat 3)"))
        for taken, why in (
            ("ann", "Ann is already the name of another seat."),
            ("Bot 2", "Bot 2 is already the name of another seat."),
        ):
            await type_name(pilot, app, taken)
            await pilot.press("enter")
            await until_done(pilot, lambda: refusal(app) == why)  # noqa: B023 (awaited at once)
            assert isinstance(app.screen, NameScreen)
            assert table.names() == ["Ann", "Bot 2", "Player 3", "Bot 4"]
        await type_name(pilot, app, "Bob")
        await pilot.press("enter")
        await until_done(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await until_done(pilot, lambda: "Pass the screen" in screen_text(app))  # composed
        assert "Pass the screen to Ann" in screen_text(app)
    assert table.names() == ["Ann", "Bot 2", "Bob", "Bot 4"]
    assert not table.record.actions  # nobody moved before everyone had a name


def refusal(app: TableApp) -> str:
    """The reason shown under the name field."""
    return str(app.screen.query_one("#name-refused").render())


@pytest.mark.asyncio
async def test_each_refusal_says_why() -> None:
    table = Table.new(load_game("rex", players=3), plan_seats(3), 3, None)
    app = RexApp(table, bot_delay=0)
    app.ask_names = True
    async with app.run_test(size=SIZE) as pilot:
        await until_done(pilot, lambda: isinstance(app.screen, NameScreen))
        for name, why in (
            ("bot 3", "Bot 3 is already the name of another seat."),
            ("x" * (NAME_MAX + 1), f"A name has at most {NAME_MAX} characters."),
            ("   ", ""),  # spaces alone: the name offered is kept, nothing refused
        ):
            await type_name(pilot, app, name)
            await pilot.press("enter")
            if why:
                await until_done(pilot, lambda: refusal(app) == why)  # noqa: B023 (awaited at once)
                assert table.names()[0] == "Player 1"
        await until_done(pilot, lambda: not isinstance(app.screen, NameScreen))
    assert table.names()[0] != "   " and table.names()[0].strip()


def test_a_name_is_chosen_before_the_first_move_and_only_for_a_person() -> None:
    table = Table.new(load_game("rex", players=3), plan_seats(3), 3, None)
    with pytest.raises(InvalidConfig, match="seat 2 is not a person's"):
        table.rename(1, "Ann")
    with pytest.raises(InvalidConfig, match="control characters"):
        table.rename(0, "A\tnn")
    table.rename(0, "  Ann ")
    assert table.names()[0] == "Ann"
    seat = table.to_act()
    assert seat is not None
    table.submit(seat, (table.match.legal_actions(seat)[0],))
    with pytest.raises(InvalidConfig, match="before the first move"):
        table.rename(0, "Bea")
    assert table.names()[0] == "Ann"


@pytest.mark.parametrize(
    ("args", "at_keyboard", "asks"),
    [
        ([], True, True),
        (["--names", "Ann"], True, False),
        ([], False, False),  # a script feeds the command: nobody to ask
    ],
)
def test_play_asks_names_only_when_none_were_given_and_a_person_is_there(
    args: list[str], at_keyboard: bool, asks: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    opened: list[TableApp] = []
    monkeypatch.setattr(VerraterApp, "run", lambda self, *a, **k: opened.append(self))
    monkeypatch.setattr(command, "interactive", lambda: at_keyboard)
    save = str(tmp_path / "game.json")
    result = CliRunner().invoke(cli, ["play", "verrater", *args, "--save", save, "--delay", "0"])
    assert result.exit_code == 0, result.output
    (app,) = opened
    assert app.ask_names is asks
