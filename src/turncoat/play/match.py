"""A game in progress: the only holder of its full state.

Everything outside asks it for one viewer's :class:`~turncoat.play.view.View`, or for a
:class:`~turncoat.agents.SeatView` to hand a bot; nobody else reads the state.  Every accepted
action is appended to the record, so the record always replays to the state held here.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import msgspec

from turncoat.agents import SeatView
from turncoat.core.actions import Action, Event, PlayerId, Viewer
from turncoat.core.engine import Game, Outcome
from turncoat.core.errors import NotYourDecision, RulesError
from turncoat.core.present import Line, Presentation, presentation_of
from turncoat.core.record import GameRecord, append_action, new_record, replay, state_digest
from turncoat.core.registry import load_stored_game
from turncoat.core.serialize import canonical_json
from turncoat.play.view import View


class SubmissionRefused(RulesError):
    """One action of a submission was refused; none of them was played."""

    kind = "illegal"

    def __init__(self, index: int, cause: RulesError) -> None:
        self.index = index
        self.cause = cause
        super().__init__(
            f"move {index + 1} of the submission was refused: {cause.message}",
            code=cause.code,
            rule=cause.rule,
        )


class GameInProgress:
    """One game being played: game, state, record and the events of every step."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        record: GameRecord,
        state: Any,
        steps: list[tuple[Event, ...]],
        first_step: int = 0,
    ):
        self.game = game
        self.record = record
        self.__state = state
        # steps[i]: the events of step first_step + i; step 0 is the setup, step v action v.
        self.steps = steps
        # 0, unless the game was recovered from a snapshot (``recover``): then the record and
        # the steps start at that version, and what came before is not known here.
        self.first_step = first_step
        # What the log's lines may draw on besides the steps held: the setup, for a recovered
        # game whose setup is known (``recover``); the steps themselves otherwise.
        self.context: tuple[Event, ...] = ()
        self.face: Presentation = presentation_of(game)

    # -- making ----------------------------------------------------------------------------------
    @classmethod
    def start(cls, game: Game[Any, Any, Any], seed: int, **meta: Any) -> GameInProgress:
        started = game.start(seed)
        return cls(game, new_record(game, seed, **meta), started.state, [tuple(started.events)])

    @classmethod
    def resume(cls, record: GameRecord) -> GameInProgress:
        """The game a stored record holds, under the rules it was played with."""
        return cls.from_record(load_stored_game(record.game, record.config), record)

    @classmethod
    def from_record(cls, game: Game[Any, Any, Any], record: GameRecord) -> GameInProgress:
        """Replay ``record`` (raises ReplayDivergence naming the first step that does not)."""
        result = replay(game, record)
        steps = [tuple(result.initial_events), *(tuple(s.events) for s in result.steps)]
        return cls(game, record, result.final_state, steps)

    @classmethod
    def recover(
        cls,
        game: Game[Any, Any, Any],
        seed: int,
        version: int,
        state_json: str,
        *,
        setup_known: bool = False,
    ) -> GameInProgress:
        """The game from a ``snapshot`` taken at ``version``: its record holds only the actions
        played after it, and its log starts there.  ``setup_known``: the rules and content are
        the ones the game began with, so starting it again gives its setup, which the log's
        lines may draw on (its own lines are not shown: the log starts at ``version``)."""
        started = game.start(seed)
        state = msgspec.json.decode(state_json.encode(), type=type(started.state))
        recovered = cls(game, new_record(game, seed), state, [()], first_step=version)
        recovered.context = tuple(started.events) if setup_known else ()
        return recovered

    def fork(self) -> GameInProgress:
        """A copy to try moves on: the original stays as it is whatever the copy plays (the
        server plays a move on a fork and keeps it only once the move is stored)."""
        twin = copy.copy(self)
        twin.steps = list(self.steps)
        return twin

    # -- asking ----------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """How many actions have been played."""
        return self.first_step + len(self.record.actions)

    def snapshot(self) -> tuple[str, str]:
        """The state as canonical JSON and its digest: what a server stores to recover from
        (``recover``) and hands a bot's worker process.  Never shown to a player."""
        return canonical_json(self.__state).decode(), state_digest(self.__state)

    def to_act(self) -> frozenset[PlayerId]:
        return self.game.to_act(self.__state)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.__state)

    def legal_actions(self, seat: PlayerId) -> Sequence[Action]:
        return self.game.legal_actions(self.__state, seat)

    def default_action(self, seat: PlayerId) -> Action:
        """The least consequential move, played for a seat whose time ran out."""
        action: Action = self.game.default_action(self.__state, seat)
        return action

    def seat_view(self, seat: PlayerId) -> SeatView:
        """What a bot at ``seat`` may use (never the state itself)."""
        return SeatView(self.game, self.__state, seat)

    def events(self, first_step: int = 0) -> list[Event]:
        """Every event from step ``first_step`` on (unredacted: for the engine's own use)."""
        return [e for step in self.steps[max(0, first_step - self.first_step) :] for e in step]

    def view(self, viewer: Viewer, since: int = -1, *, omniscient: bool = False) -> View:
        """What ``viewer`` may see now.  ``since`` is the version it already has (-1: none), so
        ``log`` holds only its new lines; ``omniscient`` is the post-game review."""
        game, state, face = self.game, self.__state, self.face
        observation = game.observe(state, viewer)
        legal = game.legal_actions(state, viewer) if viewer is not None else ()
        outcome = game.outcome(state)
        return View(
            viewer=viewer,
            version=self.version,
            step=face.step_title(observation),
            observation=observation,
            decisions=face.decisions(observation, legal) if legal else (),
            log=self._log_since(since, viewer, omniscient),
            full=since < 0,
            panels=face.panels(observation),
            to_act=tuple(sorted(game.to_act(state))),
            outcome=outcome,
            scores=face.score_table(outcome) if outcome is not None else None,
        )

    def _log_since(self, since: int, viewer: Viewer, omniscient: bool) -> tuple[Line, ...]:
        """The viewer's log lines for the steps after version ``since``.

        The setup is rendered with them and its own lines dropped: a game's lines may draw on
        what the setup said (Verräter names each landscape's type from it).
        """
        face = self.face
        if self.first_step == 0:
            setup = list(self.steps[0])
            if since < 0:
                return tuple(face.log(setup + self.events(1), viewer, omniscient=omniscient))
        else:  # recovered: the setup, where known, only as context; the log starts later
            setup = list(self.context)
        known = len(face.log(setup, viewer, omniscient=omniscient))
        lines = face.log(setup + self.events(since + 1), viewer, omniscient=omniscient)
        return tuple(lines[known:])

    # -- acting ----------------------------------------------------------------------------------
    def apply(self, seat: PlayerId, action: Action) -> tuple[Event, ...]:
        """Play one action; the engine's RulesError, and nothing changed, if it is refused."""
        return self.submit(seat, (action,))

    def submit(
        self, seat: PlayerId, actions: Sequence[Action], *, finish: Action | None = None
    ) -> tuple[Event, ...]:
        """Play several actions of one seat as one move (a ``set`` decision): all or none.

        Each is checked against the position the previous ones made; the first refusal raises
        :class:`SubmissionRefused` naming it, and the game stays as it was.  ``finish`` (the
        decision's closing action) is played after them while the seat still has it to play:
        picks that fill the room or empty the hand may already have ended the decision.
        """
        if not actions and finish is None:
            raise NotYourDecision("a submission needs at least one action", code="no_action")
        state, record, new_steps = self.__state, self.record, []
        moves = [*actions, *((finish,) if finish is not None else ())]
        for index, action in enumerate(moves):
            closing = finish is not None and index == len(moves) - 1
            if closing and action not in self.game.legal_actions(state, seat):
                break  # the picks already closed the decision
            try:
                transition = self.game.apply(state, seat, action)
            except RulesError as exc:
                if len(moves) == 1:
                    raise
                raise SubmissionRefused(index, exc) from exc
            state = transition.state
            record = append_action(record, seat, action)
            new_steps.append(tuple(transition.events))
        self.__state, self.record = state, record
        self.steps.extend(new_steps)
        return tuple(e for step in new_steps for e in step)
