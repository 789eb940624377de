"""Verräter's terminal table: the ring of landscapes, the players, the hand and the log.

``session`` is the shared table with what only Verräter's screens ask of it; ``view`` draws one
seat's observation as text; ``app`` is the Textual application; ``screens`` holds the help and
the final score.  ``turncoat play verrater`` finds this skin by the game's id (``SKIN``).
"""

from __future__ import annotations

from typing import Any

from turncoat.core.content import read_override_file
from turncoat.core.errors import InvalidConfig
from turncoat.core.registry import load_game
from turncoat.skins.verrater.terminal.app import VerraterApp
from turncoat.skins.verrater.terminal.session import Session, parse_rule_options, plan_seats
from turncoat.tui.skin import Request, TerminalSkin
from turncoat.tui.table import Table, default_save_path
from turncoat.tui.table_app import TableApp


def open_table(request: Request) -> Session:
    """The Verräter table the command line asks for (raises RulesError, in plain words)."""
    if request.players is not None and request.players not in (3, 4):  # before a seat list is built
        raise InvalidConfig(f"Verräter is for 3 or 4 players (got {request.players})", code="bad_players")
    options: dict[str, Any] = dict(parse_rule_options(request.options))
    if request.content_override is not None:
        pack_id = load_game("verrater").content.id
        options["content_overrides"] = read_override_file(request.content_override, pack_id)
    if request.resume is not None:
        return Session.resume(request.resume, request.save, options=options)
    plan = plan_seats(request.players, request.seats, request.humans, request.names)
    return Session.open(plan, request.seed, request.save or default_save_path("verrater"), **options)


def verrater_app(table: Table, bot_delay: float) -> TableApp:
    if not isinstance(table, Session):
        raise TypeError("the Verräter table plays a Verräter session")
    return VerraterApp(table, bot_delay=bot_delay)


SKIN = TerminalSkin(open_table=open_table, app=verrater_app)
