"""Rex's balance report (games/rex/report.py): wins by race and player count, victory types,
alliances formed and won, traitor reveals and game length, through ``turncoat sim rex --report``
and from hand-made facts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
from typer.testing import CliRunner

from turncoat.cli import app
from turncoat.core.record import load_record
from turncoat.core.report import Share, Table
from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.report import RACE, RexReport, races_of


def _row(index: int, winners: list[int], races: list[str], **facts: Any) -> dict[str, Any]:
    return {
        "index": index,
        "seating": ["random"] * 3,
        "winners": winners,
        "error": None,
        "facts": {
            "seat_groups": {RACE: races, f"{RACE} and player count": [f"{r} (3 players)" for r in races]},
            **facts,
        },
    }


def test_the_report_counts_races_victories_alliances_traitors_and_rounds() -> None:
    report = RexReport(RexGame(RexConfig(players=3)))
    common = {"alliance_sizes": [], "battles": 2, "actions": 300, "cards_played": {"fleet_sabotage": 1}}
    rows = [
        _row(0, [0], ["Sol", "Hacan", "Lazax"], victory="strongholds", rounds=5, alliances_formed=0,
             alliance_won=False, traitor_reveals=1, **common),
        _row(1, [1, 2], ["Sol", "Hacan", "Lazax"], victory="strongholds", rounds=8, alliances_formed=1,
             alliance_won=True, traitor_reveals=0, **common),
        _row(2, [1], ["Xxcha", "Sol", "Letnev"], victory="sol", rounds=8, alliances_formed=0,
             alliance_won=False, traitor_reveals=1, **common),
    ]  # fmt: skip
    out = report.report(rows)
    assert out.games == 3 and out.title == "Rex balance report (3 games, 3 players)"
    wins = next(b for s in out.sections for b in s.blocks if isinstance(b, Table))
    by_race = {row[1]: row[3] for row in wins.rows if row[0] == RACE}
    sol, hacan = by_race["Sol"], by_race["Hacan"]
    assert isinstance(sol, Share) and isinstance(hacan, Share)
    assert sol.rate.games == 3 and sol.rate.wins == 2.0  # game 0 and game 2
    assert hacan.rate.wins == 0.5  # a shared win counts 1/2
    tables = [b for s in out.sections for b in s.blocks if isinstance(b, Table)]
    victories = {row[0]: row[1] for row in tables[1].rows}
    assert victories == {"strongholds": 2, "the Sol special victory": 1}
    measures = {row[0]: row[1] for row in tables[2].rows}
    assert measures["games won by an alliance"].value == 1 / 3  # type: ignore[union-attr]
    assert measures["traitor reveals per battle"].value == 2 / 6  # type: ignore[union-attr]
    assert measures["rounds played ± 95%"].value.mean == 7.0  # type: ignore[union-attr]
    assert measures["strategy cards played outside battle per game ± 95%"].value.mean == 1.0  # type: ignore[union-attr]
    cards = {row[0]: row[1] for row in tables[3].rows}
    assert cards == {"Fleet sabotage card (estimated)": 3}


def test_the_facts_count_the_strategy_cards_played_outside_battle() -> None:
    """Golden record 06: the fleet sabotage card and the Tracking Beacon are played (§17)."""
    record = load_record(Path(__file__).parent / "golden" / "06_fleet_sabotage_and_beacon.json")
    game = RexGame(msgspec.convert(record.config, RexConfig))
    facts = RexReport(game).facts(record.seed, record, full=True)
    assert facts["cards_played"] == {"fleet_sabotage": 1, "tracking_beacon": 1}


def test_races_come_from_the_record_or_the_random_deal() -> None:
    game = RexGame(RexConfig(players=3, race_selection="random"))
    races = races_of(game, 4, None)
    assert races is not None and len(set(races)) == 3


def test_sim_writes_the_rex_report(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = CliRunner().invoke(
        app,
        ["sim", "rex", "--agents", "random,random,random", "-n", "4", "--seed", "2", "--report",
         "--out", str(out), "--no-progress"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    text = (out / "report" / "balance-report.md").read_text(encoding="utf-8")
    assert text.startswith("# Rex balance report (4 games, 3 players)\n")
    for heading in ("## Wins by seat, race and player count", "## How games are won",
                    "## Alliances, traitors and game length",
                    "## Strategy cards played outside battle"):  # fmt: skip
        assert heading in text
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert sum(r["games"] for r in summary["win_rates"]["by_race"]) == 12
