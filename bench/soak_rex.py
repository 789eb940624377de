"""Soak: thousands of random Rex games across 3 to 6 players and the options that change the flow.

Run:  uv run python bench/soak_rex.py [--games 10000] [--seed 0] [--workers 2] [--time-cap SECONDS]

Game ``i`` uses option combination ``i mod 192`` (players 3-6 × race selection × alliances from 3 /
4 / never × betrayal cards × sector model × two bundles of readings, see ``option_combos``) and the
seed ``derive_seed(seed, i)``.  Random agents play it: whoever may act (one seat drawn among
several when decisions are simultaneous) picks uniformly among its ``legal_actions``.  The RULES
§19.4 invariants of ``tests/games/rex/invariants.py`` are checked after every step, together with
"nothing moves or lands into the bombarded sector" (§12); at the end the outcome is checked against
the victory rules (§14).  Every ``--replay-every``-th game is replayed from its record, rebuilt
through the registry as ``turncoat replay`` does, and must reach the same state digest.

A game with no end after ``MAX_DECISIONS`` decisions, a seat asked to act with no legal action, an
exception or a broken invariant is written as a replayable game record (``turncoat.core.record``) to
``soak-failures/`` (gitignored), and the script exits with status 1.  Replay one with
``uv run turncoat replay soak-failures/<file>.json``.
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
if str(ROOT) not in sys.path:  # the shared §19.4 checks live beside the test that uses them
    sys.path.insert(0, str(ROOT))

from tests.games.rex.invariants import blocked_sector_problems, invariant_problems  # noqa: E402

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
from turncoat.games.rex.actions import RexAction  # noqa: E402
from turncoat.games.rex.components import XXCHA  # noqa: E402
from turncoat.games.rex.config import RexConfig  # noqa: E402
from turncoat.games.rex.game import RexGame  # noqa: E402
from turncoat.games.rex.phases.victory import final_winners, stronghold_winners  # noqa: E402
from turncoat.games.rex.state import OVER, State, seat_of_race  # noqa: E402

FAILURES_DIR = ROOT / "soak-failures"
# Random games take ~200-1,000 decisions (a ceasefire window with alliances can stretch one to
# several thousand); twenty thousand is far beyond any that ends.
MAX_DECISIONS = 20_000
SUPPLY = 500  # the bank of the second bundle; the first has an endless bank (pool counts down from 0)
# The readings the invariant test alternates with the defaults, plus the 3-player influence gaps,
# a round-1 ceasefire that is not resolved and no sharing of a stronghold-less end.
OTHER_READINGS: dict[str, Any] = {
    "movement_group_single_origin": False,
    "landing_single_destination": False,
    "hacan_free_timing": False,
    "stronghold_occupancy_limit": 2,
    "bid_opener_rotates": False,
    "influence_supply": SUPPLY,
    "ceasefire_active_in_round_1": False,
    "no_strongholds_all_share": False,
    "three_player_influence_slot": "second",
    "three_player_bombarded_slot": "other",
}
EARLY_VICTORIES = {"strongholds", "prediction", "betrayal"}  # §14.1, §14.2, §14.4
FINAL_VICTORIES = {"sol", "hacan", "most_strongholds", "none"}  # §14.3, after the last round


class SoakFailure(Exception):
    """A broken invariant, a stuck game or a wrong outcome."""


def option_combos() -> list[dict[str, Any]]:
    """3-6 players × race selection × alliances (3 / 4 / 7 = never) × betrayal cards × sector model ×
    readings (the defaults or ``OTHER_READINGS``): 192 combinations."""
    combos = []
    for players, races, alliances, betrayal, sector, other in itertools.product(
        (3, 4, 5, 6), ("in_order", "random"), (3, 4, 7), (False, True), ("piece", "area"), (False, True)
    ):
        combo: dict[str, Any] = {
            "players": players,
            "race_selection": races,
            "alliances_min_players": alliances,
            "betrayal_cards": betrayal,
            "sector_model": sector,
        }
        if other:
            combo.update(OTHER_READINGS)
        combos.append(combo)
    return combos


def check_outcome(g: RexGame, s: State) -> None:
    """§14: the game is over after at most the last round and its winners are the rules' winners."""
    problems: list[str] = []
    config = g.ctx.config
    last = g.ctx.t.rounds
    if not 1 <= s.round <= last:
        problems.append(f"ended in round {s.round} of {last}")
    if s.victory not in EARLY_VICTORIES | FINAL_VICTORIES:
        problems.append(f"unknown victory {s.victory!r}")
    if s.round < last and s.victory not in EARLY_VICTORIES:
        problems.append(f"{s.victory} victory before the last round")
    if list(s.winners) != sorted(set(s.winners)) or any(not 0 <= w < s.players for w in s.winners):
        problems.append(f"winners {s.winners}")
    if not s.winners and s.victory != "none":
        problems.append(f"{s.victory} victory with nobody winning")
    if s.victory == "none" and config.no_strongholds_all_share:
        problems.append("nobody wins although everybody shares a stronghold-less end")
    if s.victory == "strongholds" and stronghold_winners(g.ctx, s) != s.winners:
        problems.append(f"stronghold winners {s.winners}, the board says {stronghold_winners(g.ctx, s)}")
    if s.victory in FINAL_VICTORIES:
        if stronghold_winners(g.ctx, s):
            problems.append(f"{s.victory} victory although {stronghold_winners(g.ctx, s)} hold enough")
        if final_winners(g.ctx, s) != (s.winners, s.victory):
            problems.append(f"final winners {s.winners} {s.victory}, rules say {final_winners(g.ctx, s)}")
    if s.victory == "prediction" and (s.winners != (seat_of_race(s, XXCHA),) or s.prediction[1] != s.round):
        problems.append(f"prediction win by {s.winners} in round {s.round}, predicted {s.prediction}")
    if s.victory == "betrayal" and (not config.betrayal_cards or len(s.winners) != 1):
        problems.append(f"betrayal win by {s.winners} (module on: {config.betrayal_cards})")
    if len(s.winners) > 1 and s.victory != "most_strongholds":
        alliances = {s.alliance[w] for w in s.winners}
        if len(alliances) != 1 or -1 in alliances:
            problems.append(f"{s.victory} shared by {s.winners}, not one alliance ({s.alliance})")
    out = g.outcome(s)
    if out is None:
        problems.append("finished game has no outcome")
    elif out.winners != s.winners or out.scores != tuple(float(p in s.winners) for p in range(s.players)):
        problems.append(f"outcome {out} does not match winners {s.winners}")
    if problems:
        raise SoakFailure("; ".join(problems))


