"""Who is where (RULES §2, §12, §15, §16.4): friendly, enemy and empty areas, control, room under
the unit limits, and whether a seat still has anything on the board.

These definitions are used by every order, by regrouping and by the victory checks; they read the
state and change nothing.
"""

from __future__ import annotations

from turncoat.games.starcraft.context import Ctx
from turncoat.games.starcraft.state import NOBODY, AreaState, State


def units_of(area: AreaState, seat: int) -> int:
    """§2, §12: how many of ``seat``'s units are in ``area`` (a Zergling stand is one unit)."""
    return sum(1 for u in area.units if u.owner == seat)


def has_enemy_unit(area: AreaState, seat: int) -> bool:
    """§2: the area holds a unit of another player."""
    return any(u.owner != seat for u in area.units)


def has_enemy_base(area: AreaState, seat: int) -> bool:
    """§2: the area holds another player's base."""
    return area.base not in (NOBODY, seat)


def is_empty(area: AreaState) -> bool:
    """§2: no units and no base."""
    return not area.units and area.base == NOBODY


def controls(area: AreaState, seat: int) -> bool:
    """§2, §15 [FAQ]: ``seat`` has a unit or its base there, and no enemy unit or enemy base is."""
    mine = units_of(area, seat) > 0 or area.base == seat
    return mine and not has_enemy_unit(area, seat) and not has_enemy_base(area, seat)


def friendly_or_empty(area: AreaState, seat: int) -> bool:
    """§2, §10: an area ``seat`` may put units in without a battle: empty, or friendly."""
    return not has_enemy_unit(area, seat) and not has_enemy_base(area, seat)


def room_for(ctx: Ctx, area: AreaState, seat: int, *, attacking: bool = False) -> int:
    """§12: how many more of ``seat``'s units fit in ``area`` (the limit + 2 when attacking it;
    the defender's units never count against the attacker)."""
    limit = ctx.t.area[area.id].unit_limit + (2 if attacking else 0)
    return max(0, limit - units_of(area, seat))


def areas_on(ctx: Ctx, state: State, planet: str) -> tuple[AreaState, ...]:
    """§4.1: the areas of a placed planet, in the planet's printed order."""
    return tuple(state.area(a) for a in ctx.t.planet_areas[planet])


def has_base_on(ctx: Ctx, state: State, seat: int, planet: str) -> bool:
    """§4.4: ``seat`` has its base in an area of ``planet``."""
    return any(a.base == seat for a in areas_on(ctx, state, planet))


def has_unit_on(ctx: Ctx, state: State, seat: int, planet: str) -> bool:
    """§2: ``seat`` has at least one unit on ``planet``."""
    return any(units_of(a, seat) for a in areas_on(ctx, state, planet))


def on_board(state: State, seat: int) -> bool:
    """§16.4: a seat with no units and no bases on the board is eliminated."""
    return any(a.base == seat or any(u.owner == seat for u in a.units) for a in state.areas)


def units_on_board(state: State, seat: int, kind: str) -> int:
    """§3, §10.1.2: figures of ``kind`` the seat has on the board (the box limits the rest)."""
    return sum(1 for a in state.areas for u in a.units if u.owner == seat and u.kind == kind)


def bases_on_board(state: State, seat: int) -> int:
    """§3, §10.1.3: bases the seat has on the board (at most the box's 6)."""
    return sum(1 for a in state.areas if a.base == seat)


def transports_on_board(state: State, seat: int) -> int:
    """§3, §10.1.1: transports the seat has on routes (at most the box's 7)."""
    return sum(1 for r in state.routes if seat in r.transports)


def workers_owned(state: State, seat: int) -> int:
    """§3, §4.5: the seat's workers wherever they are (pool, unavailable, cards, printed slots)."""
    p = state.seat(seat)
    return (
        p.worker_pool
        + p.unavailable_workers
        + sum(c.workers for c in p.resource_cards)
        + sum(r.workers for r in p.permanent_resources)
    )
