"""Checking what clients send, before any of it is used.

Every value from a request or a websocket message is checked for its type and range here, so a
handler never sizes a list, a loop or a number by what an attacker chose, and never meets a value
it cannot handle (a float where a count belongs, ``"²"`` which ``str.isdigit`` accepts, a number
of a thousand digits, JSON nested ten thousand deep).  A bad value is refused with
:class:`~turncoat.server.live.ServerError` and a code that names the field.
"""

from __future__ import annotations

import json
import re
from typing import Any

from turncoat.server.live import ServerError

MAX_JSON_DEPTH = 16  # our own messages nest at most five deep
_ASCII_WHOLE = re.compile(r"[0-9]{1,15}")  # ASCII digits only: "²".isdigit() is True


def json_depth_ok(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether no array or object in ``text`` nests deeper than ``limit`` (strings skipped).
    Checked before parsing: the parser would recurse once per level."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def parse_json(text: str | bytes, what: str = "the body") -> Any:
    """Parse JSON from a client: too deep, not UTF-8, non-finite numbers (``1e400``, ``NaN``)
    and integers of thousands of digits are refused as ``malformed_json``."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ServerError("malformed_json", f"{what} is not UTF-8 text") from exc
    if not json_depth_ok(text):
        raise ServerError("malformed_json", f"{what} nests deeper than {MAX_JSON_DEPTH} levels")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except (ValueError, RecursionError) as exc:  # ValueError covers integers over 4300 digits
        raise ServerError("malformed_json", f"{what} is not valid JSON") from exc


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError("number out of range")
    return value


def whole_number(
    value: Any, field: str, low: int, high: int, code: str = "bad_request", *, text_ok: bool = True
) -> int:
    """``value`` as an int in ``low..high``: a JSON integer, or (``text_ok``: forms, headers) a
    string of ASCII digits.  Booleans, floats and anything else are refused."""
    if text_ok and isinstance(value, str) and _ASCII_WHOLE.fullmatch(value.strip()):
        value = int(value.strip())
    if type(value) is not int or not low <= value <= high:
        raise ServerError(code, f"{field} must be a whole number from {low} to {high}")
    return value


def optional_text(value: Any, field: str, longest: int, code: str = "bad_request") -> str:
    """A string of at most ``longest`` characters, or "" for a missing value."""
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > longest:
        raise ServerError(code, f"{field} must be text of at most {longest} characters")
    return value


def version_of(value: Any) -> int:
    """The table version a move answers (``missing_version`` if there is none)."""
    return whole_number(value, "version", 0, 10**9, code="missing_version")


def on_or_off(value: Any, field: str, code: str = "bad_preference") -> bool:
    """A yes/no preference: a JSON ``true``/``false``, or (a form's field) ``on``/``off``.
    Anything else, a missing value too, is refused: a preference is never guessed."""
    if type(value) is bool:
        return value
    if isinstance(value, str) and value in ("on", "off"):
        return value == "on"
    shown = "nothing" if value is None else repr(value)[:40]
    raise ServerError(code, f"{field} must be true or false (on or off in a form), not {shown}")
