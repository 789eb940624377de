"""The Research order (RULES §10.3, §10.4): with a base on the active planet, draw one event card,
optionally draw 3 combat cards, optionally buy one technology; the special order then draws one
more event card or puts a copy of the bought technology in hand.

Buying a technology is a Build-style purchase: the choice (``BuyTechnology``), then its cost one
resource at a time through Build's payment step (``build.legal_payments``/``resolve_pay``, with no
special Build discount), after which ``technology_paid`` takes every copy.  A technology can be
bought only when a pack gives its cost and its cards, and an invented one (the placeholder pack)
only with the option ``invented_technologies`` (``abilities.technology_hook``).
"""

from __future__ import annotations

import msgspec

from turncoat.core import rng
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.abilities import technology_hook
from turncoat.games.starcraft.context import Ctx, Events
from turncoat.games.starcraft.events import ResearchSkipped, TechnologyResearched, TechnologyToHand
from turncoat.games.starcraft.phases import control, event_cards, resources
from turncoat.games.starcraft.phases.combat_cards import draw_combat_cards
from turncoat.games.starcraft.state import (
    NOBODY,
    PAY,
    RESEARCH_BONUS,
    RESEARCH_DRAW,
    RESEARCH_TECH,
    STEP_EXECUTION,
    BuildProgress,
    Purchase,
    State,
    with_seat,
)

RULE_RESEARCH = "RULES §10.3"
RULE_SPECIAL = "RULES §10.4"
RESEARCH_CARDS = 3
TECHNOLOGY = "technology"  # a Purchase's item while a technology is being paid for


def _done(state: State) -> State:
    return msgspec.structs.replace(state, step=STEP_EXECUTION, actor=NOBODY, build=None)


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


def buyable_technologies(ctx: Ctx, state: State, seat: int) -> tuple[str, ...]:
    """§10.3 step 3: the technologies of the seat's technology deck it may buy: a pack gives their
    cost and cards (an invented one only with ``invented_technologies``)."""
    return tuple(t for t in state.seat(seat).tech_deck if technology_hook(ctx, t).applied)


def legal_technologies(ctx: Ctx, state: State) -> tuple[str, ...]:
    """§10.3 step 3: the buyable technologies whose cost the seat can pay now."""
    seat = state.actor
    out = []
    for t in buyable_technologies(ctx, state, seat):
        cost = ctx.t.technology[t].cost
        assert cost is not None
        if resources.can_pay(ctx, state, seat, cost.value.minerals, cost.value.gas, False):
            out.append(t)
    return tuple(out)


def refusal(ctx: Ctx, state: State, technology: str | None) -> str:
    """§10.3 step 3: why a technology cannot be bought now (for the error message; "" if it can)."""
    p = state.seat(state.actor)
    if technology is None or technology not in p.tech_deck:
        return ": it is not in your technology deck"
    if technology not in buyable_technologies(ctx, state, state.actor):
        return ": no pack or option offers its cost and cards"
    cost = ctx.t.technology[technology].cost
    assert cost is not None
    if technology not in legal_technologies(ctx, state):
        return f": you cannot pay its {cost.value.minerals} minerals and {cost.value.gas} gas"
    return ""


def resolve_research_draw(ctx: Ctx, state: State, draw: bool, events: Events) -> State:
    """§10.3 step 2: the optional 3 combat cards; then the technology step (step 3)."""
    if draw:
        state = draw_combat_cards(ctx, state, state.actor, RESEARCH_CARDS, events)
    seat = state.actor
    if legal_technologies(ctx, state):
        return msgspec.structs.replace(state, step=RESEARCH_TECH)
    reason = "unaffordable" if buyable_technologies(ctx, state, seat) else "unpriced"
    reason = reason if state.seat(seat).tech_deck else "none_left"
    events.append(ResearchSkipped(seat=seat, reason=reason))
    return finish_research(ctx, state, None, events)


