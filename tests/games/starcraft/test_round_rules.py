"""Per-rule tests of who is where (§2, §12, §15), resources (§11), event drawing (§17), planning
(§8) and execution (§9), on the 2-player table of ``helpers`` (Raynor seat 0, Overmind seat 1)."""

from __future__ import annotations

import msgspec

from tests.games.starcraft.helpers import play, put, raynor_overmind, seat_with
from turncoat.core.actions import Event
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft.phases import control, event_cards, execution, planning, resources
from turncoat.games.starcraft.state import (
    EXECUTE_OR_EVENT,
    NOBODY,
    PLAN_TOKEN,
    PLANNING,
    STEP_EXECUTION,
    ActiveOrder,
    HeldCard,
    OrderToken,
    State,
)

G, S0, _ = raynor_overmind()
CTX = G.ctx


# -- §2, §12, §15, §16.4: who is where ----------------------------------------------------------------


def test_units_of() -> None:
    assert control.units_of(S0.area("chau_sara_1"), 1) == 3
    assert control.units_of(S0.area("chau_sara_1"), 0) == 0


def test_has_enemy_unit() -> None:
    assert control.has_enemy_unit(S0.area("chau_sara_1"), 0)
    assert not control.has_enemy_unit(S0.area("chau_sara_1"), 1)


def test_has_enemy_base() -> None:
    assert control.has_enemy_base(S0.area("pridewater_1"), 1)
    assert not control.has_enemy_base(S0.area("pridewater_1"), 0)
    assert not control.has_enemy_base(S0.area("braken_1"), 0)


def test_is_empty() -> None:
    assert control.is_empty(S0.area("braken_1"))
    assert not control.is_empty(S0.area("pridewater_2"))  # a Firebat
    assert not control.is_empty(put(S0, "pridewater_1", []).area("pridewater_1"))  # the base alone


def test_controls() -> None:
    assert control.controls(S0.area("pridewater_2"), 0)  # a unit, no enemy
    alone = put(S0, "pridewater_1", [])
    assert control.controls(alone.area("pridewater_1"), 0)  # a base alone controls [FAQ]
    raided = put(S0, "pridewater_1", [(1, "zergling")])
    assert not control.controls(raided.area("pridewater_1"), 0)  # an enemy unit
    assert not control.controls(raided.area("pridewater_1"), 1)  # an enemy base
    assert not control.controls(S0.area("braken_1"), 0)  # empty


def test_friendly_or_empty() -> None:
    assert control.friendly_or_empty(S0.area("braken_1"), 0)
    assert control.friendly_or_empty(S0.area("pridewater_1"), 0)
    assert not control.friendly_or_empty(S0.area("chau_sara_3"), 0)
    assert not control.friendly_or_empty(put(S0, "chau_sara_3", []).area("chau_sara_3"), 0)  # base only


def test_room_for() -> None:
    # Chau Sara 1: limit 3, three Zerglings: full; an attacker may bring limit + 2 = 5 (§12)
    area = S0.area("chau_sara_1")
    assert control.room_for(CTX, area, 1) == 0
    assert control.room_for(CTX, area, 0, attacking=True) == 5
    assert control.room_for(CTX, S0.area("pridewater_1"), 0) == 2  # limit 4, two Marines


def test_areas_on() -> None:
    assert [a.id for a in control.areas_on(CTX, S0, "braken")] == ["braken_1", "braken_2", "braken_3"]


def test_has_base_on() -> None:
    assert control.has_base_on(CTX, S0, 0, "pridewater")
    assert not control.has_base_on(CTX, S0, 0, "braken")


def test_has_unit_on() -> None:
    assert control.has_unit_on(CTX, S0, 1, "chau_sara")
    assert not control.has_unit_on(CTX, S0, 1, "tarsonis")


def test_on_board() -> None:
    assert control.on_board(S0, 0)
    bare = put(put(put(S0, "pridewater_1", [], base=NOBODY), "pridewater_2", []), "pridewater_3", [])
    assert not control.on_board(bare, 0)
    assert control.on_board(put(bare, "braken_1", [(0, "marine")]), 0)


