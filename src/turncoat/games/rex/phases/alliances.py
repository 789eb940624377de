"""RULES §13 Temporary Ceasefire and alliances, with the shared negotiation rules of core.deals.

During the ceasefire window (§13.1) every player may propose an alliance, accept or decline one,
withdraw his own proposal, leave his alliance (and join or form another at once), and give
influence to anyone.  An alliance has at most 3 members and forms only when all of them agree
(§13.2); it needs at least ``alliances_min_players`` players in the game (4 [Rex: S8], E31).  All
negotiation is open (§16.3): proposals are public.  When everybody is done, proposals still open
lapse and the Influence phase draws on.  Alliances last until a later ceasefire.
"""

from __future__ import annotations

from itertools import combinations

from turncoat.core import deals
from turncoat.core.errors import IllegalAction
from turncoat.games.rex.context import Ctx, Events
from turncoat.games.rex.state import NOBODY, Draft, State

RULE = "RULES §13"
RULE_FORM = "RULES §13.2"

Fields = State | Draft


def alliances_allowed(ctx: Ctx, s: Fields) -> bool:
    """§13.1 (E31): alliances need at least ``alliances_min_players`` players."""
    return s.players >= ctx.config.alliances_min_players


def _sync_alliances(d: Draft) -> None:
    """The per-seat alliance id the rules read (lowest member) follows the deals' groups."""
    ids = [NOBODY] * d.players
    for group in d.deals.alliances:
        for seat in group:
            ids[seat] = min(group)
    d.alliance = tuple(ids)


def legal_proposals(ctx: Ctx, s: Fields, seat: int) -> list[tuple[int, ...]]:
    """§13.2: groups the seat may propose: itself and the whole alliances of the others it names
    (everyone in a group being joined must agree), at most 3 members, not its present alliance,
    and not a proposal it already has open."""
    if not alliances_allowed(ctx, s):
        return []
    return list(_proposals(ctx, s.deals, seat, s.players))


def _proposals(ctx: Ctx, negotiation: deals.Deals, seat: int, players: int) -> tuple[tuple[int, ...], ...]:
    """The groups ``seat`` may propose (cached: the same negotiation state recurs constantly)."""
    key = (negotiation, seat, players, ctx.t.alliance_max_members)
    found = _PROPOSALS.get(key)
    if found is None:
        if len(_PROPOSALS) > 4096:
            _PROPOSALS.clear()
        found = _PROPOSALS[key] = tuple(_compute_proposals(ctx, negotiation, seat, players))
    return found


_PROPOSALS: dict[tuple[deals.Deals, int, int, int], tuple[tuple[int, ...], ...]] = {}


def _compute_proposals(ctx: Ctx, negotiation: deals.Deals, seat: int, players: int) -> list[tuple[int, ...]]:
    s = negotiation
    most = ctx.t.alliance_max_members
    current = deals.alliance_of(s, seat) or (seat,)
    mine = {p.terms for p in deals.proposed_by(s, seat)}
    others = [p for p in range(players) if p != seat]
    out = []
    for size in range(1, most):
        for chosen in combinations(others, size):
            group = deals.alliance_after(s, (seat, *chosen))
            if len(group) > most or set(group) != {seat, *chosen} or tuple(group) == tuple(sorted(current)):
                continue
            if (deals.Ally(members=group),) in mine:
                continue
            if any(deals.alliance_of(s, p) == group for p in group):
                continue
            out.append(group)
    return sorted(set(out))


def resolve_propose(ctx: Ctx, d: Draft, seat: int, group: tuple[int, ...], out: Events) -> None:
    """§13.2: the proposal is made to every other member; an addressee who had finished the window
    takes part again to answer it."""
    to = tuple(p for p in group if p != seat)
    action = deals.Propose(to=to, terms=(deals.Ally(members=group),))
    d.deals, events = deals.propose(d.deals, seat, action, max_alliance=ctx.t.alliance_max_members)
    out.extend(events)
    d.waiting = tuple(sorted({*d.waiting, *to}))


def legal_answers(ctx: Ctx, s: Fields, seat: int) -> tuple[int, ...]:
    """§13.2 (forming needs every member's consent): open proposals waiting for this seat's answer (by
    id)."""
    return tuple(p.id for p in deals.awaiting(s.deals, seat))


def legal_withdrawals(ctx: Ctx, s: Fields, seat: int) -> tuple[int, ...]:
    """§13.2: the seat's own open proposals, which he may take back before every member has agreed."""
    return tuple(p.id for p in deals.proposed_by(s.deals, seat))


def may_accept(ctx: Ctx, s: Fields, seat: int, proposal: int) -> bool:
    """§13.2 (at most 3 members, one alliance each): an alliance whose groups changed since it was
    proposed can no longer be accepted."""
    found = deals.find(s.deals, proposal)
    if found is None or seat not in found.waiting_for():
        return False
    if len(found.waiting_for()) > 1:
        return True
    try:
        for term in found.terms:
            if isinstance(term, deals.Ally):
                deals.check_alliance(s.deals, term.members, max_size=ctx.t.alliance_max_members)
    except IllegalAction:
        return False
    return True


def resolve_accept(ctx: Ctx, d: Draft, seat: int, proposal: int, out: Events) -> None:
    """§13.2: the last consent forms the alliance (each member takes the others' ally cards)."""
    d.deals, events, _ = deals.accept(d.deals, seat, proposal, max_alliance=ctx.t.alliance_max_members)
    out.extend(events)
    _sync_alliances(d)


def resolve_decline(ctx: Ctx, d: Draft, seat: int, proposal: int, out: Events) -> None:
    """§13.2: a member refuses; forming needs the consent of all members, so the proposal lapses."""
    d.deals, events = deals.decline(d.deals, seat, proposal)
    out.extend(events)


def resolve_withdraw(ctx: Ctx, d: Draft, seat: int, proposal: int, out: Events) -> None:
    """§13.2: the proposer takes back his open proposal."""
    d.deals, events = deals.withdraw(d.deals, seat, proposal)
    out.extend(events)


def resolve_leave(ctx: Ctx, d: Draft, seat: int, out: Events) -> None:
    """§13.2: a player leaves his alliance; one left alone is no longer allied."""
    d.deals, events = deals.leave(d.deals, seat)
    out.extend(events)
    _sync_alliances(d)


def close_window(ctx: Ctx, d: Draft, out: Events) -> None:
    """§13.1: the window closes; open proposals lapse unbound."""
    d.deals, events = deals.lapse_all(d.deals)
    out.extend(events)
