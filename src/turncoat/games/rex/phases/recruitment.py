"""RULES §8 Phase 3 — Recruitment: in player order, units and one leader back from the casualty pool.

Up to 5 units a round (a Lazax mechanized unit counts as one, at most one of them a round [Dune]);
the first ones are free (the race's free recruitment), each further one costs 2; a leader costs his
strength.  Everything paid goes to the pool.  A seat with nothing it could recruit is not asked.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from turncoat.games.rex.components import LAZAX, LEADERS_PER_RACE, SOL
from turncoat.games.rex.context import Ctx, Events
from turncoat.games.rex.events import EmergencyRecruited, PhaseStarted, Recruited
from turncoat.games.rex.phases.cards import EMERGENCY_RECRUITMENT, EMERGENCY_UNITS_MAX, discard_played, holds
from turncoat.games.rex.phases.consent import LAZAX_RECRUITS, ask
from turncoat.games.rex.phases.maneuvering import begin_maneuvering
from turncoat.games.rex.state import (
    LEADER_DEAD,
    LEADER_READY,
    NOBODY,
    RECRUIT,
    Draft,
    State,
    allied,
    seat_of_race,
    seats_from,
)

RULE = "RULES §8"

Choice = tuple[int, int, int]  # (units, mechanized units, leader index or NOBODY)


def free_recruits(ctx: Ctx, s: State | Draft, seat: int) -> int:
    """§8: the race's free recruitment number; an ally of the Sol recruits 3 free (Sol ally card
    [Dune])."""
    own = ctx.t.free_recruitment[s.race[seat]]
    sol = seat_of_race(s, SOL)
    if sol != NOBODY and allied(s, seat, sol):
        return max(own, SOL_ALLY_FREE_RECRUITS)
    return own


SOL_ALLY_FREE_RECRUITS = 3  # races.json, Sol ally advantage [Dune]


def dead_leaders(ctx: Ctx, s: State | Draft, seat: int) -> tuple[int, ...]:
    """§3.4: the seat's leaders in its casualty pool."""
    first = s.race[seat] * LEADERS_PER_RACE
    return tuple(ld for ld in range(first, first + LEADERS_PER_RACE) if s.leaders[ld] == LEADER_DEAD)


def recruit_cost(ctx: Ctx, s: State | Draft, seat: int, units: int, mech: int, leader: int) -> int:
    """§8: 2 per unit beyond the free ones (a mechanized unit costs the same [Dune]), plus the
    recruited leader's strength."""
    return _price(ctx, free_recruits(ctx, s, seat), units + mech, leader)


def _price(ctx: Ctx, free: int, recruits: int, leader: int) -> int:
    """``recruit_cost`` given the seat's free recruits."""
    cost = max(0, recruits - free) * ctx.t.recruit_unit_cost
    if leader != NOBODY:
        cost += ctx.t.leader_strength[leader]
    return cost


LAZAX_EXTRA_RECRUITS = 3  # races.json, Lazax ally card [Dune]


def lazax_payer(ctx: Ctx, s: State | Draft, seat: int) -> int:
    """§18 (Lazax ally card [Dune]): the Lazax seat that may pay for up to 3 of this ally's recruits
    beyond his limit (with the Lazax's consent, §13.3), or NOBODY."""
    lazax = seat_of_race(s, LAZAX)
    if lazax == NOBODY or not allied(s, seat, lazax) or LAZAX_RECRUITS in s.refused:
        return NOBODY
    return lazax


def extra_units(ctx: Ctx, units: int, mech: int) -> int:
    """§8, §13.3 (the Lazax ally advantage, §18 [Dune]): how many of the recruits lie beyond the 5-unit
    limit (the Lazax pay for those)."""
    return max(0, units + mech - ctx.t.recruit_max_units)


def legal_recruits(ctx: Ctx, s: State | Draft, seat: int) -> list[Choice]:
    """§8: every affordable recruitment within the limits; recruiting nothing is always allowed.
    An ally of the Lazax may recruit up to 3 more units that the Lazax pay for."""
    return list(_recruits(ctx, s, seat))


def has_recruit_choice(ctx: Ctx, s: State | Draft, seat: int) -> bool:
    """§8: whether ``legal_recruits`` offers more than recruiting nothing (its first choice)."""
    return next(islice(_recruits(ctx, s, seat), 1, None), None) is not None


def _recruits(ctx: Ctx, s: State | Draft, seat: int) -> Iterator[Choice]:
    """``legal_recruits`` one by one (the question whether there is a real choice stops early)."""
    t = ctx.t
    most_mech = min(s.casualties_mech[seat], t.recruit_max_mechanized)
    lazax = lazax_payer(ctx, s, seat)
    extra = LAZAX_EXTRA_RECRUITS if lazax != NOBODY else 0
    free = free_recruits(ctx, s, seat)  # the same for every choice: asked once
    influence = s.influence[seat]
    for leader in (NOBODY, *dead_leaders(ctx, s, seat)):
        for mech in range(most_mech + 1):
            for units in range(min(s.casualties[seat], t.recruit_max_units + extra - mech) + 1):
                beyond = extra_units(ctx, units, mech)
                own = _price(ctx, free, units - beyond + mech, leader)  # recruit_cost
                if own <= influence and (not beyond or beyond * t.recruit_unit_cost <= s.influence[lazax]):
                    yield units, mech, leader


