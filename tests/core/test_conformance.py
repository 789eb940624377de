"""The conformance suite on every registered game, the suite's own power to catch bugs,
hypothesis properties over reachable states, and pinned perft counts (ARCHITECTURE §7)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from turncoat.core.actions import Event, Viewer
from turncoat.core.engine import Outcome, Transition
from turncoat.core.errors import NotYourDecision
from turncoat.core.present import SeatRef
from turncoat.core.record import replay, state_digest
from turncoat.core.registry import load_game, registered
from turncoat.core.testing import (
    CHECKS,
    ConformanceError,
    check_game,
    divide,
    moves,
    perft,
    perft_breakdown,
    random_playout,
    toy,
)
from turncoat.core.testing.strategies import Reached, any_reachable_state, playouts, reachable_states, records
from turncoat.core.testing.toy import Bid, SealedBidsConfig, SealedBidsGame, SealedBidsState

# Variants worth a run of their own (more seats, hidden discards...), by game name.
EXTRA_CONFIGS: dict[str, list[dict[str, Any]]] = {
    "sealed_bids": [
        {"players": 2, "rounds": 1},
        {"players": 4, "rounds": 5},
        {"players": 3, "parley": True},
        {"players": 4, "rounds": 2, "parley": True},
    ],
    "verrater": [
        {"players": 3},
        {"players": 4, "hand_limit_discards": "face_down", "ring_layout": "alternating"},
        {"players": 3, "hand_limit_discards": "face_down", "builder_new_card_side": "estate_only"},
    ],
}
CASES: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in registered()] + [
    (name, config) for name in registered() for config in EXTRA_CONFIGS.get(name, [])
]


# Checks a game is known to fail, skipped in the runs above and pinned by a strict xfail below, so
# the suite stays green until the engine is fixed (then the xfail passes and fails the run).
KNOWN_FAILURES: dict[str, tuple[str, ...]] = {}


def _case_id(case: tuple[str, dict[str, Any]]) -> str:
    name, config = case
    return name + "".join(f"-{k}={v}" for k, v in sorted(config.items()))


def test_every_builtin_game_and_the_toy_game_are_registered() -> None:
    assert {"verrater", "sealed_bids"} <= set(registered())


# Rex's random playouts answer a card window at every race ability a Diplomatic Interference may
# cancel (about 300 decisions a game): on a loaded machine the run needs more than the default 300 s.
@pytest.mark.timeout(900)
@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
def test_registered_game_conforms(case: tuple[str, dict[str, Any]]) -> None:
    name, config = case
    skip = KNOWN_FAILURES.get(name, ())
    report = check_game(lambda: load_game(name, **config), seeds=(0, 1, 2), playouts=2, skip=skip)
    assert report.playouts == 6
    assert report.states > report.playouts
    assert report.actions_applied >= report.states - report.playouts
    assert report.illegal_tried > 0 and report.determinizations > 0
    assert set(report.checks) == set(CHECKS) - set(skip)


def test_verrater_determinized_states_are_playable() -> None:
    """Regression: a seat part-way through face-up hand-limit discards (seed 0, step 72) must keep
    a card at or below its last discard in every determinized copy."""
    game = load_game("verrater", players=4)
    check_game(game, seeds=(0,), playouts=2, checks=("determinized_play",))


def test_the_toy_game_exercises_simultaneous_choice_and_chance() -> None:
    game = SealedBidsGame(SealedBidsConfig(players=4, rounds=5))
    played = [random_playout(game, seed) for seed in range(5)]
    assert any(len(game.to_act(s)) == 4 for p in played for s in p.states)
    assert any(e.visible_to is not None for p in played for e in p.events)
    assert any(isinstance(e, toy.TieBroken) for p in played for e in p.events)
    check_game(game, seeds=range(5))


# -- the suite catches broken engines ----------------------------------------------------------
class LeakyObserve(SealedBidsGame):
    """Shows everyone's favourite card."""

    def observe(self, state: SealedBidsState, viewer: Viewer) -> toy.SealedBidsObservation:
        obs = super().observe(state, viewer)
        seats = tuple(msgspec.structs.replace(v, favourite=state.favourites[v.seat]) for v in obs.seats)
        return msgspec.structs.replace(obs, seats=seats)


