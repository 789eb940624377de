"""The grid galaxy of RULES §6.3 (a RULING), forced routes (§6.2), z-axis slots (§6.1 step 5) and
adjacency (§2)."""

from __future__ import annotations

from typing import Any

import msgspec

from tests.games.starcraft.helpers import pinned, script
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import galaxy
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.state import Route, RouteEnd, State

TWO = (["jim_raynor", "overmind"], [["pridewater", "braken"], ["tarsonis", "chau_sara"]])


def _two(**options: Any) -> StarcraftGame:
    return pinned(2, 0, *TWO, **options)


def _three_planets() -> tuple[StarcraftGame, State]:
    """Pridewater (0,0) N,E,S; Tarsonis (1,0) E,S,W; Chau Sara (1,-1) N,W (golden 2-player)."""
    g = _two()
    state, _ = script(
        g,
        [
            A.ChoosePlanet("pridewater"),
            A.ChooseRotation(0),
            A.PlaceBase("pridewater_1"),
            A.ChoosePlanet("tarsonis"),
            A.ChooseCell(1, 0),
            A.ChooseRotation(1),
            A.PlaceBase(None),
            A.ChooseCell(1, -1),
            A.ChooseRotation(0),
            A.PlaceBase("chau_sara_3"),
        ],
    )
    return g, state


def test_rotated_sides_turn_clockwise() -> None:
    g = _two()
    assert galaxy.rotated_sides(g.ctx, "braken", 0) == ("N", "W")
    assert galaxy.rotated_sides(g.ctx, "braken", 1) == ("N", "E")
    assert galaxy.rotated_sides(g.ctx, "braken", 2) == ("E", "S")
    assert galaxy.rotated_sides(g.ctx, "pridewater", 3) == ("N", "E", "W")


def test_neighbour_cells() -> None:
    assert [galaxy.neighbour((0, 0), s) for s in "NESW"] == [(0, 1), (1, 0), (0, -1), (-1, 0)]


def test_used_slots_hold_route_ends() -> None:
    g, state = _three_planets()
    assert galaxy.used_slots(state) == {
        RouteEnd("tarsonis", "W"),
        RouteEnd("pridewater", "E"),
        RouteEnd("chau_sara", "N"),
        RouteEnd("tarsonis", "S"),
    }


def test_free_slots_of_placed_planets() -> None:
    g, state = _three_planets()
    assert galaxy.free_slots(g.ctx, state, "pridewater") == ("N", "S")
    assert galaxy.free_slots(g.ctx, state, "tarsonis") == ("E",)
    assert galaxy.free_slots(g.ctx, state, "braken") == ()  # not on the table


def test_facing_links_needs_slots_on_both_facing_sides() -> None:
    g, state = _three_planets()
    # Braken at (0,-1) turned once (N, E) faces Pridewater's S and Chau Sara's W
    assert galaxy.facing_links(g.ctx, state, "braken", (0, -1), 1) == (
        ("N", "pridewater", "S"),
        ("E", "chau_sara", "W"),
    )
    # unturned (N, W): only Pridewater; W faces an empty cell
    assert galaxy.facing_links(g.ctx, state, "braken", (0, -1), 0) == (("N", "pridewater", "S"),)
    # at (-1, 0) nothing faces Pridewater's west side, which has no slot
    assert galaxy.facing_links(g.ctx, state, "braken", (-1, 0), 1) == ()


def test_forced_routes_join_every_facing_pair() -> None:
    g, state = _three_planets()
    assert len(galaxy.forced_routes(g.ctx, state, "braken", (0, -1), 1)) == 2


def test_forced_routes_when_the_supply_runs_out_still_join_once() -> None:
    g, state = _three_planets()
    empty = msgspec.structs.replace(state, normal_routes_left=0)
    assert galaxy.forced_routes(g.ctx, empty, "braken", (0, -1), 1) == (("N", "pridewater", "S"),)
    unlimited = _two(normal_routes_limited=False)
    assert len(galaxy.forced_routes(unlimited.ctx, empty, "braken", (0, -1), 1)) == 2


