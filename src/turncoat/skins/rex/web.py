"""Rex in the browser: a schematic map of the board, your race sheet and hand, the others' public
sheets.

The templates in ``templates/`` override the generic ones of the same name.  :func:`context` gives
them what the update payload does not draw by itself, computed from two things only: the public
content pack and the viewer's own observation (``payload["observation"]``), so a page shows
nothing the seat's JSON does not hold.  Words come from the game's presentation and its names
(``games/rex/present.py``, ``games/rex/log.py``).

The content pack gives the board's topology (areas, the sectors each spans, strongholds, shields,
influence spots) but no geometry: the printed board is not public.  :func:`map_geometry` draws a
schematic stand-in: the Galactic Council in the middle, the sectors as equal wedges of a ring
around it, each area a band across the sectors it spans, on a lane of the ring chosen so that no
two areas of one sector overlap (strongholds nearest the Council).  The map says so, and marks
the estimated areas with a dashed outline, as Verräter's board marks estimated values.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from turncoat.core import deals
from turncoat.core.actions import Event
from turncoat.core.engine import Game
from turncoat.games.rex.components import RexContent
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.log import ESTIMATED, Names
from turncoat.games.rex.observe import RexObservation
from turncoat.games.rex.present import RexPresentation
from turncoat.server.skin import WebSkin
from turncoat.skins.rex import battle, bidding, ceasefire, ending, sweep

SIZE = 1000.0  # the map's viewBox is SIZE x SIZE
CENTRE = SIZE / 2
COUNCIL_R = 118.0  # the Galactic Council's circle
RING_IN = 138.0  # the ring of areas, from here ...
RING_OUT = 452.0  # ... to here
RIM_R = 478.0  # sector numbers and the fleet
SECTOR_GAP = 0.6  # degrees left open between two sectors' cells
LANE_GAP = 2.5  # units left open between two lanes

LEADER_PLACES = {"ready": "available", "dead": "in the casualty pool"}


# -- geometry ---------------------------------------------------------------------------------------
def _point(r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return round(CENTRE + r * math.cos(a), 1), round(CENTRE + r * math.sin(a), 1)


def arc_cell(r0: float, r1: float, a0: float, a1: float) -> str:
    """An SVG path for the ring's part between radii ``r0`` < ``r1`` and angles ``a0`` < ``a1``
    (degrees, clockwise from the right, as SVG measures them)."""
    large = 1 if a1 - a0 > 180 else 0
    x0, y0 = _point(r1, a0)
    x1, y1 = _point(r1, a1)
    x2, y2 = _point(r0, a1)
    x3, y3 = _point(r0, a0)
    return f"M{x0} {y0} A{r1} {r1} 0 {large} 1 {x1} {y1} " f"L{x2} {y2} A{r0} {r0} 0 {large} 0 {x3} {y3} Z"


def sector_angles(sector: int, count: int) -> tuple[float, float]:
    """The wedge of sector ``sector`` (1-based): sector 1 starts at the top, the others follow
    clockwise."""
    width = 360.0 / count
    start = -90.0 + (sector - 1) * width
    return start, start + width


def assign_lanes(spans: Mapping[str, Sequence[int]], first: Iterable[str] = ()) -> dict[str, int]:
    """A lane (0 = innermost) for every area that lies in sectors, so that two areas sharing a
    sector never share a lane: the areas in ``first`` (the strongholds) are placed before the
    others, then the widest areas, each on the lowest lane free in all its sectors."""
    early = set(first)
    order = sorted(
        (a for a, s in spans.items() if s),
        key=lambda a: (a not in early, -len(set(spans[a])), min(spans[a]), a),
    )
    taken: dict[int, set[int]] = {}
    lanes: dict[str, int] = {}
    for area in order:
        lane = 0
        while any(lane in taken.get(s, set()) for s in spans[area]):
            lane += 1
        lanes[area] = lane
        for s in spans[area]:
            taken.setdefault(s, set()).add(lane)
    return lanes


def lane_depths(spans: Mapping[str, Sequence[int]], lanes: Mapping[str, int], count: int) -> dict[str, int]:
    """How many lanes each area fills: its own, and outward every lane left free in all its
    sectors (so the ring has no empty gaps where a sector holds few areas)."""
    taken = {(s, lanes[a]) for a in lanes for s in spans[a]}
    depth = {}
    for area, lane in lanes.items():
        n = 1
        while lane + n < count and not any((s, lane + n) in taken for s in spans[area]):
            n += 1
        depth[area] = n
    return depth


def initials(name: str) -> str:
    """A short tag for an area on the map ("Imperial Navy Base" -> "INB")."""
    words = [w for w in re.split(r"[\s\-]+", re.sub(r"\(.*?\)", "", name)) if w and w[0].isalpha()]
    skip = {"of", "the"}
    tag = "".join(w[0].upper() for w in words if w.lower() not in skip)
    return tag[:4] or name[:3]


def map_geometry(data: RexContent, names: Names) -> dict[str, Any]:
    """Where everything of the board is drawn: sector wedges, each area's lane and each piece's
    cell (an SVG path and its centre).  Depends on the public content only."""
    board = data.board
    count = max(1, board.sector_count.value)
    pieces_of: dict[str, list[Any]] = {}
    for piece in board.pieces:
        pieces_of.setdefault(piece.area, []).append(piece)
    spans = {a.id: sorted({p.sector for p in pieces_of.get(a.id, []) if p.sector}) for a in board.areas}
    lanes = assign_lanes(spans, first=[a.id for a in board.areas if a.stronghold.value])
    lane_count = max(lanes.values(), default=0) + 1
    depth = lane_depths(spans, lanes, lane_count)
    width = (RING_OUT - RING_IN) / lane_count
    areas = []
    centre_areas = [a for a in board.areas if not spans[a.id]]
    for area in board.areas:
        cells = []
        if spans[area.id]:
            r0 = RING_IN + lanes[area.id] * width + LANE_GAP / 2
            r1 = r0 + depth[area.id] * width - LANE_GAP
            by_sector: dict[int, list[Any]] = {}
            for piece in pieces_of.get(area.id, []):
                by_sector.setdefault(piece.sector or 0, []).append(piece)
            for sector, here in sorted(by_sector.items()):
                a0, a1 = sector_angles(sector, count)
                step = (a1 - a0) / len(here)
                for k, piece in enumerate(here):
                    b0, b1 = a0 + k * step + SECTOR_GAP / 2, a0 + (k + 1) * step - SECTOR_GAP / 2
                    cx, cy = _point((r0 + r1) / 2, (b0 + b1) / 2)
                    cells.append(
                        {"id": piece.id, "sector": sector, "path": arc_cell(r0, r1, b0, b1), "x": cx, "y": cy}
                    )
        else:  # the Galactic Council (and any other area in no sector) in the middle
            k, n = centre_areas.index(area), len(centre_areas)
            r = COUNCIL_R if n == 1 else COUNCIL_R / 2
            cx = CENTRE if n == 1 else CENTRE - COUNCIL_R / 2 + k * COUNCIL_R / max(1, n - 1)
            for piece in pieces_of.get(area.id, []):
                path = f"M{cx - r} {CENTRE} a{r} {r} 0 1 0 {2 * r} 0 a{r} {r} 0 1 0 {-2 * r} 0 Z"
                cells.append({"id": piece.id, "sector": 0, "path": path, "x": cx, "y": CENTRE})
        middle = cells[len(cells) // 2] if cells else {"x": CENTRE, "y": CENTRE}
        areas.append(
            {
                "id": area.id,
                "name": names.area_name(area.id),
                "tag": initials(names.area.get(area.id, area.id)),
                "estimated": names.area_estimated.get(area.id, False),
                "sectors": spans[area.id],
                "centre": not spans[area.id],
                "stronghold": area.stronghold.value,
                "shielded": area.shielded.value,
                "shield_generator": "shield_generator" in area.special,
                "depends_on_generator": area.shield_depends_on_generator.value,
                "spaceport": "spaceport" in area.special,
                "influence_spot": area.influence_spot.value,
                "cells": cells,
                "label": middle,
                "single": len(cells) == 1 and cells[0]["id"] == area.id,
            }
        )
    sectors = []
    for s in range(1, count + 1):
        a0, a1 = sector_angles(s, count)
        lx, ly = _point(RIM_R, (a0 + a1) / 2)
        sectors.append(
            {
                "n": s,
                "path": arc_cell(RING_IN - 6, RIM_R + 16, a0, a1),
                "x": lx,
                "y": ly,
                "angle": round((a0 + a1) / 2, 1),
            }
        )
    return {
        "size": int(SIZE),
        "centre": CENTRE,
        "council_r": COUNCIL_R,
        "ring_in": RING_IN,
        "ring_out": RING_OUT,
        "sectors": sectors,
        "areas": areas,
        "lanes": lane_count,
        "status": board.status,
    }


# -- content ----------------------------------------------------------------------------------------
def race_codes(data: RexContent) -> dict[str, str]:
    """A two-letter code per race, written on its counters so they read without colour
    ("La" Lazax, "Le" Letnev, "Jo" Jol-Nar ...); longer where two would clash."""
    codes: dict[str, str] = {}
    for race in data.races:
        letters = re.sub(r"[^A-Za-z]", "", race.short_name) or race.id
        size = 2
        while letters[:size].capitalize() in codes.values() and size < len(letters):
            size += 1
        codes[race.id] = letters[:size].capitalize()
    return codes


def public_content(game: RexGame) -> dict[str, Any]:
    """What the templates need of the content pack (public for every seat)."""
    data = game.content.data
    names = Names(data)
    return {
        "names": names,
        "geometry": map_geometry(data, names),
        "codes": race_codes(data),
        "abilities": {
            r.id: [(a.name, a.text.value, a.text.estimated) for a in r.abilities] for r in data.races
        },
        "ally_cards": {
            r.id: [(c.text.value, c.text.estimated) for c in r.ally_advantages] for r in data.races
        },
        "strength_estimated": {ld.id: ld.strength.estimated for r in data.races for ld in r.leaders},
        "board_status": data.board.status,
    }


# public content by content pack: every table under one pack shares it.
_CONTENT: dict[str, dict[str, Any]] = {}


def _face(game: RexGame) -> RexPresentation:
    """The game's presentation (its words), one per content pack."""
    key = game.content.digest
    if key not in _FACES:
        _FACES[key] = game.presentation()
    return _FACES[key]


