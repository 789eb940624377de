"""The generic heuristic agent: found by name, plays legally, refuses games without a heuristic."""

from __future__ import annotations

import random
from typing import Any

import pytest

from turncoat.agents import SeatView, agent_names, make_agent, play_match
from turncoat.agents.heuristic import HeuristicAgent
from turncoat.core.errors import InvalidConfig
from turncoat.core.registry import load_game


def test_registered_by_name() -> None:
    assert "heuristic" in agent_names()
    agent = make_agent("heuristic")
    assert isinstance(agent, HeuristicAgent)
    assert agent.name == "heuristic"
    assert isinstance(make_agent("heuristic:fast=1"), HeuristicAgent)


@pytest.mark.parametrize("players", [3, 4])
def test_plays_full_matches(players: int) -> None:
    game = load_game("verrater", players=players)
    hero = make_agent("heuristic")
    for seed in range(3):
        agents = [hero, *(make_agent("random") for _ in range(players - 1))]
        result = play_match(game, agents, seed)
        assert result.error is None
        assert result.outcome is not None


def test_reproducible_matches() -> None:
    game = load_game("verrater", players=4)
    a = play_match(game, [make_agent("heuristic") for _ in range(4)], 5)
    b = play_match(game, [make_agent("heuristic") for _ in range(4)], 5)
    assert a.error is None
    assert a.record.actions == b.record.actions


def test_policy_cached_per_game() -> None:
    agent = HeuristicAgent()
    game = load_game("verrater", players=4)
    assert agent.policy_for(game) is agent.policy_for(game)
    assert agent.policy_for(load_game("verrater", players=4)) is not agent.policy_for(game)


class _NoHeuristicGame:
    name = "plain"


def test_game_without_heuristic() -> None:
    game: Any = _NoHeuristicGame()
    view = SeatView(game, object(), 0)
    with pytest.raises(InvalidConfig) as info:
        HeuristicAgent().choose(view, random.Random(0))
    assert info.value.code == "no_heuristic"
