"""Treaty Skirmish at the generic terminal table, driven headless with keys only: ``turncoat play
treaty_skirmish`` opens the generic table from the game's presentation, and each of Ann's moves
is recorded for her and changes the game."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from tests.tui.test_generic import SIZE, asked, grew, logged, opened_by_play, press_entry, settle
from turncoat.core.record import load_record
from turncoat.games.treaty_skirmish.actions import Pass
from turncoat.tui.generic.app import GenericApp
from turncoat.tui.generic.screens import CurtainScreen, EndScreen

MOVES = 4


@pytest.mark.asyncio
async def test_one_person_and_three_bots_play_treaty_skirmish_at_the_generic_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "skirmish.json"
    seats = ["--seats", "human,random,random,random", "--names", "Ann", "--seed", "3"]
    app = opened_by_play(
        monkeypatch, ["treaty_skirmish", "--players", "4", *seats, "--save", str(save), "--delay", "0"]
    )
    assert isinstance(app, GenericApp)
    table = app.table
    assert table.match.game.name == "treaty_skirmish"
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(MOVES):
            await settle(pilot, lambda: asked(app))
            if isinstance(app.screen, EndScreen | CurtainScreen):
                break
            before, lines = len(table.record.actions), len(app.log_lines)
            entry = app.entries[0]  # the first choice of the first decision
            chosen = app.decisions[entry.decision].choices[entry.choice].action
            await press_entry(pilot, app, 0)
            await settle(pilot, grew(table, before))
            recorded = table.record.actions[before]
            assert recorded.player == 0
            assert recorded.action == msgspec.json.decode(msgspec.json.encode(chosen))
            assert load_record(save).actions[: before + 1] == table.record.actions[: before + 1]
            assert chosen == Pass()  # the first choice of the action step: the game says Ann passed
            await settle(pilot, logged(app, "Ann passes.", lines))
        assert any("adaptation" in line for line in app.log_lines)
        assert not any("Player 1" in line for line in app.log_lines)  # Ann is named as she chose
