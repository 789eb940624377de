"""Strategy cards played outside the battle plan (strategy_cards.json; RULES §3.7, §6, §12, §17,
§18) and the timing rules E25 and E26."""

from __future__ import annotations

from typing import Any

import msgspec

from tests.games.rex.helpers import rex, run_phase, set_up_game
from turncoat.core import deals
from turncoat.core.actions import Event
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.phases import cards
from turncoat.games.rex.phases.bidding import begin_bidding
from turncoat.games.rex.phases.bombardment import bombardment_phase
from turncoat.games.rex.phases.influence import begin_round
from turncoat.games.rex.phases.recruitment import begin_recruitment
from turncoat.games.rex.state import (
    BID,
    CARD_WINDOW,
    FACT_CARD,
    FLEET_MOVE,
    HACAN_TIMING,
    MOVE_FROM,
    RECRUIT,
    ROUND_START,
    SPARE_ALLY,
    Draft,
    Stack,
    State,
    add_units,
)

AREA_02, AREA_03 = 1, 2
QUIET_SECTOR = 7


def card(g: RexGame, cid: str) -> int:
    return g.ctx.t.card_ids.index(cid)


def pc(g: RexGame, pid: str) -> int:
    return g.ctx.b.piece_index[pid]


# Seats: 0 Letnev, 1 Hacan, 2 Sol, 3 Lazax.
def four(**options: Any) -> RexGame:
    return rex(4, ["letnev", "hacan", "sol", "lazax"], **options)


def position(g: RexGame, hands: dict[int, list[str]], stacks: tuple[Stack, ...] = (), **fields: Any) -> State:
    """A set-up game with these hands (others empty), units and fields; no alliances, no prediction."""
    s = set_up_game(g)
    fields.setdefault("alliance", (-1,) * s.players)
    fields.setdefault("prediction", (-1, 0))
    all_cards = [c for h in s.hands for c in h] + list(s.strategy_deck)
    new_hands = []
    for seat in range(s.players):
        mine = tuple(sorted(card(g, c) for c in hands.get(seat, [])))
        for c in mine:
            all_cards.remove(c)
        new_hands.append(mine)
    return msgspec.structs.replace(
        s, hands=tuple(new_hands), strategy_deck=tuple(all_cards), stacks=stacks, **fields
    )


def act(g: RexGame, s: State, seat: int, action: Any, log: list[Event]) -> State:
    t = g.apply(s, seat, action)
    log.extend(t.events)
    return t.state


def answer_window(g: RexGame, s: State, plays: dict[int, str], log: list[Event]) -> State:
    """Every asked seat answers: its card from ``plays``, or no card."""
    assert s.step == CARD_WINDOW
    for seat in sorted(s.waiting):
        s = act(g, s, seat, A.PlayCard(plays.get(seat)), log)
    return s


def _hagga_armies(g: RexGame) -> tuple[Stack, ...]:
    """Units of seat 1 (Hacan) and seat 0 (Letnev) in the two areas of area card 03's neighbour
    card 02 (Cielago North and the Hagga Basin)."""
    stacks: tuple[Stack, ...] = ()
    stacks = add_units(stacks, pc(g, "dune_cielago_north__east"), 1, 4)
    hagga = g.ctx.b.area_pieces[g.ctx.b.area_index["dune_hagga_basin"]]
    return add_units(stacks, hagga[0], 0, 3)


# -- Tracking Beacon (§6, C8) ---------------------------------------------------------------------------


def test_play_at_window_tracking_beacon_resolves_a_sol_offensive_before_the_first_card_rule_6_c8() -> None:
    g = four()
    s = position(g, {0: ["tracking_beacon"], 3: ["decoy"]}, _hagga_armies(g))
    s, log = run_phase(
        g,
        s,
        begin_round,
        round=2,
        fleet=QUIET_SECTOR,
        influence_deck=(AREA_03,),
        influence_discard=(AREA_02,),
    )
    # every seat with cards is asked, not only the holder (§16.2: hands are secret)
    assert s.step == CARD_WINDOW and s.waiting == (0, 3)
    s = answer_window(g, s, {0: "tracking_beacon"}, log)
    strike = next(e for e in log if isinstance(e, E.SolOffensive))
    assert strike.losses == ((0, 3, 0), (1, 4, 0))
    assert card(g, "tracking_beacon") in s.strategy_discard and not s.hands[0]
    assert s.step == BID and s.influence_discard[-1] == AREA_03  # the phase went on


def test_something_to_strike_no_beacon_window_in_round_1_or_with_nothing_to_hit_c8() -> None:
    g = four()
    s = position(g, {0: ["tracking_beacon"]}, _hagga_armies(g))
    s1, _ = run_phase(
        g, s, begin_round, round=1, fleet=QUIET_SECTOR, influence_deck=(AREA_03,), influence_discard=()
    )
    assert s1.step != CARD_WINDOW
    empty = msgspec.structs.replace(s, stacks=(), board_influence=())
    s2, _ = run_phase(
        g,
        empty,
        begin_round,
        round=2,
        fleet=QUIET_SECTOR,
        influence_deck=(AREA_03,),
        influence_discard=(AREA_02,),
    )
    assert s2.step != CARD_WINDOW


