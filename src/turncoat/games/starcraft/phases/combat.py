"""Combat (RULES §13): a battle from its set-up to the winner holding the area.

A Mobilize order (the round's execution) calls :func:`start_battle`; the battle then runs as small
decisions (``state.BATTLE_STEPS``): the front line of an all-assist side, one pair at a time, one
supporter at a time, the cards of one skirmish at a time, the next skirmish, a supporter lost to a
hit, a cloaked unit's withdrawal, a splash victim, the retreating units and their area.  Forced
steps (drawing cards, revealing and comparing, Scourge cards, discards, working out who retreats)
happen inside :func:`advance`, which always leaves the state at the next decision or, once the
battle is over, at ``RETURN_STEP`` with ``battle`` None.

The units stay in the contested area while they fight (the figures "set aside" of §13.2 step 1);
a destroyed unit leaves the board, a withdrawn or retreating one moves at once.  Units of one
owner, type and cloaking are interchangeable, so decisions name a unit by its type.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import msgspec

from turncoat.games.starcraft.context import Ctx, Events
from turncoat.games.starcraft.events import (
    BattleEnded,
    BattleStarted,
    CombatCardsChosen,
    CombatCardsPlaced,
    FrontLineChosen,
    SkirmishFormed,
    SkirmishRevealed,
    SupportAssigned,
    UnitDestroyed,
    UnitsRetreated,
    UnitWithdrew,
)
from turncoat.games.starcraft.galaxy import routes_of
from turncoat.games.starcraft.phases import combat_cards as C
from turncoat.games.starcraft.phases import event_effects
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
    BATTLE_SUPPORT,
    BATTLE_WITHDRAW,
    NOBODY,
    STEP_EXECUTION,
    Battle,
    BattlePick,
    BattleSide,
    Skirmish,
    State,
    Unit,
    with_area,
)

# Where the battle hands control back to the round: the execution phase continues (§13.2 step 9),
# and the game closes the Mobilize order there (execution.end_order).
RETURN_STEP = STEP_EXECUTION

RULE_BATTLE = "RULES §13.2"
RULE_PAIRING = "RULES §13.2 step 4"
RULE_SUPPORT = "RULES §13.2 step 5"
RULE_CARDS = "RULES §13.2 step 6"
RULE_SKIRMISH = "RULES §13.4"
RULE_CLOAKING = "RULES §13.7"
RULE_SPLASH = "RULES §13.6"
RULE_RETREAT = "RULES §13.9"
AIR_SUPPORT = "air_support"
ATTACK, DEFENCE = 0, 1


# -- units and areas ------------------------------------------------------------------------------


def units_of(state: State, area: str, seat: int) -> tuple[Unit, ...]:
    """§13.1: a seat's units in an area."""
    return tuple(u for u in state.area(area).units if u.owner == seat)


def is_assist(ctx: Ctx, unit: Unit) -> bool:
    """§13.7: an assist unit is never a front-line unit unless its side has nothing else."""
    return ctx.t.unit[unit.kind].assist.value


def can_target(ctx: Ctx, shooter: Unit, target: Unit) -> bool:
    """§13.5: the shooter's type can target the target's kind (ground or flying)."""
    return ctx.t.unit[target.kind].domain.value in ctx.t.unit[shooter.kind].targets.value


def friendly_or_empty(state: State, area: str, seat: int) -> bool:
    """§2: no enemy unit and no enemy base (an empty area, or one the seat controls)."""
    a = state.area(area)
    return all(u.owner == seat for u in a.units) and a.base in (NOBODY, seat)


def room_for(ctx: Ctx, state: State, area: str, seat: int) -> int:
    """§12: how many more of the seat's units the area's limit allows."""
    return ctx.t.area[area].unit_limit - len(units_of(state, area, seat))


def _distinct(units: Iterable[Unit]) -> tuple[Unit, ...]:
    return tuple(sorted(set(units)))


def _minus(units: Iterable[Unit], taken: Iterable[Unit]) -> list[Unit]:
    """The multiset ``units`` less one copy of each unit in ``taken``."""
    left = Counter(units)
    left.subtract(Counter(taken))
    return sorted(left.elements())


def _move(state: State, unit: Unit, source: str, to: str) -> State:
    a = state.area(source)
    state = with_area(state, msgspec.structs.replace(a, units=tuple(_minus(a.units, (unit,)))))
    b = state.area(to)
    return with_area(state, msgspec.structs.replace(b, units=tuple(sorted((*b.units, unit)))))


def _battle(state: State) -> Battle:
    if state.battle is None:
        raise ValueError("no battle is being fought")
    return state.battle


def _with_battle(state: State, battle: Battle) -> State:
    return msgspec.structs.replace(state, battle=battle)


def _ask(state: State, step: str, seat: int) -> State:
    return msgspec.structs.replace(state, step=step, actor=seat)


def _seat_of(battle: Battle, side: int) -> int:
    return battle.attacker if side == ATTACK else battle.defender


def _side(skirmish: Skirmish, side: int) -> BattleSide:
    return skirmish.attack if side == ATTACK else skirmish.defence


def _with_side(skirmish: Skirmish, side: int, new: BattleSide) -> Skirmish:
    if side == ATTACK:
        return msgspec.structs.replace(skirmish, attack=new)
    return msgspec.structs.replace(skirmish, defence=new)


