"""A live table through storage: written before it is told, refused without trace, loaded back
exactly (log replayed and checked against every snapshot).  On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import re
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest
from sqlalchemy import update

from turncoat.core.errors import RulesError
from turncoat.core.record import decode_action, encode_action, state_digest
from turncoat.core.registry import load_game
from turncoat.core.serialize import to_builtins
from turncoat.server.live import (
    BROKEN,
    OVER,
    PLAYING,
    Conn,
    Hub,
    LiveTable,
    SeatSpec,
    ServerError,
    build_payload,
)
from turncoat.server.schema import actions_t
from turncoat.server.settings import Settings
from turncoat.server.storage import ActionRow, Store

T = TypeVar("T")
SNAPSHOT_EVERY = 7


def run(coro: Awaitable[T]) -> T:
    async def main() -> T:
        return await coro

    return asyncio.run(main())


def settings_for(database_url: str, tmp_path: Path) -> Settings:
    return Settings(
        data_dir=tmp_path, database_url=database_url, bot_delay_s=0.0, snapshot_every=SNAPSHOT_EVERY
    )


async def open_hub(settings: Settings) -> Hub:
    hub = Hub(settings, Store(settings.url()))
    await hub.start()
    return hub


async def close_hub(hub: Hub) -> None:
    await hub.stop()
    hub.store.close()


async def new_table(hub: Hub) -> LiveTable:
    table, _host, _tokens = await hub.create_table(
        game_name="verrater",
        options={"players": 4},
        seats=[SeatSpec("human") for _ in range(4)],
        name="storage test",
        turn_seconds=None,
        listed=False,
    )
    for seat in range(4):
        await hub.claim(table, seat, None, rotate=False)
    assert table.status == PLAYING
    return table


def in_memory(table: LiveTable) -> tuple[int, str, int, int]:
    """What the hub holds of a table's game: version, state digest, steps and recorded actions."""
    play = table.play
    return (table.version, play.snapshot()[1], len(play.steps), len(play.record.actions))


async def play(hub: Hub, table: LiveTable, moves: int, rng: random.Random) -> None:
    """Up to ``moves`` random legal actions, each sent as a client would (JSON, its version)."""
    for _ in range(moves):
        if table.status != PLAYING:
            return
        (seat,) = table.play.to_act()
        action = rng.choice(table.play.legal_actions(seat))
        await hub.submit(table, seat, [encode_action(action)], table.version)


def views_of(table: LiveTable) -> list[Any]:
    """What every seat and a spectator are shown (observation and legal actions)."""
    play = table.play
    shown: list[Any] = [to_builtins(play.view(None).observation)]
    for seat in range(table.game.num_players()):
        legal = [encode_action(a) for a in play.legal_actions(seat)]
        shown.append((to_builtins(play.view(seat).observation), legal))
    return shown


def stored_version(store: Store, table_id: str) -> int:
    (row,) = [r for r in store.load_all() if r.id == table_id]
    assert row.version == len(row.actions)
    return row.version


@pytest.mark.parametrize("moves", [30, 10_000])  # part of a game; a whole game
def test_reloaded_table_replays_to_exactly_the_same_state(
    database_url: str, tmp_path: Path, moves: int
) -> None:
    settings = settings_for(database_url, tmp_path)

    async def before() -> tuple[str, int, str, str, list[Any], Any]:
        hub = await open_hub(settings)
        table = await new_table(hub)
        await play(hub, table, moves, random.Random(moves))
        outcome = to_builtins(table.play.outcome())
        seen = (table.id, table.version, table.status, table.play.snapshot()[1], views_of(table), outcome)
        await close_hub(hub)
        return seen

    async def after(table_id: str) -> tuple[str, int, str, str, list[Any], Any]:
        hub = await open_hub(settings)
        table = await hub.fetch(table_id)  # a finished game is loaded when asked for
        outcome = to_builtins(table.play.outcome())
        seen = (table.id, table.version, table.status, table.play.snapshot()[1], views_of(table), outcome)
        await close_hub(hub)
        return seen

    first = run(before())
    assert first == run(after(first[0]))
    assert (first[2] == OVER) == (moves > 1000)


