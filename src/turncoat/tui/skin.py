"""A game's terminal skin, found by game id: its own table, or the generic one.

``turncoat play GAME`` looks for ``turncoat.skins.<GAME>.terminal`` at run time and uses the
:class:`TerminalSkin` it names ``SKIN``.  A game without such a module is played at the generic
table, drawn from its presentation alone (``turncoat.tui.generic``); any other failure to
import a skin is a fault of that skin and is not hidden.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from turncoat.tui.table import Table
from turncoat.tui.table_app import TableApp

SKINS = "turncoat.skins"


@dataclass(frozen=True)
class Request:
    """What ``turncoat play`` was asked for; the skin that opens the table checks it."""

    game: str
    players: int | None = None
    seats: str | None = None
    humans: int | None = None
    names: str | None = None
    seed: int | None = None
    save: Path | None = None
    resume: Path | None = None
    options: tuple[str, ...] = ()
    content_override: Path | None = None


@dataclass(frozen=True)
class TerminalSkin:
    """A game's face at the terminal.

    ``open_table`` makes (or resumes) the table a request asks for, saved at once, or raises a
    RulesError in plain words; ``app`` is the Textual application that plays it.
    """

    open_table: Callable[[Request], Table]
    app: Callable[[Table, float], TableApp]


def skin_module(game: str) -> str:
    return f"{SKINS}.{game}.terminal"


def find_skin(game: str) -> TerminalSkin:
    """The terminal skin of ``game`` (a registered game id), or the generic one."""
    from turncoat.tui.generic.command import GENERIC  # the generic skin is built on this module

    if not game.isidentifier():  # not a package name: no skin can be found under it
        return GENERIC
    name = skin_module(game)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        # Only the skin module itself (or its game's skins package) missing means "no skin"; a
        # module the skin imports that is missing is the skin's fault, and is not hidden.
        if exc.name not in (name, f"{SKINS}.{game}"):
            raise
        return GENERIC
    skin = getattr(module, "SKIN", None)
    if not isinstance(skin, TerminalSkin):
        raise TypeError(f"{name}.SKIN must be a TerminalSkin, not {type(skin).__name__}")
    return skin
