"""Bad input is refused with a clear error naming the rule, and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from turncoat.core.errors import IllegalAction, MalformedAction, NotYourDecision, ReplayDivergence, RulesError
from turncoat.core.record import append_action, decode_action, new_record, replay
from turncoat.core.serialize import digest
from turncoat.games.verrater.actions import (
    ChooseConflictSite,
    CommitSupply,
    FinishCommitting,
    KeepRole,
    PlaceEstate,
)
from turncoat.games.verrater.state import State

from .helpers import begin, draft, make_game, roles_removing


def _refused(game: Any, s: State, seat: int, action: Any) -> RulesError:
    before = digest(s)
    with pytest.raises(RulesError) as err:
        game.apply(s, seat, action)
    assert digest(s) == before
    return err.value


def test_wrong_seat_is_not_your_decision() -> None:
    game = make_game(4)
    s = begin(game)
    err = _refused(game, s, 0, ChooseConflictSite(0))
    assert isinstance(err, NotYourDecision) and err.code == "not_your_turn"
    assert err.rule == "RULES §5 step 1" and "seat 1 must decide" in err.message


def test_wrong_step_names_the_current_step() -> None:
    game = make_game(4)
    s = begin(game)
    err = _refused(game, s, 1, KeepRole("traitor"))
    assert isinstance(err, IllegalAction) and err.code == "wrong_step"
    assert "choose site" in err.message


def test_out_of_range_values_are_refused() -> None:
    game = make_game(4, role_shuffles=[roles_removing("farmer")])
    s = begin(game)
    assert _refused(game, s, 1, ChooseConflictSite(12)).code == "no_such_boundary"
    s = draft(game, s, 0, ["traitor", "strategist", "builder", "diplomat_2"])
    assert _refused(game, s, 0, CommitSupply(7)).code == "card_not_in_hand"
    assert _refused(game, s, 0, CommitSupply(-1)).code == "card_not_in_hand"


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "commit_supply"},
        {"type": "commit_supply", "value": "four"},
        {"type": "bribe", "amount": 3},
        {"value": 3},
        "commit 3",
        {"type": "keep_role", "role": "traitor", "extra": 1},
    ],
)
def test_malformed_actions_are_refused_before_the_engine(raw: Any) -> None:
    game = make_game(4)
    with pytest.raises(MalformedAction) as err:
        decode_action(game, raw)
    assert err.value.code == "malformed_action"


def test_actions_after_the_end_are_refused() -> None:
    game = make_game(4, rounds=1)
    s = begin(game)
    while seats := game.to_act(s):
        (seat,) = seats
        s = game.apply(s, seat, game.legal_actions(s, seat)[0]).state
    err = _refused(game, s, 0, FinishCommitting())
    assert err.code == "game_over"


def test_a_record_that_does_not_replay_reports_the_step() -> None:
    game = make_game(4)
    record = new_record(game, 0)
    record = append_action(record, 0, PlaceEstate(1))
    record = append_action(record, 1, PlaceEstate(1))  # the same landscape: refused
    with pytest.raises(ReplayDivergence) as err:
        replay(game, record)
    assert err.value.step == 2
    assert "landscape_occupied" in err.value.actual
