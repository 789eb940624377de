"""RULES §6 Phase 1 — Influence (E14-E17, E31) and the ceasefire window hook (§13.1)."""

from __future__ import annotations

import msgspec
import pytest

from tests.games.rex.helpers import pass_card_window, rex, run_phase, set_up_game
from turncoat.core import deals
from turncoat.core.actions import Event
from turncoat.core.errors import IllegalAction
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.phases.influence import (
    allies_to_spare,
    begin_round,
    draw_influence_card,
    draw_on,
    draw_until_area_card,
    end_influence_phase,
    gift_recipient,
    jol_nar_sees_next_influence,
    lazax_gift_recipients,
    legal_gift_amounts,
    legal_gift_recipients,
    resolve_gift_to,
    resolve_sol_offensive_card,
    sol_sees_next_bombardment,
    struck_areas,
)
from turncoat.games.rex.phases.shuffles import shuffle_influence, shuffle_strategy
from turncoat.games.rex.state import (
    BID,
    CEASEFIRE,
    MOVE_FROM,
    SPARE_ALLY,
    Draft,
    Stack,
    State,
    add_influence,
    add_units,
    total_influence,
)

AREA_01, AREA_02, AREA_03 = 0, 1, 2  # (cielago south 12, broken land 8), (cielago north 8, hagga 6), ...
OFFENSIVE_1, OFFENSIVE_2, CEASEFIRE_1, CEASEFIRE_2 = 12, 13, 14, 15
QUIET_SECTOR = 7  # no slot of the first three area cards lies in sector 7


def piece(g: RexGame, pid: str) -> int:
    return g.ctx.b.piece_index[pid]


def influence_at(g: RexGame, s: State, pid: str) -> int:
    return sum(a for p, a in s.board_influence if p == piece(g, pid))


def start_round(g: RexGame, s: State, deck: tuple[int, ...], **fields: object) -> tuple[State, list[Event]]:
    """Run §6 from the top of ``deck`` (top card LAST) in round 2 unless said otherwise."""
    fields.setdefault("round", 2)
    fields.setdefault("fleet", QUIET_SECTOR)
    fields.setdefault("influence_discard", (AREA_03,))
    s2, events = run_phase(g, s, begin_round, influence_deck=deck, **fields)
    return pass_card_window(g, s2, events), events


def four() -> RexGame:
    return rex(4, ["sol", "hacan", "lazax", "letnev"])


def test_place_area_card_on_both_areas_with_4_players_rule_6_step_2() -> None:
    g = four()
    s = set_up_game(g)
    before = total_influence(s) - sum(a for _, a in s.board_influence)  # round 1's card is cleared
    s2, events = start_round(g, s, (AREA_03, AREA_01), board_influence=())
    assert influence_at(g, s2, "dune_cielago_south__west") == 12
    assert influence_at(g, s2, "dune_broken_land__west") == 8
    assert s2.influence_discard == (AREA_03, AREA_01)
    assert total_influence(s2) == before  # §19.4: taken from the pool
    assert s2.step == BID  # the area card ends the drawing; bidding follows


def test_three_players_place_influence_on_one_area_only_e31() -> None:
    g = rex(3, ["sol", "hacan", "lazax"])
    s2, _ = start_round(g, set_up_game(g), (AREA_01,), board_influence=())
    assert influence_at(g, s2, "dune_cielago_south__west") == 12
    assert influence_at(g, s2, "dune_broken_land__west") == 0
    g = rex(3, ["sol", "hacan", "lazax"], three_player_influence_slot="second")
    s2, _ = start_round(g, set_up_game(g), (AREA_01,), board_influence=())
    assert influence_at(g, s2, "dune_cielago_south__west") == 0
    assert influence_at(g, s2, "dune_broken_land__west") == 8


def test_no_influence_in_the_bombarded_sector_e17() -> None:
    g = four()
    s2, events = start_round(g, set_up_game(g), (AREA_01,), board_influence=(), fleet=1)
    assert influence_at(g, s2, "dune_cielago_south__west") == 0  # sector 1 is bombarded
    assert influence_at(g, s2, "dune_broken_land__west") == 8
    assert E.InfluencePlaced(piece="dune_cielago_south__west", amount=0, printed=12) in events