def _with_skirmish(battle: Battle, index: int, skirmish: Skirmish) -> Battle:
    s = battle.skirmishes
    return msgspec.structs.replace(battle, skirmishes=s[:index] + (skirmish,) + s[index + 1 :])


def destroy_unit(state: State, unit: Unit, why: str, events: Events) -> State:
    """§2 "destroy": the unit leaves the contested area for its owner's supply."""
    b = _battle(state)
    a = state.area(b.area)
    state = with_area(state, msgspec.structs.replace(a, units=tuple(_minus(a.units, (unit,)))))
    events.append(UnitDestroyed(seat=unit.owner, unit=unit.kind, area=b.area, why=why))
    return _with_battle(state, msgspec.structs.replace(b, casualties=(*b.casualties, unit)))


# -- start (§13.1-§13.2 steps 1-3) ---------------------------------------------------------------


def start_battle(
    ctx: Ctx, state: State, area_id: str, attacker: int, events: Events, *, special: bool = False
) -> State:
    """§13.1-§13.2 steps 1-3: the active player attacks the units in ``area_id`` (already moved in
    by the Mobilize order); the attacker draws 3 combat cards (5 with a special Mobilize, §10.2),
    the defender 1.  Step 2's start-of-battle abilities are the kept event cards of the placeholder
    content (``next_start_ability``); nothing else of the content acts then.  Returns the state at
    the battle's first decision."""
    if area_id not in {a.id for a in state.areas}:
        raise ValueError(f"no battle in {area_id!r}: it is not an area of a placed planet")
    if not 0 <= attacker < state.players:
        raise ValueError(f"no battle: seat {attacker} is not at the table")
    area = state.area(area_id)
    attacking = units_of(state, area_id, attacker)
    defenders = {u.owner for u in area.units if u.owner != attacker}
    if not attacking or len(defenders) != 1:
        raise ValueError(f"no battle in {area_id}: it needs attacking units and one defender's units")
    (defender,) = defenders
    events.append(
        BattleStarted(
            area=area_id,
            attacker=attacker,
            defender=defender,
            special=special,
            attacking=tuple(u.kind for u in attacking),
            defending=tuple(u.kind for u in units_of(state, area_id, defender)),
        )
    )
    state = _with_battle(state, Battle(area=area_id, attacker=attacker, defender=defender, special=special))
    return next_start_ability(ctx, state, events)


def legal_start_abilities(ctx: Ctx, state: State) -> tuple[str | None, ...]:
    """§13.2 step 2, §17: the actor's kept start-of-battle event cards (placeholder content: +2
    health, the opponent plays first and face up, and for the defender the battle cancelled), one
    per card, or none."""
    b = _battle(state)
    seat = state.actor
    effects = [e for e in event_effects.START_OF_BATTLE if e != event_effects.CANCEL or seat == b.defender]
    cards = sorted({c for e in effects for c in event_effects.kept(ctx, state, seat, e)})
    return (*cards, None)


def next_start_ability(ctx: Ctx, state: State, events: Events) -> State:
    """§13.2 steps 2-3: attacker first, then defender, may use one start-of-battle ability (asked
    only of a side that has one); then the combat cards are drawn (none in a cancelled battle)."""
    b = _battle(state)
    while b.start_step < 2:
        seat = _seat_of(b, b.start_step)
        if len(legal_start_abilities(ctx, msgspec.structs.replace(state, actor=seat))) > 1:
            return _ask(state, BATTLE_START, seat)
        b = msgspec.structs.replace(b, start_step=b.start_step + 1)
        state = _with_battle(state, b)
    if not b.cancelled:
        state = C.draw_combat_cards(ctx, state, b.attacker, 5 if b.special else 3, events)
        state = C.draw_combat_cards(ctx, state, b.defender, 1, events)
    return advance(ctx, state, events)


def resolve_start_ability(ctx: Ctx, state: State, card: str | None, events: Events) -> State:
    """§13.2 step 2, §17: the actor uses one kept event card (None: none), which is discarded: +2
    health in each of its skirmishes; its opponent places cards first and face up; or (defender)
    the battle is cancelled: no cards drawn, no skirmish, the attacker retreats all its units."""
    if card not in legal_start_abilities(ctx, state):
        raise ValueError(f"{card!r} is not a start-of-battle event card the actor keeps")
    b = _battle(state)
    seat = state.actor
    side = ATTACK if seat == b.attacker else DEFENCE
    if card is not None:
        effect = event_effects.effect_of(ctx, card)
        state = event_effects.use_kept_card(ctx, state, seat, effect, events, card)
        if effect == event_effects.HEALTH:
            bonus = list(b.health_bonus)
            bonus[side] += event_effects.HEALTH_BONUS
            b = msgspec.structs.replace(b, health_bonus=(bonus[0], bonus[1]))
        elif effect == event_effects.FACE_UP:
            up = list(b.face_up)
            up[1 - side] = True
            b = msgspec.structs.replace(b, face_up=(up[0], up[1]))
        else:
            b = msgspec.structs.replace(
                b,
                cancelled=True,
                decided=True,
                splash_ready=True,
                winner=b.defender,
                retreats=((b.attacker, -1),),
            )
    b = msgspec.structs.replace(b, start_step=b.start_step + 1)
    return next_start_ability(ctx, _with_battle(state, b), events)


