"""Rex wired into the Game protocol (RULES §4-§14), registered as ``rex``.

docs/rex.md says what is built, which values are estimated and which readings are options.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn

import msgspec

from turncoat.core import deals
from turncoat.core.actions import Event, Viewer
from turncoat.core.content import ContentPack
from turncoat.core.engine import ConfiguredGame, Outcome, Transition
from turncoat.core.errors import IllegalAction, MalformedAction, NotYourDecision
from turncoat.games.rex import actions as A
from turncoat.games.rex import log
from turncoat.games.rex.board import cached_board
from turncoat.games.rex.components import RexContent, build_tables, load_content
from turncoat.games.rex.config import RexConfig, validate_config
from turncoat.games.rex.context import Ctx, Events
from turncoat.games.rex.determinize import determinize
from turncoat.games.rex.evaluation import VALUED_STEPS, evaluate
from turncoat.games.rex.events import CardWindowAnswered
from turncoat.games.rex.heuristics import RexHeuristic
from turncoat.games.rex.observe import RexObservation, observe
from turncoat.games.rex.phases import (
    alliances,
    battle,
    bidding,
    cards,
    consent,
    influence,
    maneuvering,
    recruitment,
    setup,
    victory,
)
from turncoat.games.rex.state import (
    ALLY_CONSENT,
    BATTLE_CARDS,
    BATTLE_LOSSES,
    BATTLE_PLAN,
    BATTLE_STEPS,
    BETRAYAL,
    BID,
    CARD_WINDOW,
    CEASEFIRE,
    CHOOSE_BATTLE,
    CHOOSE_RACE,
    CROSS,
    CROSS_TO,
    EMPTY,
    ENVOY,
    FACT_KINDS,
    FACT_ROUND,
    FLEET_DIAL,
    FLEET_MOVE,
    FORESEE,
    FROM_RESERVES,
    HACAN_TIMING,
    INTERROGATE,
    KEEP_CARDS,
    KEEP_TRAITOR,
    LAND_COUNT,
    LAND_TO,
    MANEUVER_STEPS,
    MOVE_COUNT,
    MOVE_FROM,
    MOVE_TO,
    NO_LEADER,
    NO_RACE,
    NOBODY,
    OVER,
    PLACE_START,
    PREDICT,
    PRESCIENCE,
    RECRUIT,
    SEE_ATTACK,
    SEE_DEFENSE,
    SEE_DIAL,
    SEE_LEADER,
    SLOT_ATTACK,
    SLOT_BOTH,
    SLOT_DEFENSE,
    SLOT_NONE,
    SPARE_ALLY,
    STAND_IN,
    TRAITOR,
    UNSET,
    VOICE,
    WITHDRAW,
    Draft,
    State,
)
from turncoat.games.rex.timeout import timeout_action

if TYPE_CHECKING:
    from turncoat.games.rex.present import RexPresentation
    from turncoat.games.rex.report import RexReport

# /1: Diplomatic Interference may cancel every race ability, and a withdrawn play stays unseen
# (a record of a /0 game lacks the answers to the new card windows).
RULES_VERSION = "rex-2012/1"

Resolver = Callable[[Ctx, Draft, int, Any, Events], None]


# The measured Rex search (docs/rex.md, "Bots"); ~0.5 s a move.
SEARCH_PRESET = (
    "ismcts:opponents=heuristic,rollout=heuristic,playout=full,rollout_depth=0,tree_depth=1,"
    "confidence=2,margin_weight=0.3,time_limit=0.5"
)


class Rule(msgspec.Struct, frozen=True):
    """A decision: the step it belongs to, its rulebook section and how it resolves."""

    action: type[A.RexAction]
    step: str  # the step it belongs to; a few belong to a second one too (SECOND_STEP)
    ref: str
    resolve: Resolver


def _race(ctx: Ctx, race: str) -> int:
    return ctx.t.race_ids.index(race)


def _leader(ctx: Ctx, leader: str) -> int:
    return ctx.t.leader_ids.index(leader)


RULES: tuple[Rule, ...] = (
    Rule(
        A.ChooseRace,
        CHOOSE_RACE,
        setup.RULE_RACES,
        lambda c, d, p, a, o: setup.resolve_choose_race(c, d, p, _race(c, a.race), o),
    ),
    Rule(
        A.PredictWinner,
        PREDICT,
        setup.RULE_PREDICTION,
        lambda c, d, p, a, o: setup.resolve_predict(c, d, p, _race(c, a.race), a.round, o),
    ),
    Rule(
        A.KeepTraitor,
        KEEP_TRAITOR,
        setup.RULE_TRAITORS,
        lambda c, d, p, a, o: setup.resolve_keep_traitor(c, d, p, _leader(c, a.leader), o),
    ),
    Rule(
        A.SetFleetDial,
        FLEET_DIAL,
        setup.RULE_FLEET,
        lambda c, d, p, a, o: setup.resolve_fleet_dial(c, d, p, a.value, o),
    ),
    Rule(
        A.PlaceStartingUnits,
        PLACE_START,
        setup.RULE_UNITS,
        lambda c, d, p, a, o: setup.resolve_place_start(c, d, p, c.b.piece_index[a.piece], a.units, o),
    ),
    Rule(
        deals.Give,
        CEASEFIRE,
        influence.RULE_WINDOW,
        lambda c, d, p, a, o: influence.resolve_give(c, d, p, a.to, a.amount, o),
    ),
    Rule(
        A.GiftTo,
        CEASEFIRE,
        influence.RULE_WINDOW,
        lambda c, d, p, a, o: influence.resolve_gift_to(c, d, p, NOBODY if a.seat is None else a.seat, o),
    ),
    Rule(
        A.EndCeasefire,
        CEASEFIRE,
        influence.RULE_WINDOW,
        lambda c, d, p, a, o: influence.resolve_end_ceasefire(c, d, p, o),
    ),
    Rule(A.Bid, BID, bidding.RULE_AUCTION, lambda c, d, p, a, o: bidding.resolve_bid(c, d, p, a.amount, o)),
    Rule(A.PassBid, BID, bidding.RULE_AUCTION, lambda c, d, p, a, o: bidding.resolve_pass(c, d, p, o)),
    Rule(
        A.Recruit,
        RECRUIT,
        recruitment.RULE,
        lambda c, d, p, a, o: recruitment.resolve_recruit(
            c, d, p, (a.units, a.mechanized, c.t.leader_ids.index(a.leader) if a.leader else NOBODY), o
        ),
    ),
)
M = maneuvering


def _piece(ctx: Ctx, piece: str) -> int:
    return ctx.b.piece_index[piece]


RULES += (
    Rule(
        A.HacanTiming,
        HACAN_TIMING,
        M.RULE_HACAN,
        lambda c, d, p, a, o: M.resolve_hacan_timing(c, d, p, a.now, o),
    ),
    Rule(
        A.MoveFrom,
        MOVE_FROM,
        M.RULE_MOVE,
        lambda c, d, p, a, o: M.resolve_move_from(c, d, p, _piece(c, a.piece), o),
    ),
    Rule(A.SkipMove, MOVE_FROM, M.RULE_MOVE, lambda c, d, p, a, o: M.resolve_skip_move(c, d, p, o)),
    Rule(
        A.MoveTo,
        MOVE_TO,
        M.RULE_MOVE,
        lambda c, d, p, a, o: M.resolve_move_to(c, d, p, _piece(c, a.piece), o),
    ),
    Rule(
        A.MoveUnits,
        MOVE_COUNT,
        M.RULE_MOVE,
        lambda c, d, p, a, o: M.resolve_move_count(c, d, p, a.units, a.mechanized, o),
    ),
    Rule(
        A.LandIn,
        LAND_TO,
        M.RULE_LAND,
        lambda c, d, p, a, o: M.resolve_land_choice(c, d, p, FROM_RESERVES, _piece(c, a.piece), o),
    ),
    Rule(
        A.CrossFrom,
        LAND_TO,
        M.RULE_HACAN,
        lambda c, d, p, a, o: M.resolve_land_choice(c, d, p, CROSS, _piece(c, a.piece), o),
    ),
    Rule(
        A.WithdrawFrom,
        LAND_TO,
        M.RULE_HACAN,
        lambda c, d, p, a, o: M.resolve_land_choice(c, d, p, WITHDRAW, _piece(c, a.piece), o),
    ),
    Rule(A.SkipLanding, LAND_TO, M.RULE_LAND, lambda c, d, p, a, o: M.resolve_skip_landing(c, d, p, o)),
    Rule(
        A.CrossTo,
        CROSS_TO,
        M.RULE_HACAN,
        lambda c, d, p, a, o: M.resolve_cross_to(c, d, p, _piece(c, a.piece), o),
    ),
    Rule(
        A.LandUnits,
        LAND_COUNT,
        M.RULE_LAND,
        lambda c, d, p, a, o: M.resolve_land_count(c, d, p, a.units, a.mechanized, o),
    ),
    Rule(A.SendEnvoy, ENVOY, M.RULE_XXCHA, lambda c, d, p, a, o: M.resolve_envoy(c, d, p, a.send, o)),
)
B = battle
SLOTS = {"none": SLOT_NONE, "attack": SLOT_ATTACK, "defense": SLOT_DEFENSE, "both": SLOT_BOTH}
SLOT_WORDS = {v: k for k, v in SLOTS.items()}
PARTS = {"leader": SEE_LEADER, "attack": SEE_ATTACK, "defense": SEE_DEFENSE, "dial": SEE_DIAL}
ORDER_KINDS = ("attack", "defense", "card")


def _leader_index(ctx: Ctx, leader: str | None) -> int:
    if leader is None:
        return NO_LEADER
    if leader == "stand_in_leader":
        return STAND_IN
    return ctx.t.leader_ids.index(leader)


def _card(ctx: Ctx, card: str | None) -> int:
    return EMPTY if card is None else ctx.t.card_ids.index(card)


def _order(ctx: Ctx, a: A.GiveOrder) -> tuple[int, int, int]:
    if a.play is None:
        return UNSET, UNSET, UNSET
    kind = ORDER_KINDS.index(a.kind)
    what = ctx.t.card_ids.index(a.what) if kind == 2 else B.subtypes(ctx, a.kind).index(a.what)
    return int(a.play), kind, what


RULES += (
    Rule(
        A.ChooseBattle,
        CHOOSE_BATTLE,
        B.RULE_ORDER,
        lambda c, d, p, a, o: B.resolve_choose_battle(c, d, p, c.b.area_index[a.area], o),
    ),
    Rule(
        A.UsePrescience,
        PRESCIENCE,
        B.RULE_PRESCIENCE,
        lambda c, d, p, a, o: B.resolve_prescience(c, d, p, PARTS[a.part] if a.part else UNSET, o),
    ),
    Rule(A.SetDial, BATTLE_PLAN, B.RULE_PLAN, lambda c, d, p, a, o: B.resolve_set_dial(c, d, p, a.value, o)),
    Rule(
        A.PickLeader,
        BATTLE_PLAN,
        B.RULE_PLAN,
        lambda c, d, p, a, o: B.resolve_pick_leader(c, d, p, _leader_index(c, a.leader), SLOTS[a.slot], o),
    ),
    Rule(
        A.ShowCard,
        FORESEE,
        B.RULE_PRESCIENCE,
        lambda c, d, p, a, o: B.resolve_foresee(c, d, p, _card(c, a.card), UNSET, o),
    ),
    Rule(A.GiveOrder, VOICE, B.RULE_VOICE, lambda c, d, p, a, o: B.resolve_voice(c, d, p, *_order(c, a), o)),
    Rule(
        A.PlayCards,
        BATTLE_CARDS,
        B.RULE_PLAN,
        lambda c, d, p, a, o: B.resolve_cards(c, d, p, _card(c, a.attack), _card(c, a.defense), o),
    ),
    Rule(
        A.RevealTraitor,
        TRAITOR,
        B.RULE_TRAITOR,
        lambda c, d, p, a, o: B.resolve_traitor(c, d, p, a.reveal, o),
    ),
    Rule(
        A.ChooseLosses,
        BATTLE_LOSSES,
        B.RULE_LAZAX,
        lambda c, d, p, a, o: B.resolve_losses(c, d, p, a.units, a.mechanized, o),
    ),
    Rule(
        A.KeepCards,
        KEEP_CARDS,
        B.RULE_RESULT,
        lambda c, d, p, a, o: B.resolve_keep(c, d, p, a.attack, a.defense, o),
    ),
)
RULES += (
    Rule(
        A.Betray,
        BETRAYAL,
        victory.RULE_BETRAYAL,
        lambda c, d, p, a, o: victory.resolve_betrayal(c, d, p, a.reveal, o),
    ),
)
AL = alliances
RULES += (
    Rule(
        deals.Propose,
        CEASEFIRE,
        AL.RULE_FORM,
        lambda c, d, p, a, o: AL.resolve_propose(c, d, p, a.terms[0].members, o),
    ),
    Rule(
        deals.Accept, CEASEFIRE, AL.RULE_FORM, lambda c, d, p, a, o: AL.resolve_accept(c, d, p, a.proposal, o)
    ),
    Rule(
        deals.Decline,
        CEASEFIRE,
        AL.RULE_FORM,
        lambda c, d, p, a, o: AL.resolve_decline(c, d, p, a.proposal, o),
    ),
    Rule(
        deals.Withdraw,
        CEASEFIRE,
        AL.RULE_FORM,
        lambda c, d, p, a, o: AL.resolve_withdraw(c, d, p, a.proposal, o),
    ),
    Rule(deals.LeaveAlliance, CEASEFIRE, AL.RULE_FORM, lambda c, d, p, a, o: AL.resolve_leave(c, d, p, o)),
)


def _play_card(c: Ctx, d: Draft, p: int, a: A.PlayCard, o: Events) -> None:
    """A strategy card outside the battle plan: at a card window, or inside the holder's decision."""
    if d.step == CARD_WINDOW:
        cards.resolve_window_answer(c, d, p, a.card, o)
    elif a.card == cards.INTERROGATION:
        cards.resolve_interrogation(c, d, p, o)
    elif d.step == MOVE_FROM:
        M.resolve_extra_move(c, d, p, o)
    elif d.step == BID:
        bidding.resolve_take_free(c, d, p, o)
    else:  # FORESEE or BATTLE_CARDS
        B.resolve_interfere(c, d, p, o)


