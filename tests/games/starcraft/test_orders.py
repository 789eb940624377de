"""Per-rule tests of the Build, Mobilize and Research orders (§10, §11, §12, §18) on the 2-player
table of ``helpers`` (Raynor seat 0, Overmind seat 1)."""

from __future__ import annotations

import random

import msgspec

from tests.games.starcraft.helpers import put, raynor_overmind, seat_with
from turncoat.core.actions import Event
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft.phases import build, mobilize, research
from turncoat.games.starcraft.phases.combat_cards import draw_combat_cards
from turncoat.games.starcraft.state import (
    BATTLE_STEPS,
    BUILD,
    EXECUTE_OR_EVENT,
    MOBILIZE,
    NOBODY,
    PAY,
    RESEARCH_DRAW,
    STEP_EXECUTION,
    ActiveOrder,
    BuildProgress,
    MobilizeProgress,
    OrderToken,
    Purchase,
    State,
)

G, S0, _ = raynor_overmind()
CTX = G.ctx


def executing(state: State, planet: str, seat: int, kind: str, special: bool = False) -> State:
    """``state`` with ``seat``'s order of ``kind`` on ``planet`` revealed and being executed."""
    token = OrderToken(seat, kind, special)  # type: ignore[arg-type]
    return msgspec.structs.replace(
        state, active_order=ActiveOrder(planet, token), actor=seat, step=STEP_EXECUTION
    )


# -- §10.1: Build -----------------------------------------------------------------------------------------


def test_begin_build() -> None:
    state = build.begin_build(CTX, executing(S0, "pridewater", 0, "build"), [])
    assert (state.step, state.actor, state.build) == (BUILD, 0, BuildProgress(stage=1))
    # a unit but no base: the units step is closed; nothing there: no effect
    away = put(S0, "braken_1", [(0, "marine")])
    assert build.begin_build(CTX, executing(away, "braken", 0, "build"), []).build == BuildProgress(stage=2)
    none = build.begin_build(CTX, executing(S0, "tarsonis", 0, "build"), [])
    assert (none.step, none.actor) == (STEP_EXECUTION, NOBODY)


def test_unit_build_limit() -> None:
    assert build.unit_build_limit(CTX, S0, 0, False) == 2  # Terran: 2 + Supply modules
    supply = seat_with(S0, 0, modules=(("supply", 2),))
    assert build.unit_build_limit(CTX, supply, 0, True) == 5  # + 2 Supply + 1 special
    # Zerg: 2 per different building type (one at the start), at most 6
    assert build.unit_build_limit(CTX, S0, 1, False) == 2
    three = seat_with(S0, 1, buildings=(("queens_nest", 1), ("spawning_pool", 3), ("spire", 1)))
    assert build.unit_build_limit(CTX, three, 1, False) == 6
    assert build.unit_build_limit(CTX, three, 1, True) == 7


def test_unlocked_units() -> None:
    assert build.unlocked_units(CTX, S0, 0) == ("marine",)  # Barracks level I
    up = seat_with(S0, 0, buildings=(("barracks", 2), ("factory", 1)))
    assert set(build.unlocked_units(CTX, up, 0)) == {"marine", "firebat", "vulture"}


def test_next_building_level() -> None:
    nxt = build.next_building_level(CTX, S0, 0, "barracks")
    assert nxt is not None and nxt[0] == 2
    top = seat_with(S0, 0, buildings=(("barracks", 3),))
    assert build.next_building_level(CTX, top, 0, "barracks") is None  # no level IV, no skipping


def test_module_allowed() -> None:
    assert build.module_allowed(CTX, S0, 0, "supply")
    assert not build.module_allowed(CTX, S0, 1, "supply")  # Zerg have no Supply modules
    full = seat_with(S0, 1, modules=(("air_support", 1), ("research_and_development", 2)))
    assert not build.module_allowed(CTX, full, 1, "research_and_development")  # 3 spaces used
    one = seat_with(S0, 0, modules=(("air_support", 1),))
    assert not build.module_allowed(CTX, one, 0, "air_support")  # one token


