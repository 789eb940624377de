"""Connections and chat: who watches a table, how many connections each address and seat may
hold, and the table's chat (stored first, then sent to everyone watching)."""

from __future__ import annotations

import time

from turncoat.core.actions import Viewer
from turncoat.server.hub.base import HubBase
from turncoat.server.payload import PLAYING, whisper_partners
from turncoat.server.storage import ChatRow
from turncoat.server.table import Conn, LiveTable, ServerError


class ConnsPart(HubBase):
    def admit(self, table: LiveTable, address: str, seat: Viewer) -> None:
        """Refuse a new connection (``too_many_connections``) from an address that holds its
        share of connections already, or for a seat that does."""
        if self.conns_by_address.get(address, 0) >= self.settings.conns_per_address:
            raise ServerError("too_many_connections", "too many connections from your address")
        if seat is not None and table.connected.get(seat, 0) >= self.settings.conns_per_seat:
            raise ServerError("too_many_connections", "this seat has too many connections open")

    def attach(self, table: LiveTable, conn: Conn) -> None:
        self.conns_by_address[conn.address] = self.conns_by_address.get(conn.address, 0) + 1
        table.conns.add(conn)
        table.active_at = self.clock()
        if conn.viewer is not None:
            table.connected[conn.viewer] = table.connected.get(conn.viewer, 0) + 1
            self._notify(table, dirty=True)
        conn.poke()

    def detach(self, table: LiveTable, conn: Conn) -> None:
        if conn in table.conns:
            left = self.conns_by_address.get(conn.address, 0) - 1
            if left > 0:
                self.conns_by_address[conn.address] = left
            else:
                self.conns_by_address.pop(conn.address, None)
        table.conns.discard(conn)
        table.active_at = self.clock()
        if conn.viewer is not None:
            table.connected[conn.viewer] = max(0, table.connected.get(conn.viewer, 0) - 1)
            self._notify(table, dirty=True)

    def rebind(self, table: LiveTable, conn: Conn, seat: int) -> None:
        """A connection proved it holds a seat (hello with a token)."""
        if conn.viewer != seat and table.connected.get(seat, 0) >= self.settings.conns_per_seat:
            raise ServerError("too_many_connections", "this seat has too many connections open")
        if conn.viewer is not None:
            table.connected[conn.viewer] = max(0, table.connected.get(conn.viewer, 0) - 1)
        conn.viewer = seat
        conn.sent_version = -1
        table.connected[seat] = table.connected.get(seat, 0) + 1
        self._notify(table, dirty=True)

    async def chat(self, table: LiveTable, seat: Viewer, text: str, address: str = "?") -> None:
        text = " ".join(text.split())[: self.settings.max_chat]
        if not text:
            raise ServerError("empty_chat", "say something")
        if seat is None:
            raise ServerError("not_seated", "spectators cannot chat")
        if not self.seat_chat.allow(f"{table.id}/{seat}") or not self.address_chat.allow(address):
            raise ServerError("rate_limited", "too many chat messages; wait a moment")
        msg = ChatRow(seat, table.seats[seat].name, "chat", text, time.time())
        keep = self.settings.chat_kept
        await self._save(table.id, "your chat message", self.store.add_chat, table.id, msg, keep)
        self._broadcast_chat(table, msg)  # only what was stored: a reload shows the same chat

    async def whisper(self, table: LiveTable, seat: Viewer, to: int, text: str, address: str = "?") -> None:
        """A private line from ``seat`` to ``to``, allowed only while the game's presentation
        pairs the two (``whisper_to`` in their updates).  It reaches the two parties' connections
        and nobody else's, and is never stored: no chat history, reload or replay holds it."""
        text = " ".join(text.split())[: self.settings.max_chat]
        if not text:
            raise ServerError("empty_chat", "say something")
        if seat is None:
            raise ServerError("not_seated", "spectators cannot whisper")
        closed = table.status != PLAYING  # a waiting, finished or broken table has no deal under way
        if closed or to not in whisper_partners(
            table.play.face, table.play.view(seat, table.play.version).observation, seat
        ):
            raise ServerError(
                "whisper_closed", "you may whisper only to the other party of a talk the game allows now"
            )
        if not self.seat_chat.allow(f"{table.id}/{seat}") or not self.address_chat.allow(address):
            raise ServerError("rate_limited", "too many chat messages; wait a moment")
        msg = {
            "type": "chat",
            "seat": seat,
            "name": table.seats[seat].name,
            "kind": "whisper",
            "to": to,
            "to_name": table.seats[to].name,
            "text": text,
            "at": time.time(),
        }
        for conn in table.conns:
            if conn.viewer in (seat, to):
                conn.outbox.append(("chat", dict(msg)))
                conn.poke()

    async def chat_history(self, table: LiveTable, limit: int = 200) -> list[ChatRow]:
        """The table's latest chat lines, oldest first (``storage_unavailable`` if the
        database cannot be read)."""
        rows: list[ChatRow] = await self._load(
            table.id, "the chat of this table", self.store.chat, table.id, limit
        )
        return rows
