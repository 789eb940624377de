"""ISMCTS iterations per second on one core, on Verräter, against baselines from the same run.

Run:  uv run python bench/ismcts_speed.py [--budget 2] [--players 4]

The positions are decision points of random 4-player games (every step of the round is
represented).  Each item runs for ``--budget`` seconds in all, in round-robin slices over the
items, so a change in machine load hits all items alike:

- ``ismcts cut-off``   — the default agent: rollouts stop at the start of the next round and the
  game's ``evaluate`` hook values the position;
- ``ismcts full``      — rollouts to the end of the game (``rollout_depth=None``);
- ``random playout``   — baseline: a sampled world played to the end at random, no tree (the
  ceiling for full-rollout search);
- ``determinize``      — baseline: sampled worlds per second (every iteration draws one).

Rates are given per wall-clock second and per CPU second of this process: on a shared machine
the second is what one core delivers, the first what this run happened to get.

Peers for scale (their own games, not measured here): a plain Python MCTS ~33 iterations/s,
boardgame.io's MCTS ~1,400/s on tic-tac-toe.  The table goes to stdout and a JSON copy to
``bench/results/`` (gitignored).  This is a script, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from _measure import pin_to_one_core, positions
from turncoat.agents.base import SeatView
from turncoat.agents.ismcts import ISMCTSAgent
from turncoat.core.registry import load_game

RESULTS_DIR = Path(__file__).resolve().parent / "results"
TARGET = 1000.0


Body = Callable[[Any, int], int]  # (state, seat) -> units done
GAME: Any = None  # the game under test, set in main


def ismcts_body(iterations: int, **options: Any) -> Body:
    agent = ISMCTSAgent(iterations=iterations, seed=1, **options)

    def body(state: Any, seat: int) -> int:
        agent.search(SeatView(GAME, state, seat), random.Random(0))
        return agent.last_iterations

    return body


def playout_body(worlds: int) -> Body:
    def body(state: Any, seat: int) -> int:
        rng = random.Random(0)
        for k in range(worlds):
            world = GAME.determinize(state, seat, k)
            while seats := GAME.to_act(world):
                s = min(seats)
                legal = GAME.legal_actions(world, s)
                world = GAME.apply(world, s, legal[int(rng.random() * len(legal))]).state
        return worlds

    return body


def determinize_body(worlds: int) -> Body:
    def body(state: Any, seat: int) -> int:
        for k in range(worlds):
            GAME.determinize(state, seat, k)
        return worlds

    return body


def share_of_cpu(rows: list[dict[str, Any]]) -> float:
    """How much of the wall time this process was on a CPU (1.0 on an idle machine)."""
    cpu: float = sum(r["cpu_seconds"] for r in rows)
    wall: float = sum(r["seconds"] for r in rows)
    return cpu / wall


def main() -> None:
    global GAME  # noqa: PLW0603 - one game for the whole script
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=2.0, help="seconds per item")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--slices", type=int, default=4)
    args = parser.parse_args()
    pinned = pin_to_one_core()
    GAME = load_game("verrater", players=args.players)
    spots = positions(GAME, games=4, every=7)
    items: dict[str, Body] = {
        "ismcts cut-off": ismcts_body(200),
        "ismcts full": ismcts_body(50, rollout_depth=None),
        "random playout": playout_body(20),
        "determinize": determinize_body(200),
    }
    # Wall time and this process's CPU time: on a shared machine the CPU-time rate is what one
    # core delivers, the wall-time rate what this run happened to get.
    totals = {name: [0, 0.0, 0.0] for name in items}
    cursor = dict.fromkeys(items, 0)
    for _ in range(args.slices):
        for name, body in items.items():
            start, cpu = time.perf_counter(), time.process_time()
            while time.perf_counter() - start < args.budget / args.slices:
                state, seat = spots[cursor[name] % len(spots)]
                cursor[name] += 1
                totals[name][0] += body(state, seat)
            totals[name][1] += time.perf_counter() - start
            totals[name][2] += time.process_time() - cpu
    rows: list[dict[str, Any]] = [
        {
            "item": name,
            "per_second": units / seconds,
            "per_cpu_second": units / cpu if cpu > 0 else float("nan"),
            "units": units,
            "seconds": seconds,
            "cpu_seconds": cpu,
        }
        for name, (units, seconds, cpu) in totals.items()
    ]
    width = max(len(r["item"]) for r in rows)
    print(
        f"ISMCTS on Verräter ({args.players} players, {len(spots)} positions), {pinned}, "
        f"{args.budget:g} s per item"
    )
    print(f"  {'':<{width}}  {'per wall s':>10}  {'per CPU s':>10}  (CPU share {share_of_cpu(rows):.0%})")
    for r in rows:
        unit = "worlds" if r["item"] in ("random playout", "determinize") else "iterations"
        print(f"  {r['item']:<{width}}  {r['per_second']:>10,.0f}  {r['per_cpu_second']:>10,.0f}  {unit}")
    cut = rows[0]["per_cpu_second"]
    base = rows[2]["per_cpu_second"]
    print(
        f"  ismcts cut-off / random playout: {cut / base:.2f}x;  ismcts full / random playout: "
        f"{rows[1]['per_cpu_second'] / base:.2f}x"
    )
    print(
        f"  target {TARGET:,.0f} iterations per CPU second: "
        f"{'met' if cut >= TARGET else 'NOT met'} ({cut:,.0f})"
    )
    print("  peers (not measured here): Python MCTS ~33/s; boardgame.io MCTS ~1,400/s (tic-tac-toe)")
    RESULTS_DIR.mkdir(exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    record = {
        "bench": "ismcts_speed",
        "when": stamp,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "pinned": pinned,
        "players": args.players,
        "positions": len(spots),
        "budget_s": args.budget,
        "rows": rows,
    }
    (RESULTS_DIR / f"ismcts_speed-{stamp}.json").write_text(json.dumps(record, indent=2) + "\n")


if __name__ == "__main__":
    main()
