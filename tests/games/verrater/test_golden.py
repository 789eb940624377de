"""Hand-computed golden games: each record's ``meta.expected`` was worked out from RULES.md
(the computation is in ``meta.description``) and the engine must reproduce it on replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from turncoat.cli import app
from turncoat.core.actions import Event
from turncoat.core.errors import IllegalAction
from turncoat.core.record import GameRecord, Replay, decode_action, load_record, replay
from turncoat.core.registry import load_stored_game
from turncoat.games.verrater.actions import Build

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))
ROUND_KEYS = ("round", "strength", "winner", "winners", "vp_each", "vp", "strategist", "site")


def _replay(name: str) -> tuple[GameRecord, Any, Replay]:
    record = load_record(GOLDEN / name)
    game = load_stored_game(record.game, record.config)
    return record, game, replay(game, record)


def _events(result: Replay) -> list[Event]:
    events = list(result.initial_events)
    for step in result.steps:
        events.extend(step.events)
    return events


def _expected(record: GameRecord) -> dict[str, Any]:
    expected: dict[str, Any] = record.meta["expected"]
    return expected


def _check_outcome(name: str) -> None:
    record, game, result = _replay(name)
    expected = _expected(record)
    outcome = result.outcome
    assert outcome is not None, f"{name}: the record does not reach the end of the game"
    assert [int(v) for v in outcome.scores] == expected["scores"], name
    assert list(outcome.winners) == expected["winners"], name
    if "trading_post_points" in expected:
        assert outcome.details["trading_posts"] == expected["trading_post_points"], name
    rounds = game.round_summaries(_events(result), None)
    want_rounds = expected["rounds"]
    assert len(rounds) == len(want_rounds), name
    for got, want in zip(rounds, want_rounds, strict=True):
        for key in ROUND_KEYS:
            if key in want:
                assert got.get(key) == want[key], f"{name} round {want['round']}: {key}"
    if "rounds_played" in expected:
        assert outcome.details["rounds_played"] == expected["rounds_played"], name
    state = result.final_state
    if "hands" in expected:
        assert [list(h) for h in state.hands] == expected["hands"], name
    if "owners" in expected:
        assert list(state.owners) == expected["owners"], name
    if "allegiance" in expected:
        assert list(state.allegiance) == expected["allegiance"], name
    if "strategist" in expected:
        assert state.strategist == expected["strategist"], name
    if "reshuffles" in expected:
        assert state.reshuffles == expected["reshuffles"], name
    if "discard_pile" in expected:
        assert list(state.discard) == expected["discard_pile"], name
    if "draw_pile_top_first" in expected:
        assert list(reversed(state.draw_pile)) == expected["draw_pile_top_first"], name
    if "buildings" in expected:
        built = [[i, b.owner, b.side] for i, b in enumerate(state.buildings) if b is not None]
        assert built == expected["buildings"], name


def test_there_are_at_least_13_golden_records() -> None:
    assert len(FILES) >= 13


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_record_is_well_formed(path: Path) -> None:
    record = load_record(path)
    game = load_stored_game(record.game, record.config)
    assert record.content.digest == game.content.digest
    expected = _expected(record)
    assert {"scores", "winners", "rounds"} <= expected.keys()
    assert record.meta.get("title") and record.meta.get("description")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_record_replays_to_its_hand_computed_expectation(path: Path) -> None:
    _check_outcome(path.name)


def test_tie_pays_only_strategist_and_traitor() -> None:
    _check_outcome("01_tie.json")


def test_traitor_flip_changes_the_winner_and_counts_winners_after_the_flip() -> None:
    _check_outcome("02_traitor_flip.json")


def test_both_diplomats_add_strength_and_diplomat_2_draws_an_extra_card() -> None:
    _check_outcome("03_diplomats.json")


def test_farmer_draws_three_and_gets_no_estate_income() -> None:
    _check_outcome("04_farmer_vs_estates.json")


def test_builder_reaches_two_trading_posts_and_a_move_keeps_the_side() -> None:
    _check_outcome("05_builder_limits.json")


def test_builder_cannot_take_a_third_trading_post() -> None:
    """In 05, round 3 the Builder already has 2 trading posts: only the estate side is offered."""
    record, game, _ = _replay("05_builder_limits.json")
    third_build = next(
        i
        for i, r in enumerate(record.actions)
        if r.action == {"type": "build", "landscape": 6, "side": "estate"}
    )
    state = game.start(record.seed).state
    for recorded in record.actions[:third_build]:
        state = game.apply(state, recorded.player, decode_action(game, recorded.action)).state
    legal = game.legal_actions(state, 0)
    assert Build(6, "estate") in legal
    assert not any(isinstance(a, Build) and a.side == "trading_post" for a in legal)
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, 0, Build(6, "trading_post"))
    assert refused.value.code == "trading_post_limit"


def test_hand_limit_discards_down_to_five_of_the_players_choice() -> None:
    _check_outcome("06_hand_limit.json")


def test_empty_draw_pile_reshuffles_the_discard_pile() -> None:
    _check_outcome("07_reshuffle.json")


def test_all_twelve_landscapes_end_the_game_after_step_10_of_that_round() -> None:
    _check_outcome("08_early_end.json")


def test_trading_posts_count_at_most_three_cards_in_hand() -> None:
    _check_outcome("09_trading_post_cap.json")


def test_full_three_player_game_of_nine_rounds() -> None:
    _check_outcome("10_full_3p.json")


def test_full_four_player_game_of_eight_rounds() -> None:
    _check_outcome("11_full_4p.json")


def test_strategy_card_stays_when_strategist_is_out_of_play() -> None:
    _check_outcome("12_strategy_card_stays.json")


def test_house_without_supporters_conquers_but_nobody_scores_conquest_vp() -> None:
    _check_outcome("13_no_supporters.json")


def test_every_golden_record_is_pinned_by_a_named_test() -> None:
    named = {
        "01_tie",
        "02_traitor_flip",
        "03_diplomats",
        "04_farmer_vs_estates",
        "05_builder_limits",
        "06_hand_limit",
        "07_reshuffle",
        "08_early_end",
        "09_trading_post_cap",
        "10_full_3p",
        "11_full_4p",
        "12_strategy_card_stays",
        "13_no_supporters",
    }
    assert named <= {p.stem for p in FILES}


@pytest.mark.parametrize("name", ["11_full_4p.json", "08_early_end.json", "13_no_supporters.json"])
def test_cli_replay_json_reports_the_hand_computed_outcome(name: str) -> None:
    result = CliRunner().invoke(app, ["replay", str(GOLDEN / name), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    expected = doc["expected"]
    assert doc["complete"] is True
    assert doc["scores"] == expected["scores"]
    assert doc["winners"] == expected["winners"]
    got = [(r["round"], r["strength"], r["winner"], r["vp_each"]) for r in doc["rounds"]]
    want = [(r["round"], r["strength"], r["winner"], r["vp_each"]) for r in expected["rounds"]]
    assert got == want
