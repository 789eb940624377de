"""RULES §11 Phase 6 — Collection: influence from controlled areas, then 2 support each."""

from __future__ import annotations

from turncoat.games.rex.context import Ctx, Events
from turncoat.games.rex.events import InfluenceCollected, PhaseStarted
from turncoat.games.rex.state import COLLECTION, Draft, add_influence, seats_at, seats_from

RULE = "RULES §11"


def collect_from_areas(ctx: Ctx, d: Draft, out: Events) -> None:
    """§11 step 1: whoever controls an area with influence takes 2 per unit of his there (a
    mechanized unit counts once [guess]), up to what lies there; the rest stays.  In player order
    [guess] (it matters only when the supply runs short)."""
    b, t = ctx.b, ctx.t
    by_area: dict[int, list[int]] = {}
    for piece, _ in d.board_influence:
        by_area.setdefault(b.piece_area[piece], []).append(piece)
    for seat in seats_from(d.first_player, d.players):
        for area, pieces in sorted(by_area.items()):
            if seats_at(d.stacks, b.piece_area, area) != {seat}:
                continue
            units = sum(st[2] + st[3] for st in d.stacks if b.piece_area[st[0]] == area)
            want = units * t.collect_per_unit
            taken = 0
            for piece in pieces:
                here = sum(a for p, a in d.board_influence if p == piece)
                take = min(here, want - taken)
                if take:
                    d.board_influence = add_influence(d.board_influence, piece, -take)
                    taken += take
            if taken:
                d.set_seat("influence", seat, d.influence[seat] + taken)
                out.append(InfluenceCollected(seat=seat, area=b.area_ids[area], amount=taken))


def give_support(ctx: Ctx, d: Draft, out: Events) -> None:
    """§11 step 2: every player takes 2 influence from the pool, whatever he collected."""
    for seat in seats_from(d.first_player, d.players):
        amount = ctx.t.support
        if ctx.config.influence_supply is not None:
            amount = max(0, min(amount, d.pool))  # §17: the components limit what is available
        d.pool -= amount
        d.set_seat("influence", seat, d.influence[seat] + amount)
        out.append(InfluenceCollected(seat=seat, area=None, amount=amount))


def collection_phase(ctx: Ctx, d: Draft, out: Events) -> None:
    """§11, then the Bombardment phase (§12)."""
    from turncoat.games.rex.phases.bombardment import bombardment_phase  # the next phase

    d.step = COLLECTION
    out.append(PhaseStarted(phase="collection"))
    collect_from_areas(ctx, d, out)
    give_support(ctx, d, out)
    bombardment_phase(ctx, d, out)
