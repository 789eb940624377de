"""What the rules make binding in a negotiation: alliances, proposals and transfers.

Free talk lives outside the engine, in the table's chat, and binds nobody.  What a game's rules
do make binding is an action in the record like any other move:

* **Alliances** — disjoint groups of seats.  A group forms only with the consent of every member
  (a proposal that each addressee accepts) and any member may leave it on its own.
* **Proposals** — an offer from one seat to one or more others: a bundle of terms that binds the
  moment the last addressee accepts, and not before.  Until then it may be withdrawn by its
  proposer or declined by any addressee (which ends it).
* **Gifts** — a transfer one seat makes on its own (Rex: influence given during a ceasefire).

The host game decides *what* may be proposed, *when*, and *who sees it*: it enumerates the legal
``Propose`` actions (so it sets the ``private`` flag and each term's ``secret`` flag) and carries
out the transfers of a struck deal on its own state, since goods and cards are the game's.  This
module keeps the bookkeeping every such game shares and says, on every event, who may see it:

* a private proposal, its answers and its lapse are seen by its parties only;
* a struck deal is announced to the whole table; a secret term appears there as ``Withheld`` (the
  table sees that something passed from the giver to the receiver, not what) and its details go
  to the parties only, in a ``SecretTerms`` event.

Everything here is a pure function over frozen values.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

import msgspec

from turncoat.core.actions import Action, Event, PlayerId, Viewer
from turncoat.core.errors import IllegalAction

RULE = "deals"


# -- terms ----------------------------------------------------------------------------------------
class Transfer(msgspec.Struct, frozen=True, tag_field="term", tag="transfer", forbid_unknown_fields=True):
    """``giver`` hands ``amount`` of a countable good (influence, trade goods, coins) to ``receiver``."""

    giver: PlayerId
    receiver: PlayerId
    good: str
    amount: int
    secret: bool = False


class Handover(msgspec.Struct, frozen=True, tag_field="term", tag="handover", forbid_unknown_fields=True):
    """``giver`` hands one named item (a card) to ``receiver``."""

    giver: PlayerId
    receiver: PlayerId
    item: str
    secret: bool = False


class Ally(msgspec.Struct, frozen=True, tag_field="term", tag="ally", forbid_unknown_fields=True):
    """The seats in ``members`` form one alliance (joining an existing one keeps its members)."""

    members: tuple[PlayerId, ...]


class Withheld(msgspec.Struct, frozen=True, tag_field="term", tag="withheld", forbid_unknown_fields=True):
    """A secret term as the public sees it: something passed from ``giver`` to ``receiver``."""

    giver: PlayerId
    receiver: PlayerId


Term: TypeAlias = Transfer | Handover | Ally | Withheld


def public_form(term: Term) -> Term:
    """The term as a seat outside the deal sees it."""
    if isinstance(term, Transfer | Handover) and term.secret:
        return Withheld(giver=term.giver, receiver=term.receiver)
    return term


def seats_in(term: Term) -> tuple[PlayerId, ...]:
    if isinstance(term, Ally):
        return term.members
    return (term.giver, term.receiver)


# -- actions --------------------------------------------------------------------------------------
class Propose(Action, frozen=True, tag="propose"):
    """Offer ``terms`` to the seats in ``to``; binds when every one of them accepts."""

    to: tuple[PlayerId, ...]
    terms: tuple[Term, ...]
    private: bool = False


class Accept(Action, frozen=True, tag="accept"):
    """Agree to proposal ``proposal``; the last consent makes it bind."""

    proposal: int


class Decline(Action, frozen=True, tag="decline"):
    """Refuse proposal ``proposal``; it ends."""

    proposal: int


class Withdraw(Action, frozen=True, tag="withdraw"):
    """Take back one's own open proposal ``proposal``."""

    proposal: int


class LeaveAlliance(Action, frozen=True, tag="leave_alliance"):
    """Leave one's alliance (the others stay allied if two or more remain)."""


class Give(Action, frozen=True, tag="give"):
    """Hand ``amount`` of ``good`` to ``to`` without asking anything back; binds at once."""

    to: PlayerId
    good: str
    amount: int


