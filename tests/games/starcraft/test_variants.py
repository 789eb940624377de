"""The optional variants of RULES §19 — team play and Galactic Conquest — rule by rule, and the
hand-computed records of an elimination (§16.4) and of a team game (§19)."""

from __future__ import annotations

import random

import msgspec
import pytest

from tests.games.starcraft.helpers import game, put, raynor_overmind, seat_with
from tests.games.starcraft.test_round_properties import check_invariants, options_of
from turncoat.core.actions import Event
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft.game import Move, StarcraftGame
from turncoat.games.starcraft.phases import build, control, event_cards, planning, regrouping, victory
from turncoat.games.starcraft.state import (
    NOBODY,
    OVER,
    PLANNING,
    SETUP_STEPS,
    STEP_EXECUTION,
    ActiveOrder,
    HeldCard,
    OrderToken,
    Route,
    State,
)

TEDN = "the_end_draws_near"
# Teams (§19: seat i with seat i + n/2): Raynor (0) with Aldaris (2), the Overmind (1) with the
# Queen of Blades (3).
FACTIONS = ["jim_raynor", "overmind", "aldaris", "queen_of_blades"]
DRAWS = [["pridewater", "braken"], ["tarsonis", "chau_sara"], ["abaddon", "vyctor_5"], ["helios", "torus"]]


def _at_planning(g: StarcraftGame) -> State:
    """The game set up by always taking the first legal decision, at round 1's Planning phase."""
    state = g.start(0).state
    while state.step != PLANNING:
        (seat,) = g.to_act(state)
        state = g.apply(state, seat, g.legal_actions(state, seat)[0]).state
    return state


def _bare(state: State) -> State:
    """Every order token in its supply, no unit, base or transport on the board: ready to be set by
    hand and regrouped."""
    state = msgspec.structs.replace(
        state,
        stacks=(),
        actor=NOBODY,
        routes=tuple(Route(r.id, r.kind, r.ends, ()) for r in state.routes),
    )
    for a in state.areas:
        state = put(state, a.id, [], base=NOBODY)
    return state


def _with_transport(state: State, route: int, seat: int) -> State:
    routes = tuple(
        Route(r.id, r.kind, r.ends, (*r.transports, seat)) if r.id == route else r for r in state.routes
    )
    return msgspec.structs.replace(state, routes=routes)


def _cp(state: State, *cp: int) -> State:
    for seat, points in enumerate(cp):
        state = seat_with(state, seat, cp=points)
    return state


def _teams(**options: object) -> tuple[StarcraftGame, State]:
    g = game(
        players=4,
        team_play=True,
        faction_selection="random",
        scenario={"first_player": 0, "factions": FACTIONS, "planet_draws": DRAWS},
        **options,
    )
    return g, _bare(_at_planning(g))


TG, T0 = _teams()
TCTX = TG.ctx


# -- §19 team play -------------------------------------------------------------------------------------


def test_sides() -> None:
    _, two, _ = raynor_overmind()
    assert victory.sides(two) == ((0,), (1,))  # without teams each seat is its own side
    assert victory.sides(T0) == ((0, 2), (1, 3))
    assert victory.sides(seat_with(T0, 2, eliminated=True)) == ((0,), (1, 3))
    gone = seat_with(seat_with(T0, 1, eliminated=True), 3, eliminated=True)
    assert victory.sides(gone) == ((0, 2),)  # a team with both eliminated is out


def test_side_of() -> None:
    assert (victory.side_of(T0, 0), victory.side_of(T0, 3)) == ((0, 2), (1, 3))


def test_side_cp() -> None:
    state = _cp(T0, 12, 19, 16, 18)
    assert (victory.side_cp(state, (0, 2)), victory.side_cp(state, (1, 3))) == (28, 37)


def test_side_threshold() -> None:
    # §19: 30 combined; 40 for the team without Aldaris (seat 2) while Aldaris is in the game
    assert (victory.side_threshold(TCTX, T0, (0, 2)), victory.side_threshold(TCTX, T0, (1, 3))) == (30, 40)
    no_aldaris = seat_with(T0, 2, eliminated=True)
    assert victory.side_threshold(TCTX, no_aldaris, (1, 3)) == 30
    core, two, _ = raynor_overmind()  # without teams: a seat's own threshold
    assert victory.side_threshold(core.ctx, two, (0,)) == 15