def test_legal_build_options() -> None:
    state = build.begin_build(CTX, executing(S0, "pridewater", 0, "build"), [])
    options = build.legal_build_options(CTX, state)
    assert A.BuildWorker() in options and A.EndBuild() in options
    assert A.BuildTransport(0) in options and A.BuildTransport(4) not in options  # one per route
    # Marines: Pridewater 1 (4, two Marines), 2 (4, a Firebat), 3 (3, a Vulture)
    assert [o for o in options if isinstance(o, A.BuildUnit)] == [
        A.BuildUnit("marine", a) for a in ("pridewater_1", "pridewater_2", "pridewater_3")
    ]
    assert A.BuyBuilding("barracks") in options and A.BuyModule("supply") in options
    assert not any(isinstance(o, A.BuildBase) for o in options)  # already a base here
    after = msgspec.structs.replace(state, build=BuildProgress(stage=2, building=True))
    later = build.legal_build_options(CTX, after)
    assert not any(isinstance(o, A.BuildUnit | A.BuyBuilding) for o in later)  # step order
    # a unit but no base: one base, in an area with that unit
    away = put(S0, "braken_2", [(0, "marine")])
    state = build.begin_build(CTX, executing(away, "braken", 0, "build"), [])
    assert A.BuildBase("braken_2") in build.legal_build_options(CTX, state)
    assert A.BuildBase("braken_1") not in build.legal_build_options(CTX, state)


def test_resolve_build_choice() -> None:
    state = build.begin_build(CTX, executing(S0, "pridewater", 0, "build"), [])
    out = build.resolve_build_choice(CTX, state, A.BuildUnit("marine", "pridewater_2"), [])
    assert out.step == PAY and out.build is not None
    assert out.build.paying == Purchase("unit", "marine", "pridewater_2", 1, 0)
    done = build.resolve_build_choice(CTX, state, A.EndBuild(), [])
    assert (done.step, done.actor) == (STEP_EXECUTION, NOBODY)


def test_legal_payments() -> None:
    state = build.begin_build(CTX, executing(S0, "pridewater", 0, "build", special=True), [])
    state = build.resolve_build_choice(CTX, state, A.BuildUnit("marine", "pridewater_2"), [])
    assert build.legal_payments(CTX, state) == (
        A.Pay("discount", "minerals"),  # the special order's one free resource (§10.4)
        A.Pay("permanent", "minerals"),
        A.Pay("card", "minerals", "pridewater_1"),
        A.Pay("card", "minerals", "pridewater_3"),
    )


def test_legal_payments_of_a_worker_have_no_discount() -> None:
    # §10.4: the discount is on a unit, base, transport, building or module, not a worker; with a
    # single worker in the pool only one resource can be paid
    state = build.begin_build(CTX, executing(S0, "pridewater", 0, "build", special=True), [])
    state = build.resolve_build_choice(CTX, seat_with(state, 0, worker_pool=1), A.BuildWorker(), [])
    assert build.legal_payments(CTX, state) == (
        A.Pay("permanent", "minerals"),
        A.Pay("card", "minerals", "pridewater_1"),
        A.Pay("card", "minerals", "pridewater_3"),
    )
    state = build.begin_build(CTX, executing(S0, "pridewater", 0, "build"), [])
    assert A.BuildTransport(0) not in build.legal_build_options(CTX, seat_with(state, 0, worker_pool=0))


def test_resolve_pay() -> None:
    state = build.begin_build(CTX, executing(S0, "pridewater", 0, "build"), [])
    state = build.resolve_build_choice(CTX, state, A.BuildUnit("marine", "pridewater_2"), [])
    events: list[Event] = []
    out = build.resolve_pay(CTX, state, A.Pay("permanent", "minerals"), events)
    assert out.step == BUILD and out.build is not None and out.build.units == 1
    assert [u.kind for u in out.area("pridewater_2").units] == ["firebat", "marine"]
    assert events == [
        E.Bought(
            seat=0,
            item="unit",
            target="marine",
            place="pridewater_2",
            level=0,
            paid=(("permanent", "minerals", ""),),
            depleted=(),
        )
    ]


