"""RULES §21.3: a state consistent with everything one seat knows, its hidden parts re-dealt.

What a seat does not know: the order of every combat deck (its own too), which cards are in other
hands (it knows their sizes, and the contents of hand and deck together: the race's combat cards
less those seen discarded or in play) except the cards known to be in a hand (``known_hand``: a
technology copy put there, §10.4), every pending event (even its own: only the stage on the
back is seen), and the event deck's order and contents beyond the stage of each card's back (the
cards removed unseen at setup, §5 step 6, could be any of the stage's cards not seen since).
"""

from __future__ import annotations

from collections import Counter

import msgspec

from turncoat.core import rng
from turncoat.games.starcraft.context import Ctx
from turncoat.games.starcraft.observe import card_visible
from turncoat.games.starcraft.phases.combat_cards import is_reinforcement
from turncoat.games.starcraft.state import EVENT_STEPS, OrderToken, PlayerState, State, with_seat

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
        keep = known_in_hand(p)
        free = _minus(p.hand, keep)
        cards, counter = rng.shuffle(seed, counter, (*free, *p.combat_deck))
        seats[s] = msgspec.structs.replace(
            p, hand=tuple(sorted((*keep, *cards[: len(free)]))), combat_deck=cards[len(free) :]
        )
    pools: dict[int, list[str]] = {}
    for stage, pool in unseen_events(ctx, state).items():
        shuffled, counter = rng.shuffle(seed, counter, pool)
        pools[stage] = list(shuffled)

    # §14 step 8: the viewer has read its own new event cards: they stay, and leave the pool
    known = state.seat(viewer).pending_events if state.step in EVENT_STEPS else ()
    for card in known:
        pools[ctx.t.event_card[card].stage.value].remove(card)

    def redeal(cards: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(pools[ctx.t.event_card[c].stage.value].pop() for c in cards)

    seats = [
        p if s == viewer and known else msgspec.structs.replace(p, pending_events=redeal(p.pending_events))
        for s, p in enumerate(seats)
    ]
    state = msgspec.structs.replace(state, seats=tuple(seats), event_deck=redeal(state.event_deck))
    state = redeal_orders(ctx, state, viewer, seed, counter)
    return redeal_battle_cards(ctx, state, viewer, seed)


def known_in_hand(p: PlayerState) -> tuple[str, ...]:
    """§10.4, §21.3: the cards of ``known_hand`` still in the hand (a known card played face down
    is in a battle slot until revealed): a re-deal leaves them there."""
    return tuple((Counter(p.known_hand) & Counter(p.hand)).elements())


def _minus(cards: tuple[str, ...], less: tuple[str, ...]) -> tuple[str, ...]:
    """``cards`` in their order, one copy of each of ``less`` taken out."""
    rest = list(cards)
    for c in less:
        rest.remove(c)
    return tuple(rest)


def redeal_orders(ctx: Ctx, state: State, viewer: int, seed: int, counter: int) -> State:
    """§8, §21.3: the faces of every placed order the viewer cannot see, re-dealt from the owner's
    tokens still unknown to it (another seat's: those in the stacks and in its supply), with no
    more special orders in the stacks than the owner's R&D modules allow.  A viewer that may not
    look at its own placed orders (``order_owner_may_view_own_orders`` off) still sees the tokens
    left in front of it: only where its placed ones lie is re-dealt."""
    own_faces = ctx.config.order_owner_may_view_own_orders
    seats = list(state.seats)
    stacks = [(planet, list(tokens)) for planet, tokens in state.stacks]
    for s, p in enumerate(seats):
        if s == viewer and own_faces:
            continue
        placed = [t for _, tokens in stacks for t in tokens if t.owner == s]
        if not placed:
            continue
        unseen = (*placed, *p.orders) if s != viewer else tuple(placed)
        pool, counter = rng.shuffle(seed, counter, unseen)
        gold = dict(p.modules).get("research_and_development", 0)
        chosen: list[OrderToken] = []
        rest: list[OrderToken] = []
        for t in pool:
            if len(chosen) < len(placed) and (not t.special or sum(c.special for c in chosen) < gold):
                chosen.append(t)
            else:
                rest.append(t)
        faces = iter(chosen)
        for _, tokens in stacks:
            for i, t in enumerate(tokens):
                if t.owner == s:
                    tokens[i] = next(faces)
        seats[s] = msgspec.structs.replace(p, orders=tuple(rest) if s != viewer else p.orders)
    return msgspec.structs.replace(
        state, seats=tuple(seats), stacks=tuple((planet, tuple(tokens)) for planet, tokens in stacks)
    )


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
        keep = () if seat == viewer else known_in_hand(p)
        hand = () if seat == viewer else _minus(p.hand, keep)
        placed = [skirmishes[i][side][k] for i, side, k in slots]
        # known cards played face down: in the hand or in these slots; as many as the hand has no
        # room for stay in their slots (where the viewer can tell they are), the rest are dealt
        pinned = (Counter(p.known_hand) - Counter(keep)) & Counter(placed) if seat != viewer else Counter()
        force = max(0, pinned.total() - len(hand))
        fixed: list[tuple[int, int, int]] = []
        for slot, card in zip(slots, placed, strict=True):
            if force and pinned[card]:
                fixed.append(slot)
                pinned[card] -= 1
                force -= 1
        slots = [x for x in slots if x not in fixed]
        placed = [skirmishes[i][side][k] for i, side, k in slots]
        pool, counter = rng.shuffle(seed, counter, (*hand, *p.combat_deck, *placed))
        left = list(pool)
        for i, side, k in slots:
            own = (b.skirmishes[i].attack, b.skirmishes[i].defence)[side]
            wants_reinforcement = not own.blind and k > 0
            # a blind card is from the deck: never a known card, which came from the hand
            fits = (
                (c for c in left if left.count(c) > pinned[c])
                if own.blind
                else (c for c in left if is_reinforcement(ctx, c) == wants_reinforcement)
            )
            card = next(fits, left[0])
            left.remove(card)
            skirmishes[i][side][k] = card
            if pinned[card] and not own.blind:
                pinned[card] -= 1
        for card in pinned.elements():  # a known card not dealt to a slot is back in the hand
            left.remove(card)
            left.insert(0, card)
        new_hand = tuple(sorted((*keep, *left[: len(hand)]))) if seat != viewer else p.hand
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
