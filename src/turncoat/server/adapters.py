"""What the server needs to know about each game beyond the Game protocol.

Only public, static information lives here (board labels, content values, bot levels); nothing
here ever touches a state's hidden parts.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from turncoat.core.actions import Event, Viewer
from turncoat.core.engine import Game
from turncoat.core.present import options_of
from turncoat.core.registry import load_game
from turncoat.games.verrater import present as verrater_words
from turncoat.games.verrater.config import VerraterConfig
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.notation import ROLE_NAMES

# The game's own words (games/verrater/present.py): the option labels.
OPTION_LABELS = verrater_words.OPTION_LABELS


def round_summaries(
    game: Game[Any, Any, Any], events: Iterable[Event], viewer: Viewer, omniscient: bool
) -> list[dict[str, Any]]:
    """Per-round summaries (site, roles once revealed, strengths, VP), filtered for the viewer."""
    if isinstance(game, VerraterGame):
        return game.round_summaries(events, viewer, omniscient=omniscient)
    return []


def board_info(game: Game[Any, Any, Any]) -> dict[str, Any]:
    """Public component values for drawing the board (with estimated values marked)."""
    if not isinstance(game, VerraterGame):
        return {}
    t = game.ctx.t
    data = game.content.data
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
        "role_help": verrater_words.role_help(t),
        "commit_max": t.commit_max,
        "hand_limit": t.hand_limit,
        "buildings_per_player": t.buildings_per_player,
    }


def game_options() -> dict[str, list[str]]:
    """Variant options a table creator may choose, read from VerraterConfig, first = default."""
    return {spec.name: list(spec.values) for spec in options_of(VerraterConfig, OPTION_LABELS)}


# Bot strength levels offered to people; each names an agent spec (see turncoat.agents).  Only
# these specs are accepted from the web, so nobody can ask the server for a million-iteration
# search.
# "hard" is the ``strong`` agent preset: ISMCTS searching the decision at hand over sampled
# worlds played out by the rules-of-thumb bot; it wins about half of 4-player games against
# three "normal" bots (docs/sim.md), at 0.5 s a move.
HARD_SEARCH = "strong"
BOT_LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("random", "easy (plays at random)"),
    "normal": ("heuristic", "normal (rules of thumb)"),
    "hard": (HARD_SEARCH, "hard (searches ahead)"),
}
# Specs earlier versions stored for a level: tables made then still show their level.
_FORMER_SPECS = {"ismcts:iterations=300,time_limit=2.0": "hard"}


def bot_spec(level: str) -> str | None:
    """The agent spec for a level name (or for a plain built-in agent name), else None."""
    if level in BOT_LEVELS:
        return BOT_LEVELS[level][0]
    by_agent = {spec.partition(":")[0]: level for level, (spec, _) in BOT_LEVELS.items()}
    return BOT_LEVELS[by_agent[level]][0] if level in by_agent else None


def bot_level(spec: str | None) -> str:
    """The level name of an agent spec (for labels)."""
    for level, (s, _) in BOT_LEVELS.items():
        if s == spec:
            return level
    if spec in _FORMER_SPECS:
        return _FORMER_SPECS[spec]
    return spec or "bot"


def level_choices() -> list[tuple[str, str]]:
    return [(level, label) for level, (_, label) in BOT_LEVELS.items()]


@functools.cache
def pack_title() -> str:
    """The title of the default Verräter content pack (for the lobby's pack choice)."""
    game = load_game("verrater")
    return str(game.content.data.title) if isinstance(game, VerraterGame) else game.name
