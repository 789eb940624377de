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
* :class:`HasReport` — balance facts and what a balance report says (``core.report``); the
  simulator writes it;
* :class:`HasSearchPreset` — the agent spec of the game's own best search at about half a second
  a move (the server's "hard" bot), where the generic ``strong`` preset suits it badly.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from turncoat.core.actions import Action, PlayerId
from turncoat.core.errors import InvalidConfig

if TYPE_CHECKING:
    from turncoat.core.record import GameRecord
    from turncoat.core.report import BalanceReport


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
        ``action_index`` / ``action_at`` (see ``turncoat.rl``).  An encoding whose indices depend
        on the position (Rex names an alliance answer by its proposal's proposer and group) sets
        ``indices_need_observation`` and takes the acting seat's observation as a second argument."""
        ...


@runtime_checkable
class HasPresentation(Protocol):
    def presentation(self) -> Any:
        """The game's :class:`turncoat.core.present.Presentation`."""
        ...


class Report(Protocol):
    """A game's balance report: facts gathered game by game, and what the report says.

    ``facts`` runs in the simulator's worker after each game (``record`` is None when the game
    failed; ``full`` is set when the report will be written, so costly facts such as a replay of
    the record may be skipped otherwise).  It returns plain JSON-ready data, kept in the result
    row; ``facts["seat_groups"]`` may name, per grouping, one label per seat, and the simulator
    then reports win rates by each grouping.  ``report`` reads the result rows of the whole run
    (see :mod:`turncoat.core.stats`) and says what the report holds, as data; the simulator
    decides how it is written (files, plots, printed lines).
    """

    def facts(self, seed: int, record: GameRecord | None, *, full: bool) -> dict[str, Any]: ...

    def report(self, rows: Sequence[Mapping[str, Any]]) -> BalanceReport: ...


@runtime_checkable
class HasReport(Protocol):
    def balance_report(self) -> Report: ...


@runtime_checkable
class HasSearchPreset(Protocol):
    def search_preset(self) -> str:
        """An agent spec (``turncoat.agents``) for this game's strongest search at about half a
        second a move, tuned to the game (its own cut-offs, playouts and opponents)."""
        ...


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
