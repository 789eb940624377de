"""RULES §11 Collection, §12 Bombardment and §14 Victory (E27-E30)."""

from __future__ import annotations

from typing import Any

import msgspec

from tests.games.rex.helpers import pass_card_window, rex, run_phase, set_up_game
from turncoat.core.actions import Event, redact
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.phases.bombardment import bombardment_phase, hit_sector, shielded, sol_losses
from turncoat.games.rex.phases.collection import collect_from_areas, collection_phase, give_support
from turncoat.games.rex.phases.victory import (
    betrayal_met,
    controller,
    end_of_round,
    final_winners,
    game_over,
    members,
    prediction_takes,
    sol_holds_the_palace,
    stronghold_winners,
    strongholds_of,
)
from turncoat.games.rex.state import (
    BETRAYAL,
    LEADER_READY,
    OVER,
    Draft,
    Stack,
    State,
    add_influence,
    add_units,
)

AREA_03 = 2  # an influence area card (no Sol Offensive, so the next round starts quietly)
PALACE, POWER, NAVY, PORT, ADMINUS = (
    "imperial_palace",
    "mecatol_power_south",
    "imperial_navy_base",
    "civilian_spaceport",
    "adminus_imperialis",
)


def stacks(g: RexGame, *groups: tuple[str, int, int]) -> tuple[Stack, ...]:
    out: tuple[Stack, ...] = ()
    for piece, seat, units in groups:
        out = add_units(out, g.ctx.b.piece_index[piece], seat, units)
    return out


def position(g: RexGame, *groups: tuple[str, int, int], **fields: Any) -> State:
    s = set_up_game(g)
    fields.setdefault("alliance", (-1,) * s.players)
    fields.setdefault("prediction", (-1, 0))
    return msgspec.structs.replace(s, stacks=stacks(g, *groups), **fields)


# Seats: 0 Letnev, 1 Hacan, 2 Sol, 3 Lazax.
def four(**options: Any) -> RexGame:
    return rex(4, ["letnev", "hacan", "sol", "lazax"], **options)


def test_collect_from_areas_two_per_unit_up_to_what_lies_there_rule_11() -> None:
    g = four()
    b = g.ctx.b
    board = add_influence((), b.piece_index["dune_south_mesa__middle"], 5)
    board = add_influence(board, b.piece_index["dune_red_chasm"], 8)
    board = add_influence(board, b.piece_index["dune_funeral_plain"], 6)
    s = position(
        g,
        ("dune_south_mesa__north", 0, 4),  # 8 wanted, 5 there (another part of the same area)
        ("dune_red_chasm", 1, 2),  # 4 of 8; the rest stays
        ("dune_funeral_plain", 2, 1),
        ("dune_funeral_plain", 3, 1),  # shared: nobody controls it
        board_influence=board,
        influence=(0, 0, 0, 0),
    )
    d, out = Draft.of(s), list[Event]()
    collect_from_areas(g.ctx, d, out)
    assert d.influence == (5, 4, 0, 0)
    assert dict((b.piece_ids[p], a) for p, a in d.board_influence) == {
        "dune_red_chasm": 4,
        "dune_funeral_plain": 6,
    }


def test_give_support_two_to_every_player_rule_11_step_2() -> None:
    g = four(influence_supply=100)
    s = position(g, influence=(0, 3, 0, 1), pool=50)
    d, out = Draft.of(s), list[Event]()
    give_support(g.ctx, d, out)
    assert d.influence == (2, 5, 2, 3) and d.pool == 42


def _bombard(g: RexGame, s: State, value: int, fleet: int) -> tuple[State, list[Event]]:
    others = tuple(v for v in g.ctx.t.bombardment_values if v != value)
    deck = (*(c for c in s.influence_deck if c != AREA_03), AREA_03)
    s2, events = run_phase(
        g, s, bombardment_phase, bombardment_deck=(*others, value), fleet=fleet, influence_deck=deck
    )
    return pass_card_window(g, s2, events), events


