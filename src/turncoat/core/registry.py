"""The game registry: ``load_game("verrater", players=4)``.

Games register a factory under their folder name.  Built-in games are imported lazily by name,
so ``turncoat.core`` never imports a game module at import time.

A configuration read back from storage (a record, a saved game, a table in the database) is
turned into a game with ``load_stored_game``: an option the configuration does not name because
it was stored before the option existed takes the value the rules had then, not today's default.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from turncoat.core.engine import Game
from turncoat.core.errors import InvalidConfig

GameFactory = Callable[..., Game[Any, Any, Any]]

_FACTORIES: dict[str, GameFactory] = {}
_FORMER_DEFAULTS: dict[str, Mapping[str, Any]] = {}
BUILTIN_GAMES: tuple[str, ...] = ("verrater",)


def register(name: str, factory: GameFactory, *, former_defaults: Mapping[str, Any] | None = None) -> None:
    """``former_defaults``: each option added after games were stored, with the value the rules
    had before the option existed (usually the game's ``ConfiguredGame.former_defaults``)."""
    _FACTORIES[name] = factory
    _FORMER_DEFAULTS[name] = dict(former_defaults or {})


def _ensure_loaded(name: str) -> None:
    if name not in _FACTORIES and name in BUILTIN_GAMES:
        importlib.import_module(f"turncoat.games.{name}")


def registered() -> tuple[str, ...]:
    for name in BUILTIN_GAMES:
        _ensure_loaded(name)
    return tuple(sorted(_FACTORIES))


def _factory(name: str) -> GameFactory:
    _ensure_loaded(name)
    try:
        return _FACTORIES[name]
    except KeyError:
        known = ", ".join(registered()) or "none"
        raise InvalidConfig(f"unknown game {name!r} (known: {known})", code="unknown_game") from None


def load_game(name: str, **config: Any) -> Game[Any, Any, Any]:
    """A new game engine configured with ``config``; an option not given takes today's default."""
    return _factory(name)(**config)


def load_stored_game(name: str, config: Mapping[str, Any]) -> Game[Any, Any, Any]:
    """The game a stored configuration (a record's ``config``, a saved table's options) was
    played under.  An option it does not name was stored before the option existed, so it takes
    the value the rules had then (the game's former default), never a default chosen later."""
    factory = _factory(name)
    return factory(**{**_FORMER_DEFAULTS.get(name, {}), **config})
