"""RULES §4 Setup, one test per rule, driven through the game's actions."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from turncoat.core.actions import Event, redact
from turncoat.core.errors import IllegalAction, InvalidConfig, NotYourDecision
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex.config import RexConfig, RexScenario
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.phases import setup
from turncoat.games.rex.phases.setup import starting_sector
from turncoat.games.rex.state import (
    CHOOSE_RACE,
    FLEET_DIAL,
    KEEP_TRAITOR,
    LEADER_BOXED,
    LEADER_READY,
    PLACE_START,
    PREDICT,
    State,
    total_influence,
)

SET_UP = "set up"
SIX = ["lazax", "jol_nar", "letnev", "hacan", "sol", "xxcha"]


def game(players: int = 6, **options: Any) -> RexGame:
    scenario = options.pop("scenario", {})
    return RexGame(RexConfig(players=players, scenario=RexScenario(**scenario), **options))


def random_game(players: int, races: list[str], **options: Any) -> RexGame:
    scenario = options.pop("scenario", {})
    return game(players, race_selection="random", scenario={"races": races, **scenario}, **options)


def step(g: RexGame, s: State, seat: int, action: Any, log: list[Event] | None = None) -> State:
    t = g.apply(s, seat, action)
    if log is not None:
        log.extend(t.events)
    return t.state


def play_until(g: RexGame, s: State, stop: str, seed: int = 0, log: list[Event] | None = None) -> State:
    """Random legal choices until the step ``stop`` is reached (SET_UP: until round 1 has begun)."""
    r = random.Random(seed)
    while (s.round == 0) if stop == SET_UP else (s.step != stop):
        seat = min(g.to_act(s))
        s = step(g, s, seat, r.choice(list(g.legal_actions(s, seat))), log)
    return s


def test_first_player_of_lowest_bombardment_card_rule_4_step_3() -> None:
    g = game(6, scenario={"bombardment_deal": [4, 2, 6, 1, 5, 3]})
    t = g.start(7)
    assert t.state.first_player == 3
    assert t.events[0] == E.BombardmentCardsDealt(values=(4, 2, 6, 1, 5, 3), first_player=3)


def test_shuffle_bombardment_deck_back_into_one_deck_rule_4_step_3() -> None:
    s = game(4).start(3).state
    assert sorted(s.bombardment_deck) == [1, 2, 3, 4, 5, 6]
    assert s.first_player == s.bombardment_dealt.index(min(s.bombardment_dealt))


def test_resolve_choose_race_in_player_order_from_the_first_player_rule_4_step_4() -> None:
    g = game(4, scenario={"bombardment_deal": [5, 6, 2, 4]})
    s = g.start(1).state
    assert s.step == CHOOSE_RACE and g.to_act(s) == {2}
    s = step(g, s, 2, A.ChooseRace("sol"))
    assert g.to_act(s) == {3}
    with pytest.raises(NotYourDecision):
        g.apply(s, 2, A.ChooseRace("hacan"))
    with pytest.raises(IllegalAction):
        g.apply(s, 3, A.ChooseRace("sol"))  # already taken
    assert A.ChooseRace("sol") not in g.legal_actions(s, 3)
    s = step(g, s, 3, A.ChooseRace("letnev"))
    s = step(g, s, 0, A.ChooseRace("hacan"))
    s = step(g, s, 1, A.ChooseRace("lazax"))
    assert s.race == (3, 0, 4, 2)
    assert s.step == KEEP_TRAITOR  # no Xxcha: no prediction


def test_deal_races_random_selection_distinct_races_rule_4_step_4() -> None:
    g = game(5, race_selection="random")
    for seed in range(5):
        s = g.start(seed).state
        assert len(set(s.race)) == 5 and s.step != CHOOSE_RACE
    pinned = random_game(3, ["xxcha", "sol", "hacan"]).start(0).state
    assert pinned.race == (5, 4, 3)


def test_in_game_leaders_unused_races_components_stay_in_the_box_rule_4_step_4() -> None:
    s = random_game(3, ["letnev", "sol", "hacan"]).start(0).state
    lazax_leaders = s.leaders[0:5]
    sol_leaders = s.leaders[20:25]
    assert set(lazax_leaders) == {LEADER_BOXED} and set(sol_leaders) == {LEADER_READY}
    assert s.reserves == (20, 20, 20)  # every unit in reserves until step 10
    assert all(leader // 5 in (2, 3, 4) for offer in s.traitor_offers for leader in offer)


def test_resolve_predict_another_race_and_a_round_rule_4_step_5() -> None:
    g = random_game(4, ["xxcha", "sol", "hacan", "lazax"])
    s = g.start(0).state
    assert s.step == PREDICT and g.to_act(s) == {0}
    legal = g.legal_actions(s, 0)
    assert {a.race for a in legal if isinstance(a, A.PredictWinner)} == {"sol", "hacan", "lazax"}
    assert {a.round for a in legal if isinstance(a, A.PredictWinner)} == set(range(1, 9))
    with pytest.raises(IllegalAction):
        g.apply(s, 0, A.PredictWinner("xxcha", 3))
    with pytest.raises(IllegalAction):
        g.apply(s, 0, A.PredictWinner("sol", 9))
    t = g.apply(s, 0, A.PredictWinner("sol", 8))
    assert t.state.prediction == (4, 8)
    assert t.state.step == KEEP_TRAITOR


def test_xxcha_prediction_is_hidden_from_everyone_else_rule_4_step_5() -> None:
    g = random_game(4, ["xxcha", "sol", "hacan", "lazax"])
    t = g.apply(g.start(0).state, 0, A.PredictWinner("hacan", 5))
    predictions = [e for e in t.events if isinstance(e, E.PredictionMade)]
    for viewer in (1, 2, 3, None):
        seen = [e for e in redact(predictions, viewer) if isinstance(e, E.PredictionMade)]
        assert seen == [E.PredictionMade(seat=0, race=None, round=None)]
    own = [e for e in redact(predictions, 0) if isinstance(e, E.PredictionMade)]
    assert E.PredictionMade(seat=0, race="hacan", round=5, visible_to=(0,)) in own


def test_no_prediction_without_the_xxcha_rule_4_step_5() -> None:
    s = random_game(3, ["sol", "hacan", "lazax"]).start(0).state
    assert s.step == KEEP_TRAITOR and s.prediction == (-1, 0)


def test_deal_traitors_four_cards_to_each_player_rule_4_step_6() -> None:
    s = random_game(6, SIX).start(4).state
    s = play_until(random_game(6, SIX), s, KEEP_TRAITOR)
    dealt = [len(o) for o in s.traitor_offers]
    letnev = s.race.index(2)
    assert len(s.traitors[letnev]) == 4  # kept at once
    assert all(n == 4 for seat, n in enumerate(dealt) if seat != letnev)
    all_cards = [c for o in s.traitor_offers for c in o] + list(s.traitors[letnev]) + list(s.traitor_deck)
    assert sorted(all_cards) == list(range(30))


def test_resolve_keep_traitor_simultaneous_rule_4_step_6() -> None:
    g = random_game(4, ["sol", "hacan", "lazax", "jol_nar"])
    s = g.start(2).state
    assert g.to_act(s) == {0, 1, 2, 3}
    first = g.legal_actions(s, 2)[0]
    s = step(g, s, 2, first)
    assert g.to_act(s) == {0, 1, 3}
    assert g.legal_actions(s, 2) == ()


def test_letnev_keeps_all_four_traitors_rule_4_step_6() -> None:
    g = random_game(
        3,
        ["letnev", "sol", "hacan"],
        scenario={
            "traitor_deal": [
                ["letnev_leader_1", "sol_leader_1", "sol_leader_2", "hacan_leader_1"],
                ["letnev_leader_2", "sol_leader_3", "hacan_leader_2", "hacan_leader_3"],
                ["letnev_leader_3", "letnev_leader_4", "sol_leader_4", "hacan_leader_4"],
            ]
        },
    )
    s = g.start(0).state
    assert s.traitors[0] == (10, 15, 20, 21)  # letnev 1, hacan 1, sol 1 and 2
    assert g.to_act(s) == {1, 2}


def test_legal_traitors_an_opponents_leader_when_dealt_one_rule_4_step_6() -> None:
    deal = {
        "traitor_deal": [
            ["sol_leader_1", "sol_leader_2", "sol_leader_3", "hacan_leader_1"],
            ["sol_leader_4", "hacan_leader_2", "hacan_leader_3", "hacan_leader_4"],
            ["lazax_leader_1", "lazax_leader_2", "lazax_leader_3", "lazax_leader_4"],
        ]
    }
    g = random_game(3, ["sol", "hacan", "lazax"], scenario=deal)
    s = g.start(0).state
    assert list(g.legal_actions(s, 0)) == [A.KeepTraitor("hacan_leader_1")]
    assert list(g.legal_actions(s, 1)) == [A.KeepTraitor("sol_leader_4")]
    with pytest.raises(IllegalAction):
        g.apply(s, 0, A.KeepTraitor("sol_leader_1"))
    free = random_game(3, ["sol", "hacan", "lazax"], scenario=deal, traitor_must_pick_opponent=False)
    assert len(free.legal_actions(free.start(0).state, 0)) == 4


def test_player_dealt_only_own_leaders_keeps_one_anyway_rule_4_step_6() -> None:
    g = random_game(
        3,
        ["sol", "hacan", "lazax"],
        scenario={
            "traitor_deal": [
                ["sol_leader_1", "sol_leader_2", "sol_leader_3", "hacan_leader_1"],
                ["sol_leader_4", "hacan_leader_2", "hacan_leader_3", "hacan_leader_4"],
                ["lazax_leader_1", "lazax_leader_2", "lazax_leader_3", "lazax_leader_4"],
            ]
        },
    )
    s = g.start(0).state
    assert len(g.legal_actions(s, 2)) == 4
    s = step(g, s, 2, A.KeepTraitor("lazax_leader_3"))
    assert s.traitors[2] == (2,)


def test_traitor_draft_done_cards_not_kept_are_shuffled_back_rule_4_step_6() -> None:
    g = random_game(3, ["sol", "hacan", "lazax"])
    log: list[Event] = []
    s = play_until(g, g.start(5).state, FLEET_DIAL, log=log)
    kept = [c for k in s.traitors for c in k]
    assert len(kept) == 3
    assert sorted(kept + list(s.traitor_deck)) == sorted([*range(0, 5), *range(15, 25)])
    assert s.traitor_offers == ((), (), ())
    done = [e for e in log if isinstance(e, E.TraitorDraftDone)]
    assert done == [E.TraitorDraftDone(kept=(1, 1, 1))]


def _at_fleet_dial(players: int, first_card_seat: int) -> tuple[RexGame, State]:
    deal = [6, 5, 4, 3, 2][: players - 1]
    deal.insert(first_card_seat, 1)  # the lowest card makes this seat first player
    g = random_game(players, SIX[:players], scenario={"bombardment_deal": deal})
    s = play_until(g, g.start(0).state, FLEET_DIAL)
    return g, s


def test_fleet_dialers_the_first_players_neighbours_rule_4_step_7() -> None:
    g, s = _at_fleet_dial(6, 0)
    assert s.first_player == 0
    assert g.to_act(s) == {1, 5}
    assert len(g.legal_actions(s, 1)) == 21  # 0..20 [Rex: S21]


def test_three_player_fleet_dialers_are_the_two_others_rule_4_step_7() -> None:
    g, s = _at_fleet_dial(3, 1)
    assert g.to_act(s) == {0, 2}


def test_resolve_fleet_dial_sealed_until_both_are_set_rule_4_step_7() -> None:
    g, s = _at_fleet_dial(4, 2)
    t = g.apply(s, 3, A.SetFleetDial(17))
    assert t.events == (E.FleetDialSet(seat=3),)
    assert g.to_act(t.state) == {1}
    assert t.state.fleet == 0
    t = g.apply(t.state, 1, A.SetFleetDial(5))
    placed = [e for e in t.events if isinstance(e, E.FleetPlaced)]
    assert placed == [E.FleetPlaced(dials=((3, 17), (1, 5)), sector=12)]
    assert t.state.fleet == 12


@pytest.mark.parametrize(
    ("a", "b", "sector"),
    [(17, 5, 12), (5, 17, 12), (3, 3, 1), (0, 20, 1), (0, 18, 18), (2, 20, 18), (0, 1, 1)],
)
def test_starting_sector_the_difference_of_the_dials_rule_4_step_7(a: int, b: int, sector: int) -> None:
    assert starting_sector(a, b, 18, 1) == sector


def test_deal_starting_cards_one_each_letnev_two_rule_4_step_8() -> None:
    g = random_game(6, SIX)
    s = play_until(g, g.start(3).state, SET_UP)
    sizes = {g.ctx.t.race_ids[s.race[seat]]: len(s.hands[seat]) for seat in range(6)}
    assert sizes == {"lazax": 1, "jol_nar": 1, "letnev": 2, "hacan": 1, "sol": 1, "xxcha": 1}
    assert len(s.strategy_deck) + len(s.row) == 42 - 7


def test_take_starting_influence_from_the_pool_rule_4_step_9() -> None:
    g = random_game(6, SIX, influence_supply=67)
    s = play_until(g, g.start(3).state, SET_UP)
    by_race = {s.race[seat]: s.influence[seat] for seat in range(6)}
    assert by_race == {0: 10, 1: 10, 2: 10, 3: 5, 4: 3, 5: 5}
    on_board = sum(a for _, a in s.board_influence)  # round 1's area card
    assert s.pool == 67 - 43 - on_board
    assert total_influence(s) == 67


def test_place_fixed_units_follow_the_race_sheets_rule_4_step_10() -> None:
    g = random_game(6, SIX)
    s = play_until(g, g.start(3).state, SET_UP)
    b = g.ctx.b
    placed = {(b.piece_ids[p], seat): u for p, seat, u, _ in s.stacks}
    assert placed[("civilian_spaceport", 1)] == 10
    assert placed[("imperial_navy_base", 2)] == 10
    assert placed[("adminus_imperialis", 3)] == 5
    assert placed[("galactic_council", 5)] == 1
    assert not any(seat == 0 for _, seat, _, _ in s.stacks)  # the Lazax start off the board
    assert s.reserves == (15, 10, 10, 15, 10, 19) and s.reserves_mech == (5, 0, 0, 0, 0, 0)


def test_legal_start_placements_sol_outside_the_bombarded_sector_rule_4_step_10() -> None:
    g = random_game(3, ["hacan", "sol", "lazax"], scenario={"bombardment_deal": [1, 2, 3]})
    s = play_until(g, g.start(0).state, FLEET_DIAL)
    s = step(g, s, 1, A.SetFleetDial(16))
    s = step(g, s, 2, A.SetFleetDial(0))  # sector 16: the Imperial Palace is bombarded
    assert s.step == PLACE_START and g.to_act(s) == {1} and s.to_place == 10
    pieces = {a.piece for a in g.legal_actions(s, 1) if isinstance(a, A.PlaceStartingUnits)}
    assert pieces == {
        "mecatol_power_south",
        "dune_false_wall_south__west",
        "dune_false_wall_south__east",
        "dune_false_wall_west__north",
        "dune_false_wall_west__south",
    }
    with pytest.raises(IllegalAction):
        g.apply(s, 1, A.PlaceStartingUnits("imperial_palace", 3))
    with pytest.raises(IllegalAction):
        g.apply(s, 1, A.PlaceStartingUnits("mecatol_power_south", 11))
    s = step(g, s, 1, A.PlaceStartingUnits("mecatol_power_south", 6))
    assert s.step == PLACE_START and s.to_place == 4
    s = step(g, s, 1, A.PlaceStartingUnits("dune_false_wall_south__west", 4))
    assert s.round == 1 and s.reserves[1] == 10


def test_deal_betrayal_cards_only_with_the_module_rule_4_step_11() -> None:
    g = random_game(3, ["hacan", "sol", "lazax"])
    assert play_until(g, g.start(0).state, SET_UP).betrayal == (-1, -1, -1)
    g = random_game(3, ["hacan", "sol", "lazax"], betrayal_cards=True, scenario={"betrayal_deal": [3, 1, 8]})
    log: list[Event] = []
    s = play_until(g, g.start(0).state, SET_UP, log=log)
    assert s.betrayal == (2, 0, 7)
    seen = [e.number for e in redact(log, 1) if isinstance(e, E.BetrayalCardDealt)]
    assert sorted(n for n in seen if n is not None) == [1] and seen.count(None) == 3


def test_set_up_ends_with_round_1_rule_4_step_12() -> None:
    g = game(5)
    log: list[Event] = []
    s = play_until(g, g.start(11).state, SET_UP, log=log)
    assert s.round == 1
    assert E.RoundStarted(round=1, first_player=s.first_player) in log
    assert isinstance(
        log[log.index(E.RoundStarted(round=1, first_player=s.first_player)) + 1], E.InfluenceCardDrawn
    )


def test_hidden_setup_choices_never_reach_other_seats() -> None:
    g = game(6)
    log: list[Event] = []
    play_until(g, g.start(2).state, SET_UP, seed=3, log=log)
    for viewer in (*range(6), None):
        for e in redact(log, viewer):
            secret = getattr(e, "leaders", None) or getattr(e, "cards", None) or getattr(e, "race", None)
            if isinstance(e, E.TraitorsDealt | E.StrategyCardsDrawn | E.TraitorKept | E.PredictionMade):
                assert e.visible_to is None or viewer in e.visible_to
                if e.visible_to is None:
                    assert secret is None and getattr(e, "leader", None) is None


def test_pinned_decks_must_be_whole_decks() -> None:
    with pytest.raises(InvalidConfig) as err:
        game(3, scenario={"influence_deck": ["influence_area_01"]}).start(0)
    assert err.value.code == "bad_scenario"


def test_legal_races_any_race_nobody_has_taken_rule_4_step_4() -> None:
    g = game(3)
    s = play_until(g, g.start(0).state, CHOOSE_RACE)
    first = s.actor
    assert len(setup.legal_races(g.ctx, s, first)) == 6
    s = step(g, s, first, A.ChooseRace("hacan"))
    taken = g.ctx.t.race_ids.index("hacan")
    assert (
        taken not in setup.legal_races(g.ctx, s, s.actor) and len(setup.legal_races(g.ctx, s, s.actor)) == 5
    )


def test_races_taken_gives_the_leaders_and_units_then_the_xxcha_predict_rule_4_step_4() -> None:
    g = random_game(3, ["xxcha", "letnev", "lazax"])
    s = g.start(0).state
    assert s.step == PREDICT and g.to_act(s) == {0}  # step 5 follows for the Xxcha
    assert s.reserves == (20, 20, 15) and s.reserves_mech == (0, 0, 5)  # 20 pieces, 5 mechanized
    xxcha, letnev = (g.ctx.t.race_ids.index(r) * 5 for r in ("xxcha", "letnev"))
    assert (
        {s.leaders[xxcha + i] for i in range(5)}
        == {s.leaders[letnev + i] for i in range(5)}
        == {LEADER_READY}
    )
    s = random_game(3, ["hacan", "letnev", "lazax"]).start(0).state
    assert s.step == KEEP_TRAITOR  # no Xxcha: straight on to the traitor draft


def test_legal_predictions_another_race_in_the_game_and_a_round_rule_4_step_5() -> None:
    g = random_game(3, ["xxcha", "letnev", "lazax"])
    s = g.start(0).state
    predictions = setup.legal_predictions(g.ctx, s, 0)
    races = {g.ctx.t.race_ids[r] for r, _ in predictions}
    assert races == {"letnev", "lazax"} and {n for _, n in predictions} == set(range(1, 9))
    assert len(predictions) == 16


def _fleet_dial_start(players: int = 4) -> tuple[RexGame, State]:
    g = random_game(players, SIX[:players], scenario={"bombardment_deal": [1, 2, 3, 4, 5, 6][:players]})
    return g, play_until(g, g.start(0).state, FLEET_DIAL)


def test_start_fleet_dials_waits_for_the_two_dialers_sealed_rule_4_step_7() -> None:
    g, s = _fleet_dial_start()
    assert s.step == FLEET_DIAL and g.to_act(s) == {1, 3} and s.first_player == 0
    assert all(v == s.sealed[0] for v in s.sealed)  # nothing set yet


def test_legal_fleet_dials_zero_to_twenty_rule_4_step_7() -> None:
    g, s = _fleet_dial_start()
    assert setup.legal_fleet_dials(g.ctx, s, 1) == range(21)


def test_fixed_start_piece_outside_the_bombarded_sector_if_there_is_one_rule_4_step_10() -> None:
    g = game(4)
    b = g.ctx.b
    b_area = b.area_index["dune_cielago_north"]
    first, *rest = b.area_pieces[b_area]
    sector_of_first = next(sector for sector in range(1, 19) if first in b.blocked[sector])
    assert setup.fixed_start_piece(g.ctx, b_area, 0) == first
    moved = setup.fixed_start_piece(g.ctx, b_area, sector_of_first)
    assert moved != first and moved in rest
    navy = b.area_index["imperial_navy_base"]
    (only,) = b.area_pieces[navy]
    navy_sector = next(sector for sector in range(1, 19) if only in b.blocked[sector])
    assert setup.fixed_start_piece(g.ctx, navy, navy_sector) == only  # no choice: there anyway


def test_start_choice_pieces_the_sol_starting_parts_outside_the_fleet_rule_4_step_10() -> None:
    g = random_game(3, ["hacan", "sol", "lazax"])
    s = g.start(0).state
    b = g.ctx.b
    at_16 = {
        b.piece_ids[p] for p in setup.start_choice_pieces(g.ctx, msgspec.structs.replace(s, fleet=16), 1)
    }
    assert "imperial_palace" not in at_16 and "mecatol_power_south" in at_16
    at_1 = {b.piece_ids[p] for p in setup.start_choice_pieces(g.ctx, msgspec.structs.replace(s, fleet=1), 1)}
    assert "imperial_palace" in at_1
    assert setup.start_choice_pieces(g.ctx, s, 0) == ()  # the Hacan have no choice


def test_resolve_place_start_places_until_all_are_down_then_setup_goes_on_rule_4_step_10() -> None:
    g = random_game(3, ["hacan", "sol", "lazax"], scenario={"bombardment_deal": [1, 2, 3]})
    s = play_until(g, g.start(0).state, FLEET_DIAL)
    s = step(g, step(g, s, 1, A.SetFleetDial(16)), 2, A.SetFleetDial(0))
    log: list[Event] = []
    s = step(g, s, 1, A.PlaceStartingUnits("mecatol_power_south", 7), log)
    assert E.UnitsPlaced(seat=1, piece="mecatol_power_south", units=7) in log
    assert s.step == PLACE_START and s.to_place == 3 and s.reserves[1] == 13
    s = step(g, s, 1, A.PlaceStartingUnits("mecatol_power_south", 3))
    assert s.round == 1 and s.reserves[1] == 10


def test_next_start_choice_skips_races_without_a_choice_rule_4_step_10() -> None:
    g = random_game(3, ["hacan", "letnev", "lazax"])
    s = play_until(g, g.start(0).state, SET_UP)
    assert s.round == 1 and s.to_place == 0  # nobody had a choice: setup ended by itself


def test_deal_bombardment_cards_one_distinct_card_each_or_the_pinned_deal_rule_4_step_3() -> None:
    dealt, _ = setup.deal_bombardment_cards(game(5).ctx, 7, 0)
    assert len(dealt) == 5 and len(set(dealt)) == 5 and set(dealt) <= {1, 2, 3, 4, 5, 6}
    pinned = random_game(3, ["hacan", "sol", "lazax"], scenario={"bombardment_deal": [4, 2, 6]})
    assert setup.deal_bombardment_cards(pinned.ctx, 7, 0)[0] == (4, 2, 6)
