"""``turncoat sim`` and ``turncoat bench``: registered on the CLI app by ``register(app)``.

Exit codes: 0 all games finished; 1 some games failed (saved under ``failures/``); 2 bad input
(unknown game or agent, bad seed, unreachable Dask scheduler); 3 the output folder could not be
written; 130 interrupted.  Runs that stop early leave an ``INCOMPLETE`` marker in the folder.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from typer.core import TyperCommand

from turncoat.cli_errors import EXIT_BAD_INPUT, fail, float_in_range, int_in_range, plain
from turncoat.core.errors import RulesError
from turncoat.core.registry import sole_game
from turncoat.sim import output
from turncoat.sim.executors import DEFAULT_CONNECT_TIMEOUT, ExecutorError, Stopwatch, make_executor
from turncoat.sim.runner import GameResult, SimSpec, game_for
from turncoat.sim.summary import write_balance_report, write_results
from turncoat.sim.tournament import (
    InputError,
    build_spec,
    parse_options,
    play_all,
    save_game_record,
)

EXIT_FAILED_GAMES = 1
EXIT_OUTPUT = 3
EXIT_INTERRUPTED = 130

console = Console()
err_console = Console(stderr=True)
GAME_HELP = "Game id (see `turncoat games`); may be left out when only one game is installed."


class _OptionalValueCommand(TyperCommand):
    """Lets ``--dask`` be given bare (a LocalCluster) or with a value (a scheduler address)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if param.name == "dask":
                param._flag_needs_value = True  # type: ignore[attr-defined]
                param.flag_value = "local"  # type: ignore[attr-defined]


# Upper bounds that no real run reaches; beyond them a typo would only hang or exhaust the machine.
MAX_GAMES = 100_000_000
MAX_WORKERS = 1024
MAX_SECONDS = 3600.0
MAX_ROUNDS = 100


def _pct(rate: Mapping[str, Any]) -> str:
    return f"{100 * rate['rate']:5.1f}%  [{100 * rate['low']:.1f}, {100 * rate['high']:.1f}]"


def _print_summary(summary: Mapping[str, Any], out_dir: Path, timing: Mapping[str, Any]) -> None:
    table = Table(title="Ratings (Plackett-Luce) and win rates (95% Wilson CI, shared wins 1/k)")
    for col in ("agent", "mu", "sigma", "ordinal", "win rate"):
        table.add_column(col, justify="left" if col in ("agent", "win rate") else "right")
    rates = {r["group"]: r for r in summary["win_rates"]["by_agent"]}
    for r in summary["ratings"]:
        rate = rates.get(r["agent"])
        table.add_row(
            r["agent"],
            f"{r['mu']:.2f}",
            f"{r['sigma']:.2f}",
            f"{r['ordinal']:.2f}",
            _pct(rate) if rate else "—",
        )
    console.print(table)
    for key, values in summary["win_rates"].items():
        if key == "by_agent":
            continue
        line = ", ".join(f"{r['group']} {_pct(r).strip()}" for r in values)
        console.print(f"win rate {key.replace('_', ' ')}: {line}", highlight=False)
    console.print(
        f"{summary['finished']} of {summary['games']} games finished in {timing['elapsed_s']:.1f}s "
        f"({timing['games_per_s']:.1f} games/s, {timing['executor']}, batch {timing['batch']}); "
        f"results in {out_dir}",
        highlight=False,
    )
    if not summary["seating_balanced"]:
        console.print(
            f"[yellow]note:[/] {summary['games']} games is not a multiple of {summary['players']} seats, "
            "so the seating rotation is not exactly balanced"
        )
    if summary["estimated_content"]:
        console.print(
            f"[yellow]note:[/] {len(summary['estimated_content'])} content values are estimated "
            "(see `turncoat content`)"
        )


def _progress_bar(enabled: bool) -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=err_console,
        disable=not enabled,
        transient=False,
    )


