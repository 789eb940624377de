"""RULES §16: what each seat (or a spectator) may see.

Public (§16.1): units on the board, reserves and casualty pools, leader strengths and where each
leader is, hand *sizes*, influence amounts, influence on the board, the influence discard pile and
the cards out of the game, alliances, the fleet, the round, the strategy discard pile (GAPS E17),
the bombardment cards dealt at setup, how many traitor cards each seat holds, who has set a sealed
dial or finished the ceasefire or answered a card window (and, at a window against a race
ability, what that ability is about to do), the auction in progress (bids, passes; not the card),
the strategy cards out of the game and the answers to interrogation questions.

Private (§16.2) to its seat: its strategy cards, its traitor cards (and the cards it was dealt to
choose from), the Xxcha prediction, its betrayal card, its own sealed fleet dial and card-window
answer, Jol-Nar's look at
the card on auction, and what it has learnt about other hands.  Never visible: the order of any
deck, other hands, other traitors, other sealed choices.
"""

from __future__ import annotations

import msgspec

from turncoat.core import deals
from turncoat.core.actions import Viewer
from turncoat.games.rex.components import JOL_NAR, LEADERS_PER_RACE, XXCHA
from turncoat.games.rex.context import Ctx
from turncoat.games.rex.phases import battle as B
from turncoat.games.rex.phases.influence import jol_nar_sees_next_influence, sol_sees_next_bombardment
from turncoat.games.rex.state import (
    BID,
    EMPTY,
    FACT_CARD,
    FACT_KINDS,
    FACT_RACE,
    FACT_TRAITOR,
    FLEET_DIAL,
    LEADER_DEAD,
    LEADER_READY,
    NO_CARD,
    NO_LEADER,
    NO_RACE,
    NOBODY,
    SEALED_NONE,
    UNSET,
    State,
    seat_of_race,
)


class LeaderView(msgspec.Struct, frozen=True, array_like=True):
    leader: str
    strength: int
    status: str  # "ready", "dead", or the area he fought in this round


class SeatView(msgspec.Struct, frozen=True):
    seat: int
    race: str | None
    influence: int
    hand_size: int
    reserves: int
    reserves_mech: int
    casualties: int
    casualties_mech: int
    traitors: int  # how many traitor cards the seat holds (not which)
    leaders: tuple[LeaderView, ...]
    alliance: int  # lowest seat of its alliance, -1 when not allied
    known_cards: tuple[str, ...]  # cards the viewer has learnt are in this hand
    betrayal_card: bool


class StackView(msgspec.Struct, frozen=True, array_like=True):
    piece: str
    seat: int
    units: int
    mechanized: int


class PlanView(msgspec.Struct, frozen=True):
    """One side's battle plan as the viewer sees it: None = secret (or not chosen yet, see
    ``parts_set``); a leader of ``"no leader"`` and cards of ``"none"`` are known empty choices."""

    seat: int
    parts_set: tuple[str, ...]
    dial: int | None
    leader: str | None
    slot: str | None
    attack: str | None
    defense: str | None


class BattleView(msgspec.Struct, frozen=True):
    area: str
    aggressor: int
    defender: int
    revealed: int  # 0, 1 after dials and leaders, 2 after cards
    prescience: str | None  # the part Jol-Nar asked to see
    order: tuple[bool, str, str] | None  # the Xxcha's order
    plans: tuple[PlanView, ...]


class RexObservation(msgspec.Struct, frozen=True):
    viewer: int | None
    players: int
    round: int
    step: str
    to_act: tuple[int, ...]
    first_player: int
    seats: tuple[SeatView, ...]
    stacks: tuple[StackView, ...]
    board_influence: tuple[tuple[str, int], ...]
    pool: int
    fleet: int
    shield_destroyed: bool
    bombardment_dealt: tuple[int, ...]
    influence_deck_size: int
    influence_discard: tuple[str, ...]  # bottom first; anyone may look through it (§6 step 2)
    influence_removed: tuple[str, ...]
    influence_set_aside: tuple[str, ...]
    strategy_deck_size: int
    strategy_discard: tuple[str, ...] | None  # None when the pile is face down (GAPS E17)
    strategy_discard_size: int
    traitor_deck_size: int
    bombardment_deck_size: int
    sealed_done: tuple[int, ...]  # seats that have given their sealed or simultaneous choice
    to_place: int
    # the auction in progress (§7)
    row_size: int
    auction: int
    opener: int
    high_bid: int
    high_bidder: int
    passed: tuple[bool, ...]
    # the maneuvering turn in progress (§9)
    allowance: tuple[int, ...]
    maneuvered: tuple[bool, ...]
    turn_seat: int
    origin: str | None
    target: str | None
    landing_mode: int
    battle: BattleView | None
    deals: deals.Deals  # §13, §16.1: alliances and the open proposals (all negotiation is public)
    gift_to: tuple[int, ...]  # per seat, the player it is about to give influence to (-1: none)
    # the viewer's own secrets
    hand: tuple[str, ...] | None
    traitors: tuple[str, ...] | None
    traitor_offers: tuple[str, ...] | None
    prediction: tuple[str, int] | None
    betrayal: int | None
    fleet_dial: int | None
    card_on_auction: str | None  # Jol-Nar only (§7 step 3)
    next_influence_card: str | None  # Jol-Nar only, from the Maneuvering phase (§18)
    next_bombardment: int | None  # Sol only (§18, ``sol_sees_next_bombardment``)
    # §17: the card window open now ("influence", "bombardment"), the viewer's own sealed answer, and
    # the strategy cards that have left the game (public)
    card_window: str | None = None
    window_play: str | None = None
    # at a window named after a race ability (GAPS C5), what is at stake, all public: (the ability's
    # seat, 1 once cancelled, then for a landing the lander, units, mechanized units and price)
    at_stake: tuple[int, ...] = ()
    strategy_removed: tuple[str, ...] = ()
    # public answers to interrogation questions that still hold: (seat, kind, what, yes)
    facts: tuple[tuple[int, str, str, bool], ...] = ()
    # an ally advantage waiting for its owner's consent: (the ally asking, the advantage), and the
    # area card of a Sol Offensive waiting for the Sol's answer whether allies are spared
    consent: tuple[int, str] | None = None
    offensive_card: str | None = None


