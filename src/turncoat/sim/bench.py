"""Speed of the engine and the simulator, as ratios against baselines measured in the same run.

* engine decisions/s: random playouts straight on the Game API (no agent layer);
* games/s: ``play_match`` between random agents in one process;
* ISMCTS iterations/s, when an ``ismcts`` agent is registered;
* the speed-up from 1 to ``workers`` processes, and Dask's overhead against the process pool,
  on the same batches of the same games (pools are warmed up first, so start-up is reported
  separately from throughput).

Nothing here asserts a time: the numbers depend on the machine and its load.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import Executor, wait
from contextlib import ExitStack
from typing import Any

from rich.table import Table

from turncoat.agents import agent_names, make_agent
from turncoat.agents.base import SeatView
from turncoat.core.errors import RulesError
from turncoat.sim.executors import batches, dask_executor, process_pool
from turncoat.sim.runner import GameResult, SimSpec, game_for, run_batch
from turncoat.sim.tournament import build_spec

Log = Callable[[str], Any]


def engine_decisions_per_s(spec: SimSpec, seconds: float) -> dict[str, Any]:
    game = game_for(spec)
    rng = random.Random(1)
    decisions = games = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(rng.getrandbits(32))
        while seats := game.to_act(state):
            seat = min(seats)
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat))).state
            decisions += 1
        games += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "decisions_per_s": decisions / elapsed,
        "decisions_per_cpu_s": _per(decisions, cpu),
        "games": games,
        "seconds": elapsed,
        "cpu_seconds": cpu,
    }


def _per(units: float, seconds: float) -> float:
    return units / seconds if seconds > 0 else float("nan")


def games_per_s(spec: SimSpec, seconds: float) -> dict[str, Any]:
    """Whole simulated games (agents, records, facts) in this process."""
    start, cpu = time.perf_counter(), time.process_time()
    index = 0
    decisions = 0
    while time.perf_counter() - start < seconds:
        decisions += run_batch(spec, [index])[0].decisions
        index += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "games_per_s": index / elapsed,
        "games_per_cpu_s": _per(index, cpu),
        "decisions_per_s": decisions / elapsed,
        "decisions_per_cpu_s": _per(decisions, cpu),
        "games": index,
        "seconds": elapsed,
        "cpu_seconds": cpu,
    }


def ismcts_iterations_per_s(spec: SimSpec, seconds: float, iterations: int = 100) -> dict[str, Any] | None:
    """Iterations/s of the ``ismcts`` agent, on positions from random playouts (None if absent)."""
    if "ismcts" not in agent_names():
        return None
    try:
        agent = make_agent(f"ismcts:iterations={iterations}")
    except RulesError as exc:
        return {"error": f"cannot make ismcts:iterations={iterations}: {exc}"}
    game = game_for(spec)
    rng = random.Random(2)
    calls = 0
    start, cpu = time.perf_counter(), time.process_time()
    state = game.new_initial_state(7)
    while time.perf_counter() - start < seconds:
        seats = game.to_act(state)
        if not seats:
            state = game.new_initial_state(rng.getrandbits(32))
            continue
        seat = min(seats)
        if len(game.legal_actions(state, seat)) > 1:
            action = agent.choose(SeatView(game, state, seat), rng)
            calls += 1
        else:
            action = game.legal_actions(state, seat)[0]
        state = game.apply(state, seat, action).state
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "iterations_per_s": calls * iterations / elapsed,
        "iterations_per_cpu_s": _per(calls * iterations, cpu),
        "decisions": calls,
        "iterations_per_decision": iterations,
        "seconds": elapsed,
    }


def warm_up(spec: SimSpec, hold: float = 0.3) -> None:
    """Load the game in a worker, then stay busy a moment so the next warm-up task goes to
    another worker: every worker starts the timed run with its imports done."""
    run_batch(spec, [0])
    time.sleep(hold)


def _timed_run(executor: Executor, spec: SimSpec, chunks: list[list[int]]) -> tuple[float, list[GameResult]]:
    start = time.perf_counter()
    futures = [executor.submit(run_batch, spec, chunk) for chunk in chunks]
    results = [r for f in futures for r in f.result()]
    return time.perf_counter() - start, results


def scaling(
    spec: SimSpec, seconds: float, workers: int, dask: bool, log: Log, rounds: int = 3
) -> dict[str, Any]:
    """The same batches on 1 and ``workers`` processes, and on a Dask LocalCluster of ``workers``.

    The executors take turns, ``rounds`` times, and each keeps its best time: other work on the
    machine can only slow a run down, so the best of several interleaved runs is the fairest
    comparison (and a load spike hits every executor alike)."""
    per_game = 1.0 / games_per_s(spec, min(0.5, seconds))["games_per_s"]
    total = max(workers * 4, round(seconds / per_game))
    size = max(1, round(0.5 / per_game))  # half-second tasks keep the benchmark short
    chunks = batches(range(total), min(size, max(1, total // (workers * 4))))
    out: dict[str, Any] = {"games": total, "batch": len(chunks[0]), "tasks": len(chunks), "rounds": rounds}
    timings: dict[str, float] = {}
    with ExitStack() as stack:
        executors: dict[str, tuple[Executor, int]] = {}
        for name, n in (("pool_1", 1), (f"pool_{workers}", workers)):
            t0 = time.perf_counter()
            executors[name] = (stack.enter_context(process_pool(n)), n)
            out[f"{name}_startup_s"] = time.perf_counter() - t0
        if dask:
            t0 = time.perf_counter()
            executors[f"dask_{workers}"] = (
                stack.enter_context(dask_executor("local", workers, connect_timeout=30.0)),
                workers,
            )
            out[f"dask_{workers}_startup_s"] = time.perf_counter() - t0
        for executor, n in executors.values():
            wait([executor.submit(warm_up, spec) for _ in range(n)])
        reference: list[dict[str, Any]] | None = None
        for round_no in range(rounds):
            log(f"  round {round_no + 1}/{rounds}: {total} games in {len(chunks)} tasks on each executor")
            for name, (executor, _n) in executors.items():
                elapsed, results = _timed_run(executor, spec, chunks)
                timings[name] = min(elapsed, timings.get(name, math.inf))
                rows = [r.row() for r in results]
                reference = reference or rows
                out[f"{name}_same_results"] = out.get(f"{name}_same_results", True) and rows == reference
    out["seconds"] = timings
    out["games_per_s"] = {k: total / v for k, v in timings.items()}
    out["speedup"] = timings["pool_1"] / timings[f"pool_{workers}"]
    if dask:
        out["dask_overhead"] = timings[f"dask_{workers}"] / timings[f"pool_{workers}"] - 1
    return out


def run_all(
    game: str,
    *,
    players: int | None = None,
    seconds: float = 2.0,
    workers: int = 2,
    dask: bool = True,
    agents: str = "random",
    rounds: int = 3,
    log: Log = print,
) -> dict[str, Any]:
    spec = build_spec(game, agents, games=1, seed=0, players=players)
    log(f"bench {game}: {len(spec.agents)} players, {seconds:g}s per measurement")
    load_before = os.getloadavg()[0]
    engine = engine_decisions_per_s(spec, seconds)
    sim = games_per_s(spec, seconds)
    search = ismcts_iterations_per_s(spec, seconds)
    scale = scaling(spec, seconds * 2, workers, dask, log, rounds=rounds)
    return {
        "game": game,
        "players": len(spec.agents),
        "engine": engine,
        "sim_in_process": sim,
        "agent_layer_ratio": sim["decisions_per_s"] / engine["decisions_per_s"],
        "ismcts": search,
        "scaling": scale,
        "workers": workers,
        "targets": {"speedup_min": 0.9 * workers, "dask_overhead_max": 0.2},
        # Other work on the machine distorts every wall-clock figure, above all the scaling.
        "machine": {"cpus": os.cpu_count(), "load_before": load_before, "load_after": os.getloadavg()[0]},
    }


def table(results: dict[str, Any]) -> Table:
    t = Table(title=f"turncoat bench {results['game']} ({results['players']} players)")
    t.add_column("measure")
    t.add_column("value", justify="right")
    t.add_column("ratio / note")
    engine = results["engine"]
    t.add_row(
        "engine decisions/s (raw API, random)",
        f"{engine['decisions_per_s']:,.0f}",
        f"baseline; {engine['decisions_per_cpu_s']:,.0f} per CPU second",
    )
    sim = results["sim_in_process"]
    t.add_row(
        "sim games/s (1 process)",
        f"{sim['games_per_s']:,.1f}",
        f"{results['agent_layer_ratio']:.2f}× engine decisions/s ({sim['decisions_per_s']:,.0f} dec/s); "
        f"{sim['games_per_cpu_s']:,.1f} per CPU second",
    )
    search = results["ismcts"]
    if search is None:
        t.add_row("ISMCTS iterations/s", "—", "no ismcts agent registered")
    elif "error" in search:
        t.add_row("ISMCTS iterations/s", "—", search["error"])
    else:
        t.add_row(
            "ISMCTS iterations/s",
            f"{search['iterations_per_s']:,.0f}",
            f"{search['decisions']} decisions; {search['iterations_per_cpu_s']:,.0f} per CPU second",
        )
    sc = results["scaling"]
    w = results["workers"]
    t.add_row(
        "pool 1 worker games/s",
        f"{sc['games_per_s']['pool_1']:,.1f}",
        f"baseline ({sc['games']} games, batch {sc['batch']}, best of {sc['rounds']} rounds)",
    )
    ok = "meets" if sc["speedup"] >= results["targets"]["speedup_min"] else "below"
    t.add_row(
        f"pool {w} workers games/s",
        f"{sc['games_per_s'][f'pool_{w}']:,.1f}",
        f"{sc['speedup']:.2f}× of 1 worker ({ok} target ≥{results['targets']['speedup_min']:.1f}×)",
    )
    if "dask_overhead" in sc:
        ok = "meets" if sc["dask_overhead"] <= results["targets"]["dask_overhead_max"] else "above"
        t.add_row(
            f"dask {w} workers games/s",
            f"{sc['games_per_s'][f'dask_{w}']:,.1f}",
            f"{100 * sc['dask_overhead']:+.1f}% time vs pool ({ok} target ≤20%); "
            f"start-up {sc[f'dask_{w}_startup_s']:.1f}s",
        )
    same = all(v for k, v in sc.items() if k.endswith("_same_results"))
    t.add_row("identical results across executors", "yes" if same else "NO", "")
    machine = results["machine"]
    # Only the load before the run counts: during it, this benchmark's own workers add to it.
    busy = machine["load_before"] > 0.5 * (machine["cpus"] or 1)
    t.add_row(
        "machine load (1-min average)",
        f"{machine['load_before']:.1f} → {machine['load_after']:.1f}",
        f"{machine['cpus']} CPUs" + ("; BUSY: other work distorts these numbers" if busy else ""),
    )
    return t
