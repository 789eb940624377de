"""Hand-computed records of whole rounds (RULES §7-§17) on the 2-player table of ``helpers``.

Each expected value was worked out by hand from the rules and the table before the test was run;
the comments give the reasoning.
"""

from __future__ import annotations

import msgspec

from tests.games.starcraft.helpers import play, put, raynor_overmind, seat_with
from turncoat.core.actions import Event
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft.phases import regrouping
from turncoat.games.starcraft.state import NOBODY, OVER, PLANNING, OrderKind, OrderToken

B: OrderKind = "build"
M: OrderKind = "mobilize"
R: OrderKind = "research"
TEDN = "the_end_draws_near"


def _plan(*orders: tuple[str, str]) -> list[A.StarcraftAction]:
    out: list[A.StarcraftAction] = []
    for planet, kind in orders:
        out += [A.ChooseOrderPlanet(planet), A.PlaceOrder(kind, False)]
    return out


# Round 1 of the golden stack record: seats alternate 0, 1, 0, 1, ... (§8, first player 0).
STACK_PLAN = _plan(
    ("pridewater", B),  # 0: the bottom of Pridewater's stack
    ("tarsonis", M),  # 1
    ("pridewater", M),  # 0: on top of its own Build: executed first (§9, last in, first out)
    ("chau_sara", R),  # 1
    ("tarsonis", R),  # 0: on top of seat 1's Mobilize
    ("chau_sara", B),  # 1: on top of its own Research
    ("braken", M),  # 0
    ("braken", M),  # 1: on top of seat 0's: seat 0's order there is buried
)


