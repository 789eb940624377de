"""RULES §5 steps 4-6: reveal the action cards, resolve the conflict, score and flip."""

from __future__ import annotations

from turncoat.games.verrater.components import HOUSES
from turncoat.games.verrater.context import Ctx, Events
from turncoat.games.verrater.events import (
    AllegianceFlipped,
    ConflictResolved,
    FinalRoundDeclared,
    LandscapeFlipped,
    RolesRevealed,
    VictoryPointsScored,
)
from turncoat.games.verrater.phases.builder import start_builder_step
from turncoat.games.verrater.state import ConflictResult, Draft, Fields

RULE_REVEAL = "RULES §5 step 4"
RULE_RESOLVE = "RULES §5 step 5"
RULE_SCORE = "RULES §5 step 6"


def other_house(house: str) -> str:
    """§5 step 4: the house the Traitor flips to."""
    return HOUSES[1] if house == HOUSES[0] else HOUSES[0]


def holder(s: Fields, role: str) -> int | None:
    """§5 steps 4-8: the seat holding ``role`` this round, or None if the card is out of play."""
    try:
        return s.roles.index(role)
    except ValueError:
        return None


def reveal_actions(d: Draft, out: Events) -> None:
    """§5 step 4: everyone shows their card; the Traitor flips his allegiance for good."""
    d.revealed = True
    out.append(RolesRevealed(roles=d.roles))
    traitor = holder(d, "traitor")
    if traitor is not None:
        d.set_seat("allegiance", traitor, other_house(d.allegiance[traitor]))
        out.append(AllegianceFlipped(seat=traitor, house=d.allegiance[traitor]))


def conflict_strength(ctx: Ctx, s: Fields, eagle_land: int, rose_land: int) -> tuple[int, int]:
    """§5 step 5: landscape value + committed supply + diplomats, by allegiance after step 4."""
    strength = {
        "eagle": ctx.tables.conflict_value[s.types[eagle_land]],
        "rose": ctx.tables.conflict_value[s.types[rose_land]],
    }
    for seat in range(s.players):
        house = s.allegiance[seat]
        strength[house] += sum(s.committed[seat])
        if s.roles[seat] == "diplomat_2":
            strength[house] += ctx.tables.diplomat_2_strength
        elif s.roles[seat] == "diplomat_5":
            strength[house] += ctx.tables.diplomat_5_strength
    return strength["eagle"], strength["rose"]


def resolve_round_conflict(ctx: Ctx, d: Draft, out: Events) -> None:
    """§5 steps 4-6 in order, then on to the Builder (step 7)."""
    reveal_actions(d, out)
    score_conflict(ctx, d, out)
    start_builder_step(ctx, d, out)


def score_conflict(ctx: Ctx, d: Draft, out: Events) -> None:
    """§5 steps 5-6: a tie changes nothing; otherwise the winners score the conquered card's VP."""
    a, b = d.site, (d.site + 1) % len(d.owners)
    eagle_land, rose_land = (a, b) if d.owners[a] == "eagle" else (b, a)
    eagle, rose = conflict_strength(ctx, d, eagle_land, rose_land)
    winner = None if eagle == rose else ("eagle" if eagle > rose else "rose")
    winners: tuple[int, ...] = ()
    vp_each = 0
    if winner is not None:
        lost = rose_land if winner == "eagle" else eagle_land
        winners = tuple(p for p in range(d.players) if d.allegiance[p] == winner)
        # VP come from the conquered card, read by the number of winners after the flip (GAP-18).
        vp_each = ctx.tables.vp[d.types[lost]][len(winners)] if winners else 0
    out.append(
        ConflictResolved(
            eagle_strength=eagle, rose_strength=rose, winner=winner, winners=winners, vp_each=vp_each
        )
    )
    d.last_conflict = ConflictResult(d.round, eagle_land, rose_land, (eagle, rose), winner, winners, vp_each)
    conquest = list(d.conquest_vp)
    for p in winners:
        conquest[p] += vp_each
        out.append(VictoryPointsScored(seat=p, points=vp_each, reason="conquest"))
    d.conquest_vp = tuple(conquest)
    pay_role_bonuses(ctx, d, out)
    if winner is not None:
        flip_losing_landscape(d, rose_land if winner == "eagle" else eagle_land, winner, out)


def pay_role_bonuses(ctx: Ctx, d: Draft, out: Events) -> None:
    """§5 step 6: Traitor +1 and Strategist +2, won, lost or tied."""
    for role, points in (("traitor", ctx.tables.traitor_vp), ("strategist", ctx.tables.strategist_vp)):
        seat = holder(d, role)
        if seat is not None:
            d.set_seat("role_vp", seat, d.role_vp[seat] + points)
            out.append(VictoryPointsScored(seat=seat, points=points, reason=role))


def flip_losing_landscape(d: Draft, landscape: int, winner: str, out: Events) -> None:
    """§5 step 6: the lost card turns to the winner's side; its building card stays as it is."""
    d.owners = (*d.owners[:landscape], winner, *d.owners[landscape + 1 :])
    out.append(LandscapeFlipped(landscape=landscape, house=winner))
    if all(o == winner for o in d.owners) and not d.final_round:
        d.final_round = True  # §6.1: finish steps 7-10, then the game ends (GAP-17)
        out.append(FinalRoundDeclared(house=winner))
