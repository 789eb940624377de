"""Combat (RULES §6.4): both sides roll a d6 per ship (and per garrison point) at once, 5–6
hits; each hit removes one opposing ship or garrison point, its owner choosing which; between
rounds the attacker may retreat to a system it came from."""

from __future__ import annotations

import msgspec

from turncoat.core.errors import IllegalAction
from turncoat.games.treaty_skirmish.context import Ctx, Events
from turncoat.games.treaty_skirmish.events import (
    CombatEnded,
    CombatStarted,
    DiceRolled,
    HitsTaken,
    PlayerEliminated,
    Retreated,
)
from turncoat.games.treaty_skirmish.phases import movement, turns
from turncoat.games.treaty_skirmish.phases.table import (
    controls_anything,
    hostile_garrison,
    roll,
    set_at,
    ships_of,
    with_ships,
)
from turncoat.games.treaty_skirmish.state import ASSIGN_HITS, NOBODY, RETREAT, Combat, State

RULE_COMBAT = "RULES §6.4 (combat)"
RULE_HITS = "RULES §6.4 (hits: its owner chooses which)"
RULE_RETREAT = "RULES §6.4 (retreat between rounds)"


def hits(ctx: Ctx, dice: tuple[int, ...]) -> int:
    """§6.4: each die showing 5 or 6 is a hit."""
    return sum(1 for d in dice if d >= ctx.n.hit_on)


def defender_units(s: State, c: Combat) -> tuple[int, int]:
    """§6.4: the defender's ships and garrison points (each rolls like a ship) in the system."""
    return s.ships[c.system][c.defender], hostile_garrison(s, c.system, c.attacker)


def start_combat(
    ctx: Ctx, s: State, system: int, attacker: int, defender: int, came_from: tuple[int, ...], events: Events
) -> State:
    """§6.4: enemy ships or a hostile garrison where the attacker arrived: fight."""
    events.append(CombatStarted(system=ctx.board.systems[system].id, attacker=attacker, defender=defender))
    c = Combat(system=system, attacker=attacker, defender=defender, sources=came_from)
    return fight_round(ctx, msgspec.structs.replace(s, combat=c), events)


def fight_round(ctx: Ctx, s: State, events: Events) -> State:
    """§6.4: one combat round; both sides roll at once, then both take their hits."""
    c = s.combat
    assert c is not None
    attacking = s.ships[c.system][c.attacker]
    ships, garrison = defender_units(s, c)
    attacker_dice, s = roll(ctx, s, attacking)
    defender_dice, s = roll(ctx, s, ships + garrison)
    scored = hits(ctx, attacker_dice)
    taken = hits(ctx, defender_dice)
    events.append(DiceRolled(seat=c.attacker, dice=attacker_dice, hits=scored))
    events.append(DiceRolled(seat=c.defender, dice=defender_dice, hits=taken))
    # The attacker has ships only, so its losses need no choice.
    lost = min(taken, attacking)
    if lost:
        s = msgspec.structs.replace(s, ships=with_ships(s, c.system, c.attacker, -lost))
    events.append(HitsTaken(seat=c.attacker, system=ctx.board.systems[c.system].id, ships=lost, garrison=0))
    c = msgspec.structs.replace(
        c,
        pending_hits=min(scored, ships + garrison),
        last_attacker_dice=attacker_dice,
        last_defender_dice=defender_dice,
    )
    s = msgspec.structs.replace(s, combat=c)
    low, high = ship_hit_range(s, c)
    if low == high:
        return assign(ctx, s, low, events)
    return msgspec.structs.replace(s, step=ASSIGN_HITS, actor=c.defender)


def ship_hit_range(s: State, c: Combat) -> tuple[int, int]:
    """§6.4: how many of the pending hits may fall on ships (the rest on garrison points)."""
    ships, garrison = defender_units(s, c)
    return max(0, c.pending_hits - garrison), min(c.pending_hits, ships)


def resolve_assign_hits(ctx: Ctx, s: State, seat: int, on_ships: int, events: Events) -> State:
    """§6.4: the defender chooses which of its ships and garrison points the hits remove."""
    c = s.combat
    if s.step != ASSIGN_HITS or c is None or seat != c.defender:
        raise IllegalAction("there are no hits for you to assign", code="no_hits", rule=RULE_HITS)
    low, high = ship_hit_range(s, c)
    if not low <= on_ships <= high:
        raise IllegalAction(f"put {low} to {high} hits on ships", code="bad_hits", rule=RULE_HITS)
    return assign(ctx, s, on_ships, events)


