"""Combat cards (RULES §13.3, §13.10): drawing with the discard pile reshuffled, the standard and
reinforcement kinds, major or minor values, and the abilities the engine knows.

A bought technology's cards (``TechnologyData.card`` with placement ``combat``) are combat cards
too (§10.3, §13.3): their id is the technology's, one id per copy, and ``card_data`` gives them the
record of a combat card.

A card's ability is an id in the content.  The engine applies those whose effect the sources give
(``KNOWN_ABILITIES``: splash damage, §13.6, and the Scourge cards' text, §13.8); any other id is a
hook that changes nothing (no effect is invented, as for race abilities).  A card's keywords
(§13.7: cancel, vs., gain, granted cloaking or detection) are data, ``CardKeywords``, so a printed
pack uses them without code.  A card the content gives no combat values counts as a standard card
with no unit icons, 0 attack and 0 health.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

from turncoat.core import rng
from turncoat.games.starcraft.components import (
    NO_KEYWORDS,
    CardKeywords,
    CombatCardData,
    CombatValues,
    Gain,
    StarcraftContent,
    Value,
)
from turncoat.games.starcraft.context import Ctx, Events
from turncoat.games.starcraft.events import CombatCardCount, CombatCardsDrawn, CombatDiscardShuffled
from turncoat.games.starcraft.state import State, with_seat

SPLASH_DOMAINS: dict[str, tuple[str, ...]] = {
    "splash_ground": ("ground",),
    "splash_flying": ("flying",),
    "splash_ground_flying": ("ground", "flying"),
}
SCOURGE = "scourge_self_destruct"
T = TypeVar("T")
KNOWN_ABILITIES = frozenset({*SPLASH_DOMAINS, SCOURGE})
NO_VALUES = CombatValues(attack=0, health=0)


# content (held, so that its id is never reused) -> its combat cards by id; built once per content
_BY_ID: dict[int, tuple[object, dict[str, CombatCardData]]] = {}


def _like(where: Value[Any], value: T) -> Value[T]:
    return Value(value, where.provenance, where.source, where.confidence, where.note, where.invented)


def _technology_cards(data: StarcraftContent) -> dict[str, CombatCardData]:
    """§10.3, §13.3: each technology whose cards go into the combat deck, as a combat card (its
    values carry the technology card's provenance)."""
    out: dict[str, CombatCardData] = {}
    for t in data.technologies:
        if t.card is None or t.card.value.placement != "combat":
            continue
        card = t.card.value
        out[t.id] = CombatCardData(
            id=t.id,
            race=t.race,
            number=0,
            kind=_like(t.card, card.kind),
            unit_icons=_like(t.card, list(card.unit_icons)),
            major=_like(t.card, card.major),
            minor=_like(t.card, card.minor),
            ability=_like(t.card, card.ability),
            keywords=_like(t.card, card.keywords),
        )
    return out


def card_data(ctx: Ctx, card: str) -> CombatCardData | None:
    """§13.3, §10.3: the content's record of a combat card or of a technology's combat card
    (None: a card with no combat values)."""
    data = ctx.content.data
    held = _BY_ID.get(id(data))
    if held is None or held[0] is not data:
        held = (data, {**_technology_cards(data), **{c.id: c for c in data.combat_cards}})
        _BY_ID[id(data)] = held
    return held[1].get(card)


def is_reinforcement(ctx: Ctx, card: str) -> bool:
    """§13.3: a reinforcement card is marked "+" and is played with a standard card."""
    data = card_data(ctx, card)
    return data is not None and data.kind.value == "reinforcement"


def card_matches(ctx: Ctx, card: str, unit: str) -> bool:
    """§13.3: a unit icon on the card matches the unit's type; assist units never match."""
    data = card_data(ctx, card)
    if data is None or ctx.t.unit[unit].assist.value:
        return False
    return unit in data.unit_icons.value


def card_values(ctx: Ctx, card: str, front: str) -> CombatValues:
    """§13.3: the major (attack, health) if the card matches the front-line unit, else the minor."""
    data = card_data(ctx, card)
    if data is None:
        return NO_VALUES
    return data.major.value if card_matches(ctx, card, front) else data.minor.value


def card_ability(ctx: Ctx, card: str) -> str | None:
    """§13.3, §13.7: the ability id on a card (applied only when its unit matches)."""
    data = card_data(ctx, card)
    return None if data is None else data.ability.value


def card_keywords(ctx: Ctx, card: str) -> CardKeywords:
    """§13.7: the keywords on a card (cancel, gains with their vs. and when, granted cloaking or
    detection); none for a card the content gives none."""
    data = card_data(ctx, card)
    return NO_KEYWORDS if data is None or data.keywords is None else data.keywords.value


def vs_matches(ctx: Ctx, vs: tuple[str, ...] | list[str], enemy_front: str) -> bool:
    """§13.7 *Vs. X*: the opposing front-line unit is one of ``vs`` (its type, or its kind ground or
    flying); an empty ``vs`` names any unit."""
    return not vs or enemy_front in vs or ctx.t.unit[enemy_front].domain.value in vs


def gain_applies(ctx: Ctx, gain: Gain, enemy_front: str, attacking: bool) -> bool:
    """§13.7 *Gain*: a bonus applies against an opposing front-line unit its vs. names, and only
    while its side attacks (defends) when the card says so."""
    stance_ok = gain.when is None or (gain.when == "attacking") == attacking
    return stance_ok and vs_matches(ctx, gain.vs, enemy_front)


def splash_domains(ctx: Ctx, card: str) -> tuple[str, ...]:
    """§13.6: the kinds of unit a splash card destroys (empty: not a splash card)."""
    ability = card_ability(ctx, card)
    return SPLASH_DOMAINS.get(ability, ()) if ability is not None else ()


def reshuffle_if_empty(ctx: Ctx, state: State, seat: int, events: Events) -> State:
    """§10.3 (EN p.26): once the last card of a combat deck is drawn, the discard pile is shuffled
    to form a new deck."""
    p = state.seat(seat)
    if p.combat_deck or not p.combat_discard:
        return state
    deck, counter = rng.shuffle(state.seed, state.rng, p.combat_discard)
    events.append(CombatDiscardShuffled(seat=seat, cards=len(deck)))
    state = with_seat(state, seat, msgspec.structs.replace(p, combat_deck=deck, combat_discard=()))
    return msgspec.structs.replace(state, rng=counter)


def take_top_card(ctx: Ctx, state: State, seat: int, events: Events) -> tuple[State, str | None]:
    """§13.2 step 3, §10.3: the top card of the seat's combat deck (reshuffling the discard pile
    when the deck runs out); None when deck and discard pile are both empty."""
    state = reshuffle_if_empty(ctx, state, seat, events)
    p = state.seat(seat)
    if not p.combat_deck:
        return state, None
    card = p.combat_deck[-1]
    state = with_seat(state, seat, msgspec.structs.replace(p, combat_deck=p.combat_deck[:-1]))
    return reshuffle_if_empty(ctx, state, seat, events), card


def draw_combat_cards(ctx: Ctx, state: State, seat: int, count: int, events: Events) -> State:
    """§13.2 step 3, §13.10: draw ``count`` cards into the hand (no hand limit during the round);
    the cards are seen by their owner, the number by everyone."""
    drawn: list[str] = []
    for _ in range(count):
        state, card = take_top_card(ctx, state, seat, events)
        if card is None:
            break
        drawn.append(card)
    p = state.seat(seat)
    state = with_seat(state, seat, msgspec.structs.replace(p, hand=p.hand + tuple(drawn)))
    events.append(CombatCardsDrawn(seat=seat, cards=tuple(drawn), visible_to=(seat,)))
    events.append(CombatCardCount(seat=seat, cards=len(drawn)))
    return state


def discard_cards(state: State, seat: int, cards: tuple[str, ...]) -> State:
    """§13.4: cards go face up to their owner's discard pile."""
    if not cards:
        return state
    p = state.seat(seat)
    return with_seat(state, seat, msgspec.structs.replace(p, combat_discard=p.combat_discard + cards))


def forget_known_cards(state: State, seat: int, cards: tuple[str, ...]) -> State:
    """§10.4, §21.3: cards from the seat's hand seen face up (revealed in a skirmish, discarded)
    are no longer known to be in that hand: one known copy each leaves ``known_hand``."""
    known = list(state.seat(seat).known_hand)
    for c in cards:
        if c in known:
            known.remove(c)
    if len(known) == len(state.seat(seat).known_hand):
        return state
    return with_seat(state, seat, msgspec.structs.replace(state.seat(seat), known_hand=tuple(known)))


def remove_from_hand(state: State, seat: int, cards: tuple[str, ...]) -> State:
    """§13.2 step 6: the cards leave the hand (one copy each)."""
    hand = list(state.seat(seat).hand)
    for c in cards:
        hand.remove(c)
    return with_seat(state, seat, msgspec.structs.replace(state.seat(seat), hand=tuple(hand)))
