"""Random playouts: what must hold after every step of any game (RULES §4.4 invariants, §6)."""

from __future__ import annotations

import random

import pytest

from turncoat.core import treaties as T
from turncoat.games.treaty_skirmish.components import HOME, treaty_catalogue
from turncoat.games.treaty_skirmish.config import TreatySkirmishConfig
from turncoat.games.treaty_skirmish.game import TreatySkirmishGame
from turncoat.games.treaty_skirmish.state import OVER, State

MAX_STEPS = 20_000


def check_invariants(g: TreatySkirmishGame, s: State) -> None:
    tr = s.treaties
    # §4.4: |H(p)| = N(p) − cards p has given; cards never appear or vanish
    for p, started in tr.started_with:
        assert len(T.hand(tr, p)) == started - T.given_count(tr, p)
    everything = [c for _, h in tr.hands for c in h] + list(tr.pile)
    if tr.pending is not None:
        everything.append(tr.pending.card)
    assert sorted(everything) == sorted(treaty_catalogue(s.races, g.config.treaty_cards_per_race))
    assert T.hand(tr, s.races.index("lazax")) == tuple(
        c for c in T.hand(tr, s.races.index("lazax")) if c.faction == "lazax"
    )
    assert all(v >= 0 for v in s.trade_goods) and all(v >= 0 for v in s.tokens)
    assert all(k >= 0 for row in s.ships for k in row) and all(v >= 0 for v in s.garrison)
    for i, system in enumerate(g.ctx.board.systems):
        owners = [p for p, k in enumerate(s.ships[i]) if k]
        # ships arriving (a move still asking its sources) or fighting may share a system
        fighting = (s.combat is not None and s.combat.system == i) or (
            s.move is not None and s.move.target == i
        )
        if not fighting:
            assert len(owners) <= 1, f"two fleets share {system.id} outside a combat"
            if owners and s.garrison[i]:
                assert s.control[i] == owners[0], f"ships beside a hostile garrison at {system.id}"
        if system.kind == HOME:
            assert s.control[i] >= 0  # a Home always has a controller
        else:
            assert s.garrison[i] == 0
    for p in range(s.players):
        if s.eliminated[p]:
            assert sum(row[p] for row in s.ships) == 0 and p not in s.control
    assert 1 <= s.round <= g.ctx.n.rounds


def check_end(g: TreatySkirmishGame, s: State) -> None:
    result = s.result
    assert result is not None
    tr = s.treaties
    assert set(result.primary) <= set(result.winners)
    for winner, allies in result.allies:
        assert len(allies) <= 1
        for ally in allies:
            faction = s.races[winner]
            assert ally not in result.traitors and ally not in result.primary and not s.eliminated[ally]
            mine = min(c.number for c in T.hand(tr, ally) if c.faction == faction)
            others = [
                c.number
                for p, h in tr.hands
                if p not in (ally, winner, *result.primary, *result.traitors) and not s.eliminated[p]
                for c in h
                if c.faction == faction
            ]
            assert all(mine < n for n in others)  # the lowest-numbered card among eligible holders
    for p in result.traitors:
        assert len(T.opponent_factions(tr, p, T.hand(tr, p))) >= 2
    outcome = g.outcome(s)
    assert outcome is not None and set(outcome.winners) == set(result.winners)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_random_playouts_keep_the_invariants(players: int) -> None:
    reasons: set[str] = set()
    for seed in range(6):
        options = {"race_assignment": "random"} if seed % 2 else {}
        g = TreatySkirmishGame(TreatySkirmishConfig(players=players, **options))  # type: ignore[arg-type]
        chooser = random.Random(seed)
        s = g.start(seed).state
        check_invariants(g, s)
        for _ in range(MAX_STEPS):
            if s.step == OVER:
                break
            (p,) = g.to_act(s)
            s = g.apply(s, p, chooser.choice(list(g.legal_actions(s, p)))).state
            check_invariants(g, s)
        assert s.step == OVER, "a random game did not end"
        check_end(g, s)
        assert s.result is not None
        reasons.add(s.result.reason)
    assert reasons
