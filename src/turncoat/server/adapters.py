"""The bot levels the server offers people, each an agent spec (no game is named here: a
game's words and board come from its presentation and its web skin).

A level is offered for a game only where its bot can play that game: the agents say what they
need of a game (``agents.base.ChecksGame``), so a game without a heuristic gets no "normal" bot,
and its "hard" bot searches with random playouts instead of the heuristic's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turncoat.agents.base import fits_game
from turncoat.core.capabilities import HasSearchPreset, capability
from turncoat.core.engine import Game


@dataclass(frozen=True)
class BotLevel:
    """A bot strength people may choose: its name, its label, and the agent specs that play it,
    best first (a game gets the first one that can play it)."""

    name: str
    label: str
    specs: tuple[str, ...]


# Only these specs are accepted from the web, so nobody can ask the server for a
# million-iteration search.
# "hard" is the ``strong`` agent preset: ISMCTS searching the decision at hand over sampled worlds
# played out by the rules-of-thumb bot; in the first built-in game it wins about half of its
# 4-player games against three "normal" bots (docs/sim.md), at 0.5 s a move.  A game without a
# heuristic gets plain ISMCTS (random playouts, or the game's own rollout policy) for the same
# time: in the toy game it wins most games against random bots (docs/server.md).
HARD = "hard"
HARD_SEARCH = "strong"
SEARCH_WITHOUT_HEURISTIC = "ismcts:time_limit=0.5"
LEVELS: tuple[BotLevel, ...] = (
    BotLevel("easy", "easy (plays at random)", ("random",)),
    BotLevel("normal", "normal (rules of thumb)", ("heuristic",)),
    BotLevel(HARD, "hard (searches ahead)", (HARD_SEARCH, SEARCH_WITHOUT_HEURISTIC)),
)
# The level a new bot seat gets when nobody names one (else the game's first level).
DEFAULT_LEVEL = "normal"
# Specs earlier versions stored for a level: tables made then still show their level.
_FORMER_SPECS = {"ismcts:iterations=300,time_limit=2.0": "hard"}


def game_levels(game: Game[Any, Any, Any]) -> dict[str, str]:
    """The levels this game's bots come in: level name -> agent spec, easiest first."""
    return {level.name: spec for level, spec in _levels_of_game(game)}


def _levels_of_game(game: Game[Any, Any, Any]) -> tuple[tuple[BotLevel, str], ...]:
    """Each level this game offers, with the spec that plays it (kept per game class: what an
    agent needs of a game is one of its capabilities, and those belong to the class)."""
    found = _LEVELS_BY_GAME.get(type(game))
    if found is None:
        found = _LEVELS_BY_GAME[type(game)] = tuple(
            (level, spec)
            for level in LEVELS
            if (spec := next((s for s in _specs(level, game) if fits_game(s, game)), None)) is not None
        )
    return found


def _specs(level: BotLevel, game: Game[Any, Any, Any]) -> tuple[str, ...]:
    """The specs that may play ``level`` at this game, best first: for "hard", the game's own
    search preset (``HasSearchPreset``) before the generic ones."""
    own = capability(game, HasSearchPreset)
    if level.name == HARD and own is not None:
        return (own.search_preset(), *level.specs)
    return level.specs


_LEVELS_BY_GAME: dict[type[Any], tuple[tuple[BotLevel, str], ...]] = {}


def level_choices(game: Game[Any, Any, Any]) -> list[tuple[str, str]]:
    """The levels offered for this game, as (name, label), easiest first."""
    return [(level.name, level.label) for level, _ in _levels_of_game(game)]


def default_level(game: Game[Any, Any, Any]) -> str:
    """The level a bot seat of this game gets when none is named."""
    names = [level.name for level, _ in _levels_of_game(game)]
    return DEFAULT_LEVEL if DEFAULT_LEVEL in names else names[0]


def bot_spec(level: str, game: Game[Any, Any, Any]) -> str | None:
    """The agent spec that plays ``level`` (a level name, or the plain name of the agent one of
    this game's levels uses) at this game; None where the game offers no such level."""
    offered = _levels_of_game(game)
    for lv, spec in offered:
        if level == lv.name:
            return spec
    for _, spec in offered:
        if level == spec.partition(":")[0]:
            return spec
    return None


def bot_level(spec: str | None, game: Game[Any, Any, Any] | None = None) -> str:
    """The level name of an agent spec (for labels); ``game`` knows its own search preset."""
    for level in LEVELS:
        if spec in level.specs:
            return level.name
    own = capability(game, HasSearchPreset) if game is not None else None
    if own is not None and spec == own.search_preset():
        return HARD
    if spec in _FORMER_SPECS:
        return _FORMER_SPECS[spec]
    return spec or "bot"
