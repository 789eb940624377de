"""Seats: taken, left, given to a bot, and handed out again by invite link; the names people
choose there (see :mod:`turncoat.server.names`).

A seat change is stored first (with the table's new status and a system chat line, in one
transaction) and only then made in memory.
"""

from __future__ import annotations

import time
from dataclasses import replace

from turncoat.server import adapters
from turncoat.server.hub.base import HubBase
from turncoat.server.names import checked_name
from turncoat.server.security import hash_token, new_token
from turncoat.server.storage import ChatRow, SeatRow
from turncoat.server.table import PLAYING, WAITING, LiveTable, ServerError, checked_bot, refuse_if_finished


class SeatsPart(HubBase):
    async def _save_seat(self, table: LiveTable, new: SeatRow, what: str, note: str | None = None) -> None:
        """Store a changed copy of a seat (with the table's new status and the system chat line
        ``note``, in one transaction), and only then put it in place: if the database fails, the
        table in memory is exactly as it was."""
        status = self._status_after_seat(table, new)
        # Only a change is written: a broken table's status is not the one stored.
        changed = status if status != table.status else None
        await self._save(table.id, what, self.store.update_seat, table.id, new, changed, note)
        table.seats[new.seat] = new
        table.status = status
        table.active_at = self.clock()

    async def claim(self, table: LiveTable, seat: int, name: str | None, rotate: bool) -> str | None:
        """Mark a human seat as taken (first visit or joining from the lobby).  With ``rotate``
        a fresh token replaces the old one, which is returned."""
        async with table.lock:
            refuse_if_finished(table)
            s = table.seats[seat]
            token = new_token() if rotate else None
            others = [o.name for o in table.seats if o.seat != seat]
            new = replace(
                s,
                claimed=True,
                token_hash=hash_token(token) if token is not None else s.token_hash,
                name=checked_name(name, others) if name else s.name,
            )
            await self._save_seat(table, new, "your seat")
        self._notify(table, dirty=True)
        self._kick(table)
        return token

    async def join_open_seat(self, table: LiveTable, name: str | None) -> tuple[int, str]:
        """Take the first free lobby seat of a listed table with a fresh token (chosen under the
        lock: two people joining at once never get the same seat).  A seat with an outstanding
        invite link is kept for that friend; a private table's seats are taken only through the
        host's invite links."""
        async with table.lock:
            refuse_if_finished(table)
            if not table.listed:  # seats at a private table are taken by the host's invite links only
                raise ServerError("private_table", "this table is private: ask its host for an invite link")
            if not table.open_seats():
                raise ServerError("table_full", "this table has no free seat")
            lobby_seats = table.lobby_seats()
            if not lobby_seats:
                raise ServerError(
                    "seats_reserved", "every free seat at this table is kept for a friend the host invited"
                )
            seat = table.seats[lobby_seats[0]]
            others = [o.name for o in table.seats if o.seat != seat.seat]
            token = new_token()
            new = replace(
                seat,
                token_hash=hash_token(token),
                claimed=True,
                name=checked_name(name, others) if name else seat.name,
            )
            await self._save_seat(table, new, "your seat")
        self._notify(table, dirty=True)
        self._kick(table)
        return new.seat, token

    async def leave(self, table: LiveTable, seat: int) -> None:
        async with table.lock:
            refuse_if_finished(table)
            s = table.seats[seat]
            note = f"{s.name} left seat {seat + 1}."
            # No token at all: the old link stops working, and no one holds a link to this seat
            # (the lobby offers such seats first; the host may issue a new invite link).
            new = replace(s, claimed=False, token_hash=None)
            await self._save_seat(table, new, "that you left the seat", note)
            self._demote(table, seat)
        self._broadcast_chat(table, ChatRow(None, "table", "system", note, time.time()))
        self._notify(table, dirty=True)

    def _demote(self, table: LiveTable, seat: int) -> None:
        """Open connections of a seat whose token was retired become spectators at once: they
        neither see that seat's secrets any more nor act for it."""
        for conn in table.conns:
            if conn.viewer == seat:
                conn.viewer = None
                conn.sent_version = -1
        table.connected[seat] = 0

    async def set_forced_moves(self, table: LiveTable, seat: int | None, on: bool) -> bool:
        """A person's preference "play forced moves for me", stored with the seat (it holds after
        a reload or a restart): when the seat's legal choices are exactly one action, the table
        plays it for them at once (``RunnerPart._kick``).  Only the seat's own connections hear of
        it; the other seats are not told.  Returns the preference as it now is."""
        if seat is None:
            raise ServerError("not_seated", "only a seated player has preferences here")
        async with table.lock:
            refuse_if_finished(table)
            s = table.seats[seat]
            if s.forced_moves != on:
                await self._save_seat(table, replace(s, forced_moves=on), "your preference")
        for conn in table.conns:
            if conn.viewer == seat:
                conn.dirty = True
                conn.poke()
        self._kick(table)  # a forced move may be waiting for this seat now
        return on

    async def reissue(self, table: LiveTable, seat: int) -> str:
        """A fresh invite link for an unclaimed human seat (host only)."""
        async with table.lock:
            refuse_if_finished(table)
            s = table.seats[seat]
            if s.kind != "human" or s.claimed:
                raise ServerError("seat_taken", "only a free human seat gets a new invite link")
            token = new_token()
            await self._save_seat(table, replace(s, token_hash=hash_token(token)), "the new invite link")
        return token

    async def fill_with_bot(self, table: LiveTable, seat: int, level: str) -> None:
        agent = checked_bot(level, table.game)
        async with table.lock:
            refuse_if_finished(table)
            if not 0 <= seat < len(table.seats):
                raise ServerError("bad_seat", "no such seat")
            s = table.seats[seat]
            if s.kind != "human" or s.claimed:
                raise ServerError("seat_taken", "only an empty seat can be given to a bot")
            name = f"Bot {seat + 1} ({adapters.bot_level(agent, table.game)})"
            bot = replace(s, kind="bot", agent=agent, token_hash=None, claimed=True, name=name)
            note = f"The host seats a {adapters.bot_level(agent, table.game)} bot at seat {seat + 1}."
            await self._save_seat(table, bot, "the bot's seat", note)
        self._broadcast_chat(table, ChatRow(None, "table", "system", note, time.time()))
        self._notify(table, dirty=True)
        self._kick(table)

    def _status_after_seat(self, table: LiveTable, new: SeatRow) -> str:
        """The table's status once ``new`` replaces its seat: a waiting game starts when the last
        human seat is taken."""
        seats = [new if s.seat == new.seat else s for s in table.seats]
        if table.status == WAITING and not any(s.kind == "human" and not s.claimed for s in seats):
            return PLAYING
        return table.status