def test_bombardment_phase_destroys_the_unshielded_sectors_the_fleet_enters_rule_12() -> None:
    g = four()
    b = g.ctx.b
    board = add_influence((), b.piece_index["dune_south_mesa__middle"], 7)
    board = add_influence(board, b.piece_index["dune_cielago_south__west"], 4)
    s = position(
        g,
        ("dune_cielago_north__center", 0, 3),  # sector 1, where the fleet starts: not hit again
        ("dune_cielago_east__west", 1, 2),  # sector 2
        ("adminus_imperialis", 3, 4),  # sector 4, shielded
        board_influence=board,
        casualties=(0, 0, 0, 0),
    )
    s2, events = _bombard(g, s, 3, fleet=1)
    hits = [e for e in events if isinstance(e, E.SectorBombarded)]
    assert [h.sector for h in hits] == [2, 3, 4]
    assert hits[0].losses == ((1, 2, 0),) and hits[2].influence == 7
    assert s2.casualties == (0, 2, 0, 0)
    assert E.FleetStopped(sector=4) in events and s2.fleet == 4
    assert dict((b.piece_ids[p], a) for p, a in s2.board_influence).get("dune_cielago_south__west", 0) >= 4


def test_move_fleet_wraps_from_sector_18_to_1_rule_12() -> None:
    g = four()
    s2, events = _bombard(g, position(g), 3, fleet=17)
    assert [e.sector for e in events if isinstance(e, E.SectorBombarded)] == [18, 1, 2]
    assert s2.fleet == 2


def test_the_sol_lose_half_rounded_up_e24() -> None:
    g = four()
    s = position(g, ("dune_harg_pass__west", 2, 5), casualties=(0, 0, 0, 0))  # sector 3
    s2, events = _bombard(g, s, 2, fleet=1)
    assert s2.casualties[2] == 3
    assert (g.ctx.b.piece_index["dune_harg_pass__west"], 2, 2, 0) in s2.stacks


def test_the_card_goes_back_and_the_first_player_token_passes_left_rule_12_steps_4_5() -> None:
    g = four()
    s = position(g, first_player=3)
    s2, events = _bombard(g, s, 2, fleet=1)
    assert E.FirstPlayerPassed(first_player=0) in events
    assert sorted(s2.bombardment_deck) == [1, 2, 3, 4, 5, 6]
    assert E.RoundStarted(round=s.round + 1, first_player=0) in events


def test_stronghold_winners_a_lone_player_with_three_rule_14_1() -> None:
    g = four()
    s = position(g, (PALACE, 0, 1), (POWER, 0, 1), (NAVY, 0, 1), (PORT, 1, 1))
    assert stronghold_winners(g.ctx, s) == (0,)
    s = position(g, (PALACE, 0, 1), (POWER, 0, 1), (NAVY, 0, 1), (NAVY, 1, 1))
    assert stronghold_winners(g.ctx, s) == ()  # a shared stronghold is controlled by nobody


def test_alliances_need_four_or_five_strongholds_rule_14_1() -> None:
    g = four()
    allied = (0, 0, -1, -1)
    s = position(g, (PALACE, 0, 1), (POWER, 0, 1), (NAVY, 0, 1), alliance=allied)
    assert stronghold_winners(g.ctx, s) == ()  # a member wins only through his alliance
    s = position(g, (PALACE, 0, 1), (POWER, 0, 1), (NAVY, 1, 1), (PORT, 1, 1), alliance=allied)
    assert stronghold_winners(g.ctx, s) == (0, 1)
    trio = (0, 0, 0, -1)
    s = position(g, (PALACE, 0, 1), (POWER, 0, 1), (NAVY, 1, 1), (PORT, 2, 1), alliance=trio)
    assert stronghold_winners(g.ctx, s) == ()
    s = position(g, (PALACE, 0, 1), (POWER, 0, 1), (NAVY, 1, 1), (PORT, 2, 1), (ADMINUS, 2, 1), alliance=trio)
    assert stronghold_winners(g.ctx, s) == (0, 1, 2)


def test_after_round_8_the_sol_win_first_e29() -> None:
    g = four()
    s = position(g, (PALACE, 2, 1), (NAVY, 0, 1))
    assert final_winners(g.ctx, s) == ((2,), "sol")
    s = position(g, (PALACE, 2, 1), (POWER, 0, 1))
    assert final_winners(g.ctx, s) == ((1,), "hacan")  # then the Hacan, if in the game
    s = position(g, (PALACE, 2, 1), alliance=(-1, -1, 2, 2))
    assert final_winners(g.ctx, s) == ((2, 3), "sol")  # shared with the Sol's allies


