"""The game registry: ``load_game("verrater", players=4)``.

Games register a factory under their folder name.  Built-in games are imported lazily by name,
so ``turncoat.core`` never imports a game module at import time.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from turncoat.core.engine import Game
from turncoat.core.errors import InvalidConfig

GameFactory = Callable[..., Game[Any, Any, Any]]

_FACTORIES: dict[str, GameFactory] = {}
BUILTIN_GAMES: tuple[str, ...] = ("verrater",)


def register(name: str, factory: GameFactory) -> None:
    _FACTORIES[name] = factory


def _ensure_loaded(name: str) -> None:
    if name not in _FACTORIES and name in BUILTIN_GAMES:
        importlib.import_module(f"turncoat.games.{name}")


def registered() -> tuple[str, ...]:
    for name in BUILTIN_GAMES:
        _ensure_loaded(name)
    return tuple(sorted(_FACTORIES))


def load_game(name: str, **config: Any) -> Game[Any, Any, Any]:
    """A game engine configured with ``config`` (the same keys a record's config holds)."""
    _ensure_loaded(name)
    try:
        factory = _FACTORIES[name]
    except KeyError:
        known = ", ".join(registered()) or "none"
        raise InvalidConfig(f"unknown game {name!r} (known: {known})", code="unknown_game") from None
    return factory(**config)
