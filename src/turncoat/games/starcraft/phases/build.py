"""The Build order (RULES §10.1, §10.4, §11): three optional steps in this order: with a base on the
active planet, workers, transports and units (up to the unit build limit); with a unit or a base,
one building and/or one module; with a unit but no base, one base.

A Build order is a run of small decisions: the next purchase (what, and where it goes), then its
cost one resource at a time (``Pay``: a printed slot, a card, force mining, the special order's
discount).  A purchase is offered only when it can be paid, and a payment only when the rest of the
cost can still be paid, so no decision leads to a dead end.
"""

from __future__ import annotations

import msgspec

from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.components import Cost
from turncoat.games.starcraft.context import Ctx, Events
from turncoat.games.starcraft.events import Bought
from turncoat.games.starcraft.galaxy import routes_of
from turncoat.games.starcraft.phases import control, event_effects, research, resources
from turncoat.games.starcraft.state import (
    BUILD,
    NOBODY,
    PAY,
    STEP_EXECUTION,
    AreaState,
    BuildProgress,
    Purchase,
    Route,
    State,
    Unit,
    with_area,
    with_seat,
)

RULE_BUILD = "RULES §10.1"
SUPPLY = "supply"
# §10.1: the step each purchase belongs to (a later step's purchase closes the earlier steps)
STAGE = {"worker": 1, "transport": 1, "unit": 1, "building": 2, "module": 2, "base": 3}


def _done(state: State) -> State:
    return msgspec.structs.replace(state, step=STEP_EXECUTION, actor=NOBODY)


def begin_build(ctx: Ctx, state: State, events: Events) -> State:
    """§10.1: with neither a unit nor a base on the active planet the order has no effect;
    otherwise its owner starts buying."""
    order = state.active_order
    assert order is not None
    seat, planet = order.token.owner, order.planet
    base = control.has_base_on(ctx, state, seat, planet)
    if not base and not control.has_unit_on(ctx, state, seat, planet):
        return _done(state)
    stage = 1 if base or tech_unit_areas(ctx, state, seat, planet) else 2
    return msgspec.structs.replace(state, step=BUILD, actor=seat, build=BuildProgress(stage=stage))


def unit_build_limit(ctx: Ctx, state: State, seat: int, special: bool) -> int:
    """§10.1.2, §10.4, §18: Terran and Protoss 2 + 1 per Supply module; Zerg 2 per different
    building type (at most 6); +1 for a special Build order."""
    p = state.seat(seat)
    rule = ctx.t.race[p.race].build_limit.value
    if rule.kind == "base_plus_supply":
        limit = rule.base + rule.per * dict(p.modules).get(SUPPLY, 0)
    else:
        limit = rule.base + rule.per * sum(1 for _, level in p.buildings if level > 0)
    if rule.max is not None:
        limit = min(limit, rule.max)
    return limit + (1 if special else 0)


def unlocked_units(ctx: Ctx, state: State, seat: int) -> tuple[str, ...]:
    """§10.1.5: the unit types the seat's buildings unlock (level L unlocks levels 1..L); tech-
    required units (Archon, Guardian) are ``tech_units``."""
    levels = dict(state.seat(seat).buildings)
    return tuple(
        u.id
        for u in ctx.content.data.units
        if u.race == state.seat(seat).race
        and u.building.value is not None
        and u.level.value is not None
        and levels.get(u.building.value, 0) >= u.level.value
    )


def tech_units(ctx: Ctx, state: State, seat: int) -> tuple[str, ...]:
    """§10.1.2: the tech-required units of the seat's race whose technology it owns (bought: no
    longer in its technology deck)."""
    p = state.seat(seat)
    return tuple(
        u.id
        for u in ctx.content.data.units
        if u.race == p.race
        and u.technology.value is not None
        and u.technology.value in ctx.t.tech_deck[p.race]
        and u.technology.value not in p.tech_deck
    )


def _own_units(area: AreaState, seat: int, kind: str) -> int:
    return sum(1 for u in area.units if u.owner == seat and u.kind == kind)


def tech_unit_areas(ctx: Ctx, state: State, seat: int, planet: str) -> tuple[tuple[str, str], ...]:
    """§10.1.2: (unit, area) for each owned tech-required unit that can be made on the active
    planet: the units it is made from are there (any planet, no base needed), and it goes in an
    area holding one of them."""
    out: list[tuple[str, str]] = []
    areas = control.areas_on(ctx, state, planet)
    for kind in tech_units(ctx, state, seat):
        need = ctx.t.unit[kind].made_from.value
        if need and all(sum(_own_units(a, seat, k) for a in areas) >= n for k, n in need.items()):
            out += [(kind, a.id) for a in areas if any(_own_units(a, seat, k) for k in need)]
    return tuple(out)


