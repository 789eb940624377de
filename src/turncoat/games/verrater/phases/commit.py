"""RULES §5 step 3: commit 0-5 supply cards face up, one player at a time.

The choice of a set of cards is split into single-card decisions.  Cards go down highest value
first, so each multiset of cards is reached by exactly one sequence (search need not explore
orderings that mean the same thing).
"""

from __future__ import annotations

from turncoat.core.errors import IllegalAction
from turncoat.games.verrater.context import Ctx, Events
from turncoat.games.verrater.events import CommittingFinished, SupplyCommitted
from turncoat.games.verrater.notation import with_article
from turncoat.games.verrater.phases.conflict import resolve_round_conflict
from turncoat.games.verrater.state import COMMIT, Draft, State, remove_one

RULE = "RULES §5 step 3"


def legal_commits(ctx: Ctx, s: State | Draft, seat: int) -> list[int]:
    """§5 step 3: values the seat may still commit: in hand, under the limit, not above the last one."""
    done = s.committed[seat]
    if len(done) >= ctx.tables.commit_max:
        return []
    cap = done[-1] if done else 99
    return sorted({v for v in s.hands[seat] if v <= cap})


def start_commit(ctx: Ctx, d: Draft, out: Events) -> None:
    """§5 step 3: committing begins with the start player."""
    d.step = COMMIT
    next_committer(ctx, d, d.start_player, out)


def turn_over(ctx: Ctx, s: State | Draft, seat: int) -> bool:
    """§5 step 3: the seat's commit turn ends by itself only for public reasons: five cards down or an
    empty hand.  (Ending it because no lower card is left would tell everyone about the hand.)"""
    return len(s.committed[seat]) >= ctx.tables.commit_max or not s.hands[seat]


def next_committer(ctx: Ctx, d: Draft, seat: int, out: Events) -> None:
    """§5 step 3 (in turn order from the start player): give ``seat`` the decision, skipping seats with
    no cards at all (no real choice)."""
    while True:
        if not turn_over(ctx, d, seat):
            d.actor = seat
            return
        out.append(CommittingFinished(seat=seat, total=sum(d.committed[seat])))
        seat = (seat + 1) % d.players
        if seat == d.start_player:
            resolve_round_conflict(ctx, d, out)
            return


def resolve_commit_supply(ctx: Ctx, d: Draft, seat: int, value: int, out: Events) -> None:
    """§5 step 3: one supply card goes face up in front of the player; his turn ends by itself at five
    cards or an empty hand."""
    d.set_seat("hands", seat, remove_one(d.hands[seat], value))
    if value in d.known[seat]:
        d.set_seat("known", seat, remove_one(d.known[seat], value))
    d.set_seat("committed", seat, (*d.committed[seat], value))
    out.append(SupplyCommitted(seat=seat, value=value))
    if turn_over(ctx, d, seat):
        resolve_finish_committing(ctx, d, seat, out)


def resolve_finish_committing(ctx: Ctx, d: Draft, seat: int, out: Events) -> None:
    """§5 step 3: the player is done committing; after the last player, steps 4-6."""
    out.append(CommittingFinished(seat=seat, total=sum(d.committed[seat])))
    nxt = (seat + 1) % d.players
    if nxt == d.start_player:
        resolve_round_conflict(ctx, d, out)
    else:
        next_committer(ctx, d, nxt, out)


def refuse_commit(ctx: Ctx, s: State, seat: int, value: int) -> IllegalAction:
    """§5 step 3: why the commit breaks the rules — more than 5 cards, a value not in hand, or out of
    the highest-first order."""
    done = s.committed[seat]
    if len(done) >= ctx.tables.commit_max:
        return IllegalAction(
            f"you have committed {len(done)} cards; at most {ctx.tables.commit_max} per round",
            code="too_many_committed",
            rule=RULE,
        )
    if value not in s.hands[seat]:
        return IllegalAction(f"you hold no supply card of value {value}", code="card_not_in_hand", rule=RULE)
    last = with_article(done[-1])
    return IllegalAction(
        f"commit cards highest first: after {last} commit {last} or lower "
        "(the same set can always be committed in that order)",
        code="commit_order",
        rule=RULE,
    )
