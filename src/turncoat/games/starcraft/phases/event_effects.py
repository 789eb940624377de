"""The placeholder event deck's invented effects (RULES §17, GAPS §2.6, §3 item 4).

No source gives an event card's text, only the kinds of effect some cards have.  With the
``invented_event_effects`` option each placeholder card does what its ``text`` in the placeholder
pack says (marked invented there, and "placeholder content" wherever it is said), at the timing
§17 gives every event card: it is resolved in Regrouping step 8, and a card that says so stays
face up in its owner's play area until it is used (``KEPT``).  Effects:

- *now*: draw 2 or 3 combat cards (before step 9's hand limit); gain 1 CP (none in Galactic
  Conquest, §19); nothing; move the minor end of a z-axis route (two small decisions: which
  route, by its minor end, then which free slot);
- *kept for the game*: +2 hand limit (step 9, ``regrouping.hand_limit``);
- *kept until the next Regrouping begins*: a token of 2 resources that pay without a worker
  (``resources``), whatever is unpaid then is lost;
- *kept until used*: 1 mineral and 1 gas off the next module or building level (``build``); one
  unit beyond the unit build limit (``build``); and three start-of-battle abilities (§13.2 step
  2, ``combat``), one of which a side may use per battle: +2 health in each of its skirmishes;
  the opponent places its cards first and face up; (defender) the battle is cancelled.

An effect class without a written reading here (``abilities.INVENTED_EVENT_RULES``) stays an inert
hook.  A kept card is public once played (§21.3); it goes to the event discard pile when used.
"""

from __future__ import annotations

import msgspec

from turncoat.games.starcraft import galaxy
from turncoat.games.starcraft.abilities import event_hook
from turncoat.games.starcraft.components import Cost
from turncoat.games.starcraft.context import Ctx, Events
from turncoat.games.starcraft.events import EventCardUsed, ZAxisRouteMoved
from turncoat.games.starcraft.phases import combat_cards
from turncoat.games.starcraft.state import (
    MOVE_Z_END,
    MOVE_Z_ROUTE,
    NOBODY,
    PLAY_EVENT,
    Route,
    RouteEnd,
    State,
    with_seat,
)

RULE_EVENT_EFFECTS = "RULES §17"
DRAW = {"draw_2_combat_cards": 2, "draw_3_combat_cards": 3}
GAIN_CP = "gain_1_cp"
HAND_LIMIT = "hand_limit_plus_2_permanent"
RESOURCES = "gain_2_resources_token_this_round"
MODULE_DISCOUNT = "discounted_module"
BUILDING_DISCOUNT = "discounted_building"
BUILD_LIMIT = "free_unit_build_limit_plus_1"
HEALTH = "plus_two_health_one_battle"
CANCEL = "battle_cancelled"
FACE_UP = "opponent_plays_first_face_up"
MOVE_ROUTE = "move_z_axis_route"
# §13.2 step 2: the kept effects a side may use as its one start-of-battle ability
START_OF_BATTLE = (HEALTH, FACE_UP, CANCEL)
# Effects whose card stays face up in its owner's play area after step 8 (§17 "stays in play").
KEPT = frozenset(
    {HAND_LIMIT, RESOURCES, MODULE_DISCOUNT, BUILDING_DISCOUNT, BUILD_LIMIT, HEALTH, CANCEL, FACE_UP}
)
HAND_LIMIT_BONUS = 2
RESOURCE_TOKEN = 2
HEALTH_BONUS = 2


def effect_of(ctx: Ctx, card: str) -> str:
    """§17: the invented effect an event card applies here ("" for none: an inert hook, the option
    off, or a sourced card such as *The End Draws Near*, which has its own rule)."""
    if card not in ctx.t.event_card:
        return ""
    hook = event_hook(ctx, card)
    return hook.effect if hook.applied and hook.provenance == "invented" else ""


def kept(ctx: Ctx, state: State, seat: int, effect: str) -> tuple[str, ...]:
    """§17: the seat's event cards of ``effect`` kept face up in its play area (applied ones only)."""
    return tuple(c for c in state.seat(seat).play_area if effect_of(ctx, c) == effect)


def apply_event_effect(ctx: Ctx, state: State, seat: int, card: str, events: Events) -> State:
    """§14 step 8, §17: the resolved card's invented effect.  A card of a kept effect goes to the
    seat's play area (the resource token also puts its 2 resources there); any other card is
    applied now and goes to the event discard pile.  An inert card is only discarded."""
    effect = effect_of(ctx, card)
    p = state.seat(seat)
    if effect in KEPT:
        p = msgspec.structs.replace(p, play_area=(*p.play_area, card))
        if effect == RESOURCES:
            p = msgspec.structs.replace(p, event_resources=p.event_resources + RESOURCE_TOKEN)
        return with_seat(state, seat, p)
    state = msgspec.structs.replace(state, event_discard=(*state.event_discard, card))
    if effect in DRAW:
        return combat_cards.draw_combat_cards(ctx, state, seat, DRAW[effect], events)
    if effect == GAIN_CP and not ctx.config.galactic_conquest:  # §19: no CP in that variant
        return with_seat(state, seat, msgspec.structs.replace(p, cp=p.cp + 1))
    if effect == MOVE_ROUTE and movable_z_ends(ctx, state):
        return msgspec.structs.replace(state, step=MOVE_Z_ROUTE)  # which route: the seat's choice
    return state


