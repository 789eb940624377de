"""RULES §12 Phase 7 — Bombardment: the Sol fleet moves and destroys what is unprotected.

The first player reveals a bombardment card; the fleet moves that many sectors toward higher numbers
(18 wraps to 1); in every sector it enters, including the last, units and influence in unshielded
areas are destroyed (the Sol lose only half, rounded up [Dune]); it stops there (the new bombarded
sector); the card is shuffled back; the first player token passes to the left.  Then the round ends.
"""

from __future__ import annotations

from turncoat.core import rng
from turncoat.games.rex.components import SOL
from turncoat.games.rex.context import Ctx, Events
from turncoat.games.rex.events import (
    BombardmentCardRevealed,
    FirstPlayerPassed,
    FleetSabotaged,
    FleetStopped,
    PhaseStarted,
    SectorBombarded,
)
from turncoat.games.rex.phases.cards import BOMBARDMENT as WINDOW
from turncoat.games.rex.phases.cards import open_window
from turncoat.games.rex.state import (
    BOMBARDMENT,
    NOBODY,
    Draft,
    State,
    add_influence,
    add_units,
    seat_of_race,
)

RULE = "RULES §12"


def shielded(ctx: Ctx, s: State | Draft, area: int) -> bool:
    """§3.2, §12: a shielded area keeps its protection unless the shield it depends on is destroyed
    (the Destroyed Shield token, ``shield_depends_on_generator``)."""
    b = ctx.b
    return b.shielded[area] and not (s.shield_destroyed and b.shield_depends_on_generator[area])


def sol_losses(units: int) -> int:
    """§12 step 2 (E24) [Dune]: the Sol lose half, rounded up."""
    return (units + 1) // 2


def hit_sector(ctx: Ctx, d: Draft, sector: int, sol_exposed: dict[int, int], out: Events) -> None:
    """§12 step 2: everything in the unshielded areas of one sector is destroyed (the fleet hits all
    areas of a sector, not single areas [seed]; which pieces that is follows ``sector_model``)."""
    b, config = ctx.b, ctx.config
    # E26: a Diplomatic Interference played at the window cancels the Sol's resistance (C5).
    resists = config.sol_bombardment_half_losses and not d.sol_resistance_cancelled
    sol = seat_of_race(d, SOL) if resists else NOBODY
    losses: list[tuple[int, int, int]] = []
    influence = 0
    by_area: dict[int, list[int]] = {}
    # Only pieces with units or influence in them lose anything (nothing is added while they are hit)
    hit = {st[0] for st in d.stacks} | {p for p, _ in d.board_influence}
    for piece in sorted(b.blocked[sector] & hit):
        by_area.setdefault(b.piece_area[piece], []).append(piece)
    for area, pieces in sorted(by_area.items()):
        if shielded(ctx, d, area):
            continue
        sol_here = 0
        for piece in pieces:
            for _, seat, units, mech in [st for st in d.stacks if st[0] == piece]:
                if seat == sol:
                    sol_here += units
                    sol_exposed[piece] = units  # hit again (an area in two sectors): the same units
                    continue
                d.stacks = add_units(d.stacks, piece, seat, -units, -mech)
                d.set_seat("casualties", seat, d.casualties[seat] + units)
                d.set_seat("casualties_mech", seat, d.casualties_mech[seat] + mech)
                losses.append((seat, units, mech))
            here = sum(a for p, a in d.board_influence if p == piece)
            if here:
                d.board_influence = add_influence(d.board_influence, piece, -here)
                d.pool += here
                influence += here
        if sol_here and config.sol_half_losses_scope == "per_area":
            lost = _remove_sol(d, sol, sol_exposed, sol_losses(sol_here))
            sol_exposed.clear()
            losses.append((sol, lost, 0))
    out.append(SectorBombarded(sector=sector, losses=tuple(sorted(losses)), influence=influence))


def _remove_sol(d: Draft, sol: int, exposed: dict[int, int], count: int) -> int:
    """Take ``count`` Sol units from the exposed pieces, in the order they were hit."""
    lost = 0
    for piece, units in exposed.items():
        take = min(units, count - lost)
        if take:
            d.stacks = add_units(d.stacks, piece, sol, -take)
            lost += take
    d.set_seat("casualties", sol, d.casualties[sol] + lost)
    return lost


def pinned_on_top(ctx: Ctx, deck: tuple[int, ...], rnd: int) -> tuple[int, ...]:
    """§12 step 1: a scenario's card for round ``rnd`` (``bombardment_draws``) goes on top of the
    shuffled deck, so a hand-written record does not depend on the RNG."""
    sc = ctx.config.scenario
    draws = sc.bombardment_draws if sc is not None else None
    if not draws or rnd > len(draws) or draws[rnd - 1] not in deck:
        return deck
    value = draws[rnd - 1]
    rest = list(deck)
    rest.remove(value)
    return (*rest, value)


def bombardment_phase(ctx: Ctx, d: Draft, out: Events) -> None:
    """§12: first the window for the fleet sabotage, shield-destroying and Diplomatic Interference
    cards (§17), then the fleet moves."""
    d.step = BOMBARDMENT
    out.append(PhaseStarted(phase="bombardment"))
    if open_window(ctx, d, WINDOW, out):
        return
    move_fleet(ctx, d, out)


def move_fleet(ctx: Ctx, d: Draft, out: Events) -> None:
    """§12 steps 1-5, then the end of the round (§5, §14).  With the fleet sabotage card (C6) the
    fleet moves the chosen number of sectors and no bombardment card is revealed."""
    from turncoat.games.rex.phases.victory import end_of_round  # the round's last step

    d.step = BOMBARDMENT
    d.actor = NOBODY
    sabotaged = d.fleet_mover != NOBODY
    if sabotaged:
        value = d.fleet_sectors
        out.append(FleetSabotaged(seat=d.fleet_mover, sectors=value))
    else:
        *rest, value = d.bombardment_deck
        out.append(BombardmentCardRevealed(value=value))
    sol_exposed: dict[int, int] = {}
    count = ctx.b.sector_count
    for step in range(1, value + 1):
        hit_sector(ctx, d, (d.fleet - 1 + step) % count + 1, sol_exposed, out)
    if sol_exposed:  # ``sol_half_losses_scope`` = per_sweep: half of all the Sol units hit
        sol = seat_of_race(d, SOL)
        total = sum(sol_exposed.values())
        lost = _remove_sol(d, sol, sol_exposed, sol_losses(total))
        out.append(SectorBombarded(sector=0, losses=((sol, lost, 0),), influence=0))
    d.fleet = (d.fleet - 1 + value) % count + 1
    out.append(FleetStopped(sector=d.fleet))
    if not sabotaged:
        d.bombardment_deck, d.rng = rng.shuffle(d.seed, d.rng, (*rest, value))
    d.bombardment_deck = pinned_on_top(ctx, d.bombardment_deck, d.round + 1)
    d.fleet_mover = NOBODY
    d.fleet_sectors = -1
    d.sol_resistance_cancelled = False
    d.first_player = (d.first_player + 1) % d.players
    out.append(FirstPlayerPassed(first_player=d.first_player))
    end_of_round(ctx, d, out)
