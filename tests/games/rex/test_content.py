"""The Rex content pack (RULES §2, §18, data/*.json): loading, provenance and owner overrides."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from turncoat.core.content import iter_sourced
from turncoat.core.errors import InvalidContent
from turncoat.games.rex.board import build_board
from turncoat.games.rex.components import RACE_IDS, base_pack_raw, build_tables, load_content


def test_base_pack_loads_every_component_of_rules_section_2() -> None:
    pack = load_content()
    t = build_tables(pack.data)
    assert pack.id == "rex-base"
    assert t.race_ids == RACE_IDS
    assert len(t.leader_ids) == 30 and len(t.traitor_leader) == 30
    assert len(t.strategy_deck) == 42
    assert len(t.influence_ids) == 16
    assert t.influence_kind.count("area") == 12
    assert sorted(t.bombardment_values) == [1, 2, 3, 4, 5, 6]
    assert t.betrayal_numbers == tuple(range(1, 9))
    assert t.rounds == 8


def test_race_values_are_those_of_races_json() -> None:
    t = build_tables(load_content().data)
    lazax, jol_nar, letnev, hacan, sol, xxcha = range(6)
    assert t.starting_influence == (10, 10, 10, 5, 3, 5)
    assert t.free_recruitment == (1, 2, 2, 1, 3, 1)
    assert t.hand_limit[letnev] == 8 and t.traitors_kept[letnev] == 4 and t.starting_cards[letnev] == 2
    assert t.units[lazax] == 15 and t.mechanized[lazax] == 5
    assert t.starting_units[lazax] == ()
    assert t.starting_units[jol_nar] == (("civilian_spaceport", 10),)
    assert t.starting_units[hacan] == (("adminus_imperialis", 5),)
    assert t.starting_units[xxcha] == (("galactic_council", 1),)
    assert t.starting_choice[sol] == (
        ("imperial_palace", "mecatol_power_south", "dune_false_wall_south", "dune_false_wall_west"),
        10,
    )
    strengths = [t.leader_strength[r * 5 : r * 5 + 5] for r in range(6)]
    assert strengths == [
        (6, 5, 3, 3, 2),
        (5, 5, 4, 2, 1),
        (6, 4, 3, 2, 1),
        (5, 3, 3, 2, 1),
        (7, 6, 5, 3, 2),
        (5, 5, 5, 5, 5),
    ]


def test_every_stand_in_value_is_marked_estimated() -> None:
    pack = load_content()
    estimated = set(pack.estimated_paths)
    assert "board.movement_normal" in estimated
    assert "board.areas.dune_imperial_basin.adjacent" in estimated
    assert "races.sol.starting_influence" in estimated
    assert "races.lazax.leaders.lazax_leader_1.strength" in estimated
    assert "influence_cards.influence_area_01.slots.0.amount" in estimated
    assert "strategy_cards.attack_kinetic.count" in estimated
    # Values the seed states are not estimated.
    assert "rules.rounds" not in estimated
    assert "board.areas.imperial_palace.stronghold" not in estimated
    assert "races.letnev.hand_limit" not in estimated


def test_every_sourced_value_cites_a_reference_source_key() -> None:
    raw = json.loads(base_pack_raw())
    keys = set(raw["sources"])
    assert {"S1", "S2", "S26", "D1", "D2"} <= keys
    for path, node in iter_sourced(raw):
        cited = set(re.findall(r"\b([SD]\d+)\b", node["source"]))
        assert cited <= keys, path
        assert cited or "not found" in node["source"], path


def _override_pack() -> dict[str, Any]:
    """An owner's file: a new line between the two spaceports, and a first influence card of 5."""

    def line(area_adjacent: list[str]) -> dict[str, Any]:
        return {"value": area_adjacent, "provenance": "printed", "source": "owner's board"}

    raw = json.loads(base_pack_raw())
    areas = {a["id"]: a for a in raw["board"]["areas"]}
    pieces = {p["id"]: p for p in raw["board"]["pieces"]}
    cs, nb = "civilian_spaceport", "imperial_navy_base"
    return {
        f"board.areas.{cs}.adjacent": line(sorted([*areas[cs]["adjacent"]["value"], nb])),
        f"board.areas.{nb}.adjacent": line(sorted([*areas[nb]["adjacent"]["value"], cs])),
        f"board.pieces.{cs}.adjacent": line(sorted([*pieces[cs]["adjacent"]["value"], nb])),
        f"board.pieces.{nb}.adjacent": line(sorted([*pieces[nb]["adjacent"]["value"], cs])),
        "influence_cards.influence_area_01.slots.0.amount": 5,
    }


def test_an_override_pack_changes_the_board_and_a_card_without_code() -> None:
    base = load_content()
    base_board = build_board(base.data.board)
    cs = base_board.piece_index["civilian_spaceport"]
    nb = base_board.piece_index["imperial_navy_base"]
    assert base_board.distance(cs, nb) == 2

    pack = load_content(_override_pack())
    board = build_board(pack.data.board)
    t = build_tables(pack.data)
    assert board.distance(cs, nb) == 1
    assert t.influence_slots[0][0] == ("dune_cielago_south", "dune_cielago_south__west", 5)
    assert pack.digest != base.digest
    assert "influence_cards.influence_area_01.slots.0.amount" not in pack.estimated_paths
    assert "board.areas.civilian_spaceport.adjacent" in pack.overridden_paths


def test_an_override_that_breaks_the_board_is_refused() -> None:
    overrides = _override_pack()
    del overrides["board.pieces.imperial_navy_base.adjacent"]  # a one-way line
    pack = load_content(overrides)
    with pytest.raises(InvalidContent) as err:
        build_board(pack.data.board)
    assert err.value.code == "board"


def test_an_influence_card_naming_an_unknown_area_is_refused() -> None:
    pack = load_content({"influence_cards.influence_area_02.slots.1.area": "atlantis"})
    with pytest.raises(InvalidContent) as err:
        build_tables(pack.data)
    assert err.value.code == "influence"