def test_units_on_board() -> None:
    assert control.units_on_board(S0, 0, "marine") == 2
    assert control.units_on_board(S0, 1, "zergling") == 4


def test_bases_on_board() -> None:
    assert control.bases_on_board(S0, 0) == 1
    assert control.bases_on_board(put(S0, "braken_1", [], base=0), 0) == 2


def test_transports_on_board() -> None:
    assert (control.transports_on_board(S0, 0), control.transports_on_board(S0, 1)) == (1, 1)


def test_workers_owned() -> None:
    assert control.workers_owned(S0, 0) == 8
    moved = seat_with(
        S0, 0, worker_pool=5, unavailable_workers=1, resource_cards=(HeldCard("pridewater_1", 2),)
    )
    assert control.workers_owned(moved, 0) == 8


# -- §11: resources -----------------------------------------------------------------------------------


def test_card_capacity() -> None:
    # Pridewater 1: 3 minerals; partially depleted: 3 - 1 (placeholder offset) = 2; depleted: none
    assert [resources.card_capacity(CTX, "pridewater_1", d) for d in (0, 1, 2)] == [3, 2, 0]
    assert resources.card_capacity(CTX, "pridewater_3", 1) == 1  # never below 1


def test_available() -> None:
    # minerals: permanent 4 + Pridewater 1 (3 + 2 by force mining) + Pridewater 3 (1 + 2) = 12
    assert resources.available(CTX, S0, 0, "minerals") == 12
    # gas: permanent 2 + Pridewater 2 (2 + 2) = 6
    assert resources.available(CTX, S0, 0, "gas") == 6


def test_can_pay() -> None:
    assert resources.can_pay(CTX, S0, 0, 3, 3, False)
    assert not resources.can_pay(CTX, S0, 0, 0, 7, False)  # 6 gas at most
    assert resources.can_pay(CTX, S0, 0, 0, 7, True)  # the special Build's discount
    few = seat_with(S0, 0, worker_pool=2)
    assert not resources.can_pay(CTX, few, 0, 2, 1, False)  # one worker per resource
    assert resources.can_pay(CTX, few, 0, 2, 1, True)


def test_payment_sources() -> None:
    assert resources.payment_sources(CTX, S0, 0, "minerals") == (
        ("permanent", ""),
        ("card", "pridewater_1"),
        ("card", "pridewater_3"),
    )
    full = seat_with(
        S0,
        0,
        resource_cards=(HeldCard("pridewater_1"), HeldCard("pridewater_2"), HeldCard("pridewater_3", 1)),
    )
    assert ("force", "pridewater_3") in resources.payment_sources(CTX, full, 0, "minerals")
    assert resources.payment_sources(CTX, seat_with(S0, 0, worker_pool=0), 0, "gas") == ()


def test_pay_one() -> None:
    state, depletion = resources.pay_one(CTX, S0, 0, "permanent", "gas", "")
    assert depletion == -1 and state.seat(0).worker_pool == 7
    assert [(r.kind, r.workers) for r in state.seat(0).permanent_resources] == [("minerals", 0), ("gas", 1)]
    state, _ = resources.pay_one(CTX, state, 0, "card", "gas", "pridewater_2")
    assert dict((c.area, c.workers) for c in state.seat(0).resource_cards)["pridewater_2"] == 1


def test_force_mine() -> None:
    state, _ = resources.pay_one(CTX, S0, 0, "card", "minerals", "pridewater_3")
    state, d1 = resources.pay_one(CTX, state, 0, "force", "minerals", "pridewater_3")
    assert d1 == 1 and state.area("pridewater_3").depletion == 1
    state, d2 = resources.pay_one(CTX, state, 0, "force", "minerals", "pridewater_3")
    assert d2 == 2 and state.area("pridewater_3").depletion == 2
    p = state.seat(0)
    assert "pridewater_3" not in {c.area for c in p.resource_cards}
    assert (p.worker_pool, p.unavailable_workers) == (5, 3)


# -- §17: drawing event cards ---------------------------------------------------------------------------


