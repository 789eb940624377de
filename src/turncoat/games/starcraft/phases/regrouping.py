"""The Regrouping phase (RULES §14, §15, §17), in the rulebook's corrected order of ten steps:

1. bases in areas with an enemy unit, then transports cut off from their owner's bases, destroyed;
2. resource cards lost (no base on the planet, or an enemy in the area; their workers destroyed);
3. resource cards gained (friendly areas of base planets; empty ones for the planet's only base);
4. every worker back to the Worker Pool;
5. conquest points for every controlled area;
6. normal victory; 7. special victory (``victory.py``);
8. event cards: each seat reads its new ones, then in turn resolves one (*The End Draws Near* must
   be played); two or more of those in the common area end the game;
9. hands discarded down to the hand limit;
10. the first player token passes to the left, and the next round begins.

Steps 8 and 9 ask for decisions; the rest are forced.  Event effects are hooks
(``abilities.event_hook``): an unknown one changes nothing, and the log says so; the placeholder
deck's invented ones are applied with ``invented_event_effects`` (``event_effects``).
"""

from __future__ import annotations

import msgspec

from turncoat.games.starcraft.abilities import event_hook
from turncoat.games.starcraft.context import Ctx, Events
from turncoat.games.starcraft.events import (
    BaseDestroyed,
    CardDiscarded,
    ConquestPointsScored,
    Eliminated,
    EliminatedEventsRemoved,
    EventCardsRead,
    EventPlayed,
    FirstPlayerPassed,
    ResourceCardGained,
    ResourceCardLost,
    RoundStarted,
    TransportDestroyed,
    WorkersRetrieved,
)
from turncoat.games.starcraft.phases import control, event_effects, planning, victory
from turncoat.games.starcraft.phases.combat_cards import forget_known_cards
from turncoat.games.starcraft.state import (
    DISCARD,
    MOVE_Z_ROUTE,
    NOBODY,
    PLAY_EVENT,
    HeldCard,
    PermanentSlot,
    Route,
    State,
    clockwise,
    with_area,
    with_seat,
)

RULE_REGROUPING = "RULES §14"
END_DRAWS_NEAR = "the_end_draws_near"


def destroy_bases_and_transports(ctx: Ctx, state: State, events: Events) -> State:
    """§14 step 1, §4.3-§4.4 [FAQ]: first every base in an area with an enemy unit, then every
    transport whose route touches no planet holding one of its owner's bases."""
    for area in state.areas:
        if area.base != NOBODY and control.has_enemy_unit(area, area.base):
            events.append(BaseDestroyed(seat=area.base, area=area.id))
            state = with_area(state, msgspec.structs.replace(area, base=NOBODY))
    return destroy_cut_off_transports(ctx, state, events)


def destroy_cut_off_transports(ctx: Ctx, state: State, events: Events) -> State:
    """§4.3 [FAQ; CZ p.7]: every transport whose route touches no planet holding one of its
    owner's bases is destroyed: in Regrouping step 1, and with GAPS §2.1
    ``cut_off_transport_destroyed=immediately`` also as soon as a base leaves a planet."""
    routes = []
    for r in state.routes:
        kept = tuple(
            s for s in r.transports if any(control.has_base_on(ctx, state, s, e.planet) for e in r.ends)
        )
        for s in r.transports:
            if s not in kept:
                events.append(TransportDestroyed(seat=s, route=r.id))
        routes.append(Route(r.id, r.kind, r.ends, kept))
    return msgspec.structs.replace(state, routes=tuple(routes))


def destroy_cut_off_transports_now(ctx: Ctx, state: State, events: Events) -> State:
    """§4.3, GAPS §2.1 ``cut_off_transport_destroyed``: after a base left a planet outside
    Regrouping step 1, cut-off transports die at once (CZ p.7) or wait for step 1 (the FAQ
    errata, the default)."""
    if ctx.config.cut_off_transport_destroyed != "immediately":
        return state
    return destroy_cut_off_transports(ctx, state, events)


