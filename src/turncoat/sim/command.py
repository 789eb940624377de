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
EXIT_BAD_INPUT = 2
EXIT_OUTPUT = 3
EXIT_INTERRUPTED = 130

console = Console()
err_console = Console(stderr=True)


class _OptionalValueCommand(TyperCommand):
    """Lets ``--dask`` be given bare (a LocalCluster) or with a value (a scheduler address)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if param.name == "dask":
                param._flag_needs_value = True  # type: ignore[attr-defined]
                param.flag_value = "local"  # type: ignore[attr-defined]


def _fail(message: str, code: int) -> typer.Exit:
    err_console.print(f"[bold red]error:[/] {message}", highlight=False)
    return typer.Exit(code=code)


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
        raise _fail(str(exc), EXIT_OUTPUT) from None
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
        raise _fail(str(exc), EXIT_BAD_INPUT) from None
    except output.OutputError as exc:
        output.mark_incomplete(out, str(exc))
        raise _fail(f"{exc} — the run is incomplete (see {out / output.INCOMPLETE})", EXIT_OUTPUT) from None
    except KeyboardInterrupt:
        output.mark_incomplete(out, "interrupted")
        raise _fail(
            f"interrupted; partial results in {out} are marked incomplete", EXIT_INTERRUPTED
        ) from None
    finally:
        if partial is not None:
            partial.close()
    return summary, timing, report_lines


def sim_cmd(
    game: Annotated[str, typer.Argument(help="Game id, e.g. verrater.")],
    agents: Annotated[
        str,
        typer.Option(
            help="Comma-separated agent specs, one per seat (or a list that divides the seats), "
            "e.g. 'ismcts:iterations=200,heuristic,random,random'. Agents: random, heuristic, "
            "ismcts, rollout, and the preset strong (ISMCTS that beats the heuristic; 0.5 s a move).",
        ),
    ] = "random",
    games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
    players: Annotated[
        int | None, typer.Option(help="Seats per game (default: the number of agents, else the game's).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Master seed: every game's seed derives from it.")] = 0,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, help="Worker processes (1 = play in this process).")
    ] = 1,
    dask: Annotated[
        str | None,
        typer.Option(
            help="Run on Dask: bare --dask (or --dask local) starts a LocalCluster of --workers "
            "workers; --dask tcp://host:8786 uses a running scheduler.",
            metavar="[ADDRESS]",
        ),
    ] = None,
    connect_timeout: Annotated[
        float, typer.Option(help="Seconds to wait for a Dask scheduler.")
    ] = DEFAULT_CONNECT_TIMEOUT,
    batch: Annotated[
        int | None, typer.Option(min=1, help="Games per task (default: calibrated to about a second).")
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="Output folder (default: sim-results/GAME-TIMESTAMP).")
    ] = None,
    save_records: Annotated[bool, typer.Option(help="Save every game's record under records/.")] = False,
    report: Annotated[bool, typer.Option(help="Also write the game's balance report (report/).")] = False,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value (repeatable).")
    ] = None,
    content_override: Annotated[
        Path | None,
        typer.Option(help="Play with values from your own copy of the game (see `turncoat content`)."),
    ] = None,
    force: Annotated[
        bool, typer.Option(help="Overwrite an output folder that holds an earlier run.")
    ] = False,
    progress: Annotated[bool, typer.Option(help="Show a progress bar.")] = True,
) -> None:
    """Play many games between agents and write results, ratings, win rates and plots."""
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
        raise _fail(str(exc), EXIT_BAD_INPUT) from None
    if out is None:
        out = Path("sim-results") / f"{game}-{datetime.now(UTC):%Y%m%dT%H%M%S}"
    try:
        output.check_dir(out, force=force)
    except output.OutputError as exc:
        raise _fail(str(exc), EXIT_OUTPUT) from None

    executor_name = f"dask {dask}" if dask else ("in-process" if workers == 1 else f"{workers} processes")
    failures: list[GameResult] = []
    # The executor comes up before the output folder is touched: an unreachable scheduler is bad
    # input and must leave nothing behind.
    with ExitStack() as stack:
        try:
            executor = stack.enter_context(make_executor(workers, dask, connect_timeout=connect_timeout))
        except ExecutorError as exc:
            raise _fail(str(exc), EXIT_BAD_INPUT) from None
        summary, timing, report_lines = _play_and_write(
            spec,
            executor,
            out,
            force=force,
            batch=batch,
            workers=workers,
            executor_name=executor_name,
            progress=progress,
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
    game: Annotated[str, typer.Argument(help="Game id, e.g. verrater.")] = "verrater",
    players: Annotated[int | None, typer.Option(help="Seats per game.")] = None,
    seconds: Annotated[float, typer.Option(help="Time budget of each single-process measurement.")] = 2.0,
    workers: Annotated[int, typer.Option(help="Workers for the scaling comparison.")] = 2,
    dask: Annotated[bool, typer.Option(help="Also measure Dask (LocalCluster) overhead.")] = True,
    rounds: Annotated[
        int, typer.Option(min=1, help="Interleaved scaling runs per executor; each keeps its best.")
    ] = 3,
    as_json: Annotated[Path | None, typer.Option("--json", help="Also write the numbers here.")] = None,
) -> None:
    """Engine and simulator speed: decisions/s, games/s, ISMCTS iterations/s, scaling, Dask overhead."""
    from turncoat.sim import bench

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
        raise _fail(str(exc), EXIT_BAD_INPUT) from None
    except ExecutorError as exc:
        raise _fail(str(exc), EXIT_BAD_INPUT) from None
    console.print(bench.table(results))
    if as_json is not None:
        try:
            output.write_text(as_json, json.dumps(results, indent=2, sort_keys=True) + "\n")
        except output.OutputError as exc:
            raise _fail(str(exc), EXIT_OUTPUT) from None


def register(app: typer.Typer) -> None:
    app.command("sim", cls=_OptionalValueCommand)(sim_cmd)
    app.command("bench")(bench_cmd)
