"""The code reads like the rulebook: every rule function cites its RULES (or GAPS) section in its
docstring, the sections it cites exist, and a test of its own is named after it.  The rule modules
are every module of ``phases`` (a phase added later is checked too) and the rule modules beside it."""

from __future__ import annotations

import types
from pathlib import Path
from types import ModuleType

import pytest

from tests.games.rulebook import (
    assert_cites_an_existing_section,
    assert_cites_its_section,
    assert_has_a_test_named_after_it,
    assert_has_a_test_of_its_own,
    named_tests,
    own_tests,
    package_modules,
    reference_sections,
    rule_functions,
)
from turncoat.games.starcraft import abilities, determinize, galaxy, observe, phases

PHASE_MODULES: tuple[ModuleType, ...] = tuple(package_modules(phases))
RULE_MODULES: tuple[ModuleType, ...] = (*PHASE_MODULES, galaxy, abilities, observe, determinize)

RULE_FUNCTIONS = rule_functions(RULE_MODULES)
RULE_NAMES = {name for _, name in RULE_FUNCTIONS}
TEST_NAMES = named_tests(Path(__file__).parent)


def _reference() -> Path | None:
    """The rules reference (RULES.md, GAPS.md), where this checkout has it (``../shared``)."""
    root = Path(__file__).resolve().parents[3]
    for base in (root.parent, root.parent.parent):
        folder = base / "shared" / "rules" / "starcraft"
        if (folder / "RULES.md").is_file():
            return folder
    return None


REFERENCE = _reference()


def test_the_rule_modules_have_rule_functions() -> None:
    names = {m.__name__.rsplit(".", 1)[1] for m in PHASE_MODULES}
    assert {"setup", "planning", "execution", "combat", "regrouping", "victory", "research"} <= names
    assert len(RULE_FUNCTIONS) > 50


@pytest.mark.parametrize(("module", "name"), RULE_FUNCTIONS)
def test_every_rule_function_cites_its_section(module: str, name: str) -> None:
    assert_cites_its_section(RULE_MODULES, module, name)


@pytest.mark.skipif(REFERENCE is None, reason="the rules reference (../shared/rules) is not here")
@pytest.mark.parametrize(("module", "name"), RULE_FUNCTIONS)
def test_every_rule_function_cites_a_section_the_rulebook_has(module: str, name: str) -> None:
    assert REFERENCE is not None
    sections = {
        "RULES": reference_sections(REFERENCE / "RULES.md"),
        "GAPS": reference_sections(REFERENCE / "GAPS.md"),
    }
    assert_cites_an_existing_section(RULE_MODULES, module, name, sections)


@pytest.mark.parametrize(("module", "name"), RULE_FUNCTIONS)
def test_every_rule_function_has_a_test_named_after_it(module: str, name: str) -> None:
    assert_has_a_test_named_after_it(TEST_NAMES, module, name)
    assert_has_a_test_of_its_own(TEST_NAMES, RULE_NAMES, module, name)


# -- the checks catch what they are for --------------------------------------------------------------


def _module(**docs: str) -> ModuleType:
    """A made-up rule module whose functions have the given docstrings."""
    module = types.ModuleType("turncoat.games.made_up.phases.rules")
    for name, doc in docs.items():
        fn = types.FunctionType((lambda: None).__code__, {}, name)
        fn.__doc__, fn.__module__ = doc, module.__name__
        setattr(module, name, fn)
    return module


def test_assert_cites_an_existing_section_refuses_a_missing_or_unnumbered_section() -> None:
    made_up = _module(good="RULES §13.2 step 6, GAPS §2.4.", bad="§99: nowhere.", vague="See GAPS.")
    sections = {"RULES": {"13", "13.2"}, "GAPS": {"2", "2.4"}}
    assert rule_functions([made_up]) == [("rules", "bad"), ("rules", "good"), ("rules", "vague")]
    assert_cites_an_existing_section([made_up], "rules", "good", sections)
    for name in ("bad", "vague"):
        with pytest.raises(AssertionError):
            assert_cites_an_existing_section([made_up], "rules", name, sections)
    assert_cites_its_section([made_up], "rules", "vague")  # what the looser check let through


def test_own_tests_are_not_those_of_a_longer_name() -> None:
    tests = {"test_draw_event_from_the_top", "test_draw_twice"}
    names = {"draw", "draw_event"}
    assert own_tests(tests, names, "draw") == ["test_draw_twice"]
    assert own_tests({"test_draw_event_from_the_top"}, names, "draw") == []
    assert_has_a_test_named_after_it({"test_draw_event_from_the_top"}, "m", "draw")  # the looser one
    with pytest.raises(AssertionError):
        assert_has_a_test_of_its_own({"test_draw_event_from_the_top"}, names, "m", "draw")


def test_reference_sections_read_the_numbered_headings(tmp_path: Path) -> None:
    ref = tmp_path / "RULES.md"
    ref.write_text("# Title\n## 13. Combat\n### 13.10 Hand management\n#### 10.1.2 Limits\ntext §99\n")
    assert reference_sections(ref) == {"13", "13.10", "10.1.2"}


def test_package_modules_finds_every_phase() -> None:
    on_disk = {p.stem for p in Path(phases.__file__).parent.glob("*.py") if p.stem != "__init__"}
    assert {m.__name__.rsplit(".", 1)[1] for m in PHASE_MODULES} == on_disk
