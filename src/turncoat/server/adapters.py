"""What the server needs to know about each game beyond the Game protocol.

Only public, static information lives here (board labels, content values) plus the per-game
event filter; nothing here ever touches a state's hidden parts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from turncoat.core.actions import Event, Viewer, redact
from turncoat.core.engine import Game
from turncoat.games.verrater import log as verrater_log
from turncoat.games.verrater.events import GameSetUp
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.notation import ROLE_NAMES


def visible_events(
    game: Game[Any, Any, Any], events: Iterable[Event], viewer: Viewer, omniscient: bool
) -> list[Event]:
    """Events the viewer may see (the game's own filter where it has one)."""
    if isinstance(game, VerraterGame):
        return verrater_log.visible(events, viewer, omniscient)
    return redact(events, viewer, omniscient=omniscient)


def log_lines(game: Game[Any, Any, Any], shown: Iterable[Event], types: tuple[str, ...]) -> list[str]:
    """English lines for already-redacted events."""
    if isinstance(game, VerraterGame):
        out = []
        for e in shown:
            if isinstance(e, GameSetUp):
                types = e.types
            line = verrater_log.describe_event(e, types)
            if line is not None:
                out.append(line)
        return out
    return [type(e).__name__ for e in shown]


def board_info(game: Game[Any, Any, Any]) -> dict[str, Any]:
    """Public component values for drawing the board (with estimated values marked)."""
    if not isinstance(game, VerraterGame):
        return {}
    t = game.ctx.t
    data = game.content.data
    return {
        "title": data.title,
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
        "commit_max": t.commit_max,
        "hand_limit": t.hand_limit,
        "buildings_per_player": t.buildings_per_player,
    }


def game_options() -> dict[str, list[str]]:
    """Variant options a table creator may choose (from VerraterConfig), first = default."""
    return {
        "builder_new_card_side": ["either", "estate_only"],
        "ring_layout": ["random", "alternating"],
        "hand_limit_discards": ["face_up", "face_down"],
    }
