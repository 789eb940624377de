"""ISMCTS: legal, reproducible, blind to hidden information, quick on a tiny budget, and stronger
than random play."""

from __future__ import annotations

import random
import time
from typing import Any

import msgspec
import pytest

import turncoat.core.testing.toy  # noqa: F401  (registers sealed_bids)
from turncoat.agents.base import Agent, RandomAgent, SeatView, agent_names, make_agent
from turncoat.agents.ismcts import ISMCTSAgent, root_statistics
from turncoat.agents.match import play_match
from turncoat.agents.rollout import RolloutAgent
from turncoat.agents.search_policies import heuristic_rollout, rewards_from_scores
from turncoat.core.engine import Game
from turncoat.core.errors import InvalidConfig
from turncoat.core.registry import load_game
from turncoat.games.verrater.actions import CommitSupply, FinishCommitting


def random_states(game: Game[Any, Any, Any], seed: int, every: int = 1) -> list[Any]:
    """States of one random game where the first seat to act has a real choice."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    out: list[Any] = []
    count = 0
    while seats := game.to_act(state):
        seat = min(seats)
        legal = game.legal_actions(state, seat)
        if len(legal) > 1:
            if count % every == 0:
                out.append(state)
            count += 1
        state = game.apply(state, seat, rng.choice(list(legal))).state
    return out


def decide(game: Game[Any, Any, Any], state: Any, seat: int, **options: Any) -> Any:
    agent = ISMCTSAgent(**options)
    return agent.choose(SeatView(game, state, seat), random.Random(0))


def root_stats(game: Game[Any, Any, Any], state: Any, seat: int, **options: Any) -> dict[Any, Any]:
    agent = ISMCTSAgent(**options)
    root = agent.search(SeatView(game, state, seat), random.Random(options.get("seed", 0)))
    return root_statistics(root, seat)


def test_registered() -> None:
    assert "ismcts" in agent_names()
    agent = make_agent("ismcts:iterations=20,seed=4,exploration=1.1")
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.iterations, agent.seed, agent.exploration) == (20, 4, 1.1)


@pytest.mark.parametrize("players", [3, 4])
def test_legal_on_verrater(players: int) -> None:
    game = load_game("verrater", players=players)
    states = random_states(game, seed=players, every=6)
    steps = set()
    for state in states:
        (seat,) = game.to_act(state)
        action = decide(game, state, seat, iterations=25, seed=1)
        assert action in game.legal_actions(state, seat)
        steps.add(state.step)
    assert {"place_estate", "choose_site", "draft", "commit"} <= steps


def test_legal_on_sealed_bids_including_simultaneous_steps() -> None:
    game = load_game("sealed_bids", players=3)
    simultaneous = 0
    for state in random_states(game, seed=5):
        seats = sorted(game.to_act(state))
        simultaneous += len(seats) > 1
        for seat in seats:
            action = decide(game, state, seat, iterations=60, seed=2)
            assert action in game.legal_actions(state, seat)
    assert simultaneous > 0


def test_sealed_bids_parley_plays_to_the_end() -> None:
    """At the parley every seat acts at once but nothing is sealed: one seat's offer changes what
    the others may do.  The search must keep to what each position allows, in every sampled
    world, and so play whole games."""
    game = load_game("sealed_bids", players=3, parley=True)
    for g in range(3):
        agents: list[Agent] = [RandomAgent(), RandomAgent(), RandomAgent()]
        agents[g] = ISMCTSAgent(iterations=60)
        result = play_match(game, agents, seed=5000 + g)
        assert result.error is None and result.outcome is not None


def test_full_verrater_game_without_errors() -> None:
    game = load_game("verrater", players=3, rounds=2)
    agents: list[Agent] = [ISMCTSAgent(iterations=15), RandomAgent(), RandomAgent()]
    result = play_match(game, agents, seed=11)
    assert result.error is None
    assert result.outcome is not None


def test_deterministic_for_a_fixed_seed() -> None:
    game = load_game("verrater", players=4)
    state = random_states(game, seed=8, every=5)[3]
    (seat,) = game.to_act(state)
    first = root_stats(game, state, seat, iterations=150, seed=9)
    assert first == root_stats(game, state, seat, iterations=150, seed=9)
    # seed fixed: the match rng passed to choose does not matter
    agent = ISMCTSAgent(iterations=150, seed=9)
    view = SeatView(game, state, seat)
    assert agent.choose(view, random.Random(1)) == agent.choose(view, random.Random(2))
    # no seed: the match rng decides, reproducibly
    free = ISMCTSAgent(iterations=150)
    assert free.choose(view, random.Random(3)) == free.choose(view, random.Random(3))


def _verrater_alterations(game: Any, state: Any, seat: int) -> list[Any]:
    """States that differ from ``state`` only in what ``seat`` cannot see."""
    return [
        game.determinize(state, seat, 17),
        game.determinize(state, seat, 18),
        msgspec.structs.replace(
            state, draw_pile=tuple(reversed(state.draw_pile)), seed=state.seed + 1, rng=state.rng + 3
        ),
    ]


def _toy_alterations(game: Any, state: Any, seat: int) -> list[Any]:
    bids = tuple(b if b is None or p == seat else state.coins[p] - b for p, b in enumerate(state.bids))
    return [
        game.determinize(state, seat, 17),
        msgspec.structs.replace(
            state, bids=bids, prize_deck=tuple(reversed(state.prize_deck)), seed=state.seed + 1
        ),
    ]


HEURISTIC_SEARCH = {"opponents": "heuristic", "rollout": "heuristic", "rollout_depth": None}
# The configuration measured against heuristic bots (with iterations instead of a time limit).
STRONG_SEARCH = {
    **HEURISTIC_SEARCH,
    "playout": "full",
    "tree_depth": 1,
    "confidence": 2.0,
    "margin_weight": 0.3,
}


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("verrater", {}),
        ("verrater", HEURISTIC_SEARCH),
        ("verrater", {"rollout_depth": None}),
        ("verrater", {"prior": 20}),
        ("verrater", STRONG_SEARCH),
        ("sealed_bids", {}),
    ],
    ids=[
        "verrater",
        "verrater-heuristic-search",
        "verrater-full-rollouts",
        "verrater-prior",
        "verrater-strong-search",
        "sealed_bids",
    ],
)
def test_never_reads_hidden_state(name: str, options: dict[str, Any]) -> None:
    """Deciding from the real state, from a determinization of it, or from a state with other
    hidden parts gives exactly the same search: the same root statistics and the same move."""
    game = load_game(name, players=3)
    alter = _verrater_alterations if name == "verrater" else _toy_alterations
    states = random_states(game, seed=21, every=7 if name == "verrater" else 1)
    heavy = options.get("rollout") == "heuristic"  # full heuristic playouts are slow: fewer checks
    iterations = 6 if heavy else (12 if options else 40)
    checked = 0
    for state in states[: 5 if heavy else 8]:
        for seat in sorted(game.to_act(state)):
            expected = root_stats(game, state, seat, iterations=iterations, seed=5, **options)
            action = decide(game, state, seat, iterations=iterations, seed=5, **options)
            for other in alter(game, state, seat):
                assert game.observe(other, seat) == game.observe(state, seat)
                assert root_stats(game, other, seat, iterations=iterations, seed=5, **options) == expected
                assert decide(game, other, seat, iterations=iterations, seed=5, **options) == action
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize("horizon", ["round", "game"])
def test_rollout_agent_never_reads_hidden_state(horizon: str) -> None:
    """The one-step rollout agent too: the same playout rewards and move from the real state as
    from states that differ only in what the seat cannot see."""
    game = load_game("verrater", players=3)
    states = random_states(game, seed=21, every=7)
    samples = 2 if horizon == "game" else 3  # playouts to the end are slow: fewer of them
    checked = 0
    for state in states[: 3 if horizon == "game" else 6]:
        (seat,) = game.to_act(state)
        agent = RolloutAgent(samples=samples, horizon=horizon, seed=5)
        view = SeatView(game, state, seat)
        legal = list(view.legal_actions)
        expected = agent.playout_rewards(view, legal, random.Random(5))
        action = agent.choose(view, random.Random(0))
        for other in _verrater_alterations(game, state, seat):
            other_view = SeatView(game, other, seat)
            assert agent.playout_rewards(other_view, legal, random.Random(5)) == expected
            assert agent.choose(other_view, random.Random(0)) == action
        checked += 1
    assert checked >= 3


def test_rollout_agent_keeps_the_heuristic_move_unless_another_is_significantly_better() -> None:
    agent = RolloutAgent(confidence=2.0)
    assert agent.confident_gain([1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 0.0]) == 0.0  # noise
    assert agent.confident_gain([0.6, 0.7, 0.6, 0.7], [0.5, 0.5, 0.5, 0.5]) == pytest.approx(0.15)
    assert agent.confident_gain([0.4] * 4, [0.5] * 4) == 0.0
    game = load_game("verrater", players=4)
    policy = game.heuristic_policy()  # type: ignore[attr-defined]
    for state in random_states(game, seed=9, every=9)[:6]:
        (seat,) = game.to_act(state)
        view = SeatView(game, state, seat)
        legal = list(view.legal_actions)
        # An unreachable bar: the agent plays the full heuristic's move.
        stubborn = RolloutAgent(samples=2, seed=1, confidence=1e9)
        local = random.Random(1)
        base = policy.choose(view.observation, legal, random.Random(local.getrandbits(62)))
        assert stubborn.choose(view, random.Random(0)) == base


def test_rollout_agent_stops_sampling_once_the_choice_is_settled() -> None:
    agent = RolloutAgent(confidence=2.0)
    base = [0.5, 0.2, 0.9, 0.4]
    a, b = FinishCommitting(), CommitSupply(3)
    assert agent.settled({a: base, b: [v + 0.1 for v in base]}, a)  # significantly better
    assert agent.settled({a: base, b: [v - 0.3 for v in base]}, a)  # clearly worse
    assert agent.settled({a: base, b: list(base)}, a)  # the same move in effect
    assert not agent.settled({a: base, b: [0.6, 0.1, 0.9, 0.5]}, a)  # undecided
    # With a time limit the agent samples beyond ``samples`` only while the choice is open.
    game = load_game("verrater", players=4)
    state = random_states(game, seed=9, every=9)[2]
    (seat,) = game.to_act(state)
    timed = RolloutAgent(samples=2, seed=1, time_limit=0.3, horizon="round")
    timed.choose(SeatView(game, state, seat), random.Random(0))
    assert timed.last_samples >= 2


def test_rollout_agent_is_registered_and_checks_its_options() -> None:
    assert "rollout" in agent_names()
    agent = make_agent("rollout:samples=3,horizon=game,margin_weight=1.0,confidence=1.5")
    assert isinstance(agent, RolloutAgent)
    assert (agent.samples, agent.horizon, agent.margin_weight, agent.confidence) == (3, "game", 1.0, 1.5)
    assert make_agent("rollout:time_limit=0.5").time_limit == 0.5  # type: ignore[attr-defined]
    bad_options: list[dict[str, Any]] = [
        {"samples": 0},
        {"horizon": "week"},
        {"margin_weight": 2.0},
        {"confidence": -1},
        {"time_limit": 0},
        {"time_limit": "soon"},
        {"playout": "slow"},
    ]
    for bad in bad_options:
        with pytest.raises(ValueError):
            RolloutAgent(**bad)


def test_heuristic_search_is_legal_and_reproducible() -> None:
    game = load_game("verrater", players=4)
    steps = set()
    for state in random_states(game, seed=6, every=10):
        (seat,) = game.to_act(state)
        first = root_stats(game, state, seat, iterations=6, seed=2, **HEURISTIC_SEARCH)
        assert first == root_stats(game, state, seat, iterations=6, seed=2, **HEURISTIC_SEARCH)
        assert sum(n for n, _ in first.values()) == 6
        assert set(first) <= set(game.legal_actions(state, seat))
        steps.add(state.step)
    assert {"draft", "commit"} <= steps


def test_full_playouts_follow_the_heuristic_itself() -> None:
    """``playout=full`` plays the heuristic's own choice for every seat, ``fast`` its cheap
    variant; both from the seat's observation of the sampled world."""
    game = load_game("verrater", players=4)
    policy = game.heuristic_policy()  # type: ignore[attr-defined]
    full, fast = heuristic_rollout(game, "full"), heuristic_rollout(game, "fast")
    assert heuristic_rollout(game, "full") is full and full is not fast
    for state in random_states(game, seed=4, every=5)[:10]:
        (seat,) = game.to_act(state)
        legal = list(game.legal_actions(state, seat))
        obs = game.observe(state, seat)
        assert full(game, state, seat, legal, random.Random(3)) == policy.choose(obs, legal, random.Random(3))
        assert fast(game, state, seat, legal, random.Random(3)) == policy.rollout_choose(
            obs, legal, random.Random(3)
        )
    assert make_agent("rollout:playout=full").playout == "full"  # type: ignore[attr-defined]
    assert make_agent("ismcts:playout=full").playout == "full"  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        ISMCTSAgent(playout="slow")
    with pytest.raises(ValueError):
        heuristic_rollout(game, "slow")


