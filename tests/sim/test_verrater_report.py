"""The Verräter balance report: per-game facts agree with the game, and the report's tables
count what the facts say."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from turncoat.core.record import GameRecord
from turncoat.core.registry import load_game
from turncoat.games.verrater.components import ROLES
from turncoat.sim.reports import verrater as report
from turncoat.sim.runner import play_one
from turncoat.sim.tournament import build_spec


def test_facts_account_for_every_victory_point() -> None:
    spec = build_spec("verrater", "heuristic,random,random,random", games=4, seed=2, save_records=True)
    game = load_game("verrater", players=4)
    for index in range(4):
        result = play_one(spec, index)
        assert result.scores is not None and result.record is not None
        record = msgspec.json.decode(result.record, type=GameRecord)
        facts = report.facts(game, result.seed, record, full=True)
        rounds = facts["rounds"]
        assert [r["round"] for r in rounds] == list(range(1, len(rounds) + 1))
        for rnd in rounds:
            assert len(rnd["roles"]) == 4 and len(set(rnd["roles"])) == 4 and set(rnd["roles"]) <= set(ROLES)
            assert len(rnd["site"]) == 2
            assert set(rnd["flips"]) <= set(rnd["site"])  # only the landscapes at stake can flip
        earned = [sum(r["vp"][seat] for r in rounds) + facts["end_vp"][seat] for seat in range(4)]
        assert earned == list(result.scores)
        houses = facts["seat_groups"]["starting allegiance"]
        assert set(houses) <= {"eagle", "rose"}
        assert sorted(facts["seat_groups"]["turn order"]) == ["1st", "2nd", "3rd", "4th"]


def synthetic_row(index: int, winners: list[int], rounds: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "index": index,
        "seating": ["a", "b", "c"],
        "scores": [3, 2, 1],
        "winners": winners,
        "error": None,
        "facts": {
            "start_player": 0,
            "seat_groups": {
                "starting allegiance": ["eagle", "rose", "rose"],
                "turn order": ["1st", "2nd", "3rd"],
            },
            "rounds": rounds,
            "end_vp": [0, 0, 0],
        },
    }


def test_report_counts_roles_and_flips(tmp_path: Path) -> None:
    game = load_game("verrater", players=3)
    rnd = {"round": 1, "start_player": 0, "vp": [4, 0, 2], "site": ["river", "city"]}
    rows = [
        synthetic_row(0, [0], [{**rnd, "roles": ["traitor", "farmer", "builder"], "flips": ["river"]}]),
        synthetic_row(1, [1], [{**rnd, "roles": ["farmer", "traitor", "builder"], "flips": []}]),
    ]
    summary = report.write_report(rows, game, tmp_path)
    text = (tmp_path / "balance-report.md").read_text()
    # the Traitor was taken twice and earned 4 and 0 VP in its rounds
    assert "| Traitor | 2 | 2.00 ± " in text
    assert "| Builder | 2 | 2.00 ± n/a" not in text and "| Builder | 2 | 2.00 ± 0.00" in text
    # river: at stake twice, flipped once, in one game; city: at stake twice, never flipped
    assert "| river* | 2 | 1 | 50.0% | 0.50 | 1 |" in text
    assert "| city* | 2 | 0 | 0.0% | 0.00 | 0 |" in text
    assert "estimated" in text and "--content-override" in text
    assert any("caveat" in line for line in summary)
    assert {p.name for p in tmp_path.glob("*.png")} >= {"role_value.png", "landscape_flips.png"}
