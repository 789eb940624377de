"""A game at a terminal table (every table, generic or a game's own skin): the game in progress,
its seats, its bots, its file.

The full state stays inside :class:`~turncoat.play.GameInProgress`; this module adds who sits
where, the bots' randomness, and the record saved (atomically) after every move, so closing the
terminal loses nothing and ``--resume`` continues the same position.
"""

from __future__ import annotations

import getpass
import os
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

import msgspec

from turncoat.agents import Agent, SeatView, agent_names, make_agent
from turncoat.agents.base import agents_for, check_fits
from turncoat.core.actions import Action, Event, Viewer
from turncoat.core.engine import Game, Outcome
from turncoat.core.errors import InvalidConfig
from turncoat.core.present import presentation_of
from turncoat.core.record import GameRecord, load_record, save_record
from turncoat.core.registry import load_game, load_stored_game
from turncoat.core.rng import derive_seed
from turncoat.play import GameInProgress, View

HUMAN = "human"
NAME_MAX = 24  # characters: a name fits the seat panels and the log's lines
# Settings with a flag of their own, never given as --option.
OWN_FLAGS = {"players": "--players", "content_overrides": "--content-override FILE"}


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: ``human`` or an agent name, and the name shown at the table."""

    kind: str
    name: str

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


def data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "turncoat" / "games"


def default_save_path(game: str) -> Path:
    return data_dir() / f"{game}-{time.strftime('%Y%m%d-%H%M%S')}.json"


def plan_seats(
    players: int,
    seats: str | None = None,
    humans: int | None = None,
    names: str | None = None,
    *,
    bot: str = "random",
) -> list[Seat]:
    """Seat kinds and names from the command-line options (raises InvalidConfig when they clash).

    ``seats`` is a comma list of ``human`` or agent names; without it ``humans`` people (one by
    default) take the first seats and ``bot`` the rest.  ``names`` names every seat when it
    has as many names as seats, otherwise the people in order.
    """
    known = set(agent_names())
    if seats is not None:
        kinds = [k.strip() for k in seats.split(",") if k.strip()]
        if humans is not None and humans != sum(k == HUMAN for k in kinds):
            raise InvalidConfig("--humans does not match --seats", code="bad_seats")
    else:
        h = 1 if humans is None else humans
        if not 0 <= h <= players:
            raise InvalidConfig(f"--humans must be between 0 and {players}", code="bad_seats")
        kinds = [HUMAN] * h + [bot] * (players - h)
    if len(kinds) != players:
        raise InvalidConfig(f"{len(kinds)} seats given for {players} players", code="bad_seats")
    for k in kinds:
        if k != HUMAN and k.partition(":")[0] not in known:
            raise InvalidConfig(
                f"unknown seat kind {k!r} (use human or one of: {', '.join(sorted(known))})",
                code="bad_seats",
            )
    given = [n.strip() for n in (names or "").split(",") if n.strip()]
    everyone = len(given) == len(kinds)
    human_names = iter([] if everyone else given)
    out: list[Seat] = []
    for seat, kind in enumerate(kinds):
        if everyone:
            name = given[seat]
        elif kind == HUMAN:
            name = next(human_names, f"Player {seat + 1}")
        else:
            name = f"Bot {seat + 1}"
        out.append(Seat(kind, name))
    if len({s.name for s in out}) != len(out):
        raise InvalidConfig("every seat needs a different name", code="bad_names")
    return out


def check_name(name: str, others: Sequence[str]) -> str:
    """``name`` as the table will show it (spaces trimmed), or InvalidConfig saying why it
    cannot be: empty, too long, with a control character, or the name of another seat (in
    any case: "ann" and "Ann" would read as one person)."""
    name = name.strip()
    if not name:
        raise InvalidConfig("a name cannot be empty", code="bad_names")
    if len(name) > NAME_MAX:
        raise InvalidConfig(f"a name has at most {NAME_MAX} characters", code="bad_names")
    if not name.isprintable():
        raise InvalidConfig("a name cannot hold tabs or control characters", code="bad_names")
    if name.casefold() in {o.casefold() for o in others}:
        raise InvalidConfig(f"{name} is already the name of another seat", code="bad_names")
    return name


def login_name() -> str | None:
    """The name the person is logged in under on this computer, if it can be told."""
    try:
        return getpass.getuser() or None
    except (KeyError, OSError):  # no user in the environment nor in the password database
        return None


def parse_options(items: Sequence[str]) -> dict[str, str]:
    """``--option key=value`` items by name.  The values stay text: the game's own option parsing
    turns them into numbers or flags and refuses a name or value its rules do not know."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = (part.strip() for part in item.partition("="))
        if not sep or not key:
            raise InvalidConfig(f"--option {item!r} must look like key=value", code="bad_config")
        if key in OWN_FLAGS:
            raise InvalidConfig(f"use {OWN_FLAGS[key]}, not --option {key}", code="bad_config")
        out[key] = value
    return out


def new_game(name: str, players: int | None, options: Mapping[str, Any]) -> Game[Any, Any, Any]:
    """The game ``name`` for ``players`` seats (its own default count when None)."""
    settings = dict(options) if players is None else {**options, "players": players}
    return load_game(name, **settings)


