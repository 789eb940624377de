"""Durable storage: tables, seats, the action log, snapshots and chat (SQLAlchemy 2 Core).

A game is stored as its configuration, seed and one row per action (with its version number);
everything else is rebuilt by replay.  Snapshots of the state every few dozen actions let a
restart check the replay (or recover from a snapshot if the log can no longer be replayed).
Seat and host tokens are stored as SHA-256 hashes only.  Every write that changes a game is one
transaction, made before anyone is told, and guarded by the table's version (optimistic
concurrency): a writer that read an older version is refused with :class:`StaleVersion` and
nothing is written.

Connections and migrations are in database.py, the tables in schema.py.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, Row, delete, insert, select, update
from sqlalchemy.exc import DatabaseError, DBAPIError, IntegrityError, SQLAlchemyError

from turncoat.server.database import WRITE, make_engine, upgrade_schema
from turncoat.server.schema import actions_t, chat_t, seats_t, snapshots_t, tables_t


class DamagedDatabase(Exception):
    """The SQLite file is not a database (or is corrupted); the message names the file and what
    to do.  Nothing was written to it."""


class StaleVersion(Exception):
    """Someone else wrote this table first; nothing was written."""


class StorageError(Exception):
    """The database failed (unreachable, full, locked too long, schema missing).  For a write
    the transaction was rolled back, so nothing was written; for a read nothing was read.  The
    message says what could not be stored or read."""


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" | "bot"
    agent: str | None
    name: str
    token_hash: str | None
    claimed: bool
    # The person's preference: when this seat's only legal choice is one action, the server plays
    # it at once (hub/runner.py).  Off unless the person turns it on.
    forced_moves: bool = False


@dataclass
class ActionRow:
    version: int
    seat: int
    action: dict[str, Any]
    source: str  # "player" | "bot" | "timeout" | "forced" (the seat's only choice, played for it)


@dataclass
class TableRow:
    id: str
    name: str
    game: str
    options: dict[str, Any]
    seed: int
    rules_version: str
    content_digest: str
    status: str
    version: int
    turn_seconds: int | None
    listed: bool
    host_hash: str
    created_at: float
    seats: list[SeatRow] = field(default_factory=list)
    creator: str | None = None  # hash of the opening client's address (per-client quota)
    updated_at: float = 0.0  # when its status or a seat last changed
    actions: list[ActionRow] = field(default_factory=list)
    snapshot: tuple[int, str, str] | None = None  # the latest: version, state JSON, digest
    # Every snapshot's digest by version, so a restart can check the whole replay, not just its end.
    snapshot_digests: dict[int, str] = field(default_factory=dict)


@dataclass
class ChatRow:
    seat: int | None
    name: str
    kind: str  # "chat" | "system"
    text: str
    created_at: float


class Store:
    """Synchronous storage calls; the server runs them in a worker thread.  A write the
    database fails raises :class:`StorageError` (rolled back, nothing written), and so does a
    read it fails."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        try:
            upgrade_schema(self.engine)
        except SQLAlchemyError as exc:
            self.engine.dispose()
            reason = exc.orig if isinstance(exc, DBAPIError) else exc
            path = url.removeprefix("sqlite:///")
            if url.startswith("sqlite:///") and isinstance(exc, DatabaseError) and _damaged(str(reason)):
                raise DamagedDatabase(
                    f"the database file {path} is damaged ({reason}); nothing was changed in it: "
                    "move it aside or restore it from a backup, then start again"
                ) from exc
            raise StorageError(f"could not open the database: {reason}") from exc
        self._group_commit = self.engine.dialect.name == "sqlite"
        self._queue: list[_Append] = []  # appends waiting for the next group commit
        self._queue_lock = threading.Lock()
        self._writer = threading.Lock()  # held by the thread committing a group

    def close(self) -> None:
        self.engine.dispose()

    def _write(self) -> Connection:
        """A connection for one write transaction (``with self._write() as c, c.begin():``)."""
        return self.engine.connect().execution_options(**WRITE)

    @contextmanager
    def _writing(self, what: str) -> Iterator[Connection]:
        """One write transaction.  If the database fails, the transaction is rolled back and
        :class:`StorageError` says what could not be stored, so callers handle every write's
        failure alike (appends report theirs from :meth:`_commit_group`)."""
        try:
            with self._write() as conn, conn.begin():
                yield conn
        except SQLAlchemyError as exc:
            reason = exc.orig if isinstance(exc, DBAPIError) else exc
            raise StorageError(f"could not store {what}: {reason}") from exc

    @contextmanager
    def _reading(self, what: str) -> Iterator[Connection]:
        """A connection for reads.  If the database fails, :class:`StorageError` says what
        could not be read."""
        try:
            with self.engine.connect() as conn:
                yield conn
        except SQLAlchemyError as exc:
            reason = exc.orig if isinstance(exc, DBAPIError) else exc
            raise StorageError(f"could not read {what}: {reason}") from exc

    def journal_mode(self) -> str:
        with self.engine.connect() as conn:
            if self.engine.dialect.name != "sqlite":
                return self.engine.dialect.name
            return str(conn.exec_driver_sql("PRAGMA journal_mode").scalar())

    def create_table(self, row: TableRow) -> None:
        now = time.time()
        with self._writing(f"the new table {row.id}") as conn:
            conn.execute(
                insert(tables_t).values(
                    id=row.id,
                    name=row.name,
                    game=row.game,
                    options=row.options,
                    seed=row.seed,
                    rules_version=row.rules_version,
                    content_digest=row.content_digest,
                    status=row.status,
                    version=row.version,
                    turn_seconds=row.turn_seconds,
                    listed=row.listed,
                    host_hash=row.host_hash,
                    created_at=now,
                    updated_at=now,
                    creator=row.creator,
                )
            )
            for s in row.seats:
                conn.execute(insert(seats_t).values(table_id=row.id, **_seat_values(s)))

    def append_actions(
        self,
        table_id: str,
        expected_version: int,
        rows: Sequence[ActionRow],
        status: str,
        snapshot: tuple[int, str, str] | None = None,
        system_message: str | None = None,
    ) -> None:
        """Write actions (all or none) if the table is still at ``expected_version``; return
        once they are committed.

        ``rows`` must be numbered ``expected_version + 1`` onwards.  Raises :class:`StaleVersion`
        (nothing written) when another writer got there first, :class:`StorageError` (nothing
        written) when the database fails.

        Group commit (SQLite): appends that arrive from several threads while a commit is under
        way are written together in the next transaction, each in its own savepoint (so a stale
        one is refused alone), and share its one disk flush.  SQLite takes one writer at a time
        anyway; PostgreSQL commits concurrent transactions in parallel and shares the flush by
        itself, so there each append is its own transaction (serialising them measured 3x worse
        p95 in bench/server_load.py)."""
        expected = list(range(expected_version + 1, expected_version + len(rows) + 1))
        if not rows or [r.version for r in rows] != expected:
            raise ValueError(f"actions must be numbered {expected_version + 1} onwards, one each")
        job = _Append(table_id, expected_version, list(rows), status, snapshot, system_message)
        if not self._group_commit:
            self._commit_group([job])
            if job.error is not None:
                raise job.error
            return
        with self._queue_lock:
            self._queue.append(job)
        with self._writer:
            if not job.done:  # nobody took it yet: lead a group with everything queued
                with self._queue_lock:
                    group, self._queue = self._queue, []
                self._commit_group(group)
        if job.error is not None:
            raise job.error

    def _commit_group(self, group: list[_Append]) -> None:
        try:
            with self._write() as conn, conn.begin():
                for job in group:
                    savepoint = conn.begin_nested()
                    try:
                        _write_append(conn, job, time.time())
                    except (StaleVersion, IntegrityError) as exc:  # someone took the version
                        savepoint.rollback()
                        job.error = StaleVersion(job.table_id)
                        job.error.__cause__ = exc
                    else:
                        savepoint.commit()
        except Exception as exc:  # the whole group is rolled back: nobody's actions were stored
            reason = exc.orig if isinstance(exc, DBAPIError) else exc
            for job in group:
                if job.error is None:
                    job.error = StorageError(f"could not store the actions of table {job.table_id}: {reason}")
                    job.error.__cause__ = exc
        finally:
            for job in group:
                job.done = True

    def set_status(self, table_id: str, status: str) -> None:
        with self._writing(f"the status of table {table_id}") as conn:
            conn.execute(
                update(tables_t)
                .where(tables_t.c.id == table_id)
                .values(status=status, updated_at=time.time())
            )

    def update_seat(
        self, table_id: str, seat: SeatRow, status: str | None = None, system_message: str | None = None
    ) -> None:
        """Write one seat (and the table's new status, and the system chat line that announces
        the change) in one transaction: all or nothing."""
        with self._writing(f"seat {seat.seat} of table {table_id}") as conn:
            conn.execute(
                update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat.seat)
                .values(**_seat_values(seat))
            )
            # updated_at also marks a waiting table as in use (idle ones expire).
            changes: dict[str, Any] = {"updated_at": time.time()}
            if status is not None:
                changes["status"] = status
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(**changes))
            if system_message is not None:
                conn.execute(
                    insert(chat_t).values(
                        table_id=table_id, seat=None, name="table", kind="system", text=system_message,
                        created_at=time.time(),
                    )
                )  # fmt: skip

    def add_chat(self, table_id: str, msg: ChatRow, keep: int | None = None) -> None:
        """Store a chat line; with ``keep``, only the table's newest ``keep`` lines stay."""
        with self._writing(f"a chat message at table {table_id}") as conn:
            conn.execute(
                insert(chat_t).values(
                    table_id=table_id,
                    seat=msg.seat,
                    name=msg.name,
                    kind=msg.kind,
                    text=msg.text,
                    created_at=msg.created_at,
                )
            )
            if keep is not None:
                oldest_kept = (
                    select(chat_t.c.id)
                    .where(chat_t.c.table_id == table_id)
                    .order_by(chat_t.c.id.desc())
                    .limit(1)
                    .offset(keep - 1)
                    .scalar_subquery()
                )
                conn.execute(delete(chat_t).where(chat_t.c.table_id == table_id, chat_t.c.id < oldest_kept))

    def chat(self, table_id: str, limit: int = 200) -> list[ChatRow]:
        with self._reading(f"the chat of table {table_id}") as conn:
            rows = conn.execute(
                select(chat_t).where(chat_t.c.table_id == table_id).order_by(chat_t.c.id.desc()).limit(limit)
            ).all()
        return [ChatRow(r.seat, r.name, r.kind, r.text, r.created_at) for r in reversed(rows)]

    def actions(self, table_id: str) -> list[ActionRow]:
        with self._reading(f"the actions of table {table_id}") as conn:
            rows = conn.execute(
                select(actions_t).where(actions_t.c.table_id == table_id).order_by(actions_t.c.version)
            ).all()
        return [ActionRow(r.version, r.seat, _json(r.action), r.source) for r in rows]

    def load_all(self, statuses: Collection[str] | None = None) -> list[TableRow]:
        """Every table (or those with one of ``statuses``) with its seats, action log and
        snapshots (for a restart)."""
        query = select(tables_t).order_by(tables_t.c.created_at)
        if statuses is not None:
            query = query.where(tables_t.c.status.in_(list(statuses)))
        with self._reading("the tables") as conn:
            return [_load_row(conn, t) for t in conn.execute(query).all()]

    def table_briefs(self, table_ids: Collection[str]) -> list[TableRow]:
        """The named tables that exist, with their seats but without their logs or snapshots:
        what a list of tables shows (nothing is replayed)."""
        ids = list(table_ids)
        if not ids:
            return []
        with self._reading("the tables") as conn:
            found = conn.execute(select(tables_t).where(tables_t.c.id.in_(ids))).all()
            seats = conn.execute(
                select(seats_t)
                .where(seats_t.c.table_id.in_(ids))
                .order_by(seats_t.c.table_id, seats_t.c.seat)
            ).all()
        rows = {t.id: _table_row(t) for t in found}
        for s in seats:
            rows[s.table_id].seats.append(
                SeatRow(s.seat, s.kind, s.agent, s.name, s.token_hash, bool(s.claimed))
            )
        return list(rows.values())

    def load_table(self, table_id: str) -> TableRow | None:
        """One table, as :meth:`load_all` gives it (None if there is no such table)."""
        with self._reading(f"table {table_id}") as conn:
            t = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            return None if t is None else _load_row(conn, t)


