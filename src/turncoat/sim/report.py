"""Writing any game's balance report: the game says what it holds (``core.report``), this
module writes it into ``report/``: ``balance-report.md``, ``balance-report.json`` (the same
data, numbers unformatted) and one PNG per figure, and returns the lines to print.

The simulator finds a game's report only through its capability (``HasReport``), never by the
game's name, so a new game's report needs no change here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from turncoat.core.capabilities import HasReport, Report, capability
from turncoat.core.engine import Game
from turncoat.core.report import (
    BalanceReport,
    BarFigure,
    Block,
    Cell,
    Fixed,
    Highlight,
    Mean,
    Note,
    Paragraph,
    Percent,
    RateFigure,
    Share,
    Table,
)
from turncoat.core.stats import Rate
from turncoat.sim import output, plots

MARKDOWN = "balance-report.md"
JSON = "balance-report.json"


def report_of(game: Game[Any, Any, Any]) -> Report | None:
    """The game's balance report, or None when it offers none."""
    offered = capability(game, HasReport)
    return None if offered is None else offered.balance_report()


def _number(x: float, digits: int) -> str:
    return f"{x:.{digits}f}" if math.isfinite(x) else "n/a"


def _rate(rate: Rate) -> str:
    return f"{100 * rate.rate:.1f}% [{100 * rate.low:.1f}, {100 * rate.high:.1f}]"


def cell_text(cell: Cell) -> str:
    """How every report writes a cell: a win share as ``25.0% [14.2, 40.2]``, a mean as
    ``2.00 ± 0.31``, a missing number as ``n/a``."""
    match cell:
        case Share(rate=rate, with_games=with_games):
            return f"{_rate(rate)} (n={rate.games})" if with_games else _rate(rate)
        case Mean(value=value):
            return f"{_number(value.mean, 2)} ± {_number(value.half, 2)}"
        case Fixed(value=value, digits=digits):
            return _number(value, digits)
        case Percent(value=value, digits=digits):
            return f"{_number(100 * value, digits)}%" if math.isfinite(value) else "n/a"
        case _:
            return str(cell)


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def block_lines(block: Block) -> list[str]:
    match block:
        case Paragraph(text=text):
            return [text]
        case Note(heading=heading, text=text):
            return [f"> **{heading}** {text}"]
        case Table(columns=columns, rows=rows):
            return [
                _row([c.title for c in columns]),
                "|" + "".join("---:|" if c.numeric else "---|" for c in columns),
                *(_row([cell_text(cell) for cell in row]) for row in rows),
            ]
    raise TypeError(f"not a report block: {block!r}")  # pragma: no cover - the union is closed


def markdown(doc: BalanceReport, figure_files: Sequence[str]) -> str:
    lines = [f"# {doc.title}"]
    for block in doc.intro:
        lines += ["", *block_lines(block)]
    for section in doc.sections:
        lines += ["", f"## {section.title}"]
        for block in section.blocks:
            lines += ["", *block_lines(block)]
    if figure_files:
        lines += ["", "Plots: " + ", ".join(sorted(figure_files))]
    return "\n".join(lines) + "\n"


def highlight_line(highlight: Highlight) -> str:
    said = highlight.text or ", ".join(f"{name} {cell_text(cell)}" for name, cell in highlight.items)
    return f"  {highlight.label}: {said}"


def draw(doc: BalanceReport, out_dir: Path) -> list[str]:
    """One PNG per figure; the file names."""
    names = []
    for figure in doc.figures:
        path = out_dir / f"{figure.name}.png"
        match figure:
            case RateFigure(title=title, rates=rates, reference=reference):
                plots.rate_bars(path, title, rates, reference=reference)
            case BarFigure(title=title, labels=labels, values=values, ylabel=ylabel, errors=errors):
                plots.value_bars(path, title, labels, values, ylabel=ylabel, errors=errors)
        names.append(path.name)
    return names


def write_report(doc: BalanceReport, out_dir: Path) -> list[str]:
    """Write the report's files into ``out_dir`` (which exists); return the lines to print."""
    stems = [figure.name for figure in doc.figures]
    if len(set(stems)) != len(stems):
        raise ValueError(f"the report names a figure twice: {sorted(stems)}")
    names = draw(doc, out_dir)
    output.write_text(out_dir / MARKDOWN, markdown(doc, names))
    output.write_bytes(out_dir / JSON, msgspec.json.format(msgspec.json.encode(doc), indent=2) + b"\n")
    return [
        f"Balance report: {out_dir / MARKDOWN} ({doc.games} games)",
        *(highlight_line(h) for h in doc.highlights if h.text or h.items),
    ]


def write_balance_report(
    game: Game[Any, Any, Any], rows: Sequence[Mapping[str, Any]], out_dir: Path
) -> list[str]:
    """Write ``game``'s balance report of ``rows`` into ``out_dir/report``; [] when it has none."""
    report = report_of(game)
    if report is None:
        return []
    report_dir = out_dir / "report"
    try:
        report_dir.mkdir(exist_ok=True)
    except OSError as exc:
        raise output.OutputError(f"cannot create {report_dir}: {exc.strerror or exc}") from exc
    return write_report(report.report(rows), report_dir)
