"""The server under hostile input: every bad value gets a clear error code and changes nothing,
and nothing is sized by what a client chose."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.web_support import app_client, create_table, csrf_of, receive_until
from turncoat.server.storage import Store

THREE_HUMANS = [{"kind": "human"}] * 3


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path, ws_rate=1000.0, ws_burst=1000) as c:
        yield c


def post_json(client: TestClient, text: str | bytes, **headers: str) -> Any:
    return client.post("/api/tables", content=text, headers={"content-type": "application/json", **headers})


BAD_TABLES = [
    ('{"players": 300000000}', "bad_players"),  # built 300 million seats before it was checked
    ('{"players": 1e20}', "bad_players"),
    ('{"players": 2.5}', "bad_players"),
    ('{"players": "4"}', "bad_players"),
    ('{"players": true}', "bad_players"),
    ('{"players": 1e400}', "malformed_json"),
    ('{"players": NaN}', "malformed_json"),
    ('{"players": ' + "9" * 4000 + "}", "bad_players"),
    ('{"players": ' + "9" * 5000 + "}", "malformed_json"),
    ("[" * 5000 + "]" * 5000, "malformed_json"),
    ('{"a": ' + '{"a": ' * 3000 + "1" + "}" * 3001, "malformed_json"),
    ('{"players": 3, "seats": [{"kind": []}, {"kind": "bot"}, {"kind": "bot"}]}', "bad_seats"),
    ('{"players": 3, "seats": [{"kind": "bot", "level": {"a": 1}}, {}, {}]}', "unknown_bot"),
    ('{"players": 3, "seats": [{"kind": "human", "name": [1]}, {}, {}]}', "bad_name"),
    ('{"players": 3, "seats": {"kind": "human"}}', "bad_seats"),
    ('{"options": {"rounds": 1e400}}', "malformed_json"),
    ('{"options": {"ring_layout": ["random"]}}', "bad_options"),
    ('{"options": []}', "bad_options"),
    ('{"turn_seconds": 1e400}', "malformed_json"),
    ('{"turn_seconds": 100000000000000000000000000}', "bad_timer"),
    ('{"turn_seconds": 30.0}', "bad_timer"),
    ('{"game": ["verrater"]}', "bad_request"),
    ('{"name": {"x": 1}}', "bad_request"),
    ('{"listed": "no"}', "bad_request"),
    (b'{"name": "\xff"}', "malformed_json"),
]


@pytest.mark.parametrize(("text", "code"), BAD_TABLES, ids=[f"bad{i}" for i in range(len(BAD_TABLES))])
def test_every_field_of_a_new_table_is_checked_before_use(
    client: TestClient, text: str | bytes, code: str
) -> None:
    response = post_json(client, text)
    assert response.status_code == 400, response.text
    assert response.json()["code"] == code and response.json()["message"]
    assert client.get("/api/tables").json() == []


@pytest.mark.parametrize("length", [b"\xc2\xb2", b"\xb2", b"1e3", b"-1", b"99999999999999999999999"])
def test_a_content_length_that_is_not_a_plain_number_is_refused(client: TestClient, length: bytes) -> None:
    response = client.post(
        "/api/tables", content=b"{}", headers={"content-type": "application/json", "content-length": length}
    )
    assert response.status_code == 413 and response.json()["code"] == "too_large"


def test_unicode_digits_in_a_form_are_a_clear_error(client: TestClient) -> None:
    csrf = csrf_of(client.get("/").text)
    form = {"csrf": csrf, "players": "3", "seat0": "me", "seat1": "easy", "seat2": "easy", "timer": "²"}
    response = client.post("/tables", data=form)
    assert response.status_code == 400 and "turn timer" in response.text
    assert client.get("/api/tables").json() == []
    created = create_table(client, seats=THREE_HUMANS)
    table_id, tokens = created["table"], created["seat_tokens"]
    for token in tokens.values():
        client.get(f"/join/{table_id}/{token}")
    page = client.get(f"/t/{table_id}").text
    for version in ("²", "1e3", "9" * 5000):
        response = client.post(
            f"/t/{table_id}/act", data={"csrf": csrf_of(page), "action": "{}", "version": version}
        )
        assert response.status_code == 400, version
    assert client.get(f"/api/tables/{table_id}").json()["version"] == 0


def test_hostile_websocket_messages_get_errors_and_the_connection_stays(client: TestClient) -> None:
    created = create_table(client, seats=THREE_HUMANS)
    table_id, tokens = created["table"], created["seat_tokens"]
    for token in tokens.values():
        client.get(f"/join/{table_id}/{token}")
    client.cookies.clear()
    cases = [
        ("[" * 4000 + "]" * 4000, "malformed_json"),
        ('{"type": "act", "action": {"type": "keep_role"}, "version": "²"}', "missing_version"),
        ('{"type": "act", "action": {"type": "keep_role"}, "version": 1e400}', "malformed_json"),
        ('{"type": "act", "action": {"type": "keep_role"}, "version": 1e20}', "missing_version"),
        ('{"type": "submit", "actions": [1e300], "version": 0}', "malformed_action"),
        ('{"type": "submit", "actions": ["²"], "version": 0}', "malformed_action"),
        ('{"type": "submit", "actions": [true], "version": 0}', "malformed_action"),
        ('{"type": "submit", "actions": "[]", "version": 0}', "malformed_action"),
        ('{"type": "submit", "actions": [], "finish": 7, "version": 0}', "malformed_action"),
        ('{"type": "submit", "actions": [], "version": 0}', "no_action"),
        (
            '{"type": "submit", "actions": [' + ",".join(['{"type": "x"}'] * 65) + '], "version": 0}',
            "too_many_actions",
        ),
        ('{"type": "act", "action": "' + "[" * 3000 + '", "version": 0}', "malformed_action"),
        ('{"type": "chat", "text": {"nested": ["object"]}}', "bad_request"),
        ('{"type": "hello", "token": ["x"]}', "forbidden"),
    ]
    for token in tokens.values():
        headers = {"cookie": f"tc_seat_{table_id}={token}"}
        with client.websocket_connect(f"/ws/{table_id}", headers=headers) as ws:
            receive_until(ws, "update")
            for text, code in cases:
                ws.send_text(text)
                reply = receive_until(ws, "error")
                assert reply["code"] == code, (text[:60], reply)
            ws.send_text(json.dumps({"type": "ping"}))
            assert receive_until(ws, "pong")["version"] == 0  # still connected, nothing changed
    assert client.get(f"/api/tables/{table_id}").json()["version"] == 0


def seated_table(client: TestClient, seats: list[dict[str, Any]]) -> tuple[str, dict[str, str]]:
    created = create_table(client, seats=seats)
    return created["table"], created["seat_tokens"]


def rename(client: TestClient, table_id: str, token: str, name: str) -> Any:
    client.cookies.clear()
    client.cookies.set(f"tc_seat_{table_id}", token)
    csrf = csrf_of(client.get(f"/t/{table_id}").text)
    return client.post(f"/t/{table_id}/name", data={"csrf": csrf, "name": name})


@pytest.mark.parametrize(
    "name",
    [
        "Ann",  # another player's exact name
        "  aNN ",  # ... in other case and spacing
        "A n n",
        "Ａｎｎ",  # full-width letters fold to the same name
        "Bot 3 (easy)",  # the bot's name
        "bot 3 (EASY)",
        "table",  # the name the server's own chat lines carry
        "Spectator",
        "Seat 1",
        "A\u200bnn",  # zero-width space
        "\u202eAnn",  # right-to-left override
        "Ann\u200d",  # zero-width joiner
        "Ann\x00",
        "\x1b[31mAnn",
        "Ann\u2028",  # line separator
        "x" * 41,
        "\u00a0",  # nothing visible once whitespace is tidied
    ],
)
def test_a_name_that_impersonates_or_hides_something_is_refused(client: TestClient, name: str) -> None:
    table_id, tokens = seated_table(
        client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}]
    )
    response = rename(client, table_id, tokens["1"], name)
    assert response.status_code in (400, 409), response.text
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Seat 2", "Bot 3 (easy)"]


def test_names_are_tidied_and_unique_when_joining_and_creating(client: TestClient) -> None:
    table_id, tokens = seated_table(
        client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "open"}]
    )
    client.get(f"/join/{table_id}/{tokens['0']}")  # Ann sits down
    assert rename(client, table_id, tokens["1"], "  Bea   Bee ").status_code == 200
    assert rename(client, table_id, tokens["1"], "Bea Bee").status_code == 200  # its own name again
    client.cookies.clear()
    csrf = csrf_of(client.get("/").text)
    taken = client.post(f"/t/{table_id}/join", data={"csrf": csrf, "name": "ANN"})
    assert taken.status_code == 409 and "already called" in taken.text
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Bea Bee", "Seat 3"] and seats[2]["claimed"] is False
    twice = client.post(
        "/api/tables", json={"players": 3, "seats": [{"kind": "human", "name": "Cy"}] * 2 + [{"kind": "bot"}]}
    )
    assert twice.status_code == 409 and twice.json()["code"] == "name_taken"


def test_a_private_table_cannot_be_gatecrashed_from_its_watch_link(client: TestClient) -> None:
    created = create_table(
        client, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}], listed=False
    )
    table_id, tokens = created["table"], created["seat_tokens"]
    assert client.get(f"/join/{table_id}/{tokens['0']}").status_code == 200  # the host's friend sits
    client.cookies.clear()
    client.get(f"/t/{table_id}")  # the watch link, as a stranger
    csrf = csrf_of(client.get("/").text)
    crash = client.post(f"/t/{table_id}/join", data={"csrf": csrf, "name": "Mallory"}, follow_redirects=False)
    assert crash.status_code == 403 and "invite link" in crash.text
    assert f"tc_seat_{table_id}" not in crash.cookies
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [s["claimed"] for s in seats] == [True, False, True]
    # The invited player's link still works, and seats them.
    assert client.get(f"/join/{table_id}/{tokens['1']}", follow_redirects=False).status_code == 303
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "playing"
    # A seat left mid-game is not up for grabs at a private table either: nobody sees its hand.
    page = client.get(f"/t/{table_id}").text
    client.post(f"/t/{table_id}/leave", data={"csrf": csrf_of(page)})
    client.cookies.clear()
    client.get(f"/t/{table_id}")  # the watch link, as a stranger
    csrf = csrf_of(client.get("/").text)
    crash = client.post(f"/t/{table_id}/join", data={"csrf": csrf, "name": "Mallory"}, follow_redirects=False)
    assert crash.status_code == 403
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["open_seats"] == [1] and "Mallory" not in str(summary["seats"])


def test_only_allowed_host_names_are_answered(tmp_path: Path) -> None:
    with app_client(tmp_path, allowed_hosts=None, bind_host="127.0.0.1") as client:
        for host in ("localhost:8000", "127.0.0.1:8000", "[::1]:8000", "LOCALHOST."):
            assert client.get("/", headers={"host": host}).status_code == 200, host
        for host in ("evil.example", "evil.example:8000", "localhost.evil.example", "10.0.0.1", ""):
            refused = client.get("/", headers={"host": host})
            assert refused.status_code == 400 and refused.json()["code"] == "bad_host", host
            made = client.post("/api/tables", json={"players": 3}, headers={"host": host})
            assert made.status_code == 400
        assert client.get("/api/tables", headers={"host": "localhost"}).json() == []
    with app_client(tmp_path, allowed_hosts=None, bind_host="0.0.0.0") as client:
        assert client.get("/", headers={"host": "192.168.1.5:8000"}).status_code == 200  # the LAN
        assert client.get("/", headers={"host": "games.example"}).status_code == 400
    with app_client(tmp_path, allowed_hosts=("games.example",)) as client:
        assert client.get("/", headers={"host": "Games.Example:443"}).status_code == 200
        assert client.get("/", headers={"host": "localhost"}).status_code == 400


def test_a_websocket_is_refused_unless_its_origin_is_an_allowed_host(tmp_path: Path) -> None:
    with app_client(tmp_path, allowed_hosts=None, bind_host="127.0.0.1") as client:
        made = client.post("/api/tables", json={"players": 3}, headers={"host": "localhost"})
        table_id = made.json()["table"]
        # DNS rebinding: evil.example now points here, and its page's Origin equals its Host.
        for headers in (
            {"host": "evil.example", "origin": "http://evil.example"},
            {"host": "localhost:8000", "origin": "http://evil.example"},
            {"host": "localhost:8000", "origin": "null"},
        ):
            with (
                pytest.raises(WebSocketDisconnect) as closed,
                client.websocket_connect(f"/ws/{table_id}", headers=headers) as ws,
            ):
                ws.receive_text()
            assert closed.value.code == 4403, headers
        ok = {"host": "localhost:8000", "origin": "http://localhost:8000"}
        with client.websocket_connect(f"/ws/{table_id}", headers=ok) as ws:
            assert receive_until(ws, "update")["table"] == table_id


class FrozenClock:
    """Wall-clock time that passes only when the test says so."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def stored_chat(data_dir: Path, table_id: str) -> list[str]:
    store = Store(f"sqlite:///{data_dir / 'turncoat.db'}")
    try:
        return [m.text for m in store.chat(table_id, 10_000) if m.kind == "chat"]
    finally:
        store.close()


