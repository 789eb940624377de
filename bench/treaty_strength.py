"""Win rate of one Treaty Skirmish bot against the others at 5 players, seats rotated (a shared
win counts 1/k for each of the k winners, primary winners and treaty allies alike).

    uv run python bench/treaty_strength.py --agent heuristic --against random --games 400 --workers 2

Prints the win share with its 95% Wilson interval, outright and shared wins, and the share by
race and by the objective the bot was dealt.  Game ``i`` seats the tested bot in seat
``i mod players`` and uses the seed ``seed * 1,000,003 + i``.  Games run in ``--workers``
processes.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from turncoat.agents.base import make_agent
from turncoat.agents.match import play_match
from turncoat.core.errors import RulesError
from turncoat.core.stats import wilson
from turncoat.games.treaty_skirmish.config import TreatySkirmishConfig
from turncoat.games.treaty_skirmish.game import TreatySkirmishGame


def one_game(args: tuple[int, int, str, str, int, dict[str, Any]]) -> dict[str, Any]:
    index, seed, agent, against, players, options = args
    game = TreatySkirmishGame(TreatySkirmishConfig(players=players, **options))
    seat = index % players  # seats rotated: game i puts the tested bot in seat i mod players
    agents = [make_agent(agent) if p == seat else make_agent(against) for p in range(players)]
    start = time.perf_counter()
    result = play_match(game, agents, seed)
    row: dict[str, Any] = {"seat": seat, "seconds": time.perf_counter() - start, "error": result.error}
    if result.outcome is not None:
        winners = result.outcome.winners
        details = result.outcome.details
        row["share"] = 1.0 / len(winners) if seat in winners else 0.0
        row["outright"] = winners == (seat,)
        row["primary"] = seat in details["primary"]
        row["ally"] = seat in winners and seat not in details["primary"]
        row["race"] = details["races"][seat]
        row["objective"] = details["objectives"][seat]
        row["reason"] = details["reason"]
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--against", default="random")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("-o", "--option", action="append", default=[], help="key=value game option")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1 or not 4 <= args.players <= 6:
        print("error: --games and --workers must be 1 or more, --players 4 to 6", file=sys.stderr)
        return 2
    options: dict[str, Any] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    try:
        TreatySkirmishGame(TreatySkirmishConfig(players=args.players, **options))
        make_agent(args.agent), make_agent(args.against)
    except (RulesError, TypeError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    jobs = [
        (i, args.seed * 1_000_003 + i, args.agent, args.against, args.players, options)
        for i in range(args.games)
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(one_game, jobs, chunksize=4))
    elapsed = time.perf_counter() - start
    done = [r for r in rows if r["error"] is None]
    errors = [r["error"] for r in rows if r["error"] is not None]
    share = sum(r["share"] for r in done)
    low, high = wilson(share, len(done))
    n = max(1, len(done))
    print(f"{args.agent} against {args.players - 1}x {args.against}: {len(done)} games, {len(errors)} failed")
    print(f"win share {share / n:.1%}  95% [{low:.1%}, {high:.1%}]  (fair {1 / args.players:.1%})")
    outright = sum(1 for r in done if r["outright"])
    primary = sum(1 for r in done if r["primary"])
    ally = sum(1 for r in done if r["ally"])
    print(f"outright wins {outright} ({outright / n:.1%}), by objective {primary}, as a treaty ally {ally}")
    for label, key in (("race", "race"), ("objective", "objective")):
        groups: dict[str, list[float]] = {}
        for r in done:
            groups.setdefault(r[key], []).append(r["share"])
        for name, shares in sorted(groups.items()):
            print(f"  {label} {name:22s} {len(shares):4d} games  win share {sum(shares) / len(shares):.1%}")
    print("how games ended:", dict(Counter(r["reason"] for r in done)))
    print(f"{elapsed:.0f} s wall, {sum(r['seconds'] for r in rows) / max(1, len(rows)):.2f} s a game")
    for e in errors[:5]:
        print("error:", e)
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