def test_tie_break_sides() -> None:
    # resources on cards: Raynor 3 (Pridewater 1) + Aldaris 1 (Vyctor 5 1) = 4 against the
    # Overmind 2 (Tarsonis 3) + the Queen 2 (Torus 3) = 4; areas controlled 2 + 2 against 1 + 1
    state = seat_with(T0, 0, resource_cards=(HeldCard("pridewater_1"),))
    state = seat_with(state, 2, resource_cards=(HeldCard("vyctor_5_1"),))
    state = seat_with(state, 1, resource_cards=(HeldCard("tarsonis_3"),))
    state = seat_with(state, 3, resource_cards=(HeldCard("torus_3"),))
    state = put(put(state, "pridewater_1", [(0, "marine")]), "pridewater_2", [(0, "marine")])
    state = put(put(state, "vyctor_5_1", [(2, "zealot")]), "vyctor_5_2", [(2, "zealot")])
    state = put(put(state, "tarsonis_1", [(1, "zergling")]), "torus_1", [(3, "zergling")])
    assert victory.tie_break_sides(TCTX, state, ((0, 2), (1, 3))) == ((0, 2),)
    state = put(put(state, "tarsonis_2", [(1, "zergling")]), "torus_2", [(3, "zergling")])
    assert victory.tie_break_sides(TCTX, state, ((0, 2), (1, 3))) == ((0, 2), (1, 3))  # shared


def test_most_cp_sides() -> None:
    assert victory.most_cp_sides(TCTX, _cp(T0, 20, 1, 10, 30), ((0, 2), (1, 3))) == (1, 3)  # 31 > 30


def test_normal_victory_in_team_play() -> None:
    # Aldaris's team needs 30, the other 40 (§19); by default only teams at their own threshold rank
    assert victory.normal_victory(TCTX, _cp(T0, 14, 19, 15, 20)) == ()  # 29 and 39
    assert victory.normal_victory(TCTX, _cp(T0, 15, 19, 15, 20)) == (0, 2)  # 30; 39 not ranked
    assert victory.normal_victory(TCTX, _cp(T0, 15, 20, 15, 20)) == (1, 3)  # 40 beats 30
    g, _ = _teams(aldaris_threshold_ranking="everyone")
    assert victory.normal_victory(g.ctx, _cp(T0, 15, 19, 15, 20)) == (1, 3)  # 39 ranked too
    # alone 15 would be a victory for Aldaris; in a team it is the team's 30 that counts
    assert victory.normal_victory(TCTX, _cp(T0, 0, 0, 16, 0)) == ()


def test_special_victory_in_team_play() -> None:
    # the Queen of Blades (seat 3): three CP areas, Stage III - her objective wins for her team
    stage3 = msgspec.structs.replace(T0, event_deck=())  # an empty deck counts as Stage III
    queen = put(
        put(put(stage3, "braken_1", [(3, "zergling")]), "abaddon_2", [(3, "zergling")]),
        "helios_3",
        [(3, "zergling")],
    )
    assert victory.special_victory(TCTX, queen) == (1, 3)
    assert victory.special_victory(TCTX, seat_with(queen, 3, eliminated=True)) == ()


def test_end_game_victory_in_team_play() -> None:
    two = msgspec.structs.replace(_cp(T0, 0, 20, 0, 20), end_draws_near=2)
    assert victory.end_game_victory(TCTX, two) == (0, 2)  # Aldaris's team, whatever the CP
    assert victory.end_game_victory(TCTX, seat_with(two, 2, eliminated=True)) == (1, 3)  # 40 > 0


