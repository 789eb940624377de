"""``turncoat bench``: every measurement is taken and reported as a ratio to a baseline from the
same run.  Nothing here checks a speed (that depends on the machine); only that the numbers are
there, consistent, and that the executors agreed on the games."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from turncoat.cli import app


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
    for label in ("engine decisions/s", "sim games/s", "ISMCTS iterations/s", "pool 2 workers games/s"):
        assert label in said
    data = json.loads(out.read_text())
    assert data["engine"]["decisions_per_s"] > 0 and data["engine"]["games"] >= 1
    assert data["ismcts"]["iterations_per_s"] > 0
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
