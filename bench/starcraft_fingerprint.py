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

import _fingerprint
from turncoat.core.registry import load_game
from turncoat.games.starcraft.config import StarcraftConfig
from turncoat.games.starcraft.game import StarcraftGame

if __name__ == "__main__":
    engines = {n: StarcraftGame(StarcraftConfig(players=n)) for n in range(2, 7)}
    _fingerprint.main(
        (__doc__ or "").splitlines()[0],
        games=100,
        engine=lambda i: engines[2 + i % 5],
        searched=lambda: load_game("starcraft", players=3),  # the engine as the generic tools see it
        iterations=30,
    )