def check_eliminations(ctx: Ctx, state: State, events: Events) -> State:
    """§16.4: a seat with no units and no bases on the board is eliminated at once (its workers,
    cards and orders stay out of play; its orders are discarded as they surface, §9).

    [RULING] §16.4 names no winner when the last players leave the board at the same moment (a
    battle that destroys both sides, say).  By ``simultaneous_last_elimination``: none of them is
    eliminated and they share the elimination victory (``victory.elimination_victory``), or all
    are and nobody wins (``victory.nobody_left``); never does the game go on with nobody in it."""
    gone = [s for s in victory.in_game(state) if not control.on_board(state, s)]
    everyone = len(gone) == len(victory.in_game(state))
    if everyone and ctx.config.simultaneous_last_elimination == "share_victory":
        return state
    for seat in gone:
        events.append(Eliminated(seat=seat))
        state = with_seat(state, seat, msgspec.structs.replace(state.seat(seat), eliminated=True))
    return state


def lose_resource_cards(ctx: Ctx, state: State, events: Events) -> State:
    """§14 step 2: a card is lost (to the common supply, its workers destroyed) when its holder has
    no base on its planet, or its area holds an enemy unit or an enemy base."""
    for seat in range(state.players):
        p = state.seat(seat)
        kept: list[HeldCard] = []
        for card in p.resource_cards:
            area = state.area(card.area)
            planet = ctx.t.area_planet[card.area]
            lost = (
                not control.has_base_on(ctx, state, seat, planet)
                or control.has_enemy_unit(area, seat)
                or control.has_enemy_base(area, seat)
            )
            if lost:
                events.append(ResourceCardLost(seat=seat, area=card.area, workers=card.workers))
            else:
                kept.append(card)
        state = with_seat(state, seat, msgspec.structs.replace(p, resource_cards=tuple(kept)))
    return state


def gain_resource_cards(ctx: Ctx, state: State, events: Events) -> State:
    """§14 step 3: on each planet with its base a seat takes the card of every friendly area not
    held by anyone; the planet's only base also takes the empty areas' cards (a depleted area has
    no card)."""
    held = {c.area for p in state.seats for c in p.resource_cards}
    for seat in clockwise(state.first_player, state.players):
        p = state.seat(seat)
        gained: list[str] = []
        for placed in state.galaxy:
            areas = control.areas_on(ctx, state, placed.id)
            if not any(a.base == seat for a in areas):
                continue
            only_base = all(a.base in (NOBODY, seat) for a in areas)
            for a in areas:
                data = ctx.t.area[a.id]
                if data.resource == "cp" or a.depletion >= 2 or a.id in held:
                    continue
                if control.controls(a, seat) or (only_base and control.is_empty(a)):
                    gained.append(a.id)
                    held.add(a.id)
                    events.append(ResourceCardGained(seat=seat, area=a.id))
        if gained:
            cards = sorted([*p.resource_cards, *(HeldCard(a) for a in gained)], key=lambda c: c.area)
            state = with_seat(state, seat, msgspec.structs.replace(p, resource_cards=tuple(cards)))
    return state


def retrieve_workers(ctx: Ctx, state: State, events: Events) -> State:
    """§14 step 4: workers in Unavailable Workers, on cards and on printed slots return to the
    Worker Pool."""
    for seat in range(state.players):
        p = state.seat(seat)
        back = control.workers_owned(state, seat) - p.worker_pool
        if back:
            events.append(WorkersRetrieved(seat=seat, workers=back))
        state = with_seat(
            state,
            seat,
            msgspec.structs.replace(
                p,
                worker_pool=p.worker_pool + back,
                unavailable_workers=0,
                resource_cards=tuple(HeldCard(c.area) for c in p.resource_cards),
                permanent_resources=tuple(PermanentSlot(r.kind, r.amount) for r in p.permanent_resources),
            ),
        )
    return state


