"""Soak: thousands of random Treaty Skirmish games over 4 to 6 players and the main options.

Run:  uv run python bench/soak_treaty.py [--games 10000] [--seed 0] [--workers 2] [--time-cap SECONDS]

Game ``i`` uses option combination ``i mod 108`` (players 4-6 × race assignment × when trade goods
may be given × when Support of the People is checked × two bundles of readings, see
``option_combos``) and the seed ``derive_seed(seed, i)``.  Random agents play it: the seat to act
picks uniformly among its ``legal_actions``.  The invariants of
``tests/games/treaty_skirmish/test_invariants.py`` (RULES §4.4: hand sizes, no card created or
lost, the Lazax hold only their own cards; the board's counts; §6.4: one fleet a system outside a
combat) are checked after every step (with GAPS Q4 fix B, whose drops shrink a hand, the card
counts only: ``check_cards_with_drops``); at the end the outcome is checked against §4.5 and §6.5
(with the default treaty profile, every ally holds the winner's lowest card among eligible
holders).  Every ``--replay-every``-th game is replayed from its record, rebuilt through the
registry as ``turncoat replay`` does, and must reach the same state digest.

A game with no end after ``MAX_DECISIONS`` decisions, a seat asked to act with no legal action, an
exception or a broken invariant is written as a replayable game record to ``soak-failures/``
(gitignored), and the script exits with status 1.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import msgspec

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the invariant checks live beside the test that uses them
    sys.path.insert(0, str(ROOT))

from tests.games.treaty_skirmish.test_invariants import check_end, check_invariants  # noqa: E402

from turncoat.core import treaties as T  # noqa: E402
from turncoat.core.record import (  # noqa: E402
    GameRecord,
    RecordedAction,
    encode_action,
    new_record,
    replay,
    save_record,
)
from turncoat.core.registry import load_stored_game  # noqa: E402
from turncoat.core.rng import derive_seed  # noqa: E402
from turncoat.core.serialize import digest  # noqa: E402
from turncoat.core.treaties import TreatyProfile  # noqa: E402
from turncoat.games.treaty_skirmish.actions import SkirmishAction  # noqa: E402
from turncoat.games.treaty_skirmish.components import LAZAX, treaty_catalogue  # noqa: E402
from turncoat.games.treaty_skirmish.config import TreatySkirmishConfig, treaty_profile  # noqa: E402
from turncoat.games.treaty_skirmish.game import TreatySkirmishGame  # noqa: E402
from turncoat.games.treaty_skirmish.phases.objectives import final_winners, objective_met  # noqa: E402
from turncoat.games.treaty_skirmish.state import OVER, State  # noqa: E402

FAILURES_DIR = ROOT / "soak-failures"
# Random games take ~300-700 decisions (gifts included); fifty thousand is far beyond any that ends.
MAX_DECISIONS = 50_000
# The other reading of every open question (GAPS Q3-Q9, Q6) in one bundle.
OTHER_READINGS: dict[str, Any] = {
    "neighbours_skip_lazax": False,
    "support_needs_loyal_holders": False,
    "eliminated_can_win": True,
    "speaker_passes": "every_income",
    # the treaty module's switches are the game's own top-level options
    "traitors_removed_before_lowest": False,
    "winner_holding_other_winner_card": "holder_takes_the_slot",
    "eliminated_can_be_ally": True,
    "home_owner": "current_controller",
    "allow_return_foreign_card": True,
}


class SoakFailure(Exception):
    """A broken invariant, a stuck game or a wrong outcome."""


def option_combos() -> list[dict[str, Any]]:
    """4-6 players × race assignment × trade-goods gifts × Support check × readings (the
    defaults, ``OTHER_READINGS``, and those with GAPS Q4 fix B on as well): 108."""
    combos = []
    for players, races, gifts, support, readings in itertools.product(
        (4, 5, 6),
        ("in_order", "random"),
        ("own_decision", "envoy", "never"),
        ("after_any_receipt", "on_fourth_treaty"),
        ("default", "other", "other+fix_b"),
    ):
        combo: dict[str, Any] = {
            "players": players,
            "race_assignment": races,
            "trade_goods_gifts": gifts,
            "support_check": support,
        }
        if readings != "default":
            combo.update(OTHER_READINGS)
        if readings == "other+fix_b":
            combo["allow_self_home_reshuffle"] = True
        combos.append(combo)
    return combos


def check_cards_with_drops(g: TreatySkirmishGame, s: State) -> None:
    """GAPS Q4 fix B: a drop at one's own Home shrinks the hand, so §4.4's |H(p)| = N(p) − given
    becomes N(p) − given − dropped; no card is created or lost, the Lazax hold only theirs."""
    tr = s.treaties
    dropped = Counter(x.receiver for x in s.exchanges if x.card is None)
    for p, started in tr.started_with:
        if len(T.hand(tr, p)) != started - T.given_count(tr, p) - dropped[p]:
            raise SoakFailure(f"seat {p} holds {len(T.hand(tr, p))} cards")
    everything = [c for _, h in tr.hands for c in h] + list(tr.pile)
    if tr.pending is not None:
        everything.append(tr.pending.card)
    if sorted(everything) != sorted(treaty_catalogue(s.races, g.ctx.config.treaty_cards_per_race)):
        raise SoakFailure("treaty cards were created or lost")
    lazax = s.races.index(LAZAX)
    if any(c.faction != LAZAX for c in T.hand(tr, lazax)):
        raise SoakFailure("the Lazax hold a foreign card")


def check_step(g: TreatySkirmishGame, s: State) -> None:
    if g.ctx.config.allow_self_home_reshuffle:
        check_cards_with_drops(g, s)
    else:
        check_invariants(g, s)


def check_outcome(g: TreatySkirmishGame, s: State) -> None:
    """§6.5: an immediate win has one primary winner whose objective is met; after the last
    round the primary winners are exactly those meeting their objectives; §4.5 with the default
    profile (the engine author's ``check_end``)."""
    result = s.result
    if result is None:
        raise SoakFailure("a finished game has no result")
    problems: list[str] = []
    if result.reason == "immediate":
        if len(result.primary) != 1 or not objective_met(g.ctx, s, result.primary[0]):
            problems.append(f"immediate win by {result.primary} whose objective is not met")
    elif result.reason in ("final_round", "nobody"):
        if s.round != g.ctx.n.rounds:
            problems.append(f"{result.reason} in round {s.round}")
        if tuple(result.primary) != final_winners(g.ctx, s):
            problems.append(f"primary {result.primary}, objectives say {final_winners(g.ctx, s)}")
        if (result.reason == "nobody") != (not result.primary):
            problems.append(f"reason {result.reason} with primary winners {result.primary}")
    else:
        problems.append(f"unknown reason {result.reason!r}")
    if not set(result.primary) <= set(result.winners):
        problems.append(f"primary {result.primary} not among winners {result.winners}")
    outcome = g.outcome(s)
    if outcome is None or set(outcome.winners) != set(result.winners):
        problems.append(f"outcome {outcome} does not match the result's winners {result.winners}")
    if treaty_profile(g.ctx.config) == TreatyProfile():
        try:
            check_end(g, s)
        except AssertionError as exc:
            problems.append(f"§4.5 resolution: {exc}")
    if problems:
        raise SoakFailure("; ".join(problems))


def play_one(g: TreatySkirmishGame, seed: int, moves: list[tuple[int, SkirmishAction]]) -> State:
    """A random game checked after every step; ``moves`` collects the actions for a record."""
    rnd = random.Random(seed)
    s = g.start(seed).state
    check_step(g, s)
    for _ in range(MAX_DECISIONS):
        to_act = g.to_act(s)
        if not to_act:
            if s.step != OVER:
                raise SoakFailure(f"nobody to act at step {s.step} of round {s.round}, game not over")
            return s
        seat = rnd.choice(sorted(to_act))
        legal = list(g.legal_actions(s, seat))
        if not legal:
            raise SoakFailure(f"seat {seat} has no legal action at step {s.step} of round {s.round}")
        action = rnd.choice(legal)
        moves.append((seat, action))
        s = g.apply(s, seat, action).state
        try:
            check_step(g, s)
        except AssertionError as exc:
            raise SoakFailure(
                f"decision {len(moves)} (seat {seat}, {action!r}), round {s.round}: {exc}"
            ) from exc
    raise SoakFailure(f"no end after {MAX_DECISIONS} decisions (round {s.round}, step {s.step})")


def with_actions(record: GameRecord, moves: Sequence[tuple[int, SkirmishAction]]) -> GameRecord:
    actions = tuple(RecordedAction(player=p, action=encode_action(a)) for p, a in moves)
    return msgspec.structs.replace(record, actions=actions)


def check_replay(
    g: TreatySkirmishGame, seed: int, moves: Sequence[tuple[int, SkirmishAction]], s: State
) -> None:
    record = with_actions(new_record(g, seed), moves)
    stored = load_stored_game(record.game, record.config)  # as `turncoat replay` rebuilds it
    again = replay(stored, record).final_state
    if digest(again) != digest(s):
        raise SoakFailure("replaying the record does not reproduce the final state")


def dump_failure(
    g: TreatySkirmishGame,
    index: int,
    seed: int,
    moves: Sequence[tuple[int, SkirmishAction]],
    error: BaseException,
    out: Path,
) -> Path:
    record = new_record(
        g,
        seed,
        source="bench/soak_treaty.py",
        agent="random.Random(seed): an action among legal_actions",
        game_index=index,
        error=f"{type(error).__name__}: {error}",
        traceback=traceback.format_exception(error),
    )
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"treaty-{g.ctx.config.players}p-game{index}-seed{seed}.json"
    save_record(with_actions(record, moves), path)
    return path


class Job(msgspec.Struct, frozen=True):
    index: int
    seed: int
    combo: int
    replay: bool
    deadline: float | None  # time.time() after which the game is skipped
    out: str


class Result(msgspec.Struct, frozen=True):
    index: int
    played: bool
    decisions: int = 0
    replayed: bool = False
    players: int = 0
    rounds: int = 0
    reason: str = ""
    failure: str = ""  # the record's path
    error: str = ""


_GAMES: dict[int, TreatySkirmishGame] = {}  # one game object per combination, built once per process
_COMBOS = option_combos()


def run_job(job: Job) -> Result:
    if job.deadline is not None and time.time() > job.deadline:
        return Result(job.index, played=False)
    g = _GAMES.get(job.combo)
    if g is None:
        g = _GAMES[job.combo] = TreatySkirmishGame(TreatySkirmishConfig(**_COMBOS[job.combo]))
    moves: list[tuple[int, SkirmishAction]] = []
    try:
        s = play_one(g, job.seed, moves)
        check_outcome(g, s)
        if job.replay:
            check_replay(g, job.seed, moves, s)
    except Exception as exc:  # a soak records every kind of failure
        path = dump_failure(g, job.index, job.seed, moves, exc, Path(job.out))
        return Result(job.index, True, len(moves), failure=str(path), error=f"{type(exc).__name__}: {exc}")
    assert s.result is not None
    return Result(job.index, True, len(moves), job.replay, s.players, s.round, s.result.reason)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random-game soak for the Treaty Skirmish engine.")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0, help="master seed; game i uses derive_seed(seed, i)")
    parser.add_argument("--workers", type=int, default=1, help="processes playing games")
    parser.add_argument("--time-cap", type=float, default=None, help="start no game after this many seconds")
    parser.add_argument("--replay-every", type=int, default=50, help="replay every Nth game's record")
    parser.add_argument("--out", type=Path, default=FAILURES_DIR)
    args = parser.parse_args(argv)
    if args.games < 0 or args.workers < 1 or args.replay_every < 0:
        print(
            "error: --games and --replay-every cannot be negative, --workers must be 1 or more",
            file=sys.stderr,
        )
        return 2

    start = time.perf_counter()
    deadline = None if args.time_cap is None else time.time() + args.time_cap
    jobs: Iterator[Job] = (
        Job(
            i,
            derive_seed(args.seed, i),
            i % len(_COMBOS),
            bool(args.replay_every) and i % args.replay_every == 0,
            deadline,
            str(args.out),
        )
        for i in range(args.games)
    )
    results: list[Result] = []
    if args.workers == 1:
        results = [run_job(j) for j in jobs]
    else:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            results = list(pool.imap_unordered(run_job, jobs, chunksize=8))
    elapsed = time.perf_counter() - start

    played = [r for r in results if r.played]
    failures = sorted((r for r in played if r.failure), key=lambda r: r.index)
    passed = [r for r in played if not r.failure]
    decisions = sum(r.decisions for r in played)
    longest = max((r.decisions for r in played), default=0)
    if len(played) < len(results):
        print(f"time cap reached: {len(results) - len(played)} of {len(results)} games not started")
    print(
        f"{len(played)} games ({len(_COMBOS)} option combinations, {args.workers} workers) in "
        f"{elapsed:.1f} s: {len(played) / elapsed:,.1f} games/s, {decisions / elapsed:,.0f} decisions/s"
    )
    print(
        f"passed {len(passed)}, failed {len(failures)}; replays checked {sum(r.replayed for r in passed)}; "
        f"decisions per game: mean {decisions / max(1, len(played)):,.0f}, max {longest:,}"
    )
    print("players:", dict(sorted(Counter(r.players for r in passed).items())))
    print("rounds played:", dict(sorted(Counter(r.rounds for r in passed).items())))
    print("endings:", dict(Counter(r.reason for r in passed).most_common()))
    for r in failures[:20]:
        print(f"FAIL game {r.index}: {r.error} -> {r.failure}", file=sys.stderr)
    if failures:
        print(f"{len(failures)} failure records in {args.out}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
