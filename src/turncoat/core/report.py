"""What a balance report says, as data: the game decides the content, the simulator the form.

A game's report (the :class:`turncoat.core.capabilities.Report` capability) turns the result
rows of many simulated games into a :class:`BalanceReport`: a title, notes, sections of
paragraphs and tables, figures to draw and the few lines worth printing.  Table cells are plain
text and integers or typed numbers (a win share with its interval, a mean with its interval, a
fixed-point number, a percentage), so the writer formats every number the same way in every
game and a JSON form keeps the numbers themselves.  The functions at the end build the parts
every game's report shares (win-rate tables and figures, counts with their shares, game length).
Nothing here writes a file or draws.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import msgspec

from turncoat.core.stats import MeanCI, Rate, mean_ci


# -- cells ----------------------------------------------------------------------------------------
class Share(msgspec.Struct, frozen=True, tag="share"):
    """A win share with its 95% interval; ``with_games`` also shows how many games it counts."""

    rate: Rate
    with_games: bool = False


class Mean(msgspec.Struct, frozen=True, tag="mean"):
    """A mean ± the half-width of its 95% interval."""

    value: MeanCI


class Fixed(msgspec.Struct, frozen=True, tag="fixed"):
    """A number with ``digits`` decimals (NaN reads "n/a")."""

    value: float
    digits: int = 2


class Percent(msgspec.Struct, frozen=True, tag="percent"):
    """A fraction shown as a percentage with ``digits`` decimals (NaN reads "n/a")."""

    value: float
    digits: int = 1


Cell = str | int | Share | Mean | Fixed | Percent


# -- blocks ---------------------------------------------------------------------------------------
class Column(msgspec.Struct, frozen=True):
    title: str
    numeric: bool = False  # numeric columns are right-aligned


class Table(msgspec.Struct, frozen=True, tag="table"):
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]


class Paragraph(msgspec.Struct, frozen=True, tag="paragraph"):
    text: str


class Note(msgspec.Struct, frozen=True, tag="note"):
    """A set-off warning the reader must not miss (e.g. that figures rest on estimates)."""

    heading: str
    text: str


Block = Paragraph | Note | Table


class Section(msgspec.Struct, frozen=True):
    title: str
    blocks: tuple[Block, ...]


# -- figures --------------------------------------------------------------------------------------
class RateFigure(msgspec.Struct, frozen=True, tag="rates"):
    """Win shares with their intervals as bars; ``reference`` draws the fair share."""

    name: str  # file stem, unique within the report
    title: str
    rates: tuple[Rate, ...]
    reference: float | None = None


class BarFigure(msgspec.Struct, frozen=True, tag="bars"):
    """One bar per label; ``errors`` (half-widths) draws error bars."""

    name: str
    title: str
    labels: tuple[str, ...]
    values: tuple[float, ...]
    ylabel: str
    errors: tuple[float, ...] | None = None


Figure = RateFigure | BarFigure


# -- the printed summary --------------------------------------------------------------------------
class Highlight(msgspec.Struct, frozen=True):
    """One printed line: ``label: text``, or ``label: name value, name value...``."""

    label: str
    text: str = ""
    items: tuple[tuple[str, Cell], ...] = ()


class BalanceReport(msgspec.Struct, frozen=True):
    """Everything a game's balance report says about one simulation."""

    title: str
    games: int  # finished games the report counts
    intro: tuple[Block, ...] = ()
    sections: tuple[Section, ...] = ()
    figures: tuple[Figure, ...] = ()
    highlights: tuple[Highlight, ...] = ()


# -- parts every game's report builds alike -------------------------------------------------------
# A report reads the simulator's result rows (see :mod:`turncoat.core.stats`); ``full`` rows are
# those of replayed games, whose ``facts`` hold what the game's report gathered from the replay.
def share_of(count: float, whole: float) -> Percent:
    """``count`` out of ``whole`` as a percentage ("n/a" when ``whole`` is 0)."""
    return Percent(count / whole if whole else float("nan"))


def mean_of(full: Sequence[Mapping[str, Any]], key: str) -> Mean:
    """The mean of ``facts[key]`` over ``full`` rows, with its 95% interval."""
    return Mean(mean_ci([float(r["facts"][key]) for r in full]))


def wins_table(groupings: Sequence[tuple[str, Sequence[Rate]]]) -> Table:
    """Win rates, one row a group, for each ``(grouping, its rates)``."""
    return Table(
        (Column("grouping"), Column("group"), Column("games", numeric=True), Column("win rate [95% CI]")),
        tuple((grouping, r.group, r.games, Share(r)) for grouping, rates in groupings for r in rates),
    )


def counts_table(title: str, counts: Iterable[tuple[str, int]], whole: int) -> Table:
    """Games per kind (``title``: what the kinds are) with their share of ``whole`` games."""
    return Table(
        (Column(title), Column("games", numeric=True), Column("share", numeric=True)),
        tuple((kind, count, share_of(count, whole)) for kind, count in counts),
    )


def measures_table(rows: Sequence[tuple[str, Cell]]) -> Table:
    """One measure a row."""
    return Table((Column("measure"), Column("value", numeric=True)), tuple(rows))


def fair_share(fair: float, shared: str = "") -> Paragraph:
    """How win rates count (``shared`` says who shares a win) and the fair share."""
    return Paragraph(
        f"Win rates count a shared win as 1/k{shared}; intervals are 95% Wilson intervals.  "
        f"Fair share: {100 * fair:.1f}%."
    )


def replayed(count: int) -> Paragraph:
    return Paragraph(f"{count} games replayed.")


def win_rate_figure(group: str, rates: Sequence[Rate], fair: float) -> RateFigure:
    """Win rates by ``group`` (a seat grouping's name) with the fair share drawn."""
    return RateFigure(f"win_rate_by_{group}", f"Win rate by {group} (95% Wilson CI)", tuple(rates), fair)


def rounds_played(full: Sequence[Mapping[str, Any]], last: int, key: str = "rounds") -> dict[int, int]:
    """Games per the round they ended in (``facts[key]``), for rounds 1 to ``last``."""
    return {k: sum(1 for r in full if r["facts"][key] == k) for k in range(1, last + 1)}


def game_length_figure(round_counts: Mapping[int, int]) -> BarFigure:
    return BarFigure(
        "game_length",
        "Games by the round they ended in",
        tuple(str(k) for k in round_counts),
        tuple(float(v) for v in round_counts.values()),
        ylabel="games",
    )


def rates_highlight(label: str, rates: Sequence[Rate]) -> tuple[Highlight, ...]:
    """A line of win rates by group; none when no game counted."""
    return (Highlight(label, items=tuple((r.group, Share(r)) for r in rates)),) if rates else ()
