"""Hand-computed galaxy set-ups (RULES §5-§6) for 2 and 4 players, with the draws pinned.

Each expected value below was worked out by hand from the planets' slot sides (content packs) and
the grid model of §6.3 before the test was run; the comments give the reasoning.
"""

from __future__ import annotations

from tests.games.starcraft.helpers import pinned, script
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.events import ZAxisPlaced
from turncoat.games.starcraft.state import PLANNING, RouteEnd, State


def _routes(state: State) -> list[tuple[int, str, tuple[str, str], tuple[str, str], tuple[int, ...]]]:
    return [
        (r.id, r.kind, (r.ends[0].planet, r.ends[0].side), (r.ends[1].planet, r.ends[1].side), r.transports)
        for r in state.routes
    ]


def _units(state: State) -> dict[str, list[tuple[int, str]]]:
    return {a.id: [(u.owner, u.kind) for u in a.units] for a in state.areas if a.units}


def _bases(state: State) -> dict[str, int]:
    return {a.id: a.base for a in state.areas if a.base >= 0}


def test_golden_two_player_galaxy_with_a_double_forced_route() -> None:
    # Seat 0 Jim Raynor draws Pridewater (N,E,S) and Braken (N,W); seat 1 the Overmind draws
    # Tarsonis (N,E,S) and Chau Sara (N,W).  Placement order 0, 1, 1, 0 (§6.1 steps 3-4).
    g = pinned(2, 0, ["jim_raynor", "overmind"], [["pridewater", "braken"], ["tarsonis", "chau_sara"]])
    state, events = script(
        g,
        [
            A.ChoosePlanet("pridewater"),  # the centre cell (0, 0) is the only one: not asked
            A.ChooseRotation(0),  # slots N, E, S
            A.PlaceBase("pridewater_1"),
            A.ChoosePlanet("tarsonis"),
            A.ChooseCell(1, 0),  # east of Pridewater: its W slot must face Pridewater's E
            A.ChooseRotation(1),  # N,E,S turned once: E, S, W -> route 0 (W <-> Pridewater E)
            A.PlaceBase(None),  # round 1: the base may wait
            # round 2: Chau Sara is seat 1's last planet (not asked)
            A.ChooseCell(1, -1),  # under Tarsonis, whose S slot faces it
            A.ChooseRotation(0),  # N, W: route 1 (N <-> Tarsonis S); W faces the empty (0,-1)
            A.PlaceBase("chau_sara_3"),  # round 2: must place (no "not yet")
            # seat 0's Braken (last planet, has a base: no base step)
            A.ChooseCell(0, -1),  # under Pridewater, west of Chau Sara
            A.ChooseRotation(1),  # N,W turned once: N, E -> forced routes 2 (N <-> Pridewater S)
            #                       and 3 (E <-> Chau Sara W): both facing pairs, no choice
            # z-axis (§6.1 step 5): free slots are only Pridewater N and Tarsonis E
            A.PlaceZAxisEnd("pridewater", "N"),  # major; the minor can only go to Tarsonis E
            # starting forces: Raynor 2 Marines, Firebat, Vulture on Pridewater
            A.PlaceStartingUnit("pridewater_1"),
            A.PlaceStartingUnit("pridewater_1"),
            A.PlaceStartingUnit("pridewater_2"),
            A.PlaceStartingUnit("pridewater_3"),
            A.PlaceStartingTransport(4),  # the z-axis route (on its major end)
            # Overmind: 4 Zerglings, 1 Hydralisk on Chau Sara (limits 3, 4, 3)
            A.PlaceStartingUnit("chau_sara_1"),
            A.PlaceStartingUnit("chau_sara_1"),
            A.PlaceStartingUnit("chau_sara_1"),  # now full (limit 3)
            A.PlaceStartingUnit("chau_sara_2"),
            A.PlaceStartingUnit("chau_sara_3"),
            A.PlaceStartingTransport(1),
        ],
    )
    assert (state.step, state.round) == (PLANNING, 1)
    assert [(p.id, p.x, p.y, p.rotation) for p in state.galaxy] == [
        ("pridewater", 0, 0, 0),
        ("tarsonis", 1, 0, 1),
        ("chau_sara", 1, -1, 0),
        ("braken", 0, -1, 1),
    ]
    assert _routes(state) == [
        (0, "normal", ("tarsonis", "W"), ("pridewater", "E"), ()),
        (1, "normal", ("chau_sara", "N"), ("tarsonis", "S"), (1,)),
        (2, "normal", ("braken", "N"), ("pridewater", "S"), ()),
        (3, "normal", ("braken", "E"), ("chau_sara", "W"), ()),
        (4, "z_axis", ("pridewater", "N"), ("tarsonis", "E"), (0,)),
    ]
    assert state.normal_routes_left == 15 - 4
    # seat 1 found no free slots left for its pair: back to the box
    assert [e.route for e in events if isinstance(e, ZAxisPlaced)] == [4, None]
    assert _bases(state) == {"pridewater_1": 0, "chau_sara_3": 1}
    assert [c.area for c in state.seat(0).resource_cards] == ["pridewater_1", "pridewater_2", "pridewater_3"]
    assert [c.area for c in state.seat(1).resource_cards] == ["chau_sara_2", "chau_sara_3"]
    assert _units(state) == {
        "chau_sara_1": [(1, "zergling")] * 3,
        "chau_sara_2": [(1, "zergling")],
        "chau_sara_3": [(1, "hydralisk")],
        "pridewater_1": [(0, "marine")] * 2,
        "pridewater_2": [(0, "firebat")],
        "pridewater_3": [(0, "vulture")],
    }
    assert [s.worker_pool for s in state.seats] == [8, 8]
    assert [len(s.hand) for s in state.seats] == [8, 6]  # Terran 8 (§5 step 9)
    assert [len(s.combat_deck) for s in state.seats] == [10, 12]
    assert len(state.event_deck) == 5 + 5 + 20  # §5 step 6: 20 removed from each of I and II


