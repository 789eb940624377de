"""Server settings: where data lives, limits, bot pacing, who may reach the server.

Each setting can come from a ``TURNCOAT_*`` environment variable (docs/server.md lists them).
A value that does not fit is refused at start-up with :class:`SettingsError`, whose message
names the variable and what it must be, instead of failing somewhere later.
"""

from __future__ import annotations

import ipaddress
import math
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


class SettingsError(ValueError):
    """A TURNCOAT_* environment variable holds a value the server cannot use."""


def _from_env(name: str, parse: Callable[[str], T], default: T, must: str) -> Callable[[], T]:
    """A default factory: the variable parsed by ``parse`` (which raises ValueError for a bad
    value), or ``default`` when it is unset or empty."""

    def factory() -> T:
        raw = os.environ.get(name, "")
        if not raw.strip():
            return default
        try:
            return parse(raw.strip())
        except ValueError as exc:
            raise SettingsError(f"{name} must be {must}, not {raw[:60]!r}") from exc

    return factory


def _number(low: float, high: float) -> Callable[[str], float]:
    def parse(raw: str) -> float:
        value = float(raw)
        if not math.isfinite(value) or not low <= value <= high:
            raise ValueError(raw)
        return value

    return parse


def _whole(low: int, high: int) -> Callable[[str], int]:
    def parse(raw: str) -> int:
        if not re.fullmatch(r"[0-9]{1,9}", raw):
            raise ValueError(raw)
        value = int(raw)
        if not low <= value <= high:
            raise ValueError(raw)
        return value

    return parse


_HOST_NAME = re.compile(r"[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]|[0-9A-Fa-f:.]{2,45}|\*")


def _hosts(raw: str) -> tuple[str, ...]:
    hosts = tuple(h.strip().lower() for h in raw.split(",") if h.strip())
    if not hosts or not all(_HOST_NAME.fullmatch(h) for h in hosts):
        raise ValueError(raw)
    return tuple(h.strip("[]") for h in hosts)


def _networks(raw: str) -> tuple[str, ...]:
    nets = tuple(n.strip() for n in raw.split(",") if n.strip())
    for net in nets:
        ipaddress.ip_network(net, strict=False)  # raises ValueError
    return nets


def _database_url(raw: str) -> str:
    if not raw.startswith(("sqlite:///", "postgresql://", "postgres://", "postgresql+psycopg://")):
        raise ValueError(raw)
    return raw


def _directory(raw: str) -> Path:
    path = Path(raw).expanduser()
    if path.exists() and not path.is_dir():
        raise ValueError(raw)
    return path


_NO_PROXIES: tuple[str, ...] = ()


def default_data_dir() -> Path:
    fallback = Path.home() / ".local" / "share" / "turncoat"
    return _from_env("TURNCOAT_DATA_DIR", _directory, fallback, "a directory")()


@dataclass(frozen=True)
class Settings:
    """Everything the app needs; the defaults suit one machine serving friends."""

    data_dir: Path = field(default_factory=default_data_dir)
    # SQLAlchemy URL; None means SQLite (WAL) in data_dir.  TURNCOAT_DATABASE_URL overrides.
    database_url: str | None = field(
        default_factory=_from_env(
            "TURNCOAT_DATABASE_URL", _database_url, None, "a sqlite:/// or postgresql:// URL"
        )
    )
    bot_workers: int = 2
    # A pause before each bot move so people can follow the game; TURNCOAT_BOT_DELAY=0 for
    # bot-only tables (tests, benchmarks).
    bot_delay_s: float = field(
        default_factory=_from_env(
            "TURNCOAT_BOT_DELAY", _number(0, 60), 0.6, "a number of seconds from 0 to 60"
        )
    )
    snapshot_every: int = 50  # actions between state snapshots
    max_ws_message: int = 8192  # bytes
    # Messages per second per connection (a token bucket) and the burst it allows; raise them for
    # scripted clients that answer every update at once.
    ws_rate: float = field(
        default_factory=_from_env(
            "TURNCOAT_WS_RATE", _number(0.1, 100000), 15.0, "a number of messages a second from 0.1 to 100000"
        )
    )
    ws_burst: int = field(
        default_factory=_from_env(
            "TURNCOAT_WS_BURST", _whole(1, 100000), 40, "a whole number from 1 to 100000"
        )
    )
    http_rate: float = 10.0  # state-changing requests per second per client address
    http_burst: int = 40
    max_body: int = 32768
    # Tables waiting or playing at once, over all clients and per client address (an IPv6
    # client counts by its /64 network: one machine gets a whole one).
    max_tables: int = field(
        default_factory=_from_env(
            "TURNCOAT_MAX_TABLES", _whole(1, 100000), 2000, "a whole number from 1 to 100000"
        )
    )
    tables_per_client: int = field(
        default_factory=_from_env(
            "TURNCOAT_TABLES_PER_CLIENT", _whole(1, 10000), 20, "a whole number from 1 to 10000"
        )
    )
    # A waiting table nobody has joined, left or watched for this long is closed.
    waiting_expiry_s: float = field(
        default_factory=_from_env(
            "TURNCOAT_WAITING_EXPIRY", _number(60, 30 * 86400), 6 * 3600.0,
            "a number of seconds from 60 to 2592000 (30 days)",
        )
    )  # fmt: skip
    max_chat: int = 500  # characters per chat message
    chat_rate: float = 1.0  # chat lines per second per seat, and per client address
    chat_burst: int = 8
    chat_kept: int = 500  # chat lines kept per table (older ones are deleted)
    conns_per_seat: int = 8  # open websockets per seat (tabs, phones, reconnects)
    conns_per_address: int = field(  # open websockets per client address
        default_factory=_from_env(
            "TURNCOAT_CONNS_PER_ADDRESS", _whole(1, 100000), 64, "a whole number from 1 to 100000"
        )
    )
    # Host names the server answers to (Host header, websocket Origin).  None: localhost, the
    # address it listens on, and (when listening on all addresses) any IP address.
    allowed_hosts: tuple[str, ...] | None = field(
        default_factory=_from_env(
            "TURNCOAT_ALLOWED_HOSTS", _hosts, None, "a comma-separated list of host names"
        )
    )
    bind_host: str = "127.0.0.1"  # the address `turncoat serve` listens on
    # Proxies whose X-Forwarded-For / X-Forwarded-Proto are believed; none by default.
    trusted_proxies: tuple[str, ...] = field(
        default_factory=_from_env(
            "TURNCOAT_TRUSTED_PROXIES",
            _networks,
            _NO_PROXIES,
            "a comma-separated list of IP addresses or networks",
        )
    )
    # Slow clients: the whole request head, and then the body, must arrive within these.
    header_timeout_s: float = field(
        default_factory=_from_env(
            "TURNCOAT_HEADER_TIMEOUT", _number(0.1, 600), 10.0, "a number of seconds from 0.1 to 600"
        )
    )
    body_timeout_s: float = field(
        default_factory=_from_env(
            "TURNCOAT_BODY_TIMEOUT", _number(0.1, 600), 20.0, "a number of seconds from 0.1 to 600"
        )
    )
    secure_cookies: bool = False  # set True behind HTTPS

    def url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{self.data_dir / 'turncoat.db'}"

    def database_file(self) -> Path | None:
        """The SQLite file the data lives in (None for PostgreSQL)."""
        url = self.url()
        return Path(url.removeprefix("sqlite:///")) if url.startswith("sqlite:///") else None