# -- skirmishes (§13.2 steps 4-5) ---------------------------------------------------------------


def all_assist(ctx: Ctx, units: Iterable[Unit]) -> bool:
    """§13.2 step 4: every unit of the side is an assist unit."""
    return all(is_assist(ctx, u) for u in units)


def eligible_front_line(ctx: Ctx, state: State, side: int) -> tuple[Unit, ...]:
    """§13.2 step 4: the units that may be paired: the non-assist ones, or the one front-line unit
    an all-assist side chose."""
    b = _battle(state)
    chosen = b.front_line[side]
    if chosen is not None:
        return (chosen,)
    return tuple(u for u in units_of(state, b.area, _seat_of(b, side)) if not is_assist(ctx, u))


def pair_count(ctx: Ctx, state: State) -> int:
    """§13.2 step 4: as many pairs as possible (one skirmish when a side is all assist)."""
    return min(len(eligible_front_line(ctx, state, ATTACK)), len(eligible_front_line(ctx, state, DEFENCE)))


def legal_front_line(ctx: Ctx, state: State) -> tuple[Unit, ...]:
    """§13.2 step 4: an all-assist side's choice of its one front-line unit."""
    b = _battle(state)
    return _distinct(units_of(state, b.area, state.actor))


def resolve_choose_front_line(ctx: Ctx, state: State, unit: Unit, events: Events) -> State:
    """§13.2 step 4: the all-assist side's front-line unit."""
    b = _battle(state)
    side = ATTACK if state.actor == b.attacker else DEFENCE
    front = (unit, b.front_line[1]) if side == ATTACK else (b.front_line[0], unit)
    events.append(FrontLineChosen(seat=unit.owner, unit=unit.kind))
    return advance(ctx, _with_battle(state, msgspec.structs.replace(b, front_line=front)), events)


def _unpaired(ctx: Ctx, state: State, side: int) -> list[Unit]:
    b = _battle(state)
    return _minus(eligible_front_line(ctx, state, side), (_side(s, side).front for s in b.skirmishes))


def legal_pairs(ctx: Ctx, state: State) -> tuple[tuple[Unit, Unit], ...]:
    """§13.2 step 4: the attacker pairs any unpaired attacking unit with any unpaired defending one
    (whether or not they can hurt each other)."""
    return tuple(
        (a, d)
        for a in _distinct(_unpaired(ctx, state, ATTACK))
        for d in _distinct(_unpaired(ctx, state, DEFENCE))
    )


def resolve_pair_skirmish(ctx: Ctx, state: State, attacker: Unit, defender: Unit, events: Events) -> State:
    """§13.2 step 4: one skirmish of two front-line units."""
    b = _battle(state)
    skirmish = Skirmish(attack=BattleSide(front=attacker), defence=BattleSide(front=defender))
    events.append(SkirmishFormed(skirmish=len(b.skirmishes), attacker=attacker.kind, defender=defender.kind))
    b = msgspec.structs.replace(b, skirmishes=(*b.skirmishes, skirmish))
    return advance(ctx, _with_battle(state, b), events)


def next_supporter(ctx: Ctx, state: State) -> Unit | None:
    """§13.2 step 5: the next unit in no skirmish (the attacker's first): every one supports."""
    b = _battle(state)
    for side in (ATTACK, DEFENCE):
        placed = [u for s in b.skirmishes for u in (_side(s, side).front, *_side(s, side).support)]
        left = _minus(units_of(state, b.area, _seat_of(b, side)), placed)
        if left:
            return left[0]
    return None


def legal_support(ctx: Ctx, state: State) -> tuple[int, ...]:
    """§13.2 step 5: a supporter may join any skirmish."""
    return tuple(range(len(_battle(state).skirmishes)))


def resolve_assign_support(ctx: Ctx, state: State, skirmish: int, events: Events) -> State:
    """§13.2 step 5: the next unpaired unit supports ``skirmish``."""
    b = _battle(state)
    unit = next_supporter(ctx, state)
    assert unit is not None
    side = ATTACK if unit.owner == b.attacker else DEFENCE
    s = b.skirmishes[skirmish]
    own = _side(s, side)
    s = _with_side(s, side, msgspec.structs.replace(own, support=tuple(sorted((*own.support, unit)))))
    events.append(SupportAssigned(seat=unit.owner, unit=unit.kind, skirmish=skirmish))
    return advance(ctx, _with_battle(state, _with_skirmish(b, skirmish, s)), events)


# -- combat cards (§13.2 step 6) ----------------------------------------------------------------


def card_skirmish(state: State) -> int:
    """§13.2 step 6: the actor's next skirmish without cards (in skirmish order)."""
    b = _battle(state)
    side = ATTACK if state.actor == b.attacker else DEFENCE
    return next(i for i, s in enumerate(b.skirmishes) if not _side(s, side).placed)


def legal_card_placements(ctx: Ctx, state: State) -> tuple[tuple[str | None, str | None], ...]:
    """§13.2 step 6: one standard card from hand, optionally with one reinforcement card from
    hand; or the top card of the deck, blind (None), never with a reinforcement.  The blind card is
    always offered: with deck and discard pile both empty the side fights with no card."""
    hand = state.seat(state.actor).hand
    standards = sorted({c for c in hand if not C.is_reinforcement(ctx, c)})
    extras = [None, *sorted({c for c in hand if C.is_reinforcement(ctx, c)})]
    return ((None, None), *((s, r) for s in standards for r in extras))


