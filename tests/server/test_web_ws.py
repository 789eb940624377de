"""The websocket protocol through the real app: actions, refusals, reconnects, chat, timers."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.web_support import app_client, create_table, csrf_of, receive_json, receive_until

FOUR_HUMANS = [{"kind": "human"}] * 4


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path) as c:
        yield c


@contextmanager
def seat_ws(client: TestClient, table_id: str, token: str | None, fmt: str = "json") -> Iterator[Any]:
    headers = {"cookie": f"tc_seat_{table_id}={token}"} if token else {}
    with client.websocket_connect(f"/ws/{table_id}?format={fmt}", headers=headers) as ws:
        yield ws


def table_version(client: TestClient, table_id: str) -> int:
    version: int = client.get(f"/api/tables/{table_id}").json()["version"]
    return version


def started_table(client: TestClient) -> tuple[str, dict[str, str]]:
    """A 4-human table whose seats have all been claimed (so the game has started)."""
    created = create_table(client, seats=FOUR_HUMANS)
    table_id, tokens = created["table"], created["seat_tokens"]
    for token in tokens.values():
        assert client.get(f"/join/{table_id}/{token}", follow_redirects=False).status_code == 303
    client.cookies.clear()
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "playing"
    return table_id, tokens


def actor_of(update: dict[str, Any]) -> int:
    (actor,) = update["observation"]["to_act"]
    return int(actor)


def act(ws: Any, action: dict[str, Any], version: Any) -> None:
    ws.send_text(json.dumps({"type": "act", "action": action, "version": version}))


def test_an_action_is_applied_and_every_seat_gets_its_own_view(client: TestClient) -> None:
    table_id, tokens = started_table(client)
    with seat_ws(client, table_id, None) as spectator:
        first = receive_until(spectator, "update")
        actor = actor_of(first)
        assert first["seat"] is None and first["legal"] == [] and first["observation"]["hand"] is None
        with seat_ws(client, table_id, tokens[str(actor)]) as ws:
            mine = receive_until(ws, "update")
            assert mine["seat"] == actor and mine["legal"] and mine["observation"]["hand"] == [3, 4, 5]
            act(ws, mine["legal"][0]["action"], mine["version"])
            after = receive_until(ws, "update")
            assert after["version"] == 1 and after["full"] is False and after["events"]
            seen = receive_until(spectator, "update")
            while seen["version"] == 0:  # seats connecting are news too (who is here)
                seen = receive_until(spectator, "update")
            assert seen["version"] == 1 and seen["seat"] is None


def test_refusals_are_clear_and_change_nothing(client: TestClient) -> None:
    table_id, tokens = started_table(client)
    with seat_ws(client, table_id, None) as spectator:
        actor = actor_of(receive_until(spectator, "update"))
        other = (actor + 1) % 4
        with (
            seat_ws(client, table_id, tokens[str(actor)]) as ws,
            seat_ws(client, table_id, tokens[str(other)]) as ws2,
        ):
            mine = receive_until(ws, "update")
            receive_until(ws2, "update")
            legal = mine["legal"][0]["action"]
            nuke = {"type": "nuke"}
            cases: list[tuple[Any, str, str]] = [
                (ws, "{not json", "malformed_json"),
                (ws, "[1, 2]", "malformed_json"),
                (ws, json.dumps({"type": "teleport"}), "unknown_message"),
                (ws, json.dumps({"type": "act", "action": nuke, "version": 0}), "malformed_action"),
                (ws, json.dumps({"type": "act", "action": "{{{", "version": 0}), "malformed_action"),
                (ws, json.dumps({"type": "act", "action": legal}), "missing_version"),
                (ws, json.dumps({"type": "act", "action": legal, "version": 7}), "stale_version"),
                (
                    ws,
                    json.dumps(
                        {"type": "act", "action": {"type": "place_estate", "landscape": 99}, "version": 0}
                    ),
                    "",
                ),
                (ws2, json.dumps({"type": "act", "action": legal, "version": 0}), "not_your_turn"),
                # naming the acting seat in the message does not make it so: a connection is its seat
                (
                    ws2,
                    json.dumps({"type": "act", "action": legal, "version": 0, "seat": actor}),
                    "not_your_turn",
                ),
                (spectator, json.dumps({"type": "act", "action": legal, "version": 0}), "not_seated"),
                (spectator, json.dumps({"type": "chat", "text": "hi"}), "not_seated"),
                (ws, "x" * 9000, "too_large"),
                (ws, json.dumps({"type": "hello", "token": "forged" * 5}), "forbidden"),
            ]
            for sender, text, code in cases:
                sender.send_text(text)
                reply = receive_until(sender, "error")
                assert reply["message"], text
                if code:
                    assert reply["code"] == code, (text, reply)
                assert table_version(client, table_id) == 0
            # the forged hello did not turn the connection into anyone else
            act(ws, legal, 0)
            assert receive_until(ws, "update")["version"] == 1
            act(ws, legal, 0)  # the same message again: a duplicate is stale
            assert receive_until(ws, "error")["code"] == "stale_version"
            assert table_version(client, table_id) == 1


def test_a_flood_of_messages_is_rate_limited(client: TestClient) -> None:
    table_id, _ = started_table(client)
    with seat_ws(client, table_id, None) as ws:
        receive_until(ws, "update")
        for _ in range(80):
            ws.send_text('{"type": "ping"}')
        kinds = [receive_json(ws) for _ in range(80)]
        assert any(m.get("code") == "rate_limited" for m in kinds)


def test_a_reconnect_resumes_exactly(client: TestClient) -> None:
    table_id, tokens = started_table(client)
    with seat_ws(client, table_id, None) as spectator:
        actor = actor_of(receive_until(spectator, "update"))
    token = tokens[str(actor)]
    with seat_ws(client, table_id, token) as ws:
        first = receive_until(ws, "update")
        act(ws, first["legal"][0]["action"], first["version"])
        before = receive_until(ws, "update")
    with seat_ws(client, table_id, token) as again:  # a new tab with the same seat link
        resumed = receive_until(again, "update")
        history = receive_until(again, "chat_history")
    assert resumed["full"] is True and resumed["version"] == before["version"]
    assert resumed["observation"] == before["observation"] and resumed["legal"] == before["legal"]
    assert [m["kind"] for m in history["messages"]] == []


def test_hello_with_a_token_binds_the_connection_to_that_seat(client: TestClient) -> None:
    table_id, tokens = started_table(client)
    with seat_ws(client, table_id, None) as ws:
        assert receive_until(ws, "update")["seat"] is None
        ws.send_text(json.dumps({"type": "hello", "token": tokens["2"]}))
        update = receive_until(ws, "update")
        assert update["seat"] == 2 and update["observation"]["hand"] == [3, 4, 5]


def test_chat_reaches_everyone_and_is_escaped_in_html(client: TestClient) -> None:
    table_id, tokens = started_table(client)
    with seat_ws(client, table_id, None, fmt="html") as html, seat_ws(client, table_id, tokens["1"]) as ws:
        assert 'id="board"' in html.receive_text()
        receive_until(ws, "update")
        ws.send_text(json.dumps({"type": "chat", "text": "<script>alert('x')</script> deal?"}))
        line = receive_until(ws, "chat")
        assert line["text"] == "<script>alert('x')</script> deal?" and line["seat"] == 1
        for _ in range(5):
            text = html.receive_text()
            if "chat-log" in text and "deal?" in text:
                break
        assert "&lt;script&gt;" in text and "<script>" not in text


def test_a_timed_out_seat_gets_the_default_action_and_everyone_is_told(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
        created = create_table(client, seats=seats, turn_seconds=5)
        table_id = created["table"]
        with seat_ws(client, table_id, created["seat_tokens"]["0"]) as ws:
            deadline = time.monotonic() + 30
            told, waited_at, acted_for_me = None, None, False
            while not (told and acted_for_me) and time.monotonic() < deadline:
                message = receive_json(ws)
                if message["type"] == "chat" and "ran out of time" in message["text"]:
                    told = message
                elif message["type"] == "update" and message["legal"] and waited_at is None:
                    assert message["deadline"] is not None and message["turn_seconds"] == 5
                    waited_at = message["version"]
                elif message["type"] == "update" and waited_at is not None:
                    acted_for_me |= any(e.get("seat") == 0 for e in message["events"])
            assert told is not None and told["kind"] == "system" and told["seat"] is None
            assert acted_for_me, "the table did not play the default action for the timed-out seat"


def test_a_websocket_from_another_site_is_refused(client: TestClient) -> None:
    table_id, tokens = started_table(client)
    headers = {"cookie": f"tc_seat_{table_id}={tokens['0']}", "origin": "http://evil.example"}
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(f"/ws/{table_id}", headers=headers),
    ):
        pass
    assert refused.value.code == 4403


def test_a_websocket_to_no_table_is_refused(client: TestClient) -> None:
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect("/ws/nonesuch"):
        pass
    assert refused.value.code == 4404


def _junk(rng: random.Random, depth: int = 0) -> Any:
    kinds = ["int", "str", "float", "none", "bool"] + (["list", "dict"] if depth < 3 else [])
    kind = rng.choice(kinds)
    if kind == "int":
        return rng.choice([0, -1, 1, 11, 12, 2**63, -(2**70), rng.randrange(-50, 50)])
    if kind == "str":
        return rng.choice(["", "traitor", "estate", "x" * 50, "ä\u0000", "12", "place_estate", "{"])
    if kind == "float":
        return rng.choice([0.5, -0.0, 1e308, 3.0])
    if kind == "none":
        return None
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "list":
        return [_junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["type", "value", "landscape", "boundary", "role", "side", "from_landscape", "to_landscape", "q"]
    return {rng.choice(keys): _junk(rng, depth + 1) for _ in range(rng.randrange(4))}


def test_random_junk_messages_get_errors_and_change_nothing(tmp_path: Path) -> None:
    with app_client(tmp_path, ws_rate=1000.0, ws_burst=1000) as client:  # rate limits: own test
        _junk_session(client)


def _junk_session(client: TestClient) -> None:
    table_id, tokens = started_table(client)
    rng = random.Random(20261201)
    action_types = ["place_estate", "choose_conflict_site", "keep_role", "commit_supply", "build", "move"]
    with seat_ws(client, table_id, None) as spectator:
        actor = actor_of(receive_until(spectator, "update"))
    with seat_ws(client, table_id, tokens[str(actor)]) as ws:
        receive_until(ws, "update")
        receive_until(ws, "chat_history")
        for i in range(300):
            action = _junk(rng)
            if isinstance(action, dict) and rng.random() < 0.6:
                action["type"] = rng.choice(action_types)
            message = {"type": rng.choice(["act", "submit", "act"]), "action": action}
            message |= {"version": rng.choice([0, 0, "0", -1, None, 1.0, [0]])}
            message |= {"actions": rng.choice([[action], _junk(rng)]), "finish": _junk(rng)}
            if i % 7 == 0:
                message = _junk(rng)
            ws.send_text(json.dumps(message))
            reply = receive_json(ws)
            while reply["type"] == "update":  # a legal move by luck is fine; it is the actor's own
                reply = receive_json(ws)
            assert reply["type"] == "error" and reply["message"], (message, reply)
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "playing"


def test_an_open_connection_loses_its_seat_when_the_seat_is_left(client: TestClient) -> None:
    table_id, tokens = started_table(client)
    with seat_ws(client, table_id, tokens["1"]) as ws:
        assert receive_until(ws, "update")["seat"] == 1
        client.cookies.update({f"tc_seat_{table_id}": tokens["1"]})
        csrf = csrf_of(client.get(f"/t/{table_id}").text)
        assert (
            client.post(f"/t/{table_id}/leave", data={"csrf": csrf}, follow_redirects=False).status_code
            == 303
        )
        update = receive_until(ws, "update")
        assert update["seat"] is None and update["observation"]["hand"] is None and update["legal"] == []
        ws.send_text(json.dumps({"type": "chat", "text": "still here?"}))
        assert receive_until(ws, "error")["code"] == "not_seated"
