"""The search's estimate of each seat's chance to win (``games/rex/evaluation.py``)."""

from __future__ import annotations

import random

import msgspec
import pytest

from tests.games.rex.helpers import rex, set_up_game
from tests.games.rex.test_maneuvering import stacks
from turncoat.agents.base import SeatView, make_agent
from turncoat.agents.match import play_match
from turncoat.core.capabilities import HasEvaluation, capability
from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.evaluation import checkpoint
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.state import BID, CEASEFIRE, OVER, State


def test_rex_offers_an_evaluation() -> None:
    assert capability(RexGame(RexConfig()), HasEvaluation) is not None


def test_values_only_at_the_calm_points_of_a_round_and_at_the_end() -> None:
    """The ceasefire window (§13.1) and the first bid (§7) are valued, chances summing to 1; the
    end is valued by the outcome (§14); anything else is left to the playout."""
    g = RexGame(RexConfig(players=6))
    rng = random.Random(2)
    s = g.new_initial_state(2)
    valued = steps = 0
    while g.to_act(s):
        value = g.evaluate(s)
        if checkpoint(s):
            assert s.step in (CEASEFIRE, BID)
            assert value is not None and sum(value) == pytest.approx(1.0)
            assert all(0.0 <= v <= 1.0 for v in value)
            valued += 1
        else:
            assert value is None
        steps += 1
        seat = min(g.to_act(s))
        legal = g.legal_actions(s, seat)
        s = g.apply(s, seat, legal[0] if s.step == CEASEFIRE else rng.choice(list(legal))).state
    assert valued >= 8 and steps > valued
    outcome = g.outcome(s)
    assert s.step == OVER and outcome is not None
    assert g.evaluate(s) == outcome.scores


def first_bid(g: RexGame, **fields: object) -> State:
    s = set_up_game(g)
    while not (s.step == BID and checkpoint(s)):
        seat = min(g.to_act(s))
        s = g.apply(s, seat, g.legal_actions(s, seat)[0]).state
    return msgspec.structs.replace(s, **fields)


def test_strongholds_held_raise_the_chance_rule_14_1() -> None:
    g = rex(4, ["jol_nar", "letnev", "lazax", "xxcha"])
    s = first_bid(g, prediction=(-1, 0))
    two = msgspec.structs.replace(
        s,
        stacks=stacks(
            g, ("civilian_spaceport", 0, 5), ("imperial_navy_base", 0, 5), ("imperial_palace", 1, 5)
        ),
    )
    value = g.evaluate(two)
    assert value is not None and value[0] > value[1] > value[2]


def test_allies_share_their_alliance_chance_rule_13_3() -> None:
    g = rex(4, ["jol_nar", "letnev", "lazax", "xxcha"])
    s = first_bid(g, prediction=(-1, 0), alliance=(0, 0, -1, -1))
    value = g.evaluate(s)
    assert value is not None and value[0] == value[1]
    assert value[0] + value[2] + value[3] == pytest.approx(1.0)


def test_the_prediction_takes_the_predicted_race_chance_rule_14_2() -> None:
    """The Xxcha (seat 3) predicted the Sol (seat 2) in round 8: most of the Sol's chance is his."""
    g = rex(4, ["jol_nar", "letnev", "sol", "xxcha"])
    sol_race = g.ctx.t.race_ids.index("sol")
    base = first_bid(g, prediction=(-1, 0))
    predicted = msgspec.structs.replace(base, prediction=(sol_race, 8))
    before, after = g.evaluate(base), g.evaluate(predicted)
    assert before is not None and after is not None
    assert after[2] < before[2] and after[3] > before[3]
    assert sum(after) == pytest.approx(1.0)


def test_generic_ismcts_plays_rex() -> None:
    """The generic search runs on Rex unchanged: random rollouts cut off by ``evaluate``."""
    g = RexGame(RexConfig(players=3))
    agents = [make_agent("ismcts:iterations=4"), make_agent("heuristic"), make_agent("heuristic")]
    result = play_match(g, agents, seed=5)
    assert result.error is None and result.outcome is not None


def test_ismcts_with_heuristic_playouts_picks_a_legal_move() -> None:
    """The searching bot of the benchmark (heuristic opponents and playouts, one tree level)."""
    g = RexGame(RexConfig(players=6))
    agent = make_agent(
        "ismcts:opponents=heuristic,rollout=heuristic,playout=full,tree_depth=1,confidence=2,iterations=6"
    )
    s = g.new_initial_state(4)
    rng = random.Random(0)
    searched = 0
    while g.to_act(s) and searched < 5:
        seat = min(g.to_act(s))
        legal = g.legal_actions(s, seat)
        action = legal[0]
        if len(legal) > 1 and s.step != CEASEFIRE:
            chosen = agent.choose(SeatView(g, s, seat), rng)
            action = next(a for a in legal if a == chosen)  # one of the legal actions
            searched += 1
        s = g.apply(s, seat, action).state
    assert searched == 5
