""" "My games": the tables this browser sits at, found from its own seat and host cookies.

A browser keeps one seat cookie per table it sits at (``tc_seat_<table>``, set when it takes the
seat) and a host cookie per table it made.  Each is checked against the server's own record of the
table (its seats' token hashes), so a stale or forged cookie lists nothing, a seat the person left
is no longer theirs, and nothing is ever said about anyone else's seats.  Tables in play are read
from memory; finished ones from storage, their rows only (nothing is replayed), so the list
survives reloads and restarts for as long as the cookies last.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from turncoat.server.deps import host_cookie, seat_cookie
from turncoat.server.live import OVER, PLAYING, Hub, LiveTable
from turncoat.server.security import token_matches
from turncoat.server.storage import StorageError, TableRow

MOST_LISTED = 30  # shown, the newest first
MOST_LOOKED_AT = 60  # cookies read: a browser with more is not made to wait for them all
_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
_SEAT_PREFIX, _HOST_PREFIX = seat_cookie(""), host_cookie("")


def table_ids(cookies: Mapping[str, str]) -> list[str]:
    """The table ids this browser holds a seat or host cookie for (well-formed ids only)."""
    ids: dict[str, None] = {}
    for name in cookies:
        for prefix in (_SEAT_PREFIX, _HOST_PREFIX):
            if name.startswith(prefix) and _ID.fullmatch(name[len(prefix) :]):
                ids[name[len(prefix) :]] = None
    return list(ids)


async def my_tables(hub: Hub, cookies: Mapping[str, str]) -> list[dict[str, Any]]:
    """Each table the cookies prove a seat (or the host's rights) at, newest first: its name,
    game and state, the viewer's seat and whether that seat is to act now."""
    ids = table_ids(cookies)[:MOST_LOOKED_AT]
    found: list[dict[str, Any]] = []
    stored: list[str] = []
    for table_id in ids:
        table = hub.tables.get(table_id) or hub.finished.get(table_id)
        if table is None:
            stored.append(table_id)
            continue
        seat = table.seat_for_token(cookies.get(seat_cookie(table_id)))
        if seat is not None or table.is_host(cookies.get(host_cookie(table_id))):
            found.append(_live(table, seat))
    try:
        rows = await hub.db(hub.store.table_briefs, stored)
    except StorageError:  # the database failed: the tables in memory are still listed
        rows = []
    for row in rows:
        if row.status == OVER:  # every table waiting or in play is in memory already
            listed = _stored(row, cookies)
            if listed is not None:
                found.append(listed)
    found.sort(key=lambda t: -float(t["created_at"]))
    return found[:MOST_LISTED]


def _entry(
    table_id: str, name: str, game: str, players: int, status: str, created_at: float
) -> dict[str, Any]:
    return {
        "id": table_id,
        "name": name,
        "game": game,
        "players": players,
        "status": status,
        "created_at": created_at,
    }


def _live(table: LiveTable, seat: int | None) -> dict[str, Any]:
    entry = _entry(table.id, table.name, table.game.name, len(table.seats), table.status, table.created_at)
    to_act = seat is not None and table.status == PLAYING and seat in table.play.to_act()
    return {
        **entry,
        "seat": seat,
        "seat_name": table.seats[seat].name if seat is not None else None,
        "host": seat is None,
        "your_turn": to_act,
    }


def _stored(row: TableRow, cookies: Mapping[str, str]) -> dict[str, Any] | None:
    """A finished table as stored, if the cookies prove a seat or the host's rights at it."""
    token = cookies.get(seat_cookie(row.id))
    seat = next((s for s in row.seats if s.kind == "human" and token_matches(token, s.token_hash)), None)
    if seat is None and not token_matches(cookies.get(host_cookie(row.id)), row.host_hash):
        return None
    entry = _entry(row.id, row.name, row.game, len(row.seats), row.status, row.created_at)
    return {
        **entry,
        "seat": seat.seat if seat is not None else None,
        "seat_name": seat.name if seat is not None else None,
        "host": seat is None,
        "your_turn": False,
    }
