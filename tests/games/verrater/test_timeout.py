"""The move played for a seat that runs out of time (``default_action``): per kind of decision,
the least consequential legal move (docs/verrater.md, "When a seat runs out of time")."""

from __future__ import annotations

from itertools import combinations

import pytest

from turncoat.games.verrater.actions import (
    ChooseConflictSite,
    CommitSupply,
    FinishCommitting,
    KeepRole,
    PlaceEstate,
    SkipBuilding,
)
from turncoat.games.verrater.components import ROLES
from turncoat.games.verrater.events import AllegianceFlipped
from turncoat.games.verrater.state import BUILD, COMMIT, DISCARD, DRAFT, OVER, BuildingCard
from turncoat.games.verrater.timeout import ROLES_BY_CONSEQUENCE

from .helpers import act, begin, commit_all, draft, make_game, roles_removing, with_fields

rule = pytest.mark.rule

# Houses alternate, so every boundary is a legal site; boundary 0 (City | Wilderness) is the first.
RING = [
    ("city", "eagle"),
    ("wilderness", "rose"),
    ("meadow", "eagle"),
    ("river", "rose"),
    ("woods", "eagle"),
    ("village", "rose"),
    ("village", "eagle"),
    ("woods", "rose"),
    ("river", "eagle"),
    ("meadow", "rose"),
    ("wilderness", "eagle"),
    ("city", "rose"),
]


@rule("§4 step 6")
def test_setup6_timeout_estate_goes_under_the_strongest_landscape_of_the_seats_house() -> None:
    game = make_game(4, ring=RING)
    s = game.new_initial_state(0)
    assert game.default_action(s, 0) == PlaceEstate(0)  # Eagle City (15), not just the first free
    s, _ = act(game, s, PlaceEstate(0))
    assert game.default_action(s, 1) == PlaceEstate(11)  # Rose City
    # Nothing of the seat's house is free: the strongest free landscape of either house.
    eagle = [i for i, (_, h) in enumerate(RING) if h == "eagle"]
    full = tuple(BuildingCard(3, "estate") if i in eagle else None for i in range(12))
    s = with_fields(s, buildings=full, actor=0)
    assert game.default_action(s, 0) == PlaceEstate(11)


@rule("§5 step 1")
def test_step1_timeout_site_is_where_the_fewest_vp_are_at_stake() -> None:
    game = make_game(4, ring=RING)
    s = begin(game, where=[2, 3, 4, 5])
    legal = game.legal_actions(s, s.actor)
    assert legal[0] == ChooseConflictSite(0)  # City against Wilderness: up to 18 VP
    # Wilderness | Meadow (boundaries 1 and 9): at most 6 VP and 3 strength; the lower one.
    assert game.default_action(s, s.actor) == ChooseConflictSite(1)


@rule("§5 step 2")
def test_step2_timeout_keeps_the_role_that_changes_least_not_the_traitor() -> None:
    game = make_game(4, ring=RING, role_shuffles=[roles_removing("farmer")])
    s, _ = act(game, begin(game), ChooseConflictSite(1))
    assert s.step == DRAFT and "traitor" in s.packet
    assert game.legal_actions(s, s.actor)[0] == KeepRole("traitor")
    assert game.default_action(s, s.actor) == KeepRole("builder")


@rule("§5 step 2")
def test_step2_timeout_never_takes_the_traitor_while_another_card_is_in_the_packet() -> None:
    game = make_game(4, ring=RING)
    s, _ = act(game, begin(game), ChooseConflictSite(1))
    for size in range(1, len(ROLES)):
        for packet in combinations(ROLES, size):
            chosen = game.default_action(with_fields(s, packet=packet), s.actor)
            assert isinstance(chosen, KeepRole) and chosen.role in packet
            assert chosen.role != "traitor" or packet == ("traitor",), packet
            assert chosen.role == min(packet, key=ROLES_BY_CONSEQUENCE.index)


@rule("§5 step 3")
def test_step3_timeout_commits_nothing_more() -> None:
    game = make_game(4, ring=RING, role_shuffles=[roles_removing("farmer")])
    s = draft(game, begin(game), 1, ["builder", "strategist", "diplomat_2", "diplomat_5"])
    assert s.step == COMMIT
    s, _ = act(game, s, CommitSupply(5))
    assert game.default_action(s, s.actor) == FinishCommitting()
    s, _ = act(game, s, game.default_action(s, s.actor))
    assert s.committed[0] == (5,) and s.actor == 1


@rule("§5 step 7")
def test_step7_timeout_builder_builds_nothing() -> None:
    game = make_game(4, ring=RING, role_shuffles=[roles_removing("farmer")])
    s = draft(game, begin(game), 1, ["builder", "strategist", "diplomat_2", "diplomat_5"])
    s, _ = commit_all(game, s, [[], [], [], []])
    assert s.step == BUILD and s.actor == 0
    assert game.default_action(s, 0) == SkipBuilding()


@rule("§5 step 10")
def test_step10_timeout_discards_the_lowest_cards() -> None:
    game = make_game(
        4,
        rounds=1,
        ring=RING,
        hands=[[2, 2, 3, 4, 5], [2, 3, 3, 4, 5], [2, 3, 4, 4, 5], [2, 3, 4, 5, 5]],
        draw_pile=[6, 6, 8],
        role_shuffles=[roles_removing("builder", "farmer")],
    )
    s = draft(game, begin(game, where=[2, 3, 4, 5]), 1, ["farmer", "strategist", "diplomat_2", "diplomat_5"])
    s, _ = commit_all(game, s, [[], [], [], []])
    assert s.step == DISCARD and s.hands[0] == (2, 2, 3, 4, 5, 6, 6, 8)
    while s.step == DISCARD:
        s, _ = act(game, s, game.default_action(s, s.actor))
    assert s.hands[0] == (4, 5, 6, 6, 8)


@pytest.mark.parametrize(
    ("players", "rules"),
    [(4, {}), (3, {}), (4, {"hand_limit_timing": "after_each_draw"})],
    ids=["4p", "3p", "4p-after-each-draw"],
)
def test_a_table_where_everyone_times_out_plays_to_the_end_and_nobody_turns_traitor(
    players: int, rules: dict[str, str]
) -> None:
    game = make_game(players, rules=rules, ring=RING)
    for seed in range(5):
        s = game.new_initial_state(seed)
        while s.step != OVER:
            (seat,) = game.to_act(s)
            transition = game.apply(s, seat, game.default_action(s, seat))
            assert not any(isinstance(e, AllegianceFlipped) for e in transition.events)
            s = transition.state
        assert game.outcome(s) is not None
