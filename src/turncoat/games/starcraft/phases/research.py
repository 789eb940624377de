"""The Research order (RULES §10.3, §10.4): with a base on the active planet, draw one event card,
optionally draw 3 combat cards, optionally buy a technology; the special order draws one more event
card (or puts a bought technology in hand).

No pack gives technology costs or effects (docs/starcraft.md, "Not in any pack yet"), so no
technology can be bought: that step is a hook until an owner's pack prices them, and the special
Research order's bonus is therefore its extra event card.
"""

from __future__ import annotations

import msgspec

from turncoat.core import rng
from turncoat.games.starcraft.context import Ctx, Events
from turncoat.games.starcraft.events import CardsSeen, CombatCardsDrawn, ResearchSkipped
from turncoat.games.starcraft.phases import control, event_cards
from turncoat.games.starcraft.state import NOBODY, RESEARCH_DRAW, STEP_EXECUTION, State, with_seat

RULE_RESEARCH = "RULES §10.3"
RESEARCH_CARDS = 3


def _done(state: State) -> State:
    return msgspec.structs.replace(state, step=STEP_EXECUTION, actor=NOBODY)


def begin_research(ctx: Ctx, state: State, events: Events) -> State:
    """§10.3: without a base on the active planet the order has no effect; otherwise its owner
    draws an event card (step 1, mandatory) and decides on the combat cards."""
    order = state.active_order
    assert order is not None
    seat = order.token.owner
    if not control.has_base_on(ctx, state, seat, order.planet):
        return _done(state)
    state = event_cards.draw_event(ctx, state, seat, events)
    return msgspec.structs.replace(state, step=RESEARCH_DRAW, actor=seat)


def draw_combat_cards(ctx: Ctx, state: State, seat: int, count: int, events: Events) -> State:
    """§10.3 [EN p.26]: draw from the top of the combat deck; drawing its last card at once
    shuffles the discard pile into a new deck and the drawing goes on."""
    p = state.seat(seat)
    deck, discard, hand = list(p.combat_deck), p.combat_discard, list(p.hand)
    drawn: list[str] = []
    reshuffled = False
    counter = state.rng
    for _ in range(count):
        if not deck:
            break
        drawn.append(deck.pop())
        if not deck and discard:
            shuffled, counter = rng.shuffle(state.seed, counter, discard)
            deck, discard, reshuffled = list(shuffled), (), True
    hand += drawn
    player = msgspec.structs.replace(
        p, combat_deck=tuple(deck), combat_discard=discard, hand=tuple(sorted(hand))
    )
    state = msgspec.structs.replace(with_seat(state, seat, player), rng=counter)
    events.append(CombatCardsDrawn(seat=seat, cards=len(drawn), reshuffled=reshuffled))
    events.append(CardsSeen(seat=seat, cards=tuple(drawn), visible_to=(seat,)))
    return state


def resolve_research_draw(ctx: Ctx, state: State, draw: bool, events: Events) -> State:
    """§10.3 steps 2-4, §10.4: the optional 3 combat cards; the technology step (a hook: no pack
    prices technologies); the special order's extra event card."""
    order = state.active_order
    assert order is not None
    seat = state.actor
    if draw:
        state = draw_combat_cards(ctx, state, seat, RESEARCH_CARDS, events)
    events.append(ResearchSkipped(seat=seat))
    if order.token.special:
        state = event_cards.draw_event(ctx, state, seat, events)
    return _done(state)
