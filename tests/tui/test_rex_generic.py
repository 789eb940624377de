"""Rex at the generic terminal table, driven headless through Textual's Pilot with keys only: the
generic table plays any game from its presentation alone (``turncoat play rex`` opens Rex's own
table, ``tests/tui/test_rex_terminal.py``), and each of Ann's first moves is recorded for her,
saved, and said in the log."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from tests.tui.test_generic import SIZE, asked, grew, labels, logged, press_entry, settle
from turncoat.core.record import load_record
from turncoat.tui.generic.app import GenericApp
from turncoat.tui.generic.command import GENERIC
from turncoat.tui.generic.screens import CurtainScreen, EndScreen
from turncoat.tui.skin import Request

MOVES = 5

# The words a move of Ann's leaves in her log, by the decision it answered.
SAID = {
    "Choose your race": "Ann chooses the ",
    "Keep a traitor card": "You keep the traitor card of ",
    "Set your fleet dial (sealed)": "Ann sets the fleet dial.",
    "Predict the winner and the round (secret)": "You predict the ",
}


@pytest.mark.asyncio
async def test_one_person_and_two_bots_play_rex_at_the_generic_table(tmp_path: Path) -> None:
    save = tmp_path / "rex.json"
    request = Request("rex", players=3, seats="human,random,random", names="Ann", seed=3, save=save)
    app = GENERIC.app(GENERIC.open_table(request), 0.0)
    assert type(app) is GenericApp
    table = app.table
    assert table.match.game.name == "rex"
    async with app.run_test(size=SIZE) as pilot:
        played: list[str] = []
        while len(played) < MOVES:
            await settle(pilot, lambda: asked(app))
            assert not isinstance(app.screen, EndScreen | CurtainScreen)
            before, lines = len(table.record.actions), len(app.log_lines)
            entry = app.entries[0]  # the first line of the list: the first choice of the first decision
            decision = app.decisions[entry.decision]
            chosen = decision.choices[entry.choice].action
            assert labels(app)[0]
            await press_entry(pilot, app, 0)
            await settle(pilot, grew(table, before))
            recorded = table.record.actions[before]
            assert recorded.player == 0
            assert recorded.action == msgspec.json.decode(msgspec.json.encode(chosen))
            assert load_record(save).actions[: before + 1] == table.record.actions[: before + 1]
            said = SAID.get(decision.title)
            if said is not None:
                await settle(pilot, logged(app, said, lines))
            played.append(decision.title)
        assert "Choose your race" in played
        # seats are named as people chose, never by number
        assert not any("seat " in x.lower() for x in app.log_lines)