def test_slots_receiving_three_players_bombarded_slot_nothing_or_the_other_gaps_g8() -> None:
    g = rex(3, ["sol", "hacan", "lazax"])
    s2, _ = start_round(g, set_up_game(g), (AREA_01,), board_influence=(), fleet=1)
    assert s2.board_influence == ()
    g = rex(3, ["sol", "hacan", "lazax"], three_player_bombarded_slot="other")
    s2, _ = start_round(g, set_up_game(g), (AREA_01,), board_influence=(), fleet=1)
    assert influence_at(g, s2, "dune_broken_land__west") == 8


def test_influence_accumulates_rule_6_step_2() -> None:
    g = four()
    s = set_up_game(g)
    board = add_influence((), piece(g, "dune_broken_land__west"), 5)
    s2, _ = start_round(g, s, (AREA_01,), board_influence=board)
    assert influence_at(g, s2, "dune_broken_land__west") == 13


def _armies(g: RexGame) -> tuple[Stack, ...]:
    """Hacan (seat 1) in Cielago North, Sol (seat 0) and Lazax (seat 2) in the Hagga Basin."""
    stacks: tuple[Stack, ...] = ()
    stacks = add_units(stacks, piece(g, "dune_cielago_north__east"), 1, 4)
    hagga = g.ctx.b.area_pieces[g.ctx.b.area_index["dune_hagga_basin"]]
    stacks = add_units(stacks, hagga[0], 0, 3)
    stacks = add_units(stacks, hagga[-1], 2, 2, 1)
    return stacks


def test_strike_areas_both_areas_of_the_last_area_card_rule_6_step_3() -> None:
    g = four()
    s = set_up_game(g)
    board = add_influence((), piece(g, "dune_cielago_north__east"), 5)
    before = total_influence(s) - sum(a for _, a in s.board_influence) + 5
    s2, events = start_round(
        g, s, (AREA_03, OFFENSIVE_1), influence_discard=(AREA_02,), stacks=_armies(g), board_influence=board
    )
    offensive = next(e for e in events if isinstance(e, E.SolOffensive))
    assert offensive.areas == ("dune_cielago_north", "dune_hagga_basin")
    assert offensive.losses == ((1, 4, 0), (2, 2, 1))  # the Sol are spared [Dune]
    assert offensive.influence == 5
    assert s2.casualties == (0, 4, 2, 0) and s2.casualties_mech == (0, 0, 1, 0)
    assert [st[1] for st in s2.stacks] == [0]
    assert OFFENSIVE_1 in s2.influence_removed
    assert s2.influence_discard == (AREA_02, AREA_03)  # then the next card is drawn
    assert total_influence(s2) == before


def test_sol_units_die_too_when_not_immune_gaps_g6() -> None:
    g = rex(4, ["sol", "hacan", "lazax", "letnev"], sol_immune_to_sol_offensive=False)
    s2, events = start_round(
        g, set_up_game(g), (AREA_03, OFFENSIVE_1), influence_discard=(AREA_02,), stacks=_armies(g)
    )
    offensive = next(e for e in events if isinstance(e, E.SolOffensive))
    assert offensive.losses == ((0, 3, 0), (1, 4, 0), (2, 2, 1))
    assert s2.stacks == ()


def test_shields_protect_from_the_offensive_only_if_the_option_says_so_gaps_b4() -> None:
    shielded = {"board.areas.dune_cielago_north.shielded": True}
    g = rex(4, ["sol", "hacan", "lazax", "letnev"], content_overrides=shielded)
    s2, _ = start_round(
        g, set_up_game(g), (AREA_03, OFFENSIVE_1), influence_discard=(AREA_02,), stacks=_armies(g)
    )
    assert 1 not in [st[1] for st in s2.stacks]  # default: shields do not help [guess]
    g = rex(
        4,
        ["sol", "hacan", "lazax", "letnev"],
        content_overrides=shielded,
        sol_offensive_ignores_shields=False,
    )
    s2, _ = start_round(
        g, set_up_game(g), (AREA_03, OFFENSIVE_1), influence_discard=(AREA_02,), stacks=_armies(g)
    )
    assert 1 in [st[1] for st in s2.stacks]