def test_elimination_victory_in_team_play() -> None:
    one_left = seat_with(seat_with(T0, 1, eliminated=True), 3, eliminated=True)
    assert victory.elimination_victory(TCTX, seat_with(one_left, 2, eliminated=True)) == (0,)
    assert victory.elimination_victory(TCTX, one_left) == (0, 2)
    # seat 3 plays on against seats 0 and 2 (who hold something on the board: a bare board
    # would be the ruling of the last seats leaving it together)
    board = put(put(T0, "abaddon_2", [(3, "zergling")], base=3), "pridewater_1", [(0, "marine")], base=0)
    assert victory.elimination_victory(TCTX, seat_with(board, 1, eliminated=True)) == ()
    assert victory.elimination_victory(TCTX, seat_with(T0, 1, eliminated=True)) == (0, 2, 3)


def test_team_holds_every_area() -> None:
    # §10.1.3 [FAQ]: Abaddon has two areas; with Aldaris's base in Abaddon 2, a base of Raynor's in
    # Abaddon 1 would give their team both; the Overmind's base there is no team's whole planet
    state = put(T0, "abaddon_2", [(2, "zealot")], base=2)
    assert build.team_holds_every_area(TCTX, state, 0, "abaddon_1")
    assert not build.team_holds_every_area(TCTX, state, 1, "abaddon_1")
    assert not build.team_holds_every_area(TCTX, state, 0, "pridewater_1")  # three areas, one base
    core = game(players=4, faction_selection="random", scenario={"factions": FACTIONS, "planet_draws": DRAWS})
    assert not build.team_holds_every_area(core.ctx, state, 0, "abaddon_1")  # no teams, no such rule
    # Raynor's Build order on Abaddon, with a Marine and the minerals for a base: no base offered
    rich = seat_with(state, 0, resource_cards=tuple(HeldCard(f"pridewater_{i}") for i in (1, 2, 3)))
    rich = put(put(rich, "pridewater_1", [(0, "marine")], base=0), "abaddon_1", [(0, "marine")])
    order = msgspec.structs.replace(
        rich, active_order=ActiveOrder("abaddon", OrderToken(0, "build", False)), actor=0, step=STEP_EXECUTION
    )
    assert not any(
        isinstance(o, A.BuildBase)
        for o in build.legal_build_options(TCTX, build.begin_build(TCTX, order, []))
    )
    assert A.BuildBase("abaddon_1") in build.legal_build_options(
        core.ctx, build.begin_build(core.ctx, order, [])
    )


def test_a_teammate_is_an_enemy_for_control() -> None:
    # §19: a teammate's areas still count as enemy areas: no control of an area shared with one
    shared = put(T0, "braken_1", [(0, "marine"), (2, "zealot")])
    assert not control.controls(shared.area("braken_1"), 0)
    assert not control.friendly_or_empty(shared.area("braken_1"), 2)


# -- §19 Galactic Conquest ---------------------------------------------------------------------------------


def test_rebuild_event_deck_in_galactic_conquest() -> None:
    # §19: the Stage III discards become the new deck even with the core option left as it is
    g, s, _ = raynor_overmind(galactic_conquest=True)
    assert g.config.event_deck_exhausted == "no_further_draws"
    s = msgspec.structs.replace(s, event_deck=(), event_discard=("stage3_gain_1_cp", "stage1_no_effect"))
    rebuilt = event_cards.rebuild_event_deck(g.ctx, s, [])
    assert rebuilt.event_deck == ("stage3_gain_1_cp",) and rebuilt.event_discard == ("stage1_no_effect",)


def test_galactic_conquest_only_elimination_wins() -> None:
    g, s, _ = raynor_overmind(galactic_conquest=True)
    rich = _cp(s, 30, 30)
    assert victory.normal_victory(g.ctx, rich) == ()
    assert victory.special_victory(g.ctx, msgspec.structs.replace(rich, event_deck=())) == ()
    assert victory.elimination_victory(g.ctx, seat_with(rich, 0, eliminated=True)) == (1,)


# -- hand-computed records -----------------------------------------------------------------------------


