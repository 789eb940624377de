"""Whispers at the terminal: to the other party of a talk the game allows now, shown to the
recipient only behind their curtain, and never saved with the game."""

from __future__ import annotations

import random

import msgspec
import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tests.tui.waiting import until_done
from turncoat.core.present import presentation_of
from turncoat.core.registry import load_game
from turncoat.tui.generic.app import GenericApp
from turncoat.tui.overlays import CurtainScreen, WhisperScreen, WhispersScreen
from turncoat.tui.table import Table, plan_seats
from turncoat.tui.table_app import screen_text

SIZE = (150, 50)
SECRET = "give me the Envoy back and I keep off your home"


def talk_between_0_and_1(seats: str, names: str) -> Table:
    """A game of Treaty Skirmish where seat 0 gives a treaty card to seat 1 (an Envoy under way
    pairs the two for a private talk) and seat 0 is to decide."""
    for seed in range(50):
        game = load_game("treaty_skirmish", players=4)
        table = Table.new(game, plan_seats(4, seats, names=names), seed=seed)
        face = presentation_of(game)
        rng = random.Random(seed)
        while table.outcome() is None:
            pairs = face.whisper_pairs(table.view(None).observation)  # type: ignore[attr-defined]
            if table.to_act() == 0 and pairs == ((0, 1),):
                return table
            seat = table.to_act()
            assert seat is not None
            table.submit(seat, (rng.choice(list(table.match.legal_actions(seat))),))
    raise AssertionError("no game reached a talk between seats 0 and 1")


def gives_a_treaty_card(app: GenericApp) -> int:
    """The number of the first choice on screen that gives a treaty card."""
    for n, entry in enumerate(app.entries[:9], start=1):
        action = app.decisions[entry.decision].choices[entry.choice].action
        if msgspec.to_builtins(action).get("type") == "give_treaty":
            return n
    raise AssertionError("no treaty card to give among the first nine choices")


async def type_text(pilot: Pilot[None], field: Input, text: str) -> None:
    """Type ``text`` key by key once the field has the keyboard."""
    await until_done(pilot, lambda: field.app.focused is field)
    await pilot.press(*("space" if c == " " else c for c in text))
    await until_done(pilot, lambda: field.value == text)


@pytest.mark.asyncio
async def test_a_whisper_reaches_only_its_recipient_behind_the_curtain() -> None:
    table = talk_between_0_and_1("human,human,random,random", "Ann,Bob")
    app = GenericApp(table, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await until_done(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert app.curtain_for == 0
        await pilot.press("enter")
        await until_done(pilot, lambda: bool(app.entries))
        assert app.whisper_partners() == [1] and "w Whisper" in screen_text(app)
        await pilot.press("w")
        await until_done(pilot, lambda: isinstance(app.screen, WhisperScreen))
        assert "Whisper to Bob" in screen_text(app)
        await type_text(pilot, app.screen.query_one("#whisper-input", Input), SECRET)
        await pilot.press("enter")
        await until_done(pilot, lambda: bool(app.entries) and not isinstance(app.screen, WhisperScreen))
        # nothing of it in the game: not in the record, not in anybody's log
        assert SECRET not in msgspec.json.encode(table.record).decode()
        assert all(SECRET not in line for v in (None, 0, 1, 2, 3) for line in table.view(v).log)
        before = len(table.record.actions)
        await pilot.press(str(gives_a_treaty_card(app)))  # Ann gives Bob a card: Bob is to decide
        await until_done(pilot, lambda: len(table.record.actions) > before)
        await until_done(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert app.curtain_for == 1 and SECRET not in screen_text(app)
        await pilot.press("enter")
        await until_done(pilot, lambda: isinstance(app.screen, WhispersScreen))
        shown = " ".join(screen_text(app).split())
        assert "Whispered to you, Bob" in shown and f"Ann: {SECRET}" in shown
        assert app.viewer == 1
        await pilot.press("escape")
        await until_done(pilot, lambda: bool(app.entries))
        assert SECRET not in screen_text(app)  # read once; gone from the screen and from memory
        assert app.whispers == []
        assert app.whisper_partners() == [0]  # Bob may answer while the talk is on


@pytest.mark.asyncio
async def test_no_whisper_to_a_bot_nor_outside_a_talk() -> None:
    table = talk_between_0_and_1("human,random,random,random", "Ann")
    app = GenericApp(table, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await until_done(pilot, lambda: bool(app.entries))
        assert app.whisper_partners() == []  # Bot 2 is the other party: a bot reads no whispers
        await pilot.press("w")
        await pilot.pause()
        assert not isinstance(app.screen, WhisperScreen) and "w Whisper" not in screen_text(app)
