"""RULES §13 Temporary Ceasefire and alliances (E31), through the ceasefire window's actions."""

from __future__ import annotations

from typing import Any

from tests.games.rex.helpers import pass_card_window, rex, run_phase, set_up_game
from turncoat.core import deals
from turncoat.core.actions import Event
from turncoat.games.rex import actions as A
from turncoat.games.rex.game import RexGame
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
