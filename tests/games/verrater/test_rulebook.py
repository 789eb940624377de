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


def test_the_rule_modules_have_rule_functions() -> None:
    assert len(RULE_FUNCTIONS) > 50


@pytest.mark.parametrize(("module", "name"), RULE_FUNCTIONS)
def test_every_rule_function_cites_its_section(module: str, name: str) -> None:
    assert_cites_its_section(RULE_MODULES, module, name)


@pytest.mark.parametrize(("module", "name"), RULE_FUNCTIONS)
def test_every_rule_function_has_a_test_named_after_it(module: str, name: str) -> None:
    assert_has_a_test_named_after_it(TEST_NAMES, module, name)
