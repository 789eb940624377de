"""``turncoat bench``: every measurement is taken and reported as a ratio to a baseline from the
same run.  Nothing here checks a speed (that depends on the machine); only that the numbers are
there, consistent, that the executors agreed on the games, that another game is measured against
Verräter in the same run, and that determinize and ISMCTS run on positions spread over games
between heuristic bots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from turncoat.cli import app
from turncoat.core.registry import load_game
from turncoat.sim import bench


def test_bench_reports_every_measure(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    result = CliRunner().invoke(
        app,
        [
            "bench",
            "verrater",
            "--seconds",
            "0.1",
            "--workers",
            "2",
            "--no-dask",
            "--rounds",
            "2",
            "--json",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    for label in (
        "random playout actions/s",
        "determinize µs a call",
        "sim games/s",
        "ISMCTS iterations/s",
        "pool 2 workers games/s",
    ):
        assert label in said
    data = json.loads(out.read_text())
    assert data["engine"]["decisions_per_s"] > 0 and data["engine"]["games"] >= 1
    assert data["ismcts"]["iterations_per_s"] > 0
    assert data["determinize"]["us_per_call"] == pytest.approx(1e6 / data["determinize"]["calls_per_cpu_s"])
    assert "baseline" not in data and "ratios" not in data  # Verräter is its own baseline
    engine, sim = data["engine"], data["sim_in_process"]
    assert data["agent_layer_ratio"] == sim["decisions_per_cpu_s"] / engine["decisions_per_cpu_s"]
    scaling = data["scaling"]
    assert scaling["speedup"] == scaling["seconds"]["pool_1"] / scaling["seconds"]["pool_2"]
    assert scaling["pool_1_same_results"] and scaling["pool_2_same_results"]
    assert "dask_overhead" not in scaling
    assert scaling["rounds"] == 2
    assert data["machine"]["cpus"] >= 1


def test_bench_refuses_an_unknown_game(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["bench", "chess", "--no-dask"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_bench_rex_measures_verrater_in_the_same_run(tmp_path: Path) -> None:
    """Random playouts, determinize and ISMCTS of Rex, each against Verräter's from the same
    round-robin run, as ratios per CPU second."""
    out = tmp_path / "bench.json"
    result = CliRunner().invoke(
        app,
        [
            "bench",
            "rex",
            "--seconds",
            "0.2",
            "--workers",
            "1",
            "--no-dask",
            "--rounds",
            "1",
            "--json",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "against verrater (4 players)" in said and "× verrater" in said
    data = json.loads(out.read_text())
    assert (data["game"], data["players"]) == ("rex", 6)
    base = data["baseline"]
    assert (base["game"], base["players"]) == ("verrater", 4)
    assert data["ratios"] == {
        "engine": data["engine"]["decisions_per_cpu_s"] / base["engine"]["decisions_per_cpu_s"],
        "determinize": data["determinize"]["calls_per_cpu_s"] / base["determinize"]["calls_per_cpu_s"],
        "ismcts": data["ismcts"]["iterations_per_cpu_s"] / base["ismcts"]["iterations_per_cpu_s"],
    }
    for measured in (data, base):
        assert measured["determinize"]["calls"] > 0 and measured["ismcts"]["decisions"] > 0
        assert measured["positions"]["policy"] == "heuristic"


def test_search_positions_come_from_heuristic_games_from_opening_to_end() -> None:
    """The positions determinize and ISMCTS are timed on: real choices, spread evenly over
    whole games between heuristic bots, not only the opening."""
    game = load_game("rex", players=6)
    spots, where = bench.decision_points(game, games=2, keep=40)
    assert where["policy"] == "heuristic" and where["positions"] == len(spots) == 40
    assert 0.35 < where["mean_depth_share"] < 0.65
    rounds = {state.round for state, _ in spots}
    assert min(rounds) <= 2 and max(rounds) >= 7
    for state, seat in spots:
        assert seat in game.to_act(state) and len(game.legal_actions(state, seat)) > 1


def test_interleave_runs_every_item_in_turns() -> None:
    order: list[str] = []

    def body(name: str) -> bench.Body:
        def run() -> int:
            order.append(name)
            return 3

        return run

    rows = bench.interleave({"a": body("a"), "b": body("b")}, seconds=0.0, slices=3)
    assert order == ["a", "b"] * 3
    assert rows["a"]["units"] == 9 and rows["a"]["calls"] == 3