def test_may_be_in_a_hand_no_window_once_every_copy_is_face_up_in_the_discard_pile_rule_17() -> None:
    g = four()
    s = position(g, {3: ["decoy"]}, _hagga_armies(g))
    s = msgspec.structs.replace(
        s,
        strategy_deck=tuple(c for c in s.strategy_deck if c != card(g, "tracking_beacon")),
        strategy_discard=(card(g, "tracking_beacon"),),
    )
    s2, _ = run_phase(
        g,
        s,
        begin_round,
        round=2,
        fleet=QUIET_SECTOR,
        influence_deck=(AREA_03,),
        influence_discard=(AREA_02,),
    )
    assert s2.step == BID


# -- Bombardment window (§12, C5-C7) -----------------------------------------------------------------


def _bombard(g: RexGame, s: State, value: int, fleet: int) -> tuple[State, list[Event]]:
    others = tuple(v for v in g.ctx.t.bombardment_values if v != value)
    deck = (*(c for c in s.influence_deck if c != AREA_03), AREA_03)
    return run_phase(
        g, s, bombardment_phase, bombardment_deck=(*others, value), fleet=fleet, influence_deck=deck
    )


def test_resolve_fleet_move_instead_of_a_card_rule_12_step_1_c6() -> None:
    g = four()
    stacks = add_units((), pc(g, "dune_cielago_east__west"), 1, 2)  # sector 2, unshielded
    s = position(g, {3: ["fleet_sabotage"]}, stacks, round=3)
    s, log = _bombard(g, s, 6, fleet=1)
    deck_before = s.bombardment_deck
    s = answer_window(g, s, {3: "fleet_sabotage"}, log)
    assert s.step == FLEET_MOVE and g.to_act(s) == {3}
    assert [a.sectors for a in g.legal_actions(s, 3)] == list(range(11))  # type: ignore[union-attr]
    s = act(g, s, 3, A.MoveFleet(2), log)
    assert E.FleetSabotaged(seat=3, sectors=2) in log
    assert not any(isinstance(e, E.BombardmentCardRevealed) for e in log)
    assert [e.sector for e in log if isinstance(e, E.SectorBombarded)] == [2, 3]
    assert s.fleet == 3 and s.casualties[1] == 2
    assert "Seat 3 moves the fleet 2 sectors." in g.render_log(log, None)
    assert sorted(s.bombardment_deck) == sorted(deck_before)


def test_destroy_shield_the_generator_area_and_its_shields_rule_12_c7() -> None:
    g = four()
    b = g.ctx.b
    stacks = add_units((), pc(g, "dune_shield_wall__south"), 2, 3)
    stacks = add_units(stacks, pc(g, "dune_false_wall_east__far_south"), 0, 1)  # next to the generator
    s = position(g, {0: ["shield_breaker"]}, stacks, round=2)
    s, log = _bombard(g, s, 1, fleet=QUIET_SECTOR)
    assert s.step == CARD_WINDOW and 0 in s.waiting
    s = answer_window(g, s, {0: "shield_breaker"}, log)
    broken = next(e for e in log if isinstance(e, E.ShieldDestroyed))
    assert broken.losses == ((2, 3, 0),) and s.shield_destroyed
    assert (
        card(g, "shield_breaker") in s.strategy_removed
        and card(g, "shield_breaker") not in s.strategy_discard
    )
    basin = b.area_index["dune_imperial_basin"]
    from turncoat.games.rex.phases.bombardment import shielded

    assert b.shielded[basin] and not shielded(g.ctx, s, basin)


def test_near_generator_shield_breaker_not_in_round_1_nor_far_from_the_generator_c7() -> None:
    g = four()
    stacks = add_units((), pc(g, "dune_cielago_east__west"), 0, 1)
    s = position(g, {0: ["shield_breaker"]}, stacks, round=2)
    far, _ = _bombard(g, s, 1, fleet=QUIET_SECTOR)
    assert A.PlayCard("shield_breaker") not in g.legal_actions(far, 0)
    near = msgspec.structs.replace(s, stacks=add_units((), pc(g, "dune_false_wall_east__far_south"), 0, 1))
    first, _ = _bombard(g, msgspec.structs.replace(near, round=1), 1, fleet=QUIET_SECTOR)
    assert A.PlayCard("shield_breaker") not in g.legal_actions(first, 0)
    second, _ = _bombard(g, near, 1, fleet=QUIET_SECTOR)
    assert A.PlayCard("shield_breaker") in g.legal_actions(second, 0)


def test_e26_a_strategy_card_beats_a_race_ability_rule_17() -> None:
    """Diplomatic Interference cancels the Sol's bombardment resistance: all 4 die, not 2."""
    g = four()
    stacks = add_units((), pc(g, "dune_cielago_east__west"), 2, 4)  # Sol, sector 2, unshielded
    s = position(g, {1: ["diplomatic_interference"]}, stacks, round=3)
    s, log = _bombard(g, s, 1, fleet=1)
    s = answer_window(g, s, {1: "diplomatic_interference"}, log)
    assert E.AbilityCancelled(seat=1, ability="sol_bombardment_resistance") in log
    assert s.casualties[2] == 4 and not any(st[1] == 2 for st in s.stacks)
    # without the card the Sol lose half, rounded up (§12, E24)
    s0 = position(g, {}, stacks, round=3)
    s0, _ = _bombard(g, s0, 1, fleet=1)
    assert s0.casualties[2] == 2


