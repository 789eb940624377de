"""Treaty Skirmish in the browser: the ring graph around Mecatol Rex as SVG, the viewer's hand of
treaty cards, what the viewer knows of who gave what to whom, and the objectives.

The templates in ``templates/`` override the generic ones of the same name.  :func:`context`
adds what the update payload does not say: where each system sits on the drawing, the edges, the
races' short names and letters (so a counter reads without its colour), and which board places
stand for one of the viewer's choices.  Everything comes from the viewer's update payload (its
observation and decisions), so the page cannot show more than the viewer may know.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from turncoat.core.actions import Event
from turncoat.core.engine import Game
from turncoat.games.treaty_skirmish.components import OBJECTIVE_NAMES, OBJECTIVE_TEXT, SHORT_NAMES
from turncoat.games.treaty_skirmish.game import TreatySkirmishGame
from turncoat.server.skin import WebSkin

# A race's letters on a ship counter, so seats read apart without their colours.
RACE_LETTERS = {"lazax": "Lz", "sol": "So", "letnev": "Le", "hacan": "Ha", "jolnar": "JN", "xxcha": "Xx"}

CENTRE = 400.0
RING_RADIUS = 285.0


def board_geometry(system_ids: Sequence[str]) -> dict[str, dict[str, float]]:
    """Each system's centre: Mecatol Rex in the middle, the ring clockwise from the top in board
    order (Homes and Frontiers alternate, RULES §6.2)."""
    ring = [s for s in system_ids if s != "mecatol"]
    out = {"mecatol": {"x": CENTRE, "y": CENTRE}}
    for i, sid in enumerate(ring):
        a = math.radians(-90 + i * 360 / len(ring))
        out[sid] = {
            "x": round(CENTRE + RING_RADIUS * math.cos(a), 1),
            "y": round(CENTRE + RING_RADIUS * math.sin(a), 1),
        }
    return out


def edges(systems: Sequence[dict[str, Any]]) -> list[tuple[str, str]]:
    """Every adjacency once (the board's graph is undirected)."""
    seen: set[tuple[str, str]] = set()
    out = []
    for x in systems:
        for y in x["adjacent"]:
            pair = (min(x["id"], y), max(x["id"], y))
            if pair not in seen:
                seen.add(pair)
                out.append(pair)
    return out


def choice_spot(action: dict[str, Any]) -> str | None:
    """The system a choice is about, if any: the system activated for Move/Attack or Build, the
    Home an Envoy activates, the source ships come from, the system a retreat goes to."""
    kind = action.get("type")
    value: Any = None
    if kind in ("move_attack", "build"):
        value = action.get("system")
    elif kind == "send_envoy":
        race = action.get("race")
        value = f"home-{race}" if isinstance(race, str) else None
    elif kind == "move_ships":
        value = action.get("source")
    elif kind == "retreat":
        value = action.get("to")
    return value if isinstance(value, str) else None


def with_marks(payload: dict[str, Any]) -> dict[str, Any]:
    """The payload with each decision's choices marked by the system they are about, so the
    board's places stand for them (the generic ``data-spots`` / ``data-choose`` hook).  A copy:
    the payload itself is left as it came."""
    decisions = []
    for d in payload.get("decisions") or []:
        choices = []
        for c in d.get("choices") or []:
            spot = choice_spot(c.get("action") or {})
            marks = list(c.get("marks") or []) or ([spot] if spot else [])
            choices.append({**c, "marks": marks})
        decisions.append({**d, "choices": choices})
    return {**payload, "decisions": decisions}


def choosable(payload: dict[str, Any]) -> set[str]:
    """The systems that stand for at least one of the viewer's choices now."""
    return {m for d in payload.get("decisions") or [] for c in d.get("choices") or [] for m in c["marks"]}


def context(game: Game[Any, Any, Any], payload: dict[str, Any], events: Sequence[Event]) -> dict[str, Any]:
    """What the Treaty Skirmish templates draw beyond the payload."""
    if not isinstance(game, TreatySkirmishGame):
        raise TypeError(f"the Treaty Skirmish skin cannot draw {game.name}")
    obs = payload.get("observation") or {}
    systems = obs.get("systems") or []
    marked = with_marks(payload)
    return {
        "p": marked,
        "places": board_geometry([x["id"] for x in systems]),
        "edges": edges(systems),
        "choosable": choosable(marked),
        "race_names": SHORT_NAMES,
        "race_letters": RACE_LETTERS,
        "objective_names": OBJECTIVE_NAMES,
        "objective_text": OBJECTIVE_TEXT,
    }


SKIN = WebSkin(
    templates=Path(__file__).resolve().parent / "templates",
    context=context,
    stylesheet=Path(__file__).resolve().parent / "skin.css",
    # The lobby keeps offering the finished game first; choosing this one is a click away.
    featured=False,
)
