"""``turncoat bench starcraft``: StarCraft's random playouts, determinize and ISMCTS are measured
against Verräter's in the same run, on positions from games between StarCraft's heuristic bots.
Nothing here checks a speed (that depends on the machine): only the shape of what is reported."""

from __future__ import annotations

import dataclasses
import importlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from turncoat.cli import app


def test_bench_starcraft_measures_verrater_in_the_same_run(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    result = CliRunner().invoke(
        app,
        [
            "bench",
            "starcraft",
            "--players",
            "3",
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
    for label in ("random playout actions/s", "determinize µs a call", "ISMCTS iterations/s", "× verrater"):
        assert label in said
    data = json.loads(out.read_text())
    assert (data["game"], data["players"]) == ("starcraft", 3)
    base = data["baseline"]
    assert (base["game"], base["players"]) == ("verrater", 4)
    assert data["ratios"] == {
        "engine": data["engine"]["decisions_per_cpu_s"] / base["engine"]["decisions_per_cpu_s"],
        "determinize": data["determinize"]["calls_per_cpu_s"] / base["determinize"]["calls_per_cpu_s"],
        "ismcts": data["ismcts"]["iterations_per_cpu_s"] / base["ismcts"]["iterations_per_cpu_s"],
    }
    assert data["engine"]["games"] >= 1 and data["engine"]["decisions_per_cpu_s"] > 0
    assert data["ismcts"]["decisions"] > 0 and data["ismcts"]["iterations_per_decision"] == 100
    assert data["positions"]["policy"] == "heuristic" and data["positions"]["positions"] > 0
    assert data["scaling"]["pool_1_same_results"]


def test_soak_stops_team_galactic_conquest_at_the_round_cap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only elimination ends Galactic Conquest (RULES §19); random players may never bring it
    about at any number of players, so the soak caps those games' rounds, team play included."""
    soak = _soak_module()
    combo = {"players": 4, "faction_selection": "random", "team_play": True, "galactic_conquest": True}
    spec = dataclasses.replace(soak.SOAK, game="starcraft-capped-test", combos=[combo])
    argv = [
        "--games",
        "1",
        "--workers",
        "1",
        "--max-rounds",
        "1",
        "--replay-every",
        "0",
        "--out",
        str(tmp_path),
    ]
    assert soak.main(spec, argv) == 0
    assert "stopped at the cap (1 rounds, Galactic Conquest): 1" in capsys.readouterr().out


def _soak_module() -> Any:
    bench = Path(__file__).resolve().parents[3] / "bench"
    sys.path.insert(0, str(bench))
    try:
        return importlib.import_module("soak_starcraft")
    finally:
        sys.path.remove(str(bench))


def test_soak_accepts_nobody_winning_only_under_that_reading_of_rules_16_4() -> None:
    """RULES §16.4 with ``simultaneous_last_elimination="nobody_wins"``: the last players leaving
    the board together end the game with no winner, which the soak must not call a failure; under
    the default the same ending is one."""
    import random

    soak = _soak_module()
    from turncoat.games.starcraft.game import StarcraftGame

    options = {"players": 2, "simultaneous_last_elimination": "nobody_wins"}
    g = StarcraftGame.from_options(**options)
    for seed in range(300, 400):  # the seeds test_regrouping's whole game searches
        pick, state = random.Random(seed), g.start(seed).state
        while g.to_act(state):
            seat = min(g.to_act(state))
            state = g.apply(state, seat, pick.choice(list(g.legal_actions(state, seat)))).state
        if state.victory == "no_winner":
            break
    else:
        raise AssertionError("no random game left the board together; widen the seeds")
    soak.check_outcome(g, state)
    with pytest.raises(soak.SoakFailure, match="no winner"):
        soak.check_outcome(StarcraftGame.from_options(players=2), state)
