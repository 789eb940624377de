"""The random-game soak every game's ``soak_<game>.py`` runs: games played by random agents over a
list of option combinations, each checked after every step and at its end by the game's own
checks, every Nth replayed from its record as ``turncoat replay`` rebuilds it, and each failure
written as a replayable game record.

A game's script gives a :class:`Soak`: its option combinations, how to build the game, the check
after each step, the check of a finished game and how to summarise one.  Game ``i`` uses
combination ``i mod len(combos)`` and the seed ``derive_seed(seed, i)``; whoever may act (one seat
drawn among several when decisions are simultaneous) picks among its legal actions: uniformly, or
by the game's ``choose`` where uniform play would not reach the rules worth soaking (an action
that is always legal and only harms its own side, taken a third of the time, ends every game in
its first round).  ``choose`` only weighs the legal actions with the game's random generator; a
failure record holds the actions taken, so it replays without it.
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from turncoat.core.record import GameRecord, RecordedAction, encode_action, new_record, replay, save_record
from turncoat.core.registry import load_stored_game
from turncoat.core.rng import derive_seed
from turncoat.core.serialize import digest

ROOT = Path(__file__).resolve().parent.parent
FAILURES_DIR = ROOT / "soak-failures"
AGENT = "random.Random(seed): a seat among to_act, then an action among legal_actions"

Moves = list[tuple[int, Any]]
# (game, state, seat, its legal actions, the game's generator) -> one of those actions
Choose = Callable[[Any, Any, int, list[Any], random.Random], Any]


def uniform(_g: Any, _s: Any, _seat: int, legal: list[Any], rnd: random.Random) -> Any:
    """Any legal action, each as likely as the others."""
    return rnd.choice(legal)


class SoakFailure(Exception):
    """A broken invariant, a stuck game or a wrong outcome."""


class RoundCap(Exception):
    """A game of a capped combination played past ``--max-rounds`` rounds: stopped, not failed."""


def by_config(game: Callable[[Any], Any], config: Callable[..., Any]) -> Callable[[dict[str, Any]], Any]:
    """``make_game`` for a game built as ``game(config(**combo))`` (a partial: the workers pickle it)."""
    return functools.partial(_built, game, config)


def _built(game: Callable[[Any], Any], config: Callable[..., Any], combo: dict[str, Any]) -> Any:
    return game(config(**combo))


def players_round_victory(s: Any) -> tuple[int, int, str]:
    """``summary`` for a state with ``players``, ``round`` and ``victory``."""
    return s.players, s.round, s.victory


def step_of_round(s: Any) -> str:
    """``where`` for a state with ``step`` and ``round``."""
    return f"step {s.step} of round {s.round}"


@dataclass(frozen=True)
class Soak:
    """What one game's soak checks; every function is module-level (the workers import it)."""

    game: str  # the file name prefix of failure records, and the game's name in messages
    script: str  # bench/soak_<game>.py
    combos: list[dict[str, Any]]
    make_game: Callable[[dict[str, Any]], Any]
    # After each step: (game, state before, transition) -> the problems found (none: empty).
    check_step: Callable[[Any, Any, Any], list[str]]
    check_outcome: Callable[[Any, Any], None]  # raises SoakFailure
    max_decisions: int
    summary: Callable[[Any], tuple[int, int, str]] = players_round_victory  # players, rounds, ending
    where: Callable[[Any], str] = step_of_round  # a state's position in words, for messages
    chunksize: int = 4
    choose: Choose = uniform  # how the seat to act picks among its legal actions
    max_choices: int | None = None  # the most legal actions one decision may offer (None: any number)
    # Registers the game in each process when its package does not yet register itself: the
    # replay check rebuilds a game through the registry, as ``turncoat replay`` does.
    register: Callable[[], None] | None = None
    # The combinations whose games may never end under random play (None: none): their games stop
    # after ``--max-rounds`` rounds (by ``summary``) and are counted apart, not as failures.
    capped: Callable[[dict[str, Any]], bool] | None = None
    capped_what: str = ""  # those combinations in words, for the report