def test_golden_order_stack_last_in_first_out_with_an_obstructed_order() -> None:
    # hand-computed with every event card an inert hook and no technology to buy (GAPS §3): the card
    # seat 0 resolves is a placeholder whose invented effect would keep it in the play area, and the
    # Research orders here skip the purchase step (test_technologies.py records a purchase), so both
    # options are pinned off
    g, state, _ = raynor_overmind(invented_event_effects=False, invented_technologies=False)
    state, _ = play(g, state, STACK_PLAN)
    tok = OrderToken
    assert state.stacks == (
        ("braken", (tok(0, M), tok(1, M))),
        ("chau_sara", (tok(1, R), tok(1, B))),
        ("pridewater", (tok(0, B), tok(0, M))),
        ("tarsonis", (tok(1, M), tok(0, R))),
    )
    state, events = play(
        g,
        state,
        [
            # seat 0's tops: Pridewater (its Mobilize, the last placed there) and Tarsonis
            A.RevealOrder("pridewater"),
            A.ExecuteOrder(True),
            A.MoveUnit("marine", "pridewater_1", "pridewater_3"),  # Pridewater 3: limit 3, a Vulture
            A.EndMove(),
            # seat 1's tops: Braken and Chau Sara (its Build, over its Research)
            A.RevealOrder("chau_sara"),
            A.ExecuteOrder(False),  # the event option: a Stage I card, face down
            # seat 0: Pridewater (Build) and Tarsonis (Research)
            A.RevealOrder("tarsonis"),
            A.ExecuteOrder(True),  # no base on Tarsonis: no effect (§10.3)
            # seat 1: Braken, Chau Sara (Research) and Tarsonis (Mobilize, now uncovered)
            A.RevealOrder("chau_sara"),
            A.ExecuteOrder(True),  # base there: an event card (step 1), then the combat cards
            A.DrawCombatCards(False),
            # seat 0: only Pridewater's Build is on top (it could also destroy a piece first, §9)
            A.RevealOrder("pridewater"),
            A.ExecuteOrder(True),
            A.BuildUnit("marine", "pridewater_1"),
            A.Pay("permanent", "minerals"),
            A.EndBuild(),
            # seat 1: Braken and Tarsonis
            A.RevealOrder("tarsonis"),
            A.ExecuteOrder(True),
            A.MoveUnit("zergling", "chau_sara_1", "tarsonis_1"),  # over its transport on route 1
            A.EndMove(),
            # seat 0's last order (Braken) is under seat 1's: obstructed, it draws an event card.
            A.RevealOrder("braken"),  # seat 1's only order on top
            A.ExecuteOrder(False),
            # seat 0: Braken is uncovered; its transport is on route 4 only, so nothing can reach
            # Braken and the move step has a single choice (end): not asked.
            A.RevealOrder("braken"),
            A.ExecuteOrder(True),
        ],
    )
    revealed = [(e.seat, e.planet, e.kind, e.executed) for e in events if isinstance(e, E.OrderRevealed)]
    assert revealed == [
        (0, "pridewater", M, True),  # last in, first out
        (1, "chau_sara", B, False),
        (0, "tarsonis", R, True),
        (1, "chau_sara", R, True),
        (0, "pridewater", B, True),
        (1, "tarsonis", M, True),
        (1, "braken", M, False),
        (0, "braken", M, True),
    ]
    # the obstruction comes between seat 1's Tarsonis order and its Braken order
    kinds = [type(e).__name__ for e in events if isinstance(e, E.OrderRevealed | E.Obstructed)]
    assert kinds[5:8] == ["OrderRevealed", "Obstructed", "OrderRevealed"]
    drawn = [(e.seat, e.stage) for e in events if isinstance(e, E.EventCardDrawn)]
    assert drawn == [(1, 1), (1, 1), (0, 1), (1, 1)]  # 5 Stage I cards with 2 players: all Stage I
    # Regrouping: 1 worker back to seat 0 (the Marine's mineral); seat 1 controls Chau Sara 1 (two
    # Zerglings left) and Tarsonis 1: 2 CP; seat 0 controls no CP area.
    assert [(e.seat, e.workers) for e in events if isinstance(e, E.WorkersRetrieved)] == [(0, 1)]
    assert [(e.seat, e.cp) for e in events if isinstance(e, E.ConquestPointsScored)] == [(1, 2)]
    # step 8: seat 0 (first player) has 1 new card, seat 1 has 3
    assert (state.step, state.actor) == ("play_event", 0)
    assert [len(p.pending_events) for p in state.seats] == [1, 3]
    card0 = state.seat(0).pending_events[0]
    state, events = play(g, state, [A.PlayEvent(card0), A.PlayEvent(None)])
    assert state.event_discard[:1] == (card0,) and len(state.event_discard) == 4
    # step 9: hands 8 (Terran limit 8) and 6: nobody discards; step 10: seat 1 is first player
    assert (state.round, state.step, state.first_player, state.actor) == (2, PLANNING, 1, 1)
    assert not state.stacks and [len(p.orders) for p in state.seats] == [9, 9]
    assert [p.cp for p in state.seats] == [0, 2]
    units = {a.id: [u.kind for u in a.units] for a in state.areas if a.units}
    assert units["pridewater_1"] == ["marine", "marine"]  # one left, one built
    assert units["pridewater_3"] == ["marine", "vulture"]
    assert units["tarsonis_1"] == ["zergling"]


