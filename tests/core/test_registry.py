"""Games from the registry: a new game takes today's defaults, a stored configuration keeps the
rules it was played under, even for an option added after it was stored."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import pytest

from turncoat.core import registry
from turncoat.core.errors import InvalidConfig
from turncoat.core.registry import load_game, load_stored_game, register
from turncoat.core.testing.playout import random_playout
from turncoat.core.testing.toy import SealedBidsConfig, SealedBidsGame


class LaterConfig(SealedBidsConfig, frozen=True, forbid_unknown_fields=True):
    """Sealed Bids after a new option: ``tie_rule`` did not exist when the first games were stored."""

    tie_rule: Literal["split", "reroll"] = "split"


class LaterSealedBids(SealedBidsGame):
    """The toy game with one option added later; before it existed the game played ``reroll``."""

    config_type: ClassVar[type[Any]] = LaterConfig
    former_defaults: ClassVar[dict[str, Any]] = {"tie_rule": "reroll"}


@pytest.fixture
def later(monkeypatch: pytest.MonkeyPatch) -> str:
    """``later_bids`` registered for this test only (the registry is restored afterwards)."""
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    monkeypatch.setattr(registry, "_FORMER_DEFAULTS", dict(registry._FORMER_DEFAULTS))
    register("later_bids", LaterSealedBids.from_options, former_defaults=LaterSealedBids.former_defaults)
    return "later_bids"


def tie_rule(game: Any) -> str:
    value: str = game.config.tie_rule
    return value


def test_a_stored_configuration_without_the_option_gets_its_former_value(later: str) -> None:
    stored = {"players": 3, "rounds": 3, "content_overrides": None}  # stored before tie_rule existed
    assert tie_rule(load_stored_game(later, stored)) == "reroll"


def test_a_new_game_gets_the_options_current_default(later: str) -> None:
    assert tie_rule(load_game(later, players=3)) == "split"


@pytest.mark.parametrize("named", ["split", "reroll"])
def test_a_stored_configuration_naming_the_option_keeps_it(later: str, named: str) -> None:
    stored = load_game(later, players=3, tie_rule=named).config_json()
    assert stored["tie_rule"] == named  # what a record or a table stores: every option
    assert tie_rule(load_stored_game(later, stored)) == named


def test_a_stored_configuration_is_not_changed_by_loading_it(later: str) -> None:
    stored: dict[str, Any] = {"players": 4}
    load_stored_game(later, stored)
    assert stored == {"players": 4}


def test_a_stored_configuration_with_a_bad_value_is_refused_clearly(later: str) -> None:
    with pytest.raises(InvalidConfig) as refused:
        load_stored_game(later, {"players": 3, "tie_rule": "coin_flip"})
    assert refused.value.code == "bad_config"


def test_a_game_without_former_defaults_loads_stored_configurations_as_given() -> None:
    game = load_game("sealed_bids", players=4, rounds=2)
    stored = load_stored_game("sealed_bids", game.config_json())
    assert stored.config_json() == game.config_json()
    assert random_playout(stored, 3, 1).final == random_playout(game, 3, 1).final


def test_an_unknown_stored_game_is_refused_by_name() -> None:
    with pytest.raises(InvalidConfig) as refused:
        load_stored_game("no_such_game", {"players": 4})
    assert refused.value.code == "unknown_game"