RULES += (
    Rule(A.PlayCard, CARD_WINDOW, cards.RULE_TIMING, _play_card),
    Rule(
        A.MoveFleet,
        FLEET_MOVE,
        cards.RULE_FLEET,
        lambda c, d, p, a, o: cards.resolve_fleet_move(c, d, p, a.sectors, o),
    ),
    Rule(
        A.EmergencyRecruit,
        RECRUIT,
        recruitment.RULE,
        lambda c, d, p, a, o: recruitment.resolve_emergency(
            c, d, p, a.units, c.t.leader_ids.index(a.leader) if a.leader else NOBODY, o
        ),
    ),
    Rule(
        A.SpareAlly,
        SPARE_ALLY,
        influence.RULE_OFFENSIVE,
        lambda c, d, p, a, o: influence.resolve_spare_ally(c, d, p, a.spare, o),
    ),
)
RULES += (
    Rule(
        A.GiveConsent,
        ALLY_CONSENT,
        consent.RULE,
        lambda c, d, p, a, o: consent.resolve_consent(c, d, p, a.agree, o),
    ),
)
FACT_KIND_IDS = {name: i for i, name in enumerate(FACT_KINDS)}


def _question(c: Ctx, a: A.Ask) -> tuple[int, int]:
    kind = FACT_KIND_IDS[a.kind]
    if kind == FACT_ROUND:
        return kind, int(a.what)
    table = (c.t.card_ids, c.t.leader_ids, c.t.race_ids)[kind]
    return kind, table.index(a.what)