def resolve_buy_technology(ctx: Ctx, state: State, technology: str | None, events: Events) -> State:
    """§10.3 step 3: buy this technology (paid next, resource by resource, §11) or none."""
    if technology is None:
        return finish_research(ctx, state, None, events)
    cost = ctx.t.technology[technology].cost
    assert cost is not None
    due = Purchase(TECHNOLOGY, technology, "", cost.value.minerals, cost.value.gas)
    state = msgspec.structs.replace(state, step=PAY, build=BuildProgress(stage=0, paying=due))
    if due.minerals or due.gas:
        return state
    return technology_paid(ctx, state, due, (), (), events)


def technology_paid(
    ctx: Ctx,
    state: State,
    due: Purchase,
    paid: tuple[tuple[str, str, str], ...],
    depleted: tuple[tuple[str, int], ...],
    events: Events,
) -> State:
    """§10.3 steps 3-4: the paid technology leaves the technology deck with all its copies: combat
    cards are shuffled into the combat deck together with the discard pile; play-area cards go
    face up in front of their owner.  Announced (public)."""
    seat, tech = state.actor, due.target
    data = ctx.t.technology[tech]
    assert data.card is not None
    copies = (tech,) * (data.copies.value or 1)
    p = state.seat(seat)
    left = tuple(t for t in p.tech_deck if t != tech)
    placement = data.card.value.placement
    if placement == "combat":
        deck, counter = rng.shuffle(state.seed, state.rng, (*p.combat_deck, *p.combat_discard, *copies))
        p = msgspec.structs.replace(p, tech_deck=left, combat_deck=deck, combat_discard=())
        state = msgspec.structs.replace(with_seat(state, seat, p), rng=counter)
    else:
        p = msgspec.structs.replace(p, tech_deck=left, play_area=p.play_area + copies)
        state = with_seat(state, seat, p)
    events.append(
        TechnologyResearched(
            seat=seat,
            technology=tech,
            copies=len(copies),
            placement=placement,
            paid=paid,
            depleted=depleted,
            invented=technology_hook(ctx, tech).provenance == "invented",
        )
    )
    state = msgspec.structs.replace(state, build=None)
    return finish_research(ctx, state, tech if placement == "combat" else None, events)


def finish_research(ctx: Ctx, state: State, deck_tech: str | None, events: Events) -> State:
    """§10.4: a special Research order's bonus: one more event card or, when a technology went into
    the combat deck, the choice of one of its copies to hand instead (asked next)."""
    order = state.active_order
    assert order is not None
    if not order.token.special:
        return _done(state)
    if deck_tech is not None:  # the bought technology, paid in full, is kept while the bonus is chosen
        bought = BuildProgress(stage=0, paying=Purchase(TECHNOLOGY, deck_tech, "", 0, 0))
        return msgspec.structs.replace(state, step=RESEARCH_BONUS, build=bought)
    state = event_cards.draw_event(ctx, state, state.actor, events)
    return _done(state)


def legal_research_bonus(ctx: Ctx, state: State) -> tuple[A.ResearchBonus, ...]:
    """§10.4: the extra event card, or one copy of the technology just bought to hand."""
    return (A.ResearchBonus(to_hand=False), A.ResearchBonus(to_hand=True))


def resolve_research_bonus(ctx: Ctx, state: State, to_hand: bool, events: Events) -> State:
    """§10.4: draw the extra event card, or move one copy of the bought technology from the combat
    deck (where §10.3 step 4 shuffled it) to the hand: the same as never shuffling that copy in."""
    seat = state.actor
    if not to_hand:
        state = event_cards.draw_event(ctx, state, seat, events)
        return _done(state)
    assert state.build is not None and state.build.paying is not None
    tech, p = state.build.paying.target, state.seat(seat)
    at = max(i for i, card in enumerate(p.combat_deck) if card == tech)
    deck = p.combat_deck[:at] + p.combat_deck[at + 1 :]
    # announced (TechnologyToHand): every seat knows the copy is in this hand until it leaves it
    p = msgspec.structs.replace(p, combat_deck=deck, hand=(*p.hand, tech), known_hand=(*p.known_hand, tech))
    state = with_seat(state, seat, p)
    events.append(TechnologyToHand(seat=seat, technology=tech))
    return _done(state)
