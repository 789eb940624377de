"""The Mobilize order (RULES §10.2, §12, §18): move units onto or within the active planet, one
unit per decision, then fight if units entered an area holding enemy units.

Units come from any area of the active planet, or from an adjacent planet across a route that
carries one of the mover's transports; every unit ends on the active planet.  Destinations are
empty or friendly areas within the unit limits, plus at most one enemy area (its limit + 2 for the
attacker).  A Terran base on the active planet may lift off to another friendly or empty area of
it.  The whole move is said as one log line when it ends; a battle then starts through
``combat.start_battle`` (docs/starcraft.md, "The combat seam").
"""

from __future__ import annotations

import msgspec

from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.context import Ctx, Events
from turncoat.games.starcraft.events import UnitsMoved
from turncoat.games.starcraft.galaxy import routes_of
from turncoat.games.starcraft.phases import combat, control
from turncoat.games.starcraft.state import (
    MOBILIZE,
    NOBODY,
    STEP_EXECUTION,
    AreaState,
    MobilizeProgress,
    State,
    with_area,
)

RULE_MOBILIZE = "RULES §10.2"
AIR_SUPPORT = "air_support"
LIFT_OFF = "lift_off"


def begin_mobilize(ctx: Ctx, state: State, events: Events) -> State:
    """§10.2: the move step starts (it may end at once: moving nothing is allowed)."""
    order = state.active_order
    assert order is not None
    return msgspec.structs.replace(state, step=MOBILIZE, actor=order.token.owner, mobilize=MobilizeProgress())


def is_enemy_area(ctx: Ctx, area: AreaState, seat: int) -> bool:
    """§2, §10.2, §21.4 ``enemy_base_only_area_counts_as_enemy_area``: an area holding enemy units
    (or, by default, only an enemy base) is the order's one enemy area."""
    if control.has_enemy_unit(area, seat):
        return True
    return ctx.config.enemy_base_only_area_counts_as_enemy_area and control.has_enemy_base(area, seat)


def teammate_there(state: State, area: AreaState, seat: int) -> bool:
    """§19 team play: teammates never move into each other's areas."""
    team = state.teams[seat]
    others = {u.owner for u in area.units} | ({area.base} if area.base != NOBODY else set())
    return any(o != seat and state.teams[o] == team for o in others)


def orbital_defense(state: State, area: AreaState, seat: int) -> bool:
    """§10.1.4 Limited Orbital Defense: an area holding the base of another player who owns an Air
    Support module cannot be entered straight from another planet."""
    if area.base in (NOBODY, seat):
        return False
    return dict(state.seat(area.base).modules).get(AIR_SUPPORT, 0) > 0


def movable(progress: MobilizeProgress, area: AreaState, seat: int, kind: str) -> int:
    """§10.2: the seat's units of ``kind`` in ``area`` that may still move this order (a unit that
    arrived in it this order does not move again)."""
    arrived = sum(1 for k, _, to in progress.moves if to == area.id and k == kind)
    return sum(1 for u in area.units if u.owner == seat and u.kind == kind) - arrived


def sources(ctx: Ctx, state: State) -> tuple[tuple[str, int | None], ...]:
    """§10.2: the areas units may come from: the active planet's (route None), and those of each
    adjacent planet across a route with one of the mover's transports and room under the
    transport capacity (§4.3, §21.4 ``transport_capacity``)."""
    progress, order = state.mobilize, state.active_order
    assert progress is not None and order is not None
    seat, planet = state.actor, order.planet
    out: list[tuple[str, int | None]] = [(a, None) for a in ctx.t.planet_areas[planet]]
    carried = dict(progress.carried)
    capacity = ctx.config.transport_capacity
    seen: set[str] = set()
    for r in routes_of(state, planet):
        if seat not in r.transports or (capacity is not None and carried.get(r.id, 0) >= capacity):
            continue
        other = next(e.planet for e in r.ends if e.planet != planet)
        if other in seen:
            continue
        seen.add(other)
        out += [(a, r.id) for a in ctx.t.planet_areas[other]]
    return tuple(out)


def destination_ok(ctx: Ctx, state: State, area: AreaState, from_elsewhere: bool) -> bool:
    """§10.2, §12: a destination on the active planet: empty or friendly with room, or the order's
    one enemy area with room under its limit + 2 (no room for a teammate's area, and none from
    another planet under an enemy's Limited Orbital Defense)."""
    progress = state.mobilize
    assert progress is not None
    seat = state.actor
    if teammate_there(state, area, seat) or (from_elsewhere and orbital_defense(state, area, seat)):
        return False
    if is_enemy_area(ctx, area, seat):
        if progress.enemy_area not in ("", area.id):
            return False
        return control.room_for(ctx, area, seat, attacking=control.has_enemy_unit(area, seat)) > 0
    return control.room_for(ctx, area, seat) > 0


