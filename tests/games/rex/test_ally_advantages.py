"""RULES §13.3, §18: the ally advantages built so far (races.json ally cards, [Dune])."""

from __future__ import annotations

from typing import Any

from tests.games.rex.helpers import pass_card_window, rex, run_phase, set_up_game
from tests.games.rex.test_battle import AREA, cards, plan, stacks
from turncoat.core.actions import Event, redact
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.phases.battle import begin_battles
from turncoat.games.rex.phases.maneuvering import begin_maneuvering
from turncoat.games.rex.phases.recruitment import begin_recruitment
from turncoat.games.rex.state import BATTLE_CARDS, FORESEE, LAND_TO, PRESCIENCE, TRAITOR, VOICE, State

HACAN_1 = 15


def battle(g: RexGame, **fields: Any) -> State:
    s = set_up_game(g)
    n = s.players
    fields.setdefault("first_player", 0)
    fields.setdefault("hands", ((),) * n)
    fields.setdefault("traitors", ((),) * n)
    fields.setdefault("learnt", ())
    s, _ = run_phase(g, s, begin_battles, stacks=stacks(g, (AREA, 0, 5, 0), (AREA, 1, 5, 0)), **fields)
    return s


# Seats: 0 Letnev, 1 Hacan, 2 Jol-Nar, 3 Xxcha; Letnev (0) fights Hacan (1).
def four(**options: Any) -> RexGame:
    return rex(4, ["letnev", "hacan", "jol_nar", "xxcha"], **options)


def test_helper_jol_nar_may_use_prescience_in_an_allys_battle_rule_18() -> None:
    g = four(xxcha_voice=False)
    s = battle(g, alliance=(0, -1, 0, -1))
    assert s.step == PRESCIENCE and g.to_act(s) == {2}
    log: list[Event] = []
    t = g.apply(s, 2, A.UsePrescience("dial"))
    assert t.state.step == FORESEE and g.to_act(t.state) == {1}  # the ally's opponent
    t = g.apply(t.state, 1, A.SetDial(3))
    log.extend(t.events)
    assert E.PartForeseen(seat=1, part="dial", shown="3", visible_to=(2,)) in redact(log, 2)
    assert g.observe(t.state, 2).battle.plans[1].dial == 3  # type: ignore[union-attr]
    assert g.observe(t.state, 0).battle.plans[1].dial is None  # type: ignore[union-attr]


def test_without_an_alliance_jol_nar_has_no_say_in_others_battles() -> None:
    g = four(xxcha_voice=False)
    s = battle(g)
    assert s.step != PRESCIENCE and 2 not in g.to_act(s)


def test_legal_voice_the_xxcha_may_use_it_in_an_allys_battle_rule_18() -> None:
    g = four(jol_nar_prescience=False)
    s = battle(g, alliance=(-1, 1, -1, 1), hands=((0, 1), (), (), ()))  # Hacan allied with the Xxcha
    s = plan(g, s, 0, 1, "letnev_leader_1", "attack")
    s = plan(g, s, 1, 1, "hacan_leader_1")
    assert s.step == VOICE and g.to_act(s) == {3}
    s = g.apply(s, 3, A.GiveOrder(False, "attack", "K")).state
    assert s.step == BATTLE_CARDS
    assert list(g.legal_actions(s, 0)) == [A.PlayCards("attack_biological", None)]


def test_traitor_side_letnev_may_reveal_a_traitor_for_an_ally_rule_18() -> None:
    g = rex(4, ["letnev", "hacan", "jol_nar", "xxcha"], jol_nar_prescience=False, xxcha_voice=False)
    s = set_up_game(g)
    groups = stacks(g, (AREA, 2, 5, 0), (AREA, 1, 5, 0))  # Jol-Nar (2) fights Hacan (1)
    s, _ = run_phase(
        g,
        s,
        begin_battles,
        stacks=groups,
        first_player=2,
        hands=((), (), (), ()),
        traitors=((HACAN_1,), (), (), ()),
        learnt=(),
        alliance=(0, -1, 0, -1),
    )
    s = plan(g, s, 2, 0, "jol_nar_leader_5")
    s = plan(g, s, 1, 5, "hacan_leader_1")
    s = cards(g, cards(g, s, 2), 1)
    assert s.step == TRAITOR and g.to_act(s) == {0, 1, 2}  # Letnev is asked too
    assert A.RevealTraitor(True) in g.legal_actions(s, 0)
    log: list[Event] = []
    for seat, reveal in ((1, False), (2, False), (0, True)):
        t = g.apply(s, seat, A.RevealTraitor(reveal))
        s = t.state
        log.extend(t.events)
    assert E.TraitorRevealed(seat=0, leader="hacan_leader_1") in log
    assert E.BattleFought(area=AREA, winner=2, strength=None) in log
    assert s.traitors[0] == ()


def test_an_ally_of_the_hacan_lands_at_half_price_rule_18() -> None:
    g = four(hacan_free_timing=False)
    s = set_up_game(g)
    s, _ = run_phase(
        g,
        s,
        begin_maneuvering,
        stacks=(),
        first_player=2,
        fleet=1,
        influence=(10,) * 4,
        alliance=(-1, 1, 1, -1),
    )
    assert s.step == LAND_TO
    s = g.apply(s, 2, A.LandIn("adminus_imperialis")).state
    t = g.apply(s, 2, A.LandUnits(3))
    events = list(t.events)
    pass_card_window(g, t.state, events)  # nobody cancels the Hacan's fee (§17, C5)
    landed = next(e for e in events if isinstance(e, E.UnitsLanded))
    assert landed.cost == 2  # 3, halved and rounded up (and paid to the Hacan)


def test_free_recruits_an_ally_of_the_sol_three_rule_18() -> None:
    g = rex(4, ["letnev", "sol", "jol_nar", "xxcha"])
    s = set_up_game(g)
    fields = {
        "first_player": 0,
        "influence": (0, 0, 0, 0),
        "casualties": (5, 0, 0, 0),
        "casualties_mech": (0,) * 4,
    }
    s, _ = run_phase(g, s, begin_recruitment, alliance=(0, 0, -1, -1), **fields)
    assert max(a.units for a in g.legal_actions(s, 0) if isinstance(a, A.Recruit)) == 3  # Letnev's own: 2