def test_golden_elimination() -> None:
    # Three players, the Overmind (seat 1) first.  The galaxy is the one of always taking the first
    # legal decision: Tarsonis - Abaddon - Pridewater - Braken - Vyctor 5 - Chau Sara in a row (route
    # 0 Abaddon-Tarsonis, 1 Pridewater-Abaddon, ...).  Set by hand after a battle in which the
    # Overmind's Zerglings wiped out Aldaris's army:
    #   Raynor (0):   base + Marine in Pridewater 1, a Marine in Abaddon 2 (1 CP); transport on
    #                 route 1; cards Pridewater 1, 2, 3; 10 CP.
    #   Overmind (1): base + Zergling in Tarsonis 1 (1 CP), 2 Zerglings in Abaddon 1; transport on
    #                 route 0; cards Tarsonis 2, 3; 13 CP.
    #   Aldaris (2):  only the base in Abaddon 1 (no unit anywhere); transport on route 0; card
    #                 Abaddon 1; 14 CP; one pending event, The End Draws Near - a copy already lies
    #                 in the common area, so playing it would end the game with Aldaris the winner.
    g = game(
        players=3,
        faction_selection="random",
        scenario={
            "first_player": 1,
            "factions": ["jim_raynor", "overmind", "aldaris"],
            "planet_draws": [["pridewater", "braken"], ["tarsonis", "chau_sara"], ["abaddon", "vyctor_5"]],
        },
    )
    state = _bare(_at_planning(g))
    state = put(state, "pridewater_1", [(0, "marine")], base=0)
    state = put(state, "abaddon_2", [(0, "marine")])
    state = put(state, "tarsonis_1", [(1, "zergling")], base=1)
    state = put(state, "abaddon_1", [(1, "zergling"), (1, "zergling")], base=2)
    state = _with_transport(_with_transport(_with_transport(state, 1, 0), 0, 1), 0, 2)
    state = seat_with(state, 0, cp=10, resource_cards=tuple(HeldCard(f"pridewater_{i}") for i in (1, 2, 3)))
    state = seat_with(state, 1, cp=13, resource_cards=(HeldCard("tarsonis_2"), HeldCard("tarsonis_3")))
    state = seat_with(state, 2, cp=14, resource_cards=(HeldCard("abaddon_1"),), pending_events=(TEDN,))
    state = msgspec.structs.replace(state, end_draws_near=1)
    assert victory.threshold(state, 1) == 20  # Aldaris is in the game

    # Regrouping 1.  Step 1: the Zerglings destroy Aldaris's base; her transport on route 0 then
    # touches no planet with her base (the Overmind's, with its base on Tarsonis, stays).  She has
    # no unit and no base left: eliminated (§16.4).  Step 2: Abaddon 1's card is lost (no base on
    # the planet).  Step 3: nobody has a base on Abaddon, so nobody takes it.  Step 5: Raynor 10 + 1
    # (Abaddon 2) = 11, the Overmind 13 + 1 (Tarsonis 1) = 14; an eliminated seat scores nothing.
    # Step 6: Aldaris is out, so the thresholds are 15 again; nobody has 15.  Step 8: her The End
    # Draws Near is removed without effect - one copy in the common area, no end-game victory.
    # Step 10: the first player token passes left of the Overmind, past Aldaris, to Raynor.
    events: list[Event] = []
    state = regrouping.begin_regrouping(g.ctx, state, events)
    assert events == [
        E.BaseDestroyed(seat=2, area="abaddon_1"),
        E.TransportDestroyed(seat=2, route=0),
        E.Eliminated(seat=2),
        E.ResourceCardLost(seat=2, area="abaddon_1", workers=0),
        E.ConquestPointsScored(seat=0, cp=1, total=11),
        E.ConquestPointsScored(seat=1, cp=1, total=14),
        E.EliminatedEventsRemoved(seat=2, count=1),
        E.FirstPlayerPassed(seat=0),
        E.RoundStarted(round=2, first_player=0),
    ]
    assert [p.cp for p in state.seats] == [11, 14, 14]
    assert state.seat(2).pending_events == () and state.end_draws_near == 1
    assert TEDN not in state.event_discard  # removed face down from the game, never shown
    assert (state.step, state.first_player, planning.planners(state)) == (PLANNING, 0, (0, 1))
    assert victory.threshold(state, 1) == 15  # §16.1: back to 15 without Aldaris
    after_first = state

    # Regrouping 2 (the orders of round 2 left out): Raynor 11 + 1 = 12, the Overmind 14 + 1 = 15 -
    # a normal victory that with Aldaris in the game would have needed 20.
    events = []
    state = regrouping.begin_regrouping(g.ctx, msgspec.structs.replace(after_first, stacks=()), events)
    assert [p.cp for p in state.seats] == [12, 15, 14]
    assert (state.step, state.winners, state.victory) == (OVER, (1,), "normal")

    # The other ending: a Zergling overruns Pridewater 1 instead and Raynor's Marine in Abaddon 2
    # is gone.  Step 1 destroys his base, then his transport on route 1; he is eliminated; only the
    # Overmind is left: an elimination victory, before any CP is scored.
    overrun = put(put(after_first, "pridewater_1", [(1, "zergling")]), "abaddon_2", [])
    events = []
    state = regrouping.begin_regrouping(g.ctx, overrun, events)
    assert events == [
        E.BaseDestroyed(seat=0, area="pridewater_1"),
        E.TransportDestroyed(seat=0, route=1),
        E.Eliminated(seat=0),
        E.GameWon(winners=(1,), victory="elimination", cp=(11, 14, 14)),
    ]
    assert g.render_log(events[-1:], None) == ["Player 2 wins an elimination victory."]


