"""A live table and what the hub says about it: its statuses, its connections, its refusals.

A table holds one :class:`~turncoat.play.GameInProgress` (the only holder of the game's state),
its seats, its open connections and the clocks of the seats that are to act.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import msgspec

from turncoat.core.actions import Viewer
from turncoat.core.engine import Game
from turncoat.core.present import presentation_of
from turncoat.play import Clocks, GameInProgress
from turncoat.server import adapters
from turncoat.server.payload import public_seats
from turncoat.server.security import token_matches
from turncoat.server.storage import ChatRow, SeatRow

WAITING, PLAYING, OVER, BROKEN = "waiting", "playing", "over", "broken"
EXPIRED = "expired"  # a waiting table closed because nobody used it (kept in the database only)
OUTBOX_KEPT = 200  # messages waiting for one slow connection before the oldest are dropped


class ServerError(Exception):
    """A refusal by the server (not the rules).  Nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"kind": "server", "code": self.code, "rule": "", "message": self.message}


@dataclass(eq=False)  # identity semantics: connections live in sets
class Conn:
    """One websocket: who it is, what it has been sent, and what it still has to send."""

    viewer: Viewer
    fmt: str  # "json" | "html"
    sent_version: int = -1  # -1: the next update is a full one
    dirty: bool = True
    # Chat lines and refusals still to send.  Bounded: a client that does not read loses the
    # oldest lines (a reload shows the stored chat) instead of growing the server's memory.
    outbox: deque[tuple[str, dict[str, Any]]] = field(default_factory=lambda: deque(maxlen=OUTBOX_KEPT))
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False
    # Only for HTML updates: whether to draw the host's seat tools, and the CSRF token the
    # page's plain-form fallbacks carry.
    is_host: bool = False
    csrf: str = ""
    address: str = "?"  # the client's address key (security.client_key), for per-address limits

    def poke(self) -> None:
        self.wake.set()


def no_clocks() -> Clocks:
    return Clocks(seconds=0.0, timed=frozenset())


