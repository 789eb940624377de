"""Tournament statistics over result rows: win rates by agent, ratings, scores.

Win shares and their Wilson intervals are :mod:`turncoat.core.stats` (a game's balance report
uses them too).  Failed games (no outcome) are left out of every statistic here and reported
separately.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import msgspec
from openskill.models import PlackettLuce

from turncoat.core.stats import Rate, finished, rates_by


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


def rates_by_agent(rows: Iterable[Mapping[str, Any]]) -> list[Rate]:
    return rates_by(rows, lambda row, seat: str(row["seating"][seat]))


def seat_group_names(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    """Game-supplied seat groupings (e.g. Verräter's "starting allegiance"), in first-seen order."""
    names: dict[str, None] = {}
    for row in finished(rows):
        for name in row.get("facts", {}).get("seat_groups", {}):
            names.setdefault(name, None)
    return list(names)


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
