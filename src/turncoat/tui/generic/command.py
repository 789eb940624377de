"""``turncoat play GAME`` for every game without a table of its own: the generic table."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from turncoat.core.content import read_override_file
from turncoat.core.errors import InvalidConfig
from turncoat.core.present import presentation_of
from turncoat.tui.generic.app import GenericApp
from turncoat.tui.generic.table import Table, default_save_path, new_game, parse_options, plan_seats


def open_table(
    game_name: str,
    *,
    players: int | None = None,
    seats: str | None = None,
    humans: int | None = None,
    names: str | None = None,
    seed: int | None = None,
    save: Path | None = None,
    resume: Path | None = None,
    options: list[str] | None = None,
    content_override: Path | None = None,
) -> Table:
    """The table the command line asks for (raises RulesError, in plain words, when it cannot)."""
    if resume is not None:
        if options or content_override is not None:
            raise InvalidConfig(
                "--resume continues a saved game with its own rules; drop --option and --content-override",
                code="bad_config",
            )
        return Table.resume(resume, save)
    settings: dict[str, object] = dict(parse_options(options or []))
    probe = new_game(game_name, None, settings)  # an unknown game or option is refused here
    if content_override is not None:
        content = getattr(probe, "content", None)
        if content is None:
            raise InvalidConfig(f"{game_name} has no content to override", code="bad_config")
        settings["content_overrides"] = read_override_file(content_override, content.id)
    face = presentation_of(probe)
    count = players
    if count is None:
        count = len([k for k in seats.split(",") if k.strip()]) if seats else probe.num_players()
    if not face.min_players <= count <= face.max_players:
        raise InvalidConfig(
            f"{face.title} is for {face.min_players} to {face.max_players} players (got {count})",
            code="bad_players",
        )
    plan = plan_seats(count, seats, humans, names)
    game = new_game(game_name, count, settings)
    return Table.new(game, plan, seed, save or default_save_path(game_name))


def play_generic(table: Table, *, delay: float) -> None:
    """Play the table, then say where its record is."""
    GenericApp(table, bot_delay=delay).run()
    where = table.save_path
    if where is not None:
        done = table.outcome() is not None
        next_step = (
            f"Review it: turncoat replay {where} --full"
            if done
            else f"Continue it: turncoat play --resume {where}"
        )
        # soft_wrap: a long path stays one line, so it can be copied as it is.
        Console(stderr=True).print(
            f"Game {'finished' if done else 'saved'}: {where}\n{next_step}", soft_wrap=True, highlight=False
        )
