"""Live tables: the authoritative game state, its connections, bots and turn timers.

Every change goes through :meth:`Hub.submit`: decode, version check, engine check, apply, write
to the database (one transaction), and only then tell each connection what *its* seat may see.
Seats, chat and new tables likewise: written first, changed in memory only once stored (a
database failure is refused as ``storage_unavailable`` by :meth:`Hub._save`).  Reads after
start-up (a finished game opened, the chat history) are refused the same way when the database
fails (:meth:`Hub._load`), naming what could not be read.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import time
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Sequence
from concurrent.futures import BrokenExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from turncoat.core.actions import Action, Event, PlayerId, Viewer
from turncoat.core.engine import Game
from turncoat.core.errors import RulesError
from turncoat.core.record import decode_action, encode_action, state_digest
from turncoat.core.registry import load_game, load_stored_game
from turncoat.core.serialize import canonical_json, to_builtins
from turncoat.server import adapters
from turncoat.server.bots import BotPool
from turncoat.server.restore import restore
from turncoat.server.security import (
    Clock,
    RateLimiter,
    client_key,
    hash_token,
    new_table_id,
    new_token,
    token_matches,
)
from turncoat.server.settings import Settings
from turncoat.server.storage import (
    ActionRow,
    ChatRow,
    SeatRow,
    StaleVersion,
    StorageError,
    Store,
    TableRow,
)

log = logging.getLogger("turncoat.server")

WAITING, PLAYING, OVER, BROKEN = "waiting", "playing", "over", "broken"
EXPIRED = "expired"  # a waiting table closed because nobody used it (kept in the database only)
STORAGE_RETRY_S = 1.0  # a bot whose move could not be stored tries again after this pause
FINISHED_KEPT = 32  # finished games held in memory when nobody is watching them
DB_THREADS = 4  # database calls in flight at once (SQLite and PostgreSQL alike)
OUTBOX_KEPT = 200  # messages waiting for one slow connection before the oldest are dropped
ADDRESS_CHAT_FACTOR = 4  # one address may chat as fast as this many seats (a household, a LAN)


class ServerError(Exception):
    """A refusal by the server (not the rules).  Nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"kind": "server", "code": self.code, "rule": "", "message": self.message}


@dataclass(eq=False)  # identity semantics: connections live in sets
class Conn:
    """One websocket: who it is, what it has been sent, and what it still has to send."""

    viewer: Viewer
    fmt: str  # "json" | "html"
    sent_version: int = -1  # -1: the next update is a full one
    dirty: bool = True
    # Chat lines and refusals still to send.  Bounded: a client that does not read loses the
    # oldest lines (a reload shows the stored chat) instead of growing the server's memory.
    outbox: deque[tuple[str, dict[str, Any]]] = field(default_factory=lambda: deque(maxlen=OUTBOX_KEPT))
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False
    # Only for HTML updates: whether to draw the host's seat tools, and the CSRF token the
    # page's plain-form fallbacks carry.
    is_host: bool = False
    csrf: str = ""
    address: str = "?"  # the client's address key (security.client_key), for per-address limits

    def poke(self) -> None:
        self.wake.set()


@dataclass
class LiveTable:
    id: str
    name: str
    game: Game[Any, Any, Any]
    options: dict[str, Any]
    seed: int
    state: Any
    version: int
    status: str
    seats: list[SeatRow]
    turn_seconds: int | None
    listed: bool
    host_hash: str
    created_at: float
    steps: list[tuple[Event, ...]]  # steps[0]: setup events; steps[v]: events of action v
    actions: list[tuple[PlayerId, Action]]
    log_from: int = 0  # first step whose events we have (after a snapshot recovery)
    problem: str | None = None  # why a BROKEN table cannot continue (safe to show anyone)
    conns: set[Conn] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    timer_task: asyncio.Task[None] | None = None
    deadline: float | None = None
    connected: dict[int, int] = field(default_factory=dict)  # seat -> open connections
    creator: str | None = None  # hash of the opening client's address (per-client quota)
    active_at: float = 0.0  # last seat change or connection (hub clock): idle waiting tables expire

    def seat_for_token(self, token: str | None) -> int | None:
        for s in self.seats:
            if s.kind == "human" and token_matches(token, s.token_hash):
                return s.seat
        return None

    def is_host(self, token: str | None) -> bool:
        return token_matches(token, self.host_hash)

    def open_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "human" and not s.claimed]

    def public_seats(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": s.seat,
                "name": s.name,
                "kind": s.kind,
                "agent": adapters.bot_level(s.agent) if s.kind == "bot" else None,
                "claimed": s.claimed or s.kind == "bot",
                "connected": s.kind == "bot" or self.connected.get(s.seat, 0) > 0,
            }
            for s in self.seats
        ]

    def summary(self) -> dict[str, Any]:
        out = {
            "id": self.id,
            "name": self.name,
            "game": self.game.name,
            "players": self.game.num_players(),
            "status": self.status,
            "version": self.version,
            "open_seats": self.open_seats(),
            "seats": self.public_seats(),
            "turn_seconds": self.turn_seconds,
            "created_at": self.created_at,
        }
        if self.problem is not None:
            out["problem"] = self.problem
        return out


