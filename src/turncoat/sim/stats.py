"""Tournament statistics over result rows: win rates with Wilson intervals, ratings, scores.

A shared win counts ``1/k`` for each of the ``k`` winners, so the win credits of one game sum to
one and a seat's win rate is its expected share of wins.  Failed games (no outcome) are left
out of every statistic here and reported separately.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import msgspec
from openskill.models import PlackettLuce

Z95 = 1.959963984540054


class Rate(msgspec.Struct, frozen=True):
    """Win share of a group: ``wins`` (fractional for shared wins) out of ``games``."""

    group: str
    games: int
    wins: float
    rate: float
    low: float
    high: float


class Rating(msgspec.Struct, frozen=True):
    agent: str
    mu: float
    sigma: float
    ordinal: float  # mu - 3 sigma: a conservative skill estimate
    games: int


class ScoreStats(msgspec.Struct, frozen=True):
    group: str
    n: int
    mean: float
    std: float
    min: float
    q25: float
    median: float
    q75: float
    max: float


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


def finished(rows: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The rows of games that ended with an outcome, in game order."""
    done = [r for r in rows if r.get("error") is None and r.get("winners") is not None]
    return sorted(done, key=lambda r: int(r["index"]))


def win_credit(row: Mapping[str, Any], seat: int) -> float:
    winners = row["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def rates_by(
    rows: Iterable[Mapping[str, Any]], key: Callable[[Mapping[str, Any], int], str | None]
) -> list[Rate]:
    """Win rates grouped by ``key(row, seat)`` (None skips that seat), groups in sorted order."""
    games: dict[str, int] = {}
    wins: dict[str, float] = {}
    for row in finished(rows):
        for seat in range(len(row["seating"])):
            group = key(row, seat)
            if group is None:
                continue
            games[group] = games.get(group, 0) + 1
            wins[group] = wins.get(group, 0.0) + win_credit(row, seat)
    out = []
    for group in sorted(games, key=_natural):
        n, w = games[group], wins[group]
        low, high = wilson(w, n)
        out.append(Rate(group=group, games=n, wins=w, rate=w / n, low=low, high=high))
    return out


def _natural(text: str) -> tuple[Any, ...]:
    return (0, int(text), "") if text.isdigit() else (1, 0, text)


def rates_by_agent(rows: Iterable[Mapping[str, Any]]) -> list[Rate]:
    return rates_by(rows, lambda row, seat: str(row["seating"][seat]))


def rates_by_seat(rows: Iterable[Mapping[str, Any]]) -> list[Rate]:
    return rates_by(rows, lambda row, seat: str(seat))


def seat_group_names(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    """Game-supplied seat groupings (e.g. Verräter's "starting allegiance"), in first-seen order."""
    names: dict[str, None] = {}
    for row in finished(rows):
        for name in row.get("facts", {}).get("seat_groups", {}):
            names.setdefault(name, None)
    return list(names)


def rates_by_group(rows: Iterable[Mapping[str, Any]], name: str) -> list[Rate]:
    def key(row: Mapping[str, Any], seat: int) -> str | None:
        values = row.get("facts", {}).get("seat_groups", {}).get(name)
        return None if values is None else str(values[seat])

    return rates_by(rows, key)


def ranks(scores: Sequence[float], winners: Sequence[int]) -> list[float]:
    """Finishing places (1 is best): winners share first, the rest by score, ties shared."""
    others = sorted({s for seat, s in enumerate(scores) if seat not in winners}, reverse=True)
    return [1 if seat in winners else 2 + others.index(s) for seat, s in enumerate(scores)]


def ratings(rows: Iterable[Mapping[str, Any]], agents: Sequence[str]) -> list[Rating]:
    """Plackett-Luce ratings (openskill), updated game by game in game order; best first."""
    model = PlackettLuce()
    current = {name: model.rating(name=name) for name in agents}
    played = dict.fromkeys(agents, 0)
    for row in finished(rows):
        seats = [str(label) for label in row["seating"]]
        for label in seats:
            if label not in current:
                current[label] = model.rating(name=label)
                played[label] = 0
            played[label] += 1
        teams = [[current[label]] for label in seats]
        new = model.rate(teams, ranks=ranks(row["scores"], row["winners"]))
        for label, team in zip(seats, new, strict=True):
            current[label] = team[0]
    out = [
        Rating(agent=name, mu=r.mu, sigma=r.sigma, ordinal=r.ordinal(), games=played[name])
        for name, r in current.items()
    ]
    return sorted(out, key=lambda r: (-r.ordinal, r.agent))


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear-interpolation quantile of already sorted values."""
    if not sorted_values:
        return math.nan
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def score_stats(group: str, values: Sequence[float]) -> ScoreStats:
    v = sorted(values)
    n = len(v)
    mean = sum(v) / n if n else math.nan
    std = math.sqrt(sum((x - mean) ** 2 for x in v) / (n - 1)) if n > 1 else 0.0
    return ScoreStats(
        group=group,
        n=n,
        mean=mean,
        std=std,
        min=v[0] if v else math.nan,
        q25=quantile(v, 0.25),
        median=quantile(v, 0.5),
        q75=quantile(v, 0.75),
        max=v[-1] if v else math.nan,
    )


def scores_by_agent(rows: Iterable[Mapping[str, Any]]) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    for row in finished(rows):
        for label, score in zip(row["seating"], row["scores"], strict=True):
            out.setdefault(str(label), []).append(float(score))
    return dict(sorted(out.items()))


def scores_by_seat(rows: Iterable[Mapping[str, Any]]) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    for row in finished(rows):
        for seat, score in enumerate(row["scores"]):
            out.setdefault(str(seat), []).append(float(score))
    return out
