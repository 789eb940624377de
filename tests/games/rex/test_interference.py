"""Diplomatic Interference against every race ability (GAPS C5, RULES §17, §15 E25/E26, §18).

The card is Karama-like [Dune]: it cancels a race ability as it is about to take effect, and a
strategy card beats a race ability (E26).  An ability that acts inside another player's decision
or on its own gets a card window of its own, asked of every seat with cards but the ability's
owner, so nobody learns who holds the card (§16.2).
"""

from __future__ import annotations

import random
from typing import Any

from tests.games.rex.helpers import rex, run_phase
from tests.games.rex.invariants import invariant_problems
from tests.games.rex.test_cards import act, answer_window, card, four, position
from turncoat.core.actions import Event
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.heuristics import RexHeuristic
from turncoat.games.rex.phases.bidding import begin_bidding
from turncoat.games.rex.phases.maneuvering import begin_maneuvering
from turncoat.games.rex.state import (
    BID,
    CARD_WINDOW,
    ENVOY,
    HACAN_TIMING,
    LAND_TO,
    MOVE_FROM,
    State,
    add_units,
)

DI = "diplomatic_interference"
QUIET = 1  # the fleet in sector 1: no area below is touched

# four(): seats 0 Letnev, 1 Hacan, 2 Sol, 3 Lazax.


def _auction(g: RexGame, hands: dict[int, list[str]], **fields: Any) -> tuple[State, list[Event]]:
    fields.setdefault("first_player", 0)
    fields.setdefault("influence", (10, 10, 10, 10))
    s = position(g, hands, **fields)
    return run_phase(g, s, begin_bidding)


def _sell_first_card(g: RexGame, s: State, winner: int, price: int, log: list[Event]) -> State:
    """§7 step 5: ``winner`` bids ``price``, everyone else passes (this auction only)."""
    auction = s.auction
    while s.step == BID and s.auction == auction:
        seat = s.actor
        bid = seat == winner and s.high_bidder != winner
        s = act(g, s, seat, A.Bid(price) if bid else A.PassBid(), log)
    return s


def _landing(g: RexGame, hands: dict[int, list[str]], seat: int, **fields: Any) -> State:
    """§9.4: ``seat``'s landing step, the Hacan taking their turn in order."""
    fields.setdefault("stacks", ())
    fields.setdefault("fleet", QUIET)
    fields.setdefault("influence", (10, 10, 10, 10))
    fields.setdefault("first_player", seat)
    s = position(g, hands, **fields)
    s, _ = run_phase(g, s, begin_maneuvering, stacks=fields["stacks"])
    if s.step == MOVE_FROM:
        s = act(g, s, seat, A.SkipMove(), [])
    assert s.step == LAND_TO and s.actor == seat
    return s


def _cancelled(log: list[Event], seat: int, ability: str) -> bool:
    played = E.StrategyCardPlayed(seat=seat, card=DI, effect=f"cancel {ability.replace('_', ' ')}")
    return E.AbilityCancelled(seat=seat, ability=ability) in log and played in log


# -- the Lazax's income (§18, §7 step 6) --------------------------------------------------------------


def test_cancel_ability_c5_e26_cancelled_lazax_income_goes_to_the_pool_rule_17() -> None:
    g = four()
    s, log = _auction(g, {0: [DI], 1: ["decoy"]})
    pool = s.pool
    s = _sell_first_card(g, s, 1, 4, log)
    assert s.step == CARD_WINDOW and s.window == "lazax_strategy_payments"
    s = answer_window(g, s, {0: DI}, log)
    assert _cancelled(log, 0, "lazax_strategy_payments")
    assert E.StrategyCardSold(seat=1, price=4, paid_to=None) in log
    assert s.influence[3] == 10 and s.influence[1] == 6 and s.pool == pool + 4  # the Lazax get nothing
    assert card(g, DI) in s.strategy_discard and not s.hands[0]
    assert s.step == BID  # the next card is auctioned
    lines = g.render_log(log, 2)
    window = "Strategy cards may be played at the Lazax's payment for a strategy card:"
    assert f"{window} seat 0 and seat 1 answer at once." in lines
    assert "Seat 0 plays the Diplomatic Interference: the price goes to the pool, not to the Lazax." in lines