def test_confidence_keeps_the_heuristic_move_unless_another_is_clearly_better() -> None:
    from turncoat.agents.ismcts import _Node

    a, b, c = FinishCommitting(), CommitSupply(3), CommitSupply(5)
    root = _Node()

    def child(rewards: list[float]) -> _Node:
        node = _Node()
        node.n, node.w, node.w2 = len(rewards), sum(rewards), sum(r * r for r in rewards)
        return node

    root.kids[0] = {a: child([0.2, 0.3] * 10), b: child([0.0, 0.8] * 10), c: child([0.5, 0.6] * 10)}
    # c beats the heuristic's a by far more than 2 standard errors; b's mean is higher but noisy.
    assert ISMCTSAgent._confident(root, 0, [a, b, c], a, 2.0) == c
    assert ISMCTSAgent._confident(root, 0, [a, b], a, 2.0) == a
    assert ISMCTSAgent._confident(root, 0, [a, b, c], a, 1e9) == a
    # In a game: an unreachable bar plays the heuristic's move.
    game = load_game("verrater", players=4)
    policy = game.heuristic_policy()  # type: ignore[attr-defined]
    for state in random_states(game, seed=9, every=9)[:4]:
        (seat,) = game.to_act(state)
        view = SeatView(game, state, seat)
        agent = ISMCTSAgent(iterations=12, seed=1, opponents="heuristic", tree_depth=1, confidence=1e9)
        local = random.Random(1)
        hint = policy.choose(view.observation, list(view.legal_actions), local)
        assert agent.choose(view, random.Random(0)) == hint
    with pytest.raises(ValueError):
        ISMCTSAgent(confidence=-1)


