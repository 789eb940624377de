"""What the speed benchmarks share: a single core to run on, and the positions they measure at."""

from __future__ import annotations

import os
import random
from typing import Any

from turncoat.core.capabilities import HasHeuristic, capability


def pin_to_one_core() -> str:
    """Run on a single CPU so numbers are per core (Linux; elsewhere only one thread is used)."""
    if hasattr(os, "sched_setaffinity") and hasattr(os, "sched_getaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to cpu {cpu}"
    return "not pinned (single thread)"


def positions(game: Any, games: int, every: int, heuristic: bool = False) -> list[tuple[Any, int]]:
    """Decision points with a real choice, every ``every``-th, from games between heuristic bots
    (the game's own, when it has one and ``heuristic`` is set) or random ones."""
    found = capability(game, HasHeuristic)
    policy = found.heuristic_policy() if heuristic and found is not None else None
    out: list[tuple[Any, int]] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        count = 0
        while seats := game.to_act(state):
            seat = min(seats)
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                if count % every == 0:
                    out.append((state, seat))
                count += 1
                if policy is not None:
                    action = policy.choose(game.observe(state, seat), legal, rng)
                else:
                    action = rng.choice(list(legal))
            else:
                action = legal[0]
            state = game.apply(state, seat, action).state
    return out
