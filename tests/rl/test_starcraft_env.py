"""The PettingZoo environment on StarCraft (games/starcraft/encoding.py): the API test with action
masks for 2 and 4 players, an enumeration that is complete and stable, random games through the
environment that the engine reproduces, and observation vectors that never depend on what the
seat may not see (RULES §21.3)."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import numpy as np
import pytest
from pettingzoo.test import api_test  # type: ignore[import-untyped]

from turncoat.core.errors import MalformedAction
from turncoat.core.registry import load_game
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.encoding import StarcraftEncoding
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.state import (
    MOVE_Z_END,
    PLACE_Z_MINOR,
    OrderKind,
    OrderToken,
    RouteEnd,
    State,
    with_seat,
)
from turncoat.rl.pettingzoo_env import TurncoatAECEnv, env

FLIP: dict[str, OrderKind] = {"build": "research", "research": "mobilize", "mobilize": "build"}


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
@pytest.mark.parametrize("players", [2, 4])
def test_api_test_passes(players: int) -> None:
    api_test(env(game="starcraft", players=players, seed=players), num_cycles=300, verbose_progress=False)


def _encoding(players: int) -> tuple[StarcraftGame, StarcraftEncoding]:
    game = load_game("starcraft", players=players)
    assert isinstance(game, StarcraftGame)
    enc = game.rl_encoding()
    assert isinstance(enc, StarcraftEncoding)
    return game, enc


def test_action_enumeration_is_complete_and_stable() -> None:
    _, enc = _encoding(3)
    assert len(set(enc.actions)) == enc.num_actions
    for i in range(enc.num_actions):
        assert enc.action_index(enc.action_at(i)) == i
    assert enc.observation_space.shape == (enc.size,) == (len(enc.layout()),)
    assert len(set(enc.layout())) == enc.size  # every feature has its own name
    _, again = _encoding(3)
    assert again.actions == enc.actions


def test_an_action_outside_the_enumeration_is_refused_clearly() -> None:
    _, enc = _encoding(2)
    with pytest.raises(MalformedAction, match="encoding knows"):
        enc.action_index(A.ChoosePlanet("no_such_planet"))
    with pytest.raises(MalformedAction, match="outside"):
        enc.action_at(enc.num_actions)
    with pytest.raises(MalformedAction, match="outside"):
        enc.action_at(-1)


def _random_episode(e: TurncoatAECEnv, seed: int, pick_seed: int) -> list[tuple[int, Any]]:
    """One random game through the environment, checking every mask against the engine."""
    rng = random.Random(pick_seed)
    e.reset(seed=seed)
    played: list[tuple[int, Any]] = []
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
    return played


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_games_through_the_env_match_the_engine(players: int) -> None:
    e = env(game="starcraft", players=players)
    played = _random_episode(e, seed=30 + players, pick_seed=players)
    assert e.agents == [] and e.outcome is not None
    game = load_game("starcraft", players=players)
    state = game.new_initial_state(30 + players)
    for seat, action in played:
        state = game.apply(state, seat, action).state
    assert state == e.game_state and game.outcome(state) == e.outcome


def _hide_differently(state: State, viewer: int) -> State:
    """The same table as ``viewer`` sees it, with everything hidden from it changed (§21.3):
    other seats' hands swapped for their decks' cards, every deck reversed, every pending event
    replaced, and the faces of other seats' placed orders turned into other orders."""
    seats = []
    for seat, p in enumerate(state.seats):
        hand, deck = p.hand, p.combat_deck
        if seat != viewer and hand and deck:
            k = min(len(hand), len(deck))
            hand, deck = deck[:k] + hand[k:], hand[:k] + deck[k:]
        pending = tuple(reversed(state.event_deck[: len(p.pending_events)])) or p.pending_events
        seats.append(
            msgspec.structs.replace(p, hand=hand, combat_deck=tuple(reversed(deck)), pending_events=pending)
        )
    stacks = tuple(
        (
            planet,
            tuple(
                t if t.owner == viewer else OrderToken(t.owner, FLIP[t.kind], not t.special) for t in tokens
            ),
        )
        for planet, tokens in state.stacks
    )
    deck = state.event_deck
    if deck:  # the top card's stage is public: keep it on top
        deck = (*reversed(deck[:-1]), deck[-1])
    changed = msgspec.structs.replace(
        state, seats=tuple(seats), stacks=stacks, event_deck=deck, seed=state.seed + 1
    )
    return with_seat(changed, viewer, state.seat(viewer))