def resolve_place_combat_cards(
    ctx: Ctx, state: State, standard: str | None, reinforcement: str | None, events: Events
) -> State:
    """§13.2 step 6: the cards go face down on the actor's next skirmish; the opponent sees how
    many and whether the first came from the deck, never which (§17: a side made to play face up
    shows them to everyone)."""
    b = _battle(state)
    seat = state.actor
    side = ATTACK if seat == b.attacker else DEFENCE
    index = card_skirmish(state)
    face_up = b.face_up[side]
    if standard is None:
        state, top = C.take_top_card(ctx, state, seat, events)
        cards: tuple[str, ...] = () if top is None else (top,)
    else:
        cards = (standard,) if reinforcement is None else (standard, reinforcement)
        state = C.remove_from_hand(state, seat, cards)
    if face_up or standard is not None:
        seen = None if face_up else (seat,)
        events.append(CombatCardsChosen(seat=seat, skirmish=index, cards=cards, visible_to=seen))
    events.append(CombatCardsPlaced(seat=seat, skirmish=index, cards=len(cards), blind=standard is None))
    b = _battle(state)
    s = b.skirmishes[index]
    s = _with_side(
        s,
        side,
        msgspec.structs.replace(
            _side(s, side), cards=cards, placed=True, blind=standard is None, face_up=face_up
        ),
    )
    return advance(ctx, _with_battle(state, _with_skirmish(b, index, s)), events)


# -- resolving a skirmish (§13.3-§13.8) ---------------------------------------------------------


def legal_skirmishes(ctx: Ctx, state: State) -> tuple[int, ...]:
    """§13.2 step 7: the attacker resolves the skirmishes in an order of their choice."""
    return tuple(i for i, s in enumerate(_battle(state).skirmishes) if not s.resolved)


def standard_from_blind(
    ctx: Ctx, state: State, seat: int, cards: tuple[str, ...], events: Events
) -> tuple[State, tuple[str, ...], tuple[str, ...]]:
    """§13.3: a blind reinforcement card (no standard card with it) is discarded and replaced from
    the top of the deck until a standard card appears.  Returns the cards and the replaced ones."""
    replaced: list[str] = []
    while cards and C.is_reinforcement(ctx, cards[0]):
        replaced.append(cards[0])
        state = C.discard_cards(state, seat, (cards[0],))
        state, top = C.take_top_card(ctx, state, seat, events)
        cards = () if top is None else (top,)
    return state, cards, tuple(replaced)


def has_base_air_support(state: State, seat: int, area: str) -> bool:
    """§13.4, §13.7: the seat's base is in the area and the seat owns an Air Support module."""
    modules = dict(state.seat(seat).modules)
    return state.area(area).base == seat and modules.get(AIR_SUPPORT, 0) > 0


def applying_cards(ctx: Ctx, front: Unit, cards: Iterable[str]) -> tuple[str, ...]:
    """§13.3: the cards whose abilities apply: the standard card if a unit icon matches the
    front-line unit, and each matching reinforcement card."""
    return tuple(c for c in cards if C.card_matches(ctx, c, front.kind))


def cancelled_cards(ctx: Ctx, skirmish: Skirmish) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """§13.4, §13.7 *Cancel*: the cards of each side (attacker's, defender's) that the other side's
    applying cards cancel, by kind (standard, reinforcement).  Cancels resolve before everything
    else, attacker's first: with ``combat_cancel_order`` "attacker_first" (the default) a card the
    attacker cancels is gone before its own cancel acts; "simultaneous" lets every revealed card's
    cancel act."""
    gone: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    in_order = ctx.config.combat_cancel_order == "attacker_first"
    for side in (ATTACK, DEFENCE):
        own, enemy = _side(skirmish, side), _side(skirmish, 1 - side)
        live = _without(own.cards, gone[side]) if in_order else own.cards
        kinds = {k for c in applying_cards(ctx, own.front, live) for k in C.card_keywords(ctx, c).cancel}
        hit = tuple(
            c for c in enemy.cards if ("reinforcement" if C.is_reinforcement(ctx, c) else "standard") in kinds
        )
        gone = (hit, gone[DEFENCE]) if side == DEFENCE else (gone[ATTACK], hit)
    return gone


def _without(cards: tuple[str, ...], taken: tuple[str, ...]) -> tuple[str, ...]:
    """``cards`` less one copy for each card in ``taken``: copies of a technology share its id, so
    two of them in one skirmish are two cards."""
    left = list(cards)
    for card in taken:
        left.remove(card)
    return tuple(left)


def granted(ctx: Ctx, own: BattleSide) -> frozenset[str]:
    """§13.7: what the side's applying cards grant for the skirmish (cloaking for its front-line
    unit, detection for the side)."""
    return frozenset(g for c in own.active for g in C.card_keywords(ctx, c).grants)


