"""A cheap static evaluation of a complete Verräter state, for search cut-offs.

``evaluate`` estimates each seat's *final* score.  It answers only at quiet points — the start
of a round (step 1, before any secret choice of that round) and the end of the game — and
returns ``None`` elsewhere, so a search rollout plays on to the end of the current round before
it stops.  Search calls it on sampled worlds, so reading hands here leaks nothing.

Estimate = victory points so far
         + trading posts × min(3, hand size) (what they would score now, §6.2)
         + the hand's strength for the conflicts still to come (``CARD_POINT`` per supply point,
           for at most ``HAND_ROUNDS`` rounds' worth of play)
         + estate income still to come (``INCOME_CARD`` per card drawn in later rounds).

Terms common to every seat (the average VP a round brings) are left out: only differences
between seats matter to a search.
"""

from __future__ import annotations

from turncoat.games.verrater.context import Ctx
from turncoat.games.verrater.phases.round_end import final_scores
from turncoat.games.verrater.phases.supply import estate_income
from turncoat.games.verrater.state import CHOOSE_SITE, OVER, Fields

CARD_POINT = 0.3  # VP per supply point held, while conflicts remain
INCOME_CARD = 1.0  # VP per supply card an estate will still bring in
HAND_ROUNDS = 3  # a hand is worth its full value only if enough rounds remain to spend it


def remaining_rounds(s: Fields) -> int:
    """Rounds still to play, counting the current one (at its start)."""
    if s.step == OVER:
        return 0
    if s.final_round:
        return 1
    return max(1, s.total_rounds - s.round + 1)


def evaluate(ctx: Ctx, s: Fields) -> tuple[float, ...] | None:
    if s.step == OVER:
        return tuple(float(v) for v in final_scores(ctx, s))
    if s.step != CHOOSE_SITE:
        return None
    left = remaining_rounds(s)
    hand_weight = CARD_POINT * min(left, HAND_ROUNDS) / HAND_ROUNDS
    cap = ctx.tables.trading_post_hand_cap
    out: list[float] = []
    for p in range(s.players):
        hand = s.hands[p]
        posts = 0
        for b in s.buildings:
            if b is not None and b.owner == p and b.side == "trading_post":
                posts += 1
        value = float(s.conquest_vp[p] + s.role_vp[p] + posts * min(cap, len(hand)))
        value += hand_weight * sum(hand)
        if left > 1:
            value += INCOME_CARD * estate_income(s, p) * (left - 1)
        out.append(value)
    return tuple(out)