def next_building_level(ctx: Ctx, state: State, seat: int, building: str) -> tuple[int, Cost] | None:
    """§10.1.5: the next level of a building and its cost (None when it has no further level:
    levels cannot be skipped)."""
    data = next(b for b in ctx.content.data.buildings if b.id == building)
    level = dict(state.seat(seat).buildings).get(building, 0)
    if level >= len(data.levels.value) or level >= len(data.costs.value):
        return None
    return level + 1, data.costs.value[level]


def module_allowed(ctx: Ctx, state: State, seat: int, module: str) -> bool:
    """§10.1.4: a module of the seat's race, with a free module space and a token left."""
    p = state.seat(seat)
    data = next(m for m in ctx.content.data.modules if m.id == module)
    owned = dict(p.modules)
    spaces = ctx.t.race[p.race].module_spaces.value
    return (
        p.race in data.races
        and sum(owned.values()) < spaces
        and owned.get(module, 0) < data.tokens.value.get(p.race, 0)
    )


def _affordable(ctx: Ctx, state: State, cost: Cost, discount: bool) -> bool:
    seat = state.actor
    return resources.can_pay(ctx, state, seat, cost.minerals, cost.gas, discount)


def legal_build_options(ctx: Ctx, state: State) -> tuple[A.StarcraftAction, ...]:
    """§10.1: the purchases the order still allows, in its step order, that the seat can pay for."""
    progress, order = state.build, state.active_order
    assert progress is not None and order is not None
    seat, planet, special = state.actor, order.planet, order.token.special
    rules = ctx.content.data.rules
    discount = special and not progress.discount_used
    out: list[A.StarcraftAction] = []
    base_here = control.has_base_on(ctx, state, seat, planet)
    unit_here = control.has_unit_on(ctx, state, seat, planet)
    if progress.stage <= 1 and progress.units < unit_build_limit(ctx, state, seat, special):
        for kind, area in tech_unit_areas(ctx, state, seat, planet):
            data = ctx.t.unit[kind]
            if control.units_on_board(state, seat, kind) < data.figures.value and _affordable(
                ctx, state, data.cost.value, discount
            ):
                out.append(A.BuildUnit(kind, area))
    if progress.stage <= 1 and base_here:
        if control.workers_owned(state, seat) < rules.workers.value and _affordable(
            ctx, state, rules.worker_cost.value, False
        ):
            out.append(A.BuildWorker())
        if control.transports_on_board(state, seat) < rules.transports.value and _affordable(
            ctx, state, rules.transport_cost.value, discount
        ):
            out += [A.BuildTransport(r.id) for r in routes_of(state, planet) if seat not in r.transports]
        extra = event_effects.build_limit_bonus(ctx, state, seat)  # §17: kept event cards
        if progress.units < unit_build_limit(ctx, state, seat, special) + extra:
            areas = [
                a
                for a in control.areas_on(ctx, state, planet)
                if control.friendly_or_empty(a, seat) and control.room_for(ctx, a, seat)
            ]
            for kind in unlocked_units(ctx, state, seat):
                data = ctx.t.unit[kind]
                if control.units_on_board(state, seat, kind) >= data.figures.value:
                    continue
                if _affordable(ctx, state, data.cost.value, discount):
                    out += [A.BuildUnit(kind, a.id) for a in areas]
    if progress.stage <= 2 and (base_here or unit_here):
        if not progress.building:
            for b in ctx.t.race[state.seat(seat).race].buildings.value:
                nxt = next_building_level(ctx, state, seat, b)
                cost = (
                    None
                    if nxt is None
                    else event_effects.discounted_cost(ctx, state, seat, "building", nxt[1])
                )
                if cost is not None and _affordable(ctx, state, cost, discount):
                    out.append(A.BuyBuilding(b))
        if not progress.module:
            for m in ctx.content.data.modules:
                cost = event_effects.discounted_cost(ctx, state, seat, "module", m.cost.value)
                if module_allowed(ctx, state, seat, m.id) and _affordable(ctx, state, cost, discount):
                    out.append(A.BuyModule(m.id))
    base_room = control.bases_on_board(state, seat) < rules.bases.value
    base_paid = _affordable(ctx, state, rules.base_cost.value, discount)
    if unit_here and not base_here and not progress.base and base_room and base_paid:
        out += [
            A.BuildBase(a.id)
            for a in control.areas_on(ctx, state, planet)
            if control.units_of(a, seat)
            and not control.has_enemy_base(a, seat)
            and not team_holds_every_area(ctx, state, seat, a.id)
        ]
    out.append(A.EndBuild())
    return tuple(out)