def test_next_play_e25_simultaneous_plays_resolve_in_player_order_cancelling_first_rule_17() -> None:
    g = four()
    stacks = add_units((), pc(g, "dune_cielago_east__west"), 2, 4)
    stacks = add_units(stacks, pc(g, "dune_false_wall_east__far_south"), 1, 1)
    # first player 1: order 1, 2, 3, 0.  Seat 1 breaks the shield, seat 3 sabotages the fleet,
    # seat 0 (last in order) cancels the Sol's resistance — and goes first, as a cancelling effect.
    s = position(
        g,
        {0: ["diplomatic_interference"], 1: ["shield_breaker"], 3: ["fleet_sabotage"]},
        stacks,
        round=3,
        first_player=1,
    )
    s, log = _bombard(g, s, 1, fleet=1)
    s = answer_window(g, s, {0: "diplomatic_interference", 1: "shield_breaker", 3: "fleet_sabotage"}, log)
    played = [(e.seat, e.card) for e in log if isinstance(e, E.StrategyCardPlayed)]
    assert played == [(0, "diplomatic_interference"), (1, "shield_breaker"), (3, "fleet_sabotage")]
    s = act(g, s, 3, A.MoveFleet(1), log)
    assert s.casualties[2] == 4


def test_withdraw_play_e25_a_play_an_earlier_one_made_impossible_stays_in_hand_rule_17() -> None:
    """Two copies of the fleet card (a pack override): the first in player order moves the fleet;
    the other card can no longer replace the bombardment card and stays in its holder's hand, taken
    back unseen (§16.2: only its holder reads which card it was)."""
    g = four(content_overrides={"strategy_cards.fleet_sabotage.count": 2})
    s = position(g, {0: ["fleet_sabotage"], 2: ["fleet_sabotage"]}, (), round=3, first_player=2)
    s, log = _bombard(g, s, 1, fleet=1)
    s = answer_window(g, s, {0: "fleet_sabotage", 2: "fleet_sabotage"}, log)
    assert g.to_act(s) == {2}
    s = act(g, s, 2, A.MoveFleet(4), log)
    assert E.StrategyCardUnplayable(seat=0, card="fleet_sabotage", visible_to=(0,)) in log
    assert not any("stays in hand" in line for line in g.render_log(log, 1))
    assert s.hands[0] == (card(g, "fleet_sabotage"),) and s.fleet == 5
    assert g.observe(s, 1).seats[0].known_cards == ()


# -- inside the holder's own decisions ------------------------------------------------------------------


def test_resolve_take_free_diplomatic_interference_takes_the_auctioned_card_c5() -> None:
    g = four()
    s = position(g, {0: ["diplomatic_interference"]}, first_player=0)
    s, log = run_phase(g, s, begin_bidding)
    assert s.step == BID and s.actor == 0
    on_auction = s.row[0]
    lazax_before = s.influence[3]
    s = act(g, s, 0, A.PlayCard("diplomatic_interference"), log)
    sold = next(e for e in log if isinstance(e, E.StrategyCardSold))
    assert sold.seat == 0 and sold.price == 0 and s.influence[3] == lazax_before
    assert on_auction in s.hands[0] and card(g, "diplomatic_interference") in s.strategy_discard


def test_resolve_extra_move_gives_a_second_movement_step_rule_9_3() -> None:
    g = four()
    stacks = add_units((), pc(g, "dune_cielago_east__west"), 0, 2)
    stacks = add_units(stacks, pc(g, "dune_cielago_north__east"), 0, 3)
    s = position(g, {0: ["extra_maneuver"]}, stacks, first_player=0, reserves=(0, 0, 0, 0))
    s, log = run_phase(g, s, begin_recruitment, casualties=(0, 0, 0, 0))
    while s.step != MOVE_FROM or s.turn_seat != 0:
        seat = min(g.to_act(s))
        s = act(g, s, seat, g.legal_actions(s, seat)[0], log)
    assert A.PlayCard("extra_maneuver") in g.legal_actions(s, 0)
    s = act(g, s, 0, A.PlayCard("extra_maneuver"), log)
    for origin in ("dune_cielago_east__west", "dune_cielago_north__east"):
        assert s.step == MOVE_FROM
        s = act(g, s, 0, A.MoveFrom(origin), log)
        s = act(g, s, 0, g.legal_actions(s, 0)[0], log)  # a destination
        s = act(g, s, 0, g.legal_actions(s, 0)[-1], log)  # every unit
    moved = [e for e in log if isinstance(e, E.UnitsMoved) and e.seat == 0]
    assert len(moved) == 2 and card(g, "extra_maneuver") in s.strategy_discard


