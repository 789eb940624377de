"""The code reads like the rulebook: what each game's ``test_rulebook.py`` checks of its rule
modules — every public rule function cites its RULES (or GAPS) section in its docstring, and a
test in the game's test folder is named after it (``test_<name>`` or ``test_<name>_…``)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType


def short_name(module: ModuleType) -> str:
    return module.__name__.rsplit(".", 1)[1]


def rule_functions(modules: Sequence[ModuleType]) -> list[tuple[str, str]]:
    """(module, function) for every public function defined in the rule modules."""
    out = []
    for module in modules:
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if fn.__module__ == module.__name__ and not name.startswith("_"):
                out.append((short_name(module), name))
    return out


def named_tests(folder: Path) -> set[str]:
    """The names of the test functions in a test folder's ``test_*.py`` files."""
    return {
        m.group(1)
        for path in folder.glob("test_*.py")
        for m in re.finditer(r"^(?:async )?def (test_\w+)", path.read_text(), re.M)
    }


def assert_cites_its_section(modules: Sequence[ModuleType], module: str, name: str) -> None:
    fn = getattr({short_name(m): m for m in modules}[module], name)
    doc = inspect.getdoc(fn) or ""
    assert "§" in doc or "GAPS" in doc, f"{module}.{name} cites no section"


def assert_has_a_test_named_after_it(tests: set[str], module: str, name: str) -> None:
    assert f"test_{name}" in tests or any(
        t.startswith(f"test_{name}_") for t in tests
    ), f"no test named after {module}.{name}"


# -- Stricter checks (a game opts in): every module of its rule package, sections that exist, and a
# test of each function's own (not one named after a longer function that merely starts the same).

SECTION = re.compile(r"(GAPS\s*)?§\s*(\d+(?:\.\d+)*)")
HEADING = re.compile(r"^#{2,4}\s+(\d+(?:\.\d+)*)[.\s]", re.M)


def package_modules(package: ModuleType) -> list[ModuleType]:
    """Every module of a package (its rule phases): a module added later is checked too."""
    return [
        importlib.import_module(f"{package.__name__}.{info.name}")
        for info in pkgutil.iter_modules(package.__path__)
    ]


def reference_sections(path: Path) -> set[str]:
    """The numbered sections of a reference (RULES.md, GAPS.md): '13', '13.2', '10.1.2', ..."""
    return {m.group(1) for m in HEADING.finditer(path.read_text())}


def cited_sections(doc: str) -> list[tuple[str, str]]:
    """The sections a docstring cites, as ('RULES' or 'GAPS', number)."""
    return [("GAPS" if m.group(1) else "RULES", m.group(2)) for m in SECTION.finditer(doc)]


def assert_cites_an_existing_section(
    modules: Sequence[ModuleType], module: str, name: str, sections: dict[str, set[str]]
) -> None:
    """The function's docstring cites at least one numbered section, and every one it cites exists
    in its reference (``sections``: 'RULES' and 'GAPS' to their section numbers)."""
    fn = getattr({short_name(m): m for m in modules}[module], name)
    cited = cited_sections(inspect.getdoc(fn) or "")
    assert cited, f"{module}.{name} cites no numbered section"
    missing = [f"{ref} §{n}" for ref, n in cited if n not in sections[ref]]
    assert not missing, f"{module}.{name} cites sections the rulebook does not have: {missing}"


def own_tests(tests: set[str], names: set[str], name: str) -> list[str]:
    """The tests named after ``name`` (``test_<name>`` or ``test_<name>_…``), less those named
    after a longer rule function that starts with the same words (``test_draw_event_…`` is a test
    of ``draw_event``, not of ``draw``)."""

    def named_after(test: str, fn: str) -> bool:
        return test == f"test_{fn}" or test.startswith(f"test_{fn}_")

    longer = [n for n in names if n != name and n.startswith(f"{name}_")]
    return sorted(t for t in tests if named_after(t, name) and not any(named_after(t, n) for n in longer))


def assert_has_a_test_of_its_own(tests: set[str], names: set[str], module: str, name: str) -> None:
    assert own_tests(tests, names, name), f"no test named after {module}.{name}"
