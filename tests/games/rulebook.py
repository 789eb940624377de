"""The code reads like the rulebook: what each game's ``test_rulebook.py`` checks of its rule
modules — every public rule function cites its RULES (or GAPS) section in its docstring, and a
test in the game's test folder is named after it (``test_<name>`` or ``test_<name>_…``)."""

from __future__ import annotations

import inspect
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
