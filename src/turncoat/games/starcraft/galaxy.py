"""The galaxy on a grid (RULES §6.3, a RULING: the tiles' physical shapes are not public).

* Each planet occupies one cell ``(x, y)`` of an integer grid (``y`` grows to the north).
* A planet has route slots on some of its sides ``N, E, S, W`` (content ``route_slots``, printed
  orientation); turning it ``r`` quarter turns clockwise moves a slot from side ``s`` to side
  ``s + r``.
* Two planets in orthogonally neighbouring cells are joined by a normal route exactly when both
  have a free slot on the sides that face each other; every such pair is joined when a planet is
  placed (the forced routes of §6.2), and a new planet must get at least one.
* A slot holds at most one route end, normal or z-axis (§4.2); z-axis ends go in any free slot.

Everything here reads the state and returns new values; nothing changes its input.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from turncoat.games.starcraft.components import SIDES
from turncoat.games.starcraft.context import Ctx
from turncoat.games.starcraft.state import AreaState, PlacedPlanet, Route, RouteEnd, State

OFFSET: dict[str, tuple[int, int]] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE: dict[str, str] = {"N": "S", "E": "W", "S": "N", "W": "E"}
CENTRE = (0, 0)  # §6.1 step 3: the first planet goes in the middle of the table

Link = tuple[str, str, str]  # (side of the new planet, neighbour planet, neighbour's side)


def rotated_sides(ctx: Ctx, planet: str, rotation: int) -> tuple[str, ...]:
    """§6.3: the sides holding route slots after ``rotation`` quarter turns clockwise."""
    return ctx.t.turned_sides[planet][rotation % 4]  # computed once per content (context.build_tables)


def neighbour(cell: tuple[int, int], side: str) -> tuple[int, int]:
    """§6.3: the cell across ``side``."""
    dx, dy = OFFSET[side]
    return cell[0] + dx, cell[1] + dy


def used_slots(state: State) -> frozenset[RouteEnd]:
    """§4.2: every slot holding a route end."""
    return frozenset(end for r in state.routes for end in r.ends)


def free_slots(ctx: Ctx, state: State, planet: str) -> tuple[str, ...]:
    """§4.2: the sides of a placed planet whose slot holds no route end."""
    placed = state.placed(planet)
    if placed is None:
        return ()
    used = used_slots(state)
    return tuple(s for s in rotated_sides(ctx, planet, placed.rotation) if RouteEnd(planet, s) not in used)


def _occupied(state: State) -> dict[tuple[int, int], PlacedPlanet]:
    return {(p.x, p.y): p for p in state.galaxy}


def _links(
    ctx: Ctx,
    planet: str,
    cell: tuple[int, int],
    rotation: int,
    used: frozenset[RouteEnd],
    occupied: dict[tuple[int, int], PlacedPlanet],
) -> tuple[Link, ...]:
    links: list[Link] = []
    for side in rotated_sides(ctx, planet, rotation):
        other = occupied.get(neighbour(cell, side))
        if other is None:
            continue
        facing = OPPOSITE[side]
        if facing in rotated_sides(ctx, other.id, other.rotation) and RouteEnd(other.id, facing) not in used:
            links.append((side, other.id, facing))
    return tuple(links)


def facing_links(
    ctx: Ctx, state: State, planet: str, cell: tuple[int, int], rotation: int
) -> tuple[Link, ...]:
    """§6.2, §6.3: each pair of free facing slots between ``planet`` (placed at ``cell`` turned by
    ``rotation``) and the planets already around that cell, in N, E, S, W order."""
    return _links(ctx, planet, cell, rotation, used_slots(state), _occupied(state))


def forced_routes(
    ctx: Ctx, state: State, planet: str, cell: tuple[int, int], rotation: int
) -> tuple[Link, ...]:
    """§6.2 (with GAPS §2.1's ruling when the routes run out): every facing pair gets a normal
    route; with ``normal_routes_limited`` only as many as the supply holds, but at least one, so the
    new planet is always joined (the extra piece is a substitute, as the rulebook allows for
    depletion tokens)."""
    links = facing_links(ctx, state, planet, cell, rotation)
    if not ctx.config.normal_routes_limited:
        return links
    return links[: max(1, state.normal_routes_left)]


def legal_rotations(ctx: Ctx, state: State, planet: str, cell: tuple[int, int]) -> tuple[int, ...]:
    """§6.1 steps 3-4, §6.3: the quarter turns that join the planet to the galaxy, one per distinct
    slot layout (turns giving the same sides are the same placement).  The first planet joins
    nothing, so only its distinct layouts are offered."""
    return _rotations(ctx, state, planet, cell, used_slots(state), _occupied(state))


def _rotations(
    ctx: Ctx,
    state: State,
    planet: str,
    cell: tuple[int, int],
    used: frozenset[RouteEnd],
    occupied: dict[tuple[int, int], PlacedPlanet],
) -> tuple[int, ...]:
    out: list[int] = []
    seen: set[tuple[str, ...]] = set()
    for rotation in range(4):
        sides = rotated_sides(ctx, planet, rotation)
        if sides in seen:
            continue
        if occupied and not _links(ctx, planet, cell, rotation, used, occupied):
            continue
        seen.add(sides)
        out.append(rotation)
    return tuple(out)


def _candidate_cells(occupied: dict[tuple[int, int], PlacedPlanet]) -> list[tuple[int, int]]:
    return sorted({neighbour(cell, side) for cell in occupied for side in SIDES} - set(occupied))


def legal_cells(ctx: Ctx, state: State, planet: str) -> tuple[tuple[int, int], ...]:
    """§6.1 steps 3-4: the first planet goes in the middle; each later one in an empty cell next
    to the galaxy where some turn of it faces a free slot of a neighbour."""
    if not state.galaxy:
        return (CENTRE,)
    used, occupied = used_slots(state), _occupied(state)
    return tuple(c for c in _candidate_cells(occupied) if _rotations(ctx, state, planet, c, used, occupied))


def can_join(ctx: Ctx, state: State, planet: str) -> bool:
    """§6.1 steps 3-4: the planet has at least one legal cell (stops at the first found)."""
    if not state.galaxy:
        return True
    used, occupied = used_slots(state), _occupied(state)
    return any(_rotations(ctx, state, planet, c, used, occupied) for c in _candidate_cells(occupied))


def place_planet(
    ctx: Ctx, state: State, planet: str, cell: tuple[int, int], rotation: int
) -> tuple[State, tuple[Route, ...]]:
    """§6.1 steps 3-4, §6.2: put the planet on the table, its areas empty, and plug in the forced
    routes.  Returns the new state and the routes placed."""
    links = forced_routes(ctx, state, planet, cell, rotation)
    first_id = len(state.routes)
    new_routes = tuple(
        Route(first_id + i, "normal", (RouteEnd(planet, side), RouteEnd(other, facing)))
        for i, (side, other, facing) in enumerate(links)
    )
    areas = tuple(
        sorted((*state.areas, *(AreaState(a) for a in ctx.t.planet_areas[planet])), key=lambda a: a.id)
    )
    placed = PlacedPlanet(planet, cell[0], cell[1], rotation)
    state = msgspec.structs.replace(
        state,
        galaxy=(*state.galaxy, placed),
        areas=areas,
        routes=(*state.routes, *new_routes),
        normal_routes_left=max(0, state.normal_routes_left - len(new_routes)),
    )
    return state, new_routes


def routes_of(state: State, planet: str) -> tuple[Route, ...]:
    """§2: a planet's routes: every route with an end on it (normal or z-axis)."""
    return tuple(r for r in state.routes if any(e.planet == planet for e in r.ends))


def adjacent_planets(state: State, planet: str) -> tuple[str, ...]:
    """§2: the planets joined to ``planet`` by a route of either kind."""
    out = {e.planet for r in routes_of(state, planet) for e in r.ends} - {planet}
    return tuple(sorted(out))


def z_axis_major_slots(ctx: Ctx, state: State) -> tuple[RouteEnd, ...]:
    """§6.1 step 5: free slots for a major end, leaving a free slot on another planet for the
    minor end (otherwise the pair cannot be placed legally at all)."""
    free = {p.id: free_slots(ctx, state, p.id) for p in state.galaxy}
    out = [
        RouteEnd(planet, side)
        for planet, sides in free.items()
        if any(other != planet and rest for other, rest in free.items())
        for side in sides
    ]
    return tuple(sorted(out))


def z_axis_minor_slots(ctx: Ctx, state: State, major: RouteEnd) -> tuple[RouteEnd, ...]:
    """§6.1 step 5, §4.2: free slots on any planet other than the major end's."""
    return tuple(
        sorted(
            RouteEnd(p.id, s)
            for p in state.galaxy
            if p.id != major.planet
            for s in free_slots(ctx, state, p.id)
        )
    )


def connected(state: State, planets: Iterable[str] | None = None) -> bool:
    """§6.1: every placed planet is reachable from the first one by routes."""
    ids = [p.id for p in state.galaxy] if planets is None else list(planets)
    if not ids:
        return True
    seen, todo = {ids[0]}, [ids[0]]
    while todo:
        for nxt in adjacent_planets(state, todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen >= set(ids)
