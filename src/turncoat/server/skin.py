"""A game's face in the browser (its *web skin*), found by the game's id.

A skin lives in ``turncoat.skins.<id>.web`` and exposes ``SKIN``: a folder of templates that
override the generic ones of the same name (``_board.html``, ``_me.html`` …) and a function that
adds what those templates need beyond the update payload (a board's geometry, its colours).  A
game without a skin is drawn by the generic templates alone, from its presentation: lists,
buttons and panels, so it is playable in the browser the day its engine lands.
"""

from __future__ import annotations

import functools
import importlib
import json
import string
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, ChoiceLoader, Environment, FileSystemLoader, select_autoescape

from turncoat.core.actions import Event
from turncoat.core.engine import Game

WEB = Path(__file__).resolve().parent.parent / "web"
GENERIC_TEMPLATES = WEB / "templates"

# (game, the viewer's update payload as builtins, the viewer's events since the start) -> extra
# template variables.
SkinContext = Callable[[Game[Any, Any, Any], dict[str, Any], Sequence[Event]], dict[str, Any]]


def no_context(game: Game[Any, Any, Any], payload: dict[str, Any], events: Sequence[Event]) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class WebSkin:
    """Templates that override the generic ones (None: none), their extra variables, and the
    skin's own stylesheet (None: none), served at :func:`stylesheet_url` for the game's pages.
    ``featured``: the lobby may offer the game first for having a face of its own; a skin that
    draws only part of its game so far says False.  ``story_in_play``: the context is given the
    viewer's events since the start while the game goes on too, not only on the end screen (for
    something a skin keeps on screen after the events that made it, such as a battle's reveal)."""

    templates: Path | None = None
    context: SkinContext = field(default=no_context)
    stylesheet: Path | None = None
    featured: bool = True
    story_in_play: bool = False


def stylesheet_url(game_id: str) -> str | None:
    """Where the game's pages find its skin's stylesheet, or None when its skin has none."""
    return f"/skins/{game_id}/skin.css" if web_skin(game_id).stylesheet is not None else None


GENERIC = WebSkin()


def action_json(action: Any) -> str:
    """One action as the JSON text a form field carries (the page's script parses it back)."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def seats_css(scope: str, colours: Iterable[tuple[int, str]]) -> str:
    """A rule giving ``scope`` each seat's colour as a CSS variable (``--seat0`` …), so every
    ``.seat-N`` inside it wears its seat's colour however many seats the game has.  (A
    stylesheet, not a ``style`` attribute: the pages' content security policy allows no inline
    style.)"""
    decls = "".join(f"--seat{int(seat)}:{_css_colour(colour)};" for seat, colour in colours)
    return f"{scope}{{{decls}}}\n"


def _css_colour(value: str) -> str:
    """A ``#rrggbb`` colour, or a neutral grey for anything else (never raw text in CSS)."""
    digits = value[1:]
    if value.startswith("#") and len(digits) in (3, 6) and all(c in string.hexdigits for c in digits):
        return value
    return "#777777"


def number(value: Any) -> str:
    """A score as people write it: 18, not 18.0; 2.5 stays 2.5."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _is_module_id(game_id: str) -> bool:
    return game_id.isidentifier() and game_id.isascii()


@functools.cache
def web_skin(game_id: str) -> WebSkin:
    """The skin of ``game_id``, or the generic one when the game has none.

    Only a missing ``turncoat.skins.<id>`` or ``turncoat.skins.<id>.web`` means "no skin"; a skin
    that fails to import for any other reason is a bug and says so.
    """
    if not _is_module_id(game_id):
        return GENERIC
    package = f"turncoat.skins.{game_id}"
    name = f"{package}.web"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name in (package, name):
            return GENERIC
        raise
    skin = module.SKIN
    if not isinstance(skin, WebSkin):
        raise TypeError(f"{name}.SKIN is a {type(skin).__name__}, not a WebSkin")
    return skin


def _environment(loader: BaseLoader) -> Environment:
    env = Environment(
        loader=loader,
        autoescape=select_autoescape(["html", "svg"], default_for_string=True, default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["action_json"] = action_json
    env.filters["number"] = number
    return env


GENERIC_ENV = _environment(FileSystemLoader(str(GENERIC_TEMPLATES)))


@functools.cache
def environment(game_id: str) -> Environment:
    """The templates for ``game_id``'s pages: its skin's first, then the generic ones."""
    skin = web_skin(game_id)
    if skin.templates is None:
        return GENERIC_ENV
    loaders = [FileSystemLoader(str(skin.templates)), FileSystemLoader(str(GENERIC_TEMPLATES))]
    return _environment(ChoiceLoader(loaders))
