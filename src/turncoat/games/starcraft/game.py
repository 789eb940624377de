"""StarCraft wired into the Game protocol: setup (RULES §5-§6) and the round (§7-§17) with its
battles (§13), registered as ``starcraft``, with a heuristic bot (``heuristics``) and an evaluation
for search (``evaluation``) (docs/starcraft.md, "Status").

The protocol methods are here: ``start`` / ``new_initial_state``, ``to_act``, ``legal_actions``,
``apply``, ``observe``, ``determinize``, ``render_log``, ``outcome`` and ``describe_action``.
Each step's decision is a row of ``STEP_RULES`` (its action, section and resolver); forced steps
happen inside the resolvers, and an order that is over (``STEP_EXECUTION`` with nobody to act, the
combat seam of docs/starcraft.md) is closed by ``_proceed``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from turncoat.core.actions import Event, Viewer
from turncoat.core.content import ContentPack
from turncoat.core.engine import ConfiguredGame, Outcome, Transition
from turncoat.core.errors import IllegalAction, InvalidConfig, MalformedAction, NotYourDecision
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import log, summary
from turncoat.games.starcraft.components import (
    Content,
    StarcraftContent,
    ValueNote,
    invented_values,
)
from turncoat.games.starcraft.config import StarcraftConfig, validate_config
from turncoat.games.starcraft.context import Ctx, Events, build_tables
from turncoat.games.starcraft.determinize import determinize
from turncoat.games.starcraft.evaluation import VALUED_STEPS, evaluate
from turncoat.games.starcraft.heuristics import StarcraftHeuristic
from turncoat.games.starcraft.observe import StarcraftObservation, observe
from turncoat.games.starcraft.overrides import load_with_overrides
from turncoat.games.starcraft.phases import (
    build,
    event_effects,
    execution,
    mobilize,
    planning,
    regrouping,
    research,
    setup,
)
from turncoat.games.starcraft.phases import combat as K
from turncoat.games.starcraft.phases import combat_actions as KA
from turncoat.games.starcraft.phases import galaxy_building as G
from turncoat.games.starcraft.state import (
    BATTLE_CARDS,
    BATTLE_CASUALTY,
    BATTLE_FRONT_LINE,
    BATTLE_PAIR,
    BATTLE_RETREAT,
    BATTLE_RETREAT_UNIT,
    BATTLE_SKIRMISH,
    BATTLE_SPLASH,
    BATTLE_START,
    BATTLE_STEPS,
    BATTLE_SUPPORT,
    BATTLE_WITHDRAW,
    BUILD,
    CHOOSE_CELL,
    CHOOSE_FACTION,
    CHOOSE_PLANET,
    CHOOSE_ROTATION,
    DESTROY,
    DISCARD,
    EXECUTE_OR_EVENT,
    MOBILIZE,
    MOVE_Z_END,
    MOVE_Z_ROUTE,
    NOBODY,
    OVER,
    PAY,
    PLACE_BASE,
    PLACE_TRANSPORT,
    PLACE_UNIT,
    PLACE_Z_MAJOR,
    PLACE_Z_MINOR,
    PLAN_TOKEN,
    PLANNING,
    PLAY_EVENT,
    RESEARCH_BONUS,
    RESEARCH_DRAW,
    RESEARCH_TECH,
    ROUND_STEPS,
    STEP_EXECUTION,
    RouteEnd,
    State,
    Unit,
)
from turncoat.games.starcraft.timeout import timeout_action

if TYPE_CHECKING:
    from turncoat.games.starcraft.present import StarcraftPresentation

# /1: technologies can be bought, event cards have their placeholder effects, an eliminated seat's
# event cards leave the game unseen: records of /0 replay differently, so they are refused by name.
RULES_VERSION = "scbg-core-rules+content-packs/1"
Move = A.StarcraftAction | KA.CombatAction  # every decision: setup's, the round's and a battle's

Resolver = Callable[[Ctx, State, Any, Events], State]

# The decision each step waits for: its action, its rulebook section and how it resolves.
ActionKind = type[Move] | tuple[type[Move], ...]
STEP_RULES: dict[str, tuple[ActionKind, str, Resolver]] = {
    CHOOSE_FACTION: (
        A.ChooseFaction,
        setup.RULE_FACTIONS,
        lambda c, s, a, o: setup.resolve_choose_faction(c, s, a.faction, o),
    ),
    CHOOSE_PLANET: (
        A.ChoosePlanet,
        G.RULE_PLACEMENT,
        lambda c, s, a, o: G.resolve_choose_planet(c, s, a.planet, o),
    ),
    CHOOSE_CELL: (
        A.ChooseCell,
        G.RULE_PLACEMENT,
        lambda c, s, a, o: G.resolve_choose_cell(c, s, (a.x, a.y), o),
    ),
    CHOOSE_ROTATION: (
        A.ChooseRotation,
        G.RULE_ROUTES,
        lambda c, s, a, o: G.resolve_choose_rotation(c, s, a.rotation, o),
    ),
    PLACE_BASE: (A.PlaceBase, G.RULE_PLACEMENT, lambda c, s, a, o: G.resolve_place_base(c, s, a.area, o)),
    PLACE_Z_MAJOR: (
        A.PlaceZAxisEnd,
        G.RULE_Z_AXIS,
        lambda c, s, a, o: G.resolve_place_z_end(c, s, RouteEnd(a.planet, a.side), o),
    ),
    PLACE_Z_MINOR: (
        A.PlaceZAxisEnd,
        G.RULE_Z_AXIS,
        lambda c, s, a, o: G.resolve_place_z_end(c, s, RouteEnd(a.planet, a.side), o),
    ),
    PLACE_UNIT: (
        A.PlaceStartingUnit,
        G.RULE_FORCES,
        lambda c, s, a, o: G.resolve_place_unit(c, s, a.area, o),
    ),
    PLACE_TRANSPORT: (
        A.PlaceStartingTransport,
        G.RULE_FORCES,
        lambda c, s, a, o: G.resolve_place_transport(c, s, a.route, o),
    ),
}

# -- the round (§8-§17) ----------------------------------------------------------------------------


def _resolve_mobilize(c: Ctx, s: State, a: A.StarcraftAction, o: Events) -> State:
    if isinstance(a, A.MoveUnit):
        return mobilize.resolve_move(c, s, a, o)
    if isinstance(a, A.LiftOff):
        return mobilize.resolve_lift_off(c, s, a, o)
    return mobilize.resolve_end_move(c, s, o)


ROUND_RULES: dict[str, tuple[ActionKind, str, Resolver]] = {
    PLANNING: (
        A.ChooseOrderPlanet,
        planning.RULE_PLANNING,
        lambda c, s, a, o: planning.resolve_choose_order_planet(c, s, a.planet, o),
    ),
    PLAN_TOKEN: (
        A.PlaceOrder,
        planning.RULE_PLANNING,
        lambda c, s, a, o: planning.resolve_place_order(c, s, a.kind, a.special, o),
    ),
    STEP_EXECUTION: (
        (A.RevealOrder, A.VoluntaryDestruction),
        execution.RULE_EXECUTION,
        lambda c, s, a, o: execution.resolve_reveal(c, s, a.planet, o)
        if isinstance(a, A.RevealOrder)
        else execution.begin_destruction(c, s, o),
    ),
    DESTROY: (
        (A.DestroyPiece, A.DestroyNothing),
        execution.RULE_EXECUTION,
        lambda c, s, a, o: execution.resolve_destroy(c, s, a if isinstance(a, A.DestroyPiece) else None, o),
    ),
    EXECUTE_OR_EVENT: (
        A.ExecuteOrder,
        execution.RULE_EXECUTION,
        lambda c, s, a, o: execution.resolve_execute_or_event(c, s, a.execute, o),
    ),
    BUILD: (
        (A.BuildWorker, A.BuildTransport, A.BuildUnit, A.BuyBuilding, A.BuyModule, A.BuildBase, A.EndBuild),
        build.RULE_BUILD,
        build.resolve_build_choice,
    ),
    PAY: (A.Pay, "RULES §11", build.resolve_pay),
    MOBILIZE: ((A.MoveUnit, A.LiftOff, A.EndMove), mobilize.RULE_MOBILIZE, _resolve_mobilize),
    RESEARCH_DRAW: (
        A.DrawCombatCards,
        research.RULE_RESEARCH,
        lambda c, s, a, o: research.resolve_research_draw(c, s, a.draw, o),
    ),
    MOVE_Z_ROUTE: (
        A.PlaceZAxisEnd,
        event_effects.RULE_EVENT_EFFECTS,
        lambda c, s, a, o: event_effects.resolve_pick_z_route(c, s, RouteEnd(a.planet, a.side), o),
    ),
    MOVE_Z_END: (
        A.PlaceZAxisEnd,
        event_effects.RULE_EVENT_EFFECTS,
        lambda c, s, a, o: event_effects.resolve_move_z_end(c, s, RouteEnd(a.planet, a.side), o),
    ),
    RESEARCH_TECH: (
        A.BuyTechnology,
        research.RULE_RESEARCH,
        lambda c, s, a, o: research.resolve_buy_technology(c, s, a.technology, o),
    ),
    RESEARCH_BONUS: (
        A.ResearchBonus,
        research.RULE_SPECIAL,
        lambda c, s, a, o: research.resolve_research_bonus(c, s, a.to_hand, o),
    ),
    PLAY_EVENT: (
        A.PlayEvent,
        regrouping.RULE_REGROUPING,
        lambda c, s, a, o: regrouping.resolve_play_event(c, s, a.card, o),
    ),
    DISCARD: (
        A.DiscardCard,
        regrouping.RULE_REGROUPING,
        lambda c, s, a, o: regrouping.resolve_discard(c, s, a.card, o),
    ),
}
STEP_RULES.update(ROUND_RULES)


def round_options(ctx: Ctx, state: State) -> tuple[A.StarcraftAction, ...]:
    """The legal decisions of a round step (§8-§17)."""
    step = state.step
    if step == PLANNING:
        return tuple(A.ChooseOrderPlanet(p) for p in planning.legal_order_planets(ctx, state))
    if step == PLAN_TOKEN:
        return tuple(A.PlaceOrder(k, sp) for k, sp in planning.legal_order_tokens(ctx, state))
    if step == STEP_EXECUTION:
        reveals = tuple(A.RevealOrder(p) for p in execution.legal_reveals(ctx, state))
        return reveals + ((A.VoluntaryDestruction(),) if execution.can_destroy(ctx, state) else ())
    if step == DESTROY:
        return (*execution.legal_destructions(ctx, state), A.DestroyNothing())
    if step == EXECUTE_OR_EVENT:
        return (A.ExecuteOrder(True), A.ExecuteOrder(False))
    if step == BUILD:
        return build.legal_build_options(ctx, state)
    if step == PAY:
        return build.legal_payments(ctx, state)
    if step == MOBILIZE:
        return mobilize.legal_moves(ctx, state)
    if step == RESEARCH_DRAW:
        return (A.DrawCombatCards(True), A.DrawCombatCards(False))
    if step == RESEARCH_TECH:
        return (*(A.BuyTechnology(t) for t in research.legal_technologies(ctx, state)), A.BuyTechnology(None))
    if step == RESEARCH_BONUS:
        return research.legal_research_bonus(ctx, state)
    if step == PLAY_EVENT:
        return tuple(A.PlayEvent(c) for c in regrouping.legal_event_plays(ctx, state))
    if step == MOVE_Z_ROUTE:
        return tuple(A.PlaceZAxisEnd(e.planet, e.side) for e in event_effects.movable_z_ends(ctx, state))
    if step == MOVE_Z_END and state.z_major is not None:
        ends = event_effects.z_end_destinations(ctx, state, state.z_major)
        return tuple(A.PlaceZAxisEnd(e.planet, e.side) for e in ends)
    if step == DISCARD:
        return tuple(A.DiscardCard(c) for c in regrouping.legal_discards(ctx, state))
    return ()


# == Combat (RULES §13): the battle's decisions ==================================================
# A unit in a decision is the actor's (a pair names one unit of each side).


def _own(state: State, kind: str, cloaked: bool) -> Unit:
    return Unit(owner=state.actor, kind=kind, cloaked=cloaked)


def _pair(c: Ctx, s: State, a: Any, o: Events) -> State:
    b = s.battle
    assert b is not None
    attacker = Unit(owner=b.attacker, kind=a.attacker, cloaked=a.attacker_cloaked)
    defender = Unit(owner=b.defender, kind=a.defender, cloaked=a.defender_cloaked)
    return K.resolve_pair_skirmish(c, s, attacker, defender, o)


STEP_RULES.update(
    {
        BATTLE_START: (
            A.PlayEvent,
            "RULES §13.2 step 2",
            lambda c, s, a, o: K.resolve_start_ability(c, s, a.card, o),
        ),
        BATTLE_FRONT_LINE: (
            KA.ChooseFrontLine,
            K.RULE_PAIRING,
            lambda c, s, a, o: K.resolve_choose_front_line(c, s, _own(s, a.unit, a.cloaked), o),
        ),
        BATTLE_PAIR: (KA.PairSkirmish, K.RULE_PAIRING, _pair),
        BATTLE_SUPPORT: (
            KA.AssignSupport,
            K.RULE_SUPPORT,
            lambda c, s, a, o: K.resolve_assign_support(c, s, a.skirmish, o),
        ),
        BATTLE_CARDS: (
            KA.PlaceCombatCards,
            K.RULE_CARDS,
            lambda c, s, a, o: K.resolve_place_combat_cards(c, s, a.standard, a.reinforcement, o),
        ),
        BATTLE_SKIRMISH: (
            KA.ResolveSkirmish,
            K.RULE_BATTLE,
            lambda c, s, a, o: K.resolve_resolve_skirmish(c, s, a.skirmish, o),
        ),
        BATTLE_CASUALTY: (
            KA.ChooseCasualty,
            K.RULE_SKIRMISH,
            lambda c, s, a, o: K.resolve_choose_casualty(c, s, _own(s, a.unit, a.cloaked), o),
        ),
        BATTLE_WITHDRAW: (
            KA.WithdrawTo,
            K.RULE_CLOAKING,
            lambda c, s, a, o: K.resolve_withdraw_to(c, s, a.area, o),
        ),
        BATTLE_SPLASH: (
            KA.ChooseCasualty,
            K.RULE_SPLASH,
            lambda c, s, a, o: K.resolve_splash_casualty(c, s, _own(s, a.unit, a.cloaked), o),
        ),
        BATTLE_RETREAT_UNIT: (
            KA.ChooseRetreatingUnit,
            K.RULE_RETREAT,
            lambda c, s, a, o: K.resolve_choose_retreating_unit(c, s, _own(s, a.unit, a.cloaked), o),
        ),
        BATTLE_RETREAT: (
            KA.RetreatTo,
            K.RULE_RETREAT,
            lambda c, s, a, o: K.resolve_retreat_to(c, s, a.area, o),
        ),
    }
)


def combat_options(ctx: Ctx, state: State) -> tuple[Any, ...]:
    """The legal decisions of a battle step (RULES §13.2), from ``phases/combat.py``."""
    step, b = state.step, state.battle
    if b is None:
        return ()
    if step == BATTLE_START:
        return tuple(A.PlayEvent(c) for c in K.legal_start_abilities(ctx, state))
    if step == BATTLE_FRONT_LINE:
        return tuple(KA.ChooseFrontLine(u.kind, u.cloaked) for u in K.legal_front_line(ctx, state))
    if step == BATTLE_PAIR:
        return tuple(
            KA.PairSkirmish(a.kind, d.kind, a.cloaked, d.cloaked) for a, d in K.legal_pairs(ctx, state)
        )
    if step == BATTLE_SUPPORT:
        return tuple(KA.AssignSupport(i) for i in K.legal_support(ctx, state))
    if step == BATTLE_CARDS:
        return tuple(KA.PlaceCombatCards(s, r) for s, r in K.legal_card_placements(ctx, state))
    if step == BATTLE_SKIRMISH:
        return tuple(KA.ResolveSkirmish(i) for i in K.legal_skirmishes(ctx, state))
    if step == BATTLE_CASUALTY:
        return tuple(KA.ChooseCasualty(u.kind, u.cloaked) for u in b.picks[0].candidates)
    if step == BATTLE_WITHDRAW:
        return tuple(KA.WithdrawTo(a) for a in K.withdrawal_areas(ctx, state))
    if step == BATTLE_SPLASH:
        return tuple(KA.ChooseCasualty(u.kind, u.cloaked) for u in K.splash_candidates(ctx, state))
    if step == BATTLE_RETREAT_UNIT:
        return tuple(KA.ChooseRetreatingUnit(u.kind, u.cloaked) for u in K.legal_retreating_units(ctx, state))
    if step == BATTLE_RETREAT:
        return tuple(KA.RetreatTo(a) for a in K.legal_retreat_areas(ctx, state))
    return ()


def describe_combat_action(ctx: Ctx, action: Any) -> str | None:
    """Plain words for a battle decision (None: not a battle decision)."""

    def unit(kind: str, cloaked: bool = False) -> str:
        return f"cloaked {log.unit_name(ctx, kind)}" if cloaked else log.unit_name(ctx, kind)

    def area(a: str) -> str:
        return log.area_name(ctx, a) if a in ctx.t.area else a

    match action:
        case KA.ChooseFrontLine(unit=u, cloaked=c):
            return f"put the {unit(u, c)} in the front line"
        case KA.PairSkirmish(attacker=a, defender=d, attacker_cloaked=ac, defender_cloaked=dc):
            return f"pair the {unit(a, ac)} with the enemy {unit(d, dc)}"
        case KA.AssignSupport(skirmish=i):
            return f"support skirmish {i + 1}"
        case KA.PlaceCombatCards(standard=None):
            return "play the top card of the combat deck, blind"
        case KA.PlaceCombatCards(standard=str(c), reinforcement=None):
            return f"play {log.card_name(ctx, c)} face down"
        case KA.PlaceCombatCards(standard=str(c), reinforcement=str(r)):
            return f"play {log.card_name(ctx, c)} with {log.card_name(ctx, r)} face down"
        case KA.ResolveSkirmish(skirmish=i):
            return f"resolve skirmish {i + 1}"
        case KA.ChooseCasualty(unit=u, cloaked=c):
            return f"lose the {unit(u, c)}"
        case KA.WithdrawTo(area=a):
            return f"withdraw to {area(a)}"
        case KA.ChooseRetreatingUnit(unit=u, cloaked=c):
            return f"retreat the {unit(u, c)}"
        case KA.RetreatTo(area=a):
            return f"retreat to {area(a)}"
    return None


class StarcraftGame(ConfiguredGame[StarcraftConfig]):
    """The StarCraft engine: content packs, options, state, setup, galaxy building, the round and
    combat."""

    name: ClassVar[str] = "starcraft"
    title: ClassVar[str] = "StarCraft: The Board Game"
    rules_version: ClassVar[str] = RULES_VERSION
    config_type: ClassVar[type[Any]] = StarcraftConfig
    action_type: Any = Move

    def __init__(self, config: StarcraftConfig) -> None:
        validate_config(config)
        super().__init__(config)
        self.loaded: Content = load_with_overrides(config)
        self.ctx = Ctx(config=config, content=self.loaded, t=build_tables(self.loaded))
        self.content: ContentPack[StarcraftContent] = self.loaded.pack()
        self._last_options: tuple[State, tuple[Move, ...]] | None = None
        self._check_content_fits()

    def _check_content_fits(self) -> None:
        """§6.1 step 1: enough planets for two each; pinned planets must exist."""
        t, n = self.ctx.t, self.config.players
        per = self.loaded.data.rules.planets_per_player.value
        if len(t.planet_ids) < per * n:
            raise InvalidConfig(
                f"{n} players need {per * n} planets; the content has {len(t.planet_ids)}",
                code="bad_players",
                rule="RULES §6.1",
            )
        sc = self.config.scenario
        if sc is not None and sc.planet_draws is not None:
            unknown = sorted({p for d in sc.planet_draws for p in d} - set(t.planet_ids))
            if unknown:
                raise InvalidConfig(
                    f"scenario planet_draws names unknown planets: {', '.join(unknown)}",
                    code="bad_scenario",
                    rule="RULES §6.1",
                )

    # -- setup ---------------------------------------------------------------------------------

    def start(self, seed: int) -> Transition[State]:
        events: Events = []
        state = setup.start_state(self.ctx, seed, events)
        state = self._settle(self._proceed(state, events), events)
        return Transition(state, tuple(events))

    def new_initial_state(self, seed: int) -> State:
        return self.start(seed).state

    def _proceed(self, state: State, events: Events) -> State:
        """§5 steps 3-7: once every seat has a faction, the event deck, the planet draws and the
        first placement."""
        if state.step == CHOOSE_FACTION and state.actor == NOBODY:
            state = setup.build_deck_step(self.ctx, state, events)
            state = G.draw_planets(self.ctx, state, events)
            state = G.begin_placement(self.ctx, state, events)
        # -- the round: the first Planning phase, and an order over (a battle's too, §9) --
        if state.step == PLANNING and state.actor == NOBODY:
            state = planning.begin_planning(self.ctx, state, events)
        while state.step == STEP_EXECUTION and state.actor == NOBODY and state.active_order is not None:
            state = execution.end_order(self.ctx, state, events)
        return state

    def _settle(self, state: State, events: Events) -> State:
        """Forced steps resolve at once: a decision with a single choice is not asked (the first
        planet's cell, the last planet of a seat, a lone legal reveal, a battle's only pairing, ...)."""
        while state.step in STEP_RULES and state.actor != NOBODY:
            options = self._options(state)
            if len(options) != 1:
                return state
            state = self._proceed(self._resolve(state, options[0], events), events)
        return state

    # -- the protocol ------------------------------------------------------------------------------

    def to_act(self, state: State) -> frozenset[int]:
        """The seat facing the current decision (none once the game is over)."""
        if state.step != OVER and state.actor != NOBODY:
            return frozenset({state.actor})
        return frozenset()

    def legal_actions(self, state: State, player: int) -> Sequence[Move]:
        if player not in self.to_act(state):
            return ()
        return self._options(state)

    def _options(self, state: State) -> tuple[Move, ...]:
        """The legal decisions at ``state``; the last answer is kept, since ``legal_actions``,
        ``apply``'s check and ``_settle`` ask about the same state in turn (states never change)."""
        last = self._last_options
        if last is not None and last[0] is state:
            return last[1]
        options = self._compute_options(state)
        self._last_options = (state, options)
        return options

    def _compute_options(self, state: State) -> tuple[Move, ...]:
        ctx, step = self.ctx, state.step
        if step == CHOOSE_FACTION:
            return tuple(A.ChooseFaction(f) for f in setup.legal_factions(ctx, state))
        if step == CHOOSE_PLANET:
            return tuple(A.ChoosePlanet(p) for p in G.legal_planets(ctx, state))
        if step == CHOOSE_CELL:
            return tuple(A.ChooseCell(x, y) for x, y in G.legal_cells(ctx, state))
        if step == CHOOSE_ROTATION:
            return tuple(A.ChooseRotation(r) for r in G.legal_rotations(ctx, state))
        if step == PLACE_BASE:
            return tuple(A.PlaceBase(a) for a in G.legal_base_areas(ctx, state))
        if step in (PLACE_Z_MAJOR, PLACE_Z_MINOR):
            return tuple(A.PlaceZAxisEnd(e.planet, e.side) for e in G.legal_z_ends(ctx, state))
        if step == PLACE_UNIT:
            return tuple(A.PlaceStartingUnit(a) for a in G.legal_unit_areas(ctx, state))
        if step == PLACE_TRANSPORT:
            return tuple(A.PlaceStartingTransport(r) for r in G.legal_transport_routes(ctx, state))
        if step in ROUND_STEPS:
            return round_options(ctx, state)
        if step in BATTLE_STEPS:
            return combat_options(ctx, state)
        return ()

    def _resolve(self, state: State, action: Move, events: Events) -> State:
        _, _, resolve = STEP_RULES[state.step]
        return resolve(self.ctx, state, action, events)

    def apply(self, state: State, player: int, action: Move) -> Transition[State]:
        if not isinstance(action, Move):
            raise MalformedAction(f"{action!r} is not a StarCraft action", code="unknown_action")
        if player not in self.to_act(state):
            raise NotYourDecision(
                f"seat {player} cannot act now ({state.step.replace('_', ' ')})",
                code="not_your_turn",
                rule=STEP_RULES[state.step][1] if state.step in STEP_RULES else "RULES §16",
            )
        kind, rule, _ = STEP_RULES[state.step]
        if not isinstance(action, kind):
            raise IllegalAction(
                f"{self.describe_action(action)} is not possible now: the game is at "
                f"{state.step.replace('_', ' ')}",
                code="wrong_step",
                rule=rule,
            )
        if action not in self._options(state):
            why = (
                research.refusal(self.ctx, state, action.technology)
                if isinstance(action, A.BuyTechnology)
                else ""
            )
            raise IllegalAction(
                f"{self.describe_action(action)} is not allowed here{why}", code="illegal", rule=rule
            )
        events: Events = []
        state = self._settle(self._proceed(self._resolve(state, action, events), events), events)
        return Transition(state, tuple(events))

    def observe(self, state: State, viewer: Viewer) -> StarcraftObservation:
        """§21.3: what ``viewer`` (a seat, or None for a spectator) may see."""
        return observe(self.ctx, state, viewer, self.to_act(state))

    def determinize(self, state: State, viewer: int, seed: int) -> State:
        """§21.3: every hidden card re-dealt consistently with what ``viewer`` knows."""
        return determinize(self.ctx, state, viewer, seed)

    def evaluate(self, state: State) -> tuple[float, ...] | None:
        """Each seat's estimated chance to win, at the start of a round's Planning (``evaluation``)."""
        if state.step not in VALUED_STEPS:  # most positions of a playout, asked at every step
            return None
        return evaluate(self.ctx, state)

    def heuristic_policy(self) -> StarcraftHeuristic:
        """The rule-of-thumb bot (``core.capabilities.HasHeuristic``), from a seat's observation."""
        return StarcraftHeuristic(self)

    def render_log(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[str]:
        """The game log in English, showing only what ``viewer`` may see."""
        return [log.text(said) for said in log.lines(self.ctx, events, viewer, omniscient=omniscient)]

    def outcome(self, state: State) -> Outcome | None:
        """§16: once the game is over, the winners share the win (scores 1/k each, 0 otherwise);
        §16.4 [RULING] a game its last players left together may end with no winner (all 0)."""
        if state.step != OVER:
            return None
        share = 1.0 / len(state.winners) if state.winners else 0.0
        return Outcome(
            scores=tuple(share if s in state.winners else 0.0 for s in range(state.players)),
            winners=state.winners,
            details={"victory": state.victory, "cp": [p.cp for p in state.seats], "rounds": state.round},
        )

    def describe_action(self, action: Move) -> str:
        """Plain words for one decision (the log's own lines come with the log module)."""
        t = self.ctx.t
        said = describe_combat_action(self.ctx, action)
        if said is not None:
            return said
        match action:
            case A.ChooseFaction(faction=f):
                return f"take {t.faction[f].leader.value}" if f in t.faction else f"take {f}"
            case A.ChoosePlanet(planet=p):
                return f"place {t.planet[p].name.value}" if p in t.planet else f"place {p}"
            case A.ChooseCell(x=x, y=y):
                return f"put it at ({x}, {y})"
            case A.ChooseRotation(rotation=r):
                return f"turn it {r * 90} degrees"
            case A.PlaceBase(area=None):
                return "keep the base for the second planet"
            case A.PlaceBase(area=a):
                return f"put the base in {a}"
            case A.PlaceZAxisEnd(planet=p, side=s):
                return f"plug a z-axis end into {p} {s}"
            case A.PlaceStartingUnit(area=a):
                return f"put the next unit in {a}"
            case A.PlaceStartingTransport(route=r):
                return f"put the transport on route {r}"
            case A.ChooseOrderPlanet(planet=p):
                return f"order on {p}"
            case A.PlaceOrder(kind=k, special=sp):
                return f"place a {'special ' if sp else ''}{k} order"
            case A.RevealOrder(planet=p):
                return f"reveal your order on {p}"
            case A.ExecuteOrder(execute=e):
                return "execute it" if e else "take the event option"
            case A.BuildWorker():
                return "build a worker"
            case A.BuildTransport(route=r):
                return f"build a transport on route {r}"
            case A.BuildUnit(unit=u, area=a):
                return f"build a {u} in {a}"
            case A.BuyBuilding(building=b):
                return f"buy the next level of {b}"
            case A.BuyModule(module=m):
                return f"buy a {m} module"
            case A.BuildBase(area=a):
                return f"build a base in {a}"
            case A.EndBuild():
                return "build nothing more"
            case A.Pay(source=src, kind=k, area=a):
                return f"pay 1 {k} from {src} {a}".rstrip()
            case A.MoveUnit(unit=u, source=f, to=dest):
                return f"move a {u} from {f} to {dest}"
            case A.LiftOff(source=f, to=dest):
                return f"lift the base off from {f} to {dest}"
            case A.EndMove():
                return "end the move"
            case A.DrawCombatCards(draw=d):
                return "draw 3 combat cards" if d else "draw no combat cards"
            case A.BuyTechnology(technology=None):
                return "buy no technology"
            case A.BuyTechnology(technology=str(tech)):
                return f"buy the technology {tech}"
            case A.ResearchBonus(to_hand=h):
                return "take a copy of the technology into hand" if h else "draw the extra event card"
            case A.PlayEvent(card=None):
                return "resolve no event card"
            case A.PlayEvent(card=c):
                return f"resolve {c}"
            case A.DiscardCard(card=c):
                return f"discard {c}"
            case A.VoluntaryDestruction():
                return "destroy one of your pieces"
            case A.DestroyPiece(piece=piece, place=place, unit=u):
                return f"destroy your {u or piece} in {place}"
            case A.DestroyNothing():
                return "destroy nothing"
        return repr(action)  # pragma: no cover - every action is matched above

    def round_summaries(
        self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False
    ) -> list[dict[str, Any]]:
        """Per round: first player, battles, CP scored and the end (``summary``)."""
        return summary.round_summaries(events, viewer, omniscient)

    def render_summary(
        self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False
    ) -> list[str]:
        """One line per round (seats as "Player N")."""
        rounds = summary.round_summaries(events, viewer, omniscient)
        return [log.text(said) for said in summary.summary_lines(self.ctx, rounds)]

    def default_action(self, state: State, player: int) -> Move:
        """What a seat that runs out of time does: the least committal legal action of its
        decision (``timeout``; docs/starcraft.md, "When a clock runs out")."""
        legal = self.legal_actions(state, player)
        if not legal:
            raise NotYourDecision(f"seat {player} has no decision now", code="not_your_turn")
        chosen: Move = timeout_action(legal)
        return chosen

    def presentation(self) -> StarcraftPresentation:
        """Every word players read and how decisions are offered (see present.py)."""
        from turncoat.games.starcraft.present import StarcraftPresentation  # lazy: frontends only

        return StarcraftPresentation(self)

    # -- content in play ---------------------------------------------------------------------------

    def packs_used(self) -> tuple[str, ...]:
        """§3: the packs this game is played with (``id@digest``), as its records store them."""
        return tuple(f"{p.id}@{p.digest[:12]}" for p in self.loaded.packs)

    def invented_in_play(self, state: State) -> tuple[ValueNote, ...]:
        """§3 / GAPS §3: the invented values the table in ``state`` uses: the drawn and placed
        planets, the factions and races in play, their combat cards, the event deck, the rules."""
        planets = {p.id for p in state.galaxy} | {p for s in state.seats for p in s.planets}
        factions = {s.faction for s in state.seats if s.faction}
        races = {s.race for s in state.seats if s.race}
        t = self.ctx.t
        records = {"rules"}
        records |= {f"planets.{p}" for p in planets}
        records |= {f"factions.{f}" for f in factions}
        records |= {f"races.{r}" for r in races}
        records |= {f"units.{u}" for u, d in t.unit.items() if d.race in races}
        records |= {f"buildings.{b.id}" for b in self.loaded.data.buildings if b.race in races}
        records |= {f"combat_cards.{c}" for r in races for c in t.combat_deck[r]}
        records |= {f"technologies.{c}" for r in races for c in t.tech_deck[r]}
        records |= {f"event_cards.{e}" for e in set(state.event_deck) | set(state.event_discard)}
        # §17: drawn, unread cards and cards kept face up in a play area are in play too
        held = {e for s in state.seats for e in (*s.pending_events, *s.play_area) if e in t.event_card}
        records |= {f"event_cards.{e}" for e in held}
        records |= {f"modules.{m.id}" for m in self.loaded.data.modules if races & set(m.races)}
        return invented_values(self.loaded, records)

    # -- learning environments -----------------------------------------------------------------------

    def rl_encoding(self) -> Any:
        """Fixed action enumeration and observation vectors for learning environments."""
        from turncoat.games.starcraft.encoding import StarcraftEncoding  # lazy: learning only

        return StarcraftEncoding(self)

    def balance_report(self) -> Any:
        """Balance facts per game and what the balance report says (see report.py)."""
        from turncoat.games.starcraft.report import StarcraftReport  # lazy: the simulator only

        return StarcraftReport(self)


def new_game(**options: Any) -> StarcraftGame:
    """A configured engine (the registry's factory, once the game is playable)."""
    return StarcraftGame.from_options(**options)
