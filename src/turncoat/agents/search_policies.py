"""Policies and rewards a search plays with: the game's heuristic as a rollout policy or as the
move a search starts from, and the per-seat reward of a finished (or evaluated) game.

Everything here works on sampled worlds or on a seat's own observation, never on a real state.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Sequence
from typing import Any

from turncoat.core.actions import Action, PlayerId
from turncoat.core.capabilities import HasEvaluation, HasHeuristic, HeuristicPolicy, capability, require
from turncoat.core.engine import Game

RolloutPolicy = Callable[[Game[Any, Any, Any], Any, PlayerId, Sequence[Action], random.Random], Action]
Evaluator = Callable[[Any], Sequence[float] | None]

# One heuristic policy per game object: policies precompute tables from the game's content.
_HEURISTICS: weakref.WeakKeyDictionary[Any, HeuristicPolicy] = weakref.WeakKeyDictionary()
_ROLLOUTS: weakref.WeakKeyDictionary[Any, dict[bool, RolloutPolicy]] = weakref.WeakKeyDictionary()
PLAYOUTS = ("fast", "full")


def heuristic_policy(game: Game[Any, Any, Any], purpose: str) -> HeuristicPolicy:
    """The game's heuristic (``choose`` / ``rollout_choose`` from an observation)."""
    policy = _HEURISTICS.get(game)
    if policy is None:
        policy = _HEURISTICS[game] = require(game, HasHeuristic, purpose).heuristic_policy()
    return policy


def evaluator(game: Game[Any, Any, Any]) -> Evaluator | None:
    """The game's position evaluation, where it has one."""
    found = capability(game, HasEvaluation)
    return None if found is None else found.evaluate


def rewards_from_scores(
    scores: Sequence[float], winners: Sequence[PlayerId] | None = None, margin_weight: float = 0.1
) -> list[float]:
    """Per-seat reward in [0, 1]: ``(1 - m) * win share + m * score relative to the table``.

    The win share is ``1/k`` for each of ``k`` winners (the highest scores unless ``winners`` is
    given); the margin term places each score between the lowest (0) and the highest (1)."""
    best = max(scores)
    low = min(scores)
    if winners is None:
        winners = [p for p, v in enumerate(scores) if v == best]
    share = 1.0 / len(winners) if winners else 0.0
    win_part = 1.0 - margin_weight
    spread = best - low
    out = [margin_weight * ((v - low) / spread if spread > 0 else 0.5) for v in scores]
    for p in winners:
        out[p] += win_part * share
    return out


def check_playout(playout: str) -> str:
    """``playout`` if it names a way the heuristic can play in a search, else ValueError."""
    if playout not in PLAYOUTS:
        raise ValueError(f"playout must be one of {', '.join(PLAYOUTS)} (got {playout!r})")
    return playout


def heuristic_rollout(game: Game[Any, Any, Any], playout: str = "fast") -> RolloutPolicy:
    """A rollout policy from the game's ``heuristic_policy()`` hook: each seat plays the
    heuristic from *its own observation of the sampled world*, so rollouts model opponents that
    play sensibly rather than at random (slower per move, far more informative).

    ``playout="fast"`` uses the heuristic's cheap variant; ``"full"`` the heuristic itself —
    slower, but the playouts then follow what heuristic opponents really do."""
    fast = check_playout(playout) == "fast"
    cached = _ROLLOUTS.setdefault(game, {}).get(fast)
    if cached is not None:
        return cached
    heuristic = heuristic_policy(game, "rollout=heuristic")
    observe = game.observe
    pick = heuristic.rollout_choose if fast else heuristic.choose

    def policy(
        game: Game[Any, Any, Any], state: Any, seat: PlayerId, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        action: Action = pick(observe(state, seat), legal, rng)
        return action

    _ROLLOUTS[game][fast] = policy
    return policy
