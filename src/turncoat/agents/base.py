"""The agent interface.

An agent never receives the game state.  It gets a :class:`SeatView`: its own observation, its
legal actions, and ``sample_world(seed)`` — a full state re-dealt by the game's ``determinize``
so that everything the seat cannot see is random.  Search bots plan on sampled worlds; the
real hidden cards never reach them.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from turncoat.core.actions import Action, PlayerId
from turncoat.core.engine import Game
from turncoat.core.errors import InvalidConfig
from turncoat.core.options import parse_options


class SeatView:
    """What one seat may use to decide.  The real state is held privately and only ever passed
    through ``observe``, ``legal_actions`` and ``determinize``."""

    __slots__ = ("__state", "game", "seat")

    def __init__(self, game: Game[Any, Any, Any], state: Any, seat: PlayerId) -> None:
        self.game = game
        self.seat = seat
        self.__state = state

    @property
    def observation(self) -> Any:
        return self.game.observe(self.__state, self.seat)

    @property
    def legal_actions(self) -> Sequence[Action]:
        return self.game.legal_actions(self.__state, self.seat)

    def sample_world(self, seed: int) -> Any:
        """A complete state consistent with this seat's knowledge (hidden parts re-dealt)."""
        return self.game.determinize(self.__state, self.seat, seed)


class Agent(Protocol):
    """A bot.  ``choose`` must return one of ``view.legal_actions``."""

    name: str

    def choose(self, view: SeatView, rng: random.Random) -> Action: ...


@runtime_checkable
class ChecksGame(Protocol):
    """An agent that needs something of the game beyond the Game protocol (a capability) and can
    say so before the first move, so a run is refused at once instead of failing game by game."""

    def check_game(self, game: Game[Any, Any, Any]) -> None:
        """Raise ``InvalidConfig`` when this agent cannot play ``game``."""
        ...


def check_fits(agent: Agent, game: Game[Any, Any, Any]) -> None:
    """Raise ``InvalidConfig`` naming what is missing when ``agent`` cannot play ``game``."""
    if isinstance(agent, ChecksGame):
        agent.check_game(game)


def fits_game(spec: str, game: Game[Any, Any, Any]) -> bool:
    """Whether the agent ``spec`` can play ``game`` (the game offers everything it needs)."""
    try:
        check_fits(make_agent(spec), game)
    except InvalidConfig:
        return False
    return True


def agents_for(game: Game[Any, Any, Any]) -> tuple[str, ...]:
    """Every agent and preset name that can play ``game``."""
    return tuple(name for name in agent_names() if fits_game(name, game))


class RandomAgent:
    """Uniformly random among the legal actions (the baseline every bot must beat)."""

    name = "random"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return rng.choice(list(view.legal_actions))


AgentFactory = Callable[..., Agent]
_AGENTS: dict[str, AgentFactory] = {"random": RandomAgent}


_PRESETS: dict[str, tuple[str, str]] = {}  # name -> (agent spec, what it is)


def register_agent(name: str, factory: AgentFactory) -> None:
    _AGENTS[name] = factory


def register_preset(name: str, spec: str, description: str) -> None:
    """A short name for an agent with options (``strong`` for a long ``ismcts:…`` spec), so it
    can be named where commas separate seats; ``name:key=value`` still overrides an option."""
    _PRESETS[name] = (spec, description)


def presets() -> dict[str, tuple[str, str]]:
    """Preset name -> (agent spec, description)."""
    _load_builtin()
    return dict(_PRESETS)


# Modules that register further agents when imported (kept lazy: importing the interface is cheap).
BUILTIN_AGENT_MODULES: tuple[str, ...] = (
    "turncoat.agents.ismcts",
    "turncoat.agents.heuristic",
    "turncoat.agents.rollout",
)


def _load_builtin() -> None:
    for module in BUILTIN_AGENT_MODULES:
        importlib.import_module(module)


def agent_names() -> tuple[str, ...]:
    """Every agent and preset name."""
    _load_builtin()
    return tuple(sorted({*_AGENTS, *_PRESETS}))


def make_agent(spec: str, **options: Any) -> Agent:
    """An agent from a name, optionally with ``:key=value`` options, e.g. ``ismcts:iterations=500``."""
    _load_builtin()
    name, _, params = spec.partition(":")
    if name in _PRESETS:  # the preset's options first: the ones given after it win
        name, _, preset_params = _PRESETS[name][0].partition(":")
        params = f"{preset_params},{params}"
    if name not in _AGENTS:
        raise InvalidConfig(
            f"unknown agent {name!r} (known: {', '.join(agent_names())})", code="unknown_agent"
        )
    parsed = parse_options(filter(None, params.split(",")))
    if isinstance(parsed, str):
        raise InvalidConfig(f"agent option {parsed!r} must look like key=value", code="bad_agent_option")
    options.update(parsed)
    try:
        return _AGENTS[name](**options)
    except (TypeError, ValueError) as exc:  # unknown option names, or values the agent refuses
        raise InvalidConfig(f"bad options for agent {name!r}: {exc}", code="bad_agent_option") from exc
