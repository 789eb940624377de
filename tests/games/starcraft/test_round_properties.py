"""Invariants after every step of random games, battles included (RULES §8-§17): unit limits per
area (the attacker's limit + 2 in the area of a battle, its two sides only), workers conserved
between the pool, the cards, the printed slots and the unavailable area, order tokens conserved,
resource cards within their depletion states, CP never negative (nor ever lower than before), and
every decision small."""

from __future__ import annotations

import random

import pytest

from tests.games.starcraft.helpers import game
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft.game import Move, StarcraftGame
from turncoat.games.starcraft.phases import control
from turncoat.games.starcraft.state import OVER, SETUP_STEPS, State

MAX_CHOICES = 300
ORDER_TOKENS = 9  # §3: 6 standard + 3 special per faction


def check_invariants(g: StarcraftGame, state: State, workers: list[int], cp: list[int]) -> None:
    ctx, b, moving = g.ctx, state.battle, state.mobilize
    # the area of a battle, or the enemy area a Mobilize order is moving into (§10.2): its
    # attacker may exceed the limit by 2 (§12), and only it and one defender have units there
    contested, attacker = (
        (b.area, b.attacker) if b is not None else (moving.enemy_area, state.actor) if moving else ("", -1)
    )
    for area in state.areas:
        owners = {u.owner for u in area.units}
        assert len(owners) <= (2 if area.id == contested and attacker in owners else 1), area
        for seat in owners:
            extra = 2 if area.id == contested and seat == attacker else 0
            assert control.units_of(area, seat) <= ctx.t.area[area.id].unit_limit + extra, area
    held = [c.area for p in state.seats for c in p.resource_cards]
    assert len(held) == len(set(held))  # a card has one holder
    for seat, p in enumerate(state.seats):
        assert control.workers_owned(state, seat) == workers[seat] <= ctx.content.data.rules.workers.value
        assert min(p.worker_pool, p.unavailable_workers) >= 0
        assert all(0 <= r.workers <= r.amount for r in p.permanent_resources)
        for c in p.resource_cards:
            depletion = state.area(c.area).depletion
            assert depletion in (0, 1)  # a depleted area's card has left the game
            # a fresh card holds its number; one force-mined this round, one more
            assert 0 <= c.workers <= ctx.t.area[c.area].amount + depletion
        placed = sum(1 for _, tokens in state.stacks for t in tokens if t.owner == seat)
        active = state.active_order is not None and state.active_order.token.owner == seat
        assert len(p.orders) + placed + active == ORDER_TOKENS
        assert 0 <= cp[seat] <= p.cp
        cp[seat] = p.cp
    for a in state.areas:
        assert a.depletion in (0, 1, 2)


def _pick(rnd: random.Random, options: list[Move], eager: bool | None) -> Move:
    """Uniformly random (``eager`` False, or None: destroying its own pieces too), or eager: always
    execute, and buy or move rather than stop."""
    if not eager:
        return rnd.choice(options)
    if A.ExecuteOrder(True) in options:
        return A.ExecuteOrder(True)
    busy = [o for o in options if not isinstance(o, A.EndBuild | A.EndMove)]
    return rnd.choice(busy or options)


def options_of(g: StarcraftGame, state: State, *, destroy: bool = False) -> list[Move]:
    """Every legal decision of whoever is to act, attacks and battle decisions included; voluntary
    destruction (§9) only with ``destroy``: uniformly random players would otherwise spend a third
    of their turns destroying their own pieces, and few games would see a second round."""
    (seat,) = g.to_act(state)
    options = [
        a for a in g.legal_actions(state, seat) if destroy or not isinstance(a, A.VoluntaryDestruction)
    ]
    assert options, (state.step, g.legal_actions(state, seat))
    return options


def _play(players: int, seed: int, eager: bool | None) -> tuple[State, int]:
    g = game(players=players)
    rnd = random.Random(seed)
    tr = g.start(seed)
    state = tr.state
    while state.step in SETUP_STEPS:
        (seat,) = g.to_act(state)
        state = g.apply(state, seat, rnd.choice(list(g.legal_actions(state, seat)))).state
    workers = [control.workers_owned(state, s) for s in range(players)]
    cp = [0] * players
    steps = 0
    battles = 0
    while g.to_act(state) and steps < 20_000:
        options = options_of(g, state, destroy=eager is None)
        assert len(options) <= MAX_CHOICES, (state.step, len(options))
        (seat,) = g.to_act(state)
        tr = g.apply(state, seat, _pick(rnd, options, eager))
        state, steps = tr.state, steps + 1
        for e in tr.events:  # the only ways the number of workers changes
            if isinstance(e, E.Bought) and e.item == "worker":
                workers[e.seat] += 1
            if isinstance(e, E.ResourceCardLost):
                workers[e.seat] -= e.workers
            battles += isinstance(e, E.BattleEnded)
        check_invariants(g, state, workers, cp)
    return state, battles


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("eager", [False, True, None])
def test_random_rounds_keep_the_invariants(players: int, seed: int, eager: bool | None) -> None:
    state, _ = _play(players, seed, eager)
    assert state.step == OVER and state.winners and state.victory


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_rounds_fight_battles(players: int) -> None:
    # the games above fight battles (§13): eager players, seed 0, fight 3 to 12 of them
    state, battles = _play(players, 0, True)
    assert state.step == OVER and battles >= 1