def legal_moves(ctx: Ctx, state: State) -> tuple[A.StarcraftAction, ...]:
    """§10.2, §18: every single-unit move (kind, from, to), a Terran lift-off, or the end of the
    move step."""
    progress, order = state.mobilize, state.active_order
    assert progress is not None and order is not None
    seat, planet = state.actor, order.planet
    targets = control.areas_on(ctx, state, planet)
    out: list[A.StarcraftAction] = []
    for source_id, route in sources(ctx, state):
        source = state.area(source_id)
        kinds = sorted({u.kind for u in source.units if u.owner == seat})
        for kind in kinds:
            if movable(progress, source, seat, kind) <= 0:
                continue
            out += [
                A.MoveUnit(kind, source_id, t.id)
                for t in targets
                if t.id != source_id and destination_ok(ctx, state, t, route is not None)
            ]
    if progress.lift_off is None and any(
        h.id == LIFT_OFF for h in ctx.t.race[state.seat(seat).race].abilities
    ):
        out += [
            A.LiftOff(home, t.id)
            for home in lift_off_sources(ctx, state)
            for t in targets
            if t.id != home and t.base == NOBODY and control.friendly_or_empty(t, seat)
        ]
    out.append(A.EndMove())
    return tuple(out)


def lift_off_sources(ctx: Ctx, state: State) -> tuple[str, ...]:
    """§10.2, §18 [FORUM]: the area of the Terran base that may lift off: the one on the active
    planet; with GAPS §2.1 ``terran_lift_off_across_planets``, when there is none there (one base
    a planet, §10.1.3), the bases on adjacent planets whose route carries one of the seat's
    transports, as units come across it."""
    order = state.active_order
    assert order is not None
    seat = state.actor
    home = [a.id for a in control.areas_on(ctx, state, order.planet) if a.base == seat]
    if home or not ctx.config.terran_lift_off_across_planets:
        return tuple(home)
    return tuple(a for a, route in sources(ctx, state) if route is not None and state.area(a).base == seat)


def resolve_move(ctx: Ctx, state: State, move: A.MoveUnit, events: Events) -> State:
    """§10.2: one unit from its area to an area of the active planet."""
    progress = state.mobilize
    assert progress is not None
    seat = state.actor
    route = dict(sources(ctx, state))[move.source]
    source, target = state.area(move.source), state.area(move.to)
    units = list(source.units)
    unit = next(u for u in units if u.owner == seat and u.kind == move.unit)
    units.remove(unit)
    enemy = move.to if is_enemy_area(ctx, target, seat) else progress.enemy_area
    state = with_area(state, msgspec.structs.replace(source, units=tuple(units)))
    target = state.area(move.to)
    state = with_area(state, msgspec.structs.replace(target, units=tuple(sorted((*target.units, unit)))))
    carried = dict(progress.carried)
    if route is not None:
        carried[route] = carried.get(route, 0) + 1
    progress = msgspec.structs.replace(
        progress,
        enemy_area=enemy,
        moves=(*progress.moves, (move.unit, move.source, move.to)),
        carried=tuple(sorted(carried.items())),
    )
    return msgspec.structs.replace(state, mobilize=progress)


def resolve_lift_off(ctx: Ctx, state: State, lift: A.LiftOff, events: Events) -> State:
    """§10.2, §18 [FORUM]: the Terran base moves to another friendly or empty area of the active
    planet, during the move step (from an adjacent planet only with
    ``terran_lift_off_across_planets``, which may cut off a transport, §4.3)."""
    from turncoat.games.starcraft.phases import regrouping  # cut-off transports, §4.3

    progress = state.mobilize
    assert progress is not None
    seat = state.actor
    state = with_area(state, msgspec.structs.replace(state.area(lift.source), base=NOBODY))
    state = with_area(state, msgspec.structs.replace(state.area(lift.to), base=seat))
    progress = msgspec.structs.replace(progress, lift_off=(lift.source, lift.to))
    if ctx.t.area_planet[lift.source] != ctx.t.area_planet[lift.to]:
        state = regrouping.destroy_cut_off_transports_now(ctx, state, events)
    return msgspec.structs.replace(state, mobilize=progress)


def resolve_end_move(ctx: Ctx, state: State, events: Events) -> State:
    """§10.2: the move is said in one line; if units entered an area with enemy units, the battle
    (§13) starts with the mover as attacker, else the order is over."""
    progress, order = state.mobilize, state.active_order
    assert progress is not None and order is not None
    seat = state.actor
    if progress.moves or progress.lift_off:
        events.append(
            UnitsMoved(seat=seat, planet=order.planet, moves=progress.moves, lift_off=progress.lift_off)
        )
    contested = progress.enemy_area
    if contested and control.has_enemy_unit(state.area(contested), seat):
        return start_battle(ctx, state, contested, seat, events)
    return msgspec.structs.replace(state, step=STEP_EXECUTION, actor=NOBODY)


def start_battle(ctx: Ctx, state: State, area: str, attacker: int, events: Events) -> State:
    """§10.2, §10.4, §13.1: the battle in ``area`` with ``attacker`` as attacker, run by the combat
    module, which hands back at ``STEP_EXECUTION`` with nobody to act; a special Mobilize order
    gives the attacker 5 combat cards and +1 attack in every skirmish."""
    order = state.active_order
    assert order is not None
    return combat.start_battle(ctx, state, area, attacker, events, special=order.token.special)
