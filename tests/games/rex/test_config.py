"""Rex options (RULES §19.3): defaults are the documented readings; bad options are refused."""

from __future__ import annotations

import msgspec
import pytest

from turncoat.core.errors import InvalidConfig
from turncoat.games.rex.config import RexConfig, RexScenario, validate_config


def test_defaults_are_the_readings_of_rules_19_3() -> None:
    c = RexConfig()
    assert c.players == 6 and c.race_selection == "in_order"
    assert c.three_player_influence_slot == "first"
    assert c.sol_offensive_destroys_influence and c.sol_immune_to_sol_offensive
    assert c.ceasefire_active_in_round_1 and c.bid_opener_rotates and c.traitor_must_pick_opponent
    assert c.movement_group_single_origin and c.landing_single_destination
    assert c.hacan_half_price and c.hacan_cross_landing and c.hacan_free_timing
    assert c.sol_bombardment_half_losses and c.sol_sees_next_bombardment
    assert c.jol_nar_prescience and c.xxcha_voice and c.slot_visible_at_reveal1
    assert not c.mechanized_weak_vs_sol and not c.leader_kill_bounty and not c.betrayal_cards
    assert c.stronghold_occupancy_limit is None and c.alliances_min_players == 4
    assert c.movement_normal is None and c.movement_spaceport is None  # the board's own values


@pytest.mark.parametrize("players", [2, 7, 0])
def test_rex_is_for_3_to_6_players_rule_2(players: int) -> None:
    with pytest.raises(InvalidConfig) as err:
        validate_config(RexConfig(players=players))
    assert err.value.code == "bad_players"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_player_count_from_3_to_6_is_accepted(players: int) -> None:
    validate_config(RexConfig(players=players))


def test_movement_allowance_must_be_sensible_rule_9_2() -> None:
    with pytest.raises(InvalidConfig) as err:
        validate_config(RexConfig(movement_normal=0))
    assert err.value.code == "bad_movement"
    with pytest.raises(InvalidConfig) as err:
        validate_config(RexConfig(movement_normal=3, movement_spaceport=2))
    assert err.value.code == "bad_movement"
    validate_config(RexConfig(movement_normal=2, movement_spaceport=4))


def test_unknown_option_values_are_refused_by_type() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"three_player_influence_slot": "third"}, RexConfig)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"no_such_option": True}, RexConfig)


def test_pinned_races_need_random_selection_and_distinct_races() -> None:
    with pytest.raises(InvalidConfig) as err:
        validate_config(RexConfig(players=3, scenario=RexScenario(races=["sol", "hacan", "xxcha"])))
    assert err.value.code == "bad_scenario"
    with pytest.raises(InvalidConfig):
        validate_config(
            RexConfig(players=3, race_selection="random", scenario=RexScenario(races=["sol", "sol", "xxcha"]))
        )
    validate_config(
        RexConfig(players=3, race_selection="random", scenario=RexScenario(races=["sol", "hacan", "xxcha"]))
    )


def test_a_pinned_deal_needs_one_card_per_seat() -> None:
    with pytest.raises(InvalidConfig) as err:
        validate_config(RexConfig(players=4, scenario=RexScenario(bombardment_deal=[1, 2, 3])))
    assert err.value.code == "bad_scenario"
    with pytest.raises(InvalidConfig):
        validate_config(RexConfig(players=3, scenario=RexScenario(bombardment_deal=[1, 1, 3])))