def ws_of(client: TestClient, table_id: str, token: str | None) -> Any:
    headers = {"cookie": f"tc_seat_{table_id}={token}"} if token else {}
    return client.websocket_connect(f"/ws/{table_id}", headers=headers)


def say(ws: Any, text: str) -> dict[str, Any]:
    """Send a chat line; the server's answer to it (the line itself, or a refusal)."""
    ws.send_text(json.dumps({"type": "chat", "text": text}))
    while True:
        reply: dict[str, Any] = json.loads(ws.receive_text())
        if reply["type"] == "error" or (reply["type"] == "chat" and reply["text"] == text):
            return reply


def test_one_seat_on_many_connections_cannot_flood_the_chat(tmp_path: Path) -> None:
    clock = FrozenClock()
    with app_client(tmp_path, clock=clock, chat_rate=1.0, chat_burst=3) as client:
        table_id, tokens = seated_table(client, THREE_HUMANS)
        with contextlib.ExitStack() as stack:
            conns = [stack.enter_context(ws_of(client, table_id, tokens["0"])) for _ in range(5)]
            replies = [say(ws, f"spam {i}-{j}") for j in range(4) for i, ws in enumerate(conns)]
            assert [r["type"] for r in replies].count("chat") == 3
            assert {r["code"] for r in replies if r["type"] == "error"} == {"rate_limited"}
            clock.now += 1.0  # a second later: one more line
            assert say(conns[0], "later")["type"] == "chat"
            assert say(conns[1], "again")["type"] == "error"
    assert stored_chat(tmp_path, table_id) == ["spam 0-0", "spam 1-0", "spam 2-0", "later"]


