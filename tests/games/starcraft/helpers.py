"""Shared helpers for the StarCraft tests: games with pinned draws, scripted and random setups."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import msgspec

from turncoat.core.actions import Event
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.game import Move, StarcraftGame
from turncoat.games.starcraft.state import SETUP_STEPS, State


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
    """A whole setup with uniformly random legal decisions (up to round 1's Planning phase); the
    state and the largest choice seen."""
    rnd = random.Random(seed)
    state = g.start(seed).state
    widest = 0
    while state.step in SETUP_STEPS:
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
    while state.step in SETUP_STEPS:
        (seat,) = g.to_act(state)
        tr = g.apply(state, seat, rnd.choice(list(g.legal_actions(state, seat))))
        state = tr.state
        events += tr.events
    return state, events


def is_attack(state: State, action: Move) -> bool:
    """A move into an area holding enemy units (it starts a battle, RULES §13)."""
    if not isinstance(action, A.MoveUnit):
        return False
    return any(u.owner != state.actor for u in state.area(action.to).units)


def peaceful_options(g: StarcraftGame, state: State, *, destroy: bool = False) -> list[Move]:
    """The legal decisions of whoever is to act, less attacks: the round is played without battles
    (combat, RULES §13, is its own module).  Voluntary destruction (§9) only with ``destroy``:
    uniformly random players would otherwise spend a third of their turns destroying their own
    pieces, and few games would see a second round."""
    (seat,) = g.to_act(state)
    options = [
        a
        for a in g.legal_actions(state, seat)
        if not is_attack(state, a) and (destroy or not isinstance(a, A.VoluntaryDestruction))
    ]
    assert options, (state.step, g.legal_actions(state, seat))
    return options


def peaceful_game(g: StarcraftGame, seed: int, limit: int = 20_000) -> tuple[State, list[Event], list[Move]]:
    """A whole game of uniformly random legal decisions without attacks: the final state, every
    event and every decision."""
    rnd = random.Random(seed)
    tr = g.start(seed)
    state, events = tr.state, list(tr.events)
    taken: list[Move] = []
    while g.to_act(state) and len(taken) < limit:
        (seat,) = g.to_act(state)
        action = rnd.choice(peaceful_options(g, state))
        taken.append(action)
        tr = g.apply(state, seat, action)
        state = tr.state
        events += tr.events
    return state, events, taken


# The hand-checked 2-player galaxy of test_golden.py: seat 0 Jim Raynor (base Pridewater 1; 2 Marines
# there, a Firebat in Pridewater 2, a Vulture in Pridewater 3; transport on z-axis route 4 to
# Tarsonis), seat 1 the Overmind (base Chau Sara 3; 3 Zerglings in Chau Sara 1, 1 in Chau Sara 2, a
# Hydralisk in Chau Sara 3; transport on route 1 to Tarsonis).  Routes: 0 and 4 Pridewater-Tarsonis,
# 1 Chau Sara-Tarsonis, 2 Braken-Pridewater, 3 Braken-Chau Sara.
RAYNOR_OVERMIND_SETUP: tuple[A.StarcraftAction, ...] = (
    A.ChoosePlanet("pridewater"),
    A.ChooseRotation(0),
    A.PlaceBase("pridewater_1"),
    A.ChoosePlanet("tarsonis"),
    A.ChooseCell(1, 0),
    A.ChooseRotation(1),
    A.PlaceBase(None),
    A.ChooseCell(1, -1),
    A.ChooseRotation(0),
    A.PlaceBase("chau_sara_3"),
    A.ChooseCell(0, -1),
    A.ChooseRotation(1),
    A.PlaceZAxisEnd("pridewater", "N"),
    A.PlaceStartingUnit("pridewater_1"),
    A.PlaceStartingUnit("pridewater_1"),
    A.PlaceStartingUnit("pridewater_2"),
    A.PlaceStartingUnit("pridewater_3"),
    A.PlaceStartingTransport(4),
    A.PlaceStartingUnit("chau_sara_1"),
    A.PlaceStartingUnit("chau_sara_1"),
    A.PlaceStartingUnit("chau_sara_1"),
    A.PlaceStartingUnit("chau_sara_2"),
    A.PlaceStartingUnit("chau_sara_3"),
    A.PlaceStartingTransport(1),
)


def raynor_overmind(seed: int = 0, **options: Any) -> tuple[StarcraftGame, State, list[Event]]:
    """The 2-player table above at round 1's Planning phase (seat 0 first)."""
    g = pinned(
        2,
        0,
        ["jim_raynor", "overmind"],
        [["pridewater", "braken"], ["tarsonis", "chau_sara"]],
        **options,
    )
    state, events = script(g, RAYNOR_OVERMIND_SETUP, seed)
    return g, state, events


def play(g: StarcraftGame, state: State, decisions: Sequence[Move]) -> tuple[State, list[Event]]:
    """Apply each decision for whoever is to act; every decision must be legal."""
    events: list[Event] = []
    for action in decisions:
        (seat,) = g.to_act(state)
        assert action in g.legal_actions(state, seat), (state.step, action, g.legal_actions(state, seat))
        tr = g.apply(state, seat, action)
        state = tr.state
        events += tr.events
    return state, events


def put(state: State, area: str, units: Sequence[tuple[int, str]] = (), base: int | None = None) -> State:
    """``state`` with ``area``'s units replaced (and its base, when given): a crafted position."""
    from turncoat.games.starcraft.state import Unit, with_area

    a = state.area(area)
    new = msgspec.structs.replace(a, units=tuple(sorted(Unit(o, k) for o, k in units)))
    if base is not None:
        new = msgspec.structs.replace(new, base=base)
    return with_area(state, new)


def seat_with(state: State, seat: int, **fields: Any) -> State:
    """``state`` with some fields of one seat replaced."""
    from turncoat.games.starcraft.state import with_seat

    return with_seat(state, seat, msgspec.structs.replace(state.seat(seat), **fields))