def score_conquest_points(ctx: Ctx, state: State, events: Events) -> State:
    """§14 step 5, §15: each seat scores the CP of every area it controls (none in Galactic
    Conquest, §19)."""
    if ctx.config.galactic_conquest:
        return state
    for seat in victory.in_game(state):
        cp = sum(
            ctx.t.area[a.id].amount
            for a in state.areas
            if ctx.t.area[a.id].resource == "cp" and control.controls(a, seat)
        )
        if cp:
            p = state.seat(seat)
            state = with_seat(state, seat, msgspec.structs.replace(p, cp=p.cp + cp))
            events.append(ConquestPointsScored(seat=seat, cp=cp, total=p.cp + cp))
    return state


def begin_regrouping(ctx: Ctx, state: State, events: Events) -> State:
    """§14 steps 1-7 (forced), then the event step."""
    state = msgspec.structs.replace(state, actor=NOBODY, active_order=None, build=None, mobilize=None)
    state = event_effects.expire_resource_tokens(ctx, state, events)  # §17: "this round" is over
    state = destroy_bases_and_transports(ctx, state, events)
    state = check_eliminations(ctx, state, events)
    if winners := victory.elimination_victory(ctx, state):
        return victory.game_over(ctx, state, winners, "elimination", events)
    if victory.nobody_left(state):
        return victory.game_over(ctx, state, (), victory.NO_WINNER, events)
    state = lose_resource_cards(ctx, state, events)
    state = gain_resource_cards(ctx, state, events)
    state = retrieve_workers(ctx, state, events)
    state = score_conquest_points(ctx, state, events)
    if winners := victory.normal_victory(ctx, state):
        return victory.game_over(ctx, state, winners, "normal", events)
    if winners := victory.special_victory(ctx, state):
        return victory.game_over(ctx, state, winners, "special", events)
    for seat in range(state.players):
        cards = state.seat(seat).pending_events
        if cards and not state.seat(seat).eliminated:
            events.append(EventCardsRead(seat=seat, cards=cards, visible_to=(seat,)))
    state = msgspec.structs.replace(state, step=PLAY_EVENT, turn_index=0)
    return next_event_player(ctx, state, events)


def _discard_events(state: State, seat: int, cards: tuple[str, ...]) -> State:
    p = state.seat(seat)
    state = with_seat(state, seat, msgspec.structs.replace(p, pending_events=()))
    return msgspec.structs.replace(state, event_discard=(*state.event_discard, *cards))


def play_end_draws_near(ctx: Ctx, state: State, seat: int, events: Events) -> State:
    """§17: a seat holding *The End Draws Near* must play every copy into the common area and
    discards its other new event cards (the copy's extra benefit is unknown: a hook)."""
    cards = state.seat(seat).pending_events
    copies = sum(1 for c in cards if c == END_DRAWS_NEAR)
    rest = tuple(c for c in cards if c != END_DRAWS_NEAR)
    state = _discard_events(state, seat, rest)
    events.append(
        EventPlayed(seat=seat, card=END_DRAWS_NEAR, discarded=rest, end_draws_near=copies, hook=True)
    )
    return msgspec.structs.replace(state, end_draws_near=state.end_draws_near + copies)


def next_event_player(ctx: Ctx, state: State, events: Events) -> State:
    """§14 step 8, §16.4, §17: in turn, each seat with new event cards resolves one (an eliminated
    seat's are removed without effect; *The End Draws Near* is played without asking); then the
    end-game check (§16.3) and the hand limit."""
    order = clockwise(state.first_player, state.players)
    while state.turn_index < len(order):
        seat = order[state.turn_index]
        p = state.seat(seat)
        if p.pending_events and p.eliminated:
            # removed from the game face down: nobody ever read them (§21.3), so they never reach
            # the public discard pile, nor a Galactic Conquest deck rebuilt from it (§19)
            state = with_seat(state, seat, msgspec.structs.replace(p, pending_events=()))
            events.append(EliminatedEventsRemoved(seat=seat, count=len(p.pending_events)))
        elif END_DRAWS_NEAR in p.pending_events:
            state = play_end_draws_near(ctx, state, seat, events)
        elif p.pending_events:
            return msgspec.structs.replace(state, step=PLAY_EVENT, actor=seat)
        state = msgspec.structs.replace(state, turn_index=state.turn_index + 1)
    if winners := victory.end_game_victory(ctx, state):
        return victory.game_over(ctx, state, winners, "end_game", events)
    state = msgspec.structs.replace(state, step=DISCARD, turn_index=0)
    return next_discarder(ctx, state, events)


