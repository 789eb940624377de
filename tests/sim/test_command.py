"""``turncoat sim`` end to end: what a user gets from a small run, and what bad input gets."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import Result
from typer.testing import CliRunner

from turncoat.agents.base import SeatView, register_agent
from turncoat.cli import app
from turncoat.core.actions import Action
from turncoat.core.record import GameRecord

PNG = b"\x89PNG\r\n\x1a\n"


def sim(*args: str) -> Result:
    return CliRunner().invoke(app, ["sim", *args, "--no-progress"])


def text(result: Result) -> str:
    """Everything the command printed, with line wrapping undone."""
    return " ".join(result.output.split())


class CrashingAgent:
    """Crashes on its third decision."""

    name = "test-crash"

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: SeatView, rng: Any) -> Action:
        self.calls += 1
        if self.calls == 3:
            raise ZeroDivisionError("bot bug")
        return view.legal_actions[0]


class StubbornAgent:
    """Repeats its first move for ever, which soon becomes illegal."""

    name = "test-stubborn"

    def __init__(self) -> None:
        self.move: Action | None = None

    def choose(self, view: SeatView, rng: Any) -> Action:
        if self.move is None:
            self.move = view.legal_actions[0]
        return self.move


register_agent("test-crash", CrashingAgent)
register_agent("test-stubborn", StubbornAgent)


def test_small_sim_writes_every_output(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = sim(
        "verrater",
        "--agents", "ismcts:iterations=20,heuristic,random,random",
        "--games", "8",
        "--seed", "5",
        "--out", str(out),
        "--save-records",
        "--report",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    said = text(result)
    assert "Ratings (Plackett-Luce)" in said and "8 of 8 games finished" in said
    assert "win rate by starting allegiance" in said
    assert not (out / "INCOMPLETE").exists() and not (out / "results.partial.jsonl").exists()

    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [r["index"] for r in rows] == list(range(8))
    assert all(r["error"] is None and len(r["scores"]) == 4 for r in rows)
    csv_lines = (out / "results.csv").read_text().splitlines()
    assert csv_lines[0].startswith("index,seed,seating,scores,winners") and len(csv_lines) == 9

    summary = json.loads((out / "summary.json").read_text())
    assert summary["complete"] is True and summary["finished"] == 8 and summary["failed"] == 0
    assert {r["agent"] for r in summary["ratings"]} == {
        "ismcts:iterations=20",
        "heuristic",
        "random",
        "random#2",
    }
    assert all(r["sigma"] > 0 for r in summary["ratings"])
    rates = summary["win_rates"]
    assert {"by_agent", "by_seat", "by_starting_allegiance", "by_turn_order"} <= set(rates)
    for group in rates["by_agent"]:
        assert group["low"] <= group["rate"] <= group["high"]
    assert sum(g["wins"] for g in rates["by_agent"]) == pytest.approx(8)
    assert {s["group"] for s in summary["scores"]["by_seat"]} == {"0", "1", "2", "3"}
    assert "## Ratings" in (out / "summary.md").read_text()

    plots = sorted(p.name for p in (out / "plots").glob("*.png"))
    assert {"ratings.png", "win_rate_by_agent.png", "scores_by_agent.png"} <= set(plots)
    assert all((out / "plots" / p).read_bytes().startswith(PNG) for p in plots)

    records = sorted((out / "records").glob("game-*.json"))
    assert len(records) == 8
    record = msgspec.json.decode(records[3].read_bytes(), type=GameRecord)
    assert record.seed == rows[3]["seed"] and record.actions

    report = (out / "report" / "balance-report.md").read_text()
    assert "estimated" in report and "## Value of each role when taken" in report
    assert "Balance report" in said


def test_results_are_identical_on_every_executor(tmp_path: Path) -> None:
    args = ["verrater", "--agents", "heuristic,random,random", "-n", "18", "--seed", "9"]
    runs = {"inline": [], "pool": ["--workers", "2", "--batch", "4"], "dask": ["--dask", "--workers", "2"]}
    results: dict[str, str] = {}
    for name, extra in runs.items():
        out = tmp_path / name
        result = sim(*args, *extra, "--out", str(out))
        assert result.exit_code == 0, result.output
        results[name] = (out / "results.jsonl").read_text()
        summary = json.loads((out / "summary.json").read_text())
        summary.pop("timing")
        results[name + " summary"] = json.dumps(summary, sort_keys=True)
    assert results["inline"] == results["pool"] == results["dask"]
    assert results["inline summary"] == results["pool summary"] == results["dask summary"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "unknown game 'chess' (known: "),
        (["verrater", "--agents", "random,wizard,random"], "unknown agent 'wizard'"),
        (["verrater", "--agents", "ismcts:iterations=lots,random,random"], "iterations must be an integer"),
        (["verrater", "--seed", "-3"], "--seed must be an integer from 0"),
        (["verrater", "--seed", "abc"], "'abc' is not a valid integer"),
        (["verrater", "--games", "0"], "--games must be an integer from 1"),
        (["verrater", "--games", "100000001"], "--games must be an integer from 1 to 100000000"),
        (["verrater", "--seed", "9223372036854775808"], "--seed must be an integer from 0"),
        (["verrater", "--workers", "0"], "--workers must be an integer from 1 to 1024"),
        (["verrater", "--workers", "100000"], "--workers must be an integer from 1 to 1024"),
        (["verrater", "--batch", "0"], "--batch must be an integer from 1"),
        (["verrater", "--connect-timeout", "nan"], "--connect-timeout must be a number"),
        (["verrater", "--connect-timeout", "-1"], "--connect-timeout must be a number"),
        (["verrater", "--players", "99999999999999999999"], "Verräter is for 3 or 4 players"),
        (["verrater", "--players", "2"], "Verräter is for 3 or 4 players"),
        (["verrater", "--option", "rounds"], "must look like key=value"),
        (["verrater", "--dask", "tcp://127.0.0.1:9", "--connect-timeout", "0.5"], "cannot reach the Dask"),
        (["verrater", "--dask", "somewhere"], "is not a scheduler address"),
    ],
)
def test_bad_input_is_refused_and_writes_nothing(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "run"
    result = sim(*args, "--out", str(out))
    assert result.exit_code == 2, result.output
    assert message in text(result)
    # The one convention of every command: one line on stderr, a sentence without a machine code.
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert "_" not in result.stderr.split(":")[1]  # e.g. no "unknown_game:"
    assert not out.exists()


def test_output_folder_inside_a_file_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = sim("verrater", "-n", "2", "--out", str(blocker / "run"))
    assert result.exit_code == 3
    assert "is not a folder" in text(result)
    assert blocker.read_text() == "not a folder"


@pytest.mark.skipif(os.geteuid() == 0, reason="permissions do not bind root")
def test_unwritable_output_folder_is_refused(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    result = sim("verrater", "-n", "2", "--out", str(locked / "run"))
    assert result.exit_code == 3
    assert "not writable" in text(result)


def test_an_earlier_run_is_not_overwritten_without_force(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert sim("verrater", "-n", "2", "--out", str(out)).exit_code == 0
    before = (out / "results.jsonl").read_text()
    again = sim("verrater", "-n", "3", "--seed", "1", "--out", str(out))
    assert again.exit_code == 3 and "already holds a run" in text(again)
    assert (out / "results.jsonl").read_text() == before
    (out / "notes.txt").write_text("mine")
    (out / "records").mkdir()
    (out / "records" / "game-000099.json").write_text("{}")  # from an earlier, longer run
    forced = sim("verrater", "-n", "3", "--seed", "1", "--out", str(out), "--force", "--save-records")
    assert forced.exit_code == 0
    assert len((out / "results.jsonl").read_text().splitlines()) == 3
    assert sorted(p.name for p in (out / "records").iterdir()) == [f"game-00000{i}.json" for i in range(3)]
    assert (out / "notes.txt").read_text() == "mine"  # files the simulator did not write are kept


def test_a_full_disk_leaves_the_run_marked_incomplete(tmp_path: Path) -> None:
    """A file-size limit makes writes fail part-way, as a full disk would (ENOSPC / EFBIG)."""
    out = tmp_path / "run"
    script = (
        "import resource, signal, sys\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (6000, 6000))\n"
        "from turncoat.cli import app\n"
        "sys.argv = ['turncoat', 'sim', 'verrater', '-n', '40', '--no-progress', '--out', sys.argv[1]]\n"
        "app()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(out)], capture_output=True, text=True, timeout=120, check=False
    )
    said = " ".join((done.stdout + done.stderr).split())
    assert done.returncode == 3, said
    assert "the run is incomplete" in said and "Traceback" not in said
    assert (out / "INCOMPLETE").exists()
    assert "Stopped:" in (out / "INCOMPLETE").read_text()
    assert not (out / "summary.json").exists()
    assert not list(out.glob(".*.tmp-*"))  # no half-written file left under a temporary name


@pytest.mark.parametrize(
    ("agent", "error"),
    [("test-crash", "crashed: ZeroDivisionError('bot bug')"), ("test-stubborn", "illegal move")],
)
def test_agent_failures_are_saved_and_reported(tmp_path: Path, agent: str, error: str) -> None:
    out = tmp_path / "run"
    result = sim("verrater", "--agents", f"{agent},random,random", "-n", "3", "--out", str(out))
    said = text(result)
    assert result.exit_code == 1, said
    assert "3 game(s) failed" in said and error in said
    summary = json.loads((out / "summary.json").read_text())
    assert summary["failed"] == 3 and summary["finished"] == 0
    assert all(error in f["error"] for f in summary["failures"])
    failures = sorted((out / "failures").glob("game-*.json"))
    assert len(failures) == 3
    record = msgspec.json.decode(failures[0].read_bytes(), type=GameRecord)
    assert error in record.meta["error"]
    assert record.actions  # the moves up to the failure, to replay and debug it
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert all(r["scores"] is None and error in r["error"] for r in rows)


def test_content_override_is_played_and_reported(tmp_path: Path) -> None:
    template = json.loads(
        (Path(__file__).parents[2] / "examples/verrater-vp-override.template.json").read_text()
    )
    printed = {
        path: {**value, "provenance": "printed", "source": "my copy"}
        for path, value in template["overrides"].items()
    }
    override = tmp_path / "mine.json"
    override.write_text(json.dumps({"pack": template["pack"], "overrides": printed}))
    out = tmp_path / "run"
    result = sim("verrater", "-n", "4", "--content-override", str(override), "--out", str(out))
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["options"]["content_overrides"] == printed
    assert len(summary["estimated_content"]) < 23  # the printed values are no longer estimates


def test_unreadable_content_override_is_bad_input(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = sim("verrater", "--content-override", str(broken), "--out", str(tmp_path / "run"))
    assert result.exit_code == 2
    assert "cannot read override file" in text(result)
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize(("players", "lineup"), [([], 4), (["--players", "3"], 3)])
def test_without_agents_a_heuristic_bot_plays_random_bots(
    tmp_path: Path, players: list[str], lineup: int
) -> None:
    """The default run says something: the planning bot should beat the random ones clearly."""
    out = tmp_path / "run"
    result = sim("verrater", "-n", "12", "--seed", "3", *players, "--out", str(out))
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["agents"] == ["heuristic"] + ["random"] * (lineup - 1)
    rates = {r["group"]: r["rate"] for r in summary["win_rates"]["by_agent"]}
    assert rates["heuristic"] > max(rate for agent, rate in rates.items() if agent != "heuristic")


def test_without_agents_a_game_without_a_heuristic_gets_random_bots(tmp_path: Path) -> None:
    """The default lineup asks the game for a heuristic instead of assuming one: Sealed Bids has
    none, so every seat plays random, and every game finishes."""
    import turncoat.core.testing.toy  # noqa: F401  (registers sealed_bids)

    out = tmp_path / "run"
    result = sim("sealed_bids", "-n", "6", "--seed", "2", "--out", str(out))
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["agents"] == ["random"] * 3
    assert (summary["finished"], summary["failed"]) == (6, 0)


@pytest.mark.parametrize(
    ("agent", "purpose"),
    [
        ("heuristic", "the heuristic bot"),
        ("strong", "ismcts with confidence, rollout=heuristic, opponents=heuristic"),
        ("rollout", "the rollout agent"),
    ],
)
def test_an_agent_the_game_cannot_serve_is_refused_before_any_game(
    tmp_path: Path, agent: str, purpose: str
) -> None:
    import turncoat.core.testing.toy  # noqa: F401  (registers sealed_bids)

    out = tmp_path / "run"
    result = sim("sealed_bids", "--agents", f"{agent},random", "--players", "2", "--out", str(out))
    assert result.exit_code == 2, result.output
    assert result.stderr == f"error: the game 'sealed_bids' offers no heuristic for {purpose}\n"
    assert not out.exists()


def test_content_override_of_starcraft_is_played_and_reported(tmp_path: Path) -> None:
    """StarCraft takes the common override file too (its owner's values become one more pack)."""
    override = tmp_path / "mine.json"
    values = {"planets.antiga_prime.route_slots": ["N", "S"]}
    override.write_text(json.dumps({"pack": "starcraft-sourced+starcraft-placeholders", "overrides": values}))
    out = tmp_path / "run"
    result = sim(
        "starcraft", "-n", "2", "--players", "2", "--content-override", str(override), "--out", str(out)
    )
    assert result.exit_code == 0, result.output
    assert json.loads((out / "summary.json").read_text())["options"]["content_overrides"] == values
