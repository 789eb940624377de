"""The PettingZoo environment on Rex (games/rex/encoding.py): the API test with action masks (the
default 6-player game with its alliances, and others), a random game through the environment that
the engine reproduces, alliance answers indexed by their proposal's proposer and group (exact both
ways, over random games in which alliances form), the negotiation in the observation vector, and
an action the encoding does not know refused in one clear error."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test  # type: ignore[import-untyped]

from tests.games.rex.helpers import pass_card_window, rex, run_phase, set_up_game
from turncoat.core import deals
from turncoat.core.actions import Action
from turncoat.core.errors import InvalidConfig
from turncoat.core.registry import load_game
from turncoat.games.rex import actions as A
from turncoat.games.rex.encoding import Answer, RexEncoding, most_influence
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.phases.influence import begin_round
from turncoat.games.rex.state import CEASEFIRE, State
from turncoat.rl.pettingzoo_env import env

AREA_01, AREA_03, CEASEFIRE_1 = 0, 2, 14
ANSWERS = (deals.Accept, deals.Decline, deals.Withdraw)


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


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
def test_api_test_passes_the_default_six_player_game_with_alliances_rule_13() -> None:
    """Six players, default options: alliances can be made (§13.1), and the API test passes."""
    e = env(game="rex", players=6, seed=2)
    chosen: list[Action] = []
    decode = e.action_of

    def recording(agent: str, index: int) -> Action:
        chosen.append(decode(agent, index))
        return chosen[-1]

    e.action_of = recording  # type: ignore[method-assign]
    api_test(e, num_cycles=400, verbose_progress=False)
    kinds = {type(action) for action in chosen}
    assert {deals.Propose, deals.Accept, deals.Decline, deals.Withdraw, deals.LeaveAlliance} <= kinds


def _propose(proposer: int, *members: int) -> deals.Propose:
    group = tuple(sorted((proposer, *members)))
    return deals.Propose(to=tuple(p for p in group if p != proposer), terms=(deals.Ally(members=group),))


def _ceasefire(g: RexGame) -> State:
    """A Temporary Ceasefire window in round 2 (the area card under it ends the phase)."""
    s, events = run_phase(
        g,
        set_up_game(g),
        begin_round,
        round=2,
        fleet=7,
        influence_deck=(AREA_01, CEASEFIRE_1),
        influence_discard=(AREA_03,),
    )
    s = pass_card_window(g, s, events)
    assert s.step == CEASEFIRE
    return s


def test_an_answer_is_indexed_by_its_proposals_proposer_and_group_rule_13_2() -> None:
    """Two seats propose the same alliance and one seat proposes two: every answer has its own
    index, which decodes to that one proposal, whatever number the engine gave it."""
    g = rex(6, ["letnev", "hacan", "sol", "lazax", "xxcha", "jol_nar"])
    enc = g.rl_encoding()
    s = _ceasefire(g)
    for seat, proposal in ((0, _propose(0, 1)), (1, _propose(1, 0)), (0, _propose(0, 1, 2))):
        s = g.apply(s, seat, proposal).state
    numbers = {(p.proposer, p.terms[0].members): p.id for p in s.deals.open}  # type: ignore[union-attr]
    assert numbers == {(0, (0, 1)): 1, (1, (0, 1)): 2, (0, (0, 1, 2)): 3}
    seen: dict[tuple[int, Action], object] = {}
    for seat in (0, 1, 2):
        obs = g.observe(s, seat)
        for action in g.legal_actions(s, seat):
            index = enc.action_index(action, obs)
            assert enc.action_at(index, obs) == action
            if isinstance(action, ANSWERS):
                seen[(seat, action)] = enc.actions[index]  # the key the index stands for
    assert seen == {
        (0, deals.Accept(2)): Answer(deals.Accept, 1, (0, 1)),
        (0, deals.Decline(2)): Answer(deals.Decline, 1, (0, 1)),
        (0, deals.Withdraw(1)): Answer(deals.Withdraw, 0, (0, 1)),
        (0, deals.Withdraw(3)): Answer(deals.Withdraw, 0, (0, 1, 2)),
        (1, deals.Accept(1)): Answer(deals.Accept, 0, (0, 1)),
        (1, deals.Decline(1)): Answer(deals.Decline, 0, (0, 1)),
        (1, deals.Accept(3)): Answer(deals.Accept, 0, (0, 1, 2)),
        (1, deals.Decline(3)): Answer(deals.Decline, 0, (0, 1, 2)),
        (1, deals.Withdraw(2)): Answer(deals.Withdraw, 1, (0, 1)),
        (2, deals.Accept(3)): Answer(deals.Accept, 0, (0, 1, 2)),
        (2, deals.Decline(3)): Answer(deals.Decline, 0, (0, 1, 2)),
    }
    # The same proposal made again under a new number keeps its index and decodes to the new one.
    obs = g.observe(s, 1)
    accept = enc.action_index(deals.Accept(1), obs)
    s = g.apply(s, 0, deals.Withdraw(1)).state
    s = g.apply(s, 0, _propose(0, 1)).state
    obs = g.observe(s, 1)
    assert enc.action_index(deals.Accept(4), obs) == accept
    assert enc.action_at(accept, obs) == deals.Accept(4)


def test_an_answer_without_the_position_or_its_proposal_is_refused_not_guessed() -> None:
    g = rex(6, ["letnev", "hacan", "sol", "lazax", "xxcha", "jol_nar"])
    enc = g.rl_encoding()
    s = _ceasefire(g)
    accept = enc.action_index(deals.Accept(1), g.observe(g.apply(s, 0, _propose(0, 1)).state, 1))
    with pytest.raises(KeyError, match="needs the seat's observation"):
        enc.action_index(deals.Accept(1))
    with pytest.raises(KeyError, match="no open proposal 1"):
        enc.action_index(deals.Accept(1), g.observe(s, 1))
    with pytest.raises(IndexError, match="no open proposal"):
        enc.action_at(accept, g.observe(s, 1))


def test_the_negotiation_is_in_the_vector_relative_to_the_viewer_rule_13() -> None:
    """§13, §16.3: alliances per pair of seats and each open proposal with its acceptances."""
    g = rex(6, ["letnev", "hacan", "sol", "lazax", "xxcha", "jol_nar"])
    enc = g.rl_encoding()
    layout = enc.layout()
    s = _ceasefire(g)
    s = g.apply(s, 4, _propose(4, 5)).state
    s = g.apply(s, 5, deals.Accept(1)).state
    s = g.apply(s, 1, _propose(1, 2, 3)).state
    s = g.apply(s, 2, deals.Accept(2)).state
    x = enc.encode(g.observe(s, 3))  # seat 3 sees seat 4 as rel1, 5 as rel2, 1 as rel4, 2 as rel5
    on = {n for n, value in zip(layout, x, strict=True) if value and ("allied" in n or "proposal" in n)}
    assert on == {
        "seat1.allied",
        "seat2.allied",
        "allied.rel1.rel2",
        "proposal.rel4.rel0+rel4+rel5.open",
        "proposal.rel4.rel0+rel4+rel5.accepted_by=rel5",
    }
    x = enc.encode(g.observe(s, 5))  # seat 5: its ally 4 is rel5
    assert x[layout.index("seat5.allied_with_me")] == 1.0 and x[layout.index("allied.rel0.rel5")] == 1.0


def test_every_legal_action_maps_to_an_index_and_back_in_games_with_alliances() -> None:
    """Random 6-player games (default options) in which alliances form: every legal action of
    the seat to act has an index that decodes to it, the mask counts each once, and the vector
    lies in the observation space."""
    game = load_game("rex", players=6)
    enc = game.rl_encoding()  # type: ignore[attr-defined]
    formed = answers = 0
    for seed in range(2, 12):  # until two alliances have formed and many answers were offered
        if formed >= 2 and answers > 1000:
            break
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while game.to_act(state):
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            obs = game.observe(state, seat)
            for action in legal:
                assert enc.action_at(enc.action_index(action, obs), obs) == action
                answers += isinstance(action, ANSWERS)
            assert enc.action_mask(legal, obs).sum() == len(legal)
            assert enc.observation_space.contains(enc.encode(obs))
            formed = max(formed, len(state.deals.alliances))
            state = game.apply(state, seat, rng.choice(list(legal))).state
    assert formed >= 2 and answers > 1000


def test_a_six_player_game_through_the_env_matches_the_engine() -> None:
    """The agents' indices alone, with proposals answered through them, replay the game."""
    e = env(game="rex", players=6)
    rng = random.Random(5)
    e.reset(seed=5)
    played = []
    for agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        index = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        seat = int(agent.split("_")[1])
        played.append((seat, e.action_of(agent, index)))
        e.step(index)
    assert any(isinstance(action, deals.Accept) for _, action in played)
    game = load_game("rex", players=6)
    state = game.new_initial_state(5)
    for seat, action in played:
        state = game.apply(state, seat, action).state
    assert state == e.game_state and game.outcome(state) == e.outcome


@pytest.mark.parametrize(("players", "seed", "rate"), [(3, 8, 0.2), (6, 2, 0.05)])
def test_the_vector_ignores_what_the_seat_cannot_see(players: int, seed: int, rate: float) -> None:
    """Re-dealing everything seat 0 cannot see (determinize) never changes its vector; at 6
    players, through a game with alliances and open proposals."""
    game = load_game("rex", players=players)
    enc = game.rl_encoding()  # type: ignore[attr-defined]
    rng = random.Random(3)
    state = game.new_initial_state(seed)
    checked = negotiating = 0
    while game.to_act(state) and checked < 100:
        seat = min(game.to_act(state))
        if rng.random() < rate:
            vector = enc.encode(game.observe(state, 0))
            for k in range(2):
                other = game.determinize(state, 0, k)
                assert np.array_equal(vector, enc.encode(game.observe(other, 0)))
            checked += 1
            negotiating += bool(state.deals.alliances or state.deals.open)
        state = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat)))).state
    assert checked
    assert negotiating or players < 4


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
