"""The game registry: ``load_game("verrater", players=4)``.

Games register a factory under their id (``register(name, factory)``, called when the game's
package is imported).  Two kinds of game are found without any list to edit:

* **built-in games**: every subpackage of ``turncoat.games``; the registry id is the folder name.
  A game package is imported only when its id is asked for (or when every game is listed), so
  ``turncoat.core`` never imports a game module at import time;
* **extra games**: the modules named in the ``TURNCOAT_GAMES`` environment variable, comma
  separated (``TURNCOAT_GAMES=turncoat.core.testing.toy,acme_games.rex``), imported on the
  registry's first use.  A test game or a third party's package is played this way without a line
  changed in turncoat.  A name that cannot be imported is refused with ``InvalidConfig``
  (code ``bad_games_module``), never skipped in silence.

A configuration read back from storage (a record, a saved game, a table in the database) is
turned into a game with ``load_stored_game``: an option the configuration does not name because
it was stored before the option existed takes the value the rules had then, not today's default.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import pkgutil
from collections.abc import Callable, Mapping
from typing import Any

from turncoat.core.engine import Game
from turncoat.core.errors import InvalidConfig

GameFactory = Callable[..., Game[Any, Any, Any]]

GAMES_PACKAGE = "turncoat.games"
GAMES_VARIABLE = "TURNCOAT_GAMES"

_FACTORIES: dict[str, GameFactory] = {}
_FORMER_DEFAULTS: dict[str, Mapping[str, Any]] = {}
_IMPORTED: set[str] = set()  # modules from TURNCOAT_GAMES already imported


def register(name: str, factory: GameFactory, *, former_defaults: Mapping[str, Any] | None = None) -> None:
    """``former_defaults``: each option added after games were stored, with the value the rules
    had before the option existed (usually the game's ``ConfiguredGame.former_defaults``)."""
    _FACTORIES[name] = factory
    _FORMER_DEFAULTS[name] = dict(former_defaults or {})


@functools.cache
def builtin_games() -> tuple[str, ...]:
    """The ids of the built-in games: the subpackages of ``turncoat.games``, found on disk without
    importing any of them (the installed files do not change while the program runs)."""
    spec = importlib.util.find_spec(GAMES_PACKAGE)
    if spec is None or spec.submodule_search_locations is None:  # pragma: no cover - broken install
        return ()
    return tuple(
        sorted(
            info.name
            for info in pkgutil.iter_modules(spec.submodule_search_locations)
            if info.ispkg and not info.name.startswith("_")
        )
    )


def extra_game_modules() -> tuple[str, ...]:
    """The modules ``TURNCOAT_GAMES`` names, in order (blank entries are ignored)."""
    listed = os.environ.get(GAMES_VARIABLE, "")
    return tuple(dict.fromkeys(name.strip() for name in listed.split(",") if name.strip()))


def _import_extra_games() -> None:
    """Import each module named in ``TURNCOAT_GAMES`` once; it registers its games itself."""
    for module in extra_game_modules():
        if module in _IMPORTED:
            continue
        before = dict(_FACTORIES), dict(_FORMER_DEFAULTS)
        try:
            importlib.import_module(module)
        except Exception as exc:  # any failure: the person who set the variable must hear of it
            reason = f"{type(exc).__name__}: {exc}"
            raise InvalidConfig(
                f"{GAMES_VARIABLE} names {module!r}, which cannot be imported ({reason})",
                code="bad_games_module",
            ) from exc
        _refuse_taken_ids(module, before)
        _IMPORTED.add(module)


def _inside(module: str, game: str) -> bool:
    """``module`` is the built-in game's own package or one of its modules."""
    package = f"{GAMES_PACKAGE}.{game}"
    return module == package or module.startswith(f"{package}.")


def _refuse_taken_ids(
    module: str, before: tuple[dict[str, GameFactory], dict[str, Mapping[str, Any]]]
) -> None:
    """An extra game may not take the id of a game already registered or of a built-in one:
    the same id would then mean different rules depending on what was imported first."""
    factories, former_defaults = before
    taken = sorted(
        name
        for name, factory in _FACTORIES.items()
        if (name in factories and factories[name] is not factory)
        or (name not in factories and name in builtin_games() and not _inside(module, name))
    )
    if taken:
        for name in taken:  # the registry stays as it was before the module was imported
            if name in factories:
                _FACTORIES[name] = factories[name]
                _FORMER_DEFAULTS[name] = former_defaults[name]
            else:
                del _FACTORIES[name]
                _FORMER_DEFAULTS.pop(name, None)
        raise InvalidConfig(
            f"{GAMES_VARIABLE} names {module!r}, which registers {', '.join(map(repr, taken))}, "
            "the id of a game already installed",
            code="bad_games_module",
        )


def _ensure_loaded(name: str) -> None:
    _import_extra_games()
    if name not in _FACTORIES and name in builtin_games():
        importlib.import_module(f"{GAMES_PACKAGE}.{name}")


def registered() -> tuple[str, ...]:
    """Every game id this installation can play: the built-in games and the extra ones."""
    _import_extra_games()
    for name in builtin_games():
        if name not in _FACTORIES:
            importlib.import_module(f"{GAMES_PACKAGE}.{name}")
    return tuple(sorted(_FACTORIES))


def sole_game() -> str:
    """The id of the only game this installation can play, which a command may then leave out;
    with several games, the person must say which (``InvalidConfig``, code ``name_the_game``)."""
    games = registered()
    if len(games) == 1:
        return games[0]
    have = f"this installation has {', '.join(games)}" if games else "no game is installed"
    raise InvalidConfig(f"name the game: {have}", code="name_the_game")


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
