"""Where the galaxy is drawn: planet tiles on the grid of RULES §6.3 (a RULING: the printed tiles'
shapes are not public), their areas as rows, the routes between their slots, the transports and
the order stacks.

Everything here is computed from the viewer's observation and the public content only (through
the game's tables), as plain numbers and words the template draws; nothing reads the state.
The grid's ``y`` grows to the north, the drawing's downwards, so a row is ``max_y - y``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from turncoat.games.starcraft import log
from turncoat.games.starcraft.context import Ctx
from turncoat.games.starcraft.galaxy import OPPOSITE, neighbour, rotated_sides
from turncoat.games.starcraft.observe import StarcraftObservation
from turncoat.games.starcraft.phases.resources import card_capacity
from turncoat.games.starcraft.present import pending_z_words
from turncoat.games.starcraft.state import MOVE_Z_END, NOBODY

TILE = 250  # a planet tile's side, in the drawing's units
GAP = 40  # the space between two tiles: normal routes and transports sit in it (narrow for phones)
PITCH = TILE + GAP
MARGIN = 32  # around the grid: z-axis badges (16 out, 15 wide) and transports by the outer tiles
HEADER = 30  # the planet's name
STACK = 34  # the order stack, at the foot of the tile
ROW_MAX = 64  # an area row is never taller than this
COUNTER_W, COUNTER_H, COUNTER_STEP = 38, 17, 41  # a unit counter and its spacing
TOKEN_W, TOKEN_H = 30, 22  # an order token's back
CARD_H = 96  # a planet still to place, under the grid
TRAY_LABEL = 30  # the words over those planets

RESOURCE_WORDS = {"minerals": "minerals", "gas": "gas", "cp": "CP"}
RESOURCE_LETTER = {"minerals": "M", "gas": "G", "cp": "CP"}
ORDER_LETTER = {"build": "B", "mobilize": "M", "research": "R"}
DEPLETION_WORDS = {1: "partially depleted", 2: "depleted"}
DEPLETION_SHORT = {1: "part depleted", 2: "depleted"}  # on the tile, where room is short
TURN_WORDS = {0: "as printed", 1: "↻ 90°", 2: "↻ 180°", 3: "↻ 270°"}  # a turn's target, in short
MINI = 40  # the side of a turn's small tile, its slots on its sides
DANGLE = 44  # the loose line from a z-axis route end whose other end is still to place


# -- content words ----------------------------------------------------------------------------------
def resource_words(resource: str, amount: int) -> str:
    """'minerals', '1 mineral' style: the resource's word for ``amount`` of it."""
    word = RESOURCE_WORDS.get(resource, resource)
    return "mineral" if word == "minerals" and amount == 1 else word


def unit_codes(ctx: Ctx) -> dict[str, str]:
    """A short code per unit kind, written on its counters so they read without colour ("Ma"
    Marine, "Zea" Zealot, "Zer" Zergling): two letters, more where two kinds would clash."""
    names = {u: re.sub(r"[^A-Za-z]", "", d.name.value) or u for u, d in sorted(ctx.t.unit.items())}
    codes: dict[str, str] = {}
    for unit, name in names.items():
        size = 2
        while size < len(name) and any(
            other != unit and n[:size].lower() == name[:size].lower() for other, n in names.items()
        ):
            size += 1
        codes[unit] = name[:size].capitalize()
    return codes


def planet_invented(ctx: Ctx, planet: str) -> bool:
    """Whether any value of the planet's record is an invented placeholder (shown on its tile)."""
    data = ctx.t.planet[planet]
    return any(v.invented for v in (data.name, data.route_slots, data.areas))


def order_face(kind: str | None, special: bool | None) -> str:
    """An order token's face in two characters ("B", "M★"); "" for a face the viewer may not see."""
    if kind is None:
        return ""
    return ORDER_LETTER.get(kind, kind[:1].upper()) + ("★" if special else "")


# -- the grid ---------------------------------------------------------------------------------------
def extent(cells: Sequence[tuple[int, int]]) -> tuple[int, int, int, int]:
    """The grid's bounds (min x, max x, min y, max y); one cell at the centre when empty."""
    xs, ys = zip(*cells, strict=True) if cells else ((0,), (0,))
    return min(xs), max(xs), min(ys), max(ys)


def tile_corner(cell: tuple[int, int], bounds: tuple[int, int, int, int]) -> tuple[int, int]:
    """The drawing's top-left corner of the tile on grid ``cell``."""
    min_x, _max_x, _min_y, max_y = bounds
    return MARGIN + (cell[0] - min_x) * PITCH, MARGIN + (max_y - cell[1]) * PITCH


