"""Decisions sized for people and search (RULES §21.2): galaxy placement, order placement, builds
with their payment, multi-unit moves and battle set-up come in small steps, so that no decision of
a random game of 2-6 players, set-up and battles included, offers more than a few hundred legal
actions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.games.starcraft.helpers import game
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.state import BATTLE_STEPS, SETUP_STEPS

MAX_CHOICES = 300  # "a few hundred"; the widest seen in 400 random games is 75 (a Mobilize order)


def _widest(players: int, seed: int, eager: bool, **options: Any) -> tuple[int, str, set[str]]:
    """The most legal actions any decision of one random game offered (every legal action counted,
    voluntary destruction included), where, and which kinds of step the game went through."""
    g = game(players=players, **options)
    rnd = random.Random(seed)
    state = g.start(seed).state
    widest, where, steps = 0, "", set()
    decisions = 0
    while g.to_act(state) and decisions < 20_000:
        (seat,) = g.to_act(state)
        legal = list(g.legal_actions(state, seat))
        if len(legal) > widest:
            widest, where = len(legal), state.step
        steps.add(state.step)
        # random players that rarely destroy their own pieces (games last longer), eager ones
        # executing their orders and buying or moving rather than stopping (they fight battles)
        options_ = [a for a in legal if not isinstance(a, A.VoluntaryDestruction)] or legal
        busy = [a for a in options_ if not isinstance(a, A.EndBuild | A.EndMove)]
        if eager and A.ExecuteOrder(True) in options_:
            action: Any = A.ExecuteOrder(True)
        else:
            action = rnd.choice(busy if eager and busy else options_)
        state = g.apply(state, seat, action).state
        decisions += 1
    return widest, where, steps


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_no_decision_offers_more_than_a_few_hundred_actions(players: int) -> None:
    widest, steps = 0, set[str]()
    for seed in range(3):
        for eager in (False, True):
            most, where, seen = _widest(players, seed, eager)
            assert most <= MAX_CHOICES, (players, seed, where, most)
            widest, steps = max(widest, most), steps | seen
    assert steps & set(SETUP_STEPS) and steps & set(BATTLE_STEPS)  # set-up and battles were played
    assert widest > 1


@pytest.mark.parametrize("players", [4, 6])
def test_no_decision_offers_more_than_a_few_hundred_actions_in_team_play(players: int) -> None:
    for seed in range(2):
        most, where, _ = _widest(players, seed, True, team_play=True, faction_selection="random")
        assert most <= MAX_CHOICES, (players, seed, where, most)
