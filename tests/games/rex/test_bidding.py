"""RULES §7 Phase 2 — Bidding (E10-E13, E32)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from tests.games.rex.helpers import pass_card_window, rex, run_phase, set_up_game
from turncoat.core.actions import Event, redact
from turncoat.core.errors import IllegalAction, NotYourDecision
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.phases import bidding as bd
from turncoat.games.rex.phases.bidding import begin_bidding
from turncoat.games.rex.state import BID, Draft, State, total_influence

LAZAX, JOL_NAR, LETNEV, HACAN = 0, 1, 2, 3  # seats (the races are dealt in this order)
DECOY, ATTACK_K, DEFENSE_K = 6, 0, 4
DECK = (DEFENSE_K, DEFENSE_K, ATTACK_K, DECOY, DECOY, DECOY, DECOY)  # top card last


def game(**options: Any) -> RexGame:
    return rex(4, ["lazax", "jol_nar", "letnev", "hacan"], **options)


def bidding(g: RexGame, **fields: Any) -> tuple[State, list[Event]]:
    """§7 from a set-up game: empty hands, 10 influence each, first player 0 unless said otherwise."""
    s = set_up_game(g)
    fields.setdefault("hands", ((), (), (), ()))
    fields.setdefault("influence", (10, 10, 10, 10))
    fields.setdefault("first_player", 0)
    fields.setdefault("strategy_deck", DECK)
    fields.setdefault("strategy_discard", ())
    return run_phase(g, s, begin_bidding, **fields)


def act(g: RexGame, s: State, seat: int, action: Any, log: list[Event] | None = None) -> State:
    """Apply; a Diplomatic Interference window that opens (§17, C5) is answered "no card" by all."""
    t = g.apply(s, seat, action)
    events = list(t.events)
    s = pass_card_window(g, t.state, events)
    if log is not None:
        log.extend(events)
    return s


def test_one_card_per_player_below_the_hand_limit_e13() -> None:
    g = game()
    s, events = bidding(g, hands=((0, 1, 4, 6), (), (0, 1, 4, 6), ()))
    assert E.AuctionRowDrawn(count=3) in events  # the full Lazax hand does not count; Letnev's limit is 8
    assert len(s.row) == 3 and s.row[0] == DECOY


def test_begin_bidding_no_eligible_player_means_no_auction_rule_7_step_2() -> None:
    g = game()
    full = (0, 1, 4, 6)
    s, events = bidding(g, hands=(full, full, full * 2, full))
    assert E.PhaseStarted(phase="recruitment") in events and s.row == ()
    assert not any(isinstance(e, E.AuctionRowDrawn) for e in events)


def test_open_auction_the_first_player_opens_the_first_card_rule_7_step_4() -> None:
    g = game()
    s, events = bidding(g, first_player=2)
    assert E.AuctionOpened(number=1, opener=2) in events
    assert s.step == BID and g.to_act(s) == {2}


def test_an_opener_who_cannot_bid_is_skipped_e10() -> None:
    g = game()
    s, events = bidding(g, first_player=1, influence=(10, 0, 10, 10))
    assert E.AuctionOpened(number=1, opener=2) in events


def test_legal_bids_rise_by_at_least_one_and_stay_within_influence_rule_7_step_5() -> None:
    g = game()
    s, _ = bidding(g, influence=(10, 4, 10, 10))
    assert [a for a in g.legal_actions(s, 0) if isinstance(a, A.Bid)] == [A.Bid(v) for v in range(1, 11)]
    with pytest.raises(IllegalAction):
        g.apply(s, 0, A.Bid(0))
    s = act(g, s, 0, A.Bid(3))
    assert [a for a in g.legal_actions(s, 1) if isinstance(a, A.Bid)] == [A.Bid(4)]
    with pytest.raises(IllegalAction):
        g.apply(s, 1, A.Bid(3))
    with pytest.raises(NotYourDecision):
        g.apply(s, 2, A.Bid(5))


def test_a_pass_is_final_and_free_even_after_a_bid_e12() -> None:
    g = game()
    s, _ = bidding(g)
    s = act(g, s, 0, A.Bid(2))
    s = act(g, s, 1, A.Bid(3))
    s = act(g, s, 2, A.PassBid())
    s = act(g, s, 3, A.PassBid())
    s = act(g, s, 0, A.PassBid())  # Lazax bid 2, then passed: he pays nothing
    assert s.influence[0] == 10 + 3  # and is paid Jol-Nar's price
    assert s.influence[1] == 10 - 3 and len(s.hands[1]) == 1


def test_pay_for_card_the_winner_pays_the_lazax_rule_7_step_6() -> None:
    g = game()
    s, _ = bidding(g)
    before = total_influence(s)
    log: list[Event] = []
    s = act(g, s, 0, A.PassBid(), log)
    s = act(g, s, 1, A.Bid(4), log)
    s = act(g, s, 2, A.PassBid(), log)
    s = act(g, s, 3, A.PassBid(), log)
    assert E.StrategyCardSold(seat=1, price=4, paid_to=0) in log
    assert s.influence[:2] == (14, 6) and total_influence(s) == before


def test_lazax_paid_not_for_their_own_cards_gaps_e18() -> None:
    g = game()
    s, _ = bidding(g)
    pool = s.pool
    log: list[Event] = []
    s = act(g, s, 0, A.Bid(5), log)
    for seat in (1, 2, 3):
        s = act(g, s, seat, A.PassBid(), log)
    assert E.StrategyCardSold(seat=0, price=5, paid_to=None) in log
    assert s.pool == pool + 5 and s.influence[0] == 5


def test_take_card_letnev_draws_a_free_bonus_card_rule_7_step_6() -> None:
    g = game()
    s, _ = bidding(g, first_player=2)
    log: list[Event] = []
    s = act(g, s, 2, A.Bid(1), log)
    for seat in (3, 0, 1):
        s = act(g, s, seat, A.PassBid(), log)
    assert len(s.hands[2]) == 2
    assert E.StrategyCardTaken(seat=2, bonus=True, card=None) in log
    taken = [e.card for e in redact(log, 2) if isinstance(e, E.StrategyCardTaken) and e.visible_to]
    assert taken == ["decoy", "attack_kinetic"]  # the card bought, then the top of the deck


def test_jol_nar_sees_each_card_before_it_is_auctioned_rule_7_step_3() -> None:
    g = game()
    s, events = bidding(g)
    peek = E.StrategyCardInspected(seat=1, card="decoy", visible_to=(1,))
    assert peek in events
    for viewer in (0, 2, 3, None):
        assert not [e for e in redact(events, viewer) if isinstance(e, E.StrategyCardInspected)]


def test_nobody_bids_ends_the_phase_and_returns_the_row_e11() -> None:
    g = game()
    s, _ = bidding(g)
    log: list[Event] = []
    for seat in (0, 1, 2, 3):
        s = act(g, s, seat, A.PassBid(), log)
    assert E.AuctionRowReturned(cards=4) in log
    assert E.PhaseStarted(phase="recruitment") in log and sorted(s.strategy_deck) == sorted(DECK)
    assert all(h == () for h in s.hands)


def _sell_card(g: RexGame, s: State, number: int, winner: int, log: list[Event]) -> State:
    """Card ``number`` goes to ``winner`` for 1: he bids when his turn comes, everyone else passes."""
    while s.auction == number and s.step == BID:
        seat = s.actor
        s = act(g, s, seat, A.Bid(1) if seat == winner and s.high_bidder != winner else A.PassBid(), log)
    return s


def test_next_opener_left_of_the_previous_opener_rule_7_step_4() -> None:
    g = game()
    s, _ = bidding(g, first_player=3)
    log: list[Event] = []
    s = _sell_card(g, s, 1, 0, log)
    assert E.AuctionOpened(number=2, opener=0) in log


def test_with_a_fixed_opener_every_later_card_starts_left_of_the_first_player_gaps_g3() -> None:
    g = game(bid_opener_rotates=False)
    s, _ = bidding(g, first_player=3, influence=(10, 10, 10, 10))
    log: list[Event] = []
    s = _sell_card(g, s, 1, 1, log)
    assert E.AuctionOpened(number=2, opener=0) in log
    s = _sell_card(g, s, 2, 2, log)
    assert E.AuctionOpened(number=3, opener=0) in log


def test_rotation_counts_from_the_actual_or_the_scheduled_opener_gaps_g3() -> None:
    # Seat 1 has nothing to bid with, so seat 2 opens card 1 in its place.
    for rotation, second_opener in (("actual", 3), ("scheduled", 2)):
        g = game(bid_rotation_from=rotation)
        s, events = bidding(g, first_player=1, influence=(10, 0, 10, 10))
        assert E.AuctionOpened(number=1, opener=2) in events
        log: list[Event] = []
        s = _sell_card(g, s, 1, 0, log)
        assert E.AuctionOpened(number=2, opener=second_opener) in log


def test_a_player_at_the_hand_limit_passes_automatically_e13() -> None:
    g = game()
    s, _ = bidding(g, hands=((0, 1, 4), (), (), ()))
    log: list[Event] = []
    s = _sell_card(g, s, 1, 0, log)  # the Lazax hand is now full
    assert s.auction == 2
    while s.step == BID:
        s = act(g, s, s.actor, A.PassBid(), log)
    assert E.BidPassed(seat=0, forced=True) in log


def test_the_last_card_drawn_reshuffles_the_discards_at_once_e32() -> None:
    g = game()
    s, events = bidding(g, strategy_deck=(DECOY,), strategy_discard=(ATTACK_K, DEFENSE_K, DECOY, DECOY))
    assert E.StrategyDeckReshuffled(cards=4) in events
    assert len(s.row) == 4 and s.strategy_discard == () and len(s.strategy_deck) == 1


def test_hand_full_at_four_cards_letnev_at_eight_rule_7_step_1() -> None:
    g = game()
    s, _ = bidding(g, hands=((0, 1, 4, 6), (0, 1, 4), (0, 1, 4, 6), ()))
    assert bd.hand_full(g.ctx, s, LAZAX) and not bd.hand_full(g.ctx, s, JOL_NAR)
    assert not bd.hand_full(g.ctx, s, LETNEV)  # Letnev's limit is 8 [Rex: S6]


def test_can_bid_needs_room_in_the_hand_and_more_than_the_high_bid_rule_7_step_5() -> None:
    g = game()
    s, _ = bidding(g, hands=((0, 1, 4, 6), (), (), ()), influence=(10, 3, 0, 10))
    assert not bd.can_bid(g.ctx, s, LAZAX)  # hand full
    assert bd.can_bid(g.ctx, s, JOL_NAR) and not bd.can_bid(g.ctx, s, LETNEV)  # 0 influence
    raised = msgspec.structs.replace(s, high_bid=3)
    assert not bd.can_bid(g.ctx, raised, JOL_NAR) and bd.can_bid(g.ctx, raised, HACAN)


def test_draw_strategy_card_takes_the_top_and_reshuffles_when_the_last_is_drawn_e32() -> None:
    g = game()
    d, out = Draft.of(set_up_game(g)), list[Event]()
    d.strategy_deck, d.strategy_discard = (DEFENSE_K, ATTACK_K), (DECOY, DECOY)
    assert bd.draw_strategy_card(g.ctx, d, out) == ATTACK_K  # the top card is the last
    assert list(d.strategy_deck) == [DEFENSE_K] and not out
    assert bd.draw_strategy_card(g.ctx, d, out) == DEFENSE_K
    assert list(d.strategy_deck) == [DECOY, DECOY] and not d.strategy_discard
    assert out == [E.StrategyDeckReshuffled(cards=2)]


def test_resolve_bid_raises_the_high_bid_and_passes_the_turn_left_rule_7_step_5() -> None:
    g = game()
    s, _ = bidding(g)
    log: list[Event] = []
    s = act(g, s, 0, A.Bid(3), log)
    assert s.high_bid == 3 and s.high_bidder == 0 and g.to_act(s) == {1}
    assert E.BidMade(seat=0, amount=3) in log and s.influence[0] == 10  # nothing is paid yet


def test_resolve_pass_is_free_and_the_last_pass_sells_the_card_rule_7_step_5() -> None:
    g = game()
    s, _ = bidding(g)
    s = act(g, s, 0, A.Bid(2))
    log: list[Event] = []
    for seat in (1, 2, 3):
        s = act(g, s, seat, A.PassBid(), log)
    assert [e for e in log if isinstance(e, E.BidPassed)] == [
        E.BidPassed(seat=p, forced=False) for p in (1, 2, 3)
    ]
    assert s.influence[1:] == (10, 10, 10)
    assert any(isinstance(e, E.StrategyCardSold) for e in log)  # everyone but the high bidder passed


def test_advance_passes_a_player_who_cannot_bid_e13_rule_7_step_5() -> None:
    g = game()
    s, _ = bidding(g, influence=(10, 2, 10, 10))
    log: list[Event] = []
    s = act(g, s, 0, A.Bid(2), log)  # Jol-Nar, with 2, cannot go above 2
    assert E.BidPassed(seat=1, forced=True) in log and g.to_act(s) == {2}


def test_sell_gives_the_card_to_the_high_bidder_rule_7_step_6() -> None:
    g = game()
    s, _ = bidding(g)
    card = s.row[0]
    d, out = Draft.of(s), list[Event]()
    d.high_bidder, d.high_bid = HACAN, 0  # a card taken for nothing: no income for the Lazax
    bd.sell(g.ctx, d, out)
    assert card in d.hands[HACAN] and d.influence == (10, 10, 10, 10)
    assert len(d.row) == len(s.row) - 1


def test_next_auction_opens_the_next_card_or_ends_the_phase_rule_7_step_8() -> None:
    g = game()
    s, _ = bidding(g)
    d, out = Draft.of(s), list[Event]()
    d.row = d.row[1:]
    bd.next_auction(g.ctx, d, out)
    assert E.AuctionOpened(number=2, opener=1) in out and d.step == BID
    d.row = ()
    bd.next_auction(g.ctx, d, out)
    assert E.PhaseStarted(phase="recruitment") in out


def test_return_row_shuffles_the_row_back_and_ends_the_phase_e11_rule_7_step_7() -> None:
    g = game()
    s, _ = bidding(g)
    d, out = Draft.of(s), list[Event]()
    row, deck = d.row, d.strategy_deck
    bd.return_row(g.ctx, d, out)
    assert sorted(d.strategy_deck) == sorted((*deck, *row)) and d.row == ()
    assert E.AuctionRowReturned(cards=len(row)) in out and E.PhaseStarted(phase="recruitment") in out


def test_end_bidding_clears_the_auction_and_recruitment_follows_rule_7_step_8() -> None:
    g = game()
    s, _ = bidding(g)
    d, out = Draft.of(s), list[Event]()
    d.high_bid, d.high_bidder = 4, JOL_NAR
    bd.end_bidding(g.ctx, d, out)
    assert d.row == () and d.high_bid == 0 and d.high_bidder == -1 and d.auction == 0
    assert out[0] == E.PhaseStarted(phase="recruitment")


def test_may_take_free_only_with_diplomatic_interference_in_hand_c5() -> None:
    g = game()
    di = g.ctx.t.card_index["diplomatic_interference"]
    s, _ = bidding(g, hands=((di,), (), (), ()))
    assert bd.may_take_free(g.ctx, s, LAZAX) and not bd.may_take_free(g.ctx, s, JOL_NAR)