def slot_point(corner: tuple[int, int], side: str) -> tuple[float, float]:
    """The middle of a tile's side (where its route slot is)."""
    return slot_point_of(corner, TILE, side)


def slot_point_of(corner: tuple[float, float], size: float, side: str) -> tuple[float, float]:
    """The middle of a side of the square of ``size`` at ``corner``."""
    left, top = corner
    half = size / 2
    return {
        "N": (left + half, top),
        "E": (left + size, top + half),
        "S": (left + half, top + size),
        "W": (left, top + half),
    }[side]


def outward(point: tuple[float, float], side: str, by: float) -> tuple[float, float]:
    """``point`` moved ``by`` units out of the tile across ``side``."""
    dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[side]
    return round(point[0] + dx * by, 1), round(point[1] + dy * by, 1)


def parse_cell(spot: str) -> tuple[int, int] | None:
    """A candidate cell's spot ("cell:1,-2") back as grid coordinates."""
    match = re.fullmatch(r"cell:(-?\d+),(-?\d+)", spot)
    return (int(match.group(1)), int(match.group(2))) if match else None


def parse_turn(spot: str) -> int | None:
    """A turn's spot ("turn:1") back as its quarter turns clockwise."""
    match = re.fullmatch(r"turn:([0-3])", spot)
    return int(match.group(1)) if match else None


def turn_links(
    ctx: Ctx, obs: StarcraftObservation, planet: str, cell: tuple[int, int], rotation: int
) -> tuple[tuple[str, str], ...]:
    """RULES §6.2, §6.3: the routes turning ``planet`` by ``rotation`` on ``cell`` plugs in, as
    (its side, the neighbour planet), read from the observation as ``galaxy.forced_routes`` reads
    the state: each free slot of a neighbour facing one of its slots, N, E, S, W; where the box's
    normal routes are limited, as many as are left but at least one."""
    placed = {(p.x, p.y): p for p in obs.galaxy}
    used = {(e.planet, e.side) for r in obs.routes for e in r.ends}
    links = []
    for side in rotated_sides(ctx, planet, rotation):
        other = placed.get(neighbour(cell, side))
        if other is None:
            continue
        facing = OPPOSITE[side]
        if facing in rotated_sides(ctx, other.id, other.rotation) and (other.id, facing) not in used:
            links.append((side, other.id))
    if ctx.config.normal_routes_limited:
        return tuple(links[: max(1, obs.normal_routes_left)])
    return tuple(links)


