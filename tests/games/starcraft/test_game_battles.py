"""Whole games with battles: from a real set-up, random legal decisions of the round and of every
battle (RULES §9-§16 with §13) until several battles have been fought and ended.

After every step the round's invariants (test_round_properties) hold; during a battle combat's
invariants (test_combat_properties: units and combat cards conserved from the battle's start,
limits outside the contested area, re-dealt states that look the same, sealed cards) hold too; and
when a battle ends the game has closed the Mobilize order at once (the token back, the turn passed)
and goes on in the execution phase (or, if that was the last order or a seat was eliminated, in
Regrouping, the next round or the end of the game).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.games.starcraft.helpers import game, is_attack
from tests.games.starcraft.test_combat_properties import _board, _cards, _check
from tests.games.starcraft.test_round_properties import check_invariants, options_of
from turncoat.core.actions import Event
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft.phases import control
from turncoat.games.starcraft.state import BATTLE_STEPS, SETUP_STEPS, STEP_EXECUTION, State

BATTLES = 3


class Fight:
    """What combat's invariants compare against: the board, cards and hands before the battle."""

    def __init__(self, state: State, seats: tuple[int, int]) -> None:
        self.before: Counter[tuple[int, str]] = _board(state)
        self.cards = {s: _cards(state, s) for s in seats}
        self.hands = {s: len(state.seat(s).hand) for s in seats}
        self.events: list[Event] = []


def _orders_left(state: State) -> bool:
    return any(tokens for _, tokens in state.stacks)


def play_until_battles(players: int, seed: int, battles: int = BATTLES) -> tuple[State, int, int]:
    """A random game until ``battles`` battles have ended (or the game is over): the last state,
    the battles fought and the decisions taken."""
    g, rnd = game(players=players), random.Random(seed)
    state = g.start(seed).state
    while state.step in SETUP_STEPS:
        (seat,) = g.to_act(state)
        state = g.apply(state, seat, rnd.choice(list(g.legal_actions(state, seat)))).state
    workers = [control.workers_owned(state, s) for s in range(players)]
    cp = [0] * players
    ended = steps = 0
    fight: Fight | None = None
    while g.to_act(state) and ended < battles:
        options = options_of(g, state)
        assert state.step not in BATTLE_STEPS or len(options) > 1  # a single choice is not asked
        # random, leaning towards executing orders and moving into enemy areas: more battles
        attacks = [a for a in options if is_attack(state, a)]
        action = rnd.choice(attacks if attacks and rnd.random() < 0.5 else options)
        if A.ExecuteOrder(True) in options:
            action = A.ExecuteOrder(True)
        (seat,) = g.to_act(state)
        before = state
        tr = g.apply(state, seat, action)
        state, steps = tr.state, steps + 1
        for e in tr.events:
            if isinstance(e, E.Bought) and e.item == "worker":
                workers[e.seat] += 1
            if isinstance(e, E.ResourceCardLost):
                workers[e.seat] -= e.workers
            if isinstance(e, E.BattleStarted):
                fight = Fight(before, (e.attacker, e.defender))
        check_invariants(g, state, workers, cp)
        if fight is None:
            continue
        fight.events += tr.events
        if state.battle is not None:
            assert state.step in BATTLE_STEPS
            _check(g, state, fight.events, fight.before, fight.cards, fight.hands, area=state.battle.area)
            continue
        # the battle is over: combat handed back at execution and the game closed the order
        end = next(e for e in fight.events if isinstance(e, E.BattleEnded))
        held = state.area(end.area).units
        assert {u.owner for u in held} <= ({end.winner} if end.winner >= 0 else set())
        assert len(held) <= g.ctx.t.area[end.area].unit_limit
        assert state.active_order is None and state.mobilize is None
        eliminated = any(isinstance(e, E.Eliminated) for e in fight.events)
        if _orders_left(before) and not eliminated:
            assert state.step == STEP_EXECUTION and g.to_act(state), state.step
        else:
            assert state.step not in BATTLE_STEPS
        ended, fight = ended + 1, None
    return state, ended, steps


# seeds whose random games reach three battles before ending (4 and 5 players: seeds 3 and 1 since
# the placeholder technologies and event effects changed the random walk; other seeds end after two)
@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 1), (4, 3), (5, 1), (6, 0)])
def test_random_games_fight_battles_and_go_on_in_execution(players: int, seed: int) -> None:
    _, ended, _ = play_until_battles(players, seed)
    assert ended == BATTLES