def side_values(
    ctx: Ctx, state: State, battle: Battle, own: BattleSide, enemy: BattleSide, side: int
) -> tuple[tuple[int, int], tuple[str, ...]]:
    """§13.3-§13.5, §13.7: a side's final (attack, health) and its cards whose abilities apply: the
    standard card's major values and ability if it matches the front-line unit (else its minor
    values; a cancelled standard card is gone: 0/0); a matching reinforcement card adds its (major)
    values and its ability; each applying card's gains whose vs. names the enemy front-line unit
    (and whose when is this side's role); every supporter that can target the enemy front-line unit
    adds its support value; +1 attack for a special Mobilize's attacker (§10.2) and for a side whose
    base with Air Support is in the area when the enemy front-line unit flies; the health of a
    side's start-of-battle event card (§17)."""
    front = own.front.kind
    standard = next((c for c in own.cards if not C.is_reinforcement(ctx, c)), None)
    values = C.card_values(ctx, standard, front) if standard is not None else C.NO_VALUES
    attack, health = values.attack, values.health
    active = applying_cards(ctx, own.front, own.cards)
    for extra in active:
        data = C.card_data(ctx, extra)
        if data is not None and extra != standard:
            attack, health = attack + data.major.value.attack, health + data.major.value.health
    for card in active:
        for gain in C.card_keywords(ctx, card).gains:
            if C.gain_applies(ctx, gain, enemy.front.kind, side == ATTACK):
                attack, health = attack + gain.attack, health + gain.health
    attack += sum(ctx.t.unit[u.kind].support.value for u in own.support if can_target(ctx, u, enemy.front))
    if side == ATTACK and battle.special:
        attack += 1
    health += battle.health_bonus[side]
    flying = ctx.t.unit[enemy.front.kind].domain.value == "flying"
    if flying and has_base_air_support(state, _seat_of(battle, side), battle.area):
        attack += 1
    return (attack, health), active


def resolve_resolve_skirmish(ctx: Ctx, state: State, index: int, events: Events) -> State:
    """§13.4: reveal both sides' cards, resolve the cancels (the cancelled cards go to their owners'
    discard piles with no effect), work out each side's values, and let each side with sufficient
    strength (attack >= the enemy's health) destroy the enemy front-line unit if its own front-line
    unit can target it, or else a supporter it can target (the victim chooses which)."""
    b = _battle(state)
    s = b.skirmishes[index]
    replaced: list[str] = []
    for side in (ATTACK, DEFENCE):
        own = _side(s, side)
        if own.blind:
            state, cards, gone = standard_from_blind(ctx, state, _seat_of(b, side), own.cards, events)
            replaced += gone
            s = _with_side(s, side, msgspec.structs.replace(own, cards=cards))
        else:  # cards from the hand, now seen: no longer known to be in it (§21.3)
            state = C.forget_known_cards(state, _seat_of(b, side), own.cards)
    shown = (s.attack.cards, s.defence.cards)
    cancelled = cancelled_cards(ctx, s)
    for side in (ATTACK, DEFENCE):
        own = _side(s, side)
        state = C.discard_cards(state, _seat_of(b, side), cancelled[side])
        kept = _without(own.cards, cancelled[side])
        s = _with_side(s, side, msgspec.structs.replace(own, cards=kept))
    b = _battle(state)
    sides = []
    for side in (ATTACK, DEFENCE):
        values, active = side_values(ctx, state, b, _side(s, side), _side(s, 1 - side), side)
        sides.append(msgspec.structs.replace(_side(s, side), values=values, active=active))
    s = msgspec.structs.replace(s, attack=sides[ATTACK], defence=sides[DEFENCE], revealed=True)
    events.append(
        SkirmishRevealed(
            skirmish=index,
            attacker_cards=shown[ATTACK],
            defender_cards=shown[DEFENCE],
            attacker_values=s.attack.values,
            defender_values=s.defence.values,
            replaced=tuple(replaced),
            cancelled=cancelled[ATTACK] + cancelled[DEFENCE],
        )
    )
    doomed: list[Unit] = []
    front_hit = [False, False]
    picks: list[BattlePick] = []
    for side in (ATTACK, DEFENCE):
        own, enemy = _side(s, side), _side(s, 1 - side)
        if own.values[0] < enemy.values[1]:
            continue
        if can_target(ctx, own.front, enemy.front):
            doomed.append(enemy.front)
            front_hit[1 - side] = True
            continue
        targets = _distinct(u for u in enemy.support if can_target(ctx, own.front, u))
        if targets:
            picks.append(BattlePick("hit", _seat_of(b, 1 - side), index, targets))
    s = msgspec.structs.replace(s, doomed=tuple(doomed), front_hit=(front_hit[0], front_hit[1]))
    b = msgspec.structs.replace(_with_skirmish(b, index, s), picks=(*b.picks, *picks))
    return advance(ctx, _with_battle(state, b), events)


def resolve_choose_casualty(ctx: Ctx, state: State, unit: Unit, events: Events) -> State:
    """§13.4: the victim's choice of the targetable supporter the hit destroys."""
    b = _battle(state)
    pick = b.picks[0]
    s = b.skirmishes[pick.skirmish]
    s = msgspec.structs.replace(s, doomed=(*s.doomed, unit))
    b = msgspec.structs.replace(_with_skirmish(b, pick.skirmish, s), picks=b.picks[1:])
    return advance(ctx, _with_battle(state, b), events)


