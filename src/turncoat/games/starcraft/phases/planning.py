"""The Planning phase (RULES §7, §8): four cycles in turn; each seat puts one order token face down
on top of a planet's stack, choosing the planet first and then the token.

A seat may order a planet holding one of its units or its base, or adjacent to one (any route).
Special (gold) orders need Research & Development modules: at most one per module a round.
"""

from __future__ import annotations

import msgspec

from turncoat.games.starcraft.context import Ctx, Events
from turncoat.games.starcraft.events import OrderFace, OrderPlaced
from turncoat.games.starcraft.galaxy import adjacent_planets
from turncoat.games.starcraft.state import (
    NOBODY,
    PLAN_TOKEN,
    PLANNING,
    OrderToken,
    State,
    clockwise,
    with_seat,
)

RULE_PLANNING = "RULES §8"
ORDERS_PER_ROUND = 4
RD_MODULE = "research_and_development"


def planners(state: State) -> tuple[int, ...]:
    """§7, §8: the seats that place orders, in turn (eliminated players place none)."""
    return tuple(s for s in clockwise(state.first_player, state.players) if not state.seat(s).eliminated)


def orders_on_board(state: State, seat: int | None = None) -> int:
    """§8, §9: order tokens in the stacks (of one seat, or of everyone)."""
    return sum(1 for _, tokens in state.stacks for t in tokens if seat is None or t.owner == seat)


def next_planner(ctx: Ctx, state: State, events: Events) -> State:
    """§8: four cycles: the next seat in turn places its next order; after the last, Execution."""
    seats = planners(state)
    placed = orders_on_board(state)
    if placed >= ORDERS_PER_ROUND * len(seats):
        from turncoat.games.starcraft.phases import execution  # the next phase

        return execution.begin_execution(ctx, state, events)
    return msgspec.structs.replace(state, step=PLANNING, actor=seats[placed % len(seats)], order_planet="")


def begin_planning(ctx: Ctx, state: State, events: Events) -> State:
    """§7, §8: the round opens with the Planning phase, the first player placing first."""
    return next_planner(ctx, state, events)


def legal_order_planets(ctx: Ctx, state: State) -> tuple[str, ...]:
    """§8: planets holding the actor's unit or base, or adjacent to one (sorted)."""
    seat = state.actor
    # one pass over the board's areas (the areas of the placed planets) finds the same planets as
    # asking control.has_base_on / has_unit_on of each planet
    own = {
        ctx.t.area_planet[a.id]
        for a in state.areas
        if a.base == seat or any(u.owner == seat for u in a.units)
    }
    reach = set(own)
    for planet in own:
        reach.update(adjacent_planets(state, planet))
    return tuple(sorted(reach))


def resolve_choose_order_planet(ctx: Ctx, state: State, planet: str, events: Events) -> State:
    """§8: the planet of the actor's next order; the token comes next."""
    return msgspec.structs.replace(state, step=PLAN_TOKEN, order_planet=planet)


def special_orders_allowed(state: State, seat: int) -> int:
    """§8: how many more special orders the seat may place this round: one per R&D module owned
    (modules are bought only in Execution, so the count at the start of Planning is today's)."""
    modules = dict(state.seat(seat).modules).get(RD_MODULE, 0)
    placed = sum(1 for _, tokens in state.stacks for t in tokens if t.owner == seat and t.special)
    return max(0, modules - placed)


def legal_order_tokens(ctx: Ctx, state: State) -> tuple[tuple[str, bool], ...]:
    """§8: the distinct (kind, special) tokens in the actor's supply it may place now."""
    seat = state.actor
    gold = special_orders_allowed(state, seat) > 0
    kinds = {(t.kind, t.special) for t in state.seat(seat).orders if gold or not t.special}
    return tuple(sorted(kinds))


def resolve_place_order(ctx: Ctx, state: State, kind: str, special: bool, events: Events) -> State:
    """§8: the token goes face down on top of the planet's stack (its back shows the owner)."""
    seat, planet = state.actor, state.order_planet
    p = state.seat(seat)
    i = next(i for i, t in enumerate(p.orders) if t.kind == kind and t.special == special)
    token: OrderToken = p.orders[i]
    state = with_seat(state, seat, msgspec.structs.replace(p, orders=p.orders[:i] + p.orders[i + 1 :]))
    stacks = dict(state.stacks)
    stacks[planet] = (*stacks.get(planet, ()), token)
    state = msgspec.structs.replace(state, stacks=tuple(sorted(stacks.items())), actor=NOBODY)
    events.append(OrderPlaced(seat=seat, planet=planet))
    # §21.3: the owner remembers the face (a replay's omniscient view always has it)
    owner = (seat,) if ctx.config.order_owner_may_view_own_orders else ()
    events.append(OrderFace(seat=seat, planet=planet, kind=kind, special=special, visible_to=owner))
    return next_planner(ctx, state, events)