def test_one_address_on_many_seats_cannot_flood_the_chat(tmp_path: Path) -> None:
    with app_client(tmp_path, clock=FrozenClock(), chat_rate=1.0, chat_burst=3) as client:
        tables = [seated_table(client, [{"kind": "human"}] * 4) for _ in range(2)]
        sent = 0
        with contextlib.ExitStack() as stack:
            for table_id, tokens in tables:
                for token in tokens.values():
                    ws = stack.enter_context(ws_of(client, table_id, token))
                    sent += sum(say(ws, f"hi {i}")["type"] == "chat" for i in range(3))
        assert sent == 3 * 4  # the address's share: four seats' worth, not eight
        assert sum(len(stored_chat(tmp_path, t)) for t, _ in tables) == 12


def test_connections_per_seat_and_per_address_are_capped(tmp_path: Path) -> None:
    with app_client(tmp_path, conns_per_seat=2, conns_per_address=5) as client:
        table_id, tokens = seated_table(client, THREE_HUMANS)
        with contextlib.ExitStack() as stack:
            for _ in range(2):
                receive_until(stack.enter_context(ws_of(client, table_id, tokens["0"])), "update")
            with pytest.raises(WebSocketDisconnect) as refused, ws_of(client, table_id, tokens["0"]) as ws:
                ws.receive_text()
            assert refused.value.code == 4429
            spectator = stack.enter_context(ws_of(client, table_id, None))
            receive_until(spectator, "update")
            spectator.send_text(json.dumps({"type": "hello", "token": tokens["0"]}))  # a third for seat 0
            assert receive_until(spectator, "error")["code"] == "too_many_connections"
            for _ in range(2):
                receive_until(stack.enter_context(ws_of(client, table_id, None)), "update")
            with pytest.raises(WebSocketDisconnect) as refused, ws_of(client, table_id, None) as ws:
                ws.receive_text()
            assert refused.value.code == 4429
        # Closed connections give their places back.
        with ws_of(client, table_id, tokens["0"]) as ws:
            assert receive_until(ws, "update")["seat"] == 0


