"""RULES §21.3: a state consistent with everything one seat knows, its hidden parts re-dealt.

What a seat does not know: the order of every combat deck (its own too), which cards are in other
hands (it knows their sizes, and the contents of hand and deck together: the race's combat cards
less those seen discarded or in play), every pending event (even its own: only the stage on the
back is seen), and the event deck's order and contents beyond the stage of each card's back (the
cards removed unseen at setup, §5 step 6, could be any of the stage's cards not seen since).
"""

from __future__ import annotations

from collections import Counter

import msgspec

from turncoat.core import rng
from turncoat.games.starcraft.context import Ctx
from turncoat.games.starcraft.observe import card_visible  # combat (§13)
from turncoat.games.starcraft.phases.combat_cards import is_reinforcement
from turncoat.games.starcraft.state import State, with_seat

END_DRAWS_NEAR = "the_end_draws_near"


def unseen_events(ctx: Ctx, state: State) -> dict[int, list[str]]:
    """§21.3: per stage, every event card not seen face up (discarded, in the common area or in a
    play area): the pool the deck and the pending events were dealt from."""
    seen: Counter[str] = Counter(state.event_discard)
    seen[END_DRAWS_NEAR] += state.end_draws_near
    seen.update(c for p in state.seats for c in p.play_area if c in ctx.t.event_card)
    pools: dict[int, list[str]] = {}
    for stage, cards in ctx.t.event_stage.items():
        left = Counter(cards) - seen
        if ctx.config.galactic_conquest:
            left.pop(END_DRAWS_NEAR, None)
        pools[stage] = sorted(left.elements())
    return pools


def determinize(ctx: Ctx, state: State, viewer: int, seed: int) -> State:
    """§21.3: re-deal every hidden card consistently with what ``viewer`` knows."""
    counter = 0
    seats = list(state.seats)
    for s, p in enumerate(seats):
        if s == viewer:
            deck, counter = rng.shuffle(seed, counter, p.combat_deck)
            seats[s] = msgspec.structs.replace(p, combat_deck=deck)
            continue
        cards, counter = rng.shuffle(seed, counter, (*p.hand, *p.combat_deck))
        seats[s] = msgspec.structs.replace(
            p, hand=tuple(sorted(cards[: len(p.hand)])), combat_deck=cards[len(p.hand) :]
        )
    pools: dict[int, list[str]] = {}
    for stage, pool in unseen_events(ctx, state).items():
        shuffled, counter = rng.shuffle(seed, counter, pool)
        pools[stage] = list(shuffled)

    def redeal(cards: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(pools[ctx.t.event_card[c].stage.value].pop() for c in cards)

    seats = [msgspec.structs.replace(p, pending_events=redeal(p.pending_events)) for p in seats]
    state = msgspec.structs.replace(state, seats=tuple(seats), event_deck=redeal(state.event_deck))
    return redeal_battle_cards(ctx, state, viewer, seed)


# == Combat (RULES §13.2 step 6, §21.3) ============================================================


def _hidden_slots(state: State, viewer: int, seat: int) -> list[tuple[int, int, int]]:
    """The face-down cards of ``seat`` that ``viewer`` cannot see, as (skirmish, side, position)."""
    b = state.battle
    assert b is not None
    slots = []
    for i, s in enumerate(b.skirmishes):
        for side, (own, owner) in enumerate(((s.attack, b.attacker), (s.defence, b.defender))):
            if owner == seat and not card_visible(own, s.revealed, owner, viewer):
                slots += [(i, side, k) for k in range(len(own.cards))]
    return slots


def redeal_battle_cards(ctx: Ctx, state: State, viewer: int, seed: int) -> State:
    """§13.2 step 6, §21.3: the face-down cards of a battle that ``viewer`` cannot see (the other
    side's, and every blind card) are re-dealt with the hand and deck they could have come from:
    a standard slot gets a standard card, a reinforcement slot a reinforcement card, a blind slot
    any card.  Hands that ``viewer`` sees stay as they are."""
    b = state.battle
    if b is None:
        return state
    counter = 1 << 20  # a stream apart from the re-deal of hands and events above
    skirmishes = [[list(s.attack.cards), list(s.defence.cards)] for s in b.skirmishes]
    for seat in (b.attacker, b.defender):
        slots = _hidden_slots(state, viewer, seat)
        if not slots:
            continue
        p = state.seat(seat)
        hand = () if seat == viewer else p.hand
        placed = [skirmishes[i][side][k] for i, side, k in slots]
        pool, counter = rng.shuffle(seed, counter, (*hand, *p.combat_deck, *placed))
        left = list(pool)
        for i, side, k in slots:
            own = (b.skirmishes[i].attack, b.skirmishes[i].defence)[side]
            wants_reinforcement = not own.blind and k > 0
            card = next(
                (c for c in left if own.blind or is_reinforcement(ctx, c) == wants_reinforcement), left[0]
            )
            left.remove(card)
            skirmishes[i][side][k] = card
        new_hand = tuple(sorted(left[: len(hand)])) if seat != viewer else p.hand
        deck = tuple(left[len(hand) :])
        state = with_seat(state, seat, msgspec.structs.replace(p, hand=new_hand, combat_deck=deck))
    new = tuple(
        msgspec.structs.replace(
            s,
            attack=msgspec.structs.replace(s.attack, cards=tuple(skirmishes[i][0])),
            defence=msgspec.structs.replace(s.defence, cards=tuple(skirmishes[i][1])),
        )
        for i, s in enumerate(b.skirmishes)
    )
    return msgspec.structs.replace(state, battle=msgspec.structs.replace(b, skirmishes=new))