def test_sol_offensive_in_round_1_is_set_aside_and_shuffled_back_e14() -> None:
    g = four()
    s = set_up_game(g)
    s2, events = start_round(
        g, s, (AREA_03, AREA_02, OFFENSIVE_1), round=1, influence_discard=(), stacks=_armies(g)
    )
    assert not any(isinstance(e, E.SolOffensive) for e in events)
    assert E.InfluenceCardIgnored(card="sol_offensive_1", reason="round_1") in events
    assert E.OffensivesShuffledBack(cards=1) in events
    assert sorted(s2.influence_deck) == [AREA_03, OFFENSIVE_1]
    assert s2.influence_discard == (AREA_02,) and s2.stacks == _armies(g)


def test_second_sol_offensive_in_a_phase_has_no_effect_e15() -> None:
    g = four()
    s2, events = start_round(
        g,
        set_up_game(g),
        (AREA_03, OFFENSIVE_2, OFFENSIVE_1),
        influence_discard=(AREA_02,),
        stacks=_armies(g),
    )
    assert sum(isinstance(e, E.SolOffensive) for e in events) == 1
    assert E.InfluenceCardIgnored(card="sol_offensive_2", reason="second") in events
    assert {OFFENSIVE_1, OFFENSIVE_2} <= set(s2.influence_removed)


def test_open_ceasefire_for_everyone_rule_6_step_4() -> None:
    g = four()
    s2, events = start_round(g, set_up_game(g), (AREA_01, CEASEFIRE_1))
    assert s2.step == CEASEFIRE and g.to_act(s2) == {0, 1, 2, 3}
    assert E.CeasefireOpened(card="temporary_ceasefire_1") in events
    assert CEASEFIRE_1 in s2.influence_removed


def test_ceasefire_in_round_1_is_resolved_e16() -> None:
    g = four()
    s2, _ = start_round(g, set_up_game(g), (AREA_01, CEASEFIRE_1), round=1, influence_discard=())
    assert s2.step == CEASEFIRE
    g = rex(4, ["sol", "hacan", "lazax", "letnev"], ceasefire_active_in_round_1=False)
    s2, events = start_round(g, set_up_game(g), (AREA_01, CEASEFIRE_1), round=1, influence_discard=())
    assert s2.step == BID
    assert E.InfluenceCardIgnored(card="temporary_ceasefire_1", reason="round_1") in events


def test_resolve_give_in_the_ceasefire_then_the_drawing_goes_on_rule_13_1() -> None:
    g = four()
    s, _ = start_round(g, set_up_game(g), (AREA_03, AREA_01, CEASEFIRE_2, CEASEFIRE_1))
    given = s.influence[1]
    with pytest.raises(IllegalAction):  # first whom, then how much
        g.apply(s, 1, deals.Give(to=3, good="influence", amount=2))
    s = g.apply(s, 1, A.GiftTo(3)).state
    assert A.EndCeasefire() not in g.legal_actions(s, 1)  # the gift is under way
    with pytest.raises(IllegalAction):  # more than he has
        g.apply(s, 1, deals.Give(to=3, good="influence", amount=given + 1))
    t = g.apply(s, 1, deals.Give(to=3, good="influence", amount=2))
    assert t.events == (deals.Given(giver=1, receiver=3, good="influence", amount=2),)
    s = t.state
    assert s.influence[1] == given - 2 and A.GiftTo(0) in g.legal_actions(s, 1)
    log: list[Event] = []
    for seat in (0, 1, 2, 3):
        t = g.apply(s, seat, A.EndCeasefire())
        s = t.state
        log.extend(t.events)
        assert seat == 3 or s.step == CEASEFIRE
    assert E.CeasefireEnded() in log
    assert E.InfluenceCardIgnored(card="temporary_ceasefire_2", reason="second") in log  # E15
    assert s.step == BID and s.influence_discard[-1] == AREA_01


