"""The full Treaty Skirmish state (server-side truth; viewers only ever see ``observe``).

Seats are 0..P−1, each seat's left neighbour being the next seat (§6.2).  Systems are indexed as
on the :class:`~turncoat.games.treaty_skirmish.components.Board`: 0 is Mecatol Rex, then the ring.
Per-system tuples are indexed by system, per-seat tuples by seat.  The state is frozen; every rule
function returns a new one.
"""

from __future__ import annotations

import msgspec

from turncoat.core.treaties import Treaties, TreatyCard

# The decision a state waits for (``step``).
ACTION = "action"  # §6.4: the seat whose turn it is takes one action (or passes)
MOVE_SHIPS = "move_ships"  # §6.4 Move/Attack: how many ships come from the next adjacent source
ASSIGN_HITS = "assign_hits"  # §6.4: the owner of ships and a garrison says which take the hits
RETREAT = "retreat"  # §6.4: the attacker fights on or retreats between combat rounds
GIVE_TREATY = "give_treaty"  # §4.2 step 2: the Envoy's giver hands a card over, or none
DISCARD_TREATY = "discard_treaty"  # §4.2 step 4: the receiver discards one card face down
DROP_TREATY = "drop_treaty"  # GAPS Q4 fix B: at your own Home, drop one foreign card, or none
OVER = "over"

STEPS = (ACTION, MOVE_SHIPS, ASSIGN_HITS, RETREAT, GIVE_TREATY, DISCARD_TREATY, DROP_TREATY, OVER)

NOBODY = -1


class Move(msgspec.Struct, frozen=True):
    """A Move/Attack in progress (§6.4): the target and the sources still to be asked."""

    target: int
    sources: tuple[int, ...]  # adjacent systems with the mover's ships and none of its tokens
    asked: int = 0  # how many of ``sources`` have answered
    moved: tuple[tuple[int, int], ...] = ()  # (source, ships) that came, in order


class Combat(msgspec.Struct, frozen=True):
    """A combat in progress (§6.4).  ``pending_hits``: hits the defender still has to assign."""

    system: int
    attacker: int
    defender: int
    round: int = 1
    sources: tuple[int, ...] = ()  # where the attacker came from (retreat destinations)
    pending_hits: int = 0
    last_attacker_dice: tuple[int, ...] = ()
    last_defender_dice: tuple[int, ...] = ()


class Envoy(msgspec.Struct, frozen=True):
    """An Envoy in progress (§6.4, §4.2): the activated Home, the giver and the receiver."""

    home: int
    giver: int
    receiver: int


class Exchange(msgspec.Struct, frozen=True):
    """One treaty receipt (or a fix-B drop), kept for determinization; secret in part:
    ``card`` is known to giver and receiver, ``discard`` to the receiver only."""

    giver: int
    receiver: int
    card: TreatyCard | None  # None for a fix-B drop at one's own Home
    discard: TreatyCard | None  # None while the receiver has not discarded yet


class Result(msgspec.Struct, frozen=True):
    """How the game ended (§4.5, §6.5)."""

    reason: str  # "immediate", "final_round" or "nobody"
    primary: tuple[int, ...]  # winners by objective
    allies: tuple[tuple[int, tuple[int, ...]], ...]  # treaty allies per primary winner
    traitors: tuple[int, ...]
    winners: tuple[int, ...]  # primary winners and their allies
    revealed: tuple[tuple[int, tuple[TreatyCard, ...]], ...] = ()  # §4.5 step 2: non-winners' hands


class State(msgspec.Struct, frozen=True):
    players: int
    seed: int
    rng: int  # draw counter of the state's RNG stream (core.rng)
    dice_used: int  # how many pinned dice (config.scenario.dice) have been used
    races: tuple[str, ...]  # per seat
    objectives: tuple[str, ...]  # per seat; the Lazax's is "emperor" (public), the rest hidden
    round: int  # 1..rounds
    step: str
    speaker: int
    turn: int  # the seat whose action it is (the actor of every step but a combat's hits)
    actor: int  # the seat deciding now
    passed: tuple[bool, ...]
    eliminated: tuple[bool, ...]
    tokens: tuple[int, ...]  # command tokens each seat still has this round
    trade_goods: tuple[int, ...]
    ships: tuple[tuple[int, ...], ...]  # per system, per seat
    garrison: tuple[int, ...]  # per system: garrison points (Homes only)
    control: tuple[int, ...]  # per system: the controlling seat, or NOBODY
    activated: tuple[tuple[int, ...], ...]  # per system: the seats with a command token on it
    treaties: Treaties
    exchanges: tuple[Exchange, ...] = ()
    move: Move | None = None
    combat: Combat | None = None
    envoy: Envoy | None = None
    result: Result | None = None
