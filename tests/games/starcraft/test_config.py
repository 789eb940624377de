"""Rule options (RULES §21.4, GAPS.md rulings): defaults, refusals, and the docs table."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from tests.games.rulebook import named_tests
from tests.games.starcraft.helpers import game
from turncoat.core.errors import InvalidConfig
from turncoat.games.starcraft.config import StarcraftConfig, validate_config

DOCS = Path(__file__).parents[3] / "docs" / "starcraft.md"


def test_defaults_are_the_rulings_of_section_21_4() -> None:
    c = StarcraftConfig()
    assert c.aldaris_threshold_ranking == "reached_own_threshold"
    assert c.tiebreak_resources_include_permanent is False
    assert c.empty_event_deck_is_stage_iii is True
    assert c.event_deck_exhausted == "no_further_draws"
    assert c.enemy_base_only_area_counts_as_enemy_area is True
    assert c.transport_capacity is None
    assert c.eliminated_orders_removed == "immediately"
    assert c.order_owner_may_view_own_orders is True
    assert c.cut_off_transport_destroyed == "regrouping_step_1"  # FAQ errata over CZ p.7
    assert c.combat_cancel_order == "attacker_first"  # §13.4, §13.7: "attacker's first" as a sequence


def test_defaults_are_the_rulings_of_gaps_and_the_core_game() -> None:
    c = StarcraftConfig()
    assert c.normal_routes_limited is True  # GAPS §2.1
    assert c.terran_lift_off_across_planets is False  # GAPS §2.1 [FORUM]
    assert c.invented_special_victories is True  # GAPS §2.3: the placeholder pack's objective
    assert (c.team_play, c.galactic_conquest) == (False, False)  # §19: optional variants


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"players": 1}, "bad_players"),
        ({"players": 7}, "bad_players"),
        ({"transport_capacity": 0}, "bad_capacity"),
        ({"team_play": True, "players": 5, "faction_selection": "random"}, "bad_teams"),
        ({"team_play": True, "players": 4}, "bad_teams"),
        ({"scenario": {"first_player": 4}, "players": 4}, "bad_scenario"),
        (
            {"scenario": {"factions": ["aldaris", "aldaris"]}, "players": 2, "faction_selection": "random"},
            "bad_scenario",
        ),
        ({"scenario": {"factions": ["aldaris", "tassadar"]}, "players": 2}, "bad_scenario"),
        ({"scenario": {"planet_draws": [["torus"], ["helios", "braken"]]}, "players": 2}, "bad_scenario"),
    ],
)
def test_validate_config_refuses_unplayable_options(options: dict[str, object], code: str) -> None:
    with pytest.raises(InvalidConfig) as err:
        validate_config(msgspec.convert(options, StarcraftConfig))
    assert err.value.code == code


def test_unknown_planets_in_a_pinned_draw_are_refused() -> None:
    with pytest.raises(InvalidConfig) as err:
        game(players=2, scenario={"planet_draws": [["torus", "aiur"], ["helios", "braken"]]})
    assert err.value.code == "bad_scenario"


def test_every_option_is_in_the_docs_table() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for field in msgspec.structs.fields(StarcraftConfig):
        assert f"| `{field.name}` |" in text, field.name


def test_the_tests_the_docs_table_names_exist() -> None:
    text = DOCS.read_text(encoding="utf-8")
    table = text[text.index("## Options") : text.index("### The variants of §19")]
    tests = named_tests(Path(__file__).parent)
    files = {p.name for p in Path(__file__).parent.glob("test_*.py")}
    for name in re.findall(r"`(test_\w+?)(\.py)?`", table):
        assert (name[0] + ".py" in files) if name[1] else (name[0] in tests), name[0]
