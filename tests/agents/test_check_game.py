"""An agent that needs something of the game says so before the first move (``ChecksGame``), so a
run on a game that lacks it is refused at once instead of failing in every game."""

from __future__ import annotations

import pytest

import turncoat.core.testing.toy  # noqa: F401  (registers sealed_bids, which has no heuristic)
from turncoat.agents import make_agent, play_match
from turncoat.agents.base import ChecksGame
from turncoat.core.errors import InvalidConfig
from turncoat.core.registry import load_game

NEEDS_HEURISTIC = [
    ("heuristic", "the heuristic bot"),
    ("rollout", "the rollout agent"),
    ("strong", "ismcts with confidence, rollout=heuristic, opponents=heuristic"),
    ("ismcts:prior=5", "ismcts with prior"),
    ("ismcts:rollout=heuristic", "ismcts with rollout=heuristic"),
]


@pytest.mark.parametrize(("spec", "purpose"), NEEDS_HEURISTIC)
def test_an_agent_that_needs_a_heuristic_refuses_a_game_without_one(spec: str, purpose: str) -> None:
    game = load_game("sealed_bids", players=2)
    agent = make_agent(spec)
    assert isinstance(agent, ChecksGame)
    with pytest.raises(InvalidConfig) as refused:
        agent.check_game(game)
    assert refused.value.code == "no_heuristic"
    assert refused.value.message == f"the game 'sealed_bids' offers no heuristic for {purpose}"
    # what the check stands for: the agent cannot play that game
    played = play_match(game, [agent, make_agent("random")], seed=1)
    assert played.outcome is None and played.error is not None and "no_heuristic" in played.error
    agent.check_game(load_game("verrater", players=3))  # a game with one is fine


@pytest.mark.parametrize("spec", ["random", "ismcts:iterations=20", "ismcts:iterations=20,rollout=random"])
def test_an_agent_that_needs_nothing_more_plays_any_game(spec: str) -> None:
    game = load_game("sealed_bids", players=2)
    agent = make_agent(spec)
    if isinstance(agent, ChecksGame):
        agent.check_game(game)
    played = play_match(game, [agent, make_agent("random")], seed=2)
    assert played.error is None and played.outcome is not None