def test_make_purchase() -> None:
    state, _ = build.make_purchase(CTX, S0, 0, Purchase("worker", "", "", 1, 0))
    assert state.seat(0).unavailable_workers == 1  # a new worker cannot pay this round
    state, _ = build.make_purchase(CTX, S0, 0, Purchase("transport", "", "0", 1, 0))
    assert state.routes[0].transports == (0,)
    state, level = build.make_purchase(CTX, S0, 0, Purchase("building", "barracks", "", 1, 0))
    assert level == 2 and dict(state.seat(0).buildings) == {"barracks": 2}
    state, _ = build.make_purchase(CTX, S0, 0, Purchase("module", "supply", "", 1, 0))
    assert state.seat(0).modules == (("supply", 1),)
    state, _ = build.make_purchase(CTX, S0, 0, Purchase("base", "", "braken_1", 2, 0))
    assert state.area("braken_1").base == 0


# -- §10.2: Mobilize --------------------------------------------------------------------------------------


def _mobilizing(state: State, planet: str, seat: int) -> State:
    return mobilize.begin_mobilize(CTX, executing(state, planet, seat, "mobilize"), [])


def test_begin_mobilize() -> None:
    state = _mobilizing(S0, "tarsonis", 0)
    assert (state.step, state.actor, state.mobilize) == (MOBILIZE, 0, MobilizeProgress())


def test_is_enemy_area() -> None:
    assert mobilize.is_enemy_area(CTX, S0.area("chau_sara_1"), 0)
    base_only = put(S0, "chau_sara_3", []).area("chau_sara_3")
    assert mobilize.is_enemy_area(CTX, base_only, 0)
    g, _, _ = raynor_overmind(enemy_base_only_area_counts_as_enemy_area=False)
    assert not mobilize.is_enemy_area(g.ctx, base_only, 0)


def test_teammate_there() -> None:
    state = msgspec.structs.replace(S0, teams=(0, 0))
    assert mobilize.teammate_there(state, state.area("chau_sara_1"), 0)
    assert not mobilize.teammate_there(S0, S0.area("chau_sara_1"), 0)


def test_orbital_defense() -> None:
    assert not mobilize.orbital_defense(S0, S0.area("chau_sara_3"), 0)
    air = seat_with(S0, 1, modules=(("air_support", 1),))
    assert mobilize.orbital_defense(air, air.area("chau_sara_3"), 0)
    assert not mobilize.orbital_defense(air, air.area("chau_sara_3"), 1)  # its own base


def test_movable() -> None:
    progress = MobilizeProgress(moves=(("marine", "pridewater_2", "pridewater_1"),))
    assert mobilize.movable(progress, S0.area("pridewater_1"), 0, "marine") == 1  # one arrived


def test_sources() -> None:
    # Tarsonis: its own areas, and Pridewater's over seat 0's transport on route 4
    state = _mobilizing(S0, "tarsonis", 0)
    assert mobilize.sources(CTX, state) == (
        ("tarsonis_1", None),
        ("tarsonis_2", None),
        ("tarsonis_3", None),
        ("pridewater_1", 4),
        ("pridewater_2", 4),
        ("pridewater_3", 4),
    )
    g, _, _ = raynor_overmind(transport_capacity=1)
    used = msgspec.structs.replace(state, mobilize=MobilizeProgress(carried=((4, 1),)))
    assert len(mobilize.sources(g.ctx, used)) == 3  # the transport carried its one unit


def test_destination_ok() -> None:
    state = _mobilizing(S0, "pridewater", 0)
    assert mobilize.destination_ok(CTX, state, state.area("pridewater_2"), False)
    full = put(state, "pridewater_3", [(0, "vulture"), (0, "marine"), (0, "marine")])
    assert not mobilize.destination_ok(CTX, full, full.area("pridewater_3"), False)  # limit 3
    state = _mobilizing(S0, "chau_sara", 0)
    assert mobilize.destination_ok(CTX, state, state.area("chau_sara_1"), True)  # the one enemy area
    other = msgspec.structs.replace(state, mobilize=MobilizeProgress(enemy_area="chau_sara_2"))
    assert not mobilize.destination_ok(CTX, other, other.area("chau_sara_1"), True)


def test_legal_moves() -> None:
    state = _mobilizing(S0, "tarsonis", 0)
    moves = mobilize.legal_moves(CTX, state)
    assert A.MoveUnit("marine", "pridewater_1", "tarsonis_1") in moves
    assert A.MoveUnit("vulture", "pridewater_3", "tarsonis_3") in moves
    assert moves[-1] == A.EndMove()
    # Terran lift-off on the active planet (§18): the base to another friendly or empty area
    home = _mobilizing(S0, "pridewater", 0)
    assert A.LiftOff("pridewater_1", "pridewater_2") in mobilize.legal_moves(CTX, home)
    assert not any(
        isinstance(m, A.LiftOff) for m in mobilize.legal_moves(CTX, _mobilizing(S0, "chau_sara", 1))
    )