def test_resolve_emergency_brings_back_units_free_in_the_recruitment_turn_rule_8() -> None:
    g = four()
    s = position(g, {0: ["emergency_recruitment"]}, first_player=0)
    s, log = run_phase(g, s, begin_recruitment, casualties=(7, 0, 0, 0), influence=(0, 5, 5, 5))
    assert s.step == RECRUIT and s.actor == 0
    options = [a for a in g.legal_actions(s, 0) if isinstance(a, A.EmergencyRecruit)]
    assert [a.units for a in options if a.leader is None] == [1, 2, 3, 4, 5]
    reserves = s.reserves[0]
    s = act(g, s, 0, A.EmergencyRecruit(5), log)
    assert s.reserves[0] == reserves + 5 and s.casualties[0] == 2 and s.influence[0] == 0
    assert s.step == RECRUIT and s.actor == 0  # normal recruitment still follows


# -- §18 Sol ally card: the Sol's consent --------------------------------------------------------------


def test_sol_spare_their_ally_from_a_sol_offensive_only_when_asked_rule_18() -> None:
    g = four()
    offensive = 12
    s = position(g, {}, _hagga_armies(g), alliance=(0, -1, 0, -1))  # Letnev (0) allied with Sol (2)
    s, log = run_phase(
        g,
        s,
        begin_round,
        round=2,
        fleet=QUIET_SECTOR,
        influence_deck=(AREA_03, offensive),
        influence_discard=(AREA_02,),
    )
    assert s.step == SPARE_ALLY and g.to_act(s) == {2}
    s = act(g, s, 2, A.SpareAlly(True), log)
    strike = next(e for e in log if isinstance(e, E.SolOffensive))
    assert strike.losses == ((1, 4, 0),)  # the ally's 3 units survive, the Hacan's do not
    assert s.step == BID


def test_sol_are_not_asked_when_no_ally_is_hit_rule_18() -> None:
    g = four()
    s = position(g, {}, _hagga_armies(g), alliance=(-1, -1, 2, 2))  # Sol allied with Lazax, not there
    s, _ = run_phase(
        g,
        s,
        begin_round,
        round=2,
        fleet=QUIET_SECTOR,
        influence_deck=(AREA_03, 12),
        influence_discard=(AREA_02,),
    )
    assert s.step not in (SPARE_ALLY, ROUND_START)


def test_window_seats_a_seat_without_cards_is_never_asked_rule_17() -> None:
    g = four()
    s = position(g, {1: ["decoy"]}, (), round=3)
    s, _ = _bombard(g, s, 1, fleet=1)
    assert s.step == CARD_WINDOW and s.waiting == (1,)
    assert g.legal_actions(s, 1) == (A.PlayCard(None),)


# -- pinned reshuffles -----------------------------------------------------------------------------------


def test_a_scenario_pins_the_top_cards_after_a_reshuffle_during_play_e11() -> None:
    """Nobody bids (E11): the row goes back into the deck, and the pin puts these cards on top."""
    pin = ["tracking_beacon", "fleet_sabotage"]
    g = four(scenario={"strategy_reshuffles": [pin]})
    s = position(g, {}, first_player=0)
    s, log = run_phase(g, s, begin_bidding)
    while s.step == BID:
        s = act(g, s, s.actor, A.PassBid(), log)
    assert any(isinstance(e, E.AuctionRowReturned) for e in log)
    top_first = [g.ctx.t.card_ids[c] for c in reversed(s.strategy_deck)][:2]
    assert top_first == pin and s.strategy_shuffles == 1


# -- §13.3: "may" ally advantages need the owner's consent ------------------------------------------------


def _landing_turn(g: RexGame, s: State) -> tuple[State, list[Event]]:
    """Seat 0's maneuvering turn, movement skipped: the landing step."""
    from turncoat.games.rex.phases.maneuvering import begin_maneuvering

    s, log = run_phase(g, s, begin_maneuvering, first_player=0)
    if s.step == HACAN_TIMING:  # the Hacan (seat 1) wait
        s = act(g, s, 1, A.HacanTiming(False), log)
    if s.step == MOVE_FROM:
        s = act(g, s, 0, A.SkipMove(), log)
    return s, log


def test_ask_the_hacan_consent_for_an_ally_cross_landing_rule_13_3() -> None:
    g = four()
    stacks = add_units((), pc(g, "dune_cielago_east__west"), 0, 3)
    s = position(g, {}, stacks, alliance=(0, 0, -1, -1), fleet=QUIET_SECTOR, influence=(10, 10, 10, 10))
    s, log = _landing_turn(g, s)
    cross = A.CrossFrom("dune_cielago_east__west")
    assert cross in g.legal_actions(s, 0)
    assert A.WithdrawFrom("dune_cielago_east__west") not in g.legal_actions(s, 0)  # Hacan only
    s = act(g, s, 0, cross, log)
    assert g.to_act(s) == {1} and E.ConsentAsked(seat=0, owner=1, advantage="cross_landing") in log
    s = act(g, s, 1, A.GiveConsent(True), log)
    assert g.to_act(s) == {0} and all(isinstance(a, A.CrossTo) for a in g.legal_actions(s, 0))
    s = act(g, s, 0, g.legal_actions(s, 0)[0], log)
    s = act(g, s, 0, A.LandUnits(3), log)
    landed = next(e for e in log if isinstance(e, E.UnitsLanded))
    assert landed.origin == "dune_cielago_east__west" and landed.paid_to == 1


