"""Galaxy building (RULES §6, §5 step 7): planet draws, the two placement rounds with forced routes
and bases, z-axis routes, resource cards, starting forces.

Each decision is one small step (§6.3): which planet, which cell, which turn, which base area; then
each z-axis end, each starting unit's area, the transport's route.  The ``resolve_*`` functions
apply one decision and move the state on to the next decision (``advance``).
"""

from __future__ import annotations

import msgspec

from turncoat.core import rng
from turncoat.games.starcraft import galaxy
from turncoat.games.starcraft.context import Ctx, Events
from turncoat.games.starcraft.events import (
    BasePlaced,
    PlanetPlaced,
    PlanetsDrawn,
    ResourceCardsTaken,
    StartingTransportPlaced,
    StartingUnitPlaced,
    WorkersReceived,
    ZAxisPlaced,
)
from turncoat.games.starcraft.phases import setup
from turncoat.games.starcraft.state import (
    CHOOSE_CELL,
    CHOOSE_PLANET,
    CHOOSE_ROTATION,
    NOBODY,
    PLACE_BASE,
    PLACE_TRANSPORT,
    PLACE_UNIT,
    PLACE_Z_MAJOR,
    PLACE_Z_MINOR,
    HeldCard,
    Route,
    RouteEnd,
    State,
    Unit,
    clockwise,
    with_area,
    with_seat,
)

RULE_DRAW = "RULES §6.1 step 1"
RULE_PLACEMENT = "RULES §6.1 steps 3-4"
RULE_ROUTES = "RULES §6.2"
RULE_Z_AXIS = "RULES §6.1 step 5"
RULE_RESOURCES = "RULES §6.1 step 6"
RULE_FORCES = "RULES §6.1 step 7"
RULE_LIMITS = "RULES §12"


# -- §6.1 steps 1-2: planet draws ------------------------------------------------------------------


def draw_planets(ctx: Ctx, state: State, events: Events) -> State:
    """§6.1 steps 1-2: the starting-planet tokens are shuffled face down; from the first player
    clockwise each draws 2 and shows them (or the pinned draws).  Undrawn planets stay in the box."""
    per = ctx.content.data.rules.planets_per_player.value
    sc = ctx.config.scenario
    counter = state.rng
    order = clockwise(state.first_player, state.players)
    if sc is not None and sc.planet_draws is not None:
        draws = {seat: tuple(sc.planet_draws[seat]) for seat in order}
    else:
        tokens, counter = rng.shuffle(state.seed, counter, ctx.t.planet_ids)
        draws = {seat: tuple(tokens[i * per : (i + 1) * per]) for i, seat in enumerate(order)}
    for seat in order:
        state = with_seat(state, seat, msgspec.structs.replace(state.seat(seat), planets=draws[seat]))
        events.append(PlanetsDrawn(seat=seat, planets=draws[seat]))
    return msgspec.structs.replace(state, rng=counter)


def placement_order(first: int, players: int) -> tuple[int, ...]:
    """§6.1 steps 3-4: round 1 clockwise from the first player, round 2 back counter-clockwise
    from the last, so for 4 players 1, 2, 3, 4, 4, 3, 2, 1."""
    one = clockwise(first, players)
    return one + one[::-1]


def placement_round(state: State) -> int:
    """§6.1 steps 3-4: placement round 1 or 2 of the current placement."""
    return 1 if state.placement_index < state.players else 2


def begin_placement(ctx: Ctx, state: State, events: Events) -> State:
    """§6.1 step 3: the first placement of round 1."""
    order = placement_order(state.first_player, state.players)
    return msgspec.structs.replace(
        state, placement_order=order, placement_index=0, actor=order[0], step=CHOOSE_PLANET
    )


# -- §6.1 steps 3-4: placing planets ----------------------------------------------------------------


def legal_planets(ctx: Ctx, state: State) -> tuple[str, ...]:
    """§6.1 steps 3-4: the actor's drawn planets not yet placed (one of two in round 1, the other
    in round 2), each only if it can join the galaxy somewhere."""
    return tuple(p for p in state.seat(state.actor).planets if galaxy.can_join(ctx, state, p))


def resolve_choose_planet(ctx: Ctx, state: State, planet: str, events: Events) -> State:
    """§6.1 steps 3-4: this planet is the one placed now."""
    return msgspec.structs.replace(state, chosen_planet=planet, step=CHOOSE_CELL)


