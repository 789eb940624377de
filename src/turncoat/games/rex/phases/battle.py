"""RULES §10 Phase 5 — Battle: every area but the Galactic Council with two players' units.

The first player is the aggressor and fights all his battles (in the order he chooses), one opponent
at a time in player order; then the next player who still has battles (§10.2).  A battle (§10.3):
Jol-Nar may first see one part of the opponent's plan (§18 [Dune]); both sides set a dial, then a
leader and a card slot, sealed; both are revealed; the Xxcha may give an order (§18 [Dune]); both
choose the cards the slot promised, sealed, and reveal them; either side may reveal a traitor; the
cards resolve; the higher strength wins (a tie goes to the aggressor).
"""

from __future__ import annotations

from functools import cache
from itertools import product

from turncoat.core import rng
from turncoat.games.rex.components import JOL_NAR, LAZAX, LEADERS_PER_RACE, LETNEV, SOL, XXCHA
from turncoat.games.rex.context import Ctx, Events
from turncoat.games.rex.events import (
    BattleCardsRevealed,
    BattleFought,
    BattlePlanPartSet,
    BattlePlansRevealed,
    BattleStarted,
    CardsKept,
    LeaderKilled,
    PartForeseen,
    PhaseStarted,
    PrescienceUsed,
    TraitorRevealed,
    UnitsDestroyed,
    VoiceUsed,
)
from turncoat.games.rex.phases.cards import DIPLOMATIC_INTERFERENCE, cancel_ability, holds
from turncoat.games.rex.phases.cards import forget_traitor_fact as forget
from turncoat.games.rex.state import (
    BATTLE_CARDS,
    BATTLE_LOSSES,
    BATTLE_PLAN,
    CHOOSE_BATTLE,
    EMPTY,
    FORESEE,
    KEEP_CARDS,
    LEADER_DEAD,
    LEADER_READY,
    NO_LEADER,
    NOBODY,
    PRESCIENCE,
    SEE_ATTACK,
    SEE_DEFENSE,
    SEE_DIAL,
    SEE_LEADER,
    SLOT_ATTACK,
    SLOT_BOTH,
    SLOT_DEFENSE,
    SLOT_NONE,
    STAND_IN,
    TRAITOR,
    UNSET,
    VOICE,
    Draft,
    State,
    add_units,
    allied,
    seat_of_race,
    seats_at,
    seats_by_area,
    seats_from,
    units_of,
    without,
)

RULE = "RULES §10"
RULE_ORDER = "RULES §10.2"
RULE_PLAN = "RULES §10.3"
RULE_TRAITOR = "RULES §10.3 step 6"
RULE_RESULT = "RULES §10.3 step 8"
RULE_LAZAX = "RULES §10.7"
RULE_PRESCIENCE = "RULES §18 (Jol-Nar)"
RULE_VOICE = "RULES §18 (Xxcha)"
SLOT_NAMES = ("none", "attack", "defense", "attack and defense")
PART_NAMES = ("leader", "attack", "defense", "dial")
KINDS = ("attack", "defense", "card")

Fields = State | Draft


def _pair(values: tuple[int, ...], side: int, value: int) -> tuple[int, ...]:
    return (*values[:side], value, *values[side + 1 :])


# -- where battles are (§10.1) and their order (§10.2) ---------------------------------------------


def battle_areas(ctx: Ctx, s: Fields, seat: int) -> tuple[int, ...]:
    """§10.1: the areas but the Galactic Council where ``seat`` and another player have units."""
    return tuple(area for area, seats in contested_areas(ctx, s) if seat in seats)


def contested_areas(ctx: Ctx, s: Fields) -> tuple[tuple[int, frozenset[int]], ...]:
    """§10.1: the areas but the Galactic Council where several players have units, in area order,
    with their seats.  The Battle phase asks for each seat in turn about the same units: the last
    answer is kept with the very stacks tuple (and board) it was found for, as ``seats_by_area``
    keeps its own."""
    last = _LAST_CONTESTED[0]  # one read: safe if several threads share the engine
    if last[0] is s.stacks and last[1] is ctx.b:
        return last[2]
    council = ctx.b.council
    answer = tuple(
        sorted(
            (area, seats)
            for area, seats in seats_by_area(s.stacks, ctx.b.piece_area).items()
            if area != council and len(seats) > 1
        )
    )
    _LAST_CONTESTED[0] = (s.stacks, ctx.b, answer)
    return answer


_LAST_CONTESTED: list[tuple[object, object, tuple[tuple[int, frozenset[int]], ...]]] = [(None, None, ())]


def begin_battles(ctx: Ctx, d: Draft, out: Events) -> None:
    """§10.2: the Battle phase starts; the first player is the first aggressor."""
    out.append(PhaseStarted(phase="battle"))
    d.aggressors_done = (False,) * d.players
    next_battle(ctx, d, out)


def next_battle(ctx: Ctx, d: Draft, out: Events) -> None:
    """§10.2: the first player in order who still has battles is the aggressor; he fights them all."""
    for seat in seats_from(d.first_player, d.players):
        if d.aggressors_done[seat]:
            continue
        areas = battle_areas(ctx, d, seat)
        if not areas:
            d.aggressors_done = (*d.aggressors_done[:seat], True, *d.aggressors_done[seat + 1 :])
            continue
        if len(areas) == 1:
            start_battle(ctx, d, seat, areas[0], out)
        else:
            d.step = CHOOSE_BATTLE
            d.actor = seat
            d.waiting = ()
        return
    end_battles(ctx, d, out)


def resolve_choose_battle(ctx: Ctx, d: Draft, seat: int, area: int, out: Events) -> None:
    """§10.2: the aggressor picks the order of his battles [Dune]."""
    start_battle(ctx, d, seat, area, out)


