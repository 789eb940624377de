"""The bot levels the server offers people, each an agent spec (no game is named here: a
game's words and board come from its presentation and its web skin)."""

from __future__ import annotations

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
