"""NO-LEAK: whole games through a real ``turncoat serve``; every payload each seat and a spectator
received is checked against what that viewer may know.

The reference is rebuilt afterwards from the database (config, seed, action log): at the version
a payload names, it must hold exactly ``game.observe(state, viewer)``, that viewer's legal actions,
and only events the core's redaction lets that viewer see; no payload may carry state fields,
the seed, another seat's secrets or anybody's token.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from tests.server.web_support import served
from turncoat.core.actions import redact
from turncoat.core.record import decode_action, encode_action
from turncoat.core.registry import load_game
from turncoat.core.serialize import to_builtins
from turncoat.server.storage import Store

STATE_ONLY_FIELDS = ('"hands"', '"draw_pile"', '"seed"', '"rng"', '"removed_role"', '"leftover"')
GAME_TIMEOUT_S = 240


async def _json_client(url: str, cookie: str | None, seat: int | None, log: list[dict[str, Any]]) -> None:
    """Plays one seat by picking at random among the legal actions the server offered it."""
    rng = random.Random(1000 + (seat if seat is not None else -1))
    headers = {"Cookie": cookie} if cookie else {}
    async with websockets.connect(url, additional_headers=headers, origin=None) as ws:
        while True:
            message = json.loads(await ws.recv())
            log.append(message)
            if message["type"] != "update":
                continue
            if message["outcome"] is not None:
                return
            if message["legal"]:
                choice = rng.choice(message["legal"])["action"]
                await ws.send(json.dumps({"type": "act", "action": choice, "version": message["version"]}))


async def _html_client(url: str, cookie: str | None, texts: list[str]) -> None:
    headers = {"Cookie": cookie} if cookie else {}
    async with websockets.connect(url, additional_headers=headers) as ws:
        while True:
            text = str(await ws.recv())
            texts.append(text)
            if "Game over" in text:
                return


async def _play(base: str, table_id: str, tokens: dict[str, str]) -> dict[str, Any]:
    ws_base = base.replace("http://", "ws://") + f"/ws/{table_id}"
    logs: dict[int | None, list[dict[str, Any]]] = {int(s): [] for s in tokens}
    logs[None] = []
    html: dict[int | None, list[str]] = {None: [], 0: []}
    cookie = {int(s): f"tc_seat_{table_id}={t}" for s, t in tokens.items()}
    tasks = [_json_client(f"{ws_base}?format=json", cookie.get(s), s, logs[s]) for s in logs]  # type: ignore[arg-type]
    tasks += [_html_client(f"{ws_base}?format=html", cookie.get(s), html[s]) for s in html]  # type: ignore[arg-type]
    await asyncio.wait_for(asyncio.gather(*tasks), GAME_TIMEOUT_S)
    return {"json": logs, "html": html}


def _reference(data_dir: Path, table_id: str) -> tuple[Any, list[Any], list[Any], int]:
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


def _check_json(
    viewer: int | None, payloads: list[dict[str, Any]], ref: tuple[Any, ...], secrets: list[str]
) -> int:
    game, states, steps, seed = ref
    seen_events: list[Any] = []
    checked = 0
    for payload in payloads:
        text = json.dumps(payload)
        for needle in (*STATE_ONLY_FIELDS, str(seed), *secrets):
            assert needle not in text, f"{needle!r} leaked to viewer {viewer}"
        if payload["type"] == "error":
            assert payload["code"] == "stale_version", payload  # a coalesced double answer, refused
            continue
        if payload["type"] != "update":
            continue
        version, state = payload["version"], states[payload["version"]]
        assert payload["seat"] == viewer
        assert payload["observation"] == to_builtins(game.observe(state, viewer))
        expected_legal = game.legal_actions(state, viewer) if viewer is not None else ()
        if payload["status"] != "playing":
            expected_legal = ()
        assert [a["action"] for a in payload["legal"]] == [encode_action(a) for a in expected_legal]
        for q, seat_view in enumerate(payload["observation"]["seats"]):
            if q != viewer and not state.revealed:
                assert seat_view["role"] is None
        for event in payload["events"]:
            assert event["visible_to"] is None or (viewer is not None and viewer in event["visible_to"])
        seen_events.extend(payload["events"])
        checked += 1
        last = version
    everything = [e for step in steps[: last + 1] for e in step]
    allowed = [to_builtins(e) for e in redact(everything, viewer)]
    assert seen_events == allowed  # each event once, in order, nothing redaction holds back
    return checked


def _check_html(viewer: int | None, texts: list[str], ref: tuple[Any, ...], secrets: list[str]) -> None:
    game, states, _steps, seed = ref
    updates = 0
    for text in texts:
        for needle in (str(seed), *secrets):
            assert needle not in text
        match = re.search(r'id="status" class="status" data-version="(\d+)"', text)
        if match is None:
            continue
        updates += 1
        obs = game.observe(states[int(match.group(1))], viewer)
        hand = [int(v) for v in re.findall(r'aria-label="supply card (\d+)"', text)]
        assert hand == list(obs.hand or ())
        if viewer is None:
            assert "Your action card" not in text and "You were handed" not in text
        elif obs.role is not None:
            assert "Your action card" in text
    assert updates > 0


@pytest.mark.parametrize(
    ("seats", "options"),
    [
        ([{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot"}], {}),
        ([{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}], {"hand_limit_discards": "face_down"}),
    ],
    ids=["4p-two-people-two-bots", "3p-face-down-discards"],
)
def test_no_payload_holds_more_than_its_viewer_may_know(
    tmp_path: Path, seats: list[dict[str, Any]], options: dict[str, Any]
) -> None:
    data_dir = tmp_path / "data"
    with served(data_dir, tmp_path / "server.log") as base:
        created = httpx.post(
            f"{base}/api/tables", json={"players": len(seats), "seats": seats, "options": options}
        ).json()
        table_id, tokens = created["table"], created["seat_tokens"]
        received = asyncio.run(_play(base, table_id, tokens))
    ref = _reference(data_dir, table_id)
    assert ref[0].outcome(ref[1][-1]) is not None, "the game did not finish"
    all_tokens = [created["host_token"], *tokens.values()]
    for viewer, payloads in received["json"].items():
        others = [t for s, t in tokens.items() if int(s) != viewer] + [created["host_token"]]
        assert _check_json(viewer, payloads, ref, others) > 10
    for viewer, texts in received["html"].items():
        _check_html(
            viewer,
            texts,
            ref,
            all_tokens if viewer is None else [tokens[str(s)] for s in tokens if int(s) != viewer],
        )
