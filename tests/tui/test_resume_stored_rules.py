"""Resuming a game saved before a rule option existed: it goes on under the rules it began with."""

from __future__ import annotations

from pathlib import Path

import msgspec

from turncoat.core.record import save_record
from turncoat.core.registry import load_game
from turncoat.core.testing.playout import random_playout
from turncoat.skins.verrater.terminal.session import Session

# The step-10 readings every game was played under before they were options (GAP-20, GAP-12).
OLD_READINGS = {"hand_limit_timing": "after_all_draws", "reshuffle_timing": "when_drawing"}


def test_a_game_saved_before_the_step_10_options_resumes_under_its_own_readings(tmp_path: Path) -> None:
    then = load_game("verrater", players=4, **OLD_READINGS)
    played = random_playout(then, 0, 0)  # today's defaults reach another position at step 53
    record = played.record(then, upto=80)  # digests included: every step is checked on resume
    saved = {k: v for k, v in record.config.items() if k not in OLD_READINGS}
    path = tmp_path / "saved.json"
    save_record(msgspec.structs.replace(record, config=saved), path)

    session = Session.resume(path)

    config = session.game.config_json()
    assert {k: config[k] for k in OLD_READINGS} == OLD_READINGS
    here = played.steps[79].after  # where the game stood when it was saved
    assert session.to_act() in then.to_act(here)
    for seat in range(4):
        assert session.observe(seat) == then.observe(here, seat)
        assert list(session.legal_actions(seat)) == list(then.legal_actions(here, seat))
    assert session.rule_changes() == OLD_READINGS  # shown as the rules this game is played under
    assert session.record.config == saved  # the file still says what it said