def detects(ctx: Ctx, state: State, battle: Battle, skirmish: Skirmish, side: int) -> bool:
    """§13.7: the side has a detector (front-line or supporting) in the skirmish, an applying card
    that grants detection, or Air Support and its base in the area."""
    own = _side(skirmish, side)
    if any(ctx.t.unit[u.kind].detector.value for u in (own.front, *own.support)):
        return True
    if "detection" in granted(ctx, own):
        return True
    return has_base_air_support(state, _seat_of(battle, side), battle.area)


def is_cloaked(ctx: Ctx, battle: Battle, skirmish: Skirmish, unit: Unit) -> bool:
    """§13.7: the unit is cloaked in this skirmish: by its type, or as the front-line unit of a side
    whose applying card grants cloaking (until the end of the skirmish)."""
    own = _side(skirmish, ATTACK if unit.owner == battle.attacker else DEFENCE)
    return unit.cloaked or (unit == own.front and "cloaking" in granted(ctx, own))


def scourge_strikes(ctx: Ctx, battle: Battle, skirmish: Skirmish) -> tuple[Unit, ...]:
    """§13.8 (FAQ, Scourge cards 10-12): at the end of the destroy step a side whose matching
    Scourge card applies destroys its own front-line unit if it survived, and then the enemy
    front-line unit too if that one flies (and was not hit already)."""
    struck: list[Unit] = []
    for side in (ATTACK, DEFENCE):
        own, enemy = _side(skirmish, side), _side(skirmish, 1 - side)
        if not any(C.card_ability(ctx, c) == C.SCOURGE for c in own.active) or skirmish.front_hit[side]:
            continue
        struck.append(own.front)
        flies = ctx.t.unit[enemy.front.kind].domain.value == "flying"
        if flies and not skirmish.front_hit[1 - side] and enemy.front not in struck:
            struck.append(enemy.front)
    return tuple(struck)


def end_of_destroy_step(ctx: Ctx, state: State, index: int, events: Events) -> State:
    """§13.4, §13.7, §13.8: the Scourge cards strike, then every unit hit is destroyed, except a
    cloaked one (by its type or by a card) facing no detector (a unit, a card or Air Support), which
    withdraws instead (its owner picks where)."""
    b = _battle(state)
    s = b.skirmishes[index]
    scourged = scourge_strikes(ctx, b, s)
    s = msgspec.structs.replace(s, scourged=scourged, destroyed=True)
    state = _with_battle(state, _with_skirmish(b, index, s))
    withdrawals: list[BattlePick] = []
    for unit, why in [*((u, "skirmish") for u in s.doomed), *((u, "scourge") for u in scourged)]:
        enemy_side = DEFENCE if unit.owner == b.attacker else ATTACK
        if is_cloaked(ctx, b, s, unit) and not detects(ctx, state, b, s, enemy_side):
            withdrawals.append(BattlePick("withdraw", unit.owner, index, (unit,)))
        else:
            state = destroy_unit(state, unit, why, events)
    b = _battle(state)
    return _with_battle(state, msgspec.structs.replace(b, picks=(*b.picks, *withdrawals)))


def withdrawal_areas(ctx: Ctx, state: State) -> tuple[str, ...]:
    """§13.7: a friendly or empty area of the active planet (not the contested one) with room."""
    b = _battle(state)
    pick = b.picks[0]
    planet = ctx.t.area_planet[b.area]
    return tuple(
        a
        for a in ctx.t.planet_areas[planet]
        if a != b.area and friendly_or_empty(state, a, pick.seat) and room_for(ctx, state, a, pick.seat) > 0
    )


def resolve_withdraw_to(ctx: Ctx, state: State, area: str, events: Events) -> State:
    """§13.7: the cloaked unit leaves the battle for ``area``."""
    b = _battle(state)
    (unit,) = b.picks[0].candidates
    state = _move(state, unit, b.area, area)
    events.append(UnitWithdrew(seat=unit.owner, unit=unit.kind, to=area))
    b = msgspec.structs.replace(b, picks=b.picks[1:], withdrawn=(*b.withdrawn, (unit, area)))
    return advance(ctx, _with_battle(state, b), events)


def finish_skirmish(ctx: Ctx, state: State, index: int, events: Events) -> State:
    """§13.4, §13.6: a side that destroyed an enemy unit in the skirmish (withdrawn cloaked units
    count, Scourge kills do not) sets its applying splash cards aside for step 8; every other card
    goes to its owner's discard pile."""
    b = _battle(state)
    s = b.skirmishes[index]
    splash: list[BattlePick] = []
    for side in (ATTACK, DEFENCE):
        seat, enemy = _seat_of(b, side), _seat_of(b, 1 - side)
        own = _side(s, side)
        triggered = any(u.owner == enemy for u in s.doomed)
        kept: list[str] = []
        for card in own.cards:
            domains = C.splash_domains(ctx, card)
            if triggered and domains and card in own.active:
                splash.append(BattlePick("splash", enemy, index, (), card, domains))
            else:
                kept.append(card)
        state = C.discard_cards(state, seat, tuple(kept))
    # the cards have left the table (discard pile, or set aside as splash); ``active`` keeps the record
    s = msgspec.structs.replace(
        s,
        resolved=True,
        attack=msgspec.structs.replace(s.attack, cards=()),
        defence=msgspec.structs.replace(s.defence, cards=()),
    )
    b = msgspec.structs.replace(_with_skirmish(_battle(state), index, s), splash=(*b.splash, *splash))
    return _with_battle(state, b)