def test_stored_log_replays_through_every_snapshot(database_url: str, tmp_path: Path) -> None:
    settings = settings_for(database_url, tmp_path)

    async def scenario() -> str:
        hub = await open_hub(settings)
        table = await new_table(hub)
        await play(hub, table, 10_000, random.Random(3))
        await close_hub(hub)
        return table.id

    table_id = run(scenario())
    store = Store(settings.url())
    (row,) = store.load_all()
    assert row.id == table_id and row.status == OVER
    game = load_game(row.game, **row.options)
    state = game.start(row.seed).state
    digests = {}
    for a in row.actions:
        state = game.apply(state, a.seat, decode_action(game, a.action)).state
        digests[a.version] = state_digest(state)
    expected = {v for v in digests if v % SNAPSHOT_EVERY == 0} | {row.version}  # and the end
    assert set(row.snapshot_digests) == expected
    assert {v: digests[v] for v in expected} == row.snapshot_digests
    assert row.snapshot is not None and row.snapshot[0] == row.version


@dataclass(eq=False)
class WitnessConn(Conn):
    """A connection that, whenever it is woken to be sent news, looks at what is stored."""

    hub: Hub | None = None
    table: LiveTable | None = None
    seen: list[tuple[int, int]] = field(default_factory=list)  # (live version, stored version)

    def poke(self) -> None:
        assert self.hub is not None and self.table is not None
        self.seen.append((self.table.version, stored_version(self.hub.store, self.table.id)))
        super().poke()


def test_every_update_is_sent_only_after_its_action_is_stored(database_url: str, tmp_path: Path) -> None:
    async def scenario() -> list[tuple[int, int]]:
        hub = await open_hub(settings_for(database_url, tmp_path))
        table = await new_table(hub)
        conn = WitnessConn(viewer=None, fmt="json", hub=hub, table=table)
        hub.attach(table, conn)
        await play(hub, table, 12, random.Random(5))
        await close_hub(hub)
        return conn.seen

    seen = run(scenario())
    assert [live for live, _ in seen][-1] == 12
    assert all(live <= stored for live, stored in seen), seen


async def refusals(hub: Hub, table: LiveTable) -> list[str]:
    game = table.game
    (seat,) = table.play.to_act()
    other = (seat + 1) % game.num_players()
    legal = encode_action(table.play.legal_actions(seat)[0])
    attempts: list[tuple[Any, list[Any], Any]] = [
        (seat, [legal], table.version - 1),  # answers an old version
        (seat, [legal], None),  # says no version
        (other, [legal], table.version),  # not this seat's turn
        (seat, [{"type": "no_such_action"}], table.version),  # malformed
        (None, [legal], table.version),  # a spectator
        (seat, [legal, legal], table.version),  # the second one is illegal: neither happens
    ]
    codes = []
    for who, actions, version in attempts:
        with pytest.raises((ServerError, RulesError)) as err:
            await hub.submit(table, who, actions, version)
        assert isinstance(err.value, ServerError | RulesError)
        codes.append(str(err.value.code))
    return codes


def test_refused_actions_change_nothing_in_memory_or_in_the_database(
    database_url: str, tmp_path: Path
) -> None:
    async def scenario() -> None:
        hub = await open_hub(settings_for(database_url, tmp_path))
        table = await new_table(hub)
        await play(hub, table, 5, random.Random(9))
        before = (
            table.version,
            table.play.snapshot()[1],
            len(table.play.steps),
            len(table.play.record.actions),
        )
        codes = await refusals(hub, table)
        assert codes[:2] == ["stale_version", "missing_version"]
        assert (
            table.version,
            table.play.snapshot()[1],
            len(table.play.steps),
            len(table.play.record.actions),
        ) == before
        assert stored_version(hub.store, table.id) == 5
        await close_hub(hub)

    run(scenario())