def test_draw_event() -> None:
    events: list[Event] = []
    top = S0.event_deck[-1]
    state = event_cards.draw_event(CTX, S0, 1, events)
    assert state.seat(1).pending_events == (top,) and state.event_deck == S0.event_deck[:-1]
    assert events == [E.EventCardDrawn(seat=1, stage=1)]  # only the stage on its back
    empty = msgspec.structs.replace(S0, event_deck=())
    assert event_cards.draw_event(CTX, empty, 1, events) == empty


def test_rebuild_event_deck() -> None:
    empty = msgspec.structs.replace(S0, event_deck=(), event_discard=("stage3_gain_1_cp", "stage1_no_effect"))
    assert event_cards.rebuild_event_deck(CTX, empty, []) == empty  # core: no further draws
    g, s, _ = raynor_overmind(event_deck_exhausted="reshuffle_stage_iii")
    s = msgspec.structs.replace(s, event_deck=(), event_discard=("stage3_gain_1_cp", "stage1_no_effect"))
    rebuilt = event_cards.rebuild_event_deck(g.ctx, s, [])
    assert rebuilt.event_deck == ("stage3_gain_1_cp",) and rebuilt.event_discard == ("stage1_no_effect",)


# -- §8: planning -----------------------------------------------------------------------------------------


def test_planners() -> None:
    assert planning.planners(S0) == (0, 1)
    assert planning.planners(seat_with(S0, 0, eliminated=True)) == (1,)


def test_orders_on_board() -> None:
    state, _ = play(G, S0, [A.ChooseOrderPlanet("braken"), A.PlaceOrder("build", False)])
    assert (planning.orders_on_board(state), planning.orders_on_board(state, 1)) == (1, 0)


def test_next_planner() -> None:
    state, _ = play(G, S0, [A.ChooseOrderPlanet("braken"), A.PlaceOrder("build", False)])
    assert (state.step, state.actor) == (PLANNING, 1)  # in turn, one order each cycle


def test_begin_planning() -> None:
    state = msgspec.structs.replace(S0, actor=NOBODY, first_player=1)
    assert planning.begin_planning(CTX, state, []).actor == 1  # the first player places first


def test_legal_order_planets() -> None:
    # seat 0: Pridewater (units, base) and its neighbours Tarsonis and Braken; not Chau Sara
    assert planning.legal_order_planets(CTX, S0) == ("braken", "pridewater", "tarsonis")


def test_resolve_choose_order_planet() -> None:
    state = planning.resolve_choose_order_planet(CTX, S0, "tarsonis", [])
    assert (state.step, state.order_planet, state.actor) == (PLAN_TOKEN, "tarsonis", 0)


def test_special_orders_allowed() -> None:
    assert planning.special_orders_allowed(S0, 0) == 0  # no R&D module at the start (§8)
    rd = seat_with(S0, 0, modules=(("research_and_development", 1),))
    assert planning.special_orders_allowed(rd, 0) == 1
    placed = msgspec.structs.replace(rd, stacks=(("braken", (OrderToken(0, "build", True),)),))
    assert planning.special_orders_allowed(placed, 0) == 0


def test_legal_order_tokens() -> None:
    state = planning.resolve_choose_order_planet(CTX, S0, "braken", [])
    assert planning.legal_order_tokens(CTX, state) == (
        ("build", False),
        ("mobilize", False),
        ("research", False),
    )
    rd = seat_with(state, 0, modules=(("research_and_development", 1),))
    assert ("mobilize", True) in planning.legal_order_tokens(CTX, rd)


def test_resolve_place_order() -> None:
    state, events = play(G, S0, [A.ChooseOrderPlanet("braken"), A.PlaceOrder("research", False)])
    assert state.stacks == (("braken", (OrderToken(0, "research"),)),)
    assert len(state.seat(0).orders) == 8
    assert events == [
        E.OrderPlaced(seat=0, planet="braken"),
        E.OrderFace(seat=0, planet="braken", kind="research", special=False, visible_to=(0,)),
    ]
    # the owner reads one line with the face; the other seat and spectators only the back
    assert G.render_log(events, 0) == ["Player 1 places a Research order on Braken."]
    assert G.render_log(events, 1) == ["Player 1 places an order on Braken."]
    assert G.render_log(events, None) == ["Player 1 places an order on Braken."]


