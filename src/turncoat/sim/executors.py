"""Where games run: in-process, a local process pool, or Dask — all as ``concurrent.futures``.

Every executor gets the same tasks (``run_batch(spec, indices)``) and results are put back in
game order, so a simulation's output depends only on its master seed, never on the executor.
"""

from __future__ import annotations

import math
import multiprocessing
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

DEFAULT_CONNECT_TIMEOUT = 5.0
TASK_SECONDS = 1.0  # the aim for one batch of games


class ExecutorError(RuntimeError):
    """The executor could not be set up (bad address, unreachable scheduler, ...)."""


class InlineExecutor(Executor):
    """Runs each task at once in this process (``--workers 1``): no pickling, easy debugging."""

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to the caller through the future, as executors do
            future.set_exception(exc)
        return future


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool whose workers start from a clean server process (no fork of a threaded parent)."""
    method = "forkserver" if sys.platform.startswith("linux") else "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload(["turncoat.sim.runner"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=context)


@contextmanager
def dask_executor(
    address: str, workers: int, *, connect_timeout: float = DEFAULT_CONNECT_TIMEOUT, processes: bool = True
) -> Iterator[Executor]:
    """``address`` "local": a LocalCluster of ``workers`` one-thread workers; otherwise the address
    of a running scheduler (e.g. ``tcp://10.0.0.5:8786``), reached within ``connect_timeout``."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:  # pragma: no cover - dask is a dependency
        raise ExecutorError(f"Dask is not installed: {exc}") from exc
    cluster: Any = None
    try:
        if address == "local":
            cluster = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=processes,
                dashboard_address=None,
                silence_logs=40,  # logging.ERROR
            )
            client = Client(cluster, timeout=max(connect_timeout, 30.0))
        else:
            if "://" not in address:
                raise ExecutorError(
                    f"--dask {address!r} is not a scheduler address (use e.g. tcp://host:8786, or 'local')"
                )
            client = Client(address, timeout=connect_timeout)
    except ExecutorError:
        if cluster is not None:
            cluster.close()
        raise
    except (OSError, TimeoutError, ValueError) as exc:
        if cluster is not None:
            cluster.close()
        raise ExecutorError(f"cannot reach the Dask scheduler at {address}: {exc}") from exc
    try:
        with client.get_executor(pure=False) as executor:
            yield executor
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


@contextmanager
def make_executor(
    workers: int = 1, dask: str | None = None, *, connect_timeout: float = DEFAULT_CONNECT_TIMEOUT
) -> Iterator[Executor]:
    """The executor the command line asked for."""
    if dask is not None:
        with dask_executor(dask, workers, connect_timeout=connect_timeout) as executor:
            yield executor
    elif workers <= 1:
        yield InlineExecutor()
    else:
        with process_pool(workers) as pool:
            yield pool


def batch_size(seconds_per_game: float, games: int, workers: int, target: float = TASK_SECONDS) -> int:
    """Games per task so a task runs about ``target`` seconds, while still leaving every worker
    several tasks to balance the load."""
    by_time = max(1, round(target / max(seconds_per_game, 1e-6)))
    by_balance = max(1, math.ceil(games / (max(workers, 1) * 4)))
    return max(1, min(by_time, by_balance))


def batches(indices: Sequence[int], size: int) -> list[list[int]]:
    return [list(indices[i : i + size]) for i in range(0, len(indices), max(1, size))]


class Stopwatch:
    def __init__(self) -> None:
        self.start = time.perf_counter()

    @property
    def elapsed(self) -> float:
        return time.perf_counter() - self.start
