"""RULES §21.3: what each seat (or a spectator) may see of the state built so far.

Public: the galaxy (planets, areas with bases, units and depletion, routes and transports), every
seat's faction, CP, workers, resource cards, buildings, modules and order-token counts, the planets
drawn at setup (shown when drawn, §6.1 step 1), the technology decks (fixed lists less the
technologies bought, which are announced, §10.3), cards in play areas, the *number* of cards in
each hand, combat deck, discard pile and pending event pile, the event deck's size and the stage of
its top card (the card backs), the order stacks' backs (owner and sequence) and the setup's progress,
including the first (major) end of a z-axis route whose second end is being chosen (§6.1 step 5,
and the event card that moves a z-axis route, §17): it is on the table.

Private to its seat: its hand, the order tokens it has not placed yet (in front of it), the faces
of its own placed orders (the owner remembers them, ``order_owner_may_view_own_orders``) and, in
Regrouping step 8 only, its new event cards.  Never visible: the order of any deck, other hands,
other seats' order faces, any pending event (not even to its owner until Regrouping step 8, §17).
A revealed order and the progress of the order being executed (purchases, moves) are public.
"""

from __future__ import annotations

import msgspec

from turncoat.core.actions import Viewer
from turncoat.games.starcraft.context import Ctx
from turncoat.games.starcraft.state import (
    EVENT_STEPS,
    ActiveOrder,
    AreaState,
    Battle,
    BattleSide,
    BuildProgress,
    MobilizeProgress,
    OrderToken,
    PlacedPlanet,
    Route,
    RouteEnd,
    State,
)


class SeatView(msgspec.Struct, frozen=True):
    seat: int
    faction: str
    race: str
    cp: int
    hand_size: int
    known_hand: tuple[str, ...]  # cards the table knows are in the hand (§10.4 copy put there)
    combat_deck_size: int
    combat_discard: tuple[str, ...]  # face up
    tech_deck: tuple[str, ...]
    play_area: tuple[str, ...]
    pending_events: int  # how many (never which)
    worker_pool: int
    unavailable_workers: int
    resource_cards: tuple[tuple[str, int], ...]  # (area, workers on it)
    permanent_resources: tuple[tuple[str, int, int], ...]  # (kind, amount, workers)
    buildings: tuple[tuple[str, int], ...]
    modules: tuple[tuple[str, int], ...]
    orders_in_supply: int
    planets: tuple[str, ...]
    z_axis_pair: bool
    eliminated: bool
    event_resources: int = 0  # §17: unpaid resources of kept event resource tokens (public)


class OrderView(msgspec.Struct, frozen=True, array_like=True):
    """An order token in a stack: its owner always; its face only to those who may see it."""

    owner: int
    kind: str | None
    special: bool | None


class StarcraftObservation(msgspec.Struct, frozen=True):
    viewer: int | None
    players: int
    round: int
    step: str
    first_player: int
    actor: int
    to_act: tuple[int, ...]
    packs: tuple[str, ...]
    teams: tuple[int, ...]
    seats: tuple[SeatView, ...]
    hand: tuple[str, ...]  # the viewer's own hand; empty for a spectator
    galaxy: tuple[PlacedPlanet, ...]
    areas: tuple[AreaState, ...]
    routes: tuple[Route, ...]
    normal_routes_left: int
    stacks: tuple[tuple[str, tuple[OrderView, ...]], ...]
    event_deck_size: int
    event_top_stage: int | None  # the stage on the top card's back; None for an empty deck
    event_discard: tuple[str, ...]
    end_draws_near: int
    chosen_planet: str
    chosen_cell: tuple[int, int] | None
    units_to_place: tuple[str, ...]
    # -- the round (§8-§17) --
    order_planet: str
    active_order: ActiveOrder | None  # revealed: public (§9)
    build: BuildProgress | None
    mobilize: MobilizeProgress | None
    turn_index: int
    own_events: tuple[str, ...]  # the viewer's new event cards, read only in Regrouping step 8 (§17)
    winners: tuple[int, ...]
    victory: str
    battle: Battle | None = None  # §13: the battle being fought, face-down cards hidden (redact_battle)
    own_orders: tuple[OrderToken, ...] = ()  # §8: the viewer's order tokens not placed yet, faces up
    z_major: RouteEnd | None = None  # §6.1 step 5, §17: a z-axis route's placed end, its other to come


