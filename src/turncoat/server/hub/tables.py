"""Tables: opened, restored at start-up, found, kept while finished, and closed when idle."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from typing import Any

from turncoat.core.engine import Game
from turncoat.core.registry import load_game, load_stored_game
from turncoat.play import GameInProgress
from turncoat.server import adapters
from turncoat.server.hub.base import HubBase, log
from turncoat.server.names import checked_name
from turncoat.server.restore import restore
from turncoat.server.security import client_key, hash_token, new_table_id, new_token
from turncoat.server.storage import SeatRow, TableRow
from turncoat.server.table import (
    BROKEN,
    EXPIRED,
    OVER,
    PLAYING,
    WAITING,
    LiveTable,
    SeatSpec,
    ServerError,
    checked_bot,
)

MAX_TABLE_NAME = 80


def new_seed() -> int:
    """A new table's seed: unguessable, so nobody can replay the shuffles ahead of the table."""
    return secrets.randbits(62)


class TablesPart(HubBase):
    # -- life cycle ------------------------------------------------------------------------------
    async def start(self) -> None:
        rows = await self.db(self.store.load_all, (WAITING, PLAYING))  # finished ones: see fetch()
        for row in rows:
            table = self._rebuild(row)
            self.tables[table.id] = table
        for table in self.tables.values():
            self._kick(table)
        log.info("restored %d tables", len(rows))
        await self.expire_idle()
        self.sweeper = asyncio.create_task(self._sweep())

    async def _sweep(self) -> None:
        """Close idle waiting tables now and then (and whenever creation finds no room)."""
        interval = min(60.0, self.settings.waiting_expiry_s / 10)
        while True:
            await asyncio.sleep(interval)
            with contextlib.suppress(ServerError):  # the database failed: the next sweep tries again
                await self.expire_idle()

    async def expire_idle(self) -> list[str]:
        """Close every waiting table that nobody has joined, left or watched for
        ``waiting_expiry_s``: stored as expired (kept, no longer restored) and forgotten here,
        so an abandoned or spammed table does not hold a place under ``max_tables`` for ever."""
        deadline = self.clock() - self.settings.waiting_expiry_s
        idle = [
            t for t in self.tables.values() if t.status == WAITING and not t.conns and t.active_at < deadline
        ]
        expired = []
        for table in idle:
            async with table.lock:
                if table.status != WAITING or table.conns or table.active_at >= deadline:
                    continue  # used while this sweep waited for the lock
                await self._save(table.id, "that the table expired", self.store.set_status, table.id, EXPIRED)
                table.status = EXPIRED
                self.tables.pop(table.id, None)
                expired.append(table.id)
        if expired:
            log.info("closed %d idle waiting tables", len(expired))
        return expired

    async def stop(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
        for table in [*self.tables.values(), *self.finished.values()]:
            for task in (table.bot_task, table.forced_task, table.timer_task):
                if task is not None:
                    task.cancel()
            for conn in table.conns:
                conn.closed = True
                conn.poke()
        self.bot_pool.shutdown()
        self.db_pool.shutdown(wait=True)

    def _rebuild(self, row: TableRow) -> LiveTable:
        """The table as stored (see restore.py: replayed, recovered, or broken)."""
        game = load_stored_game(row.game, row.options)
        restored = restore(game, row)
        return LiveTable(
            id=row.id,
            name=row.name,
            play=restored.play,
            options=game.config_json(),  # every option named: bots rebuild the game from these
            seed=row.seed,
            version=len(row.actions),
            status=BROKEN if restored.problem is not None else row.status,
            seats=row.seats,
            turn_seconds=row.turn_seconds,
            listed=row.listed,
            host_hash=row.host_hash,
            created_at=row.created_at,
            problem=restored.problem,
            creator=row.creator,
            active_at=row.updated_at,  # a restart does not make an idle table new
        )

    async def _catch_up(self, table: LiveTable) -> None:
        """Replace the table's game in memory by the stored one (called under its lock), then
        tell everyone watching and let bots and timers act on it.  If even reading fails, the
        table stays as it was; the next refused move tries again."""
        try:
            row = await self._load(table.id, "the table", self.store.load_table, table.id)
        except ServerError:
            return
        if row is None:
            return
        stored = self._rebuild(row)
        table.play, table.version, table.status = stored.play, stored.version, stored.status
        table.seats, table.problem = stored.seats, stored.problem
        table.choices_since.clear()  # what each seat decided against before is no longer known
        table.note_choices()
        log.warning("table %s: caught up with the database at version %d", table.id, table.version)
        self._stop_clocks(table)
        if table.status == OVER:
            self._keep_finished(table)
        self._notify(table)
        self._kick(table)

    # -- opening ---------------------------------------------------------------------------------
    async def create_table(
        self,
        *,
        game_name: str,
        options: dict[str, Any],
        seats: list[SeatSpec],
        name: str,
        turn_seconds: int | None,
        listed: bool,
        creator: str = "?",
    ) -> tuple[LiveTable, str, dict[int, str]]:
        """A new table; returns it with the host token and one token per human seat.
        ``creator`` is the client's address key: each client may have only
        ``tables_per_client`` tables waiting or playing, so no one client fills the server."""
        creator_hash = hash_token(f"creator:{client_key(creator)}")  # stored: no address in clear
        mine = sum(
            1 for t in self.tables.values() if t.creator == creator_hash and t.status in (WAITING, PLAYING)
        )
        if mine >= self.settings.tables_per_client:
            raise ServerError(
                "table_quota",
                f"you have {mine} tables open already: play, finish or leave one before opening another",
            )
        if self.live_tables() >= self.settings.max_tables:
            await self.expire_idle()  # make room from abandoned tables first
        if self.live_tables() >= self.settings.max_tables:
            raise ServerError("too_many_tables", "this server has no room for another table")
        game = load_game(game_name, **options)  # raises InvalidConfig on bad options
        if len(seats) != game.num_players():
            raise ServerError("bad_seats", f"{game.num_players()} seats needed, got {len(seats)}")
        if turn_seconds is not None and not 5 <= turn_seconds <= 3600:
            raise ServerError("bad_timer", "the turn timer must be between 5 and 3600 seconds")
        rows, tokens = _seat_rows(seats, game, listed)
        host = new_token()
        seed = new_seed()
        play = GameInProgress.start(game, seed)
        table = LiveTable(
            id=new_table_id(),
            name=(name or f"{play.face.title} table")[:MAX_TABLE_NAME],
            play=play,
            options=game.config_json(),
            seed=seed,
            version=0,
            status=WAITING if any(r.kind == "human" and not r.claimed for r in rows) else PLAYING,
            seats=rows,
            turn_seconds=turn_seconds,
            listed=listed,
            host_hash=hash_token(host),
            created_at=time.time(),
            creator=creator_hash,
            active_at=self.clock(),
        )
        row = TableRow(
            id=table.id,
            name=table.name,
            game=game.name,
            options=table.options,
            seed=seed,
            rules_version=game.rules_version,
            content_digest=game.content.digest,
            status=table.status,
            version=0,
            turn_seconds=turn_seconds,
            listed=listed,
            host_hash=table.host_hash,
            created_at=table.created_at,
            seats=rows,
            creator=creator_hash,
        )
        await self._save(table.id, "the new table", self.store.create_table, row)
        self.tables[table.id] = table
        self._kick(table)
        return table, host, tokens

    # -- finding ---------------------------------------------------------------------------------
    def get(self, table_id: str) -> LiveTable:
        """A table in memory (every live one; a finished one only if loaded lately)."""
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is None:
            raise ServerError("no_such_table", "there is no such table")
        return table

    async def fetch(self, table_id: str) -> LiveTable:
        """Any table: from memory, or a finished one loaded (and replayed) from the database."""
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is None:
            row = await self._load(table_id, "this table", self.store.load_table, table_id)
            if row is None or row.status != OVER:  # live tables are all in memory already
                raise ServerError("no_such_table", "there is no such table")
            # Another request may have loaded it while this one waited: keep the first copy, so
            # everyone watching the end screen shares one table (and its chat).
            table = self.finished.get(table_id) or self._rebuild(row)
            self._keep_finished(table)
        if table.id in self.finished:
            self.finished.move_to_end(table.id)
        return table

    def live_tables(self) -> int:
        """Tables that take a place under ``max_tables``: finished and broken ones do not."""
        return sum(1 for t in self.tables.values() if t.status in (WAITING, PLAYING))


def _seat_rows(
    seats: list[SeatSpec], game: Game[Any, Any, Any], listed: bool
) -> tuple[list[SeatRow], dict[int, str]]:
    """A new table's seats as stored, and a fresh token for each human seat but those kept for
    anyone from the lobby (they have no link: whoever comes from the lobby takes them)."""
    chosen: list[str] = []
    for spec in seats:  # names people chose: checked like any rename, and unique at the table
        if spec.name:
            spec.name = checked_name(spec.name, chosen)
            chosen.append(spec.name)
    tokens: dict[int, str] = {}
    rows: list[SeatRow] = []
    for i, spec in enumerate(seats):
        if spec.kind == "bot":
            agent = checked_bot(spec.agent or adapters.default_level(game), game)
            bot_name = spec.name or f"Bot {i + 1} ({adapters.bot_level(agent, game)})"
            rows.append(SeatRow(i, "bot", agent, bot_name, None, True))
        elif spec.kind == "human" and spec.lobby and not spec.taken:
            if not listed:
                raise ServerError(
                    "bad_seats",
                    "a private table has no seats for the lobby: list the table, or make the seat "
                    "a friend's (invite link)",
                )
            rows.append(SeatRow(i, "human", None, spec.name or f"Seat {i + 1}", None, False))
        elif spec.kind == "human":
            tokens[i] = new_token()
            name = spec.name or f"Seat {i + 1}"
            rows.append(SeatRow(i, "human", None, name, hash_token(tokens[i]), spec.taken))
        else:
            raise ServerError("bad_seats", f"seat kind must be human or bot, not {spec.kind!r}")
    return rows, tokens
