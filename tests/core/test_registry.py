"""Games from the registry: a new game takes today's defaults, a stored configuration keeps the
rules it was played under, even for an option added after it was stored."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar, Literal

import pytest

from turncoat.core import registry
from turncoat.core.errors import InvalidConfig
from turncoat.core.registry import load_game, load_stored_game, register
from turncoat.core.testing.playout import random_playout
from turncoat.core.testing.toy import SealedBidsConfig, SealedBidsGame


class LaterConfig(SealedBidsConfig, frozen=True, forbid_unknown_fields=True):
    """Sealed Bids after a new option: ``tie_rule`` did not exist when the first games were stored."""

    tie_rule: Literal["split", "reroll"] = "split"


class LaterSealedBids(SealedBidsGame):
    """The toy game with one option added later; before it existed the game played ``reroll``."""

    config_type: ClassVar[type[Any]] = LaterConfig
    former_defaults: ClassVar[dict[str, Any]] = {"tie_rule": "reroll"}


@pytest.fixture
def later(monkeypatch: pytest.MonkeyPatch) -> str:
    """``later_bids`` registered for this test only (the registry is restored afterwards)."""
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    monkeypatch.setattr(registry, "_FORMER_DEFAULTS", dict(registry._FORMER_DEFAULTS))
    register("later_bids", LaterSealedBids.from_options, former_defaults=LaterSealedBids.former_defaults)
    return "later_bids"


def tie_rule(game: Any) -> str:
    value: str = game.config.tie_rule
    return value


def test_a_stored_configuration_without_the_option_gets_its_former_value(later: str) -> None:
    stored = {"players": 3, "rounds": 3, "content_overrides": None}  # stored before tie_rule existed
    assert tie_rule(load_stored_game(later, stored)) == "reroll"


def test_a_new_game_gets_the_options_current_default(later: str) -> None:
    assert tie_rule(load_game(later, players=3)) == "split"


@pytest.mark.parametrize("named", ["split", "reroll"])
def test_a_stored_configuration_naming_the_option_keeps_it(later: str, named: str) -> None:
    stored = load_game(later, players=3, tie_rule=named).config_json()
    assert stored["tie_rule"] == named  # what a record or a table stores: every option
    assert tie_rule(load_stored_game(later, stored)) == named


def test_a_stored_configuration_is_not_changed_by_loading_it(later: str) -> None:
    stored: dict[str, Any] = {"players": 4}
    load_stored_game(later, stored)
    assert stored == {"players": 4}


def test_a_stored_configuration_with_a_bad_value_is_refused_clearly(later: str) -> None:
    with pytest.raises(InvalidConfig) as refused:
        load_stored_game(later, {"players": 3, "tie_rule": "coin_flip"})
    assert refused.value.code == "bad_config"


def test_a_game_without_former_defaults_loads_stored_configurations_as_given() -> None:
    game = load_game("sealed_bids", players=4, rounds=2)
    stored = load_stored_game("sealed_bids", game.config_json())
    assert stored.config_json() == game.config_json()
    assert random_playout(stored, 3, 1).final == random_playout(game, 3, 1).final


def test_an_unknown_stored_game_is_refused_by_name() -> None:
    with pytest.raises(InvalidConfig) as refused:
        load_stored_game("no_such_game", {"players": 4})
    assert refused.value.code == "unknown_game"


# -- finding games: the games package's folders, and the modules TURNCOAT_GAMES names -------------
GAME_MODULE = """
from turncoat.core.registry import register
from turncoat.core.testing.toy import SealedBidsGame

register({name!r}, SealedBidsGame.from_options)
"""


@pytest.fixture
def clean_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry as it is now, restored after the test (games it registers do not stay)."""
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    monkeypatch.setattr(registry, "_FORMER_DEFAULTS", dict(registry._FORMER_DEFAULTS))
    monkeypatch.setattr(registry, "_IMPORTED", set(registry._IMPORTED))
    monkeypatch.delenv(registry.GAMES_VARIABLE, raising=False)


@pytest.fixture
def games_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean_registry: None) -> Iterator[str]:
    """A games package of its own, ``tcg_<n>``, on the import path: one game folder ``coin`` (its
    package registers it), a private folder and a stray module, neither of them a game."""
    package = f"tcg_{tmp_path.name.replace('-', '_')}"
    root = tmp_path / package
    (root / "coin").mkdir(parents=True)
    (root / "_shared").mkdir()
    (root / "__init__.py").write_text("")
    (root / "coin" / "__init__.py").write_text(GAME_MODULE.format(name="coin"))
    (root / "_shared" / "__init__.py").write_text("raise RuntimeError('not a game')\n")
    (root / "helpers.py").write_text("raise RuntimeError('not a game')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "GAMES_PACKAGE", package)
    registry.builtin_games.cache_clear()
    yield package
    registry.builtin_games.cache_clear()


def test_the_builtin_games_are_the_folders_of_the_games_package() -> None:
    """Adding a game is adding its folder: no list names the games."""
    folders = Path(registry.__file__).parents[1] / "games"
    packages = {p.parent.name for p in folders.glob("*/__init__.py") if not p.parent.name.startswith("_")}
    assert set(registry.builtin_games()) == packages
    assert "verrater" in packages


def test_a_new_game_folder_is_playable_without_an_edit_elsewhere(games_package: str) -> None:
    assert registry.builtin_games() == ("coin",)
    assert f"{games_package}.coin" not in sys.modules  # found on disk, not imported
    game = load_game("coin", players=2)
    assert f"{games_package}.coin" in sys.modules
    assert random_playout(game, 5, 0).final.phase == "over"
    assert "coin" in registry.registered()
    assert f"{games_package}._shared" not in sys.modules and f"{games_package}.helpers" not in sys.modules


def test_asking_for_one_game_imports_no_other() -> None:
    """Games are imported by name, when asked for: loading one game never imports another
    (checked in a fresh interpreter, where nothing has been imported yet)."""
    script = (
        "import sys\n"
        "from turncoat.core.registry import load_game\n"
        "assert not any(m.startswith('turncoat.games.') for m in sys.modules)\n"
        "import turncoat.core.testing.toy\n"
        "load_game('sealed_bids', players=2)\n"
        "print(sorted(m for m in sys.modules if m.startswith('turncoat.games.')))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != registry.GAMES_VARIABLE}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.fixture
def extra_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean_registry: None) -> str:
    """A third party's module on the import path that registers the game ``coin_toss``."""
    module = f"extra_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{module}.py").write_text(GAME_MODULE.format(name="coin_toss"))
    monkeypatch.syspath_prepend(str(tmp_path))
    return module