class LeakyBids(SealedBidsGame):
    """Tells everyone how much the others sealed."""

    def observe(self, state: SealedBidsState, viewer: Viewer) -> toy.SealedBidsObservation:
        obs = super().observe(state, viewer)
        return msgspec.structs.replace(obs, my_bid=max((b or 0) for b in state.bids))


class RedealsOwnCard(SealedBidsGame):
    """Determinization that also redeals the viewer's own card."""

    def determinize(self, state: SealedBidsState, viewer: int, seed: int) -> SealedBidsState:
        det = super().determinize(state, viewer, seed)
        return msgspec.structs.replace(det, favourites=tuple(reversed(det.favourites)))


class DealsImpossibleBids(SealedBidsGame):
    """Determinization that imagines others sealed more coins than they have."""

    def determinize(self, state: SealedBidsState, viewer: int, seed: int) -> SealedBidsState:
        det = super().determinize(state, viewer, seed)
        bids = tuple(b if b is None or p == viewer else det.coins[p] + 10 for p, b in enumerate(det.bids))
        return msgspec.structs.replace(det, bids=bids)


class DuplicateActions(SealedBidsGame):
    def legal_actions(self, state: SealedBidsState, player: int) -> Sequence[toy.SealedBidsAction]:
        legal = super().legal_actions(state, player)
        return (*legal, legal[0]) if legal else legal


class UnstableOrder(SealedBidsGame):
    calls = 0

    def legal_actions(self, state: SealedBidsState, player: int) -> Sequence[toy.SealedBidsAction]:
        UnstableOrder.calls += 1
        legal = tuple(super().legal_actions(state, player))
        return legal[::-1] if UnstableOrder.calls % 2 else legal


class AcceptsAnySeat(SealedBidsGame):
    """Lets a seat that already bid bid again."""

    def apply(
        self, state: SealedBidsState, player: int, action: toy.SealedBidsAction
    ) -> Transition[SealedBidsState]:
        if isinstance(action, Bid) and state.phase == toy.BID and state.bids[player] is not None:
            state = msgspec.structs.replace(state, bids=toy._replace_at(state.bids, player, None))
        return super().apply(state, player, action)


class AcceptsOverbids(SealedBidsGame):
    """Takes a sealed bid larger than the seat's coins."""

    def apply(
        self, state: SealedBidsState, player: int, action: toy.SealedBidsAction
    ) -> Transition[SealedBidsState]:
        if isinstance(action, Bid) and player in self.to_act(state) and action.amount > state.coins[player]:
            bids = toy._replace_at(state.bids, player, action.amount)
            return Transition(msgspec.structs.replace(state, bids=bids), ())
        return super().apply(state, player, action)


class CrashesOnForeignActions(SealedBidsGame):
    def apply(
        self, state: SealedBidsState, player: int, action: toy.SealedBidsAction
    ) -> Transition[SealedBidsState]:
        if not isinstance(action, Bid | toy.KeepPrize | toy.SellPrize):
            raise KeyError(type(action).__name__)
        return super().apply(state, player, action)


class ActsAfterTheEnd(SealedBidsGame):
    def to_act(self, state: SealedBidsState) -> frozenset[int]:
        return super().to_act(state) or frozenset({0})


