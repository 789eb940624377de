"""The PettingZoo AEC adapter on Verräter: the API test, masks, replay against the engine, and
observation vectors that never depend on hidden information."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import numpy as np
import pytest
from pettingzoo.test import api_test  # type: ignore[import-untyped]

from turncoat.core import registry
from turncoat.core.errors import InvalidConfig
from turncoat.core.registry import load_game
from turncoat.core.testing.toy import SealedBidsGame
from turncoat.games.verrater.encoding import VerraterEncoding
from turncoat.rl.pettingzoo_env import TurncoatAECEnv, env


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
def test_api_test_passes() -> None:
    api_test(env(game="verrater", players=4, seed=3), num_cycles=400, verbose_progress=False)


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
def test_api_test_passes_three_players() -> None:
    api_test(env(game="verrater", players=3, seed=4), num_cycles=200, verbose_progress=False)


def test_action_enumeration_is_complete_and_stable() -> None:
    game = load_game("verrater", players=4)
    enc = game.rl_encoding()  # type: ignore[attr-defined]
    assert isinstance(enc, VerraterEncoding)
    assert enc.num_actions == 12 + 12 + 6 + 6 + 1 + 24 + 12 + 144 + 1 + 6
    assert len(set(enc.actions)) == enc.num_actions
    for i in range(enc.num_actions):
        assert enc.action_index(enc.action_at(i)) == i
    assert enc.observation_space.shape == (enc.size,)


def _random_episode(e: TurncoatAECEnv, seed: int, pick_seed: int) -> list[tuple[int, Any]]:
    """Play one random game through the env, checking masks; return (seat, action) pairs."""
    rng = random.Random(pick_seed)
    e.reset(seed=seed)
    played: list[tuple[int, Any]] = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        seat = int(agent.split("_")[1])
        legal = e.game.legal_actions(e.game_state, seat)
        mask = obs["action_mask"]
        assert mask.dtype == np.int8
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(e.encoding.action_index(a) for a in legal)
        assert seat in e.game.to_act(e.game_state)
        assert e.encoding.observation_space.contains(obs["observation"])
        index = rng.choice(np.flatnonzero(mask).tolist())
        played.append((seat, e.encoding.action_at(index)))
        e.step(index)
    return played


@pytest.mark.parametrize("players", [3, 4])
def test_random_game_matches_the_engine(players: int) -> None:
    e = env(game="verrater", players=players)
    played = _random_episode(e, seed=40 + players, pick_seed=7)
    assert e.agents == []
    game = load_game("verrater", players=players)
    state = game.new_initial_state(40 + players)
    for seat, action in played:
        assert seat in game.to_act(state)
        state = game.apply(state, seat, action).state
    assert not game.to_act(state)
    assert state == e.game_state
    outcome = game.outcome(state)
    assert outcome is not None and outcome == e.outcome


def test_rewards_at_the_end() -> None:
    e = env(game="verrater", players=4, seed=5)
    e.reset()
    rng = random.Random(1)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert e.outcome is not None
    winners = e.outcome.winners
    for seat, agent in enumerate(e.possible_agents):
        assert totals[agent] == pytest.approx(1 / len(winners) if seat in winners else 0.0)


def test_reset_seeds_are_reproducible() -> None:
    a, b = env(game="verrater", players=4, seed=9), env(game="verrater", players=4, seed=9)
    for _ in range(2):
        a.reset()
        b.reset()
        assert a.game_state == b.game_state
    a.reset(seed=3)
    assert a.game_state == load_game("verrater", players=4).new_initial_state(3)


def test_observations_never_depend_on_hidden_information() -> None:
    game = load_game("verrater", players=4)
    enc = game.rl_encoding()  # type: ignore[attr-defined]
    rng = random.Random(2)
    state = game.new_initial_state(12)
    checked = 0
    while seats := game.to_act(state):
        for seat in range(4):
            vector = enc.encode(game.observe(state, seat))
            for k in (1, 2):
                other = game.determinize(state, seat, k)
                assert np.array_equal(enc.encode(game.observe(other, seat)), vector)
            moved = msgspec.structs.replace(state, draw_pile=tuple(reversed(state.draw_pile)), seed=1)
            assert np.array_equal(enc.encode(game.observe(moved, seat)), vector)
            checked += 1
        (seat,) = seats
        state = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat)))).state
    assert checked > 100


def test_vectors_differ_between_seats_and_lie_in_the_box() -> None:
    game = load_game("verrater", players=3)
    enc = game.rl_encoding()  # type: ignore[attr-defined]
    state = game.new_initial_state(1)
    vectors = [enc.encode(game.observe(state, seat)) for seat in range(3)]
    assert not np.array_equal(vectors[0], vectors[1])
    for v in vectors:
        assert enc.observation_space.contains(v)


class UnencodedBids(SealedBidsGame):
    """Sealed Bids without its encoding."""

    name = "test_unencoded_bids"
    rl_encoding = None  # type: ignore[assignment]


def test_game_without_encoding_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # registered for this test only, so no other test (the conformance suite) sees it
    monkeypatch.setitem(registry._FACTORIES, UnencodedBids.name, UnencodedBids.from_options)
    with pytest.raises(InvalidConfig) as refused:
        env(game=UnencodedBids.name, players=3)
    assert refused.value.code == "no_encoding"
