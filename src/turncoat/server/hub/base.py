"""What every part of the hub shares: its settings, its tables, storage calls and waking
connections.

Every change is written first and changed in memory only once stored: a database failure is
refused as ``storage_unavailable`` by :meth:`HubBase._save` before anything in memory changes.
Reads after start-up (a finished game opened, the chat history) are refused the same way when
the database fails (:meth:`HubBase._load`), naming what could not be read.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import msgspec

from turncoat.core.actions import Viewer
from turncoat.server.bots import BotPool
from turncoat.server.security import Clock, RateLimiter
from turncoat.server.settings import Settings
from turncoat.server.storage import ChatRow, StorageError, Store
from turncoat.server.table import LiveTable, ServerError, chat_dict, no_clocks

log = logging.getLogger("turncoat.server")

FINISHED_KEPT = 32  # finished games held in memory when nobody is watching them
DB_THREADS = 4  # database calls in flight at once (SQLite and PostgreSQL alike)
ADDRESS_CHAT_FACTOR = 4  # one address may chat as fast as this many seats (a household, a LAN)


class HubBase:
    """The hub's shared parts (see :mod:`turncoat.server.hub`)."""

    def __init__(self, settings: Settings, store: Store, clock: Clock = time.time) -> None:
        self.settings = settings
        self.store = store
        self.clock = clock  # wall-clock seconds; tests pass their own to make time pass
        # Chat limits: per seat (whatever number of connections it uses) and per client address
        # (whatever number of seats it holds).
        self.seat_chat = RateLimiter(settings.chat_rate, settings.chat_burst, clock=clock)
        self.address_chat = RateLimiter(
            settings.chat_rate * ADDRESS_CHAT_FACTOR, settings.chat_burst * ADDRESS_CHAT_FACTOR, clock=clock
        )
        self.conns_by_address: dict[str, int] = {}
        self.sweeper: asyncio.Task[None] | None = None
        self.tables: dict[str, LiveTable] = {}  # waiting, playing and broken tables
        # Finished games are read-only: loaded from the database when someone opens one (end
        # screen, replay) and kept while recently used, so thousands of them cost no memory.
        self.finished: OrderedDict[str, LiveTable] = OrderedDict()
        self.bot_pool = BotPool(settings.bot_workers)
        # Several threads on SQLite too: appends that queue while one commits share the next
        # transaction (storage's group commit), which needs more than one caller at a time.
        # Safe: storage serialises appends itself, other writes begin IMMEDIATE and wait on
        # SQLite's busy timeout, and each table's writes are ordered by its lock here.
        self.db_pool = ThreadPoolExecutor(DB_THREADS, thread_name_prefix="turncoat-db")

    if TYPE_CHECKING:  # parts other parts call

        def _kick(self, table: LiveTable) -> None:
            """Let bots and clocks act on a changed table (hub/runner.py)."""

        async def _catch_up(self, table: LiveTable) -> None:
            """Reload a table that memory and the database disagree about (hub/tables.py)."""

        async def submit(
            self,
            table: LiveTable,
            seat: Viewer,
            raw_actions: Sequence[Any],
            client_version: Any,
            source: str = "player",
            note: str | None = None,
            finish: Any = None,
        ) -> None:
            """Play a seat's move (hub/moves.py)."""

    async def db(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, lambda: fn(*args, **kwargs))

    async def _save(self, table_id: str, what: str, fn: Any, *args: Any) -> None:
        """One Store write.  A database failure was rolled back, so nothing happened: refuse it
        as ``storage_unavailable`` (before anything in memory changes), and it may be retried."""
        try:
            await self.db(fn, *args)
        except StorageError as exc:
            log.error("table %s: %s", table_id, exc)
            raise ServerError(
                "storage_unavailable", f"could not save {what}; nothing changed — try again"
            ) from exc

    async def _load(self, table_id: str, what: str, fn: Any, *args: Any) -> Any:
        """One Store read.  A database failure is refused as ``storage_unavailable`` naming
        what could not be read; nothing changed, so the request may simply be repeated."""
        try:
            return await self.db(fn, *args)
        except StorageError as exc:
            log.error("table %s: %s", table_id, exc)
            raise ServerError(
                "storage_unavailable", f"could not read {what} from the database; try again"
            ) from exc

    def _notify(self, table: LiveTable, dirty: bool = False) -> None:
        for conn in table.conns:
            if dirty:
                conn.dirty = True
            conn.poke()

    def _broadcast_chat(self, table: LiveTable, msg: ChatRow) -> None:
        for conn in table.conns:
            conn.outbox.append(("chat", chat_dict(msg)))
            conn.poke()

    def _stop_clocks(self, table: LiveTable) -> None:
        if table.timer_task is not None and not table.timer_task.done():
            table.timer_task.cancel()
        table.timer_task = None
        table.clocks = no_clocks()

    def _moved(self, table: LiveTable, seat: int) -> None:
        """A seat that moved has answered its clock: if it is still to act, its next decision
        gets a fresh one (``_kick`` starts it).  The other seats' clocks run on."""
        deadlines = {s: d for s, d in table.clocks.deadlines.items() if s != seat}
        table.clocks = msgspec.structs.replace(table.clocks, deadlines=deadlines)

    def _keep_finished(self, table: LiveTable) -> None:
        """Hold a finished table; forget the least recently used ones nobody is watching."""
        self.tables.pop(table.id, None)
        self.finished[table.id] = table
        idle = [t.id for t in self.finished.values() if not t.conns]
        for table_id in idle[: max(0, len(self.finished) - FINISHED_KEPT)]:
            del self.finished[table_id]
