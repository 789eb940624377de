"""Verräter in the browser: the ring of landscapes, the hand of supply cards, the end screen's
round-by-round table.

The templates in ``templates/`` override the generic ones of the same name; :func:`context`
gives them what the update payload does not say: public component values (the board's printed
numbers), the ring's geometry, the houses' and landscape types' colours, and, computed from the
viewer's own events, the rounds as that viewer saw them, the strength tally while cards are
committed and the last round's resolution stage by stage (``conflict.py``), and the board's
places the viewer may choose now (:func:`board_choices`).  Words come from the game's
presentation (``games/verrater/present.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from turncoat.core.actions import Event
from turncoat.core.engine import Game
from turncoat.games.verrater import present as words
from turncoat.games.verrater.components import RING_SIZE, build_tables
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.notation import ROLE_NAMES
from turncoat.server.skin import WebSkin
from turncoat.skins.verrater import conflict

HOUSE_COLOURS = {"eagle": "#d4a017", "rose": "#b8283f"}
TYPE_COLOURS = {
    "wilderness": "#c9b48a",
    "meadow": "#a8d08d",
    "woods": "#5f9a5a",
    "river": "#7fb4d9",
    "village": "#d8a47f",
    "city": "#b7a9c9",
}


def ring_geometry(size: int = RING_SIZE) -> dict[str, Any]:
    """Tile centres on a circle (clockwise from the top) and the boundary marker positions."""
    cx = cy = 370.0
    radius = 290.0
    tiles = []
    bounds = []
    for i in range(size):
        a = math.radians(-90 + i * 360 / size)
        tiles.append(
            {"i": i, "x": round(cx + radius * math.cos(a), 1), "y": round(cy + radius * math.sin(a), 1)}
        )
        b = math.radians(-90 + (i + 0.5) * 360 / size)
        bounds.append(
            {"i": i, "x": round(cx + radius * math.cos(b), 1), "y": round(cy + radius * math.sin(b), 1)}
        )
    return {"cx": cx, "cy": cy, "tiles": tiles, "bounds": bounds}


RING = ring_geometry()


def board_info(game: VerraterGame) -> dict[str, Any]:
    """Public component values for drawing the board (with estimated values marked)."""
    data = game.content.data
    t = build_tables(data)
    return {
        "title": game.title,
        "pack_title": data.title,
        "estimated": bool(game.content.estimated_paths),
        "types": {
            lt.id: {
                "name": lt.name,
                "conflict": t.conflict_value[lt.id],
                "vp": list(t.vp[lt.id][1:]),
                "vp_estimated": list(t.vp_estimated[lt.id][1:]),
            }
            for lt in data.landscape_types
        },
        "houses": {h.id: h.name for h in data.houses},
        "roles": {r.id: ROLE_NAMES.get(r.id, r.name) for r in data.roles},
        "role_help": words.role_help(t),
        "commit_max": t.commit_max,
        "hand_limit": t.hand_limit,
        "buildings_per_player": t.buildings_per_player,
    }


# board_info by content pack: every table under one pack shares it.
_INFO: dict[str, dict[str, Any]] = {}


def _info(game: VerraterGame) -> dict[str, Any]:
    """``board_info`` once per content pack."""
    key = game.content.digest
    if key not in _INFO:
        _INFO[key] = board_info(game)
    return _INFO[key]


def board_choices(decisions: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The viewer's choices that name places on the board (their marks): per landscape, every
    choice that names it (the first estate, a Builder's target, a conflict site it is part of),
    and per boundary the conflict site it stands for (RULES §5 step 1: the site is two
    neighbouring landscapes).  A place with one choice makes it when clicked; a place with
    several offers them.  Each entry is the same action the decision's own controls send."""
    tiles: dict[int, list[dict[str, Any]]] = {}
    bounds: dict[int, dict[str, Any]] = {}
    for decision in decisions:
        if decision.get("shape") != "one":
            continue
        for choice in decision.get("choices") or []:
            action = choice.get("action") or {}
            entry = {"label": str(choice.get("label", "")), "action": action}
            if action.get("type") == "choose_conflict_site":
                bounds[int(action["boundary"])] = entry
            for mark in choice.get("marks") or []:
                if str(mark).isdigit() and int(mark) < RING_SIZE:
                    tiles.setdefault(int(mark), []).append(entry)
    return {"tiles": tiles, "bounds": bounds}


def short_name(name: str, most: int = 8) -> str:
    """A seat's name as it fits on a building card: the name, or its start and an ellipsis."""
    return name if len(name) <= most else name[: most - 1] + "…"


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (WCAG contrast ratio)."""
    try:
        rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    except ValueError:
        return "#ffffff"
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    lum = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    return "#1b1b1b" if (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) else "#ffffff"


def round_summaries(
    game: VerraterGame, events: Sequence[Event], viewer: int | None, omniscient: bool
) -> list[dict[str, Any]]:
    """Per round, as ``viewer`` saw it: the site, the roles once revealed, strengths and VP."""
    return game.round_summaries(events, viewer, omniscient=omniscient)


def points(payload: dict[str, Any]) -> dict[int, int]:
    """Each seat's VP for the player panels: the running total during play and, once the game is
    over, the final score with the trading-post points (RULES §6.2), the end screen's number."""
    seats = payload["observation"]["seats"]
    outcome = payload.get("outcome")
    if outcome:
        return {s["seat"]: int(outcome["scores"][s["seat"]]) for s in seats}
    return {s["seat"]: s["victory_points"] for s in seats}


def context(game: Game[Any, Any, Any], payload: dict[str, Any], events: Sequence[Event]) -> dict[str, Any]:
    """What the Verräter templates draw beyond the payload."""
    if not isinstance(game, VerraterGame):
        raise TypeError(f"the Verräter skin cannot draw {game.name}")
    everyone = payload.get("everyone") or []
    omniscient = bool(everyone)
    ended = payload.get("outcome") is not None
    seats = payload.get("seats") or []
    names = [str(s.get("name", "")) for s in seats]
    seat_colours = [s.get("colour", "#777777") for s in seats]
    tables = game.ctx.tables
    type_names = {k: v["name"] for k, v in _info(game)["types"].items()}
    obs = payload.get("observation") or {}
    return {
        "info": _info(game),
        "ring": RING,
        "house_colours": HOUSE_COLOURS,
        "type_colours": TYPE_COLOURS,
        "seat_colours": seat_colours,
        "seat_text": [text_on(c) for c in seat_colours],
        "seat_short": [short_name(n) for n in names],
        "tally": conflict.strength_tally(obs, tables, type_names, names) if obs else None,
        "reveal": conflict.last_reveal(events, payload.get("seat"), omniscient, names, tables, type_names),
        "choices": board_choices(payload.get("decisions") or []),
        "points": points(payload),
        "rounds": round_summaries(game, events, payload.get("seat"), omniscient) if ended else [],
        "all_hands": [o.get("hand") for o in everyone],
        "all_roles": [o.get("role") for o in everyone],
    }


SKIN = WebSkin(
    templates=Path(__file__).resolve().parent / "templates",
    context=context,
    stylesheet=Path(__file__).resolve().parent / "skin.css",
    story_in_play=True,  # the conflict panel keeps the last round's resolution on screen
)