@dataclass
class SeatSpec:
    kind: str  # "human" | "bot"
    agent: str | None = None
    name: str = ""
    taken: bool = False  # a human seat its creator sits in at once (stored with the table)


def _events_of(table: LiveTable, first: int, last: int) -> list[Event]:
    out: list[Event] = []
    for step in range(max(first, table.log_from), last + 1):
        out.extend(table.steps[step - table.log_from])
    return out


def build_payload(
    table: LiveTable,
    viewer: Viewer,
    since: int,
    *,
    state: Any = None,
    version: int | None = None,
    omniscient: bool = False,
) -> dict[str, Any]:
    """The update for one viewer: its own observation, its redacted new events and its legal
    actions.  ``since`` is the last version this viewer was sent (-1 for everything).
    Never the state, the seed, the draw counter or another seat's secrets."""
    if table.status == BROKEN:  # no position to show: what was restored is not the game's
        return {
            "type": "update",
            "table": table.id,
            "version": table.version,
            "status": BROKEN,
            "seat": viewer,
            "full": True,
            "problem": table.problem,
            "legal": [],
            "seats": table.public_seats(),
        }
    game = table.game
    state = table.state if state is None else state
    version = table.version if version is None else version
    obs = game.observe(state, viewer)
    shown = adapters.visible_events(game, _events_of(table, since + 1, version), viewer, omniscient)
    legal: Sequence[Action] = ()
    over = game.outcome(state)
    if viewer is not None and table.status == PLAYING and state is table.state:
        legal = game.legal_actions(state, viewer)
    obs_data = to_builtins(obs)
    payload: dict[str, Any] = {
        "type": "update",
        "table": table.id,
        "version": version,
        "status": table.status,
        "seat": viewer,
        "full": since < 0,
        "observation": obs_data,
        "events": [to_builtins(e) for e in shown],
        "log": adapters.log_lines(game, shown, tuple(obs_data.get("types", ()))),
        "legal": [{"action": encode_action(a), "label": game.describe_action(a)} for a in legal],
        "seats": table.public_seats(),
        "deadline": table.deadline if state is table.state else None,
        "turn_seconds": table.turn_seconds,
        "outcome": to_builtins(over) if over is not None else None,
    }
    if over is not None:  # the end screen's round-by-round table, as this viewer saw the game
        payload["rounds"] = adapters.round_summaries(game, _events_of(table, 0, version), viewer, omniscient)
    if omniscient and table.status == OVER:  # post-game review: nothing is secret any more
        seen = [to_builtins(game.observe(state, p)) for p in range(game.num_players())]
        payload["all_hands"] = [o.get("hand") for o in seen]
        payload["all_roles"] = [o.get("role") for o in seen]
    return payload