def use_kept_card(
    ctx: Ctx, state: State, seat: int, effect: str, events: Events, card: str | None = None
) -> State:
    """§17: the seat's kept card of ``effect`` (``card``, or its first) is used: it leaves the
    play area for the event discard pile, and the log says so (nothing happens when the seat keeps
    none)."""
    cards = tuple(c for c in kept(ctx, state, seat, effect) if card is None or c == card)
    if not cards:
        return state
    p = state.seat(seat)
    area = list(p.play_area)
    area.remove(cards[0])
    state = with_seat(state, seat, msgspec.structs.replace(p, play_area=tuple(area)))
    events.append(EventCardUsed(seat=seat, card=cards[0], expired=False))
    return msgspec.structs.replace(state, event_discard=(*state.event_discard, cards[0]))


def expire_resource_tokens(ctx: Ctx, state: State, events: Events) -> State:
    """§14, §17: when Regrouping begins, every resource token card leaves its play area for the
    event discard pile, and the resources left on it are lost."""
    for seat in range(state.players):
        p = state.seat(seat)
        tokens = [c for c in p.play_area if c in ctx.t.event_card and _effect_kind(ctx, c) == RESOURCES]
        if not tokens and not p.event_resources:
            continue
        area = tuple(c for c in p.play_area if c not in tokens)
        state = with_seat(state, seat, msgspec.structs.replace(p, play_area=area, event_resources=0))
        state = msgspec.structs.replace(state, event_discard=(*state.event_discard, *tokens))
        events.extend(EventCardUsed(seat=seat, card=c, expired=True) for c in tokens)
    return state


def _effect_kind(ctx: Ctx, card: str) -> str:
    return ctx.t.event_card[card].effect.value


def hand_limit_bonus(ctx: Ctx, state: State, seat: int) -> int:
    """§14 step 9, §17: +2 hand limit for each kept hand-limit card."""
    return HAND_LIMIT_BONUS * len(kept(ctx, state, seat, HAND_LIMIT))


def discounted_cost(ctx: Ctx, state: State, seat: int, item: str, cost: Cost) -> Cost:
    """§10.1.4-§10.1.5, §17: a module or a building level costs 1 mineral and 1 gas less (never
    below 0) while the seat keeps a discount card for it."""
    effect = {"module": MODULE_DISCOUNT, "building": BUILDING_DISCOUNT}.get(item)
    if effect is None or not kept(ctx, state, seat, effect):
        return cost
    return Cost(minerals=max(0, cost.minerals - 1), gas=max(0, cost.gas - 1))


def discount_effect(item: str) -> str:
    """§17: the kept effect a purchase of ``item`` uses up ("" for none)."""
    return {"module": MODULE_DISCOUNT, "building": BUILDING_DISCOUNT}.get(item, "")


def build_limit_bonus(ctx: Ctx, state: State, seat: int) -> int:
    """§10.1.2, §17: one unit beyond the unit build limit for each kept build-limit card."""
    return len(kept(ctx, state, seat, BUILD_LIMIT))


# -- moving a z-axis route (§4.2, §6.1 step 5, §17) -------------------------------------------------


def _z_route(state: State, major: RouteEnd) -> Route:
    return next(r for r in state.routes if r.kind == "z_axis" and r.ends[0] == major)


def z_end_destinations(ctx: Ctx, state: State, major: RouteEnd) -> tuple[RouteEnd, ...]:
    """§4.2, §17: where the minor end of the z-axis route whose major end is ``major`` may move: a
    free slot of a planet other than the major end's and the one it leaves."""
    minor = _z_route(state, major).ends[1]
    return tuple(e for e in galaxy.z_axis_minor_slots(ctx, state, major) if e.planet != minor.planet)


def movable_z_ends(ctx: Ctx, state: State) -> tuple[RouteEnd, ...]:
    """§17: the minor ends of the z-axis routes that can move somewhere (the first decision)."""
    return tuple(
        sorted(
            r.ends[1]
            for r in state.routes
            if r.kind == "z_axis" and z_end_destinations(ctx, state, r.ends[0])
        )
    )


def resolve_pick_z_route(ctx: Ctx, state: State, minor: RouteEnd, events: Events) -> State:
    """§17: the actor picks the z-axis route to move by its minor end; the route's major end is
    kept in ``z_major`` while the new slot is chosen."""
    if minor not in movable_z_ends(ctx, state):
        raise ValueError(f"{minor} is not the minor end of a z-axis route that can move")
    major = next(r.ends[0] for r in state.routes if r.kind == "z_axis" and r.ends[1] == minor)
    return msgspec.structs.replace(state, step=MOVE_Z_END, z_major=major)


def resolve_move_z_end(ctx: Ctx, state: State, to: RouteEnd, events: Events) -> State:
    """§17: the minor end moves to the chosen free slot (its transports stay on the route; one cut
    off from its owner's bases dies in the next Regrouping step 1, §4.3), then step 8 goes on."""
    from turncoat.games.starcraft.phases import regrouping  # the event step continues

    major = state.z_major
    if major is None or to not in z_end_destinations(ctx, state, major):
        raise ValueError(f"{to} is not a free slot the z-axis route may move to")
    route = _z_route(state, major)
    moved = Route(route.id, route.kind, (major, to), route.transports)
    routes = tuple(moved if r.id == route.id else r for r in state.routes)
    source = route.ends[1]
    events.append(
        ZAxisRouteMoved(
            seat=state.actor, route=route.id, source=(source.planet, source.side), to=(to.planet, to.side)
        )
    )
    state = msgspec.structs.replace(state, routes=routes, z_major=None, step=PLAY_EVENT, actor=NOBODY)
    return regrouping.next_event_player(ctx, state, events)