def test_resolve_place_order_hidden_from_its_owner_too_when_the_option_says_so() -> None:
    g, s, _ = raynor_overmind(order_owner_may_view_own_orders=False)
    _, events = play(g, s, [A.ChooseOrderPlanet("braken"), A.PlaceOrder("research", False)])
    assert g.render_log(events, 0) == ["Player 1 places an order on Braken."]


# -- §9: execution ------------------------------------------------------------------------------------------


def _stacked(*stacks: tuple[str, tuple[OrderToken, ...]]) -> State:
    """S0 with these stacks, every other token in its owner's supply, at Execution."""
    seats = list(S0.seats)
    for seat in (0, 1):
        orders = list(seats[seat].orders)
        for _, tokens in stacks:
            for t in tokens:
                if t.owner == seat:
                    orders.remove(t)
        seats[seat] = msgspec.structs.replace(seats[seat], orders=tuple(orders))
    return msgspec.structs.replace(S0, seats=tuple(seats), stacks=stacks, step=STEP_EXECUTION, actor=NOBODY)


def test_stack_tops() -> None:
    state = _stacked(
        ("braken", (OrderToken(0, "build"), OrderToken(1, "build"))),
        ("tarsonis", (OrderToken(0, "research"),)),
    )
    assert execution.stack_tops(state) == {"braken": 1, "tarsonis": 0}


def test_discard_eliminated_tops() -> None:
    state = _stacked(("braken", (OrderToken(0, "build"), OrderToken(1, "build"))))
    state = seat_with(state, 1, eliminated=True)
    events: list[Event] = []
    out = execution.discard_eliminated_tops(CTX, state, events)
    assert out.stacks == (("braken", (OrderToken(0, "build"),)),)
    assert events == [E.OrderDiscarded(seat=1, planet="braken")]
    g, _, _ = raynor_overmind(eliminated_orders_removed="when_reached")
    assert execution.discard_eliminated_tops(g.ctx, state, []) == state


def test_next_turn() -> None:
    # seat 0's only order is under seat 1's: obstructed, it draws an event card; seat 1 acts
    state = _stacked(("braken", (OrderToken(0, "build"), OrderToken(1, "build"))))
    events: list[Event] = []
    out = execution.next_turn(CTX, state, 0, events)
    assert (out.step, out.actor) == (STEP_EXECUTION, 1)
    assert [type(e) for e in events] == [E.Obstructed, E.EventCardDrawn]
    assert len(out.seat(0).pending_events) == 1


def test_begin_execution() -> None:
    state = _stacked(("braken", (OrderToken(1, "build"),)), ("tarsonis", (OrderToken(0, "research"),)))
    assert execution.begin_execution(CTX, state, []).actor == 0  # the first player starts


def test_legal_reveals() -> None:
    state = _stacked(
        ("braken", (OrderToken(1, "build"),)),
        ("tarsonis", (OrderToken(0, "research"),)),
        ("pridewater", (OrderToken(0, "build"),)),
    )
    state = msgspec.structs.replace(state, actor=0)
    assert execution.legal_reveals(CTX, state) == ("pridewater", "tarsonis")


def test_resolve_reveal() -> None:
    state = _stacked(("tarsonis", (OrderToken(1, "mobilize"), OrderToken(0, "research"))))
    out = execution.resolve_reveal(CTX, msgspec.structs.replace(state, actor=0), "tarsonis", [])
    assert out.active_order == ActiveOrder("tarsonis", OrderToken(0, "research"))  # the top: last in
    assert out.stacks == (("tarsonis", (OrderToken(1, "mobilize"),)),) and out.step == EXECUTE_OR_EVENT


def test_resolve_execute_or_event() -> None:
    state = _stacked(("tarsonis", (OrderToken(0, "research"),)), ("braken", (OrderToken(1, "build"),)))
    state = execution.resolve_reveal(CTX, msgspec.structs.replace(state, actor=0), "tarsonis", [])
    events: list[Event] = []
    out = execution.resolve_execute_or_event(CTX, state, False, events)
    assert len(out.seat(0).pending_events) == 1 and out.active_order is None
    assert (
        E.OrderRevealed(seat=0, planet="tarsonis", kind="research", special=False, executed=False) in events
    )
    assert (out.step, out.actor) == (STEP_EXECUTION, 1)


