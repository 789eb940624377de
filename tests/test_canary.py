"""Canary: Sealed Bids, a game no frontend or tool names anywhere, plays to the end through every
door.  If one of these fails, a door has learnt something about one game that it should have
asked the game for.

Here, the two doors without a person at them:

* ``turncoat sim``: the installed command in a fresh interpreter that finds the game only
  through ``TURNCOAT_GAMES``, with worker processes that must find it the same way;
* the PettingZoo environment (``turncoat.rl.pettingzoo_env.env("sealed_bids")``).

The doors with a person at them have their canaries beside the rest of their tests:

* the HTML page in a real browser (Playwright): ``tests/server/test_web_generic.py`` (two people,
  in-process) and ``tests/server/test_web_live_toy.py`` (a person and bots against the real
  server process, which finds the game through ``TURNCOAT_GAMES``, watched by a spectator);
* the websocket and the JSON API: ``tests/server`` (``test_web_ws.py``, ``test_web_api.py``);
* the terminal app (Textual's Pilot): ``tests/tui`` (``test_generic.py``).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from turncoat.core.errors import InvalidConfig
from turncoat.core.record import load_record, replay
from turncoat.core.registry import GAMES_VARIABLE, load_stored_game
from turncoat.core.testing.toy import SealedBidsGame
from turncoat.rl.pettingzoo_env import TurncoatAECEnv, env

TOY = "turncoat.core.testing.toy"


def turncoat(*args: str) -> subprocess.CompletedProcess[str]:
    """The ``turncoat`` command in a new interpreter, where only TURNCOAT_GAMES adds the toy."""
    environment = {**os.environ, GAMES_VARIABLE: TOY}
    return subprocess.run(
        [sys.executable, "-m", "turncoat.cli", *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=300,
        check=False,
    )


def test_sealed_bids_plays_to_the_end_through_turncoat_sim(tmp_path: Path) -> None:
    out = tmp_path / "run"
    done = turncoat(
        "sim", "sealed_bids", "--agents", "random", "--players", "3", "-n", "6", "--seed", "5",
        "-o", "parley=true", "--workers", "2", "--report", "--save-records", "--out", str(out),
        "--no-progress",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    printed = " ".join(done.stdout.split())
    assert "6 of 6 games finished" in printed and "2 processes" in printed

    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["complete"] and summary["game"] == "sealed_bids"
    assert (summary["games"], summary["finished"], summary["failed"]) == (6, 6, 0)
    assert summary["options"]["parley"] is True

    rows = [json.loads(line) for line in (out / "results.jsonl").read_text(encoding="utf-8").splitlines()]
    assert sorted(row["index"] for row in rows) == list(range(6))
    records = {
        load_record(path).meta["sim"]["index"]: load_record(path) for path in (out / "records").iterdir()
    }
    assert set(records) == set(range(6))
    for row in rows:
        assert row["error"] is None and row["winners"]
        # the scores in the results are those of the game its record replays to
        record = records[row["index"]]
        assert record.game == "sealed_bids" and record.seed == row["seed"]
        outcome = replay(load_stored_game(record.game, record.config), record).outcome
        assert outcome is not None
        assert row["scores"] == list(outcome.scores) and row["winners"] == list(outcome.winners)
        assert row["decisions"] == len(record.actions) > 0

    report = json.loads((out / "report" / "balance-report.json").read_text(encoding="utf-8"))
    assert report["games"] == 6 and report["title"].startswith("Sealed Bids balance report")


class Episode:
    """One whole game through the environment, every seat choosing at random among the actions
    its mask allows: the rewards summed per agent, how each agent's episode ended (what
    ``last()`` said when the agent was stepped out) and the number of actions taken."""

    def __init__(self, e: TurncoatAECEnv, seed: int) -> None:
        rng = random.Random(seed)
        e.reset(seed=seed)
        self.rewards = dict.fromkeys(e.possible_agents, 0.0)
        self.ended: dict[str, tuple[bool, bool, dict[str, Any]]] = {}
        self.steps = 0
        for agent in e.agent_iter(max_iter=10_000):
            _obs, reward, terminated, truncated, info = e.last()
            self.rewards[agent] += reward
            if terminated or truncated:
                self.ended[agent] = (terminated, truncated, info)
                e.step(None)
                continue
            mask = e.observe(agent)["action_mask"]
            e.step(rng.choice(np.flatnonzero(mask).tolist()))
            self.steps += 1


@pytest.mark.parametrize("reward", ["win", "score_share"])
def test_sealed_bids_plays_to_the_end_through_the_pettingzoo_env(reward: str) -> None:
    e = env("sealed_bids", players=3, rounds=4, seed=11, reward=reward)
    agents = [f"player_{p}" for p in range(3)]
    for seed in range(3):
        episode = Episode(e, seed)
        assert e.outcome is not None and episode.steps > 0
        assert not e.agents  # every agent was stepped out at the end
        # the end of the game in the engine and in the environment agree
        assert e.game.outcome(e.game_state) == e.outcome
        scores, winners = e.outcome.scores, e.outcome.winners
        assert set(episode.ended) == set(agents)
        for p, agent in enumerate(agents):
            terminated, truncated, info = episode.ended[agent]
            assert terminated and not truncated
            assert info == {"score": scores[p], "winners": list(winners)}
        if reward == "win":
            expected = [1 / len(winners) if p in winners else 0.0 for p in range(3)]
        else:
            expected = [s / sum(scores) for s in scores]
        assert episode.rewards == pytest.approx(dict(zip(agents, expected, strict=True)))
        assert sum(episode.rewards.values()) == pytest.approx(1.0)


def test_the_environment_refuses_what_the_toy_cannot_encode() -> None:
    with pytest.raises(InvalidConfig) as refused:
        env("sealed_bids", players=3, parley=True)
    assert refused.value.code == "no_encoding"


def test_the_toy_encoding_keeps_each_seat_to_its_own_view() -> None:
    """A seat's vector changes with its own favourite card, never with another seat's."""
    game = SealedBidsGame()
    encoding: Any = game.rl_encoding()
    state = game.new_initial_state(3)
    mine = encoding.encode(game.observe(state, 0))
    swapped = state.favourites[1], state.favourites[2]
    other = type(state)(
        **{f: getattr(state, f) for f in state.__struct_fields__ if f != "favourites"},
        favourites=(state.favourites[0], swapped[1], swapped[0]),
    )
    assert np.array_equal(encoding.encode(game.observe(other, 0)), mine)
    assert not np.array_equal(
        encoding.encode(game.observe(other, 1)), encoding.encode(game.observe(state, 1))
    )
    assert encoding.observation_space.contains(mine)
    for index in range(encoding.num_actions):
        assert encoding.action_index(encoding.action_at(index)) == index
