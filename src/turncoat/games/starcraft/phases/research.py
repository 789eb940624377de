"""The Research order (RULES §10.3, §10.4): with a base on the active planet, draw one event card,
optionally draw 3 combat cards, optionally buy a technology; the special order draws one more event
card (or puts a bought technology in hand).

No pack gives technology costs or effects (docs/starcraft.md, "Not in any pack yet"): every
technology is an unknown hook (``abilities.technology_hook``), so none can be bought, the step says
so in the log (``ResearchSkipped``), and the special Research order's bonus is its extra event card.
"""

from __future__ import annotations

import msgspec

from turncoat.games.starcraft.context import Ctx, Events
from turncoat.games.starcraft.events import ResearchSkipped
from turncoat.games.starcraft.phases import control, event_cards
from turncoat.games.starcraft.phases.combat_cards import draw_combat_cards
from turncoat.games.starcraft.state import NOBODY, RESEARCH_DRAW, STEP_EXECUTION, State

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
