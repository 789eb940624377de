"""HTML for pages and websocket updates (Jinja2 templates in ``turncoat/web``).

Templates only ever receive a viewer's payload (see ``live.build_payload``) plus public board
information, so a page cannot show more than the JSON a seat is sent.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from turncoat.games.verrater import present as verrater_words

WEB = Path(__file__).resolve().parent.parent / "web"
TEMPLATES = WEB / "templates"
STATIC = WEB / "static"

SEAT_COLOURS = tuple(style.colour for style in verrater_words.SEAT_STYLES)
HOUSE_COLOURS = {"eagle": "#d4a017", "rose": "#b8283f"}
TYPE_COLOURS = {
    "wilderness": "#c9b48a",
    "meadow": "#a8d08d",
    "woods": "#5f9a5a",
    "river": "#7fb4d9",
    "village": "#d8a47f",
    "city": "#b7a9c9",
}
# The game's own words (games/verrater/present.py): step titles, the hand-limit title.
STEP_NAMES = verrater_words.STEP_TITLES
discard_title = verrater_words.discard_title

env = Environment(
    loader=FileSystemLoader(str(TEMPLATES)),
    autoescape=select_autoescape(["html", "svg"], default_for_string=True, default=True),
    trim_blocks=True,
    lstrip_blocks=True,
)


def ring_geometry(size: int = 12) -> dict[str, Any]:
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
_LANDSCAPE = re.compile(r"(?:landscapes?|and|to) (\d+)")
_SEAT = re.compile(r"\b[Ss]eat (\d+)\b")


def name_seats(line: str, names: dict[int, str]) -> str:
    """The engine's log says "seat 2"; people know each other by name."""

    def sub(m: re.Match[str]) -> str:
        return names.get(int(m.group(1)), m.group(0))

    return _SEAT.sub(sub, line).replace(" a estate", " an estate")


def decorate(label: str, types: list[str], info: dict[str, Any]) -> str:
    """'build under landscape 3' -> 'build under landscape 3 (Woods)'."""
    names = info.get("types", {})

    def sub(m: re.Match[str]) -> str:
        i = int(m.group(1))
        if 0 <= i < len(types):
            return f"{m.group(0)} ({names.get(types[i], {}).get('name', types[i])})"
        return m.group(0)

    text = _LANDSCAPE.sub(sub, label)
    return text.replace("a estate", "an estate")


def spots(action: dict[str, Any]) -> str:
    """The landscapes an action is about, for lighting them up on the board ("3 4")."""
    found: list[int] = []
    for key in ("landscape", "from_landscape", "to_landscape"):
        if isinstance(action.get(key), int):
            found.append(action[key])
    if isinstance(action.get("boundary"), int):
        found += [action["boundary"], (action["boundary"] + 1) % len(RING["tiles"])]
    return " ".join(str(i) for i in found)


def controls(payload: dict[str, Any], info: dict[str, Any]) -> list[dict[str, Any]]:
    """Group the viewer's legal actions into forms: one card picker for committing, buttons for
    small choices, a list box for long ones.  Nothing is offered that is not in ``legal``."""
    obs = payload["observation"]
    types = obs.get("types", [])
    legal = payload["legal"]
    if not legal:
        return []
    groups: list[dict[str, Any]] = []
    commit_values = sorted({a["action"]["value"] for a in legal if a["action"]["type"] == "commit_supply"})
    can_finish = any(a["action"]["type"] == "finish_committing" for a in legal)
    rest = [a for a in legal if a["action"]["type"] not in ("commit_supply", "finish_committing")]
    if commit_values or can_finish:
        hand = obs.get("hand") or []
        cap = max(commit_values) if commit_values else 0
        mine = (s["committed"] for s in obs["seats"] if s["seat"] == payload["seat"])
        committed: list[int] = next(mine, [])
        room = info.get("commit_max", 5) - len(committed)
        groups.append(
            {
                "kind": "commit",
                "cards": [{"value": v, "n": n} for n, v in enumerate(sorted(hand, reverse=True)) if v <= cap],
                "room": room,
                "can_finish": can_finish,
            }
        )
    by_type: dict[str, list[dict[str, Any]]] = {}
    for a in rest:
        by_type.setdefault(a["action"]["type"], []).append(a)
    if "build" in by_type or "convert" in by_type or "move" in by_type:
        items = [a for t in ("build", "convert", "move", "skip_building") for a in by_type.pop(t, [])]
        by_type = {"builder": items, **by_type}
    titles = {
        "place_estate": "Place your first estate",
        "choose_conflict_site": "Choose the conflict site",
        "keep_role": "Keep one action card",
        "builder": "Builder: build, convert or move",
    }
    if "discard_supply" in by_type:  # RULES step 10.4: say how many cards the limit takes
        titles["discard_supply"] = discard_title(len(obs.get("hand") or []), info["hand_limit"])
    for kind, items in by_type.items():
        options = [
            {
                "json": json.dumps(a["action"], sort_keys=True),
                "label": decorate(a["label"], types, info),
                "spots": spots(a["action"]),
                "help": info.get("role_help", {}).get(a["action"].get("role"), ""),
            }
            for a in items
        ]
        groups.append(
            {
                "kind": "buttons" if len(options) <= 12 else "select",
                "title": titles.get(kind, kind.replace("_", " ").capitalize()),
                "options": options,
            }
        )
    return groups


def points(payload: dict[str, Any]) -> dict[int, int]:
    """Each seat's VP for the player panels: the running total during play and, once the game is
    over, the final score with the trading-post points (RULES §6.2), the end screen's number."""
    seats = payload["observation"]["seats"]
    outcome = payload.get("outcome")
    if outcome:
        return {s["seat"]: int(outcome["scores"][s["seat"]]) for s in seats}
    return {s["seat"]: s["victory_points"] for s in seats}


def context(payload: dict[str, Any], info: dict[str, Any], **extra: Any) -> dict[str, Any]:
    obs = payload["observation"]
    me = payload.get("seat")
    seat_names = {s["seat"]: s["name"] for s in payload["seats"]}
    log = payload.get("log", [])  # already written with the seats' names
    return {
        "log": log,
        "p": payload,
        "o": obs,
        "info": info,
        "me": me,
        "ring": RING,
        "seat_colours": SEAT_COLOURS,
        "house_colours": HOUSE_COLOURS,
        "type_colours": TYPE_COLOURS,
        "step_name": STEP_NAMES.get(obs.get("step", ""), obs.get("step", "")),
        "seat_names": seat_names,
        "groups": controls(payload, info),
        "points": points(payload),
        **extra,
    }


def render_update(payload: dict[str, Any], info: dict[str, Any], **extra: Any) -> str:
    """Out-of-band fragments for the htmx websocket extension."""
    return env.get_template("_update.html").render(context(payload, info, oob=True, **extra))


def render_chat(msg: dict[str, Any]) -> str:
    return env.get_template("_chat.html").render(m=msg, oob=True)


def render_error(err: dict[str, Any]) -> str:
    return env.get_template("_flash.html").render(err=err, oob=True)


def page(name: str, **ctx: Any) -> str:
    return env.get_template(name).render(**ctx)