def test_resolve_consent_a_refused_cross_landing_is_not_offered_again_rule_13_3() -> None:
    g = four()
    stacks = add_units((), pc(g, "dune_cielago_east__west"), 0, 3)
    s = position(g, {}, stacks, alliance=(0, 0, -1, -1), fleet=QUIET_SECTOR, influence=(10, 10, 10, 10))
    s, log = _landing_turn(g, s)
    s = act(g, s, 0, A.CrossFrom("dune_cielago_east__west"), log)
    s = act(g, s, 1, A.GiveConsent(False), log)
    assert g.to_act(s) == {0}
    assert not any(isinstance(a, A.CrossFrom) for a in g.legal_actions(s, 0))


def test_after_lazax_consent_the_lazax_pay_an_ally_extra_recruits_rule_13_3() -> None:
    g = four()
    # Letnev (0) allied with the Lazax (3); 9 units in the casualty pool, free recruitment 2
    s = position(g, {}, (), alliance=(0, -1, -1, 0), first_player=0, influence=(6, 0, 0, 10))
    s, log = run_phase(g, s, begin_recruitment, casualties=(9, 0, 0, 0), reserves=(1, 0, 0, 0))
    units = {a.units for a in g.legal_actions(s, 0) if isinstance(a, A.Recruit) and a.leader is None}
    assert max(units) == 8  # 5 + the Lazax's 3
    s = act(g, s, 0, A.Recruit(8, 0, None), log)
    assert g.to_act(s) == {3}
    s = act(g, s, 3, A.GiveConsent(True), log)
    # Letnev pays (5 - 2 free) x 2 = 6; the Lazax pay 3 x 2 = 6
    assert s.influence[0] == 0 and s.influence[3] == 4
    assert s.reserves[0] == 9 and s.casualties[0] == 1


def test_a_refusing_lazax_leaves_the_ally_his_normal_limit_rule_13_3() -> None:
    g = four()
    s = position(g, {}, (), alliance=(0, -1, -1, 0), first_player=0, influence=(6, 0, 0, 10))
    s, log = run_phase(g, s, begin_recruitment, casualties=(9, 0, 0, 0))
    s = act(g, s, 0, A.Recruit(6, 0, None), log)
    s = act(g, s, 3, A.GiveConsent(False), log)
    assert g.to_act(s) == {0} and s.step == RECRUIT
    units = {a.units for a in g.legal_actions(s, 0) if isinstance(a, A.Recruit)}
    assert max(units) == 5 and s.influence[3] == 10


def test_the_lazax_give_an_ally_influence_outside_the_ceasefire_rule_18() -> None:
    g = four()
    s = position(g, {}, (), alliance=(0, -1, -1, 0), first_player=3, influence=(0, 3, 3, 9))
    s, log = run_phase(g, s, begin_recruitment, casualties=(0, 0, 0, 4))
    assert s.step == RECRUIT and s.actor == 3
    assert A.GiftTo(0) in g.legal_actions(s, 3) and A.GiftTo(1) not in g.legal_actions(s, 3)
    s = act(g, s, 3, A.GiftTo(0), log)
    assert g.legal_actions(s, 3)[0] == A.GiftTo(None)
    s = act(g, s, 3, deals.Give(0, "influence", 4), log)
    assert s.influence[0] == 4 and s.influence[3] == 5 and s.step == RECRUIT and s.actor == 3
    assert A.GiftTo(0) in g.legal_actions(s, 3)  # he may give again; recruiting is still his choice


def test_nobody_else_gives_influence_outside_the_ceasefire_rule_3_6() -> None:
    g = four()
    s = position(g, {}, (), alliance=(0, 0, -1, -1), first_player=0, influence=(9, 3, 3, 3))
    s, _ = run_phase(g, s, begin_recruitment, casualties=(4, 0, 0, 0))
    assert s.actor == 0 and not any(isinstance(a, A.GiftTo) for a in g.legal_actions(s, 0))


# -- the interrogation card ----------------------------------------------------------------------------


def _recruiting(g: RexGame, hands: dict[int, list[str]], **fields: Any) -> tuple[State, list[Event]]:
    s = position(g, hands, first_player=0, **fields)
    return run_phase(g, s, begin_recruitment, casualties=(2, 0, 0, 0))


def test_resolve_interrogation_gets_a_true_public_answer_in_the_holders_turn_rule_16_2() -> None:
    g = four()
    s, log = _recruiting(g, {0: ["interrogation"], 1: ["decoy"]})
    assert s.step == RECRUIT and A.PlayCard("interrogation") in g.legal_actions(s, 0)
    s = act(g, s, 0, A.PlayCard("interrogation"), log)
    questions = g.legal_actions(s, 0)
    assert A.Ask(1, "card", "decoy") in questions and A.Ask(1, "traitor", "hacan_leader_1") in questions
    assert all(q.seat != 0 for q in questions)  # type: ignore[union-attr]
    s = act(g, s, 0, A.Ask(1, "card", "decoy"), log)
    assert E.QuestionAnswered(seat=0, holder=1, kind="card", what="decoy", answer=True) in log
    assert s.step == RECRUIT and s.actor == 0  # back to his recruitment
    decoy = card(g, "decoy")
    assert {(v, h, c) for v, h, c in s.learnt if h == 1} == {(0, 1, decoy), (2, 1, decoy), (3, 1, decoy)}
    assert card(g, "interrogation") in s.strategy_discard
    said = "Seat 0 asks seat 1: do you hold the Worthless / decoy card (estimated)? Yes."
    assert said in g.render_log(log, 2)