def play_one(spec: Soak, g: Any, seed: int, moves: Moves, max_rounds: int | None = None) -> Any:
    """A random game checked after every step; ``moves`` collects the actions for a record.  With
    ``max_rounds``, a game still going after that many rounds raises :class:`RoundCap`."""
    rnd = random.Random(seed)
    started = g.start(seed)
    s = started.state
    problems = spec.check_step(g, None, started)
    if problems:
        raise SoakFailure("after setup: " + "; ".join(problems))
    for _ in range(spec.max_decisions):
        to_act = g.to_act(s)
        if not to_act:
            if g.outcome(s) is None:
                raise SoakFailure(f"nobody to act at {spec.where(s)}, game not over")
            return s
        seat = rnd.choice(sorted(to_act))
        legal = list(g.legal_actions(s, seat))
        if not legal:
            raise SoakFailure(f"seat {seat} has no legal action at {spec.where(s)}")
        if spec.max_choices is not None and len(legal) > spec.max_choices:
            raise SoakFailure(f"seat {seat} has {len(legal)} legal actions at {spec.where(s)}")
        action = spec.choose(g, s, seat, legal, rnd)
        moves.append((seat, action))
        t = g.apply(s, seat, action)
        problems = spec.check_step(g, s, t)
        s = t.state
        if problems:
            raise SoakFailure(
                f"decision {len(moves)} (seat {seat}, {action!r}), {spec.where(s)}: " + "; ".join(problems)
            )
        if max_rounds is not None and spec.summary(s)[1] > max_rounds:
            raise RoundCap(spec.where(s))
    raise SoakFailure(f"no end after {spec.max_decisions} decisions ({spec.where(s)})")


def with_actions(record: GameRecord, moves: Sequence[tuple[int, Any]]) -> GameRecord:
    actions = tuple(RecordedAction(player=p, action=encode_action(a)) for p, a in moves)
    return msgspec.structs.replace(record, actions=actions)


def check_replay(g: Any, seed: int, moves: Sequence[tuple[int, Any]], s: Any) -> None:
    record = with_actions(new_record(g, seed), moves)
    stored = load_stored_game(record.game, record.config)  # as `turncoat replay` rebuilds it
    again = replay(stored, record).final_state
    if digest(again) != digest(s):
        raise SoakFailure("replaying the record does not reproduce the final state")


def dump_failure(
    spec: Soak,
    g: Any,
    index: int,
    seed: int,
    moves: Sequence[tuple[int, Any]],
    error: BaseException,
    out: Path,
) -> Path:
    record = new_record(
        g,
        seed,
        source=spec.script,
        agent=f"{AGENT}, picked by {spec.choose.__name__}",
        game_index=index,
        error=f"{type(error).__name__}: {error}",
        traceback=traceback.format_exception(error),
    )
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{spec.game}-{g.num_players()}p-game{index}-seed{seed}.json"
    save_record(with_actions(record, moves), path)
    return path


class Job(msgspec.Struct, frozen=True):
    index: int
    seed: int
    combo: int
    replay: bool
    deadline: float | None  # time.time() after which the game is skipped
    out: str
    max_rounds: int | None = None  # the round cap of a capped combination


class Result(msgspec.Struct, frozen=True):
    index: int
    played: bool
    decisions: int = 0
    replayed: bool = False
    players: int = 0
    rounds: int = 0
    ending: str = ""
    failure: str = ""  # the record's path
    error: str = ""
    capped: bool = False  # stopped at the round cap


_GAMES: dict[tuple[str, int], Any] = {}  # one game object per combination, built once per process


def run_job(spec: Soak, job: Job) -> Result:
    if job.deadline is not None and time.time() > job.deadline:
        return Result(job.index, played=False)
    g = _GAMES.get((spec.game, job.combo))
    if g is None:
        if spec.register is not None:
            spec.register()
        g = _GAMES[(spec.game, job.combo)] = spec.make_game(spec.combos[job.combo])
    moves: Moves = []
    try:
        s = play_one(spec, g, job.seed, moves, job.max_rounds)
        spec.check_outcome(g, s)
        if job.replay:
            check_replay(g, job.seed, moves, s)
    except RoundCap:
        return Result(job.index, True, len(moves), capped=True)
    except Exception as exc:  # a soak records every kind of failure
        path = dump_failure(spec, g, job.index, job.seed, moves, exc, Path(job.out))
        return Result(job.index, True, len(moves), failure=str(path), error=f"{type(exc).__name__}: {exc}")
    players, rounds, ending = spec.summary(s)
    return Result(job.index, True, len(moves), job.replay, players, rounds, ending)


