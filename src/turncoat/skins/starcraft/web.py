"""StarCraft in the browser: the galaxy as a board (planets on the grid of RULES §6.3, their
areas, routes, transports, units, bases and order stacks), every seat's public faction sheet,
and the viewer's own hand, order tokens and event cards.

The templates in ``templates/`` override the generic ones of the same name.  :func:`context`
computes what they draw from two things only: the public content (through the game's tables and
words, ``games/starcraft/log.py``) and the viewer's own observation (``payload["observation"]``),
so a page shows nothing the seat's JSON does not hold.  The board's layout follows the game's
grid model, which is a RULING (the printed tiles' shapes are not public); the board says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from turncoat.core.actions import Event
from turncoat.core.engine import Game
from turncoat.games.starcraft import log
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.observe import StarcraftObservation
from turncoat.server.skin import WebSkin
from turncoat.skins.starcraft import board
from turncoat.skins.starcraft.sheets import own_sheet, race_units, sheets

RULING = (
    "Layout: a RULING (RULES §6.3). The printed planet tiles' shapes are not public, so each planet "
    "takes one square of a grid and its route slots sit on the square's sides (N, E, S, W); two "
    "neighbours with facing slots are joined by a route."
)
SHOWN_PANELS = ("Placeholder content", "Battle")  # the presentation's panels the board shows as they are


# -- the decisions, marked with the board places they are about -------------------------------------
def extra_marks(action: Mapping[str, Any]) -> list[str]:
    """Board places a choice is about beyond the presentation's own marks (areas and planets):
    the grid cell a planet may go to, the turn of a planet being turned, the route a transport
    goes on, the slot a z-axis route end goes in, the area units leave from."""
    kind = action.get("type")
    if kind == "choose_cell":
        return [f"cell:{action.get('x')},{action.get('y')}"]
    if kind == "choose_rotation":
        return [f"turn:{action.get('rotation')}"]
    if kind in ("place_starting_transport", "build_transport"):
        return [f"route:{action.get('route')}"]
    if kind == "destroy_piece" and action.get("piece") == "transport":
        return [f"route:{action.get('place')}"]
    if kind == "place_z_axis_end":
        return [f"slot:{action.get('planet')}:{action.get('side')}"]
    if kind in ("move_unit", "lift_off") and isinstance(action.get("source"), str):
        return [str(action["source"])]
    return []


def with_marks(payload: dict[str, Any]) -> dict[str, Any]:
    """The payload with each choice's marks completed (:func:`extra_marks`), so the board's
    places stand for them through the generic ``data-spots`` / ``data-choose`` hook.  A copy:
    the payload itself is left as it came."""
    decisions = []
    for d in payload.get("decisions") or []:
        choices = []
        for c in d.get("choices") or []:
            marks = list(c.get("marks") or [])
            marks += [m for m in extra_marks(c.get("action") or {}) if m not in marks]
            choices.append({**c, "marks": marks})
        decisions.append({**d, "choices": choices})
    return {**payload, "decisions": decisions}


def choosable(decisions: Sequence[Mapping[str, Any]]) -> dict[str, list[str]]:
    """The board places the viewer's decisions are about, each with the labels of the choices
    that name it: clicking a place with one choice makes that choice."""
    out: dict[str, list[str]] = {}
    for decision in decisions:
        for choice in decision.get("choices") or []:
            for mark in choice.get("marks") or []:
                out.setdefault(str(mark), []).append(str(choice.get("label", "")))
    return out


def observation_of(payload: Mapping[str, Any]) -> StarcraftObservation | None:
    """The viewer's observation back as the engine's struct (None before there is one)."""
    raw = payload.get("observation")
    return msgspec.convert(raw, StarcraftObservation) if raw else None


def context(game: Game[Any, Any, Any], payload: dict[str, Any], events: Sequence[Event]) -> dict[str, Any]:
    """What the StarCraft templates draw beyond the payload."""
    if not isinstance(game, StarcraftGame):
        raise TypeError(f"the StarCraft skin cannot draw {game.name}")
    ctx = game.ctx
    marked = with_marks(payload)
    spots = choosable(marked.get("decisions") or [])
    seats = payload.get("seats") or []
    seat_names = {int(s["seat"]): str(s["name"]) for s in seats}
    panels = [p for p in payload.get("panels") or [] if p.get("title") in SHOWN_PANELS]
    out: dict[str, Any] = {"p": marked, "choosable": spots, "ruling": RULING, "shown_panels": panels}
    obs = observation_of(payload)
    if obs is None:
        return {**out, "obs": None, "galaxy": None, "sheets": [], "mine": None, "unit_key": []}
    codes = board.unit_codes(ctx)
    return {
        **out,
        "obs": obs,
        "galaxy": board.galaxy(ctx, obs, spots, seat_names, codes),
        "sheets": sheets(ctx, obs),
        "mine": own_sheet(ctx, obs),
        "unit_key": race_units(ctx, obs, codes),
        "stage": log.STAGES[obs.event_top_stage - 1] if obs.event_top_stage else None,
        "discarded_events": [log.event_name(ctx, e) for e in obs.event_discard],
        "list_panels": [p for p in payload.get("panels") or [] if p.get("title") not in SHOWN_PANELS],
    }


SKIN = WebSkin(
    templates=Path(__file__).resolve().parent / "templates",
    context=context,
    stylesheet=Path(__file__).resolve().parent / "skin.css",
    featured=False,
)
