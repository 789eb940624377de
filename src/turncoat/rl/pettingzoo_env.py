"""A PettingZoo AEC environment for any registered game that supplies ``rl_encoding()``.

The game's encoding hook gives ``num_actions``, ``action_index(action)``, ``action_at(index)``,
``observation_space`` (a gymnasium ``Box``) and ``encode(observation)``.  An encoding whose
indices depend on the position (Rex: an answer to an alliance proposal is indexed by the
proposal's proposer and group, not by its number) says so with ``indices_need_observation`` and
is handed the acting seat's observation: ``action_index(action, observation)`` and
``action_at(index, observation)``.  Each agent
``player_<seat>`` observes ``{"observation": encode(game.observe(state, seat)), "action_mask":
...}`` — built from the seat's own observation only, so no hidden information reaches a learner.

A simultaneous sealed choice (several seats in ``to_act``) is asked of the seats one at a time
in seat order; the engine keeps each commitment sealed, and the observations show only
"committed".  Rewards come only at the end: the win, shared ``1/k`` among ``k`` winners
(``reward="win"``), or each seat's share of the total final score (``reward="score_share"``).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # pettingzoo ships no py.typed

from turncoat.core.capabilities import HasEncoding, require
from turncoat.core.engine import Game, Outcome
from turncoat.core.errors import InvalidConfig
from turncoat.core.registry import load_game
from turncoat.core.rng import derive_seed

REWARDS = ("win", "score_share")


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class TurncoatAECEnv(AECEnv):  # type: ignore[misc]  # AECEnv is untyped (Any) for mypy
    """``env(game="verrater", players=4, seed=7)``: one engine game per episode."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "turncoat_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        seed: int | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        **config: Any,
    ) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise InvalidConfig(f"reward must be one of {', '.join(REWARDS)}", code="bad_reward")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidConfig(f"unknown render mode {render_mode!r}", code="bad_render_mode")
        self.game: Game[Any, Any, Any] = load_game(game, **config)
        self.encoding = require(self.game, HasEncoding, "learning environments").rl_encoding()
        self.render_mode = render_mode
        self.reward_kind = reward
        self.base_seed = seed
        self._episodes = 0
        n = self.game.num_players()
        self.possible_agents = [agent_name(p) for p in range(n)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        self.num_actions = int(self.encoding.num_actions)
        self._keyed = bool(getattr(self.encoding, "indices_need_observation", False))
        obs_space = spaces.Dict(
            {
                "observation": self.encoding.observation_space,
                "action_mask": spaces.Box(low=0, high=1, shape=(self.num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.game_state: Any = None
        self.outcome: Outcome | None = None
        self.seed_used: int | None = None

    # -- spaces ---------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- episode --------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with ``seed`` that game's seed; else the constructor's seed for the first
        episode and seeds derived from it afterwards (random if no seed was ever given)."""
        if seed is not None:
            game_seed = seed
        elif self.base_seed is not None:
            game_seed = (
                self.base_seed
                if self._episodes == 0
                else derive_seed(self.base_seed, "episode", self._episodes)
            )
        else:
            game_seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> np.uint64(1))
        self._episodes += 1
        self.seed_used = game_seed
        self.game_state = self.game.new_initial_state(game_seed)
        self.outcome = None
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._select()

    def _select(self) -> None:
        seats = self.game.to_act(self.game_state)
        if seats:
            self.agent_selection = agent_name(min(seats))
        # at the end, agent_selection stays put; dead agents are stepped out in turn

    def legal_actions(self, agent: str) -> list[Any]:
        return list(self.game.legal_actions(self.game_state, self._seat[agent]))

    def action_mask(self, agent: str, observation: Any = None) -> npt.NDArray[np.int8]:
        seat = self._seat[agent]
        if seat not in self.game.to_act(self.game_state):
            return np.zeros(self.num_actions, dtype=np.int8)
        if self._keyed and observation is None:
            observation = self.game.observe(self.game_state, seat)
        mask = np.zeros(self.num_actions, dtype=np.int8)
        for action in self.game.legal_actions(self.game_state, seat):
            mask[self._index_of(action, observation)] = 1
        return mask

    def _index_of(self, action: Any, observation: Any) -> int:
        if self._keyed:
            return int(self.encoding.action_index(action, observation))
        return int(self.encoding.action_index(action))

    def action_of(self, agent: str, index: int) -> Any:
        """The engine action that ``index`` stands for, for ``agent`` in the current position."""
        if self._keyed:
            return self.encoding.action_at(index, self.game.observe(self.game_state, self._seat[agent]))
        return self.encoding.action_at(index)

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self._seat[agent]
        observation = self.game.observe(self.game_state, seat)
        vector = self.encoding.encode(observation)
        return {"observation": vector, "action_mask": self.action_mask(agent, observation)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is alive and must choose an action")
        seat = self._seat[agent]
        move = self.action_of(agent, int(action))
        self._cumulative_rewards[agent] = 0.0
        self.game_state = self.game.apply(self.game_state, seat, move).state
        self._clear_rewards()
        if not self.game.to_act(self.game_state):
            self._finish()
        self._select()
        if self.outcome is not None:
            self.agent_selection = self.agents[0]
        self._accumulate_rewards()

    def _finish(self) -> None:
        outcome = self.game.outcome(self.game_state)
        assert outcome is not None, "a finished game must have an outcome"
        self.outcome = outcome
        if self.reward_kind == "win":
            share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
            values = [share if p in outcome.winners else 0.0 for p in range(len(self.possible_agents))]
        else:
            total = sum(outcome.scores)
            n = len(outcome.scores)
            values = [s / total if total > 0 else 1.0 / n for s in outcome.scores]
        for agent in self.agents:
            seat = self._seat[agent]
            self.rewards[agent] = values[seat]
            self.terminations[agent] = True
            self.infos[agent] = {"score": outcome.scores[seat], "winners": list(outcome.winners)}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game_state is None:
            return None
        seats = sorted(self.game.to_act(self.game_state))
        return f"{self.game.name}: to act {seats}" if seats else f"{self.game.name}: over, {self.outcome}"

    def close(self) -> None:
        pass


def env(game: str, **kwargs: Any) -> TurncoatAECEnv:
    """The environment (PettingZoo's usual entry point)."""
    return TurncoatAECEnv(game, **kwargs)


def raw_env(game: str, **kwargs: Any) -> TurncoatAECEnv:
    return TurncoatAECEnv(game, **kwargs)