def _leader_status(ctx: Ctx, code: int) -> str:
    if code == LEADER_READY:
        return "ready"
    if code == LEADER_DEAD:
        return "dead"
    return ctx.b.area_ids[code]


def _seat_view(ctx: Ctx, s: State, p: int, viewer: int | None) -> SeatView:
    t = ctx.t
    race = s.race[p]
    leaders: tuple[LeaderView, ...] = ()
    if race != NO_RACE:
        first = race * LEADERS_PER_RACE
        leaders = tuple(
            LeaderView(t.leader_ids[ld], t.leader_strength[ld], _leader_status(ctx, s.leaders[ld]))
            for ld in range(first, first + LEADERS_PER_RACE)
        )
    known = tuple(sorted(t.card_ids[c] for v, h, c in s.learnt if v == viewer and h == p))
    return SeatView(
        seat=p,
        race=t.race_ids[race] if race != NO_RACE else None,
        influence=s.influence[p],
        hand_size=len(s.hands[p]),
        reserves=s.reserves[p],
        reserves_mech=s.reserves_mech[p],
        casualties=s.casualties[p],
        casualties_mech=s.casualties_mech[p],
        traitors=len(s.traitors[p]),
        leaders=leaders,
        alliance=s.alliance[p],
        known_cards=known,
        betrayal_card=s.betrayal[p] != NO_CARD,
    )


def _plan_view(ctx: Ctx, s: State, viewer: int | None, side: int) -> PlanView:
    t = ctx.t
    visible = {part: B.plan_visible(ctx, s, viewer, side, part) for part in B.PLAN_PARTS}
    values = {
        "dial": s.plan_dial[side],
        "leader": s.plan_leader[side],
        "slot": s.plan_slot[side],
        "attack": s.plan_attack[side],
        "defense": s.plan_defense[side],
    }
    parts_set = tuple(part for part, v in values.items() if v != UNSET)

    def shown(part: str) -> bool:
        return visible[part] and values[part] != UNSET

    leader = values["leader"]
    leader_name = B._leader_name(ctx, leader) if shown("leader") else None
    if shown("leader") and leader == NO_LEADER:
        leader_name = "no leader"

    def card(part: str) -> str | None:
        c = values[part]
        if not shown(part):
            return None
        return "none" if c == EMPTY else t.card_ids[c]

    return PlanView(
        seat=s.battlers[side],
        parts_set=parts_set,
        dial=values["dial"] if shown("dial") else None,
        leader=leader_name,
        slot=B.SLOT_NAMES[values["slot"]] if shown("slot") else None,
        attack=card("attack"),
        defense=card("defense"),
    )


def _battle_view(ctx: Ctx, s: State, viewer: int | None) -> BattleView:
    order = None
    if s.voice:
        play, kind, what = s.voice
        name = ctx.t.card_ids[what] if kind == 2 else B.subtypes(ctx, B.KINDS[kind])[what]
        order = (bool(play), B.KINDS[kind], name)
    return BattleView(
        area=ctx.b.area_ids[s.battle_area],
        aggressor=s.battlers[0],
        defender=s.battlers[1],
        revealed=s.revealed,
        prescience=B.PART_NAMES[s.foreseen] if s.foreseen != UNSET else None,
        order=order,
        plans=tuple(_plan_view(ctx, s, viewer, side) for side in (0, 1)),
    )


