"""The hub under abuse: finished tables are frozen, creation cannot be denied to everyone,
chat cannot flood (hub level; the HTTP and websocket side is in test_web_abuse.py)."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

import pytest

from tests.server.test_hub_robustness import finished_game, sqlite_settings
from tests.server.test_storage_replay import close_hub, open_hub, run
from turncoat.server.live import OVER, Conn, Hub, LiveTable, SeatSpec, ServerError
from turncoat.server.settings import Settings
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


class Clock:
    """The hub's wall clock, moved on by the test (it starts at the real time, which the
    database's own timestamps use)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


async def clocked_hub(settings: Settings, clock: Clock) -> Hub:
    hub = Hub(settings, Store(settings.url()), clock)
    await hub.start()
    return hub


async def open_table(hub: Hub, creator: str, bots: int = 0) -> LiveTable:
    table, _host, _tokens = await hub.create_table(
        game_name="verrater",
        options={"players": 3},
        seats=[SeatSpec("human") for _ in range(3 - bots)] + [SeatSpec("bot", "easy") for _ in range(bots)],
        name=f"by {creator}",
        turn_seconds=None,
        listed=True,
        creator=creator,
    )
    return table


async def refused(attempt: Any) -> str:
    with pytest.raises(ServerError) as err:
        await attempt
    return err.value.code


def test_one_client_cannot_take_every_table_and_idle_ones_expire(tmp_path: Path) -> None:
    settings = dataclasses.replace(
        sqlite_settings(tmp_path), max_tables=5, tables_per_client=2, waiting_expiry_s=600.0
    )
    clock = Clock()

    async def scenario() -> None:
        hub = await clocked_hub(settings, clock)
        spam = [await open_table(hub, "10.0.0.66") for _ in range(2)]
        assert await refused(open_table(hub, "10.0.0.66")) == "table_quota"
        # An IPv6 client is one client over its whole /64.
        await open_table(hub, "2001:db8:1:2::1")
        await open_table(hub, "2001:db8:1:2::2")
        assert await refused(open_table(hub, "2001:db8:1:2::ffff")) == "table_quota"
        friends = await open_table(hub, "192.168.1.20")
        assert hub.live_tables() == 5
        assert await refused(open_table(hub, "192.168.1.21")) == "too_many_tables"
        # Ten minutes on, nobody has touched the spam tables: they expire and make room.  The
        # friends' table is being watched, so it stays however long they wait.
        hub.attach(friends, Conn(viewer=None, fmt="json", address="192.168.1.20"))
        clock.now += 601
        await open_table(hub, "192.168.1.21")
        assert all(t.id not in hub.tables for t in spam) and friends.id in hub.tables
        await close_hub(hub)
        stored = Store(settings.url())
        assert {stored.load_table(t.id).status for t in spam} == {"expired"}  # type: ignore[union-attr]
        stored.close()

    run(scenario())


def test_quotas_and_expiry_hold_across_a_restart(tmp_path: Path) -> None:
    settings = dataclasses.replace(
        sqlite_settings(tmp_path), max_tables=3, tables_per_client=2, waiting_expiry_s=600.0
    )
    clock = Clock()

    async def scenario() -> None:
        hub = await clocked_hub(settings, clock)
        mine = [await open_table(hub, "10.0.0.66") for _ in range(2)]
        playing = await open_table(hub, "10.0.0.77", bots=3)  # all bots: playing at once
        await close_hub(hub)
        hub = await clocked_hub(settings, clock)
        assert set(hub.tables) == {t.id for t in [*mine, playing]}
        assert await refused(open_table(hub, "10.0.0.66")) == "table_quota"  # the quota survived
        assert await refused(open_table(hub, "10.0.0.88")) == "too_many_tables"
        await close_hub(hub)
        clock.now += 601  # the server was down while the tables sat idle
        hub = await clocked_hub(settings, clock)
        assert set(hub.tables) == {playing.id}  # a table in play never expires
        await open_table(hub, "10.0.0.66")
        await open_table(hub, "10.0.0.88")
        with pytest.raises(ServerError) as err:
            await hub.fetch(mine[0].id)
        assert err.value.code == "no_such_table"
        await close_hub(hub)

    run(scenario())
