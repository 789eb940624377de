"""The Envoy's private talk: while an Envoy runs, its giver and receiver may whisper (RULES §4.2
step 3, the spoken bargain); the server sends a whisper to those two connections only, refuses
it to anyone else and at any other time, and never stores it (no chat history, page or replay
holds it).  The pairs come from the game's presentation (``whisper_pairs``): the server and the
pages know no game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.web_support import app_client, create_table, csrf_of, receive_json, receive_until

FOUR_HUMANS = [{"kind": "human"}] * 4
RACE_AT = {1: "letnev", 2: "hacan", 3: "sol"}  # 4 players, in order; seat 0 is the Lazax


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path) as c:
        yield c


def _started(client: TestClient) -> tuple[str, dict[str, str]]:
    created = create_table(
        client, seats=FOUR_HUMANS, game="treaty_skirmish", options={"race_assignment": "in_order"}
    )
    table_id, tokens = created["table"], created["seat_tokens"]
    for token in tokens.values():
        assert client.get(f"/join/{table_id}/{token}", follow_redirects=False).status_code == 303
    client.cookies.clear()
    return table_id, tokens


def _ws(client: TestClient, table_id: str, token: str | None) -> Any:
    headers = {"cookie": f"tc_seat_{table_id}={token}"} if token else {}
    return client.websocket_connect(f"/ws/{table_id}?format=json", headers=headers)


def _send(ws: Any, **message: Any) -> None:
    ws.send_text(json.dumps(message))


def _until_version(ws: Any, version: int) -> dict[str, Any]:
    update = receive_until(ws, "update")
    while update["version"] < version:
        update = receive_until(ws, "update")
    return update


def _next_chat_or_error(ws: Any) -> dict[str, Any]:
    """The next chat line or error this connection gets (updates are skipped)."""
    for _ in range(50):
        message = receive_json(ws)
        if message["type"] in ("chat", "error"):
            return message
    raise AssertionError("no chat line and no error")


def test_only_the_two_parties_of_an_envoy_may_whisper_and_nobody_else_hears_it(client: TestClient) -> None:
    table_id, tokens = _started(client)
    with ExitStack() as stack:
        ws = {int(s): stack.enter_context(_ws(client, table_id, t)) for s, t in tokens.items()}
        spectator = stack.enter_context(_ws(client, table_id, None))
        first = {s: receive_until(w, "update") for s, w in ws.items()}
        receive_until(spectator, "update")
        giver = first[0]["observation"]["actor"]  # the Speaker, drawn at random: the Lazax too
        receiver = 2 if giver != 2 else 1
        others = [s for s in range(4) if s not in (giver, receiver)]  # the two seats left out
        third = others[0]
        assert all(u["whisper_to"] == [] for u in first.values())

        # No Envoy under way: nobody may whisper, and nothing changes.
        _send(ws[giver], type="whisper", to=receiver, text="psst")
        refused = _next_chat_or_error(ws[giver])
        assert refused["type"] == "error" and refused["code"] == "whisper_closed"

        # The Envoy: its two parties, and only they, are offered the whisper.
        mine = first[giver]
        _send(
            ws[giver],
            type="act",
            action={"type": "send_envoy", "race": RACE_AT[receiver]},
            version=mine["version"],
        )
        sent = receive_until(ws[giver], "update")
        now = {s: _until_version(w, sent["version"]) for s, w in ws.items() if s != giver}
        now[giver] = sent
        version = sent["version"]
        assert now[giver]["observation"]["envoy"]["receiver"] == receiver
        assert now[giver]["whisper_to"] == [receiver]
        assert now[receiver]["whisper_to"] == [giver]
        assert all(now[s]["whisper_to"] == [] for s in others)
        assert _until_version(spectator, version)["whisper_to"] == []

        _send(
            ws[giver], type="whisper", to=str(receiver), text="keep   my card, 2 TG for you"
        )  # a form's text
        for s in (giver, receiver):
            line = _next_chat_or_error(ws[s])
            assert line == {**line, "type": "chat", "kind": "whisper", "seat": giver, "to": receiver}
            assert line["text"] == "keep my card, 2 TG for you"
        _send(ws[receiver], type="whisper", to=giver, text="agreed, my friend")
        for s in (giver, receiver):
            assert _next_chat_or_error(ws[s])["text"] == "agreed, my friend"

        # A third seat, a whisper to a third seat, a spectator, bad seats: refused, nothing sent.
        for sender, message, code in (
            (ws[third], {"to": giver}, "whisper_closed"),
            (ws[giver], {"to": third}, "whisper_closed"),
            (ws[giver], {"to": giver}, "whisper_closed"),
            (spectator, {"to": giver}, "not_seated"),
            (ws[giver], {"to": 9}, "bad_seat"),
            (ws[giver], {"to": "receiver"}, "bad_seat"),
            (ws[giver], {"to": True}, "bad_seat"),
            (ws[giver], {"to": receiver, "text": "   "}, "empty_chat"),
        ):
            _send(sender, type="whisper", **{"text": "psst", **message})
            answer = _next_chat_or_error(sender)
            assert answer["type"] == "error" and answer["code"] == code, (message, answer)

        # The third seat and the spectator get the next table talk and never the whispers before it.
        _send(ws[giver], type="chat", text="public line")
        for w in (*(ws[s] for s in others), spectator):
            line = _next_chat_or_error(w)
            assert line["kind"] == "chat" and line["text"] == "public line"
        for s in (giver, receiver):
            assert _next_chat_or_error(ws[s])["text"] == "public line"

        # The Envoy ends with the receiver's discard: the whisper closes.
        give = next(c["action"] for c in now[giver]["legal"] if c["action"]["type"] == "give_treaty")
        _send(ws[giver], type="act", action=give, version=now[giver]["version"])
        version = receive_until(ws[giver], "update")["version"]
        asked = _until_version(ws[receiver], version)
        discard = next(c["action"] for c in asked["legal"] if c["action"]["type"] == "discard_treaty")
        _send(ws[receiver], type="act", action=discard, version=asked["version"])
        version = receive_until(ws[receiver], "update")["version"]
        after = _until_version(ws[giver], version)
        assert after["observation"]["envoy"] is None and after["whisper_to"] == []
        _send(ws[giver], type="whisper", to=receiver, text="too late")
        assert _next_chat_or_error(ws[giver])["code"] == "whisper_closed"

    # Whispers are never kept: not in anyone's chat history, page or replay.
    for token in (tokens[str(giver)], tokens[str(receiver)], None):
        client.cookies.clear()
        if token:
            client.cookies.set(f"tc_seat_{table_id}", token)
        for path in (f"/t/{table_id}", f"/t/{table_id}/replay"):
            page = client.get(path).text
            assert "2 TG for you" not in page and "agreed, my friend" not in page
            assert "public line" in page or path.endswith("replay")
        with _ws(client, table_id, token) as again:
            history = receive_until(again, "chat_history")
            assert [m["text"] for m in history["messages"] if m["kind"] != "system"] == ["public line"]


def test_a_whisper_by_form_goes_to_its_own_address_and_is_refused_outside_an_envoy(
    client: TestClient,
) -> None:
    table_id, tokens = _started(client)
    client.cookies.set(f"tc_seat_{table_id}", tokens["1"])
    page = client.get(f"/t/{table_id}")
    assert "whisper-form" not in page.text  # nothing to whisper about before an Envoy
    answer = client.post(
        f"/t/{table_id}/whisper",
        data={"csrf": csrf_of(page.text), "to": "2", "text": "psst"},
        follow_redirects=False,
    )
    assert answer.status_code >= 400 and "whisper" in answer.text
    with _ws(client, table_id, tokens["1"]) as ws:
        history = receive_until(ws, "chat_history")
        assert all("psst" not in m["text"] for m in history["messages"])


def test_a_game_that_pairs_nobody_has_no_whisper(client: TestClient) -> None:
    created = create_table(client, seats=[{"kind": "human"}] * 4, game="verrater")
    table_id, tokens = created["table"], created["seat_tokens"]
    for token in tokens.values():
        client.get(f"/join/{table_id}/{token}", follow_redirects=False)
    client.cookies.clear()
    with _ws(client, table_id, tokens["0"]) as ws:
        assert receive_until(ws, "update")["whisper_to"] == []
        _send(ws, type="whisper", to=1, text="psst")
        answer = _next_chat_or_error(ws)
        assert answer["type"] == "error" and answer["code"] == "whisper_closed"