class LeakyLog(SealedBidsGame):
    def render_log(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[str]:
        return super().render_log(events, viewer, omniscient=True)


class InfiniteScore(SealedBidsGame):
    def outcome(self, state: SealedBidsState) -> Outcome | None:
        out = super().outcome(state)
        return None if out is None else msgspec.structs.replace(out, scores=(math.inf, *out.scores[1:]))


class NeverEnds(SealedBidsGame):
    """Keeps turning up prizes forever (the deck is reshuffled)."""

    def _end_round(self, d: Any, events: list[Event]) -> None:
        d.total_rounds += 1
        d.prize_deck = (*d.prize_deck, d.prize)
        super()._end_round(d, events)


class InstanceSeeded(SealedBidsGame):
    """Chance that depends on the engine instance, not only on the seed."""

    made = 0

    def __init__(self, config: SealedBidsConfig | None = None) -> None:
        super().__init__(config)
        InstanceSeeded.made += 1
        self.salt = InstanceSeeded.made

    def start(self, seed: int) -> Transition[SealedBidsState]:
        return super().start(seed * 1000 + self.salt)


class UnserialisableObservation(SealedBidsGame):
    def observe(self, state: SealedBidsState, viewer: Viewer) -> Any:
        return {"secret": object()}


class RemembersPositions(SealedBidsGame):
    """The engine keeps hidden memory between calls, so a record replays differently."""

    seen: set[str] = set()  # noqa: RUF012 - deliberately shared, that is the bug

    def apply(
        self, state: SealedBidsState, player: int, action: toy.SealedBidsAction
    ) -> Transition[SealedBidsState]:
        key = state_digest(state)
        t = super().apply(state, player, action)
        if key in RemembersPositions.seen and t.state.phase == toy.SELL:
            return Transition(msgspec.structs.replace(t.state, coins=(0,) * t.state.players), t.events)
        RemembersPositions.seen.add(key)
        return t


class HidesAChoice(SealedBidsGame):
    """A presentation that never offers a bid of 0."""

    def presentation(self) -> Any:
        face = super().presentation()
        offer = face.decisions

        def decisions(observation: Any, legal: Sequence[Any]) -> Any:
            return offer(observation, [a for a in legal if a != Bid(0)])

        face.decisions = decisions
        return face


class SummaryNamesAStranger(SealedBidsGame):
    """A round summary that credits the win to a seat the game does not have."""

    def presentation(self) -> Any:
        face = super().presentation()
        summary = face.summary

        def stranger(events: Any, viewer: Any, *, omniscient: bool = False) -> Any:
            lines = summary(events, viewer, omniscient=omniscient)
            return [(*said, " (thanks to ", SeatRef(self.config.players), ")") for said in lines]

        face.summary = stranger
        return face


class PresentedLogLeaks(SealedBidsGame):
    """A presentation whose log shows every seat the sealed bids (the engine's own log is sound)."""

    def presentation(self) -> Any:
        face = super().presentation()
        log = face.log

        def everything(events: Any, viewer: Any, *, omniscient: bool = False) -> Any:
            return log(events, viewer, omniscient=True)

        face.log = everything
        return face


class EncodesTooFewBids(SealedBidsGame):
    """An encoding that stops at bids of 3 coins, though a seat may hold more."""

    def rl_encoding(self) -> Any:
        encoding = super().rl_encoding()
        encoding.actions = tuple(a for a in encoding.actions if not (isinstance(a, Bid) and a.amount > 3))
        encoding._index = {a: i for i, a in enumerate(encoding.actions)}
        encoding.num_actions = len(encoding.actions)
        return encoding


class EncodesOutOfBounds(SealedBidsGame):
    """An observation vector with coins counted past the space's upper bound."""

    def rl_encoding(self) -> Any:
        encoding = super().rl_encoding()
        encoding.max_coins = 1
        return encoding


BROKEN: list[tuple[type[SealedBidsGame], str]] = [
    (LeakyObserve, "no_leak"),
    (LeakyBids, "no_leak"),
    (RedealsOwnCard, "no_leak"),
    (DealsImpossibleBids, "determinized_play"),
    (DuplicateActions, "legal_actions"),
    (UnstableOrder, "legal_actions"),
    (AcceptsAnySeat, "illegal_actions"),
    (AcceptsOverbids, "illegal_actions"),
    (CrashesOnForeignActions, "illegal_actions"),
    (ActsAfterTheEnd, "to_act"),
    (LeakyLog, "events"),
    (InfiniteScore, "outcome"),
    (NeverEnds, "terminates"),
    (InstanceSeeded, "determinism"),
    (UnserialisableObservation, "serialisation"),
    (RemembersPositions, "replay"),
    (HidesAChoice, "presentation"),
    (SummaryNamesAStranger, "presentation"),
    (PresentedLogLeaks, "presentation"),
    (EncodesTooFewBids, "encoding"),
    (EncodesOutOfBounds, "encoding"),
]


@pytest.mark.parametrize(("broken", "check"), BROKEN, ids=[b.__name__ for b, _ in BROKEN])
def test_the_suite_catches_a_broken_engine(broken: type[SealedBidsGame], check: str) -> None:
    factory: Callable[[], SealedBidsGame] = lambda: broken(SealedBidsConfig(players=3))  # noqa: E731
    with pytest.raises(ConformanceError) as err:
        check_game(factory, seeds=(0, 1), max_steps=200)
    assert err.value.check == check, str(err.value)
    assert err.value.game == "sealed_bids"


def test_a_conformance_error_carries_a_record_up_to_the_failing_step() -> None:
    with pytest.raises(ConformanceError) as err:
        check_game(lambda: LeakyBids(SealedBidsConfig(players=3)), seeds=(5,))
    e = err.value
    assert e.seed == 5 and e.policy_seed == 0 and e.step is not None and e.step > 0
    assert e.record is not None and len(e.record.actions) == e.step
    assert '"game": "sealed_bids"' in e.record_json()
    # The record reproduces the leaking position on the honest engine.
    state = replay(SealedBidsGame(SealedBidsConfig(players=3)), e.record).final_state
    assert any(b is not None for b in state.bids)


def test_checks_can_be_selected_and_unknown_ones_are_refused() -> None:
    report = check_game(lambda: LeakyLog(), seeds=(0,), skip=("events",))
    assert "events" not in report.checks
    check_game("sealed_bids", seeds=(0,), checks=("replay", "tamper"))
    with pytest.raises(ValueError, match="unknown"):
        check_game("sealed_bids", checks=("no_such_check",))


def test_the_refusal_of_an_illegal_seat_is_a_rules_error() -> None:
    game = SealedBidsGame()
    state = game.new_initial_state(0)
    with pytest.raises(NotYourDecision):
        game.apply(state, game.num_players(), Bid(0))


# -- hypothesis: properties over reachable states of every registered game ------------------------
@pytest.mark.parametrize("name", registered())
@settings(max_examples=25)
@given(data=st.data())
def test_reachable_states_keep_hidden_information_hidden(name: str, data: Any) -> None:
    reached: Reached = data.draw(reachable_states(name, max_steps=120))
    game, state = reached.game, reached.state
    for seat in range(game.num_players()):
        for k in range(2):
            det = game.determinize(state, seat, k)
            assert game.observe(det, seat) == game.observe(state, seat)
            assert game.observe(det, None) == game.observe(state, None)
    assert msgspec.json.decode(msgspec.json.encode(state), type=type(state)) == state
    assert state_digest(replay(game, reached.record()).final_state) == state_digest(state)


@settings(max_examples=15)
@given(any_reachable_state(max_steps=80))
def test_any_game_public_view_survives_determinization(reached: Reached) -> None:
    game, state = reached.game, reached.state
    public = game.observe(state, None)
    assert all(game.observe(game.determinize(state, p, 1), None) == public for p in range(game.num_players()))


@settings(max_examples=10)
@given(playouts("sealed_bids"))
def test_toy_playouts_end_with_an_outcome(reached: Reached) -> None:
    outcome = reached.game.outcome(reached.state)
    assert outcome is not None and reached.terminal
    assert len(outcome.scores) == reached.game.num_players()
    assert sum(isinstance(e, toy.GameEnded) for e in reached.events) == 1


@settings(max_examples=10)
@given(records("verrater", max_steps=40))
def test_verrater_records_replay(record: Any) -> None:
    game = load_game("verrater")
    result = replay(game, record)
    assert len(result.steps) == len(record.actions)


# -- perft: pinned decision-tree counts from pinned seeds -----------------------------------------
def test_perft_counts_the_toy_game() -> None:
    game = SealedBidsGame()  # 3 seats, 5 coins: each seat bids 0..5, in any order
    start = game.new_initial_state(7)
    assert [perft(game, start, d) for d in range(5)] == [1, 18, 216, 1296, 2592]
    result = perft_breakdown(game, start, 4, distinct=True)
    assert result.nodes == (1, 18, 216, 1296, 2592)
    assert result.distinct == (1, 18, 108, 216, 432)  # commitment orders transpose
    assert result.terminals == (0, 0, 0, 0, 0)
    assert result.leaves == 2592


def test_perft_reaches_the_end_of_a_short_toy_game() -> None:
    game = SealedBidsGame(SealedBidsConfig(players=2, rounds=2))
    result = perft_breakdown(game, game.new_initial_state(3), 8, distinct=True)
    assert result.nodes == (1, 12, 72, 144, 1350, 6096, 11664, 0, 0)
    assert result.terminals == (0, 0, 0, 0, 0, 264, 11664, 0, 0)
    assert result.distinct == (1, 12, 36, 72, 675, 1590, 2916, 0, 0)
    assert result.leaves == 11928 == perft(game, game.new_initial_state(3), 8)
    assert result.as_dict()["leaves"] == 11928


def test_divide_splits_perft_by_first_move() -> None:
    game = SealedBidsGame()
    start = game.new_initial_state(7)
    split = divide(game, start, 3)
    assert len(split) == len(moves(game, start)) == 18
    assert sum(split.values()) == 1296
    assert split["seat 0: bid 0"] == 72
    with pytest.raises(ValueError):
        perft(game, start, -1)


# Verräter counts from random playouts of pinned seeds (policy: turncoat.core.testing.playout).
# A change here means the rules, the RNG or the random policy changed: explain it in the commit.
PINNED_ROUND_2 = (1, 4, 8, 18, 52, 144, 400, 1308, 4824)  # 4 seats, seed 0: round 2, step 3
PINNED_END = ((1, 3, 7, 35, 184, 372, 591), (0, 0, 0, 0, 120, 280, 500))  # 6 decisions before the end
PINNED_3P = (1, 5, 20, 60, 180, 480, 1080, 3768)  # 3 seats, face-down discards, seed 5: round 3, step 2
# The counts were pinned under these step-10 readings (GAP-20, GAP-12), the defaults of the time.
STEP_10 = {"hand_limit_timing": "after_all_draws", "reshuffle_timing": "when_drawing"}


def test_perft_counts_verrater() -> None:
    game = load_game("verrater", players=4, **STEP_10)
    assert perft_breakdown(game, game.new_initial_state(0), 4).nodes == (1, 12, 132, 1320, 11880)
    states = random_playout(game, 0, 0).states
    round_2 = next(s for s in states if s.round == 2 and s.step == "commit")
    assert perft_breakdown(game, round_2, 8).nodes == PINNED_ROUND_2
    end = perft_breakdown(game, states[-6], 6)
    assert (end.nodes, end.terminals) == PINNED_END
    assert end.leaves == perft(game, states[-6], 6) == sum(end.terminals[:-1]) + end.nodes[-1] == 991


def test_perft_counts_verrater_three_players_hidden_discards() -> None:
    game = load_game("verrater", players=3, hand_limit_discards="face_down", **STEP_10)
    states = random_playout(game, 5, 1).states
    state = next(s for s in states if s.step == "draft" and s.round == 3)
    assert perft_breakdown(game, state, 7).nodes == PINNED_3P