def test_forget_card_facts_a_no_answer_binds_determinization_until_the_hand_gains_a_card() -> None:
    g = four()
    s, log = _recruiting(g, {0: ["interrogation"], 1: ["decoy", "decoy"]})
    s = act(g, s, 0, A.PlayCard("interrogation"), log)
    s = act(g, s, 0, A.Ask(1, "card", "attack_kinetic"), log)
    attack = card(g, "attack_kinetic")
    assert s.facts == ((1, 0, attack, 0),)
    assert g.observe(s, 2).facts == ((1, "card", "attack_kinetic", False),)
    for seed in range(30):
        assert attack not in g.determinize(s, 2, seed).hands[1]
    from turncoat.games.rex.phases.bidding import take_card
    from turncoat.games.rex.state import Draft

    d = Draft.of(s)
    take_card(g.ctx, d, 1, attack, False, [])
    assert d.facts == ()


def test_forget_traitor_fact_a_traitor_answer_binds_determinization_and_a_reveal_ends_it() -> None:
    g = four()
    s, log = _recruiting(g, {0: ["interrogation"]})
    held = s.traitors[1][0]
    leader = g.ctx.t.leader_ids[held]
    s = act(g, s, 0, A.PlayCard("interrogation"), log)
    s = act(g, s, 0, A.Ask(1, "traitor", leader), log)
    assert E.QuestionAnswered(seat=0, holder=1, kind="traitor", what=leader, answer=True) in log
    for seed in range(20):
        assert held in g.determinize(s, 2, seed).traitors[1]
    from turncoat.games.rex.phases.cards import forget_traitor_fact
    from turncoat.games.rex.state import Draft

    d = Draft.of(s)
    forget_traitor_fact(d, held)
    assert d.facts == ()


def test_true_answer_the_xxcha_can_be_asked_about_the_prediction_rule_16_2() -> None:
    g = rex(4, ["letnev", "xxcha", "sol", "lazax"])
    s = set_up_game(g)
    hands = list(s.hands)
    deck = list(s.strategy_deck)
    interrogation = card(g, "interrogation")
    if interrogation in deck:
        deck.remove(interrogation)
    else:
        for h in range(4):
            if interrogation in hands[h]:
                hands[h] = tuple(c for c in hands[h] if c != interrogation)
    hands[0] = tuple(sorted((*hands[0], interrogation)))
    s = msgspec.structs.replace(
        s, hands=tuple(hands), strategy_deck=tuple(deck), first_player=0, alliance=(-1,) * 4
    )
    s, log = run_phase(g, s, begin_recruitment, casualties=(2, 0, 0, 0))
    s = act(g, s, 0, A.PlayCard("interrogation"), log)
    race = g.ctx.t.race_ids[s.prediction[0]]
    s = act(g, s, 0, A.Ask(1, "predicted_race", race), log)
    assert E.QuestionAnswered(seat=0, holder=1, kind="predicted_race", what=race, answer=True) in log
    for seed in range(20):
        assert g.determinize(s, 2, seed).prediction[0] == s.prediction[0]


# -- E26 in battle: Diplomatic Interference against Jol-Nar's prescience and the Xxcha voice ----------


def test_resolve_interfere_e26_diplomatic_interference_cancels_jol_nar_prescience_rule_17() -> None:
    from tests.games.rex.test_battle import AREA, battles

    g = rex(3, ["jol_nar", "xxcha", "letnev"], xxcha_voice=False)
    di = card(g, "diplomatic_interference")
    s, log = battles(g, (AREA, 0, 5, 0), (AREA, 2, 5, 0), hands=((), (), (di,)))
    s = act(g, s, 0, A.UsePrescience("dial"), log)
    assert A.PlayCard("diplomatic_interference") in g.legal_actions(s, 2)
    s = act(g, s, 2, A.PlayCard("diplomatic_interference"), log)
    assert E.AbilityCancelled(seat=2, ability="jol_nar_prescience") in log
    assert not any(isinstance(e, E.PartForeseen) for e in log)
    assert g.to_act(s) == {0, 2} and s.plan_dial == (-1, -1)  # both plan, nothing was shown
    assert s.hands[2] == () and di in s.strategy_discard


def test_may_interfere_e26_diplomatic_interference_cancels_the_xxcha_voice_rule_17() -> None:
    from tests.games.rex.test_battle import AREA, ATTACK_B, ATTACK_K, battles, plan

    g = rex(3, ["jol_nar", "xxcha", "letnev"], jol_nar_prescience=False)
    di = card(g, "diplomatic_interference")
    s, log = battles(
        g, (AREA, 1, 5, 0), (AREA, 2, 5, 0), hands=((), (), (ATTACK_K, ATTACK_B, di)), first_player=1
    )
    s = plan(g, s, 1, 1, "xxcha_leader_1")
    s = plan(g, s, 2, 1, "letnev_leader_1", "attack")
    s = act(g, s, 1, A.GiveOrder(True, "attack", "B"), log)
    assert A.PlayCards("attack_kinetic", None) not in g.legal_actions(s, 2)
    s = act(g, s, 2, A.PlayCard("diplomatic_interference"), log)
    assert E.AbilityCancelled(seat=2, ability="xxcha_voice") in log
    assert A.PlayCards("attack_kinetic", None) in g.legal_actions(s, 2)  # the order no longer binds
    assert g.to_act(s) == {1, 2}


