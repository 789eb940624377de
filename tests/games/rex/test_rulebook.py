"""The code reads like the rulebook: every rule function of the Rex phases cites its RULES (or GAPS)
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
from turncoat.games.rex.phases import (
    alliances,
    battle,
    bidding,
    bombardment,
    cards,
    collection,
    consent,
    influence,
    maneuvering,
    recruitment,
    setup,
    shuffles,
    victory,
)

RULE_MODULES = (
    setup,
    shuffles,
    influence,
    alliances,
    bidding,
    recruitment,
    maneuvering,
    consent,
    battle,
    collection,
    bombardment,
    cards,
    victory,
)

RULE_FUNCTIONS = rule_functions(RULE_MODULES)
TEST_NAMES = named_tests(Path(__file__).parent)

# Rule functions with no test named after them yet.  The list may only shrink: a function that
# gets its test must leave it, or its check fails as an unexpected pass.
AWAITING_A_NAMED_TEST: frozenset[tuple[str, str]] = frozenset(
    [
        ("cards", "ability_may_be_cancelled"),
        ("cards", "answer_before_the_last"),
        ("cards", "continue_window"),
        ("cards", "discard_played"),
        ("cards", "holds"),
        ("cards", "holds_a_window_card"),
        ("cards", "interference_window"),
        ("cards", "legal_fleet_moves"),
        ("cards", "legal_questions"),
        ("cards", "legal_window_plays"),
        ("cards", "may_interrogate"),
        ("cards", "next_play"),
        ("cards", "open_window"),
        ("cards", "resolve_question"),
        ("cards", "resolve_window_answer"),
        ("cards", "sol_resistance_matters"),
        ("cards", "true_answer"),
        ("cards", "window_condition"),
        ("cards", "withdraw_play"),
    ]
)


def test_the_rule_modules_have_rule_functions() -> None:
    assert len(RULE_FUNCTIONS) > 200


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
