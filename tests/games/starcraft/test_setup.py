"""Setup (RULES §5) and galaxy building (§6.1): each rule function, named after it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec
import pytest

from tests.games.starcraft.helpers import game, pinned, script, until
from turncoat.core.actions import Event
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.components import FACTION_IDS
from turncoat.games.starcraft.events import HandDrawn, HandSize, StartingUnitPlaced, ZAxisPlaced
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.phases import galaxy_building as G
from turncoat.games.starcraft.phases import setup
from turncoat.games.starcraft.state import (
    CHOOSE_CELL,
    CHOOSE_FACTION,
    CHOOSE_PLANET,
    CHOOSE_ROTATION,
    NOBODY,
    PLACE_BASE,
    PLACE_TRANSPORT,
    PLACE_UNIT,
    PLACE_Z_MAJOR,
    PLACE_Z_MINOR,
    PLANNING,
    AreaState,
    RouteEnd,
    State,
    Unit,
)

TWO = (["jim_raynor", "overmind"], [["pridewater", "braken"], ["tarsonis", "chau_sara"]])
PLACEMENTS: list[A.StarcraftAction] = [
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
    A.ChooseCell(0, -1),
    A.ChooseRotation(1),
]


def _two(**options: Any) -> StarcraftGame:
    return pinned(2, 0, *TWO, **options)


def _at_z_axis() -> tuple[StarcraftGame, State]:
    g = _two()
    state, _ = script(g, PLACEMENTS)
    return g, state


# -- §5 -----------------------------------------------------------------------------------------


def test_choose_first_player_random_or_pinned() -> None:
    g = game(players=5)
    seen = {setup.choose_first_player(g.ctx, seed, 0)[0] for seed in range(60)}
    assert seen == set(range(5))
    assert setup.choose_first_player(_two().ctx, 9, 0) == (0, 0)


def test_team_of_seats_pairs_seats_apart() -> None:
    assert setup.team_of_seats(game(players=4).ctx) == (0, 1, 2, 3)
    teams = game(players=6, team_play=True, faction_selection="random").ctx
    assert setup.team_of_seats(teams) == (0, 1, 2, 0, 1, 2)


def test_deal_factions_distinct_from_the_six() -> None:
    g = game(players=6, faction_selection="random")
    dealt, _ = setup.deal_factions(g.ctx, 2, 5, 0)
    assert sorted(dealt) == sorted(FACTION_IDS)
    assert setup.deal_factions(_two().ctx, 0, 5, 0)[0] == ("jim_raynor", "overmind")


def test_legal_factions_are_the_sheets_left() -> None:
    g = game(players=3, scenario={"first_player": 1})
    state = g.start(0).state
    assert state.step == CHOOSE_FACTION and state.actor == 1
    assert len(setup.legal_factions(g.ctx, state)) == 6
    state = g.apply(state, 1, A.ChooseFaction("aldaris")).state
    assert (
        "aldaris" not in setup.legal_factions(g.ctx, state) and len(setup.legal_factions(g.ctx, state)) == 5
    )


def test_resolve_choose_faction_passes_clockwise() -> None:
    g = game(players=3, scenario={"first_player": 2})
    state = g.start(0).state
    order = []
    while state.step == CHOOSE_FACTION:
        order.append(state.actor)
        state = g.apply(state, state.actor, g.legal_actions(state, state.actor)[0]).state
    assert order == [2, 0, 1]
    assert [s.faction for s in state.seats] == ["arcturus_mengsk", "tassadar", "jim_raynor"]


def test_next_faction_chooser_none_when_all_chose() -> None:
    g, state = _at_z_axis()
    assert setup.next_faction_chooser(state) == NOBODY
    blank = msgspec.structs.replace(
        state, seats=(state.seat(0), msgspec.structs.replace(state.seat(1), faction=""))
    )
    assert setup.next_faction_chooser(blank) == 1


def test_faction_components_of_a_sheet() -> None:
    g = _two()
    sheet = setup.faction_components(g.ctx, "overmind")
    assert sheet.race == "zerg" and sheet.buildings == (("spawning_pool", 1),)
    assert Counter((o.kind, o.special) for o in sheet.orders) == {
        ("build", False): 2,
        ("mobilize", False): 2,
        ("research", False): 2,
        ("build", True): 1,
        ("mobilize", True): 1,
        ("research", True): 1,
    }
    assert len(sheet.combat_deck) == 18 and sheet.hand == () and sheet.worker_pool == 0
    assert "guardian_aspect" in sheet.tech_deck
    assert [(p.kind, p.amount) for p in sheet.permanent_resources] == [("minerals", 4), ("gas", 2)]


def test_take_faction_gives_the_seat_its_tokens() -> None:
    g = _two()
    state = g.start(0).state
    assert all(o.owner == 1 for o in state.seat(1).orders) and state.seat(1).faction == "overmind"


@pytest.mark.parametrize(
    ("players", "left"),
    [(2, (5, 5, 20)), (3, (10, 10, 20)), (4, (15, 15, 20)), (5, (20, 20, 20)), (6, (25, 25, 20))],
)
def test_event_deck_sizes_follow_the_table(players: int, left: tuple[int, int, int]) -> None:
    assert setup.event_deck_sizes(game(players=players).ctx) == left


def test_build_event_deck_stacks_stage_iii_under_ii_under_i() -> None:
    g = game(players=4)
    deck, removed, _ = setup.build_event_deck(g.ctx, 3, 0)
    stage = [g.ctx.t.event_card[c].stage.value for c in deck]
    assert removed == 20 and len(deck) == 50
    assert stage == [3] * 20 + [2] * 15 + [1] * 15  # bottom first: Stage I on top
    assert deck.count("the_end_draws_near") == 3
    conquest = game(players=4, galactic_conquest=True)
    deck, _, _ = setup.build_event_deck(conquest.ctx, 3, 0)
    assert "the_end_draws_near" not in deck and len(deck) == 47


def test_build_deck_step_records_sizes_publicly() -> None:
    g = _two()
    state = g.start(4).state
    assert len(state.event_deck) == 30


def test_start_state_pins_and_records_packs() -> None:
    g = _two()
    events: list[Event] = []
    state = setup.start_state(g.ctx, 0, events)
    assert state.first_player == 0 and state.packs == g.packs_used()
    assert [s.faction for s in state.seats] == ["jim_raynor", "overmind"]


def test_opening_hands_six_or_eight_seen_by_the_owner_only() -> None:
    g = _two()
    tr = g.start(0)
    state, events = script(g, [*PLACEMENTS, A.PlaceZAxisEnd("pridewater", "N")])
    state = until(g, state, PLANNING)
    assert [len(s.hand) for s in state.seats] == [8, 6]
    assert not set(state.seat(0).hand) & set(state.seat(0).combat_deck)
    g2 = _two()
    tr = g2.start(0)
    s2 = until(g2, tr.state, PLANNING)
    assert s2.seat(0).hand == state.seat(0).hand  # the same seed shuffles the same way
    hand_events: list[Event] = []
    setup.opening_hands(
        g.ctx,
        msgspec.structs.replace(
            state,
            seats=tuple(
                msgspec.structs.replace(s, hand=(), combat_deck=g.ctx.t.combat_deck[s.race])
                for s in state.seats
            ),
        ),
        hand_events,
    )
    private = [e for e in hand_events if isinstance(e, HandDrawn)]
    assert [e.visible_to for e in private] == [(0,), (1,)]
    assert [e.cards for e in hand_events if isinstance(e, HandSize)] == [8, 6]


def test_begin_first_round_is_planning_of_round_one() -> None:
    g = _two()
    state = until(g, g.start(0).state, PLANNING)
    assert (state.round, state.step, state.actor) == (1, PLANNING, state.first_player)
    assert not state.stacks  # the Planning phase (§8) begins: the first player orders first


# -- §6.1 ------------------------------------------------------------------------------------------


def test_draw_planets_two_each_from_the_first_player() -> None:
    g = game(players=3, faction_selection="random", scenario={"first_player": 1})
    state = g.start(5).state
    drawn = [p for s in state.seats for p in s.planets] + [p.id for p in state.galaxy]
    assert len(drawn) == 6 and len(set(drawn)) == 6
    assert _two().start(0).state.seat(1).planets == ("tarsonis", "chau_sara")


def test_placement_order_there_and_back() -> None:
    assert G.placement_order(0, 4) == (0, 1, 2, 3, 3, 2, 1, 0)
    assert G.placement_order(2, 3) == (2, 0, 1, 1, 0, 2)


def test_placement_round_one_then_two() -> None:
    g = _two()
    state = g.start(0).state
    assert G.placement_round(state) == 1
    assert G.placement_round(msgspec.structs.replace(state, placement_index=2)) == 2


def test_begin_placement_first_player_first() -> None:
    state = _two().start(0).state
    assert (state.step, state.actor, state.placement_order) == (CHOOSE_PLANET, 0, (0, 1, 1, 0))


def test_legal_planets_are_the_drawn_ones() -> None:
    g = _two()
    state = g.start(0).state
    assert G.legal_planets(g.ctx, state) == ("pridewater", "braken")


def test_resolve_choose_planet_then_the_cell() -> None:
    g = _two()
    state, _ = script(g, [A.ChoosePlanet("pridewater")])
    # the centre is the only cell for the first planet: not asked, straight to the turn
    assert (state.step, state.chosen_planet, state.chosen_cell) == (CHOOSE_ROTATION, "pridewater", (0, 0))


def test_legal_cells_of_the_chosen_planet() -> None:
    g = _two()
    state, _ = script(g, PLACEMENTS[:4])
    assert state.step == CHOOSE_CELL
    assert G.legal_cells(g.ctx, state) == ((0, -1), (0, 1), (1, 0))


def test_resolve_choose_cell_then_the_turn() -> None:
    g = _two()
    state, _ = script(g, PLACEMENTS[:5])
    assert (state.step, state.chosen_cell) == (CHOOSE_ROTATION, (1, 0))


def test_legal_rotations_of_the_chosen_cell() -> None:
    g = _two()
    state, _ = script(g, PLACEMENTS[:5])
    assert G.legal_rotations(g.ctx, state) == (1, 2, 3)  # every layout with a west slot


def test_resolve_choose_rotation_places_and_asks_for_the_base() -> None:
    g = _two()
    state, _ = script(g, PLACEMENTS[:6])
    assert state.step == PLACE_BASE and state.placed("tarsonis") is not None
    assert state.seat(1).planets == ("chau_sara",)


def test_base_planet_of_a_seat() -> None:
    g, state = _at_z_axis()
    assert G.base_planet(g.ctx, state, 0) == "pridewater" and G.base_planet(g.ctx, state, 1) == "chau_sara"


def test_legal_base_areas_not_yet_only_in_round_one() -> None:
    g = _two()
    state, _ = script(g, PLACEMENTS[:6])
    assert G.legal_base_areas(g.ctx, state) == ("tarsonis_1", "tarsonis_2", "tarsonis_3", None)
    state, _ = script(g, PLACEMENTS[:9])
    assert state.step == PLACE_BASE and G.placement_round(state) == 2
    assert G.legal_base_areas(g.ctx, state) == ("chau_sara_1", "chau_sara_2", "chau_sara_3")


def test_resolve_place_base_puts_the_token() -> None:
    g, state = _at_z_axis()
    assert state.area("pridewater_1").base == 0 and state.area("chau_sara_3").base == 1
    assert sum(a.base >= 0 for a in state.areas) == 2


def test_next_placement_skips_the_base_step_for_a_seat_with_a_base() -> None:
    g = _two()
    state, _ = script(g, PLACEMENTS[:10])
    assert (state.step, state.actor, state.chosen_planet) == (CHOOSE_CELL, 0, "braken")


def test_begin_z_axis_one_pair_each() -> None:
    g, state = _at_z_axis()
    assert state.step == PLACE_Z_MAJOR and state.actor == 0
    assert [s.z_axis_pair for s in state.seats] == [True, True]


def test_next_z_axis_returns_an_unplaceable_pair_to_the_box() -> None:
    g, state = _at_z_axis()
    tr = g.apply(state, 0, A.PlaceZAxisEnd("pridewater", "N"))
    returned = [e for e in tr.events if isinstance(e, ZAxisPlaced) and e.route is None]
    assert [e.seat for e in returned] == [1] and not tr.state.seat(1).z_axis_pair
    assert tr.state.step == PLACE_UNIT


def test_legal_z_ends_major_then_minor() -> None:
    g, state = _at_z_axis()
    assert G.legal_z_ends(g.ctx, state) == (RouteEnd("pridewater", "N"), RouteEnd("tarsonis", "E"))
    minor = msgspec.structs.replace(state, z_major=RouteEnd("tarsonis", "E"), step=PLACE_Z_MINOR)
    assert G.legal_z_ends(g.ctx, minor) == (RouteEnd("pridewater", "N"),)


def test_resolve_place_z_end_joins_two_planets() -> None:
    g, state = _at_z_axis()
    after = G.resolve_place_z_end(g.ctx, state, RouteEnd("tarsonis", "E"), [])
    assert after.step == PLACE_Z_MINOR and after.z_major == RouteEnd("tarsonis", "E")
    done = G.resolve_place_z_end(g.ctx, after, RouteEnd("pridewater", "N"), [])
    route = done.routes[-1]
    assert route.kind == "z_axis" and route.ends == (RouteEnd("tarsonis", "E"), RouteEnd("pridewater", "N"))


def test_deal_resource_cards_of_the_base_planet_only() -> None:
    g, state = _at_z_axis()
    state = g.apply(state, 0, A.PlaceZAxisEnd("pridewater", "N")).state
    assert [c.area for c in state.seat(1).resource_cards] == ["chau_sara_2", "chau_sara_3"]  # no CP card


def test_starting_units_one_entry_per_unit() -> None:
    g = _two()
    assert G.starting_units(g.ctx, "overmind") == ("zergling",) * 4 + ("hydralisk",)


def test_room_for_units_respects_limits_and_other_players() -> None:
    g, state = _at_z_axis()
    assert G.room_for_units(g.ctx, state, 0, "pridewater_3") == 3
    crowded = state
    for _ in range(2):
        here = crowded.area("pridewater_3")
        crowded = msgspec.structs.replace(
            crowded,
            areas=tuple(
                msgspec.structs.replace(here, units=(*here.units, Unit(0, "marine")))
                if a.id == here.id
                else a
                for a in crowded.areas
            ),
        )
    assert G.room_for_units(g.ctx, crowded, 0, "pridewater_3") == 1
    assert G.room_for_units(g.ctx, crowded, 1, "pridewater_3") == 0


def test_begin_starting_forces_from_the_first_player() -> None:
    g, state = _at_z_axis()
    state = g.apply(state, 0, A.PlaceZAxisEnd("pridewater", "N")).state
    assert (state.step, state.actor, state.units_to_place) == (
        PLACE_UNIT,
        0,
        ("marine", "marine", "firebat", "vulture"),
    )


def test_next_starting_forces_moves_to_the_next_seat() -> None:
    g, state = _at_z_axis()
    state, _ = script(
        g,
        [
            *PLACEMENTS,
            A.PlaceZAxisEnd("pridewater", "N"),
            *(A.PlaceStartingUnit("pridewater_1") for _ in range(4)),
            A.PlaceStartingTransport(0),
        ],
    )
    assert (state.actor, state.step) == (1, PLACE_UNIT) and state.seat(0).worker_pool == 8


def test_legal_unit_areas_with_room_on_the_base_planet() -> None:
    g = _two()
    state, _ = script(
        g,
        [
            *PLACEMENTS,
            A.PlaceZAxisEnd("pridewater", "N"),
            *(A.PlaceStartingUnit("pridewater_3") for _ in range(3)),
        ],
    )
    assert G.legal_unit_areas(g.ctx, state) == ("pridewater_1", "pridewater_2")  # _3 is full (limit 3)


def test_next_unit_keeps_a_unit_no_area_has_room_for() -> None:
    g, state = _at_z_axis()
    state = g.apply(state, 0, A.PlaceZAxisEnd("pridewater", "N")).state
    full = tuple(
        msgspec.structs.replace(
            a, units=tuple(Unit(0, "marine") for _ in range(g.ctx.t.area[a.id].unit_limit))
        )
        if a.id.startswith("pridewater")
        else a
        for a in state.areas
    )
    events: list[Event] = []
    after = G.next_unit(g.ctx, msgspec.structs.replace(state, areas=full), events)
    assert [e.area for e in events if isinstance(e, StartingUnitPlaced)] == [None] * 4
    assert after.step == PLACE_TRANSPORT


def test_resolve_place_unit_adds_the_figure() -> None:
    g = _two()
    state, _ = script(
        g, [*PLACEMENTS, A.PlaceZAxisEnd("pridewater", "N"), A.PlaceStartingUnit("pridewater_2")]
    )
    assert state.area("pridewater_2").units == (Unit(0, "marine"),)
    assert state.units_to_place == ("marine", "firebat", "vulture")


def test_transports_on_board_counts_the_seats_pieces() -> None:
    g = _two()
    state = until(g, g.start(0).state, PLANNING)
    assert [G.transports_on_board(state, s) for s in (0, 1)] == [1, 1]


def test_legal_transport_routes_of_the_base_planet() -> None:
    g = _two()
    state, _ = script(
        g,
        [
            *PLACEMENTS,
            A.PlaceZAxisEnd("pridewater", "N"),
            *(A.PlaceStartingUnit("pridewater_1") for _ in range(4)),
        ],
    )
    assert state.step == PLACE_TRANSPORT
    assert G.legal_transport_routes(g.ctx, state) == (0, 2, 4)  # Tarsonis, Braken, the z-axis route


def test_next_transport_then_workers() -> None:
    g = _two()
    state, _ = script(
        g,
        [
            *PLACEMENTS,
            A.PlaceZAxisEnd("pridewater", "N"),
            *(A.PlaceStartingUnit("pridewater_1") for _ in range(4)),
        ],
    )
    assert state.seat(0).worker_pool == 0
    state = g.apply(state, 0, A.PlaceStartingTransport(2)).state
    assert state.seat(0).worker_pool == 8 and state.actor == 1


def test_resolve_place_transport_on_the_route() -> None:
    g = _two()
    state, _ = script(
        g,
        [
            *PLACEMENTS,
            A.PlaceZAxisEnd("pridewater", "N"),
            *(A.PlaceStartingUnit("pridewater_1") for _ in range(4)),
            A.PlaceStartingTransport(4),
        ],
    )
    assert state.routes[4].transports == (0,) and state.routes[4].kind == "z_axis"


def test_area_state_starts_empty() -> None:
    assert AreaState("x") == AreaState("x", NOBODY, (), 0)
