"""Fall of the Empire: Treaty Skirmish wired into the Game protocol (RULES §6, our adaptation)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from turncoat.core import deals
from turncoat.core.actions import Action, Event, Viewer
from turncoat.core.capabilities import RolloutPolicy
from turncoat.core.content import ContentPack
from turncoat.core.engine import ConfiguredGame, Outcome, Transition
from turncoat.core.errors import IllegalAction, MalformedAction, NotYourDecision
from turncoat.games.treaty_skirmish import log
from turncoat.games.treaty_skirmish.actions import (
    DiscardTreaty,
    GiveNoTreaty,
    MoveShips,
    Pass,
    Retreat,
    SkirmishAction,
)
from turncoat.games.treaty_skirmish.components import (
    SkirmishContent,
    build_board,
    load_content,
    numbers,
    seating,
)
from turncoat.games.treaty_skirmish.config import TreatySkirmishConfig, validate_config
from turncoat.games.treaty_skirmish.context import Ctx, Events
from turncoat.games.treaty_skirmish.determinize import determinize
from turncoat.games.treaty_skirmish.observe import SkirmishObservation, observe
from turncoat.games.treaty_skirmish.phases import rules, setup
from turncoat.games.treaty_skirmish.state import DISCARD_TREATY, OVER, State

if TYPE_CHECKING:
    from turncoat.games.treaty_skirmish.heuristics import SkirmishHeuristic
    from turncoat.games.treaty_skirmish.present import SkirmishPresentation
    from turncoat.games.treaty_skirmish.report import SkirmishReport

RULES_VERSION = "treaty-skirmish-adaptation/1"
TITLE = "Fall of the Empire: Treaty Skirmish (adaptation)"

_NOBODY: frozenset[int] = frozenset()
_ACTION_TYPES = tuple(SkirmishAction.__args__)


class TreatySkirmishGame(ConfiguredGame[TreatySkirmishConfig]):
    """The Treaty Skirmish rules engine (4–6 players): an adaptation of the secret-treaty
    mechanic of TI3's "Fall of the Empire" scenario, not the published game."""

    name: ClassVar[str] = "treaty_skirmish"
    title: ClassVar[str] = TITLE
    rules_version: ClassVar[str] = RULES_VERSION
    config_type: ClassVar[type[Any]] = TreatySkirmishConfig
    former_defaults: ClassVar[Mapping[str, Any]] = {}
    action_type: Any = SkirmishAction

    def __init__(self, config: TreatySkirmishConfig) -> None:
        validate_config(config)
        super().__init__(config)
        self.content: ContentPack[SkirmishContent] = load_content(config.content_overrides)
        board = build_board(seating(config.players))
        self.ctx = Ctx(config=config, n=numbers(self.content.data), board=board)
        self._seats = tuple(frozenset({p}) for p in range(config.players))
        # States are immutable, so the legal list of the state last asked about can be reused
        # when the same state is then applied (the usual bot and UI pattern).
        self._last_legal: tuple[State | None, int, tuple[SkirmishAction, ...]] = (None, -1, ())

    # -- the protocol --------------------------------------------------------------------------
    def start(self, seed: int) -> Transition[State]:
        state, events = setup.set_up(self.ctx, seed)
        state = rules.play_forced(self.ctx, state, events)
        return Transition(state, tuple(events))

    def new_initial_state(self, seed: int) -> State:
        return self.start(seed).state

    def to_act(self, state: State) -> frozenset[int]:
        if state.step == OVER:
            return _NOBODY
        return self._seats[state.actor]

    def legal_actions(self, state: State, player: int) -> Sequence[SkirmishAction]:
        last = self._last_legal  # one read: safe if several threads share this engine
        if last[0] is state and last[1] == player:
            return last[2]
        legal = tuple(rules.legal_actions(self.ctx, state, player))
        self._last_legal = (state, player, legal)
        return legal

    def apply(self, state: State, player: int, action: SkirmishAction) -> Transition[State]:
        if not isinstance(action, _ACTION_TYPES):
            raise MalformedAction(f"{action!r} is not a Treaty Skirmish action", code="unknown_action")
        if state.step == OVER:
            raise NotYourDecision("the game is over", code="game_over", rule="RULES §6.5")
        if player != state.actor:
            raise NotYourDecision(
                f"seat {player} cannot act now: seat {state.actor} must decide "
                f"({state.step.replace('_', ' ')})",
                code="not_your_turn",
                rule="RULES §6.4",
            )
        if action not in self.legal_actions(state, player):
            raise IllegalAction(
                f"{log.describe_action(action)} is not possible now ({state.step.replace('_', ' ')})",
                code="illegal",
                rule="RULES §6.4",
            )
        events: Events = []
        next_state = rules.resolve(self.ctx, state, player, action, events)
        next_state = rules.play_forced(self.ctx, next_state, events)
        return Transition(next_state, tuple(events))

    def observe(self, state: State, viewer: Viewer) -> SkirmishObservation:
        return observe(self.ctx, state, viewer)

    def outcome(self, state: State) -> Outcome | None:
        result = state.result
        if state.step != OVER or result is None:
            return None
        scores = tuple(1.0 if p in result.winners else 0.0 for p in range(state.players))
        return Outcome(
            scores=scores,
            winners=result.winners,
            details={
                "reason": result.reason,
                "primary": list(result.primary),
                "allies": {str(w): list(a) for w, a in result.allies},
                "treaty_traitors": list(result.traitors),
                "objectives": list(state.objectives),
                "races": list(state.races),
                "rounds_played": state.round,
            },
        )

    def determinize(self, state: State, viewer: int, seed: int) -> State:
        return determinize(self.ctx, state, viewer, seed)

    def default_action(self, state: State, player: int) -> SkirmishAction:
        """What a seat that runs out of time does: pass, move the fewest ships, retreat, give
        no treaty, discard the card just received; never a gift."""
        legal = [a for a in self.legal_actions(state, player) if not isinstance(a, deals.Give)]
        if not legal:
            raise NotYourDecision(f"seat {player} has no decision now", code="not_your_turn")
        if state.step == DISCARD_TREATY and state.treaties.pending is not None:
            card = state.treaties.pending.card
            return DiscardTreaty(card.faction, card.number)
        for kind in (Pass, GiveNoTreaty, Retreat, MoveShips):
            for a in legal:
                if isinstance(a, kind):
                    return a
        return legal[0]

    def describe_action(self, action: SkirmishAction) -> str:
        return log.describe_action(action)

    def render_log(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[str]:
        """The game log in English, showing only what ``viewer`` may see."""
        return [log.text(line) for line in log.lines(events, viewer, omniscient=omniscient)]

    def render_summary(
        self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False
    ) -> list[str]:
        return [log.text(line) for line in log.summary(events, viewer, omniscient=omniscient)]

    def round_summaries(
        self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False
    ) -> list[dict[str, Any]]:
        return log.round_summaries(events, viewer, omniscient=omniscient)

    # -- optional capabilities -----------------------------------------------------------------
    def presentation(self) -> SkirmishPresentation:
        """Every word players read and how decisions are offered (see present.py)."""
        from turncoat.games.treaty_skirmish.present import SkirmishPresentation  # lazy: frontends only

        return SkirmishPresentation(self)

    def heuristic_policy(self) -> SkirmishHeuristic:
        """The rule-of-thumb bot (``core.capabilities.HasHeuristic``), from a seat's observation."""
        from turncoat.games.treaty_skirmish.heuristics import SkirmishHeuristic  # lazy: bots only

        return SkirmishHeuristic(self)

    def evaluate(self, state: State) -> tuple[float, ...] | None:
        """Each seat's estimated chance to win at the first action of a round (``evaluation``)."""
        from turncoat.games.treaty_skirmish.evaluation import evaluate  # lazy: search only

        return evaluate(self.ctx, state)

    def rollout_policy(self) -> RolloutPolicy:
        """A cheap playout policy for search: random decisions without gifts (``evaluation``)."""
        from turncoat.games.treaty_skirmish.evaluation import rollout_policy  # lazy: search only

        return rollout_policy

    def balance_report(self) -> SkirmishReport:
        """Balance facts per game and what the balance report says (see report.py)."""
        from turncoat.games.treaty_skirmish.report import SkirmishReport  # lazy: the simulator only

        return SkirmishReport(self)


__all__ = ["TITLE", "Action", "TreatySkirmishGame"]