@dataclass
class LiveTable:
    id: str
    name: str
    play: GameInProgress  # the game, its state, its record and every step's events
    options: dict[str, Any]
    seed: int
    version: int  # actions stored (a broken table's play may hold fewer: it was not restored)
    status: str
    seats: list[SeatRow]
    turn_seconds: int | None
    listed: bool
    host_hash: str
    created_at: float
    problem: str | None = None  # why a BROKEN table cannot continue (safe to show anyone)
    conns: set[Conn] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    forced_task: asyncio.Task[None] | None = None  # a person's only choice, being played for them
    timer_task: asyncio.Task[None] | None = None
    clocks: Clocks = field(default_factory=no_clocks)  # one per timed seat that is to act
    connected: dict[int, int] = field(default_factory=dict)  # seat -> open connections
    creator: str | None = None  # hash of the opening client's address (per-client quota)
    active_at: float = 0.0  # last seat change or connection (hub clock): idle waiting tables expire
    # Per seat: the version since which its decision has offered the same choices, and their
    # digest (see ``answers_open_choices``).
    choices_since: dict[int, tuple[int, bytes]] = field(default_factory=dict)

    @property
    def game(self) -> Game[Any, Any, Any]:
        return self.play.game

    @property
    def log_from(self) -> int:
        """The first step whose events are known (not 0 after a recovery from a snapshot)."""
        return self.play.first_step

    @property
    def deadline(self) -> float | None:
        """The earliest clock running at this table."""
        return self.clocks.next_deadline()

    def replay_to(self, step: int) -> GameInProgress:
        """The game as it stood after ``step`` moves (replayed from the record)."""
        record = self.play.record
        return GameInProgress.from_record(
            self.game, msgspec.structs.replace(record, actions=record.actions[:step])
        )

    def __post_init__(self) -> None:
        if self.status != BROKEN:  # a broken table takes no moves
            self.note_choices()

    def note_choices(self) -> None:
        """After a move: remember, per seat, since which version its choices are what they are."""
        for seat in range(self.game.num_players()):
            legal = list(self.play.legal_actions(seat))
            digest = hashlib.blake2b(msgspec.json.encode(legal), digest_size=16).digest()
            known = self.choices_since.get(seat)
            if known is None or known[1] != digest:
                self.choices_since[seat] = (self.version, digest)

    def answers_open_choices(self, seat: int, client_version: int) -> bool:
        """Does a move answering ``client_version`` still answer the seat's decision?  Yes at the
        current version; at an older one only while that seat's choices have stayed exactly the
        same since (a sealed choice made at once by several seats: the others' answers move the
        table on without changing what this seat decides, so a person clicking just after a bot
        answered is not refused)."""
        if client_version == self.version:
            return True
        known = self.choices_since.get(seat)
        return known is not None and known[0] <= client_version < self.version

    def plays_itself(self, seat: int) -> bool:
        """Whether the table plays this seat's move for it now: a person who asked for forced
        moves to be played, whose legal choices are exactly one action."""
        s = self.seats[seat]
        return s.kind == "human" and s.forced_moves and len(self.play.legal_actions(seat)) == 1

    def seat_for_token(self, token: str | None) -> int | None:
        for s in self.seats:
            if s.kind == "human" and token_matches(token, s.token_hash):
                return s.seat
        return None

    def is_host(self, token: str | None) -> bool:
        return token_matches(token, self.host_hash)

    def open_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "human" and not s.claimed]

    def lobby_seats(self) -> list[int]:
        """Free seats a newcomer from the lobby may take: nobody holds an invite link to them
        (seats kept for anyone, and seats whose player left).  A seat with an outstanding
        invite link is kept for that friend."""
        if not self.listed:
            return []
        return [s.seat for s in self.seats if s.kind == "human" and not s.claimed and s.token_hash is None]

    def public_seats(self) -> list[dict[str, Any]]:
        return [msgspec.to_builtins(s) for s in public_seats(self)]

    def summary(self) -> dict[str, Any]:
        out = {
            "id": self.id,
            "name": self.name,
            "game": self.game.name,
            "players": self.game.num_players(),
            "status": self.status,
            "version": self.version,
            "open_seats": self.open_seats(),
            "lobby_seats": self.lobby_seats(),
            "seats": self.public_seats(),
            "turn_seconds": self.turn_seconds,
            "created_at": self.created_at,
        }
        if self.problem is not None:
            out["problem"] = self.problem
        return out


@dataclass
class SeatSpec:
    kind: str  # "human" | "bot"
    agent: str | None = None
    name: str = ""
    taken: bool = False  # a human seat its creator sits in at once (stored with the table)
    # A human seat for anyone from the lobby: it gets no invite link, so a newcomer taking it
    # never takes a friend's seat (a listed table only).
    lobby: bool = False


def refuse_if_finished(table: LiveTable) -> None:
    """A finished (or broken) table's record is final: no seat changes hands or name."""
    if table.status == OVER:
        raise ServerError("game_over", "the game is over: its seats and names no longer change")
    if table.status == BROKEN:
        raise ServerError("broken", "this table cannot continue: its seats no longer change")


def checked_bot(level: str, game: Game[Any, Any, Any]) -> str:
    """The agent spec for a bot level people may choose at this game; anything else (a level
    its bots do not come in, too) is refused, naming the levels it has."""
    spec = adapters.bot_spec(level, game)
    if spec is None:
        choices = ", ".join(adapters.game_levels(game))
        title = presentation_of(game).title
        message = f"bot level must be one of {choices} for {title}, not {level[:40]!r}"
        raise ServerError("unknown_bot", message)
    return spec


def chat_dict(msg: ChatRow) -> dict[str, Any]:
    return {
        "type": "chat",
        "seat": msg.seat,
        "name": msg.name,
        "kind": msg.kind,
        "text": msg.text,
        "at": msg.created_at,
    }
