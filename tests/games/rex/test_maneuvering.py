"""RULES §9 Phase 4 — Maneuvering (E18-E24) and its race hooks (§18: Hacan, Sol, Xxcha)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from tests.games.rex.helpers import pass_card_window, rex, run_phase, set_up_game
from turncoat.core.actions import Event
from turncoat.core.errors import IllegalAction
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.phases import maneuvering as M
from turncoat.games.rex.phases.maneuvering import begin_maneuvering
from turncoat.games.rex.state import (
    CROSS,
    CROSS_TO,
    ENVOY,
    FROM_RESERVES,
    HACAN_TIMING,
    LAND_COUNT,
    LAND_TO,
    MANEUVER_STEPS,
    MOVE_COUNT,
    MOVE_FROM,
    MOVE_TO,
    WITHDRAW,
    Draft,
    Stack,
    State,
    add_units,
    total_influence,
)

QUIET = 1  # the fleet in sector 1: none of the areas below is touched


def stacks(g: RexGame, *groups: tuple[str, int, int]) -> tuple[Stack, ...]:
    """(piece id, seat, units) groups as board stacks."""
    out: tuple[Stack, ...] = ()
    for piece, seat, units in groups:
        out = add_units(out, g.ctx.b.piece_index[piece], seat, units)
    return out


def maneuver(g: RexGame, **fields: Any) -> tuple[State, list[Event]]:
    """§9 on a set-up game: first player 0, fleet in sector 1, 10 influence each, no alliances."""
    s = set_up_game(g)
    n = s.players
    fields.setdefault("first_player", 0)
    fields.setdefault("fleet", QUIET)
    fields.setdefault("influence", (10,) * n)
    fields.setdefault("alliance", (-1,) * n)
    return run_phase(g, s, begin_maneuvering, **fields)


def act(g: RexGame, s: State, seat: int, action: Any, log: list[Event] | None = None) -> State:
    """Apply; a Diplomatic Interference window that opens (§17, C5) is answered "no card" by all."""
    t = g.apply(s, seat, action)
    events = list(t.events)
    s = pass_card_window(g, t.state, events)
    if log is not None:
        log.extend(events)
    return s


def areas_of(g: RexGame, actions: Any) -> set[str]:
    b = g.ctx.b
    return {b.area_ids[b.piece_area[b.piece_index[a.piece]]] for a in actions if hasattr(a, "piece")}


# Seats: 0 Jol-Nar, 1 Letnev, 2 Lazax, 3 Sol (no Hacan, so nobody is asked about turn timing).
def plain(**options: Any) -> RexGame:
    return rex(4, ["jol_nar", "letnev", "lazax", "sol"], **options)


def test_allowance_spaceport_control_at_the_start_gives_the_longer_move_rule_9_2() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=stacks(g, ("imperial_navy_base", 1, 5), ("adminus_imperialis", 0, 3)))
    assert s.allowance == (1, 3, 1, 1)  # the stand-in board's 1 / 3 lines
    g = plain(movement_normal=2, movement_spaceport=4)
    s, _ = maneuver(g, stacks=stacks(g, ("imperial_navy_base", 1, 5)))
    assert s.allowance == (2, 4, 2, 2)


def test_begin_maneuvering_a_spaceport_taken_during_the_phase_gives_no_bonus_e22() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=stacks(g, ("dune_imperial_basin__west", 0, 4)))
    assert s.allowance[0] == 1
    s = act(g, s, 0, A.MoveFrom("dune_imperial_basin__west"))
    s = act(g, s, 0, A.MoveTo("imperial_navy_base"))
    s = act(g, s, 0, A.MoveUnits(4))
    assert s.allowance[0] == 1


def test_an_allys_spaceport_gives_no_bonus_e23() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=stacks(g, ("imperial_navy_base", 1, 5)), alliance=(0, 0, -1, -1))
    assert s.allowance[:2] == (1, 3)


def test_a_group_moves_up_to_its_allowance_rule_9_3() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=stacks(g, ("adminus_imperialis", 0, 3)))
    assert s.step == MOVE_FROM and g.to_act(s) == {0}
    assert A.MoveFrom("adminus_imperialis") in g.legal_actions(s, 0)
    s = act(g, s, 0, A.MoveFrom("adminus_imperialis"))
    assert s.step == MOVE_TO
    # one line from Adminus Imperialis (board.json): False Wall South, Pasty Mesa, South Mesa
    assert areas_of(g, g.legal_actions(s, 0)) == {
        "dune_false_wall_south",
        "dune_pasty_mesa",
        "dune_south_mesa",
    }
    s = act(g, s, 0, A.MoveTo("dune_south_mesa__middle"))
    assert s.step == MOVE_COUNT
    assert [a for a in g.legal_actions(s, 0)] == [A.MoveUnits(1), A.MoveUnits(2), A.MoveUnits(3)]
    log: list[Event] = []
    s = act(g, s, 0, A.MoveUnits(2), log)
    assert (
        E.UnitsMoved(
            seat=0,
            origin="adminus_imperialis",
            target="dune_south_mesa__middle",
            units=2,
            mechanized=0,
            lines=1,
        )
        in log
    )
    assert s.step == LAND_TO  # then the landing step


def test_legal_origins_units_cannot_leave_the_bombarded_sector_e18() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=stacks(g, ("adminus_imperialis", 0, 3)), fleet=4)
    assert s.step != MOVE_FROM or A.MoveFrom("adminus_imperialis") not in g.legal_actions(s, 0)


def test_destinations_never_in_the_bombarded_sector_rule_9_3() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=stacks(g, ("imperial_navy_base", 0, 3)), fleet=11)
    s = act(g, s, 0, A.MoveFrom("imperial_navy_base"))
    b = g.ctx.b
    sectors = {
        b.piece_sector[b.piece_index[a.piece]] for a in g.legal_actions(s, 0) if isinstance(a, A.MoveTo)
    }
    assert 11 not in sectors and 10 in sectors


def test_may_end_in_with_enemies_but_not_with_allies_e19() -> None:
    g = plain()
    groups = (
        ("adminus_imperialis", 0, 3),
        ("dune_south_mesa__middle", 1, 2),
        ("dune_pasty_mesa__far_south", 2, 2),
    )
    s, _ = maneuver(g, stacks=stacks(g, *groups), alliance=(0, -1, 0, -1))
    s = act(g, s, 0, A.MoveFrom("adminus_imperialis"))
    ends = areas_of(g, g.legal_actions(s, 0))
    assert "dune_south_mesa" in ends  # an enemy: a battle follows
    assert "dune_pasty_mesa" not in ends  # an ally


def test_allies_may_share_the_galactic_council_rule_13_3() -> None:
    g = plain()
    groups = (("dune_imperial_basin__center", 0, 3), ("galactic_council", 2, 2))
    s, _ = maneuver(g, stacks=stacks(g, *groups), alliance=(0, -1, 0, -1))
    s = act(g, s, 0, A.MoveFrom("dune_imperial_basin__center"))
    assert A.MoveTo("galactic_council") in g.legal_actions(s, 0)


def _to_landing(g: RexGame, s: State, seat: int) -> State:
    if s.step == MOVE_FROM:
        s = act(g, s, seat, A.SkipMove())
    assert s.step == LAND_TO
    return s


def test_landing_costs_one_per_unit_two_among_enemies_one_in_the_council_e20_e21() -> None:
    g = plain()
    groups = (("imperial_navy_base", 1, 2), ("adminus_imperialis", 0, 1))
    s, _ = maneuver(g, stacks=stacks(g, *groups))
    s = _to_landing(g, s, 0)
    before = total_influence(s)
    for piece, units, cost in (
        ("adminus_imperialis", 3, 3),
        ("imperial_navy_base", 3, 6),
        ("galactic_council", 4, 4),
    ):
        t = act(g, s, 0, A.LandIn(piece))
        log: list[Event] = []
        t = act(g, t, 0, A.LandUnits(units), log)
        landed = next(e for e in log if isinstance(e, E.UnitsLanded))
        assert (landed.cost, landed.paid_to) == (cost, None)  # no Hacan: to the pool
        assert t.influence[0] == 10 - cost and total_influence(t) == before


def test_landing_areas_no_landing_where_allies_are_except_the_council_e20() -> None:
    g = plain()
    groups = (("imperial_navy_base", 1, 2), ("galactic_council", 1, 1))
    s, _ = maneuver(g, stacks=stacks(g, *groups), alliance=(0, 0, -1, -1))
    s = _to_landing(g, s, 0)
    targets = {a.piece for a in g.legal_actions(s, 0) if isinstance(a, A.LandIn)}
    assert "imperial_navy_base" not in targets and "galactic_council" in targets


def test_landing_choices_none_in_the_bombarded_sector_rule_9_4() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=(), fleet=9)
    s = _to_landing(g, s, 0)
    targets = {a.piece for a in g.legal_actions(s, 0) if isinstance(a, A.LandIn)}
    assert "civilian_spaceport" not in targets and "imperial_navy_base" in targets


def test_legal_land_counts_no_more_than_can_be_paid_for_rule_9_4() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=stacks(g, ("imperial_navy_base", 1, 2)), influence=(5, 10, 10, 10))
    s = _to_landing(g, s, 0)
    s = act(g, s, 0, A.LandIn("imperial_navy_base"))
    assert max(a.units for a in g.legal_actions(s, 0) if isinstance(a, A.LandUnits)) == 2
    with pytest.raises(IllegalAction):
        g.apply(s, 0, A.LandUnits(3))


def test_sol_zone_the_sol_land_free_but_only_there_rule_18() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=(), first_player=3, influence=(10, 10, 10, 0))
    s = _to_landing(g, s, 3)
    zone = areas_of(g, [a for a in g.legal_actions(s, 3) if isinstance(a, A.LandIn)])
    assert "dune_the_great_flat" in zone and "mecatol_power_south" in zone
    assert "imperial_navy_base" not in zone and "adminus_imperialis" not in zone
    s = act(g, s, 3, A.LandIn("dune_the_great_flat"))
    log: list[Event] = []
    s = act(g, s, 3, A.LandUnits(10), log)
    assert next(e for e in log if isinstance(e, E.UnitsLanded)).cost == 0


def test_land_lazax_mechanized_units_rule_10_7() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=(), first_player=2)
    s = _to_landing(g, s, 2)
    s = act(g, s, 2, A.LandIn("adminus_imperialis"))
    assert A.LandUnits(3, 2) in g.legal_actions(s, 2)
    s = act(g, s, 2, A.LandUnits(3, 2))
    assert (g.ctx.b.piece_index["adminus_imperialis"], 2, 3, 2) in s.stacks


def test_next_turn_in_player_order_move_then_land_rule_9_1() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=stacks(g, ("adminus_imperialis", 2, 1)), first_player=2)
    order = []
    while s.step in MANEUVER_STEPS:
        seat = min(g.to_act(s))
        order.append((seat, s.step))
        skip = A.SkipMove() if s.step == MOVE_FROM else A.SkipLanding()
        s = act(g, s, seat, skip)
    assert order == [(2, MOVE_FROM), (2, LAND_TO), (3, LAND_TO), (0, LAND_TO), (1, LAND_TO)]


def test_resolve_move_count_several_groups_may_join_with_the_single_origin_reading_off_gaps_e3() -> None:
    g = plain(movement_group_single_origin=False)
    groups = (("dune_false_wall_south__east", 0, 2), ("dune_pasty_mesa__far_south", 0, 2))
    s, _ = maneuver(g, stacks=stacks(g, *groups))
    s = act(g, s, 0, A.MoveFrom("dune_false_wall_south__east"))
    s = act(g, s, 0, A.MoveTo("adminus_imperialis"))
    s = act(g, s, 0, A.MoveUnits(2))
    assert s.step == MOVE_FROM
    s = act(g, s, 0, A.MoveFrom("dune_pasty_mesa__far_south"))
    assert s.step == MOVE_COUNT  # the second group joins the first one's destination
    s = act(g, s, 0, A.MoveUnits(2))
    assert (g.ctx.b.piece_index["adminus_imperialis"], 0, 4, 0) in s.stacks


def test_continue_landing_one_landing_only_unless_the_reading_is_off_gaps_e3() -> None:
    for single, step_after in ((True, MOVE_FROM), (False, LAND_TO)):
        g = plain(landing_single_destination=single)
        s, _ = maneuver(g, stacks=stacks(g, ("adminus_imperialis", 1, 1)))
        s = _to_landing(g, s, 0)
        s = act(g, s, 0, A.LandIn("imperial_navy_base"))
        s = act(g, s, 0, A.LandUnits(1))
        assert s.step == step_after and g.to_act(s) == ({1} if single else {0})


def test_a_full_stronghold_admits_nobody_else_gaps_a13() -> None:
    g = plain(stronghold_occupancy_limit=2)
    groups = (("imperial_navy_base", 1, 2), ("imperial_navy_base", 2, 2))
    s, _ = maneuver(g, stacks=stacks(g, *groups))
    s = _to_landing(g, s, 0)
    assert A.LandIn("imperial_navy_base") not in g.legal_actions(s, 0)


# Seats: 0 Jol-Nar, 1 Hacan, 2 Xxcha, 3 Letnev.
def hacan_game(**options: Any) -> RexGame:
    return rex(4, ["jol_nar", "hacan", "xxcha", "letnev"], **options)


def test_resolve_land_count_landing_fees_go_to_the_hacan_rule_9_4() -> None:
    g = hacan_game(hacan_free_timing=False)
    s, _ = maneuver(g, stacks=())
    s = _to_landing(g, s, 0)
    s = act(g, s, 0, A.LandIn("adminus_imperialis"))
    log: list[Event] = []
    s = act(g, s, 0, A.LandUnits(4), log)
    assert E.UnitsLanded(seat=0, piece="adminus_imperialis", units=4, mechanized=0, cost=4, paid_to=1) in log
    assert s.influence[:2] == (6, 14)


def test_landing_cost_the_hacan_pay_half_rounded_up_e24() -> None:
    g = hacan_game(hacan_free_timing=False)
    s, _ = maneuver(g, stacks=stacks(g, ("imperial_navy_base", 3, 1)), first_player=1)
    s = _to_landing(g, s, 1)
    s = act(g, s, 1, A.LandIn("imperial_navy_base"))
    log: list[Event] = []
    s = act(g, s, 1, A.LandUnits(3), log)  # 3 units among enemies: 6, halved: 3
    assert (
        E.UnitsLanded(seat=1, piece="imperial_navy_base", units=3, mechanized=0, cost=3, paid_to=None) in log
    )
    g = hacan_game(hacan_free_timing=False, hacan_half_price=False)
    s, _ = maneuver(g, stacks=(), first_player=1)
    s = _to_landing(g, s, 1)
    s = act(g, s, 1, A.LandIn("adminus_imperialis"))
    s = act(g, s, 1, A.LandUnits(3))
    assert s.influence[1] == 7


def test_resolve_envoy_after_another_players_landing_rule_18() -> None:
    g = hacan_game(hacan_free_timing=False)
    s, _ = maneuver(g, stacks=())
    s = _to_landing(g, s, 0)
    s = act(g, s, 0, A.LandIn("adminus_imperialis"))
    s = act(g, s, 0, A.LandUnits(1))
    assert s.step == ENVOY and g.to_act(s) == {2}
    council = g.ctx.b.piece_index["galactic_council"]
    before = sum(u for p, seat, u, _ in s.stacks if p == council and seat == 2)
    s = act(g, s, 2, A.SendEnvoy(True))
    assert sum(u for p, seat, u, _ in s.stacks if p == council and seat == 2) == before + 1
    assert g.to_act(s) == {1}  # Jol-Nar's turn is over; the Hacan go next


def test_resolve_hacan_timing_before_any_player_or_wait_rule_18() -> None:
    g = hacan_game()
    s, _ = maneuver(g, stacks=())
    assert s.step == HACAN_TIMING and g.to_act(s) == {1}
    s = act(g, s, 1, A.HacanTiming(False))  # Jol-Nar first
    assert g.to_act(s) == {0}
    s = act(g, s, 0, A.SkipLanding())
    assert s.step == HACAN_TIMING  # asked again before the Xxcha
    s = act(g, s, 1, A.HacanTiming(False))
    s = act(g, s, 2, A.SkipLanding())
    s = act(g, s, 1, A.HacanTiming(True))  # before Letnev
    assert g.to_act(s) == {1} and s.turn_seat == 1
    s = act(g, s, 1, A.SkipLanding())
    assert g.to_act(s) == {3}
    s = act(g, s, 3, A.SkipLanding())  # no units on the board: no movement step
    assert s.step not in MANEUVER_STEPS  # the Battle phase has begun


def test_hacan_may_cross_land_or_withdraw_rule_18() -> None:
    g = hacan_game(hacan_free_timing=False)
    s, _ = maneuver(g, stacks=stacks(g, ("adminus_imperialis", 1, 5)), first_player=1)
    s = _to_landing(g, s, 1)
    legal = g.legal_actions(s, 1)
    assert A.CrossFrom("adminus_imperialis") in legal and A.WithdrawFrom("adminus_imperialis") in legal
    t = act(g, s, 1, A.CrossFrom("adminus_imperialis"))
    assert A.CrossTo("adminus_imperialis") not in g.legal_actions(t, 1)  # to another area
    t = act(g, t, 1, A.CrossTo("imperial_palace"))
    log: list[Event] = []
    t = act(g, t, 1, A.LandUnits(3), log)
    moved = next(e for e in log if isinstance(e, E.UnitsLanded))
    assert (moved.origin, moved.piece, moved.units, moved.cost) == (
        "adminus_imperialis",
        "imperial_palace",
        3,
        2,
    )
    assert not any(isinstance(e, E.EnvoySent) for e in log) and t.step != ENVOY  # GAPS G10
    w = act(g, s, 1, A.WithdrawFrom("adminus_imperialis"))
    log = []
    w = act(g, w, 1, A.LandUnits(5), log)
    assert E.UnitsWithdrawn(seat=1, piece="adminus_imperialis", units=5, mechanized=0, cost=3) in log
    assert w.reserves[1] == s.reserves[1] + 5


def test_may_land_exactly_when_there_is_a_landing_choice_rule_9_4() -> None:
    """§9.4: the quick "may he land at all" check that opens the landing step agrees with the full
    list of landing choices, at every step of random 6- and 3-player games."""
    import random

    from turncoat.games.rex.config import RexConfig
    from turncoat.games.rex.phases import maneuvering as M

    for players, seed in ((6, 3), (3, 4)):
        game = RexGame(RexConfig(players=players))
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while seats := game.to_act(state):
            for seat in range(players):
                assert M.may_land(game.ctx, state, seat) == bool(M.landing_choices(game.ctx, state, seat))
            seat = min(seats)
            legal = game.legal_actions(state, seat)
            state = game.apply(state, seat, rng.choice(list(legal))).state


def test_landing_targets_are_the_pieces_of_the_landing_areas_rule_9_4() -> None:
    """§9.4: the full list of landing targets (which judges empty areas by their kind at once) is
    exactly the pieces of the areas ``landing_areas`` offers one by one, for every seat, also for a
    cross-landing leaving a given area, at every step of random games — with the stronghold limit,
    the area sector model and alliances in play."""
    import random

    from turncoat.games.rex.config import RexConfig
    from turncoat.games.rex.phases import maneuvering as M

    configs = (
        RexConfig(players=6),
        RexConfig(players=5, sector_model="area", stronghold_occupancy_limit=2, alliances_min_players=3),
    )
    for seed, config in enumerate(configs):
        game = RexGame(config)
        ctx = game.ctx
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        checked = 0
        while seats := game.to_act(state):
            for seat in range(config.players):
                for exclude in (-1, *(st[0] for st in state.stacks if st[1] == seat)):
                    areas = M.landing_areas(ctx, state, seat, exclude)
                    expected = tuple(sorted(piece for pieces in areas for piece in pieces))
                    assert M.landing_targets(ctx, state, seat, exclude) == expected
                    checked += 1
            seat = min(seats)
            state = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat)))).state
        assert checked > 1000


# -- one test for each remaining rule function of §9 ------------------------------------------------


def test_controls_only_units_of_his_own_there_rule_3_3() -> None:
    g = plain()
    s = msgspec.structs.replace(
        set_up_game(g), stacks=stacks(g, ("imperial_navy_base", 1, 2), ("adminus_imperialis", 0, 1))
    )
    navy, adminus = g.ctx.b.area_index["imperial_navy_base"], g.ctx.b.area_index["adminus_imperialis"]
    assert M.controls(g.ctx, s, 1, navy) and not M.controls(g.ctx, s, 0, navy)
    shared = msgspec.structs.replace(
        s, stacks=stacks(g, ("adminus_imperialis", 0, 1), ("adminus_imperialis", 1, 1))
    )
    assert not M.controls(g.ctx, shared, 0, adminus) and not M.controls(g.ctx, shared, 1, adminus)


def test_start_turn_begins_with_the_movement_step_rule_9_1() -> None:
    g = plain()
    s, events = maneuver(g, stacks=stacks(g, ("imperial_navy_base", 0, 3)))
    assert E.ManeuverTurnStarted(seat=0) in events
    assert s.turn_seat == 0 and s.step == MOVE_FROM and s.moves_made == 0


def test_resolve_move_from_then_resolve_move_to_then_the_count_rule_9_3() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=stacks(g, ("imperial_navy_base", 0, 3)))
    s = act(g, s, 0, A.MoveFrom("imperial_navy_base"))
    assert s.step == MOVE_TO and s.origin == g.ctx.b.piece_index["imperial_navy_base"]
    target = next(a for a in g.legal_actions(s, 0) if isinstance(a, A.MoveTo))
    s = act(g, s, 0, target)
    assert s.step == MOVE_COUNT and s.target == g.ctx.b.piece_index[target.piece]


def test_resolve_move_to_only_where_the_group_may_end_rule_9_3() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=stacks(g, ("imperial_navy_base", 0, 3)))
    s = act(g, s, 0, A.MoveFrom("imperial_navy_base"))
    offered = {g.ctx.b.piece_index[a.piece] for a in g.legal_actions(s, 0) if isinstance(a, A.MoveTo)}
    assert offered == set(M.destinations(g.ctx, s, 0, s.origin))


def test_legal_move_counts_any_part_of_the_group_at_least_one_rule_9_3() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=stacks(g, ("imperial_navy_base", 0, 3)))
    s = act(g, s, 0, A.MoveFrom("imperial_navy_base"))
    assert M.legal_move_counts(g.ctx, s, 0) == [(1, 0), (2, 0), (3, 0)]


def test_resolve_skip_move_goes_to_the_landing_step_rule_9_1() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=stacks(g, ("imperial_navy_base", 0, 3)))
    s = act(g, s, 0, A.SkipMove())
    assert s.step == LAND_TO and s.turn_seat == 0 and s.moves_made == 0


def test_end_movement_step_offers_the_extra_step_after_the_card_rule_9_3() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=stacks(g, ("imperial_navy_base", 0, 3)))
    d, out = Draft.of(s), list[Event]()
    d.extra_move = True
    M.end_movement_step(g.ctx, d, out)
    assert d.step == MOVE_FROM and not d.extra_move  # one more movement step
    M.end_movement_step(g.ctx, d, out)
    assert d.step == LAND_TO  # then the landing step


def test_may_play_extra_move_with_the_card_before_the_first_group_only_rule_9_3() -> None:
    g = plain()
    card = g.ctx.t.card_index["extra_maneuver"]
    s, _ = maneuver(g, stacks=stacks(g, ("imperial_navy_base", 0, 3)), hands=((card,), (), (), ()))
    assert M.may_play_extra_move(g.ctx, s, 0) and not M.may_play_extra_move(g.ctx, s, 1)
    assert not M.may_play_extra_move(g.ctx, msgspec.structs.replace(s, moves_made=1), 0)


def test_begin_landing_step_skipped_when_there_is_nothing_to_land_rule_9_4() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=stacks(g, ("imperial_navy_base", 0, 3)), reserves=(0, 20, 15, 20))
    s = act(g, s, 0, A.SkipMove())
    assert s.maneuvered[0] and s.turn_seat == 1  # no reserves: seat 0's turn is over


def test_landing_rate_one_two_among_others_one_in_the_council_rule_9_4() -> None:
    g = plain()
    b = g.ctx.b
    s = msgspec.structs.replace(
        set_up_game(g),
        stacks=stacks(
            g, ("imperial_navy_base", 1, 2), ("galactic_council", 1, 1), ("adminus_imperialis", 0, 1)
        ),
    )
    rate = [
        M.landing_rate(g.ctx, s, 0, b.piece_index[p])
        for p in ("adminus_imperialis", "imperial_navy_base", "galactic_council", "imperial_palace")
    ]
    assert rate == [1, 2, 1, 1]


def test_landing_price_the_cost_at_the_target_or_a_withdrawal_rule_9_4() -> None:
    g = hacan_game(hacan_free_timing=False)
    s, _ = maneuver(g, stacks=stacks(g, ("adminus_imperialis", 1, 5)), first_player=1)
    s = _to_landing(g, s, 1)
    landing = act(g, s, 1, A.LandIn("imperial_palace"))
    assert M.landing_price(g.ctx, landing, 1, 3) == 2  # the Hacan pay half of 3, rounded up
    withdrawing = act(g, s, 1, A.WithdrawFrom("adminus_imperialis"))
    assert M.landing_price(g.ctx, withdrawing, 1, 5) == 3


def test_withdraw_cost_one_per_two_units_rounded_up_e24() -> None:
    assert [M.withdraw_cost(n) for n in range(6)] == [0, 1, 1, 2, 2, 3]


def test_landing_options_reserve_targets_then_the_hacan_groups_rule_9_4() -> None:
    g = hacan_game(hacan_free_timing=False)
    s, _ = maneuver(g, stacks=stacks(g, ("adminus_imperialis", 1, 5)), first_player=1)
    s = _to_landing(g, s, 1)
    targets, crossing = M.landing_options(g.ctx, s, 1)
    adminus = g.ctx.b.piece_index["adminus_imperialis"]
    assert targets and adminus in targets
    assert (CROSS, adminus) in crossing and (WITHDRAW, adminus) in crossing


def test_resolve_land_choice_from_reserves_then_the_count_rule_9_4() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=())
    s = act(g, _to_landing(g, s, 0), 0, A.LandIn("adminus_imperialis"))
    assert s.step == LAND_COUNT and s.target == g.ctx.b.piece_index["adminus_imperialis"]
    assert s.landing_mode == FROM_RESERVES


def test_resolve_cross_to_sets_the_target_and_asks_how_many_rule_18() -> None:
    g = hacan_game(hacan_free_timing=False)
    s, _ = maneuver(g, stacks=stacks(g, ("adminus_imperialis", 1, 5)), first_player=1)
    s = act(g, _to_landing(g, s, 1), 1, A.CrossFrom("adminus_imperialis"))
    s = act(g, s, 1, A.CrossTo("imperial_palace"))
    assert s.step == LAND_COUNT and s.target == g.ctx.b.piece_index["imperial_palace"]


def test_ally_may_cross_an_ally_of_the_hacan_until_refused_rule_18() -> None:
    g = hacan_game()
    s = msgspec.structs.replace(set_up_game(g), alliance=(0, 0, -1, -1))
    assert M.ally_may_cross(g.ctx, s, 0) == 1 and M.ally_may_cross(g.ctx, s, 3) == -1
    assert M.ally_may_cross(g.ctx, msgspec.structs.replace(s, refused=("cross_landing",)), 0) == -1


def test_after_cross_consent_agreed_asks_where_refused_lands_again_rule_13_3() -> None:
    g = hacan_game(hacan_free_timing=False)
    s, _ = maneuver(g, stacks=stacks(g, ("adminus_imperialis", 0, 3)), alliance=(0, 0, -1, -1))
    s = _to_landing(g, s, 0)
    d, out = Draft.of(s), list[Event]()
    M.after_cross_consent(g.ctx, d, 0, g.ctx.b.piece_index["adminus_imperialis"], out)
    assert d.step == CROSS_TO
    d, out = Draft.of(s), list[Event]()
    M.after_cross_consent(g.ctx, d, 0, -1, out)
    assert d.step == LAND_TO and d.actor == 0


def test_envoy_possible_the_xxcha_after_another_players_landing_rule_18() -> None:
    g = hacan_game()  # the Xxcha sit at seat 2
    s = set_up_game(g)
    assert M.envoy_possible(g.ctx, s, 0) == 2
    assert M.envoy_possible(g.ctx, s, 2) == -1  # not after his own landing
    assert M.envoy_possible(g.ctx, msgspec.structs.replace(s, reserves=(5, 5, 0, 5)), 0) == -1


def test_after_landing_asks_the_xxcha_or_ends_the_turn_rule_18() -> None:
    g = hacan_game(hacan_free_timing=False)
    s, _ = maneuver(g, stacks=())
    s = _to_landing(g, s, 0)
    d, out = Draft.of(s), list[Event]()
    M.after_landing(g.ctx, d, 0, True, out)
    assert d.step == ENVOY and d.actor == 2 and d.landings_made == 1
    d, out = Draft.of(s), list[Event]()
    M.after_landing(g.ctx, d, 0, False, out)  # a cross-landing calls no envoy (GAPS G10)
    assert d.step != ENVOY and d.turn_seat == 1


def test_resolve_skip_landing_ends_the_turn_rule_9_1() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=())
    s = act(g, _to_landing(g, s, 0), 0, A.SkipLanding())
    assert s.turn_seat == 1 and s.maneuvered[0]


def test_end_turn_marks_the_seat_and_the_next_player_goes_rule_9_1() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=())
    d, out = Draft.of(_to_landing(g, s, 0)), list[Event]()
    M.end_turn(g.ctx, d, out)
    assert d.maneuvered[0] and E.ManeuverTurnStarted(seat=1) in out


def test_end_maneuvering_the_battle_phase_follows_rule_9() -> None:
    g = plain()
    s, _ = maneuver(g, stacks=())
    d, out = Draft.of(s), list[Event]()
    M.end_maneuvering(g.ctx, d, out)
    assert E.PhaseStarted(phase="battle") in out and d.allowance == () and d.turn_seat == -1


def test_hacan_in_turn_when_the_hacan_are_next_in_player_order_rule_9_1() -> None:
    g = hacan_game()  # the Hacan sit at seat 1
    d = Draft.of(set_up_game(g))
    d.first_player, d.maneuvered = 0, (True, False, False, False)
    assert M.hacan_in_turn(d)
    d.maneuvered = (False, False, False, False)
    assert not M.hacan_in_turn(d)