def team_holds_every_area(ctx: Ctx, state: State, seat: int, area: str) -> bool:
    """§10.1.3 [FAQ], §19: in team play a base may not be built where it would give the builder's
    team a base in every area of the planet."""
    if not ctx.config.team_play:
        return False
    team = state.teams[seat]
    return all(
        a.id == area or (a.base != NOBODY and state.teams[a.base] == team)
        for a in control.areas_on(ctx, state, ctx.t.area_planet[area])
    )


def _cost_of(ctx: Ctx, state: State, item: str, target: str) -> Cost:
    return event_effects.discounted_cost(
        ctx, state, state.actor, item, _printed_cost(ctx, state, item, target)
    )


def _printed_cost(ctx: Ctx, state: State, item: str, target: str) -> Cost:
    rules = ctx.content.data.rules
    if item == "worker":
        return rules.worker_cost.value
    if item == "transport":
        return rules.transport_cost.value
    if item == "base":
        return rules.base_cost.value
    if item == "unit":
        return ctx.t.unit[target].cost.value
    if item == "building":
        nxt = next_building_level(ctx, state, state.actor, target)
        assert nxt is not None
        return nxt[1]
    return next(m for m in ctx.content.data.modules if m.id == target).cost.value


def resolve_build_choice(ctx: Ctx, state: State, action: A.StarcraftAction, events: Events) -> State:
    """§10.1: start paying for the chosen purchase (a later step closes the earlier ones); EndBuild
    ends the order."""
    progress = state.build
    assert progress is not None
    match action:
        case A.BuildWorker():
            item, target, place = "worker", "", ""
        case A.BuildTransport(route=r):
            item, target, place = "transport", "", str(r)
        case A.BuildUnit(unit=u, area=a):
            item, target, place = "unit", u, a
        case A.BuyBuilding(building=b):
            item, target, place = "building", b, ""
        case A.BuyModule(module=m):
            item, target, place = "module", m, ""
        case A.BuildBase(area=a):
            item, target, place = "base", "", a
        case _:
            return _done(state)
    cost = _cost_of(ctx, state, item, target)
    purchase = Purchase(item, target, place, cost.minerals, cost.gas)
    progress = msgspec.structs.replace(progress, stage=max(progress.stage, STAGE[item]), paying=purchase)
    state = msgspec.structs.replace(state, build=progress, step=PAY)
    return _finish_if_paid(ctx, state, events)


def _discount_open(state: State) -> bool:
    progress, order = state.build, state.active_order
    assert progress is not None and order is not None and progress.paying is not None
    special_build = order.token.special and order.token.kind == "build"
    return special_build and not progress.discount_used and progress.paying.item != "worker"


def legal_payments(ctx: Ctx, state: State) -> tuple[A.Pay, ...]:
    """§11, §10.4: where the next resource can come from, keeping the rest of the cost payable."""
    progress = state.build
    assert progress is not None and progress.paying is not None
    due, seat = progress.paying, state.actor
    out: list[A.Pay] = []
    if _discount_open(state):
        for kind, n in (("minerals", due.minerals), ("gas", due.gas)):
            m, g = due.minerals - (kind == "minerals"), due.gas - (kind == "gas")
            if n and resources.can_pay(ctx, state, seat, m, g, False):
                out.append(A.Pay(resources.DISCOUNT, kind))
    for kind, n in (("minerals", due.minerals), ("gas", due.gas)):
        if not n:
            continue
        for source, area in resources.payment_sources(ctx, state, seat, kind):
            after, _ = resources.pay_one(ctx, state, seat, source, kind, area)
            m = due.minerals - (kind == "minerals")
            g = due.gas - (kind == "gas")
            if resources.can_pay(ctx, after, seat, m, g, _discount_open(state)):
                out.append(A.Pay(source, kind, area))
    return tuple(out)


def resolve_pay(ctx: Ctx, state: State, pay: A.Pay, events: Events) -> State:
    """§11: one resource paid; the purchase is made once its cost is paid."""
    progress = state.build
    assert progress is not None and progress.paying is not None
    due = progress.paying
    if pay.source == resources.DISCOUNT:
        progress = msgspec.structs.replace(progress, discount_used=True)
        depletion = -1
    else:
        state, depletion = resources.pay_one(ctx, state, state.actor, pay.source, pay.kind, pay.area)
    paid = (*due.paid, (pay.source, pay.kind, pay.area if depletion < 0 else f"{pay.area}:{depletion}"))
    due = msgspec.structs.replace(
        due,
        minerals=due.minerals - (pay.kind == "minerals"),
        gas=due.gas - (pay.kind == "gas"),
        paid=paid,
    )
    state = msgspec.structs.replace(state, build=msgspec.structs.replace(progress, paying=due))
    return _finish_if_paid(ctx, state, events)


