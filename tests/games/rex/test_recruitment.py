"""RULES §8 Phase 3 — Recruitment."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.rex.helpers import rex, run_phase, set_up_game
from turncoat.core.actions import Event
from turncoat.core.errors import IllegalAction, NotYourDecision
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.phases.recruitment import begin_recruitment
from turncoat.games.rex.state import LEADER_DEAD, LEADER_READY, MANEUVER_STEPS, RECRUIT, State

LAZAX, JOL_NAR, LETNEV, HACAN = 0, 1, 2, 3  # seats; free recruitment 1, 2, 2, 1 (races.json)


def game() -> RexGame:
    return rex(4, ["lazax", "jol_nar", "letnev", "hacan"])


def recruiting(g: RexGame, **fields: Any) -> tuple[State, list[Event]]:
    s = set_up_game(g)
    fields.setdefault("first_player", 0)
    fields.setdefault("influence", (10, 10, 10, 10))
    fields.setdefault("casualties", (0, 0, 0, 0))
    fields.setdefault("casualties_mech", (0, 0, 0, 0))
    return run_phase(g, s, begin_recruitment, **fields)


def dead(*leaders: int) -> tuple[int, ...]:
    status = [LEADER_READY] * 30
    for ld in leaders:
        status[ld] = LEADER_DEAD
    return tuple(status)


def test_recruit_cost_up_to_five_units_the_first_free_then_two_each_rule_8() -> None:
    g = game()
    s, _ = recruiting(g, casualties=(0, 7, 0, 0))
    assert g.to_act(s) == {JOL_NAR}
    units = sorted({a.units for a in g.legal_actions(s, JOL_NAR) if isinstance(a, A.Recruit)})
    assert units == [0, 1, 2, 3, 4, 5]
    t = g.apply(s, JOL_NAR, A.Recruit(5))
    assert E.Recruited(seat=JOL_NAR, units=5, mechanized=0, leader=None, cost=6) in t.events  # 2 free
    assert t.state.influence[JOL_NAR] == 4 and t.state.casualties[JOL_NAR] == 2
    assert t.state.pool == s.pool + 6


def test_legal_recruits_limited_by_influence_rule_8() -> None:
    g = game()
    s, _ = recruiting(g, casualties=(0, 0, 0, 9), influence=(10, 10, 10, 4))
    assert max(a.units for a in g.legal_actions(s, HACAN) if isinstance(a, A.Recruit)) == 3  # 1 free + 2 paid
    with pytest.raises(IllegalAction):
        g.apply(s, HACAN, A.Recruit(4))


def test_resolve_recruit_one_leader_for_his_strength_rule_8() -> None:
    g = game()
    s, _ = recruiting(g, leaders=dead(10, 11))  # Letnev's 6 and 4
    assert g.to_act(s) == {LETNEV}
    legal = g.legal_actions(s, LETNEV)
    assert {a.leader for a in legal if isinstance(a, A.Recruit)} == {
        None,
        "letnev_leader_1",
        "letnev_leader_2",
    }
    t = g.apply(s, LETNEV, A.Recruit(0, 0, "letnev_leader_1"))
    assert t.state.influence[LETNEV] == 4
    assert t.state.leaders[10] == LEADER_READY and t.state.leaders[11] == LEADER_DEAD


def test_a_mechanized_unit_counts_as_one_and_one_a_round_rule_8() -> None:
    g = game()
    s, _ = recruiting(g, casualties=(4, 0, 0, 0), casualties_mech=(3, 0, 0, 0))
    legal = [a for a in g.legal_actions(s, LAZAX) if isinstance(a, A.Recruit)]
    assert max(a.mechanized for a in legal) == 1
    assert max(a.units + a.mechanized for a in legal) == 5
    t = g.apply(s, LAZAX, A.Recruit(4, 1))
    assert E.Recruited(seat=LAZAX, units=4, mechanized=1, leader=None, cost=8) in t.events
    assert t.state.reserves_mech[LAZAX] == s.reserves_mech[LAZAX] + 1


def test_next_recruiter_in_player_order_skips_who_has_nothing_rule_8() -> None:
    g = game()
    s, _ = recruiting(g, first_player=2, casualties=(3, 0, 0, 2))
    assert g.to_act(s) == {HACAN}  # Letnev (first player) has nothing to recruit
    with pytest.raises(NotYourDecision):
        g.apply(s, LAZAX, A.Recruit(1))
    s = g.apply(s, HACAN, A.Recruit(0)).state  # recruiting is optional
    assert g.to_act(s) == {LAZAX}
    t = g.apply(s, LAZAX, A.Recruit(1))
    assert t.state.step in MANEUVER_STEPS
    assert E.PhaseStarted(phase="maneuvering") in t.events


def test_begin_recruitment_nothing_to_recruit_anywhere_skips_the_phase_rule_8() -> None:
    g = game()
    s, events = recruiting(g)
    assert s.step in MANEUVER_STEPS and s.step != RECRUIT
    assert events[0] == E.PhaseStarted(phase="recruitment")
