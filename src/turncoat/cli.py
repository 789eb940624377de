"""The ``turncoat`` command line: replay, demo, content."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from turncoat.core.actions import Event
from turncoat.core.content import read_override_file
from turncoat.core.errors import RulesError
from turncoat.core.record import (
    GameRecord,
    Replay,
    append_action,
    load_record,
    new_record,
    replay,
    save_record,
    with_digests,
)
from turncoat.core.registry import load_game, load_stored_game, registered
from turncoat.core.serialize import to_builtins

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    help="turncoat: games of alliances and betrayal.",
)
console = Console()
err_console = Console(stderr=True)


def _fail(message: str) -> None:
    err_console.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code=2)


def _game_for(record: GameRecord) -> Any:
    return load_stored_game(record.game, record.config)


def _all_events(result: Replay) -> list[Event]:
    events = list(result.initial_events)
    for step in result.steps:
        events.extend(step.events)
    return events


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    as_seat: Annotated[int | None, typer.Option("--as", help="Show the game as this seat saw it.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the outcome as JSON.")] = False,
    full: Annotated[
        bool, typer.Option("--full", help="Show every hidden detail (post-game review).")
    ] = False,
    show_log: Annotated[bool, typer.Option("--log", help="Also print the full game log.")] = False,
) -> None:
    """Replay a record: the outcome and a per-round summary (redacted for --as SEAT)."""
    try:
        record = load_record(file)
        game = _game_for(record)
        result = replay(game, record)
    except RulesError as exc:
        _fail(str(exc))
        return
    if as_seat is not None and not 0 <= as_seat < game.num_players():
        _fail(f"--as must be a seat from 0 to {game.num_players() - 1}")
    viewer = as_seat
    if as_json:
        outcome = result.outcome
        doc: dict[str, Any] = {
            "game": record.game,
            "complete": outcome is not None,
            "actions": len(record.actions),
            "scores": [int(v) for v in outcome.scores] if outcome else None,
            "winners": list(outcome.winners) if outcome else None,
            "details": to_builtins(outcome.details) if outcome else None,
            "rounds": game.round_summaries(_all_events(result), viewer, omniscient=full),
        }
        if record.meta.get("expected") is not None:
            doc["expected"] = record.meta["expected"]
        print(json.dumps(doc, indent=2, sort_keys=True))
        return
    title = record.meta.get("title")
    if title:
        console.print(f"[bold]{title}[/]")
    who = (
        "everything (--full)"
        if full
        else (f"as seat {viewer} saw it" if viewer is not None else "public view")
    )
    console.print(f"{record.game}, {len(record.actions)} actions, {who}")
    if game.content.estimated_paths:
        console.print("[yellow]note:[/] some component values are estimated (see the content pack)")
    events = _all_events(result)
    if show_log:
        for line in game.render_log(events, viewer, omniscient=full):
            console.print(line, markup=False, highlight=False)
        console.print()
    for line in game.render_summary(events, viewer, omniscient=full):
        console.print(line, markup=False, highlight=False)
    outcome = result.outcome
    if outcome is None:
        console.print("The game is not finished.")
        return
    scores = ", ".join(f"seat {p}: {int(v)}" for p, v in enumerate(outcome.scores))
    console.print(f"Final scores: {scores}")
    console.print(
        "Winner"
        + ("s" if len(outcome.winners) > 1 else "")
        + ": "
        + ", ".join(f"seat {p}" for p in outcome.winners)
    )


@app.command("demo")
def demo_cmd(
    game_name: Annotated[str, typer.Argument(help="Game id, e.g. verrater.")] = "verrater",
    players: Annotated[int, typer.Option(help="Number of seats.")] = 4,
    seed: Annotated[int, typer.Option(help="Game seed (same seed, same game).")] = 1,
    save: Annotated[Path | None, typer.Option(help="Write the game record here.")] = None,
    full: Annotated[
        bool, typer.Option("--full", help="Show hidden details too (hands, roles as they are chosen).")
    ] = False,
    content_override: Annotated[
        Path | None, typer.Option(help="Use values from your own copy of the game (see `content`).")
    ] = None,
) -> None:
    """Play a game between random bots and print its log."""
    try:
        options: dict[str, Any] = {"players": players}
        if content_override is not None:
            pack_id = load_game(game_name).content.id
            options["content_overrides"] = read_override_file(content_override, pack_id)
        game = load_game(game_name, **options)
    except RulesError as exc:
        _fail(str(exc))
        return
    chooser = random.Random(seed)
    started = game.start(seed)
    state = started.state
    record = new_record(game, seed, title=f"{game_name} demo, random bots, seed {seed}")
    while seats := game.to_act(state):
        seat = min(seats)
        action = chooser.choice(list(game.legal_actions(state, seat)))
        state = game.apply(state, seat, action).state
        record = append_action(record, seat, action)
    result = replay(game, record)
    if not full:
        console.print("(public view: what a spectator sees; --full shows hidden details too)")
    for line in game.render_log(_all_events(result), None, omniscient=full):
        console.print(line, markup=False, highlight=False)
    if save is not None:
        save_record(with_digests(game, record), save)
        console.print(f"record saved to {save}")


@app.command("content")
def content_cmd(
    game_name: Annotated[str, typer.Argument(help="Game id, e.g. verrater.")] = "verrater",
    override: Annotated[
        Path | None, typer.Option(help="An override file with values from your own copy of the game.")
    ] = None,
) -> None:
    """Show a game's content pack: its digest and which values are estimated."""
    try:
        base = load_game(game_name)
        overrides = read_override_file(override, base.content.id) if override else None
        game = load_game(game_name, content_overrides=overrides) if overrides else base
    except RulesError as exc:
        _fail(str(exc))
        return
    pack = game.content
    console.print(f"pack {pack.id}  digest {pack.digest}")
    for path in pack.overridden_paths:
        console.print(f"  overridden: {path}")
    if pack.estimated_paths:
        console.print(f"{len(pack.estimated_paths)} estimated values (not confirmed from the printed game):")
        for path in pack.estimated_paths:
            console.print(f"  {path}")
    else:
        console.print("no estimated values")


@app.command("games")
def games_cmd() -> None:
    """List the games this installation can play."""
    for name in registered():
        console.print(name)


# Sub-commands that live with their packages register themselves here (one line each).
# --- registered sub-commands ---
from turncoat.sim.command import register as _register_sim  # noqa: E402

_register_sim(app)
from turncoat.tui.command import register as _register_tui  # noqa: E402

_register_tui(app)
from turncoat.server.command import register as _register_serve  # noqa: E402

_register_serve(app)


def main() -> None:
    try:
        app()
    except BrokenPipeError:  # e.g. piped into head
        sys.exit(0)


if __name__ == "__main__":
    main()
