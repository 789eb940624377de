"""The Verräter balance report: per-game facts agree with the game, and the report's data
counts what the facts say (how it is written is the simulator's, tests/sim/test_report.py)."""

from __future__ import annotations

import math
from typing import Any

from turncoat.agents import make_agent, play_match
from turncoat.core.capabilities import HasReport, capability
from turncoat.core.registry import load_game
from turncoat.core.report import BalanceReport, Fixed, Mean, Note, Percent, Share, Table
from turncoat.games.verrater.components import ROLES
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.report import VerraterReport


def test_the_game_offers_its_report_as_a_capability() -> None:
    game = load_game("verrater", players=4)
    offered = capability(game, HasReport)
    assert offered is not None and isinstance(offered.balance_report(), VerraterReport)
    assert isinstance(game, VerraterGame)
    typed: HasReport = game  # mypy checks the game's report against the protocol
    assert typed.balance_report().report([]).games == 0


def test_facts_account_for_every_victory_point() -> None:
    game = load_game("verrater", players=4)
    report = VerraterReport(game)  # type: ignore[arg-type]
    for seed in range(3):
        agents = [make_agent("heuristic"), *(make_agent("random") for _ in range(3))]
        match = play_match(game, agents, seed)
        assert match.error is None and match.outcome is not None
        facts = report.facts(seed, match.record, full=True)
        rounds = facts["rounds"]
        assert [r["round"] for r in rounds] == list(range(1, len(rounds) + 1))
        for rnd in rounds:
            assert len(rnd["roles"]) == 4 and len(set(rnd["roles"])) == 4 and set(rnd["roles"]) <= set(ROLES)
            assert len(rnd["site"]) == 2
            assert set(rnd["flips"]) <= set(rnd["site"])  # only the landscapes at stake can flip
        earned = [sum(r["vp"][seat] for r in rounds) + facts["end_vp"][seat] for seat in range(4)]
        assert earned == list(match.outcome.scores)
        houses = facts["seat_groups"]["starting allegiance"]
        assert set(houses) <= {"eagle", "rose"}
        assert sorted(facts["seat_groups"]["turn order"]) == ["1st", "2nd", "3rd", "4th"]


def test_facts_without_full_name_only_the_seat_groups() -> None:
    game = load_game("verrater", players=3)
    facts = VerraterReport(game).facts(5, None, full=False)  # type: ignore[arg-type]
    assert set(facts) == {"start_player", "seat_groups"}
    assert facts["seat_groups"]["turn order"][facts["start_player"]] == "1st"


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


def two_games() -> BalanceReport:
    game = load_game("verrater", players=3)
    rnd = {"round": 1, "start_player": 0, "vp": [4, 0, 2], "site": ["river", "city"]}
    rows = [
        synthetic_row(0, [0], [{**rnd, "roles": ["traitor", "farmer", "builder"], "flips": ["river"]}]),
        synthetic_row(1, [1], [{**rnd, "roles": ["farmer", "traitor", "builder"], "flips": []}]),
        {"index": 2, "seating": ["a", "b", "c"], "winners": None, "error": "crashed", "facts": {}},
    ]
    return VerraterReport(game).report(rows)  # type: ignore[arg-type]


def table(doc: BalanceReport, section: str) -> Table:
    found = next(s for s in doc.sections if s.title == section)
    return next(b for b in found.blocks if isinstance(b, Table))


def test_report_values_each_role_by_the_vp_its_holder_gained() -> None:
    doc = two_games()
    roles = table(doc, "Value of each role when taken")
    # no seat took a role twice: a column for each count up to once
    assert [c.title for c in roles.columns[3:]] == ["win rate, taken 0×", "win rate, taken 1×"]
    rows = {row[0]: row for row in roles.rows}
    # the Traitor was taken twice and earned 4 and 0 VP in its rounds
    traitor = rows["Traitor"]
    assert traitor[1] == 2 and isinstance(traitor[2], Mean)
    assert traitor[2].value.mean == 2.0 and traitor[2].value.half > 0
    builder = rows["Builder"]
    assert isinstance(builder[2], Mean) and (builder[2].value.mean, builder[2].value.half) == (2.0, 0.0)
    # seat 0 took the Traitor once and won, seat 1 once and won, seat 2 never and never won
    taken_once = traitor[4]
    assert isinstance(taken_once, Share) and (taken_once.rate.games, taken_once.rate.wins) == (2, 2)
    strategist = rows["Strategist"]
    assert strategist[1] == 0 and isinstance(strategist[2], Mean) and math.isnan(strategist[2].value.mean)
    assert strategist[4] == "—"  # nobody took it once


def test_report_counts_landscapes_at_stake_and_changing_hands() -> None:
    doc = two_games()
    rows = {row[0]: row for row in table(doc, "Landscapes changing hands").rows}
    # river: at stake twice, flipped once, in one game; city: at stake twice, never flipped
    assert rows["river*"][:3] == ("river*", 2, 1) and rows["river*"][3] == Percent(0.5)
    assert rows["river*"][4:] == (Fixed(0.5), 1)
    assert rows["city*"][1:] == (2, 0, Percent(0.0), Fixed(0.0), 0)
    assert doc.games == 2 and doc.title == "Verräter balance report (2 games, 3 players)"


def test_report_warns_that_vp_figures_rest_on_estimates() -> None:
    doc = two_games()
    note = next(b for b in doc.intro if isinstance(b, Note))
    assert "estimated" in note.text and "--content-override" in note.text
    assert any(h.label == "caveat" and "river" in h.text for h in doc.highlights)
    assert {f.name for f in doc.figures} >= {"role_value", "landscape_flips", "win_rate_by_turn_order"}
