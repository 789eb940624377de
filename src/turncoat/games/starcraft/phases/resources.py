"""Resources (RULES §11): paying a cost one resource at a time with workers from the Worker Pool,
on resource cards (any planet) or on the printed permanent resources, and force mining.

There is no stockpile: a resource is paid by moving one worker from the pool onto a card or a
printed slot of its kind, up to the card's capacity this round.  One worker beyond a full card is
force mining: the first time flips it to the partially depleted side (a smaller capacity, the
pack's ``partially_depleted_offset``), the second removes the card from the game, sends its
workers to the Unavailable Workers area and marks the area depleted for good.
"""

from __future__ import annotations

import msgspec

from turncoat.games.starcraft.context import Ctx
from turncoat.games.starcraft.state import HeldCard, PermanentSlot, PlayerState, State, with_area, with_seat

PERMANENT = "permanent"
CARD = "card"
FORCE = "force"
DISCOUNT = "discount"
EVENT = "event"  # §17: a kept resource-token event card (placeholder content), no worker needed


def card_capacity(ctx: Ctx, area: str, depletion: int) -> int:
    """§11: workers a card takes this round: its printed number, or the partially depleted side's
    (the printed number less the pack's offset, at least 1); a depleted area has no card."""
    amount = ctx.t.area[area].amount
    if depletion == 0:
        return amount
    if depletion == 1:
        return max(1, amount - ctx.content.data.rules.partially_depleted_offset.value)
    return 0


def available(ctx: Ctx, state: State, seat: int, kind: str) -> int:
    """§11: how many resources of ``kind`` the seat's cards and printed slots can still give this
    round, force mining included (two from a fresh full card, one from a partially depleted one),
    not counting the workers needed."""
    p = state.seat(seat)
    total = sum(r.amount - r.workers for r in p.permanent_resources if r.kind == kind)
    for c in p.resource_cards:
        if ctx.t.area[c.area].resource != kind:
            continue
        depletion = state.area(c.area).depletion
        total += max(0, card_capacity(ctx, c.area, depletion) - c.workers) + (2 - depletion)
    return total


def can_pay(ctx: Ctx, state: State, seat: int, minerals: int, gas: int, discount: bool) -> bool:
    """§11, §10.4, §17: the seat can pay ``minerals`` and ``gas`` (less one of either with the
    special Build order's discount, and less what its event resource token still holds) with its
    workers, cards and printed slots."""
    if minerals < 0 or gas < 0:
        return False
    options = [(minerals, gas)]
    if discount:
        options += [(max(0, minerals - 1), gas), (minerals, max(0, gas - 1))]
    token = state.seat(seat).event_resources
    if token:
        options = [
            (max(0, m - tm), max(0, g - tg))
            for m, g in options
            for tm in range(token + 1)
            for tg in range(token + 1 - tm)
        ]
    pool = state.seat(seat).worker_pool
    return any(
        m + g <= pool
        and m <= available(ctx, state, seat, "minerals")
        and g <= available(ctx, state, seat, "gas")
        for m, g in options
    )


def payment_sources(ctx: Ctx, state: State, seat: int, kind: str) -> tuple[tuple[str, str], ...]:
    """§11: where the next resource of ``kind`` can come from: ``(permanent, "")`` for a printed
    slot with room, ``(card, area)`` for a card below its capacity, ``(force, area)`` for a full
    card (force mining); each needs a worker in the pool.  ``(event, "")``: the seat's event
    resource token (§17), which needs none."""
    p = state.seat(seat)
    token = ((EVENT, ""),) if p.event_resources > 0 else ()
    if p.worker_pool < 1:
        return token
    out: list[tuple[str, str]] = [*token]
    if any(r.kind == kind and r.workers < r.amount for r in p.permanent_resources):
        out.append((PERMANENT, ""))
    for c in p.resource_cards:
        if ctx.t.area[c.area].resource != kind:
            continue
        depletion = state.area(c.area).depletion
        if depletion >= 2:
            continue
        out.append((CARD if c.workers < card_capacity(ctx, c.area, depletion) else FORCE, c.area))
    return tuple(out)


def pay_one(ctx: Ctx, state: State, seat: int, source: str, kind: str, area: str) -> tuple[State, int]:
    """§11: move one worker from the pool to the source; force mining flips or removes the card
    (§17: the event resource token gives one of its resources without a worker).  Returns the new
    state and the area's depletion afterwards (-1 when no card was force mined)."""
    p = state.seat(seat)
    if source == EVENT:
        return with_seat(state, seat, msgspec.structs.replace(p, event_resources=p.event_resources - 1)), -1
    p = msgspec.structs.replace(p, worker_pool=p.worker_pool - 1)
    if source == PERMANENT:
        i = next(i for i, r in enumerate(p.permanent_resources) if r.kind == kind and r.workers < r.amount)
        slot = p.permanent_resources[i]
        slots = list(p.permanent_resources)
        slots[i] = PermanentSlot(slot.kind, slot.amount, slot.workers + 1)
        return with_seat(state, seat, msgspec.structs.replace(p, permanent_resources=tuple(slots))), -1
    cards = {c.area: c for c in p.resource_cards}
    card = cards[area]
    cards[area] = HeldCard(area, card.workers + 1)
    if source == CARD:
        held = tuple(cards[a] for a in sorted(cards))
        return with_seat(state, seat, msgspec.structs.replace(p, resource_cards=held)), -1
    return force_mine(state, seat, p, cards, area)


def force_mine(
    state: State, seat: int, p: PlayerState, cards: dict[str, HeldCard], area: str
) -> tuple[State, int]:
    """§11: the worker beyond a full card: a fresh card turns partially depleted; a partially
    depleted one leaves the game, its workers go to the Unavailable Workers area, the area is
    depleted for ever."""
    a = state.area(area)
    if a.depletion == 0:
        state = with_area(state, msgspec.structs.replace(a, depletion=1))
        held = tuple(cards[x] for x in sorted(cards))
        return with_seat(state, seat, msgspec.structs.replace(p, resource_cards=held)), 1
    workers = cards.pop(area).workers
    state = with_area(state, msgspec.structs.replace(a, depletion=2))
    held = tuple(cards[x] for x in sorted(cards))
    unavailable = p.unavailable_workers + workers
    player = msgspec.structs.replace(p, resource_cards=held, unavailable_workers=unavailable)
    return with_seat(state, seat, player), 2
