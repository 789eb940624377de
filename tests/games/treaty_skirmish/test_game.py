"""The engine's edges: bad input is refused with a clear error and changes nothing; timeouts;
the command line."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from turncoat.cli import app
from turncoat.core import deals
from turncoat.core.errors import InvalidConfig, MalformedAction, NotYourDecision, RulesError
from turncoat.core.record import decode_action, state_digest
from turncoat.games.treaty_skirmish.actions import (
    AssignHits,
    Build,
    DiscardTreaty,
    GiveNoTreaty,
    GiveTreaty,
    MoveAttack,
    MoveShips,
    Pass,
    Retreat,
    SendEnvoy,
)
from turncoat.games.treaty_skirmish.game import TreatySkirmishGame

from .helpers import HACAN, LAZAX, LETNEV, game, play, start

BAD: list[Any] = [
    MoveAttack("nowhere"),
    MoveAttack("home-hacan"),  # not adjacent to any Letnev ship
    MoveAttack(7),  # type: ignore[arg-type]
    Build("home-hacan", 1),  # not Letnev's
    Build("home-letnev", 4),  # more than 3
    Build("home-letnev", 0),
    Build("home-letnev", "2"),  # type: ignore[arg-type]
    SendEnvoy("lazax"),  # never Mecatol, the Lazax never receive
    SendEnvoy("letnev"),  # not one's own Home (fix B off)
    SendEnvoy("xxcha"),  # not in a 5-player game
    GiveTreaty("letnev", 1),  # no Envoy under way
    DiscardTreaty("hacan", 1),
    MoveShips("home-letnev", 1),
    AssignHits(0),
    Retreat("home-letnev"),
    deals.Give(LETNEV, "trade_goods", 1),  # to oneself
    deals.Give(HACAN, "trade_goods", 0),
    deals.Give(HACAN, "trade_goods", 6),  # more than one has
    deals.Give(HACAN, "trade_goods", -1),
    deals.Give(9, "trade_goods", 1),
    deals.Give(HACAN, "influence", 1),
    "pass",
    None,
]


@pytest.mark.parametrize("action", BAD, ids=repr)
def test_apply_refuses_bad_input_and_changes_nothing(action: Any) -> None:
    g = game()
    s = start(g)
    before = state_digest(s)
    with pytest.raises(RulesError):
        g.apply(s, LETNEV, action)
    assert state_digest(s) == before


def test_apply_refuses_out_of_turn_and_after_the_end() -> None:
    g = game()
    s = start(g)
    with pytest.raises(NotYourDecision):
        g.apply(s, HACAN, Pass())
    s, _ = play(g, s, *[Pass()] * 5 * 8)
    assert g.outcome(s) is not None
    with pytest.raises(NotYourDecision):
        g.apply(s, LETNEV, Pass())


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "move_ships", "source": "home-letnev", "count": "3"},
        {"type": "move_ships", "source": 1, "count": 3},
        {"type": "give_treaty", "faction": "letnev"},
        {"type": "pass", "extra": 1},
        {"type": "conquer"},
        {"type": "give", "to": "Hacan", "good": "trade_goods", "amount": 1},
    ],
)
def test_malformed_json_is_refused(raw: dict[str, Any]) -> None:
    with pytest.raises(MalformedAction):
        decode_action(game(), raw)


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"players": "five"}, "bad_config"),
        ({"home_owner": "nobody"}, "bad_config"),
        ({"colour": "red"}, "bad_config"),
    ],
)
def test_from_options_refuses_bad_options(options: dict[str, Any], code: str) -> None:
    with pytest.raises(InvalidConfig) as err:
        TreatySkirmishGame.from_options(**options)
    assert err.value.code == code


def test_default_action() -> None:
    g = game(dice=[1, 1, 1, 1])
    s = start(g)
    assert g.default_action(s, LETNEV) == Pass()
    s1, _ = play(g, s, SendEnvoy("hacan"))
    assert g.default_action(s1, LETNEV) == GiveNoTreaty()
    s2, _ = play(g, s1, GiveTreaty("letnev", 2))
    assert g.default_action(s2, HACAN) == DiscardTreaty("letnev", 2)  # the new card: a rejection
    s3, _ = play(g, s, MoveAttack("frontier-1"))
    assert g.default_action(s3, LETNEV) == MoveShips("home-letnev", 1)  # the fewest ships
    s4, _ = play(g, s3, MoveShips("home-letnev", 3))
    assert g.default_action(s4, LETNEV) == Retreat("home-letnev")  # out of the combat
    with pytest.raises(NotYourDecision):
        g.default_action(s4, LAZAX)


def test_demo_and_errors_on_the_command_line() -> None:
    runner = CliRunner()
    played = runner.invoke(app, ["demo", "treaty_skirmish", "--players", "4", "--seed", "2"])
    assert played.exit_code == 0, played.output
    assert "adaptation" in played.stdout
    assert "Winners:" in played.stdout or "nobody wins" in played.stdout
    refused = runner.invoke(app, ["demo", "treaty_skirmish", "--players", "3"])
    assert refused.exit_code == 2
    assert refused.stderr.startswith("error: Treaty Skirmish is for 4 to 6 players")
    assert refused.stderr.count("\n") == 1 and "Traceback" not in refused.output