def legal_event_plays(ctx: Ctx, state: State) -> tuple[str | None, ...]:
    """§14 step 8: one of the actor's new event cards, or none."""
    return (*sorted(set(state.seat(state.actor).pending_events)), None)


def resolve_play_event(ctx: Ctx, state: State, card: str | None, events: Events) -> State:
    """§17: the chosen card is resolved, the others are shown to everyone and discarded.  Its
    effect is a hook (``abilities.event_hook``): an unknown effect changes nothing and the card is
    discarded; an applied invented one acts now or stays in the play area (``event_effects``)."""
    seat = state.actor
    cards = list(state.seat(seat).pending_events)
    if card is not None and card not in cards:
        raise ValueError(f"seat {seat} has no new event card {card!r} to resolve")
    if card is not None:
        cards.remove(card)
    state = _discard_events(state, seat, tuple(cards))
    events.append(
        EventPlayed(
            seat=seat,
            card=card,
            discarded=tuple(cards),
            end_draws_near=0,
            hook=card is not None and not event_hook(ctx, card).applied,
        )
    )
    if card is not None:
        state = event_effects.apply_event_effect(ctx, state, seat, card, events)
    state = msgspec.structs.replace(state, actor=NOBODY, turn_index=state.turn_index + 1)
    if state.step == MOVE_Z_ROUTE:  # §17: the card asks which route moves (event_effects)
        return msgspec.structs.replace(state, actor=seat)
    return next_event_player(ctx, state, events)


def hand_limit(ctx: Ctx, state: State, seat: int) -> int:
    """§13.10, §14 step 9, §17, §18: 6 cards; Terran 8; +2 for each kept hand-limit event card
    (placeholder content, ``invented_event_effects``)."""
    return ctx.t.race[state.seat(seat).race].hand_limit.value + event_effects.hand_limit_bonus(
        ctx, state, seat
    )


def next_discarder(ctx: Ctx, state: State, events: Events) -> State:
    """§14 step 9: in turn, each seat over its hand limit discards down to it (card by card)."""
    order = clockwise(state.first_player, state.players)
    while state.turn_index < len(order):
        seat = order[state.turn_index]
        p = state.seat(seat)
        if not p.eliminated and len(p.hand) > hand_limit(ctx, state, seat):
            return msgspec.structs.replace(state, step=DISCARD, actor=seat)
        state = msgspec.structs.replace(state, turn_index=state.turn_index + 1)
    return pass_first_player(ctx, state, events)


def legal_discards(ctx: Ctx, state: State) -> tuple[str, ...]:
    """§14 step 9: any card of the actor's hand."""
    return tuple(sorted(set(state.seat(state.actor).hand)))


def resolve_discard(ctx: Ctx, state: State, card: str, events: Events) -> State:
    """§14 step 9: the card goes face up to its owner's discard pile."""
    seat = state.actor
    p = state.seat(seat)
    hand = list(p.hand)
    hand.remove(card)
    player = msgspec.structs.replace(p, hand=tuple(hand), combat_discard=(*p.combat_discard, card))
    state = forget_known_cards(with_seat(state, seat, player), seat, (card,))
    events.append(CardDiscarded(seat=seat, card=card))
    return next_discarder(ctx, state, events)


def pass_first_player(ctx: Ctx, state: State, events: Events) -> State:
    """§14 step 10: the first player token passes to the left (the next seat clockwise still in the
    game) and the next round begins with its Planning phase."""
    seats = victory.in_game(state)
    nxt = (state.first_player + 1) % state.players
    while nxt not in seats:
        nxt = (nxt + 1) % state.players
    events.append(FirstPlayerPassed(seat=nxt))
    state = msgspec.structs.replace(
        state, first_player=nxt, round=state.round + 1, actor=NOBODY, turn_index=0
    )
    events.append(RoundStarted(round=state.round, first_player=nxt))
    return planning.begin_planning(ctx, state, events)
