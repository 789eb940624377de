"""RULES §6 Phase 1 — Influence (E14-E17, E31) and the ceasefire window hook (§13.1)."""

from __future__ import annotations

import pytest

from tests.games.rex.helpers import pass_card_window, rex, run_phase, set_up_game
from turncoat.core import deals
from turncoat.core.actions import Event
from turncoat.core.errors import IllegalAction
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.phases.influence import begin_round
from turncoat.games.rex.state import BID, CEASEFIRE, Stack, State, add_influence, add_units, total_influence

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


def test_area_card_places_influence_on_both_areas_with_4_players_rule_6_step_2() -> None:
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


def test_three_players_bombarded_slot_gets_nothing_or_the_other_gaps_g8() -> None:
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


def test_sol_offensive_destroys_both_areas_of_the_last_area_card_rule_6_step_3() -> None:
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


def test_ceasefire_opens_the_window_for_everyone_rule_6_step_4() -> None:
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


def test_ceasefire_window_gifts_and_then_the_drawing_goes_on_rule_13_1() -> None:
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
