"""Tokens, CSRF, rate limits and log redaction."""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import re
import secrets
import time
from collections.abc import Callable

Clock = Callable[[], float]


def new_token() -> str:
    """An unguessable token (192 bits), for seat links and host rights."""
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str | None, stored_hash: str | None) -> bool:
    if not token or not stored_hash or len(token) > 200:
        return False
    return secrets.compare_digest(hash_token(token), stored_hash)


class TokenBucket:
    """A classic token bucket: ``rate`` per second, up to ``burst`` at once."""

    __slots__ = ("burst", "clock", "last", "rate", "tokens")

    def __init__(self, rate: float, burst: int, clock: Clock = time.monotonic) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.clock = clock
        self.last = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class RateLimiter:
    """One bucket per key (e.g. client address), forgetting idle keys."""

    def __init__(self, rate: float, burst: int, max_keys: int = 10000, clock: Clock = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self.clock = clock
        self.buckets: dict[str, TokenBucket] = {}

    def allow(self, key: str) -> bool:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.max_keys:
                self.buckets.clear()
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst, self.clock)
        return bucket.take()


def client_key(address: str) -> str:
    """The key a client address is counted under: an IPv6 client by its /64 network (one
    machine is usually handed a whole one), anything else as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6 and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip.ipv4_mapped or ip) if ip.version == 6 else str(ip)


_SECRET_PATH = re.compile(r"(/(?:join|host)/[^/\s?]+/)[^/\s?\"]+")
_SECRET_QUERY = re.compile(r"((?:token|csrf)=)[^&\s\"]+")


def redact_secrets(text: str) -> str:
    """Replace seat and host tokens in a URL or log line with ``***``."""
    return _SECRET_QUERY.sub(r"\1***", _SECRET_PATH.sub(r"\1***", text))


class RedactTokensFilter(logging.Filter):
    """Keeps seat tokens out of the access log (uvicorn passes the path as an argument)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact_secrets(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.msg, str):
            record.msg = redact_secrets(record.msg)
        return True


def install_log_filter() -> None:
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokensFilter) for f in logger.filters):
            logger.addFilter(RedactTokensFilter())
