"""How long a search agent takes per decision in real Verräter games.

Run:  uv run python bench/move_time.py --agent rollout:time_limit=0.5,playout=full [--games 4] [--seed 2026]

The agent plays one seat (rotated) against heuristic bots; every decision it faces with more
than one legal move is timed (wall clock, this process, one core).  Decisions with a single
legal move are answered without search and left out.  Prints the count, mean, median, 95th
percentile and maximum per decision kind and overall, and the same as JSON to
``bench/results/`` (gitignored).  The strength targets are stated per move ("1 s a move or
less"), so this is the number that goes with a strength run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from turncoat.agents.base import SeatView, make_agent
from turncoat.core.registry import load_game
from turncoat.core.rng import derive_seed

RESULTS_DIR = Path(__file__).resolve().parent / "results"


def summary(times: Sequence[float]) -> dict[str, float]:
    ordered = sorted(times)
    n = len(ordered)
    return {
        "decisions": n,
        "mean_s": sum(ordered) / n,
        "median_s": ordered[n // 2],
        "p95_s": ordered[min(n - 1, int(0.95 * n))],
        "max_s": ordered[-1],
    }


def measure(spec: str, games: int, seed: int, players: int) -> dict[str, Any]:
    game = load_game("verrater", players=players)
    hero = make_agent(spec)
    heuristic = make_agent("heuristic")
    by_kind: dict[str, list[float]] = defaultdict(list)
    for i in range(games):
        hero_seat = i % players
        game_seed = derive_seed(seed, "move_time", i)
        rngs = [random.Random(derive_seed(game_seed, "agent", p)) for p in range(players)]
        state = game.new_initial_state(game_seed)
        while seats := game.to_act(state):
            seat = min(seats)
            view = SeatView(game, state, seat)
            if seat == hero_seat and len(view.legal_actions) > 1:
                kind = type(view.legal_actions[0]).__name__
                start = time.perf_counter()
                action = hero.choose(view, rngs[seat])
                by_kind[kind].append(time.perf_counter() - start)
            else:
                action = (hero if seat == hero_seat else heuristic).choose(view, rngs[seat])
            state = game.apply(state, seat, action).state
    every = [t for times in by_kind.values() for t in times]
    return {
        "agent": spec,
        "games": games,
        "players": players,
        "seed": seed,
        "overall": summary(every),
        "by_kind": {kind: summary(times) for kind, times in sorted(by_kind.items())},
        "load_average": os.getloadavg()[0],
        "python": platform.python_version(),
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", required=True, help="agent spec, e.g. rollout:time_limit=0.5")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--players", type=int, default=4, choices=(3, 4))
    args = parser.parse_args(argv)
    result = measure(args.agent, args.games, args.seed, args.players)
    print(f"{args.agent}: {args.games} games, load average {result['load_average']:.1f}")
    print(f"{'decision':<20} {'n':>5} {'mean':>8} {'median':>8} {'p95':>8} {'max':>8}")
    rows = [*result["by_kind"].items(), ("all", result["overall"])]
    for kind, s in rows:
        print(
            f"{kind:<20} {s['decisions']:>5} {s['mean_s']:>7.3f}s {s['median_s']:>7.3f}s "
            f"{s['p95_s']:>7.3f}s {s['max_s']:>7.3f}s"
        )
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    (RESULTS_DIR / f"move_time-{stamp}.json").write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
