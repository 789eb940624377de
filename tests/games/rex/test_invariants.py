"""RULES §19.4 invariants after every step of random play (as far as the phases are built)."""

from __future__ import annotations

import random

import pytest

from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.state import BID, MANEUVER, RECRUIT, State, total_influence


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
    if s.step in (BID, RECRUIT, MANEUVER):
        assert len(s.influence_discard) == s.round  # round counter = discarded area cards
    cards = sum(len(h) for h in s.hands) + len(s.strategy_deck) + len(s.strategy_discard) + len(s.row)
    assert cards == len(t.strategy_deck)
    council = g.ctx.b.area_pieces[g.ctx.b.council]
    for piece, seat, _, _ in s.stacks:  # allies never share an area but the Council (none yet)
        assert piece in council or s.alliance[seat] < 0


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_play_keeps_the_invariants_rule_19_4(players: int) -> None:
    for seed in range(8):
        g = RexGame(RexConfig(players=players, influence_supply=500, race_selection="random"))
        r = random.Random(seed)
        s = g.start(seed).state
        check(g, s, 500)
        while g.to_act(s):
            seat = r.choice(sorted(g.to_act(s)))
            s = g.apply(s, seat, r.choice(list(g.legal_actions(s, seat)))).state
            check(g, s, 500)
        assert s.step == MANEUVER  # where the built phases end
