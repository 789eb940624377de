"""The Rex state's helpers: stacks, board influence, player order (RULES §3.1, §3.4, §19.4)."""

from __future__ import annotations

import pytest

from turncoat.games.rex.state import add_influence, add_units, seats_from, units_at


def test_player_order_runs_clockwise_from_the_first_player_rule_3_1() -> None:
    assert seats_from(4, 6) == (4, 5, 0, 1, 2, 3)
    assert seats_from(0, 3) == (0, 1, 2)


def test_stacks_stay_sorted_and_empty_stacks_disappear() -> None:
    stacks = add_units((), 7, 2, 3)
    stacks = add_units(stacks, 3, 1, 2, 1)
    stacks = add_units(stacks, 7, 0, 1)
    assert stacks == ((3, 1, 2, 1), (7, 0, 1, 0), (7, 2, 3, 0))
    assert units_at(stacks, 7) == ((7, 0, 1, 0), (7, 2, 3, 0))
    assert add_units(stacks, 3, 1, -2, -1) == ((7, 0, 1, 0), (7, 2, 3, 0))


def test_units_that_are_not_there_cannot_be_removed() -> None:
    with pytest.raises(ValueError):
        add_units(((3, 1, 2, 0),), 3, 1, -3)
    with pytest.raises(ValueError):
        add_units((), 3, 1, -1)


def test_board_influence_accumulates_rule_6_step_2() -> None:
    board = add_influence((), 5, 8)
    board = add_influence(board, 5, 6)
    board = add_influence(board, 2, 1)
    assert board == ((2, 1), (5, 14))
    assert add_influence(board, 5, -14) == ((2, 1),)
