"""The same master seed gives the same games whatever runs them: in-process, a process pool, or
Dask; and the batching helpers cover every game exactly once."""

from __future__ import annotations

import pytest

from turncoat.sim.executors import (
    ExecutorError,
    InlineExecutor,
    batch_size,
    batches,
    dask_executor,
    make_executor,
    process_pool,
)
from turncoat.sim.runner import GameResult, SimSpec
from turncoat.sim.tournament import build_spec, play_all

GAMES = 24


@pytest.fixture(scope="module")
def spec() -> SimSpec:
    return build_spec("verrater", "heuristic,random,random,random", games=GAMES, seed=11, report=True)


def rows(results: list[GameResult]) -> list[dict[str, object]]:
    return [r.row() for r in results]


@pytest.fixture(scope="module")
def inline_rows(spec: SimSpec) -> list[dict[str, object]]:
    results, batch = play_all(spec, InlineExecutor())
    assert batch == 1
    assert [r.index for r in results] == list(range(GAMES))
    assert all(r.error is None for r in results)
    return rows(results)


def test_inline_results_depend_only_on_the_master_seed(
    spec: SimSpec, inline_rows: list[dict[str, object]]
) -> None:
    again, _ = play_all(spec, InlineExecutor(), batch=5)
    assert rows(again) == inline_rows
    other, _ = play_all(
        build_spec("verrater", "heuristic,random,random,random", games=GAMES, seed=12), InlineExecutor()
    )
    assert [r.row()["scores"] for r in other] != [r["scores"] for r in inline_rows]


def test_process_pool_gives_identical_results(spec: SimSpec, inline_rows: list[dict[str, object]]) -> None:
    with process_pool(2) as pool:
        results, batch = play_all(spec, pool, workers=2, batch=3)
        assert rows(results) == inline_rows
        calibrated, batch = play_all(spec, pool, workers=2)  # batch from a timed first game or two
        assert batch >= 1
        assert rows(calibrated) == inline_rows


def test_dask_gives_identical_results(spec: SimSpec, inline_rows: list[dict[str, object]]) -> None:
    # Threads keep the test quick; the tasks and their results are the same as on processes.
    with dask_executor("local", 2, processes=False) as executor:
        results, _ = play_all(spec, executor, workers=2, batch=4)
    assert rows(results) == inline_rows


def test_unreachable_dask_scheduler_is_a_clear_error() -> None:
    unreachable = dask_executor("tcp://127.0.0.1:9", 1, connect_timeout=0.5)
    with pytest.raises(ExecutorError, match="cannot reach the Dask scheduler"), unreachable:
        pass  # pragma: no cover - never reached


def test_dask_address_must_look_like_one() -> None:
    with pytest.raises(ExecutorError, match="not a scheduler address"), dask_executor("my-laptop", 1):
        pass  # pragma: no cover - never reached


def test_make_executor_picks_inline_for_one_worker() -> None:
    with make_executor(1) as executor:
        assert isinstance(executor, InlineExecutor)
        assert executor.submit(pow, 2, 10).result() == 1024
        failing = executor.submit(int, "x")
        assert isinstance(failing.exception(), ValueError)


def test_a_lost_task_becomes_failed_games_not_a_crash(spec: SimSpec) -> None:
    class Broken(InlineExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            return super().submit(_explode)

    results, _ = play_all(spec, Broken(), batch=10)
    assert [r.index for r in results] == list(range(GAMES))
    assert all(r.error is not None and "lost this game's task" in r.error for r in results)
    assert all(r.record is not None for r in results)


def _explode() -> None:
    raise ConnectionError("worker died")


@pytest.mark.parametrize(("per_game", "games", "workers"), [(0.001, 10_000, 2), (2.0, 400, 1), (0.05, 7, 4)])
def test_batches_cover_every_game_once(per_game: float, games: int, workers: int) -> None:
    size = batch_size(per_game, games, workers)
    assert size >= 1
    assert size * per_game <= 1.0 or size == 1  # about a second per task at most
    chunks = batches(range(games), size)
    assert [i for chunk in chunks for i in chunk] == list(range(games))
    assert len(chunks) >= min(games, workers)  # every worker has work


def test_an_executor_that_stops_taking_tasks_is_an_executor_error(spec: SimSpec) -> None:
    class Closed(InlineExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            raise RuntimeError("cannot schedule new futures after shutdown")

    with pytest.raises(ExecutorError, match="stopped taking games"):
        play_all(spec, Closed())
