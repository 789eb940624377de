"""Win rate of one StarCraft bot against the others at 3 players, seats rotated (RULES §16: a shared
win counts 1/k).

    uv run python bench/starcraft_strength.py --agent heuristic --against random --games 400

Prints wins, the win share with its 95% Wilson interval, outright wins, and wins by faction and
victory type.  Games run in ``--workers`` processes.
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any, cast

from turncoat.agents.base import make_agent
from turncoat.agents.match import play_match
from turncoat.core.options import parse_options
from turncoat.core.record import decode_action
from turncoat.core.registry import load_game


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def one_game(args: tuple[int, int, str, str, int, dict[str, Any]]) -> dict[str, Any]:
    index, seed, agent, against, players, options = args
    game = load_game("starcraft", players=players, **options)
    seat = index % players  # seats rotated: game i puts the tested bot in seat i mod players
    agents = [make_agent(agent) if p == seat else make_agent(against) for p in range(players)]
    start = time.perf_counter()
    result = play_match(game, agents, seed)
    row: dict[str, Any] = {"seat": seat, "seconds": time.perf_counter() - start, "error": result.error}
    if result.outcome is not None:
        winners = result.outcome.winners
        row["share"] = 1.0 / len(winners) if seat in winners else 0.0
        row["outright"] = winners == (seat,)
        row["victory"] = result.outcome.details.get("victory")
        row["rounds"] = result.outcome.details.get("rounds")
        state = game.new_initial_state(seed)
        for action in result.record.actions:
            state = game.apply(state, action.player, cast(Any, decode_action(game, action.action))).state
        row["faction"] = state.seat(seat).faction
        row["winner_factions"] = [state.seat(w).faction for w in winners]
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--against", default="random")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("-o", "--option", action="append", default=[], help="key=value game option")
    args = parser.parse_args()
    parsed = parse_options(args.option)  # one reading of key=value everywhere: "false" is False
    if isinstance(parsed, str):
        parser.error(f"an option must be key=value, not {parsed!r}")
    options: dict[str, Any] = parsed
    jobs = [
        (i, args.seed * 1_000_003 + i, args.agent, args.against, args.players, options)
        for i in range(args.games)
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(one_game, jobs))
    elapsed = time.perf_counter() - start
    done = [r for r in rows if r["error"] is None]
    errors = [r["error"] for r in rows if r["error"] is not None]
    share = sum(r["share"] for r in done)
    low, high = wilson(share, len(done))
    outright = sum(1 for r in done if r["outright"])
    print(f"{args.agent} against {args.players - 1}x {args.against}: {len(done)} games, {len(errors)} failed")
    rate = share / max(1, len(done))
    print(f"win share {rate:.1%}  95% [{low:.1%}, {high:.1%}]  (fair {1 / args.players:.1%})")
    print(f"outright wins {outright}  ({outright / max(1, len(done)):.1%})")
    by_seat: dict[int, list[float]] = {}
    by_faction: dict[str, list[float]] = {}
    for r in done:
        by_seat.setdefault(r["seat"], []).append(r["share"])
        by_faction.setdefault(r["faction"], []).append(r["share"])
    for seat, shares in sorted(by_seat.items()):
        print(f"  in seat {seat} {len(shares):4d} games  win share {sum(shares) / len(shares):.1%}")
    for faction, shares in sorted(by_faction.items()):
        print(f"  as {faction:10s} {len(shares):4d} games  win share {sum(shares) / len(shares):.1%}")
    print("victory types:", dict(Counter(r["victory"] for r in done)))
    rounds = [r["rounds"] for r in done if r.get("rounds") is not None]
    if rounds:
        print(f"rounds: mean {sum(rounds) / len(rounds):.1f}, max {max(rounds)}")
    moves = sum(r["seconds"] for r in rows)
    print(f"{elapsed:.0f} s wall, {moves / max(1, len(rows)):.2f} s a game")
    for e in errors[:5]:
        print("error:", e)


if __name__ == "__main__":
    main()