def test_golden_build_paid_with_force_mining() -> None:
    # Seat 0 (Raynor) pays for two Marines (1 mineral each) and Barracks level 2 (1 mineral, the
    # placeholder pack) with Pridewater 3's card (1 mineral): the first worker fills it, the second
    # force mines it (partially depleted), the third force mines it again: the card leaves the
    # game, its 3 workers go to the Unavailable Workers area, the area is depleted.
    g, state, _ = raynor_overmind()
    plan = _plan(
        ("pridewater", B),
        ("chau_sara", R),
        ("pridewater", R),
        ("chau_sara", R),
        ("tarsonis", M),
        ("chau_sara", B),
        ("braken", M),
        ("tarsonis", M),
    )
    state, _ = play(g, state, plan)
    # seat 0's tops: Braken and Pridewater (its Research, over its Build)
    state, events = play(
        g,
        state,
        [
            A.RevealOrder("braken"),
            A.ExecuteOrder(False),
            A.RevealOrder("chau_sara"),  # seat 1: Chau Sara (its Build) or Tarsonis
            A.ExecuteOrder(False),
            A.RevealOrder("pridewater"),  # seat 0: only Pridewater's Research is on top
            A.ExecuteOrder(False),
            A.RevealOrder("tarsonis"),
            A.ExecuteOrder(False),  # seat 1's Mobilize on Tarsonis, over seat 0's
        ],
    )
    # seat 0: Pridewater (Build) and Tarsonis (its Mobilize)
    state, events = play(
        g,
        state,
        [
            A.RevealOrder("pridewater"),
            A.ExecuteOrder(True),
            A.BuildUnit("marine", "pridewater_1"),
            A.Pay("card", "minerals", "pridewater_3"),  # 1 of 1: the card is full
            A.BuildUnit("marine", "pridewater_1"),
            A.Pay("force", "minerals", "pridewater_3"),  # beyond capacity: partially depleted
            A.BuyBuilding("barracks"),  # step 2 (units are no longer offered)
            A.Pay("force", "minerals", "pridewater_3"),  # again: depleted, the card leaves
            A.EndBuild(),
        ],
    )
    bought = [(e.item, e.target, e.place, e.paid, e.depleted) for e in events if isinstance(e, E.Bought)]
    assert bought == [
        ("unit", "marine", "pridewater_1", (("card", "minerals", "pridewater_3"),), ()),
        ("unit", "marine", "pridewater_1", (("force", "minerals", "pridewater_3"),), (("pridewater_3", 1),)),
        ("building", "barracks", "", (("force", "minerals", "pridewater_3"),), (("pridewater_3", 2),)),
    ]
    lines = g.render_log(events, 0)
    assert (
        "Player 1 buys Barracks level 2, paying 1 mineral force mined from Pridewater (1 mineral); "
        "Pridewater (1 mineral) is now depleted." in lines
    )
    p = state.seat(0)
    assert (p.worker_pool, p.unavailable_workers) == (5, 3)
    assert [c.area for c in p.resource_cards] == ["pridewater_1", "pridewater_2"]
    assert state.area("pridewater_3").depletion == 2
    assert dict(p.buildings) == {"barracks": 2}
    assert [u.kind for u in state.area("pridewater_1").units] == ["marine"] * 4  # limit 4
    # the rest of the round: regrouping gives the 3 workers back; no card for a depleted area
    while state.step != PLANNING:
        (seat,) = g.to_act(state)
        options = g.legal_actions(state, seat)
        pick = A.ExecuteOrder(False) if A.ExecuteOrder(False) in options else options[0]
        state = g.apply(state, seat, pick).state
    p = state.seat(0)
    assert (p.worker_pool, p.unavailable_workers) == (8, 0)
    assert [c.area for c in p.resource_cards] == ["pridewater_1", "pridewater_2"]
    assert state.area("pridewater_3").depletion == 2