# -- splash damage (§13.6) ----------------------------------------------------------------------


def order_splash(ctx: Ctx, state: State) -> State:
    """§13.6: the attacker's splash cards first, then the defender's; within a side the pure ground
    and pure flying ones before the ground/flying ones (so that as many units die as possible)."""
    b = _battle(state)
    ordered = sorted(b.splash, key=lambda p: (p.seat == b.attacker, len(p.domains) > 1))
    return _with_battle(state, msgspec.structs.replace(b, splash=tuple(ordered), splash_ready=True))


def splash_candidates(ctx: Ctx, state: State) -> tuple[Unit, ...]:
    """§13.6: the victim's surviving units in the area of the kind the card names (any of them, an
    assist unit or a cloaked one included)."""
    b = _battle(state)
    pick = b.splash[0]
    return _distinct(
        u for u in units_of(state, b.area, pick.seat) if ctx.t.unit[u.kind].domain.value in pick.domains
    )


def _drop_splash(state: State) -> State:
    b = _battle(state)
    pick = b.splash[0]
    owner = b.attacker if pick.seat == b.defender else b.defender
    state = C.discard_cards(state, owner, (pick.card,))
    return _with_battle(state, msgspec.structs.replace(_battle(state), splash=b.splash[1:]))


def resolve_splash_casualty(ctx: Ctx, state: State, unit: Unit, events: Events) -> State:
    """§13.6: the victim destroys the unit of their choice; the card is then discarded."""
    state = _drop_splash(destroy_unit(state, unit, "splash", events))
    return advance(ctx, state, events)


# -- the end of the battle (§13.9) --------------------------------------------------------------


def battle_outcome(ctx: Ctx, state: State) -> tuple[int, tuple[tuple[int, int], ...]]:
    """§13.9: the winner (NOBODY when both sides are gone) and the retreats, in order, as (seat,
    how many units, -1 = all): with survivors on both sides the attacker retreats, unless every
    surviving defender is an assist unit (then the defender retreats); a winning attacker above
    the area's limit then retreats the excess."""
    b = _battle(state)
    a, d = units_of(state, b.area, b.attacker), units_of(state, b.area, b.defender)
    excess = len(a) - ctx.t.area[b.area].unit_limit
    attacker_excess = ((b.attacker, excess),) if excess > 0 else ()
    if not a:
        return (b.defender if d else NOBODY), ()
    if not d:
        return b.attacker, attacker_excess
    if all_assist(ctx, d):
        return b.attacker, ((b.defender, -1), *attacker_excess)
    return b.defender, ((b.attacker, -1),)


def retreat_areas(ctx: Ctx, state: State, seat: int) -> tuple[str, ...]:
    """§13.9: a friendly or empty area with room, on the active planet or on an adjacent planet
    whose connecting route carries one of the retreating player's transports."""
    b = _battle(state)
    planet = ctx.t.area_planet[b.area]
    planets = [planet]
    for r in routes_of(state, planet):
        if seat in r.transports:
            planets += [e.planet for e in r.ends if e.planet != planet and e.planet not in planets]
    return tuple(
        a
        for p in planets
        for a in ctx.t.planet_areas[p]
        if a != b.area and friendly_or_empty(state, a, seat) and room_for(ctx, state, a, seat) > 0
    )


def legal_retreating_units(ctx: Ctx, state: State) -> tuple[Unit, ...]:
    """§13.9: before the destination, the units still in the area (the excess is the retreating
    player's choice); after it, the retreating units that may still fit there."""
    b = _battle(state)
    seat = b.retreats[0][0]
    if not b.retreat_to:
        return _distinct(_minus(units_of(state, b.area, seat), b.retreat_picked))
    return _distinct(_minus(b.retreat_picked, b.retreat_going))


def resolve_choose_retreating_unit(ctx: Ctx, state: State, unit: Unit, events: Events) -> State:
    """§13.9: one more unit retreats (or, the destination being too small, goes there)."""
    b = _battle(state)
    if not b.retreat_to:
        b = msgspec.structs.replace(b, retreat_picked=(*b.retreat_picked, unit))
    else:
        b = msgspec.structs.replace(b, retreat_going=(*b.retreat_going, unit))
    return advance(ctx, _with_battle(state, b), events)


def legal_retreat_areas(ctx: Ctx, state: State) -> tuple[str, ...]:
    """§13.9: where the retreating seat's units may go."""
    return retreat_areas(ctx, state, _battle(state).retreats[0][0])


def _retreat(state: State, going: tuple[Unit, ...], to: str, events: Events) -> State:
    """§13.9: the retreating units move; any that could not go is destroyed; the next retreat."""
    b = _battle(state)
    seat = b.retreats[0][0]
    for unit in going:
        state = _move(state, unit, b.area, to)
    if going:
        events.append(UnitsRetreated(seat=seat, units=tuple(u.kind for u in going), to=to))
    for unit in _minus(b.retreat_picked, going):
        state = destroy_unit(state, unit, "retreat", events)
    b = _battle(state)
    b = msgspec.structs.replace(
        b,
        retreats=b.retreats[1:],
        retreat_picked=(),
        retreat_to="",
        retreat_going=(),
        retreated=(*b.retreated, *((u, to) for u in going)),
    )
    return _with_battle(state, b)


