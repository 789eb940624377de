"""Bots run in worker processes: they play, and they never outlive the server."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.server.web_support import free_port


def _children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True, check=False).stdout
    return [int(p) for p in out.split()]


@pytest.mark.timeout(420)
def test_bot_workers_leave_when_the_server_is_killed(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TURNCOAT_")}
    env["TURNCOAT_DATA_DIR"] = str(tmp_path)
    cmd = [sys.executable, "-m", "turncoat.cli", "serve", "--port", str(port), "--bot-delay", "0"]
    server = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        # Generous deadlines: on a loaded machine the server and then each bot worker (a fresh
        # interpreter importing the game) take tens of seconds to start.
        deadline = time.monotonic() + 120
        while True:
            try:
                httpx.get(f"{base}/healthz", timeout=1)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        created = httpx.post(
            f"{base}/api/tables", json={"players": 3, "seats": [{"kind": "bot"}] * 3}, timeout=60
        ).json()
        deadline = time.monotonic() + 180
        while httpx.get(f"{base}/api/tables/{created['table']}", timeout=60).json()["version"] < 3:
            assert time.monotonic() < deadline, "the bots did not play"
            time.sleep(0.1)
        workers = _children(server.pid)
        assert workers, "bot moves should run in worker processes"
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    deadline = time.monotonic() + 20
    while any(Path(f"/proc/{w}").exists() and _is_running(w) for w in workers):
        assert time.monotonic() < deadline, "bot workers outlived the killed server"
        time.sleep(0.2)


def _is_running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_every_bot_level_names_a_working_agent_and_old_specs_keep_their_level() -> None:
    from turncoat.agents import make_agent
    from turncoat.core.registry import load_game
    from turncoat.server import adapters

    verrater = load_game("verrater")
    # Verräter's bots come in all three levels, exactly as before levels depended on the game.
    assert adapters.game_levels(verrater) == {"easy": "random", "normal": "heuristic", "hard": "strong"}
    for level, label in adapters.level_choices(verrater):
        spec = adapters.bot_spec(level, verrater)
        assert spec is not None and make_agent(spec) is not None and level in label
        assert adapters.bot_level(spec) == level
    # "hard" thinks at most half a second a move (plus one playout), whatever the machine.
    for spec in next(lv for lv in adapters.LEVELS if lv.name == "hard").specs:
        assert make_agent(spec).time_limit == 0.5  # type: ignore[attr-defined]
    assert adapters.bot_level("ismcts:iterations=300,time_limit=2.0") == "hard"
    assert adapters.bot_spec("ismcts:iterations=9999999", verrater) is None