def test_turncoat_games_adds_the_games_of_the_modules_it_names(
    extra_module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "coin_toss" not in registry.registered()
    monkeypatch.setenv("TURNCOAT_GAMES", f" {extra_module} ,, ")  # blanks and spaces are ignored
    assert extra_module not in sys.modules  # imported on the registry's next use, not before
    assert "coin_toss" in registry.registered()
    assert {"verrater", "coin_toss"} <= set(registry.registered())
    assert load_game("coin_toss", players=4).num_players() == 4


def test_a_game_named_in_turncoat_games_is_loaded_by_its_id_first(
    extra_module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``load_game`` is enough: no listing of every game has to come first."""
    monkeypatch.setenv("TURNCOAT_GAMES", extra_module)
    assert load_game("coin_toss", players=3).num_players() == 3


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        (None, "ModuleNotFoundError"),
        ("raise RuntimeError('the rules file is missing')\n", "RuntimeError: the rules file is missing"),
        ("import no_such_dependency_of_the_game\n", "No module named 'no_such_dependency_of_the_game'"),
    ],
)
def test_a_module_in_turncoat_games_that_cannot_be_imported_is_refused_clearly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean_registry: None, source: str | None, reason: str
) -> None:
    module = f"broken_{tmp_path.name.replace('-', '_')}"
    if source is not None:
        (tmp_path / f"{module}.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("TURNCOAT_GAMES", f"turncoat.core.testing.toy,{module}")
    for use in (registry.registered, lambda: load_game("verrater")):
        with pytest.raises(InvalidConfig) as refused:
            use()
        assert refused.value.code == "bad_games_module"
        assert f"TURNCOAT_GAMES names {module!r}, which cannot be imported" in refused.value.message
        assert reason in refused.value.message


def test_the_only_game_is_the_default_and_two_games_must_be_named(
    extra_module: str, games_package: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(registry, "_FACTORIES", {})
    assert registry.sole_game() == "coin"  # the games package holds one game
    monkeypatch.setenv("TURNCOAT_GAMES", extra_module)
    with pytest.raises(InvalidConfig) as refused:
        registry.sole_game()
    assert refused.value.code == "name_the_game"
    assert refused.value.message == "name the game: this installation has coin, coin_toss"


@pytest.mark.parametrize("taken", ["verrater", "sealed_bids"])
def test_a_module_in_turncoat_games_may_not_take_an_installed_games_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean_registry: None, taken: str
) -> None:
    """The same id must mean the same rules whatever was imported first: a built-in game's id
    (even before the built-in is imported) and an id already registered are refused."""
    import turncoat.core.testing.toy  # noqa: F401  (registers sealed_bids)

    if taken == "verrater":
        monkeypatch.setattr(
            registry, "_FACTORIES", {k: v for k, v in registry._FACTORIES.items() if k != "verrater"}
        )
    kept = dict(registry._FACTORIES)
    module = f"impostor_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{module}.py").write_text(GAME_MODULE.format(name=taken))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("TURNCOAT_GAMES", module)
    with pytest.raises(InvalidConfig) as refused:
        registry.registered()
    assert refused.value.code == "bad_games_module"
    assert refused.value.message == (
        f"TURNCOAT_GAMES names {module!r}, which registers {taken!r}, the id of a game already installed"
    )
    assert kept == registry._FACTORIES  # nothing of the impostor stays


def test_turncoat_games_may_name_a_builtin_game_itself(
    monkeypatch: pytest.MonkeyPatch, clean_registry: None
) -> None:
    monkeypatch.setattr(
        registry, "_FACTORIES", {k: v for k, v in registry._FACTORIES.items() if k != "verrater"}
    )
    games = sys.modules["turncoat.games"]
    monkeypatch.setattr(games, "verrater", sys.modules["turncoat.games.verrater"])  # put back after
    monkeypatch.delitem(sys.modules, "turncoat.games.verrater")  # imported afresh: it registers again
    monkeypatch.setenv("TURNCOAT_GAMES", "turncoat.games.verrater")
    assert "verrater" in registry.registered()
