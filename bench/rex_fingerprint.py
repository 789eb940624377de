"""A fingerprint of Rex's behaviour, to show that a speed-up changed nothing a player could see.

Run:  uv run python bench/rex_fingerprint.py [--games 200] [--seed 7] [--out FILE]

It digests, for the same seeds:

- ``--games`` random games, game ``i`` under option combination ``i mod 192`` of
  ``bench/soak_rex.py`` (players, races, alliances, betrayal cards, sector model, readings): every
  action, every state and every event list along the way, and the final state;
- ``determinize`` at the benchmark's decision points (``turncoat.sim.bench.decision_points``),
  several worlds each;
- the default ``ismcts`` agent's choice (seeded) at those points, with its root statistics.

The output is one line per part and a total, plus (with ``--out``) a JSON file of the per-game
digests.  Run it on two commits (e.g. a ``git worktree`` of the older one, with
``PYTHONPATH=<that worktree>/src``) and compare the lines: any change of an action, a state, an
event, a sampled world or a search result changes them.  This is a script, not a test: it asserts
nothing by itself.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import _fingerprint  # noqa: E402
from soak_rex import option_combos  # noqa: E402
from turncoat.games.rex.config import RexConfig  # noqa: E402
from turncoat.games.rex.game import RexGame  # noqa: E402

COMBOS = option_combos()


@functools.cache
def engine(combo: int) -> RexGame:
    return RexGame(RexConfig(**COMBOS[combo]))


if __name__ == "__main__":
    _fingerprint.main(
        (__doc__ or "").splitlines()[0],
        games=200,
        engine=lambda i: engine(i % len(COMBOS)),
        searched=lambda: RexGame(RexConfig(players=6)),
        iterations=50,
    )