def observe(ctx: Ctx, s: State, viewer: Viewer, to_act: frozenset[int]) -> RexObservation:
    t, b = ctx.t, ctx.b
    seat = viewer if viewer is not None and 0 <= viewer < s.players else None
    mine = seat is not None
    piece = b.piece_ids
    sealed_done = tuple(p for p in range(s.players) if s.sealed[p] != SEALED_NONE)
    own_card_on_auction = None
    if mine and s.step == BID and s.row and seat == seat_of_race(s, JOL_NAR):
        own_card_on_auction = t.card_ids[s.row[0]]
    prediction = None
    if mine and seat is not None and s.prediction[0] != NO_RACE and s.race[seat] == XXCHA:
        prediction = (t.race_ids[s.prediction[0]], s.prediction[1])
    public_discard = ctx.config.strategy_discard_public
    return RexObservation(
        viewer=seat,
        players=s.players,
        round=s.round,
        step=s.step,
        to_act=tuple(sorted(to_act)),
        first_player=s.first_player,
        seats=tuple(_seat_view(ctx, s, p, seat) for p in range(s.players)),
        stacks=tuple(StackView(piece[p], who, u, m) for p, who, u, m in s.stacks),
        board_influence=tuple((piece[p], a) for p, a in s.board_influence),
        pool=s.pool,
        fleet=s.fleet,
        shield_destroyed=s.shield_destroyed,
        bombardment_dealt=s.bombardment_dealt,
        influence_deck_size=len(s.influence_deck),
        influence_discard=tuple(t.influence_ids[c] for c in s.influence_discard),
        influence_removed=tuple(t.influence_ids[c] for c in s.influence_removed),
        influence_set_aside=tuple(t.influence_ids[c] for c in s.set_aside),
        strategy_deck_size=len(s.strategy_deck),
        strategy_discard=tuple(t.card_ids[c] for c in s.strategy_discard) if public_discard else None,
        strategy_discard_size=len(s.strategy_discard),
        traitor_deck_size=len(s.traitor_deck),
        bombardment_deck_size=len(s.bombardment_deck),
        sealed_done=sealed_done,
        to_place=s.to_place,
        row_size=len(s.row),
        auction=s.auction,
        opener=s.opener,
        high_bid=s.high_bid,
        high_bidder=s.high_bidder,
        passed=s.passed,
        allowance=s.allowance,
        maneuvered=s.maneuvered,
        turn_seat=s.turn_seat,
        origin=piece[s.origin] if s.origin != NOBODY else None,
        target=piece[s.target] if s.target != NOBODY else None,
        landing_mode=s.landing_mode,
        battle=_battle_view(ctx, s, seat) if s.battlers else None,
        deals=deals.seen_by(s.deals, seat),
        gift_to=s.gift_to,
        hand=tuple(t.card_ids[c] for c in s.hands[seat]) if seat is not None else None,
        traitors=tuple(t.leader_ids[ld] for ld in s.traitors[seat]) if seat is not None else None,
        traitor_offers=tuple(t.leader_ids[ld] for ld in s.traitor_offers[seat]) if seat is not None else None,
        prediction=prediction,
        betrayal=(
            t.betrayal_numbers[s.betrayal[seat]] if seat is not None and s.betrayal[seat] != NO_CARD else None
        ),
        fleet_dial=(
            s.sealed[seat]
            if seat is not None and s.step == FLEET_DIAL and s.sealed[seat] != SEALED_NONE
            else None
        ),
        card_on_auction=own_card_on_auction,
        next_influence_card=(
            t.influence_ids[s.influence_deck[-1]] if jol_nar_sees_next_influence(ctx, s, seat) else None
        ),
        next_bombardment=s.bombardment_deck[-1] if sol_sees_next_bombardment(ctx, s, seat) else None,
        card_window=s.window or None,
        window_play=_own_window_play(ctx, s, seat),
        at_stake=s.at_stake,
        strategy_removed=tuple(t.card_ids[c] for c in s.strategy_removed),
        facts=tuple((h, FACT_KINDS[k], _fact_subject(ctx, k, w), bool(y)) for h, k, w, y in s.facts),
        consent=(s.consent_asker, s.consent) if s.consent else None,
        offensive_card=t.influence_ids[s.offensive_card] if s.offensive_card != NOBODY else None,
    )


def _fact_subject(ctx: Ctx, kind: int, what: int) -> str:
    tables = {FACT_CARD: ctx.t.card_ids, FACT_TRAITOR: ctx.t.leader_ids, FACT_RACE: ctx.t.race_ids}
    return tables[kind][what] if kind in tables else str(what)


def _own_window_play(ctx: Ctx, s: State, seat: int | None) -> str | None:
    """The viewer's own sealed answer at a card window: a card id, "none", or None (not answered)."""
    if seat is None or not s.window or s.sealed[seat] == SEALED_NONE:
        return None
    return ctx.t.card_ids[s.sealed[seat]] if s.sealed[seat] >= 0 else "none"