def test_table_changed_by_another_process_refuses_the_stale_write(database_url: str, tmp_path: Path) -> None:
    """The stale move is refused and not stored; the table then catches up with the stored game
    (the other process's move), so the next move at the new version goes through."""

    async def scenario() -> None:
        hub = await open_hub(settings_for(database_url, tmp_path))
        table = await new_table(hub)
        await play(hub, table, 3, random.Random(2))
        (seat,) = table.play.to_act()
        first, *_ = table.play.legal_actions(seat)
        elsewhere = Store(hub.settings.url())  # another server process writes version 4 first
        elsewhere.append_actions(table.id, 3, [ActionRow(4, seat, encode_action(first), "other")], PLAYING)
        other = table.play.fork()
        other.apply(seat, first)
        after_other = other.snapshot()[1]
        with pytest.raises(ServerError) as err:
            await hub.submit(table, seat, [encode_action(first)], 3)
        assert err.value.code == "stale_version"
        assert (table.version, table.play.snapshot()[1]) == (4, after_other)  # caught up
        assert [a.source for a in elsewhere.actions(table.id)][-1] == "other"
        assert stored_version(elsewhere, table.id) == 4  # the refused move was not stored
        (nxt,) = table.play.to_act()
        await hub.submit(table, nxt, [encode_action(table.play.legal_actions(nxt)[0])], 4)
        assert stored_version(elsewhere, table.id) == table.version == 5
        elsewhere.close()
        await close_hub(hub)

    run(scenario())


def tamper(database_url: str, table_id: str, version: int) -> None:
    """Overwrite one logged action with one the game cannot read (a damaged database)."""
    store = Store(database_url)
    with store.engine.begin() as conn:
        conn.execute(
            update(actions_t)
            .where(actions_t.c.table_id == table_id, actions_t.c.version == version)
            .values(action={"type": "not_an_action"})
        )
    store.close()


def test_a_log_that_no_longer_replays_marks_the_table_broken_and_keeps_the_log(
    database_url: str, tmp_path: Path
) -> None:
    settings = Settings(data_dir=tmp_path, database_url=database_url, bot_delay_s=0.0, snapshot_every=1000)

    async def scenario() -> None:
        hub = await open_hub(settings)
        table = await new_table(hub)
        await play(hub, table, 6, random.Random(4))
        await close_hub(hub)
        tamper(database_url, table.id, 3)
        hub = await open_hub(settings)
        broken = hub.get(table.id)
        assert broken.status == BROKEN
        (seat,) = broken.play.to_act()
        legal = encode_action(broken.play.legal_actions(seat)[0])
        with pytest.raises(ServerError) as err:
            await hub.submit(broken, seat, [legal], broken.version)
        assert err.value.code == "broken"
        assert stored_version(hub.store, table.id) == 6  # nothing dropped, nothing added
        await close_hub(hub)

    run(scenario())


def test_a_damaged_early_action_is_recovered_from_the_latest_snapshot(
    database_url: str, tmp_path: Path
) -> None:
    settings = settings_for(database_url, tmp_path)  # a snapshot every 7 actions

    async def scenario() -> None:
        hub = await open_hub(settings)
        table = await new_table(hub)
        await play(hub, table, 10, random.Random(6))
        before = (table.version, table.play.snapshot()[1], views_of(table))
        await close_hub(hub)
        tamper(database_url, table.id, 2)
        hub = await open_hub(settings)
        recovered = hub.get(table.id)
        assert (recovered.version, recovered.play.snapshot()[1], views_of(recovered)) == before
        assert recovered.status == PLAYING and recovered.log_from == SNAPSHOT_EVERY
        await play(hub, recovered, 3, random.Random(1))  # and the game goes on
        assert stored_version(hub.store, table.id) == 13
        await close_hub(hub)

    run(scenario())


def test_a_recovered_table_logs_what_it_logged_before(database_url: str, tmp_path: Path) -> None:
    """The log of a table recovered from a snapshot starts there and says what it said there:
    a line may draw on the setup (Verräter names each landscape's type from it), which the same
    rules give again."""
    settings = dataclasses.replace(settings_for(database_url, tmp_path), snapshot_every=2)

    async def scenario() -> None:
        hub = await open_hub(settings)
        table = await new_table(hub)
        await play(hub, table, 3, random.Random(4))  # estates placed; a snapshot after the second
        viewers = [None, *range(len(table.seats))]
        since_snapshot = [build_payload(table, v, 2).log for v in viewers]
        await close_hub(hub)
        tamper(database_url, table.id, 1)
        hub = await open_hub(settings)
        recovered = hub.get(table.id)
        assert recovered.log_from == 2 and recovered.status == PLAYING
        assert [build_payload(recovered, v, -1).log for v in viewers] == since_snapshot
        assert re.fullmatch(
            r".* places an estate under landscape \d+ \([A-Z][a-z]+\)\.", since_snapshot[0][0]
        )
        await close_hub(hub)

    run(scenario())
