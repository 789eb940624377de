"""Statistics any game's balance report may need: win shares with Wilson intervals, and means
with normal-approximation intervals.

They read the simulator's result rows: plain mappings with ``index``, ``seating`` (one agent
label per seat), ``winners`` (None when the game failed), ``error`` and ``facts`` (what the
game's report gathered for that game; ``facts["seat_groups"]`` names, per grouping, one label
per seat).  A shared win counts ``1/k`` for each of the ``k`` winners, so the win credits of one
game sum to one and a seat's win rate is its expected share of wins.  Failed games are left out.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import msgspec

Z95 = 1.959963984540054


class Rate(msgspec.Struct, frozen=True):
    """Win share of a group: ``wins`` (fractional for shared wins) out of ``games``."""

    group: str
    games: int
    wins: float
    rate: float
    low: float
    high: float


class MeanCI(msgspec.Struct, frozen=True):
    """A mean and the half-width of its 95% interval (NaN where there are too few values)."""

    mean: float
    half: float
    n: int


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (``successes`` may be fractional)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # Rounding can put a bound a hair on the wrong side of p when p is 0 or 1; keep low <= p <= high.
    return min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))


def rate(group: str, wins: float, games: int) -> Rate:
    """``wins`` out of ``games`` (at least one) with its Wilson interval."""
    low, high = wilson(wins, games)
    return Rate(group=group, games=games, wins=wins, rate=wins / games, low=low, high=high)


def mean_ci(values: Sequence[float]) -> MeanCI:
    """The mean and the half-width of its normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return MeanCI(math.nan, math.nan, 0)
    mean = sum(values) / n
    if n < 2:
        return MeanCI(mean, math.nan, n)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return MeanCI(mean, Z95 * math.sqrt(var / n), n)


def finished(rows: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The rows of games that ended with an outcome, in game order."""
    done = [r for r in rows if r.get("error") is None and r.get("winners") is not None]
    return sorted(done, key=lambda r: int(r["index"]))


def win_credit(row: Mapping[str, Any], seat: int) -> float:
    winners = row["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def natural(text: str) -> tuple[Any, ...]:
    """Sort key: numbers in numeric order first, then words."""
    return (0, int(text), "") if text.isdigit() else (1, 0, text)


def rates_by(
    rows: Iterable[Mapping[str, Any]], key: Callable[[Mapping[str, Any], int], str | None]
) -> list[Rate]:
    """Win rates grouped by ``key(row, seat)`` (None skips that seat), groups in natural order."""
    games: dict[str, int] = {}
    wins: dict[str, float] = {}
    for row in finished(rows):
        for seat in range(len(row["seating"])):
            group = key(row, seat)
            if group is None:
                continue
            games[group] = games.get(group, 0) + 1
            wins[group] = wins.get(group, 0.0) + win_credit(row, seat)
    return [rate(group, wins[group], games[group]) for group in sorted(games, key=natural)]


def rates_by_seat(rows: Iterable[Mapping[str, Any]]) -> list[Rate]:
    return rates_by(rows, lambda row, seat: str(seat))


def rates_by_group(rows: Iterable[Mapping[str, Any]], name: str) -> list[Rate]:
    """Win rates by one of the game's seat groupings (``facts["seat_groups"][name]``)."""

    def key(row: Mapping[str, Any], seat: int) -> str | None:
        values = row.get("facts", {}).get("seat_groups", {}).get(name)
        return None if values is None else str(values[seat])

    return rates_by(rows, key)
