"""The PettingZoo environment on Rex (games/rex/encoding.py): the API test with action masks,
a random game through the environment that the engine reproduces, and the configurations that
have no fixed encoding refused in one clear error."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test  # type: ignore[import-untyped]

from turncoat.core.actions import Action
from turncoat.core.errors import InvalidConfig
from turncoat.core.registry import load_game
from turncoat.games.rex import actions as A
from turncoat.games.rex.encoding import RexEncoding, most_influence
from turncoat.rl.pettingzoo_env import env


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
def test_api_test_passes_three_players() -> None:
    api_test(env(game="rex", players=3, seed=5), num_cycles=400, verbose_progress=False)


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
def test_api_test_passes_six_players_without_alliances() -> None:
    api_test(
        env(game="rex", players=6, seed=6, alliances_min_players=7), num_cycles=300, verbose_progress=False
    )


def test_action_enumeration_is_complete_and_stable() -> None:
    game = load_game("rex", players=3)
    enc = game.rl_encoding()  # type: ignore[attr-defined]
    assert isinstance(enc, RexEncoding)
    assert len(set(enc.actions)) == enc.num_actions
    for i in range(enc.num_actions):
        assert enc.action_index(enc.action_at(i)) == i
    assert enc.action_index(A.Bid(most_influence(game))) >= 0  # type: ignore[arg-type]
    assert enc.observation_space.shape == (enc.size,) == (len(enc.layout()),)


def test_a_random_game_through_the_env_matches_the_engine() -> None:
    e = env(game="rex", players=3)
    rng = random.Random(11)
    e.reset(seed=21)
    played = []
    for agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        seat = int(agent.split("_")[1])
        legal = e.game.legal_actions(e.game_state, seat)
        mask = obs["action_mask"]
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(e.encoding.action_index(a) for a in legal)
        assert e.encoding.observation_space.contains(obs["observation"])
        index = rng.choice(np.flatnonzero(mask).tolist())
        played.append((seat, e.encoding.action_at(index)))
        e.step(index)
    game = load_game("rex", players=3)
    state = game.new_initial_state(21)
    for seat, action in played:
        state = game.apply(state, seat, action).state
    assert state == e.game_state and game.outcome(state) == e.outcome


def test_alliances_have_no_fixed_encoding() -> None:
    with pytest.raises(InvalidConfig) as refused:
        env(game="rex", players=4)
    assert refused.value.code == "no_encoding"


def test_the_vector_ignores_what_the_seat_cannot_see() -> None:
    """Re-dealing everything seat 0 cannot see (determinize) never changes its vector."""
    game = load_game("rex", players=3)
    enc = game.rl_encoding()  # type: ignore[attr-defined]
    rng = random.Random(3)
    state = game.new_initial_state(8)
    checked = 0
    while game.to_act(state) and checked < 60:
        seat = min(game.to_act(state))
        if rng.random() < 0.2:
            vector = enc.encode(game.observe(state, 0))
            for k in range(2):
                other = game.determinize(state, 0, k)
                assert np.array_equal(vector, enc.encode(game.observe(other, 0)))
            checked += 1
        state = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat)))).state
    assert checked


def test_an_action_the_encoding_does_not_know_is_refused_not_misindexed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class PlayTrackingBeacon(Action, frozen=True, tag="play_tracking_beacon_test"):
        pass

    monkeypatch.setattr(A, "RexAction", A.RexAction | PlayTrackingBeacon)
    with pytest.raises(InvalidConfig, match="no index for PlayTrackingBeacon"):
        load_game("rex", players=3).rl_encoding()  # type: ignore[attr-defined]


def test_cards_outside_battle_have_fixed_bounded_indices() -> None:
    """§17: every card play, fleet distance (0-10), free recruit, consent and question the rules
    offer in random 6-player games has an index; the window and the answers are in the vector."""
    game = load_game("rex", players=6, alliances_min_players=7)
    enc = game.rl_encoding()  # type: ignore[attr-defined]
    assert [enc.action_index(A.MoveFleet(k)) for k in range(11)] == list(
        range(enc.action_index(A.MoveFleet(0)), enc.action_index(A.MoveFleet(0)) + 11)
    )
    with pytest.raises(KeyError):
        enc.action_index(A.MoveFleet(11))
    layout = enc.layout()
    steps: set[str] = set()
    facts = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while game.to_act(state):
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            assert enc.action_mask(legal).sum() == len(legal)  # each has its own index
            obs = game.observe(state, seat)
            x = enc.encode(obs)
            if obs.card_window:
                steps.add(obs.step)
                assert x[layout.index(f"card_window={obs.card_window}")] == 1.0
            for holder, kind, what, yes in obs.facts:  # a public answer that still holds
                rel = (holder - seat) % 6
                name = {"card": "holds_not", "traitor": "traitor" if yes else "traitor_not"}.get(kind)
                if name and not (kind == "card" and yes):
                    assert x[layout.index(f"fact.rel{rel}.{name}={what}")] == 1.0
                    facts += 1
            steps.add(state.step)
            state = game.apply(state, seat, rng.choice(list(legal))).state
    assert {"card_window", "interrogate"} <= steps and facts
