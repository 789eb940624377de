"""Canonical JSON: one byte string per value, so digests and records are stable.

Keys are sorted and no whitespace is emitted; msgspec Structs encode with their type tag.
"""

from __future__ import annotations

from hashlib import blake2b
from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

_ENCODER = msgspec.json.Encoder(order="sorted")


def canonical_json(value: Any) -> bytes:
    """Canonical JSON bytes of a Struct, dict, list or scalar."""
    return _ENCODER.encode(value)


def digest(value: Any) -> str:
    """A short hex digest of the canonical JSON of ``value``."""
    return blake2b(canonical_json(value), digest_size=16).hexdigest()


def to_builtins(value: Any) -> Any:
    """Plain JSON data (dicts, lists, scalars) for a Struct tree: exactly what a JSON file holds,
    so an in-memory record equals the same record read back from disk."""
    return msgspec.json.decode(canonical_json(value))


def from_builtins(value: Any, type_: type[T]) -> T:
    """Decode plain JSON-like data into ``type_``, validating it strictly."""
    return msgspec.convert(value, type_, strict=True)


def pretty_json(value: Any) -> str:
    """Human-readable JSON with sorted keys (records on disk, CLI output)."""
    return msgspec.json.format(canonical_json(value), indent=2).decode()
