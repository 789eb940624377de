"""RULES §9 Phase 4 — Maneuvering: in player order, one movement step and one landing step each.

A turn is split into small decisions: the group's area, where it ends, how many go (§9.3); then
where to land and how many (§9.4).  Race hooks (§18): the Hacan may take the turn before any other
player or wait (``hacan_free_timing``), pay half for landing and be paid the others' landing fees,
and may cross-land or withdraw instead of landing; the Sol land free but only in their zone; after
another player's landing the Xxcha may put a unit on the Galactic Council for free.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import repeat

from turncoat.games.rex.components import HACAN, SOL, XXCHA
from turncoat.games.rex.context import Ctx, Events
from turncoat.games.rex.events import (
    EnvoySent,
    HacanTurnTiming,
    ManeuverTurnStarted,
    PhaseStarted,
    UnitsLanded,
    UnitsMoved,
    UnitsWithdrawn,
)
from turncoat.games.rex.phases.battle import begin_battles
from turncoat.games.rex.phases.cards import (
    EXTRA_MANEUVER,
    HACAN_CROSS,
    HACAN_FEES,
    HACAN_HALF_PRICE,
    SOL_LANDING,
    XXCHA_ENVOY,
    discard_played,
    holds,
    interference_window,
)
from turncoat.games.rex.phases.cards import HACAN_TIMING as TIMING
from turncoat.games.rex.phases.consent import CROSS_LANDING, ask
from turncoat.games.rex.state import (
    BATTLE,
    CROSS,
    CROSS_TO,
    ENVOY,
    FROM_RESERVES,
    HACAN_TIMING,
    LAND_COUNT,
    LAND_TO,
    MOVE_COUNT,
    MOVE_FROM,
    MOVE_TO,
    NOBODY,
    WITHDRAW,
    Draft,
    State,
    add_units,
    allied,
    seat_of_race,
    seats_at,
    seats_by_area,
    seats_from,
    units_of,
)

RULE = "RULES §9"
RULE_ALLOWANCE = "RULES §9.2"
RULE_MOVE = "RULES §9.3"
RULE_LAND = "RULES §9.4"
RULE_HACAN = "RULES §18 (Hacan)"
RULE_XXCHA = "RULES §18 (Xxcha)"

Fields = State | Draft


# -- §3.3 control and §9.2 allowance ---------------------------------------------------------------


def controls(ctx: Ctx, s: Fields, seat: int, area: int) -> bool:
    """§3.3: a player controls an area when his units are the only units in it."""
    return seats_at(s.stacks, ctx.b.piece_area, area) == {seat}


def allowance(ctx: Ctx, s: Fields, seat: int) -> int:
    """§9.2: the normal allowance, or the spaceport one for a player controlling a spaceport himself
    (an ally's never counts, E23).  Taken at the start of the phase (E22)."""
    normal = ctx.config.movement_normal or ctx.b.movement_normal
    bonus = ctx.config.movement_spaceport or ctx.b.movement_spaceport
    if any(controls(ctx, s, seat, area) for area in ctx.b.spaceports):
        return bonus
    return normal


# -- where units may end ---------------------------------------------------------------------------


def _occupants(ctx: Ctx, s: Fields) -> dict[int, frozenset[int]]:
    """The seats in each occupied area (``state.seats_by_area``)."""
    return seats_by_area(s.stacks, ctx.b.piece_area)


NOBODY_THERE: frozenset[int] = frozenset()


def may_end_in(
    ctx: Ctx, s: Fields, seat: int, piece: int, occupied: dict[int, frozenset[int]] | None = None
) -> bool:
    """§9.3-9.4 (E19, E20): not in the bombarded sector; not where an ally is, except the Galactic
    Council; not in a full stronghold (``stronghold_occupancy_limit``, GAPS A13)."""
    b = ctx.b
    if piece in b.blocked[s.fleet]:  # b.is_blocked, asked for every candidate piece
        return False
    area = b.piece_area[piece]
    if occupied is None:
        occupied = _occupants(ctx, s)
    others = occupied.get(area, NOBODY_THERE)
    if seat in others:
        others = others - {seat}
    if others and area != b.council and any(allied(s, seat, o) for o in others):
        return False
    limit = ctx.config.stronghold_occupancy_limit
    return not (limit is not None and b.stronghold[area] and len(others) >= limit)


# -- the order of turns (§9.1, Hacan timing) -------------------------------------------------------


def begin_maneuvering(ctx: Ctx, d: Draft, out: Events) -> None:
    """§9.1-9.2: allowances are fixed now (E22); then the turns in player order."""
    out.append(PhaseStarted(phase="maneuvering"))
    d.allowance = tuple(allowance(ctx, d, seat) for seat in range(d.players))
    d.maneuvered = (False,) * d.players
    d.hacan_waited_for = NOBODY
    next_turn(ctx, d, out)


def next_turn(ctx: Ctx, d: Draft, out: Events) -> None:
    """§9.1: the next player in order takes his turn.  A Hacan with free timing is asked before each
    other player's turn whether he goes now or waits (§18 [Dune]); waiting past everyone, he goes last."""
    pending = [seat for seat in seats_from(d.first_player, d.players) if not d.maneuvered[seat]]
    if not pending:
        end_maneuvering(ctx, d, out)
        return
    hacan = seat_of_race(d, HACAN)
    others = [seat for seat in pending if seat != hacan]
    if ctx.config.hacan_free_timing and hacan in pending and others:
        upcoming = others[0]
        if d.hacan_waited_for != upcoming:
            d.step = HACAN_TIMING
            d.actor = hacan
            d.turn_seat = upcoming
            return
        start_turn(ctx, d, upcoming, out)
        return
    start_turn(ctx, d, pending[0], out)


def hacan_in_turn(d: Draft) -> bool:
    """§9.1: whether the Hacan's own turn in player order comes before the upcoming player's."""
    pending = [seat for seat in seats_from(d.first_player, d.players) if not d.maneuvered[seat]]
    return pending[0] == seat_of_race(d, HACAN)


def resolve_hacan_timing(ctx: Ctx, d: Draft, seat: int, now: bool, out: Events) -> None:
    """§18 (Hacan): take the whole turn now, or let the next player go first.  Leaving the order of
    play uses the ability, which a Diplomatic Interference may cancel first (§17, C5)."""
    if now != hacan_in_turn(d) and interference_window(ctx, d, TIMING, seat, (int(now),), out):
        return
    take_hacan_timing(ctx, d, now, out)


def take_hacan_timing(ctx: Ctx, d: Draft, now: bool, out: Events) -> None:
    """§9.1, §18 (``hacan_free_timing``): the Hacan's choice takes effect (after a cancelled one: the
    turn in player order)."""
    seat = seat_of_race(d, HACAN)
    upcoming = d.turn_seat
    out.append(HacanTurnTiming(seat=seat, now=now, before=upcoming))
    if now:
        start_turn(ctx, d, seat, out)
        return
    d.hacan_waited_for = upcoming
    start_turn(ctx, d, upcoming, out)


def start_turn(ctx: Ctx, d: Draft, seat: int, out: Events) -> None:
    """§9.1: the seat's turn begins with its movement step."""
    d.turn_seat = seat
    d.actor = seat
    d.origin = NOBODY
    d.target = NOBODY
    d.moves_made = 0
    d.landings_made = 0
    d.extra_move = False
    d.refused = ()
    out.append(ManeuverTurnStarted(seat=seat))
    if legal_origins(ctx, d, seat):
        d.step = MOVE_FROM
        return
    begin_landing_step(ctx, d, out)


def end_turn(ctx: Ctx, d: Draft, out: Events) -> None:
    """§9.1: the player's turn is over; the next player in order takes his."""
    seat = d.turn_seat
    d.maneuvered = (*d.maneuvered[:seat], True, *d.maneuvered[seat + 1 :])
    d.origin = NOBODY
    d.target = NOBODY
    d.refused = ()
    next_turn(ctx, d, out)


def end_maneuvering(ctx: Ctx, d: Draft, out: Events) -> None:
    """§9: everybody has moved and landed; the Battle phase (§10) follows."""
    d.turn_seat = NOBODY
    d.actor = NOBODY
    d.allowance = ()
    d.maneuvered = ()
    d.hacan_waited_for = NOBODY
    d.step = BATTLE
    begin_battles(ctx, d, out)


# -- §9.3 movement step ----------------------------------------------------------------------------


def destinations(
    ctx: Ctx, s: Fields, seat: int, origin: int, occupied: dict[int, frozenset[int]] | None = None
) -> tuple[int, ...]:
    """§9.3: pieces within the allowance by lines that avoid the bombarded sector (E18), where the
    group may end (not with allies but in the Council, E19).  A later group of a turn (with
    ``movement_group_single_origin`` off) must join the first one."""
    return tuple(_destinations(ctx, s, seat, origin, occupied))


def _destinations(
    ctx: Ctx, s: Fields, seat: int, origin: int, occupied: dict[int, frozenset[int]] | None
) -> Iterator[int]:
    if s.moves_made and s.target != NOBODY:
        candidates: tuple[int, ...] = (s.target,) if s.target != origin else ()
    else:
        candidates = ctx.b.reachable(origin, s.allowance[seat], s.fleet)
    reach = s.allowance[seat]
    row = ctx.b.dist[s.fleet][origin]
    if occupied is None:
        occupied = _occupants(ctx, s)
    return (p for p in candidates if row[p] <= reach and may_end_in(ctx, s, seat, p, occupied))


def legal_origins(ctx: Ctx, s: Fields, seat: int) -> tuple[int, ...]:
    """§9.3: a piece holding the player's units, outside the bombarded sector, with somewhere to go
    (the first destination found is enough)."""
    occupied = _occupants(ctx, s)
    return tuple(
        st[0]
        for st in s.stacks
        if st[1] == seat
        and not ctx.b.is_blocked(st[0], s.fleet)
        and next(_destinations(ctx, s, seat, st[0], occupied), None) is not None
    )


def resolve_move_from(ctx: Ctx, d: Draft, seat: int, origin: int, out: Events) -> None:
    """§9.3: the area the moving group starts from (a later group of the extra movement card joins the
    first one's destination)."""
    d.origin = origin
    if d.moves_made:
        d.step = MOVE_COUNT  # a later group joins the first one's destination
        return
    d.step = MOVE_TO


def resolve_skip_move(ctx: Ctx, d: Draft, seat: int, out: Events) -> None:
    """§9.1: the movement step may be skipped (or, after a group has moved, ended)."""
    end_movement_step(ctx, d, out)


def may_play_extra_move(ctx: Ctx, s: Fields, seat: int) -> bool:
    """§9.3: the extra movement card (strategy_cards.json [Dune]): offered when the player chooses his
    first group, once a turn."""
    return not s.moves_made and not s.extra_move and holds(ctx, s, seat, EXTRA_MANEUVER)


def resolve_extra_move(ctx: Ctx, d: Draft, seat: int, out: Events) -> None:
    """§9.3: the card is discarded; after this movement step the player makes another one (same or
    another group)."""
    discard_played(ctx, d, seat, EXTRA_MANEUVER, "one more movement step this turn", out)
    d.extra_move = True


def end_movement_step(ctx: Ctx, d: Draft, out: Events) -> None:
    """After the movement step: the extra one if a card granted it, else the landing step (§9.4)."""
    if d.extra_move:
        d.extra_move = False
        d.moves_made = 0
        d.target = NOBODY
        d.origin = NOBODY
        if legal_origins(ctx, d, d.turn_seat):
            d.step = MOVE_FROM
            return
    begin_landing_step(ctx, d, out)


def resolve_move_to(ctx: Ctx, d: Draft, seat: int, target: int, out: Events) -> None:
    """§9.3: the area the moving group ends in."""
    d.target = target
    d.step = MOVE_COUNT


def legal_move_counts(ctx: Ctx, s: Fields, seat: int) -> list[tuple[int, int]]:
    """§9.3: any number of the group's units (and mechanized units), at least one."""
    units, mech = units_of(s.stacks, s.origin, seat)
    return [(u, m) for m in range(mech + 1) for u in range(units + 1) if u + m]


def resolve_move_count(ctx: Ctx, d: Draft, seat: int, units: int, mech: int, out: Events) -> None:
    """§9.3: the group moves; with ``movement_group_single_origin`` off, another group from another
    area may join it (GAPS E3)."""
    b = ctx.b
    d.stacks = add_units(d.stacks, d.origin, seat, -units, -mech)
    d.stacks = add_units(d.stacks, d.target, seat, units, mech)
    out.append(
        UnitsMoved(
            seat=seat,
            origin=b.piece_ids[d.origin],
            target=b.piece_ids[d.target],
            units=units,
            mechanized=mech,
            lines=b.dist[d.fleet][d.origin][d.target],
        )
    )
    d.moves_made += 1
    d.origin = NOBODY
    if not ctx.config.movement_group_single_origin and legal_origins(ctx, d, seat):
        d.step = MOVE_FROM
        return
    end_movement_step(ctx, d, out)


# -- §9.4 landing step -----------------------------------------------------------------------------


def sol_zone(ctx: Ctx, s: Fields) -> frozenset[int]:
    """§18 (Sol): the areas within ``radius`` lines of the zone's centre (GAPS G9: measured around
    the fleet with ``sol_landing_range_avoids_fleet``, else on the bare board)."""
    if ctx.t.sol_landing is None:
        return frozenset()
    centre_area, radius = ctx.t.sol_landing
    centre = ctx.b.area_pieces[ctx.b.area_index[centre_area]][0]
    fleet = s.fleet if ctx.config.sol_landing_range_avoids_fleet else 0
    lines = ctx.b.area_dist[fleet][centre]  # to each area, as ``area_distance`` measures it
    return frozenset(a for a, d in enumerate(lines) if d <= radius)


def landing_rate(
    ctx: Ctx, s: Fields, seat: int, piece: int, occupied: dict[int, frozenset[int]] | None = None
) -> int:
    """§9.4: 1 per unit on an empty or own area, 2 where another (non-allied) player is, always 1 in
    the Galactic Council."""
    b, t = ctx.b, ctx.t
    area = b.piece_area[piece]
    if area == b.council:
        return t.landing_cost_council
    if occupied is None:
        occupied = _occupants(ctx, s)
    others = occupied.get(area, NOBODY_THERE)
    return t.landing_cost_enemy if others and others != {seat} else t.landing_cost


def landing_cost(
    ctx: Ctx, s: Fields, seat: int, piece: int, units: int, occupied: dict[int, frozenset[int]] | None = None
) -> int:
    """§9.4 with the race hooks: the Sol land free [Rex: S7]; the Hacan, and their allies (ally
    card [Dune]), pay half, rounded up (``hacan_half_price``, E24)."""
    if s.race[seat] == SOL:
        return 0
    cost = landing_rate(ctx, s, seat, piece, occupied) * units
    return (cost + 1) // 2 if pays_half(ctx, s, seat) else cost


def pays_half(ctx: Ctx, s: Fields, seat: int) -> bool:
    """§18 (Hacan): the Hacan, and their allies (ally card [Dune]), pay half for landing, rounded up
    (``hacan_half_price``, E24)."""
    hacan = seat_of_race(s, HACAN)
    half = s.race[seat] == HACAN or (hacan != NOBODY and allied(s, seat, hacan))
    return half and ctx.config.hacan_half_price


def fee_receiver(ctx: Ctx, s: Fields, seat: int) -> int:
    """§9.4: landing fees go to the Hacan when another player lands [Rex: S7, S20] (an ally's too,
    ``hacan_fees_from_allies``, GAPS D11), else to the pool (NOBODY)."""
    hacan = seat_of_race(s, HACAN)
    if hacan in (NOBODY, seat):
        return NOBODY
    if allied(s, seat, hacan) and not ctx.config.hacan_fees_from_allies:
        return NOBODY
    return hacan


def landing_targets(ctx: Ctx, s: Fields, seat: int, exclude: int = NOBODY) -> tuple[int, ...]:
    """§9.4: open pieces where the player may end, that he can pay at least one unit for; the Sol
    only in their zone.  A cross-landing goes to another area than the one it leaves (``exclude``,
    a piece of that area)."""
    # ``landing_areas`` gives the same pieces area by area.  Here, as the legal list needs them all,
    # the empty areas are taken together: whether an empty area takes a landing depends only on its
    # kind (the Council or not, a stronghold or not), so each kind is asked once, on one of its
    # pieces as if nobody were there; then each occupied area is asked (once per kind and group of
    # seats) and its pieces added or taken away.
    b = ctx.b
    occupied = _occupants(ctx, s)
    influence = s.influence[seat]
    free, half = s.race[seat] == SOL, pays_half(ctx, s, seat)  # landing_cost's race hooks, found once

    def takes_landing(piece: int, seats_by_area: dict[int, frozenset[int]]) -> bool:
        if not may_end_in(ctx, s, seat, piece, seats_by_area):
            return False
        cost = 0 if free else landing_rate(ctx, s, seat, piece, seats_by_area)  # landing_cost of 1 unit
        return ((cost + 1) // 2 if half else cost) <= influence

    out: set[int] = set()
    for pieces, sample in b.open_pieces_by_kind[s.fleet]:
        if takes_landing(sample, NOBODY_ANYWHERE):
            out |= pieces
    open_pieces = b.open_area_pieces[s.fleet]
    answers: dict[tuple[frozenset[int], bool, bool], bool] = {}
    for area, seats in occupied.items():
        here = open_pieces[area]
        if not here:
            continue
        kind = (seats, area == b.council, b.stronghold[area])
        ok = answers.get(kind)
        if ok is None:
            ok = answers[kind] = takes_landing(here[0], occupied)
        if ok:
            out.update(here)
        else:
            out.difference_update(here)
    if exclude != NOBODY:
        out.difference_update(b.area_pieces[b.piece_area[exclude]])
    if s.race[seat] == SOL:
        zone = sol_zone(ctx, s)
        out = {piece for piece in out if b.piece_area[piece] in zone}
    return tuple(sorted(out))


NOBODY_ANYWHERE: dict[int, frozenset[int]] = {}  # the seats by area of an empty board


def landing_areas(ctx: Ctx, s: Fields, seat: int, exclude: int = NOBODY) -> Iterator[tuple[int, ...]]:
    """§9.4: the open pieces of each area ``landing_targets`` offers, area by area (lazily, so that a
    caller asking whether there is any stops at the first)."""
    zone = sol_zone(ctx, s) if s.race[seat] == SOL else None
    b = ctx.b
    left = b.piece_area[exclude] if exclude != NOBODY else NOBODY
    occupied = _occupants(ctx, s)
    # Past the sector check the answer is the same for every piece of an area, and it depends only
    # on who is there, whether it is the Council and whether it is a stronghold (may_end_in,
    # landing_cost): asked once for each such kind of area (all empty areas but the Council alike).
    answers: dict[tuple[frozenset[int], bool, bool], bool] = {}
    council, stronghold, influence = b.council, b.stronghold, s.influence[seat]
    for area, pieces in enumerate(b.open_area_pieces[s.fleet]):
        if not pieces or area == left or (zone is not None and area not in zone):
            continue
        kind = (occupied.get(area, NOBODY_THERE), area == council, stronghold[area])
        ok = answers.get(kind)
        if ok is None:
            ok = answers[kind] = may_end_in(ctx, s, seat, pieces[0], occupied) and (
                landing_cost(ctx, s, seat, pieces[0], 1, occupied) <= influence
            )
        if ok:
            yield pieces


def hacan_may_cross(ctx: Ctx, s: Fields, seat: int) -> bool:
    """§18 (``hacan_cross_landing``, GAPS D10): the Hacan may cross-land or withdraw instead of landing
    from reserves."""
    return s.race[seat] == HACAN and ctx.config.hacan_cross_landing


def ally_may_cross(ctx: Ctx, s: Fields, seat: int) -> int:
    """§18 (Hacan ally card [Dune]): an ally of the Hacan may cross-land (not withdraw), with the
    Hacan's consent (§13.3); the Hacan seat, or NOBODY."""
    hacan = seat_of_race(s, HACAN)
    if hacan == NOBODY or not allied(s, seat, hacan) or not ctx.config.hacan_cross_landing:
        return NOBODY
    return NOBODY if CROSS_LANDING in s.refused else hacan


def _own_open_pieces(ctx: Ctx, s: Fields, seat: int) -> tuple[int, ...]:
    return tuple(st[0] for st in s.stacks if st[1] == seat and not ctx.b.is_blocked(st[0], s.fleet))


def landing_choices(ctx: Ctx, s: Fields, seat: int) -> list[tuple[int, int]]:
    """§9.4 first decision: (mode, piece): land from reserves there; or, for the Hacan (§18), cross-
    land from there or withdraw from there."""
    from_reserves, moves = landing_options(ctx, s, seat)
    return [*zip(repeat(FROM_RESERVES), from_reserves), *moves]


def landing_options(ctx: Ctx, s: Fields, seat: int) -> tuple[tuple[int, ...], list[tuple[int, int]]]:
    """§9.4, §18: ``landing_choices`` in two parts: the pieces to land in from reserves, then the (mode,
    piece) of the Hacan's cross-landings and withdrawals (the engine makes each part's actions its
    own way: a landing turn offers dozens of pieces)."""
    out: list[tuple[int, int]] = []
    targets = landing_targets(ctx, s, seat)
    from_reserves = targets if s.reserves[seat] + s.reserves_mech[seat] else ()
    hacan = hacan_may_cross(ctx, s, seat)
    if hacan or ally_may_cross(ctx, s, seat) != NOBODY:
        area = ctx.b.piece_area
        for origin in _own_open_pieces(ctx, s, seat):
            # a cross-landing needs a target outside the origin's area (``exclude`` below)
            if any(area[p] != area[origin] for p in targets):
                out.append((CROSS, origin))
            if hacan and s.influence[seat] >= 1:
                out.append((WITHDRAW, origin))
    return from_reserves, out


def may_land(ctx: Ctx, s: Fields, seat: int) -> bool:
    """§9.4: whether ``landing_choices`` offers anything (the first landing target found is enough)."""
    if s.reserves[seat] + s.reserves_mech[seat] and next(landing_areas(ctx, s, seat), None) is not None:
        return True
    if hacan_may_cross(ctx, s, seat) or ally_may_cross(ctx, s, seat) != NOBODY:
        return bool(landing_choices(ctx, s, seat))
    return False


def begin_landing_step(ctx: Ctx, d: Draft, out: Events) -> None:
    """§9.1, §9.4: after the movement step comes the landing step (skipped when the player cannot land)."""
    seat = d.turn_seat
    d.actor = seat
    d.origin = NOBODY
    if may_land(ctx, d, seat):
        d.step = LAND_TO
        return
    end_turn(ctx, d, out)


def resolve_land_choice(ctx: Ctx, d: Draft, seat: int, mode: int, piece: int, out: Events) -> None:
    """§9.4, §18: where to land from reserves, or (Hacan) which group to cross-land or withdraw — an
    ally's cross-landing waits for the Hacan's consent (§13.3)."""
    d.landing_mode = mode
    if mode == FROM_RESERVES:
        d.target = piece
        d.step = LAND_COUNT
    elif mode == CROSS:
        hacan = ally_may_cross(ctx, d, seat)
        if hacan != NOBODY:  # an ally's cross-landing waits for the Hacan's consent (§13.3)
            ask(ctx, d, seat, hacan, CROSS_LANDING, (piece,), out)
            return
        d.origin = piece
        d.step = CROSS_TO
    else:
        d.origin = piece
        d.step = LAND_COUNT


def after_cross_consent(ctx: Ctx, d: Draft, seat: int, origin: int, out: Events) -> None:
    """§13.3, §18 (Hacan cross-landing ally advantage [Dune]): the Hacan agreed (the ally picks where
    to), or refused (he chooses his landing again)."""
    if origin != NOBODY:
        d.origin = origin
        d.step = CROSS_TO
        return
    begin_landing_step(ctx, d, out)


def resolve_skip_landing(ctx: Ctx, d: Draft, seat: int, out: Events) -> None:
    """§9.1: the landing step may be skipped (or, after a landing, ended)."""
    end_turn(ctx, d, out)


def resolve_cross_to(ctx: Ctx, d: Draft, seat: int, target: int, out: Events) -> None:
    """§18 (Hacan cross-landing [Dune]): the area the cross-landing units go to; the count follows."""
    d.target = target
    d.step = LAND_COUNT


def withdraw_cost(units: int) -> int:
    """§18 (Hacan) [Dune]: 1 influence per 2 units withdrawn, rounded up (E24)."""
    return (units + 1) // 2


def legal_land_counts(ctx: Ctx, s: Fields, seat: int) -> list[tuple[int, int]]:
    """§9.4: at least one unit, no more than he has and can pay for [guess]."""
    if s.landing_mode == FROM_RESERVES:
        units, mech, piece = s.reserves[seat], s.reserves_mech[seat], s.target
    else:
        (units, mech), piece = units_of(s.stacks, s.origin, seat), s.target
    out = []
    # landing_cost is the rate of the target times the units, then the discount: the rate is the
    # same for every count, so it is found once
    withdraw, free = s.landing_mode == WITHDRAW, s.race[seat] == SOL
    rate = 0 if withdraw or free else landing_rate(ctx, s, seat, piece)
    half = pays_half(ctx, s, seat)
    influence = s.influence[seat]
    for m in range(mech + 1):
        for u in range(units + 1):
            if not u + m:
                continue
            if withdraw:
                cost = withdraw_cost(u + m)
            else:
                cost = rate * (u + m)
                cost = (cost + 1) // 2 if half else cost
            if cost <= influence:
                out.append((u, m))
    return out


def resolve_land_count(ctx: Ctx, d: Draft, seat: int, units: int, mech: int, out: Events) -> None:
    """§9.4: the units land and the cost is paid (to the Hacan or the pool); then the Xxcha may send
    an envoy to the Galactic Council (§18).  A race ability the landing depends on may first be
    cancelled by a Diplomatic Interference (§17, GAPS C5)."""
    ability, owner = landing_ability(ctx, d, seat, units + mech)
    cost = landing_price(ctx, d, seat, units + mech)
    if ability and interference_window(ctx, d, ability, owner, (seat, units, mech, cost), out):
        return
    land(ctx, d, seat, units, mech, "", out)


def landing_price(ctx: Ctx, s: Fields, seat: int, count: int) -> int:
    """§9.4, §18: the price of landing ``count`` units at the chosen target, or of a Hacan withdrawal."""
    if s.landing_mode == WITHDRAW:
        return withdraw_cost(count)
    return landing_cost(ctx, s, seat, s.target, count)


def landing_ability(ctx: Ctx, s: Fields, seat: int, count: int) -> tuple[str, int]:
    """§18: the race ability this landing uses, and whose it is ("" when none): the Hacan's cross-
    landing or withdrawal, the Hacan's half price, the Sol's free landing, or the Hacan's fee from
    another player."""
    race = s.race[seat]
    if race == HACAN and s.landing_mode != FROM_RESERVES:
        return HACAN_CROSS, seat
    if race == SOL:
        return SOL_LANDING, seat
    full = landing_rate(ctx, s, seat, s.target) * count
    if race == HACAN and ctx.config.hacan_half_price and landing_cost(ctx, s, seat, s.target, count) < full:
        return HACAN_HALF_PRICE, seat
    receiver = fee_receiver(ctx, s, seat)
    if receiver != NOBODY and landing_cost(ctx, s, seat, s.target, count) > 0:
        return HACAN_FEES, receiver
    return "", NOBODY


def land(ctx: Ctx, d: Draft, seat: int, units: int, mech: int, cancelled: str, out: Events) -> None:
    """§9.4: carry out the landing, with the race ability ``cancelled`` (§17, E26): a cancelled
    cross-landing, withdrawal or Sol landing does not happen; a Hacan without his half price pays
    the full price for as many units as he can; a cancelled fee goes to the pool."""
    if cancelled in (HACAN_CROSS, SOL_LANDING):
        continue_landing(ctx, d, out)
        return
    b = ctx.b
    mode = d.landing_mode
    if mode == WITHDRAW:
        cost = withdraw_cost(units + mech)
        d.stacks = add_units(d.stacks, d.origin, seat, -units, -mech)
        d.set_seat("reserves", seat, d.reserves[seat] + units)
        d.set_seat("reserves_mech", seat, d.reserves_mech[seat] + mech)
        d.set_seat("influence", seat, d.influence[seat] - cost)
        d.pool += cost
        out.append(
            UnitsWithdrawn(seat=seat, piece=b.piece_ids[d.origin], units=units, mechanized=mech, cost=cost)
        )
        after_landing(ctx, d, seat, False, out)
        return
    cost = landing_cost(ctx, d, seat, d.target, units + mech)
    if cancelled == HACAN_HALF_PRICE:
        rate = landing_rate(ctx, d, seat, d.target)
        units = min(units, d.influence[seat] // rate)  # the Hacan have no mechanized units
        cost = rate * units
        if not units:
            continue_landing(ctx, d, out)
            return
    receiver = NOBODY if cancelled == HACAN_FEES else fee_receiver(ctx, d, seat)
    d.set_seat("influence", seat, d.influence[seat] - cost)
    if receiver == NOBODY:
        d.pool += cost
    else:
        d.set_seat("influence", receiver, d.influence[receiver] + cost)
    if mode == CROSS:
        d.stacks = add_units(d.stacks, d.origin, seat, -units, -mech)
    else:
        d.set_seat("reserves", seat, d.reserves[seat] - units)
        d.set_seat("reserves_mech", seat, d.reserves_mech[seat] - mech)
    d.stacks = add_units(d.stacks, d.target, seat, units, mech)
    out.append(
        UnitsLanded(
            seat=seat,
            piece=b.piece_ids[d.target],
            units=units,
            mechanized=mech,
            cost=cost,
            paid_to=None if receiver == NOBODY else receiver,
            origin=b.piece_ids[d.origin] if mode == CROSS else None,
        )
    )
    envoy = mode == FROM_RESERVES or ctx.config.cross_landing_triggers_xxcha
    after_landing(ctx, d, seat, envoy, out)


def envoy_possible(ctx: Ctx, s: Fields, lander: int) -> int:
    """§18 (Xxcha) [Rex: S7, S13]: the Xxcha seat that may now send an envoy, or NOBODY."""
    xxcha = seat_of_race(s, XXCHA)
    if xxcha in (NOBODY, lander) or not s.reserves[xxcha]:
        return NOBODY
    if allied(s, lander, xxcha) and not ctx.config.xxcha_envoy_for_allies:
        return NOBODY
    return xxcha


def after_landing(ctx: Ctx, d: Draft, seat: int, envoy: bool, out: Events) -> None:
    """§9.4, §18: after a landing the Xxcha may put a free unit on the Galactic Council (envoy);
    otherwise the landing step goes on."""
    d.landings_made += 1
    xxcha = envoy_possible(ctx, d, seat) if envoy else NOBODY
    if xxcha != NOBODY:
        d.step = ENVOY
        d.actor = xxcha
        return
    continue_landing(ctx, d, out)


def continue_landing(ctx: Ctx, d: Draft, out: Events) -> None:
    """After a landing: the turn ends, or with ``landing_single_destination`` off the player may
    land again elsewhere (GAPS E3)."""
    d.origin = NOBODY
    d.target = NOBODY
    if ctx.config.landing_single_destination:
        end_turn(ctx, d, out)
        return
    begin_landing_step(ctx, d, out)


def resolve_envoy(ctx: Ctx, d: Draft, seat: int, send: bool, out: Events) -> None:
    """§18 (Xxcha): one unit from reserves onto the Galactic Council, free (allies may share it);
    a Diplomatic Interference may cancel it first (§17, C5)."""
    if send and interference_window(ctx, d, XXCHA_ENVOY, seat, (), out):
        return
    place_envoy(ctx, d, not send, out)


def place_envoy(ctx: Ctx, d: Draft, cancelled: bool, out: Events) -> None:
    """§9.4, §18 (Xxcha): the Xxcha's free unit goes from his reserves to the Galactic Council, unless
    Diplomatic Interference cancelled it (E26)."""
    seat = seat_of_race(d, XXCHA)
    if not cancelled:
        council = ctx.b.area_pieces[ctx.b.council][0]
        d.stacks = add_units(d.stacks, council, seat, 1)
        d.set_seat("reserves", seat, d.reserves[seat] - 1)
    out.append(EnvoySent(seat=seat, sent=not cancelled))
    d.actor = d.turn_seat
    continue_landing(ctx, d, out)
