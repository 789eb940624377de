"""Bot moves in worker processes, so a searching bot holds neither the event loop nor its GIL.

A worker gets only what one bot move needs (game name and options, the agent spec, the state as
JSON, the seat and a seed) and rebuilds the game and agent once per process.  The agent still sees
nothing but its :class:`SeatView`.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import msgspec

from turncoat.agents import Agent, SeatView, make_agent
from turncoat.core.actions import Action
from turncoat.core.engine import Game
from turncoat.core.registry import load_game

_games: dict[str, tuple[Game[Any, Any, Any], type[Any]]] = {}
_agents: dict[tuple[str, str, int], Agent] = {}


def choose_in_worker(
    game_name: str, options: dict[str, Any], agent_spec: str, state_json: str, seat: int, seed: int
) -> Action:
    """One bot decision (runs in a worker process).  The state comes as the game in progress's
    snapshot JSON: the server itself never hands the state object around."""
    key = f"{game_name}:{json.dumps(options, sort_keys=True)}"
    known = _games.get(key)
    if known is None:
        game = load_game(game_name, **options)
        known = _games[key] = (game, type(game.start(0).state))
    game, state_type = known
    state = msgspec.json.decode(state_json.encode(), type=state_type)
    agent = _agents.get((key, agent_spec, seat))
    if agent is None:
        agent = _agents[(key, agent_spec, seat)] = make_agent(agent_spec)
    action: Action = agent.choose(SeatView(game, state, seat), random.Random(seed))
    return action


def _exit_with_parent(parent: int) -> None:
    """Worker initializer: leave when the server process is gone (even after SIGKILL, when no
    shutdown message ever comes), instead of waiting for work forever."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="turncoat-parent-watch", daemon=True).start()


class BotPool:
    """A small process pool, started on the first bot move (a server without bots never pays)."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            # spawn, not fork: the server process runs threads (database, event loop helpers).
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_exit_with_parent, initargs=(os.getpid(),)
            )
        return self._pool

    async def choose(
        self, game_name: str, options: dict[str, Any], agent_spec: str, state_json: str, seat: int, seed: int
    ) -> Action:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._executor(), choose_in_worker, game_name, options, agent_spec, state_json, seat, seed
        )

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