def begin_recruitment(ctx: Ctx, d: Draft, out: Events) -> None:
    """§8: starting with the first player."""
    out.append(PhaseStarted(phase="recruitment"))
    d.step = RECRUIT
    d.refused = ()
    next_recruiter(ctx, d, NOBODY, out)


def next_recruiter(ctx: Ctx, d: Draft, after: int, out: Events) -> None:
    """§8 (in player order): the next seat in player order that has a real choice; then the Maneuvering
    phase."""
    order = seats_from(d.first_player, d.players)
    start = order.index(after) + 1 if after != NOBODY else 0
    for seat in order[start:]:
        if has_recruit_choice(ctx, d, seat):
            d.actor = seat
            return
    d.actor = NOBODY
    d.refused = ()
    begin_maneuvering(ctx, d, out)


def resolve_recruit(ctx: Ctx, d: Draft, seat: int, choice: Choice, out: Events) -> None:
    """§8: the recruits go to the reserves; the price goes to the pool.  Recruits beyond the limit
    wait for the Lazax's consent (§13.3)."""
    units, mech, leader = choice
    beyond = extra_units(ctx, units, mech)
    if beyond:
        ask(ctx, d, seat, lazax_payer(ctx, d, seat), LAZAX_RECRUITS, choice, out)
        return
    recruit(ctx, d, seat, choice, out)


def after_lazax_consent(ctx: Ctx, d: Draft, seat: int, choice: tuple[int, ...] | None, out: Events) -> None:
    """§8, §13.3 (the Lazax ally advantage, §18 [Dune]): the Lazax agreed: the recruitment happens, the
    Lazax paying 2 per unit beyond the limit; or refused: the ally chooses again (without the extra
    units)."""
    d.step = RECRUIT
    if choice is None:
        return
    units, mech, leader = choice
    lazax = seat_of_race(d, LAZAX)
    paid = extra_units(ctx, units, mech) * ctx.t.recruit_unit_cost
    d.set_seat("influence", lazax, d.influence[lazax] - paid)
    d.pool += paid
    recruit(ctx, d, seat, (units, mech, leader), out, lazax_paid=paid)


def recruit(ctx: Ctx, d: Draft, seat: int, choice: Choice, out: Events, lazax_paid: int = 0) -> None:
    """§8: the recruits go to the reserves; the seat pays for those within the limit (the Lazax have
    paid ``lazax_paid`` for the rest)."""
    units, mech, leader = choice
    beyond = extra_units(ctx, units, mech)
    cost = recruit_cost(ctx, d, seat, units - beyond, mech, leader)
    d.set_seat("casualties", seat, d.casualties[seat] - units)
    d.set_seat("reserves", seat, d.reserves[seat] + units)
    d.set_seat("casualties_mech", seat, d.casualties_mech[seat] - mech)
    d.set_seat("reserves_mech", seat, d.reserves_mech[seat] + mech)
    if leader != NOBODY:
        d.leaders = (*d.leaders[:leader], LEADER_READY, *d.leaders[leader + 1 :])
    d.set_seat("influence", seat, d.influence[seat] - cost)
    d.pool += cost
    name = ctx.t.leader_ids[leader] if leader != NOBODY else None
    out.append(Recruited(seat=seat, units=units, mechanized=mech, leader=name, cost=cost))
    next_recruiter(ctx, d, seat, out)


def legal_emergency(ctx: Ctx, s: State | Draft, seat: int) -> list[tuple[int, int]]:
    """§8: the emergency recruitment card [Dune], in the holder's Recruitment turn: (units, NOBODY) for
    1 up to 5 units from the casualty pool, or (0, leader) for one dead leader — free."""
    if not holds(ctx, s, seat, EMERGENCY_RECRUITMENT):
        return []
    units = [(u, NOBODY) for u in range(1, min(s.casualties[seat], EMERGENCY_UNITS_MAX) + 1)]
    return units + [(0, ld) for ld in dead_leaders(ctx, s, seat)]


def resolve_emergency(ctx: Ctx, d: Draft, seat: int, units: int, leader: int, out: Events) -> None:
    """§8: the card is discarded and the recruits go to the reserves for free; the player then recruits
    as usual (this is in addition to normal recruitment)."""
    discard_played(ctx, d, seat, EMERGENCY_RECRUITMENT, "recruit for free", out)
    d.set_seat("casualties", seat, d.casualties[seat] - units)
    d.set_seat("reserves", seat, d.reserves[seat] + units)
    if leader != NOBODY:
        d.leaders = (*d.leaders[:leader], LEADER_READY, *d.leaders[leader + 1 :])
    name = ctx.t.leader_ids[leader] if leader != NOBODY else None
    out.append(EmergencyRecruited(seat=seat, units=units, leader=name))
