"""The engine's shortcuts give the answers of the rule functions they stand for, at every step of
random games (2-6 players): the area index, the precomputed turned sides, the one-pass order
planets, the existence check for voluntary destruction, the kept legal list."""

from __future__ import annotations

import random

import pytest

from turncoat.games.starcraft.components import SIDES
from turncoat.games.starcraft.galaxy import adjacent_planets, rotated_sides
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.phases import control, execution, planning
from turncoat.games.starcraft.state import PLANNING, STEP_EXECUTION, State

from .helpers import game


def states(g: StarcraftGame, seed: int) -> list[State]:
    rng = random.Random(seed)
    s = g.new_initial_state(seed)
    out = [s]
    while seats := g.to_act(s):
        seat = min(seats)
        s = g.apply(s, seat, rng.choice(list(g.legal_actions(s, seat)))).state
        out.append(s)
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_can_destroy_exactly_when_a_destruction_is_listed_rule_9(players: int) -> None:
    g = game(players=players)
    seen = 0
    for s in states(g, players):
        if s.step == STEP_EXECUTION and s.actor >= 0:
            assert execution.can_destroy(g.ctx, s) == bool(execution.legal_destructions(g.ctx, s))
            seen += 1
    assert seen > 0


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_area_index_finds_what_a_search_of_the_areas_finds(players: int) -> None:
    g = game(players=players)
    for s in states(g, 10 + players):
        for a in s.areas:
            assert s.area(a.id) is next(b for b in s.areas if b.id == a.id)
        with pytest.raises(KeyError):
            s.area("no_such_area")


def test_rotated_sides_turn_the_printed_slots_rule_6_3() -> None:
    """§6.3: the precomputed sides are the printed slots turned clockwise, in N, E, S, W order."""
    g = game(players=2)
    for planet, printed in g.ctx.t.planet_sides.items():
        for rotation in range(8):
            turned = sorted((SIDES[(SIDES.index(s) + rotation) % 4] for s in printed), key=SIDES.index)
            assert rotated_sides(g.ctx, planet, rotation) == tuple(turned)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_legal_order_planets_are_those_with_a_piece_and_their_neighbours_rule_8(players: int) -> None:
    g = game(players=players)
    seen = 0
    for s in states(g, 20 + players):
        if s.step != PLANNING or s.actor < 0:
            continue
        seat = s.actor
        own = {
            p.id
            for p in s.galaxy
            if control.has_base_on(g.ctx, s, seat, p.id) or control.has_unit_on(g.ctx, s, seat, p.id)
        }
        reach = own | {q for p in own for q in adjacent_planets(s, p)}
        assert planning.legal_order_planets(g.ctx, s) == tuple(sorted(reach))
        seen += 1
    assert seen > 0


@pytest.mark.parametrize("players", [3, 6])
def test_on_board_counts_units_and_bases_rule_16_4(players: int) -> None:
    g = game(players=players)
    for s in states(g, 30 + players):
        for seat in range(players):
            expected = any(a.base == seat or control.units_of(a, seat) for a in s.areas)
            assert control.on_board(s, seat) == expected


@pytest.mark.parametrize("players", [2, 4])
def test_the_kept_legal_list_is_the_list_of_its_state(players: int) -> None:
    """``legal_actions`` keeps the last state's list; asked about states in any order, every answer
    is that state's own list."""
    g = game(players=players)
    fresh = game(players=players)
    seen = states(g, 40 + players)
    rng = random.Random(players)
    for s in rng.sample(seen, len(seen)) + seen:
        for seat in g.to_act(s):
            listed = g.legal_actions(s, seat)
            assert listed == fresh._compute_options(s)
