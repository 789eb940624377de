"""Connecting to the database and bringing its schema up to date.

SQLite (the default) runs in WAL mode with ``synchronous=FULL``: a commit has reached the disk
before the server tells anyone about it, so neither a killed process nor a power cut loses an
action that was announced.  Write transactions start with ``BEGIN IMMEDIATE`` so two writers
queue on the busy timeout instead of failing half-way.  PostgreSQL is reached through psycopg 3.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, Engine, create_engine, event

MIGRATIONS = Path(__file__).parent / "migrations"
# Any fixed number: PostgreSQL's advisory lock that makes concurrent start-ups migrate one by one.
_MIGRATION_LOCK = 0x7475726E  # "turn"
# Execution option that makes SQLite begin the transaction with BEGIN IMMEDIATE.
WRITE = {"turncoat_write": True}


def upgrade_schema(engine: Engine) -> None:
    """Bring the database to the newest schema (alembic, configured without an ini file).

    Idempotent, and safe when several server processes start at once: the whole upgrade is one
    transaction, taken under an exclusive lock (SQLite ``BEGIN IMMEDIATE``, a PostgreSQL
    advisory lock), so a crash half-way leaves the old schema and a second process waits."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect().execution_options(**WRITE) as conn, conn.begin():
        if engine.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def schema_revision(engine: Engine) -> str | None:
    """The alembic revision the database is at (None before the first migration)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        return _sqlite_engine(url)
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):  # plain URLs mean psycopg 3, not SQLAlchemy's psycopg2 default
            url = "postgresql+psycopg://" + url.removeprefix(prefix)
    return create_engine(url, pool_pre_ping=True)


def _sqlite_engine(url: str) -> Engine:
    path = url.removeprefix("sqlite:///")
    if path and path != ":memory:":
        # The file holds every hidden card (snapshots) and token hashes: the server's user only.
        # SQLite gives the -wal and -shm files the same permissions as the database file.
        Path(path).parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn: Any, _record: Any) -> None:
        # The sqlite3 module's own transaction handling runs DDL outside any transaction and
        # begins lazily; turn it off and let SQLAlchemy's "begin" below say BEGIN itself.
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        immediate = conn.get_execution_options().get("turncoat_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine
