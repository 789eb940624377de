"""A game of Verräter at the terminal: the shared table (game in progress, seats, bots, record
file) with what only Verräter's table asks of it.

The full state stays inside the :class:`~turncoat.play.GameInProgress`; the screens ask the
session for one viewer's observation, the legal actions of the seat to act and the events (which
the log redacts for its viewer); they never read the state itself.  The record is saved
(atomically) after every move, so closing the terminal loses nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Self

import msgspec

from turncoat.agents import agent_names
from turncoat.core.actions import Action, Event, Viewer
from turncoat.core.errors import InvalidConfig
from turncoat.core.record import load_record
from turncoat.core.registry import load_game, load_stored_game
from turncoat.games.verrater.components import Tables
from turncoat.games.verrater.config import VerraterConfig
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.observe import VerraterObservation
from turncoat.tui.table import HUMAN, Seat, Table
from turncoat.tui.table import plan_seats as generic_plan_seats

__all__ = ["HUMAN", "Seat", "Session", "plan_seats"]

# Options with a flag of their own; every other VerraterConfig field is a rule option (--option).
OWN_FLAGS = {"players": "--players", "content_overrides": "--content-override FILE", "scenario": ""}
RULE_OPTIONS: tuple[str, ...] = tuple(
    f.name for f in msgspec.structs.fields(VerraterConfig) if f.name not in OWN_FLAGS
)


def default_bot() -> str:
    """The bot used when none is named: the heuristic one if installed, else random."""
    return "heuristic" if "heuristic" in agent_names() else "random"


def plan_seats(
    players: int | None,
    seats: str | None = None,
    humans: int | None = None,
    names: str | None = None,
) -> list[Seat]:
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


class Session(Table):
    """One game of Verräter being played: the shared table, and its Verräter questions."""

    # -- making ----------------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        seats: Sequence[Seat],
        seed: int | None = None,
        save_path: Path | None = None,
        **options: Any,
    ) -> Self:
        """A new game for ``seats`` under the rule ``options``, saved at once."""
        return cls.new(load_game("verrater", players=len(seats), **options), seats, seed, save_path)

    @classmethod
    def resume(
        cls,
        path: Path,
        save_path: Path | None = None,
        *,
        bot: str | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Self:
        """Continue the game saved in ``path`` (seats, names and rules come from the record; a
        record that names no seats gets a person at seat 0 and ``bot``, the default bot).

        ``options`` (rule options, content overrides) are only checked: one that differs from
        the record's own is refused, since the saved moves were played under the record's rules.
        """
        record = load_record(path)
        game = load_stored_game(record.game, record.config)
        if not isinstance(game, VerraterGame):
            raise InvalidConfig(f"{path} holds a game of {record.game}, not Verräter", code="unknown_game")
        if options:
            _refuse_other_options(game, options)
        return super().resume(path, save_path, bot=bot or default_bot())

    # -- asking ----------------------------------------------------------------------------------
    @property
    def game(self) -> VerraterGame:
        game = self.match.game
        assert isinstance(game, VerraterGame)  # a Session is only ever made for Verräter
        return game

    @property
    def tables(self) -> Tables:
        """The game's public lookup tables (conflict values, VP circles, limits)."""
        return self.game.ctx.tables

    @property
    def type_names(self) -> dict[str, str]:
        """Each landscape type's name as the content pack prints it ("woods" is "Woods")."""
        return {t.id: t.name for t in self.game.content.data.landscape_types}

    @property
    def events(self) -> list[Event]:
        """Every event so far, unredacted: the log redacts them for its viewer."""
        return self.match.events()

    def rule_changes(self) -> dict[str, Any]:
        """The rule options in play that are not the rulebook's defaults (all public)."""
        return rule_changes(self.game)

    def overridden_values(self) -> tuple[str, ...]:
        """Content paths whose values come from the player's own override file."""
        return tuple(self.game.content.overridden_paths)

    def observe(self, viewer: Viewer) -> VerraterObservation:
        """What ``viewer`` sees of the game now."""
        observation = self.match.view(viewer, since=self.match.version).observation
        assert isinstance(observation, VerraterObservation)
        return observation

    def legal_actions(self, seat: int) -> Sequence[Action]:
        return self.match.legal_actions(seat)