def _table_row(t: Row[Any]) -> TableRow:
    """A table's own row, without its seats, log or snapshots."""
    return TableRow(
        id=t.id,
        name=t.name,
        game=t.game,
        options=_json(t.options),
        seed=int(t.seed),
        rules_version=t.rules_version,
        content_digest=t.content_digest,
        status=t.status,
        version=t.version,
        turn_seconds=t.turn_seconds,
        listed=bool(t.listed),
        host_hash=t.host_hash,
        created_at=t.created_at,
        creator=t.creator,
        updated_at=t.updated_at,
    )


def _load_row(conn: Connection, t: Row[Any]) -> TableRow:
    """A table's row with its seats, log, every snapshot's digest and the latest snapshot."""
    row = _table_row(t)
    row.seats = [
        SeatRow(s.seat, s.kind, s.agent, s.name, s.token_hash, bool(s.claimed), bool(s.forced_moves))
        for s in conn.execute(
            select(seats_t).where(seats_t.c.table_id == t.id).order_by(seats_t.c.seat)
        ).all()
    ]
    row.actions = [
        ActionRow(a.version, a.seat, _json(a.action), a.source)
        for a in conn.execute(
            select(actions_t).where(actions_t.c.table_id == t.id).order_by(actions_t.c.version)
        ).all()
    ]
    row.snapshot_digests = {
        s.version: s.digest
        for s in conn.execute(
            select(snapshots_t.c.version, snapshots_t.c.digest).where(snapshots_t.c.table_id == t.id)
        ).all()
    }
    if row.snapshot_digests:
        latest = max(row.snapshot_digests)
        state: str = conn.execute(
            select(snapshots_t.c.state).where(snapshots_t.c.table_id == t.id, snapshots_t.c.version == latest)
        ).scalar_one()
        row.snapshot = (latest, state, row.snapshot_digests[latest])
    return row


