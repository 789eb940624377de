"""Building Treaty Skirmish positions by hand for the rule tests.

With 5 players in order the seats are 0 Lazax, 1 Letnev, 2 Hacan, 3 Jol-Nar, 4 Sol, and the
board is: mecatol, home-letnev, frontier-1, home-hacan, frontier-2, home-jolnar, frontier-3,
home-sol, frontier-4 (frontier-4 lies between Sol and Letnev).
"""

from __future__ import annotations

from typing import Any

import msgspec

from turncoat.core.actions import Event
from turncoat.games.treaty_skirmish.actions import SkirmishAction
from turncoat.games.treaty_skirmish.config import SkirmishScenario, TreatySkirmishConfig
from turncoat.games.treaty_skirmish.game import TreatySkirmishGame
from turncoat.games.treaty_skirmish.state import State

LAZAX, LETNEV, HACAN, JOLNAR, SOL = range(5)
# Objectives of seats 1..4 unless a test pins others.
OBJECTIVES = ["anarchist", "loyalist", "unstoppable_army", "power_hungry"]


def game(
    players: int = 5,
    *,
    dice: list[int] | None = None,
    objectives: list[str] | None = None,
    speaker: int = 1,
    **options: Any,
) -> TreatySkirmishGame:
    if objectives is None:
        objectives = (
            OBJECTIVES[: players - 1] if players > 4 else ["anarchist", "unstoppable_army", "power_hungry"]
        )
    scenario = SkirmishScenario(speaker=speaker, objectives=objectives, dice=dice)
    return TreatySkirmishGame(TreatySkirmishConfig(players=players, scenario=scenario, **options))


def start(g: TreatySkirmishGame, seed: int = 0) -> State:
    return g.start(seed).state


def idx(g: TreatySkirmishGame, system_id: str) -> int:
    i = g.ctx.board.index(system_id)
    assert i is not None
    return i


def with_ships(g: TreatySkirmishGame, s: State, system_id: str, seat: int, count: int) -> State:
    i = idx(g, system_id)
    row = list(s.ships[i])
    row[seat] = count
    ships = (*s.ships[:i], tuple(row), *s.ships[i + 1 :])
    return msgspec.structs.replace(s, ships=ships)


def with_control(g: TreatySkirmishGame, s: State, system_id: str, seat: int) -> State:
    i = idx(g, system_id)
    return msgspec.structs.replace(s, control=(*s.control[:i], seat, *s.control[i + 1 :]))


def turn_of(s: State, seat: int) -> State:
    return msgspec.structs.replace(s, turn=seat, actor=seat)


def play(g: TreatySkirmishGame, s: State, *actions: SkirmishAction) -> tuple[State, list[Event]]:
    """Apply the actions, each by the seat to act; return the state and all events."""
    events: list[Event] = []
    for action in actions:
        (seat,) = g.to_act(s)
        t = g.apply(s, seat, action)
        s = t.state
        events += t.events
    return s, events


def of_type(events: list[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