def _play_and_write(
    spec: SimSpec,
    executor: Executor,
    out: Path,
    *,
    force: bool,
    batch: int | None,
    workers: int,
    executor_name: str,
    progress: bool,
    failures: list[GameResult],
) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """Play every game into ``out`` and write the results; the folder stays marked incomplete
    unless everything was written.  Failed games are appended to ``failures``."""
    try:
        output.prepare_dir(out, force=force)
    except output.OutputError as exc:
        fail(str(exc), EXIT_OUTPUT)
    partial: output.PartialLog | None = None
    bar = _progress_bar(progress)
    try:
        partial = output.PartialLog(out)
        clock = Stopwatch()
        with bar:
            task = bar.add_task(f"{spec.game} ({executor_name})", total=spec.games)

            def on_done(done: Sequence[GameResult]) -> None:
                assert partial is not None
                partial.add([r.row() for r in done])
                for result in done:
                    if result.error is not None:
                        failures.append(result)
                        save_game_record(out, "failures", result)
                    if spec.keep_records:
                        save_game_record(out, "records", result)
                bar.advance(task, len(done))

            results, batch_used = play_all(spec, executor, batch=batch, workers=workers, on_done=on_done)
        elapsed = clock.elapsed
        partial.close()
        timing = {
            "elapsed_s": round(elapsed, 3),
            "games_per_s": round(spec.games / elapsed, 2) if elapsed > 0 else None,
            "executor": executor_name,
            "workers": workers,
            "batch": batch_used,
            "finished_at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        # summary.json ("complete": true) is the last file written, then the marker goes.
        report_lines = write_balance_report(out, results, spec) if spec.full_facts else []
        summary = write_results(out, results, spec, game_for(spec), timing)
        output.mark_complete(out)
    except ExecutorError as exc:
        output.mark_incomplete(out, str(exc))
        fail(str(exc), EXIT_BAD_INPUT)
    except output.OutputError as exc:
        output.mark_incomplete(out, str(exc))
        fail(f"{exc} — the run is incomplete (see {out / output.INCOMPLETE})", EXIT_OUTPUT)
    except KeyboardInterrupt:
        output.mark_incomplete(out, "interrupted")
        fail(f"interrupted; partial results in {out} are marked incomplete", EXIT_INTERRUPTED)
    finally:
        if partial is not None:
            partial.close()
    return summary, timing, report_lines


def sim_cmd(
    game: Annotated[str, typer.Argument(help="Game id (see `turncoat games`).")],
    agents: Annotated[
        str | None,
        typer.Option(
            help="Agents, one per seat or a list that divides the seats (e.g. strong,heuristic): "
            "random, heuristic, ismcts (ismcts:iterations=200), rollout, strong (slow: 0.5 s a "
            "move). Default: heuristic in the first seat (if the game has one), random in the others.",
            show_default=False,
        ),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
    players: Annotated[
        int | None, typer.Option(help="Seats per game (default: one per agent, else the game's).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Master seed; every game's seed derives from it.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (1: this process).")] = 1,
    dask: Annotated[
        str | None,
        typer.Option(
            help="Run on Dask: bare --dask starts a local cluster of --workers workers; "
            "--dask tcp://host:8786 uses a running scheduler.",
            metavar="[ADDRESS]",
        ),
    ] = None,
    connect_timeout: Annotated[
        float, typer.Option(help="Seconds to wait for the Dask scheduler.")
    ] = DEFAULT_CONNECT_TIMEOUT,
    batch: Annotated[
        int | None, typer.Option(help="Games per task (default: about a second's worth).")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Output folder (default: sim-results/GAME-TIME).")] = None,
    save_records: Annotated[
        bool, typer.Option("--save-records", help="Save every game's record under records/.")
    ] = False,
    report: Annotated[
        bool, typer.Option("--report", help="Also write the game's balance report (report/).")
    ] = False,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value (repeatable).")
    ] = None,
    content_override: Annotated[
        Path | None, typer.Option(help="Values from your own copy of the game (`turncoat content`).")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an earlier run in --out.")] = False,
    no_progress: Annotated[bool, typer.Option("--no-progress", help="Hide the progress bar.")] = False,
) -> None:
    """Play many games between agents and write results, ratings, win rates and plots."""
    int_in_range("--games", games, 1, MAX_GAMES)
    int_in_range("--workers", workers, 1, MAX_WORKERS)
    float_in_range("--connect-timeout", connect_timeout, 0.1, MAX_SECONDS, unit=" seconds")
    if batch is not None:
        int_in_range("--batch", batch, 1, MAX_GAMES)
    try:
        spec = build_spec(
            game,
            agents,
            games=games,
            seed=seed,
            players=players,
            options=parse_options(option or []),
            save_records=save_records,
            report=report,
            content_override=content_override,
        )
    except InputError as exc:
        fail(str(exc), EXIT_BAD_INPUT)
    if out is None:
        out = Path("sim-results") / f"{game}-{datetime.now(UTC):%Y%m%dT%H%M%S}"
    try:
        output.check_dir(out, force=force)
    except output.OutputError as exc:
        fail(str(exc), EXIT_OUTPUT)

    executor_name = f"dask {dask}" if dask else ("in-process" if workers == 1 else f"{workers} processes")
    failures: list[GameResult] = []
    # The executor comes up before the output folder is touched: an unreachable scheduler is bad
    # input and must leave nothing behind.
    with ExitStack() as stack:
        try:
            executor = stack.enter_context(make_executor(workers, dask, connect_timeout=connect_timeout))
        except ExecutorError as exc:
            fail(str(exc), EXIT_BAD_INPUT)
        summary, timing, report_lines = _play_and_write(
            spec,
            executor,
            out,
            force=force,
            batch=batch,
            workers=workers,
            executor_name=executor_name,
            progress=not no_progress,
            failures=failures,
        )

    _print_summary(summary, out, timing)
    for line in report_lines:
        console.print(line, highlight=False, markup=False)
    if failures:
        err_console.print(f"[bold red]{len(failures)} game(s) failed[/] (records in {out / 'failures'}):")
        for result in sorted(failures, key=lambda r: r.index)[:20]:
            first = (result.error or "").splitlines()[0]
            err_console.print(
                f"  game {result.index} (seed {result.seed}): {first}", highlight=False, markup=False
            )
        if len(failures) > 20:
            err_console.print(f"  ... and {len(failures) - 20} more (see summary.json)")
        raise typer.Exit(code=EXIT_FAILED_GAMES)


def bench_cmd(
    game: Annotated[str | None, typer.Argument(help=GAME_HELP, show_default=False)] = None,
    players: Annotated[int | None, typer.Option(help="Seats per game (default: the game's).")] = None,
    seconds: Annotated[float, typer.Option(help="Length of each single-process measurement.")] = 2.0,
    workers: Annotated[int, typer.Option(help="Workers for the scaling comparison.")] = 2,
    dask: Annotated[bool, typer.Option(help="Also measure Dask (LocalCluster) overhead.")] = True,
    rounds: Annotated[int, typer.Option(help="Scaling runs per executor; each keeps its best.")] = 3,
    as_json: Annotated[Path | None, typer.Option("--json", help="Also write the numbers here.")] = None,
) -> None:
    """Engine and simulator speed: decisions/s, games/s, ISMCTS iterations/s, scaling, Dask overhead."""
    from turncoat.sim import bench

    float_in_range("--seconds", seconds, 0.01, MAX_SECONDS, unit=" seconds")
    int_in_range("--workers", workers, 1, MAX_WORKERS)
    int_in_range("--rounds", rounds, 1, MAX_ROUNDS)
    try:
        game = game or sole_game()
    except RulesError as exc:
        fail(plain(exc), EXIT_BAD_INPUT)
    try:
        results = bench.run_all(
            game,
            players=players,
            seconds=seconds,
            workers=workers,
            dask=dask,
            rounds=rounds,
            log=console.print,
        )
    except InputError as exc:
        fail(str(exc), EXIT_BAD_INPUT)
    except ExecutorError as exc:
        fail(str(exc), EXIT_BAD_INPUT)
    console.print(bench.table(results))
    if as_json is not None:
        try:
            output.write_text(as_json, json.dumps(results, indent=2, sort_keys=True) + "\n")
        except output.OutputError as exc:
            fail(str(exc), EXIT_OUTPUT)


def register(app: typer.Typer) -> None:
    app.command("sim", cls=_OptionalValueCommand)(sim_cmd)
    app.command("bench")(bench_cmd)