def test_resume_ability_c5_uncancelled_lazax_income_is_paid_to_the_lazax_rule_18() -> None:
    g = four()
    s, log = _auction(g, {0: [DI], 1: ["decoy"]})
    s = _sell_first_card(g, s, 1, 4, log)
    s = answer_window(g, s, {}, log)
    assert E.StrategyCardSold(seat=1, price=4, paid_to=3) in log and s.influence[3] == 14
    assert s.hands[0] == (card(g, DI),)


def test_interference_window_e26_every_seat_with_cards_but_the_owner_is_asked_never_one_without_rule_17() -> (
    None
):
    """Seat 2 holds only a worthless card and is asked like the holder (nobody learns who holds the
    Interference); seat 1 (no cards) and the Lazax (the owner) are not."""
    g = four()
    s, log = _auction(g, {0: [DI], 2: ["decoy"], 3: ["decoy"]})
    s = _sell_first_card(g, s, 1, 2, log)
    assert s.step == CARD_WINDOW and s.waiting == (0, 2)
    assert E.CardWindowOpened(window="lazax_strategy_payments", seats=(0, 2)) in log
    assert list(g.legal_actions(s, 2)) == [A.PlayCard(None)]
    assert list(g.legal_actions(s, 0)) == [A.PlayCard(None), A.PlayCard(DI)]


def test_e26_no_window_when_only_the_owner_holds_cards_rule_17() -> None:
    g = four()
    s, log = _auction(g, {3: ["decoy", DI]})
    s = _sell_first_card(g, s, 1, 2, log)
    assert s.step == BID and not any(isinstance(e, E.CardWindowOpened) for e in log)
    assert E.StrategyCardSold(seat=1, price=2, paid_to=3) in log


def test_c5_no_window_with_the_reading_off() -> None:
    g = four(interference_against_every_ability=False)
    s, log = _auction(g, {0: [DI], 1: ["decoy"]})
    s = _sell_first_card(g, s, 1, 4, log)
    assert s.step == BID and s.influence[3] == 14


def test_c5_the_observation_shows_the_stake_to_everyone_alike_rule_16_1() -> None:
    g = four()
    s, log = _auction(g, {0: [DI], 2: ["decoy"]})
    s = _sell_first_card(g, s, 1, 3, log)
    seen = {(o.card_window, o.at_stake, o.to_act) for o in (g.observe(s, v) for v in (None, 0, 1, 2, 3))}
    assert seen == {("lazax_strategy_payments", (3, 0), (0, 2))}  # the holder looks like the others


# -- Letnev's bonus card (§18, [Rex: S6]) -------------------------------------------------------------


def test_after_bonus_c5_e26_cancelled_letnev_bonus_card_is_not_drawn_rule_17() -> None:
    for cancel, hand_after in ((False, 3), (True, 2)):
        g = four()
        s, log = _auction(g, {0: ["decoy"], 1: [DI]})
        s = _sell_first_card(g, s, 0, 2, log)
        s = answer_window(g, s, {}, log)  # the Lazax's income: not cancelled
        assert s.step == CARD_WINDOW and s.window == "letnev_bonus_card" and s.waiting == (1,)
        s = answer_window(g, s, {1: DI} if cancel else {}, log)
        assert len(s.hands[0]) == hand_after
        assert _cancelled(log, 1, "letnev_bonus_card") == cancel
        assert any(isinstance(e, E.StrategyCardTaken) and e.bonus for e in log) != cancel


# -- the Hacan's landing fees, half price and cross-landing (§9.4, §18) -------------------------------


