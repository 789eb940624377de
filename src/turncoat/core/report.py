"""What a balance report says, as data: the game decides the content, the simulator the form.

A game's report (the :class:`turncoat.core.capabilities.Report` capability) turns the result
rows of many simulated games into a :class:`BalanceReport`: a title, notes, sections of
paragraphs and tables, figures to draw and the few lines worth printing.  Table cells are plain
text and integers or typed numbers (a win share with its interval, a mean with its interval, a
fixed-point number, a percentage), so the writer formats every number the same way in every
game and a JSON form keeps the numbers themselves.  Nothing here writes a file or draws.
"""

from __future__ import annotations

import msgspec

from turncoat.core.stats import MeanCI, Rate


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
