"""Speed of the engine and the simulator, as ratios against baselines measured in the same run.

* random playouts straight on the Game API (no agent layer): actions (decisions) per second;
* ``determinize``: the time of one call, and ISMCTS iterations per second (when an ``ismcts``
  agent is registered), both on the positions a real search meets — decision points sampled
  evenly from the opening to the end of games between the game's heuristic bots (random bots
  where it has none);
* those three also for a baseline game (Verräter unless told otherwise), in the same run and in
  round-robin slices with the game's own, so a change in machine load hits both alike; the
  ratios game / baseline are reported;
* games/s of ``play_match`` between random agents in one process;
* the speed-up from 1 to ``workers`` processes, and Dask's overhead against the process pool,
  on the same batches of the same games (pools are warmed up first, so start-up is reported
  separately from throughput).

Rates per CPU second are what one core delivers (each measurement runs in this one process).
Games are found by id through the registry; nothing here knows one.  Nothing here asserts a
time: the numbers depend on the machine and its load.
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
from turncoat.core.capabilities import HasHeuristic, capability
from turncoat.core.engine import Game
from turncoat.core.errors import RulesError
from turncoat.core.registry import registered
from turncoat.sim.executors import batches, dask_executor, process_pool
from turncoat.sim.runner import GameResult, SimSpec, game_for, run_batch
from turncoat.sim.tournament import build_spec

Log = Callable[[str], Any]
Spot = tuple[Any, int]  # a position and the seat that decides there
Body = Callable[[], int]  # does a little work and returns the units done
AnyGame = Game[Any, Any, Any]

BASELINE = "verrater"
ISMCTS_ITERATIONS = 100  # per decision; a search of this size meets every part of the game's API
SLICES = 4  # round-robin slices per measurement


def decision_points(
    game: AnyGame, *, games: int = 3, keep: int = 60, seed: int = 5
) -> tuple[list[Spot], dict[str, Any]]:
    """Positions a search meets: ``keep`` decision points with a real choice, spread evenly over
    ``games`` games between the game's heuristic bots (random bots where it has none)."""
    found = capability(game, HasHeuristic)
    policy = found.heuristic_policy() if found is not None else None
    points: list[tuple[Spot, int, int]] = []  # the spot, its decision number, its game
    lengths: list[int] = []
    for index in range(games):
        rng = random.Random(seed + index)
        state = game.new_initial_state(seed + index)
        depth = 0
        while seats := game.to_act(state):
            seat = min(seats)
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                points.append(((state, seat), depth, index))
                if policy is not None:
                    action = policy.choose(game.observe(state, seat), legal, rng)
                else:
                    action = rng.choice(list(legal))
            else:
                action = legal[0]
            state = game.apply(state, seat, action).state
            depth += 1
        lengths.append(depth)
    step = max(1, len(points) // keep)
    chosen = points[step // 2 :: step][:keep]
    depth_share = [depth / max(1, lengths[g]) for _, depth, g in chosen]
    return [spot for spot, _, _ in chosen], {
        "policy": "heuristic" if policy is not None else "random",
        "games": games,
        "positions": len(chosen),
        "mean_game_decisions": sum(lengths) / len(lengths),
        # how far into its game the mean position lies (0 the opening, 1 the end)
        "mean_depth_share": sum(depth_share) / len(depth_share) if depth_share else float("nan"),
    }


def playout_body(game: AnyGame, seed: int) -> Body:
    """One random game from the start; the units are its actions."""
    seeds = random.Random(seed)

    def body() -> int:
        rng = random.Random(seeds.getrandbits(32))
        state = game.new_initial_state(rng.getrandbits(32))
        done = 0
        while seats := game.to_act(state):
            seat = min(seats)
            legal = game.legal_actions(state, seat)
            state = game.apply(state, seat, legal[int(rng.random() * len(legal))]).state
            done += 1
        return done

    return body


def _cycle(spots: list[Spot]) -> Callable[[], Spot]:
    cursor = [-1]

    def next_spot() -> Spot:
        cursor[0] = (cursor[0] + 1) % len(spots)
        return spots[cursor[0]]

    return next_spot


def determinize_body(game: AnyGame, spots: list[Spot], worlds: int = 20) -> Body:
    """``worlds`` sampled worlds at the next position; the units are calls."""
    spot = _cycle(spots)
    counter = [0]

    def body() -> int:
        state, seat = spot()
        for _ in range(worlds):
            counter[0] += 1
            game.determinize(state, seat, counter[0])
        return worlds

    return body


def ismcts_body(game: AnyGame, spots: list[Spot], agent: Any) -> Body:
    """One search at the next position; the units are its iterations."""
    spot = _cycle(spots)
    rng = random.Random(2)

    def body() -> int:
        state, seat = spot()
        agent.choose(SeatView(game, state, seat), rng)
        return int(getattr(agent, "last_iterations", ISMCTS_ITERATIONS))

    return body


def interleave(items: dict[str, Body], seconds: float, slices: int = SLICES) -> dict[str, dict[str, float]]:
    """Run every body for ``seconds`` in all, in ``slices`` round-robin turns; units, calls and
    wall and CPU seconds per item."""
    totals = {name: [0, 0, 0.0, 0.0] for name in items}
    for _ in range(slices):
        for name, body in items.items():
            start, cpu = time.perf_counter(), time.process_time()
            while True:
                totals[name][0] += body()
                totals[name][1] += 1
                if time.perf_counter() - start >= seconds / slices:
                    break
            totals[name][2] += time.perf_counter() - start
            totals[name][3] += time.process_time() - cpu
    return {
        name: {"units": units, "calls": calls, "seconds": wall, "cpu_seconds": cpu}
        for name, (units, calls, wall, cpu) in totals.items()
    }


def _per(units: float, seconds: float) -> float:
    return units / seconds if seconds > 0 else float("nan")


def ismcts_agent(iterations: int = ISMCTS_ITERATIONS) -> Any:
    """The registered ``ismcts`` agent at a fixed iteration count; None if absent, or the error."""
    if "ismcts" not in agent_names():
        return None
    try:
        return make_agent(f"ismcts:iterations={iterations}")
    except RulesError as exc:
        return {"error": f"cannot make ismcts:iterations={iterations}: {exc}"}


def speed(spec: SimSpec, seconds: float, baseline: SimSpec | None = None, log: Log = print) -> dict[str, Any]:
    """Random playouts, ``determinize`` and ISMCTS on ``spec``'s game, and on the baseline's in
    the same round-robin run (see the module docstring)."""
    games = {"game": spec, **({"baseline": baseline} if baseline is not None else {})}
    items: dict[str, Body] = {}
    found: dict[str, Any] = {}
    search = ismcts_agent()
    for role, role_spec in games.items():
        game = game_for(role_spec)
        spots, where = decision_points(game)
        found[role] = where
        log(
            f"  {role_spec.game}: {where['positions']} positions from {where['games']} "
            f"{where['policy']} games (on average {where['mean_depth_share']:.0%} into the game)"
        )
        items[f"{role} playout"] = playout_body(game, 1)
        if spots:
            items[f"{role} determinize"] = determinize_body(game, spots)
            if search is not None and not isinstance(search, dict):
                items[f"{role} ismcts"] = ismcts_body(game, spots, search)
    rows = interleave(items, seconds)
    out: dict[str, Any] = {}
    for role in games:
        playout = rows[f"{role} playout"]
        result: dict[str, Any] = {
            "engine": {
                "decisions_per_s": _per(playout["units"], playout["seconds"]),
                "decisions_per_cpu_s": _per(playout["units"], playout["cpu_seconds"]),
                "games": playout["calls"],
                "seconds": playout["seconds"],
                "cpu_seconds": playout["cpu_seconds"],
            },
            "positions": found[role],
        }
        worlds = rows.get(f"{role} determinize")
        result["determinize"] = (
            None
            if worlds is None
            else {
                "calls": worlds["units"],
                "calls_per_s": _per(worlds["units"], worlds["seconds"]),
                "calls_per_cpu_s": _per(worlds["units"], worlds["cpu_seconds"]),
                "us_per_call": 1e6 * _per(worlds["cpu_seconds"], worlds["units"]),
                "seconds": worlds["seconds"],
            }
        )
        tree = rows.get(f"{role} ismcts")
        if isinstance(search, dict):
            result["ismcts"] = search
        else:
            result["ismcts"] = (
                None
                if tree is None
                else {
                    "iterations_per_s": _per(tree["units"], tree["seconds"]),
                    "iterations_per_cpu_s": _per(tree["units"], tree["cpu_seconds"]),
                    "decisions": tree["calls"],
                    "iterations_per_decision": ISMCTS_ITERATIONS,
                    "seconds": tree["seconds"],
                }
            )
        out[role] = result
    return out


def ratios(mine: dict[str, Any], base: dict[str, Any]) -> dict[str, float | None]:
    """The game's rates over the baseline's, per CPU second (above 1: the game is faster)."""

    def ratio(part: str, key: str) -> float | None:
        a, b = mine.get(part), base.get(part)
        if not isinstance(a, dict) or not isinstance(b, dict) or key not in a or key not in b:
            return None
        return _per(a[key], b[key])

    return {
        "engine": ratio("engine", "decisions_per_cpu_s"),
        "determinize": ratio("determinize", "calls_per_cpu_s"),
        "ismcts": ratio("ismcts", "iterations_per_cpu_s"),
    }


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
    baseline: str | None = BASELINE,
    log: Log = print,
) -> dict[str, Any]:
    """Every measurement; ``baseline`` (a registered game id, its default players) is measured
    in the same run unless it is ``game`` itself, None, or not registered."""
    spec = build_spec(game, agents, games=1, seed=0, players=players)
    base_spec = None
    if baseline is not None and baseline != game and baseline in registered():
        base_spec = build_spec(baseline, "random", games=1, seed=0)
    against = f", against {baseline} ({len(base_spec.agents)} players)" if base_spec is not None else ""
    log(f"bench {game}: {len(spec.agents)} players{against}, {seconds:g}s per measurement")
    load_before = os.getloadavg()[0]
    measured = speed(spec, seconds, base_spec, log)
    mine = measured["game"]
    sim = games_per_s(spec, seconds)
    scale = scaling(spec, seconds * 2, workers, dask, log, rounds=rounds)
    out: dict[str, Any] = {
        "game": game,
        "players": len(spec.agents),
        "engine": mine["engine"],
        "determinize": mine["determinize"],
        "ismcts": mine["ismcts"],
        "positions": mine["positions"],
        "sim_in_process": sim,
        # per CPU second: the two run one after the other, and the load may change in between
        "agent_layer_ratio": sim["decisions_per_cpu_s"] / mine["engine"]["decisions_per_cpu_s"],
        "scaling": scale,
        "workers": workers,
        "targets": {"speedup_min": 0.9 * workers, "dask_overhead_max": 0.2},
        # Other work on the machine distorts every wall-clock figure, above all the scaling.
        "machine": {"cpus": os.cpu_count(), "load_before": load_before, "load_after": os.getloadavg()[0]},
    }
    if base_spec is not None:
        out["baseline"] = {"game": base_spec.game, "players": len(base_spec.agents), **measured["baseline"]}
        out["ratios"] = ratios(mine, measured["baseline"])
    return out


def _against(results: dict[str, Any], part: str, text: Callable[[dict[str, Any]], str]) -> str:
    """The note on the baseline's figure: its value and the ratio, per CPU second."""
    base = results.get("baseline")
    ratio = results.get("ratios", {}).get(part)
    if base is None or not isinstance(base.get(part), dict) or "error" in base[part] or ratio is None:
        return ""
    return f"; {ratio:.2f}× {base['game']} ({text(base[part])})"


def table(results: dict[str, Any]) -> Table:
    t = Table(title=f"turncoat bench {results['game']} ({results['players']} players)")
    t.add_column("measure")
    t.add_column("value", justify="right")
    t.add_column("ratio / note")
    engine = results["engine"]
    t.add_row(
        "random playout actions/s (raw API)",
        f"{engine['decisions_per_s']:,.0f}",
        f"{engine['decisions_per_cpu_s']:,.0f} per CPU second"
        + _against(results, "engine", lambda b: f"{b['decisions_per_cpu_s']:,.0f}"),
    )
    where = results["positions"]
    t.add_row(
        "positions for determinize and ISMCTS",
        f"{where['positions']}",
        f"from {where['games']} games between {where['policy']} bots, "
        f"on average {where['mean_depth_share']:.0%} into the game",
    )
    worlds = results["determinize"]
    if worlds is not None:
        t.add_row(
            "determinize µs a call",
            f"{worlds['us_per_call']:,.0f}",
            f"CPU time; {worlds['calls_per_cpu_s']:,.0f} calls per CPU second"
            + _against(results, "determinize", lambda b: f"{b['us_per_call']:,.0f} µs"),
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
            f"{search['decisions']} decisions of {search['iterations_per_decision']} iterations; "
            f"{search['iterations_per_cpu_s']:,.0f} per CPU second"
            + _against(results, "ismcts", lambda b: f"{b['iterations_per_cpu_s']:,.0f}"),
        )
    sim = results["sim_in_process"]
    t.add_row(
        "sim games/s (1 process)",
        f"{sim['games_per_s']:,.1f}",
        f"{results['agent_layer_ratio']:.2f}× the raw API's actions per CPU second "
        f"({sim['decisions_per_cpu_s']:,.0f} decisions); "
        f"{sim['games_per_cpu_s']:,.1f} per CPU second",
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
