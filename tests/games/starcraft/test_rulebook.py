"""The code reads like the rulebook: every rule function cites its RULES (or GAPS) section in its
docstring, and a test is named after it."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from types import ModuleType

import pytest

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
TESTS = Path(__file__).parent


def _rule_functions() -> list[tuple[str, str]]:
    out = []
    for module in RULE_MODULES:
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if fn.__module__ == module.__name__ and not name.startswith("_"):
                out.append((module.__name__.rsplit(".", 1)[1], name))
    return out


RULE_FUNCTIONS = _rule_functions()
TEST_NAMES = {
    m.group(1)
    for path in TESTS.glob("test_*.py")
    for m in re.finditer(r"^def (test_\w+)", path.read_text(), re.M)
}


def test_the_rule_modules_have_rule_functions() -> None:
    assert len(RULE_FUNCTIONS) > 50


@pytest.mark.parametrize(("module", "name"), RULE_FUNCTIONS)
def test_every_rule_function_cites_its_section(module: str, name: str) -> None:
    fn = getattr(dict((m.__name__.rsplit(".", 1)[1], m) for m in RULE_MODULES)[module], name)
    doc = inspect.getdoc(fn) or ""
    assert "§" in doc or "GAPS" in doc, f"{module}.{name} cites no section"


@pytest.mark.parametrize(("module", "name"), RULE_FUNCTIONS)
def test_every_rule_function_has_a_test_named_after_it(module: str, name: str) -> None:
    assert f"test_{name}" in TEST_NAMES or any(
        t.startswith(f"test_{name}_") for t in TEST_NAMES
    ), f"no test named after {module}.{name}"
