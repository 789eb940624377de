"""The move played for a seat that runs out of time: the least consequential legal choice.

One rule per kind of decision (docs/verrater.md, "When a seat runs out of time"): change as
little as possible for everyone, and never take a step the seat cannot take back — above all
never the Traitor, whose flip lasts until the same seat takes the Traitor again (RULES §5 step 4).
"""

from __future__ import annotations

from collections.abc import Sequence

from turncoat.games.verrater.actions import (
    ChooseConflictSite,
    DiscardSupply,
    FinishCommitting,
    KeepRole,
    PlaceEstate,
    SkipBuilding,
    VerraterAction,
)
from turncoat.games.verrater.context import Ctx
from turncoat.games.verrater.state import BUILD, CHOOSE_SITE, COMMIT, DISCARD, DRAFT, PLACE_ESTATE, State

# RULES §7, from the role that changes least to the one that changes most.  The Builder's action
# is optional (a Builder who also runs out of time builds nothing); the Farmer only changes which
# cards the seat draws; the Strategist adds 2 VP to the seat and moves the strategy card but does
# not touch this round's conflict; the Diplomats add strength to the seat's house and can change
# who wins (the smaller bonus first); the Traitor changes the seat's house for good.
ROLES_BY_CONSEQUENCE: tuple[str, ...] = (
    "builder",
    "farmer",
    "strategist",
    "diplomat_2",
    "diplomat_5",
    "traitor",
)


def timeout_estate(ctx: Ctx, s: State, seat: int, legal: Sequence[int]) -> int:
    """RULES §4 step 6: the first estate goes where estates do what they are for — under the
    seat's own house, so it yields supply — on the landscape hardest to conquer (highest
    conflict value), the lowest position on ties.  Without a free one of its own house, the free
    landscape with the highest conflict value."""
    house = s.allegiance[seat]

    def rank(i: int) -> tuple[bool, int, int]:
        return (s.owners[i] != house, -ctx.tables.conflict_value[s.types[i]], i)

    return min(legal, key=rank)


def timeout_site(ctx: Ctx, s: State, legal: Sequence[int]) -> int:
    """RULES §5 step 1: the site where the least is at stake — the fewest VP either card could
    pay a winner (its largest circle), then the lowest combined conflict value, then the lowest
    boundary — so whoever wins, the scores move least."""

    def rank(b: int) -> tuple[int, int, int]:
        pair = (s.types[b], s.types[(b + 1) % len(s.types)])
        return (
            max(max(ctx.tables.vp[t][1:]) for t in pair),
            sum(ctx.tables.conflict_value[t] for t in pair),
            b,
        )

    return min(legal, key=rank)


def timeout_role(packet: Sequence[str]) -> str:
    """RULES §5 step 2: the role that changes least; the Traitor only when it is the only card."""
    return min(packet, key=ROLES_BY_CONSEQUENCE.index)


def timeout_discard(legal: Sequence[int]) -> int:
    """RULES §5 step 10: give up the weakest cards.  Only the number of cards counts at the end
    (§6.2), so keeping the high ones loses the least strength.  Discards go highest value first,
    and the lowest value offered is exactly the highest of the lowest cards still to go."""
    return min(legal)


def timeout_action(ctx: Ctx, s: State, seat: int, legal: Sequence[VerraterAction]) -> VerraterAction:
    """The least consequential of ``legal`` (the seat's legal actions, not empty)."""
    if s.step == COMMIT:  # §5 step 3: commit nothing (more)
        return FinishCommitting()
    if s.step == BUILD:  # §5 step 7: the Builder may do nothing
        return SkipBuilding()
    if s.step == DRAFT:
        return KeepRole(timeout_role([a.role for a in legal if isinstance(a, KeepRole)]))
    if s.step == DISCARD:
        return DiscardSupply(timeout_discard([a.value for a in legal if isinstance(a, DiscardSupply)]))
    if s.step == CHOOSE_SITE:
        return ChooseConflictSite(
            timeout_site(ctx, s, [a.boundary for a in legal if isinstance(a, ChooseConflictSite)])
        )
    assert s.step == PLACE_ESTATE, s.step
    return PlaceEstate(
        timeout_estate(ctx, s, seat, [a.landscape for a in legal if isinstance(a, PlaceEstate)])
    )
