"""The generic skin: ``turncoat play GAME`` for every game without a terminal table of its own."""

from __future__ import annotations

from turncoat.core.content import read_override_file
from turncoat.core.errors import InvalidConfig
from turncoat.core.present import presentation_of
from turncoat.tui.generic.app import GenericApp
from turncoat.tui.skin import Request, TerminalSkin
from turncoat.tui.table import Table, default_save_path, new_game, parse_options, plan_seats
from turncoat.tui.table_app import TableApp


def open_table(request: Request) -> Table:
    """The table the command line asks for (raises RulesError, in plain words, when it cannot)."""
    if request.resume is not None:
        if request.options or request.content_override is not None:
            raise InvalidConfig(
                "--resume continues a saved game with its own rules; drop --option and --content-override",
                code="bad_config",
            )
        return Table.resume(request.resume, request.save)
    game_name, seats = request.game, request.seats
    settings: dict[str, object] = dict(parse_options(request.options))
    probe = new_game(game_name, None, settings)  # an unknown game or option is refused here
    if request.content_override is not None:
        content = getattr(probe, "content", None)
        if content is None:
            raise InvalidConfig(f"{game_name} has no content to override", code="bad_config")
        settings["content_overrides"] = read_override_file(request.content_override, content.id)
    face = presentation_of(probe)
    count = request.players
    if count is None:
        count = len([k for k in seats.split(",") if k.strip()]) if seats else probe.num_players()
    if not face.min_players <= count <= face.max_players:
        raise InvalidConfig(
            f"{face.title} is for {face.min_players} to {face.max_players} players (got {count})",
            code="bad_players",
        )
    plan = plan_seats(count, seats, request.humans, request.names)
    game = new_game(game_name, count, settings)
    return Table.new(game, plan, request.seed, request.save or default_save_path(game_name))


def generic_app(table: Table, bot_delay: float) -> TableApp:
    return GenericApp(table, bot_delay=bot_delay)


GENERIC = TerminalSkin(open_table=open_table, app=generic_app)
