"""The StarCraft balance report (games/starcraft/report.py): wins by seat and faction, victories by
kind (RULES §16), eliminations, game length and the placeholder-content statement; from played
records (the counts equal the records' outcomes), from hand-made facts, and through
``turncoat sim starcraft --report``."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from turncoat.agents.base import RandomAgent
from turncoat.agents.match import play_match
from turncoat.cli import app
from turncoat.core import stats
from turncoat.core.capabilities import HasReport, capability
from turncoat.core.record import replay
from turncoat.core.report import Mean, Note, Paragraph, Share, Table
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.report import ENDINGS, FACTION, VICTORIES, StarcraftReport

LEADERS = ["Jim Raynor", "The Overmind", "Judicator Aldaris"]


def _tables(doc: Any) -> dict[str, list[Table]]:
    return {s.title: [b for b in s.blocks if isinstance(b, Table)] for s in doc.sections}


def _number(cell: Any) -> int:
    assert isinstance(cell, int)
    return cell


def _mean(cell: Any) -> float:
    assert isinstance(cell, Mean)
    return cell.value.mean


def _played(players: int, seeds: range) -> tuple[StarcraftGame, list[dict[str, Any]], list[Any]]:
    """Random games: the simulator's result rows (with the report's full facts) and final states."""
    g = StarcraftGame.from_options(players=players)
    engine: Any = g  # the registered engine (core.engine.Game)
    report = StarcraftReport(g)
    rows, finals = [], []
    for i, seed in enumerate(seeds):
        result = play_match(engine, [RandomAgent() for _ in range(players)], seed=seed)
        assert result.outcome is not None
        finals.append(replay(engine, result.record, check_digests=False).final_state)
        rows.append(
            {
                "index": i,
                "seating": ["random"] * players,
                "winners": list(result.outcome.winners),
                "error": None,
                "facts": {
                    **report.facts(seed, result.record, full=True),
                    "n_actions": len(result.record.actions),
                },
            }
        )
    return g, rows, finals


@pytest.mark.parametrize("players", [2, 3])
def test_the_reports_counts_equal_the_records_outcomes(players: int) -> None:
    g, rows, finals = _played(players, range(5, 9))
    doc = StarcraftReport(g).report(rows)
    tables = _tables(doc)
    # victories by kind, as the final states have them (RULES §16)
    (endings, by_faction) = tables["How games are won"]
    counted = {row[0]: row[1] for row in endings.rows}
    kinds = Counter(final.victory for final in finals)
    assert counted == {VICTORIES.get(k, k): kinds.get(k, 0) for k in {*VICTORIES, *kinds}}
    assert sum(_number(row[2]) for row in by_faction.rows) == sum(len(final.winners) for final in finals)
    # wins by faction: each seat's faction in its final state, a shared win counting 1/k
    credit: dict[str, float] = {}
    games: Counter[str] = Counter()
    for final in finals:
        for seat, p in enumerate(final.seats):
            leader = g.ctx.t.faction[p.faction].leader.value
            games[leader] += 1
            credit[leader] = credit.get(leader, 0.0) + (
                1 / len(final.winners) if seat in final.winners else 0.0
            )
    (wins,) = tables["Wins by seat and faction"]
    shares = {str(row[1]): row[3] for row in wins.rows if row[0] == FACTION}
    assert set(shares) == set(games)
    for leader, cell in shares.items():
        assert isinstance(cell, Share)
        assert cell.rate.games == games[leader] and cell.rate.wins == pytest.approx(credit[leader])
    # eliminations and length
    for row, final in zip(rows, finals, strict=True):
        facts = row["facts"]
        assert facts["eliminations"] == sum(p.eliminated for p in final.seats)
        assert facts["rounds"] == final.round and facts["actions"] == facts["n_actions"]
        assert facts["victory"] == final.victory and facts["winners"] == list(final.winners)
    (elims,) = tables["Eliminations"]
    per_game = dict((row[0], row[1]) for row in elims.rows)["eliminations per game ± 95%"]
    assert _mean(per_game) == pytest.approx(
        sum(sum(p.eliminated for p in f.seats) for f in finals) / len(finals)
    )
    (length,) = tables["Game length"]
    means = {row[0]: _mean(row[1]) for row in length.rows}
    assert means["rounds played ± 95%"] == pytest.approx(sum(f.round for f in finals) / len(finals))
    assert means["decisions per game ± 95%"] == pytest.approx(
        sum(r["facts"]["n_actions"] for r in rows) / len(rows)
    )


def test_placeholder_content_in_play_is_stated_first() -> None:
    g, rows, finals = _played(2, range(3, 5))
    invented = g.invented_in_play(finals[0])
    assert invented and rows[0]["facts"]["invented_values"] == len(invented)
    doc = StarcraftReport(g).report(rows)
    note = doc.intro[0]
    assert isinstance(note, Note) and note.heading == "Placeholder content in play."
    assert "2 of 2 games" in note.text
    assert any(h.label == "placeholder content" for h in doc.highlights)
    (content,) = _tables(doc)["Content in play"]
    sections = {row[0]: row[1] for row in content.rows}
    assert sections["combat cards"] == 2  # the placeholder pack invents the combat decks


def _row(
    index: int, winners: list[int], victory: str, invented: int, eliminated: list[str]
) -> dict[str, Any]:
    return {
        "index": index,
        "seating": ["random"] * 3,
        "winners": winners,
        "error": None,
        "facts": {
            "players": 3,
            "seat_groups": {FACTION: LEADERS},
            "victory": victory,
            "winners": winners,
            "eliminations": len(eliminated),
            "eliminated_factions": eliminated,
            "battles": 2,
            "rounds": 4,
            "actions": 300,
            "packs": ["starcraft-sourced@x"],
            "invented_values": invented,
            "invented_by_section": {"planets": invented} if invented else {},
        },
    }


def test_the_report_counts_every_kind_of_victory_rule_16() -> None:
    report = StarcraftReport(StarcraftGame.from_options(players=3))
    rows = [
        _row(0, [0], "normal", 0, []),
        _row(1, [2], "special", 0, []),
        _row(2, [1], "end_game", 0, []),
        _row(3, [2], "elimination", 0, ["Jim Raynor", "The Overmind"]),
        _row(4, [0, 1], "normal", 0, []),
    ]
    doc = report.report(rows)
    (endings, by_faction) = _tables(doc)["How games are won"]
    assert [(row[0], row[1]) for row in endings.rows] == [
        (VICTORIES["normal"], 2),
        (VICTORIES["special"], 1),
        (VICTORIES["end_game"], 1),
        (VICTORIES["elimination"], 1),
    ]
    assert {(row[0], row[1]): row[2] for row in by_faction.rows} == {
        ("Jim Raynor", VICTORIES["normal"]): 2,
        ("The Overmind", VICTORIES["normal"]): 1,
        ("The Overmind", VICTORIES["end_game"]): 1,
        ("Judicator Aldaris", VICTORIES["special"]): 1,
        ("Judicator Aldaris", VICTORIES["elimination"]): 1,
    }
    raynor = next(r for r in stats.rates_by_group(rows, FACTION) if r.group == "Jim Raynor")
    assert raynor.wins == pytest.approx(1.5) and raynor.games == 5
    # no invented value in play: the report says so instead of the placeholder note
    assert isinstance(doc.intro[0], Paragraph) and "No invented" in doc.intro[0].text
    assert not any(h.label == "placeholder content" for h in doc.highlights)
    (elims,) = _tables(doc)["Eliminations"]
    assert ("Jim Raynor eliminated (games)", 1) in elims.rows


def test_a_game_nobody_won_is_counted_apart_rule_16_4() -> None:
    # [RULING] simultaneous_last_elimination="nobody_wins": a game with no winner has a row of its
    # own (and none when no game ended so), credits no faction and counts its eliminations
    report = StarcraftReport(StarcraftGame.from_options(players=3))
    rows = [_row(0, [0], "normal", 0, []), _row(1, [], "no_winner", 0, ["Jim Raynor", "The Overmind"])]
    (endings, by_faction) = _tables(report.report(rows))["How games are won"]
    assert [(row[0], row[1]) for row in endings.rows] == [
        (VICTORIES["normal"], 1),
        (VICTORIES["special"], 0),
        (VICTORIES["end_game"], 0),
        (VICTORIES["elimination"], 0),
        (ENDINGS["no_winner"], 1),
    ]
    assert {(row[0], row[1]): row[2] for row in by_faction.rows} == {("Jim Raynor", VICTORIES["normal"]): 1}
    raynor = next(r for r in stats.rates_by_group(rows, FACTION) if r.group == "Jim Raynor")
    assert raynor.wins == pytest.approx(1.0) and raynor.games == 2
    normal_only = report.report(rows[:1])
    assert ENDINGS["no_winner"] not in {row[0] for row in _tables(normal_only)["How games are won"][0].rows}


def test_without_full_only_the_factions() -> None:
    g = StarcraftGame.from_options(players=3, faction_selection="random")
    facts = StarcraftReport(g).facts(4, None, full=False)
    assert set(facts) == {"players", "seat_groups"}
    leaders = {f.leader.value for f in g.ctx.t.faction.values()}
    assert len(set(facts["seat_groups"][FACTION])) == 3 and set(facts["seat_groups"][FACTION]) <= leaders
    chosen = StarcraftGame.from_options(players=3)  # factions are chosen in play: unknown without a record
    assert StarcraftReport(chosen).facts(4, None, full=False) == {"players": 3}


def test_starcraft_offers_a_balance_report() -> None:
    g = StarcraftGame.from_options(players=2)
    assert capability(g, HasReport) is g and isinstance(g.balance_report(), StarcraftReport)


def test_sim_writes_the_starcraft_report(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = CliRunner().invoke(
        app,
        ["sim", "starcraft", "--players", "2", "-n", "3", "--seed", "2", "--report", "--out", str(out),
         "--no-progress"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    text = (out / "report" / "balance-report.md").read_text(encoding="utf-8")
    assert text.startswith("# StarCraft balance report (3 games, 2 players)\n")
    for heading in ("## Wins by seat and faction", "## How games are won", "## Eliminations",
                    "## Game length", "## Content in play"):  # fmt: skip
        assert heading in text
    assert "**Placeholder content in play.**" in text
    assert "placeholder content: invented content was in play in 3 of 3 games" in result.output
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert sum(r["games"] for r in summary["win_rates"]["by_faction"]) == 6
