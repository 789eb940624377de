"""What the server's no-leak tests share: random players and page watchers over real websockets, the
reference game rebuilt from the database, and the checks every game's JSON payloads must pass.

A game's own test adds what only it can check (the names of its secret cards in texts, its hand
on the page)."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import websockets

from tests.server.web_support import served
from turncoat.core.actions import redact
from turncoat.core.record import decode_action, encode_action
from turncoat.core.registry import load_game
from turncoat.core.serialize import to_builtins
from turncoat.server.storage import Store

# The refusals a random player may get: an answer to an update that a newer one (another seat's
# move) or the end of the game replaced before it arrived.
OVERTAKEN = ("stale_version", "game_over")
# Random players answer every update they are offered, faster than a person: the per-connection
# message limit is lifted so that a busy machine never turns the test into a rate-limit test.
UNLIMITED = {"TURNCOAT_WS_RATE": "100000", "TURNCOAT_WS_BURST": "100000"}

Ref = tuple[Any, list[Any], list[Any], int]
# The status line of a page update names the game version the page was drawn at.
STATUS_VERSION = re.compile(r'id="status" class="status" data-version="(\d+)"')


async def random_player(url: str, cookie: str | None, seat: int | None, log: list[dict[str, Any]]) -> None:
    """Plays one seat (or watches, for ``seat=None``) by picking at random among the legal actions
    of the newest update; every message received goes to ``log``.

    Messages are read as they come and answered in batches: updates that a newer one has already
    replaced are not answered (the server would refuse them as stale), so a client that falls
    behind on a loaded machine catches up instead of flooding the server with old answers."""
    rng = random.Random(1000 + (seat if seat is not None else -1))
    headers = {"Cookie": cookie} if cookie else {}
    async with websockets.connect(url, additional_headers=headers, origin=None) as ws:
        inbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        reader = asyncio.create_task(_read_into(ws, inbox))
        try:
            while True:
                batch = [await inbox.get()]
                while not inbox.empty():
                    batch.append(inbox.get_nowait())
                received = [m for m in batch if m is not None]
                log.extend(received)
                for message in received:
                    if message["type"] == "error" and message["code"] not in OVERTAKEN:
                        raise AssertionError(f"seat {seat} was refused: {message}")
                updates = [m for m in received if m["type"] == "update"]
                if any(u["outcome"] is not None for u in updates):
                    return
                if None in batch:
                    await reader  # raises what closed the connection, if anything did
                    raise AssertionError(f"seat {seat}'s connection closed before the game ended")
                if updates and updates[-1]["legal"]:
                    newest = updates[-1]
                    choice = rng.choice(newest["legal"])["action"]
                    await ws.send(json.dumps({"type": "act", "action": choice, "version": newest["version"]}))
        finally:
            reader.cancel()


async def _read_into(ws: Any, inbox: asyncio.Queue[dict[str, Any] | None]) -> None:
    try:
        async for raw in ws:
            inbox.put_nowait(json.loads(raw))
    finally:
        inbox.put_nowait(None)  # the connection closed: the player must not wait for more


async def page_watcher(url: str, cookie: str | None, texts: list[str]) -> None:
    """Keeps every HTML fragment the server pushes to one viewer, until the game is over."""
    headers = {"Cookie": cookie} if cookie else {}
    async with websockets.connect(url, additional_headers=headers) as ws:
        while True:
            text = str(await ws.recv())
            texts.append(text)
            if "Game over" in text:
                return


async def play_table(
    base: str,
    table_id: str,
    tokens: dict[str, str],
    timeout_s: float,
    pages: list[int | None] | None = None,
) -> dict[str, Any]:
    """A random player at each human seat and a spectator (JSON), and a page watcher for each of
    ``pages`` (every seat and the spectator by default); returns what each received."""
    ws_base = base.replace("http://", "ws://") + f"/ws/{table_id}"
    viewers: list[int | None] = [*(int(s) for s in tokens), None]
    cookie = {int(s): f"tc_seat_{table_id}={t}" for s, t in tokens.items()}
    logs: dict[int | None, list[dict[str, Any]]] = {v: [] for v in viewers}
    html: dict[int | None, list[str]] = {v: [] for v in (viewers if pages is None else pages)}
    tasks = [random_player(f"{ws_base}?format=json", _cookie(cookie, v), v, logs[v]) for v in logs]
    tasks += [page_watcher(f"{ws_base}?format=html", _cookie(cookie, v), html[v]) for v in html]
    await asyncio.wait_for(asyncio.gather(*tasks), timeout_s)
    return {"json": logs, "html": html}


def _cookie(cookies: dict[int, str], viewer: int | None) -> str | None:
    return None if viewer is None else cookies.get(viewer)


def reference(data_dir: Path, table_id: str) -> Ref:
    """The game, every state and every step's events of a stored table, and its seed."""
    store = Store(f"sqlite:///{data_dir / 'turncoat.db'}")
    try:
        (row,) = [r for r in store.load_all() if r.id == table_id]
    finally:
        store.close()
    game = load_game(row.game, **row.options)
    started = game.start(row.seed)
    states, steps = [started.state], [started.events]
    for a in row.actions:
        tr = game.apply(states[-1], a.seat, decode_action(game, a.action))
        states.append(tr.state)
        steps.append(tr.events)
    return game, states, steps, row.seed


