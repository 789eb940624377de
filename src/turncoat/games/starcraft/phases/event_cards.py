"""Drawing event cards (RULES §17, §21.3): face down, unread even by the drawer until Regrouping
step 8; only the stage on a card's back is ever public before then."""

from __future__ import annotations

import msgspec

from turncoat.core import rng
from turncoat.games.starcraft.context import Ctx, Events
from turncoat.games.starcraft.events import EventCardDrawn, EventDeckRebuilt
from turncoat.games.starcraft.state import State, with_seat


def rebuild_event_deck(ctx: Ctx, state: State, events: Events) -> State:
    """§19, §21.4 ``event_deck_exhausted``: in Galactic Conquest, or with ``reshuffle_stage_iii``,
    an empty deck becomes the Stage III discards, shuffled; otherwise it stays empty."""
    reshuffles = ctx.config.galactic_conquest or ctx.config.event_deck_exhausted == "reshuffle_stage_iii"
    if not reshuffles or state.event_deck:
        return state
    stage3 = [c for c in state.event_discard if ctx.t.event_card[c].stage.value == 3]
    if not stage3:
        return state
    rest = list(state.event_discard)
    for c in stage3:
        rest.remove(c)
    deck, counter = rng.shuffle(state.seed, state.rng, stage3)
    events.append(EventDeckRebuilt(cards=len(deck)))
    return msgspec.structs.replace(state, event_deck=deck, event_discard=tuple(rest), rng=counter)


def draw_event(ctx: Ctx, state: State, seat: int, events: Events) -> State:
    """§17: the top event card goes face down under the seat's sheet (nobody reads it until
    Regrouping step 8); an empty deck gives nothing (§21.4 ``event_deck_exhausted``)."""
    state = rebuild_event_deck(ctx, state, events)
    if not state.event_deck:
        events.append(EventCardDrawn(seat=seat, stage=0))
        return state
    card = state.event_deck[-1]
    p = state.seat(seat)
    state = msgspec.structs.replace(state, event_deck=state.event_deck[:-1])
    state = with_seat(state, seat, msgspec.structs.replace(p, pending_events=(*p.pending_events, card)))
    events.append(EventCardDrawn(seat=seat, stage=ctx.t.event_card[card].stage.value))
    return state