def test_golden_four_player_galaxy_from_the_third_seat() -> None:
    # First player seat 2: placement order 2, 3, 0, 1, 1, 0, 3, 2.  Tassadar (0): Abaddon (E,W),
    # Helios (N,S,W); Aldaris (1): Torus (N,E,S,W), Vyctor 5 (E,W); Mengsk (2): Pridewater (N,E,S),
    # Tarsonis (N,E,S); Queen of Blades (3): Chau Sara (N,W), Braken (N,W).
    g = pinned(
        4,
        2,
        ["tassadar", "aldaris", "arcturus_mengsk", "queen_of_blades"],
        [["abaddon", "helios"], ["torus", "vyctor_5"], ["pridewater", "tarsonis"], ["chau_sara", "braken"]],
    )
    state, events = script(
        g,
        [
            A.ChoosePlanet("pridewater"),
            A.ChooseRotation(0),  # N, E, S at (0, 0)
            A.PlaceBase("pridewater_1"),
            A.ChoosePlanet("chau_sara"),
            A.ChooseCell(1, 0),
            A.ChooseRotation(0),  # N, W: route 0 (W <-> Pridewater E)
            A.PlaceBase("chau_sara_1"),
            A.ChoosePlanet("helios"),
            A.ChooseCell(0, 1),
            A.ChooseRotation(2),  # N,S,W turned twice: N, E, S: route 1 (S <-> Pridewater N)
            A.PlaceBase(None),
            A.ChoosePlanet("torus"),
            A.ChooseCell(1, 1),  # four slots: one layout, its turn is not asked; routes 2 (S <->
            #                      Chau Sara N) and 3 (W <-> Helios E) are both forced
            A.PlaceBase("torus_1"),
            # round 2, seat 1: Vyctor 5 (E, W) at (2, 1): only the unturned layout faces Torus E
            A.ChooseCell(2, 1),  # route 4 (W <-> Torus E); turn not asked; seat 1 has its base
            # seat 0: Abaddon, its base must come now
            A.ChooseCell(0, -1),  # N,S is the only layout facing Pridewater S: route 5
            A.PlaceBase("abaddon_2"),
            # seat 3: Braken north of Helios, turned twice: E, S -> route 6 (S <-> Helios N)
            A.ChooseCell(0, 2),
            A.ChooseRotation(2),
            # seat 2: Tarsonis at (1, 2) turned once: E, S, W -> routes 7 (S <-> Torus N) and
            # 8 (W <-> Braken E)
            A.ChooseCell(1, 2),
            A.ChooseRotation(1),
            # z-axis: free slots are Vyctor 5 E, Abaddon S, Tarsonis E
            A.PlaceZAxisEnd("abaddon", "S"),
            A.PlaceZAxisEnd("tarsonis", "E"),  # route 9; then only Vyctor 5 E is free: the
            #                                    other three pairs go back to the box
            # forces from seat 2: Mengsk 2 Marines, Firebat, Ghost
            *(A.PlaceStartingUnit("pridewater_2") for _ in range(4)),
            A.PlaceStartingTransport(5),
            # seat 3: Queen of Blades 3 Zerglings, 2 Hydralisks
            *(A.PlaceStartingUnit("chau_sara_1") for _ in range(3)),
            *(A.PlaceStartingUnit("chau_sara_3") for _ in range(2)),
            A.PlaceStartingTransport(2),
            # seat 0: Tassadar 3 Zealots
            *(A.PlaceStartingUnit("abaddon_1") for _ in range(3)),
            A.PlaceStartingTransport(9),
            # seat 1: Aldaris 2 Zealots, a Dragoon
            *(A.PlaceStartingUnit("torus_4") for _ in range(3)),
            A.PlaceStartingTransport(4),
        ],
    )
    assert (state.step, state.round, state.first_player) == (PLANNING, 1, 2)
    assert [(p.id, p.x, p.y, p.rotation) for p in state.galaxy] == [
        ("pridewater", 0, 0, 0),
        ("chau_sara", 1, 0, 0),
        ("helios", 0, 1, 2),
        ("torus", 1, 1, 0),
        ("vyctor_5", 2, 1, 0),
        ("abaddon", 0, -1, 1),
        ("braken", 0, 2, 2),
        ("tarsonis", 1, 2, 1),
    ]
    assert _routes(state) == [
        (0, "normal", ("chau_sara", "W"), ("pridewater", "E"), ()),
        (1, "normal", ("helios", "S"), ("pridewater", "N"), ()),
        (2, "normal", ("torus", "S"), ("chau_sara", "N"), (3,)),
        (3, "normal", ("torus", "W"), ("helios", "E"), ()),
        (4, "normal", ("vyctor_5", "W"), ("torus", "E"), (1,)),
        (5, "normal", ("abaddon", "N"), ("pridewater", "S"), (2,)),
        (6, "normal", ("braken", "S"), ("helios", "N"), ()),
        (7, "normal", ("tarsonis", "S"), ("torus", "N"), ()),
        (8, "normal", ("tarsonis", "W"), ("braken", "E"), ()),
        (9, "z_axis", ("abaddon", "S"), ("tarsonis", "E"), (0,)),
    ]
    assert [e.seat for e in events if isinstance(e, ZAxisPlaced) and e.route is None] == [3, 0, 1]
    assert _bases(state) == {"abaddon_2": 0, "chau_sara_1": 3, "pridewater_1": 2, "torus_1": 1}
    assert {s: [c.area for c in state.seat(s).resource_cards] for s in range(4)} == {
        0: ["abaddon_1"],
        1: ["torus_1", "torus_2", "torus_3"],
        2: ["pridewater_1", "pridewater_2", "pridewater_3"],
        3: ["chau_sara_2", "chau_sara_3"],
    }
    assert _units(state) == {
        "abaddon_1": [(0, "zealot")] * 3,
        "chau_sara_1": [(3, "zergling")] * 3,
        "chau_sara_3": [(3, "hydralisk")] * 2,
        "pridewater_2": [(2, "firebat"), (2, "ghost"), (2, "marine"), (2, "marine")],
        "torus_4": [(1, "dragoon"), (1, "zealot"), (1, "zealot")],
    }
    assert [s.worker_pool for s in state.seats] == [8, 7, 8, 7]
    assert [len(s.hand) for s in state.seats] == [6, 6, 8, 6]
    assert len(state.event_deck) == 15 + 15 + 20
    assert state.placed("braken") is not None and RouteEnd("braken", "E") in {
        e for r in state.routes for e in r.ends
    }
