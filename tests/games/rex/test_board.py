"""Board geometry (RULES §3.2, §9.3, §12, E18): distances and the bombarded sector."""

from __future__ import annotations

import msgspec
import pytest

from tests.games.rex.helpers import line_board
from turncoat.core.errors import InvalidContent
from turncoat.games.rex.board import UNREACHABLE, build_board
from turncoat.games.rex.components import Board, load_content


def test_line_distances_count_lines_between_areas() -> None:
    b = build_board(line_board())
    p = b.piece_index
    assert b.distance(p["a"], p["c"]) == 2  # a - b - c
    assert b.distance(p["a"], p["d"]) == 3  # a - b - c - d, or a - e - f - d
    assert b.distance(p["council"], p["b_east"]) == 2


def test_moving_inside_one_area_costs_nothing() -> None:
    b = build_board(line_board())
    p = b.piece_index
    assert b.distance(p["b_west"], p["b_east"]) == 0
    assert b.area_distance(p["a"], b.area_index["b"]) == 1


def test_bombarded_sector_cannot_be_entered_rule_3_2() -> None:
    b = build_board(line_board())
    p = b.piece_index
    assert b.distance(p["a"], p["c"], bombarded=3) == UNREACHABLE


def test_bombarded_sector_cannot_be_passed_through_rule_9_3() -> None:
    b = build_board(line_board())
    p = b.piece_index
    # With sector 3 (c) bombarded the short way a-b-c-d is closed; the long way a-e-f-d stays.
    assert b.distance(p["b_east"], p["d"]) == 2
    assert b.distance(p["b_east"], p["d"], bombarded=3) == 4  # back through b, then a-e-f-d
    assert b.distance(p["a"], p["d"], bombarded=3) == 3
    assert b.distance(p["a"], p["d"], bombarded=5) == 3  # now only via c


def test_e18_units_in_a_shielded_area_of_the_bombarded_sector_cannot_move_out() -> None:
    b = build_board(line_board())
    p = b.piece_index
    assert b.shielded[b.area_index["b"]]
    assert b.reachable(p["b_west"], 4, bombarded=2) == ()
    assert b.is_blocked(p["b_west"], 2)


def test_piece_model_blocks_only_the_part_inside_the_sector_gaps_g2() -> None:
    b = build_board(line_board(), "piece")
    p = b.piece_index
    # b spans sectors 2 and 7: with 7 bombarded its western part is still open.
    assert b.open_pieces(b.area_index["b"], 7) == (p["b_west"],)
    assert b.distance(p["a"], p["b_west"], bombarded=7) == 1
    assert b.distance(p["a"], p["c"], bombarded=7) == 4  # not through b_east: round by e, f, d


def test_area_model_blocks_every_area_touching_the_sector_gaps_g2() -> None:
    b = build_board(line_board(), "area")
    p = b.piece_index
    assert b.open_pieces(b.area_index["b"], 7) == ()
    assert b.distance(p["a"], p["b_west"], bombarded=7) == UNREACHABLE


def test_galactic_council_is_never_in_a_sector_gaps_a12() -> None:
    b = build_board(load_content().data.board)
    council = b.area_pieces[b.council][0]
    assert b.area_sectors[b.council] == ()
    assert all(not b.is_blocked(council, s) for s in range(b.sector_count + 1))


def test_stand_in_board_spaceports_are_two_lines_apart() -> None:
    b = build_board(load_content().data.board)
    p = b.piece_index
    # civilian spaceport - imperial basin - imperial navy base (board.json adjacency)
    assert b.distance(p["civilian_spaceport"], p["imperial_navy_base"]) == 2
    assert b.distance(p["civilian_spaceport"], p["imperial_navy_base"], bombarded=10) == UNREACHABLE
    assert len(b.strongholds) == 5 and len(b.spaceports) == 2


def test_a_board_whose_area_lines_disagree_with_its_pieces_is_refused() -> None:
    raw = msgspec.to_builtins(line_board())
    raw["areas"][1]["adjacent"]["value"].append("d")
    raw["areas"][4]["adjacent"]["value"].append("a")
    with pytest.raises(InvalidContent):
        build_board(msgspec.convert(raw, Board, strict=True))


@pytest.mark.parametrize("model", ["piece", "area"])
def test_precomputed_area_tables_agree_with_piece_distances_rule_9_3(model: str) -> None:
    """§9.3-9.4: the per-area tables the rules read (open pieces, lines to an area) say exactly
    what the piece distances and the blocked sets say, for every bombarded sector."""
    b = build_board(load_content().data.board, model)  # type: ignore[arg-type]
    for sector in range(b.sector_count + 1):
        for area, pieces in enumerate(b.area_pieces):
            assert b.open_pieces(area, sector) == tuple(p for p in pieces if p not in b.blocked[sector])
            for origin in range(len(b.piece_ids)):
                nearest = min(b.distance(origin, p, sector) for p in pieces)
                assert b.area_distance(origin, area, sector) == nearest
