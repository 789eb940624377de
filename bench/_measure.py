"""What the speed benchmarks share: a single core to run on, the positions they measure at, and the
table of a game's rates against Verräter's measured in the same run."""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from turncoat.agents.ismcts import ISMCTSAgent
from turncoat.core.capabilities import HasHeuristic, capability
from turncoat.core.registry import load_game
from turncoat.sim.bench import Body, decision_points, determinize_body, interleave, ismcts_body, playout_body

RESULTS_DIR = Path(__file__).resolve().parent / "results"


def pin_to_one_core() -> str:
    """Run on a single CPU so numbers are per core (Linux; elsewhere only one thread is used)."""
    if hasattr(os, "sched_setaffinity") and hasattr(os, "sched_getaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to cpu {cpu}"
    return "not pinned (single thread)"


def positions(game: Any, games: int, every: int, heuristic: bool = False) -> list[tuple[Any, int]]:
    """Decision points with a real choice, every ``every``-th, from games between heuristic bots
    (the game's own, when it has one and ``heuristic`` is set) or random ones."""
    found = capability(game, HasHeuristic)
    policy = found.heuristic_policy() if heuristic and found is not None else None
    out: list[tuple[Any, int]] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        count = 0
        while seats := game.to_act(state):
            seat = min(seats)
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                if count % every == 0:
                    out.append((state, seat))
                count += 1
                if policy is not None:
                    action = policy.choose(game.observe(state, seat), legal, rng)
                else:
                    action = rng.choice(list(legal))
            else:
                action = legal[0]
            state = game.apply(state, seat, action).state
    return out


# The items a game's speed script measures against Verräter, and the unit each counts.
ITEMS = ("random playout", "determinize", "ismcts cut-off", "ismcts heuristic")
UNITS = {
    "random playout": "actions",
    "determinize": "worlds",
    "ismcts cut-off": "iterations",
    "ismcts heuristic": "iterations",
}


def speed_args(description: str, players: int, name: str) -> argparse.Namespace:
    """The command line of a game's speed script."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--budget", type=float, default=4.0, help="seconds per item")
    parser.add_argument("--players", type=int, default=players, help=f"{name} players (Verräter plays 4)")
    parser.add_argument("--slices", type=int, default=4)
    return parser.parse_args()


def simulator_rates(
    label: str, game: Any, budget: float, slices: int
) -> tuple[dict[str, dict[str, Any]], int, int]:
    """Every item for ``game`` and for 4-player Verräter at the decision points of
    ``turncoat.sim.bench``, measured by it in round-robin slices, as rows named ``"<label> <item>"``
    (``"verrater <item>"``) with their rates per second and per CPU second; and the number of
    decision points of each game."""
    verrater = load_game("verrater", players=4)
    spots, _ = decision_points(game)
    verrater_spots, _ = decision_points(verrater)
    items: dict[str, Body] = {}
    for name, measured, at in ((label, game, spots), ("verrater", verrater, verrater_spots)):
        items[f"{name} random playout"] = playout_body(measured, 1)
        items[f"{name} determinize"] = determinize_body(measured, at)
        items[f"{name} ismcts cut-off"] = ismcts_body(measured, at, ISMCTSAgent(iterations=100, seed=1))
        items[f"{name} ismcts heuristic"] = ismcts_body(
            measured, at, ISMCTSAgent(iterations=20, seed=1, rollout="heuristic")
        )
    rows = {
        name: {**r, "per_second": r["units"] / r["seconds"], "per_cpu_second": r["units"] / r["cpu_seconds"]}
        for name, r in interleave(items, budget, slices).items()
    }
    return rows, len(spots), len(verrater_spots)


def cpu_share(rows: dict[str, dict[str, Any]]) -> float:
    """The share of the wall time this process had the CPU."""
    return float(sum(r["cpu_seconds"] for r in rows.values()) / sum(r["seconds"] for r in rows.values()))


def print_ratios(rows: dict[str, dict[str, Any]], label: str, column: str, ratio: str, width: int) -> None:
    """Each item's rate for ``label`` and for Verräter, and their ratio (column ``ratio``, ``width``
    wide)."""
    print(f"  {'per CPU second':<18} {column:>10} {'Verräter':>10} {ratio:>{width}}")
    for name in ITEMS:
        r, v = rows[f"{label} {name}"]["per_cpu_second"], rows[f"verrater {name}"]["per_cpu_second"]
        print(f"  {name:<18} {r:>10,.0f} {v:>10,.0f} {r / v:>{width - 1}.2f}x  {UNITS[name]}")


def print_per_call(rows: dict[str, dict[str, Any]], label: str, name: str) -> None:
    print(f"  {name} determinize: {1e6 / rows[f'{label} determinize']['per_cpu_second']:,.0f} µs a call")


def print_targets(rows: dict[str, dict[str, Any]], label: str, name: str, targets: dict[str, float]) -> None:
    """Whether ``label``'s rates meet their targets."""
    for item, target in targets.items():
        value = rows[f"{label} {item}"]["per_cpu_second"]
        met = "met" if value >= target else "NOT met"
        print(f"  {name} {item}: target {target:,.0f}/s {met} ({value:,.0f})")


def save(bench: str, pinned: str, players: int, budget: float, rows: dict[str, Any], **extra: Any) -> None:
    """A JSON copy of the run in ``bench/results/`` (gitignored)."""
    RESULTS_DIR.mkdir(exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    record = {
        "bench": bench,
        "when": stamp,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "pinned": pinned,
        "players": players,
        "budget_s": budget,
        **extra,
        "rows": rows,
    }
    (RESULTS_DIR / f"{bench}-{stamp}.json").write_text(json.dumps(record, indent=2) + "\n")
