"""The conformance suite every game must pass (core.testing.conformance), run on Rex.

Rex is not in the registry yet, so the suite gets an engine factory; the checks are the same.
"""

from __future__ import annotations

from typing import Any

import pytest

from turncoat.core.testing.conformance import check_game
from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.game import RexGame


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (3, 3, {}),
        (4, 3, {"betrayal_cards": True, "slot_visible_at_reveal1": False, "sector_model": "area"}),
        (6, 0, {"race_selection": "random", "betrayal_cards": True}),  # a game of about 400 decisions
    ],
)
def test_rex_passes_the_conformance_suite(players: int, seed: int, options: dict[str, Any]) -> None:
    report = check_game(
        lambda: RexGame(RexConfig(players=players, **options)),
        seeds=(seed,),
        deep_every=20,
        determinizations=1,
        illegal_samples=1,
    )
    assert report.playouts == 1 and report.states > 100
