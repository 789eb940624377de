"""The full Verräter game state (server-side truth; viewers only ever see ``observe``).

``State`` is frozen.  Rule functions that change many fields at once work on a ``Draft`` — a
mutable twin with the same fields — and freeze it when the step is done.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import astuple

# Steps that wait for a decision (RULES §4 setup step 6; §5 steps 1, 2, 3, 7, 10).
PLACE_ESTATE = "place_estate"
CHOOSE_SITE = "choose_site"
DRAFT = "draft"
COMMIT = "commit"
BUILD = "build"
DISCARD = "discard"
OVER = "over"

STEP_NUMBER = {PLACE_ESTATE: 0, CHOOSE_SITE: 1, DRAFT: 2, COMMIT: 3, BUILD: 7, DISCARD: 10, OVER: 13}

NO_SITE = -1
NO_ROLE = ""


class BuildingCard(msgspec.Struct, frozen=True, array_like=True):
    """A building card tucked under a landscape: whose it is and which side is up."""

    owner: int
    side: str  # "estate" | "trading_post"


class ConflictResult(msgspec.Struct, frozen=True):
    """What step 5/6 decided, kept for observers until the next conflict."""

    round: int
    eagle_landscape: int
    rose_landscape: int
    strength: tuple[int, int]  # eagle, rose
    winner: str | None
    winners: tuple[int, ...]
    vp_each: int


class Fields(msgspec.Struct, omit_defaults=True):
    players: int
    total_rounds: int
    seed: int
    rng: int  # draw counter of the state's RNG stream
    round: int  # 1-based; 0 during setup
    step: str
    actor: int  # seat facing the current sequential decision
    start_player: int
    strategist: int  # holder of the strategy card (and the conflict card)
    types: tuple[str, ...]  # landscape type per ring position 0..11 (never changes)
    owners: tuple[str, ...]  # owning house per ring position
    buildings: tuple[BuildingCard | None, ...]  # at most one card per landscape
    allegiance: tuple[str, ...]  # house each seat supports
    conquest_vp: tuple[int, ...]
    role_vp: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]  # supply values, ascending
    known: tuple[tuple[int, ...], ...]  # cards everyone knows to be in each hand
    draw_pile: tuple[int, ...]  # the top card is the LAST element
    discard: tuple[int, ...]  # discard pile, bottom first
    hidden_discards: tuple[tuple[int, ...], ...]  # per seat: its face-down discards in ``discard``
    reshuffles: int
    committed: tuple[tuple[int, ...], ...]  # this round, in the order committed
    site: int  # conflict between positions site and site+1; NO_SITE before step 1
    removed_role: str
    roles: tuple[str, ...]  # each seat's action card this round
    packet: tuple[str, ...]  # the cards in the current drafter's hands
    received: tuple[tuple[str, ...], ...]  # the packet each seat was handed this round
    leftover: tuple[str, ...]
    revealed: bool
    final_round: bool
    discarding: tuple[int, ...]  # values the actor has discarded in this hand-limit check
    last_conflict: ConflictResult | None
    # Step 10 draws already made while a seat discards between draws (hand_limit_timing=
    # after_each_draw); 0 otherwise.  A default left out of the encoding, so states, digests and
    # snapshots from before this field existed read and hash the same.
    draws_done: int = 0


class State(Fields, frozen=True):  # type: ignore[misc]  # msgspec allows a frozen twin
    """A frozen Verräter position."""


class Draft(Fields):
    """A mutable copy used while one action and its forced steps resolve."""

    @classmethod
    def of(cls, state: State) -> Draft:
        return cls(*astuple(state))

    def freeze(self) -> State:
        return State(*astuple(self))

    def set_seat(self, field: str, seat: int, value: Any) -> None:
        """Replace one seat's entry of a per-seat tuple field."""
        old = getattr(self, field)
        setattr(self, field, (*old[:seat], value, *old[seat + 1 :]))


def replace_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def remove_one(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    """``values`` (ascending) without one copy of ``value``."""
    i = values.index(value)
    return values[:i] + values[i + 1 :]


def add_sorted(values: tuple[int, ...], new: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    return tuple(sorted((*values, *new)))


def seats_from(start: int, players: int) -> tuple[int, ...]:
    """Turn order: the given seat, then clockwise (to the left)."""
    return tuple((start + i) % players for i in range(players))