def test_after_round_8_most_strongholds_wins_and_ties_share_e30() -> None:
    g = rex(4, ["letnev", "jol_nar", "xxcha", "lazax"])  # neither Sol nor Hacan
    s = position(g, (POWER, 0, 1), (NAVY, 0, 1), (PORT, 1, 1), (ADMINUS, 1, 1), (PALACE, 3, 1))
    assert final_winners(g.ctx, s) == ((0, 1), "most_strongholds")
    s = position(g, (POWER, 0, 1), alliance=(0, 0, -1, -1))  # alliances ignored
    assert final_winners(g.ctx, s) == ((0,), "most_strongholds")
    assert final_winners(g.ctx, position(g))[0] == (0, 1, 2, 3)  # nobody holds any: all share


def _end(g: RexGame, s: State) -> tuple[State, list[Event]]:
    return run_phase(g, s, end_of_round)


def test_the_xxcha_take_the_win_of_the_race_they_predicted_e27() -> None:
    g = rex(4, ["letnev", "xxcha", "sol", "lazax"])
    s = position(
        g,
        (PALACE, 0, 1),
        (POWER, 0, 1),
        (NAVY, 1, 1),
        (PORT, 1, 1),
        alliance=(0, 0, -1, -1),
        prediction=(2, 3),
    )
    s = msgspec.structs.replace(s, round=3)  # the Xxcha predicted Letnev (race 2) in round 3
    s2, events = _end(g, s)
    assert s2.step == OVER and s2.winners == (1,) and s2.victory == "prediction"
    assert g.outcome(s2) is not None and g.outcome(s2).winners == (1,)  # type: ignore[union-attr]


def test_the_prediction_covers_special_victories_e28() -> None:
    g = rex(4, ["letnev", "xxcha", "hacan", "lazax"])
    s = position(g, prediction=(3, 8))  # the Hacan (race 3) in round 8
    s = msgspec.structs.replace(s, round=8)
    s2, _ = _end(g, s)
    assert s2.winners == (1,) and s2.victory == "prediction"


def test_rest_leaders_then_the_next_round_begins_rule_5() -> None:
    g = four()
    fought = tuple(g.ctx.b.area_index[NAVY] if ld == 10 else LEADER_READY for ld in range(30))
    s = position(g, leaders=fought)
    s2, events = _end(g, s)
    assert s2.leaders[10] == LEADER_READY and E.LeadersRested() in events
    assert s2.round == s.round + 1


def test_resolve_betrayal_a_winning_alliance_may_betray_with_the_module_rule_14_4() -> None:
    g = four(betrayal_cards=True)
    s = position(
        g,
        (PALACE, 0, 1),
        (POWER, 0, 1),
        (NAVY, 1, 1),
        (PORT, 1, 1),
        ("galactic_council", 1, 3),
        ("galactic_council", 0, 1),
        alliance=(0, 0, -1, -1),
        betrayal=(3, 0, 1, 2),  # Hacan holds card 1, Path of Peace: most units in the Council
    )
    s, _ = _end(g, s)
    assert s.step == BETRAYAL and g.to_act(s) == {0, 1}
    s = g.apply(s, 0, A.Betray(True)).state  # card 4: condition unknown, never met
    t = g.apply(s, 1, A.Betray(True))
    assert t.state.step == OVER and t.state.winners == (1,) and t.state.victory == "betrayal"
    answers = [e for e in redact(t.events, None) if isinstance(e, E.BetrayalAnswered)]
    assert answers == [
        E.BetrayalAnswered(seat=0, number=4, met=False),
        E.BetrayalAnswered(seat=1, number=1, met=True),
    ]


def test_shaking_hands_shares_the_win_rule_14_4() -> None:
    g = four(betrayal_cards=True)
    s = position(
        g,
        (PALACE, 0, 1),
        (POWER, 0, 1),
        (NAVY, 1, 1),
        (PORT, 1, 1),
        alliance=(0, 0, -1, -1),
        betrayal=(3, 0, 1, 2),
    )
    s, _ = _end(g, s)
    s = g.apply(s, 0, A.Betray(False)).state
    s = g.apply(s, 1, A.Betray(False)).state
    assert s.winners == (0, 1) and s.victory == "strongholds"