def resolve_retreat_to(ctx: Ctx, state: State, area: str, events: Events) -> State:
    """§13.9: the retreating units go together to ``area``; if it lacks room for them all, the
    player picks the ones that go and the rest are destroyed."""
    b = _battle(state)
    seat = b.retreats[0][0]
    if room_for(ctx, state, area, seat) >= len(b.retreat_picked):
        return advance(ctx, _retreat(state, b.retreat_picked, area, events), events)
    return advance(ctx, _with_battle(state, msgspec.structs.replace(b, retreat_to=area)), events)


def end_battle(ctx: Ctx, state: State, events: Events) -> State:
    """§13.2 step 9, §13.9: the battle is over; the winner holds the area (resource cards change
    hands only in Regrouping) and the execution phase continues."""
    b = _battle(state)
    events.append(BattleEnded(area=b.area, winner=b.winner))
    return msgspec.structs.replace(state, battle=None, step=RETURN_STEP, actor=NOBODY)


# -- the battle's progress ----------------------------------------------------------------------


def _advance_retreat(ctx: Ctx, state: State, events: Events) -> tuple[State, bool]:
    """§13.9: the retreat in progress, up to its next decision (True) or its end (False)."""
    b = _battle(state)
    seat, need = b.retreats[0]
    if b.retreat_to:
        if len(b.retreat_going) < room_for(ctx, state, b.retreat_to, seat):
            return _ask(state, BATTLE_RETREAT_UNIT, seat), True
        return _retreat(state, b.retreat_going, b.retreat_to, events), False
    pool = units_of(state, b.area, seat)
    if need < 0 or need >= len(pool):
        b = msgspec.structs.replace(b, retreat_picked=pool)  # every unit there retreats
        state = _with_battle(state, b)
    elif len(b.retreat_picked) < need:
        return _ask(state, BATTLE_RETREAT_UNIT, seat), True
    if not retreat_areas(ctx, state, seat):
        return _retreat(state, (), b.area, events), False  # nowhere to go: all are destroyed
    return _ask(state, BATTLE_RETREAT, seat), True


def _all_sides(battle: Battle) -> tuple[BattleSide, ...]:
    return tuple(side for s in battle.skirmishes for side in (s.attack, s.defence))


def advance(ctx: Ctx, state: State, events: Events) -> State:
    """§13.2: the forced steps up to the battle's next decision (or its end)."""
    while True:
        b = _battle(state)
        if not b.cancelled and not any(side.placed for side in _all_sides(b)):  # steps 4-5
            for side in (ATTACK, DEFENCE):
                seat = _seat_of(b, side)
                if b.front_line[side] is None and all_assist(ctx, units_of(state, b.area, seat)):
                    return _ask(state, BATTLE_FRONT_LINE, seat)
            if len(b.skirmishes) < pair_count(ctx, state):
                return _ask(state, BATTLE_PAIR, b.attacker)
            supporter = next_supporter(ctx, state)
            if supporter is not None:
                return _ask(state, BATTLE_SUPPORT, supporter.owner)
        # step 6: the cards, the attacker's first (§17: a side made to play first and face up first)
        first_defence = b.face_up[DEFENCE] and not b.face_up[ATTACK]
        for side in (DEFENCE, ATTACK) if first_defence else (ATTACK, DEFENCE):
            if any(not _side(s, side).placed for s in b.skirmishes):
                return _ask(state, BATTLE_CARDS, _seat_of(b, side))
        if b.picks:  # step 7: the choices of the skirmish being resolved
            pick = b.picks[0]
            if pick.purpose == "hit":
                return _ask(state, BATTLE_CASUALTY, pick.seat)
            if withdrawal_areas(ctx, state):
                return _ask(state, BATTLE_WITHDRAW, pick.seat)
            state = destroy_unit(state, pick.candidates[0], "skirmish", events)  # nowhere to withdraw
            state = _with_battle(state, msgspec.structs.replace(_battle(state), picks=b.picks[1:]))
            continue
        open_skirmishes = [i for i, s in enumerate(b.skirmishes) if s.revealed and not s.resolved]
        if open_skirmishes:
            i = open_skirmishes[0]
            if not b.skirmishes[i].destroyed:
                state = end_of_destroy_step(ctx, state, i, events)
            else:
                state = finish_skirmish(ctx, state, i, events)
            continue
        if any(not s.resolved for s in b.skirmishes):
            return _ask(state, BATTLE_SKIRMISH, b.attacker)
        if not b.splash_ready:  # step 8
            state = order_splash(ctx, state)
            continue
        if b.splash:
            if splash_candidates(ctx, state):
                return _ask(state, BATTLE_SPLASH, b.splash[0].seat)
            state = _drop_splash(state)
            continue
        if not b.decided:  # step 9
            winner, retreats = battle_outcome(ctx, state)
            state = _with_battle(
                state, msgspec.structs.replace(b, decided=True, winner=winner, retreats=retreats)
            )
            continue
        if b.retreats:
            state, asked = _advance_retreat(ctx, state, events)
            if asked:
                return state
            continue
        return end_battle(ctx, state, events)
