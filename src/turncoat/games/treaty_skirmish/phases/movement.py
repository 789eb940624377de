"""Move/Attack (RULES §6.4): activate a system, bring ships in from adjacent systems, fight any
enemy there, and take control when only your ships remain."""

from __future__ import annotations

import msgspec

from turncoat.core.errors import IllegalAction
from turncoat.games.treaty_skirmish.context import Ctx, Events
from turncoat.games.treaty_skirmish.events import ControlTaken, ShipsMoved, SystemActivated
from turncoat.games.treaty_skirmish.phases import combat, turns
from turncoat.games.treaty_skirmish.phases.table import (
    has_token,
    hostile_garrison,
    other_ships,
    set_at,
    with_ships,
    with_token,
)
from turncoat.games.treaty_skirmish.state import ACTION, MOVE_SHIPS, Move, State

RULE_MOVE = "RULES §6.4 (Move/Attack)"


def sources(ctx: Ctx, s: State, seat: int, target: int) -> tuple[int, ...]:
    """§6.4: the systems adjacent to ``target`` that hold ``seat``'s ships and none of its tokens."""
    return tuple(
        a for a in ctx.board.systems[target].adjacent if s.ships[a][seat] > 0 and not has_token(s, a, seat)
    )


def targets(ctx: Ctx, s: State, seat: int) -> tuple[int, ...]:
    """§6.4: the systems ``seat`` may activate to move in: none of its tokens there yet, and at
    least one ship able to come (an activation nothing can answer is refused as pointless)."""
    if s.tokens[seat] <= 0:
        return ()
    return tuple(
        t for t in range(len(ctx.board.systems)) if not has_token(s, t, seat) and sources(ctx, s, seat, t)
    )


def resolve_move_attack(ctx: Ctx, s: State, seat: int, target: int, events: Events) -> State:
    """§6.4: spend a token to activate ``target``; then each adjacent source says how many come."""
    if s.step != ACTION or target not in targets(ctx, s, seat):
        raise IllegalAction("you cannot move into that system now", code="bad_target", rule=RULE_MOVE)
    s = with_token(s, target, seat)
    events.append(SystemActivated(seat=seat, system=ctx.board.systems[target].id, purpose="move"))
    move = Move(target=target, sources=sources(ctx, s, seat, target))
    return msgspec.structs.replace(s, step=MOVE_SHIPS, actor=seat, move=move)


def count_range(s: State, seat: int) -> tuple[int, int]:
    """§6.4: from the source being asked, 0 to all of its ships; at least one ship must come in
    all, so the last source gives at least 1 when none came before."""
    move = s.move
    assert move is not None
    source = move.sources[move.asked]
    last = move.asked == len(move.sources) - 1
    low = 1 if last and not move.moved else 0
    return low, s.ships[source][seat]


def resolve_move_ships(ctx: Ctx, s: State, seat: int, source: int, count: int, events: Events) -> State:
    """§6.4: ``count`` ships come from ``source``; when every source has answered, they arrive."""
    move = s.move
    if s.step != MOVE_SHIPS or move is None or move.sources[move.asked] != source:
        raise IllegalAction("ships come from the source being asked", code="bad_source", rule=RULE_MOVE)
    low, high = count_range(s, seat)
    if not low <= count <= high:
        raise IllegalAction(f"move {low} to {high} ships from there", code="bad_count", rule=RULE_MOVE)
    moved = move.moved
    if count:
        ships = with_ships(s, source, seat, -count)
        s = msgspec.structs.replace(s, ships=ships)
        s = msgspec.structs.replace(s, ships=with_ships(s, move.target, seat, count))
        systems = ctx.board.systems
        events.append(
            ShipsMoved(seat=seat, source=systems[source].id, target=systems[move.target].id, count=count)
        )
        moved = (*moved, (source, count))
    move = msgspec.structs.replace(move, asked=move.asked + 1, moved=moved)
    s = msgspec.structs.replace(s, move=move)
    if move.asked < len(move.sources):
        return s
    return arrive(ctx, s, seat, events)


def arrive(ctx: Ctx, s: State, seat: int, events: Events) -> State:
    """§6.4: enemy ships or a hostile garrison there means combat; otherwise control."""
    move = s.move
    assert move is not None
    target = move.target
    came_from = tuple(src for src, _ in move.moved)
    s = msgspec.structs.replace(s, move=None)
    defender, _ = other_ships(s, target, seat)
    if defender < 0 and hostile_garrison(s, target, seat):
        defender = s.control[target]
    if defender >= 0:
        return combat.start_combat(ctx, s, target, seat, defender, came_from, events)
    s = take_control(ctx, s, target, seat, events)
    return turns.after_action(ctx, s, events)


def take_control(ctx: Ctx, s: State, system: int, seat: int, events: Events) -> State:
    """§6.4: only your ships remain, with no enemy ships and no hostile garrison: you take
    control (a captured Home's garrison, already destroyed, serves you from the next Income)."""
    previous = s.control[system]
    if previous == seat:
        return s
    events.append(ControlTaken(seat=seat, system=ctx.board.systems[system].id, previous=previous))
    return msgspec.structs.replace(s, control=set_at(s.control, system, seat))
