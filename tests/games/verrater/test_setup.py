"""RULES §4 Setup."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from turncoat.core.errors import IllegalAction, InvalidConfig
from turncoat.core.registry import load_game
from turncoat.games.verrater.actions import PlaceEstate
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.state import CHOOSE_SITE, PLACE_ESTATE

from .helpers import act, begin, make_game

rule = pytest.mark.rule


def _game(players: int, **options: object) -> VerraterGame:
    game = load_game("verrater", players=players, **options)
    assert isinstance(game, VerraterGame)
    return game


@rule("§4 step 3")
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_starting_allegiance_setup_step3_start_player_supports_eagles_then_alternate(
    players: int, seed: int
) -> None:
    s = _game(players).new_initial_state(seed)
    for k in range(players):
        seat = (s.start_player + k) % players
        assert s.allegiance[seat] == ("eagle" if k % 2 == 0 else "rose")


@rule("§4 step 4")
@pytest.mark.parametrize("seed", range(10))
def test_lay_landscape_ring_setup_step4_one_set_per_house(seed: int) -> None:
    s = _game(4).new_initial_state(seed)
    for house in ("eagle", "rose"):
        kinds = [t for t, o in zip(s.types, s.owners, strict=True) if o == house]
        assert sorted(kinds) == sorted(["wilderness", "meadow", "river", "woods", "village", "city"])


@rule("§10.4")
def test_setup_alternating_ring_variant_alternates_houses() -> None:
    s = _game(4, ring_layout="alternating").new_initial_state(5)
    assert all(s.owners[i] != s.owners[(i + 1) % 12] for i in range(12))


@rule("§4 step 5")
@pytest.mark.parametrize(("players", "pile"), [(3, 14), (4, 11)])
def test_deal_supply_setup_step5_hands_of_3_4_5_and_the_rest_in_the_draw_pile(
    players: int, pile: int
) -> None:
    s = _game(players).new_initial_state(1)
    assert all(h == (3, 4, 5) for h in s.hands)
    assert len(s.draw_pile) == pile
    everything = Counter(s.draw_pile) + sum((Counter(h) for h in s.hands), Counter())
    assert everything == Counter({2: 5, 3: 5, 4: 5, 5: 5, 6: 2, 8: 1})
    assert s.discard == ()


@rule("§4 step 6")
def test_resolve_place_estate_setup_step6_in_turn_order_under_any_empty_landscape() -> None:
    game = make_game(4, start_player=2)
    s = game.new_initial_state(0)
    assert s.step == PLACE_ESTATE
    order = []
    for landscape in (0, 5, 6, 11):  # houses do not matter (GAP-16)
        (seat,) = game.to_act(s)
        order.append(seat)
        s, _ = act(game, s, PlaceEstate(landscape))
    assert order == [2, 3, 0, 1]
    placed = sorted((i, b.owner) for i, b in enumerate(s.buildings) if b is not None)
    assert placed == [(0, 2), (5, 3), (6, 0), (11, 1)]
    assert all(b is None or b.side == "estate" for b in s.buildings)
    assert s.step == CHOOSE_SITE and s.round == 1


@rule("§4 step 6")
def test_refuse_place_estate_setup_step6_only_one_building_card_per_landscape() -> None:
    game = make_game(4)
    s = game.new_initial_state(0)
    s, _ = act(game, s, PlaceEstate(3))
    with pytest.raises(IllegalAction) as err:
        game.apply(s, 1, PlaceEstate(3))
    assert err.value.code == "landscape_occupied"
    assert err.value.rule == "RULES §4 step 6"


@rule("§4 step 7")
@pytest.mark.parametrize("players", [3, 4])
def test_set_up_step7_strategy_card_goes_left_of_start_player(players: int) -> None:
    for seed in range(5):
        s = _game(players).new_initial_state(seed)
        assert s.strategist == (s.start_player + 1) % players
        started = begin(make_game(players, start_player=s.start_player))
        assert started.actor == (s.start_player + 1) % players


@rule("§8")
def test_setup_rejects_unsupported_player_counts() -> None:
    with pytest.raises(InvalidConfig):
        load_game("verrater", players=5)


@rule("§4")
def test_validate_scenario_rejects_an_impossible_pinned_ring() -> None:
    with pytest.raises(InvalidConfig) as err:
        make_game(4, ring=[("city", "eagle")] * 12)
    assert err.value.code == "bad_scenario"


def test_the_rule_context_names_its_content_tables_once() -> None:
    """Every reader takes the content tables as ``ctx.tables``; no second name to keep alive."""
    ctx = _game(3).ctx
    assert ctx.tables.hand_limit == 5 and ctx.tables.rounds
    assert {f.name for f in msgspec.structs.fields(ctx)} == {"config", "tables"}
    assert not hasattr(ctx, "t")