def test_fee_receiver_c5_e26_cancelled_hacan_fee_goes_to_the_pool_rule_17() -> None:
    g = four(hacan_free_timing=False)
    s = _landing(g, {0: ["decoy"], 3: [DI]}, 0)
    log: list[Event] = []
    s = act(g, s, 0, A.LandIn("adminus_imperialis"), log)
    pool = s.pool
    s = act(g, s, 0, A.LandUnits(4), log)
    assert s.step == CARD_WINDOW and s.window == "hacan_landing_fees" and s.waiting == (0, 3)
    assert g.observe(s, 2).at_stake == (1, 0, 0, 4, 0, 4)  # the Hacan; lander, units, mech., price
    s = answer_window(g, s, {3: DI}, log)
    assert _cancelled(log, 3, "hacan_landing_fees")
    assert (
        E.UnitsLanded(seat=0, piece="adminus_imperialis", units=4, mechanized=0, cost=4, paid_to=None) in log
    )
    assert s.influence[:2] == (6, 10) and s.pool == pool + 4  # the Hacan get no fee


def test_pays_half_c5_e26_cancelled_hacan_half_price_means_the_full_price_rule_17() -> None:
    g = four(hacan_free_timing=False)
    s = _landing(g, {2: [DI]}, 1)
    log: list[Event] = []
    s = act(g, s, 1, A.LandIn("adminus_imperialis"), log)
    s = act(g, s, 1, A.LandUnits(3), log)  # half of 3, rounded up: 2
    assert s.window == "hacan_half_price" and s.waiting == (2,)
    s = answer_window(g, s, {2: DI}, log)
    assert _cancelled(log, 2, "hacan_half_price")
    assert (
        E.UnitsLanded(seat=1, piece="adminus_imperialis", units=3, mechanized=0, cost=3, paid_to=None) in log
    )
    assert s.influence[1] == 7


def test_c5_without_half_price_the_hacan_land_what_they_can_pay_for_rule_17() -> None:
    g = four(hacan_free_timing=False)
    s = _landing(g, {2: [DI]}, 1, influence=(10, 2, 10, 10))
    log: list[Event] = []
    s = act(g, s, 1, A.LandIn("adminus_imperialis"), log)
    s = act(g, s, 1, A.LandUnits(3), log)  # 2 at half price
    s = answer_window(g, s, {2: DI}, log)
    landed = next(e for e in log if isinstance(e, E.UnitsLanded))
    assert (landed.units, landed.cost) == (2, 2) and s.influence[1] == 0


def test_c5_e26_a_cancelled_hacan_cross_landing_moves_nothing_rule_17() -> None:
    g = four(hacan_free_timing=False)
    adminus = g.ctx.b.piece_index["adminus_imperialis"]
    s = _landing(g, {0: [DI]}, 1, stacks=add_units((), adminus, 1, 5))
    log: list[Event] = []
    s = act(g, s, 1, A.CrossFrom("adminus_imperialis"), log)
    s = act(g, s, 1, A.CrossTo("imperial_palace"), log)
    s = act(g, s, 1, A.LandUnits(3), log)
    assert s.window == "hacan_cross_landing" and s.waiting == (0,)
    s = answer_window(g, s, {0: DI}, log)
    assert _cancelled(log, 0, "hacan_cross_landing")
    assert s.stacks == ((adminus, 1, 5, 0),) and s.influence[1] == 10
    assert not any(isinstance(e, E.UnitsLanded) for e in log) and s.step != CARD_WINDOW


def test_c5_e26_a_cancelled_hacan_withdrawal_moves_nothing_rule_17() -> None:
    g = four(hacan_free_timing=False)
    adminus = g.ctx.b.piece_index["adminus_imperialis"]
    s = _landing(g, {0: [DI]}, 1, stacks=add_units((), adminus, 1, 5))
    reserves = s.reserves[1]
    log: list[Event] = []
    s = act(g, s, 1, A.WithdrawFrom("adminus_imperialis"), log)
    s = act(g, s, 1, A.LandUnits(4), log)
    assert s.window == "hacan_cross_landing"
    s = answer_window(g, s, {0: DI}, log)
    assert s.stacks == ((adminus, 1, 5, 0),) and s.reserves[1] == reserves and s.influence[1] == 10


def _hacan_asked(first_player: int) -> tuple[RexGame, State]:
    g = four()
    s = position(g, {3: [DI]}, first_player=first_player, fleet=QUIET)
    s, _ = run_phase(g, s, begin_maneuvering, stacks=())
    assert s.step == HACAN_TIMING and g.to_act(s) == {1}
    return g, s


