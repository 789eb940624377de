"""RULES §10 Phase 5 — Battle (E1-E9) and the battle hooks of §18 (Jol-Nar, Xxcha)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from tests.games.rex.helpers import rex, run_phase, set_up_game
from turncoat.core.actions import Event, redact
from turncoat.core.errors import IllegalAction
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.phases import battle
from turncoat.games.rex.phases.battle import begin_battles
from turncoat.games.rex.state import (
    BATTLE_CARDS,
    BATTLE_LOSSES,
    BATTLE_PLAN,
    CHOOSE_BATTLE,
    FORESEE,
    KEEP_CARDS,
    LEADER_DEAD,
    LEADER_READY,
    PRESCIENCE,
    TRAITOR,
    VOICE,
    Draft,
    Stack,
    State,
    add_units,
)

# Strategy card types (pack order) and leaders (race * 5 + slot).
ATTACK_K, ATTACK_B, DEFENSE_K, DEFENSE_B, DECOY, STAND_IN = 0, 1, 4, 5, 6, 7
LETNEV_1, LETNEV_2 = 10, 11  # strengths 6, 4
HACAN_1, HACAN_2 = 15, 16  # strengths 5, 3
SOL_1 = 20  # strength 7
AREA = "imperial_navy_base"
OTHER = "adminus_imperialis"


def stacks(g: RexGame, *groups: tuple[str, int, int, int]) -> tuple[Stack, ...]:
    out: tuple[Stack, ...] = ()
    for piece, seat, units, mech in groups:
        out = add_units(out, g.ctx.b.piece_index[piece], seat, units, mech)
    return out


def battles(g: RexGame, *groups: tuple[str, int, int, int], **fields: Any) -> tuple[State, list[Event]]:
    """§10 on a set-up game: first player 0, empty hands and no traitors unless said otherwise."""
    s = set_up_game(g)
    n = s.players
    fields.setdefault("first_player", 0)
    fields.setdefault("hands", ((),) * n)
    fields.setdefault("traitors", ((),) * n)
    fields.setdefault("learnt", ())
    fields.setdefault("leaders", tuple(LEADER_READY for _ in range(30)))
    return run_phase(g, s, begin_battles, stacks=stacks(g, *groups), **fields)


def act(g: RexGame, s: State, seat: int, action: Any, log: list[Event] | None = None) -> State:
    t = g.apply(s, seat, action)
    if log is not None:
        log.extend(t.events)
    return t.state


def plan(g: RexGame, s: State, seat: int, dial: int, leader: str | None, slot: str = "none") -> State:
    s = act(g, s, seat, A.SetDial(dial))
    return act(g, s, seat, A.PickLeader(leader, slot))


def cards(g: RexGame, s: State, seat: int, attack: str | None = None, defense: str | None = None) -> State:
    return act(g, s, seat, A.PlayCards(attack, defense))


def no_traitors(g: RexGame, s: State, log: list[Event] | None = None) -> State:
    for seat in sorted(g.to_act(s)):
        s = act(g, s, seat, A.RevealTraitor(False), log)
    return s


# Seats: 0 Letnev, 1 Hacan, 2 Sol, 3 Lazax — no Jol-Nar or Xxcha, so no prescience or voice.
def plain(**options: Any) -> RexGame:
    return rex(4, ["letnev", "hacan", "sol", "lazax"], **options)


def test_contested_areas_no_battle_in_the_galactic_council_rule_10_1() -> None:
    g = plain()
    s, events = battles(g, ("galactic_council", 0, 3, 0), ("galactic_council", 1, 2, 0))
    assert E.PhaseStarted(phase="collection") in events
    assert not any(isinstance(e, E.BattleStarted) for e in events)


def test_battle_areas_where_two_players_share_an_area_rule_10_1() -> None:
    g = plain()
    s, events = battles(g, (AREA, 1, 3, 0), (AREA, 0, 4, 0))
    assert E.BattleStarted(area=AREA, aggressor=0, defender=1) in events
    assert s.step == BATTLE_PLAN and g.to_act(s) == {0, 1}


def test_resolve_choose_battle_the_aggressor_chooses_the_order_rule_10_2() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 3, 0), (AREA, 1, 2, 0), (OTHER, 0, 2, 0), (OTHER, 2, 2, 0), first_player=0)
    assert s.step == CHOOSE_BATTLE and g.to_act(s) == {0}
    assert {a.area for a in g.legal_actions(s, 0) if isinstance(a, A.ChooseBattle)} == {AREA, OTHER}
    s = act(g, s, 0, A.ChooseBattle(OTHER))
    assert s.battlers == (0, 2)


def test_legal_dials_up_to_the_units_in_the_area_rule_10_3_step_2() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 3, 0), (AREA, 3, 2, 3), first_player=0)
    assert [a.value for a in g.legal_actions(s, 0) if isinstance(a, A.SetDial)] == [0, 1, 2, 3]
    assert max(a.value for a in g.legal_actions(s, 3) if isinstance(a, A.SetDial)) == 8  # 2 + 3 x 2


def test_legal_leaders_an_available_leader_must_fight_rule_10_3_step_3() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 3, 0), (AREA, 1, 2, 0), hands=((), (ATTACK_K,), (), ()))
    s = act(g, s, 1, A.SetDial(1))
    picks = [a for a in g.legal_actions(s, 1) if isinstance(a, A.PickLeader)]
    assert all(a.leader is not None for a in picks)
    assert {a.slot for a in picks} == {"none", "attack"}  # only a slot his hand can fill (GAPS C9)


def test_reveal_plans_sealed_until_both_are_set_rule_10_3_step_4() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 3, 0), (AREA, 1, 2, 0))
    log: list[Event] = []
    s = act(g, s, 0, A.SetDial(2), log)
    s = act(g, s, 0, A.PickLeader("letnev_leader_1", "none"), log)
    assert log == [E.BattlePlanPartSet(seat=0, part="dial"), E.BattlePlanPartSet(seat=0, part="leader")]
    view = g.observe(s, 1).battle
    assert view is not None and view.plans[0].dial is None and view.plans[0].leader is None
    mine = g.observe(s, 0).battle
    assert mine is not None and mine.plans[0].dial == 2
    s = plan(g, s, 1, 1, "hacan_leader_2")
    view = g.observe(s, 1).battle
    assert view is not None and view.plans[0].dial == 2 and view.plans[0].leader == "letnev_leader_1"


def test_resolve_battle_higher_strength_wins_loser_loses_all_winner_loses_his_dial_rule_10_3_step_8() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 1, 4, 0))
    s = plan(g, s, 0, 2, "letnev_leader_2")  # 2 + 4 = 6
    s = plan(g, s, 1, 4, "hacan_leader_1")  # 4 + 5 = 9
    s = cards(g, cards(g, s, 0), 1)
    log: list[Event] = []
    s = no_traitors(g, s, log)
    assert E.BattleFought(area=AREA, winner=1, strength=(6, 9)) in log
    assert not [st for st in s.stacks if st[0] == g.ctx.b.piece_index[AREA]]
    destroyed = [e for e in log if isinstance(e, E.UnitsDestroyed)]
    assert destroyed == [  # the loser all 5; the winner his dial, all 4
        E.UnitsDestroyed(seat=0, area=AREA, units=5, mechanized=0),
        E.UnitsDestroyed(seat=1, area=AREA, units=4, mechanized=0),
    ]
    assert not any(isinstance(e, E.LeaderKilled) for e in log)  # losing kills no leader
    assert E.PhaseStarted(phase="collection") in log


def test_a_tie_goes_to_the_aggressor_e1() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 1, 5, 0))
    s = plan(g, s, 0, 1, "letnev_leader_3")  # 1 + 3
    s = plan(g, s, 1, 1, "hacan_leader_2")  # 1 + 3
    s = cards(g, cards(g, s, 0), 1)
    log: list[Event] = []
    no_traitors(g, s, log)
    assert E.BattleFought(area=AREA, winner=0, strength=(4, 4)) in log


def test_an_attack_card_kills_unless_a_matching_defense_is_played_rule_10_3_step_7() -> None:
    g = plain()
    hands = ((ATTACK_K,), (DEFENSE_B,), (), ())
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 1, 5, 0), hands=hands)
    s = plan(g, s, 0, 1, "letnev_leader_5", "attack")  # 1 + 1
    s = plan(g, s, 1, 1, "hacan_leader_1", "defense")  # 1 + 5, but killed: type B does not stop K
    s = cards(g, s, 0, attack="attack_kinetic")
    s = cards(g, s, 1, defense="defense_biological")
    log: list[Event] = []
    s = no_traitors(g, s, log)
    assert E.LeaderKilled(leader="hacan_leader_1", cause="card") in log
    assert E.BattleFought(area=AREA, winner=0, strength=(2, 1)) in log
    assert s.leaders[HACAN_1] == LEADER_DEAD


def test_a_matching_defense_saves_the_leader_rule_10_3_step_7() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 1, 5, 0), hands=((ATTACK_K,), (DEFENSE_K,), (), ()))
    s = plan(g, s, 0, 1, "letnev_leader_5", "attack")
    s = plan(g, s, 1, 1, "hacan_leader_1", "defense")
    s = cards(g, cards(g, s, 0, attack="attack_kinetic"), 1, defense="defense_kinetic")
    log: list[Event] = []
    no_traitors(g, s, log)
    assert not any(isinstance(e, E.LeaderKilled) for e in log)
    assert E.BattleFought(area=AREA, winner=1, strength=(2, 6)) in log


def test_both_leaders_killed_compare_dials_tie_to_the_aggressor_e2() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 1, 5, 0), hands=((ATTACK_K,), (ATTACK_B,), (), ()))
    s = plan(g, s, 0, 2, "letnev_leader_1", "attack")
    s = plan(g, s, 1, 2, "hacan_leader_1", "attack")
    s = cards(g, cards(g, s, 0, attack="attack_kinetic"), 1, attack="attack_biological")
    log: list[Event] = []
    no_traitors(g, s, log)
    assert sum(isinstance(e, E.LeaderKilled) for e in log) == 2
    assert E.BattleFought(area=AREA, winner=0, strength=(2, 2)) in log


def test_available_leaders_none_only_the_dial_fights_e3() -> None:
    g = plain()
    dead = tuple(LEADER_DEAD if 15 <= ld < 20 else LEADER_READY for ld in range(30))
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 1, 5, 0), leaders=dead, hands=((), (ATTACK_K,), (), ()))
    s = act(g, s, 1, A.SetDial(3))
    assert list(g.legal_actions(s, 1)) == [A.PickLeader(None, "none")]  # and so no cards


def test_a_leader_who_fought_elsewhere_this_round_cannot_fight_e4() -> None:
    g = plain()
    elsewhere = tuple(g.ctx.b.area_index[OTHER] if ld == LETNEV_1 else LEADER_READY for ld in range(30))
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 1, 5, 0), leaders=elsewhere)
    s = act(g, s, 0, A.SetDial(1))
    assert "letnev_leader_1" not in {a.leader for a in g.legal_actions(s, 0) if isinstance(a, A.PickLeader)}


def test_opponent_in_a_three_way_area_each_in_turn_and_the_leader_may_fight_again_e5() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 9, 0), (AREA, 2, 2, 0), (AREA, 1, 1, 0))
    assert s.battlers == (0, 1)  # Hacan (seat 1) before Sol (seat 2)
    s = plan(g, s, 0, 1, "letnev_leader_1")
    s = plan(g, s, 1, 0, "hacan_leader_5")
    s = no_traitors(g, cards(g, cards(g, s, 0), 1))
    assert s.battlers == (0, 2)  # the aggressor fights on
    s = act(g, s, 0, A.SetDial(1))
    assert A.PickLeader("letnev_leader_1", "none") in g.legal_actions(s, 0)


def test_resolve_traitor_a_revealed_traitor_wins_at_no_cost_e6() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 1, 5, 0), traitors=((HACAN_1,), (), (), ()))
    s = plan(g, s, 0, 5, "letnev_leader_5")
    s = plan(g, s, 1, 5, "hacan_leader_1")
    s = cards(g, cards(g, s, 0), 1)
    assert s.step == TRAITOR and g.to_act(s) == {0, 1}  # both are asked, holder or not
    assert list(g.legal_actions(s, 1)) == [A.RevealTraitor(False)]
    log: list[Event] = []
    s = act(g, s, 1, A.RevealTraitor(False), log)
    s = act(g, s, 0, A.RevealTraitor(True), log)
    assert E.TraitorRevealed(seat=0, leader="hacan_leader_1") in log
    assert E.BattleFought(area=AREA, winner=0, strength=None) in log
    assert s.leaders[HACAN_1] == LEADER_DEAD and s.casualties[:2] == (0, 5)
    assert s.traitors[0] == () and HACAN_1 in s.traitor_deck  # shuffled back


def test_two_revealed_traitors_destroy_both_sides_e7() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 1, 5, 0), traitors=((HACAN_1,), (LETNEV_2,), (), ()))
    s = plan(g, s, 0, 2, "letnev_leader_2")
    s = plan(g, s, 1, 2, "hacan_leader_1")
    s = cards(g, cards(g, s, 0), 1)
    log: list[Event] = []
    s = act(g, s, 0, A.RevealTraitor(True), log)
    s = act(g, s, 1, A.RevealTraitor(True), log)
    assert E.BattleFought(area=AREA, winner=None, strength=None) in log
    assert s.casualties[:2] == (5, 5) and s.leaders[LETNEV_2] == s.leaders[HACAN_1] == LEADER_DEAD


def test_legal_traitor_of_ones_own_leader_does_nothing_e8() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 1, 5, 0), traitors=((LETNEV_1,), (), (), ()))
    s = plan(g, s, 0, 2, "letnev_leader_1")
    s = plan(g, s, 1, 2, "hacan_leader_1")
    s = cards(g, cards(g, s, 0), 1)
    assert list(g.legal_actions(s, 0)) == [A.RevealTraitor(False)]


def test_resolve_keep_the_winner_keeps_or_discards_his_cards_the_loser_discards_all_e9() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 1, 5, 0), hands=((ATTACK_K, DECOY), (DEFENSE_K,), (), ()))
    s = plan(g, s, 0, 5, "letnev_leader_1", "both")
    s = plan(g, s, 1, 0, "hacan_leader_5", "defense")
    s = cards(g, cards(g, s, 0, attack="attack_kinetic", defense="decoy"), 1, defense="defense_kinetic")
    s = no_traitors(g, s)
    assert s.step == KEEP_CARDS and g.to_act(s) == {0}
    assert A.KeepCards(True, False) in g.legal_actions(s, 0)
    assert A.KeepCards(False, True) not in g.legal_actions(s, 0)  # a worthless card is always discarded
    s = act(g, s, 0, A.KeepCards(True, False))
    assert s.hands[0] == (ATTACK_K,) and s.hands[1] == ()
    assert sorted(s.strategy_discard[-2:]) == [DEFENSE_K, DECOY]
    assert "attack_kinetic" in g.observe(s, 1).seats[0].known_cards  # everyone saw it go back


def test_loss_options_a_winning_lazax_loses_a_minimal_set_covering_his_dial_rule_10_7() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 3, 1, 3), (AREA, 0, 1, 0), first_player=3)
    s = plan(g, s, 3, 3, "lazax_leader_1")
    s = plan(g, s, 0, 0, "letnev_leader_5")
    s = no_traitors(g, cards(g, cards(g, s, 3), 0))
    assert s.step == BATTLE_LOSSES and g.to_act(s) == {3}
    assert sorted(
        (a.units, a.mechanized) for a in g.legal_actions(s, 3) if isinstance(a, A.ChooseLosses)
    ) == [
        (0, 2),
        (1, 1),
    ]
    s = act(g, s, 3, A.ChooseLosses(0, 2))
    assert (g.ctx.b.piece_index[AREA], 3, 1, 1) in s.stacks and s.casualties_mech[3] == 2


def test_the_least_strength_reading_leaves_no_choice_here_gaps_g5() -> None:
    g = plain(lazax_loss_set="least_strength")
    s, _ = battles(g, (AREA, 3, 1, 3), (AREA, 0, 1, 0), first_player=3)
    s = plan(g, s, 3, 3, "lazax_leader_1")
    s = plan(g, s, 0, 0, "letnev_leader_5")
    s = no_traitors(g, cards(g, cards(g, s, 3), 0))
    assert (g.ctx.b.piece_index[AREA], 3, 0, 2) in s.stacks  # lost 1 unit and 1 mechanized (3)


def test_stand_in_cards_fight_in_place_of_a_leader_rule_10_4() -> None:
    g = plain()
    dead = tuple(LEADER_DEAD if 15 <= ld < 20 else LEADER_READY for ld in range(30))
    s, _ = battles(
        g, (AREA, 0, 5, 0), (AREA, 1, 5, 0), leaders=dead, hands=((), (STAND_IN, ATTACK_K), (), ())
    )
    s = act(g, s, 1, A.SetDial(2))
    assert A.PickLeader("stand_in_leader", "attack") in g.legal_actions(s, 1)
    s = act(g, s, 1, A.PickLeader("stand_in_leader", "attack"))
    s = plan(g, s, 0, 1, "letnev_leader_1")
    s = cards(g, cards(g, s, 0), 1, attack="attack_kinetic")
    log: list[Event] = []
    s = no_traitors(g, s, log)
    assert E.BattleFought(area=AREA, winner=1, strength=(1, 2)) in log  # Letnev's leader killed
    s = act(g, s, 1, A.KeepCards(True, False))
    assert STAND_IN in s.strategy_discard and s.hands[1] == (ATTACK_K,)


# Seats: 0 Jol-Nar, 1 Xxcha, 2 Letnev.
def test_resolve_prescience_jol_nar_sees_the_part_he_asks_for_rule_18() -> None:
    g = rex(3, ["jol_nar", "xxcha", "letnev"], xxcha_voice=False)
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 2, 5, 0))
    assert s.step == PRESCIENCE and g.to_act(s) == {0}
    log: list[Event] = []
    s = act(g, s, 0, A.UsePrescience("dial"), log)
    assert s.step == FORESEE and g.to_act(s) == {2}
    s = act(g, s, 2, A.SetDial(4), log)
    assert E.PartForeseen(seat=2, part="dial", shown=None) in redact(log, 1)
    assert E.PartForeseen(seat=2, part="dial", shown="4", visible_to=(0,)) in redact(log, 0)
    assert g.observe(s, 0).battle.plans[1].dial == 4  # type: ignore[union-attr]
    assert g.observe(s, 1).battle.plans[1].dial is None  # type: ignore[union-attr]
    assert s.step == BATTLE_PLAN and g.to_act(s) == {0, 2}
    assert g.legal_actions(s, 2)[0] == A.PickLeader("letnev_leader_1", "none")  # his dial is set


def test_resolve_foresee_a_card_shown_to_jol_nar_binds_the_slot_rule_18() -> None:
    g = rex(3, ["jol_nar", "xxcha", "letnev"], xxcha_voice=False)
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 2, 5, 0), hands=((), (), (ATTACK_K, DEFENSE_K)))
    s = act(g, s, 0, A.UsePrescience("attack"))
    s = act(g, s, 2, A.ShowCard(None))  # he will play no attack card
    s = act(g, s, 2, A.SetDial(1))
    slots = {a.slot for a in g.legal_actions(s, 2) if isinstance(a, A.PickLeader)}
    assert slots == {"none", "defense"}


def test_resolve_voice_binds_the_opponents_cards_rule_18() -> None:
    g = rex(3, ["jol_nar", "xxcha", "letnev"], jol_nar_prescience=False)
    s, _ = battles(
        g, (AREA, 1, 5, 0), (AREA, 2, 5, 0), hands=((), (), (ATTACK_K, ATTACK_B), ()), first_player=1
    )
    s = plan(g, s, 1, 1, "xxcha_leader_1")
    s = plan(g, s, 2, 1, "letnev_leader_1", "attack")
    assert s.step == VOICE and g.to_act(s) == {1}
    s = act(g, s, 1, A.GiveOrder(True, "attack", "B"))
    assert s.step == BATTLE_CARDS
    assert list(g.legal_actions(s, 2)) == [A.PlayCards("attack_biological", None)]
    with pytest.raises(IllegalAction):
        g.apply(s, 2, A.PlayCards("attack_kinetic", None))


# -- one test for each remaining rule function of §10 -----------------------------------------------


def _planned(g: RexGame, hands: tuple[tuple[int, ...], ...] = ((), (), (), ())) -> State:
    """Letnev (aggressor, 5 units) against the Hacan (4 units), both plans set, cards next."""
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 1, 4, 0), hands=hands)
    s = plan(g, s, 0, 2, "letnev_leader_2", "attack" if hands[0] else "none")
    return plan(g, s, 1, 1, "hacan_leader_1", "defense" if hands[1] else "none")


def test_begin_battles_the_first_player_is_the_first_aggressor_rule_10_2() -> None:
    g = plain()
    s, events = battles(g, (AREA, 1, 3, 0), (AREA, 2, 4, 0), first_player=1)
    assert events[0] == E.PhaseStarted(phase="battle")
    assert E.BattleStarted(area=AREA, aggressor=1, defender=2) in events


def test_next_battle_skips_players_without_battles_rule_10_2() -> None:
    g = plain()
    s, events = battles(g, (AREA, 1, 3, 0), (AREA, 2, 4, 0), (OTHER, 0, 2, 0), first_player=0)
    assert s.battlers == (1, 2) and s.aggressors_done[0]  # Letnev has no battle


def test_start_battle_sets_the_two_sides_and_opens_the_plans_rule_10_3_step_1() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 3, 0), (AREA, 1, 4, 0))
    assert s.battlers == (0, 1) and s.battle_area == g.ctx.b.area_index[AREA]
    assert s.step == BATTLE_PLAN and s.plan_dial == (-1, -1) and s.revealed == 0


def test_side_of_the_aggressor_is_side_0_rule_10_3() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 2, 3, 0), (AREA, 1, 4, 0), first_player=1)
    assert battle.side_of(s, 1) == 0 and battle.side_of(s, 2) == 1


def test_mech_strength_two_or_one_against_the_sol_with_the_option_rule_10_7() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 3, 1, 2), (AREA, 2, 2, 0), first_player=3)
    assert battle.mech_strength(g.ctx, s, 3) == 2
    g = plain(mechanized_weak_vs_sol=True)
    s, _ = battles(g, (AREA, 3, 1, 2), (AREA, 2, 2, 0), first_player=3)
    assert battle.mech_strength(g.ctx, s, 3) == 1


def test_area_strength_units_count_one_mechanized_two_rule_10_7() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 3, 1, 2), (AREA, 0, 2, 0), first_player=3)
    assert battle.area_strength(g.ctx, s, 3) == 5 and battle.area_strength(g.ctx, s, 0) == 2


def test_legal_plan_first_the_dial_then_the_leader_and_slot_rule_10_3_steps_2_3() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 3, 0), (AREA, 1, 2, 0))
    kind, options = battle.legal_plan(g.ctx, s, 0)
    assert kind == "dial" and [v for v, _ in options] == [0, 1, 2, 3]
    s = act(g, s, 0, A.SetDial(2))
    kind, options = battle.legal_plan(g.ctx, s, 0)
    assert kind == "leader" and options == battle.legal_leaders(g.ctx, s, 0)


def test_resolve_set_dial_and_resolve_dial_seal_the_dial_rule_10_3_step_2() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 3, 0), (AREA, 1, 2, 0))
    d, out = Draft.of(s), list[Event]()
    battle.resolve_set_dial(g.ctx, d, 0, 3, out)
    assert d.plan_dial == (3, -1) and out == [E.BattlePlanPartSet(seat=0, part="dial")]
    battle.resolve_dial(g.ctx, d, 1, 2, out)
    assert d.plan_dial == (3, 2) and d.revealed == 0  # nothing shown before the leaders are set


def test_resolve_pick_leader_and_resolve_leader_seal_the_leader_and_slot_rule_10_3_step_3() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 3, 0), (AREA, 1, 2, 0))
    s = act(g, act(g, s, 0, A.SetDial(2)), 1, A.SetDial(1))
    d, out = Draft.of(s), list[Event]()
    battle.resolve_pick_leader(g.ctx, d, 0, LETNEV_1, 0, out)
    assert d.plan_leader[0] == LETNEV_1 and d.revealed == 0
    battle.resolve_leader(g.ctx, d, 1, HACAN_2, 0, out)
    assert d.revealed == 1 and any(isinstance(e, E.BattlePlansRevealed) for e in out)  # step 4


def test_open_plans_waits_for_both_battlers_sealed_rule_10_3() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 3, 0), (AREA, 1, 2, 0))
    d, out = Draft.of(s), list[Event]()
    battle.open_plans(g.ctx, d, out)
    assert d.step == BATTLE_PLAN and d.waiting == (0, 1) and d.actor == -1


def test_open_cards_both_battlers_choose_their_cards_sealed_rule_10_3_step_5() -> None:
    g = plain()
    s = _planned(g)
    d, out = Draft.of(s), list[Event]()
    battle.open_cards(g.ctx, d, out)
    assert d.step == BATTLE_CARDS and d.waiting == (0, 1)


def test_resolve_cards_reveals_both_together_then_the_traitor_step_rule_10_3_step_5() -> None:
    g = plain()
    s = _planned(g, ((ATTACK_K,), (DEFENSE_K,), (), ()))
    log: list[Event] = []
    s = act(g, s, 0, A.PlayCards("attack_kinetic", None), log)
    assert s.step == BATTLE_CARDS and not any(isinstance(e, E.BattleCardsRevealed) for e in log)
    s = act(g, s, 1, A.PlayCards(None, "defense_kinetic"), log)
    assert E.BattleCardsRevealed(attack=("attack_kinetic", None), defense=(None, "defense_kinetic")) in log
    assert s.step == TRAITOR


def test_fits_attack_cards_in_the_attack_part_defense_in_the_defense_part_rule_10_3_step_5() -> None:
    ctx = plain().ctx
    assert battle.fits(ctx, ATTACK_K, 1) and not battle.fits(ctx, ATTACK_K, 2)
    assert battle.fits(ctx, DEFENSE_B, 2) and not battle.fits(ctx, DEFENSE_B, 1)
    assert battle.fits(ctx, DECOY, 1) and battle.fits(ctx, DECOY, 2)  # worthless: either
    assert not battle.fits(ctx, STAND_IN, 1) and not battle.fits(ctx, STAND_IN, 2)


def test_fitting_every_card_type_that_fits_a_part_rule_10_3_step_5() -> None:
    ctx = plain().ctx
    assert DECOY in battle.fitting(ctx, 1) and DECOY in battle.fitting(ctx, 2)
    assert all(battle.fits(ctx, c, 1) for c in battle.fitting(ctx, 1))
    assert ATTACK_K not in battle.fitting(ctx, 2) and STAND_IN not in battle.fitting(ctx, 1)


def test_card_choices_exactly_what_the_slot_holds_rule_10_3_step_5() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 3, 0), (AREA, 1, 2, 0), hands=((ATTACK_K, DEFENSE_K, DECOY), (), (), ()))
    assert battle.card_choices(g.ctx, s, 0, 0) == [(-4, -4)]  # none
    assert battle.card_choices(g.ctx, s, 0, 1) == [(ATTACK_K, -4), (DECOY, -4)]
    assert battle.card_choices(g.ctx, s, 0, 3) == [
        (ATTACK_K, DEFENSE_K),
        (ATTACK_K, DECOY),
        (DECOY, DEFENSE_K),
    ]


def test_legal_cards_what_the_slot_promised_rule_10_3_step_5() -> None:
    g = plain()
    s = _planned(g, ((ATTACK_K, ATTACK_B), (DEFENSE_K,), (), ()))
    assert battle.legal_cards(g.ctx, s, 0) == [(ATTACK_K, -4), (ATTACK_B, -4)]
    assert battle.legal_cards(g.ctx, s, 1) == [(-4, DEFENSE_K)]


def test_hand_for_cards_less_the_stand_in_fighting_as_leader_rule_10_4() -> None:
    g = plain()
    dead = tuple(LEADER_DEAD if 15 <= ld < 20 else LEADER_READY for ld in range(30))
    s, _ = battles(
        g, (AREA, 0, 5, 0), (AREA, 1, 5, 0), leaders=dead, hands=((), (STAND_IN, ATTACK_K), (), ())
    )
    assert sorted(battle.hand_for_cards(g.ctx, s, 1)) == [ATTACK_K, STAND_IN]
    s = act(g, act(g, s, 1, A.SetDial(2)), 1, A.PickLeader("stand_in_leader", "attack"))
    assert battle.hand_for_cards(g.ctx, s, 1) == [ATTACK_K]


def test_traitor_against_only_the_card_of_the_leader_revealed_against_him_e8_rule_10_5() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 1, 5, 0), traitors=((HACAN_1, LETNEV_2), (), (), ()))
    s = plan(g, s, 0, 2, "letnev_leader_2")
    s = plan(g, s, 1, 1, "hacan_leader_1")
    assert battle.traitor_against(g.ctx, s, 0)  # the Hacan leader revealed against Letnev
    other = msgspec.structs.replace(s, traitors=((HACAN_2, LETNEV_2), (), (), ()))
    assert not battle.traitor_against(g.ctx, other, 0)


def test_keepable_not_a_card_discarded_after_use_rule_10_3_step_8() -> None:
    g = plain()
    s = msgspec.structs.replace(_planned(g), plan_attack=(ATTACK_K, -4), plan_defense=(DECOY, -4))
    assert battle.keepable(g.ctx, s, 0) == (True, False)
    assert battle.keepable(g.ctx, s, 1) == (False, False)  # played nothing


def test_legal_keep_each_keepable_card_kept_or_not_e9() -> None:
    g = plain()
    s = msgspec.structs.replace(_planned(g), plan_attack=(ATTACK_K, -4), plan_defense=(DECOY, -4))
    assert battle.legal_keep(g.ctx, s, 0) == [(False, False), (True, False)]


def test_take_losses_the_winners_units_go_to_his_casualty_pool_rule_10_6() -> None:
    g = plain()
    s = _planned(g)
    d, out = Draft.of(msgspec.structs.replace(s, casualties=(0, 0, 0, 0))), list[Event]()
    battle.take_losses(g.ctx, d, 0, 2, 0, out)
    assert d.casualties[0] == 2 and (g.ctx.b.piece_index[AREA], 0, 3, 0) in d.stacks
    assert E.UnitsDestroyed(seat=0, area=AREA, units=2, mechanized=0) in out


def test_resolve_losses_the_lazax_choose_their_losses_rule_10_7() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 3, 1, 3), (AREA, 0, 1, 0), first_player=3)
    s = plan(g, s, 3, 3, "lazax_leader_1")
    s = plan(g, s, 0, 0, "letnev_leader_5")
    s = no_traitors(g, cards(g, cards(g, s, 3), 0))
    d, out = Draft.of(s), list[Event]()
    battle.resolve_losses(g.ctx, d, 3, 1, 1, out)
    assert (g.ctx.b.piece_index[AREA], 3, 0, 2) in d.stacks and d.casualties_mech[3] == 1


def test_after_battle_the_aggressor_fights_on_then_end_battles_rule_10_2() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 1, 1, 0), (OTHER, 0, 1, 0), (OTHER, 2, 1, 0))
    assert s.step == CHOOSE_BATTLE
    s = act(g, s, 0, A.ChooseBattle(AREA))
    s = plan(g, plan(g, s, 0, 5, "letnev_leader_1"), 1, 0, "hacan_leader_5")
    s = no_traitors(g, cards(g, cards(g, s, 0), 1))
    assert s.battlers == (0, 2)  # his other battle follows at once
    d, out = Draft.of(s), list[Event]()
    battle.end_battles(g.ctx, d, out)
    assert E.PhaseStarted(phase="collection") in out


def test_end_battles_when_no_area_holds_two_players_rule_10_2() -> None:
    g = plain()
    _, events = battles(g, (AREA, 0, 5, 0), (OTHER, 1, 1, 0))
    assert E.PhaseStarted(phase="collection") in events
    assert not any(isinstance(e, E.BattleStarted) for e in events)


def test_plan_visible_to_its_owner_then_to_all_at_the_reveal_rule_16_2() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 3, 0), (AREA, 1, 2, 0))
    s = act(g, act(g, s, 0, A.SetDial(2)), 0, A.PickLeader("letnev_leader_1", "none"))
    assert battle.plan_visible(g.ctx, s, 0, 0, "dial") and not battle.plan_visible(g.ctx, s, 1, 0, "dial")
    assert not battle.plan_visible(g.ctx, s, None, 0, "leader")
    s = plan(g, s, 1, 1, "hacan_leader_2")
    assert battle.plan_visible(g.ctx, s, 1, 0, "dial") and battle.plan_visible(g.ctx, s, None, 0, "leader")


def test_resolve_dial_keeps_it_sealed_until_the_reveal_rule_10_3_step_2() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 3, 0), (AREA, 1, 2, 0))
    d, out = Draft.of(s), list[Event]()
    battle.resolve_dial(g.ctx, d, 1, 2, out)
    assert d.plan_dial == (-1, 2) and out == [E.BattlePlanPartSet(seat=1, part="dial")]
    assert d.waiting == (0, 1)  # seat 1 still owes his leader


def test_resolve_leader_the_second_leader_reveals_both_plans_rule_10_3_steps_3_4() -> None:
    g = plain()
    s, _ = battles(g, (AREA, 0, 3, 0), (AREA, 1, 2, 0))
    s = act(
        g, act(g, act(g, s, 0, A.SetDial(2)), 1, A.SetDial(1)), 0, A.PickLeader("letnev_leader_1", "none")
    )
    d, out = Draft.of(s), list[Event]()
    battle.resolve_leader(g.ctx, d, 1, HACAN_2, 0, out)
    assert d.plan_leader == (LETNEV_1, HACAN_2) and d.plan_slot == (0, 0) and d.revealed == 1


def test_subtypes_the_matched_types_of_a_kind_gaps_c2() -> None:
    ctx = plain().ctx
    assert battle.subtypes(ctx, "attack") == ("B", "K", "U")
    assert battle.subtypes(ctx, "defense") == ("B", "K")


# Seats: 0 Jol-Nar, 1 Xxcha, 2 Letnev.
def test_legal_prescience_leader_attack_defense_dial_or_nothing_rule_18() -> None:
    g = rex(3, ["jol_nar", "xxcha", "letnev"], xxcha_voice=False)
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 2, 5, 0))
    assert battle.legal_prescience(g.ctx, s, 0) == (-1, 0, 1, 2, 3)
    offered = {a.part for a in g.legal_actions(s, 0) if isinstance(a, A.UsePrescience)}
    assert offered == {None, "leader", "attack", "defense", "dial"}


def test_legal_foresee_the_opponent_settles_the_part_asked_for_rule_18() -> None:
    g = rex(3, ["jol_nar", "xxcha", "letnev"], xxcha_voice=False)
    s, _ = battles(g, (AREA, 0, 5, 0), (AREA, 2, 3, 0), hands=((), (), (ATTACK_K, DEFENSE_K)))
    dial = act(g, s, 0, A.UsePrescience("dial"))
    assert battle.legal_foresee(g.ctx, dial, 2) == [(v, -1) for v in range(4)]
    attack = act(g, s, 0, A.UsePrescience("attack"))
    assert battle.legal_foresee(g.ctx, attack, 2) == [(-4, -1), (ATTACK_K, -1)]  # or none