def test_round_counter_equals_discarded_area_cards_rule_5() -> None:
    g = rex(5, ["sol", "hacan", "lazax", "letnev", "jol_nar"])
    for seed in range(6):
        s = set_up_game(g, seed)
        while s.step == CEASEFIRE:
            s = g.apply(s, min(g.to_act(s)), A.EndCeasefire()).state
        assert len(s.influence_discard) == s.round == 1


def test_begin_round_opens_the_influence_phase_and_draws_rule_5_rule_6_step_1() -> None:
    g = four()
    s, events = start_round(g, set_up_game(g), (AREA_01,), offensive_done=True, ceasefire_done=True)
    assert E.InfluenceCardDrawn(card="influence_area_01", kind="area") in events
    assert s.influence_discard == (AREA_03, AREA_01) and s.step == BID
    assert not s.offensive_done and not s.ceasefire_done  # a new phase: nothing resolved yet


def test_draw_influence_card_takes_the_top_card_and_rebuilds_an_empty_deck_rule_6_step_6() -> None:
    g = four()
    d, out = Draft.of(set_up_game(g)), list[Event]()
    d.influence_deck, d.influence_discard = (AREA_02, AREA_01), (AREA_03,)
    assert draw_influence_card(g.ctx, d, out) == AREA_01  # the top card is the last
    assert list(d.influence_deck) == [AREA_02]
    d.influence_deck, d.influence_discard = (), (AREA_03, AREA_02, AREA_01)
    card = draw_influence_card(g.ctx, d, out)
    assert list(d.influence_discard) == [AREA_01]  # the top discard stays [Dune]
    assert sorted((card, *d.influence_deck)) == [AREA_02, AREA_03]
    assert E.InfluenceDeckReshuffled(cards=2) in out


def test_draw_until_area_card_stops_at_an_area_card_or_a_ceasefire_rule_6_step_5() -> None:
    g = four()
    s = set_up_game(g)
    d, out = Draft.of(msgspec.structs.replace(s, round=2, fleet=QUIET_SECTOR)), list[Event]()
    d.influence_deck, d.influence_discard = (AREA_01, AREA_02, OFFENSIVE_1), (AREA_03,)
    assert draw_until_area_card(g.ctx, d, out)
    assert list(d.influence_deck) == [AREA_01] and list(d.influence_discard) == [AREA_03, AREA_02]
    d.influence_deck, d.ceasefire_done = (AREA_01, CEASEFIRE_1), False
    assert not draw_until_area_card(g.ctx, d, out)  # the window interrupts the drawing
    assert d.step == CEASEFIRE and list(d.influence_deck) == [AREA_01]


def test_draw_on_ends_the_phase_with_the_bidding_rule_6_step_5() -> None:
    g = four()
    s = msgspec.structs.replace(set_up_game(g), round=2, fleet=QUIET_SECTOR)
    s2, events = run_phase(g, s, draw_on, influence_deck=(AREA_01,), influence_discard=(AREA_03,))
    assert s2.influence_discard == (AREA_03, AREA_01)
    assert E.PhaseStarted(phase="bidding") in events and s2.step == BID


def test_struck_areas_both_areas_of_the_card_whatever_the_player_count_rule_6_step_3() -> None:
    for g in (four(), rex(3, ["sol", "hacan", "lazax"])):
        b = g.ctx.b
        assert struck_areas(g.ctx, AREA_02) == (
            b.area_index["dune_cielago_north"],
            b.area_index["dune_hagga_basin"],
        )


def test_resolve_sol_offensive_card_set_aside_in_round_1_and_ignored_the_second_time_rule_6_step_3() -> None:
    g = four()
    d, out = Draft.of(msgspec.structs.replace(set_up_game(g), round=1, stacks=_armies(g))), list[Event]()
    assert resolve_sol_offensive_card(g.ctx, d, OFFENSIVE_1, out)
    assert d.set_aside == (OFFENSIVE_1,) and not any(isinstance(e, E.SolOffensive) for e in out)
    d.round, d.influence_discard = 2, (AREA_02,)
    assert resolve_sol_offensive_card(g.ctx, d, OFFENSIVE_2, out)
    assert sum(isinstance(e, E.SolOffensive) for e in out) == 1 and d.offensive_done
    assert resolve_sol_offensive_card(g.ctx, d, OFFENSIVE_1, out)
    assert sum(isinstance(e, E.SolOffensive) for e in out) == 1  # the second does nothing
    assert d.influence_removed[-2:] == (OFFENSIVE_2, OFFENSIVE_1)


