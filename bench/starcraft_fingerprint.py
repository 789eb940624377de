"""A fingerprint of StarCraft's behaviour, to show that a speed-up changed nothing a player could see.

Run:  uv run python bench/starcraft_fingerprint.py [--games 100] [--seed 7] [--out FILE]

It digests, for the same seeds:

- ``--games`` random games, game ``i`` at ``2 + i mod 5`` players (2-6): every seat to act, every
  legal list, every action, every state and every event list along the way, and the outcome;
- ``determinize`` at the benchmark's decision points (``turncoat.sim.bench.decision_points``, games
  between the heuristic bots), several worlds each;
- a seeded ``ismcts`` agent's choice at those points, with its root statistics.

The output is one line per part and a total, plus (with ``--out``) a JSON file of the per-game
digests.  Run it on two commits (e.g. a ``git worktree`` of the older one, with
``PYTHONPATH=<that worktree>/src``) and compare the lines: any change of an action, a state, an
event, a sampled world or a search result changes them.  This is a script, not a test: it asserts
nothing by itself.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path

import msgspec

import turncoat
from turncoat.agents.base import SeatView
from turncoat.agents.ismcts import ISMCTSAgent, root_statistics
from turncoat.core.registry import load_game
from turncoat.core.rng import derive_seed
from turncoat.games.starcraft.config import StarcraftConfig
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.sim.bench import decision_points

MAX_DECISIONS = 20_000
_encode = msgspec.msgpack.Encoder().encode


def game_digest(game: StarcraftGame, seed: int) -> str:
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


def search_digests(players: int, worlds: int) -> tuple[str, str]:
    """Sampled worlds and seeded ISMCTS choices at the benchmark's decision points."""
    game = load_game("starcraft", players=players)  # the engine as the generic tools see it
    spots, _ = decision_points(game)
    worlds_hash = hashlib.blake2b(digest_size=16)
    search_hash = hashlib.blake2b(digest_size=16)
    for index, (state, seat) in enumerate(spots):
        for k in range(worlds):
            worlds_hash.update(_encode(game.determinize(state, seat, derive_seed(index, k))))
        agent = ISMCTSAgent(iterations=30, seed=index)
        view = SeatView(game, state, seat)
        choice = agent.choose(view, random.Random(index))
        root = agent.search(view, random.Random(index))
        stats = sorted(
            (_encode(a).hex(), n, round(w, 12)) for a, (n, w) in root_statistics(root, seat).items()
        )
        search_hash.update(_encode([choice, stats]))
    return worlds_hash.hexdigest(), search_hash.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--worlds", type=int, default=5, help="sampled worlds per decision point")
    parser.add_argument("--out", type=Path, default=None, help="a JSON file of the per-game digests")
    args = parser.parse_args()
    engines = {n: StarcraftGame(StarcraftConfig(players=n)) for n in range(2, 7)}
    games = {str(i): game_digest(engines[2 + i % 5], derive_seed(args.seed, i)) for i in range(args.games)}
    play = hashlib.blake2b(json.dumps(games, sort_keys=True).encode(), digest_size=16).hexdigest()
    worlds, search = search_digests(3, args.worlds)
    total = hashlib.blake2b(f"{play}{worlds}{search}".encode(), digest_size=16).hexdigest()
    print(f"source      {Path(turncoat.__file__).resolve().parent}")
    print(f"random play {play} ({args.games} games, seed {args.seed})")
    print(f"determinize {worlds}")
    print(f"ismcts      {search}")
    print(f"total       {total}")
    if args.out is not None:
        args.out.write_text(json.dumps({"games": games, "worlds": worlds, "search": search}, indent=1))


if __name__ == "__main__":
    main()
