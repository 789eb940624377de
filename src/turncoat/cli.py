"""The ``turncoat`` command line: replay, demo, content."""

from __future__ import annotations

import json
import random
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from turncoat.cli_errors import CommandGroup, fail, one_line, plain, say_error, seed_in_range
from turncoat.core import present
from turncoat.core.actions import Event
from turncoat.core.content import iter_sourced, read_override_file
from turncoat.core.errors import RulesError
from turncoat.core.present import guide_of, presentation_of, seat_label
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
from turncoat.core.registry import GAMES_VARIABLE, load_game, load_stored_game, registered, sole_game
from turncoat.core.serialize import to_builtins

app = typer.Typer(
    cls=CommandGroup,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    help="turncoat: games of alliances and betrayal.",
    epilog=(
        "`turncoat games` lists the games installed. More games come from Python modules named in "
        f"{GAMES_VARIABLE}, comma-separated (e.g. {GAMES_VARIABLE}=turncoat.core.testing.toy)."
    ),
)
GAME_HELP = "Game id (see `turncoat games`); may be left out when only one game is installed."
console = Console(soft_wrap=True)  # long lines stay whole when piped or saved


def say(line: str) -> None:
    """Print text from a record or a pack as it is (no markup, no highlighting)."""
    console.print(line, markup=False, highlight=False)


def _game_for(record: GameRecord) -> Any:
    return load_stored_game(record.game, record.config)


def _all_events(result: Replay) -> list[Event]:
    events = list(result.initial_events)
    for step in result.steps:
        events.extend(step.events)
    return events


def _printable(name: object) -> str:
    """A stored name without control or format characters (a record file may come from anyone,
    and an escape sequence in a name must not reach the terminal)."""
    text = "".join(ch for ch in str(name or "") if unicodedata.category(ch)[0] != "C")
    return one_line(text)


