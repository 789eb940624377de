"""RULES §5 steps 1-13 and §6, each pinned by a small scenario computed by hand.

Test ring (helpers.RING_ALT), positions 0..11:
  0 wilderness E(0)  1 meadow R(3)  2 river E(5)  3 woods R(7)  4 village E(10)  5 city R(15)
  6 wilderness R(0)  7 meadow E(3)  8 river R(5)  9 woods E(7) 10 village R(10) 11 city E(15)
Start player 0; 4 players support E, R, E, R.  Estates: seat p under landscape 3p+1.
"""

from __future__ import annotations

import msgspec
import pytest

from turncoat.core.actions import Event
from turncoat.core.errors import IllegalAction, InvalidConfig
from turncoat.core.record import new_record
from turncoat.core.registry import load_game
from turncoat.core.serialize import canonical_json
from turncoat.games.verrater.actions import (
    Build,
    ChooseConflictSite,
    CommitSupply,
    Convert,
    DiscardSupply,
    FinishCommitting,
    KeepRole,
    Move,
    PlaceEstate,
    SkipBuilding,
)
from turncoat.games.verrater.context import Events
from turncoat.games.verrater.events import (
    AllegianceFlipped,
    BuildingConverted,
    BuildingMoved,
    BuildingPlaced,
    BuildingSkipped,
    CommittingFinished,
    ConflictResolved,
    ConflictSiteChosen,
    DiscardPileReshuffled,
    FinalRoundDeclared,
    GameEnded,
    HandLimitDiscard,
    LandscapeFlipped,
    PacketHandedOver,
    RoleKept,
    RoleRemoved,
    RolesRevealed,
    RoundStarted,
    StrategyCardTaken,
    SupplyCommitted,
    SupplyDiscarded,
    SupplyDrawn,
)
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.phases import commit as commit_phase
from turncoat.games.verrater.phases import conflict, conflict_site, round_end, setup, supply
from turncoat.games.verrater.phases import draft as draft_phase
from turncoat.games.verrater.phases.round_end import trading_post_points, winners
from turncoat.games.verrater.state import (
    BUILD,
    CHOOSE_SITE,
    COMMIT,
    DISCARD,
    DRAFT,
    OVER,
    BuildingCard,
    Draft,
    State,
)

from .helpers import (
    ALL_ROLES,
    RING_ALT,
    act,
    begin,
    commit_all,
    draft,
    make_game,
    of_type,
    roles_removing,
    with_fields,
)

rule = pytest.mark.rule
PILE = [6, 2, 8, 2, 6, 2, 3, 4, 5, 2, 2]  # top first: the 11 cards left after four 3-4-5 hands


def scenario_a(rounds: int = 2) -> tuple[VerraterGame, State, list[Event]]:
    """Round 1: site 4|5; removed Farmer; keeps D+5, D+2, Builder, Strategist; commits 9, 3, 5, 0."""
    game = make_game(
        4, rounds=rounds, draw_pile=PILE, role_shuffles=[roles_removing("farmer"), roles_removing("traitor")]
    )
    s = draft(game, begin(game), 4, ["diplomat_5", "diplomat_2", "builder", "strategist"])
    s, events = commit_all(game, s, [[5, 4], [3], [5], []])
    return game, s, events


@rule("§5 step 1")
def test_legal_conflict_sites_step1_only_between_neighbours_of_different_houses() -> None:
    game = make_game(4)
    s = begin(game)
    assert s.step == CHOOSE_SITE and s.actor == 1
    sites = [a.boundary for a in game.legal_actions(s, 1) if isinstance(a, ChooseConflictSite)]
    assert sites == [0, 1, 2, 3, 4, 6, 7, 8, 9, 10]


