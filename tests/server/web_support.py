"""Helpers for the web tests: the app in-process (TestClient) or as a real ``turncoat serve``."""

from __future__ import annotations

import json
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import msgspec
import uvicorn
from starlette.testclient import TestClient

from turncoat.core.record import encode_action
from turncoat.core.registry import load_game
from turncoat.play import GameInProgress
from turncoat.server import adapters, views
from turncoat.server.app import create_app
from turncoat.server.payload import PLAYING, build_payload
from turncoat.server.security import hash_token, new_table_id, new_token
from turncoat.server.settings import Settings
from turncoat.server.storage import ActionRow, SeatRow, Store, TableRow
from turncoat.server.table import LiveTable

FOUR_MIXED = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot"}]


def settings_for(data_dir: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {"data_dir": data_dir, "database_url": None, "bot_delay_s": 0.0}
    values["allowed_hosts"] = ("testserver",)  # the name Starlette's TestClient sends
    values.update(overrides)
    return Settings(**values)


@contextmanager
def app_client(
    data_dir: Path, clock: Callable[[], float] = time.time, **overrides: Any
) -> Iterator[TestClient]:
    """The real app (storage, hub, bots) in this process, started and stopped around the test
    (``clock``: the hub's wall clock, for tests that make time pass)."""
    with TestClient(create_app(settings_for(data_dir, **overrides), clock)) as client:
        yield client


def create_table(
    client: TestClient, seats: list[dict[str, Any]] | None = None, **body: Any
) -> dict[str, Any]:
    seats = seats if seats is not None else FOUR_MIXED
    response = client.post("/api/tables", json={"players": len(seats), "seats": seats, **body})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def csrf_of(html: str) -> str:
    match = re.search(r'name="csrf" value="([^"]+)"', html)
    assert match, "the page carries no CSRF token"
    return match.group(1)


def seat_cookie(table_id: str, token: str) -> dict[str, str]:
    return {f"tc_seat_{table_id}": token}


def receive_json(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.receive_text())
    return message


def receive_until(ws: Any, kind: str, limit: int = 50) -> dict[str, Any]:
    """The next message of one type (skipping e.g. chat history or other updates)."""
    for _ in range(limit):
        message = receive_json(ws)
        if message.get("type") == kind:
            return message
    raise AssertionError(f"no {kind!r} message in {limit} messages")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def served(
    data_dir: Path, log: Path, bot_delay: float = 0.0, env_extra: dict[str, str] | None = None
) -> Iterator[str]:
    """``turncoat serve`` as a separate process on 127.0.0.1 (with the TURNCOAT_* settings in
    ``env_extra``); yields its base URL."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TURNCOAT_")}
    env["TURNCOAT_DATA_DIR"] = str(data_dir)
    env.update(env_extra or {})
    cmd = [sys.executable, "-m", "turncoat.cli", "serve", "--port", str(port), "--bot-delay", str(bot_delay)]
    with log.open("ab") as out:
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise AssertionError(f"turncoat serve exited:\n{log.read_text(errors='replace')[-3000:]}")
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError("turncoat serve did not start in 60 s")
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


@contextmanager
def served_in_process(data_dir: Path, **overrides: Any) -> Iterator[str]:
    """The real app over HTTP from a thread of this process, so games this process registered (the
    toy game) are offered; yields its base URL.  ``overrides``: settings to change."""
    settings = settings_for(data_dir, allowed_hosts=("127.0.0.1",), **overrides)
    port = free_port()
    config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not running.started:  # polling a condition, not waiting for time to pass
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(30)


def played_randomly(
    play: GameInProgress, seed: int, until: Callable[[GameInProgress], bool], moves: int = 20000
) -> list[tuple[int, Any]]:
    """Random players move ``play`` on (drawing from ``random.Random(seed)``; where several seats
    may act, they take turns in seat order) until ``until`` holds, the game ends or ``moves``
    moves are made: the moves made, as (seat, action)."""
    rng = random.Random(seed)
    made: list[tuple[int, Any]] = []
    for n in range(moves):
        if play.outcome() is not None or until(play):
            break
        acting = sorted(play.to_act())
        seat = acting[n % len(acting)]
        action = rng.choice(list(play.legal_actions(seat)))
        play.apply(seat, action)
        made.append((seat, action))
    return made


def person_page(table: LiveTable, update: dict[str, Any], story: Any = ()) -> str:
    """The table page drawn from ``update`` (a payload as plain data) for a person who is not the
    host, as the route draws it but for the CSRF token and the links."""
    return views.table_page(
        "table.html",
        table.game,
        update,
        story,
        table={"id": table.id, "name": table.name, "players": len(table.seats)},
        csrf="x",
        my_link=None,
        watch="w",
        levels=[],
        is_host=False,
    )


def replay_page(table: LiveTable, viewer: int | None, play: GameInProgress) -> str:
    """The replay page ``viewer`` is served at ``play``'s step of ``table``'s record."""
    update = build_payload(table, viewer, -1, play=play)
    return views.table_page(
        "replay.html",
        table.game,
        msgspec.to_builtins(update),
        views.story(play, update),
        table=table.summary(),
        step=play.version,
        total=table.version,
        full=False,
        can_full=False,
        replay=True,
    )


PEOPLE = ("Ann", "Bea", "Cy", "Di", "Ed", "Flo")  # the names of the seats of a prepared table


def prepared_table(
    data_dir: Path,
    game_id: str,
    players: int,
    humans: tuple[int, ...],
    ready: Callable[[GameInProgress], bool],
    seeds: range = range(1, 300),
    turn_seconds: int | None = None,
) -> tuple[str, dict[int, str], GameInProgress]:
    """Store a table whose record is a seeded random game played until ``ready``: the people
    at ``humans`` (with seat tokens, named from :data:`PEOPLE`), the server's normal bots
    elsewhere.  Where several seats may act, they take turns in seat order.  The table's id, the
    people's tokens and the game as recorded."""
    game = load_game(game_id, players=players)
    for seed in seeds:
        play = GameInProgress.start(game, seed)
        record = [(seat, encode_action(action)) for seat, action in played_randomly(play, seed, ready)]
        if play.outcome() is None and ready(play):
            break
    else:
        raise AssertionError(f"no seeded game of {game_id} reached the wanted position")
    tokens = {p: new_token() for p in humans}
    bot = adapters.game_levels(game)["normal"]
    seats = [
        SeatRow(p, "human", None, PEOPLE[p], hash_token(tokens[p]), True)
        if p in humans
        else SeatRow(p, "bot", bot, PEOPLE[p], None, True)
        for p in range(players)
    ]
    row = TableRow(
        id=new_table_id(),
        name=f"prepared {game_id} table",
        game=game_id,
        options=game.config_json(),
        seed=seed,
        rules_version=game.rules_version,
        content_digest=game.content.digest,
        status=PLAYING,
        version=0,
        turn_seconds=turn_seconds,
        listed=True,
        host_hash=hash_token(new_token()),
        created_at=time.time(),
        seats=seats,
    )
    store = Store(settings_for(data_dir).url())
    try:
        store.create_table(row)
        rows = [ActionRow(v, seat, action, "player") for v, (seat, action) in enumerate(record, 1)]
        store.append_actions(row.id, 0, rows, PLAYING)
    finally:
        store.close()
    return row.id, tokens, play
