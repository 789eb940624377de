"""The search's estimate of each seat's chance to win (``games/starcraft/evaluation.py``)."""

from __future__ import annotations

import random

import msgspec
import pytest

from turncoat.core.capabilities import HasEvaluation, capability
from turncoat.games.starcraft.evaluation import checkpoint, win_chances
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.state import OVER, PLANNING, STEP_EXECUTION, State

from .helpers import game


def test_starcraft_offers_an_evaluation() -> None:
    assert capability(game(players=3), HasEvaluation) is not None


def play(g: StarcraftGame, seed: int) -> list[State]:
    rng = random.Random(seed)
    policy = g.heuristic_policy()
    s = g.new_initial_state(seed)
    out = [s]
    while seats := g.to_act(s):
        seat = min(seats)
        legal = g.legal_actions(s, seat)
        s = g.apply(s, seat, policy.choose(g.observe(s, seat), legal, rng)).state
        out.append(s)
    return out


@pytest.mark.parametrize("players", [2, 3, 5])
def test_values_only_at_the_calm_points_of_a_round_and_at_the_end(players: int) -> None:
    """The start of Planning (§8) and each lap of Execution turns (§9) are valued, chances summing
    to 1; the end is valued by the outcome (§16); anything else is left to the playout."""
    g = game(players=players)
    states = play(g, players)
    valued = {PLANNING: 0, STEP_EXECUTION: 0}
    for s in states[:-1]:
        value = g.evaluate(s)
        if checkpoint(s):
            assert value is not None and sum(value) == pytest.approx(1.0)
            assert all(0.0 <= v <= 1.0 for v in value)
            valued[s.step] += 1
        else:
            assert value is None
    assert valued[PLANNING] >= 2 and valued[STEP_EXECUTION] >= 1
    last = states[-1]
    outcome = g.outcome(last)
    assert last.step == OVER and outcome is not None
    assert g.evaluate(last) == outcome.scores


def test_conquest_points_raise_the_chance_rule_16_1() -> None:
    g = game(players=3)
    s = next(s for s in play(g, 4) if checkpoint(s) and s.step == PLANNING)
    before = win_chances(g.ctx, s)
    seats = list(s.seats)
    seats[1] = msgspec.structs.replace(seats[1], cp=seats[1].cp + 10)
    after = win_chances(g.ctx, msgspec.structs.replace(s, seats=tuple(seats)))
    assert after[1] > before[1] and after[0] < before[0]


def test_an_eliminated_seat_has_no_chance_rule_16_4() -> None:
    g = game(players=3)
    s = next(s for s in play(g, 5) if checkpoint(s))
    seats = list(s.seats)
    seats[2] = msgspec.structs.replace(seats[2], eliminated=True)
    assert win_chances(g.ctx, msgspec.structs.replace(s, seats=tuple(seats)))[2] == 0.0
