"""RULES §19.4 invariants after every step of random play (as far as the phases are built)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.events import UnitsLanded, UnitsMoved
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.state import (
    BATTLE_STEPS,
    BID,
    COLLECTION,
    MANEUVER_STEPS,
    RECRUIT,
    State,
    total_influence,
)


def check(g: RexGame, s: State, supply: int) -> None:
    t = g.ctx.t
    assert total_influence(s) == supply  # influence is conserved
    assert all(v >= 0 for v in s.influence)
    for seat in range(s.players):
        race = s.race[seat]
        if race < 0:
            continue
        assert len(s.hands[seat]) <= t.hand_limit[race]  # hand limits
        on_board = sum(u for _, who, u, _ in s.stacks if who == seat)
        mech = sum(m for _, who, _, m in s.stacks if who == seat)
        assert on_board + s.reserves[seat] + s.casualties[seat] == t.units[race]
        assert mech + s.reserves_mech[seat] + s.casualties_mech[seat] == t.mechanized[race]
    if s.step in (BID, RECRUIT, COLLECTION, *MANEUVER_STEPS, *BATTLE_STEPS):
        assert len(s.influence_discard) == s.round  # round counter = discarded area cards
    cards = sum(len(h) for h in s.hands) + len(s.strategy_deck) + len(s.strategy_discard) + len(s.row)
    cards += len(s.strategy_removed)  # the shield-destroying card leaves the game
    assert cards == len(t.strategy_deck)
    b = g.ctx.b
    if s.step == COLLECTION:  # §10.1: after the battles no area but the Council holds two players
        for area in range(len(b.area_ids)):
            seats = {st[1] for st in s.stacks if b.piece_area[st[0]] == area}
            assert area == b.council or len(seats) <= 1
    by_area: dict[int, set[int]] = {}
    for piece, seat, _, _ in s.stacks:
        by_area.setdefault(b.piece_area[piece], set()).add(seat)
    for area, seats in by_area.items():  # allies never share an area but the Council
        allied = [p for p in seats if s.alliance[p] >= 0]
        assert area == b.council or len({s.alliance[p] for p in allied}) == len(allied)


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
            for e in t.events:  # nothing moves or lands into the bombarded sector
                if isinstance(e, UnitsMoved | UnitsLanded):
                    target = g.ctx.b.piece_index[e.target if isinstance(e, UnitsMoved) else e.piece]
                    assert not g.ctx.b.is_blocked(target, s.fleet)
            s = t.state
            check(g, s, 500)
        assert g.outcome(s) is not None  # every random game ends
