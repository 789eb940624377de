"""A game at the table: engine, state, record, seats — no drawing here.

The session holds the only copy of the full state.  Screens ask it for one seat's observation,
the legal actions of the seat to act and the log redacted for a viewer; they never read the
state itself.  Every accepted action is appended to the record and the record is saved at once
(atomically), so closing the terminal loses nothing.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from turncoat.agents import Agent, SeatView, agent_names, make_agent
from turncoat.core.actions import Action, Event, Viewer
from turncoat.core.engine import Outcome
from turncoat.core.errors import InvalidConfig
from turncoat.core.record import GameRecord, append_action, load_record, new_record, replay, save_record
from turncoat.core.registry import load_game
from turncoat.core.rng import derive_seed
from turncoat.games.verrater.actions import VerraterAction
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.observe import VerraterObservation

HUMAN = "human"


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a seat: ``human`` or an agent name, and the name shown at the table."""

    kind: str
    name: str

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


def default_bot() -> str:
    """The bot used when none is named: the heuristic one if installed, else random."""
    return "heuristic" if "heuristic" in agent_names() else "random"


def data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "turncoat" / "games"


def default_save_path() -> Path:
    return data_dir() / f"verrater-{time.strftime('%Y%m%d-%H%M%S')}.json"


def plan_seats(
    players: int | None,
    seats: str | None = None,
    humans: int | None = None,
    names: str | None = None,
) -> list[SeatSpec]:
    """Seat kinds and names from the command-line options (raises InvalidConfig when they clash).

    ``seats`` is a comma list of ``human`` or agent names; ``humans`` puts that many humans in the
    first seats and the default bot elsewhere.  ``names`` name every seat when there are as many
    names as seats, otherwise the human seats in order.
    """
    known = set(agent_names())
    if seats is not None:
        kinds = [k.strip() for k in seats.split(",") if k.strip()]
        if humans is not None and humans != sum(k == HUMAN for k in kinds):
            raise InvalidConfig("--humans does not match --seats", code="bad_seats")
    else:
        count = 4 if players is None else players
        h = 1 if humans is None else humans
        if not 0 <= h <= count:
            raise InvalidConfig(f"--humans must be between 0 and {count}", code="bad_seats")
        kinds = [HUMAN] * h + [default_bot()] * (count - h)
    if players is not None and len(kinds) != players:
        raise InvalidConfig(f"{len(kinds)} seats given for {players} players", code="bad_seats")
    if len(kinds) not in (3, 4):
        raise InvalidConfig("Verräter is for 3 or 4 players", code="bad_players")
    for k in kinds:
        if k != HUMAN and k.partition(":")[0] not in known:
            raise InvalidConfig(
                f"unknown seat kind {k!r} (use human or one of: {', '.join(sorted(known))})",
                code="bad_seats",
            )
    given = [n.strip() for n in (names or "").split(",") if n.strip()]
    out: list[SeatSpec] = []
    human_names = iter(given if len(given) != len(kinds) else [])
    for seat, kind in enumerate(kinds):
        if len(given) == len(kinds):
            name = given[seat]
        elif kind == HUMAN:
            name = next(human_names, f"Player {seat + 1}")
        else:
            name = f"Bot {seat + 1}"  # the players panel shows which bot
        out.append(SeatSpec(kind, name))
    if len({s.name for s in out}) != len(out):
        raise InvalidConfig("every seat needs a different name", code="bad_names")
    return out


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
    def resume(cls, path: Path, save_path: Path | None = None) -> Session:
        """Continue the game saved in ``path`` (seats and names come from the record)."""
        record = load_record(path)
        game = load_game(record.game, **record.config)
        if not isinstance(game, VerraterGame):
            raise InvalidConfig(f"cannot play {record.game} in the terminal yet", code="unknown_game")
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
