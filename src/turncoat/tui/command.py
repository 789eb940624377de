"""``turncoat play``: the terminal table, registered on the main command line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from turncoat.core.errors import RulesError


def register(app: typer.Typer) -> None:
    """Add the ``play`` command to the ``turncoat`` command line."""
    app.command("play")(play_cmd)


def play_cmd(
    game_name: Annotated[str, typer.Argument(help="Game id (only verrater so far).")] = "verrater",
    players: Annotated[
        int | None, typer.Option(help="3 or 4 players (default 4, or the --seats count).")
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(help='Seat kinds in seat order, e.g. "human,heuristic,heuristic,random".'),
    ] = None,
    humans: Annotated[
        int | None, typer.Option(help="Humans in the first seats; bots fill the rest (default 1).")
    ] = None,
    names: Annotated[
        str | None, typer.Option(help='Names: "Ann,Bob" names the humans; one per seat names everyone.')
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Game seed (same seed, same deal).")] = None,
    save: Annotated[
        Path | None, typer.Option(help="Record file, saved after every action (default: a new file).")
    ] = None,
    resume: Annotated[Path | None, typer.Option(help="Continue the game saved in this record.")] = None,
    delay: Annotated[float, typer.Option(help="Seconds each bot move stays visible.")] = 0.6,
) -> None:
    """Play Verräter in the terminal against bots and friends (hot seat)."""
    from turncoat.tui.app import VerraterApp
    from turncoat.tui.session import Session, default_save_path, plan_seats

    console = Console(stderr=True)
    if game_name != "verrater":
        console.print(f"[bold red]error:[/] the terminal table plays only verrater (not {game_name!r})")
        raise typer.Exit(code=2)
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
            console.print(
                f"[bold red]error:[/] --resume continues a saved game with its own seats, names and "
                f"seed; drop {', '.join(clash)}"
            )
            raise typer.Exit(code=2)
    try:
        if resume is not None:
            session = Session.resume(resume, save)
        else:
            plan = plan_seats(players, seats, humans, names)
            session = Session.new(plan, seed, save or default_save_path())
    except RulesError as exc:
        console.print(f"[bold red]error:[/] {exc}")
        raise typer.Exit(code=2) from exc
    VerraterApp(session, bot_delay=max(0.0, delay)).run()
    where = session.save_path
    if where is not None:
        done = session.outcome() is not None
        console.print(
            f"Game {'finished' if done else 'saved'}: {where}\n"
            + (
                f"Review it: turncoat replay {where} --full"
                if done
                else f"Continue it: turncoat play --resume {where}"
            )
        )