def main(spec: Soak, argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=f"Random-game soak for the {spec.game} engine.")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0, help="master seed; game i uses derive_seed(seed, i)")
    parser.add_argument("--workers", type=int, default=1, help="processes playing games")
    parser.add_argument("--time-cap", type=float, default=None, help="start no game after this many seconds")
    parser.add_argument("--replay-every", type=int, default=50, help="replay every Nth game's record")
    parser.add_argument("--out", type=Path, default=FAILURES_DIR)
    if spec.capped is not None:
        parser.add_argument(
            "--max-rounds",
            type=int,
            default=200,
            help=f"stop a game of {spec.capped_what} after this many rounds (counted apart, not failed)",
        )
    args = parser.parse_args(argv)
    if args.games < 0 or args.workers < 1 or args.replay_every < 0:
        print(
            "error: --games and --replay-every cannot be negative, --workers must be 1 or more",
            file=sys.stderr,
        )
        return 2
    if getattr(args, "max_rounds", 1) < 1:
        print("error: --max-rounds must be 1 or more", file=sys.stderr)
        return 2
    capped = [spec.capped is not None and spec.capped(combo) for combo in spec.combos]

    start = time.perf_counter()
    deadline = None if args.time_cap is None else time.time() + args.time_cap
    jobs: Iterator[Job] = (
        Job(
            i,
            derive_seed(args.seed, i),
            i % len(spec.combos),
            bool(args.replay_every) and i % args.replay_every == 0,
            deadline,
            str(args.out),
            args.max_rounds if capped[i % len(spec.combos)] else None,
        )
        for i in range(args.games)
    )
    run = functools.partial(run_job, spec)
    results: list[Result] = []
    if args.workers == 1:
        results = [run(j) for j in jobs]
    else:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            results = list(pool.imap_unordered(run, jobs, chunksize=spec.chunksize))
    elapsed = time.perf_counter() - start
    return report(spec, args, results, elapsed)


def report(spec: Soak, args: argparse.Namespace, results: list[Result], elapsed: float) -> int:
    played = [r for r in results if r.played]
    failures = sorted((r for r in played if r.failure), key=lambda r: r.index)
    stopped = [r for r in played if r.capped]
    passed = [r for r in played if not r.failure and not r.capped]
    decisions = sum(r.decisions for r in played)
    longest = max((r.decisions for r in played), default=0)
    if len(played) < len(results):
        print(f"time cap reached: {len(results) - len(played)} of {len(results)} games not started")
    print(
        f"{len(played)} games ({len(spec.combos)} option combinations, {args.workers} workers) in "
        f"{elapsed:.1f} s: {len(played) / elapsed:,.1f} games/s, {decisions / elapsed:,.0f} decisions/s"
    )
    print(
        f"passed {len(passed)}, failed {len(failures)}; replays checked {sum(r.replayed for r in passed)}; "
        f"decisions per game: mean {decisions / max(1, len(played)):,.0f}, max {longest:,}"
    )
    if spec.capped is not None:
        print(f"stopped at the cap ({args.max_rounds} rounds, {spec.capped_what}): {len(stopped)}")
    print("players:", dict(sorted(Counter(r.players for r in passed).items())))
    print("rounds played:", dict(sorted(Counter(r.rounds for r in passed).items())))
    print("endings:", dict(Counter(r.ending for r in passed).most_common()))
    for r in failures[:20]:
        print(f"FAIL game {r.index}: {r.error} -> {r.failure}", file=sys.stderr)
    if failures:
        print(f"{len(failures)} failure records in {args.out}", file=sys.stderr)
        return 1
    return 0
