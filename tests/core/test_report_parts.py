"""The parts every game's balance report builds alike (core/report.py): win-rate tables and
figures, counts with their shares, measures, and games by the round they ended in."""

from __future__ import annotations

import math

from turncoat.core import report as R
from turncoat.core import stats


def test_share_of_is_a_percentage_and_not_applicable_without_a_whole() -> None:
    assert R.share_of(1, 4) == R.Percent(0.25)
    assert math.isnan(R.share_of(0, 0).value)


def test_mean_of_reads_one_fact_of_every_row() -> None:
    rows = [{"facts": {"rounds": 2}}, {"facts": {"rounds": 4}}]
    assert R.mean_of(rows, "rounds") == R.Mean(stats.mean_ci([2.0, 4.0]))


def test_wins_table_has_a_row_per_group_of_each_grouping() -> None:
    seats = [stats.rate("0", 1.0, 2), stats.rate("1", 1.0, 2)]
    races = [stats.rate("hacan", 0.5, 1)]
    table = R.wins_table((("seat", seats), ("race", races)))
    assert [c.title for c in table.columns] == ["grouping", "group", "games", "win rate [95% CI]"]
    assert table.rows == (
        ("seat", "0", 2, R.Share(seats[0])),
        ("seat", "1", 2, R.Share(seats[1])),
        ("race", "hacan", 1, R.Share(races[0])),
    )


def test_counts_table_gives_each_kind_its_share_of_the_games() -> None:
    table = R.counts_table("victory", [("normal", 3), ("special", 1)], 4)
    assert table.columns[0].title == "victory"
    assert table.rows == (("normal", 3, R.Percent(0.75)), ("special", 1, R.Percent(0.25)))


def test_rounds_played_counts_every_round_up_to_the_last_even_at_zero() -> None:
    rows = [{"facts": {"rounds": 2}}, {"facts": {"rounds": 2}}, {"facts": {"rounds": 3}}]
    counts = R.rounds_played(rows, 4)
    assert counts == {1: 0, 2: 2, 3: 1, 4: 0}
    figure = R.game_length_figure(counts)
    assert figure.labels == ("1", "2", "3", "4") and figure.values == (0.0, 2.0, 1.0, 0.0)


def test_win_rate_figure_and_highlight_name_their_grouping() -> None:
    rates = [stats.rate("hacan", 1.0, 2)]
    figure = R.win_rate_figure("race", rates, 0.25)
    assert (figure.name, figure.title, figure.reference) == (
        "win_rate_by_race",
        "Win rate by race (95% Wilson CI)",
        0.25,
    )
    assert R.rates_highlight("win rate by race", rates)[0].items == (("hacan", R.Share(rates[0])),)
    assert R.rates_highlight("win rate by race", []) == ()


def test_fair_share_says_how_a_shared_win_counts() -> None:
    assert R.fair_share(0.25).text == (
        "Win rates count a shared win as 1/k; intervals are 95% Wilson intervals.  Fair share: 25.0%."
    )
    assert "1/k (allies too);" in R.fair_share(0.25, " (allies too)").text
    assert R.replayed(3).text == "3 games replayed."
