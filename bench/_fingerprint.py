"""What the fingerprint scripts share: digests of random games, of sampled worlds and of seeded
ISMCTS choices, so that two commits' lines can be compared (``bench/<game>_fingerprint.py``).

A game's script gives how to build the engine of game ``i`` and the engine whose benchmark
decision points are searched; this module digests them and prints the lines.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

import turncoat
from turncoat.agents.base import SeatView
from turncoat.agents.ismcts import ISMCTSAgent, root_statistics
from turncoat.core.rng import derive_seed
from turncoat.sim.bench import decision_points

MAX_DECISIONS = 20_000
_encode = msgspec.msgpack.Encoder().encode


def game_digest(game: Any, seed: int) -> str:
    """Every step of one random game (a seat among ``to_act``, then one of its legal actions)."""
    h = hashlib.blake2b(digest_size=16)
    rnd = random.Random(seed)
    start = game.start(seed)
    h.update(_encode(start.state))
    h.update(_encode(list(start.events)))
    state = start.state
    for _ in range(MAX_DECISIONS):
        seats = game.to_act(state)
        if not seats:
            break
        seat = rnd.choice(sorted(seats))
        legal = list(game.legal_actions(state, seat))
        h.update(_encode([seat, legal]))
        step = game.apply(state, seat, rnd.choice(legal))
        state = step.state
        h.update(_encode(state))
        h.update(_encode(list(step.events)))
    h.update(_encode(game.outcome(state)))
    return h.hexdigest()


def search_digests(game: Any, iterations: int, worlds: int) -> tuple[str, str]:
    """Sampled worlds and seeded ISMCTS choices at the benchmark's decision points."""
    spots, _ = decision_points(game)
    worlds_hash = hashlib.blake2b(digest_size=16)
    search_hash = hashlib.blake2b(digest_size=16)
    for index, (state, seat) in enumerate(spots):
        for k in range(worlds):
            worlds_hash.update(_encode(game.determinize(state, seat, derive_seed(index, k))))
        agent = ISMCTSAgent(iterations=iterations, seed=index)
        view = SeatView(game, state, seat)
        choice = agent.choose(view, random.Random(index))
        root = agent.search(view, random.Random(index))
        stats = sorted(
            (_encode(a).hex(), n, round(w, 12)) for a, (n, w) in root_statistics(root, seat).items()
        )
        search_hash.update(_encode([choice, stats]))
    return worlds_hash.hexdigest(), search_hash.hexdigest()


def main(
    description: str,
    games: int,
    engine: Callable[[int], Any],
    searched: Callable[[], Any],
    iterations: int,
) -> None:
    """The command line: ``engine(i)`` plays game ``i``; ``searched()`` is the engine whose decision
    points are searched by an ISMCTS agent of ``iterations`` iterations."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--worlds", type=int, default=5, help="sampled worlds per decision point")
    parser.add_argument("--out", type=Path, default=None, help="a JSON file of the per-game digests")
    args = parser.parse_args()
    digests = {str(i): game_digest(engine(i), derive_seed(args.seed, i)) for i in range(args.games)}
    play = hashlib.blake2b(json.dumps(digests, sort_keys=True).encode(), digest_size=16).hexdigest()
    worlds, search = search_digests(searched(), iterations, args.worlds)
    total = hashlib.blake2b(f"{play}{worlds}{search}".encode(), digest_size=16).hexdigest()
    print(f"source      {Path(turncoat.__file__).resolve().parent}")
    print(f"random play {play} ({args.games} games, seed {args.seed})")
    print(f"determinize {worlds}")
    print(f"ismcts      {search}")
    print(f"total       {total}")
    if args.out is not None:
        args.out.write_text(json.dumps({"games": digests, "worlds": worlds, "search": search}, indent=1))