def test_end_order() -> None:
    state = _stacked(("braken", (OrderToken(1, "build"),)))
    state = msgspec.structs.replace(state, active_order=ActiveOrder("tarsonis", OrderToken(0, "research")))
    state = seat_with(state, 0, orders=state.seat(0).orders[:-1])  # 8 in supply + the active one
    out = execution.end_order(CTX, state, [])
    assert len(out.seat(0).orders) == 9 and out.active_order is None
    assert (out.step, out.actor) == (STEP_EXECUTION, 1)


def test_end_order_eliminates_a_seat_left_with_nothing() -> None:
    # as after a battle that destroyed seat 1's last units (its base already gone): the order ends,
    # seat 1 is eliminated at once and seat 0, the last one standing, wins (§16.4)
    state = _stacked(("braken", (OrderToken(1, "build"),)))
    for area in ("chau_sara_1", "chau_sara_2", "chau_sara_3"):
        state = put(state, area, [], base=NOBODY)
    state = msgspec.structs.replace(state, active_order=ActiveOrder("chau_sara", OrderToken(0, "mobilize")))
    state = seat_with(state, 0, orders=state.seat(0).orders[:-1])
    events: list[Event] = []
    out = execution.end_order(CTX, state, events)
    assert out.seat(1).eliminated and (out.step, out.winners, out.victory) == ("over", (0,), "elimination")
    assert E.Eliminated(seat=1) in events


# -- §9: voluntary destruction ------------------------------------------------------------------------------


def test_legal_destructions() -> None:
    state = msgspec.structs.replace(_stacked(("braken", (OrderToken(0, "build"),))), actor=0)
    assert execution.legal_destructions(CTX, state) == (
        A.DestroyPiece("unit", "pridewater_1", "marine"),
        A.DestroyPiece("base", "pridewater_1"),
        A.DestroyPiece("unit", "pridewater_2", "firebat"),
        A.DestroyPiece("unit", "pridewater_3", "vulture"),
        A.DestroyPiece("transport", "4"),
    )


def test_begin_destruction() -> None:
    state = msgspec.structs.replace(_stacked(("braken", (OrderToken(0, "build"),))), actor=0)
    state = execution.begin_destruction(CTX, state, [])
    assert (state.step, state.actor) == ("destroy", 0)
    assert A.DestroyNothing() in G.legal_actions(state, 0)


def test_resolve_destroy() -> None:
    start = msgspec.structs.replace(_stacked(("braken", (OrderToken(0, "build"),))), actor=0)
    state, events = play(
        G, start, [A.VoluntaryDestruction(), A.DestroyPiece("unit", "pridewater_1", "marine")]
    )
    assert [u.kind for u in state.area("pridewater_1").units] == ["marine"]
    assert (state.step, state.actor) == (STEP_EXECUTION, 0)  # then it reveals as usual
    assert G.render_log(events, None) == ["Player 1 destroys its own Marine in Pridewater (3 minerals)."]
    state, _ = play(G, state, [A.VoluntaryDestruction(), A.DestroyPiece("transport", "4")])
    assert state.routes[4].transports == ()
    state, _ = play(G, state, [A.VoluntaryDestruction(), A.DestroyNothing()])
    assert (state.step, state.actor) == (STEP_EXECUTION, 0)


def test_resolve_destroy_of_the_last_piece_eliminates_at_once() -> None:
    # seat 0 keeps only its base: destroying it leaves nothing, it is out and seat 1 wins (§16.4)
    start = msgspec.structs.replace(_stacked(("braken", (OrderToken(0, "build"),))), actor=0)
    for area in ("pridewater_1", "pridewater_2", "pridewater_3"):
        start = put(start, area, [])
    events: list[Event] = []
    out = execution.resolve_destroy(CTX, start, A.DestroyPiece("base", "pridewater_1"), events)
    assert out.seat(0).eliminated and (out.winners, out.victory) == ((1,), "elimination")