_FACES: dict[str, RexPresentation] = {}


def _content(game: RexGame) -> dict[str, Any]:
    key = game.content.digest
    if key not in _CONTENT:
        _CONTENT[key] = public_content(game)
    return _CONTENT[key]


# -- the position, from the viewer's observation ----------------------------------------------------
def _units(units: int, mech: int) -> str:
    out = f"{units} unit{'' if units == 1 else 's'}"
    return out + (f" and {mech} mechanized" if mech else "")


def choosable(decisions: Sequence[Mapping[str, Any]]) -> dict[str, list[str]]:
    """The board places the viewer's decisions are about (their choices' marks), each with the
    labels of the choices that name it: clicking a place with one choice makes that choice."""
    out: dict[str, list[str]] = {}
    for decision in decisions:
        for choice in decision.get("choices") or []:
            for mark in choice.get("marks") or []:
                out.setdefault(str(mark), []).append(str(choice.get("label", "")))
    return out


def board_state(
    obs: RexObservation, content: Mapping[str, Any], seat_names: Mapping[int, str], marks: Mapping[int, str]
) -> dict[str, Any]:
    """Per piece: the counters (one per seat there: its race's code and units) and the influence
    lying there; per area: a description that names it and lists what is there."""
    names: Names = content["names"]
    codes: Mapping[str, str] = content["codes"]
    race_of = {s.seat: s.race for s in obs.seats}
    counters: dict[str, list[dict[str, Any]]] = {}
    for st in obs.stacks:
        race = race_of.get(st.seat)
        counters.setdefault(st.piece, []).append(
            {
                "seat": st.seat,
                "code": codes.get(race or "", "?"),
                "mark": marks.get(st.seat, str(st.seat + 1)),
                "units": st.units,
                "mech": st.mechanized,
                "text": f"{seat_names.get(st.seat, 'a player')} ({names.race_name(race)}): "
                + _units(st.units, st.mechanized),
            }
        )
    influence: dict[str, int] = {}
    for piece, amount in obs.board_influence:
        influence[piece] = influence.get(piece, 0) + amount
    shield_down = obs.shield_destroyed
    described: dict[str, str] = {}
    for area in content["geometry"]["areas"]:
        parts = [area["name"]]
        if area["sectors"]:
            parts.append(
                "sector" + ("s " if len(area["sectors"]) > 1 else " ") + ", ".join(map(str, area["sectors"]))
            )
        kinds = []
        if area["stronghold"]:
            kinds.append("stronghold")
        if area["shield_generator"]:
            kinds.append("shield generator" + (" (destroyed)" if shield_down else ""))
        if area["shielded"]:
            down = shield_down and area["depends_on_generator"]
            kinds.append("shield destroyed" if down else "shielded")
        if area["spaceport"]:
            kinds.append("spaceport")
        if area["influence_spot"]:
            kinds.append("influence spot")
        if obs.fleet and obs.fleet in area["sectors"]:
            kinds.append("under the fleet's bombardment")
        there = []
        for cell in area["cells"]:
            where = f" (sector {cell['sector']})" if len(area["cells"]) > 1 else ""
            there += [c["text"] + where for c in counters.get(cell["id"], [])]
            if influence.get(cell["id"]):
                there.append(f"{influence[cell['id']]} influence{where}")
        described[area["id"]] = (
            ", ".join(parts)
            + (f" ({', '.join(kinds)})" if kinds else "")
            + ": "
            + ("; ".join(there) if there else "empty")
            + "."
        )
    return {"counters": counters, "influence": influence, "described": described}