RULES += (
    Rule(
        A.Ask,
        INTERROGATE,
        cards.RULE_CARDS,
        lambda c, d, p, a, o: cards.resolve_question(c, d, p, a.seat, *_question(c, a), o),
    ),
)
RULE_FOR: dict[type[A.RexAction], Rule] = {r.action: r for r in RULES}
# Decisions that also belong to other steps than their rule's.
OTHER_STEPS: dict[type[A.RexAction], frozenset[str]] = {
    A.SetDial: frozenset({FORESEE}),
    A.PickLeader: frozenset({FORESEE}),
    A.PlayCard: frozenset({MOVE_FROM, BID, FORESEE, BATTLE_CARDS, RECRUIT, LAND_TO}),
    A.GiftTo: influence.LAZAX_GIFT_STEPS,  # the Lazax ally card: gifts at any time (§18)
    deals.Give: influence.LAZAX_GIFT_STEPS,
}
STEP_RULE = {r.step: r.ref for r in reversed(RULES)}  # the first rule of a step names it
SIMULTANEOUS = frozenset(
    {KEEP_TRAITOR, FLEET_DIAL, CEASEFIRE, BATTLE_PLAN, BATTLE_CARDS, TRAITOR, BETRAYAL, CARD_WINDOW}
)
_END_CEASEFIRE = A.EndCeasefire()
_SKIP_MOVE = A.SkipMove()
_SKIP_LANDING = A.SkipLanding()
_BATTLE_STEPS = frozenset(BATTLE_STEPS)
_MANEUVER_STEPS = frozenset(MANEUVER_STEPS)
_PASS = A.PassBid()
_TAKE_FREE = _INTERFERE = A.PlayCard("diplomatic_interference")
_EXTRA_MOVE = A.PlayCard("extra_maneuver")
_INTERROGATE = A.PlayCard("interrogation")