def play_one(g: RexGame, seed: int, supply: int, moves: list[tuple[int, RexAction]]) -> State:
    """A random game checked after every step; ``moves`` collects the actions for a record."""
    rnd = random.Random(seed)
    s = g.start(seed).state
    problems = invariant_problems(g, s, supply)
    if problems:
        raise SoakFailure("after setup: " + "; ".join(problems))
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
        t = g.apply(s, seat, action)
        problems = blocked_sector_problems(g, s, t.events)
        s = t.state
        problems += invariant_problems(g, s, supply)
        if problems:
            raise SoakFailure(
                f"decision {len(moves)} (seat {seat}, {action!r}), round {s.round}: " + "; ".join(problems)
            )
    raise SoakFailure(f"no end after {MAX_DECISIONS} decisions (round {s.round}, step {s.step})")


def with_actions(record: GameRecord, moves: Sequence[tuple[int, RexAction]]) -> GameRecord:
    actions = tuple(RecordedAction(player=p, action=encode_action(a)) for p, a in moves)
    return msgspec.structs.replace(record, actions=actions)


def check_replay(g: RexGame, seed: int, moves: Sequence[tuple[int, RexAction]], s: State) -> None:
    record = with_actions(new_record(g, seed), moves)
    stored = load_stored_game(record.game, record.config)  # as `turncoat replay` rebuilds it
    again = replay(stored, record).final_state
    if digest(again) != digest(s):
        raise SoakFailure("replaying the record does not reproduce the final state")


def dump_failure(
    g: RexGame, index: int, seed: int, moves: Sequence[tuple[int, RexAction]], error: BaseException, out: Path
) -> Path:
    record = new_record(
        g,
        seed,
        source="bench/soak_rex.py",
        agent="random.Random(seed): a seat among to_act, then an action among legal_actions",
        game_index=index,
        error=f"{type(error).__name__}: {error}",
        traceback=traceback.format_exception(error),
    )
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"rex-{g.ctx.config.players}p-game{index}-seed{seed}.json"
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
    victory: str = ""
    failure: str = ""  # the record's path
    error: str = ""


_GAMES: dict[int, RexGame] = {}  # one game object per combination, built once per process
_COMBOS = option_combos()


def run_job(job: Job) -> Result:
    if job.deadline is not None and time.time() > job.deadline:
        return Result(job.index, played=False)
    g = _GAMES.get(job.combo)
    if g is None:
        g = _GAMES[job.combo] = RexGame(RexConfig(**_COMBOS[job.combo]))
    supply = g.ctx.config.influence_supply or 0
    moves: list[tuple[int, RexAction]] = []
    try:
        s = play_one(g, job.seed, supply, moves)
        check_outcome(g, s)
        if job.replay:
            check_replay(g, job.seed, moves, s)
    except Exception as exc:  # a soak records every kind of failure
        path = dump_failure(g, job.index, job.seed, moves, exc, Path(job.out))
        return Result(job.index, True, len(moves), failure=str(path), error=f"{type(exc).__name__}: {exc}")
    return Result(job.index, True, len(moves), job.replay, s.players, s.round, s.victory)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random-game soak for the Rex engine.")
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
            results = list(pool.imap_unordered(run_job, jobs, chunksize=4))
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
    print("rounds played:", dict(sorted(Counter(r.rounds for r in passed).items())))
    print("victories:", dict(Counter(r.victory for r in passed).most_common()))
    for r in failures:
        print(f"FAIL game {r.index}: {r.error} -> {r.failure}", file=sys.stderr)
    if failures:
        print(f"{len(failures)} failure records in {args.out}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