class Hub:
    """All live tables of this server process."""

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
        self.info_cache: dict[str, dict[str, Any]] = {}

    async def db(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, lambda: fn(*args, **kwargs))

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
            for task in (table.bot_task, table.timer_task):
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
            game=game,
            options=game.config_json(),  # every option named: bots rebuild the game from these
            seed=row.seed,
            state=restored.state,
            version=len(row.actions),
            status=BROKEN if restored.problem is not None else row.status,
            seats=row.seats,
            turn_seconds=row.turn_seconds,
            listed=row.listed,
            host_hash=row.host_hash,
            created_at=row.created_at,
            steps=restored.steps,
            actions=restored.actions,
            log_from=restored.log_from,
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
        table.state, table.version, table.status = stored.state, stored.version, stored.status
        table.seats, table.steps, table.actions = stored.seats, stored.steps, stored.actions
        table.log_from, table.problem = stored.log_from, stored.problem
        log.warning("table %s: caught up with the database at version %d", table.id, table.version)
        self._cancel_timer(table)
        if table.status == OVER:
            self._keep_finished(table)
        self._notify(table)
        self._kick(table)

    def board_info(self, table: LiveTable) -> dict[str, Any]:
        key = f"{table.game.name}:{table.game.content.digest}"
        if key not in self.info_cache:
            self.info_cache[key] = adapters.board_info(table.game)
        return self.info_cache[key]

    # -- tables ------------------------------------------------------------------------------------
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
        chosen: list[str] = []
        for spec in seats:  # names people chose: checked like any rename, and unique at the table
            if spec.name:
                spec.name = checked_name(spec.name, chosen)
                chosen.append(spec.name)
        tokens: dict[int, str] = {}
        rows: list[SeatRow] = []
        for i, spec in enumerate(seats):
            if spec.kind == "bot":
                agent = _checked_bot(spec.agent or "normal")
                bot_name = spec.name or f"Bot {i + 1} ({adapters.bot_level(agent)})"
                rows.append(SeatRow(i, "bot", agent, bot_name, None, True))
            elif spec.kind == "human":
                tokens[i] = new_token()
                rows.append(
                    SeatRow(i, "human", None, spec.name or f"Seat {i + 1}", hash_token(tokens[i]), spec.taken)
                )
            else:
                raise ServerError("bad_seats", f"seat kind must be human or bot, not {spec.kind!r}")
        host = new_token()
        seed = secrets.randbits(62)
        started = game.start(seed)
        table = LiveTable(
            id=new_table_id(),
            name=(name or "Verräter table")[:80],
            game=game,
            options=game.config_json(),
            seed=seed,
            state=started.state,
            version=0,
            status=WAITING if any(r.kind == "human" and not r.claimed for r in rows) else PLAYING,
            seats=rows,
            turn_seconds=turn_seconds,
            listed=listed,
            host_hash=hash_token(host),
            created_at=time.time(),
            steps=[started.events],
            actions=[],
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

    def _keep_finished(self, table: LiveTable) -> None:
        """Hold a finished table; forget the least recently used ones nobody is watching."""
        self.tables.pop(table.id, None)
        self.finished[table.id] = table
        idle = [t.id for t in self.finished.values() if not t.conns]
        for table_id in idle[: max(0, len(self.finished) - FINISHED_KEPT)]:
            del self.finished[table_id]

    def live_tables(self) -> int:
        """Tables that take a place under ``max_tables``: finished and broken ones do not."""
        return sum(1 for t in self.tables.values() if t.status in (WAITING, PLAYING))

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

    async def chat_history(self, table: LiveTable, limit: int = 200) -> list[ChatRow]:
        """The table's latest chat lines, oldest first (``storage_unavailable`` if the
        database cannot be read)."""
        rows: list[ChatRow] = await self._load(
            table.id, "the chat of this table", self.store.chat, table.id, limit
        )
        return rows

    async def _save_seat(self, table: LiveTable, new: SeatRow, what: str, note: str | None = None) -> None:
        """Store a changed copy of a seat (with the table's new status and the system chat line
        ``note``, in one transaction), and only then put it in place: if the database fails, the
        table in memory is exactly as it was."""
        status = self._status_after_seat(table, new)
        # Only a change is written: a broken table's status is not the one stored.
        changed = status if status != table.status else None
        await self._save(table.id, what, self.store.update_seat, table.id, new, changed, note)
        table.seats[new.seat] = new
        table.status = status
        table.active_at = self.clock()

    async def claim(self, table: LiveTable, seat: int, name: str | None, rotate: bool) -> str | None:
        """Mark a human seat as taken (first visit or joining from the lobby).  With ``rotate``
        a fresh token replaces the old one, which is returned."""
        async with table.lock:
            _refuse_if_finished(table)
            s = table.seats[seat]
            token = new_token() if rotate else None
            others = [o.name for o in table.seats if o.seat != seat]
            new = replace(
                s,
                claimed=True,
                token_hash=hash_token(token) if token is not None else s.token_hash,
                name=checked_name(name, others) if name else s.name,
            )
            await self._save_seat(table, new, "your seat")
        self._notify(table, dirty=True)
        self._kick(table)
        return token

    async def join_open_seat(self, table: LiveTable, name: str | None) -> tuple[int, str]:
        """Take the first free seat of a listed table with a fresh token (chosen under the lock:
        two people joining at once never get the same seat).  A private table's seats are taken
        only through the host's invite links."""
        async with table.lock:
            _refuse_if_finished(table)
            if not table.listed:  # seats at a private table are taken by the host's invite links only
                raise ServerError("private_table", "this table is private: ask its host for an invite link")
            open_seats = table.open_seats()
            if not open_seats:
                raise ServerError("table_full", "this table has no free seat")
            # Seats nobody holds a link to come first, so a friend's invite link stays good
            # whenever the lobby can be given another seat.
            seat = min((table.seats[i] for i in open_seats), key=lambda o: (o.token_hash is not None, o.seat))
            others = [o.name for o in table.seats if o.seat != seat.seat]
            token = new_token()
            new = replace(
                seat,
                token_hash=hash_token(token),
                claimed=True,
                name=checked_name(name, others) if name else seat.name,
            )
            await self._save_seat(table, new, "your seat")
        self._notify(table, dirty=True)
        self._kick(table)
        return new.seat, token

    async def leave(self, table: LiveTable, seat: int) -> None:
        async with table.lock:
            _refuse_if_finished(table)
            s = table.seats[seat]
            note = f"{s.name} left seat {seat + 1}."
            # No token at all: the old link stops working, and no one holds a link to this seat
            # (the lobby offers such seats first; the host may issue a new invite link).
            new = replace(s, claimed=False, token_hash=None)
            await self._save_seat(table, new, "that you left the seat", note)
            self._demote(table, seat)
        self._broadcast_chat(table, ChatRow(None, "table", "system", note, time.time()))
        self._notify(table, dirty=True)

    def _demote(self, table: LiveTable, seat: int) -> None:
        """Open connections of a seat whose token was retired become spectators at once: they
        neither see that seat's secrets any more nor act for it."""
        for conn in table.conns:
            if conn.viewer == seat:
                conn.viewer = None
                conn.sent_version = -1
        table.connected[seat] = 0

    async def reissue(self, table: LiveTable, seat: int) -> str:
        """A fresh invite link for an unclaimed human seat (host only)."""
        async with table.lock:
            _refuse_if_finished(table)
            s = table.seats[seat]
            if s.kind != "human" or s.claimed:
                raise ServerError("seat_taken", "only a free human seat gets a new invite link")
            token = new_token()
            await self._save_seat(table, replace(s, token_hash=hash_token(token)), "the new invite link")
        return token

    async def fill_with_bot(self, table: LiveTable, seat: int, level: str) -> None:
        agent = _checked_bot(level)
        async with table.lock:
            _refuse_if_finished(table)
            if not 0 <= seat < len(table.seats):
                raise ServerError("bad_seat", "no such seat")
            s = table.seats[seat]
            if s.kind != "human" or s.claimed:
                raise ServerError("seat_taken", "only an empty seat can be given to a bot")
            name = f"Bot {seat + 1} ({adapters.bot_level(agent)})"
            bot = replace(s, kind="bot", agent=agent, token_hash=None, claimed=True, name=name)
            note = f"The host seats a {adapters.bot_level(agent)} bot at seat {seat + 1}."
            await self._save_seat(table, bot, "the bot's seat", note)
        self._broadcast_chat(table, ChatRow(None, "table", "system", note, time.time()))
        self._notify(table, dirty=True)
        self._kick(table)

    def _status_after_seat(self, table: LiveTable, new: SeatRow) -> str:
        """The table's status once ``new`` replaces its seat: a waiting game starts when the last
        human seat is taken."""
        seats = [new if s.seat == new.seat else s for s in table.seats]
        if table.status == WAITING and not any(s.kind == "human" and not s.claimed for s in seats):
            return PLAYING
        return table.status

    # -- actions -------------------------------------------------------------------------------------
    async def submit(
        self,
        table: LiveTable,
        seat: Viewer,
        raw_actions: Sequence[Any],
        client_version: Any,
        source: str = "player",
        note: str | None = None,
    ) -> None:
        """Apply one or more actions of one seat atomically (all or nothing)."""
        if seat is None:
            raise ServerError("not_seated", "spectators cannot act")
        if not raw_actions:
            raise ServerError("no_action", "no action given")
        if isinstance(client_version, bool) or not isinstance(client_version, int):
            raise ServerError("missing_version", "each action must say which version it answers")
        game = table.game
        actions: list[Action] = [a if isinstance(a, Action) else decode_action(game, a) for a in raw_actions]
        async with table.lock:
            if table.status == WAITING:
                raise ServerError("not_started", "the game starts when every seat is taken")
            if table.status == BROKEN:
                raise ServerError("broken", "this table cannot continue")
            if table.status == OVER:
                raise ServerError("game_over", "the game is over")
            if client_version != table.version:
                raise ServerError(
                    "stale_version",
                    f"you answered version {client_version} but the table is at {table.version}",
                )
            state = table.state
            new_steps: list[tuple[Event, ...]] = []
            rows: list[ActionRow] = []
            for i, action in enumerate(actions):
                tr = game.apply(state, seat, action)  # raises RulesError; nothing written yet
                state = tr.state
                new_steps.append(tr.events)
                rows.append(ActionRow(table.version + i + 1, seat, encode_action(action), source))
            new_version = table.version + len(rows)
            status = OVER if game.outcome(state) is not None else PLAYING
            snapshot = None
            every = self.settings.snapshot_every
            if status == OVER or new_version // every > table.version // every:
                snapshot = (new_version, canonical_json(state).decode(), state_digest(state))
            try:  # a database failure is refused by _save: the move never happened, so it may be resent
                await self._save(
                    table.id,
                    "the move",
                    self.store.append_actions,
                    table.id,
                    table.version,
                    rows,
                    status,
                    snapshot,
                    note,
                )
            except StaleVersion as exc:
                # The database holds a newer version than memory: another writer, or a commit
                # whose acknowledgement was lost (we were told it failed, yet it went in).
                # Catch up with what is stored, so the table does not refuse every move after.
                await self._catch_up(table)
                raise ServerError("stale_version", "the table changed; reload") from exc
            table.state = state
            table.version = new_version
            table.status = status
            table.steps.extend(new_steps)
            table.actions.extend((seat, a) for a in actions)
            self._cancel_timer(table)
            if status == OVER:  # read-only from now on: kept like any other finished game
                self._keep_finished(table)
        if note is not None:
            self._broadcast_chat(table, ChatRow(None, "table", "system", note, time.time()))
        self._notify(table)
        self._kick(table)

    async def commit_set(self, table: LiveTable, seat: Viewer, values: Any, client_version: Any) -> None:
        """Commit a set of supply cards at once: highest first, then finish (all or nothing)."""
        if not isinstance(values, list) or len(values) > 20:
            raise ServerError("bad_values", "values must be a list of card values")
        if not all(_card_value(v) is not None for v in values):
            raise ServerError("bad_values", "card values must be whole numbers from 0 to 99")
        numbers = sorted((v for v in map(_card_value, values) if v is not None), reverse=True)
        if seat is None:
            raise ServerError("not_seated", "spectators cannot act")
        raws: list[dict[str, Any]] = [{"type": "commit_supply", "value": v} for v in numbers]
        # Committing the last card of the limit or of the hand ends the turn by itself; otherwise
        # finish explicitly.  Simulate on a copy to know which.
        game, state = table.game, table.state
        try:
            for raw in raws:
                state = game.apply(state, seat, decode_action(game, raw)).state
        except RulesError:
            pass  # submit() repeats this and reports the error properly
        else:
            if seat in game.to_act(state) and any(
                encode_action(a) == {"type": "finish_committing"} for a in game.legal_actions(state, seat)
            ):
                raws.append({"type": "finish_committing"})
        await self.submit(table, seat, raws, client_version)

    # -- bots and timers -------------------------------------------------------------------------
    def _kick(self, table: LiveTable) -> None:
        if table.status != PLAYING:
            self._cancel_timer(table)
            return
        to_act = table.game.to_act(table.state)
        bots = [p for p in sorted(to_act) if table.seats[p].kind == "bot"]
        if bots and (table.bot_task is None or table.bot_task.done()):
            table.bot_task = asyncio.create_task(self._bot_turn(table, bots[0], table.version))
        humans = [p for p in sorted(to_act) if table.seats[p].kind == "human"]
        if humans and table.turn_seconds and (table.timer_task is None or table.timer_task.done()):
            table.deadline = time.time() + table.turn_seconds
            table.timer_task = asyncio.create_task(self._timer(table, humans[0], table.version))

    def _cancel_timer(self, table: LiveTable) -> None:
        if table.timer_task is not None and not table.timer_task.done():
            table.timer_task.cancel()
        table.timer_task = None
        table.deadline = None

    async def _bot_turn(self, table: LiveTable, seat: int, version: int) -> None:
        retry = False
        try:
            if self.settings.bot_delay_s > 0:
                await asyncio.sleep(self.settings.bot_delay_s)
            if table.version != version or table.status != PLAYING:
                return
            spec = table.seats[seat].agent or "random"
            action = await self.bot_pool.choose(
                table.game.name, table.options, spec, table.state, seat, secrets.randbits(64)
            )
            await self.submit(table, seat, [action], version, source="bot")
        except ServerError as exc:
            log.warning("bot at table %s seat %d: %s", table.id, seat, exc)
            if exc.code == "storage_unavailable":  # nothing was stored: try again after a pause
                await asyncio.sleep(STORAGE_RETRY_S)
                retry = True
        except RulesError as exc:
            log.warning("bot at table %s seat %d: %s", table.id, seat, exc)
        except BrokenExecutor as exc:  # a worker died: start fresh ones and let the bot try again
            log.error("bot worker failed at table %s: %s", table.id, exc)
            self.bot_pool.shutdown()
            retry = True
        except RuntimeError as exc:  # the pool was shut down (server stopping)
            log.info("bot stopped: %s", exc)
            return
        finally:
            table.bot_task = None
        if retry or table.version != version:
            self._kick(table)

    async def _timer(self, table: LiveTable, seat: int, version: int) -> None:
        assert table.turn_seconds is not None
        await asyncio.sleep(table.turn_seconds)
        if table.version != version or table.status != PLAYING:
            return
        table.timer_task = None
        action = table.game.default_action(table.state, seat)
        note = (
            f"{table.seats[seat].name} ran out of time: "
            f"the table plays “{table.game.describe_action(action)}”."
        )
        try:
            await self.submit(table, seat, [action], version, source="timeout", note=note)
        except ServerError as exc:
            if exc.code == "storage_unavailable":  # nothing was stored: the seat gets a new timer
                self._kick(table)
        except RulesError:
            pass  # refused by the rules: nothing changed

    # -- connections and chat --------------------------------------------------------------------
    def admit(self, table: LiveTable, address: str, seat: Viewer) -> None:
        """Refuse a new connection (``too_many_connections``) from an address that holds its
        share of connections already, or for a seat that does."""
        if self.conns_by_address.get(address, 0) >= self.settings.conns_per_address:
            raise ServerError("too_many_connections", "too many connections from your address")
        if seat is not None and table.connected.get(seat, 0) >= self.settings.conns_per_seat:
            raise ServerError("too_many_connections", "this seat has too many connections open")

    def attach(self, table: LiveTable, conn: Conn) -> None:
        self.conns_by_address[conn.address] = self.conns_by_address.get(conn.address, 0) + 1
        table.conns.add(conn)
        table.active_at = self.clock()
        if conn.viewer is not None:
            table.connected[conn.viewer] = table.connected.get(conn.viewer, 0) + 1
            self._notify(table, dirty=True)
        conn.poke()

    def detach(self, table: LiveTable, conn: Conn) -> None:
        if conn in table.conns:
            left = self.conns_by_address.get(conn.address, 0) - 1
            if left > 0:
                self.conns_by_address[conn.address] = left
            else:
                self.conns_by_address.pop(conn.address, None)
        table.conns.discard(conn)
        table.active_at = self.clock()
        if conn.viewer is not None:
            table.connected[conn.viewer] = max(0, table.connected.get(conn.viewer, 0) - 1)
            self._notify(table, dirty=True)

    def rebind(self, table: LiveTable, conn: Conn, seat: int) -> None:
        """A connection proved it holds a seat (hello with a token)."""
        if conn.viewer != seat and table.connected.get(seat, 0) >= self.settings.conns_per_seat:
            raise ServerError("too_many_connections", "this seat has too many connections open")
        if conn.viewer is not None:
            table.connected[conn.viewer] = max(0, table.connected.get(conn.viewer, 0) - 1)
        conn.viewer = seat
        conn.sent_version = -1
        table.connected[seat] = table.connected.get(seat, 0) + 1
        self._notify(table, dirty=True)

    def _notify(self, table: LiveTable, dirty: bool = False) -> None:
        for conn in table.conns:
            if dirty:
                conn.dirty = True
            conn.poke()

    async def chat(self, table: LiveTable, seat: Viewer, text: str, address: str = "?") -> None:
        text = " ".join(text.split())[: self.settings.max_chat]
        if not text:
            raise ServerError("empty_chat", "say something")
        if seat is None:
            raise ServerError("not_seated", "spectators cannot chat")
        if not self.seat_chat.allow(f"{table.id}/{seat}") or not self.address_chat.allow(address):
            raise ServerError("rate_limited", "too many chat messages; wait a moment")
        msg = ChatRow(seat, table.seats[seat].name, "chat", text, time.time())
        keep = self.settings.chat_kept
        await self._save(table.id, "your chat message", self.store.add_chat, table.id, msg, keep)
        self._broadcast_chat(table, msg)  # only what was stored: a reload shows the same chat

    def _broadcast_chat(self, table: LiveTable, msg: ChatRow) -> None:
        for conn in table.conns:
            conn.outbox.append(("chat", chat_dict(msg)))
            conn.poke()


def _refuse_if_finished(table: LiveTable) -> None:
    """A finished (or broken) table's record is final: no seat changes hands or name."""
    if table.status == OVER:
        raise ServerError("game_over", "the game is over: its seats and names no longer change")
    if table.status == BROKEN:
        raise ServerError("broken", "this table cannot continue: its seats no longer change")


def _card_value(raw: Any) -> int | None:
    """A supply card's value from a client: a small JSON integer or a string of ASCII digits
    (a form's value); None for anything else (floats, booleans, "²", a thousand digits)."""
    if isinstance(raw, str) and 1 <= len(raw) <= 2 and raw.isascii() and raw.isdigit():
        return int(raw)
    if type(raw) is int and 0 <= raw <= 99:
        return raw
    return None


def _checked_bot(level: str) -> str:
    """The agent spec for a bot level people may choose; anything else is refused."""
    spec = adapters.bot_spec(level)
    if spec is None:
        choices = ", ".join(adapters.BOT_LEVELS)
        raise ServerError("unknown_bot", f"bot level must be one of {choices}, not {level[:40]!r}")
    return spec


def chat_dict(msg: ChatRow) -> dict[str, Any]:
    return {
        "type": "chat",
        "seat": msg.seat,
        "name": msg.name,
        "kind": msg.kind,
        "text": msg.text,
        "at": msg.created_at,
    }


MAX_NAME = 40
# Names only the server uses: its own chat lines ("table") and what people are called when they
# hold no seat.  Together with the bots' and empty seats' names (below), nobody can take them.
RESERVED_NAMES = frozenset({"table", "spectator", "spectators", "system", "server", "turncoat", "everyone"})
_RESERVED_PATTERN = re.compile(r"(bot|seat|player)[0-9]*(\(.*\))?")  # "Bot 3 (easy)", "Seat 2"
# Unicode categories no name may hold: control characters (NUL, ESC), format characters
# (zero-width spaces and joiners, bidi overrides), surrogates, private use, unassigned, and line
# or paragraph separators.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def name_key(name: str) -> str:
    """What two names are compared by: compatibility-folded, case-folded, without whitespace
    (so "ANN", "Ann " and "a n n" are one name)."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


def checked_name(raw: str, others: Sequence[str]) -> str:
    """A name a person chose, tidied (inner whitespace collapsed), or a ``bad_name`` refusal:
    empty, too long, holding invisible or control characters, reserved, or already used by
    another seat at the table (case and whitespace do not make a name different)."""
    if not isinstance(raw, str):
        raise ServerError("bad_name", "a name must be text")
    if any(unicodedata.category(ch) in _REFUSED_CATEGORIES for ch in raw):
        raise ServerError("bad_name", "a name cannot hold control or invisible characters")
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not name or len(name) > MAX_NAME:
        raise ServerError("bad_name", f"a name must have 1 to {MAX_NAME} characters")
    key = name_key(name)
    if key in RESERVED_NAMES or _RESERVED_PATTERN.fullmatch(key):
        raise ServerError("bad_name", f"“{name}” is reserved; choose another name")
    if any(name_key(other) == key for other in others):
        raise ServerError("name_taken", f"someone at this table is already called “{name}”")
    return name


def clean_name(name: str) -> str:
    """A name as stored or shown (whitespace collapsed, at most MAX_NAME characters)."""
    return " ".join(name.split())[:MAX_NAME] or "Player"
