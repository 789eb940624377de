"""``key=value`` options as typed on a command line or in an agent spec (``ismcts:iterations=200``).

One reading everywhere: integers and decimals become numbers, ``true``/``false``/``none`` become
``True``/``False``/``None``, anything else stays text.  Whether a name or value is allowed is for
whoever takes the options (a game's config, an agent's constructor) to say.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

_WORDS: dict[str, Any] = {"true": True, "false": False, "none": None}


def option_value(text: str) -> Any:
    """The typed value of one option's text."""
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            continue
    return _WORDS.get(text.lower(), text)


def parse_options(items: Iterable[str]) -> dict[str, Any] | str:
    """The typed options, or the first item that is not ``key=value`` (for the caller's error)."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            return item
        out[key] = option_value(value)
    return out