def test_golden_team_game() -> None:
    # Four players in two teams (§19): Raynor (0) with Aldaris (2) against the Overmind (1) with the
    # Queen of Blades (3); Raynor first.  Set by hand at the Regrouping:
    #   Raynor (0):   base + Marine in Pridewater 1, a Marine in Braken 1 (1 CP); cards Pridewater
    #                 1, 2, 3; 12 CP.
    #   Aldaris (2):  base + Zealot in Vyctor 5 1, a Zealot in Vyctor 5 2 (2 CP); card Vyctor 5 1;
    #                 16 CP - alone, already past the 15 he needs.
    #   Overmind (1): base + Zergling in Tarsonis 1 (1 CP); cards Tarsonis 2, 3; 19 CP.
    #   Queen (3):    base + Hydralisk in Torus 4 (1 CP); cards Torus 1, 2, 3; 18 CP.
    # No transports (none is needed) and no pending events.
    state = put(T0, "pridewater_1", [(0, "marine")], base=0)
    state = put(state, "braken_1", [(0, "marine")])
    state = put(state, "vyctor_5_1", [(2, "zealot")], base=2)
    state = put(state, "vyctor_5_2", [(2, "zealot")])
    state = put(state, "tarsonis_1", [(1, "zergling")], base=1)
    state = put(state, "torus_4", [(3, "hydralisk")], base=3)
    cards = {
        0: ("pridewater_1", "pridewater_2", "pridewater_3"),
        1: ("tarsonis_2", "tarsonis_3"),
        2: ("vyctor_5_1",),
        3: ("torus_1", "torus_2", "torus_3"),
    }
    for seat, cp in enumerate((12, 19, 16, 18)):
        state = seat_with(state, seat, cp=cp, resource_cards=tuple(HeldCard(a) for a in cards[seat]))

    # Steps 1-4 change nothing (no enemy anywhere, every card kept, nothing left to take: each base
    # planet's mineral and gas areas are held already; every worker is in its pool).  Step 5:
    # Raynor 12 + 1 = 13, the Overmind 19 + 1 = 20, Aldaris 16 + 2 = 18, the Queen 18 + 1 = 19.
    # Step 6 (§19): Raynor and Aldaris 13 + 18 = 31 of the 30 their team needs; the Overmind and the
    # Queen 20 + 19 = 39 of the 40 a team needs while Aldaris plays.  Only the team at its own
    # threshold is ranked (§21.4 default): Raynor and Aldaris win together, with fewer CP.
    events: list[Event] = []
    out = regrouping.begin_regrouping(TCTX, state, events)
    assert events == [
        E.ConquestPointsScored(seat=0, cp=1, total=13),
        E.ConquestPointsScored(seat=1, cp=1, total=20),
        E.ConquestPointsScored(seat=2, cp=2, total=18),
        E.ConquestPointsScored(seat=3, cp=1, total=19),
        E.GameWon(winners=(0, 2), victory="normal", cp=(13, 20, 18, 19)),
    ]
    assert (out.step, out.winners, out.victory) == (OVER, (0, 2), "normal")
    assert TG.render_log(events[-1:], None) == ["Player 1 and Player 3 win a normal victory."]

    # Ranking every team instead (aldaris_threshold_ranking=everyone), 39 beats 31.
    g, _ = _teams(aldaris_threshold_ranking="everyone")
    out = regrouping.begin_regrouping(g.ctx, state, [])
    assert (out.winners, out.victory) == ((1, 3), "normal")
    # Aldaris at 14 instead: 13 + 16 = 29, one short of 30, and nobody wins - though Aldaris's 16
    # alone would have been a victory without teams, and so would the Overmind's 20.
    short = seat_with(state, 2, cp=14)
    out = regrouping.begin_regrouping(TCTX, short, [])
    assert out.step != OVER and [p.cp for p in out.seats] == [13, 20, 16, 19]