DealAction: TypeAlias = Propose | Accept | Decline | Withdraw | LeaveAlliance | Give


# -- state ----------------------------------------------------------------------------------------
class Proposal(msgspec.Struct, frozen=True):
    """An open offer.  ``accepted`` lists the addressees who have agreed so far."""

    id: int
    proposer: PlayerId
    to: tuple[PlayerId, ...]
    terms: tuple[Term, ...]
    private: bool = False
    accepted: tuple[PlayerId, ...] = ()

    @property
    def parties(self) -> tuple[PlayerId, ...]:
        return (self.proposer, *self.to)

    @property
    def visible_to(self) -> tuple[PlayerId, ...] | None:
        return self.parties if self.private else None

    def waiting_for(self) -> tuple[PlayerId, ...]:
        return tuple(p for p in self.to if p not in self.accepted)

    def seen_by(self, viewer: Viewer) -> bool:
        return not self.private or (viewer is not None and viewer in self.parties)


class Deals(msgspec.Struct, frozen=True):
    """The negotiation part of a game state: standing alliances and open proposals."""

    alliances: tuple[tuple[PlayerId, ...], ...] = ()
    open: tuple[Proposal, ...] = ()
    next_id: int = 1


# -- events ---------------------------------------------------------------------------------------
class DealProposed(Event, frozen=True, tag="deal_proposed"):
    proposal: Proposal


class DealAccepted(Event, frozen=True, tag="deal_accepted"):
    proposal: int
    seat: PlayerId


class DealDeclined(Event, frozen=True, tag="deal_declined"):
    proposal: int
    seat: PlayerId


class DealWithdrawn(Event, frozen=True, tag="deal_withdrawn"):
    proposal: int
    seat: PlayerId


class DealLapsed(Event, frozen=True, tag="deal_lapsed"):
    """The window closed with the proposal still open; nothing of it binds."""

    proposal: int


class DealStruck(Event, frozen=True, tag="deal_struck"):
    """Everyone agreed; the terms bind.  Secret terms appear as ``Withheld``."""

    proposal: int
    parties: tuple[PlayerId, ...]
    terms: tuple[Term, ...]


class SecretTerms(Event, frozen=True, tag="secret_terms"):
    """The secret terms of a struck deal, for its parties' eyes only."""

    proposal: int
    terms: tuple[Term, ...]


class AllianceFormed(Event, frozen=True, tag="alliance_formed"):
    members: tuple[PlayerId, ...]


class AllianceLeft(Event, frozen=True, tag="alliance_left"):
    seat: PlayerId
    remaining: tuple[PlayerId, ...]  # the seats still allied (empty when the alliance dissolved)


class Given(Event, frozen=True, tag="given"):
    giver: PlayerId
    receiver: PlayerId
    good: str
    amount: int


DealEvent: TypeAlias = (
    DealProposed
    | DealAccepted
    | DealDeclined
    | DealWithdrawn
    | DealLapsed
    | DealStruck
    | SecretTerms
    | AllianceFormed
    | AllianceLeft
    | Given
)


# -- queries --------------------------------------------------------------------------------------
def alliance_of(deals: Deals, seat: PlayerId) -> tuple[PlayerId, ...]:
    """The seat's alliance (itself included), or ``()`` when it stands alone."""
    for group in deals.alliances:
        if seat in group:
            return group
    return ()


def allies_of(deals: Deals, seat: PlayerId) -> tuple[PlayerId, ...]:
    """The other members of the seat's alliance."""
    return tuple(p for p in alliance_of(deals, seat) if p != seat)


def find(deals: Deals, proposal_id: int) -> Proposal | None:
    for p in deals.open:
        if p.id == proposal_id:
            return p
    return None


def awaiting(deals: Deals, seat: PlayerId) -> tuple[Proposal, ...]:
    """Open proposals that still need this seat's answer."""
    return tuple(p for p in deals.open if seat in p.waiting_for())


def proposed_by(deals: Deals, seat: PlayerId) -> tuple[Proposal, ...]:
    return tuple(p for p in deals.open if p.proposer == seat)


def seen_by(deals: Deals, viewer: Viewer) -> Deals:
    """The negotiation as ``viewer`` may see it: others' private proposals left out."""
    return msgspec.structs.replace(deals, open=tuple(p for p in deals.open if p.seen_by(viewer)))