def _finish_if_paid(ctx: Ctx, state: State, events: Events) -> State:
    progress = state.build
    assert progress is not None and progress.paying is not None
    due = progress.paying
    if due.minerals or due.gas:
        return state
    depleted = tuple(
        (area.split(":")[0], int(area.split(":")[1]))
        for source, _, area in due.paid
        if source == resources.FORCE
    )
    paid = tuple((s, k, a.split(":")[0]) for s, k, a in due.paid)
    if due.item == research.TECHNOLOGY:  # §10.3 step 3: a Research order's technology
        return research.technology_paid(ctx, state, due, paid, depleted, events)
    state, level = make_purchase(ctx, state, state.actor, due)
    events.append(
        Bought(
            seat=state.actor,
            item=due.item,
            target=due.target,
            place=due.place,
            level=level,
            paid=paid,
            depleted=depleted,
        )
    )
    # §17: a kept discount card is used by its purchase, a build-limit card by the unit it allowed
    order = state.active_order
    assert order is not None
    if event_effects.discount_effect(due.item):
        state = event_effects.use_kept_card(
            ctx, state, state.actor, event_effects.discount_effect(due.item), events
        )
    units = progress.units + (due.item == "unit")
    if due.item == "unit" and units > unit_build_limit(ctx, state, state.actor, order.token.special):
        state = event_effects.use_kept_card(ctx, state, state.actor, event_effects.BUILD_LIMIT, events)
    progress = msgspec.structs.replace(
        progress,
        units=units,
        building=progress.building or due.item == "building",
        module=progress.module or due.item == "module",
        base=progress.base or due.item == "base",
        paying=None,
    )
    return msgspec.structs.replace(state, build=progress, step=BUILD)


def consume_units(ctx: Ctx, state: State, seat: int, kind: str, area_id: str) -> State:
    """§10.1.2: a tech-required unit destroys the friendly units it is made from, those in its own
    area first, then in the other areas of its planet in order (units of a kind are alike)."""
    need = dict(ctx.t.unit[kind].made_from.value)
    if not need:
        return state
    planet = ctx.t.area_planet[area_id]
    for a in sorted(control.areas_on(ctx, state, planet), key=lambda a: (a.id != area_id, a.id)):
        units = list(a.units)
        for u in a.units:
            if u.owner == seat and need.get(u.kind, 0) > 0:
                units.remove(u)
                need[u.kind] -= 1
        state = with_area(state, msgspec.structs.replace(a, units=tuple(units)))
    return state


def make_purchase(ctx: Ctx, state: State, seat: int, due: Purchase) -> tuple[State, int]:
    """§10.1.1-5: the paid-for piece: a worker to the Unavailable Workers area, a transport on its
    route, a unit in its area, a base, a building's next level, a module.  Returns the building's
    new level (0 for anything else)."""
    p = state.seat(seat)
    if due.item == "worker":
        return with_seat(
            state, seat, msgspec.structs.replace(p, unavailable_workers=p.unavailable_workers + 1)
        ), 0
    if due.item == "transport":
        rid = int(due.place)
        routes = tuple(
            Route(r.id, r.kind, r.ends, tuple(sorted((*r.transports, seat)))) if r.id == rid else r
            for r in state.routes
        )
        return msgspec.structs.replace(state, routes=routes), 0
    if due.item == "unit":
        state = consume_units(ctx, state, seat, due.target, due.place)
        area = state.area(due.place)
        units = tuple(sorted((*area.units, Unit(seat, due.target))))
        return with_area(state, msgspec.structs.replace(area, units=units)), 0
    if due.item == "base":
        return with_area(state, msgspec.structs.replace(state.area(due.place), base=seat)), 0
    if due.item == "building":
        levels = dict(p.buildings)
        levels[due.target] = levels.get(due.target, 0) + 1
        player = msgspec.structs.replace(p, buildings=tuple(sorted(levels.items())))
        return with_seat(state, seat, player), levels[due.target]
    modules = dict(p.modules)
    modules[due.target] = modules.get(due.target, 0) + 1
    return with_seat(state, seat, msgspec.structs.replace(p, modules=tuple(sorted(modules.items())))), 0
