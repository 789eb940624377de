"""RULES §13 Temporary Ceasefire and alliances (E31), through the ceasefire window's actions."""

from __future__ import annotations

from typing import Any

from tests.games.rex.helpers import pass_card_window, rex, run_phase, set_up_game
from turncoat.core import deals
from turncoat.core.actions import Event
from turncoat.games.rex import actions as A
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.phases import alliances
from turncoat.games.rex.phases.influence import begin_round
from turncoat.games.rex.state import CEASEFIRE, State

AREA_01, AREA_03, CEASEFIRE_1 = 0, 2, 14


def window(g: RexGame) -> State:
    """A Temporary Ceasefire in round 2 (the area card under it ends the phase)."""
    s = set_up_game(g)
    s, events = run_phase(
        g,
        s,
        begin_round,
        round=2,
        fleet=7,
        influence_deck=(AREA_01, CEASEFIRE_1),
        influence_discard=(AREA_03,),
    )
    s = pass_card_window(g, s, events)
    assert s.step == CEASEFIRE
    return s


def act(g: RexGame, s: State, seat: int, action: Any, log: list[Event] | None = None) -> State:
    t = g.apply(s, seat, action)
    if log is not None:
        log.extend(t.events)
    return t.state


def propose(proposer: int, *members: int) -> deals.Propose:
    group = tuple(sorted((proposer, *members)))
    return deals.Propose(to=tuple(p for p in group if p != proposer), terms=(deals.Ally(members=group),))


def test_resolve_accept_forms_the_alliance_when_every_member_agrees_rule_13_2() -> None:
    g = rex(4, ["letnev", "hacan", "sol", "lazax"])
    s = window(g)
    assert propose(0, 1) in g.legal_actions(s, 0)
    s = act(g, s, 0, propose(0, 1))
    assert deals.Accept(1) in g.legal_actions(s, 1)
    log: list[Event] = []
    s = act(g, s, 1, deals.Accept(1), log)
    assert deals.AllianceFormed(members=(0, 1)) in log
    assert s.alliance == (0, 0, -1, -1)


def test_legal_proposals_joining_an_alliance_needs_all_its_members_rule_13_2() -> None:
    g = rex(4, ["letnev", "hacan", "sol", "lazax"])
    s = window(g)
    s = act(g, act(g, s, 0, propose(0, 1)), 1, deals.Accept(1))
    legal = g.legal_actions(s, 2)
    assert propose(2, 0) not in legal and propose(2, 0, 1) in legal
    s = act(g, s, 2, propose(2, 0, 1))
    s = act(g, s, 0, deals.Accept(2))
    assert s.alliance == (0, 0, -1, -1)  # seat 1 has not agreed yet
    s = act(g, s, 1, deals.Accept(2))
    assert s.alliance == (0, 0, 0, -1)
    assert not [a for a in g.legal_actions(s, 3) if isinstance(a, deals.Propose)]  # at most 3 members


def test_resolve_leave_a_lone_member_is_no_longer_allied_rule_13_2() -> None:
    g = rex(4, ["letnev", "hacan", "sol", "lazax"])
    s = window(g)
    s = act(g, act(g, s, 0, propose(0, 1)), 1, deals.Accept(1))
    s = act(g, s, 1, deals.LeaveAlliance())
    assert s.alliance == (-1, -1, -1, -1)
    assert propose(1, 2) in g.legal_actions(s, 1)  # and may form another at once


def test_no_alliances_with_three_players_e31() -> None:
    g = rex(3, ["letnev", "hacan", "sol"])
    s = window(g)
    assert not [a for a in g.legal_actions(s, 0) if isinstance(a, deals.Propose)]
    assert any(isinstance(a, A.GiftTo) for a in g.legal_actions(s, 0))  # gifts still are


def test_resolve_propose_calls_back_a_player_who_was_done_rule_13_1() -> None:
    g = rex(4, ["letnev", "hacan", "sol", "lazax"])
    s = window(g)
    s = act(g, s, 1, A.EndCeasefire())
    assert 1 not in g.to_act(s)
    s = act(g, s, 0, propose(0, 1))
    assert 1 in g.to_act(s)


