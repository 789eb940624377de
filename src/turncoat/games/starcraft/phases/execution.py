"""The Execution phase (RULES §9): in turn, each seat reveals one of its orders on top of a stack
and executes it or takes the event option; a seat with orders on the board but none on top is
obstructed and draws an event card; a seat with none left is skipped.  When no order is left,
Regrouping (§14) begins.

The turn structure is the seam combat returns to: an order is over when the state is at
``STEP_EXECUTION`` with ``actor == NOBODY`` (docs/starcraft.md, "The combat seam"), and
``end_order`` then returns the token and passes the turn.
"""

from __future__ import annotations

import msgspec

from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.context import Ctx, Events
from turncoat.games.starcraft.events import Obstructed, OrderDiscarded, OrderRevealed, PieceDestroyed
from turncoat.games.starcraft.phases import build, event_cards, mobilize, planning, research
from turncoat.games.starcraft.state import (
    DESTROY,
    EXECUTE_OR_EVENT,
    NOBODY,
    STEP_EXECUTION,
    ActiveOrder,
    Route,
    State,
    with_area,
    with_seat,
)

RULE_EXECUTION = "RULES §9"


def stack_tops(state: State) -> dict[str, int]:
    """§9: the owner of the top order of every non-empty stack, by planet."""
    return {planet: tokens[-1].owner for planet, tokens in state.stacks if tokens}


def _pop(state: State, planet: str) -> tuple[State, ActiveOrder]:
    stacks = dict(state.stacks)
    token = stacks[planet][-1]
    stacks[planet] = stacks[planet][:-1]
    kept = tuple((p, t) for p, t in sorted(stacks.items()) if t)
    return msgspec.structs.replace(state, stacks=kept), ActiveOrder(planet, token)


def _to_supply(state: State, order: ActiveOrder) -> State:
    p = state.seat(order.token.owner)
    return with_seat(state, order.token.owner, msgspec.structs.replace(p, orders=(*p.orders, order.token)))


def discard_eliminated_tops(ctx: Ctx, state: State, events: Events) -> State:
    """§9, §16.4, §21.4 ``eliminated_orders_removed=immediately``: an eliminated player's order is
    discarded as soon as it is on top of its stack, so it never obstructs anyone."""
    if ctx.config.eliminated_orders_removed != "immediately":
        return state
    changed = True
    while changed:
        changed = False
        for planet, owner in stack_tops(state).items():
            if state.seat(owner).eliminated:
                state, order = _pop(state, planet)
                state = _to_supply(state, order)
                events.append(OrderDiscarded(seat=owner, planet=planet))
                changed = True
    return state


def next_turn(ctx: Ctx, state: State, start: int, events: Events) -> State:
    """§9: from seat ``start`` clockwise, the next seat with a visible order of its own takes its
    turn; seats with no order on the board are skipped, obstructed ones draw an event card.  With
    no order left, Regrouping begins."""
    n = state.players
    seat = start % n
    while planning.orders_on_board(state):
        mine = planning.orders_on_board(state, seat)
        tops = stack_tops(state)
        if mine and state.seat(seat).eliminated:
            # §21.4 eliminated_orders_removed=when_reached: its turn discards one top order
            planet = next((p for p, o in sorted(tops.items()) if o == seat), None)
            if planet is not None:
                state, order = _pop(state, planet)
                state = _to_supply(state, order)
                events.append(OrderDiscarded(seat=seat, planet=planet))
        elif mine and seat in tops.values():
            return msgspec.structs.replace(state, step=STEP_EXECUTION, actor=seat)
        elif mine:
            events.append(Obstructed(seat=seat))
            state = event_cards.draw_event(ctx, state, seat, events)
        seat = (seat + 1) % n
    from turncoat.games.starcraft.phases import regrouping  # the next phase

    return regrouping.begin_regrouping(ctx, state, events)


def begin_execution(ctx: Ctx, state: State, events: Events) -> State:
    """§7, §9: Execution starts with the first player."""
    state = discard_eliminated_tops(ctx, state, events)
    return next_turn(ctx, state, state.first_player, events)


def legal_reveals(ctx: Ctx, state: State) -> tuple[str, ...]:
    """§9: the planets whose top order is the actor's (it must take one: no passing)."""
    return tuple(sorted(p for p, owner in stack_tops(state).items() if owner == state.actor))


def resolve_reveal(ctx: Ctx, state: State, planet: str, events: Events) -> State:
    """§9: the top order of that stack is turned face up; the actor executes it or takes the
    event option next."""
    state, order = _pop(state, planet)
    return msgspec.structs.replace(state, active_order=order, step=EXECUTE_OR_EVENT)