def _seat_view(state: State, seat: int) -> SeatView:
    p = state.seat(seat)
    return SeatView(
        seat=seat,
        faction=p.faction,
        race=p.race,
        cp=p.cp,
        hand_size=len(p.hand),
        known_hand=p.known_hand,
        combat_deck_size=len(p.combat_deck),
        combat_discard=p.combat_discard,
        tech_deck=p.tech_deck,
        play_area=p.play_area,
        pending_events=len(p.pending_events),
        worker_pool=p.worker_pool,
        unavailable_workers=p.unavailable_workers,
        resource_cards=tuple((c.area, c.workers) for c in p.resource_cards),
        permanent_resources=tuple((r.kind, r.amount, r.workers) for r in p.permanent_resources),
        buildings=p.buildings,
        modules=p.modules,
        orders_in_supply=len(p.orders),
        planets=p.planets,
        z_axis_pair=p.z_axis_pair,
        eliminated=p.eliminated,
        event_resources=p.event_resources,
    )


def top_stage(ctx: Ctx, state: State) -> int | None:
    """§16.2, §21.3: the stage printed on the back of the event deck's top card (public)."""
    if not state.event_deck:
        return None
    return ctx.t.event_card[state.event_deck[-1]].stage.value


def observe(ctx: Ctx, state: State, viewer: Viewer, to_act: frozenset[int]) -> StarcraftObservation:
    """§21.3: the state as ``viewer`` (a seat, or None for a spectator) may see it; the major end of
    a z-axis route waiting for its second end (§6.1 step 5) is on the table, so every viewer sees it."""
    own_faces = ctx.config.order_owner_may_view_own_orders
    stacks = tuple(
        (
            planet,
            tuple(
                OrderView(o.owner, o.kind, o.special)
                if own_faces and viewer is not None and o.owner == viewer
                else OrderView(o.owner, None, None)
                for o in tokens
            ),
        )
        for planet, tokens in state.stacks
    )
    return StarcraftObservation(
        viewer=viewer,
        players=state.players,
        round=state.round,
        step=state.step,
        first_player=state.first_player,
        actor=state.actor,
        to_act=tuple(sorted(to_act)),
        packs=state.packs,
        teams=state.teams,
        seats=tuple(_seat_view(state, s) for s in range(state.players)),
        hand=state.seat(viewer).hand if viewer is not None else (),
        galaxy=state.galaxy,
        areas=state.areas,
        routes=state.routes,
        normal_routes_left=state.normal_routes_left,
        stacks=stacks,
        event_deck_size=len(state.event_deck),
        event_top_stage=top_stage(ctx, state),
        event_discard=state.event_discard,
        end_draws_near=state.end_draws_near,
        chosen_planet=state.chosen_planet,
        chosen_cell=state.chosen_cell,
        units_to_place=state.units_to_place,
        order_planet=state.order_planet,
        active_order=state.active_order,
        build=state.build,
        mobilize=state.mobilize,
        turn_index=state.turn_index,
        own_events=own_events(state, viewer),
        winners=state.winners,
        victory=state.victory,
        battle=redact_battle(state.battle, viewer),
        own_orders=state.seat(viewer).orders if viewer is not None else (),
        z_major=state.z_major,
    )


def own_events(state: State, viewer: Viewer) -> tuple[str, ...]:
    """§14 step 8, §17, §21.3: a seat reads its pending event cards only in Regrouping step 8;
    before that nobody, the drawer included, knows them."""
    if viewer is None or state.step not in EVENT_STEPS:
        return ()
    return state.seat(viewer).pending_events


# == Combat (RULES §13.2 step 6, §21.3) ============================================================
HIDDEN_CARD = ""  # a face-down card the viewer may not see


def card_visible(side: BattleSide, revealed: bool, owner: int, viewer: Viewer) -> bool:
    """§13.2 step 6, §21.3: a card placed face down is seen by its owner (a blind card, taken
    unseen from the top of the deck, by nobody) until the skirmish is revealed (§13.4); cards
    placed face up (§17, an opponent's event card) are seen by everyone."""
    return revealed or side.face_up or (viewer == owner and not side.blind)


def redact_battle(battle: Battle | None, viewer: Viewer) -> Battle | None:
    """§21.3: the battle as ``viewer`` sees it: every face-down card it may not see is blank (the
    number of cards on each side of a skirmish stays visible, as on the table)."""
    if battle is None:
        return None
    skirmishes = []
    for s in battle.skirmishes:
        sides = []
        for side, owner in ((s.attack, battle.attacker), (s.defence, battle.defender)):
            if not card_visible(side, s.revealed, owner, viewer):
                side = msgspec.structs.replace(side, cards=tuple(HIDDEN_CARD for _ in side.cards))
            sides.append(side)
        skirmishes.append(msgspec.structs.replace(s, attack=sides[0], defence=sides[1]))
    return msgspec.structs.replace(battle, skirmishes=tuple(skirmishes))
