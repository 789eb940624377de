"""A quick estimate of each seat's chance to win a Treaty Skirmish game, for search that stops early,
and a cheap playout policy.

A search (``agents.ismcts``, ``agents.rollout``) may stop a playout where this module can value
the position instead of playing to the end.  Positions are valued only at the calm point of a
round — the first action of the Action phase, before anyone has activated a system or passed —
and the game's end by its outcome.  The search evaluates *sampled worlds* (``determinize``), so
reading every objective and hand here shows a seat nothing it does not already imagine.

The estimate is a soft-max over one reading per seat, each tied to its objective (RULES §6.5):

* an objective judged after the last round (Emperor, Anarchist, Loyalist, Unstoppable Army) that
  holds now, weighed by how near the last round is;
* an immediate objective: the odds of the strike that would meet it now (Traitor: Mecatol Rex,
  Opportunist: the Home on the left, Power-Hungry: Homes already held and the next one), or the
  holders of the seat's cards (Support of the People);
* the seat's share of the ships on the board;

plus a constant reading for "nobody wins".  Then each seat's treaty ally (§4.5: the eligible
holder of its lowest card) is credited with the seat's chance, as it would share the win.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from turncoat.core import deals
from turncoat.core import treaties as T
from turncoat.games.treaty_skirmish.components import (
    ANARCHIST,
    EMPEROR,
    LOYALIST,
    OPPORTUNIST,
    POWER_HUNGRY,
    SUPPORT_OF_THE_PEOPLE,
    TRAITOR,
    UNSTOPPABLE_ARMY,
)
from turncoat.games.treaty_skirmish.context import Ctx
from turncoat.games.treaty_skirmish.heuristics import win_chance
from turncoat.games.treaty_skirmish.phases.objectives import objective_met
from turncoat.games.treaty_skirmish.phases.table import (
    has_token,
    home_of_seat,
    hostile_garrison,
    left_of,
    ships_of,
)
from turncoat.games.treaty_skirmish.state import ACTION, OVER, State

MET_AT_THE_END = 2.5  # an end-of-game objective holding now, in the last round
MET_EARLY = 0.3  # ... the share of that weight it carries in round 1
STRIKE = 3.0  # times the odds of a strike that wins at once
HOME_HELD = 1.2  # per other Home held, towards Power-Hungry
HOLDER = 0.8  # per loyal holder of our cards, towards Support of the People
SHIPS = 1.5  # times the seat's share of all ships
NOBODY = 0.0  # the reading of "nobody wins"
END_OBJECTIVES = frozenset({EMPEROR, ANARCHIST, LOYALIST, UNSTOPPABLE_ARMY})


def checkpoint(s: State) -> bool:
    """The calm point of a round: its first action, nobody has activated a system or passed."""
    return s.step == ACTION and not any(s.passed) and not any(s.activated)


def evaluate(ctx: Ctx, s: State) -> tuple[float, ...] | None:
    """Estimated final scores (each seat's chance to be among the winners), or None between
    checkpoints."""
    if s.step == OVER:
        winners = () if s.result is None else s.result.winners
        return tuple(1.0 if p in winners else 0.0 for p in range(s.players))
    if not checkpoint(s):
        return None
    return win_chances(ctx, s)


def strike_odds(ctx: Ctx, s: State, seat: int, target: int) -> float:
    """The odds that everything ``seat`` can bring into ``target`` now takes it (§6.4)."""
    if s.control[target] == seat:
        return 1.0
    force = sum(s.ships[a][seat] for a in ctx.board.systems[target].adjacent if not has_token(s, a, seat))
    defenders = sum(k for q, k in enumerate(s.ships[target]) if q != seat) + hostile_garrison(s, target, seat)
    return win_chance(force, defenders, (7 - ctx.n.hit_on) / 6)


def reading(ctx: Ctx, s: State, seat: int, total_ships: int) -> float:
    """How close ``seat`` is to meeting its objective (§6.5), on the soft-max's scale."""
    objective = s.objectives[seat]
    value = SHIPS * ships_of(s, seat) / max(1, total_ships)
    if s.eliminated[seat] and not ctx.config.eliminated_can_win:
        return -math.inf
    if objective in END_OBJECTIVES:
        late = (s.round - 1) / max(1, ctx.n.rounds - 1)
        if objective_met(ctx, s, seat):
            value += MET_AT_THE_END * (MET_EARLY + (1 - MET_EARLY) * late)
        return value
    if objective == TRAITOR:
        return value + STRIKE * strike_odds(ctx, s, seat, 0)
    if objective == OPPORTUNIST:
        left = left_of(s, seat, skip_lazax=ctx.config.neighbours_skip_lazax)
        return value + STRIKE * strike_odds(ctx, s, seat, home_of_seat(ctx, s, left))
    if objective == POWER_HUNGRY:
        own = home_of_seat(ctx, s, seat)
        others = [h for h in ctx.board.homes if h != own]
        held = sum(1 for h in others if s.control[h] == seat)
        best = max((strike_odds(ctx, s, seat, h) for h in others if s.control[h] != seat), default=0.0)
        return value + HOME_HELD * held + (STRIKE * best if held else 0.0)
    if objective == SUPPORT_OF_THE_PEOPLE:
        holders = T.holders_of(s.treaties, s.races[seat])
        loyal = sum(1 for p in holders if not T.is_treaty_traitor(s.treaties, p))
        return value + HOLDER * loyal
    return value


def ally_of(ctx: Ctx, s: State, winner: int) -> int | None:
    """§4.5 step 4: the holder of ``winner``'s lowest card among the non-traitors (now)."""
    faction = s.races[winner]
    best: tuple[int, int] | None = None
    for p, hand in s.treaties.hands:
        if p == winner or (s.eliminated[p] and not s.treaties.profile.eliminated_can_be_ally):
            continue
        if T.is_treaty_traitor(s.treaties, p):
            continue
        for c in hand:
            if c.faction == faction and (best is None or c.number < best[0]):
                best = (c.number, p)
    return None if best is None else best[1]


def win_chances(ctx: Ctx, s: State) -> tuple[float, ...]:
    total = sum(ships_of(s, p) for p in range(s.players))
    logits = [reading(ctx, s, p, total) for p in range(s.players)]
    top = max(NOBODY, *logits)
    weights = [math.exp(v - top) if v > -math.inf else 0.0 for v in logits]
    norm = sum(weights) + math.exp(NOBODY - top)
    chance = [w / norm for w in weights]
    shared = list(chance)
    for p in range(s.players):
        ally = ally_of(ctx, s, p)
        if ally is not None:
            shared[ally] = min(1.0, shared[ally] + chance[p])
    return tuple(shared)


def rollout_policy(game: Any, state: State, player: int, legal: Sequence[Any], rng: random.Random) -> Any:
    """A cheap playout: a random decision of the seat's step, never a gift — in the default
    rules every decision also offers one gift per seat and amount, and random gifts would
    otherwise fill the playouts with trade goods changing hands."""
    options = [a for a in legal if not isinstance(a, deals.Give)] or list(legal)
    return options[int(rng.random() * len(options))]
