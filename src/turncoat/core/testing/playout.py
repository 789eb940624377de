"""Random playouts recorded step by step, the raw material of the conformance suite and perft.

A playout is driven by a *policy seed* through :mod:`turncoat.core.rng` (never Python's
``random``), so a failing playout is reproduced exactly from ``(game config, seed, policy seed)``
and can be dumped as a game record.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from turncoat.core import rng
from turncoat.core.actions import Action, Event, PlayerId
from turncoat.core.engine import Game, Transition
from turncoat.core.record import GameRecord, append_action, new_record, state_digest

AnyGame = Game[Any, Any, Any]
Policy = Callable[[AnyGame, Any, int, int], tuple[PlayerId, Action]]


class PlayoutTooLong(Exception):
    """A playout did not reach a terminal state within its step bound."""


class NoLegalAction(Exception):
    """A seat named by ``to_act`` has no legal action (a broken engine or determinization)."""


@dataclass(frozen=True)
class Step:
    """One applied decision: the state before it, who played what, and the transition."""

    index: int  # 1-based, as in records and ReplayDivergence.step
    before: Any
    player: PlayerId
    action: Action
    transition: Transition[Any]

    @property
    def after(self) -> Any:
        return self.transition.state


@dataclass(frozen=True)
class Playout:
    """A game played from ``start(seed)`` by a policy seeded with ``policy_seed``."""

    seed: int
    policy_seed: int
    start: Transition[Any]
    steps: tuple[Step, ...]

    @property
    def final(self) -> Any:
        return self.steps[-1].after if self.steps else self.start.state

    @property
    def states(self) -> list[Any]:
        """Every state reached, the initial one first."""
        return [self.start.state, *(s.after for s in self.steps)]

    @property
    def events(self) -> list[Event]:
        out = list(self.start.events)
        for step in self.steps:
            out.extend(step.transition.events)
        return out

    def record(self, game: AnyGame, *, digests: bool = True, upto: int | None = None) -> GameRecord:
        """The game record of this playout (optionally only its first ``upto`` steps)."""
        steps = self.steps if upto is None else self.steps[:upto]
        rec = new_record(game, self.seed, policy_seed=self.policy_seed)
        for step in steps:
            rec = append_action(rec, step.player, step.action)
        if digests:
            rec = msgspec.structs.replace(rec, digests=tuple(state_digest(s.after) for s in steps))
        return rec


def random_move(game: AnyGame, state: Any, seed: int, counter: int) -> tuple[PlayerId, Action, int]:
    """A uniformly random seat among ``to_act``, then a uniformly random legal action of it."""
    seats = sorted(game.to_act(state))
    if not seats:
        raise ValueError("no decision in a terminal state")
    index, counter = rng.randbelow(seed, counter, len(seats))
    player = seats[index]
    legal: Sequence[Action] = game.legal_actions(state, player)
    if not legal:
        raise NoLegalAction(f"{game.name}: seat {player} is in to_act but has no legal action")
    index, counter = rng.randbelow(seed, counter, len(legal))
    return player, legal[index], counter


def play_from(
    game: AnyGame,
    state: Any,
    policy_seed: int,
    *,
    max_steps: int = 10_000,
    first_index: int = 1,
) -> list[Step]:
    """Random decisions from ``state`` to the end; raises :class:`PlayoutTooLong` past the bound."""
    steps: list[Step] = []
    counter = 0
    while game.outcome(state) is None:
        if len(steps) >= max_steps:
            raise PlayoutTooLong(f"{game.name}: no terminal state after {max_steps} decisions")
        player, action, counter = random_move(game, state, policy_seed, counter)
        transition = game.apply(state, player, action)
        steps.append(Step(first_index + len(steps), state, player, action, transition))
        state = transition.state
    return steps


def random_playout(game: AnyGame, seed: int, policy_seed: int = 0, *, max_steps: int = 10_000) -> Playout:
    """Start a game from ``seed`` and play uniformly random legal decisions to the end."""
    start = game.start(seed)
    steps = play_from(game, start.state, rng.derive_seed(policy_seed, "policy", seed), max_steps=max_steps)
    return Playout(seed, policy_seed, start, tuple(steps))
