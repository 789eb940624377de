"""RULES §8 Phase 3 — Recruitment."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from tests.games.rex.helpers import rex, run_phase, set_up_game
from turncoat.core.actions import Event
from turncoat.core.errors import IllegalAction, NotYourDecision
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.phases import recruitment as rc
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


def test_dead_leaders_only_the_seats_own_leaders_in_its_casualty_pool_rule_8() -> None:
    g = game()
    s, _ = recruiting(g, leaders=dead(6, 8, 12), casualties=(0, 1, 0, 0))  # Jol-Nar's 5-9, Letnev's 10-14
    assert rc.dead_leaders(g.ctx, s, JOL_NAR) == (6, 8)
    assert rc.dead_leaders(g.ctx, s, LETNEV) == (12,) and rc.dead_leaders(g.ctx, s, LAZAX) == ()


def test_extra_units_beyond_the_five_unit_limit_rule_8() -> None:
    ctx = game().ctx
    assert [rc.extra_units(ctx, u, m) for u, m in ((3, 0), (5, 0), (6, 0), (7, 1), (4, 1))] == [0, 0, 1, 3, 0]


def test_has_recruit_choice_only_with_something_to_recruit_and_pay_for_rule_8() -> None:
    g = game()
    s, _ = recruiting(g, casualties=(0, 2, 0, 0), influence=(10, 0, 10, 10))
    assert rc.has_recruit_choice(g.ctx, s, JOL_NAR)  # the 2 free ones
    assert not rc.has_recruit_choice(g.ctx, s, LAZAX)  # nothing in his casualty pool
    s, _ = recruiting(g, leaders=dead(0), influence=(0, 10, 10, 10), casualties=(0, 1, 0, 0))
    assert not rc.has_recruit_choice(g.ctx, s, LAZAX)  # a leader he cannot pay for


def test_lazax_payer_the_allied_lazax_unless_they_refused_rule_18() -> None:
    g = game()
    s, _ = recruiting(g, alliance=(0, 0, -1, -1), casualties=(0, 1, 0, 0))
    assert rc.lazax_payer(g.ctx, s, JOL_NAR) == LAZAX
    assert rc.lazax_payer(g.ctx, s, LETNEV) == -1  # not allied
    refused = msgspec.structs.replace(s, refused=("lazax_recruits",))
    assert rc.lazax_payer(g.ctx, refused, JOL_NAR) == -1


def test_legal_emergency_one_to_five_units_or_one_dead_leader_with_the_card_rule_8() -> None:
    g = game()
    card = g.ctx.t.card_index["emergency_recruitment"]
    s, _ = recruiting(g, casualties=(7, 2, 0, 0), leaders=dead(3), hands=((card,), (), (), ()))
    assert rc.legal_emergency(g.ctx, s, LAZAX) == [(u, -1) for u in range(1, 6)] + [(0, 3)]
    assert rc.legal_emergency(g.ctx, s, JOL_NAR) == []  # no card