def test_pinned_on_top_reveals_the_pinned_draws_round_by_round_rule_12_step_1() -> None:
    g = rex(4, ["letnev", "hacan", "sol", "lazax"], scenario={"bombardment_draws": [5, 2]})
    s = set_up_game(g)
    assert s.bombardment_deck[-1] == 5 and g.observe(s, 2).next_bombardment == 5
    deck = (*(c for c in s.influence_deck if c != AREA_03), AREA_03)
    s2, events = run_phase(g, s, bombardment_phase, fleet=1, influence_deck=deck)
    s2 = pass_card_window(g, s2, events)
    assert E.BombardmentCardRevealed(value=5) in events and s2.fleet == 6
    assert s2.bombardment_deck[-1] == 2


def test_collection_phase_collects_then_supports_then_bombards_rule_11() -> None:
    g = four(influence_supply=100)
    board = add_influence((), g.ctx.b.piece_index["dune_red_chasm"], 3)
    s = position(g, ("dune_red_chasm", 1, 1), board_influence=board, influence=(0, 0, 0, 0), pool=50)
    d, out = Draft.of(s), list[Event]()
    collection_phase(g.ctx, d, out)
    assert E.PhaseStarted(phase="collection") in out
    collected = [e for e in out if isinstance(e, E.InfluenceCollected)]
    assert collected[0] == E.InfluenceCollected(seat=1, area="dune_red_chasm", amount=2)  # step 1 first
    assert [e.amount for e in collected[1:]] == [2, 2, 2, 2]  # then 2 support each (step 2)
    assert d.influence == (2, 4, 2, 2)
    assert E.PhaseStarted(phase="bombardment") in out  # §12 follows


def test_sol_losses_half_rounded_up_e24_rule_12_step_2() -> None:
    assert [sol_losses(n) for n in range(7)] == [0, 1, 1, 2, 2, 3, 3]


def test_shielded_until_the_shield_it_depends_on_is_destroyed_rule_12() -> None:
    g = four()
    b = g.ctx.b
    s = position(g)
    navy, palace, plain = b.area_index[NAVY], b.area_index[PALACE], b.area_index["dune_red_chasm"]
    assert shielded(g.ctx, s, navy) and shielded(g.ctx, s, palace) and not shielded(g.ctx, s, plain)
    broken = msgspec.structs.replace(s, shield_destroyed=True)
    assert not shielded(g.ctx, broken, navy)  # it depends on the shield generator
    assert shielded(g.ctx, broken, palace)  # its own shield stands


def test_hit_sector_destroys_units_and_influence_in_unshielded_areas_only_rule_12_step_2() -> None:
    g = four()
    b = g.ctx.b
    board = add_influence((), b.piece_index["dune_harg_pass__west"], 4)
    s = position(
        g,
        ("dune_harg_pass__west", 0, 3),  # sector 3, unshielded
        ("dune_harg_pass__west", 2, 5),  # the Sol lose half, rounded up
        board_influence=board,
        casualties=(0, 0, 0, 0),
        pool=10,
    )
    d, out = Draft.of(s), list[Event]()
    hit_sector(g.ctx, d, 3, {}, out)
    assert out == [E.SectorBombarded(sector=3, losses=((0, 3, 0), (2, 3, 0)), influence=4)]
    assert d.casualties == (3, 0, 3, 0) and d.pool == 14 and not d.board_influence
    assert (b.piece_index["dune_harg_pass__west"], 2, 2, 0) in d.stacks


def test_controller_is_the_only_player_with_units_there_rule_3_3() -> None:
    g = four()
    b = g.ctx.b
    s = position(g, (NAVY, 0, 2), (PORT, 1, 1), (PORT, 2, 1))
    assert controller(g.ctx, s, b.area_index[NAVY]) == 0
    assert controller(g.ctx, s, b.area_index[PORT]) == -1  # shared: nobody
    assert controller(g.ctx, s, b.area_index[PALACE]) == -1  # empty: nobody