def seats_of(raw: object, players: int, *, bot: str = "random") -> list[Seat]:
    """The seats a record's ``meta`` names; a record from elsewhere (a bot match) names none,
    and gets one person at seat 0 and ``bot`` in the others."""
    if raw is None:
        return plan_seats(players, humans=1, bot=bot)
    if not (
        isinstance(raw, list)
        and len(raw) == players
        and all(
            isinstance(s, dict) and isinstance(s.get("kind"), str) and isinstance(s.get("name"), str)
            for s in raw
        )
    ):
        raise InvalidConfig(
            f"the record's seats are damaged (expected {players} seats with a kind and a name)",
            code="bad_record",
        )
    return [Seat(s["kind"], s["name"]) for s in raw]


def seated_agents(game: Game[Any, Any, Any], seats: Sequence[Seat]) -> dict[int, Agent]:
    """The bots of ``seats`` by seat number; a bot that cannot play this game (it needs what the
    game does not offer, such as rules of thumb) is refused before the game starts, naming the
    kinds of seat this game has."""
    agents: dict[int, Agent] = {}
    for i, seat in enumerate(seats):
        if seat.human:
            continue
        agent = make_agent(seat.kind)
        try:
            check_fits(agent, game)
        except InvalidConfig as exc:
            kinds = ", ".join(agents_for(game))
            title = presentation_of(game).title
            raise InvalidConfig(
                f"seat {i + 1} cannot be a {seat.kind} bot: {exc.message}; "
                f"a seat at {title} is human or one of: {kinds}",
                code="bad_seats",
            ) from exc
        agents[i] = agent
    return agents


class Table:
    """One game being played at the terminal: the game in progress, its seats and its file."""

    def __init__(self, match: GameInProgress, seats: Sequence[Seat], save_path: Path | None) -> None:
        self.match = match
        self.seats = list(seats)
        self.save_path = save_path
        self._agents = seated_agents(match.game, self.seats)

    # -- making ----------------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: Game[Any, Any, Any],
        seats: Sequence[Seat],
        seed: int | None = None,
        save_path: Path | None = None,
    ) -> Self:
        if len(seats) != game.num_players():
            raise InvalidConfig(
                f"{len(seats)} seats given for {game.num_players()} players", code="bad_seats"
            )
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        match = GameInProgress.start(
            game,
            seed,
            title=f"{presentation_of(game).title} at the terminal, seed {seed}",
            seats=[{"kind": s.kind, "name": s.name} for s in seats],
        )
        table = cls(match, seats, save_path)
        table.save()
        return table

    @classmethod
    def resume(cls, path: Path, save_path: Path | None = None, *, bot: str = "random") -> Self:
        """Continue the game saved in ``path``: game, rules, seats and names come from the record
        (one that names no seats gets a person at seat 0 and ``bot`` in the others)."""
        record = load_record(path)
        match = GameInProgress.from_record(load_stored_game(record.game, record.config), record)
        players = match.game.num_players()
        seats = seats_of(record.meta.get("seats"), players, bot=bot)
        table = cls(match, seats, save_path or path)
        if save_path is not None:
            table.save()  # the new file holds the game from the start, before the next move
        return table

    # -- asking ----------------------------------------------------------------------------------
    @property
    def record(self) -> GameRecord:
        return self.match.record

    @property
    def players(self) -> int:
        return self.match.game.num_players()

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def to_act(self) -> int | None:
        """The seat whose decision comes next (the lowest, when several decide at once)."""
        seats = self.match.to_act()
        return min(seats) if seats else None

    def view(self, viewer: Viewer) -> View:
        return self.match.view(viewer)

    def outcome(self) -> Outcome | None:
        return self.match.outcome()

    def seat_view(self, seat: int) -> SeatView:
        return self.match.seat_view(seat)

    def bot_rng(self, seat: int) -> random.Random:
        """A bot's randomness for this decision: reproducible, and the same after a resume."""
        return random.Random(derive_seed(self.record.seed, "tui-agent", seat, self.match.version))

    def agent(self, seat: int) -> Agent:
        return self._agents[seat]

    # -- acting ----------------------------------------------------------------------------------
    def rename(self, seat: int, name: str) -> None:
        """Seat the person at ``seat`` under the name they gave, before the first move; the
        record keeps it (a resumed game and its replay call them so).  InvalidConfig, and
        nothing changed, for a bot's seat, a game already begun or a name ``check_name``
        refuses."""
        if not 0 <= seat < len(self.seats) or not self.seats[seat].human:
            raise InvalidConfig(f"seat {seat + 1} is not a person's", code="bad_names")
        if self.record.actions:
            raise InvalidConfig("names are chosen before the first move", code="bad_names")
        name = check_name(name, [s.name for i, s in enumerate(self.seats) if i != seat])
        self.seats[seat] = Seat(HUMAN, name)
        seats = [{"kind": s.kind, "name": s.name} for s in self.seats]
        self.match.record = msgspec.structs.replace(self.record, meta={**self.record.meta, "seats": seats})
        self.save()

    def submit(
        self, seat: int, actions: Sequence[Action], *, finish: Action | None = None
    ) -> tuple[Event, ...]:
        """Play one move of ``seat`` (one action, or a set's picks and its finish), all or none,
        and save the record; the engine's RulesError, and nothing changed, when it is refused."""
        events = self.match.submit(seat, actions, finish=finish)
        self.save()
        return events

    def save(self) -> None:
        if self.save_path is None:
            return
        self.save_path.parent.mkdir(parents=True, exist_ok=True)
        save_record(self.record, self.save_path)
