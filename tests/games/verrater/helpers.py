"""Scenario builders for per-rule tests: pinned setups and short scripted play."""

from __future__ import annotations

from typing import Any

import msgspec

from turncoat.core.actions import Event
from turncoat.core.registry import load_game
from turncoat.games.verrater.actions import (
    ChooseConflictSite,
    CommitSupply,
    FinishCommitting,
    KeepRole,
    PlaceEstate,
    VerraterAction,
)
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.state import State

# Positions 0..11: E, R alternating, types chosen so neighbours differ in value.
RING_ALT: list[tuple[str, str]] = [
    ("wilderness", "eagle"),
    ("meadow", "rose"),
    ("river", "eagle"),
    ("woods", "rose"),
    ("village", "eagle"),
    ("city", "rose"),
    ("wilderness", "rose"),
    ("meadow", "eagle"),
    ("river", "rose"),
    ("woods", "eagle"),
    ("village", "rose"),
    ("city", "eagle"),
]
ALL_ROLES = ["traitor", "strategist", "builder", "farmer", "diplomat_2", "diplomat_5"]


def make_game(
    players: int = 4, rounds: int | None = None, *, rules: dict[str, Any] | None = None, **scenario: Any
) -> VerraterGame:
    """A game with start player 0 and the alternating test ring unless pinned otherwise;
    ``rules`` names readings of unclear rules (``{"hand_limit_timing": "after_each_draw"}``)."""
    pins: dict[str, Any] = {"start_player": 0, "ring": RING_ALT}
    pins.update(scenario)
    options: dict[str, Any] = {"players": players, "scenario": pins, **(rules or {})}
    if rounds is not None:
        options["rounds"] = rounds
    game = load_game("verrater", **options)
    assert isinstance(game, VerraterGame)
    return game


def roles_removing(removed: str, *rest: str) -> list[str]:
    """A role shuffle: ``removed`` goes face down, then the rest in any order."""
    others = [r for r in ALL_ROLES if r != removed and r not in rest]
    return [removed, *rest, *others]


def act(game: VerraterGame, state: State, *actions: VerraterAction) -> tuple[State, list[Event]]:
    """Apply actions, each by whoever must decide now; collect the events."""
    events: list[Event] = []
    for action in actions:
        (seat,) = game.to_act(state)
        transition = game.apply(state, seat, action)
        state = transition.state
        events.extend(transition.events)
    return state, events


def place_estates(game: VerraterGame, state: State, where: list[int] | None = None) -> State:
    """Setup step 6 in turn order; by default seat p's estate goes under landscape 3p+1."""
    spots = where if where is not None else [3 * p + 1 for p in range(game.num_players())]
    for _ in range(game.num_players()):
        (seat,) = game.to_act(state)
        state, _ = act(game, state, PlaceEstate(spots[seat]))
    return state


def begin(game: VerraterGame, where: list[int] | None = None, seed: int = 0) -> State:
    """The position at round 1, step 1."""
    return place_estates(game, game.new_initial_state(seed), where)


def draft(game: VerraterGame, state: State, boundary: int, keeps: list[str]) -> State:
    """Step 1 and step 2: pick the site, then each seat (turn order) keeps the given role."""
    state, _ = act(game, state, ChooseConflictSite(boundary))
    for role in keeps:
        state, _ = act(game, state, KeepRole(role))
    return state


def commit_all(game: VerraterGame, state: State, per_seat: list[list[int]]) -> tuple[State, list[Event]]:
    """Step 3 in turn order: each listed seat commits its values (highest first) then stops."""
    events: list[Event] = []
    for values in per_seat:
        if state.step != "commit":
            break
        (seat,) = game.to_act(state)
        for v in sorted(values, reverse=True):
            state, ev = act(game, state, CommitSupply(v))
            events += ev
        if state.step == "commit" and game.to_act(state) == frozenset({seat}):
            state, ev = act(game, state, FinishCommitting())
            events += ev
    return state, events


def with_fields(state: State, **changes: Any) -> State:
    return msgspec.structs.replace(state, **changes)


def of_type(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
