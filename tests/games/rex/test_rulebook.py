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


def test_the_rule_modules_have_rule_functions() -> None:
    assert len(RULE_FUNCTIONS) > 200


@pytest.mark.parametrize(("module", "name"), RULE_FUNCTIONS)
def test_every_rule_function_cites_its_section(module: str, name: str) -> None:
    assert_cites_its_section(RULE_MODULES, module, name)


@pytest.mark.parametrize(("module", "name"), RULE_FUNCTIONS)
def test_every_rule_function_has_a_test_named_after_it(module: str, name: str) -> None:
    assert_has_a_test_named_after_it(TEST_NAMES, module, name)
