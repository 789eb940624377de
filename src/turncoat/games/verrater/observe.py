"""RULES §3: what each seat (or a spectator) may see.

Private to a seat: the values in its own hand, its own action card before the reveal, the packet
it was handed in the draft (the start player's packet tells him the removed card), and its own
face-down discards.  Everything else here is public.  Never visible: the draw pile order, other
hands' values, unrevealed roles, the removed and leftover action cards.
"""

from __future__ import annotations

from collections import Counter

import msgspec

from turncoat.core.actions import Viewer
from turncoat.games.verrater.context import Ctx
from turncoat.games.verrater.state import OVER, BuildingCard, ConflictResult, State


class SeatObservation(msgspec.Struct, frozen=True):
    """One seat as the viewer observes it: what the viewer may know of that seat (its role and the
    cards of its hand only where the rules show them to the viewer)."""

    seat: int
    allegiance: str
    victory_points: int
    hand_size: int
    known_cards: tuple[int, ...]  # cards everyone can tell are in this hand
    committed: tuple[int, ...]
    role: str | None  # public once revealed (step 4); otherwise only to its holder
    unbuilt: int


class VerraterObservation(msgspec.Struct, frozen=True):
    viewer: int | None
    players: int
    round: int
    total_rounds: int
    final_round: bool
    step: str
    to_act: tuple[int, ...]
    start_player: int
    strategist: int
    types: tuple[str, ...]
    owners: tuple[str, ...]
    buildings: tuple[BuildingCard | None, ...]
    site: int
    seats: tuple[SeatObservation, ...]
    draw_pile_size: int
    discard: tuple[int, ...]  # face-up discards, ascending (pile order carries no information)
    face_down_discards: int
    roles_revealed: bool
    last_conflict: ConflictResult | None
    hand: tuple[int, ...] | None  # the viewer's own
    role: str | None  # the viewer's own action card this round
    received: tuple[str, ...] | None  # the packet the viewer was handed this round
    packet: tuple[str, ...] | None  # the packet the viewer must choose from now
    own_face_down_discards: tuple[int, ...]


def _public_discard(s: State) -> tuple[int, ...]:
    hidden = Counter(v for seat in s.hidden_discards for v in seat)
    if not hidden:
        return tuple(sorted(s.discard))
    visible = Counter(s.discard) - hidden
    return tuple(sorted(visible.elements()))


def observe(ctx: Ctx, s: State, viewer: Viewer) -> VerraterObservation:
    seat = viewer if viewer is not None and 0 <= viewer < s.players else None
    seats = tuple(
        SeatObservation(
            seat=p,
            allegiance=s.allegiance[p],
            victory_points=s.conquest_vp[p] + s.role_vp[p],
            hand_size=len(s.hands[p]),
            known_cards=s.known[p],
            committed=s.committed[p],
            role=(s.roles[p] or None) if (s.revealed or p == seat) else None,
            unbuilt=ctx.tables.buildings_per_player
            - sum(1 for b in s.buildings if b is not None and b.owner == p),
        )
        for p in range(s.players)
    )
    mine = seat is not None
    return VerraterObservation(
        viewer=seat,
        players=s.players,
        round=s.round,
        total_rounds=s.total_rounds,
        final_round=s.final_round,
        step=s.step,
        to_act=() if s.step == OVER else (s.actor,),
        start_player=s.start_player,
        strategist=s.strategist,
        types=s.types,
        owners=s.owners,
        buildings=s.buildings,
        site=s.site,
        seats=seats,
        draw_pile_size=len(s.draw_pile),
        discard=_public_discard(s),
        face_down_discards=sum(len(h) for h in s.hidden_discards),
        roles_revealed=s.revealed,
        last_conflict=s.last_conflict,
        hand=s.hands[seat] if mine and seat is not None else None,
        role=(s.roles[seat] or None) if seat is not None else None,
        received=(s.received[seat] or None) if seat is not None else None,
        packet=s.packet if seat is not None and s.step == "draft" and s.actor == seat else None,
        own_face_down_discards=s.hidden_discards[seat] if seat is not None else (),
    )
