"""A real server process for end-to-end tests, and a small websocket client for one seat.

The server is ``python -m uvicorn --factory turncoat.server:create_app`` on a free 127.0.0.1
port, configured only through the environment (TURNCOAT_DATA_DIR / TURNCOAT_DATABASE_URL /
TURNCOAT_BOT_DELAY, and whatever else a test passes, such as TURNCOAT_GAMES), exactly as an
operator would run it.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

START_TIMEOUT_S = 60.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerProcess:
    def __init__(
        self, data_dir: Path, database_url: str | None, log: Path, env: Mapping[str, str] | None = None
    ) -> None:
        self.data_dir, self.database_url, self.log_path = data_dir, database_url, log
        self.env = dict(env or {})  # more settings, e.g. TURNCOAT_GAMES
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("TURNCOAT_")}
        env.update(TURNCOAT_DATA_DIR=str(self.data_dir), TURNCOAT_BOT_DELAY="0")
        if self.database_url is not None:
            env["TURNCOAT_DATABASE_URL"] = self.database_url
        env.update(self.env)
        self.port = free_port()
        cmd = [sys.executable, "-m", "uvicorn", "--factory", "turncoat.server:create_app"]
        cmd += ["--host", "127.0.0.1", "--port", str(self.port), "--log-level", "warning"]
        with self.log_path.open("ab") as log:
            # Its own process group, so that a kill takes the bot worker processes with it.
            self.proc = subprocess.Popen(
                cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"the server exited ({self.proc.returncode}):\n{self.log()}")
            try:
                if httpx.get(f"{self.base}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError(f"the server did not start in {START_TIMEOUT_S} s:\n{self.log()}")

    def kill(self) -> None:
        """SIGKILL to the server and its bot workers at once (as when a machine or container
        dies): no shutdown hooks, no flushing; whatever was committed is all there is."""
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(10)
        self.kill()  # whatever is left of its process group

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]

    def create_table(self, body: dict[str, Any]) -> dict[str, Any]:
        r = httpx.post(f"{self.base}/api/tables", json=body, timeout=10)
        assert r.status_code == 201, r.text
        data: dict[str, Any] = r.json()
        return data


class SeatClient:
    """One seat's websocket: say hello with the seat token, then read updates and act."""

    def __init__(self, server: ServerProcess, table: str, token: str) -> None:
        self._stack = contextlib.ExitStack()
        url = f"ws://127.0.0.1:{server.port}/ws/{table}"
        self.ws: ClientConnection = self._stack.enter_context(connect(url, open_timeout=10))
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.last: dict[str, Any] | None = None

    def close(self) -> None:
        self._stack.close()

    def next_update(self, timeout: float = 20.0) -> dict[str, Any]:
        """The next update sent to this seat (errors fail the test; chat is skipped)."""
        deadline = time.monotonic() + timeout
        while True:
            msg: dict[str, Any] = json.loads(self.ws.recv(timeout=max(0.01, deadline - time.monotonic())))
            assert msg["type"] != "error", msg
            if msg["type"] == "update" and msg["seat"] is not None:
                self.last = msg
                return msg

    def my_turn_or_end(self, timeout: float = 30.0) -> dict[str, Any]:
        """Read until this seat must act, or the game is over.  Only one seat acts at a time in
        Verräter, so while it is this seat's turn the table cannot move on without it."""
        deadline = time.monotonic() + timeout
        while True:
            update = self.next_update(max(0.01, deadline - time.monotonic()))
            if update["legal"] or update["outcome"] is not None:
                return update

    def act(self, action: dict[str, Any], version: int) -> None:
        self.ws.send(json.dumps({"type": "act", "action": action, "version": version}))

    def updates_until_closed(self, timeout: float = 10.0) -> list[dict[str, Any]]:
        """Everything still readable once the server has gone away."""
        out = []
        try:
            while True:
                msg = json.loads(self.ws.recv(timeout=timeout))
                if msg["type"] == "update":
                    out.append(msg)
        except ConnectionClosed:
            return out