def legal_cells(ctx: Ctx, state: State) -> tuple[tuple[int, int], ...]:
    """§6.1 steps 3-4, §6.3: the cells the chosen planet may go to."""
    return galaxy.legal_cells(ctx, state, state.chosen_planet)


def resolve_choose_cell(ctx: Ctx, state: State, cell: tuple[int, int], events: Events) -> State:
    """§6.1 steps 3-4: the planet goes to this cell; its turn comes next."""
    return msgspec.structs.replace(state, chosen_cell=cell, step=CHOOSE_ROTATION)


def legal_rotations(ctx: Ctx, state: State) -> tuple[int, ...]:
    """§6.3: the turns of the chosen planet in the chosen cell that join it to the galaxy."""
    assert state.chosen_cell is not None
    return galaxy.legal_rotations(ctx, state, state.chosen_planet, state.chosen_cell)


def resolve_choose_rotation(ctx: Ctx, state: State, rotation: int, events: Events) -> State:
    """§6.1 steps 3-4, §6.2: the planet is placed, turned, with every forced route plugged in; the
    base decision follows unless the actor already has its base."""
    seat, planet, cell = state.actor, state.chosen_planet, state.chosen_cell
    assert cell is not None
    state, routes = galaxy.place_planet(ctx, state, planet, cell, rotation)
    player = state.seat(seat)
    state = with_seat(
        state, seat, msgspec.structs.replace(player, planets=tuple(p for p in player.planets if p != planet))
    )
    events.append(
        PlanetPlaced(
            seat=seat,
            planet=planet,
            x=cell[0],
            y=cell[1],
            rotation=rotation,
            routes=tuple(
                (r.id, r.ends[0].planet, r.ends[0].side, r.ends[1].planet, r.ends[1].side) for r in routes
            ),
        )
    )
    state = msgspec.structs.replace(state, chosen_cell=None)
    if base_planet(ctx, state, seat) is None:
        return msgspec.structs.replace(state, step=PLACE_BASE)
    return next_placement(ctx, state, events)


def base_planet(ctx: Ctx, state: State, seat: int) -> str | None:
    """§4.4, §6.1: the planet holding the seat's base (at setup a player has at most one)."""
    for area in state.areas:
        if area.base == seat:
            return ctx.t.area_planet[area.id]
    return None


def legal_base_areas(ctx: Ctx, state: State) -> tuple[str | None, ...]:
    """§6.1 steps 3-4: any area of the planet just placed; ``None`` (not yet) only in round 1 — a
    player without a base must put it on the second planet."""
    areas: tuple[str | None, ...] = ctx.t.planet_areas[state.chosen_planet]
    return (*areas, None) if placement_round(state) == 1 else areas


def resolve_place_base(ctx: Ctx, state: State, area: str | None, events: Events) -> State:
    """§6.1 steps 3-4: the base goes in the area (or waits for the second planet)."""
    events.append(BasePlaced(seat=state.actor, planet=state.chosen_planet, area=area))
    if area is not None:
        state = with_area(state, msgspec.structs.replace(state.area(area), base=state.actor))
    return next_placement(ctx, state, events)


def next_placement(ctx: Ctx, state: State, events: Events) -> State:
    """§6.1 steps 3-5: the next placement in the 1..n, n..1 order; after the last, z-axis routes."""
    index = state.placement_index + 1
    state = msgspec.structs.replace(state, chosen_planet="", placement_index=index)
    if index < len(state.placement_order):
        return msgspec.structs.replace(state, actor=state.placement_order[index], step=CHOOSE_PLANET)
    return begin_z_axis(ctx, state, events)


# -- §6.1 step 5: z-axis routes ---------------------------------------------------------------------


def begin_z_axis(ctx: Ctx, state: State, events: Events) -> State:
    """§6.1 step 5: each player takes one z-axis pair (the box has 6); from the first player
    clockwise each places theirs."""
    pairs = ctx.content.data.rules.z_axis_pairs.value
    order = clockwise(state.first_player, state.players)
    for i, seat in enumerate(order):
        state = with_seat(state, seat, msgspec.structs.replace(state.seat(seat), z_axis_pair=i < pairs))
    return next_z_axis(ctx, msgspec.structs.replace(state, setup_turn=0), events)


