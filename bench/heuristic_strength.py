"""Win rate of the Verräter heuristic bot against random bots.

Run:  uv run python bench/heuristic_strength.py [--games 400] [--seed 0] [--players 4 3] [--fast]

One heuristic seat against random seats, seat-rotated (game ``i`` puts the heuristic at seat
``i % players``), with deterministic seeds.  A shared win counts ``1/k`` for each of the ``k``
winners.  The fair share is ``1/players``.  The win rate comes with a 95% Wilson interval.
The table goes to stdout and a JSON copy to ``bench/results/`` (gitignored).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from _strength import rotated, wilson, win_share
from turncoat.agents.base import Agent, make_agent
from turncoat.agents.match import play_match
from turncoat.core.registry import load_game

RESULTS_DIR = Path(__file__).resolve().parent / "results"


def measure(players: int, games: int, seed: int, fast: bool) -> dict[str, Any]:
    game = load_game("verrater", players=players)
    hero: Agent = make_agent("heuristic", fast=int(fast))
    random_agent = make_agent("random")
    wins = 0.0
    outright = 0
    score_diff = 0.0
    errors: list[str] = []
    start = time.perf_counter()
    for i in range(games):
        seat, agents = rotated(i, players, lambda: hero, lambda: random_agent)
        result = play_match(game, agents, seed + i)
        if result.error is not None or result.outcome is None:
            errors.append(f"game {seed + i}: {result.error}")
            continue
        winners = result.outcome.winners
        wins += win_share(winners, seat)
        outright += winners == (seat,)
        scores = result.outcome.scores
        score_diff += scores[seat] - (sum(scores) - scores[seat]) / (players - 1)
    elapsed = time.perf_counter() - start
    played = games - len(errors)
    low, high = wilson(wins, played)
    return {
        "players": players,
        "games": played,
        "wins": wins,
        "outright_wins": outright,
        "win_rate": wins / played if played else 0.0,
        "ci95": [low, high],
        "fair_share": 1 / players,
        "mean_score_margin": score_diff / played if played else 0.0,
        "seconds": elapsed,
        "errors": errors,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=400, help="games per player count (default 400)")
    parser.add_argument("--seed", type=int, default=0, help="first game seed (default 0)")
    parser.add_argument("--players", type=int, nargs="+", default=[4, 3], choices=[3, 4])
    parser.add_argument("--fast", action="store_true", help="measure the cheap rollout variant")
    parser.add_argument("--out", type=Path, default=RESULTS_DIR)
    args = parser.parse_args(argv)

    rows = [measure(p, args.games, args.seed, args.fast) for p in args.players]
    variant = "rollout_choose" if args.fast else "choose"
    print(f"heuristic ({variant}) vs random, seat-rotated, seeds {args.seed}..{args.seed + args.games - 1}")
    header = ("players", 7), ("games", 6), ("win rate", 9), ("95% CI (Wilson)", 17), ("fair", 6)
    print(" ".join(f"{name:>{width}}" for name, width in header), f"{'margin':>7} {'s':>6}")
    for r in rows:
        low, high = r["ci95"]
        print(
            f"{r['players']:>7} {r['games']:>6} {r['win_rate']:>9.1%} {f'[{low:.1%}, {high:.1%}]':>17} "
            f"{r['fair_share']:>6.0%} {r['mean_score_margin']:>7.2f} {r['seconds']:>6.1f}"
        )
        for err in r["errors"]:
            print(f"  ERROR {err}")
    args.out.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    path = args.out / f"heuristic_strength-{stamp}.json"
    report = {
        "bench": "heuristic_strength",
        "variant": variant,
        "seed": args.seed,
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "command": "uv run python bench/heuristic_strength.py " + " ".join(argv or sys.argv[1:]),
        "results": rows,
    }
    path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {path}")
    return 1 if any(r["errors"] for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
