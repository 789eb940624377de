"""Verräter's step-10 readings: new games take the readings the rule text supports best, and
games stored before the readings were options keep the readings they were played under."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from typer.testing import CliRunner

from turncoat.cli import app
from turncoat.core.errors import ReplayDivergence
from turncoat.core.record import GameRecord, load_record, replay, save_record
from turncoat.core.registry import load_game, load_stored_game
from turncoat.core.testing.playout import random_playout
from turncoat.games.verrater.config import FORMER_DEFAULTS, VerraterConfig
from turncoat.games.verrater.game import VerraterGame

TIMING = ("hand_limit_timing", "reshuffle_timing")
GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))
OLD_GOLDEN = [p for p in GOLDEN if p.name < "14"]  # written before the readings were options
STEP_10_GOLDEN = [p for p in GOLDEN if p.name >= "14"]  # written to show one reading each


def readings(game: Any) -> tuple[str, str]:
    config: VerraterConfig = game.config
    return config.hand_limit_timing, config.reshuffle_timing


def made_before_the_options(record: GameRecord) -> GameRecord:
    """The record as it was stored before the two options existed: they are not named."""
    config = {k: v for k, v in record.config.items() if k not in TIMING}
    return msgspec.structs.replace(record, config=config)


def test_new_games_discard_as_the_hand_goes_over_and_reshuffle_as_the_pile_runs_out() -> None:
    """GAP-20 "if the number threatens to go over", GAP-12 "when the draw pile runs out"."""
    assert readings(load_game("verrater")) == ("after_each_draw", "when_emptied")
    assert readings(load_game("verrater", players=3, rounds=2)) == ("after_each_draw", "when_emptied")


def test_the_former_defaults_are_the_other_readings_and_are_declared_to_the_registry() -> None:
    assert VerraterGame.former_defaults == FORMER_DEFAULTS
    assert readings(VerraterGame.from_options(**FORMER_DEFAULTS)) == ("after_all_draws", "when_drawing")
    assert readings(load_stored_game("verrater", {"players": 4})) == ("after_all_draws", "when_drawing")


@pytest.mark.parametrize("named", [("after_each_draw", "when_drawing"), ("after_all_draws", "when_emptied")])
def test_a_stored_configuration_naming_the_readings_keeps_them(named: tuple[str, str]) -> None:
    stored = load_game("verrater", **dict(zip(TIMING, named, strict=True))).config_json()
    assert readings(load_stored_game("verrater", stored)) == named


@pytest.mark.parametrize("path", OLD_GOLDEN, ids=[p.stem for p in OLD_GOLDEN])
def test_golden_records_made_before_the_options_are_read_under_the_former_readings(path: Path) -> None:
    record = load_record(path)
    assert not set(TIMING) & record.config.keys()
    assert readings(load_stored_game(record.game, record.config)) == ("after_all_draws", "when_drawing")


@pytest.mark.parametrize("path", STEP_10_GOLDEN, ids=[p.stem for p in STEP_10_GOLDEN])
def test_golden_records_about_the_readings_name_both(path: Path) -> None:
    """They depend on both readings (15 replays only with when_drawing), so they say so."""
    assert set(TIMING) <= load_record(path).config.keys()


def test_records_made_before_the_options_replay_as_they_were_played() -> None:
    """Random games played under the former readings, stored without naming them: each replays
    step by step (every state digest checked) as a stored game; several would not under today's
    defaults, which is why a stored configuration is never read with them."""
    then = load_game("verrater", players=4, **FORMER_DEFAULTS)
    diverged = 0
    for seed in range(8):
        old = made_before_the_options(random_playout(then, seed, seed).record(then))
        result = replay(load_stored_game(old.game, old.config), old)
        assert result.outcome is not None
        try:
            replay(load_game(old.game, **old.config), old)
        except ReplayDivergence:
            diverged += 1
    assert diverged >= 2


def test_turncoat_replay_reads_a_record_made_before_the_options_under_its_own_readings(
    tmp_path: Path,
) -> None:
    then = load_game("verrater", players=4, **FORMER_DEFAULTS)
    played = random_playout(then, 0, 0)  # today's defaults diverge from it at step 53
    path = tmp_path / "old.json"
    save_record(made_before_the_options(played.record(then)), path)
    result = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    outcome = then.outcome(played.final)
    assert outcome is not None
    assert doc["complete"] is True
    assert (doc["scores"], doc["winners"]) == ([int(v) for v in outcome.scores], list(outcome.winners))
