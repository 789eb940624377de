"""A generic rule-of-thumb agent: it asks the game for its heuristic policy.

Agents may not import game packages (import-linter contract), so the policy comes from the game's
optional heuristic capability (``core.capabilities.HasHeuristic``) and sees only the seat's
observation and legal list.
"""

from __future__ import annotations

import random
import weakref
from typing import Any

from turncoat.agents.base import SeatView, register_agent
from turncoat.core.actions import Action
from turncoat.core.capabilities import HasHeuristic, HeuristicPolicy, require


class HeuristicAgent:
    """Plays the game's own heuristic from the seat's observation (never from the state).

    ``fast=1`` uses the policy's cheaper rollout variant.
    """

    name = "heuristic"

    def __init__(self, fast: int = 0) -> None:
        self.fast = bool(fast)
        # One policy per game object (policies precompute tables from the game's content).
        self._policies: weakref.WeakKeyDictionary[Any, HeuristicPolicy] = weakref.WeakKeyDictionary()

    def policy_for(self, game: Any) -> HeuristicPolicy:
        policy = self._policies.get(game)
        if policy is None:
            policy = require(game, HasHeuristic, "the heuristic bot").heuristic_policy()
            self._policies[game] = policy
        return policy

    def check_game(self, game: Any) -> None:
        """Refused for a game that offers no heuristic policy (``InvalidConfig``, ``no_heuristic``)."""
        self.policy_for(game)

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        policy = self.policy_for(view.game)
        pick = policy.rollout_choose if self.fast else policy.choose
        return pick(view.observation, view.legal_actions, rng)


register_agent("heuristic", HeuristicAgent)