def test_allies_to_spare_only_an_ally_of_the_sol_in_a_struck_area_rule_18() -> None:
    g = four()  # Sol 0, Hacan 1 (in Cielago North), Lazax 2 (in the Hagga Basin)
    s = msgspec.structs.replace(set_up_game(g), stacks=_armies(g), alliance=(-1, -1, -1, -1))
    assert not allies_to_spare(g.ctx, s, AREA_02)
    s = msgspec.structs.replace(s, alliance=(0, -1, 0, -1))
    assert allies_to_spare(g.ctx, s, AREA_02)
    assert not allies_to_spare(g.ctx, s, AREA_01)  # the Lazax are not where this card strikes


def test_resolve_spare_ally_strikes_with_the_sol_answer_then_draws_on_rule_18() -> None:
    g = four()
    s = msgspec.structs.replace(set_up_game(g), alliance=(0, -1, 0, -1))
    s, _ = start_round(g, s, (AREA_03, OFFENSIVE_1), influence_discard=(AREA_02,), stacks=_armies(g))
    assert s.step == SPARE_ALLY and g.to_act(s) == {0}
    t = g.apply(s, 0, A.SpareAlly(True))
    assert E.AllySpared(seat=0, spare=True) in t.events
    offensive = next(e for e in t.events if isinstance(e, E.SolOffensive))
    assert offensive.losses == ((1, 4, 0),)  # the Lazax ally is spared, the Hacan is not
    assert t.state.step == BID and t.state.influence_discard[-1] == AREA_03


def test_end_influence_phase_shuffles_the_set_aside_offensives_back_e14_rule_6_step_3() -> None:
    g = four()
    d, out = Draft.of(set_up_game(g)), list[Event]()
    d.influence_deck, d.set_aside = (AREA_01, AREA_02), (OFFENSIVE_1,)
    end_influence_phase(g.ctx, d, out)
    assert sorted(d.influence_deck) == [AREA_01, AREA_02, OFFENSIVE_1] and not d.set_aside
    assert out == [E.OffensivesShuffledBack(cards=1)]
    end_influence_phase(g.ctx, d, out)
    assert len(out) == 1  # nothing set aside: nothing happens


def test_shuffle_influence_puts_a_scenarios_pinned_cards_on_top_rule_6_step_6() -> None:
    pin = {"influence_reshuffles": [["influence_area_02", "influence_area_05"]]}
    g = rex(4, ["sol", "hacan", "lazax", "letnev"], scenario=pin)
    d = Draft.of(set_up_game(g))
    deck = shuffle_influence(g.ctx, d, range(6))
    assert deck[-2:] == (4, 1) and sorted(deck) == list(range(6))  # the top card is the last
    assert sorted(shuffle_influence(g.ctx, d, range(6))) == list(range(6))  # the next is unpinned
    assert d.influence_shuffles == 2


def test_shuffle_strategy_puts_a_scenarios_pinned_cards_on_top_e32() -> None:
    g = rex(4, ["sol", "hacan", "lazax", "letnev"], scenario={"strategy_reshuffles": [["decoy"]]})
    d = Draft.of(set_up_game(g))
    decoy = g.ctx.t.card_index["decoy"]
    deck = shuffle_strategy(g.ctx, d, range(decoy + 3))
    assert deck[-1] == decoy and sorted(deck) == list(range(decoy + 3)) and d.strategy_shuffles == 1


def _ceasefire(g: RexGame) -> State:
    s, _ = start_round(g, set_up_game(g), (AREA_01, CEASEFIRE_1))
    assert s.step == CEASEFIRE
    return s


