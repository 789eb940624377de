"""Verräter wired into the Game protocol: one table from decision to rule (RULES §9)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import msgspec

from turncoat.core.actions import Action, Event, Viewer
from turncoat.core.content import ContentPack
from turncoat.core.engine import ConfiguredGame, Outcome, Transition
from turncoat.core.errors import IllegalAction, InvalidConfig, MalformedAction, NotYourDecision
from turncoat.games.verrater import log
from turncoat.games.verrater.actions import (
    Build,
    ChooseConflictSite,
    CommitSupply,
    Convert,
    DiscardSupply,
    FinishCommitting,
    KeepRole,
    Move,
    PlaceEstate,
    SkipBuilding,
    VerraterAction,
)
from turncoat.games.verrater.components import RING_SIZE, ROLES, VerraterContent, build_tables, load_content
from turncoat.games.verrater.config import FORMER_DEFAULTS, VerraterConfig
from turncoat.games.verrater.context import Ctx, Events
from turncoat.games.verrater.determinize import determinize
from turncoat.games.verrater.events import GameSetUp
from turncoat.games.verrater.notation import describe
from turncoat.games.verrater.observe import VerraterObservation, observe
from turncoat.games.verrater.phases import builder, commit, conflict_site, draft, setup, supply
from turncoat.games.verrater.phases.round_end import final_scores, trading_post_points, winners
from turncoat.games.verrater.state import (
    BUILD,
    CHOOSE_SITE,
    COMMIT,
    DISCARD,
    DRAFT,
    OVER,
    PLACE_ESTATE,
    STEP_NUMBER,
    Draft,
    State,
)
from turncoat.games.verrater.timeout import timeout_action

if TYPE_CHECKING:
    from turncoat.games.verrater.heuristics import HeuristicPolicy
    from turncoat.games.verrater.present import VerraterPresentation
    from turncoat.games.verrater.report import VerraterReport

RULES_VERSION = "verrater-1998/1"

Resolver = Callable[[Ctx, Draft, int, Any, Events], None]


class Rule(msgspec.Struct, frozen=True):
    """A decision: the step it belongs to, its rulebook section and how it resolves."""

    action: type[Action]
    step: str
    ref: str
    resolve: Resolver


RULES: tuple[Rule, ...] = (
    Rule(
        PlaceEstate,
        PLACE_ESTATE,
        setup.RULE_FIRST_ESTATES,
        lambda c, d, p, a, o: setup.resolve_place_estate(c, d, p, a.landscape, o),
    ),
    Rule(
        ChooseConflictSite,
        CHOOSE_SITE,
        conflict_site.RULE,
        lambda c, d, p, a, o: conflict_site.resolve_choose_conflict_site(c, d, p, a.boundary, o),
    ),
    Rule(KeepRole, DRAFT, draft.RULE, lambda c, d, p, a, o: draft.resolve_keep_role(c, d, p, a.role, o)),
    Rule(
        CommitSupply,
        COMMIT,
        commit.RULE,
        lambda c, d, p, a, o: commit.resolve_commit_supply(c, d, p, a.value, o),
    ),
    Rule(
        FinishCommitting,
        COMMIT,
        commit.RULE,
        lambda c, d, p, a, o: commit.resolve_finish_committing(c, d, p, o),
    ),
    Rule(Build, BUILD, builder.RULE, builder.resolve_build),
    Rule(Convert, BUILD, builder.RULE, builder.resolve_convert),
    Rule(Move, BUILD, builder.RULE, builder.resolve_move),
    Rule(SkipBuilding, BUILD, builder.RULE, builder.resolve_skip_building),
    Rule(
        DiscardSupply,
        DISCARD,
        supply.RULE_DRAW,
        lambda c, d, p, a, o: supply.resolve_discard_supply(c, d, p, a.value, o),
    ),
)
RULE_FOR: dict[type[Action], Rule] = {r.action: r for r in RULES}
STEP_RULE = {r.step: r.ref for r in RULES}

# Actions are immutable, so the common ones are made once.
_PLACE = tuple(PlaceEstate(i) for i in range(RING_SIZE))
_SITE = tuple(ChooseConflictSite(i) for i in range(RING_SIZE))
_KEEP = {r: KeepRole(r) for r in ROLES}
_COMMIT = {v: CommitSupply(v) for v in range(0, 20)}
_DISCARD = {v: DiscardSupply(v) for v in range(0, 20)}
_FINISH = FinishCommitting()
_NOBODY: frozenset[int] = frozenset()


class VerraterGame(ConfiguredGame[VerraterConfig]):
    """The Verräter rules engine (3-4 players)."""

    name: ClassVar[str] = "verrater"
    title: ClassVar[str] = "Verräter"
    rules_version: ClassVar[str] = RULES_VERSION
    config_type: ClassVar[type[Any]] = VerraterConfig
    former_defaults: ClassVar[Mapping[str, Any]] = FORMER_DEFAULTS
    action_type: Any = VerraterAction

    def __init__(self, config: VerraterConfig) -> None:
        if config.players not in (3, 4):
            raise InvalidConfig("Verräter is for 3 or 4 players", code="bad_players", rule="RULES §8")
        if config.rounds is not None and config.rounds < 1:
            raise InvalidConfig("rounds must be at least 1", code="bad_rounds", rule="RULES §5")
        super().__init__(config)
        self.content: ContentPack[VerraterContent] = load_content(config.content_overrides)
        self.ctx = Ctx(config=config, tables=build_tables(self.content.data))
        setup.validate_scenario(self.ctx)
        self._seats = tuple(frozenset({p}) for p in range(config.players))
        # States are immutable, so the legal list of the state last asked about can be reused
        # when the same state is then applied (the usual bot and UI pattern).
        self._last_legal: tuple[State | None, int, tuple[VerraterAction, ...]] = (None, -1, ())

    # -- the protocol --------------------------------------------------------------------------
    def start(self, seed: int) -> Transition[State]:
        state, events = setup.set_up(self.ctx, seed)
        return Transition(state, tuple(events))

    def new_initial_state(self, seed: int) -> State:
        return self.start(seed).state

    def to_act(self, state: State) -> frozenset[int]:
        if state.step == OVER:
            return _NOBODY
        return self._seats[state.actor]

    def legal_actions(self, state: State, player: int) -> Sequence[VerraterAction]:
        last = self._last_legal  # one read: safe if several threads share this engine
        if last[0] is state and last[1] == player:
            return last[2]
        legal = tuple(self._legal_actions(state, player))
        self._last_legal = (state, player, legal)
        return legal

    def _legal_actions(self, state: State, player: int) -> Sequence[VerraterAction]:
        if state.step == OVER or player != state.actor:
            return ()
        ctx = self.ctx
        step = state.step
        if step == COMMIT:
            return [_FINISH, *(_COMMIT[v] for v in commit.legal_commits(ctx, state, player))]
        if step == DRAFT:
            return [_KEEP[r] for r in draft.legal_roles(ctx, state, player)]
        if step == CHOOSE_SITE:
            return [_SITE[i] for i in conflict_site.legal_conflict_sites(ctx, state, player)]
        if step == BUILD:
            return builder.legal_builder_actions(ctx, state, player)
        if step == DISCARD:
            return [_DISCARD[v] for v in supply.legal_discards(ctx, state, player)]
        return [_PLACE[i] for i in setup.legal_place_estate(ctx, state, player)]

    def apply(self, state: State, player: int, action: VerraterAction) -> Transition[State]:
        rule = RULE_FOR.get(type(action))
        if rule is None:
            raise MalformedAction(f"{action!r} is not a Verräter action", code="unknown_action")
        if state.step == OVER:
            raise NotYourDecision("the game is over", code="game_over", rule="RULES §6")
        if player != state.actor:
            raise NotYourDecision(
                f"seat {player} cannot act now: seat {state.actor} must decide "
                f"(step {STEP_NUMBER[state.step]}, {state.step.replace('_', ' ')})",
                code="not_your_turn",
                rule=STEP_RULE[state.step],
            )
        if rule.step != state.step:
            raise IllegalAction(
                f"{describe(action)} is not possible now: the game is at "
                f"{state.step.replace('_', ' ')} (step {STEP_NUMBER[state.step]})",
                code="wrong_step",
                rule=STEP_RULE[state.step],
            )
        if action not in self.legal_actions(state, player):
            raise self._refusal(state, player, action)
        draft_state = Draft.of(state)
        events: Events = []
        rule.resolve(self.ctx, draft_state, player, action, events)
        return Transition(draft_state.freeze(), tuple(events))

    def _refusal(self, state: State, player: int, action: VerraterAction) -> IllegalAction:
        """Explain why a well-formed action of the right step is not legal."""
        match action:
            case PlaceEstate(landscape=i):
                return setup.refuse_place_estate(state, i)
            case ChooseConflictSite(boundary=b):
                return conflict_site.refuse_conflict_site(state, b)
            case KeepRole(role=r):
                return draft.refuse_keep_role(state, r)
            case CommitSupply(value=v):
                return commit.refuse_commit(self.ctx, state, player, v)
            case DiscardSupply(value=v):
                return supply.refuse_discard(state, player, v)
            case Build() | Convert() | Move() | SkipBuilding():
                return builder.refuse_builder_action(self.ctx, state, player, action)
        return IllegalAction(f"{describe(action)} is not legal now", code="illegal", rule="RULES §5")

    def observe(self, state: State, viewer: Viewer) -> VerraterObservation:
        return observe(self.ctx, state, viewer)

    def outcome(self, state: State) -> Outcome | None:
        if state.step != OVER:
            return None
        scores = final_scores(self.ctx, state)
        return Outcome(
            scores=tuple(float(v) for v in scores),
            winners=winners(scores),
            details={
                "conquest": list(state.conquest_vp),
                "roles": list(state.role_vp),
                "trading_posts": [trading_post_points(self.ctx, state, p) for p in range(state.players)],
                "rounds_played": state.round,
            },
        )

    def determinize(self, state: State, viewer: int, seed: int) -> State:
        return determinize(self.ctx, state, viewer, seed)

    def default_action(self, state: State, player: int) -> VerraterAction:
        """What a seat that runs out of time does: the least consequential legal choice of its
        kind of decision (timeout.py; never the Traitor while another card is in the packet)."""
        legal = self.legal_actions(state, player)
        if not legal:
            raise NotYourDecision(f"seat {player} has no decision now", code="not_your_turn")
        return timeout_action(self.ctx, state, player, legal)

    def describe_action(self, action: VerraterAction) -> str:
        return describe(action)

    def render_log(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[str]:
        """The game log in English, showing only what ``viewer`` may see."""
        shown = log.visible(events, viewer, omniscient)
        types = next((e.types for e in shown if isinstance(e, GameSetUp)), ())
        return [line for e in shown if (line := log.describe_event(e, types)) is not None]

    def round_summaries(
        self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False
    ) -> list[dict[str, Any]]:
        return log.round_summaries(events, viewer, omniscient)

    def render_summary(
        self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False
    ) -> list[str]:
        """One line per round: site, roles (once revealed), strengths, winners, VP (seats as
        "seat N"; players read the same lines with their names through present.py)."""
        events = list(events)
        types = next((e.types for e in events if isinstance(e, GameSetUp)), ())
        rounds = log.round_summaries(events, viewer, omniscient)
        return [log.seat_words(log.summary_line(r, types)) for r in rounds]

    # -- optional hooks used by bots and learning environments (imported lazily) ---------------

    def heuristic_policy(self) -> HeuristicPolicy:
        """A rule-of-thumb bot that decides from one seat's observation (see heuristics.py)."""
        from turncoat.games.verrater.heuristics import HeuristicPolicy  # lazy: bots only

        return HeuristicPolicy(self)

    def evaluate(self, state: State) -> tuple[float, ...] | None:
        """Estimated final scores at the start of a round (or the final ones), else None."""
        from turncoat.games.verrater.evaluation import evaluate

        return evaluate(self.ctx, state)

    def balance_report(self) -> VerraterReport:
        """Balance facts per game and what the balance report says (see report.py)."""
        from turncoat.games.verrater.report import VerraterReport  # lazy: the simulator only

        return VerraterReport(self)

    def presentation(self) -> VerraterPresentation:
        """Every word players read and how decisions are offered (see present.py)."""
        from turncoat.games.verrater.present import VerraterPresentation  # lazy: frontends only

        return VerraterPresentation(self)

    def rl_encoding(self) -> Any:
        """Fixed action enumeration and observation vectors for learning environments."""
        from turncoat.games.verrater.encoding import VerraterEncoding

        return VerraterEncoding(self.ctx)
