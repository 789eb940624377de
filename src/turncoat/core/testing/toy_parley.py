"""Sealed Bids §6 (option ``parley``): a parley before each auction, built on :mod:`core.deals`.

It exists to try the core's negotiation primitives in a whole game — proposals and answers as
recorded actions, an alliance that binds only with everyone's consent, a gift that binds at once —
and to carry them through every frontend.

Rules.  When the prize is turned up, and before any bid, every seat may, in any order:

* propose a **pact** (an alliance of two) to a seat when neither is in one — once per parley;
* **give** 1 or 2 of its coins to another seat — once per parley;
* **accept** or **decline** a pact offered to it, **withdraw** its own, or **leave** its pact;
* **end** its parley.

The parley is over when every seat has ended it and no offer waits for an answer; offers still
open then lapse.  A seat that has ended its parley still answers offers made to it.  At the end of
the game a pact scores the mean of its members' scores and competes with the seats standing alone;
both members of a winning pact win.  Everything in a parley is public.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from turncoat.core import deals
from turncoat.core.actions import Action, Event, PlayerId
from turncoat.core.deals import Accept, Ally, Deals, Decline, Give, LeaveAlliance, Propose, Withdraw
from turncoat.core.errors import IllegalAction

RULE_PARLEY = "toy §6"
COIN = "coin"
PACT_SIZE = 2
MAX_GIFT = 2

# What a seat has used up in this parley (bit flags).
PROPOSED = 1
GAVE = 2
LEFT = 4


class EndParley(Action, frozen=True, tag="end_parley"):
    """§6: this seat is done negotiating for this round (it still answers offers made to it)."""


class ParleyEnded(Event, frozen=True, tag="parley_ended"):
    seat: int


ParleyAction = Propose | Accept | Decline | Withdraw | LeaveAlliance | Give | EndParley
PARLEY_ACTIONS = (Propose, Accept, Decline, Withdraw, LeaveAlliance, Give, EndParley)
_END = EndParley()
_LEAVE = LeaveAlliance()


class Parley(msgspec.Struct, frozen=True):
    """Standing pacts (kept from round to round) and this round's parley bookkeeping."""

    deals: Deals = Deals()
    used: tuple[int, ...] = ()
    done: tuple[bool, ...] = ()


def begin(parley: Parley, players: int) -> Parley:
    """§6: a new parley; pacts stand, the once-per-parley moves are available again."""
    return msgspec.structs.replace(parley, used=(0,) * players, done=(False,) * players)


def to_act(parley: Parley) -> frozenset[PlayerId]:
    """Seats that have not ended their parley, and seats an offer waits for."""
    return frozenset(
        p for p in range(len(parley.done)) if not parley.done[p] or deals.awaiting(parley.deals, p)
    )


def is_over(parley: Parley) -> bool:
    return not to_act(parley)


def legal(parley: Parley, coins: Sequence[int], seat: PlayerId) -> tuple[ParleyAction, ...]:
    """§6: the seat's parley moves, answers first."""
    book = parley.deals
    moves: list[ParleyAction] = []
    for offer in deals.awaiting(book, seat):
        moves += [Accept(offer.id), Decline(offer.id)]
    if not 0 <= seat < len(parley.done) or parley.done[seat]:
        return tuple(moves)
    moves += [Withdraw(offer.id) for offer in deals.proposed_by(book, seat)]
    others = [q for q in range(len(parley.done)) if q != seat]
    used = parley.used[seat]
    if not used & PROPOSED and not deals.alliance_of(book, seat):
        moves += [
            Propose(to=(q,), terms=(Ally(members=tuple(sorted((seat, q)))),))
            for q in others
            if not deals.alliance_of(book, q)
        ]
    if not used & GAVE:
        moves += [
            Give(to=q, good=COIN, amount=k) for q in others for k in range(1, min(coins[seat], MAX_GIFT) + 1)
        ]
    if not used & LEFT and deals.alliance_of(book, seat):
        moves.append(_LEAVE)
    moves.append(_END)
    return tuple(moves)


