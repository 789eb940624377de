"""Running a simulation: validate the input and play every game on an executor.

``turncoat sim`` calls ``build_spec``, then ``play_all``, then ``summary.write_results``.
Games run in batches on any
``concurrent.futures.Executor``; rows are sorted by game index before anything is computed, so
the results depend only on the master seed.  Failed games (an agent's crash or illegal move, or a
task lost by the executor) are saved under ``failures/`` and listed, never dropped.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from pathlib import Path
from typing import Any

import msgspec

from turncoat.agents import make_agent
from turncoat.agents.base import ChecksGame
from turncoat.core import options as core_options
from turncoat.core.capabilities import HasHeuristic, HasReport, capability
from turncoat.core.content import read_override_file
from turncoat.core.errors import RulesError
from turncoat.core.record import GameRecord, new_record
from turncoat.core.registry import load_game
from turncoat.core.serialize import pretty_json
from turncoat.sim import output
from turncoat.sim.executors import ExecutorError, InlineExecutor, batch_size, batches
from turncoat.sim.runner import (
    GameResult,
    SimSpec,
    game_for,
    game_seed,
    play_one,
    run_batch,
    seating,
    slot_labels,
)

MAX_SEED = 2**63 - 1

# Without --agents: one heuristic bot against random bots, so that the first run already shows
# what the ratings and win rates measure (a bot that plans against bots that do not).  A game
# without a heuristic policy gets random bots in every seat.
DEFAULT_AGENT = "heuristic"
DEFAULT_OPPONENT = "random"


def default_agents(players: int, game: Any) -> str:
    """``heuristic,random,random,random`` for four seats of a game with a heuristic policy,
    ``random,random,random,random`` for one without."""
    first = DEFAULT_AGENT if capability(game, HasHeuristic) is not None else DEFAULT_OPPONENT
    return ",".join([first] + [DEFAULT_OPPONENT] * (players - 1))


class InputError(ValueError):
    """Bad command-line input: unknown game or agent, bad seed or counts."""


def split_agents(text: str) -> list[str]:
    """``"ismcts:iterations=200,c=1.4,random"`` -> ``["ismcts:iterations=200,c=1.4", "random"]``:
    a comma-separated item with ``=`` but no ``:`` is another option of the agent before it."""
    specs: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        if "=" in item and ":" not in item and specs:
            specs[-1] = f"{specs[-1]},{item}"
        else:
            specs.append(item)
    return specs


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    """Game options given as ``key=value`` (numbers become numbers; see core.options)."""
    parsed = core_options.parse_options(items)
    if isinstance(parsed, str):
        raise InputError(f"game option {parsed!r} must look like key=value")
    return parsed


def build_spec(
    game: str,
    agents: str | None,
    *,
    games: int,
    seed: int,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    save_records: bool = False,
    report: bool = False,
    content_override: Path | None = None,
) -> SimSpec:
    """Check everything the user typed and return the spec the workers run, or raise InputError.
    ``agents`` None plays one heuristic bot against random bots in every other seat."""
    if games < 1:
        raise InputError(f"--games must be at least 1 (got {games})")
    if not 0 <= seed <= MAX_SEED:
        raise InputError(f"--seed must be an integer from 0 to {MAX_SEED} (got {seed})")
    game_options = dict(options or {})
    try:
        default_engine = load_game(game, **game_options)
        default_players = default_engine.num_players()
        if content_override is not None:
            pack = load_game(game).content.id
            game_options["content_overrides"] = read_override_file(content_override, pack)
    except RulesError as exc:
        raise InputError(exc.message) from exc
    if agents is None:
        if players is not None:  # check the count before a lineup is built from it
            try:
                load_game(game, **{**game_options, "players": players})
            except RulesError as exc:
                raise InputError(exc.message) from exc
        agents = default_agents(default_players if players is None else players, default_engine)
    specs = split_agents(agents)
    if not specs:
        raise InputError("--agents needs at least one agent, e.g. --agents random,random,random,random")
    if players is None:
        players = len(specs) if len(specs) > 1 else default_players
    if players < 1 or players % len(specs):
        raise InputError(
            f"{len(specs)} agents cannot fill {players} seats evenly: give one agent per seat, "
            "or a list whose length divides the number of players"
        )
    game_options["players"] = players
    try:
        engine = load_game(game, **game_options)
    except RulesError as exc:
        raise InputError(exc.message) from exc
    if engine.num_players() != players:  # pragma: no cover - a game that ignores "players"
        raise InputError(f"{game} cannot be played by {players} players")
    for spec in dict.fromkeys(specs):
        try:
            agent = make_agent(spec)
            if isinstance(agent, ChecksGame):
                agent.check_game(engine)
        except RulesError as exc:
            raise InputError(exc.message) from exc
        except Exception as exc:
            raise InputError(f"agent {spec!r} cannot be created: {exc!r}") from exc
    if report and capability(engine, HasReport) is None:
        raise InputError(f"there is no balance report for {game} yet")
    slots = tuple(specs * (players // len(specs)))
    return SimSpec(
        game=game,
        options=game_options,
        agents=slots,
        labels=slot_labels(slots),
        master_seed=seed,
        games=games,
        keep_records=save_records,
        full_facts=report,
    )


def lost_result(spec: SimSpec, index: int, error: str) -> GameResult:
    """The row of a game whose task the executor lost (a worker died, the scheduler went away)."""
    game = game_for(spec)
    seed = game_seed(spec.master_seed, index)
    labels = tuple(spec.labels[s] for s in seating(len(spec.agents), index))
    record = new_record(game, seed, sim={"index": index, "master_seed": spec.master_seed}, error=error)
    return GameResult(
        index=index,
        seed=seed,
        seating=labels,
        scores=None,
        winners=None,
        decisions=0,
        error=error,
        record=msgspec.json.encode(record),
    )


def calibrate(
    spec: SimSpec, *, budget: float = 0.25, limit: int | None = None
) -> tuple[list[GameResult], float]:
    """Play the first games in this process until ``budget`` seconds pass; their results count.
    Returns them and the seconds per game."""
    limit = max(1, limit if limit is not None else spec.games // 10)
    played: list[GameResult] = []
    start = time.perf_counter()
    while len(played) < min(limit, spec.games):
        played.append(play_one(spec, len(played)))
        if time.perf_counter() - start >= budget:
            break
    return played, (time.perf_counter() - start) / len(played)


def play_all(
    spec: SimSpec,
    executor: Executor,
    *,
    batch: int | None = None,
    workers: int = 1,
    on_done: Callable[[Sequence[GameResult]], None] | None = None,
) -> tuple[list[GameResult], int]:
    """Every game of ``spec``, sorted by index, and the batch size used."""
    results: list[GameResult] = []
    first = 0
    if batch is None:
        if isinstance(executor, InlineExecutor):
            batch = 1
        else:
            results, per_game = calibrate(spec)
            first = len(results)
            batch = batch_size(per_game, spec.games - first, workers)
            if on_done is not None:
                on_done(results)
    # A bounded window of tasks in flight: progress is reported as games finish (even in-process,
    # where a task runs as soon as it is submitted) and a huge run never floods the scheduler.
    todo = iter(batches(range(first, spec.games), batch))
    window = 1 if isinstance(executor, InlineExecutor) else max(2, 2 * workers)
    futures: dict[Future[list[GameResult]], list[int]] = {}

    def submit_next() -> None:
        chunk = next(todo, None)
        if chunk is None:
            return
        try:
            futures[executor.submit(run_batch, spec, chunk)] = chunk
        except Exception as exc:  # e.g. the Dask scheduler went away or the pool broke
            raise ExecutorError(f"the executor stopped taking games: {exc!r}") from exc

    try:
        for _ in range(window):
            submit_next()
        while futures:
            finished, _pending = wait(futures, return_when=FIRST_COMPLETED)
            for future in finished:
                chunk = futures.pop(future)
                try:
                    done = future.result()
                except Exception as exc:
                    lost = f"the executor lost this game's task: {exc!r}"
                    done = [lost_result(spec, i, lost) for i in chunk]
                results.extend(done)
                if on_done is not None:
                    on_done(done)
                submit_next()
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    results.sort(key=lambda r: r.index)
    return results, batch


def record_name(index: int) -> str:
    return f"game-{index:06d}.json"


def save_game_record(out_dir: Path, folder: str, result: GameResult) -> Path | None:
    if result.record is None:
        return None
    record = msgspec.json.decode(result.record, type=GameRecord)
    path = out_dir / folder / record_name(result.index)
    try:
        path.parent.mkdir(exist_ok=True)
    except OSError as exc:
        raise output.OutputError(f"cannot create {path.parent}: {exc.strerror or exc}") from exc
    output.write_text(path, pretty_json(record) + "\n")
    return path
