"""A one-step rollout algorithm over the game's heuristic (Bertsekas' "rollout", Tesauro &
Galperin's Monte Carlo move improvement).

For each legal move, over the same ``samples`` sampled worlds, the move is played and then every
seat — this one included — plays on with the game's heuristic (from its own observation of the
sampled world; ``playout`` picks the heuristic itself or its cheap variant) to the horizon: the
end of the game, or the next position the game's ``evaluate`` hook can value (for Verräter, the
start of the next round).  The move with
the best mean reward for this seat wins, but the heuristic's own move is kept unless another is
significantly better (see ``confidence``).

Why not a tree: against opponents that play like the heuristic, a search whose opponents are
tree nodes (or random rollouts) models them badly, and single-observer ISMCTS lets those nodes
react to this seat's hidden hand and role.  Rolling out the heuristic models them as they play
(ISMCTS with ``opponents=heuristic,tree_depth=1`` — the ``strong`` preset — does the same with
UCB1 choosing which move to play out next),
and improving on a base policy this way is, in expectation, no worse than the base policy
(with exact means; the ``confidence`` gate guards against noisy ones).

Every move is scored on the same worlds and with the same rollout randomness (common random
numbers), so the comparison between moves is paired and far less noisy than independent samples.

Only ``sample_world``/``determinize``, ``legal_actions``, ``apply``, ``to_act``, ``outcome`` and
the optional ``heuristic_policy()`` and ``evaluate()`` hooks are used.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from turncoat.agents.base import SeatView, register_agent
from turncoat.agents.search_policies import (
    Evaluator,
    check_playout,
    evaluator,
    heuristic_policy,
    heuristic_rollout,
    rewards_from_scores,
)
from turncoat.core.actions import Action, PlayerId
from turncoat.core.engine import Game

_SEED_BITS = 62
HORIZONS = ("round", "game")


class RolloutAgent:
    """One-step lookahead over heuristic playouts.

    Options (``rollout:key=value``):

    - ``samples`` — sampled worlds per decision; every legal move is played out in each;
    - ``time_limit`` — seconds per decision instead of a number of worlds: worlds are added
      (at least one) until the time is spent or, after ``samples`` worlds, the choice is
      settled — every other move either significantly better than the heuristic's or a
      standard error worse — so easy decisions end early.  Not reproducible from the seed;
    - ``horizon`` — ``"game"``: play to the end; ``"round"``: stop at the first position
      ``evaluate`` can value (games without the hook play to the end).  On Verräter that
      estimate is too rough to decide early moves by (its leader at the start of round 2 wins
      under half the games), so the default plays to the end;
    - ``playout`` — how every seat plays in the playouts: ``"full"``, the heuristic itself, or
      ``"fast"``, its cheap variant (about twice as fast, but on Verräter it wins only a sixth of
      games against the real heuristic, so its playouts predict games unlike real ones);
    - ``margin_weight`` — weight of the score margin in the reward (the rest is the win, 1/k);
    - ``seed`` — fixes the randomness (else it is drawn from the match's rng);
    - ``max_moves`` — hard cap on playout moves (then evaluate if possible, else a shared draw);
    - ``confidence`` — how many standard errors a move's paired mean advantage over the
      heuristic's move must exceed before the agent plays it instead (0: the plain best mean).
    """

    name = "rollout"

    def __init__(
        self,
        samples: int = 6,
        horizon: str = "game",
        margin_weight: float = 0.3,
        seed: int | None = None,
        max_moves: int = 10_000,
        confidence: float = 2.0,
        time_limit: float | None = None,
        playout: str = "full",
    ) -> None:
        for key, value in (("samples", samples), ("max_moves", max_moves)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{key} must be a positive integer (got {value!r})")
        if horizon not in HORIZONS:
            raise ValueError(f"horizon must be one of {', '.join(HORIZONS)}")
        if isinstance(margin_weight, bool) or not isinstance(margin_weight, int | float):
            raise ValueError(f"margin_weight must be a number (got {margin_weight!r})")
        if not 0.0 <= margin_weight <= 1.0:
            raise ValueError("margin_weight must lie in [0, 1]")
        if isinstance(confidence, bool) or not isinstance(confidence, int | float) or confidence < 0:
            raise ValueError(f"confidence must be a non-negative number (got {confidence!r})")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be an integer (got {seed!r})")
        check_playout(playout)
        if time_limit is not None and (
            isinstance(time_limit, bool) or not isinstance(time_limit, int | float) or time_limit <= 0
        ):
            raise ValueError(f"time_limit must be a positive number of seconds (got {time_limit!r})")
        self.samples = samples
        self.horizon = horizon
        self.margin_weight = float(margin_weight)
        self.seed = seed
        self.max_moves = max_moves
        self.confidence = float(confidence)
        self.time_limit = None if time_limit is None else float(time_limit)
        self.playout = playout
        self.last_samples = 0  # worlds sampled by the last ``choose`` (for benchmarks and logs)

    def check_game(self, game: Any) -> None:
        """Refused for a game without a heuristic policy: it is the move this agent improves on."""
        heuristic_policy(game, "the rollout agent")

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = list(view.legal_actions)
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision now")
        if len(legal) == 1:
            return legal[0]
        local = random.Random(self.seed if self.seed is not None else rng.getrandbits(_SEED_BITS))
        # The base policy's own move, from this seat's observation: the full heuristic, whatever
        # ``playout`` the playouts use.  The agent leaves it only for a move whose paired
        # advantage over it is significant: with a few noisy playouts the plain argmax is close
        # to a random move, far worse than the base policy.
        heuristic = heuristic_policy(view.game, "the rollout agent")
        base: Action = heuristic.choose(view.observation, legal, random.Random(local.getrandbits(_SEED_BITS)))
        rewards = self.playout_rewards(view, legal, local, base)
        best, best_gain = base, 0.0
        for action in legal:
            gain = self.confident_gain(rewards[action], rewards[base])
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def confident_gain(self, rewards: Sequence[float], base: Sequence[float]) -> float:
        """Mean paired advantage over the base move, or 0 unless it exceeds ``confidence``
        standard errors."""
        mean, se = _paired(rewards, base)
        return mean if mean > 0.0 and mean > self.confidence * se else 0.0

    def settled(self, rewards: dict[Action, list[float]], base: Action) -> bool:
        """More worlds would not change the choice: every other move is either significantly
        better than ``base`` already or at least one standard error worse than it."""
        for action, values in rewards.items():
            if action == base:
                continue
            mean, se = _paired(values, rewards[base])
            if not mean > self.confidence * se and mean + se > 0.0:
                return False
        return True

    def playout_rewards(
        self, view: SeatView, legal: Sequence[Action], rng: random.Random, base: Action | None = None
    ) -> dict[Action, list[float]]:
        """This seat's playout reward of each legal move, one per sampled world (same worlds
        and same playout randomness for every move): ``samples`` worlds, or with a
        ``time_limit`` as many as fit in it — fewer once the choice against ``base`` (if given)
        is settled."""
        game = view.game
        policy = heuristic_rollout(game, self.playout)
        evaluate = evaluator(game) if self.horizon == "round" else None
        out: dict[Action, list[float]] = {action: [] for action in legal}
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while self._more(done, deadline, out, base):
            done += 1
            world = view.sample_world(rng.getrandbits(_SEED_BITS))
            playout_seed = rng.getrandbits(_SEED_BITS)
            for action in legal:
                state = game.apply(world, view.seat, action).state
                # Common random numbers: every move's playout draws from the same stream.
                reward = self._playout(game, state, policy, evaluate, random.Random(playout_seed))
                out[action].append(reward[view.seat])
        self.last_samples = done
        return out

    def _more(
        self, done: int, deadline: float | None, rewards: dict[Action, list[float]], base: Action | None
    ) -> bool:
        """Sample another world?  ``samples`` of them without a time limit; with one, while time
        is left (at least one world) unless ``samples`` are done and the choice is settled."""
        if deadline is None:
            return done < self.samples
        if done == 0:
            return True
        if time.perf_counter() >= deadline:
            return False
        return done < self.samples or base is None or not self.settled(rewards, base)

    def _playout(
        self,
        game: Game[Any, Any, Any],
        state: Any,
        policy: Any,
        evaluate: Evaluator | None,
        rng: random.Random,
    ) -> list[float]:
        for _ in range(self.max_moves):
            seats = game.to_act(state)
            if not seats:
                outcome = game.outcome(state)
                if outcome is None:
                    break
                return rewards_from_scores(outcome.scores, outcome.winners, self.margin_weight)
            if evaluate is not None:
                values = evaluate(state)
                if values is not None:
                    return rewards_from_scores(values, None, self.margin_weight)
            seat: PlayerId = min(seats)  # a simultaneous step is played one seat at a time
            state = game.apply(
                state, seat, policy(game, state, seat, game.legal_actions(state, seat), rng)
            ).state
        values = evaluate(state) if evaluate is not None else None
        if values is not None:
            return rewards_from_scores(values, None, self.margin_weight)
        return [1.0 / game.num_players()] * game.num_players()  # undecided: a shared draw


def _paired(rewards: Sequence[float], base: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of the per-world differences ``rewards - base``."""
    diffs = [r - b for r, b in zip(rewards, base, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


register_agent("rollout", RolloutAgent)