def test_chat_kept_per_table_is_bounded(tmp_path: Path) -> None:
    with app_client(tmp_path, chat_kept=5, chat_burst=100) as client:
        table_id, tokens = seated_table(client, THREE_HUMANS)
        with ws_of(client, table_id, tokens["1"]) as ws:
            for i in range(9):
                assert say(ws, f"line {i}")["type"] == "chat"
    assert stored_chat(tmp_path, table_id) == [f"line {i}" for i in range(4, 9)]


def test_the_api_counts_tables_per_client(tmp_path: Path) -> None:
    with app_client(tmp_path, tables_per_client=2) as client:
        for _ in range(2):
            create_table(client, seats=THREE_HUMANS)
        third = client.post("/api/tables", json={"players": 3, "seats": THREE_HUMANS})
        assert third.status_code == 429 and third.json()["code"] == "table_quota"
        assert len(client.get("/api/tables").json()) == 2


def test_the_lobby_takes_a_seat_nobody_was_invited_to_before_an_invited_one(client: TestClient) -> None:
    created = create_table(client, seats=[{"kind": "human"}] * 3, listed=True)
    table_id, tokens = created["table"], created["seat_tokens"]
    client.get(f"/join/{table_id}/{tokens['1']}")
    client.post(f"/t/{table_id}/leave", data={"csrf": csrf_of(client.get(f"/t/{table_id}").text)})
    client.cookies.clear()
    csrf = csrf_of(client.get("/").text)
    joined = client.post(
        f"/t/{table_id}/join", data={"csrf": csrf, "name": "Stranger"}, follow_redirects=False
    )
    assert joined.status_code == 303
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [(s["name"], s["claimed"]) for s in seats] == [
        ("Seat 1", False),
        ("Stranger", True),
        ("Seat 3", False),
    ]
    client.cookies.clear()
    for seat in ("0", "2"):  # the friends' invite links still seat them
        assert client.get(f"/join/{table_id}/{tokens[seat]}", follow_redirects=False).status_code == 303
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "playing"


