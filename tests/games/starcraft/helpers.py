"""Shared helpers for the StarCraft tests: games with pinned draws, scripted and random setups."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from turncoat.core.actions import Event
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.state import State


def game(**options: Any) -> StarcraftGame:
    return StarcraftGame.from_options(**options)


def pinned(
    players: int, first: int, factions: Sequence[str], draws: Sequence[Sequence[str]], **options: Any
) -> StarcraftGame:
    """A game whose first player, factions and planet draws are pinned (no RNG in setup decisions)."""
    scenario = {"first_player": first, "factions": list(factions), "planet_draws": [list(d) for d in draws]}
    return game(players=players, faction_selection="random", scenario=scenario, **options)


def script(
    g: StarcraftGame, decisions: Sequence[A.StarcraftAction], seed: int = 0
) -> tuple[State, list[Event]]:
    """Start a game and apply each decision for whoever is to act; every decision must be legal."""
    tr = g.start(seed)
    state, events = tr.state, list(tr.events)
    for action in decisions:
        (seat,) = g.to_act(state)
        assert action in g.legal_actions(state, seat), (state.step, action, g.legal_actions(state, seat))
        tr = g.apply(state, seat, action)
        state = tr.state
        events += tr.events
    return state, events


def random_setup(g: StarcraftGame, seed: int) -> tuple[State, int]:
    """A whole setup with uniformly random legal decisions; the state and the largest choice seen."""
    rnd = random.Random(seed)
    state = g.start(seed).state
    widest = 0
    while g.to_act(state):
        (seat,) = g.to_act(state)
        options = list(g.legal_actions(state, seat))
        widest = max(widest, len(options))
        state = g.apply(state, seat, rnd.choice(options)).state
    return state, widest


def until(g: StarcraftGame, state: State, step: str, seed: int = 0) -> State:
    """Random legal decisions until the game reaches ``step``."""
    rnd = random.Random(seed)
    while state.step != step:
        (seat,) = g.to_act(state)
        state = g.apply(state, seat, rnd.choice(list(g.legal_actions(state, seat)))).state
    return state


def random_events(g: StarcraftGame, seed: int) -> tuple[State, list[Event]]:
    """A whole random setup (as ``random_setup``) and every event it produced."""
    rnd = random.Random(seed)
    tr = g.start(seed)
    state, events = tr.state, list(tr.events)
    while g.to_act(state):
        (seat,) = g.to_act(state)
        tr = g.apply(state, seat, rnd.choice(list(g.legal_actions(state, seat))))
        state = tr.state
        events += tr.events
    return state, events
