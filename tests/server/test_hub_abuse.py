"""The hub under abuse: finished tables are frozen, creation cannot be denied to everyone,
chat cannot flood (hub level; the HTTP and websocket side is in test_web_abuse.py)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from tests.server.test_hub_robustness import finished_game, sqlite_settings
from tests.server.test_storage_replay import close_hub, open_hub, run
from turncoat.server.live import OVER, ServerError
from turncoat.server.storage import Store


def seats_and_version(url: str, table_id: str) -> Any:
    store = Store(url)
    try:
        row = store.load_table(table_id)
        assert row is not None
        return [dataclasses.astuple(s) for s in row.seats], row.version, row.status
    finally:
        store.close()


def test_a_finished_table_refuses_renames_leaves_and_seat_changes(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path)

    async def scenario() -> None:
        hub = await open_hub(settings)
        table = await finished_game(hub, 7)
        before = seats_and_version(settings.url(), table.id)
        refusals = [
            hub.claim(table, 0, "Someone Else", rotate=False),
            hub.leave(table, 1),
            hub.reissue(table, 2),
            hub.fill_with_bot(table, 3, "easy"),
            hub.join_open_seat(table, "Gatecrasher"),
        ]
        for attempt in refusals:
            with pytest.raises(ServerError) as err:
                await attempt
            assert err.value.code == "game_over"
        assert seats_and_version(settings.url(), table.id) == before
        assert before[2] == OVER
        # Chat stays open after the game (people talk it over); it is not part of the record.
        await hub.chat(table, 0, "good game")
        assert [m.text for m in await hub.chat_history(table)][-1] == "good game"
        assert seats_and_version(settings.url(), table.id) == before
        await close_hub(hub)

    run(scenario())