@rule("§5 step 1")
def test_refuse_conflict_site_step1_between_landscapes_of_one_house() -> None:
    game = make_game(4)
    s = begin(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(s, 1, ChooseConflictSite(5))
    assert err.value.code == "same_house_site" and err.value.rule == "RULES §5 step 1"


@rule("§5 step 2")
def test_start_draft_step2_top_card_removed_unseen_and_start_player_chooses_from_five() -> None:
    game = make_game(4, role_shuffles=[roles_removing("builder")])
    s, events = act(game, begin(game), ChooseConflictSite(0))
    assert s.step == DRAFT and s.actor == 0
    assert s.removed_role == "builder"
    assert s.packet == ("traitor", "strategist", "farmer", "diplomat_2", "diplomat_5")
    (removed,) = of_type(events, RoleRemoved)
    assert removed.visible_to == (0,)  # only the start player can deduce it
    assert all(e.visible_to == (0,) for e in of_type(events, PacketHandedOver))


@rule("§5 step 2")
@pytest.mark.parametrize(("players", "leftover"), [(3, 2), (4, 1)])
def test_resolve_keep_role_step2_packet_passes_left_and_leftovers_stay_hidden(
    players: int, leftover: int
) -> None:
    game = make_game(players, role_shuffles=[roles_removing("farmer")])
    s, _ = act(game, begin(game), ChooseConflictSite(0))
    s, events = act(game, s, KeepRole("traitor"))
    assert s.actor == 1 and s.packet == ("strategist", "builder", "diplomat_2", "diplomat_5")
    public = [e for e in of_type(events, RoleKept) if e.visible_to is None]
    assert [e.role for e in public] == [None]
    for role in ("strategist", "builder", "diplomat_2")[: players - 1]:
        s, _ = act(game, s, KeepRole(role))
    assert s.step == COMMIT
    assert len(s.leftover) == leftover
    assert sorted([s.removed_role, *s.leftover, *s.roles]) == sorted(
        ["traitor", "strategist", "builder", "farmer", "diplomat_2", "diplomat_5"]
    )


@rule("§5 step 2")
def test_refuse_keep_role_step2_not_in_the_packet() -> None:
    game = make_game(4, role_shuffles=[roles_removing("farmer")])
    s, _ = act(game, begin(game), ChooseConflictSite(0))
    with pytest.raises(IllegalAction) as err:
        game.apply(s, 0, KeepRole("farmer"))
    assert err.value.code == "role_not_in_packet"


@rule("§5 step 3")
def test_legal_commits_step3_face_up_in_turn_order_highest_first() -> None:
    game = make_game(4, role_shuffles=[roles_removing("farmer")])
    s = draft(game, begin(game), 0, ["traitor", "strategist", "builder", "diplomat_2"])
    assert s.step == COMMIT and s.actor == 0
    legal = game.legal_actions(s, 0)
    assert list(legal) == [FinishCommitting(), CommitSupply(3), CommitSupply(4), CommitSupply(5)]
    s, events = act(game, s, CommitSupply(4))
    assert [e.value for e in of_type(events, SupplyCommitted)] == [4]
    assert list(game.legal_actions(s, 0)) == [FinishCommitting(), CommitSupply(3)]
    with pytest.raises(IllegalAction) as err:
        game.apply(s, 0, CommitSupply(5))
    assert err.value.code == "commit_order"
    with pytest.raises(IllegalAction) as err:
        game.apply(s, 0, CommitSupply(8))
    assert err.value.code == "card_not_in_hand"
    s, _ = act(game, s, FinishCommitting())
    assert s.actor == 1 and s.committed[0] == (4,) and s.hands[0] == (3, 5)


@rule("§5 step 3")
def test_turn_over_step3_at_most_five_cards_and_the_turn_ends_at_five() -> None:
    hands = [[2, 2, 3, 3, 4], [3, 4, 5], [3, 4, 5], [2, 2, 5]]
    game = make_game(
        4, hands=hands, draw_pile=[2, 3, 4, 4, 5, 5, 6, 6, 8], role_shuffles=[roles_removing("farmer")]
    )
    s = draft(game, begin(game), 0, ["traitor", "strategist", "builder", "diplomat_2"])
    s, _ = act(game, s, CommitSupply(4), CommitSupply(3), CommitSupply(3), CommitSupply(2))
    assert s.actor == 0
    s, _ = act(game, s, CommitSupply(2))
    assert s.actor == 1 and s.committed[0] == (4, 3, 3, 2, 2)
    sixth = with_fields(s, actor=0, hands=((5,), *s.hands[1:]))
    with pytest.raises(IllegalAction) as err:
        game.apply(sixth, 0, CommitSupply(5))
    assert err.value.code == "too_many_committed"


@rule("§5 step 5")
def test_conflict_strength_step5_counts_landscape_supply_and_diplomats_by_allegiance() -> None:
    game, s, events = scenario_a()
    (conflict,) = of_type(events, ConflictResolved)
    # Eagle village 10 + seat 0 (5+4) + seat 2 (5) + Diplomat +5 (seat 0) = 29
    # Rose city 15 + seat 1 (3) + Diplomat +2 (seat 1) = 20
    assert (conflict.eagle_strength, conflict.rose_strength) == (29, 20)
    assert conflict.winner == "eagle"


@rule("§5 step 6")
def test_score_conflict_step6_winners_score_the_conquered_cards_vp_and_it_flips() -> None:
    game, s, events = scenario_a()
    city_two_winners = game.ctx.tables.vp["city"][2]
    (conflict,) = of_type(events, ConflictResolved)
    assert conflict.winners == (0, 2) and conflict.vp_each == city_two_winners
    assert s.conquest_vp == (city_two_winners, 0, city_two_winners, 0)
    assert s.role_vp == (0, 0, 0, 2)  # Strategist +2
    assert s.owners[5] == "eagle" and s.owners[4] == "eagle"


@rule("§5 step 5")
def test_pay_role_bonuses_step5_tie_changes_nothing_but_pays_the_strategist() -> None:
    game = make_game(
        4, role_shuffles=[roles_removing("builder", "strategist", "farmer", "diplomat_2", "diplomat_5")]
    )
    s = draft(game, begin(game), 0, ["strategist", "farmer", "diplomat_2", "diplomat_5"])
    s, events = commit_all(game, s, [[5, 4], [3], [], []])
    (conflict,) = of_type(events, ConflictResolved)
    # Eagle wilderness 0 + 9 + Diplomat +2 = 11; Rose meadow 3 + 3 + Diplomat +5 = 11
    assert (conflict.eagle_strength, conflict.rose_strength, conflict.winner) == (11, 11, None)
    assert s.conquest_vp == (0, 0, 0, 0) and s.role_vp == (2, 0, 0, 0)
    assert s.owners[0] == "eagle" and s.owners[1] == "rose"
    assert of_type(events, LandscapeFlipped) == []


@rule("§5 step 4")
def test_reveal_actions_step4_traitor_flips_and_the_new_allegiance_lasts() -> None:
    game = make_game(
        4, rounds=2, draw_pile=PILE, role_shuffles=[roles_removing("farmer"), roles_removing("builder")]
    )
    s = draft(game, begin(game), 0, ["strategist", "diplomat_2", "traitor", "diplomat_5"])
    s, events = commit_all(game, s, [[5], [], [5, 4], []])
    (flip,) = of_type(events, AllegianceFlipped)
    assert (flip.seat, flip.house) == (2, "rose")
    (conflict,) = of_type(events, ConflictResolved)
    # Eagle wilderness 0 + 5 = 5; Rose meadow 3 + seat 2's 9 + Diplomat +2 + Diplomat +5 = 19
    assert (conflict.eagle_strength, conflict.rose_strength) == (5, 19)
    assert conflict.winners == (1, 2, 3) and conflict.vp_each == game.ctx.tables.vp["wilderness"][3]
    assert s.role_vp[2] == 1  # Traitor +1
    assert s.round == 2 and s.allegiance == ("eagle", "rose", "rose", "rose")


@rule("§5 step 6")
def test_step6_no_conquest_vp_when_the_winning_house_has_no_supporters() -> None:
    game = make_game(3, role_shuffles=[roles_removing("builder")])
    s = draft(game, begin(game, [1, 4, 7]), 4, ["strategist", "traitor", "farmer"])
    s, events = commit_all(game, s, [[], [], []])
    (conflict,) = of_type(events, ConflictResolved)
    assert (conflict.eagle_strength, conflict.rose_strength) == (10, 15)
    assert conflict.winner == "rose" and conflict.winners == () and conflict.vp_each == 0
    assert s.conquest_vp == (0, 0, 0) and s.role_vp == (2, 1, 0)
    assert s.owners[4] == "rose"


@rule("§6.1")
def test_flip_losing_landscape_step6_all_twelve_for_one_house_ends_the_game_after_step10() -> None:
    ring = [("wilderness", "eagle"), ("meadow", "rose")] + [
        (t, "eagle")
        for t in (
            "river",
            "woods",
            "village",
            "city",
            "wilderness",
            "meadow",
            "river",
            "woods",
            "village",
            "city",
        )
    ]
    game = make_game(4, ring=ring, draw_pile=PILE, role_shuffles=[roles_removing("farmer")])
    s = draft(game, begin(game), 0, ["strategist", "traitor", "diplomat_2", "diplomat_5"])
    s, events = commit_all(game, s, [[5], [], [5], []])
    # Seat 1 turns Traitor (Eagle).  Eagle 0 + 5 + 5 + D+2 = 12 against Rose 3 + D+5 = 8:
    # the last Rose landscape falls.
    assert of_type(events, FinalRoundDeclared)[0].house == "eagle"
    assert s.step == OVER and s.round == 1
    assert of_type(events, SupplyDrawn)  # steps 8-10 still happened
    assert game.outcome(s) is not None


def _at_builder() -> tuple[VerraterGame, State]:
    game, s, _ = scenario_a()
    assert s.step == BUILD and s.actor == 2
    return game, s


@rule("§5 step 7")
def test_legal_builder_actions_step7_build_either_side_convert_or_move() -> None:
    game, s = _at_builder()
    legal = game.legal_actions(s, 2)
    assert SkipBuilding() in legal
    assert Build(0, "estate") in legal and Build(0, "trading_post") in legal
    assert Build(1, "estate") not in legal  # seat 0's estate lies there
    assert Convert(7) in legal and Move(7, 0) in legal and Convert(1) not in legal


@rule("§5 step 7")
def test_trading_posts_step7_at_most_two() -> None:
    game, s = _at_builder()
    posts = list(s.buildings)
    posts[0] = BuildingCard(2, "trading_post")
    posts[2] = BuildingCard(2, "trading_post")
    s = with_fields(s, buildings=tuple(posts))  # seat 2: two posts and the estate at 7
    for action in (Convert(7),):
        with pytest.raises(IllegalAction) as err:
            game.apply(s, 2, action)
        assert err.value.code == "trading_post_limit"
    posts[7] = None
    s = with_fields(s, buildings=tuple(posts))
    with pytest.raises(IllegalAction) as err:
        game.apply(s, 2, Build(3, "trading_post"))
    assert err.value.code == "trading_post_limit"
    s2, _ = act(game, s, Build(3, "estate"))
    assert s2.buildings[3] == BuildingCard(2, "estate")


@rule("§5 step 7")
def test_resolve_move_step7_keeps_the_side_so_convert_and_move_never_combine() -> None:
    game, s = _at_builder()
    s, events = act(game, s, Move(7, 0))
    assert s.buildings[7] is None and s.buildings[0] == BuildingCard(2, "estate")
    assert of_type(events, BuildingMoved)
    assert s.step != BUILD  # one Builder action per round


@rule("§5 step 7")
def test_refuse_builder_action_step7_one_building_per_landscape_and_no_fourth_card() -> None:
    game, s = _at_builder()
    with pytest.raises(IllegalAction) as err:
        game.apply(s, 2, Build(4, "estate"))
    assert err.value.code == "landscape_occupied"
    full = list(s.buildings)
    full[0] = BuildingCard(2, "estate")
    full[2] = BuildingCard(2, "estate")
    s = with_fields(s, buildings=tuple(full))
    with pytest.raises(IllegalAction) as err:
        game.apply(s, 2, Build(3, "estate"))
    assert err.value.code == "no_unbuilt_card"


@rule("§5 step 7 (GAP-5)")
def test_step7_estate_only_option_puts_new_cards_in_as_estates() -> None:
    game = VerraterGame.from_options(
        players=4,
        builder_new_card_side="estate_only",
        scenario={
            "start_player": 0,
            "ring": RING_ALT,
            "draw_pile": PILE,
            "role_shuffles": [roles_removing("farmer")],
        },
    )
    s = draft(game, begin(game), 4, ["diplomat_5", "diplomat_2", "builder", "strategist"])
    s, _ = commit_all(game, s, [[], [], [], []])
    assert s.step == BUILD
    assert not any(isinstance(a, Build) and a.side == "trading_post" for a in game.legal_actions(s, 2))


@rule("§5 step 8")
def test_strategist_takes_strategy_card_step8() -> None:
    game, s = _at_builder()
    s, events = act(game, s, SkipBuilding())
    assert s.strategist == 3 and of_type(events, StrategyCardTaken)[0].seat == 3
    assert s.round == 2 and s.actor == 3  # the new holder picks round 2's site


@rule("§5 step 8")
def test_step8_strategy_card_stays_when_no_one_took_the_strategist() -> None:
    game = make_game(
        4,
        rounds=2,
        role_shuffles=[
            roles_removing("strategist", "farmer", "diplomat_2", "diplomat_5", "traitor", "builder"),
            roles_removing("builder"),
        ],
    )
    s = draft(game, begin(game), 0, ["diplomat_2", "diplomat_5", "traitor", "builder"])
    s, _ = commit_all(game, s, [[], [], [], []])
    s, _ = act(game, s, SkipBuilding())
    assert s.round == 2 and s.strategist == 1 and s.actor == 1


@rule("§5 step 9")
def test_discard_used_supply_step9_committed_cards_go_to_the_discard_pile() -> None:
    game, s = _at_builder()
    s, events = act(game, s, SkipBuilding())
    assert sorted(s.discard) == [3, 4, 5, 5]
    assert of_type(events, SupplyDiscarded)[0].values == (5, 4, 3, 5)
    assert s.committed == ((), (), (), ())


@rule("§5 step 10")
def test_estate_income_step10_only_from_own_houses_land_and_diplomat2_extra_card() -> None:
    game, s = _at_builder()
    s, events = act(game, s, SkipBuilding())
    # Seat 0's estate is on Rose land (seat 0 Eagle), seat 1's on Eagle land (seat 1 Rose): nothing.
    # Seat 2 (meadow 7, Eagle) draws the 6, seat 3 (village 10, Rose) the 2; Diplomat +2 (seat 1) the 8.
    draws = [(e.seat, e.reason, e.values) for e in of_type(events, SupplyDrawn) if e.visible_to]
    assert draws == [(2, "estates", (6,)), (3, "estates", (2,)), (1, "diplomat_2", (8,))]
    assert s.hands == ((3,), (4, 5, 8), (3, 4, 6), (2, 3, 4, 5))


RESHUFFLE_HANDS = [[2, 2, 2, 2, 2], [3, 3, 3, 3, 3], [4, 4, 4, 4, 4], [5, 5, 5, 5, 5]]
# The other readings of step 10 (GAP-20, GAP-12): a seat over 5 discards after every draw, and the
# pile is reshuffled when a draw finds it empty, so the step's draws are all made before anyone
# chooses a discard.
DRAW_ALL_FIRST = {"hand_limit_timing": "after_all_draws", "reshuffle_timing": "when_drawing"}


def _farmer_round(rules: dict[str, str] = DRAW_ALL_FIRST) -> tuple[VerraterGame, State, list[Event]]:
    game = make_game(
        4,
        rules=rules,
        draw_pile=[8, 6, 6],
        hands=RESHUFFLE_HANDS,
        reshuffles=[[5, 4, 3, 2, 2]],
        role_shuffles=[roles_removing("traitor")],
    )
    s = draft(game, begin(game), 4, ["farmer", "strategist", "diplomat_2", "diplomat_5"])
    s, events = commit_all(game, s, [[2, 2], [3], [4], [5]])
    return game, s, events


@rule("§5 step 10")
def test_step_10_draws_farmer_draws_three_and_gets_no_estate_income_then_reshuffle() -> None:
    game, s, events = _farmer_round()
    # Eagle village 10 + 2+2 + 4 + D+2 = 20; Rose city 15 + 3 + 5 + D+5 = 28.
    (conflict,) = of_type(events, ConflictResolved)
    assert (conflict.eagle_strength, conflict.rose_strength, conflict.winner) == (20, 28, "rose")
    draws = [(e.seat, e.reason, e.values) for e in of_type(events, SupplyDrawn) if e.visible_to]
    assert draws == [
        (0, "farmer", (8, 6, 6)),
        (1, "estates", (5,)),  # village 4 is Rose now; the pile ran out: reshuffle
        (2, "estates", (4,)),
        (3, "estates", (3,)),
        (2, "diplomat_2", (2,)),
    ]
    assert len(of_type(events, DiscardPileReshuffled)) == 1
    assert s.draw_pile == (2,) and s.discard == ()


@rule("§5 step 10 (GAP-20, GAP-12)")
def test_reshuffle_discard_pile_step10_by_default_as_it_runs_out_and_the_farmer_discards_at_once() -> None:
    """The default readings: the Farmer's draw of the last card reshuffles the step-9 discards at
    once, and he discards down to 5 before anyone else draws."""
    game, s, events = _farmer_round(rules={})
    draws = [(e.seat, e.reason, e.values) for e in of_type(events, SupplyDrawn) if e.visible_to]
    assert draws == [(0, "farmer", (8, 6, 6))]
    assert len(of_type(events, DiscardPileReshuffled)) == 1
    assert s.step == DISCARD and s.actor == 0 and s.hands[0] == (2, 2, 2, 6, 6, 8)
    assert list(reversed(s.draw_pile)) == [5, 4, 3, 2, 2] and s.discard == ()
    s, events = act(game, s, DiscardSupply(2))
    draws = [(e.seat, e.reason, e.values) for e in of_type(events, SupplyDrawn) if e.visible_to]
    assert draws == [
        (1, "estates", (5,)),
        (2, "estates", (4,)),
        (3, "estates", (3,)),
        (2, "diplomat_2", (2,)),
    ]
    assert s.draw_pile == (2,) and s.discard == (2,)  # the Farmer's discard waits for the next reshuffle


@rule("§5 step 10")
def test_check_hand_limit_step10_five_discards_chosen_by_the_player_in_turn_order() -> None:
    game, s, _ = _farmer_round()
    assert s.step == DISCARD and s.actor == 0
    assert s.hands[0] == (2, 2, 2, 6, 6, 8)
    assert list(game.legal_actions(s, 0)) == [DiscardSupply(2), DiscardSupply(6), DiscardSupply(8)]
    s, events = act(game, s, DiscardSupply(2))
    assert s.hands[0] == (2, 2, 6, 6, 8) and s.actor == 2
    assert of_type(events, HandLimitDiscard)[0].value == 2
    s, _ = act(game, s, DiscardSupply(4))
    assert s.step in (OVER, CHOOSE_SITE)
    assert all(len(h) <= 5 for h in s.hands)


@rule("§5 step 10 (GAP-12)")
def test_draw_cards_step10_draw_is_lost_when_both_piles_are_empty() -> None:
    game = make_game(4)
    d = Draft.of(with_fields(begin(game), draw_pile=(), discard=()))
    out: Events = []
    supply.draw_cards(game.ctx, d, 0, 3, "farmer", out)
    assert d.hands[0] == (3, 4, 5)
    assert [e.count for e in out if isinstance(e, SupplyDrawn)] == [0, 0]


@rule("§5 step 12")
def test_pass_start_player_step12_card_passes_left() -> None:
    game, s = _at_builder()
    s, events = act(game, s, SkipBuilding())
    assert s.start_player == 1
    started = of_type(events, RoundStarted)[-1]
    assert (started.round, started.start_player, started.strategist) == (2, 1, 3)


@rule("§5 step 13")
@pytest.mark.parametrize(("players", "rounds"), [(3, 9), (4, 8)])
def test_end_round_step13_game_lasts_nine_or_eight_rounds(players: int, rounds: int) -> None:
    from turncoat.core.registry import load_game

    game = load_game("verrater", players=players)
    for seed in range(4):
        s = game.new_initial_state(seed)
        while seats := game.to_act(s):
            (seat,) = seats
            s = game.apply(s, seat, game.legal_actions(s, seat)[0]).state
        all_one_house = len(set(s.owners)) == 1
        assert s.round == rounds or all_one_house


@rule("§6.2")
def test_trading_post_points_final_scoring_times_hand_capped_at_three() -> None:
    game = make_game(4)
    s = begin(game)
    b = list(s.buildings)
    b[0] = BuildingCard(0, "trading_post")
    b[2] = BuildingCard(0, "trading_post")
    b[3] = BuildingCard(1, "trading_post")
    s = with_fields(s, buildings=tuple(b), hands=((2, 2, 3, 4, 5), (2, 3), (), (4,)))
    assert [trading_post_points(game.ctx, s, p) for p in range(4)] == [6, 2, 0, 0]


@rule("§6.2 (GAP-10)")
def test_winners_final_scoring_tied_leaders_share_the_win() -> None:
    assert winners((5, 9, 9, 1)) == (1, 2)
    assert winners((4, 4, 4)) == (0, 1, 2)


# -- GAP-20 and GAP-12: the two timing readings of step 10 (docs/verrater.md) ---------------------

FULL_HANDS = [[2, 2, 3, 4, 5], [2, 3, 3, 4, 5], [2, 3, 4, 4, 5], [2, 3, 4, 5, 5]]


def _dry_piles(rules: dict[str, str]) -> tuple[VerraterGame, State]:
    """Hands 5/5/5/5, draw pile 6,6,8, empty discard pile, seat 0 the Farmer; every seat's estate
    lies under its own house (RING_ALT: E at even positions), so seats 1-3 are owed a card each."""
    game = make_game(
        4,
        rounds=1,
        rules=rules,
        hands=FULL_HANDS,
        draw_pile=[6, 6, 8],
        role_shuffles=[roles_removing("builder", "farmer", "strategist", "diplomat_5", "diplomat_2")],
    )
    s = draft(game, begin(game, where=[0, 1, 2, 3]), 4, ["farmer", "strategist", "diplomat_5", "diplomat_2"])
    s, _ = commit_all(game, s, [[], [], [], []])
    return game, s


@rule("§5 step 10 (GAP-20)")
def test_draw_supply_step10_hand_limit_after_all_draws_waits_for_every_draw() -> None:
    game, s = _dry_piles({"hand_limit_timing": "after_all_draws"})
    # The Farmer took the last three cards; the estate and Diplomat +2 draws found both piles empty.
    assert s.step == DISCARD and s.actor == 0 and s.hands[0] == (2, 2, 3, 4, 5, 6, 6, 8)
    assert s.hands[1:] == tuple(tuple(h) for h in FULL_HANDS[1:])
    s, _ = act(game, s, DiscardSupply(4), DiscardSupply(3), DiscardSupply(2))
    assert s.step == OVER and s.discard == (4, 3, 2) and s.reshuffles == 0


@rule("§5 step 10 (GAP-20)")
def test_resolve_discard_supply_step10_after_each_draw_discards_before_the_next_draw() -> None:
    game, s = _dry_piles({"hand_limit_timing": "after_each_draw"})
    # Stopped right after the Farmer's draw: nobody else has drawn yet.
    assert s.step == DISCARD and s.actor == 0 and s.draws_done == 1
    assert s.hands[1:] == tuple(tuple(h) for h in FULL_HANDS[1:])
    s, events = act(game, s, DiscardSupply(4), DiscardSupply(3), DiscardSupply(2))
    # Seat 1's estate draw reshuffles the Farmer's three discards and takes one of them.
    assert len(of_type(events, DiscardPileReshuffled)) == 1
    assert s.step == DISCARD and s.actor == 1 and len(s.hands[1]) == 6
    while s.step == DISCARD:
        (seat,) = game.to_act(s)
        s, _ = act(game, s, game.legal_actions(s, seat)[0])
    assert s.step == OVER and s.draws_done == 0
    assert all(len(h) == 5 for h in s.hands)
    assert sum(len(h) for h in s.hands) + len(s.draw_pile) + len(s.discard) == 23


@rule("§5 step 9 (GAP-12)")
def test_step9_reshuffle_when_drawing_leaves_an_emptied_pile_empty() -> None:
    game = make_game(4, rules={"reshuffle_timing": "when_drawing"})
    d = Draft.of(with_fields(begin(game), draw_pile=(8, 6, 6), discard=(5, 4, 3)))
    out: Events = []
    supply.draw_cards(game.ctx, d, 0, 3, "farmer", out)
    assert d.draw_pile == () and d.discard == (5, 4, 3) and d.reshuffles == 0


@rule("§5 step 9 (GAP-12)")
def test_step9_reshuffle_when_emptied_happens_as_the_last_card_is_drawn() -> None:
    game = make_game(4, rules={"reshuffle_timing": "when_emptied"}, reshuffles=[[3, 4, 5]])
    d = Draft.of(with_fields(begin(game), draw_pile=(8, 6, 6), discard=(5, 4, 3)))
    out: Events = []
    supply.draw_cards(game.ctx, d, 0, 3, "farmer", out)
    assert d.hands[0] == (3, 4, 5, 6, 6, 8)
    assert list(reversed(d.draw_pile)) == [3, 4, 5] and d.discard == () and d.reshuffles == 1
    # The draw is logged before the reshuffle it caused.
    assert [type(e) for e in out][-1] is DiscardPileReshuffled


@rule("§5 step 9 (GAP-12)")
def test_step9_reshuffle_when_emptied_still_reshuffles_on_a_later_draw() -> None:
    """The discard pile was empty when the last card went: the next draw reshuffles it then."""
    game = make_game(4, rules={"reshuffle_timing": "when_emptied"})
    d = Draft.of(with_fields(begin(game), draw_pile=(), discard=(2,)))
    out: Events = []
    supply.draw_cards(game.ctx, d, 1, 1, "estates", out)
    assert d.hands[1] == (2, 3, 4, 5) and d.reshuffles == 1


@pytest.mark.parametrize(
    ("option", "value"),
    [("hand_limit_timing", "sometimes"), ("reshuffle_timing", "never"), ("hand_limit_timing", 1)],
)
def test_timing_options_refuse_unknown_readings(option: str, value: object) -> None:
    with pytest.raises(InvalidConfig) as refused:
        load_game("verrater", **{option: value})
    assert option in str(refused.value)


def test_timing_options_are_stored_in_records_defaults_included() -> None:
    record = new_record(load_game("verrater", reshuffle_timing="when_drawing"), 3)
    assert record.config["reshuffle_timing"] == "when_drawing"
    assert record.config["hand_limit_timing"] == "after_each_draw"


def test_a_state_between_draws_only_encodes_its_progress_when_there_is_some() -> None:
    """draws_done is left out at its default, so states, digests and stored snapshots from before
    the option existed read and hash as they did."""
    game, s = _dry_piles({"hand_limit_timing": "after_each_draw"})
    assert b'"draws_done":1' in canonical_json(s)
    plain = with_fields(s, draws_done=0)
    assert b"draws_done" not in canonical_json(plain)
    assert msgspec.json.decode(canonical_json(plain), type=State) == plain


# -- one test for each rule function not yet named above -----------------------------------------


def _draft_of(s: State) -> tuple[Draft, Events]:
    return Draft.of(s), []


@rule("§5 step 1")
def test_neighbour_step1_the_next_landscape_clockwise_round_the_ring() -> None:
    assert [conflict_site.neighbour(i) for i in (0, 5, 11)] == [1, 6, 0]


@rule("§5 step 1")
def test_contested_pair_step1_eagle_landscape_first() -> None:
    game = make_game(4)
    s = begin(game)
    assert conflict_site.contested_pair(with_fields(s, site=0)) == (0, 1)  # 0 Eagle, 1 Rose
    assert conflict_site.contested_pair(with_fields(s, site=1)) == (2, 1)  # 1 Rose, 2 Eagle


@rule("§5 step 1")
def test_resolve_choose_conflict_site_step1_puts_the_card_then_the_draft_begins() -> None:
    game = make_game(4, role_shuffles=[roles_removing("farmer")])
    s, events = act(game, begin(game), ChooseConflictSite(1))
    assert s.site == 1 and s.step == DRAFT and s.actor == 0
    assert events[0] == ConflictSiteChosen(seat=1, eagle_landscape=2, rose_landscape=1)


@rule("§5 step 2")
def test_shuffle_action_cards_step2_all_six_or_the_scenarios_pinned_order() -> None:
    order = roles_removing("builder", "farmer")
    pinned = make_game(4, role_shuffles=[order])
    d, _ = _draft_of(begin(pinned))
    assert draft_phase.shuffle_action_cards(pinned.ctx, d) == tuple(order)
    d.round = 2
    with pytest.raises(InvalidConfig):  # the scenario pins only round 1
        draft_phase.shuffle_action_cards(pinned.ctx, d)
    free = load_game("verrater", players=4)
    assert isinstance(free, VerraterGame)
    d, _ = _draft_of(free.new_initial_state(3))
    assert sorted(draft_phase.shuffle_action_cards(free.ctx, d)) == sorted(ALL_ROLES)


@rule("§3, §5 step 2")
def test_in_role_order_step2_a_packet_in_one_fixed_order_whatever_the_shuffle() -> None:
    assert draft_phase.in_role_order(["diplomat_5", "traitor", "farmer"]) == draft_phase.in_role_order(
        ("farmer", "diplomat_5", "traitor")
    )


@rule("§5 step 2")
def test_legal_roles_step2_any_card_of_the_packet_received() -> None:
    game = make_game(4, role_shuffles=[roles_removing("farmer")])
    s, _ = act(game, begin(game), ChooseConflictSite(0), KeepRole("builder"))
    assert draft_phase.legal_roles(game.ctx, s, 1) == s.packet
    assert "builder" not in s.packet and len(s.packet) == 4


@rule("§5 step 2")
def test_hand_packet_step2_only_the_receiver_sees_it() -> None:
    game = make_game(4)
    d, out = _draft_of(begin(game))
    d.packet = ("traitor", "farmer")
    draft_phase.hand_packet(d, 2, out)
    assert d.received[2] == ("traitor", "farmer")
    assert out == [PacketHandedOver(seat=2, roles=("traitor", "farmer"), visible_to=(2,))]


@rule("§5 step 3")
def test_start_commit_step3_begins_with_the_start_player() -> None:
    game = make_game(4)
    d, out = _draft_of(begin(game))
    commit_phase.start_commit(game.ctx, d, out)
    assert d.step == COMMIT and d.actor == d.start_player == 0


@rule("§5 step 3")
def test_next_committer_step3_skips_a_seat_with_an_empty_hand() -> None:
    game = make_game(4)
    d, out = _draft_of(begin(game))
    d.hands = ((3,), (), (4,), (5,))
    commit_phase.next_committer(game.ctx, d, 1, out)
    assert d.actor == 2
    assert out == [CommittingFinished(seat=1, total=0)]


@rule("§5 step 3")
def test_resolve_commit_supply_step3_the_card_goes_face_up_in_front_of_him() -> None:
    game = make_game(4, role_shuffles=[roles_removing("farmer")])
    s = draft(game, begin(game), 0, ["traitor", "strategist", "builder", "diplomat_2"])
    s, events = act(game, s, CommitSupply(5))
    assert s.committed[0] == (5,) and s.hands[0] == (3, 4) and s.actor == 0
    assert events == [SupplyCommitted(seat=0, value=5)]


@rule("§5 step 3")
def test_resolve_finish_committing_step3_the_next_seat_then_steps_4_to_6() -> None:
    game = make_game(4, role_shuffles=[roles_removing("farmer")])
    s = draft(game, begin(game), 0, ["traitor", "strategist", "builder", "diplomat_2"])
    s, events = act(game, s, FinishCommitting())
    assert s.actor == 1 and events == [CommittingFinished(seat=0, total=0)]
    s, events = act(game, s, FinishCommitting(), FinishCommitting(), FinishCommitting())
    assert of_type(events, ConflictResolved)  # the last one ends step 3


@rule("§5 step 3")
def test_refuse_commit_step3_names_the_broken_limit() -> None:
    game = make_game(4)
    s = with_fields(begin(game), hands=((3, 4, 5), (), (), ()), committed=((4,), (), (), ()))
    assert commit_phase.refuse_commit(game.ctx, s, 0, 8).code == "card_not_in_hand"
    assert commit_phase.refuse_commit(game.ctx, s, 0, 5).code == "commit_order"
    full = with_fields(s, committed=((2, 2, 2, 2, 2), (), (), ()))
    assert commit_phase.refuse_commit(game.ctx, full, 0, 3).code == "too_many_committed"


@rule("§5 step 4")
def test_other_house_step4_the_traitor_changes_sides() -> None:
    assert conflict.other_house("eagle") == "rose" and conflict.other_house("rose") == "eagle"


@rule("§5 steps 4-8")
def test_holder_of_a_role_or_none_when_it_is_out_of_play() -> None:
    game, s, _ = scenario_a()
    assert conflict.holder(s, "builder") == 2 and conflict.holder(s, "diplomat_5") == 0
    assert conflict.holder(s, "farmer") is None  # removed this round


@rule("§5 steps 4-6")
def test_resolve_round_conflict_reveals_scores_and_goes_on_to_the_builder() -> None:
    game, s, events = scenario_a()
    kinds = [type(e) for e in events if type(e) in (RolesRevealed, ConflictResolved, LandscapeFlipped)]
    assert kinds == [RolesRevealed, ConflictResolved, LandscapeFlipped]
    assert s.revealed and s.step == BUILD and s.actor == 2


@rule("§5 step 7")
def test_start_builder_step_skipped_when_nobody_holds_the_builder() -> None:
    game = make_game(4, draw_pile=PILE, role_shuffles=[roles_removing("builder")])
    s = draft(game, begin(game), 4, ["diplomat_5", "diplomat_2", "traitor", "strategist"])
    s, events = commit_all(game, s, [[], [], [], []])
    assert s.step != BUILD and of_type(events, StrategyCardTaken)  # straight on to step 8


@rule("§5 step 7")
def test_resolve_build_step7_the_card_goes_under_an_empty_landscape() -> None:
    game, s = _at_builder()
    s, events = act(game, s, Build(0, "trading_post"))
    assert s.buildings[0] == BuildingCard(2, "trading_post")
    assert events[0] == BuildingPlaced(seat=2, landscape=0, side="trading_post")


@rule("§5 step 7")
def test_resolve_convert_step7_flips_the_card_where_it_stands() -> None:
    game, s = _at_builder()
    s, events = act(game, s, Convert(7))
    assert s.buildings[7] == BuildingCard(2, "trading_post")
    assert events[0] == BuildingConverted(seat=2, landscape=7, side="trading_post")


@rule("§5 step 7")
def test_resolve_skip_building_step7_nothing_changes_and_step8_follows() -> None:
    game, s = _at_builder()
    before = s.buildings
    s, events = act(game, s, SkipBuilding())
    assert s.buildings == before and events[0] == BuildingSkipped(seat=2)
    assert of_type(events, StrategyCardTaken)


@rule("§5 steps 8-10")
def test_after_builder_takes_the_strategy_card_discards_and_draws() -> None:
    game, s = _at_builder()
    d, out = _draft_of(s)
    supply.after_builder(game.ctx, d, out)
    kinds = [type(e) for e in out if type(e) in (StrategyCardTaken, SupplyDiscarded, SupplyDrawn)]
    assert kinds[:2] == [StrategyCardTaken, SupplyDiscarded] and SupplyDrawn in kinds
    assert d.strategist == 3 and d.committed == ((), (), (), ())


@rule("§5 step 10.4")
def test_over_limit_seats_above_five_in_turn_order() -> None:
    game = make_game(4)
    s = with_fields(begin(game), start_player=2, hands=((2,) * 6, (3,) * 5, (4,) * 7, ()))
    assert supply.over_limit(game.ctx, s) == [2, 0]


@rule("§5 step 10.4")
def test_legal_discards_highest_first_and_only_values_that_can_finish() -> None:
    game = make_game(4)
    s = with_fields(begin(game), hands=((2, 3, 4, 5, 6, 8, 8), (), (), ()))
    assert supply.legal_discards(game.ctx, s, 0) == [3, 4, 5, 6, 8]  # two to go: 2 alone cannot
    s = with_fields(s, hands=((2, 3, 4, 5, 6, 8), (), (), ()), discarding=(6,))
    assert supply.legal_discards(game.ctx, s, 0) == [2, 3, 4, 5, 6]  # one to go, 6 or lower


@rule("§5 step 10.4")
def test_refuse_discard_names_the_broken_rule() -> None:
    game = make_game(4)
    s = with_fields(begin(game), hands=((2, 3, 4, 5, 6, 8, 8), (), (), ()))
    assert supply.refuse_discard(s, 0, 7).code == "card_not_in_hand"
    assert supply.refuse_discard(s, 0, 2).code != "card_not_in_hand"


@rule("§3 (GAP-13)")
def test_forget_one_unknown_one_copy_of_each_value_is_no_longer_certain() -> None:
    assert supply.forget_one_unknown((2, 2, 3, 5, 5, 5)) == (2, 5, 5)
    assert supply.forget_one_unknown(()) == ()


@rule("§5 step 11")
def test_return_action_cards_step11_all_six_back_to_the_middle() -> None:
    game, s = _at_builder()
    d, _ = _draft_of(s)
    round_end.return_action_cards(d)
    assert d.roles == ("",) * 4 and d.removed_role == "" and d.leftover == () and d.packet == ()
    assert not d.revealed and d.received == ((),) * 4


@rule("§5 step 1")
def test_begin_round_the_strategist_chooses_and_the_last_round_is_final() -> None:
    game = make_game(4, rounds=2)
    d, out = _draft_of(begin(game))
    round_end.begin_round(game.ctx, d, out)
    assert d.round == 2 and d.step == CHOOSE_SITE and d.actor == d.strategist
    assert d.final_round and out[-1] == RoundStarted(round=2, start_player=0, strategist=1, final=True)


@rule("§6.2")
def test_final_scores_conquest_roles_and_trading_posts() -> None:
    game = make_game(4)
    b = list(begin(game).buildings)
    b[0] = BuildingCard(0, "trading_post")
    s = with_fields(
        begin(game),
        buildings=tuple(b),
        conquest_vp=(4, 0, 2, 0),
        role_vp=(1, 2, 0, 0),
        hands=((2, 2), (), (), ()),
    )
    assert round_end.final_scores(game.ctx, s) == (4 + 1 + 2, 2, 2, 0)


@rule("§6")
def test_end_game_adds_the_trading_post_points_and_names_the_winners() -> None:
    game = make_game(4)
    b = list(begin(game).buildings)
    b[0] = BuildingCard(1, "trading_post")
    d, out = _draft_of(
        with_fields(
            begin(game), buildings=tuple(b), conquest_vp=(3, 0, 1, 0), hands=((), (2, 3, 4, 5), (), ())
        )
    )
    round_end.end_game(game.ctx, d, out)
    assert d.step == OVER
    assert out[-1] == GameEnded(scores=(3, 3, 1, 0), trading_post_points=(0, 3, 0, 0), winners=(0, 1))


@rule("§4 step 6")
def test_legal_place_estate_any_landscape_without_a_building_card() -> None:
    game = make_game(4)
    s, _ = act(game, game.new_initial_state(0), PlaceEstate(3))
    assert setup.legal_place_estate(game.ctx, s, 1) == [i for i in range(12) if i != 3]