def _turns(
    ctx: Ctx, obs: StarcraftObservation, spots: Iterable[str], corner: tuple[int, int], cell: tuple[int, int]
) -> list[dict[str, Any]]:
    """The turns of the planet being turned that the viewer may choose (``spots`` holding
    ``turn:r``), each a small tile drawn in a quarter of its square: its route slots, and a bar
    out of each side that a route would join to a neighbour."""
    planet = obs.chosen_planet
    rotations = sorted({r for r in (parse_turn(s) for s in spots) if r is not None})
    width, height = (TILE - 12) / 2, (TILE - HEADER - 12) / 2
    out = []
    for i, rotation in enumerate(rotations):
        x = corner[0] + 4 + (i % 2) * (width + 4)
        y = corner[1] + HEADER + 4 + (i // 2) * (height + 4)
        sides = rotated_sides(ctx, planet, rotation)
        links = turn_links(ctx, obs, planet, cell, rotation)
        joined = {side for side, _ in links}
        mini = (round(x + (width - MINI) / 2, 1), y + 8)
        out.append(
            {
                "rotation": rotation,
                "spot": f"turn:{rotation}",
                "x": round(x, 1),
                "y": y,
                "width": round(width, 1),
                "height": round(height, 1),
                "mini": mini,
                "slots": [
                    {
                        "side": s,
                        "point": slot_point_of(mini, MINI, s),
                        "bar": outward(slot_point_of(mini, MINI, s), s, 12) if s in joined else None,
                    }
                    for s in sides
                ],
                "words": TURN_WORDS[rotation],
                "routes": f"{len(links)} route{'s' if len(links) != 1 else ''}",
                "note": (
                    f"route slots on the {', '.join(sides)} side{'s' if len(sides) != 1 else ''}; "
                    + (
                        "; ".join(f"a route from its {s} side to {log.planet_name(ctx, p)}" for s, p in links)
                        if links
                        else "no route to another planet"
                    )
                ),
            }
        )
    return out


def corner_ids(obs: StarcraftObservation) -> set[str]:
    """The planets already on the grid."""
    return {p.id for p in obs.galaxy}


def _tray(ctx: Ctx, planets: Sequence[str], width: int, top: int) -> list[dict[str, Any]]:
    """The planets the viewer may choose to place now (RULES §6.1 steps 3-4), as cards under the
    grid, as many to a row as the drawing's width holds: name, areas and printed route slots."""
    per_row = max(1, (width - 2 * MARGIN + GAP) // PITCH)
    out = []
    for i, planet in enumerate(planets):
        areas = ctx.t.planet_areas[planet]
        resources = [ctx.t.area[a] for a in areas]
        sides = ctx.t.planet_sides[planet]
        out.append(
            {
                "id": planet,
                "name": log.planet_name(ctx, planet),
                "x": MARGIN + (i % per_row) * PITCH,
                "y": top + TRAY_LABEL + (i // per_row) * (CARD_H + GAP // 2),
                "areas": " ".join(f"{RESOURCE_LETTER.get(r.resource, '?')}{r.amount}" for r in resources),
                "slots": f"slots {' '.join(sides)}",
                "invented": planet_invented(ctx, planet),
                "note": (
                    f"{len(areas)} area{'s' if len(areas) != 1 else ''}: "
                    + ", ".join(f"{r.amount} {resource_words(r.resource, r.amount)}" for r in resources)
                    + f"; route slots printed on the {', '.join(sides)} side{'s' if len(sides) != 1 else ''}"
                ),
            }
        )
    return out


# -- the galaxy -------------------------------------------------------------------------------------
def _groups(units: Sequence[Any], codes: Mapping[str, str], ctx: Ctx) -> list[dict[str, Any]]:
    """The units of an area as counters: one per owner and kind (cloaked ones apart)."""
    counts: dict[tuple[int, str, bool], int] = {}
    for u in units:
        key = (u.owner, u.kind, bool(u.cloaked))
        counts[key] = counts.get(key, 0) + 1
    return [
        {
            "seat": owner,
            "kind": kind,
            "code": codes.get(kind, kind[:2]),
            "count": n,
            "cloaked": cloaked,
            "name": log.unit_name(ctx, kind) + (" (cloaked)" if cloaked else ""),
        }
        for (owner, kind, cloaked), n in sorted(counts.items())
    ]


def _area_rows(
    ctx: Ctx,
    obs: StarcraftObservation,
    planet: str,
    corner: tuple[int, int],
    codes: Mapping[str, str],
    seat_names: Mapping[int, str],
) -> list[dict[str, Any]]:
    areas = {a.id: a for a in obs.areas}
    ids = [a for a in ctx.t.planet_areas[planet] if a in areas]
    left, top = corner
    room = TILE - HEADER - STACK
    height = min(ROW_MAX, room // max(1, len(ids)))
    battle = obs.battle.area if obs.battle is not None else ""
    arrived: dict[str, int] = {}  # §10.2: units moved in this Mobilize order, by the area they reached
    for _kind, _source, to in obs.mobilize.moves if obs.mobilize is not None else ():
        arrived[to] = arrived.get(to, 0) + 1
    rows = []
    for i, area_id in enumerate(ids):
        state, data = areas[area_id], ctx.t.area[area_id]
        y = top + HEADER + i * height
        groups = _groups(state.units, codes, ctx)
        per_line = (TILE - 12 - (30 if state.base != NOBODY else 0)) // COUNTER_STEP
        for k, g in enumerate(groups):
            g["x"] = left + 8 + (30 if state.base != NOBODY else 0) + (k % per_line) * COUNTER_STEP
            g["y"] = y + 24 + (k // per_line) * (COUNTER_H + 2)
        words = resource_words(data.resource, data.amount)
        facts = [f"{data.amount} {words}", f"unit limit {data.unit_limit}"]
        if state.depletion and data.resource != "cp":
            left_now = card_capacity(ctx, area_id, state.depletion)
            facts.append(
                DEPLETION_WORDS.get(state.depletion, "depleted")
                + (f" (takes {left_now} a round)" if left_now else "")
            )
        there = []
        if state.base != NOBODY:
            there.append(f"base of {seat_names.get(state.base, 'a player')}")
        by_seat: dict[int, list[str]] = {}
        for g in groups:
            by_seat.setdefault(g["seat"], []).append(f"{g['count']} × {g['name']}")
        there += [f"{seat_names.get(s, 'a player')}: {', '.join(w)}" for s, w in by_seat.items()]
        desc = (
            f"{log.area_name(ctx, area_id)}: {', '.join(facts)}"
            + (" · battle here" if area_id == battle else "")
            + (
                f" · {arrived[area_id]} unit{'s' if arrived[area_id] != 1 else ''} moved in"
                if area_id in arrived
                else ""
            )
            + ". "
            + ("; ".join(there) if there else "No units, no base")
            + "."
        )
        rows.append(
            {
                "id": area_id,
                "top": y,
                "height": height - 3,
                "resource": data.resource,
                "letter": RESOURCE_LETTER.get(data.resource, "?"),
                "amount": data.amount,
                "line": f"{data.amount} {words} · limit {data.unit_limit}",
                # on a phone, where every word is larger: "3M · limit 2" (the legend says M, G, CP)
                "short": f"{data.amount}{RESOURCE_LETTER.get(data.resource, '?')} · limit {data.unit_limit}",
                "depleted": DEPLETION_SHORT.get(state.depletion, "") if data.resource != "cp" else "",
                "depletion": state.depletion,
                "base": state.base if state.base != NOBODY else None,
                "groups": groups,
                "battle": area_id == battle,
                "arrived": arrived.get(area_id, 0),
                "desc": desc,
            }
        )
    return rows


def _stack(
    ctx: Ctx, obs: StarcraftObservation, planet: str, corner: tuple[int, int], seat_names: Mapping[int, str]
) -> list[dict[str, Any]]:
    """The planet's order stack, bottom first, as token backs along the tile's foot."""
    stack = dict(obs.stacks).get(planet, ())
    left, top = corner
    step = min(TOKEN_W + 4, (TILE - 80) / max(1, len(stack)))
    where = log.planet_name(ctx, planet)
    out = []
    for i, o in enumerate(stack):
        face = order_face(o.kind, o.special)
        who = seat_names.get(o.owner, "a player")
        said = (
            f"{who}'s {log.order_name(o.kind, bool(o.special))} order (you see its face)"
            if o.kind is not None
            else f"{who}'s order, face down"
        )
        out.append(
            {
                "seat": o.owner,
                "n": i + 1,
                "face": face,
                "x": round(left + 52 + i * step, 1),
                "y": top + TILE - STACK + 6,
                "title": f"Order {i + 1} from the bottom of the stack on {where}: {said}",
            }
        )
    return out


def pending_z(
    ctx: Ctx, obs: StarcraftObservation, corner_of: Mapping[str, tuple[int, int]]
) -> dict[str, Any] | None:
    """RULES §6.1 step 5 (and the event card that moves a z-axis route, §17): the z-axis route end
    on the table while its other end is chosen: its planet and side, the badge out of its slot, a
    loose line along the tile's side (away from the transports, which sit the other way), the
    route's number and the words.  None when no end waits."""
    end = obs.z_major
    if end is None or end.planet not in corner_of:
        return None
    z_routes = [r for r in obs.routes if r.kind == "z_axis"]
    # the route being moved keeps its number; a new one takes the next
    number = next((i for i, r in enumerate(z_routes, 1) if r.ends[0] == end), len(z_routes) + 1)
    badge = outward(slot_point(corner_of[end.planet], end.side), end.side, 16)
    loose = (badge[0] - DANGLE, badge[1]) if end.side in ("N", "S") else (badge[0], badge[1] - DANGLE)
    return {
        "planet": end.planet,
        "side": end.side,
        "z": number,
        "badge": badge,
        "loose": loose,
        "words": pending_z_words(ctx, obs),
        "short": "other end moves" if obs.step == MOVE_Z_END else "second end to place",
    }


def galaxy(
    ctx: Ctx,
    obs: StarcraftObservation,
    spots: Iterable[str],
    seat_names: Mapping[int, str],
    codes: Mapping[str, str],
) -> dict[str, Any]:
    """The whole drawing: planets, the cells a planet may go to now (``spots`` holding
    ``cell:x,y``), the routes with their transports and z-axis badges, and the drawing's size."""
    spots = tuple(spots)  # read more than once
    placed = {(p.x, p.y): p for p in obs.galaxy}
    candidates = sorted({c for c in (parse_cell(s) for s in spots) if c is not None} - set(placed))
    coming: tuple[int, int] | None = None  # the cell chosen for the planet being turned
    if obs.chosen_cell and obs.chosen_planet and tuple(obs.chosen_cell) not in placed:
        coming = (obs.chosen_cell[0], obs.chosen_cell[1])
    cells = [*placed, *candidates, *([coming] if coming else [])]
    bounds = extent(cells)
    min_x, max_x, min_y, max_y = bounds
    width = 2 * MARGIN + (max_x - min_x) * PITCH + TILE
    height = 2 * MARGIN + (max_y - min_y) * PITCH + TILE if cells else MARGIN
    tray = _tray(
        ctx, sorted(s for s in spots if s in ctx.t.planet and s not in corner_ids(obs)), width, height
    )
    corner_of = {p.id: tile_corner((p.x, p.y), bounds) for p in obs.galaxy}
    used = {(e.planet, e.side) for r in obs.routes for e in r.ends}
    used |= {(obs.z_major.planet, obs.z_major.side)} if obs.z_major else set()  # no longer free
    active = obs.active_order
    pending = pending_z(ctx, obs, corner_of)
    planets = []
    for p in obs.galaxy:
        corner = corner_of[p.id]
        sides = rotated_sides(ctx, p.id, p.rotation)
        planets.append(
            {
                "id": p.id,
                "name": log.planet_name(ctx, p.id),
                "cell": (p.x, p.y),
                "left": corner[0],
                "top": corner[1],
                "invented": planet_invented(ctx, p.id),
                "free_slots": [
                    {
                        "side": s,
                        "point": slot_point(corner, s),
                        "spot": f"slot:{p.id}:{s}",
                        # the choice these slots offer now is the pending route's other end
                        "joins": f"the other end of z-axis route {pending['z']}" if pending else "",
                    }
                    for s in sides
                    if (p.id, s) not in used
                ],
                "pending_z": pending if pending and pending["planet"] == p.id else None,
                "areas": _area_rows(ctx, obs, p.id, corner, codes, seat_names),
                "stack": _stack(ctx, obs, p.id, corner, seat_names),
                "active": (
                    {
                        "seat": active.token.owner,
                        "face": order_face(active.token.kind, active.token.special),
                        "words": log.order_name(active.token.kind, active.token.special),
                        "x": corner[0] + TILE - 40,
                        "y": corner[1] + TILE - STACK + 6,
                    }
                    if active is not None and active.planet == p.id
                    else None
                ),
                "order_target": obs.order_planet == p.id and obs.step == "plan_token",
            }
        )
    routes = []
    z_number = 0
    for r in obs.routes:
        a, b = r.ends
        if a.planet not in corner_of or b.planet not in corner_of:
            continue
        pa, pb = slot_point(corner_of[a.planet], a.side), slot_point(corner_of[b.planet], b.side)
        words = f"{log.planet_name(ctx, a.planet)} and {log.planet_name(ctx, b.planet)}"
        who = ", ".join(seat_names.get(s, "a player") for s in r.transports)
        if r.kind == "z_axis":
            z_number += 1
            major, minor = outward(pa, a.side, 16), outward(pb, b.side, 16)
            # beside the major end's badge, along the tile's side (never off the drawing)
            chips = (major[0] + 34, major[1]) if a.side in ("N", "S") else (major[0], major[1] + 30)
            title = f"Z-axis route {z_number} (route {r.id}) between {words}"
        else:
            major, minor = pa, pb
            chips = (round((pa[0] + pb[0]) / 2, 1), round((pa[1] + pb[1]) / 2, 1))
            title = f"Route {r.id} between {words}"
        title += f"; transports: {who}" if who else "; no transport"
        across = a.side in ("N", "S")  # chips side by side across the route's direction
        first = 0.0 if r.kind == "z_axis" else (len(r.transports) - 1) / 2  # a z-axis row starts at its badge
        transports = [
            {
                "seat": s,
                "x": round(chips[0] + ((k - first) * 18 if across else 0), 1),
                "y": round(chips[1] + (0 if across else (k - first) * 18), 1),
            }
            for k, s in enumerate(r.transports)
        ]
        routes.append(
            {
                "id": r.id,
                "spot": f"route:{r.id}",
                "kind": r.kind,
                "z": z_number if r.kind == "z_axis" else 0,
                "a": major,
                "b": minor,
                "transports": transports,
                "title": title,
            }
        )
    return {
        "cols": max_x - min_x + 1,
        "width": width,
        "height": height + (tray[-1]["y"] + CARD_H + MARGIN - height if tray else 0),
        "tray": tray,
        "tray_y": height + TRAY_LABEL - 10,
        "tile": TILE,
        "header": HEADER,
        "stack": STACK,
        "planets": planets,
        "routes": routes,
        "pending_z": pending,
        "candidates": [
            {"cell": c, "spot": f"cell:{c[0]},{c[1]}", "corner": tile_corner(c, bounds)} for c in candidates
        ],
        "placing": log.planet_name(ctx, obs.chosen_planet) if obs.chosen_planet else "the planet",
        "coming": (
            {
                "cell": coming,
                "corner": tile_corner(coming, bounds),
                "name": log.planet_name(ctx, obs.chosen_planet),
                "turns": _turns(ctx, obs, spots, tile_corner(coming, bounds), coming),
            }
            if coming
            else None
        ),
    }