def test_tree_depth_limits_how_deep_the_tree_grows() -> None:
    """``tree_depth=1`` branches only the decision at hand: the root's children stay leaves."""
    game = load_game("verrater", players=4)
    state = random_states(game, seed=3, every=8)[1]
    (seat,) = game.to_act(state)
    flat = ISMCTSAgent(iterations=40, seed=1, opponents="heuristic", tree_depth=1)
    root = flat.search(SeatView(game, state, seat), random.Random(1))
    children = [child for table in root.kids.values() for child in table.values()]
    assert children and sum(c.n for c in children) == 40
    assert all(not c.kids and not c.tables and not c.joint for c in children)
    deep = ISMCTSAgent(iterations=40, seed=1, opponents="heuristic")
    root = deep.search(SeatView(game, state, seat), random.Random(1))
    assert any(c.kids or c.joint for table in root.kids.values() for c in table.values())
    assert make_agent("ismcts:tree_depth=-1").tree_depth is None  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        ISMCTSAgent(tree_depth=1.5)  # type: ignore[arg-type]


def test_modelled_opponents_do_not_branch_the_tree() -> None:
    """With ``opponents=heuristic`` only the searching seat's moves are tree edges."""
    game = load_game("verrater", players=4)
    state = random_states(game, seed=3, every=8)[1]
    (seat,) = game.to_act(state)
    agent = ISMCTSAgent(iterations=30, seed=1, opponents="heuristic")
    root = agent.search(SeatView(game, state, seat), random.Random(1))
    stack = [root]
    while stack:
        node = stack.pop()
        assert set(node.kids) <= {seat} and set(node.tables) <= {seat}
        stack.extend(child for table in node.kids.values() for child in table.values())
        stack.extend(node.joint.values())


