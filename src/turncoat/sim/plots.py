"""PNG plots (matplotlib's Agg canvas, no display or pyplot state needed)."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from turncoat.core.stats import Rate
from turncoat.sim.output import write_bytes
from turncoat.sim.stats import Rating


def _save(fig: Figure, path: Path) -> None:
    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png", dpi=110)
    write_bytes(path, buf.getvalue())


def rate_bars(path: Path, title: str, rates: Sequence[Rate], *, reference: float | None = None) -> None:
    """Win-rate bars with their 95% Wilson intervals; ``reference`` draws the fair share."""
    fig = Figure(figsize=(max(4.0, 1.1 * len(rates) + 2), 3.6))
    ax = fig.add_subplot()
    xs = range(len(rates))
    values = [r.rate for r in rates]
    err = [[max(0.0, r.rate - r.low) for r in rates], [max(0.0, r.high - r.rate) for r in rates]]
    ax.bar(xs, values, yerr=err, capsize=5, color="#4c72b0")
    ax.set_xticks(list(xs), [f"{r.group}\n(n={r.games})" for r in rates], fontsize=8)
    if reference is not None:
        ax.axhline(reference, color="grey", linestyle="--", linewidth=1, label="fair share")
        ax.legend(fontsize=8)
    ax.set_ylabel("win rate (shared wins 1/k)")
    ax.set_ylim(0, max([1e-9, *(r.high for r in rates)]) * 1.15)
    ax.set_title(title, fontsize=10)
    _save(fig, path)


def histograms(
    path: Path, title: str, groups: Mapping[str, Sequence[float]], *, xlabel: str = "score"
) -> None:
    """Overlaid step histograms, one per group, on shared integer-friendly bins."""
    fig = Figure(figsize=(6.4, 3.8))
    ax = fig.add_subplot()
    values = [v for vs in groups.values() for v in vs]
    if values:
        lo, hi = min(values), max(values)
        bins = [lo - 0.5 + i for i in range(int(hi - lo) + 2)] if hi - lo <= 60 else 40
        for name, vs in groups.items():
            ax.hist(list(vs), bins=bins, histtype="step", linewidth=1.4, label=f"{name} (n={len(vs)})")
        ax.legend(fontsize=8)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title, fontsize=10)
    _save(fig, path)


def rating_bars(path: Path, ratings: Sequence[Rating]) -> None:
    """mu per agent with a ±2 sigma bar, and the ordinal (mu - 3 sigma) as a dot."""
    fig = Figure(figsize=(max(4.0, 1.1 * len(ratings) + 2), 3.6))
    ax = fig.add_subplot()
    xs = list(range(len(ratings)))
    ax.bar(xs, [r.mu for r in ratings], yerr=[2 * r.sigma for r in ratings], capsize=5, color="#55a868")
    ax.scatter(xs, [r.ordinal for r in ratings], color="black", zorder=3, label="ordinal (mu - 3 sigma)")
    ax.set_xticks(xs, [r.agent for r in ratings], fontsize=8)
    ax.set_ylabel("Plackett-Luce mu (±2 sigma)")
    ax.set_title("Agent ratings (openskill)", fontsize=10)
    ax.legend(fontsize=8)
    _save(fig, path)


def value_bars(
    path: Path,
    title: str,
    labels: Sequence[str],
    values: Sequence[float],
    *,
    ylabel: str,
    errors: Sequence[float] | None = None,
) -> None:
    fig = Figure(figsize=(max(4.0, 0.9 * len(labels) + 2), 3.6))
    ax = fig.add_subplot()
    xs = list(range(len(labels)))
    ax.bar(xs, list(values), yerr=list(errors) if errors is not None else None, capsize=4, color="#c44e52")
    ax.set_xticks(xs, list(labels), fontsize=8)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    _save(fig, path)