# -- random games ------------------------------------------------------------------------------------------


def _eager(rnd: random.Random, options: list[Move]) -> Move:
    """Always execute, and buy or move rather than stop: games with battles, and eliminations."""
    if A.ExecuteOrder(True) in options:
        return A.ExecuteOrder(True)
    return rnd.choice([o for o in options if not isinstance(o, A.EndBuild | A.EndMove)] or options)


def _random_game(seed: int, **options: object) -> list[State]:
    """Every state of a game of eager random decisions (test_round_properties), its invariants
    checked after every step."""
    g = game(**options)
    rnd = random.Random(seed)
    state = g.start(seed).state
    while state.step in SETUP_STEPS:
        (seat,) = g.to_act(state)
        state = g.apply(state, seat, rnd.choice(list(g.legal_actions(state, seat)))).state
    workers = [control.workers_owned(state, s) for s in range(state.players)]
    cp = [0] * state.players
    states = [state]
    while g.to_act(state) and len(states) < 40_000:
        (seat,) = g.to_act(state)
        tr = g.apply(state, seat, _eager(rnd, options_of(g, state)))
        state = tr.state
        for e in tr.events:  # the only ways the number of workers changes
            if isinstance(e, E.Bought) and e.item == "worker":
                workers[e.seat] += 1
            if isinstance(e, E.ResourceCardLost):
                workers[e.seat] -= e.workers
        check_invariants(g, state, workers, cp)
        states.append(state)
    return states


@pytest.mark.parametrize(("players", "seed"), [(4, 0), (4, 1), (4, 2), (6, 0), (6, 1)])
def test_random_team_games_keep_teammates_apart_and_end_in_a_team_victory(players: int, seed: int) -> None:
    states = _random_game(seed, players=players, team_play=True, faction_selection="random")
    for state in states:
        for area in state.areas:
            pieces = {u.owner for u in area.units} | ({area.base} if area.base != NOBODY else set())
            assert len({state.teams[s] for s in pieces}) == len(pieces), area  # no teammates together
    end = states[-1]
    assert end.step == OVER
    (team,) = {end.teams[s] for s in end.winners}  # one team wins ...
    assert end.winners == tuple(s for s in victory.in_game(end) if end.teams[s] == team)  # ... all of it


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (0, {"players": 3}),
        (2, {"players": 3}),
        # seed 0: with the placeholder technologies most eager random team games become long
        # stalemates of two against one, past the 40,000 steps checked here (seeds 1, 3 and 5 since
        # the technologies' keyword cards, seed 3 having ended before); seed 0 ends in 15,850
        (0, {"players": 4, "team_play": True, "faction_selection": "random"}),
    ],
)
def test_random_galactic_conquest_games_end_only_by_elimination(
    seed: int, options: dict[str, object]
) -> None:
    states = _random_game(seed, galactic_conquest=True, **options)
    assert all(p.cp == 0 for s in states for p in s.seats)
    assert all(s.end_draws_near == 0 and TEDN not in s.event_deck for s in states)
    end = states[-1]
    assert (end.step, end.victory) == (OVER, "elimination")
    assert victory.sides(end) == (end.winners,)  # the last side left