def next_z_axis(ctx: Ctx, state: State, events: Events) -> State:
    """§6.1 step 5: the next seat to place a z-axis pair.  A pair that cannot be placed legally
    (not enough free slots on two different planets) goes back to the box unplaced."""
    order = clockwise(state.first_player, state.players)
    turn = state.setup_turn
    while turn < state.players:
        seat = order[turn]
        if state.seat(seat).z_axis_pair:
            state = msgspec.structs.replace(state, actor=seat, setup_turn=turn)
            if galaxy.z_axis_major_slots(ctx, state):
                return msgspec.structs.replace(state, step=PLACE_Z_MAJOR, z_major=None)
            events.append(ZAxisPlaced(seat=seat, route=None, major=None, minor=None))
            state = with_seat(state, seat, msgspec.structs.replace(state.seat(seat), z_axis_pair=False))
        turn += 1
    state = msgspec.structs.replace(state, setup_turn=0, z_major=None)
    state = deal_resource_cards(ctx, state, events)
    return begin_starting_forces(ctx, state, events)


def legal_z_ends(ctx: Ctx, state: State) -> tuple[RouteEnd, ...]:
    """§6.1 step 5: the major end in any free slot that leaves room for the minor end; then the
    minor end in a free slot of a different planet."""
    if state.z_major is None:
        return galaxy.z_axis_major_slots(ctx, state)
    return galaxy.z_axis_minor_slots(ctx, state, state.z_major)


def resolve_place_z_end(ctx: Ctx, state: State, end: RouteEnd, events: Events) -> State:
    """§6.1 step 5: plug in the major end, then the minor end (the route is complete)."""
    if state.z_major is None:
        return msgspec.structs.replace(state, z_major=end, step=PLACE_Z_MINOR)
    route = Route(len(state.routes), "z_axis", (state.z_major, end))
    seat = state.actor
    events.append(
        ZAxisPlaced(
            seat=seat,
            route=route.id,
            major=(route.ends[0].planet, route.ends[0].side),
            minor=(end.planet, end.side),
        )
    )
    state = msgspec.structs.replace(state, routes=(*state.routes, route), z_major=None)
    state = with_seat(state, seat, msgspec.structs.replace(state.seat(seat), z_axis_pair=False))
    return next_z_axis(ctx, msgspec.structs.replace(state, setup_turn=state.setup_turn + 1), events)


# -- §6.1 step 6: resource cards --------------------------------------------------------------------


def deal_resource_cards(ctx: Ctx, state: State, events: Events) -> State:
    """§6.1 step 6: each player takes the resource cards of every mineral and gas area of the
    planet holding their base, normal side up; the rest form the common supply."""
    for seat in clockwise(state.first_player, state.players):
        planet = base_planet(ctx, state, seat)
        if planet is None:  # pragma: no cover - §6.1 step 4 guarantees a base
            continue
        areas = tuple(a for a in ctx.t.planet_areas[planet] if ctx.t.area[a].resource != "cp")
        cards = tuple(
            sorted((*state.seat(seat).resource_cards, *(HeldCard(a) for a in areas)), key=lambda c: c.area)
        )
        state = with_seat(state, seat, msgspec.structs.replace(state.seat(seat), resource_cards=cards))
        events.append(ResourceCardsTaken(seat=seat, areas=areas))
    return state


# -- §6.1 step 7: starting forces -------------------------------------------------------------------


def starting_units(ctx: Ctx, faction: str) -> tuple[str, ...]:
    """§6.1 step 7: the units on the back of the faction sheet, one entry per unit."""
    listed = ctx.t.faction[faction].starting_units.value
    return tuple(unit for unit, count in listed.items() for _ in range(count))


def room_for_units(ctx: Ctx, state: State, seat: int, area: str) -> int:
    """§12: how many more of the seat's units the area takes: its printed limit less the seat's
    units there; none while another player's units are in it (outside battle an area holds one
    player's units)."""
    here = state.area(area).units
    if any(u.owner != seat for u in here):
        return 0
    return ctx.t.area[area].unit_limit - len(here)


def begin_starting_forces(ctx: Ctx, state: State, events: Events) -> State:
    """§6.1 step 7: from the first player clockwise, each places their starting forces."""
    return next_starting_forces(ctx, msgspec.structs.replace(state, setup_turn=0), events)


