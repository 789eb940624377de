"""``turncoat play`` refuses bad options with a clear message, exit status 2, and no table."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from turncoat.cli import app
from turncoat.skins.verrater.terminal.session import Session, plan_seats


def refused(args: list[str]) -> str:
    result = CliRunner().invoke(app, ["play", *args])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert "Traceback" not in said and said.startswith("error:")
    return said


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["verrater", "--players", "5"], "Verräter is for 3 or 4 players"),
        (["verrater", "--seats", "human,human"], "Verräter is for 3 or 4 players"),
        (
            ["verrater", "--players", "3", "--seats", "human,random,random,random"],
            "4 seats given for 3 players",
        ),
        (["verrater", "--seats", "human,robot,random"], "unknown seat kind 'robot'"),
        (["verrater", "--humans", "5"], "--humans must be between 0 and 4"),
        (["verrater", "--names", "Ann,Ann,Bob,Cid"], "every seat needs a different name"),
        (["chess"], "unknown game 'chess'"),
    ],
)
def test_bad_options_are_refused(args: list[str], message: str, tmp_path: Path) -> None:
    assert message in refused([*args, "--save", str(tmp_path / "never.json")])
    assert not (tmp_path / "never.json").exists()


def test_resume_refuses_a_missing_or_broken_file(tmp_path: Path) -> None:
    assert "cannot read record" in refused(["--resume", str(tmp_path / "missing.json")])
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert "is not a valid game record" in refused(["--resume", str(broken)])


def test_resume_refuses_options_the_record_already_fixes(tmp_path: Path) -> None:
    save = tmp_path / "saved.json"
    Session.open(plan_seats(3, "human,random,random"), seed=1, save_path=save)
    before = save.read_bytes()
    said = refused(["--resume", str(save), "--seed", "3", "--players", "4"])
    assert "drop --players, --seed" in said
    assert save.read_bytes() == before
