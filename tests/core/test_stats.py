"""Statistics a game's balance report may use: Wilson intervals, win shares by seat and by a
game's seat grouping, means with their intervals."""

from __future__ import annotations

import math
from typing import Any

import pytest

from turncoat.core import stats


def row(index: int, winners: list[int] | None, groups: dict[str, list[str]] | None = None) -> dict[str, Any]:
    return {
        "index": index,
        "seating": ["a", "b", "c"],
        "winners": winners,
        "error": None if winners is not None else "crashed",
        "facts": {"seat_groups": groups or {}},
    }


def test_wilson_matches_known_values() -> None:
    # 5 of 10: the textbook interval is [0.2366, 0.7634].
    low, high = stats.wilson(5, 10)
    assert (low, high) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    # 81 of 263, from the quadratic form (x + z²/2 ± z·sqrt(x(n-x)/n + z²/4)) / (n + z²).
    assert stats.wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)


@pytest.mark.parametrize(("wins", "n"), [(0, 1), (0, 7), (7, 7), (0, 400), (400, 400), (0.5, 3)])
def test_wilson_bounds_contain_the_rate(wins: float, n: int) -> None:
    low, high = stats.wilson(wins, n)
    assert 0.0 <= low <= wins / n <= high <= 1.0


def test_wilson_without_games_is_uninformative() -> None:
    assert stats.wilson(0, 0) == (0.0, 1.0)


def test_shares_by_seat_count_a_shared_win_one_over_k() -> None:
    rows = [row(0, [0, 1]), row(1, [0]), row(2, None)]
    seats = {r.group: r for r in stats.rates_by_seat(rows)}
    assert seats["0"].games == 2  # the failed game is left out
    assert seats["0"].wins == pytest.approx(1.5)
    assert seats["1"].wins == pytest.approx(0.5) and seats["2"].wins == 0
    assert sum(r.wins for r in seats.values()) == pytest.approx(2)


def test_shares_by_a_seat_grouping_pool_the_seats_of_each_group() -> None:
    rows = [
        row(0, [0], {"house": ["eagle", "rose", "rose"]}),
        row(1, [2], {"house": ["rose", "eagle", "rose"]}),
        row(2, [1]),  # a game without the grouping counts in none of its groups
    ]
    houses = {r.group: r for r in stats.rates_by_group(rows, "house")}
    assert (houses["eagle"].games, houses["eagle"].wins) == (2, 1)
    assert (houses["rose"].games, houses["rose"].wins) == (4, 1)
    assert houses["rose"].rate == pytest.approx(0.25)
    assert (houses["rose"].low, houses["rose"].high) == stats.wilson(1, 4)


def test_groups_sort_numbers_before_words() -> None:
    assert sorted(["10", "b", "2", "a"], key=stats.natural) == ["2", "10", "a", "b"]


def test_mean_ci_is_the_normal_interval_of_the_mean() -> None:
    m = stats.mean_ci([1.0, 2.0, 3.0, 4.0])
    assert (m.mean, m.n) == (2.5, 4)
    assert m.half == pytest.approx(stats.Z95 * math.sqrt(5 / 3 / 4))


def test_mean_ci_without_enough_values_says_so() -> None:
    empty = stats.mean_ci([])
    assert empty.n == 0 and math.isnan(empty.mean) and math.isnan(empty.half)
    one = stats.mean_ci([7.0])
    assert one.mean == 7.0 and math.isnan(one.half)