def test_prior_keeps_the_heuristic_move_unless_the_search_clearly_disagrees() -> None:
    game = load_game("verrater", players=4)
    policy = game.heuristic_policy()  # type: ignore[attr-defined]
    overridden = kept = 0
    for state in random_states(game, seed=9, every=6)[:12]:
        (seat,) = game.to_act(state)
        view = SeatView(game, state, seat)
        legal = list(view.legal_actions)
        hint = policy.choose(view.observation, legal, random.Random(0))
        root = ISMCTSAgent(iterations=120, seed=3).search(view, random.Random(3))
        visits = root_statistics(root, seat)
        top = ISMCTSAgent._best(root, seat, legal)  # no prior: the most visited move
        assert visits[top][0] == max(n for n, _ in visits.values())
        assert ISMCTSAgent._best(root, seat, legal, hint, 10_000) == hint
        lead = visits[top][0] - visits.get(hint, (0, 0.0))[0]
        picked = ISMCTSAgent._best(root, seat, legal, hint, 5)
        if lead > 5:
            assert picked == top
            overridden += 1
        elif lead < 5:
            assert picked == hint
            kept += 1
    assert overridden and kept


def test_heuristic_options_need_a_game_with_a_heuristic() -> None:
    game = load_game("sealed_bids", players=3)
    state = game.new_initial_state(1)
    with pytest.raises(InvalidConfig, match="offers no heuristic"):
        decide(game, state, 0, iterations=5, seed=1, rollout="heuristic")
    with pytest.raises(ValueError, match="opponents must be one of"):
        ISMCTSAgent(opponents="psychic")
    with pytest.raises(InvalidConfig, match="offers no heuristic"):
        decide(game, state, 0, iterations=5, seed=1, prior=10)


