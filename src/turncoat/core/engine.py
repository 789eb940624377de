"""The Game protocol every rules engine implements (ARCHITECTURE §3).

Rules are pure functions over frozen states: ``apply`` returns a new state and the events that
happened, and never mutates its input.  Forced steps (dealing, scoring, drawing) resolve inside
``apply``; ``to_act`` names only seats facing a real decision.  Several seats in ``to_act`` at
once means a simultaneous sealed choice: each commitment is stored sealed until the last one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

import msgspec

from turncoat.core.actions import Action, Event, PlayerId, Viewer
from turncoat.core.content import ContentPack
from turncoat.core.errors import InvalidConfig

S = TypeVar("S")
A = TypeVar("A", bound=Action)
O = TypeVar("O", covariant=True)  # noqa: E741 - the protocol's conventional name


class Transition(msgspec.Struct, Generic[S], frozen=True):
    """The result of one action: the next state and what happened, in order."""

    state: S
    events: tuple[Event, ...]


class Outcome(msgspec.Struct, frozen=True):
    """Final scores per seat and the seats that share the win."""

    scores: tuple[float, ...]
    winners: tuple[PlayerId, ...]
    details: Mapping[str, Any] = msgspec.field(default_factory=dict)


class Game(Protocol[S, A, O]):
    """A registered rules engine.  See ARCHITECTURE §3 for the contract."""

    name: ClassVar[str]
    rules_version: ClassVar[str]
    action_type: Any  # the tagged union of this game's actions, for decoding
    content: ContentPack[Any]

    @property
    def config(self) -> Any: ...

    def num_players(self) -> int: ...

    def config_json(self) -> dict[str, Any]: ...

    def start(self, seed: int) -> Transition[S]:
        """The initial state after every forced setup step, and the setup events."""
        ...

    def new_initial_state(self, seed: int) -> S: ...

    def to_act(self, state: S) -> frozenset[PlayerId]: ...

    def legal_actions(self, state: S, player: PlayerId) -> Sequence[A]: ...

    def apply(self, state: S, player: PlayerId, action: A) -> Transition[S]: ...

    def observe(self, state: S, viewer: Viewer) -> O: ...

    def outcome(self, state: S) -> Outcome | None: ...

    def determinize(self, state: S, viewer: PlayerId, seed: int) -> S: ...

    def default_action(self, state: S, player: PlayerId) -> A: ...

    def describe_action(self, action: A) -> str: ...

    def render_log(
        self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False
    ) -> list[str]: ...

    def render_summary(
        self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False
    ) -> list[str]: ...

    def round_summaries(
        self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False
    ) -> list[dict[str, Any]]: ...


C = TypeVar("C", bound=msgspec.Struct)


class ConfiguredGame(Generic[C]):
    """Shared plumbing for engines whose options are one frozen msgspec Struct with ``players``.

    ``config_json`` stores every option, defaults included, so a record never depends on them.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    config_type: ClassVar[type[Any]]
    # An option added after games were stored, with the value the rules had before it existed.
    # A stored configuration made then cannot name it, so it is rebuilt with this value, not with
    # the option's current default (``registry.load_stored_game``; docs/records.md).
    former_defaults: ClassVar[Mapping[str, Any]] = {}

    def __init__(self, config: C) -> None:
        self._config = config

    @classmethod
    def from_options(cls, **options: Any) -> Self:
        try:
            config = msgspec.convert(options, cls.config_type, strict=False)
        except msgspec.ValidationError as exc:
            raise InvalidConfig(f"bad {cls.title} options: {exc}", code="bad_config") from exc
        return cls(config)

    @property
    def config(self) -> C:
        return self._config

    def num_players(self) -> int:
        players: int = getattr(self._config, "players")  # noqa: B009 - every config has seats
        return players

    def config_json(self) -> dict[str, Any]:
        data: dict[str, Any] = msgspec.to_builtins(self._config, order="sorted")
        return data