def player_names(record: GameRecord, players: int) -> list[str]:
    """What the players saw: the names stored with the game (the terminal table stores them), else
    "Player 1", "Player 2", … counting from 1 as the web and terminal tables do."""
    stored = record.meta.get("seats")
    if isinstance(stored, list) and len(stored) == players:
        names = [_printable(s.get("name")) if isinstance(s, dict) else "" for s in stored]
        if all(names) and len(set(names)) == players:
            return names
    return [seat_label(seat) for seat in range(players)]


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    as_player: Annotated[
        int | None,
        typer.Option("--as", help="Show the game as player N saw it (Player 1 is --as 1).", metavar="N"),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the outcome as JSON (seats counted from 0).")
    ] = False,
    full: Annotated[
        bool, typer.Option("--full", help="Show every hidden detail (post-game review).")
    ] = False,
    show_log: Annotated[bool, typer.Option("--log", help="Also print the full game log.")] = False,
) -> None:
    """Replay a record: the outcome and a per-round summary (as one player saw it with --as N)."""
    try:
        record = load_record(file)
        game = _game_for(record)
        result = replay(game, record)
    except RulesError as exc:
        fail(plain(exc))
    players = game.num_players()
    if as_player is not None and not 1 <= as_player <= players:
        fail(f"--as takes a player number from 1 to {players}, as the game counts them (got {as_player})")
    viewer = None if as_player is None else as_player - 1
    names = player_names(record, players)
    if as_json:
        outcome = result.outcome
        doc: dict[str, Any] = {
            "game": record.game,
            "complete": outcome is not None,
            "actions": len(record.actions),
            "players": names,
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
        say(title)
    who = (
        "everything (--full)"
        if full
        else (f"as {names[viewer]} saw it" if viewer is not None else "public view")
    )
    say(f"{record.game}, {len(record.actions)} actions, {who}")
    if game.content.estimated_paths:
        console.print("[yellow]note:[/] some component values are estimated (see `turncoat content`)")
    events = _all_events(result)
    face = presentation_of(game)
    if show_log:
        for line in face.log(events, viewer, omniscient=full):
            say(present.plain(line, names))
        console.print()
    for line in face.summary(events, viewer, omniscient=full):
        say(present.plain(line, names))
    outcome = result.outcome
    if outcome is None:
        console.print("The game is not finished.")
        return
    scores = ", ".join(f"{names[p]} {int(v)}" for p, v in enumerate(outcome.scores))
    say(f"Final scores: {scores}")
    say(
        "Winner"
        + ("s" if len(outcome.winners) > 1 else "")
        + ": "
        + (", ".join(names[p] for p in outcome.winners) or "nobody")
    )


@app.command("demo")
def demo_cmd(
    game_name: Annotated[str | None, typer.Argument(help=GAME_HELP, show_default=False)] = None,
    players: Annotated[
        int | None, typer.Option(help="Number of seats (default: the game's).", show_default=False)
    ] = None,
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
    seed_in_range(seed)
    if save is not None and not save.parent.is_dir():  # refused before the game, not after it
        fail(f"cannot save the record to {save}: there is no folder {save.parent}")
    try:
        game_name = game_name or sole_game()
        options: dict[str, Any] = {} if players is None else {"players": players}
        if content_override is not None:
            pack_id = load_game(game_name).content.id
            options["content_overrides"] = read_override_file(content_override, pack_id)
        game = load_game(game_name, **options)
    except RulesError as exc:
        fail(plain(exc))
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
    names = player_names(record, game.num_players())
    for line in presentation_of(game).log(_all_events(result), None, omniscient=full):
        say(present.plain(line, names))
    if save is not None:
        try:
            save_record(with_digests(game, record), save)
        except OSError as exc:
            fail(f"cannot save the record to {save}: {exc.strerror or exc}")
        console.print(f"record saved to {save}")


def sourced_values(pack: Any) -> dict[str, dict[str, Any]]:
    """Every sourced value of a validated pack by its dotted path: value, provenance, source."""
    return dict(iter_sourced(to_builtins(pack.data)))


def _show_value(node: dict[str, Any]) -> str:
    return one_line(json.dumps(node["value"], ensure_ascii=False))


ADAPTED = "[ADAPT]"  # a source that is our adaptation's rule, not the published game's


def _say_rules_values(values: dict[str, dict[str, Any]], why_adapted: str) -> None:
    """How many values no component prints (the rules text states them), and which of them our
    adaptation chose, with why in the game's own words (its guide's ``adapted``): a player must not
    take those for the published game's."""
    ruled = {p: n for p, n in values.items() if n["provenance"] == "rules"}
    if not ruled:
        return
    console.print(f"{len(ruled)} values set by the rules text, not printed on a component", highlight=False)
    by_source: dict[str, list[str]] = defaultdict(list)
    for path, node in ruled.items():
        source = node.get("source") or ""
        if ADAPTED in source:
            by_source[source.replace(ADAPTED, "").strip()].append(path)
    if by_source:
        count = sum(len(paths) for paths in by_source.values())
        console.print(
            f"{count} of them set by our adaptation's own rules, not by the published game:", highlight=False
        )
        for source, paths in by_source.items():
            say(f"  {source}: {', '.join(f'{p} = {_show_value(ruled[p])}' for p in sorted(paths))}")
        if why_adapted:
            say(f"  why: {why_adapted}")


@app.command("content")
def content_cmd(
    game_name: Annotated[str | None, typer.Argument(help=GAME_HELP, show_default=False)] = None,
    override: Annotated[
        Path | None, typer.Option(help="An override file with values from your own copy of the game.")
    ] = None,
) -> None:
    """Show a game's content pack: its digest and each estimated value, with why it was chosen."""
    try:
        game_name = game_name or sole_game()
        base = load_game(game_name)
        overrides = read_override_file(override, base.content.id) if override else None
        game = load_game(game_name, content_overrides=overrides) if overrides else base
    except RulesError as exc:
        fail(plain(exc))
    pack = game.content
    values = sourced_values(pack)
    say(f"pack {pack.id}  digest {pack.digest}")
    if pack.overridden_paths:
        console.print(f"{len(pack.overridden_paths)} values from your override file:")
        for path in pack.overridden_paths:
            node = values[path]
            source = node.get("source") or "no source given"
            say(f"  {path} = {_show_value(node)}  ({node['provenance']}; {source})")
    _say_rules_values(values, guide_of(presentation_of(game)).adapted)
    if not pack.estimated_paths:
        # an estimate stands in for a printed value no source gives; values the rules text (or an
        # adaptation's own rules, above) sets are not estimates
        console.print("no estimated values: none stands in for a printed value that no source gives")
        return
    console.print(
        f"{len(pack.estimated_paths)} estimated values (our placeholders, not confirmed from the "
        "printed game):",
        highlight=False,
    )
    # The values share a few reasons; each reason is printed once, above the values it explains.
    by_source: dict[str, list[str]] = defaultdict(list)
    for path in pack.estimated_paths:
        by_source[values[path].get("source") or "no source given"].append(path)
    for source, paths in by_source.items():
        say(f"  why: {source}")
        for path in paths:
            say(f"    {path} = {_show_value(values[path])}")
    say(
        "Own the game? Write the values printed on your cards into an override file (see the README, "
        "Honest content) and pass it with --override here, or --content-override to play with it."
    )


@app.command("games")
def games_cmd() -> None:
    """List the games this installation can play (more with TURNCOAT_GAMES=module,...)."""
    try:
        names = registered()
    except RulesError as exc:
        fail(plain(exc))
    for name in names:
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
    except RulesError as exc:  # a refusal no command caught (e.g. a bad TURNCOAT_GAMES): bad input
        say_error(plain(exc))
        sys.exit(2)
    except Exception as exc:  # a bug: still one line, never a traceback (tests see the exception)
        say_error(f"unexpected {type(exc).__name__}: {exc} (please report this)")
        sys.exit(2)


if __name__ == "__main__":
    main()
