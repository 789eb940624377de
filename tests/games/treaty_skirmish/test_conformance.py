"""The conformance suite every game must pass (core.testing.conformance), run on Treaty Skirmish."""

from __future__ import annotations

from typing import Any

import pytest

from turncoat.core.testing.conformance import check_game
from turncoat.games.treaty_skirmish.config import TreatySkirmishConfig
from turncoat.games.treaty_skirmish.game import TreatySkirmishGame


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (4, 1, {}),
        (5, 2, {"race_assignment": "random", "trade_goods_gifts": "envoy"}),
        (
            6,
            3,
            {
                "support_check": "on_fourth_treaty",
                "allow_return_foreign_card": True,
                "allow_self_home_reshuffle": True,
                "winner_holding_other_winner_card": "holder_takes_the_slot",
            },
        ),
        (
            5,
            4,
            {
                "trade_goods_gifts": "never",
                "home_owner": "current_controller",
                "eliminated_can_be_ally": True,
            },
        ),
    ],
)
def test_treaty_skirmish_passes_the_conformance_suite(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    report = check_game(
        lambda: TreatySkirmishGame(TreatySkirmishConfig(players=players, **options)),
        seeds=(seed,),
        deep_every=10,
        determinizations=2,
        illegal_samples=1,
    )
    assert report.playouts == 1 and report.states > 50
