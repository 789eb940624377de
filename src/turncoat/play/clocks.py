"""Turn clocks: one per person who is to act, ticking side by side in a simultaneous decision.

A clock starts when its seat comes to act and stops when the seat no longer has to.  Time is
passed in (``now``), so the clocks are plain data a test can drive without waiting.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec


class Clocks(msgspec.Struct, frozen=True):
    """Deadlines by seat for the timed seats that are to act now."""

    seconds: float
    timed: frozenset[int]  # the seats with a clock (people; bots answer on their own)
    deadlines: dict[int, float] = msgspec.field(default_factory=dict)

    def follow(self, to_act: Iterable[int], now: float) -> Clocks:
        """Start a clock for each timed seat that has just come to act; drop the others.

        A seat still to act keeps its running deadline: a seat's clock is its own, not reset by
        another seat's move.
        """
        acting = set(to_act) & self.timed
        kept = {s: d for s, d in self.deadlines.items() if s in acting}
        started = {s: now + self.seconds for s in acting if s not in kept}
        return msgspec.structs.replace(self, deadlines={**kept, **started})

    def expired(self, now: float) -> tuple[int, ...]:
        """Seats whose time is up, in seat order."""
        return tuple(sorted(s for s, d in self.deadlines.items() if d <= now))

    def next_deadline(self) -> float | None:
        return min(self.deadlines.values()) if self.deadlines else None
