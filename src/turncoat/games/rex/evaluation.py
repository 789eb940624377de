"""A quick estimate of each seat's chance to win a Rex game, for search that stops early.

A search (``agents.ismcts``, ``agents.rollout`` with ``horizon=round``) may stop a playout at a
position this module can value, instead of playing to the end of the game.  Positions are valued
only at the two calm points of a round, before any secret choice of the round is made: the
Temporary Ceasefire window (§13.1) and the first bid of the Bidding phase (§7).  The game's end is
valued by its outcome.

The estimate is a soft-max over a few readings of the board, each tied to a victory rule:

* strongholds held alone, towards the seat's (or its alliance's) threshold (§14.1);
* the Sol's and the Hacan's victories after round 8 (§14.3), weighed by how near round 8 is;
* the forces behind them: units on the board and in reserve, influence, cards, living leaders;
* the Xxcha prediction (§14.2) takes most of the predicted race's chance in the predicted round.

Members of an alliance share their alliance's chance, as they share its win.
"""

from __future__ import annotations

import math

from turncoat.games.rex.components import HACAN, LEADERS_PER_RACE, SOL, XXCHA
from turncoat.games.rex.context import Ctx
from turncoat.games.rex.phases.victory import members, sol_holds_the_palace, strongholds_of
from turncoat.games.rex.state import BID, CEASEFIRE, LEADER_DEAD, NO_RACE, NOBODY, OVER, State, seat_of_race

STRONGHOLD = 1.7  # per stronghold held, scaled to a lone player's threshold of 3
UNIT = 0.04
INFLUENCE = 0.02
CARD = 0.08
LEADER = 0.015  # per point of living leader strength
SPECIAL = 2.5  # the Sol's or Hacan's victory after round 8, when its condition holds now
PREDICTION_LAST_ROUND = 0.7  # share of the predicted race's chance the Xxcha takes (round 8)
PREDICTION_EARLIER = 0.25


# The steps ``evaluate`` may value: the game's end and the two calm points (``checkpoint``).
VALUED_STEPS = frozenset({OVER, CEASEFIRE, BID})


def checkpoint(s: State) -> bool:
    """A calm point of a round: the ceasefire window, or the Bidding phase before any bid."""
    if s.step == CEASEFIRE:
        return True
    return s.step == BID and s.auction == 1 and s.high_bidder == NOBODY and not any(s.passed)


def evaluate(ctx: Ctx, s: State) -> tuple[float, ...] | None:
    """Estimated final scores (each seat's chance of sharing the win), or None between checkpoints."""
    if s.step == OVER:
        return tuple(1.0 if p in s.winners else 0.0 for p in range(s.players))
    if not checkpoint(s):
        return None
    return win_chances(ctx, s)


def win_chances(ctx: Ctx, s: State) -> tuple[float, ...]:
    t = ctx.t
    n = s.players
    held = strongholds_of(ctx, s)
    late = max(0.0, (s.round - 3) / (t.rounds - 3))
    sol = seat_of_race(s, SOL)
    hacan = seat_of_race(s, HACAN)
    palace = sol_holds_the_palace(ctx, s)
    board = [0] * n
    for _piece, seat, units, mech in s.stacks:
        board[seat] += units + 2 * mech
    groups: list[tuple[int, ...]] = []
    logits: list[float] = []
    for p in range(n):
        group = members(s, p)
        if group[0] != p:
            continue
        goal = t.strongholds_to_win[min(len(group), 3)]
        value = STRONGHOLD * sum(held[q] for q in group) * 3 / goal
        for q in group:
            force = board[q] + s.reserves[q] + 2 * s.reserves_mech[q]
            value += UNIT * force + INFLUENCE * s.influence[q] + CARD * len(s.hands[q])
            race = s.race[q]
            if race != NO_RACE:
                first = race * LEADERS_PER_RACE
                value += LEADER * sum(
                    t.leader_strength[ld]
                    for ld in range(first, first + LEADERS_PER_RACE)
                    if s.leaders[ld] != LEADER_DEAD
                )
        if sol in group and palace:
            value += SPECIAL * late
        if hacan in group and not palace:
            value += SPECIAL * late
        groups.append(group)
        logits.append(value / len(group) ** 0.5)
    top = max(logits)
    weights = [math.exp(v - top) for v in logits]
    total = sum(weights)
    chance = [0.0] * n
    for group, w in zip(groups, weights, strict=True):
        for q in group:
            chance[q] = w / total
    _prediction(s, chance, t.rounds)
    return tuple(chance)


def _prediction(s: State, chance: list[float], last_round: int) -> None:
    """§14.2: the Xxcha win alone when the predicted race wins in the predicted round."""
    xxcha = seat_of_race(s, XXCHA)
    race, rnd = s.prediction
    if xxcha == NOBODY or race == NO_RACE or rnd < s.round:
        return
    target = seat_of_race(s, race)
    if target == NOBODY:
        return
    share = PREDICTION_LAST_ROUND if rnd == last_round else PREDICTION_EARLIER
    taken = chance[target] * share
    for q in members(s, target):
        chance[q] -= taken
    chance[xxcha] += taken
