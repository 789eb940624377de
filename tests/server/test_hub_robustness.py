"""The hub under pressure: many database threads, a failing database, damaged records and
many finished games."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.server.test_storage_replay import close_hub, new_table, open_hub, play, run, stored_version
from turncoat.core.record import encode_action, state_digest
from turncoat.server.settings import Settings
from turncoat.server.storage import Store


def sqlite_settings(tmp_path: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {"data_dir": tmp_path, "database_url": None, "bot_delay_s": 0.0}
    values.update(overrides)
    return Settings(**values)


def test_sqlite_moves_at_several_tables_share_one_group_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While one table's move is being committed, the moves of three other tables queue up and
    go to the database together in the next transaction; all four are stored and reload."""
    settings = sqlite_settings(tmp_path)
    groups: list[int] = []

    async def scenario() -> list[tuple[str, int, str]]:
        hub = await open_hub(settings)
        store = hub.store
        original = store._commit_group
        first = threading.Event()

        def slow_first_commit(group: list[Any]) -> None:
            groups.append(len(group))
            if not first.is_set():  # hold the first commit until the others are queued
                first.set()
                deadline = time.monotonic() + 5
                while len(store._queue) < 3 and time.monotonic() < deadline:
                    time.sleep(0.005)
            original(group)

        monkeypatch.setattr(store, "_commit_group", slow_first_commit)
        tables = [await new_table(hub) for _ in range(4)]
        moves = []
        for table in tables:
            (seat,) = table.game.to_act(table.state)
            moves.append(
                hub.submit(table, seat, [encode_action(table.game.legal_actions(table.state, seat)[0])], 0)
            )
        await asyncio.gather(*moves)
        seen = [(t.id, t.version, state_digest(t.state)) for t in tables]
        assert [stored_version(store, t.id) for t in tables] == [1, 1, 1, 1]
        await close_hub(hub)
        hub = await open_hub(settings)
        again = [(t, hub.get(t).version, state_digest(hub.get(t).state)) for t, _, _ in seen]
        assert again == seen
        await close_hub(hub)
        return seen

    run(scenario())
    assert sorted(groups) == [1, 3], groups


def test_many_concurrent_moves_on_sqlite_all_land_in_order(tmp_path: Path) -> None:
    """Eight tables played at once through several database threads: every move stored, each
    table's log in order, and a reload gives the same positions."""
    settings = sqlite_settings(tmp_path, snapshot_every=5)

    async def scenario() -> None:
        hub = await open_hub(settings)
        tables = [await new_table(hub) for _ in range(8)]
        await asyncio.gather(*(play(hub, t, 25, random.Random(i)) for i, t in enumerate(tables)))
        seen = {t.id: (t.version, state_digest(t.state)) for t in tables}
        await close_hub(hub)
        hub = await open_hub(settings)
        assert {i: (hub.get(i).version, state_digest(hub.get(i).state)) for i in seen} == seen
        assert all(hub.get(i).log_from == 0 for i in seen)  # every snapshot matched the replay
        await close_hub(hub)

    run(scenario())
    store = Store(settings.url())
    for row in store.load_all():
        assert [a.version for a in row.actions] == list(range(1, row.version + 1))
    store.close()
