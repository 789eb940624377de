"""A game at the table: engine, state, record, seats — no drawing here.

The session holds the only copy of the full state.  Screens ask it for one seat's observation,
the legal actions of the seat to act and the log redacted for a viewer; they never read the
state itself.  Every accepted action is appended to the record and the record is saved at once
(atomically), so closing the terminal loses nothing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import msgspec

from turncoat.agents import Agent, SeatView, agent_names, make_agent
from turncoat.core.actions import Action, Event, Viewer
from turncoat.core.engine import Outcome
from turncoat.core.errors import InvalidConfig
from turncoat.core.record import GameRecord, append_action, load_record, new_record, replay, save_record
from turncoat.core.registry import load_game, load_stored_game
from turncoat.core.rng import derive_seed
from turncoat.games.verrater.actions import VerraterAction
from turncoat.games.verrater.config import VerraterConfig
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.observe import VerraterObservation
from turncoat.tui.generic.table import HUMAN, data_dir
from turncoat.tui.generic.table import Seat as SeatSpec
from turncoat.tui.generic.table import plan_seats as generic_plan_seats

__all__ = ["HUMAN", "SeatSpec", "Session", "data_dir", "default_save_path", "plan_seats"]

# Options with a flag of their own; every other VerraterConfig field is a rule option (--option).
OWN_FLAGS = {"players": "--players", "content_overrides": "--content-override FILE", "scenario": ""}
RULE_OPTIONS: tuple[str, ...] = tuple(
    f.name for f in msgspec.structs.fields(VerraterConfig) if f.name not in OWN_FLAGS
)


def default_bot() -> str:
    """The bot used when none is named: the heuristic one if installed, else random."""
    return "heuristic" if "heuristic" in agent_names() else "random"


def default_save_path() -> Path:
    return data_dir() / f"verrater-{time.strftime('%Y%m%d-%H%M%S')}.json"


def plan_seats(
    players: int | None,
    seats: str | None = None,
    humans: int | None = None,
    names: str | None = None,
) -> list[SeatSpec]:
    """Seat kinds and names for a Verräter table (3 or 4 seats; four when nothing says how many),
    the rules-of-thumb bot in the seats nobody names (see :func:`generic.plan_seats`)."""
    if players is None:
        players = len([k for k in seats.split(",") if k.strip()]) if seats is not None else 4
    if players not in (3, 4):
        raise InvalidConfig("Verräter is for 3 or 4 players", code="bad_players")
    return generic_plan_seats(players, seats, humans, names, bot=default_bot())


def parse_rule_options(items: Sequence[str]) -> dict[str, str]:
    """``--option key=value`` items by name (raises InvalidConfig for an unknown name).

    The values stay text: the engine's own option parsing (``ConfiguredGame.from_options``)
    turns them into numbers and refuses a value the rules do not know.
    """
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = (part.strip() for part in item.partition("="))
        if not sep or not key:
            raise InvalidConfig(
                f"--option {item!r} must look like key=value, e.g. ring_layout=alternating",
                code="bad_config",
            )
        if key not in RULE_OPTIONS:
            flag = OWN_FLAGS.get(key)
            hint = f"use {flag}" if flag else f"choose from {', '.join(RULE_OPTIONS)}"
            raise InvalidConfig(f"unknown rule option {key!r} ({hint})", code="bad_config")
        out[key] = value
    return out


def rule_changes(game: VerraterGame) -> dict[str, Any]:
    """The rule options of ``game`` that differ from the rulebook's defaults, in field order."""
    defaults = msgspec.to_builtins(VerraterConfig(players=game.num_players()))
    config = game.config_json()
    return {k: config.get(k) for k in RULE_OPTIONS if config.get(k) != defaults.get(k)}


def _shown(key: str, value: Any) -> str:
    return f"{key}={'default' if value is None else value}"


def _refuse_other_options(game: VerraterGame, options: Mapping[str, Any]) -> None:
    """Options given with a resume must be the saved game's own (bad ones are refused too)."""
    saved = game.config_json()
    asked = load_game("verrater", **{**saved, **options}).config_json()
    clash: list[str] = []
    for key in options:
        if asked.get(key) == saved.get(key):
            continue
        if key == "content_overrides":
            clash.append(
                "--content-override (the saved game plays "
                + ("other override values)" if saved.get(key) else "the pack's own values)")
            )
        else:
            clash.append(
                f"--option {_shown(key, options[key])} "
                f"(the saved game plays {_shown(key, saved.get(key))})"
            )
    if clash:
        raise InvalidConfig(
            f"--resume continues a saved game with its own rules; drop {', '.join(clash)}",
            code="bad_config",
        )