def _leader_place(names: Names, status: str) -> str:
    return LEADER_PLACES.get(status, f"fought this round in {names.area_name(status)}")


def sheets(obs: RexObservation, content: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every seat's public sheet: race, influence, units on the board, reserves, casualty pool,
    hand and traitor counts (never which), betrayal card held, leaders and where they are, allies."""
    names: Names = content["names"]
    on_board: dict[int, int] = {}
    for st in obs.stacks:
        on_board[st.seat] = on_board.get(st.seat, 0) + st.units + st.mechanized
    out = []
    for view in obs.seats:
        out.append(
            {
                "seat": view.seat,
                "race": names.race_name(view.race) if view.race else None,
                "race_id": view.race,
                "code": content["codes"].get(view.race or "", ""),
                "influence": view.influence,
                "on_board": on_board.get(view.seat, 0),
                "reserves": view.reserves,
                "reserves_mech": view.reserves_mech,
                "casualties": view.casualties,
                "casualties_mech": view.casualties_mech,
                "hand_size": view.hand_size,
                "traitors": view.traitors,
                "betrayal_card": view.betrayal_card,
                "known_cards": [names.card_name(c) for c in view.known_cards],
                "allies": list(deals.allies_of(obs.deals, view.seat)),
                "leaders": [
                    {
                        "name": names.leader_name(lv.leader),
                        "strength": lv.strength,
                        "estimated": content["strength_estimated"].get(lv.leader, False),
                        "status": lv.status,
                        "place": _leader_place(names, lv.status),
                    }
                    for lv in view.leaders
                ],
            }
        )
    return out


def own_sheet(obs: RexObservation, content: Mapping[str, Any]) -> dict[str, Any] | None:
    """What the viewer alone knows of its own race: its hand with each card's effect, its traitor
    cards, the Xxcha prediction, the betrayal card, the ally advantage cards its allies lend it,
    its race's abilities.  None for a spectator."""
    if obs.viewer is None or not (0 <= obs.viewer < len(obs.seats)):
        return None
    names: Names = content["names"]
    me = obs.seats[obs.viewer]
    allies = deals.allies_of(obs.deals, obs.viewer)
    race_of = {s.seat: s.race for s in obs.seats}
    ally_cards = [
        {"race": names.race_name(race_of[a]), "text": text, "estimated": est}
        for a in allies
        if race_of.get(a)
        for text, est in content["ally_cards"].get(race_of[a], [])
    ]
    prediction = None
    if obs.prediction is not None:
        race, rnd = obs.prediction
        prediction = f"the {names.race_name(race)} win in round {rnd}"
    return {
        "race": names.race_name(me.race) if me.race else None,
        "race_full": names.race_full.get(me.race or "", ""),
        "abilities": content["abilities"].get(me.race or "", []),
        "hand": [{"name": names.card_name(c), "effect": names.card_help.get(c, "")} for c in obs.hand or ()],
        "traitors": [names.leader_name(t, strength=True, race=True) for t in obs.traitors or ()],
        "traitor_offers": [names.leader_name(t, strength=True, race=True) for t in obs.traitor_offers or ()],
        "prediction": prediction,
        "betrayal": (
            f"{obs.betrayal} ({names.betrayal.get(obs.betrayal, '')})" if obs.betrayal is not None else None
        ),
        "ally_cards": ally_cards,
        "fleet_dial": obs.fleet_dial,
        "card_on_auction": names.card_name(obs.card_on_auction) if obs.card_on_auction else None,
        "next_influence": names.influence.get(obs.next_influence_card or "", None),
        "next_bombardment": obs.next_bombardment,
    }


def round_end(
    payload: Mapping[str, Any], obs: RexObservation, content: Mapping[str, Any], seat_names: Mapping[int, str]
) -> dict[str, Any]:
    """The last collection and bombardment sweep this update carries, and which of them the page
    must redraw (``templates/_sweep.html``)."""
    events = payload.get("events") or []
    return {
        "collection": sweep.last_collection(events, obs.round, seat_names, content["names"]),
        "sweep": sweep.last_sweep(events, obs.round, seat_names, content["geometry"], obs.shield_destroyed),
        "sweep_news": sweep.news(payload),
    }


def seat_codes(obs: RexObservation, codes: Mapping[str, str]) -> dict[int, str]:
    """Each seat's race code, as its counters on the map show it."""
    return {v.seat: codes.get(v.race or "", "") for v in obs.seats}


def observation_of(payload: Mapping[str, Any]) -> RexObservation | None:
    """The viewer's observation back as the engine's struct (None before there is one)."""
    raw = payload.get("observation")
    return msgspec.convert(raw, RexObservation) if raw else None


def context(game: Game[Any, Any, Any], payload: dict[str, Any], events: Sequence[Event]) -> dict[str, Any]:
    """What the Rex templates draw beyond the payload."""
    if not isinstance(game, RexGame):
        raise TypeError(f"the Rex skin cannot draw {game.name}")
    content = _content(game)
    obs = observation_of(payload)
    seats = payload.get("seats") or []
    seat_names = {int(s["seat"]): str(s["name"]) for s in seats}
    marks = {int(s["seat"]): str(s.get("mark") or int(s["seat"]) + 1) for s in seats}
    out: dict[str, Any] = {
        "rex": content,
        "geo": content["geometry"],
        "estimated_mark": ESTIMATED.strip(),
        "choosable": choosable(payload.get("decisions") or []),
        "table_panels": [p for p in payload.get("panels") or [] if p.get("title") == "The table"],
    }
    if obs is None:
        return {
            **out,
            "board": None,
            "sheets": [],
            "mine": None,
            "battle": None,
            "ceasefire": None,
            "bidding": None,
            "ending": None,
            "rest": payload,
        }
    decisions = payload.get("decisions") or []
    return {
        **out,
        "obs": obs,
        "battle": battle.battle_panel(_face(game), obs, events, content, seat_names),
        "ceasefire": ceasefire.ceasefire_panel(obs, payload, seat_names),
        "bidding": bidding.bidding_row(obs, decisions, seat_names, content["names"]),
        "ending": ending.end_screen(
            payload, events, content["names"], seat_names, seat_codes(obs, content["codes"])
        ),
        **round_end(payload, obs, content, seat_names),
        "rest": {
            **payload,
            "decisions": bidding.other_decisions(decisions),
        },  # what the generic controls draw
        "board": board_state(obs, content, seat_names, marks),
        "sheets": sheets(obs, content),
        "mine": own_sheet(obs, content),
    }


SKIN = WebSkin(
    templates=Path(__file__).resolve().parent / "templates",
    context=context,
    stylesheet=Path(__file__).resolve().parent / "skin.css",
    featured=False,
    story_in_play=True,  # the battle panel keeps the last battle's reveal on screen
)