def test_close_window_open_proposals_lapse_rule_13_1() -> None:
    g = rex(4, ["letnev", "hacan", "sol", "lazax"])
    s = window(g)
    s = act(g, s, 0, propose(0, 2))
    log: list[Event] = []
    for seat in (0, 1, 3, 2):
        s = act(g, s, seat, A.EndCeasefire(), log)
    assert deals.DealLapsed(proposal=1) in log
    assert s.alliance == (-1, -1, -1, -1) and s.step != CEASEFIRE


def test_alliances_allowed_from_four_players_e31_rule_13_1() -> None:
    four = rex(4, ["letnev", "hacan", "sol", "lazax"])
    three = rex(3, ["letnev", "hacan", "sol"])
    assert alliances.alliances_allowed(four.ctx, set_up_game(four))
    assert not alliances.alliances_allowed(three.ctx, set_up_game(three))
    five_needed = rex(4, ["letnev", "hacan", "sol", "lazax"], alliances_min_players=5)
    assert not alliances.alliances_allowed(five_needed.ctx, set_up_game(five_needed))


def test_legal_answers_the_open_proposals_waiting_for_the_seat_rule_13_2() -> None:
    g = rex(4, ["letnev", "hacan", "sol", "lazax"])
    s = act(g, window(g), 0, propose(0, 1, 2))
    assert alliances.legal_answers(g.ctx, s, 1) == (1,) == alliances.legal_answers(g.ctx, s, 2)
    assert alliances.legal_answers(g.ctx, s, 0) == () == alliances.legal_answers(g.ctx, s, 3)
    s = act(g, s, 1, deals.Accept(1))
    assert alliances.legal_answers(g.ctx, s, 1) == ()  # answered


def test_legal_withdrawals_only_the_seats_own_open_proposals_rule_13_2() -> None:
    g = rex(4, ["letnev", "hacan", "sol", "lazax"])
    s = act(g, act(g, window(g), 0, propose(0, 1)), 2, propose(2, 3))
    assert alliances.legal_withdrawals(g.ctx, s, 0) == (1,)
    assert alliances.legal_withdrawals(g.ctx, s, 2) == (2,) and alliances.legal_withdrawals(g.ctx, s, 1) == ()


def test_resolve_withdraw_the_proposal_is_gone_and_nobody_is_bound_rule_13_2() -> None:
    g = rex(4, ["letnev", "hacan", "sol", "lazax"])
    s = act(g, window(g), 0, propose(0, 1))
    log: list[Event] = []
    s = act(g, s, 0, deals.Withdraw(1), log)
    assert any(isinstance(e, deals.DealWithdrawn) for e in log)
    assert alliances.legal_answers(g.ctx, s, 1) == () and s.alliance == (-1, -1, -1, -1)


def test_resolve_decline_one_refusal_and_no_alliance_forms_rule_13_2() -> None:
    g = rex(4, ["letnev", "hacan", "sol", "lazax"])
    s = act(g, window(g), 0, propose(0, 1, 2))
    s = act(g, s, 1, deals.Accept(1))
    log: list[Event] = []
    s = act(g, s, 2, deals.Decline(1), log)
    assert any(isinstance(e, deals.DealDeclined) for e in log)
    assert s.alliance == (-1, -1, -1, -1) and alliances.legal_answers(g.ctx, s, 2) == ()


def test_may_accept_not_once_the_groups_have_changed_rule_13_2() -> None:
    g = rex(4, ["letnev", "hacan", "sol", "lazax"])
    s = act(g, window(g), 0, propose(0, 1))  # proposal 1: seats 0 and 1
    s = act(g, s, 2, propose(2, 1))  # proposal 2: seats 1 and 2
    assert alliances.may_accept(g.ctx, s, 1, 1) and alliances.may_accept(g.ctx, s, 1, 2)
    assert not alliances.may_accept(g.ctx, s, 3, 1)  # not addressed to him
    s = act(g, s, 1, deals.Accept(2))  # seat 1 allies with seat 2
    assert s.alliance[1] == s.alliance[2] != -1
    assert not alliances.may_accept(g.ctx, s, 1, 1)  # seat 1 is no longer alone