def test_a_scenario_pins_the_influence_deck_after_the_round_1_offensive_is_shuffled_back_e14() -> None:
    offensive = 12
    g = four(scenario={"influence_reshuffles": [["sol_offensive_1"]]})
    s = position(g, {})
    others = tuple(c for c in s.influence_deck if c not in (AREA_03, offensive))
    s2, log = run_phase(
        g,
        s,
        begin_round,
        round=1,
        fleet=QUIET_SECTOR,
        influence_deck=(*others, AREA_03, offensive),
        influence_discard=(),
    )
    assert any(isinstance(e, E.OffensivesShuffledBack) for e in log)
    assert s2.influence_deck[-1] == offensive and s2.influence_shuffles == 1


def test_everyone_sees_what_a_consent_or_a_spare_question_is_about_rule_16_1() -> None:
    g = four()
    stacks = add_units((), pc(g, "dune_cielago_east__west"), 0, 3)
    s = position(g, {}, stacks, alliance=(0, 0, -1, -1), fleet=QUIET_SECTOR, influence=(10, 10, 10, 10))
    s, log = _landing_turn(g, s)
    s = act(g, s, 0, A.CrossFrom("dune_cielago_east__west"), log)
    assert g.observe(s, 2).consent == (0, "cross_landing") and g.observe(s, None).consent == (
        0,
        "cross_landing",
    )
    s2 = position(g, {}, _hagga_armies(g), alliance=(0, -1, 0, -1))
    s2, _ = run_phase(
        g,
        s2,
        begin_round,
        round=2,
        fleet=QUIET_SECTOR,
        influence_deck=(AREA_03, 12),
        influence_discard=(AREA_02,),
    )
    assert g.observe(s2, 1).offensive_card == "influence_area_02"


# -- one test for each remaining rule function of the card windows -------------------------------------


def _bombardment_window(g: RexGame, hands: dict[int, list[str]]) -> State:
    stacks = add_units((), pc(g, "dune_cielago_east__west"), 2, 4)  # the Sol, sector 2
    s, _ = _bombard(g, position(g, hands, stacks, round=3), 1, fleet=1)
    assert s.step == CARD_WINDOW and s.window == cards.BOMBARDMENT
    return s


def test_holds_only_a_card_in_the_seats_own_hand_rule_3_7() -> None:
    g = four()
    s = position(g, {1: ["decoy"]})
    assert cards.holds(g.ctx, s, 1, "decoy") and not cards.holds(g.ctx, s, 0, "decoy")
    assert not cards.holds(g.ctx, s, 1, "no_such_card")


def test_discard_played_face_up_or_out_of_the_game_for_the_shield_breaker_rule_3_7() -> None:
    g = four()
    d, out = Draft.of(position(g, {0: ["decoy", "shield_breaker"]})), list[Event]()
    cards.discard_played(g.ctx, d, 0, "decoy", "test", out)
    assert d.hands[0] == (card(g, "shield_breaker"),) and d.strategy_discard[-1] == card(g, "decoy")
    cards.discard_played(g.ctx, d, 0, "shield_breaker", "test", out)
    assert d.hands[0] == () and card(g, "shield_breaker") in d.strategy_removed
    assert [e.card for e in out if isinstance(e, E.StrategyCardPlayed)] == ["decoy", "shield_breaker"]


def test_open_window_asks_the_seats_with_cards_sealed_rule_17() -> None:
    g = four()
    s = _bombardment_window(g, {1: ["diplomatic_interference"], 3: ["decoy"]})
    assert s.waiting == (1, 3) and s.actor == -1  # a decoy holder is asked too (§16.2)
    d, out = Draft.of(position(g, {})), list[Event]()
    assert not cards.open_window(g.ctx, d, cards.BOMBARDMENT, out)  # nobody holds a card
    assert d.window == "" and not out


def test_window_condition_the_sol_resistance_only_with_sol_units_on_the_board_c5() -> None:
    g = four()
    s = position(g, {1: ["diplomatic_interference"]}, add_units((), pc(g, "dune_cielago_east__west"), 2, 4))
    s = msgspec.structs.replace(s, window=cards.BOMBARDMENT)
    assert cards.window_condition(g.ctx, s, 1, "diplomatic_interference")
    assert not cards.window_condition(
        g.ctx, msgspec.structs.replace(s, stacks=()), 1, "diplomatic_interference"
    )


def test_sol_resistance_matters_not_to_the_sol_themselves_nor_once_cancelled_c5() -> None:
    g = four()  # the Sol sit at seat 2
    s = position(g, {}, add_units((), pc(g, "dune_cielago_east__west"), 2, 4))
    assert cards.sol_resistance_matters(g.ctx, s, 1)
    assert not cards.sol_resistance_matters(g.ctx, s, 2)
    assert not cards.sol_resistance_matters(
        g.ctx, msgspec.structs.replace(s, sol_resistance_cancelled=True), 1
    )
    g = four(sol_bombardment_half_losses=False)
    assert not cards.sol_resistance_matters(g.ctx, position(g, {}, s.stacks), 1)