def test_legal_rotations_one_per_layout_that_joins() -> None:
    g, state = _three_planets()
    # N faces Pridewater's S, E faces Chau Sara's W: (N,W), (N,E) and (E,S) join; (S,W) does not
    assert galaxy.legal_rotations(g.ctx, state, "braken", (0, -1)) == (0, 1, 2)
    first = msgspec.structs.replace(state, galaxy=(), routes=(), areas=())
    assert galaxy.legal_rotations(g.ctx, first, "torus", (0, 0)) == (0,)  # four slots: one layout
    assert galaxy.legal_rotations(g.ctx, first, "abaddon", (0, 0)) == (0, 1)  # E,W or N,S


def test_legal_cells_next_to_a_free_facing_slot() -> None:
    g, state = _three_planets()
    cells = galaxy.legal_cells(g.ctx, state, "braken")
    assert (0, -1) in cells and (0, 1) in cells and (2, 0) in cells
    assert (-1, 0) not in cells  # Pridewater has no west slot
    assert (2, -1) not in cells  # Chau Sara has no east slot
    empty = msgspec.structs.replace(state, galaxy=(), routes=(), areas=())
    assert galaxy.legal_cells(g.ctx, empty, "braken") == (galaxy.CENTRE,)


def test_place_planet_adds_areas_and_forced_routes() -> None:
    g, state = _three_planets()
    after, routes = galaxy.place_planet(g.ctx, state, "braken", (0, -1), 1)
    assert [r.id for r in routes] == [2, 3] and all(r.kind == "normal" for r in routes)
    assert after.normal_routes_left == state.normal_routes_left - 2
    assert {a.id for a in after.areas} - {a.id for a in state.areas} == {"braken_1", "braken_2", "braken_3"}
    assert state.placed("braken") is None  # the input is unchanged


def test_routes_of_a_planet() -> None:
    g, state = _three_planets()
    assert [r.id for r in galaxy.routes_of(state, "tarsonis")] == [0, 1]


def test_adjacent_planets_by_routes() -> None:
    g, state = _three_planets()
    assert galaxy.adjacent_planets(state, "tarsonis") == ("chau_sara", "pridewater")
    assert galaxy.adjacent_planets(state, "pridewater") == ("tarsonis",)


def test_z_axis_major_slots_leave_room_for_the_minor_end() -> None:
    g, state = _three_planets()
    majors = galaxy.z_axis_major_slots(g.ctx, state)
    assert RouteEnd("pridewater", "N") in majors and RouteEnd("chau_sara", "W") in majors
    # a single planet with free slots leaves no legal pair
    alone = msgspec.structs.replace(state, galaxy=state.galaxy[:1], routes=())
    assert galaxy.z_axis_major_slots(g.ctx, alone) == ()


def test_z_axis_minor_slots_on_another_planet() -> None:
    g, state = _three_planets()
    minors = galaxy.z_axis_minor_slots(g.ctx, state, RouteEnd("pridewater", "N"))
    assert minors and all(e.planet != "pridewater" for e in minors)


def test_connected_galaxy() -> None:
    g, state = _three_planets()
    assert galaxy.connected(state)
    cut = msgspec.structs.replace(state, routes=state.routes[:1])
    assert not galaxy.connected(cut)


def test_can_join_when_a_free_slot_faces_an_empty_cell() -> None:
    g, state = _three_planets()
    assert galaxy.can_join(g.ctx, state, "braken")
    # every free slot of the galaxy used up: nothing can join any more
    blocked = msgspec.structs.replace(state, galaxy=state.galaxy[:1], routes=())
    assert galaxy.can_join(g.ctx, blocked, "abaddon")
    full = msgspec.structs.replace(
        blocked,
        routes=tuple(
            Route(i, "z_axis", (RouteEnd("pridewater", side), RouteEnd("nowhere", side)))
            for i, side in enumerate("NES")
        ),
    )
    assert not galaxy.can_join(g.ctx, full, "abaddon") and galaxy.legal_cells(g.ctx, full, "abaddon") == ()