class Session:
    """One game of Verräter being played: the engine, the true state and its record."""

    def __init__(
        self,
        game: VerraterGame,
        record: GameRecord,
        state: Any,
        events: list[Event],
        seats: Sequence[SeatSpec],
        save_path: Path | None,
    ) -> None:
        self.game = game
        self.record = record
        self._state = state
        self.events = events
        self.seats = list(seats)
        self.save_path = save_path
        self._agents: dict[int, Agent] = {
            i: make_agent(s.kind) for i, s in enumerate(self.seats) if not s.human
        }

    # -- making ----------------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        seats: Sequence[SeatSpec],
        seed: int | None = None,
        save_path: Path | None = None,
        **options: Any,
    ) -> Session:
        game = load_game("verrater", players=len(seats), **options)
        assert isinstance(game, VerraterGame)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        started = game.start(seed)
        record = new_record(
            game,
            seed,
            title=f"Verräter at the terminal, seed {seed}",
            seats=[{"kind": s.kind, "name": s.name} for s in seats],
        )
        session = cls(game, record, started.state, list(started.events), seats, save_path)
        session.save()
        return session

    @classmethod
    def resume(
        cls,
        path: Path,
        save_path: Path | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Session:
        """Continue the game saved in ``path`` (seats, names and rules come from the record).

        ``options`` (rule options, content overrides) are only checked: one that differs from
        the record's own is refused, since the saved moves were played under the record's rules.
        """
        record = load_record(path)
        game = load_stored_game(record.game, record.config)
        if not isinstance(game, VerraterGame):
            raise InvalidConfig(f"cannot play {record.game} in the terminal yet", code="unknown_game")
        if options:
            _refuse_other_options(game, options)
        result = replay(game, record)
        events = list(result.initial_events)
        for step in result.steps:
            events.extend(step.events)
        raw = record.meta.get("seats")
        if isinstance(raw, list) and len(raw) == game.num_players():
            seats = [SeatSpec(str(s["kind"]), str(s["name"])) for s in raw]
        else:  # a record from elsewhere (e.g. a bot match): one human at seat 0
            seats = plan_seats(game.num_players(), humans=1)
        session = cls(game, record, result.final_state, events, seats, save_path or path)
        if save_path is not None:
            session.save()  # a new file holds the game from the start, even before the next move
        return session

    # -- asking ----------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.num_players()

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def rule_changes(self) -> dict[str, Any]:
        """The rule options in play that are not the rulebook's defaults (all public)."""
        return rule_changes(self.game)

    def overridden_values(self) -> tuple[str, ...]:
        """Content paths whose values come from the player's own override file."""
        return tuple(self.game.content.overridden_paths)

    def to_act(self) -> int | None:
        seats = self.game.to_act(self._state)
        return min(seats) if seats else None

    def observe(self, viewer: Viewer) -> VerraterObservation:
        return self.game.observe(self._state, viewer)

    def legal_actions(self, seat: int) -> Sequence[Action]:
        return self.game.legal_actions(self._state, seat)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self._state)

    def seat_view(self, seat: int) -> SeatView:
        """What a bot at ``seat`` may use (never the state itself)."""
        return SeatView(self.game, self._state, seat)

    def bot_rng(self, seat: int) -> random.Random:
        """A bot's randomness for this decision: reproducible, and the same after a resume."""
        return random.Random(derive_seed(self.record.seed, "tui-agent", seat, len(self.record.actions)))

    def agent(self, seat: int) -> Agent:
        return self._agents[seat]

    # -- acting ----------------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Play ``action`` for ``seat``; the engine's RulesError (plain words) if refused."""
        # The engine refuses anything that is not one of its own actions (MalformedAction).
        transition = self.game.apply(self._state, seat, cast(VerraterAction, action))
        self._state = transition.state
        self.events.extend(transition.events)
        self.record = append_action(self.record, seat, action)
        self.save()
        return transition.events

    def save(self) -> None:
        if self.save_path is None:
            return
        self.save_path.parent.mkdir(parents=True, exist_ok=True)
        save_record(self.record, self.save_path)