def test_resolve_move() -> None:
    state = _mobilizing(S0, "tarsonis", 0)
    out = mobilize.resolve_move(CTX, state, A.MoveUnit("marine", "pridewater_1", "tarsonis_1"), [])
    assert [u.kind for u in out.area("tarsonis_1").units] == ["marine"]
    assert len(out.area("pridewater_1").units) == 1
    assert out.mobilize == MobilizeProgress(
        moves=(("marine", "pridewater_1", "tarsonis_1"),), carried=((4, 1),)
    )
    # the arrived Marine moves no more
    assert A.MoveUnit("marine", "tarsonis_1", "tarsonis_2") not in mobilize.legal_moves(CTX, out)


def test_resolve_lift_off() -> None:
    state = _mobilizing(S0, "pridewater", 0)
    out = mobilize.resolve_lift_off(CTX, state, A.LiftOff("pridewater_1", "pridewater_2"), [])
    assert (out.area("pridewater_1").base, out.area("pridewater_2").base) == (NOBODY, 0)
    assert not any(isinstance(m, A.LiftOff) for m in mobilize.legal_moves(CTX, out))  # once


def test_resolve_end_move() -> None:
    state = _mobilizing(S0, "tarsonis", 0)
    state = mobilize.resolve_move(CTX, state, A.MoveUnit("marine", "pridewater_1", "tarsonis_1"), [])
    events: list[Event] = []
    out = mobilize.resolve_end_move(CTX, state, events)
    assert (out.step, out.actor) == (STEP_EXECUTION, NOBODY)
    assert events == [
        E.UnitsMoved(
            seat=0, planet="tarsonis", moves=(("marine", "pridewater_1", "tarsonis_1"),), lift_off=None
        )
    ]
    assert G.render_log(events, None) == [
        "Player 1 moves a Marine from Pridewater (3 minerals) to Tarsonis (1 CP)."
    ]


def _attacking(special: bool) -> State:
    """Seat 1's Zergling moved into Chau Sara 2, held by seat 0's Marine, under a Mobilize order."""
    state = put(S0, "chau_sara_2", [(0, "marine")])
    state = mobilize.begin_mobilize(CTX, executing(state, "chau_sara", 1, "mobilize", special), [])
    return mobilize.resolve_move(CTX, state, A.MoveUnit("zergling", "chau_sara_1", "chau_sara_2"), [])


def test_start_battle() -> None:
    # a move into an area with enemy units hands the battle to the combat module (§13): the mover
    # attacks, draws 3 combat cards (5 under a special Mobilize order, §10.4) and the defender 1
    for special, drawn in ((False, 3), (True, 5)):
        state = _attacking(special)
        events: list[Event] = []
        out = mobilize.resolve_end_move(CTX, state, events)
        started = [e for e in events if isinstance(e, E.BattleStarted)]
        assert started == [
            E.BattleStarted(
                area="chau_sara_2",
                attacker=1,
                defender=0,
                special=special,
                attacking=("zergling",),
                defending=("marine",),
            )
        ]
        assert [(e.seat, e.cards) for e in events if isinstance(e, E.CombatCardCount)] == [(1, drawn), (0, 1)]
        assert out.battle is not None and out.battle.special is special
        assert out.active_order == state.active_order and out.step in BATTLE_STEPS


# -- §10.3: Research ------------------------------------------------------------------------------------


def test_begin_research() -> None:
    events: list[Event] = []
    state = research.begin_research(CTX, executing(S0, "chau_sara", 1, "research"), events)
    assert (state.step, state.actor) == (RESEARCH_DRAW, 1)
    assert len(state.seat(1).pending_events) == 1  # step 1: an event card, mandatory
    none = research.begin_research(CTX, executing(S0, "tarsonis", 1, "research"), [])
    assert (none.step, none.actor, none.seat(1).pending_events) == (STEP_EXECUTION, NOBODY, ())


