"""StarCraft engine and search speed on one core, with Verräter measured in the same run as the
baseline.

Run:  uv run python bench/starcraft_speed.py [--budget 4] [--players 3]

Items (each for ``--budget`` seconds in all, in round-robin slices over the items, so a change in
machine load hits all items alike):

- ``random playout``  — whole games from the start, a uniformly random legal action each time;
  one unit is one ``apply`` (actions per second);
- ``determinize``     — sampled worlds per second at decision points (one per search iteration);
- ``ismcts cut-off``  — the default ``ismcts`` agent (100 iterations a decision): random rollouts
  that stop at the next position ``evaluate`` can value (StarCraft: the start of Planning or a lap
  of Execution turns; Verräter: the start of the next round);
- ``ismcts heuristic`` — the same with every seat playing the game's heuristic in the rollouts.

The decision points are 60 spread evenly over games between each game's heuristic bots, as
``turncoat bench starcraft`` takes them (``turncoat.sim.bench``, whose measurements this script
reuses on one pinned core, adding the heuristic rollouts).  Rates are per CPU second of this
process (on a shared machine that is what one core delivers); the last column is StarCraft's rate
over Verräter's.  The table goes to stdout and a JSON copy to ``bench/results/`` (gitignored).
This is a script, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from datetime import UTC, datetime
from pathlib import Path

from _measure import pin_to_one_core
from turncoat.agents.ismcts import ISMCTSAgent
from turncoat.core.registry import load_game
from turncoat.sim.bench import Body, decision_points, determinize_body, interleave, ismcts_body, playout_body

RESULTS_DIR = Path(__file__).resolve().parent / "results"
TARGETS = {"random playout": 5_000.0, "ismcts cut-off": 500.0}  # issue 14, per core


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=4.0, help="seconds per item")
    parser.add_argument("--players", type=int, default=3, help="StarCraft players (Verräter plays 4)")
    parser.add_argument("--slices", type=int, default=4)
    args = parser.parse_args()
    pinned = pin_to_one_core()
    load_before = os.getloadavg()[0]
    starcraft = load_game("starcraft", players=args.players)
    verrater = load_game("verrater", players=4)
    starcraft_spots, _ = decision_points(starcraft)
    verrater_spots, _ = decision_points(verrater)
    names = ("random playout", "determinize", "ismcts cut-off", "ismcts heuristic")
    items: dict[str, Body] = {}
    for label, game, spots in (
        ("starcraft", starcraft, starcraft_spots),
        ("verrater", verrater, verrater_spots),
    ):
        items[f"{label} random playout"] = playout_body(game, 1)
        items[f"{label} determinize"] = determinize_body(game, spots)
        items[f"{label} ismcts cut-off"] = ismcts_body(game, spots, ISMCTSAgent(iterations=100, seed=1))
        items[f"{label} ismcts heuristic"] = ismcts_body(
            game, spots, ISMCTSAgent(iterations=20, seed=1, rollout="heuristic")
        )
    rows = {
        name: {**r, "per_second": r["units"] / r["seconds"], "per_cpu_second": r["units"] / r["cpu_seconds"]}
        for name, r in interleave(items, args.budget, args.slices).items()
    }
    cpu_share = sum(r["cpu_seconds"] for r in rows.values()) / sum(r["seconds"] for r in rows.values())
    print(
        f"StarCraft ({args.players} players, {len(starcraft_spots)} positions) against Verräter (4 players, "
        f"{len(verrater_spots)} positions), {pinned}, {args.budget:g} s per item, CPU share {cpu_share:.0%}, "
        f"load {load_before:.1f} before"
    )
    unit = {
        "random playout": "actions",
        "determinize": "worlds",
        "ismcts cut-off": "iterations",
        "ismcts heuristic": "iterations",
    }
    print(f"  {'per CPU second':<18} {'StarCraft':>10} {'Verräter':>10} {'ratio':>8}")
    for name in names:
        s, v = rows[f"starcraft {name}"]["per_cpu_second"], rows[f"verrater {name}"]["per_cpu_second"]
        print(f"  {name:<18} {s:>10,.0f} {v:>10,.0f} {s / v:>7.2f}x  {unit[name]}")
    per_call = 1e6 / rows["starcraft determinize"]["per_cpu_second"]
    print(f"  StarCraft determinize: {per_call:,.0f} µs a call")
    for name, target in TARGETS.items():
        value = rows[f"starcraft {name}"]["per_cpu_second"]
        met = "met" if value >= target else "NOT met"
        print(f"  StarCraft {name}: target {target:,.0f}/s {met} ({value:,.0f})")
    RESULTS_DIR.mkdir(exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    record = {
        "bench": "starcraft_speed",
        "when": stamp,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "pinned": pinned,
        "load_before": load_before,
        "players": args.players,
        "budget_s": args.budget,
        "rows": rows,
    }
    (RESULTS_DIR / f"starcraft_speed-{stamp}.json").write_text(json.dumps(record, indent=2) + "\n")


if __name__ == "__main__":
    main()