def opponent_in(ctx: Ctx, s: Fields, aggressor: int, area: int) -> int:
    """§10.2: with several players in the area the aggressor fights them one at a time, in player
    order."""
    seats = seats_at(s.stacks, ctx.b.piece_area, area)
    return next(p for p in seats_from(s.first_player, s.players) if p in seats and p != aggressor)


def start_battle(ctx: Ctx, d: Draft, aggressor: int, area: int, out: Events) -> None:
    """§10.3 step 1: the battle begins; Jol-Nar may use prescience first (§18 [Dune])."""
    defender = opponent_in(ctx, d, aggressor, area)
    d.battle_area = area
    d.battlers = (aggressor, defender)
    d.plan_dial = (UNSET, UNSET)
    d.plan_leader = (UNSET, UNSET)
    d.plan_slot = (UNSET, UNSET)
    d.plan_attack = (UNSET, UNSET)
    d.plan_defense = (UNSET, UNSET)
    d.revealed = 0
    d.foreseen = UNSET
    d.voice = ()
    d.traitor_answer = (UNSET, UNSET)
    d.helper_answer = UNSET
    d.battle_winner = NOBODY
    d.prescient_side = UNSET
    d.voice_side = UNSET
    out.append(BattleStarted(area=ctx.b.area_ids[area], aggressor=aggressor, defender=defender))
    jol_nar, side = helper(ctx, d, JOL_NAR)
    if ctx.config.jol_nar_prescience and jol_nar != NOBODY:
        d.prescient_side = side
        d.step = PRESCIENCE
        d.actor = jol_nar
        d.waiting = ()
        return
    open_plans(ctx, d, out)


def helper(ctx: Ctx, s: Fields, race: int) -> tuple[int, int]:
    """§18: the seat of ``race`` and the side it helps in this battle — its own, or its ally's
    (the ally advantages of Jol-Nar, the Xxcha and Letnev [Dune]) — or (NOBODY, UNSET)."""
    seat = seat_of_race(s, race)
    if seat == NOBODY:
        return NOBODY, UNSET
    for side, battler in enumerate(s.battlers):
        if battler == seat or allied(s, seat, battler):
            return seat, side
    return NOBODY, UNSET


# -- the plan: what may be chosen -----------------------------------------------------------------


def side_of(s: Fields, seat: int) -> int:
    """§10.3: the battler's side: 0 for the aggressor, 1 for the defender."""
    return s.battlers.index(seat)


def available_leaders(ctx: Ctx, s: Fields, seat: int) -> tuple[int, ...]:
    """§3.5, §10.4 (E4, E5): leaders in reserves that have not fought in another area this round."""
    first = s.race[seat] * LEADERS_PER_RACE
    return tuple(
        ld for ld in range(first, first + LEADERS_PER_RACE) if s.leaders[ld] in (LEADER_READY, s.battle_area)
    )