_NOBODY: frozenset[int] = frozenset()
_QUESTION_LISTS_KEPT = 256  # (asker, first player, races, prediction made) lists of questions
# The decisions of a seat's own turn, where the Lazax may also give influence to an ally and the
# interrogation card may be played (``influence.LAZAX_GIFT_STEPS``, ``cards.QUESTION_STEPS``).
_OWN_TURN_STEPS = influence.LAZAX_GIFT_STEPS | cards.QUESTION_STEPS
_SPARE_ALLY = (A.SpareAlly(False), A.SpareAlly(True))
_GIVE_CONSENT = (A.GiveConsent(False), A.GiveConsent(True))
_BETRAY = (A.Betray(False), A.Betray(True))


def _may_act(state: State, player: int) -> bool:
    """``player in to_act(state)``, without making the set."""
    if state.step in SIMULTANEOUS:
        return player in state.waiting
    return player == state.actor and state.actor != NOBODY and state.step != OVER


def _no_actions(state: State, player: int) -> Sequence[A.RexAction]:
    return ()


class RexGame(ConfiguredGame[RexConfig]):
    """The Rex rules engine (3-6 players)."""

    name: ClassVar[str] = "rex"
    title: ClassVar[str] = "Rex: Final Days of an Empire"
    rules_version: ClassVar[str] = RULES_VERSION
    config_type: ClassVar[type[Any]] = RexConfig
    action_type: Any = A.RexAction

    def __init__(self, config: RexConfig) -> None:
        validate_config(config)
        super().__init__(config)
        self.content: ContentPack[RexContent] = load_content(config.content_overrides)
        board = cached_board(self.content.digest, self.content.data.board, config.sector_model)
        self.ctx = Ctx(config=config, t=build_tables(self.content.data), b=board)
        self._seats = tuple(frozenset({p}) for p in range(config.players))
        # Actions are frozen values: one of each kind per piece, made once and offered again.
        self._at_piece: dict[type[A.RexAction], tuple[A.RexAction, ...]] = {
            kind: tuple(kind(name) for name in self.ctx.b.piece_ids)
            for kind in (A.MoveFrom, A.MoveTo, A.LandIn, A.CrossFrom, A.WithdrawFrom, A.CrossTo)
        }
        # (mode, piece) of ``maneuvering.landing_choices`` -> its action
        self._landings: dict[tuple[int, int], A.RexAction] = {
            (mode, piece): self._at_piece[kind][piece]
            for mode, kind in ((FROM_RESERVES, A.LandIn), (CROSS, A.CrossFrom), (WITHDRAW, A.WithdrawFrom))
            for piece in range(len(self.ctx.b.piece_ids))
        }
        self._plays: dict[str | None, A.PlayCard] = {
            card: A.PlayCard(card) for card in (None, *self.ctx.t.card_ids)
        }
        self._no_play = (self._plays[None],)
        self._questions: dict[tuple[int, int, tuple[int, ...], bool], tuple[A.RexAction, ...]] = {}
        self._dials = tuple(A.SetDial(v) for v in range(self.ctx.t.dial_max + 1))
        self._picks: dict[tuple[int, int], A.PickLeader] = {
            (leader, slot): A.PickLeader(B._leader_name(self.ctx, leader), SLOT_WORDS[slot])
            for leader in (NO_LEADER, STAND_IN, *range(len(self.ctx.t.leader_ids)))
            for slot in SLOT_WORDS
        }
        self._actions_at = self._step_actions()
        # States are immutable, so the legal list of the state last asked about is reused when
        # that state is then applied (the usual bot and UI pattern).
        self._last_legal: tuple[State | None, int, tuple[A.RexAction, ...]] = (None, -1, ())

    # -- the protocol --------------------------------------------------------------------------
    def start(self, seed: int) -> Transition[State]:
        state, events = setup.set_up(self.ctx, seed)
        return Transition(state, tuple(events))

    def new_initial_state(self, seed: int) -> State:
        return self.start(seed).state

    def to_act(self, state: State) -> frozenset[int]:
        if state.step in SIMULTANEOUS:
            return frozenset(state.waiting)
        if state.actor == NOBODY or state.step == OVER:
            return _NOBODY
        return self._seats[state.actor]

    def legal_actions(self, state: State, player: int) -> Sequence[A.RexAction]:
        last = self._last_legal  # one read: safe if several threads share this engine
        if last[0] is state and last[1] == player:
            return last[2]
        legal = tuple(self._legal_actions(state, player))
        self._last_legal = (state, player, legal)
        return legal

    def _legal_actions(self, state: State, player: int) -> Sequence[A.RexAction]:
        if not _may_act(state, player):
            return ()
        ctx = self.ctx
        step = state.step
        if step != CEASEFIRE and influence.gift_recipient(state, player) != NOBODY:
            # the amount of a Lazax gift to an ally, or a change of mind (§18 Lazax ally card)
            to = influence.gift_recipient(state, player)
            amounts = influence.legal_gift_amounts(ctx, state, player)
            return [A.GiftTo(None), *(deals.Give(to, "influence", n) for n in amounts)]
        actions = self._actions_at.get(step, _no_actions)(state, player)
        if step not in _OWN_TURN_STEPS:
            return actions
        # Lazax gifts (§18) and the interrogation card, offered in the holder's own decisions
        extra: list[A.RexAction] = [A.GiftTo(p) for p in influence.lazax_gift_recipients(ctx, state, player)]
        if cards.may_interrogate(ctx, state, player):
            extra.append(_INTERROGATE)
        return [*actions, *extra] if extra else actions

    def _step_actions(self) -> dict[str, Callable[[State, int], Sequence[A.RexAction]]]:
        """The legal list of each step that waits for a decision, looked up once per question
        rather than found by comparing the step with each in turn."""
        simple = {
            CHOOSE_RACE: self._race_actions,
            PREDICT: self._prediction_actions,
            KEEP_TRAITOR: self._traitor_draft_actions,
            FLEET_DIAL: self._fleet_dial_actions,
            BID: self._bid_actions,
            CARD_WINDOW: self._window_actions,
            FLEET_MOVE: self._fleet_move_actions,
            SPARE_ALLY: lambda state, player: _SPARE_ALLY,
            ALLY_CONSENT: lambda state, player: _GIVE_CONSENT,
            INTERROGATE: self._question_actions,
            BETRAYAL: lambda state, player: _BETRAY,
            RECRUIT: self._recruit_actions,
            CEASEFIRE: self._ceasefire_actions,
            PLACE_START: self._placement_actions,
        }
        battle = dict.fromkeys(BATTLE_STEPS, self._battle_actions)
        maneuver = dict.fromkeys(MANEUVER_STEPS, self._maneuver_actions)
        return {**simple, **battle, **maneuver}

    def _race_actions(self, state: State, player: int) -> list[A.RexAction]:
        race_ids = self.ctx.t.race_ids
        return [A.ChooseRace(race_ids[r]) for r in setup.legal_races(self.ctx, state, player)]

    def _prediction_actions(self, state: State, player: int) -> list[A.RexAction]:
        race_ids = self.ctx.t.race_ids
        return [
            A.PredictWinner(race_ids[r], rnd) for r, rnd in setup.legal_predictions(self.ctx, state, player)
        ]

    def _traitor_draft_actions(self, state: State, player: int) -> list[A.RexAction]:
        leader_ids = self.ctx.t.leader_ids
        return [A.KeepTraitor(leader_ids[ld]) for ld in setup.legal_traitors(self.ctx, state, player)]

    def _fleet_dial_actions(self, state: State, player: int) -> list[A.RexAction]:
        return [A.SetFleetDial(v) for v in setup.legal_fleet_dials(self.ctx, state, player)]

    def _bid_actions(self, state: State, player: int) -> list[A.RexAction]:
        ctx = self.ctx
        free = [_TAKE_FREE] if bidding.may_take_free(ctx, state, player) else []
        return [_PASS, *(A.Bid(v) for v in bidding.legal_bids(ctx, state, player)), *free]

    def _window_actions(self, state: State, player: int) -> Sequence[A.RexAction]:
        if not cards.holds_a_window_card(self.ctx, state, player):
            return self._no_play  # asked all the same (§16.2), with "no card" the only answer
        plays = self._plays
        return [plays[c] for c in cards.legal_window_plays(self.ctx, state, player)]

    def _fleet_move_actions(self, state: State, player: int) -> list[A.RexAction]:
        return [A.MoveFleet(v) for v in cards.legal_fleet_moves(self.ctx, state, player)]

    def _question_actions(self, state: State, player: int) -> Sequence[A.RexAction]:
        # ``legal_questions`` depends only on who asks, the player order, the races in the game and
        # whether the Xxcha made a prediction: the list (hundreds of questions) is made once for each.
        key = (player, state.first_player, state.race, state.prediction[0] != NO_RACE)
        known = self._questions.get(key)
        if known is not None:
            return known
        t = self.ctx.t
        names = (t.card_ids, t.leader_ids, t.race_ids)
        questions = tuple(
            A.Ask(q, FACT_KINDS[k], str(w) if k == FACT_ROUND else names[k][w])
            for q, k, w in cards.legal_questions(self.ctx, state, player)
        )
        if len(self._questions) >= _QUESTION_LISTS_KEPT:
            self._questions.clear()
        self._questions[key] = questions
        return questions

    def _recruit_actions(self, state: State, player: int) -> list[A.RexAction]:
        ctx, leader_ids = self.ctx, self.ctx.t.leader_ids
        return [
            *(
                A.Recruit(u, m, leader_ids[ld] if ld != NOBODY else None)
                for u, m, ld in recruitment.legal_recruits(ctx, state, player)
            ),
            *(
                A.EmergencyRecruit(u, leader_ids[ld] if ld != NOBODY else None)
                for u, ld in recruitment.legal_emergency(ctx, state, player)
            ),
        ]

    def _placement_actions(self, state: State, player: int) -> list[A.RexAction]:
        piece_ids = self.ctx.b.piece_ids
        return [
            A.PlaceStartingUnits(piece_ids[p], u)
            for p, u in setup.legal_start_placements(self.ctx, state, player)
        ]

    def _maneuver_actions(self, state: State, player: int) -> list[A.RexAction]:
        """§9 decisions: small ones, each offering a few dozen choices at most."""
        ctx, at = self.ctx, self._at_piece
        step = state.step
        if step == HACAN_TIMING:
            return [A.HacanTiming(True), A.HacanTiming(False)]
        if step == MOVE_FROM:
            extra = [_EXTRA_MOVE] if M.may_play_extra_move(ctx, state, player) else []
            origins = at[A.MoveFrom]
            return [_SKIP_MOVE, *(origins[p] for p in M.legal_origins(ctx, state, player)), *extra]
        if step == MOVE_TO:
            return [at[A.MoveTo][p] for p in M.destinations(ctx, state, player, state.origin)]
        if step == MOVE_COUNT:
            return [A.MoveUnits(u, m) for u, m in M.legal_move_counts(ctx, state, player)]
        if step == LAND_TO:
            from_reserves, moves = M.landing_options(ctx, state, player)
            landings = map(at[A.LandIn].__getitem__, from_reserves)
            return [_SKIP_LANDING, *landings, *map(self._landings.__getitem__, moves)]
        if step == CROSS_TO:
            targets = M.landing_targets(ctx, state, player, exclude=state.origin)
            return [at[A.CrossTo][p] for p in targets]
        if step == LAND_COUNT:
            return [A.LandUnits(u, m) for u, m in M.legal_land_counts(ctx, state, player)]
        return [A.SendEnvoy(True), A.SendEnvoy(False)]

    def _ceasefire_actions(self, state: State, player: int) -> list[A.RexAction]:
        """§13.1: be done, answer or make alliance proposals, leave, give influence."""
        ctx = self.ctx
        out: list[A.RexAction] = [_END_CEASEFIRE]
        for pid in AL.legal_answers(ctx, state, player):
            if AL.may_accept(ctx, state, player, pid):
                out.append(deals.Accept(pid))
            out.append(deals.Decline(pid))
        out += [deals.Withdraw(pid) for pid in AL.legal_withdrawals(ctx, state, player)]
        if deals.alliance_of(state.deals, player):
            out.append(deals.LeaveAlliance())
        for group in AL.legal_proposals(ctx, state, player):
            to = tuple(p for p in group if p != player)
            out.append(deals.Propose(to=to, terms=(deals.Ally(members=group),)))
        recipient = influence.gift_recipient(state, player)
        if recipient != NOBODY:  # the amount of a gift under way, or a change of mind
            amounts = influence.legal_gift_amounts(ctx, state, player)
            return [A.GiftTo(None), *(deals.Give(recipient, "influence", n) for n in amounts)]
        return [*out, *(A.GiftTo(p) for p in influence.legal_gift_recipients(ctx, state, player))]

    def _battle_actions(self, state: State, player: int) -> Sequence[A.RexAction]:
        """§10 decisions, each offering a few dozen choices at most."""
        ctx, t = self.ctx, self.ctx.t
        step = state.step

        def card(c: int) -> str | None:
            return None if c == EMPTY else t.card_ids[c]

        pick = self._picks.__getitem__

        if step == CHOOSE_BATTLE:
            return [A.ChooseBattle(ctx.b.area_ids[a]) for a in B.battle_areas(ctx, state, player)]
        if step == PRESCIENCE:
            names = {v: k for k, v in PARTS.items()}
            return [A.UsePrescience(names.get(p)) for p in B.legal_prescience(ctx, state, player)]
        if step == FORESEE:
            options = B.legal_foresee(ctx, state, player)
            cancel = [_INTERFERE] if B.may_interfere(ctx, state, player) else []
            if state.foreseen == SEE_DIAL:
                return [*(A.SetDial(v) for v, _ in options), *cancel]
            if state.foreseen == SEE_LEADER:
                return [*(pick(option) for option in options), *cancel]
            return [*(A.ShowCard(card(c)) for c, _ in options), *cancel]
        if step == BATTLE_PLAN:
            part, options = B.legal_plan(ctx, state, player)
            if part == "dial":  # the values 0 up to a limit no higher than the dial's (§10.3 step 2)
                return self._dials[: len(options)]
            return [pick(option) for option in options]
        if step == VOICE:
            out: list[A.RexAction] = []
            for play, kind, what in B.legal_voice(ctx, state, player):
                if play == UNSET:
                    out.append(A.GiveOrder(None))
                    continue
                name = t.card_ids[what] if kind == 2 else B.subtypes(ctx, ORDER_KINDS[kind])[what]
                out.append(A.GiveOrder(bool(play), ORDER_KINDS[kind], name))
            return out
        if step == BATTLE_CARDS:
            cancel = [_INTERFERE] if B.may_interfere(ctx, state, player) else []
            return [*(A.PlayCards(card(a), card(d)) for a, d in B.legal_cards(ctx, state, player)), *cancel]
        if step == TRAITOR:
            return [A.RevealTraitor(r) for r in B.legal_traitor(ctx, state, player)]
        if step == BATTLE_LOSSES:
            dial = state.plan_dial[B.side_of(state, player)]
            return [A.ChooseLosses(u, m) for u, m in B.loss_options(ctx, state, player, dial)]
        return [A.KeepCards(ka, kd) for ka, kd in B.legal_keep(ctx, state, player)]

    def apply(self, state: State, player: int, action: A.RexAction) -> Transition[State]:
        # A legal action passes every check below (it is offered only to a seat that acts, at its
        # step), so the usual case goes straight to its rule; any other is refused with the reason.
        if action not in self.legal_actions(state, player):
            self._refuse(state, player, action)
        if state.step == CARD_WINDOW and len(state.waiting) > 1 and type(action) is A.PlayCard:
            # §17: a sealed answer before the last changes only the answers and who is awaited
            answered = cards.answer_before_the_last(self.ctx, state, player, action.card)
            return Transition(answered, (CardWindowAnswered(seat=player),))
        draft = Draft.of(state)
        events: Events = []
        RULE_FOR[type(action)].resolve(self.ctx, draft, player, action, events)
        return Transition(draft.freeze(), tuple(events))

    def _refuse(self, state: State, player: int, action: A.RexAction) -> NoReturn:
        """Why ``action`` is not legal now, as an error."""
        rule = RULE_FOR.get(type(action))
        if rule is None:
            raise MalformedAction(f"{action!r} is not a Rex action", code="unknown_action")
        if state.step == OVER:
            raise NotYourDecision("the game is over", code="game_over", rule="RULES §14")
        if player not in self.to_act(state):
            raise NotYourDecision(
                f"seat {player} cannot act now ({state.step.replace('_', ' ')})",
                code="not_your_turn",
                rule=STEP_RULE.get(state.step, "RULES §5"),
            )
        if state.step != rule.step and state.step not in OTHER_STEPS.get(type(action), ()):
            raise IllegalAction(
                f"{self.describe_action(action)} is not possible now: the game is at "
                f"{state.step.replace('_', ' ')}",
                code="wrong_step",
                rule=STEP_RULE.get(state.step, "RULES §5"),
            )
        raise IllegalAction(
            f"{self.describe_action(action)} is not allowed here", code="illegal", rule=rule.ref
        )

    def observe(self, state: State, viewer: Viewer) -> RexObservation:
        """§16: what ``viewer`` (a seat, or None for a spectator) may see."""
        return observe(self.ctx, state, viewer, self.to_act(state))

    def determinize(self, state: State, viewer: int, seed: int) -> State:
        """§16: every hidden thing re-dealt consistently with what ``viewer`` knows."""
        return determinize(self.ctx, state, viewer, seed)

    def evaluate(self, state: State) -> tuple[float, ...] | None:
        """Each seat's estimated chance to win, at the calm points of a round (``evaluation``)."""
        if state.step not in VALUED_STEPS:  # most positions of a playout, asked at every step
            return None
        return evaluate(self.ctx, state)

    def search_preset(self) -> str:
        """The search people get as a "hard" bot (``core.capabilities.HasSearchPreset``): a whole
        game between heuristic bots takes ~0.2 s, so the generic ``strong`` preset plays out only
        2-3 games in its half second; this one stops its heuristic playouts at the next calm point
        and reads ``evaluate`` there (docs/rex.md, "Bots": half of 60 games against five heuristic
        bots)."""
        return SEARCH_PRESET

    def heuristic_policy(self) -> RexHeuristic:
        """The rule-of-thumb bot (``core.capabilities.HasHeuristic``), from a seat's observation."""
        return RexHeuristic(self)

    def default_action(self, state: State, player: int) -> A.RexAction:
        """What a seat that runs out of time does: the least committal legal action of its
        decision (``timeout``; docs/rex.md, "When a clock runs out")."""
        legal = self.legal_actions(state, player)
        if not legal:
            raise NotYourDecision(f"seat {player} has no decision now", code="not_your_turn")
        return timeout_action(legal)

    def outcome(self, state: State) -> Outcome | None:
        """§14: 1 for every seat that shares the win, 0 for the others."""
        if state.step != OVER:
            return None
        return Outcome(
            scores=tuple(1.0 if p in state.winners else 0.0 for p in range(state.players)),
            winners=state.winners,
            details={"victory": state.victory, "rounds_played": state.round},
        )

    def render_log(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[str]:
        """The game log in English, showing only what ``viewer`` may see."""
        return log.render_log(events, viewer, omniscient, names=log.Names(self.content.data))

    def round_summaries(
        self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False
    ) -> list[dict[str, Any]]:
        return log.round_summaries(events, viewer, omniscient)

    def render_summary(
        self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False
    ) -> list[str]:
        """One line per round: first player, battles and their winners, the end."""
        names = log.Names(self.content.data)  # the pack in play: an owner's names, not the base's
        return log.summary_lines(log.round_summaries(events, viewer, omniscient), names)

    def describe_action(self, action: A.RexAction) -> str:
        """One line a player would say."""
        match action:
            case A.ChooseRace(race=r):
                return f"choose the {r.replace('_', '-').title()}"
            case A.PredictWinner(race=r, round=n):
                return f"predict the {r.replace('_', '-').title()} win in round {n}"
            case A.KeepTraitor(leader=ld):
                return f"keep the traitor card of {ld}"
            case A.SetFleetDial(value=v):
                return f"set the fleet dial to {v}"
            case A.PlaceStartingUnits(piece=p, units=u):
                return f"place {u} starting unit{'s' if u != 1 else ''} in {p}"
            case A.Bid(amount=n):
                return f"bid {n} influence"
            case A.PassBid():
                return "pass"
            case A.Recruit(units=u, mechanized=m, leader=ld):
                parts = [f"{u} unit{'s' if u != 1 else ''}"] + ([f"{m} mechanized"] if m else [])
                return "recruit " + " and ".join(parts + ([ld] if ld else []))
            case A.HacanTiming(now=now):
                return "take the maneuvering turn now" if now else "wait"
            case A.MoveFrom(piece=p):
                return f"move from {p}"
            case A.MoveTo(piece=p):
                return f"move to {p}"
            case A.MoveUnits(units=u, mechanized=m) | A.LandUnits(units=u, mechanized=m):
                verb = "move" if isinstance(action, A.MoveUnits) else "land"
                return f"{verb} {u} unit{'s' if u != 1 else ''}" + (f" and {m} mechanized" if m else "")
            case A.SkipMove():
                return "no movement"
            case A.LandIn(piece=p):
                return f"land in {p}"
            case A.CrossFrom(piece=p):
                return f"cross-land from {p}"
            case A.CrossTo(piece=p):
                return f"cross-land to {p}"
            case A.WithdrawFrom(piece=p):
                return f"withdraw from {p}"
            case A.SkipLanding():
                return "no landing"
            case A.SendEnvoy(send=send):
                return "send an envoy to the Galactic Council" if send else "send no envoy"
            case A.PlayCard(card=c):
                return f"play {c.replace('_', ' ')}" if c is not None else "play no card"
            case A.MoveFleet(sectors=n):
                return f"move the fleet {n} sector{'s' if n != 1 else ''}"
            case A.EmergencyRecruit(units=u, leader=ld):
                return f"recruit {ld} for free" if ld else f"recruit {u} unit{'s' if u != 1 else ''} for free"
            case A.SpareAlly(spare=spare):
                return "spare the allies" if spare else "spare nobody"
            case A.Ask(seat=q, kind=k, what=w):
                return f"ask seat {q}: {k.replace('_', ' ')} {w.replace('_', ' ')}?"
            case A.GiveConsent(agree=agree):
                return "agree" if agree else "refuse"
            case A.Betray(reveal=reveal):
                return "reveal the betrayal card" if reveal else "shake hands"
            case A.EndCeasefire():
                return "end the ceasefire"
            case A.GiftTo(seat=to):
                return f"give influence to seat {to}" if to is not None else "give nothing after all"
            case deals.Give(to=to, amount=n):
                return f"give {n} influence to seat {to}"
            case deals.Propose(terms=terms):
                members = [str(p) for t in terms if isinstance(t, deals.Ally) for p in t.members]
                return f"propose an alliance of seats {', '.join(members)}"
            case deals.Accept(proposal=pid):
                return f"accept proposal {pid}"
            case deals.Decline(proposal=pid):
                return f"decline proposal {pid}"
            case deals.Withdraw(proposal=pid):
                return f"withdraw proposal {pid}"
            case deals.LeaveAlliance():
                return "leave the alliance"
        return repr(action)

    # -- optional hooks used by frontends, the simulator and learning environments (lazy) ------

    def presentation(self) -> RexPresentation:
        """Every word players read and how decisions are offered (see present.py)."""
        from turncoat.games.rex.present import RexPresentation  # lazy: frontends only

        return RexPresentation(self)

    def balance_report(self) -> RexReport:
        """Balance facts per game and what the balance report says (see report.py)."""
        from turncoat.games.rex.report import RexReport  # lazy: the simulator only

        return RexReport(self)

    def rl_encoding(self) -> Any:
        """Fixed action enumeration and observation vectors for learning environments."""
        from turncoat.games.rex.encoding import RexEncoding  # lazy: learning environments only

        return RexEncoding(self)
