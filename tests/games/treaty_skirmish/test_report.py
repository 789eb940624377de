"""The Treaty Skirmish balance report (games/treaty_skirmish/report.py): wins by seat, race and
objective, endings, treaty allies and traitors, offers made and rejected, the Lazax, game length;
from hand-made facts, from a played record, and through ``turncoat sim treaty_skirmish --report``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from turncoat.agents.base import RandomAgent
from turncoat.agents.match import play_match
from turncoat.cli import app
from turncoat.core.capabilities import HasReport, capability
from turncoat.core.record import replay
from turncoat.core.report import Mean, Percent, Share, Table
from turncoat.games.treaty_skirmish.config import TreatySkirmishConfig
from turncoat.games.treaty_skirmish.game import TreatySkirmishGame
from turncoat.games.treaty_skirmish.report import OBJECTIVE, RACE, SkirmishReport

RACES = ["Lazax", "Letnev", "Hacan", "Jol-Nar", "Sol"]


def _row(index: int, winners: list[int], objectives: list[str], **facts: Any) -> dict[str, Any]:
    return {
        "index": index,
        "seating": ["random"] * 5,
        "winners": winners,
        "error": None,
        "facts": {"seat_groups": {RACE: RACES, OBJECTIVE: objectives}, **facts},
    }


COMMON = {"envoys_without_card": 1, "combats": 3, "gifts": 2, "trade_goods_given": 5, "actions": 200}
OBJS = ["Emperor", "Traitor", "Loyalist", "Anarchist", "Power-Hungry"]


def test_the_report_counts_wins_endings_treaties_and_length() -> None:
    report = SkirmishReport(TreatySkirmishGame(TreatySkirmishConfig()))
    rows = [
        # Traitor strikes; Hacan holds its lowest card and shares the win
        _row(0, [1, 2], OBJS, reason="immediate", primary_objectives=["traitor"], winner_count=2,
             primaries=1,
             ally_shares=1, treaty_traitors=1, lazax_primary=False, offers=4, rejected=1, rounds=3, **COMMON),
        # the Lazax (Emperor) and the Hacan (Loyalist) after round 8, nobody allied
        _row(1, [0, 2], OBJS, reason="final_round", primary_objectives=["emperor", "loyalist"],
             winner_count=2, primaries=2, ally_shares=0, treaty_traitors=0, lazax_primary=True, offers=6,
             rejected=3, rounds=8, **COMMON),
        _row(2, [], OBJS, reason="nobody", primary_objectives=[], winner_count=0, primaries=0, ally_shares=0,
             treaty_traitors=2, lazax_primary=False, offers=2, rejected=0, rounds=8, **COMMON),
    ]  # fmt: skip
    out = report.report(rows)
    assert out.games == 3 and out.title == "Treaty Skirmish balance report (3 games, 5 players)"
    tables = [b for s in out.sections for b in s.blocks if isinstance(b, Table)]
    wins = tables[0]
    by_race = {row[1]: row[3] for row in wins.rows if row[0] == RACE}
    hacan, letnev = by_race["Hacan"], by_race["Letnev"]
    assert isinstance(hacan, Share) and isinstance(letnev, Share)
    assert hacan.rate.wins == 1.0 and letnev.rate.wins == 0.5  # a shared win counts 1/2 each
    by_objective = {row[1]: row[3] for row in wins.rows if row[0] == OBJECTIVE}
    assert isinstance(by_objective["Loyalist"], Share) and by_objective["Loyalist"].rate.wins == 1.0
    endings = {row[0]: row[1] for row in tables[1].rows}
    assert endings == {"an immediate objective": 1, "after the last round": 1, "nobody wins": 1}
    objectives = {row[0]: row[1] for row in tables[2].rows}
    assert objectives == {"Emperor": 1, "Loyalist": 1, "Traitor": 1}
    measures = {row[0]: row[1] for row in tables[3].rows}

    def value(name: str) -> float:
        cell = measures[name]
        assert isinstance(cell, Percent | Mean)
        return cell.value if isinstance(cell, Percent) else cell.value.mean

    assert value("games won by a treaty ally too (of games with a winner)") == 1 / 2
    assert value("treaty traitors at the end per game ± 95%") == 1.0
    assert value("treaty cards offered per game ± 95%") == 4.0
    assert value("offers rejected (the receiver discarded the new card)") == 4 / 12
    assert value("games the Lazax win (Emperor)") == 1 / 3
    assert value("games nobody wins") == 1 / 3
    length = {row[0]: row[1] for row in tables[4].rows}
    cell = length["rounds played ± 95%"]
    assert isinstance(cell, Mean) and cell.value.mean == 19 / 3
    assert "adaptation" in out.intro[0].text  # type: ignore[union-attr]


@pytest.mark.parametrize("seed", [9, 10, 11])
def test_the_facts_of_a_played_record_match_its_final_state(seed: int) -> None:
    """Offers, rejections (the receiver discarded the card just handed over), traitors, allies and
    length, as the final state's treaty exchanges and result have them."""
    g = TreatySkirmishGame(TreatySkirmishConfig())
    result = play_match(g, [RandomAgent() for _ in range(5)], seed=seed)
    assert result.outcome is not None
    final = replay(g, result.record, check_digests=False).final_state
    assert final.result is not None
    facts = SkirmishReport(g).facts(seed, result.record, full=True)
    receipts = [x for x in final.exchanges if x.card is not None]
    assert facts["offers"] == len(final.treaties.offers) == len(receipts) > 0
    assert facts["rejected"] == sum(1 for x in receipts if x.discard == x.card)
    assert facts["reason"] == final.result.reason
    assert facts["winner_count"] == len(final.result.winners)
    assert facts["treaty_traitors"] == len(final.result.traitors)
    assert facts["ally_shares"] == sum(1 for _w, allies in final.result.allies if allies)
    assert facts["lazax_primary"] == (0 in final.result.primary)
    assert facts["rounds"] == final.round and facts["actions"] == len(result.record.actions)
    assert facts["seat_groups"][RACE] == RACES
    assert facts["seat_groups"][OBJECTIVE][0] == "Emperor"


def test_without_full_only_the_seat_groups() -> None:
    g = TreatySkirmishGame(TreatySkirmishConfig(race_assignment="random"))
    facts = SkirmishReport(g).facts(4, None, full=False)
    assert set(facts) == {"players", "seat_groups"}
    assert sorted(facts["seat_groups"][RACE]) == sorted(RACES)


def test_treaty_skirmish_offers_a_balance_report() -> None:
    g = TreatySkirmishGame(TreatySkirmishConfig())
    assert capability(g, HasReport) is g and isinstance(g.balance_report(), SkirmishReport)


def test_sim_writes_the_treaty_skirmish_report(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = CliRunner().invoke(
        app,
        ["sim", "treaty_skirmish", "--agents", "heuristic,random,random,random", "-n", "4", "--seed", "2",
         "--report", "--out", str(out), "--no-progress"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    text = (out / "report" / "balance-report.md").read_text(encoding="utf-8")
    assert text.startswith("# Treaty Skirmish balance report (4 games, 4 players)\n")
    for heading in ("## Wins by seat, race and objective", "## How games end",
                    "## Treaties, bribes and the Lazax", "## Game length"):  # fmt: skip
        assert heading in text
    assert "adaptation" in text
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert sum(r["games"] for r in summary["win_rates"]["by_race"]) == 16
