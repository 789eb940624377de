"""Tournament statistics: shared wins by agent, finishing places, ratings, scores."""

from __future__ import annotations

import math
from typing import Any

import pytest

from turncoat.sim import stats


def row(index: int, seating: list[str], scores: list[float], winners: list[int]) -> dict[str, Any]:
    return {"index": index, "seating": seating, "scores": scores, "winners": winners, "error": None}


def test_shared_wins_count_one_over_k() -> None:
    rows = [
        row(0, ["a", "b", "c"], [5, 5, 1], [0, 1]),
        row(1, ["b", "c", "a"], [9, 1, 1], [0]),
    ]
    rates = {r.group: r for r in stats.rates_by_agent(rows)}
    assert rates["a"].wins == pytest.approx(0.5)
    assert rates["b"].wins == pytest.approx(1.5)
    assert rates["c"].wins == 0
    assert sum(r.wins for r in rates.values()) == pytest.approx(len(rows))


def test_failed_games_are_left_out_of_statistics() -> None:
    rows = [
        row(0, ["a", "b"], [3, 1], [0]),
        {"index": 1, "seating": ["b", "a"], "scores": None, "winners": None, "error": "crashed"},
    ]
    assert [r.games for r in stats.rates_by_agent(rows)] == [1, 1]
    assert stats.scores_by_agent(rows) == {"a": [3.0], "b": [1.0]}


def test_ranks_put_winners_first_and_share_ties() -> None:
    assert stats.ranks([10, 7, 7, 2], [0]) == [1, 2, 2, 3]
    assert stats.ranks([6, 6, 1], [0, 1]) == [1, 1, 2]
    # the rules may name a winner that does not hold the top score (e.g. a tie-break)
    assert stats.ranks([5, 8, 1], [0]) == [1, 2, 3]


def test_ratings_rank_a_consistent_winner_first() -> None:
    rows = []
    for i in range(40):
        seating = ["strong", "weak", "middle"][i % 3 :] + ["strong", "weak", "middle"][: i % 3]
        score = {"strong": 3.0, "middle": 2.0, "weak": 1.0}
        scores = [score[s] for s in seating]
        rows.append(row(i, seating, scores, [seating.index("strong")]))
    ratings = stats.ratings(rows, ["weak", "middle", "strong"])
    assert [r.agent for r in ratings] == ["strong", "middle", "weak"]
    assert all(r.games == 40 for r in ratings)
    assert all(r.sigma < 25 / 3 for r in ratings)  # uncertainty shrinks from the prior


def test_ratings_are_independent_of_row_order() -> None:
    rows = [row(i, ["a", "b"], [i % 3, 1], [0] if i % 3 > 1 else [1]) for i in range(12)]
    assert stats.ratings(rows, ["a", "b"]) == stats.ratings(list(reversed(rows)), ["a", "b"])


def test_score_stats() -> None:
    s = stats.score_stats("x", [4, 1, 3, 2])
    assert (s.n, s.mean, s.min, s.max, s.median) == (4, 2.5, 1, 4, 2.5)
    assert s.std == pytest.approx(math.sqrt(5 / 3))
    assert (s.q25, s.q75) == (1.75, 3.25)
    empty = stats.score_stats("y", [])
    assert empty.n == 0 and math.isnan(empty.mean)
