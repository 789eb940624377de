"""What a game may offer beyond the Game protocol, each as a protocol of its own.

Frontends and bots ask for a capability by its protocol — ``capability(game, HasHeuristic)`` —
rather than probing attribute names, so a game that lacks one is told apart from a game that
misspelt it, and mypy checks both sides.  Every capability is optional:

* :class:`HasHeuristic` — a rules-of-thumb policy that decides from one seat's observation
  (the ``heuristic`` bot, and the playouts of the search bots);
* :class:`HasRolloutPolicy` — a cheap playout policy for search, over full (determinized) states;
* :class:`HasEvaluation` — estimated final scores of a position, where a search may stop early;
* :class:`HasEncoding` — fixed-size vectors and an action enumeration for learning environments;
* :class:`HasPresentation` — the game's face: every word players read (``core.present``);
* :class:`HasReport` — balance facts and a report for the simulator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

from turncoat.core.actions import Action, PlayerId
from turncoat.core.errors import InvalidConfig


class HeuristicPolicy(Protocol):
    """Decides from an observation and the legal actions; never sees the hidden state."""

    def choose(self, observation: Any, legal: Sequence[Action], rng: random.Random) -> Action: ...

    def rollout_choose(self, observation: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """A cheaper variant for playouts (it may be ``choose`` itself)."""
        ...


@runtime_checkable
class HasHeuristic(Protocol):
    def heuristic_policy(self) -> HeuristicPolicy: ...


class RolloutPolicy(Protocol):
    def __call__(
        self, game: Any, state: Any, player: PlayerId, legal: Sequence[Action], rng: random.Random
    ) -> Action: ...


@runtime_checkable
class HasRolloutPolicy(Protocol):
    def rollout_policy(self) -> RolloutPolicy: ...


@runtime_checkable
class HasEvaluation(Protocol):
    def evaluate(self, state: Any) -> Sequence[float] | None:
        """Estimated final scores per seat, or ``None`` where the game cannot tell yet."""
        ...


@runtime_checkable
class HasEncoding(Protocol):
    def rl_encoding(self) -> Any:
        """An object with ``num_actions``, ``observation_space``, ``encode_observation`` and
        ``action_index`` / ``action_of`` (see ``turncoat.rl``)."""
        ...


@runtime_checkable
class HasPresentation(Protocol):
    def presentation(self) -> Any:
        """The game's :class:`turncoat.core.present.Presentation`."""
        ...


class Report(Protocol):
    """Balance facts gathered game by game, and the report the simulator writes from them.

    ``facts`` runs in the worker after each game (``record`` is None when the game failed); it
    may name ``seat_groups`` (per grouping, one label per seat) for win rates by group.
    ``write_report`` writes its files into ``out_dir`` and returns the lines to print.
    """

    def facts(self, game: Any, seed: int, record: Any, *, full: bool) -> dict[str, Any]: ...

    def write_report(self, rows: Sequence[Mapping[str, Any]], game: Any, out_dir: Path) -> list[str]: ...


@runtime_checkable
class HasReport(Protocol):
    def balance_report(self) -> Report: ...


C = TypeVar("C")


def capability(game: Any, kind: type[C]) -> C | None:
    """``game`` as ``kind`` when it offers that capability, else ``None``."""
    return game if isinstance(game, kind) else None


def require(game: Any, kind: type[C], purpose: str) -> C:
    """``game`` as ``kind``, or a clear error naming what is missing and what needed it."""
    found = capability(game, kind)
    if found is None:
        name = getattr(game, "name", type(game).__name__)
        needed = kind.__name__.removeprefix("Has").lower()
        raise InvalidConfig(f"the game {name!r} offers no {needed} for {purpose}", code=f"no_{needed}")
    return found