def next_starting_forces(ctx: Ctx, state: State, events: Events) -> State:
    """§6.1 step 7: the next seat's units, then transport, then workers; after the last seat,
    the decks and opening hands (§5 steps 8-9) and round 1."""
    if state.setup_turn >= state.players:
        state = setup.opening_hands(ctx, state, events)
        return setup.begin_first_round(ctx, state, events)
    seat = clockwise(state.first_player, state.players)[state.setup_turn]
    units = starting_units(ctx, state.seat(seat).faction)
    state = msgspec.structs.replace(state, actor=seat, units_to_place=units)
    return next_unit(ctx, state, events)


def legal_unit_areas(ctx: Ctx, state: State) -> tuple[str, ...]:
    """§6.1 step 7, §12: areas of the base planet with room for the next starting unit."""
    planet = base_planet(ctx, state, state.actor)
    assert planet is not None
    return tuple(a for a in ctx.t.planet_areas[planet] if room_for_units(ctx, state, state.actor, a) > 0)


def next_unit(ctx: Ctx, state: State, events: Events) -> State:
    """§6.1 step 7: ask where the next starting unit goes; a unit no area has room for stays in the
    supply (RULING: the limits are never exceeded, §12); then the transport."""
    while state.units_to_place:
        if legal_unit_areas(ctx, state):
            return msgspec.structs.replace(state, step=PLACE_UNIT)
        events.append(StartingUnitPlaced(seat=state.actor, unit=state.units_to_place[0], area=None))
        state = msgspec.structs.replace(state, units_to_place=state.units_to_place[1:])
    return next_transport(ctx, state, events)


def resolve_place_unit(ctx: Ctx, state: State, area: str, events: Events) -> State:
    """§6.1 step 7: the next starting unit goes into this area."""
    unit, seat = state.units_to_place[0], state.actor
    here = state.area(area)
    state = with_area(
        state, msgspec.structs.replace(here, units=tuple(sorted((*here.units, Unit(seat, unit)))))
    )
    events.append(StartingUnitPlaced(seat=seat, unit=unit, area=area))
    return next_unit(ctx, msgspec.structs.replace(state, units_to_place=state.units_to_place[1:]), events)


def transports_on_board(state: State, seat: int) -> int:
    """§4.3: how many of the seat's transports are on routes."""
    return sum(r.transports.count(seat) for r in state.routes)


def legal_transport_routes(ctx: Ctx, state: State) -> tuple[int, ...]:
    """§6.1 step 7, §4.3: any route (normal or z-axis) attached to the base planet that does not
    already carry one of the seat's transports."""
    planet = base_planet(ctx, state, state.actor)
    assert planet is not None
    return tuple(r.id for r in galaxy.routes_of(state, planet) if state.actor not in r.transports)


def next_transport(ctx: Ctx, state: State, events: Events) -> State:
    """§6.1 step 7: ask for the starting transport's route while the sheet lists one not yet
    placed; then the workers, and the next seat."""
    seat = state.actor
    wanted = ctx.t.faction[state.seat(seat).faction].starting_transports.value
    if transports_on_board(state, seat) < wanted and legal_transport_routes(ctx, state):
        return msgspec.structs.replace(state, step=PLACE_TRANSPORT)
    workers = ctx.t.faction[state.seat(seat).faction].starting_workers.value
    state = with_seat(state, seat, msgspec.structs.replace(state.seat(seat), worker_pool=workers))
    events.append(WorkersReceived(seat=seat, workers=workers))
    return next_starting_forces(
        ctx, msgspec.structs.replace(state, setup_turn=state.setup_turn + 1, actor=NOBODY), events
    )


def resolve_place_transport(ctx: Ctx, state: State, route: int, events: Events) -> State:
    """§6.1 step 7, §4.3: the transport goes on this route (a z-axis route: on its major end)."""
    seat = state.actor
    r = state.routes[route]
    placed = msgspec.structs.replace(r, transports=tuple(sorted((*r.transports, seat))))
    state = msgspec.structs.replace(state, routes=tuple(placed if x.id == route else x for x in state.routes))
    events.append(
        StartingTransportPlaced(seat=seat, route=route, between=(r.ends[0].planet, r.ends[1].planet))
    )
    return next_transport(ctx, state, events)
