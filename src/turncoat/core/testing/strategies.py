"""Hypothesis strategies for any registered game: seeds, reachable states, playouts, records.

A reachable state is drawn as a seed plus a sequence of *indices* (which seat of ``to_act``,
which of its legal actions), so hypothesis shrinks a failure to a short game with early choices.

    @given(reachable_states("verrater", max_steps=60))
    def test_something(reached: Reached) -> None: ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec
from hypothesis import strategies as st

from turncoat.core.actions import Action, Event, PlayerId
from turncoat.core.record import GameRecord, append_action, new_record, state_digest
from turncoat.core.registry import load_game, registered
from turncoat.core.testing.playout import AnyGame

MAX_SEED = (1 << 63) - 1


def seeds() -> st.SearchStrategy[int]:
    """Game seeds (the range ``rng.derive_seed`` produces)."""
    return st.integers(min_value=0, max_value=MAX_SEED)


def game_names() -> st.SearchStrategy[str]:
    """The name of any registered game."""
    return st.sampled_from(registered())


def _engine(game: AnyGame | str) -> AnyGame:
    return load_game(game) if isinstance(game, str) else game


@dataclass(frozen=True)
class Reached:
    """A state reached from ``start(seed)`` by ``moves``, with every event on the way."""

    game: AnyGame
    seed: int
    initial: Any
    moves: tuple[tuple[PlayerId, Action], ...]
    state: Any
    events: tuple[Event, ...]

    @property
    def terminal(self) -> bool:
        return self.game.outcome(self.state) is not None

    def record(self, *, digests: bool = True) -> GameRecord:
        """The game record that reproduces this state."""
        rec = new_record(self.game, self.seed)
        state = self.initial
        hashes: list[str] = []
        for player, action in self.moves:
            rec = append_action(rec, player, action)
            if digests:
                state = self.game.apply(state, player, action).state
                hashes.append(state_digest(state))
        return msgspec.structs.replace(rec, digests=tuple(hashes)) if digests else rec


@st.composite
def _reachable(
    draw: st.DrawFn, game: AnyGame | str, max_steps: int, seed: int | None, to_end: bool
) -> Reached:
    engine = _engine(game)
    s = draw(seeds()) if seed is None else seed
    steps = max_steps if to_end else draw(st.integers(min_value=0, max_value=max_steps))
    started = engine.start(s)
    state = started.state
    events: list[Event] = list(started.events)
    moves: list[tuple[PlayerId, Action]] = []
    for _ in range(steps):
        seats = sorted(engine.to_act(state))
        if not seats:
            break
        player = seats[draw(st.integers(min_value=0, max_value=len(seats) - 1))]
        legal = engine.legal_actions(state, player)
        action = legal[draw(st.integers(min_value=0, max_value=len(legal) - 1))]
        transition = engine.apply(state, player, action)
        moves.append((player, action))
        events.extend(transition.events)
        state = transition.state
    if to_end and engine.outcome(state) is None:
        raise AssertionError(f"{engine.name}: seed {s} did not end within {max_steps} decisions")
    return Reached(engine, s, started.state, tuple(moves), state, tuple(events))


def reachable_states(
    game: AnyGame | str, max_steps: int = 200, *, seed: int | None = None
) -> st.SearchStrategy[Reached]:
    """A state reached by 0..``max_steps`` random legal decisions (fewer if the game ends)."""
    return _reachable(game, max_steps, seed, False)


def playouts(
    game: AnyGame | str, max_steps: int = 10_000, *, seed: int | None = None
) -> st.SearchStrategy[Reached]:
    """A whole game to its end by random legal decisions (an error past ``max_steps``)."""
    return _reachable(game, max_steps, seed, True)


def records(
    game: AnyGame | str, max_steps: int = 200, *, digests: bool = True
) -> st.SearchStrategy[GameRecord]:
    """The game record of a reachable state."""
    return reachable_states(game, max_steps).map(lambda r: r.record(digests=digests))


def any_reachable_state(max_steps: int = 100) -> st.SearchStrategy[Reached]:
    """A reachable state of any registered game (default configuration)."""
    return game_names().flatmap(lambda name: reachable_states(name, max_steps))


__all__ = [
    "Reached",
    "any_reachable_state",
    "game_names",
    "playouts",
    "reachable_states",
    "records",
    "seeds",
]
