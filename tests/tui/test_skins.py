"""``turncoat play`` finds a game's terminal skin by the game's id, else the generic table; the
terminal package itself imports no game."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import grimp
import pytest
from typer.testing import CliRunner

import turncoat.core.testing.toy  # registers sealed_bids
import turncoat.skins
from turncoat.cli import app as cli
from turncoat.core import registry
from turncoat.core.record import load_record
from turncoat.skins.verrater import terminal as verrater_terminal
from turncoat.skins.verrater.terminal.app import VerraterApp
from turncoat.skins.verrater.terminal.session import Session
from turncoat.tui.generic.app import GenericApp
from turncoat.tui.generic.command import GENERIC
from turncoat.tui.skin import find_skin
from turncoat.tui.table import Table
from turncoat.tui.table_app import TableApp


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[TableApp]:
    """The apps ``turncoat play`` opens, kept instead of run (no live table in a test)."""
    apps: list[TableApp] = []
    for cls in (VerraterApp, GenericApp):
        monkeypatch.setattr(cls, "run", lambda self, *a, **k: apps.append(self))
    return apps


def play(*args: str) -> None:
    result = CliRunner().invoke(cli, ["play", *args, "--delay", "0"])
    assert result.exit_code == 0, result.output


def test_the_terminal_package_imports_no_game() -> None:
    """Skins are found by id at run time; nothing under turncoat.tui imports turncoat.games."""
    graph = grimp.build_graph("turncoat")
    chain = graph.find_shortest_chains(importer="turncoat.tui", imported="turncoat.games")
    assert not chain, f"turncoat.tui imports a game: {sorted(chain)}"


def test_play_verrater_finds_the_verrater_skin(tmp_path: Path, opened: list[TableApp]) -> None:
    assert find_skin("verrater") is verrater_terminal.SKIN
    save = tmp_path / "v.json"
    play("verrater", "--players", "3", "--seed", "4", "--save", str(save))
    (app,) = opened
    assert type(app) is VerraterApp and isinstance(app.table, Session)
    assert app.table.match.game.name == "verrater" and app.table.players == 3
    assert load_record(save).game == "verrater"
    play("--resume", str(save))  # the record's game chooses the skin
    assert type(opened[1]) is VerraterApp
    assert opened[1].table.record == app.table.record


def test_a_game_without_a_skin_gets_the_generic_table(tmp_path: Path, opened: list[TableApp]) -> None:
    assert not (Path(turncoat.skins.__file__).parent / "sealed_bids").exists()
    assert find_skin("sealed_bids") is GENERIC
    save = tmp_path / "s.json"
    play("sealed_bids", "--seats", "human,random,random", "--seed", "4", "--save", str(save))
    (app,) = opened
    assert type(app) is GenericApp and type(app.table) is Table
    assert app.table.match.game.name == "sealed_bids"
    play("--resume", str(save))
    assert type(opened[1]) is GenericApp and opened[1].table.record == app.table.record


@pytest.fixture
def skins_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder searched for skins after the installed ones, and forgotten afterwards."""
    monkeypatch.setattr(turncoat.skins, "__path__", [*turncoat.skins.__path__, str(tmp_path)])
    before = set(sys.modules)
    yield tmp_path
    for name in set(sys.modules) - before:
        if name.startswith("turncoat.skins."):
            del sys.modules[name]


def test_only_a_missing_skin_means_the_generic_table(skins_dir: Path) -> None:
    (skins_dir / "web_only").mkdir()  # a game with a web skin but no terminal one
    (skins_dir / "web_only" / "__init__.py").write_text('"""A web skin only."""\n')
    assert find_skin("web_only") is GENERIC
    broken = skins_dir / "broken"
    broken.mkdir()
    (broken / "__init__.py").write_text("")
    (broken / "terminal.py").write_text("import turncoat_no_such_module\n")
    with pytest.raises(ModuleNotFoundError) as refused:  # the skin's fault: never hidden
        find_skin("broken")
    assert refused.value.name == "turncoat_no_such_module"
    odd = skins_dir / "odd"
    odd.mkdir()
    (odd / "__init__.py").write_text("")
    (odd / "terminal.py").write_text("SKIN = 3\n")
    with pytest.raises(TypeError, match="must be a TerminalSkin"):
        find_skin("odd")
    assert find_skin("not a package name") is GENERIC


@pytest.mark.skipif(
    not hasattr(registry, "GAMES_VARIABLE"), reason="the registry does not read TURNCOAT_GAMES yet"
)
def test_play_finds_a_game_the_registry_imports_from_turncoat_games(tmp_path: Path) -> None:
    """In a fresh interpreter nothing imported the toy game by hand: TURNCOAT_GAMES makes it
    known to the registry, and so to ``turncoat play``, which opens the generic table."""
    save = tmp_path / "extra.json"
    program = (
        "from turncoat.tui.generic.app import GenericApp\n"
        "GenericApp.run = lambda self, *a, **k: print('opened', self.table.match.game.name)\n"
        "from turncoat.cli import app\n"
        f"app(['play', 'sealed_bids', '--seats', 'human,random', '--save', {str(save)!r}])\n"
    )
    env = {**os.environ, "TURNCOAT_GAMES": "turncoat.core.testing.toy"}
    done = subprocess.run(
        [sys.executable, "-c", program], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert "opened sealed_bids" in done.stdout, done.stdout + done.stderr
    assert load_record(save).game == "sealed_bids"
    env.pop("TURNCOAT_GAMES")
    unknown = subprocess.run(
        [sys.executable, "-c", program], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert unknown.returncode == 2 and "unknown game 'sealed_bids'" in unknown.stderr, unknown.stderr
