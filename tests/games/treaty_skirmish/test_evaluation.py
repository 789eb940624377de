"""The Treaty Skirmish position estimate for cut-off search, its playout policy, and generic ISMCTS
playing the game unchanged."""

from __future__ import annotations

import random
from typing import cast

import msgspec
import pytest

from turncoat.agents.base import RandomAgent, make_agent
from turncoat.agents.match import play_match
from turncoat.core import deals
from turncoat.core.capabilities import HasEvaluation, HasRolloutPolicy, capability
from turncoat.core.record import decode_action
from turncoat.games.treaty_skirmish.actions import DiscardTreaty, GiveTreaty, Pass, SendEnvoy, SkirmishAction
from turncoat.games.treaty_skirmish.config import TreatySkirmishConfig
from turncoat.games.treaty_skirmish.evaluation import ally_of, checkpoint, evaluate
from turncoat.games.treaty_skirmish.game import TreatySkirmishGame
from turncoat.games.treaty_skirmish.state import ACTION, State

from .helpers import LAZAX, LETNEV, SOL, game, play, start, turn_of, with_ships


def with_round(s: State, rnd: int) -> State:
    return msgspec.structs.replace(s, round=rnd)


def test_the_game_offers_an_evaluation_and_a_rollout_policy() -> None:
    g = TreatySkirmishGame(TreatySkirmishConfig())
    assert capability(g, HasEvaluation) is g and capability(g, HasRolloutPolicy) is g


def test_positions_are_valued_only_at_the_first_action_of_a_round() -> None:
    g = game()
    s = start(g)
    assert checkpoint(s) and evaluate(g.ctx, s) is not None
    after, _ = play(g, s, Pass())
    assert not checkpoint(after) and evaluate(g.ctx, after) is None


def test_the_end_is_valued_by_its_winners() -> None:
    g = TreatySkirmishGame(TreatySkirmishConfig())
    result = play_match(g, [RandomAgent() for _ in range(5)], seed=4)
    assert result.outcome is not None
    s = g.new_initial_state(4)
    for step in result.record.actions:
        (seat,) = g.to_act(s)
        s = g.apply(s, seat, cast(SkirmishAction, decode_action(g, step.action))).state
    assert evaluate(g.ctx, s) == tuple(1.0 if p in result.outcome.winners else 0.0 for p in range(5))


def test_chances_are_probabilities_and_favour_a_strike_that_can_win_rule_6_5() -> None:
    """Traitor (Letnev) with eight ships next to a Mecatol Rex held by one ship: the likeliest
    winner; with one ship against eight it is not."""
    g = game(objectives=["traitor", "loyalist", "unstoppable_army", "anarchist"])
    s = with_ships(g, start(g), "frontier-1", LETNEV, 8)
    near = with_ships(g, s, "mecatol", LAZAX, 1)
    chances = evaluate(g.ctx, near)
    assert chances is not None and all(0.0 <= c <= 1.0 for c in chances)
    assert max(range(5), key=lambda p: chances[p]) == LETNEV
    far = with_ships(g, with_ships(g, s, "frontier-1", LETNEV, 1), "mecatol", LAZAX, 8)
    far_chances = evaluate(g.ctx, far)
    assert far_chances is not None and far_chances[LETNEV] < chances[LETNEV]


def test_an_end_objective_met_weighs_more_near_the_last_round_rule_6_5() -> None:
    """Emperor holds at the start; it counts for more in round 8 than in round 1."""
    g = game()
    s = start(g)
    early, late = evaluate(g.ctx, s), evaluate(g.ctx, with_round(s, 8))
    assert early is not None and late is not None and late[LAZAX] > early[LAZAX]


def test_the_treaty_ally_shares_its_winners_chance_rule_4_5_step_4() -> None:
    """Sol holds the Letnev's 1: it is the Letnev's ally and is credited with their chance."""
    g = game(objectives=["traitor", "loyalist", "unstoppable_army", "anarchist"])
    s = turn_of(start(g), LETNEV)
    s, _ = play(g, s, SendEnvoy("sol"), GiveTreaty("letnev", 1), DiscardTreaty("sol", 4))
    assert ally_of(g.ctx, s, LETNEV) == SOL
    # back to a calm point of the round, with and without the card in Sol's hand
    s = msgspec.structs.replace(s, activated=tuple(() for _ in s.activated), step=ACTION)
    with_ally, without = evaluate(g.ctx, s), evaluate(g.ctx, own_cards_only(s))
    assert with_ally is not None and without is not None
    assert with_ally[SOL] == pytest.approx(without[SOL] + without[LETNEV])


def own_cards_only(s: State) -> State:
    hands = tuple((p, tuple(c for c in h if c.faction == s.races[p])) for p, h in s.treaties.hands)
    return msgspec.structs.replace(s, treaties=msgspec.structs.replace(s.treaties, hands=hands))


def test_the_rollout_policy_never_gives_trade_goods() -> None:
    g = TreatySkirmishGame(TreatySkirmishConfig())
    policy = g.rollout_policy()
    s = g.new_initial_state(1)
    rng = random.Random(1)
    for _ in range(200):
        seats = g.to_act(s)
        if not seats:
            break
        (seat,) = seats
        legal = g.legal_actions(s, seat)
        action = policy(g, s, seat, legal, rng)
        assert action in legal and not isinstance(action, deals.Give)
        s = g.apply(s, seat, cast(SkirmishAction, action)).state


def test_generic_ismcts_plays_a_whole_game_unchanged() -> None:
    """ISMCTS over sampled worlds (``determinize``), cut off by ``evaluate``, at a tiny budget."""
    g = TreatySkirmishGame(TreatySkirmishConfig(players=4))
    agents = [make_agent("ismcts:iterations=8"), RandomAgent(), make_agent("heuristic"), RandomAgent()]
    result = play_match(g, agents, seed=11)
    assert result.error is None and result.outcome is not None
    assert any(step.player == 0 for step in result.record.actions)
