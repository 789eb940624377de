"""The GAPS.md rulings that are rule options, each tested both ways (the §21.4 flags are tested with
the rules they change: test_orders, test_round_rules, test_regrouping, test_galaxy, test_observe)."""

from __future__ import annotations

import msgspec

from tests.games.starcraft.helpers import put, raynor_overmind, seat_with
from turncoat.core.actions import Event
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft.phases import execution, mobilize, regrouping, victory
from turncoat.games.starcraft.state import STEP_EXECUTION, ActiveOrder, OrderToken, Route, State

G, S0, _ = raynor_overmind()
CTX = G.ctx
CUT_OFF = raynor_overmind(cut_off_transport_destroyed="immediately")[0].ctx
ACROSS = raynor_overmind(terran_lift_off_across_planets=True)[0].ctx


def _transport(state: State, route: int, seat: int) -> State:
    routes = tuple(
        Route(r.id, r.kind, r.ends, (*r.transports, seat)) if r.id == route else r for r in state.routes
    )
    return msgspec.structs.replace(state, routes=routes)


def _mobilizing(state: State, planet: str, seat: int) -> State:
    order = ActiveOrder(planet, OrderToken(seat, "mobilize"))
    state = msgspec.structs.replace(state, active_order=order, actor=seat, step=STEP_EXECUTION)
    return mobilize.begin_mobilize(CTX, state, [])


# -- §4.3, GAPS §2.1: cut_off_transport_destroyed -------------------------------------------------------


def test_destroy_cut_off_transports() -> None:
    # Raynor's base gone from Pridewater: his transport on route 4 (Pridewater - Tarsonis) is cut off
    bare = put(S0, "pridewater_1", [(0, "marine")], base=-1)
    events: list[Event] = []
    out = regrouping.destroy_cut_off_transports(CTX, bare, events)
    assert [r.transports for r in out.routes if r.id in (1, 4)] == [(1,), ()]
    assert events == [E.TransportDestroyed(seat=0, route=4)]


def test_destroy_cut_off_transports_now() -> None:
    bare = put(S0, "pridewater_1", [(0, "marine")], base=-1)
    assert regrouping.destroy_cut_off_transports_now(CTX, bare, []) == bare  # FAQ: wait for step 1
    assert regrouping.destroy_cut_off_transports_now(CUT_OFF, bare, []).routes[4].transports == ()


def test_voluntary_destruction_of_a_base_cuts_off_a_transport_per_the_option() -> None:
    # Raynor destroys his own base (§9): by default his transport on route 4 waits for Regrouping
    # step 1; with the CZ p.7 reading it is destroyed at once
    start = msgspec.structs.replace(S0, actor=0, step=STEP_EXECUTION)
    base = A.DestroyPiece("base", "pridewater_1")
    events: list[Event] = []
    kept = execution.resolve_destroy(CTX, start, base, events)
    assert kept.routes[4].transports == (0,)
    assert not any(isinstance(e, E.TransportDestroyed) for e in events)
    events = []
    gone = execution.resolve_destroy(CUT_OFF, start, base, events)
    assert gone.routes[4].transports == ()
    assert E.TransportDestroyed(seat=0, route=4) in events


# -- §10.2, §18, GAPS §2.1: terran_lift_off_across_planets ---------------------------------------------


def test_lift_off_sources() -> None:
    on_tarsonis = _mobilizing(S0, "tarsonis", 0)  # no base of Raynor's on Tarsonis
    assert mobilize.lift_off_sources(CTX, on_tarsonis) == ()  # FORUM: the active planet only
    assert mobilize.lift_off_sources(ACROSS, on_tarsonis) == ("pridewater_1",)  # over route 4
    at_home = _mobilizing(S0, "pridewater", 0)
    assert mobilize.lift_off_sources(ACROSS, at_home) == ("pridewater_1",)  # the base on it first
    no_transport = msgspec.structs.replace(
        on_tarsonis, routes=tuple(Route(r.id, r.kind, r.ends, ()) for r in S0.routes)
    )
    assert mobilize.lift_off_sources(ACROSS, no_transport) == ()  # it crosses as units do


def test_resolve_lift_off_across_planets() -> None:
    # Raynor's base lifts off from Pridewater 1 to Tarsonis 2; his second transport, on route 2
    # (Braken - Pridewater), touches no planet with his base now
    state = _transport(_mobilizing(S0, "tarsonis", 0), 2, 0)
    lift = A.LiftOff("pridewater_1", "tarsonis_2")
    assert lift not in mobilize.legal_moves(CTX, state)
    assert lift in mobilize.legal_moves(ACROSS, state)
    out = mobilize.resolve_lift_off(ACROSS, state, lift, [])
    assert (out.area("pridewater_1").base, out.area("tarsonis_2").base) == (-1, 0)
    assert (out.routes[2].transports, out.routes[4].transports) == ((0,), (0,))  # step 1 decides
    both = raynor_overmind(terran_lift_off_across_planets=True, cut_off_transport_destroyed="immediately")
    events: list[Event] = []
    out = mobilize.resolve_lift_off(both[0].ctx, state, lift, events)
    assert (out.routes[2].transports, out.routes[4].transports) == ((), (0,))
    assert events == [E.TransportDestroyed(seat=0, route=2)]


# -- §16.2, GAPS §2.3: invented_special_victories --------------------------------------------------------


def test_objective_met_with_an_invented_objective() -> None:
    # Tassadar's objective is the placeholder pack's (control areas on 5 planets, Stage III; the
    # board has 4, so all 4 suffice): it counts by default, never with the option off
    tassadar = seat_with(msgspec.structs.replace(S0, event_deck=()), 0, faction="tassadar")
    tassadar = put(put(tassadar, "braken_1", [(0, "zealot")]), "tarsonis_1", [(0, "zealot")])
    tassadar = put(tassadar, "chau_sara_2", [(0, "zealot")])
    assert CTX.t.faction["tassadar"].special_victory.invented
    assert victory.objective_met(CTX, tassadar, 0)
    strict = raynor_overmind(invented_special_victories=False)[0].ctx
    assert not victory.objective_met(strict, tassadar, 0)
    assert not victory.objective_met(CTX, put(tassadar, "chau_sara_2", [(1, "zergling")]), 0)