@dataclass
class _Append:
    """One caller's append, waiting in the group-commit queue."""

    table_id: str
    expected_version: int
    rows: list[ActionRow]
    status: str
    snapshot: tuple[int, str, str] | None
    system_message: str | None
    done: bool = False
    error: Exception | None = None


def _write_append(conn: Connection, job: _Append, now: float) -> None:
    """The statements of one append; raises StaleVersion if the table moved on."""
    result = conn.execute(
        update(tables_t)
        .where(tables_t.c.id == job.table_id, tables_t.c.version == job.expected_version)
        .values(version=job.expected_version + len(job.rows), status=job.status, updated_at=now)
    )
    if result.rowcount != 1:
        raise StaleVersion(job.table_id)
    conn.execute(
        insert(actions_t),
        [
            {"table_id": job.table_id, "version": r.version, "seat": r.seat, "action": r.action,
             "source": r.source, "created_at": now}
            for r in job.rows
        ],
    )  # fmt: skip
    if job.snapshot is not None:
        version, state, digest = job.snapshot
        conn.execute(
            insert(snapshots_t).values(table_id=job.table_id, version=version, state=state, digest=digest)
        )
    if job.system_message is not None:
        conn.execute(
            insert(chat_t).values(
                table_id=job.table_id, seat=None, name="table", kind="system", text=job.system_message,
                created_at=now,
            )
        )  # fmt: skip


def _seat_values(s: SeatRow) -> dict[str, Any]:
    return {
        "seat": s.seat,
        "kind": s.kind,
        "agent": s.agent,
        "name": s.name,
        "token_hash": s.token_hash,
        "claimed": s.claimed,
        "forced_moves": s.forced_moves,
    }


def _damaged(reason: str) -> bool:
    """Whether SQLite's error says the file itself is not a sound database."""
    return any(m in reason for m in ("file is not a database", "malformed", "disk image"))


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value
