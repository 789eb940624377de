"""The code reads like the rulebook: every rule function of the Verräter phases cites its RULES (or GAPS)
section in its docstring, and a test is named after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.rulebook import (
    assert_cites_its_section,
    assert_has_a_test_named_after_it,
    named_tests,
    rule_functions,
)
from turncoat.games.verrater.phases import (
    builder,
    commit,
    conflict,
    conflict_site,
    draft,
    round_end,
    setup,
    supply,
)

RULE_MODULES = (setup, conflict_site, draft, commit, conflict, builder, supply, round_end)

RULE_FUNCTIONS = rule_functions(RULE_MODULES)
TEST_NAMES = named_tests(Path(__file__).parent)

# Rule functions with no test named after them yet.  The list may only shrink: a function that
# gets its test must leave it, or its check fails as an unexpected pass.
AWAITING_A_NAMED_TEST: frozenset[tuple[str, str]] = frozenset(
    [
        ("builder", "legal_builder_actions"),
        ("builder", "refuse_builder_action"),
        ("builder", "resolve_build"),
        ("builder", "resolve_convert"),
        ("builder", "resolve_move"),
        ("builder", "resolve_skip_building"),
        ("builder", "start_builder_step"),
        ("commit", "legal_commits"),
        ("commit", "next_committer"),
        ("commit", "refuse_commit"),
        ("commit", "resolve_commit_supply"),
        ("commit", "resolve_finish_committing"),
        ("commit", "start_commit"),
        ("commit", "turn_over"),
        ("conflict", "conflict_strength"),
        ("conflict", "flip_losing_landscape"),
        ("conflict", "holder"),
        ("conflict", "other_house"),
        ("conflict", "pay_role_bonuses"),
        ("conflict", "resolve_round_conflict"),
        ("conflict", "reveal_actions"),
        ("conflict", "score_conflict"),
        ("conflict_site", "contested_pair"),
        ("conflict_site", "legal_conflict_sites"),
        ("conflict_site", "neighbour"),
        ("conflict_site", "refuse_conflict_site"),
        ("conflict_site", "resolve_choose_conflict_site"),
        ("draft", "hand_packet"),
        ("draft", "in_role_order"),
        ("draft", "legal_roles"),
        ("draft", "refuse_keep_role"),
        ("draft", "resolve_keep_role"),
        ("draft", "shuffle_action_cards"),
        ("draft", "start_draft"),
        ("round_end", "begin_round"),
        ("round_end", "end_game"),
        ("round_end", "end_round"),
        ("round_end", "final_scores"),
        ("round_end", "pass_start_player"),
        ("round_end", "return_action_cards"),
        ("round_end", "trading_post_points"),
        ("round_end", "winners"),
        ("setup", "deal_supply"),
        ("setup", "lay_landscape_ring"),
        ("setup", "legal_place_estate"),
        ("setup", "refuse_place_estate"),
        ("setup", "resolve_place_estate"),
        ("setup", "set_up"),
        ("setup", "starting_allegiance"),
        ("setup", "validate_scenario"),
        ("supply", "after_builder"),
        ("supply", "check_hand_limit"),
        ("supply", "discard_used_supply"),
        ("supply", "draw_cards"),
        ("supply", "draw_supply"),
        ("supply", "estate_income"),
        ("supply", "forget_one_unknown"),
        ("supply", "legal_discards"),
        ("supply", "over_limit"),
        ("supply", "refuse_discard"),
        ("supply", "reshuffle_discard_pile"),
        ("supply", "resolve_discard_supply"),
        ("supply", "step_10_draws"),
        ("supply", "strategist_takes_strategy_card"),
    ]
)


def test_the_rule_modules_have_rule_functions() -> None:
    assert len(RULE_FUNCTIONS) > 50


def test_the_waiting_list_names_only_rule_functions() -> None:
    assert AWAITING_A_NAMED_TEST.issubset(RULE_FUNCTIONS)


@pytest.mark.parametrize(("module", "name"), RULE_FUNCTIONS)
def test_every_rule_function_cites_its_section(module: str, name: str) -> None:
    assert_cites_its_section(RULE_MODULES, module, name)


@pytest.mark.parametrize(
    ("module", "name"),
    [
        pytest.param(
            m,
            n,
            marks=pytest.mark.xfail(strict=True, reason="no test named after it yet")
            if (m, n) in AWAITING_A_NAMED_TEST
            else (),
        )
        for m, n in RULE_FUNCTIONS
    ],
)
def test_every_rule_function_has_a_test_named_after_it(module: str, name: str) -> None:
    assert_has_a_test_named_after_it(TEST_NAMES, module, name)