def test_golden_normal_victory_at_regrouping_step_6() -> None:
    # Seat 1 (the Overmind) starts the round with 13 CP.  It keeps Chau Sara 1 (1 CP) and moves a
    # Zergling onto Tarsonis 1 (1 CP): 15 at step 5, its threshold (no Aldaris): it wins at step 6,
    # before any event card is played.  Seat 0 controls no CP area.
    g, state, _ = raynor_overmind()
    seats = list(state.seats)
    seats[1] = msgspec.structs.replace(seats[1], cp=13)
    state = msgspec.structs.replace(state, seats=tuple(seats))
    state, _ = play(
        g,
        state,
        _plan(
            ("pridewater", R),
            ("tarsonis", M),
            ("pridewater", R),
            ("chau_sara", R),
            ("braken", M),
            ("chau_sara", R),
            ("braken", B),
            ("braken", M),
        ),
    )
    state, events = play(
        g,
        state,
        [
            A.RevealOrder("pridewater"),  # seat 0: only Pridewater is on top
            A.ExecuteOrder(False),
            A.RevealOrder("tarsonis"),
            A.ExecuteOrder(True),
            A.MoveUnit("zergling", "chau_sara_1", "tarsonis_1"),
            A.EndMove(),
        ],
    )
    while state.step != OVER:
        (seat,) = g.to_act(state)
        options = g.legal_actions(state, seat)  # every other order: the event option
        state, more = play(
            g, state, [A.ExecuteOrder(False) if A.ExecuteOrder(False) in options else options[0]]
        )
        events += more
    assert [p.cp for p in state.seats] == [0, 15]
    assert (state.winners, state.victory) == ((1,), "normal")
    outcome = g.outcome(state)
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (0.0, 1.0)
    assert not any(isinstance(e, E.EventPlayed) for e in events)  # step 8 never came
    assert g.render_log(events, None)[-1] == "Player 2 wins a normal victory."


def test_golden_special_victory_of_the_overmind() -> None:
    # Stage III on top of the event deck (§16.2).  The Overmind (seat 1) has bases on Chau Sara,
    # Braken 1 and Tarsonis 1 (a Zergling in each new one).  Regrouping: nothing destroyed; it is
    # the only base on Braken and Tarsonis, so it gains the cards of their empty mineral and gas
    # areas (Braken 2, 3; Tarsonis 2, 3); CP: Chau Sara 1, Braken 1, Tarsonis 1 = 3, far from 15;
    # step 7: bases on three planets: a special victory.  Raynor controls 3 mineral/gas areas of
    # the 6 his objective needs.
    g, state, _ = raynor_overmind()
    state = msgspec.structs.replace(state, event_deck=state.event_deck[:20], stacks=(), actor=NOBODY)
    state = put(state, "braken_1", [(1, "zergling")], base=1)
    state = put(state, "tarsonis_1", [(1, "zergling")], base=1)
    events: list[Event] = []
    state = regrouping.begin_regrouping(g.ctx, state, events)
    gained = [e.area for e in events if isinstance(e, E.ResourceCardGained)]
    assert gained == ["tarsonis_2", "tarsonis_3", "braken_2", "braken_3"]  # planets in placement order
    assert [p.cp for p in state.seats] == [0, 3]
    assert (state.step, state.winners, state.victory) == (OVER, (1,), "special")
    assert g.render_log(events, None)[-1] == "Player 2 wins a special victory."


def test_golden_end_game_victory_by_the_end_draws_near() -> None:
    # One *The End Draws Near* already lies in the common area; Raynor (seat 0) drew the second.
    # Regrouping: CP 3 + 0 and 5 + 1 (Chau Sara 1); no normal or special victory (Stage I on top);
    # step 8: Raynor must play it (not asked): two in the common area: the game ends and the most
    # CP wins: the Overmind, 6 to 3 (§16.3).  With Aldaris in Raynor's seat, Aldaris would win.
    g, state, _ = raynor_overmind()
    state = msgspec.structs.replace(state, stacks=(), actor=NOBODY, end_draws_near=1)
    state = seat_with(state, 0, cp=3, pending_events=(TEDN,))
    state = seat_with(state, 1, cp=5)
    events: list[Event] = []
    out = regrouping.begin_regrouping(g.ctx, state, events)
    assert [p.cp for p in out.seats] == [3, 6]
    assert out.end_draws_near == 2
    assert (out.step, out.winners, out.victory) == (OVER, (1,), "end_game")
    assert E.EventPlayed(seat=0, card=TEDN, discarded=(), end_draws_near=1, hook=True) in events
    aldaris = regrouping.begin_regrouping(g.ctx, seat_with(state, 0, faction="aldaris"), [])
    assert (aldaris.winners, aldaris.victory) == ((0,), "end_game")