def test_legal_gift_recipients_anyone_else_while_having_influence_rule_13_1() -> None:
    g = four()
    s = _ceasefire(g)
    assert legal_gift_recipients(g.ctx, s, 1) == [0, 2, 3]
    broke = msgspec.structs.replace(s, influence=(0, *s.influence[1:]))
    assert legal_gift_recipients(g.ctx, broke, 0) == []


def test_resolve_gift_to_chooses_the_recipient_and_gift_recipient_reads_it_rule_13_1() -> None:
    g = four()
    d, out = Draft.of(_ceasefire(g)), list[Event]()
    assert gift_recipient(d, 1) == -1
    resolve_gift_to(g.ctx, d, 1, 3, out)
    assert gift_recipient(d, 1) == 3 and gift_recipient(d, 0) == -1
    resolve_gift_to(g.ctx, d, 1, -1, out)  # he changes his mind
    assert gift_recipient(d, 1) == -1


def test_legal_gift_amounts_one_up_to_all_he_has_once_a_recipient_is_chosen_rule_13_1() -> None:
    g = four()
    s = _ceasefire(g)
    assert list(legal_gift_amounts(g.ctx, s, 1)) == []
    s = g.apply(s, 1, A.GiftTo(3)).state
    assert list(legal_gift_amounts(g.ctx, s, 1)) == list(range(1, s.influence[1] + 1))


def test_resolve_end_ceasefire_waits_for_everyone_then_draws_on_rule_13_1() -> None:
    g = four()
    s = _ceasefire(g)
    for seat in (2, 0, 3):
        s = g.apply(s, seat, A.EndCeasefire()).state
        assert s.step == CEASEFIRE and seat not in g.to_act(s)
    assert g.to_act(s) == {1}
    t = g.apply(s, 1, A.EndCeasefire())
    assert E.CeasefireEnded() in t.events and t.state.step == BID


def test_lazax_gift_recipients_allies_only_in_the_lazax_own_decisions_rule_18() -> None:
    g = four()  # the Lazax sit at seat 2
    s = msgspec.structs.replace(set_up_game(g), alliance=(0, -1, 0, -1), step=BID)
    assert lazax_gift_recipients(g.ctx, s, 2) == [0]
    assert lazax_gift_recipients(g.ctx, s, 0) == []  # the Sol are no Lazax
    assert lazax_gift_recipients(g.ctx, msgspec.structs.replace(s, step=CEASEFIRE), 2) == []
    assert lazax_gift_recipients(g.ctx, msgspec.structs.replace(s, alliance=(-1,) * 4), 2) == []


def test_jol_nar_sees_next_influence_from_the_maneuvering_phase_rule_18_gaps_d7() -> None:
    g = rex(4, ["sol", "jol_nar", "lazax", "letnev"])
    s = set_up_game(g)
    assert not jol_nar_sees_next_influence(g.ctx, msgspec.structs.replace(s, step=BID), 1)
    moving = msgspec.structs.replace(s, step=MOVE_FROM)
    assert jol_nar_sees_next_influence(g.ctx, moving, 1)
    assert not jol_nar_sees_next_influence(g.ctx, moving, 0)  # only the Jol-Nar
    assert not jol_nar_sees_next_influence(g.ctx, moving, None)


def test_sol_sees_next_bombardment_only_the_sol_with_the_option_rule_18_gaps_d13() -> None:
    g = four()
    s = set_up_game(g)
    assert sol_sees_next_bombardment(g.ctx, s, 0)
    assert not sol_sees_next_bombardment(g.ctx, s, 1) and not sol_sees_next_bombardment(g.ctx, s, None)
    g = rex(4, ["sol", "hacan", "lazax", "letnev"], sol_sees_next_bombardment=False)
    assert not sol_sees_next_bombardment(g.ctx, set_up_game(g), 0)


def test_gift_recipient_nobody_until_a_recipient_is_chosen_rule_13_1() -> None:
    g = four()
    s = _ceasefire(g)
    assert [gift_recipient(s, seat) for seat in range(4)] == [-1, -1, -1, -1]
    s = g.apply(s, 2, A.GiftTo(0)).state
    assert [gift_recipient(s, seat) for seat in range(4)] == [-1, -1, 0, -1]
