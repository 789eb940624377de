"""RULES §16: observations show each seat exactly what it may know; determinization re-deals the rest."""

from __future__ import annotations

import random
from typing import Any

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from tests.games.rex.helpers import rex, set_up_game
from turncoat.games.rex import actions as A
from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.observe import RexObservation
from turncoat.games.rex.state import BID, KEEP_TRAITOR, MANEUVER_STEPS, State

GAMES = {
    n: RexGame(RexConfig(players=n, betrayal_cards=True, strategy_discard_public=n % 2 == 0))
    for n in (3, 4, 5, 6)
}


@st.composite
def reached(draw: st.DrawFn) -> tuple[RexGame, State]:
    """A state reached by random legal decisions (indices, so hypothesis shrinks to short games)."""
    g = GAMES[draw(st.sampled_from(sorted(GAMES)))]
    s = g.start(draw(st.integers(min_value=0, max_value=10**9))).state
    for _ in range(draw(st.integers(min_value=0, max_value=120))):
        seats = sorted(g.to_act(s))
        if not seats:
            break
        seat = seats[draw(st.integers(min_value=0, max_value=len(seats) - 1))]
        legal = g.legal_actions(s, seat)
        s = g.apply(s, seat, legal[draw(st.integers(min_value=0, max_value=len(legal) - 1))]).state
    return g, s


@given(reached(), st.integers(min_value=0, max_value=2**32))
def test_a_seats_view_never_changes_when_what_it_cannot_see_is_redealt_rule_16(
    position: tuple[RexGame, State], seed: int
) -> None:
    g, s = position
    for seat in range(s.players):
        other = g.determinize(s, seat, seed)
        assert g.observe(other, seat) == g.observe(s, seat)
        assert g.to_act(other) == g.to_act(s)
        assert list(g.legal_actions(other, seat)) == list(g.legal_actions(s, seat))
        assert g.determinize(s, seat, seed) == other  # deterministic
        assert msgspec.json.decode(msgspec.json.encode(other), type=State) == other
        for p in g.to_act(other):  # a sound position: who must act can act
            assert g.legal_actions(other, p)


@given(reached())
def test_observations_round_trip_through_json(position: tuple[RexGame, State]) -> None:
    g, s = position
    for viewer in (*range(s.players), None):
        view = g.observe(s, viewer)
        assert msgspec.json.decode(msgspec.json.encode(view), type=RexObservation) == view


def test_redealing_really_changes_what_is_hidden() -> None:
    g = GAMES[6]
    s = set_up_game(g, 4)
    others = {g.determinize(s, 0, k).hands[1:] for k in range(20)}
    assert len(others) > 1
    assert all(g.determinize(s, 0, k).hands[0] == s.hands[0] for k in range(20))
    assert all(
        len(h) == len(o)
        for k in range(5)
        for h, o in zip(g.determinize(s, 0, k).hands, s.hands, strict=False)
    )


def test_spectators_see_no_secrets_rule_16_2() -> None:
    g = GAMES[5]
    s = set_up_game(g, 2)
    view = g.observe(s, None)
    assert view.hand is None and view.traitors is None and view.prediction is None and view.betrayal is None
    assert all(seat.known_cards == () for seat in view.seats)
    assert [seat.hand_size for seat in view.seats] == [len(h) for h in s.hands]  # §16.1: sizes are public


def test_own_secrets_are_shown_to_their_seat_only_rule_16_2() -> None:
    g = rex(4, ["xxcha", "sol", "jol_nar", "letnev"], betrayal_cards=True)
    s = g.start(0).state
    s = g.apply(s, 0, A.PredictWinner("sol", 8)).state
    assert s.step == KEEP_TRAITOR
    assert g.observe(s, 0).prediction == ("sol", 8)
    assert g.observe(s, 1).prediction is None
    offers = g.observe(s, 1).traitor_offers
    assert offers is not None and len(offers) == 4
    assert g.observe(s, 2).traitor_offers != offers
    s = set_up_game(g, 0)
    for seat in range(4):
        view = g.observe(s, seat)
        assert view.hand == tuple(g.ctx.t.card_ids[c] for c in s.hands[seat])
        assert view.traitors == tuple(g.ctx.t.leader_ids[ld] for ld in s.traitors[seat])
        assert view.betrayal is not None


def _bidding(seed: int) -> tuple[RexGame, State]:
    g = rex(4, ["lazax", "jol_nar", "letnev", "hacan"])
    s = set_up_game(g, seed)
    r = random.Random(seed)
    while s.step != BID:
        seat = min(g.to_act(s))
        s = g.apply(s, seat, r.choice(list(g.legal_actions(s, seat)))).state
    return g, s


def test_jol_nar_sees_the_card_on_auction_and_learns_where_it_goes_rule_7_step_3() -> None:
    g, s = _bidding(1)
    card = g.ctx.t.card_ids[s.row[0]]
    assert g.observe(s, 1).card_on_auction == card
    assert all(g.observe(s, seat).card_on_auction is None for seat in (0, 2, 3))
    while s.auction == 1 and s.step == BID:  # the Lazax (seat 0) buy it for 1
        seat = s.actor
        action: Any = A.Bid(1) if seat == 0 and s.high_bidder != 0 else A.PassBid()
        s = g.apply(s, seat, action).state
    assert card in g.observe(s, 1).seats[0].known_cards
    assert g.observe(s, 2).seats[0].known_cards == ()
    other = g.determinize(s, 1, 99)
    assert g.ctx.t.card_ids.index(card) in other.hands[0]  # Jol-Nar's knowledge survives the re-deal


def test_jol_nar_sees_the_next_influence_card_from_the_maneuvering_phase_rule_18() -> None:
    g = rex(4, ["lazax", "jol_nar", "sol", "hacan"])
    s = set_up_game(g, 3)
    r = random.Random(3)
    while s.step not in MANEUVER_STEPS:
        assert g.observe(s, 1).next_influence_card is None
        seat = min(g.to_act(s))
        s = g.apply(s, seat, r.choice(list(g.legal_actions(s, seat)))).state
    top = g.ctx.t.influence_ids[s.influence_deck[-1]]
    assert g.observe(s, 1).next_influence_card == top
    assert all(g.observe(s, seat).next_influence_card is None for seat in (0, 2, 3))
    assert all(g.determinize(s, 1, k).influence_deck[-1] == s.influence_deck[-1] for k in range(10))
    assert len({g.determinize(s, 0, k).influence_deck[-1] for k in range(20)}) > 1


def test_the_sol_see_the_next_bombardment_card_rule_18() -> None:
    g = rex(4, ["lazax", "jol_nar", "sol", "hacan"])
    s = set_up_game(g, 3)
    assert g.observe(s, 2).next_bombardment == s.bombardment_deck[-1]
    assert g.observe(s, 0).next_bombardment is None
    assert all(g.determinize(s, 2, k).bombardment_deck[-1] == s.bombardment_deck[-1] for k in range(10))
    blind = rex(4, ["lazax", "jol_nar", "sol", "hacan"], sol_sees_next_bombardment=False)
    assert blind.observe(set_up_game(blind, 3), 2).next_bombardment is None