def test_research_draws_with_the_combat_deck_reshuffle() -> None:
    """§10.3: Research draws through the one drawing function of combat (combat_cards), the
    discard pile becoming the deck as soon as its last card is drawn."""
    events: list[Event] = []
    deck = S0.seat(1).combat_deck
    state = draw_combat_cards(CTX, S0, 1, 3, events)
    assert set(deck[-3:]) <= set(state.seat(1).hand) and state.seat(1).combat_deck == deck[:-3]
    assert events[0] == E.CombatCardsDrawn(seat=1, cards=tuple(reversed(deck[-3:])), visible_to=(1,))
    assert events[1] == E.CombatCardCount(seat=1, cards=3)
    # the last card drawn: the discard pile becomes the deck at once, and the drawing goes on
    low = seat_with(S0, 1, combat_deck=deck[:1], combat_discard=deck[1:4])
    out = draw_combat_cards(CTX, low, 1, 3, [])
    assert len(out.seat(1).hand) == 6 + 3 and len(out.seat(1).combat_deck) == 1
    assert out.seat(1).combat_discard == ()


def test_resolve_research_draw() -> None:
    # without the invented technologies nothing can be bought: the step goes straight on to the
    # special order's bonus (test_technologies.py covers the purchase)
    ctx = raynor_overmind(invented_technologies=False)[0].ctx
    state = research.begin_research(ctx, executing(S0, "chau_sara", 1, "research", special=True), [])
    out = research.resolve_research_draw(ctx, state, True, [])
    assert len(out.seat(1).hand) == 9
    assert len(out.seat(1).pending_events) == 2  # the special order's extra event card
    assert (out.step, out.actor) == (STEP_EXECUTION, NOBODY)
    plain = research.begin_research(CTX, executing(S0, "chau_sara", 1, "research"), [])
    assert len(research.resolve_research_draw(CTX, plain, False, []).seat(1).hand) == 6


def test_start_battle_hands_back_at_execution() -> None:
    # The seam of docs/starcraft.md: the battle started by the Mobilize order runs to its end in
    # the combat module and hands back at STEP_EXECUTION with nobody to act; the game then ends the
    # order at once: the token back to its owner, a seat left with nothing eliminated, the turn
    # passed on.  Seat 1's last piece, a Zergling in Tarsonis 1, is attacked by seat 0.
    state = S0
    for area in ("chau_sara_1", "chau_sara_2", "chau_sara_3"):
        state = put(state, area, [], base=NOBODY)
    state = put(state, "tarsonis_1", [(1, "zergling")])
    token = OrderToken(0, "mobilize")
    orders = list(state.seat(0).orders)
    orders.remove(token)
    state = seat_with(state, 0, orders=tuple(orders))
    state = msgspec.structs.replace(state, stacks=(("braken", (OrderToken(1, "build"),)),))
    state = msgspec.structs.replace(
        state, active_order=ActiveOrder("tarsonis", token), step=EXECUTE_OR_EVENT, actor=0
    )
    for action in (
        A.ExecuteOrder(True),
        A.MoveUnit("marine", "pridewater_1", "tarsonis_1"),
        A.MoveUnit("vulture", "pridewater_3", "tarsonis_1"),
    ):
        state = G.apply(state, 0, action).state
    for seed in range(6):  # random decisions: seat 0 wins some battles and loses others (seeds 0-5)
        rnd = random.Random(seed)
        tr = G.apply(state, 0, A.EndMove())
        out, events = tr.state, list(tr.events)
        while out.battle is not None:
            (seat,) = G.to_act(out)
            tr = G.apply(out, seat, rnd.choice(list(G.legal_actions(out, seat))))
            out, events = tr.state, events + list(tr.events)
        ended = next(e for e in events if isinstance(e, E.BattleEnded))
        after = [type(e).__name__ for e in events[events.index(ended) + 1 :]]
        assert len(out.seat(0).orders) == 9 and out.active_order is None  # the token is back
        if ended.winner == 0:  # seat 1 has nothing left
            assert out.seat(1).eliminated and (out.winners, out.victory) == ((0,), "elimination")
            assert after == ["Eliminated", "GameWon"]
        else:  # seat 1 still has pieces: it is seat 1's turn to reveal its Build on Braken
            assert not out.seat(1).eliminated and (out.step, out.actor) == (STEP_EXECUTION, 1)