def alliance_after(deals: Deals, members: Iterable[PlayerId]) -> tuple[PlayerId, ...]:
    """The group an ``Ally`` term would make: the members plus their current allies."""
    group = set(members)
    for seat in tuple(group):
        group.update(alliance_of(deals, seat))
    return tuple(sorted(group))


def check_alliance(deals: Deals, members: tuple[PlayerId, ...], *, max_size: int) -> None:
    """An ``Ally`` term must name every member of the resulting group, and fit its size limit.

    Naming the whole group is what makes forming consensual: a seat joins an existing alliance only
    with the agreement of every member already in it (each is a party to the proposal).
    """
    if len(set(members)) != len(members) or len(members) < 2:
        raise IllegalAction("an alliance needs two or more different seats", code="bad_alliance", rule=RULE)
    group = alliance_after(deals, members)
    if set(group) != set(members):
        raise IllegalAction(
            "everyone in an alliance that is joined must agree to it", code="bad_alliance", rule=RULE
        )
    if len(group) > max_size:
        raise IllegalAction(f"an alliance has at most {max_size} members", code="alliance_full", rule=RULE)
    if any(alliance_of(deals, p) == group for p in members):
        raise IllegalAction("these seats are allied already", code="bad_alliance", rule=RULE)


# -- changes --------------------------------------------------------------------------------------
def propose(
    deals: Deals, proposer: PlayerId, action: Propose, *, max_alliance: int = 0
) -> tuple[Deals, tuple[Event, ...]]:
    """Open a proposal.  Every seat a term names must be a party to it."""
    to = action.to
    if not to or proposer in to or len(set(to)) != len(to):
        raise IllegalAction(
            "a proposal goes to one or more other seats, each named once", code="bad_proposal", rule=RULE
        )
    if not action.terms:
        raise IllegalAction("a proposal needs at least one term", code="bad_proposal", rule=RULE)
    parties = {proposer, *to}
    for term in action.terms:
        if isinstance(term, Withheld):
            raise IllegalAction("a term cannot be proposed withheld", code="bad_proposal", rule=RULE)
        if not set(seats_in(term)) <= parties:
            raise IllegalAction("a term may bind only the parties to it", code="bad_proposal", rule=RULE)
        if isinstance(term, Transfer | Handover) and term.giver == term.receiver:
            raise IllegalAction("a seat cannot hand something to itself", code="bad_proposal", rule=RULE)
        if isinstance(term, Transfer) and term.amount < 1:
            raise IllegalAction("a transfer moves at least 1", code="bad_proposal", rule=RULE)
        if isinstance(term, Ally):
            check_alliance(deals, term.members, max_size=max_alliance)
    proposal = Proposal(
        id=deals.next_id, proposer=proposer, to=to, terms=action.terms, private=action.private
    )
    after = msgspec.structs.replace(deals, open=(*deals.open, proposal), next_id=deals.next_id + 1)
    return after, (DealProposed(proposal=proposal, visible_to=proposal.visible_to),)


def _open_for(deals: Deals, proposal_id: int) -> Proposal:
    proposal = find(deals, proposal_id)
    if proposal is None:
        raise IllegalAction(f"there is no open proposal {proposal_id}", code="no_proposal", rule=RULE)
    return proposal


def _without(deals: Deals, proposal: Proposal) -> Deals:
    return msgspec.structs.replace(deals, open=tuple(p for p in deals.open if p.id != proposal.id))


