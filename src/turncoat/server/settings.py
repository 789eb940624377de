"""Server settings: where data lives, limits, bot pacing."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def _env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if not raw:
        return default
    try:
        return float(raw)
    except ValueError as exc:
        raise ValueError(f"{name} must be a number of seconds, not {raw!r}") from exc


def default_data_dir() -> Path:
    env = os.environ.get("TURNCOAT_DATA_DIR")
    if env:
        return Path(env)
    return Path.home() / ".local" / "share" / "turncoat"


@dataclass(frozen=True)
class Settings:
    """Everything the app needs; the defaults suit one machine serving friends."""

    data_dir: Path = field(default_factory=default_data_dir)
    # SQLAlchemy URL; None means SQLite (WAL) in data_dir.  TURNCOAT_DATABASE_URL overrides.
    database_url: str | None = field(default_factory=lambda: os.environ.get("TURNCOAT_DATABASE_URL"))
    bot_workers: int = 2
    # A pause before each bot move so people can follow the game; TURNCOAT_BOT_DELAY=0 for
    # bot-only tables (tests, benchmarks).
    bot_delay_s: float = field(default_factory=lambda: _env_float("TURNCOAT_BOT_DELAY", 0.6))
    snapshot_every: int = 50  # actions between state snapshots
    max_ws_message: int = 8192  # bytes
    ws_rate: float = 15.0  # messages per second per connection (token bucket)
    ws_burst: int = 40
    http_rate: float = 10.0  # state-changing requests per second per client address
    http_burst: int = 40
    max_body: int = 32768
    max_tables: int = 2000
    max_chat: int = 500  # characters per chat message
    secure_cookies: bool = False  # set True behind HTTPS

    def url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{self.data_dir / 'turncoat.db'}"