def test_take_hacan_timing_c5_e26_a_cancelled_hacan_turn_keeps_the_order_of_play_rule_17() -> None:
    """Going before seat 0, whose turn comes first, uses the ability; cancelled, seat 0 goes."""
    for cancel, turn in ((True, 0), (False, 1)):
        g, s = _hacan_asked(first_player=0)
        log: list[Event] = []
        s = act(g, s, 1, A.HacanTiming(True), log)
        assert s.window == "hacan_turn_timing" and g.observe(s, 2).at_stake == (1, 0, 1)
        s = answer_window(g, s, {3: DI} if cancel else {}, log)
        assert _cancelled(log, 3, "hacan_turn_timing") == cancel
        assert s.turn_seat == turn and E.HacanTurnTiming(seat=1, now=not cancel, before=0) in log


def test_c5_e26_a_cancelled_hacan_wait_makes_them_go_in_turn_rule_17() -> None:
    """At the Hacan's own place in the order, waiting uses the ability and going now does not."""
    g, s = _hacan_asked(first_player=1)
    plain = act(g, s, 1, A.HacanTiming(True), [])
    assert plain.step != CARD_WINDOW and plain.turn_seat == 1
    log: list[Event] = []
    s = act(g, s, 1, A.HacanTiming(False), log)
    assert s.window == "hacan_turn_timing"
    s = answer_window(g, s, {3: DI}, log)
    assert s.turn_seat == 1 and E.HacanTurnTiming(seat=1, now=True, before=2) in log


# -- the Sol's free landing (§18, [Rex: S7]) ---------------------------------------------------------


def test_landing_ability_c5_e26_a_cancelled_sol_landing_leaves_the_units_in_reserve_rule_17() -> None:
    g = four(hacan_free_timing=False)
    s = _landing(g, {1: [DI], 3: ["decoy"]}, 2)
    reserves = s.reserves[2]
    log: list[Event] = []
    s = act(g, s, 2, A.LandIn("dune_the_great_flat"), log)
    s = act(g, s, 2, A.LandUnits(5), log)
    assert s.window == "sol_free_landing" and s.waiting == (1, 3)
    s = answer_window(g, s, {1: DI}, log)
    assert _cancelled(log, 1, "sol_free_landing")
    assert s.reserves[2] == reserves and not any(st[1] == 2 for st in s.stacks)
    assert not any(isinstance(e, E.UnitsLanded) for e in log)


# -- the Xxcha's envoy (§18, [Rex: S7, S13]) -----------------------------------------------------------


def test_place_envoy_c5_e26_a_cancelled_xxcha_envoy_stays_in_reserve_rule_17() -> None:
    g = rex(4, ["jol_nar", "hacan", "xxcha", "letnev"], hacan_free_timing=False)
    council = g.ctx.b.piece_index["galactic_council"]
    s = _landing(g, {3: [DI]}, 0)
    log: list[Event] = []
    s = act(g, s, 0, A.LandIn("adminus_imperialis"), log)
    s = act(g, s, 0, A.LandUnits(1), log)
    s = answer_window(g, s, {}, log)  # the Hacan's fee
    assert s.step == ENVOY and g.to_act(s) == {2}
    before = [st for st in s.stacks if st[0] == council]
    reserves = s.reserves[2]
    s = act(g, s, 2, A.SendEnvoy(True), log)
    assert s.window == "xxcha_council_envoys" and s.waiting == (3,)
    s = answer_window(g, s, {3: DI}, log)
    assert _cancelled(log, 3, "xxcha_council_envoys")
    assert [st for st in s.stacks if st[0] == council] == before and s.reserves[2] == reserves
    assert g.to_act(s) == {1}  # the landing turn went on


# -- E25: two Interferences at one window; the later one stays in hand (§16.2) ------------------------


def _two_interferences(**options: Any) -> tuple[RexGame, State, list[Event]]:
    """Seats 1 and 0 both answer the Lazax window with an Interference; seat 1 is first in order."""
    g = four(**options)
    s, log = _auction(g, {0: [DI], 1: [DI]}, first_player=1)
    s = _sell_first_card(g, s, 2, 3, log)
    s = answer_window(g, s, {0: DI, 1: DI}, log)
    return g, s, log