def test_the_lobby_never_takes_a_seat_kept_for_an_invited_friend(client: TestClient) -> None:
    created = create_table(client, seats=[{"kind": "human"}, {"kind": "open"}, {"kind": "bot"}], listed=True)
    table_id, tokens = created["table"], created["seat_tokens"]
    assert set(tokens) == {"0"}  # only the friend's seat has a link
    listed = client.get("/api/tables").json()[0]
    assert listed["open_seats"] == [0, 1] and listed["lobby_seats"] == [1]
    client.cookies.clear()
    csrf = csrf_of(client.get("/").text)
    first = client.post(
        f"/t/{table_id}/join", data={"csrf": csrf, "name": "Stranger"}, follow_redirects=False
    )
    assert first.status_code == 303
    lobby = client.get("/").text
    assert "kept for a friend" in lobby and f'action="/t/{table_id}/join"' not in lobby  # no Join button
    client.cookies.clear()
    csrf = csrf_of(client.get("/").text)
    second = client.post(f"/t/{table_id}/join", data={"csrf": csrf, "name": "Gatecrasher"})
    assert second.status_code == 409 and "kept for a friend" in second.text
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [(s["name"], s["claimed"]) for s in seats[:2]] == [("Seat 1", False), ("Stranger", True)]
    client.cookies.clear()  # the friend's link still seats her, and the game starts
    assert client.get(f"/join/{table_id}/{tokens['0']}", follow_redirects=False).status_code == 303
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "playing"


def test_a_private_table_has_no_seats_for_the_lobby(client: TestClient) -> None:
    refused = client.post(
        "/api/tables",
        json={"players": 3, "listed": False, "seats": [{"kind": "open"}, {"kind": "human"}, {"kind": "bot"}]},
    )
    assert refused.status_code == 400 and refused.json()["code"] == "bad_seats"
    assert "private table has no seats for the lobby" in refused.text
    assert client.get("/api/tables").json() == []