def test_holds_a_window_card_any_card_of_the_open_window_rule_17() -> None:
    g = four()
    s = _bombardment_window(g, {1: ["diplomatic_interference"], 3: ["decoy"]})
    assert cards.holds_a_window_card(g.ctx, s, 1) and not cards.holds_a_window_card(g.ctx, s, 3)


def test_legal_window_plays_no_card_or_a_usable_window_card_rule_17() -> None:
    g = four()
    s = _bombardment_window(g, {1: ["diplomatic_interference"], 3: ["decoy"]})
    assert cards.legal_window_plays(g.ctx, s, 1) == [None, "diplomatic_interference"]
    assert cards.legal_window_plays(g.ctx, s, 3) == [None]


def test_answer_before_the_last_only_seals_the_answer_rule_17() -> None:
    g = four()
    s = _bombardment_window(g, {1: ["diplomatic_interference"], 3: ["decoy"]})
    s2 = cards.answer_before_the_last(g.ctx, s, 1, "diplomatic_interference")
    assert s2.waiting == (3,) and s2.sealed[1] == card(g, "diplomatic_interference")
    assert s2.hands == s.hands and s2.step == CARD_WINDOW  # nothing resolves yet


def test_resolve_window_answer_the_last_answer_resolves_the_window_rule_17() -> None:
    g = four()
    s = _bombardment_window(g, {1: ["diplomatic_interference"], 3: ["decoy"]})
    d, out = Draft.of(s), list[Event]()
    cards.resolve_window_answer(g.ctx, d, 1, "diplomatic_interference", out)
    assert d.waiting == (3,) and out == [E.CardWindowAnswered(seat=1)]
    cards.resolve_window_answer(g.ctx, d, 3, None, out)
    assert E.AbilityCancelled(seat=1, ability="sol_bombardment_resistance") in out
    assert any(isinstance(e, E.SectorBombarded) for e in out)  # then the bombardment goes on


def test_continue_window_plays_in_turn_then_the_phase_goes_on_rule_17() -> None:
    g = four()
    s = _bombardment_window(g, {1: ["diplomatic_interference"], 3: ["decoy"]})
    d, out = Draft.of(s), list[Event]()
    d.waiting, d.sealed = (), (-2, card(g, "diplomatic_interference"), -2, -2)
    cards.continue_window(g.ctx, d, out)
    assert E.AbilityCancelled(seat=1, ability="sol_bombardment_resistance") in out and d.hands[1] == ()
    hit = next(e for e in out if isinstance(e, E.SectorBombarded))  # the bombardment goes on
    assert hit.losses == ((2, 4, 0),)  # all 4 Sol units: the resistance is cancelled


def test_legal_fleet_moves_zero_to_ten_sectors_c6() -> None:
    g = four()
    assert cards.legal_fleet_moves(g.ctx, position(g, {}), 0) == range(11)


def test_ability_may_be_cancelled_by_another_seat_once_e26() -> None:
    g = four()
    s = position(g, {})
    assert not cards.ability_may_be_cancelled(s, 1)  # nothing at stake
    staked = msgspec.structs.replace(s, at_stake=(3, 0))
    assert cards.ability_may_be_cancelled(staked, 1) and not cards.ability_may_be_cancelled(staked, 3)
    assert not cards.ability_may_be_cancelled(msgspec.structs.replace(s, at_stake=(3, 1)), 1)


def test_may_interrogate_with_the_card_in_the_holders_own_decision_rule_3_7() -> None:
    g = four()
    s, _ = _recruiting(g, {0: ["interrogation"], 1: ["interrogation"]})
    assert cards.may_interrogate(g.ctx, s, 0)
    assert not cards.may_interrogate(g.ctx, msgspec.structs.replace(s, step=CARD_WINDOW), 0)
    assert not cards.may_interrogate(g.ctx, s, 2)


def test_legal_questions_about_every_other_seat_never_oneself_rule_16_2() -> None:
    g = four()
    s, _ = _recruiting(g, {0: ["interrogation"]})
    questions = cards.legal_questions(g.ctx, s, 0)
    assert {seat for seat, _, _ in questions} == {1, 2, 3}
    assert (1, FACT_CARD, card(g, "decoy")) in questions


def test_resolve_question_a_true_public_answer_and_back_to_the_decision_rule_16_2() -> None:
    g = four()
    s, _ = _recruiting(g, {0: ["interrogation"], 1: ["decoy"]})
    d, out = Draft.of(s), list[Event]()
    d.resume_step = RECRUIT
    cards.resolve_question(g.ctx, d, 0, 1, FACT_CARD, card(g, "attack_kinetic"), out)
    assert out == [E.QuestionAnswered(seat=0, holder=1, kind="card", what="attack_kinetic", answer=False)]
    assert d.facts == ((1, FACT_CARD, card(g, "attack_kinetic"), 0),) and d.step == RECRUIT
