""" "My games": the tables this browser sits at, found from its own seat and host cookies.

A browser keeps one seat cookie per table it sits at (``tc_seat_<table>``, set when it takes the
seat) and a host cookie per table it made.  Each is checked against the server's own record of the
table (its seats' token hashes), so a stale or forged cookie lists nothing, a seat the person left
is no longer theirs, and nothing is ever said about anyone else's seats.  Finished tables are read
back from storage, so the list survives reloads and restarts for as long as the cookies last.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from turncoat.server.deps import host_cookie, seat_cookie
from turncoat.server.live import PLAYING, Hub, LiveTable, ServerError

MOST_LISTED = 30  # shown, the newest first
MOST_FETCHED = 60  # cookies looked at: a browser with more is not made to load them all
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
    """Each table the cookies prove a seat (or the host's rights) at, newest first: its summary,
    the viewer's seat and whether that seat is to act now."""
    found = []
    for table_id in table_ids(cookies)[:MOST_FETCHED]:
        try:
            table = await hub.fetch(table_id)
        except ServerError:  # gone (expired, never existed) or storage unavailable: not listed now
            continue
        seat = table.seat_for_token(cookies.get(seat_cookie(table_id)))
        host = table.is_host(cookies.get(host_cookie(table_id)))
        if seat is None and not host:
            continue
        found.append({**_brief(table.summary(), seat), "host": host, "your_turn": _to_act(table, seat)})
    found.sort(key=lambda t: -float(t["created_at"]))
    return found[:MOST_LISTED]


def _brief(summary: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """What the list shows of a table: public facts and the viewer's own seat."""
    keep = ("id", "name", "game", "players", "status", "created_at")
    out = {k: summary[k] for k in keep}
    out["seat"] = seat
    out["seat_name"] = summary["seats"][seat]["name"] if seat is not None else None
    return out


def _to_act(table: LiveTable, seat: int | None) -> bool:
    if seat is None or table.status != PLAYING:
        return False
    return seat in table.play.to_act()
