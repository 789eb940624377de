"""Writing a game's balance report: any game's report data becomes the same Markdown, JSON,
plots and printed lines, and ``sim --report`` finds a game's report through its capability."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import msgspec
import pytest
from typer.testing import CliRunner

import turncoat.core.testing.toy  # registers sealed_bids  # noqa: F401
from turncoat.cli import app
from turncoat.core import registry
from turncoat.core.capabilities import HasReport
from turncoat.core.registry import load_game
from turncoat.core.report import (
    BalanceReport,
    BarFigure,
    Column,
    Fixed,
    Highlight,
    Mean,
    Note,
    Paragraph,
    Percent,
    RateFigure,
    Section,
    Share,
    Table,
)
from turncoat.core.stats import MeanCI, rate
from turncoat.core.testing.toy import SealedBidsGame
from turncoat.sim.report import cell_text, write_balance_report, write_report

PNG = b"\x89PNG\r\n\x1a\n"


def sim(*args: str) -> Any:
    return CliRunner().invoke(app, ["sim", *args, "--no-progress"])


def test_cells_are_written_the_same_way_for_every_game() -> None:
    share = rate("1st", 3, 12)
    assert cell_text(Share(share)) == "25.0% [8.9, 53.2]"
    assert cell_text(Share(share, with_games=True)) == "25.0% [8.9, 53.2] (n=12)"
    assert cell_text(Mean(MeanCI(2.0, 0.314, 5))) == "2.00 ± 0.31"
    assert cell_text(Mean(MeanCI(2.0, math.nan, 1))) == "2.00 ± n/a"
    assert cell_text(Fixed(1.2345)) == "1.23" and cell_text(Fixed(math.nan)) == "n/a"
    assert cell_text(Percent(0.474, 1)) == "47.4%" and cell_text(Percent(math.nan)) == "n/a"
    assert cell_text(7) == "7" and cell_text("—") == "—"


def sample() -> BalanceReport:
    rates = (rate("0", 2, 4), rate("1", 2, 4))
    return BalanceReport(
        title="Example balance report (4 games, 2 players)",
        games=4,
        intro=(Note("Caveat.", "Figures are examples."), Paragraph("Fair share: 50.0%.")),
        sections=(
            Section(
                "By seat",
                (
                    Table(
                        (Column("seat"), Column("games", numeric=True), Column("win rate")),
                        tuple((r.group, r.games, Share(r)) for r in rates),
                    ),
                ),
            ),
        ),
        figures=(
            RateFigure("by_seat", "Win rate by seat", rates, 0.5),
            BarFigure("values", "Values", ("a", "b"), (1.0, 2.0), ylabel="value", errors=(0.1, 0.2)),
        ),
        highlights=(
            Highlight("win rate by seat", items=tuple((r.group, Share(r)) for r in rates)),
            Highlight("caveat", "figures are examples"),
            Highlight("nothing to say"),
        ),
    )


def test_report_data_becomes_markdown_json_plots_and_printed_lines(tmp_path: Path) -> None:
    lines = write_report(sample(), tmp_path)
    assert (tmp_path / "balance-report.md").read_text(encoding="utf-8") == (
        "# Example balance report (4 games, 2 players)\n"
        "\n"
        "> **Caveat.** Figures are examples.\n"
        "\n"
        "Fair share: 50.0%.\n"
        "\n"
        "## By seat\n"
        "\n"
        "| seat | games | win rate |\n"
        "|---|---:|---|\n"
        "| 0 | 4 | 50.0% [15.0, 85.0] |\n"
        "| 1 | 4 | 50.0% [15.0, 85.0] |\n"
        "\n"
        "Plots: by_seat.png, values.png\n"
    )
    for name in ("by_seat.png", "values.png"):
        assert (tmp_path / name).read_bytes().startswith(PNG)
    data = json.loads((tmp_path / "balance-report.json").read_text(encoding="utf-8"))
    assert msgspec.convert(data, BalanceReport) == sample()  # the numbers themselves, unformatted
    assert lines == [
        f"Balance report: {tmp_path / 'balance-report.md'} (4 games)",
        "  win rate by seat: 0 50.0% [15.0, 85.0], 1 50.0% [15.0, 85.0]",
        "  caveat: figures are examples",
    ]


def test_a_figure_named_twice_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    doc = msgspec.structs.replace(sample(), figures=sample().figures * 2)
    with pytest.raises(ValueError, match="names a figure twice"):
        write_report(doc, tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_verrater_report_is_written_from_the_games_data(tmp_path: Path) -> None:
    rnd = {"round": 1, "start_player": 0, "vp": [4, 0, 2], "site": ["river", "city"]}
    facts = {
        "seat_groups": {
            "starting allegiance": ["eagle", "rose", "rose"],
            "turn order": ["1st", "2nd", "3rd"],
        },
        "end_vp": [0, 0, 0],
    }
    rows = [
        {
            "index": i,
            "seating": ["a", "b", "c"],
            "scores": [3, 2, 1],
            "winners": [i],
            "error": None,
            "facts": {**facts, "rounds": [{**rnd, "roles": roles, "flips": flips}]},
        }
        for i, (roles, flips) in enumerate(
            [(["traitor", "farmer", "builder"], ["river"]), (["farmer", "traitor", "builder"], [])]
        )
    ]
    lines = write_balance_report(load_game("verrater", players=3), rows, tmp_path)
    text = (tmp_path / "report" / "balance-report.md").read_text(encoding="utf-8")
    assert "| Traitor | 2 | 2.00 ± " in text and "| Builder | 2 | 2.00 ± 0.00 |" in text
    assert "| river* | 2 | 1 | 50.0% | 0.50 | 1 |" in text
    assert "| city* | 2 | 0 | 0.0% | 0.00 | 0 |" in text
    assert any(line.startswith("  caveat: VP circles are estimated") for line in lines)
    assert {p.name for p in (tmp_path / "report").glob("*.png")} >= {"role_value.png", "landscape_flips.png"}


def test_sim_writes_the_report_of_a_game_it_has_never_heard_of(tmp_path: Path) -> None:
    toy: HasReport = SealedBidsGame()  # mypy checks the toy's report against the protocol
    assert toy.balance_report().report([]).games == 0
    out = tmp_path / "run"
    result = sim(
        "sealed_bids", "--agents", "random,random,random", "-n", "9", "--seed", "4",
        "-o", "parley=true", "--report", "--out", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    report = out / "report"
    text = (report / "balance-report.md").read_text(encoding="utf-8")
    assert text.startswith("# Sealed Bids balance report (9 games, 3 players)\n")
    assert "## Wins in a pact and alone" in text
    assert {p.name for p in report.glob("*.png")} == {"win_rate_by_seat.png", "win_rate_by_pact.png"}
    printed = " ".join(result.output.split())
    assert "Balance report:" in printed and "(9 games)" in printed  # the path may wrap
    assert "win rate in a pact and alone:" in printed
    # the report's seat grouping also reaches the run's summary
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    by_pact = {r["group"]: r["games"] for r in summary["win_rates"]["by_pact"]}
    assert set(by_pact) == {"alone", "in a pact"} and sum(by_pact.values()) == 27


class PlainSealedBids(SealedBidsGame):
    """Sealed Bids without a balance report."""

    name = "test_plain_bids"
    balance_report = None  # type: ignore[assignment]


def test_sim_report_for_a_game_without_one_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # registered for this test only, so no other test (the conformance suite) sees it
    monkeypatch.setitem(registry._FACTORIES, "test_plain_bids", PlainSealedBids.from_options)
    result = sim(
        "test_plain_bids", "--agents", "random,random", "-n", "2", "--report", "--out", str(tmp_path / "x")
    )
    assert result.exit_code == 2
    assert result.output.strip() == "error: there is no balance report for test_plain_bids yet"
    assert not (tmp_path / "x").exists()  # nothing was played or written
    plain = sim("test_plain_bids", "--agents", "random,random", "-n", "2", "--out", str(tmp_path / "y"))
    assert plain.exit_code == 0, plain.output  # without --report the game plays as any other