def act(
    parley: Parley, coins: tuple[int, ...], seat: PlayerId, action: ParleyAction
) -> tuple[Parley, tuple[int, ...], tuple[Event, ...]]:
    """§6: carry out one parley move; returns the parley, the coins and what happened."""
    if action not in legal(parley, coins, seat):
        raise IllegalAction(
            f"{action!r} is not a parley move you can make now", code="bad_parley", rule=RULE_PARLEY
        )
    book = parley.deals
    used = list(parley.used)
    done = list(parley.done)
    events: tuple[Event, ...]
    match action:
        case Propose():
            book, events = deals.propose(book, seat, action, max_alliance=PACT_SIZE)
            used[seat] |= PROPOSED
        case Accept(proposal=pid):
            book, events, _ = deals.accept(book, seat, pid, max_alliance=PACT_SIZE)
            book, dropped = _drop_stale_offers(book)
            events += dropped
        case Decline(proposal=pid):
            book, events = deals.decline(book, seat, pid)
        case Withdraw(proposal=pid):
            book, events = deals.withdraw(book, seat, pid)
        case LeaveAlliance():
            book, events = deals.leave(book, seat)
            used[seat] |= LEFT
        case Give(to=q, amount=k):
            events = deals.give(seat, action, available=coins[seat])
            moved = list(coins)
            moved[seat] -= k
            moved[q] += k
            coins = tuple(moved)
            used[seat] |= GAVE
        case EndParley():
            done[seat] = True
            events = (ParleyEnded(seat=seat),)
    after = Parley(deals=book, used=tuple(used), done=tuple(done))
    return after, coins, events


def _drop_stale_offers(book: Deals) -> tuple[Deals, tuple[Event, ...]]:
    """Offers of a pact to a seat that has just made one can no longer bind: they end now."""
    events: list[Event] = []
    for offer in book.open:
        if any(deals.alliance_of(book, p) for p in offer.parties):
            book, withdrawn = deals.withdraw(book, offer.proposer, offer.id)
            events += withdrawn
    return book, tuple(events)


def close(parley: Parley) -> tuple[Parley, tuple[Event, ...]]:
    """§6: the parley is over; offers still open lapse."""
    book, events = deals.lapse_all(parley.deals)
    return msgspec.structs.replace(parley, deals=book), events


def pact_winners(scores: Sequence[int], book: Deals) -> tuple[PlayerId, ...]:
    """§6: a pact competes with its members' mean score; every member of a best side wins."""
    sides = [*book.alliances, *((p,) for p in range(len(scores)) if not deals.alliance_of(book, p))]
    value = {side: sum(scores[p] for p in side) / len(side) for side in sides}
    best = max(value.values())
    return tuple(sorted(p for side, v in value.items() if v == best for p in side))


def describe_action(action: ParleyAction) -> str:
    match action:
        case Propose(to=to):
            return f"offer a pact to seat {to[0]}"
        case Accept(proposal=pid):
            return f"accept offer {pid}"
        case Decline(proposal=pid):
            return f"decline offer {pid}"
        case Withdraw(proposal=pid):
            return f"withdraw offer {pid}"
        case LeaveAlliance():
            return "leave the pact"
        case Give(to=q, amount=k):
            return f"give {k} coin{'s' if k > 1 else ''} to seat {q}"
    return "end the parley"


def describe_event(event: Event) -> str | None:
    match event:
        case deals.DealProposed(proposal=offer):
            return f"Seat {offer.proposer} offers seat {offer.to[0]} a pact (offer {offer.id})."
        case deals.DealAccepted(proposal=pid, seat=p):
            return f"Seat {p} accepts offer {pid}."
        case deals.DealDeclined(proposal=pid, seat=p):
            return f"Seat {p} declines offer {pid}."
        case deals.DealWithdrawn(proposal=pid):
            return f"Offer {pid} is withdrawn."
        case deals.DealLapsed(proposal=pid):
            return f"Offer {pid} lapses."
        case deals.AllianceFormed(members=m):
            return f"Seats {' and '.join(map(str, m))} make a pact."
        case deals.AllianceLeft(seat=p):
            return f"Seat {p} leaves its pact."
        case deals.Given(giver=g, receiver=r, amount=k):
            return f"Seat {g} gives seat {r} {k} coin{'s' if k > 1 else ''}."
        case ParleyEnded(seat=p):
            return f"Seat {p} ends its parley."
    return None