def resolve_execute_or_event(ctx: Ctx, state: State, execute: bool, events: Events) -> State:
    """§9: execute the revealed order (§10), or discard it without effect and draw an event card."""
    order = state.active_order
    assert order is not None
    seat, token = order.token.owner, order.token
    events.append(
        OrderRevealed(
            seat=seat, planet=order.planet, kind=token.kind, special=token.special, executed=execute
        )
    )
    if not execute:
        state = event_cards.draw_event(ctx, state, seat, events)
        return end_order(ctx, state, events)
    if token.kind == "build":
        return build.begin_build(ctx, state, events)
    if token.kind == "mobilize":
        return mobilize.begin_mobilize(ctx, state, events)
    return research.begin_research(ctx, state, events)


def end_order(ctx: Ctx, state: State, events: Events) -> State:
    """§9, §16.4: the executed order's token returns to its owner's supply, a seat left with no
    units and no bases is eliminated (the last one standing wins), and the turn passes clockwise
    (also where a battle hands back, at ``STEP_EXECUTION`` with nobody to act)."""
    from turncoat.games.starcraft.phases import regrouping, victory  # eliminations, §16.4

    order = state.active_order
    assert order is not None
    state = _to_supply(state, order)
    state = msgspec.structs.replace(
        state, active_order=None, build=None, mobilize=None, actor=NOBODY, step=STEP_EXECUTION
    )
    # §16.4: a battle may have left a seat with no units and no bases: it is out at once
    state = regrouping.check_eliminations(ctx, state, events)
    if winners := victory.elimination_victory(ctx, state):
        return victory.game_over(ctx, state, winners, "elimination", events)
    if victory.nobody_left(state):
        return victory.game_over(ctx, state, (), victory.NO_WINNER, events)
    state = discard_eliminated_tops(ctx, state, events)
    return next_turn(ctx, state, order.token.owner + 1, events)


# -- §9: voluntary destruction --------------------------------------------------------------------------


def legal_destructions(ctx: Ctx, state: State) -> tuple[A.DestroyPiece, ...]:
    """§9 [EN p.40]: the actor's own units (one per kind and area), bases and transports; offered at
    the start of its turn, never during a battle (a RULING: not between purchases or moves)."""
    seat = state.actor
    out: list[A.DestroyPiece] = []
    for area in state.areas:
        out += [
            A.DestroyPiece("unit", area.id, k)
            for k in sorted({u.kind for u in area.units if u.owner == seat})
        ]
        if area.base == seat:
            out.append(A.DestroyPiece("base", area.id))
    out += [A.DestroyPiece("transport", str(r.id)) for r in state.routes if seat in r.transports]
    return tuple(out)


def can_destroy(ctx: Ctx, state: State) -> bool:
    """§9: whether voluntary destruction is offered: the actor has a unit, a base or a transport
    (``legal_destructions`` is not empty), found without listing every piece."""
    seat = state.actor
    return any(area.base == seat or any(u.owner == seat for u in area.units) for area in state.areas) or any(
        seat in r.transports for r in state.routes
    )


def resolve_destroy(ctx: Ctx, state: State, piece: A.DestroyPiece | None, events: Events) -> State:
    """§9, §16.4: the piece goes back to its owner's supply; a seat left with no units and no bases
    is eliminated at once (its turn ends; the last one standing wins).  None: nothing destroyed."""
    from turncoat.games.starcraft.phases import regrouping, victory  # eliminations, §16.4

    seat = state.actor
    state = msgspec.structs.replace(state, step=STEP_EXECUTION)
    if piece is None:
        return state
    if piece.piece == "transport":
        rid = int(piece.place)
        state = msgspec.structs.replace(
            state,
            routes=tuple(
                Route(r.id, r.kind, r.ends, tuple(t for t in r.transports if t != seat)) if r.id == rid else r
                for r in state.routes
            ),
        )
    else:
        area = state.area(piece.place)
        if piece.piece == "base":
            area = msgspec.structs.replace(area, base=NOBODY)
        else:
            units = list(area.units)
            units.remove(next(u for u in units if u.owner == seat and u.kind == piece.unit))
            area = msgspec.structs.replace(area, units=tuple(units))
        state = with_area(state, area)
    events.append(PieceDestroyed(seat=seat, piece=piece.piece, place=piece.place, unit=piece.unit))
    if piece.piece == "base":
        state = regrouping.destroy_cut_off_transports_now(ctx, state, events)
    state = regrouping.check_eliminations(ctx, state, events)
    if winners := victory.elimination_victory(ctx, state):
        return victory.game_over(ctx, state, winners, "elimination", events)
    if victory.nobody_left(state):
        return victory.game_over(ctx, state, (), victory.NO_WINNER, events)
    if state.seat(seat).eliminated:
        state = discard_eliminated_tops(ctx, msgspec.structs.replace(state, actor=NOBODY), events)
        return next_turn(ctx, state, seat + 1, events)
    return state


def begin_destruction(ctx: Ctx, state: State, events: Events) -> State:
    """§9: the actor chooses the piece to destroy next."""
    return msgspec.structs.replace(state, step=DESTROY)
