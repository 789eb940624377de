"""The database tables (SQLAlchemy Core).  The Alembic migrations build exactly these; a test
compares the two, so a change here needs a migration in migrations/versions/."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

metadata = MetaData()

tables_t = Table(
    "game_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("game", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("rules_version", String(40), nullable=False),
    Column("content_digest", String(64), nullable=False),
    Column("status", String(16), nullable=False),
    Column("version", Integer, nullable=False),
    Column("turn_seconds", Integer, nullable=True),
    Column("listed", Boolean, nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    # A hash of the address of the client that opened the table (the per-client quota).
    Column("creator", String(64), nullable=True),
)
seats_t = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("agent", String(80), nullable=True),
    Column("name", String(40), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False),
    # The person's "play forced moves for me": a decision with one legal action is played for them.
    Column("forced_moves", Boolean, nullable=False, server_default=false()),
)
actions_t = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("source", String(8), nullable=False),
    Column("created_at", Float, nullable=False),
)
snapshots_t = Table(
    "snapshots",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("state", Text, nullable=False),
    Column("digest", String(64), nullable=False),
)
chat_t = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("name", String(40), nullable=False),
    Column("kind", String(8), nullable=False),
    Column("text", Text, nullable=False),
    Column("created_at", Float, nullable=False),
    Index("ix_chat_table", "table_id", "id"),
)
