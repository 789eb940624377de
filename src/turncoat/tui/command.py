"""``turncoat play``: the terminal table, registered on the main command line."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from turncoat.cli_errors import fail, float_in_range, plain, seed_in_range
from turncoat.core.errors import RulesError
from turncoat.core.record import load_record

if TYPE_CHECKING:
    from turncoat.tui.table import Table

# A longer pause would only look like a hung table.
MAX_DELAY = 10.0


def register(app: typer.Typer) -> None:
    """Add the ``play`` command to the ``turncoat`` command line."""
    app.command("play")(play_cmd)


def play_cmd(
    game_name: Annotated[
        str | None,
        typer.Argument(
            help="Game id (may be left out when only one game is installed); a game without a "
            "table of its own gets the generic table.",
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(help="Players (default: the --seats count, else the game's usual number)."),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help='Seat kinds in seat order, e.g. "human,heuristic,strong,random": human, random, '
            "heuristic, strong (the searching bot, 0.5 s a move), ismcts or rollout; a game without "
            "rules of thumb seats only random and ismcts bots."
        ),
    ] = None,
    humans: Annotated[
        int | None, typer.Option(help="Humans in the first seats; bots fill the rest (default 1).")
    ] = None,
    names: Annotated[
        str | None,
        typer.Option(
            help='Names: "Ann,Bob" names the humans; one per seat names everyone.  Without it the '
            "table asks each person's name (offering your login name) before the first move."
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Game seed (same seed, same deal).")] = None,
    save: Annotated[
        Path | None, typer.Option(help="Record file, saved after every action (default: a new file).")
    ] = None,
    resume: Annotated[Path | None, typer.Option(help="Continue the game saved in this record.")] = None,
    delay: Annotated[
        float, typer.Option(help=f"Seconds each bot move stays visible (0 to {MAX_DELAY:g}).")
    ] = 0.6,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="A rule option of the game, key=value (repeatable), e.g. ring_layout=alternating "
            "for Verräter; a wrong key lists the game's options.",
        ),
    ] = None,
    content_override: Annotated[
        Path | None,
        typer.Option(help="Play with values from your own copy of the game (see `turncoat content`)."),
    ] = None,
) -> None:
    """Play a game in the terminal against bots and friends (hot seat)."""
    from turncoat.core.registry import sole_game
    from turncoat.tui.skin import Request, find_skin

    if seed is not None:
        seed_in_range(seed)
    float_in_range("--delay", delay, 0.0, MAX_DELAY, unit=" seconds")
    if resume is not None:
        clash = [
            flag
            for flag, value in (
                ("--players", players),
                ("--seats", seats),
                ("--humans", humans),
                ("--names", names),
                ("--seed", seed),
            )
            if value is not None
        ]
        if clash:
            fail(
                f"--resume continues a saved game with its own seats, names and seed; drop {', '.join(clash)}"
            )
    try:
        played = load_record(resume).game if resume is not None else (game_name or sole_game())
        skin = find_skin(played)
        table = skin.open_table(
            Request(
                played,
                players=players,
                seats=seats,
                humans=humans,
                names=names,
                seed=seed,
                save=save,
                resume=resume,
                options=tuple(option or ()),
                content_override=content_override,
            )
        )
    except RulesError as exc:
        fail(plain(exc))
    app = skin.app(table, delay)
    app.ask_names = names is None and resume is None and interactive()
    app.run()
    say_where_it_is(table)


def interactive() -> bool:
    """Whether a person is at the keyboard (not a script feeding the command)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def say_where_it_is(table: Table) -> None:
    """Where the record of the game is, and what to do with it next."""
    where = table.save_path
    if where is None:
        return
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