def stand_in_cards(ctx: Ctx, hand: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """§10.4 (``strategy_cards.json`` stand_in_leader): the cards in a hand that may fight instead of a
    leader."""
    return tuple(c for c in hand if ctx.t.card_effect[c] == "stand_in_leader")


def fits(ctx: Ctx, card: int, part: int) -> bool:
    """§10.3 step 5: attack cards go in the attack part, defense cards in the defense part; worthless
    cards in either (strategy_cards.json)."""
    return _kind_fits(ctx.t.card_kind[card], part)


def _kind_fits(kind: str, part: int) -> bool:
    return kind in ("worthless", "attack" if part == SLOT_ATTACK else "defense")


def fitting(ctx: Ctx, part: int) -> frozenset[int]:
    """§10.3 step 5: the card types that ``fits`` the part (asked of every card in a hand, again and
    again)."""
    return _fitting(ctx.t.card_kind, part)


@cache
def _fitting(card_kind: tuple[str, ...], part: int) -> frozenset[int]:
    return frozenset(card for card, kind in enumerate(card_kind) if _kind_fits(kind, part))


def hand_for_cards(ctx: Ctx, s: Fields, seat: int) -> list[int]:
    """§10.3 step 5 (the stand-in card, ``strategy_cards.json``): the cards a battler may still play:
    his hand, less a stand-in card fighting as his leader."""
    hand = list(s.hands[seat])
    if s.battlers and s.plan_leader[side_of(s, seat)] == STAND_IN:
        hand.remove(stand_in_cards(ctx, s.hands[seat])[0])
    return hand


def card_choices(ctx: Ctx, s: Fields, seat: int, slot: int) -> list[tuple[int, int]]:
    """§10.3 step 5: (attack, defense) cards that fill ``slot`` exactly (EMPTY for a part the slot
    does not have), from the battler's hand."""
    hand = hand_for_cards(ctx, s, seat)
    attacks = sorted(fitting(ctx, SLOT_ATTACK).intersection(hand)) if slot in (SLOT_ATTACK, SLOT_BOTH) else []
    defenses = (
        sorted(fitting(ctx, SLOT_DEFENSE).intersection(hand)) if slot in (SLOT_DEFENSE, SLOT_BOTH) else []
    )
    if slot == SLOT_NONE:
        return [(EMPTY, EMPTY)]
    if slot == SLOT_ATTACK:
        return [(a, EMPTY) for a in attacks]
    if slot == SLOT_DEFENSE:
        return [(EMPTY, c) for c in defenses]
    return [(a, c) for a, c in product(attacks, defenses) if a != c or hand.count(a) > 1]


def legal_dials(ctx: Ctx, s: Fields, seat: int) -> range:
    """§10.3 step 2: 0 up to the units in the area (Lazax: their strength, mechanized 2 — 1 against
    the Sol with ``mechanized_weak_vs_sol``), never above 20 [Rex: S21]."""
    return range(min(area_strength(ctx, s, seat), ctx.t.dial_max) + 1)


def mech_strength(ctx: Ctx, s: Fields, seat: int) -> int:
    """§10.7: a Lazax mechanized unit has strength 2 (1 against the Sol with the option
    ``mechanized_weak_vs_sol``, GAPS D14)."""
    other = s.battlers[1 - side_of(s, seat)]
    if s.race[seat] == LAZAX and ctx.config.mechanized_weak_vs_sol and s.race[other] == SOL:
        return 1
    return 2


def area_strength(ctx: Ctx, s: Fields, seat: int) -> int:
    """§10.3 step 2, §10.7: the seat's strength in the battle area, the dial's upper bound — each unit
    counts 1, each Lazax mechanized unit its ``mech_strength``."""
    units = mech = 0
    for piece in ctx.b.area_pieces[s.battle_area]:
        u, m = units_of(s.stacks, piece, seat)
        units, mech = units + u, mech + m
    return units + mech * mech_strength(ctx, s, seat)


def legal_leaders(ctx: Ctx, s: Fields, seat: int) -> list[tuple[int, int]]:
    """§10.3 step 3: (leader, slot).  He must use an available leader if he has one (or may put a
    stand-in card in his place); without either he fights with no leader and no cards (E3).  A slot
    must be one his hand can fill (``slot_must_be_fillable``, GAPS C9) and must agree with a card
    Jol-Nar has already seen."""
    side = side_of(s, seat)
    leaders: list[int] = list(available_leaders(ctx, s, seat))
    if stand_in_cards(ctx, s.hands[seat]):
        leaders.append(STAND_IN)
    if not leaders:
        return [(NO_LEADER, SLOT_NONE)]
    slots = [
        slot for slot in (SLOT_NONE, SLOT_ATTACK, SLOT_DEFENSE, SLOT_BOTH) if _slot_agrees(s, side, slot)
    ]
    # Whether the hand can fill a slot depends on the leader only through the stand-in card (the
    # hand less that card): asked once for each, not once for each leader and slot.
    fillable: dict[bool, tuple[bool, bool, bool, bool]] = {}
    must_fill = ctx.config.slot_must_be_fillable
    out = []
    for leader in leaders:
        if must_fill:
            stand_in = leader == STAND_IN
            if stand_in not in fillable:
                fillable[stand_in] = _fillable_slots(ctx, s, seat, stand_in)
            can_fill = fillable[stand_in]
        out += [(leader, slot) for slot in slots if not must_fill or can_fill[slot]]
    return out


def _slot_agrees(s: Fields, side: int, slot: int) -> bool:
    """A card part settled early for Jol-Nar (or settled empty) binds the slot."""
    attack, defense = s.plan_attack[side], s.plan_defense[side]
    has_attack, has_defense = slot in (SLOT_ATTACK, SLOT_BOTH), slot in (SLOT_DEFENSE, SLOT_BOTH)
    if attack != UNSET and (attack != EMPTY) != has_attack:
        return False
    return not (defense != UNSET and (defense != EMPTY) != has_defense)


def _fillable_slots(ctx: Ctx, s: Fields, seat: int, stand_in: bool) -> tuple[bool, bool, bool, bool]:
    """Per slot (SLOT_NONE, SLOT_ATTACK, SLOT_DEFENSE, SLOT_BOTH): whether the hand (less the
    stand-in card when a stand-in leads) can fill it (GAPS C9)."""
    hand = list(s.hands[seat])
    if stand_in:
        hand.remove(stand_in_cards(ctx, hand)[0])
    attack_cards, defense_cards = fitting(ctx, SLOT_ATTACK), fitting(ctx, SLOT_DEFENSE)
    attack = [c for c in hand if c in attack_cards]
    defense = [c for c in hand if c in defense_cards]
    both = any(a != c or hand.count(a) > 1 for a in attack for c in defense)
    return True, bool(attack), bool(defense), both


# -- §18 Jol-Nar prescience ---------------------------------------------------------------------


def legal_prescience(ctx: Ctx, s: Fields, seat: int) -> tuple[int, ...]:
    """§18 (Jol-Nar) [Dune]: the leader, the attack card, the defense card or the dial — or nothing."""
    return (UNSET, SEE_LEADER, SEE_ATTACK, SEE_DEFENSE, SEE_DIAL)


def resolve_prescience(ctx: Ctx, d: Draft, seat: int, part: int, out: Events) -> None:
    """§10.3 step 1, §18 (Jol-Nar prescience [Dune]): the Jol-Nar names the part of the opponent's plan
    he will see, or none."""
    if part == UNSET:
        open_plans(ctx, d, out)
        return
    d.foreseen = part
    out.append(PrescienceUsed(seat=seat, part=PART_NAMES[part]))
    d.step = FORESEE
    d.actor = d.battlers[1 - d.prescient_side]
    d.waiting = ()


def legal_foresee(ctx: Ctx, s: Fields, seat: int) -> list[tuple[int, int]]:
    """§18 (Jol-Nar): the opponent settles the asked part now: a dial, a (leader, slot), or the card
    for that part (EMPTY: he will not play one)."""
    if s.foreseen == SEE_DIAL:
        return [(v, UNSET) for v in legal_dials(ctx, s, seat)]
    if s.foreseen == SEE_LEADER:
        return legal_leaders(ctx, s, seat)
    part = SLOT_ATTACK if s.foreseen == SEE_ATTACK else SLOT_DEFENSE
    options = [(EMPTY, UNSET)]
    if available_leaders(ctx, s, seat) or stand_in_cards(ctx, s.hands[seat]):  # E3: no leader, no cards
        options += [(c, UNSET) for c in sorted(set(s.hands[seat])) if fits(ctx, c, part)]
    return options


def resolve_foresee(ctx: Ctx, d: Draft, seat: int, first: int, second: int, out: Events) -> None:
    """§10.3 step 1, §18 (Jol-Nar prescience [Dune]): the opponent commits the foreseen part of his
    plan, shown to the Jol-Nar only."""
    side = side_of(d, seat)
    jol_nar = seat_of_race(d, JOL_NAR)
    part = d.foreseen
    if part == SEE_DIAL:
        d.plan_dial = _pair(d.plan_dial, side, first)
        shown = str(first)
    elif part == SEE_LEADER:
        d.plan_leader = _pair(d.plan_leader, side, first)
        d.plan_slot = _pair(d.plan_slot, side, second)
        shown = f"{_leader_name(ctx, first)}, {SLOT_NAMES[second]}"
    else:
        field = "plan_attack" if part == SEE_ATTACK else "plan_defense"
        setattr(d, field, _pair(getattr(d, field), side, first))
        shown = ctx.t.card_ids[first] if first != EMPTY else "none"
    out.append(PartForeseen(seat=seat, part=PART_NAMES[part], shown=None))
    out.append(PartForeseen(seat=seat, part=PART_NAMES[part], shown=shown, visible_to=(jol_nar,)))
    open_plans(ctx, d, out)


def may_interfere(ctx: Ctx, s: Fields, seat: int) -> bool:
    """§17, E26 (C5): the player Jol-Nar's prescience asks, or the one an Xxcha order binds, may cancel
    it with a Diplomatic Interference — the strategy card beats the race ability."""
    if not holds(ctx, s, seat, DIPLOMATIC_INTERFERENCE):
        return False
    if s.step == FORESEE:
        return True
    return s.step == BATTLE_CARDS and bool(s.voice) and side_of(s, seat) == 1 - s.voice_side


def resolve_interfere(ctx: Ctx, d: Draft, seat: int, out: Events) -> None:
    """§17 (E26, GAPS C5): Diplomatic Interference cancels the Jol-Nar prescience or the Xxcha voice (a
    strategy card beats a race ability)."""
    if d.step == FORESEE:
        cancel_ability(ctx, d, seat, "jol_nar_prescience", out)
        d.foreseen = UNSET
        open_plans(ctx, d, out)
        return
    cancel_ability(ctx, d, seat, "xxcha_voice", out)
    d.voice = ()  # he still owes his cards (BATTLE_CARDS goes on)


def _leader_name(ctx: Ctx, leader: int) -> str | None:
    if leader == NO_LEADER:
        return None
    if leader == STAND_IN:
        return "stand_in_leader"
    return ctx.t.leader_ids[leader]


# -- §10.3 steps 2-4: dials, leaders, first reveal ---------------------------------------------------


def open_plans(ctx: Ctx, d: Draft, out: Events) -> None:
    """§10.3 steps 2-3: the battlers set dial, then leader and slot, sealed; when nothing is left to
    set, the reveal (step 4)."""
    d.step = BATTLE_PLAN
    d.actor = NOBODY
    d.waiting = tuple(sorted(p for p in d.battlers if _plan_part_due(d, p)))
    if not d.waiting:
        reveal_plans(ctx, d, out)


def _plan_part_due(s: Fields, seat: int) -> bool:
    side = side_of(s, seat)
    return s.plan_dial[side] == UNSET or s.plan_leader[side] == UNSET


def legal_plan(ctx: Ctx, s: Fields, seat: int) -> tuple[str, list[tuple[int, int]]]:
    """§10.3 steps 2-3: first the dial, then the leader and slot."""
    if s.plan_dial[side_of(s, seat)] == UNSET:
        return "dial", [(v, UNSET) for v in legal_dials(ctx, s, seat)]
    return "leader", legal_leaders(ctx, s, seat)


def resolve_dial(ctx: Ctx, d: Draft, seat: int, value: int, out: Events) -> None:
    """§10.3 step 2: a battler's sealed dial."""
    d.plan_dial = _pair(d.plan_dial, side_of(d, seat), value)
    out.append(BattlePlanPartSet(seat=seat, part="dial"))
    _plan_progress(ctx, d, seat, out)


def resolve_leader(ctx: Ctx, d: Draft, seat: int, leader: int, slot: int, out: Events) -> None:
    """§10.3 step 3: a battler's sealed leader and card slot."""
    side = side_of(d, seat)
    d.plan_leader = _pair(d.plan_leader, side, leader)
    d.plan_slot = _pair(d.plan_slot, side, slot)
    out.append(BattlePlanPartSet(seat=seat, part="leader"))
    _plan_progress(ctx, d, seat, out)


def _plan_progress(ctx: Ctx, d: Draft, seat: int, out: Events) -> None:
    if not _plan_part_due(d, seat):
        d.waiting = without(d.waiting, seat)
    if not d.waiting:
        reveal_plans(ctx, d, out)


def reveal_plans(ctx: Ctx, d: Draft, out: Events) -> None:
    """§10.3 step 4: dials and leaders revealed at once; the slot with the leader (GAPS C10)."""
    d.revealed = 1
    show_slots = ctx.config.slot_visible_at_reveal1
    out.append(
        BattlePlansRevealed(
            dials=d.plan_dial,
            leaders=tuple(_leader_name(ctx, ld) for ld in d.plan_leader),
            slots=tuple(SLOT_NAMES[x] for x in d.plan_slot) if show_slots else None,
        )
    )
    xxcha, side = helper(ctx, d, XXCHA)
    if ctx.config.xxcha_voice and xxcha != NOBODY:
        d.voice_side = side
        d.step = VOICE
        d.actor = xxcha
        d.waiting = ()
        return
    open_cards(ctx, d, out)


# -- §18 Xxcha voice -----------------------------------------------------------------------------------


def subtypes(ctx: Ctx, kind: str) -> tuple[str, ...]:
    """§10.3 step 5 (GAPS C2): the matched types of a card kind, as the Xxcha voice names them."""
    return _subtypes(ctx.t.card_kind, ctx.t.card_subtype, kind)


@cache  # a function of the content pack, asked for every order offered
def _subtypes(card_kind: tuple[str, ...], card_subtype: tuple[str, ...], kind: str) -> tuple[str, ...]:
    return tuple(sorted({card_subtype[c] for c in range(len(card_kind)) if card_kind[c] == kind}))


def legal_voice(ctx: Ctx, s: Fields, seat: int) -> list[tuple[int, int, int]]:
    """§18 (Xxcha) [Dune]: order the opponent to play, or not to play, an attack of a type, a defense
    of a type, or a named card — or give no order ((UNSET, UNSET, UNSET))."""
    out: list[tuple[int, int, int]] = [(UNSET, UNSET, UNSET)]
    for play in (1, 0):
        for kind in (0, 1):
            out += [(play, kind, i) for i in range(len(subtypes(ctx, KINDS[kind])))]
        out += [(play, 2, c) for c in range(len(ctx.t.card_ids)) if ctx.t.card_timing[c].startswith("battle")]
    return out


def resolve_voice(ctx: Ctx, d: Draft, seat: int, play: int, kind: int, what: int, out: Events) -> None:
    """§10.3 step 4, §18 (Xxcha voice [Dune]): the Xxcha's order to play or not play a kind of card,
    given between the reveals."""
    if play != UNSET:
        d.voice = (play, kind, what)
        name = ctx.t.card_ids[what] if kind == 2 else subtypes(ctx, KINDS[kind])[what]
        out.append(VoiceUsed(seat=seat, play=bool(play), kind=KINDS[kind], what=name))
    open_cards(ctx, d, out)


def _voice_matches(ctx: Ctx, s: Fields, card: int) -> bool:
    play, kind, what = s.voice
    if kind == 2:
        return card == what
    return (
        ctx.t.card_kind[card] == KINDS[kind] and ctx.t.card_subtype[card] == subtypes(ctx, KINDS[kind])[what]
    )


# -- §10.3 steps 5-6: cards, second reveal, traitors ----------------------------------------------------


def open_cards(ctx: Ctx, d: Draft, out: Events) -> None:
    """§10.3 step 5: both battlers choose the cards their slot promised, sealed."""
    d.step = BATTLE_CARDS
    d.actor = NOBODY
    d.waiting = tuple(sorted(d.battlers))


def legal_cards(ctx: Ctx, s: Fields, seat: int) -> list[tuple[int, int]]:
    """§10.3 step 5: exactly what the slot promised (with ``slot_must_be_fillable`` off, an empty part
    when nothing fits); a part Jol-Nar has seen is fixed; the Xxcha's order is obeyed as far as the
    player is able."""
    side = side_of(s, seat)
    slot = s.plan_slot[side]
    choices = card_choices(ctx, s, seat, slot)
    if not ctx.config.slot_must_be_fillable:
        choices = _with_empty_parts(ctx, s, seat, slot, choices)
    fixed = (s.plan_attack[side], s.plan_defense[side])
    choices = [(a, c) for a, c in choices if fixed[0] in (UNSET, a) and fixed[1] in (UNSET, c)] or choices
    if s.voice and side == 1 - s.voice_side:
        play = s.voice[0]
        obeying = [
            (a, c)
            for a, c in choices
            if (play == 1) == any(x != EMPTY and _voice_matches(ctx, s, x) for x in (a, c))
        ]
        choices = obeying or choices
    return sorted(set(choices))


def _with_empty_parts(
    ctx: Ctx, s: Fields, seat: int, slot: int, choices: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    if choices:
        return choices
    hand = hand_for_cards(ctx, s, seat)
    attack = [c for c in hand if fits(ctx, c, SLOT_ATTACK)] if slot in (SLOT_ATTACK, SLOT_BOTH) else []
    defense = [c for c in hand if fits(ctx, c, SLOT_DEFENSE)] if slot in (SLOT_DEFENSE, SLOT_BOTH) else []
    return [(a, EMPTY) for a in attack] + [(EMPTY, c) for c in defense] or [(EMPTY, EMPTY)]


def resolve_cards(ctx: Ctx, d: Draft, seat: int, attack: int, defense: int, out: Events) -> None:
    """§10.3 step 5: a battler's sealed cards; when both are in, they are revealed together and the
    traitor step (6) follows."""
    side = side_of(d, seat)
    d.plan_attack = _pair(d.plan_attack, side, attack)
    d.plan_defense = _pair(d.plan_defense, side, defense)
    out.append(BattlePlanPartSet(seat=seat, part="cards"))
    d.waiting = without(d.waiting, seat)
    if d.waiting:
        return
    d.revealed = 2
    names = ctx.t.card_ids
    out.append(
        BattleCardsRevealed(
            attack=tuple(names[c] if c != EMPTY else None for c in d.plan_attack),
            defense=tuple(names[c] if c != EMPTY else None for c in d.plan_defense),
        )
    )
    d.step = TRAITOR
    letnev, _ = helper(ctx, d, LETNEV)
    d.waiting = tuple(sorted({*d.battlers, *([letnev] if letnev != NOBODY else [])}))


def traitor_side(ctx: Ctx, s: Fields, seat: int) -> int:
    """§10.3 step 6: the side a traitor revealed by ``seat`` would help: his own, or (Letnev's ally
    advantage [Dune]) the ally's he helps."""
    if seat in s.battlers:
        return side_of(s, seat)
    return helper(ctx, s, LETNEV)[1]


def traitor_against(ctx: Ctx, s: Fields, seat: int) -> bool:
    """§10.5 (E8): does ``seat`` hold the traitor card of the leader revealed against him (or
    against the ally Letnev helps)?  A card naming his own leader does nothing."""
    leader = s.plan_leader[1 - traitor_side(ctx, s, seat)]
    return leader >= 0 and leader in s.traitors[seat] and leader // LEADERS_PER_RACE != s.race[seat]


def legal_traitor(ctx: Ctx, s: Fields, seat: int) -> tuple[bool, ...]:
    """§10.3 step 6: both battlers answer (so nobody learns who holds a traitor from being asked)."""
    return (False, True) if traitor_against(ctx, s, seat) else (False,)


def resolve_traitor(ctx: Ctx, d: Draft, seat: int, reveal: bool, out: Events) -> None:
    """§10.3 step 6: each battler (and Letnev helping an ally [Dune]) reveals a traitor or not; with
    every answer in, the battle resolves."""
    if seat in d.battlers:
        d.traitor_answer = _pair(d.traitor_answer, side_of(d, seat), int(reveal))
    else:
        d.helper_answer = int(reveal)
    d.waiting = without(d.waiting, seat)
    if not d.waiting:
        resolve_battle(ctx, d, out)


# -- §10.3 steps 6-8: the outcome ----------------------------------------------------------------------


def _kill(ctx: Ctx, d: Draft, leader: int, cause: str, out: Events) -> None:
    if leader >= 0:
        d.leaders = (*d.leaders[:leader], LEADER_DEAD, *d.leaders[leader + 1 :])
        out.append(LeaderKilled(leader=ctx.t.leader_ids[leader], cause=cause))


def _destroy_all(ctx: Ctx, d: Draft, seat: int, out: Events) -> None:
    """§10.3 step 8: the loser's units in the area all go to his casualty pool."""
    lost_units = lost_mech = 0
    for piece in ctx.b.area_pieces[d.battle_area]:
        u, m = units_of(d.stacks, piece, seat)
        if u or m:
            d.stacks = add_units(d.stacks, piece, seat, -u, -m)
            lost_units, lost_mech = lost_units + u, lost_mech + m
    _to_casualties(ctx, d, seat, lost_units, lost_mech, out)


def _to_casualties(ctx: Ctx, d: Draft, seat: int, units: int, mech: int, out: Events) -> None:
    d.set_seat("casualties", seat, d.casualties[seat] + units)
    d.set_seat("casualties_mech", seat, d.casualties_mech[seat] + mech)
    out.append(UnitsDestroyed(seat=seat, area=ctx.b.area_ids[d.battle_area], units=units, mechanized=mech))


def resolve_battle(ctx: Ctx, d: Draft, out: Events) -> None:
    """§10.3 steps 6-8 (E1, E2, E6, E7)."""
    revealers = [d.battlers[side] if d.traitor_answer[side] == 1 else NOBODY for side in (0, 1)]
    if d.helper_answer == 1:
        letnev, side = helper(ctx, d, LETNEV)
        revealers[side] = letnev
    if any(r != NOBODY for r in revealers):
        _traitor_outcome(ctx, d, revealers, out)
        return
    leaders = list(d.plan_leader)
    killed = [False, False]
    for side in (0, 1):  # §10.3 step 7: an attack kills unless a matching defense was played
        attack = d.plan_attack[side]
        if attack == EMPTY or ctx.t.card_effect[attack] != "kill_leader":
            continue
        defense = d.plan_defense[1 - side]
        subtype = ctx.t.card_subtype[attack]
        blocked = (
            subtype != "U"
            and defense != EMPTY
            and ctx.t.card_effect[defense] == "block_attack"
            and ctx.t.card_subtype[defense] == subtype
        )
        if not blocked and leaders[1 - side] != NO_LEADER:
            killed[1 - side] = True
    for side in (0, 1):
        if killed[side]:
            _kill(ctx, d, leaders[side], "card", out)
    strength = [d.plan_dial[side] + _leader_strength(ctx, leaders[side], killed[side]) for side in (0, 1)]
    winner_side = 0 if strength[0] >= strength[1] else 1  # E1, E2: a tie goes to the aggressor
    _finish(ctx, d, winner_side, tuple(strength), killed, out)


def _leader_strength(ctx: Ctx, leader: int, killed: bool) -> int:
    if killed or leader < 0:
        return 0
    return ctx.t.leader_strength[leader]


def forget_traitor_fact(d: Draft, leader: int) -> None:
    """§10.5: a revealed traitor card goes back into the traitor deck, so what was learnt about who
    holds it no longer holds."""
    forget(d, leader)


def _traitor_outcome(ctx: Ctx, d: Draft, revealers: list[int], out: Events) -> None:
    """§10.3 step 6 (E6, E7): the revealer's side wins at no cost and no card takes effect; the
    traitor dies.  Both revealed: both lose everything there and nobody wins [Dune]."""
    revealed = [r != NOBODY for r in revealers]
    for side in (0, 1):
        if revealed[side]:
            seat = revealers[side]
            traitor = d.plan_leader[1 - side]
            out.append(TraitorRevealed(seat=seat, leader=ctx.t.leader_ids[traitor]))
            _kill(ctx, d, traitor, "traitor", out)
            d.set_seat("traitors", seat, tuple(c for c in d.traitors[seat] if c != traitor))
            forget_traitor_fact(d, traitor)
            d.traitor_deck, d.rng = rng.shuffle(d.seed, d.rng, (*d.traitor_deck, traitor))
    if all(revealed):
        for side in (0, 1):
            _destroy_all(ctx, d, d.battlers[side], out)
            _discard_played(ctx, d, side, (True, True))
        out.append(BattleFought(area=ctx.b.area_ids[d.battle_area], winner=None, strength=None))
        after_battle(ctx, d, out)
        return
    winner_side = 0 if revealed[0] else 1
    loser = d.battlers[1 - winner_side]
    d.battle_winner = d.battlers[winner_side]
    _destroy_all(ctx, d, loser, out)
    _discard_played(ctx, d, 1 - winner_side, (True, True))
    _mark_leader(d, winner_side)
    out.append(BattleFought(area=ctx.b.area_ids[d.battle_area], winner=d.battle_winner, strength=None))
    _offer_keep(ctx, d, winner_side, out)


def _mark_leader(d: Draft, side: int) -> None:
    """§10.4: a leader who fought here may fight again only here this round."""
    leader = d.plan_leader[side]
    if leader >= 0 and d.leaders[leader] != LEADER_DEAD:
        d.leaders = (*d.leaders[:leader], d.battle_area, *d.leaders[leader + 1 :])


def _finish(
    ctx: Ctx, d: Draft, winner_side: int, strength: tuple[int, ...], killed: list[bool], out: Events
) -> None:
    """§10.3 step 8: the loser loses all his units there and discards his cards; the winner loses
    units worth his dial (Lazax: a set of units covering it, §10.7)."""
    winner, loser = d.battlers[winner_side], d.battlers[1 - winner_side]
    d.battle_winner = winner
    out.append(BattleFought(area=ctx.b.area_ids[d.battle_area], winner=winner, strength=strength))
    _destroy_all(ctx, d, loser, out)
    _discard_played(ctx, d, 1 - winner_side, (True, True))
    for side in (0, 1):
        if not killed[side]:
            _mark_leader(d, side)
    if ctx.config.leader_kill_bounty:  # GAPS E7 [Dune]: the winner is paid for the leaders killed
        bounty = sum(
            ctx.t.leader_strength[d.plan_leader[s]] for s in (0, 1) if killed[s] and d.plan_leader[s] >= 0
        )
        d.set_seat("influence", winner, d.influence[winner] + bounty)
        d.pool -= bounty
    options = loss_options(ctx, d, winner, d.plan_dial[winner_side])
    if len(options) > 1:
        d.step = BATTLE_LOSSES
        d.actor = winner
        d.waiting = ()
        return
    take_losses(ctx, d, winner, *options[0], out)


def loss_options(ctx: Ctx, s: Fields, seat: int, dial: int) -> list[tuple[int, int]]:
    """§10.7: the units a winner destroys: as many as his dial; a Lazax destroys units whose strength
    covers the dial, a minimal set (``lazax_loss_set``, GAPS G5), choosing among several."""
    units = mech = 0
    for piece in ctx.b.area_pieces[s.battle_area]:
        u, m = units_of(s.stacks, piece, seat)
        units, mech = units + u, mech + m
    if not mech:
        return [(min(dial, units), 0)]
    worth = mech_strength(ctx, s, seat)
    covering = [(u, m) for m in range(mech + 1) for u in range(units + 1) if u + m * worth >= dial] or [
        (units, mech)
    ]
    if ctx.config.lazax_loss_set == "least_strength":
        least = min(u + m * worth for u, m in covering)
        return [(u, m) for u, m in covering if u + m * worth == least]
    return [
        (u, m)
        for u, m in covering
        if (u == 0 or u - 1 + m * worth < dial) and (m == 0 or u + (m - 1) * worth < dial)
    ]


def resolve_losses(ctx: Ctx, d: Draft, seat: int, units: int, mech: int, out: Events) -> None:
    """§10.7: the winning Lazax chooses which of his units make up the loss (a minimal set covering his
    dial)."""
    take_losses(ctx, d, seat, units, mech, out)


def take_losses(ctx: Ctx, d: Draft, seat: int, units: int, mech: int, out: Events) -> None:
    """§10.3 step 8, §10.6: the winner's losses go to his casualty pool; then he keeps or discards his
    cards."""
    left_u, left_m = units, mech
    for piece in ctx.b.area_pieces[d.battle_area]:
        u, m = units_of(d.stacks, piece, seat)
        du, dm = min(u, left_u), min(m, left_m)
        if du or dm:
            d.stacks = add_units(d.stacks, piece, seat, -du, -dm)
            left_u, left_m = left_u - du, left_m - dm
    if units or mech:
        _to_casualties(ctx, d, seat, units, mech, out)
    _offer_keep(ctx, d, side_of(d, seat), out)


# -- cards after the battle (E9) ------------------------------------------------------------------------


def _played(d: Fields, side: int) -> list[int]:
    return [c for c in (d.plan_attack[side], d.plan_defense[side]) if c not in (EMPTY, UNSET)]


def _stand_in_played(ctx: Ctx, d: Fields, side: int) -> list[int]:
    if d.plan_leader[side] != STAND_IN:
        return []
    return [stand_in_cards(ctx, d.hands[d.battlers[side]])[0]]


def _discard_played(ctx: Ctx, d: Draft, side: int, discard: tuple[bool, bool]) -> None:
    """Played cards leave the hand: to the discard pile (or, kept, back into it — now known to all)."""
    seat = d.battlers[side]
    hand = list(d.hands[seat])
    parts = [d.plan_attack[side], d.plan_defense[side]]
    gone: list[int] = []
    for card, drop in zip(parts, discard, strict=True):
        if card in (EMPTY, UNSET):
            continue
        if drop:
            hand.remove(card)
            gone.append(card)
    for card in _stand_in_played(ctx, d, side):
        hand.remove(card)
        gone.append(card)
    d.set_seat("hands", seat, tuple(sorted(hand)))
    d.strategy_discard = (*d.strategy_discard, *gone)
    kept = [c for c, drop in zip(parts, discard, strict=True) if c not in (EMPTY, UNSET) and not drop]
    learnt = [entry for entry in d.learnt if not (entry[1] == seat and entry[2] in gone)]
    for card in kept:  # §16: everyone saw the card go back into this hand
        learnt += [(v, seat, card) for v in range(d.players) if v != seat and (v, seat, card) not in learnt]
    d.learnt = tuple(learnt)
    d.plan_attack = _pair(d.plan_attack, side, EMPTY)
    d.plan_defense = _pair(d.plan_defense, side, EMPTY)
    if d.plan_leader[side] == STAND_IN:
        d.plan_leader = _pair(d.plan_leader, side, NO_LEADER)


def keepable(ctx: Ctx, s: Fields, side: int) -> tuple[bool, bool]:
    """§10.3 step 8: E9: the winner may keep each card he played, except cards discarded after use."""
    return tuple(  # type: ignore[return-value]
        c not in (EMPTY, UNSET) and not ctx.t.card_discard_after_use[c]
        for c in (s.plan_attack[side], s.plan_defense[side])
    )


def _offer_keep(ctx: Ctx, d: Draft, side: int, out: Events) -> None:
    if any(keepable(ctx, d, side)):
        d.step = KEEP_CARDS
        d.actor = d.battlers[side]
        d.waiting = ()
        return
    _discard_played(ctx, d, side, (True, True))
    after_battle(ctx, d, out)


def legal_keep(ctx: Ctx, s: Fields, seat: int) -> list[tuple[bool, bool]]:
    """§10.3 step 8 (E9): the winner keeps or discards each card he played; a card discarded after use
    cannot be kept."""
    can = keepable(ctx, s, side_of(s, seat))
    return [
        (ka, kd) for ka in (False, True) for kd in (False, True) if (can[0] or not ka) and (can[1] or not kd)
    ]


def resolve_keep(ctx: Ctx, d: Draft, seat: int, keep_attack: bool, keep_defense: bool, out: Events) -> None:
    """§10.3 step 8 (E9): the winner keeps or discards each card he played."""
    side = side_of(d, seat)
    names = ctx.t.card_ids
    parts = (d.plan_attack[side], d.plan_defense[side])
    kept = tuple(names[c] for c, k in zip(parts, (keep_attack, keep_defense), strict=True) if k)
    out.append(CardsKept(seat=seat, cards=kept))
    _discard_played(ctx, d, side, (not keep_attack, not keep_defense))
    after_battle(ctx, d, out)


def after_battle(ctx: Ctx, d: Draft, out: Events) -> None:
    """§10.2: the aggressor fights on (the next player in the same area, or his next area); then the
    next aggressor."""
    aggressor = d.battlers[0]
    area = d.battle_area
    d.battle_area = NOBODY
    d.battlers = ()
    d.plan_dial = d.plan_leader = d.plan_slot = d.plan_attack = d.plan_defense = ()
    d.revealed = 0
    d.foreseen = UNSET
    d.voice = ()
    d.traitor_answer = ()
    d.helper_answer = UNSET
    d.prescient_side = UNSET
    d.voice_side = UNSET
    d.battle_winner = NOBODY
    if area in battle_areas(ctx, d, aggressor):
        start_battle(ctx, d, aggressor, area, out)
        return
    next_battle(ctx, d, out)


def end_battles(ctx: Ctx, d: Draft, out: Events) -> None:
    """§10.2: no area but the Council holds two players; the Collection phase (§11) follows."""
    from turncoat.games.rex.phases.collection import collection_phase  # the next phase

    d.aggressors_done = ()
    d.actor = NOBODY
    d.waiting = ()
    collection_phase(ctx, d, out)


def resolve_set_dial(ctx: Ctx, d: Draft, seat: int, value: int, out: Events) -> None:
    """A dial set for Jol-Nar's prescience (§18) or in the plan (§10.3 step 2)."""
    if d.step == FORESEE:
        resolve_foresee(ctx, d, seat, value, UNSET, out)
    else:
        resolve_dial(ctx, d, seat, value, out)


def resolve_pick_leader(ctx: Ctx, d: Draft, seat: int, leader: int, slot: int, out: Events) -> None:
    """A leader and slot picked for Jol-Nar's prescience (§18) or in the plan (§10.3 step 3)."""
    if d.step == FORESEE:
        resolve_foresee(ctx, d, seat, leader, slot, out)
    else:
        resolve_leader(ctx, d, seat, leader, slot, out)


# -- §16: who sees which part of a plan --------------------------------------------------------------

PLAN_PARTS = ("dial", "leader", "slot", "attack", "defense")


def plan_visible(ctx: Ctx, s: Fields, viewer: int | None, side: int, part: str) -> bool:
    """§10.3, §16.2: a plan is secret until its reveal; its owner sees it, and Jol-Nar the part his
    prescience asked for (§18)."""
    seat = s.battlers[side]
    if viewer == seat:
        return True
    seer = viewer is not None and viewer == seat_of_race(s, JOL_NAR) and side == 1 - s.prescient_side
    foreseen = s.foreseen if seer and s.prescient_side != UNSET else UNSET
    if part == "dial":
        return s.revealed >= 1 or foreseen == SEE_DIAL
    if part == "leader":
        return s.revealed >= 1 or foreseen == SEE_LEADER
    if part == "slot":
        shown_early = s.revealed >= 1 and ctx.config.slot_visible_at_reveal1
        return s.revealed >= 2 or shown_early or foreseen == SEE_LEADER
    wanted = SEE_ATTACK if part == "attack" else SEE_DEFENSE
    return s.revealed >= 2 or foreseen == wanted
