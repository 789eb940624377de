"""Live tables: the hub that holds every table of this server process.

``Hub`` is put together from its parts (see :mod:`turncoat.server.hub`): tables, moves, seats,
the bot and clock runner, connections and chat.  The names other modules import from here are
defined next to the code they belong to and re-exported for them.
"""

from __future__ import annotations

from turncoat.server.hub.conns import ConnsPart
from turncoat.server.hub.moves import MovesPart
from turncoat.server.hub.runner import RunnerPart
from turncoat.server.hub.seats import SeatsPart
from turncoat.server.hub.tables import TablesPart
from turncoat.server.names import MAX_NAME, RESERVED_NAMES, checked_name, clean_name, name_key
from turncoat.server.payload import Update, build_payload
from turncoat.server.table import (
    BROKEN,
    EXPIRED,
    OVER,
    PLAYING,
    WAITING,
    Conn,
    LiveTable,
    SeatSpec,
    ServerError,
    chat_dict,
)


class Hub(TablesPart, MovesPart, SeatsPart, RunnerPart, ConnsPart):
    """All live tables of this server process."""


__all__ = [
    "BROKEN",
    "EXPIRED",
    "MAX_NAME",
    "OVER",
    "PLAYING",
    "RESERVED_NAMES",
    "WAITING",
    "Conn",
    "Hub",
    "LiveTable",
    "SeatSpec",
    "ServerError",
    "Update",
    "build_payload",
    "chat_dict",
    "checked_name",
    "clean_name",
    "name_key",
]
