"""What the strength scripts share: one tested bot against the others with seats rotated (game
``i`` puts it in seat ``i mod players``), a shared win counting ``1/k`` for each of the ``k``
winners, the games played in worker processes, and the win share printed with its 95% Wilson
interval.

A game's script keeps its own: how to build its game, what it reads off a finished game (race,
faction, victory type...) and the lines it prints about those.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar, cast

from turncoat.agents.base import make_agent
from turncoat.agents.match import MatchResult, play_match
from turncoat.core.options import parse_options
from turncoat.core.record import decode_action
from turncoat.core.stats import wilson

__all__ = ["wilson"]  # the core's Wilson interval, the one every strength script prints

T = TypeVar("T")
# (game index, seed, tested agent, the others' agent, players, game options)
Job = tuple[int, int, str, str, int, dict[str, Any]]
Row = dict[str, Any]


def rotated(index: int, players: int, tested: Callable[[], T], other: Callable[[], T]) -> tuple[int, list[T]]:
    """The tested bot's seat in game ``index`` and every seat's agent."""
    seat = index % players
    return seat, [tested() if p == seat else other() for p in range(players)]


def win_share(winners: Sequence[int], seat: int) -> float:
    """A shared win counts ``1/k`` for each of the ``k`` winners."""
    return 1.0 / len(winners) if seat in winners else 0.0


def play_rotated(game: Any, job: Job) -> tuple[Row, MatchResult]:
    """One game of ``job`` with a fresh agent a seat: the row every script reads (seat, seconds,
    error and, when it ended, the tested bot's win share and whether it won alone)."""
    index, seed, agent, against, players, _ = job
    seat, agents = rotated(index, players, lambda: make_agent(agent), lambda: make_agent(against))
    start = time.perf_counter()
    result = play_match(game, agents, seed)
    row: Row = {"seat": seat, "seconds": time.perf_counter() - start, "error": result.error}
    if result.outcome is not None:
        winners = result.outcome.winners
        row["share"] = win_share(winners, seat)
        row["outright"] = winners == (seat,)
    return row, result


def final_state(game: Any, result: MatchResult, seed: int) -> Any:
    """The finished game's state, rebuilt from its record."""
    state = game.new_initial_state(seed)
    for action in result.record.actions:
        state = game.apply(state, action.player, cast(Any, decode_action(game, action.action))).state
    return state


def parser(description: str, players: int) -> argparse.ArgumentParser:
    """The command line every strength script takes."""
    out = argparse.ArgumentParser(description=description)
    out.add_argument("--agent", default="heuristic")
    out.add_argument("--against", default="random")
    out.add_argument("--games", type=int, default=400)
    out.add_argument("--players", type=int, default=players)
    out.add_argument("--seed", type=int, default=1)
    out.add_argument("--workers", type=int, default=1)
    out.add_argument("-o", "--option", action="append", default=[], help="key=value game option")
    return out


def game_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> dict[str, Any]:
    parsed = parse_options(args.option)  # one reading of key=value everywhere: "false" is False
    if isinstance(parsed, str):
        parser.error(f"an option must be key=value, not {parsed!r}")
    return parsed


def run(
    one_game: Callable[[Job], Row], args: argparse.Namespace, options: dict[str, Any], chunksize: int = 1
) -> tuple[list[Row], float]:
    """Every game of the run in ``args.workers`` processes (game ``i`` seeded ``seed * 1,000,003 + i``),
    and the seconds they took."""
    jobs: list[Job] = [
        (i, args.seed * 1_000_003 + i, args.agent, args.against, args.players, options)
        for i in range(args.games)
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(one_game, jobs, chunksize=chunksize))
    return rows, time.perf_counter() - start


def print_share(rows: list[Row], args: argparse.Namespace) -> tuple[list[Row], list[str]]:
    """The games played and failed, and the tested bot's win share; returns the finished rows and
    the errors."""
    done = [r for r in rows if r["error"] is None]
    errors = [r["error"] for r in rows if r["error"] is not None]
    share = sum(r["share"] for r in done)
    low, high = wilson(share, len(done))
    print(f"{args.agent} against {args.players - 1}x {args.against}: {len(done)} games, {len(errors)} failed")
    rate = share / max(1, len(done))
    print(f"win share {rate:.1%}  95% [{low:.1%}, {high:.1%}]  (fair {1 / args.players:.1%})")
    return done, errors


def shares_by(done: list[Row], key: str) -> dict[Any, list[float]]:
    """The tested bot's win shares grouped by ``row[key]``."""
    out: dict[Any, list[float]] = {}
    for r in done:
        out.setdefault(r[key], []).append(r["share"])
    return out


def print_tail(rows: list[Row], errors: list[str], elapsed: float, digits: int) -> None:
    """The run's time and its first errors."""
    print(f"{elapsed:.0f} s wall, {sum(r['seconds'] for r in rows) / max(1, len(rows)):.{digits}f} s a game")
    for e in errors[:5]:
        print("error:", e)