def test_e25_the_first_in_player_order_cancels_the_later_card_is_taken_back_unseen_rule_17() -> None:
    g, s, log = _two_interferences()
    assert _cancelled(log, 1, "lazax_strategy_payments") and s.hands[0] == (card(g, DI),)
    assert E.StrategyCardUnplayable(seat=0, card=DI, visible_to=(0,)) in log
    public = g.render_log(log, 2)
    assert not any("Seat 0's" in line for line in public)
    assert "Your Diplomatic Interference can no longer act and stays in hand." in g.render_log(log, 0)
    for viewer in (1, 2, 3):
        assert g.observe(s, viewer).seats[0].known_cards == ()
    assert not [e for e in s.learnt if e[1] == 0]
    # determinize does not keep the card in seat 0's hand for another viewer
    dealt = {g.determinize(s, 2, seed).hands[0] for seed in range(20)}
    assert any(card(g, DI) not in hand for hand in dealt)


def test_e25_with_the_revealed_reading_everyone_knows_the_card_stays_in_hand_rule_17() -> None:
    g, s, log = _two_interferences(withdrawn_play_revealed=True)
    assert E.StrategyCardUnplayable(seat=0, card=DI) in log
    assert "Seat 0's Diplomatic Interference can no longer act and stays in hand." in g.render_log(log, 2)
    for viewer in (1, 2, 3):
        assert g.observe(s, viewer).seats[0].known_cards == (DI,)
        for seed in range(10):
            assert card(g, DI) in g.determinize(s, viewer, seed).hands[0]


# -- the heuristic bot (from its own observation) ------------------------------------------------------


def _heuristic_answer(g: RexGame, s: State, seat: int) -> A.PlayCard:
    answer = RexHeuristic(g).choose(g.observe(s, seat), g.legal_actions(s, seat), random.Random(0))
    assert isinstance(answer, A.PlayCard)
    return answer


def test_c5_the_heuristic_cancels_a_large_income_of_an_opponent_only() -> None:
    g = four()
    for price, alliance, want in (
        (6, (-1, -1, -1, -1), DI),  # much to a rival: cancel
        (1, (-1, -1, -1, -1), None),  # too little to spend the card on
        (6, (0, -1, -1, 0), None),  # the Lazax are its ally
    ):
        s, log = _auction(g, {0: [DI]}, influence=(10, 10, 10, 10), alliance=alliance)
        s = _sell_first_card(g, s, 1, price, log)
        assert s.step == CARD_WINDOW
        assert _heuristic_answer(g, s, 0) == A.PlayCard(want), (price, alliance)


def test_c5_the_heuristic_cancels_a_big_sol_landing() -> None:
    g = four(hacan_free_timing=False)
    s = _landing(g, {1: [DI]}, 2)
    s = act(g, s, 2, A.LandIn("dune_the_great_flat"), [])
    big = act(g, s, 2, A.LandUnits(6), [])
    assert _heuristic_answer(g, big, 1) == A.PlayCard(DI)
    small = act(g, s, 2, A.LandUnits(1), [])
    assert _heuristic_answer(g, small, 1) == A.PlayCard(None)


def test_c5_windows_keep_every_invariant_in_random_games_rule_19_4() -> None:
    """Random 4-player games with six Interferences in the deck: every §19.4 invariant holds after
    every step, ability windows open and cards are played at them."""
    g = four(influence_supply=500, content_overrides={"strategy_cards.diplomatic_interference.count": 6})
    windows: list[str] = []
    for seed in range(3):
        rng = random.Random(seed)
        s = g.start(seed).state
        while seats := g.to_act(s):
            seat = min(seats)
            if s.step == CARD_WINDOW and s.at_stake:
                windows.append(s.window)
            legal = g.legal_actions(s, seat)
            t = g.apply(s, seat, legal[int(rng.random() * len(legal))])
            s = t.state
            assert invariant_problems(g, s, 500) == []
    assert len(set(windows)) >= 3