@pytest.mark.parametrize("players", [2, 4])
def test_observations_never_depend_on_hidden_information_rule_21_3(players: int) -> None:
    game, enc = _encoding(players)
    rng = random.Random(players)
    state = game.new_initial_state(50 + players)
    checked = differed = 0
    while seats := game.to_act(state):
        if rng.random() < 0.15:
            for viewer in range(players):
                vector = enc.encode(game.observe(state, viewer))
                for k in (1, 2):
                    other = game.determinize(state, viewer, k)
                    assert np.array_equal(enc.encode(game.observe(other, viewer)), vector)
                changed = _hide_differently(state, viewer)
                assert np.array_equal(enc.encode(game.observe(changed, viewer)), vector)
                differed += changed != state
                checked += 1
        (seat,) = seats
        state = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat)))).state
    assert checked > 12 and differed > 6  # the hidden parts really were changed


def test_the_viewers_own_hand_and_orders_are_in_its_vector() -> None:
    """What the seat knows is encoded: its own hand and the faces of its own placed orders."""
    game, enc = _encoding(2)
    rng = random.Random(3)
    state = game.new_initial_state(8)
    while not any(t for _, tokens in state.stacks for t in tokens):
        (seat,) = game.to_act(state)
        state = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat)))).state
    planet, tokens = next((p, ts) for p, ts in state.stacks if ts)
    owner = tokens[-1].owner
    token = OrderToken(owner, FLIP[tokens[-1].kind], tokens[-1].special)
    other = msgspec.structs.replace(
        state, stacks=tuple((p, (*ts[:-1], token) if p == planet else ts) for p, ts in state.stacks)
    )
    assert not np.array_equal(enc.encode(game.observe(other, owner)), enc.encode(game.observe(state, owner)))
    p = state.seat(owner)
    assert p.hand and p.combat_deck
    swapped = with_seat(state, owner, msgspec.structs.replace(p, hand=(p.combat_deck[0], *p.hand[1:])))
    assert swapped.seat(owner).hand != p.hand  # every combat card has its own id
    assert not np.array_equal(
        enc.encode(game.observe(swapped, owner)), enc.encode(game.observe(state, owner))
    )


def test_vectors_differ_between_seats_and_lie_in_the_box() -> None:
    game, enc = _encoding(4)
    state = game.new_initial_state(1)
    vectors = [enc.encode(game.observe(state, seat)) for seat in range(4)]
    assert not np.array_equal(vectors[0], vectors[1])
    for v in vectors:
        assert enc.observation_space.contains(v)


def test_the_waiting_z_axis_end_is_in_every_vector() -> None:
    """§6.1 step 5, §17: a z-axis route end placed while its other end is chosen is public, so every
    seat's vector shows its planet and side, and a vector without one differs."""
    game, enc = _encoding(3)
    rng = random.Random(5)
    state = game.new_initial_state(5)
    while state.step != PLACE_Z_MINOR:
        (seat,) = game.to_act(state)
        state = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat)))).state
    major = state.z_major
    assert major is not None
    names = enc.layout()
    shown = {names.index(f"z_major.planet={major.planet}"), names.index(f"z_major.side={major.side}")}
    without = msgspec.structs.replace(state, z_major=None)
    elsewhere = msgspec.structs.replace(
        state, z_major=RouteEnd(major.planet, "W" if major.side != "W" else "E")
    )
    for viewer in range(3):
        vector = enc.encode(game.observe(state, viewer))
        assert {i for i, n in enumerate(names) if n.startswith("z_major.") and vector[i]} == shown
        assert not np.array_equal(enc.encode(game.observe(without, viewer)), vector)
        assert not np.array_equal(enc.encode(game.observe(elsewhere, viewer)), vector)
    # §17: the event effect that moves a z-axis route keeps its major end the same way
    moving = msgspec.structs.replace(without, step=MOVE_Z_END, z_major=major)
    assert not np.array_equal(enc.encode(game.observe(moving, 0)), enc.encode(game.observe(without, 0)))