def test_tiny_budget_is_quick() -> None:
    game = load_game("verrater", players=4)
    state = random_states(game, seed=2, every=10)[2]
    (seat,) = game.to_act(state)
    view = SeatView(game, state, seat)
    start = time.perf_counter()
    agent = ISMCTSAgent(iterations=1, seed=0)
    assert agent.choose(view, random.Random(0)) in game.legal_actions(state, seat)
    assert time.perf_counter() - start < 0.5
    start = time.perf_counter()
    timed = ISMCTSAgent(time_limit=0.05, seed=0)
    assert timed.choose(view, random.Random(0)) in game.legal_actions(state, seat)
    assert time.perf_counter() - start < 1.0
    assert timed.last_iterations >= 1


def test_rollouts_to_the_end_and_cut_off_agree_on_legality() -> None:
    game = load_game("verrater", players=3)
    state = random_states(game, seed=4, every=9)[4]
    (seat,) = game.to_act(state)
    for depth in (None, 0, 30):
        assert decide(game, state, seat, iterations=20, seed=3, rollout_depth=depth) in game.legal_actions(
            state, seat
        )


def test_custom_rollout_policy_is_used() -> None:
    calls = []

    def first_legal(game: Any, state: Any, seat: int, legal: Any, rng: random.Random) -> Any:
        calls.append(seat)
        return legal[0]

    game = load_game("sealed_bids", players=3)
    state = game.new_initial_state(1)
    decide(game, state, 0, iterations=10, seed=1, rollout=first_legal)
    assert calls


def test_rewards_from_scores() -> None:
    assert rewards_from_scores([10, 5, 0], margin_weight=0.0) == [1.0, 0.0, 0.0]
    assert rewards_from_scores([4, 4, 1], margin_weight=0.0) == [0.5, 0.5, 0.0]
    r = rewards_from_scores([10, 5, 0], margin_weight=0.1)
    assert r == pytest.approx([1.0, 0.05, 0.0])
    assert rewards_from_scores([3, 3], margin_weight=0.2) == pytest.approx([0.5, 0.5])


def test_beats_random_on_sealed_bids() -> None:
    """ISMCTS in every seat position against two random bidders, 18 fixed games."""
    game = load_game("sealed_bids", players=3)
    wins = 0.0
    margin = 0.0
    games = 18
    for g in range(games):
        seat = g % 3
        agents: list[Agent] = [RandomAgent(), RandomAgent(), RandomAgent()]
        agents[seat] = ISMCTSAgent(iterations=200)
        result = play_match(game, agents, seed=1000 + g)
        assert result.error is None and result.outcome is not None
        scores = result.outcome.scores
        if seat in result.outcome.winners:
            wins += 1 / len(result.outcome.winners)
        margin += scores[seat] - sum(s for p, s in enumerate(scores) if p != seat) / 2
    assert wins / games > 0.5  # random play would win a third
    assert margin > 0


def test_the_strong_preset_is_a_named_ismcts_configuration() -> None:
    from turncoat.agents.base import presets

    assert "strong" in agent_names() and "strong" in presets()
    agent = make_agent("strong")
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.opponents, agent.rollout, agent.playout) == ("heuristic", "heuristic", "full")
    assert agent.tree_depth == 1
    assert (agent.confidence, agent.time_limit, agent.rollout_depth) == (2.0, 0.5, None)
    # options after the preset's name override its own
    assert make_agent("strong:time_limit=1,confidence=3").time_limit == 1  # type: ignore[attr-defined]
    with pytest.raises(InvalidConfig):
        make_agent("strong:tree_depth=deep")
    with pytest.raises(InvalidConfig, match="strong"):
        make_agent("strongest")  # the error lists the presets among the known names
