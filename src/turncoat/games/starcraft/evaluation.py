"""A quick estimate of each seat's chance to win a StarCraft game, for search that stops early.

A search (``agents.ismcts``, ``agents.rollout`` with ``horizon=round``) may stop a playout at a
position this module can value instead of playing to the end of the game.  Positions are valued
only at the calm points of a round: the start of the Planning phase (§8), before any order of the
round is placed, and in Execution (§9) each time the turn comes back to the first player after
orders of the round were executed (between two orders, no purchase, move or battle under way).
The game's end is valued by its outcome.

The estimate is a soft-max over public readings of the board, each tied to a victory rule:

* conquest points towards the seat's threshold (§16.1), and the CP areas it controls, which score
  again at the next Regrouping (§15);
* the areas and bases it holds and its units on the board (§16.4: a seat with none is out);
* nothing for a seat already eliminated.

Members of a team (§19) share their team's chance, as they share its win.
"""

from __future__ import annotations

import math

from turncoat.games.starcraft.context import Ctx
from turncoat.games.starcraft.phases.planning import ORDERS_PER_ROUND, orders_on_board, planners
from turncoat.games.starcraft.phases.victory import threshold
from turncoat.games.starcraft.state import NOBODY, OVER, PLANNING, STEP_EXECUTION, State

CP = 4.0  # the whole threshold's worth of CP
CP_AREA = 0.25  # per CP the seat's areas score each round
AREA = 0.08  # per area controlled
BASE = 0.3  # per base on the board
UNIT = 0.03  # per resource of units on the board

# The steps ``evaluate`` may value: the game's end and the calm points (``checkpoint``).
VALUED_STEPS = frozenset({OVER, PLANNING, STEP_EXECUTION})


def checkpoint(s: State) -> bool:
    """A calm point of a round: Planning (§8) before any order is placed, or the first player's
    turn in Execution (§9) once some of the round's orders are done (a lap of turns has passed)."""
    if s.step == PLANNING:
        return not s.stacks
    return (
        s.step == STEP_EXECUTION
        and s.actor == s.first_player
        and s.active_order is None
        and s.battle is None
        and orders_on_board(s) < ORDERS_PER_ROUND * len(planners(s))
    )


def evaluate(ctx: Ctx, s: State) -> tuple[float, ...] | None:
    """Estimated final scores (each seat's chance of sharing the win), or None between checkpoints."""
    if s.step == OVER:
        share = 1.0 / len(s.winners) if s.winners else 0.0
        return tuple(share if p in s.winners else 0.0 for p in range(s.players))
    if not checkpoint(s):
        return None
    return win_chances(ctx, s)


def win_chances(ctx: Ctx, s: State) -> tuple[float, ...]:
    t = ctx.t
    n = s.players
    value = [0.0] * n
    for area in s.areas:
        owners = {u.owner for u in area.units} | ({area.base} if area.base != NOBODY else set())
        for u in area.units:
            cost = t.unit[u.kind].cost.value
            value[u.owner] += UNIT * (1 + cost.minerals + cost.gas)
        if area.base != NOBODY:
            value[area.base] += BASE
        if len(owners) == 1:  # §2: controlled by its only owner
            (owner,) = owners
            data = t.area[area.id]
            value[owner] += AREA + (CP_AREA * data.amount if data.resource == "cp" else 0.0)
    alive = [p for p in range(n) if not s.seat(p).eliminated]
    for p in alive:
        value[p] += CP * min(1.0, s.seat(p).cp / threshold(s, p))
    teams: dict[int, list[int]] = {}
    for p in alive:
        teams.setdefault(s.teams[p], []).append(p)
    logits = {team: sum(value[p] for p in members) / len(members) for team, members in teams.items()}
    if not logits:
        return tuple(0.0 for _ in range(n))
    top = max(logits.values())
    weights = {team: math.exp(v - top) for team, v in logits.items()}
    total = sum(weights.values())
    chance = [0.0] * n
    for team, members in teams.items():
        for p in members:
            chance[p] = weights[team] / total
    return tuple(chance)
