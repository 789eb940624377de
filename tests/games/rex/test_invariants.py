"""RULES §19.4 invariants after every step of random play (as far as the phases are built)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.games.rex.invariants import blocked_sector_problems, invariant_problems
from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.state import State


def check(g: RexGame, s: State, supply: int) -> None:
    assert invariant_problems(g, s, supply) == []


READINGS: dict[str, Any] = {
    "movement_group_single_origin": False,
    "landing_single_destination": False,
    "hacan_free_timing": False,
    "sector_model": "area",
    "stronghold_occupancy_limit": 2,
    "bid_opener_rotates": False,
}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_play_keeps_the_invariants_rule_19_4(players: int) -> None:
    for seed in range(8):
        readings = {} if seed % 2 else READINGS
        g = RexGame(RexConfig(players=players, influence_supply=500, race_selection="random", **readings))
        r = random.Random(seed)
        s = g.start(seed).state
        check(g, s, 500)
        while g.to_act(s):
            seat = r.choice(sorted(g.to_act(s)))
            t = g.apply(s, seat, r.choice(list(g.legal_actions(s, seat))))
            assert blocked_sector_problems(g, s, t.events) == []  # nothing enters the bombarded sector
            s = t.state
            check(g, s, 500)
        assert g.outcome(s) is not None  # every random game ends
