"""Rex through the command line: listed by ``turncoat games``, a bot game by ``demo``, its record
replayed as one seat saw it and as JSON, and ``content`` naming each estimated value and why."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import Result
from typer.testing import CliRunner

from turncoat.cli import app
from turncoat.core.record import load_record


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def test_rex_is_listed_and_its_demo_replays(tmp_path: Path) -> None:
    assert "rex" in run("games").stdout.split()
    save = tmp_path / "rex.json"
    demo = run("demo", "rex", "--players", "3", "--seed", "2", "--save", str(save))
    assert demo.exit_code == 0, demo.output
    record = load_record(save)
    assert record.game == "rex" and record.config["players"] == 3
    as_json = run("replay", str(save), "--json")
    assert as_json.exit_code == 0, as_json.output
    data = json.loads(as_json.stdout)
    assert data["game"] == "rex" and data["complete"] and len(data["scores"]) == 3
    assert data["winners"] == [p for p, s in enumerate(data["scores"]) if s == 1]
    mine = run("replay", str(save), "--as", "1", "--log")
    theirs = run("replay", str(save), "--as", "2", "--log")
    assert mine.exit_code == 0 and theirs.exit_code == 0
    # each seat reads its own traitor cards, and only its own
    assert "You are dealt traitor cards" in mine.stdout and mine.stdout != theirs.stdout


def test_content_lists_the_estimated_values_and_why() -> None:
    shown = run("content", "rex")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.startswith("pack rex-base")
    assert "estimated values" in shown.stdout and "why: D1" in shown.stdout
    assert "board.movement_normal = 1" in shown.stdout
