"""The terminal's ``?``: the viewer's decision now, each option named with the line that explains
it (the same lines as the web's "?"), then how to play the game, in the game's words.  Driven
headless through Textual's Pilot, keys only, at the generic table (Rex) and Verräter's own."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.containers import VerticalScroll

from tests.tui.helpers import SIZE as VERRATER_SIZE
from tests.tui.helpers import human_turn
from tests.tui.helpers import settle as settle_verrater
from tests.tui.test_generic import SIZE, asked, opened_by_play, settle
from turncoat.core.present import Decision, explains, plain
from turncoat.skins.verrater.terminal.app import VerraterApp
from turncoat.skins.verrater.terminal.screens import HelpScreen as VerraterHelp
from turncoat.skins.verrater.terminal.session import Session
from turncoat.tui.generic.screens import CurtainScreen, EndScreen
from turncoat.tui.overlays import HelpScreen
from turncoat.tui.table import plan_seats
from turncoat.tui.table_app import TableApp, screen_text

FRAME = "┃│╭╮╰╯━─▊▎▔▁▏▕"


def flat(text: str) -> str:
    """Text without frames and line breaks: wrapped lines read as one."""
    return " ".join(text.translate({ord(c): " " for c in FRAME}).split())


def help_on_screen(app: TableApp) -> str:
    """What the help box shows now: the screen's characters inside its frame, as one line."""
    box = app.screen.query_one(VerticalScroll).region
    rows = screen_text(app).splitlines()[box.y : box.y + box.height]
    return flat("\n".join(row[box.x : box.x + box.width] for row in rows))


def assert_options_explained(app: TableApp, decisions: tuple[Decision, ...]) -> None:
    shown = help_on_screen(app)
    names = app.table.names()
    assert "Your decision now" in shown
    for d in decisions:
        assert flat(d.title) in shown
        for choice, said in explains(d):
            label = plain(choice.label, names)
            assert flat(label[:1].upper() + label[1:]) in shown, f"option {label!r} not shown"
            assert said and flat(said) in shown, f"no line for {label!r}"


@pytest.mark.asyncio
async def test_question_mark_at_the_generic_table_explains_the_decision_and_the_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seats = ["--seats", "human,random,random", "--names", "Ann", "--seed", "3", "--delay", "0"]
    app = opened_by_play(monkeypatch, ["rex", "--players", "3", *seats, "--save", str(tmp_path / "r.json")])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: asked(app))
        assert not isinstance(app.screen, EndScreen | CurtainScreen)
        decisions = app.decisions
        assert decisions
        await pilot.press("question_mark")
        await settle(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert_options_explained(app, decisions)
        assert "How to play Rex" in help_on_screen(app)
        app.screen.query_one(VerticalScroll).scroll_end(animate=False)
        await settle(pilot, lambda: "Keys" in help_on_screen(app))
        assert "Estimated and adapted" in help_on_screen(app)
        await pilot.press("escape")
        await settle(pilot, lambda: not isinstance(app.screen, HelpScreen))
        assert app.decisions == decisions  # looking at the help played nothing


@pytest.mark.asyncio
async def test_question_mark_at_verraters_table_shows_the_decisions_option_lines() -> None:
    session = Session.open(plan_seats(3, "human,random,random"), seed=3, save_path=None)
    app = VerraterApp(session, bot_delay=0)
    async with app.run_test(size=VERRATER_SIZE) as pilot:
        await settle_verrater(pilot, app, lambda: human_turn(app))
        decisions = session.view(app.viewer).decisions
        assert decisions
        await pilot.press("question_mark")
        await settle_verrater(pilot, app, lambda: isinstance(app.screen, VerraterHelp))
        assert_options_explained(app, decisions)
        app.screen.query_one(VerticalScroll).scroll_end(animate=False)
        await settle_verrater(pilot, app, lambda: "Estimated and adapted" in help_on_screen(app))
