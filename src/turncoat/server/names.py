"""The names people choose at a table: tidied, checked and unique (case and spacing aside)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from turncoat.server.table import ServerError

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