def test_strongholds_of_counts_the_controlled_strongholds_rule_14_1() -> None:
    g = four()
    s = position(g, (NAVY, 0, 1), (PORT, 0, 1), (PALACE, 1, 1), (POWER, 2, 1), (POWER, 3, 1))
    assert strongholds_of(g.ctx, s) == [2, 1, 0, 0]


def test_members_of_an_alliance_or_the_seat_alone_rule_14_1() -> None:
    g = four()
    s = position(g, alliance=(0, -1, 0, -1))
    assert members(s, 0) == (0, 2) and members(s, 2) == (0, 2)
    assert members(s, 1) == (1,)


def test_sol_holds_the_palace_when_both_are_empty_or_sol_only_rule_14_3_gaps_g7() -> None:
    g = four()  # the Sol sit at seat 2
    assert sol_holds_the_palace(g.ctx, position(g))  # both empty
    assert sol_holds_the_palace(g.ctx, position(g, (PALACE, 2, 1)))  # one Sol, one empty
    assert not sol_holds_the_palace(g.ctx, position(g, (PALACE, 2, 1), (POWER, 0, 1)))
    assert not sol_holds_the_palace(g.ctx, position(g, (PALACE, 2, 1), (PALACE, 1, 1)))
    no_sol = rex(4, ["letnev", "hacan", "xxcha", "lazax"])
    assert not sol_holds_the_palace(no_sol.ctx, position(no_sol))


def test_final_winners_the_hacan_when_the_sol_fail_rule_14_3_step_2() -> None:
    g = four()  # the Hacan sit at seat 1
    s = position(g, (PALACE, 0, 1), (NAVY, 0, 1), (PORT, 0, 1), alliance=(-1, 1, -1, 1))
    assert final_winners(g.ctx, s) == ((1, 3), "hacan")  # with his allies, whoever holds more


def test_prediction_takes_only_the_predicted_race_in_the_predicted_round_rule_14_2() -> None:
    g = rex(4, ["letnev", "xxcha", "sol", "lazax"])  # Letnev is race 2, at seat 0
    s = msgspec.structs.replace(position(g, prediction=(2, 3)), round=3)
    assert prediction_takes(g.ctx, s, (0,)) == 1
    assert prediction_takes(g.ctx, s, (0, 3)) == 1  # inside an alliance too
    assert prediction_takes(g.ctx, s, (2,)) == -1  # another race won
    assert prediction_takes(g.ctx, msgspec.structs.replace(s, round=4), (0,)) == -1  # another round
    no_xxcha = four()
    s = msgspec.structs.replace(position(no_xxcha, prediction=(2, 3)), round=3)
    assert prediction_takes(no_xxcha.ctx, s, (0,)) == -1


def test_betrayal_met_path_of_peace_needs_strictly_most_units_in_the_council_rule_14_4() -> None:
    g = four(betrayal_cards=True)
    council = "galactic_council"
    s = position(g, (council, 1, 3), (council, 0, 2), betrayal=(3, 0, 1, 2))  # seat 1 holds card 1
    assert betrayal_met(g.ctx, s, 1)
    assert not betrayal_met(g.ctx, s, 0)  # card 4: condition unknown, never met (GAPS F2-F3)
    tied = position(g, (council, 1, 2), (council, 0, 2), betrayal=(3, 0, 1, 2))
    assert not betrayal_met(g.ctx, tied, 1)


def test_game_over_records_the_winners_and_how_rule_14() -> None:
    g = four()
    d, out = Draft.of(position(g)), list[Event]()
    game_over(d, (3, 1), "strongholds", out)
    assert d.step == OVER and d.winners == (1, 3) and d.victory == "strongholds"
    assert not d.waiting and d.actor == -1
    assert out == [E.GameWon(winners=(1, 3), victory="strongholds", round=d.round)]


def test_end_of_round_a_stronghold_win_ends_the_game_rule_5_rule_14_1() -> None:
    g = four()
    s = position(g, (PALACE, 0, 1), (POWER, 0, 1), (NAVY, 0, 1))
    s2, events = _end(g, s)
    assert s2.step == OVER and s2.winners == (0,) and s2.victory == "strongholds"
    s3, _ = _end(g, position(g, (PALACE, 0, 1), (POWER, 0, 1)))
    assert s3.step != OVER and s3.round == s.round + 1  # nobody won: the next round