def assign(ctx: Ctx, s: State, on_ships: int, events: Events) -> State:
    """§6.4: each hit removes one ship or garrison point; then, with both sides left, the
    attacker decides between rounds."""
    c = s.combat
    assert c is not None
    on_garrison = c.pending_hits - on_ships
    if on_ships:
        s = msgspec.structs.replace(s, ships=with_ships(s, c.system, c.defender, -on_ships))
    if on_garrison:
        s = msgspec.structs.replace(
            s, garrison=set_at(s.garrison, c.system, s.garrison[c.system] - on_garrison)
        )
    events.append(
        HitsTaken(
            seat=c.defender, system=ctx.board.systems[c.system].id, ships=on_ships, garrison=on_garrison
        )
    )
    c = msgspec.structs.replace(c, pending_hits=0)
    s = msgspec.structs.replace(s, combat=c)
    ships, garrison = defender_units(s, c)
    if s.ships[c.system][c.attacker] and ships + garrison:
        return msgspec.structs.replace(s, step=RETREAT, actor=c.attacker)
    return end_combat(ctx, s, events)


def retreat_destinations(s: State) -> tuple[int, ...]:
    """§6.4: the systems the attacker came from."""
    c = s.combat
    return () if c is None else c.sources


def resolve_fight_on(ctx: Ctx, s: State, seat: int, events: Events) -> State:
    """§6.4: the attacker fights another round."""
    c = s.combat
    if s.step != RETREAT or c is None or seat != c.attacker:
        raise IllegalAction("there is no combat of yours to fight on", code="no_combat", rule=RULE_RETREAT)
    s = msgspec.structs.replace(s, combat=msgspec.structs.replace(c, round=c.round + 1))
    return fight_round(ctx, s, events)


def resolve_retreat(ctx: Ctx, s: State, seat: int, to: int, events: Events) -> State:
    """§6.4: every attacking ship goes back to one system it came from; the defender holds."""
    c = s.combat
    if s.step != RETREAT or c is None or seat != c.attacker:
        raise IllegalAction(
            "there is no combat of yours to retreat from", code="no_combat", rule=RULE_RETREAT
        )
    if to not in c.sources:
        raise IllegalAction("retreat to a system you came from", code="bad_retreat", rule=RULE_RETREAT)
    count = s.ships[c.system][seat]
    s = msgspec.structs.replace(s, ships=with_ships(s, c.system, seat, -count))
    s = msgspec.structs.replace(s, ships=with_ships(s, to, seat, count))
    systems = ctx.board.systems
    events.append(Retreated(seat=seat, source=systems[c.system].id, to=systems[to].id, ships=count))
    events.append(CombatEnded(system=systems[c.system].id, winner=c.defender))
    s = eliminate(msgspec.structs.replace(s, combat=None), events)
    return turns.after_action(ctx, s, events)


def end_combat(ctx: Ctx, s: State, events: Events) -> State:
    """§6.4: the combat is over; if only the attacker's ships remain, it takes control."""
    c = s.combat
    assert c is not None
    s = msgspec.structs.replace(s, combat=None)
    ships, garrison = defender_units(s, c)
    attacker_left = s.ships[c.system][c.attacker]
    winner = c.attacker if attacker_left else (c.defender if ships + garrison else NOBODY)
    events.append(CombatEnded(system=ctx.board.systems[c.system].id, winner=winner))
    if winner == c.attacker:
        s = movement.take_control(ctx, s, c.system, c.attacker, events)
    s = eliminate(s, events)
    return turns.after_action(ctx, s, events)


def eliminate(s: State, events: Events) -> State:
    """GAPS Q8, Q9 (an eliminated player; our reading, RULES §6 is silent): a seat left with no
    ships and no system takes no more actions (it has passed for good)."""
    out = list(s.eliminated)
    passed = list(s.passed)
    for p in range(s.players):
        if not out[p] and ships_of(s, p) == 0 and not controls_anything(s, p):
            out[p] = True
            passed[p] = True
            events.append(PlayerEliminated(seat=p))
    return msgspec.structs.replace(s, eliminated=tuple(out), passed=tuple(passed))
