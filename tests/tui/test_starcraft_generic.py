"""StarCraft at the generic terminal table (the one every game without a skin gets; StarCraft's
own table is tested in ``test_starcraft_terminal.py``: the generic one must still play it), driven
headless through Textual's Pilot with keys only: Ann plays her faction, galaxy placement and
starting forces against a random bot; each move is recorded for her, and the moves the log says
at once are said there.  The screen marks the invented placeholder content, in the status line
and a panel of its own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from textual.widgets import Static

from tests.tui.test_generic import SIZE, asked, grew, labels, logged, press_entry, settle
from turncoat.tui.generic.app import GenericApp
from turncoat.tui.generic.command import GENERIC
from turncoat.tui.generic.screens import CurtainScreen, EndScreen
from turncoat.tui.skin import Request, find_skin

MOVES = 10

# The words a move of Ann's leaves in her log, by the decision it answered.
SAID = {
    "Your faction": "Ann takes ",
    "Galaxy placement: how it is turned": "Ann places ",
    "Starting forces: your transport": "Ann puts a transport on the route between ",
    "Order placement: which order token": "Ann places a ",
}


@pytest.mark.asyncio
async def test_one_person_and_a_bot_play_starcraft_at_the_generic_table(tmp_path: Path) -> None:
    request = Request(
        "starcraft", players=2, seats="human,random", names="Ann", seed=4, save=tmp_path / "sc.json"
    )
    app = GENERIC.app(GENERIC.open_table(request), 0.0)
    assert type(app) is GenericApp
    table = app.table
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: asked(app))
        status = str(app.query_one("#status", Static).render())
        assert "(placeholder content)" in status
        assert "Placeholder content" in str(app.query_one("#panels", Static).render())
        played: list[str] = []
        while len(played) < MOVES:
            await settle(pilot, lambda: asked(app))
            assert not isinstance(app.screen, EndScreen | CurtainScreen)
            before, lines = len(table.record.actions), len(app.log_lines)
            entry = app.entries[-1]  # the last line of the list
            decision = app.decisions[entry.decision]
            chosen = decision.choices[entry.choice].action
            assert labels(app)[-1]
            await press_entry(pilot, app, len(app.entries) - 1)
            await settle(pilot, grew(table, before))
            recorded = table.record.actions[before]
            assert recorded.player == 0
            assert recorded.action == msgspec.json.decode(msgspec.json.encode(chosen))
            said = SAID.get(decision.title)
            if said is not None:
                await settle(pilot, logged(app, said, lines))
            played.append(decision.title)
        assert "Your faction" in played and "Galaxy placement: which planet" in played
        assert not any("seat " in x.lower() or "player 1" in x.lower() for x in app.log_lines)


def test_the_generic_table_plays_starcraft_with_an_owners_override_file(tmp_path: Path) -> None:
    """``turncoat play starcraft --content-override FILE``: the common option builds the table's
    game with the owner's values, and the saved table keeps them."""
    own = tmp_path / "mine.json"
    values = {"planets.antiga_prime.route_slots": ["N", "S"]}
    own.write_text(json.dumps({"pack": "starcraft-sourced+starcraft-placeholders", "overrides": values}))
    request = Request(
        "starcraft", players=2, seats="human,random", seed=4, save=tmp_path / "sc.json", content_override=own
    )
    table = find_skin("starcraft").open_table(request)
    game: Any = table.match.game
    assert game.config.content_overrides == values
    assert game.ctx.t.planet_sides["antiga_prime"] == ("N", "S")
    assert table.record.config["content_overrides"] == values
    assert table.save_path is not None and table.save_path.is_file()  # saved at once, with them
