"""Soak: thousands of random Verräter games across 3/4 players and every option combination.

Run:  uv run python bench/soak_verrater.py [--games 10000] [--seed 0] [--time-cap SECONDS]

Each game is played by random agents (``random.Random`` over ``legal_actions``).  At the end of
each game the RULES §9 invariants are checked on the final state (card conservation, knowledge
within hands, building limits, roles, round count) together with the outcome (scores = VP +
trading posts, winners = best score).  Every ``--replay-every``-th game is also replayed from its
record to check that replays reproduce the final state.

Any exception, stuck position or broken invariant is written as a replayable game record
(``turncoat.core.record``) to ``soak-failures/`` (gitignored), and the script exits with status 1.
Replay one with ``uv run turncoat replay soak-failures/<file>.json``.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from turncoat.core.record import GameRecord, RecordedAction, encode_action, new_record, replay, save_record
from turncoat.core.registry import load_stored_game
from turncoat.core.rng import derive_seed
from turncoat.core.serialize import digest
from turncoat.games.verrater.actions import VerraterAction
from turncoat.games.verrater.components import HOUSES, ROLES
from turncoat.games.verrater.config import VerraterConfig
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.state import OVER, State

FAILURES_DIR = Path(__file__).resolve().parent.parent / "soak-failures"
SUPPLY_DECK = Counter({2: 5, 3: 5, 4: 5, 5: 5, 6: 2, 8: 1})  # RULES §2
ROUNDS = {3: 9, 4: 8}  # RULES §5
MAX_DECISIONS = 2000


class SoakFailure(Exception):
    """A broken invariant or outcome."""


def option_combos() -> list[dict[str, Any]]:
    """3 and 4 players × every GAP option (64 combinations)."""
    return [
        {
            "players": players,
            "ring_layout": ring,
            "hand_limit_discards": discards,
            "builder_new_card_side": side,
            "hand_limit_timing": timing,
            "reshuffle_timing": reshuffle,
        }
        for players, ring, discards, side, timing, reshuffle in itertools.product(
            (3, 4),
            ("random", "alternating"),
            ("face_up", "face_down"),
            ("either", "estate_only"),
            ("after_all_draws", "after_each_draw"),
            ("when_drawing", "when_emptied"),
        )
    ]


def check_final_state(game: VerraterGame, s: State) -> None:
    """The invariants of tests/games/verrater/test_invariants.py that a final state still shows."""
    n = s.players
    problems: list[str] = []
    zones: Counter[int] = Counter(s.draw_pile) + Counter(s.discard)
    for p in range(n):
        zones += Counter(s.hands[p]) + Counter(s.committed[p])
        if Counter(s.known[p]) - Counter(s.hands[p]):
            problems.append(f"seat {p} known cards {s.known[p]} are not in hand {s.hands[p]}")
        if len(s.hands[p]) > 5:
            problems.append(f"seat {p} ends with {len(s.hands[p])} cards")
        if s.committed[p]:
            problems.append(f"seat {p} still has committed cards")
        if s.allegiance[p] not in HOUSES:
            problems.append(f"seat {p} supports {s.allegiance[p]!r}")
    if zones != SUPPLY_DECK:
        problems.append(f"supply cards not conserved: {sorted(zones.elements())}")
    built = Counter(b.owner for b in s.buildings if b is not None)
    posts = Counter(b.owner for b in s.buildings if b is not None and b.side == "trading_post")
    if len(s.buildings) != 12 or any(c > 3 for c in built.values()) or any(c > 2 for c in posts.values()):
        problems.append(f"building limits broken: {s.buildings}")
    if any(built[p] < 1 for p in range(n)):
        problems.append("a seat has no building card built")
    if sorted([s.removed_role, *s.leftover, *s.roles]) != sorted(ROLES) or "" in s.roles:
        problems.append(f"roles do not add up: {s.removed_role} {s.leftover} {s.roles}")
    if s.total_rounds != ROUNDS[n]:
        problems.append(f"{s.total_rounds} rounds for {n} players")
    if not (s.round == s.total_rounds or (s.round < s.total_rounds and len(set(s.owners)) == 1)):
        problems.append(f"ended after round {s.round} of {s.total_rounds} with owners {s.owners}")
    out = game.outcome(s)
    if out is None:
        problems.append("finished game has no outcome")
    else:
        for p in range(n):
            tp = sum(1 for b in s.buildings if b is not None and b.owner == p and b.side == "trading_post")
            expected = s.conquest_vp[p] + s.role_vp[p] + tp * min(3, len(s.hands[p]))
            if out.scores[p] != expected or out.scores[p] < 0:
                problems.append(f"seat {p} score {out.scores[p]}, expected {expected}")
        best = max(out.scores)
        if set(out.winners) != {p for p, v in enumerate(out.scores) if v == best}:
            problems.append(f"winners {out.winners} for scores {out.scores}")
        if out.details.get("rounds_played") != s.round:
            problems.append("outcome reports another round count")
    if problems:
        raise SoakFailure("; ".join(problems))


def play_one(game: VerraterGame, seed: int, moves: list[tuple[int, VerraterAction]]) -> tuple[State, int]:
    """A random game; ``moves`` collects the actions so a failure can be written as a record."""
    rnd = random.Random(seed)
    s = game.new_initial_state(seed)
    for _ in range(MAX_DECISIONS):
        if s.step == OVER:
            return s, len(moves)
        player = s.actor
        legal = game.legal_actions(s, player)
        if not legal:
            raise SoakFailure(f"seat {player} has no legal action at round {s.round}, step {s.step}")
        action = rnd.choice(legal)
        moves.append((player, action))
        s = game.apply(s, player, action).state
    raise SoakFailure(f"no end after {MAX_DECISIONS} decisions")


def with_actions(record: GameRecord, moves: Sequence[tuple[int, VerraterAction]]) -> GameRecord:
    actions = tuple(RecordedAction(player=p, action=encode_action(a)) for p, a in moves)
    return msgspec.structs.replace(record, actions=actions)


def dump_failure(
    game: VerraterGame,
    seed: int,
    moves: Sequence[tuple[int, VerraterAction]],
    error: BaseException,
    out_dir: Path,
) -> Path:
    record: GameRecord = new_record(
        game,
        seed,
        source="bench/soak_verrater.py",
        agent="random.Random(seed).choice(legal_actions)",
        error=f"{type(error).__name__}: {error}",
        traceback=traceback.format_exception(error),
    )
    record = with_actions(record, moves)
    out_dir.mkdir(parents=True, exist_ok=True)
    options = "".join(f"-{v}" for k, v in sorted(game.config_json().items()) if k != "players")
    path = out_dir / f"verrater-{game.num_players()}p{options}-seed{seed}.json"
    save_record(record, path)
    return path


def check_replay(
    game: VerraterGame, seed: int, moves: Sequence[tuple[int, VerraterAction]], s: State
) -> None:
    record = with_actions(new_record(game, seed), moves)
    stored = load_stored_game(record.game, record.config)  # as `turncoat replay` rebuilds it
    again = replay(stored, record).final_state
    if digest(again) != digest(s):
        raise SoakFailure("replaying the record does not reproduce the final state")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random-game soak for the Verräter engine.")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0, help="master seed; game i uses derive_seed(seed, i)")
    parser.add_argument("--time-cap", type=float, default=None, help="stop after this many seconds")
    parser.add_argument("--replay-every", type=int, default=50, help="replay every Nth game's record")
    parser.add_argument("--out", type=Path, default=FAILURES_DIR)
    args = parser.parse_args(argv)

    combos = option_combos()
    games = [VerraterGame(VerraterConfig(**c)) for c in combos]
    failures: list[Path] = []
    played = decisions = replays = early = shared = 0
    wins: Counter[str] = Counter()
    rounds: Counter[int] = Counter()
    start = time.perf_counter()
    for i in range(args.games):
        if args.time_cap is not None and time.perf_counter() - start > args.time_cap:
            print(f"time cap reached after {played} games", file=sys.stderr)
            break
        game = games[i % len(games)]
        seed = derive_seed(args.seed, i)
        moves: list[tuple[int, VerraterAction]] = []
        try:
            s, n = play_one(game, seed, moves)
            check_final_state(game, s)
            if args.replay_every and i % args.replay_every == 0:
                check_replay(game, seed, moves, s)
                replays += 1
        except Exception as exc:  # a soak records every kind of failure
            path = dump_failure(game, seed, moves, exc, args.out)
            failures.append(path)
            print(f"FAIL game {i} (seed {seed}): {type(exc).__name__}: {exc} -> {path}", file=sys.stderr)
            continue
        played += 1
        decisions += n
        rounds[s.round] += 1
        early += s.round < s.total_rounds
        outcome = game.outcome(s)
        assert outcome is not None
        shared += len(outcome.winners) > 1
        for w in outcome.winners:
            wins[f"{s.players}p seat {w}"] += 1
    elapsed = time.perf_counter() - start
    total = played + len(failures)
    print(
        f"{total} games ({len(combos)} option combinations) in {elapsed:.1f} s: "
        f"{total / elapsed:,.0f} games/s, {decisions / elapsed:,.0f} decisions/s"
    )
    print(
        f"passed {played}, failed {len(failures)}; replays checked {replays}; "
        f"early ends {early}; shared wins {shared}"
    )
    print("rounds played:", dict(sorted(rounds.items())))
    print("wins by seat:", dict(sorted(wins.items())))
    if failures:
        print(f"{len(failures)} failure records in {args.out}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