def play_served(
    tmp_path: Path, body: dict[str, Any], timeout_s: float, pages: list[int | None] | None = None
) -> tuple[dict[str, Any], dict[str, Any], Ref]:
    """A table made from ``body`` on a real ``turncoat serve`` (data under ``tmp_path``), played to
    its end by :func:`play_table`: the server's reply, what each viewer received, and the reference
    rebuilt from the database.  The game must have finished."""
    data_dir = tmp_path / "data"
    with served(data_dir, tmp_path / "server.log", env_extra=UNLIMITED) as base:
        created = httpx.post(
            f"{base}/api/tables",
            json=body,
            timeout=60,  # the reply, however slow a loaded machine makes it
        ).json()
        table_id, tokens = created["table"], created["seat_tokens"]
        received = asyncio.run(play_table(base, table_id, tokens, timeout_s, pages=pages))
    ref = reference(data_dir, table_id)
    assert ref[0].outcome(ref[1][-1]) is not None, "the game did not finish"
    return created, received, ref


def others_tokens(created: dict[str, Any], viewer: int | None) -> list[str]:
    """The tokens a viewer must never see: every other seat's and the host's."""
    seats: dict[str, str] = created["seat_tokens"]
    return [t for s, t in seats.items() if viewer is None or int(s) != viewer] + [created["host_token"]]


def checked_updates(
    viewer: int | None, payloads: list[dict[str, Any]], ref: Ref, needles: tuple[str, ...]
) -> Iterator[tuple[int, Any, dict[str, Any]]]:
    """Each update a viewer received, as (version, state, payload), once the checks every game
    shares have passed: no needle (state-only fields, the seed, tokens) anywhere; the observation,
    the legal actions and the events exactly what the engine and the core's redaction give that
    viewer; refusals only of answers overtaken by another move or the end.  When the payloads run out, the
    events received must be every event the viewer may see, each once, in order."""
    game, states, steps, seed = ref
    seen_events: list[Any] = []
    last = 0
    for payload in payloads:
        text = json.dumps(payload)
        for needle in (*needles, str(seed)):
            assert needle not in text, f"{needle!r} leaked to viewer {viewer}"
        if payload["type"] == "error":
            assert payload["code"] in OVERTAKEN, payload
            continue
        if payload["type"] != "update":
            continue
        version, state = payload["version"], states[payload["version"]]
        assert payload["seat"] == viewer
        assert payload["observation"] == to_builtins(game.observe(state, viewer))
        playing = viewer is not None and payload["status"] == "playing"
        expected = game.legal_actions(state, viewer) if playing else ()
        assert [a["action"] for a in payload["legal"]] == [encode_action(a) for a in expected]
        for event in payload["events"]:
            assert event["visible_to"] is None or (viewer is not None and viewer in event["visible_to"])
        seen_events.extend(payload["events"])
        last = version
        yield version, state, payload
    everything = [e for step in steps[: last + 1] for e in step]
    assert seen_events == [to_builtins(e) for e in redact(everything, viewer)]


def page_updates(texts: list[str], ref: Ref, needles: list[str]) -> Iterator[tuple[int, str]]:
    """Each page update a viewer received, as (version, text), once no text (an update or not)
    has held the seed or a needle (the tokens it must not see)."""
    seed = ref[3]
    for text in texts:
        for needle in (str(seed), *needles):
            assert needle not in text
        match = STATUS_VERSION.search(text)
        if match is not None:
            yield int(match.group(1)), text
