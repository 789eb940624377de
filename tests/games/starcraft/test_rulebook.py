"""The code reads like the rulebook: every rule function cites its RULES (or GAPS) section in its
docstring, and a test is named after it."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from tests.games.rulebook import (
    assert_cites_its_section,
    assert_has_a_test_named_after_it,
    named_tests,
    rule_functions,
)
from turncoat.games.starcraft import abilities, determinize, galaxy, observe
from turncoat.games.starcraft.phases import (  # the round without combat (§7-§17)
    build,
    combat,
    combat_cards,
    control,
    event_cards,
    execution,
    galaxy_building,
    mobilize,
    planning,
    regrouping,
    research,
    resources,
    setup,
    victory,
)

RULE_MODULES: tuple[ModuleType, ...] = (setup, galaxy_building, galaxy, abilities, observe, determinize)
ROUND_MODULES = (
    control,
    resources,
    event_cards,
    planning,
    execution,
    build,
    mobilize,
    research,
    regrouping,
    victory,
)
RULE_MODULES += (*ROUND_MODULES, combat, combat_cards)


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