def accept(
    deals: Deals, seat: PlayerId, proposal_id: int, *, max_alliance: int = 0
) -> tuple[Deals, tuple[Event, ...], Proposal | None]:
    """Record a consent.  Returns the struck proposal when this was the last one, else ``None``.

    When a deal strikes, its alliance terms take effect here; the host game carries out its
    transfers and handovers.  An alliance that no longer fits (the seats' groups changed since it
    was proposed) refuses the consent instead of half-binding the deal.
    """
    proposal = _open_for(deals, proposal_id)
    if seat not in proposal.waiting_for():
        raise IllegalAction("this proposal is not waiting for your answer", code="not_addressed", rule=RULE)
    agreed = msgspec.structs.replace(proposal, accepted=(*proposal.accepted, seat))
    events: list[Event] = [DealAccepted(proposal=proposal.id, seat=seat, visible_to=proposal.visible_to)]
    if agreed.waiting_for():
        opened = tuple(agreed if p.id == proposal.id else p for p in deals.open)
        return msgspec.structs.replace(deals, open=opened), tuple(events), None
    after = _without(deals, proposal)
    for term in proposal.terms:
        if isinstance(term, Ally):
            check_alliance(after, term.members, max_size=max_alliance)
            after = _form(after, term.members)
    events += struck_events(proposal)
    events += [AllianceFormed(members=t.members) for t in proposal.terms if isinstance(t, Ally)]
    return after, tuple(events), agreed


def struck_events(proposal: Proposal) -> list[Event]:
    """The table learns that the deal binds and its open terms; the parties also see its secret ones."""
    events: list[Event] = [
        DealStruck(
            proposal=proposal.id,
            parties=proposal.parties,
            terms=tuple(public_form(t) for t in proposal.terms),
        )
    ]
    secret = tuple(t for t in proposal.terms if public_form(t) != t)
    if secret:
        events.append(SecretTerms(proposal=proposal.id, terms=secret, visible_to=proposal.parties))
    return events


def _form(deals: Deals, members: tuple[PlayerId, ...]) -> Deals:
    group = alliance_after(deals, members)
    kept = tuple(g for g in deals.alliances if not set(g) & set(group))
    return msgspec.structs.replace(deals, alliances=tuple(sorted((*kept, group))))


def decline(deals: Deals, seat: PlayerId, proposal_id: int) -> tuple[Deals, tuple[Event, ...]]:
    proposal = _open_for(deals, proposal_id)
    if seat not in proposal.waiting_for():
        raise IllegalAction("this proposal is not waiting for your answer", code="not_addressed", rule=RULE)
    event = DealDeclined(proposal=proposal.id, seat=seat, visible_to=proposal.visible_to)
    return _without(deals, proposal), (event,)


def withdraw(deals: Deals, seat: PlayerId, proposal_id: int) -> tuple[Deals, tuple[Event, ...]]:
    proposal = _open_for(deals, proposal_id)
    if proposal.proposer != seat:
        raise IllegalAction("only its proposer may withdraw a proposal", code="not_yours", rule=RULE)
    event = DealWithdrawn(proposal=proposal.id, seat=seat, visible_to=proposal.visible_to)
    return _without(deals, proposal), (event,)


def lapse_all(deals: Deals) -> tuple[Deals, tuple[Event, ...]]:
    """The negotiation window closes: every open proposal ends unbound."""
    events = tuple(DealLapsed(proposal=p.id, visible_to=p.visible_to) for p in deals.open)
    return msgspec.structs.replace(deals, open=()), events


def leave(deals: Deals, seat: PlayerId) -> tuple[Deals, tuple[Event, ...]]:
    """The seat leaves its alliance; a group left with one member dissolves.

    Proposals that named an alliance including the leaver stay open: accepting one re-checks it.
    """
    group = alliance_of(deals, seat)
    if not group:
        raise IllegalAction("you are not in an alliance", code="not_allied", rule=RULE)
    rest = tuple(p for p in group if p != seat)
    others = tuple(g for g in deals.alliances if g != group)
    alliances = tuple(sorted((*others, rest))) if len(rest) >= 2 else others
    remaining = rest if len(rest) >= 2 else ()
    return msgspec.structs.replace(deals, alliances=alliances), (
        AllianceLeft(seat=seat, remaining=remaining),
    )


def give(giver: PlayerId, action: Give, *, available: int) -> tuple[Event, ...]:
    """Check a gift against what the giver has; the host game moves the goods."""
    if action.to == giver:
        raise IllegalAction("a seat cannot give to itself", code="bad_gift", rule=RULE)
    if not 1 <= action.amount <= available:
        raise IllegalAction(
            f"you can give 1 to {available} {action.good}, not {action.amount}", code="bad_gift", rule=RULE
        )
    return (Given(giver=giver, receiver=action.to, good=action.good, amount=action.amount),)
