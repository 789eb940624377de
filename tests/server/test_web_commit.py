"""Submitting a set decision over the websocket (Verräter's commit step): the picks travel with
the message, as JSON objects, and go in whole or not at all."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from tests.server.web_support import (
    app_client,
    create_table,
    csrf_of,
    receive_json,
    receive_until,
    seat_cookie,
)


def _seat_update(ws: Any, token: str, seat: int) -> dict[str, Any]:
    """Bind the connection to a seat (hello) and read that seat's full update."""
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    while True:
        update = receive_until(ws, "update")
        if update["seat"] == seat and update["full"]:
            return update


def _to_commit(client: Any, ws: Any, tokens: dict[str, str]) -> dict[str, Any]:
    """Play the first legal choice for whoever acts, up to the first seat's commit step."""
    update = receive_until(ws, "update")
    while True:
        (actor,) = update["observation"]["to_act"]
        update = _seat_update(ws, tokens[str(actor)], actor)
        if update["observation"]["step"] == "commit":
            return update
        act = {"type": "act", "action": update["legal"][0]["action"], "version": update["version"]}
        ws.send_text(json.dumps(act))
        update = receive_until(ws, "update")


def _refusal(ws: Any) -> dict[str, Any]:
    message = receive_json(ws)
    while message["type"] == "chat_history":  # sent after a full update
        message = receive_json(ws)
    assert message["type"] == "error", message
    return message


def test_a_set_decision_is_submitted_whole_and_a_bad_submission_commits_nothing(tmp_path: Path) -> None:
    """RULES §5 step 3 as one submission: the ticked cards, then finish.  A client that loses
    the ticked cards (as the browser once did) must get an error, not a silent "done
    committing (total 0)"; a submission with one refused move plays none of them."""
    with app_client(tmp_path) as client:
        created = create_table(client, seats=[{"kind": "human"}] * 4)
        table_id, tokens = created["table"], created["seat_tokens"]
        for token in tokens.values():
            client.get(f"/join/{table_id}/{token}", follow_redirects=False)
        client.cookies.clear()
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            update = _to_commit(client, ws, tokens)
            version, actor = update["version"], update["seat"]
            (decision,) = [d for d in update["decisions"] if d["shape"] == "set"]
            finish = decision["finish"]["action"]
            assert finish == {"type": "finish_committing"}
            by_value = {c["action"]["value"]: c["action"] for c in decision["choices"]}

            def refused(message: dict[str, Any]) -> dict[str, Any]:
                ws.send_text(json.dumps({"type": "submit", "version": version, **message}))
                refusal = _refusal(ws)
                assert client.get(f"/api/tables/{table_id}").json()["version"] == version
                return refusal

            lost = refused({"finish": finish})  # no list of picks at all
            assert lost["code"] == "malformed_action" and "list of actions" in lost["message"]
            text = refused({"actions": [json.dumps(by_value[5])], "finish": finish})  # JSON inside JSON
            assert text["code"] == "malformed_action" and "not a string" in text["message"]
            wrong = refused(
                {"actions": [by_value[5], {"type": "commit_supply", "value": 9}], "finish": finish}
            )
            assert wrong["kind"] == "illegal" and wrong["message"].startswith("move 2 of the submission")

            ws.send_text(
                json.dumps(
                    {
                        "type": "submit",
                        "actions": [by_value[5], by_value[3]],
                        "finish": finish,
                        "version": version,
                    }
                )
            )
            after = receive_until(ws, "update")
            seat = next(s for s in after["observation"]["seats"] if s["seat"] == actor)
            assert seat["committed"] == [5, 3] and sorted(after["observation"]["hand"]) == [4]
            assert after["version"] == version + 3  # two cards and the finish, each in the record
            assert any(line.endswith("is done committing (total 8).") for line in after["log"])


def test_an_action_sent_as_json_text_is_refused(tmp_path: Path) -> None:
    """Actions travel once, as JSON objects: an act whose action is a string is refused."""
    with app_client(tmp_path) as client:
        created = create_table(client, seats=[{"kind": "human"}] * 4)
        table_id, tokens = created["table"], created["seat_tokens"]
        for token in tokens.values():
            client.get(f"/join/{table_id}/{token}", follow_redirects=False)
        client.cookies.clear()
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            update = receive_until(ws, "update")
            (actor,) = update["observation"]["to_act"]
            update = _seat_update(ws, tokens[str(actor)], actor)
            action = update["legal"][0]["action"]
            ws.send_text(
                json.dumps({"type": "act", "action": json.dumps(action), "version": update["version"]})
            )
            refusal = _refusal(ws)
            assert refusal["code"] == "malformed_action" and "not a string" in refusal["message"]
            assert client.get(f"/api/tables/{table_id}").json()["version"] == update["version"]


def test_a_set_decision_is_submitted_by_the_plain_form_too(tmp_path: Path) -> None:
    """Without JavaScript the commit form posts each ticked card as a ``pick`` (one action's
    JSON each) with the ``finish``: the same submission, parsed once, all or nothing."""
    with app_client(tmp_path) as client:
        created = create_table(client, seats=[{"kind": "human"}] * 4)
        table_id, tokens = created["table"], created["seat_tokens"]
        for token in tokens.values():
            client.get(f"/join/{table_id}/{token}", follow_redirects=False)
        client.cookies.clear()
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            update = _to_commit(client, ws, tokens)
        version, actor = update["version"], update["seat"]
        (decision,) = [d for d in update["decisions"] if d["shape"] == "set"]
        by_value = {c["action"]["value"]: json.dumps(c["action"]) for c in decision["choices"]}
        client.cookies.update(seat_cookie(table_id, tokens[str(actor)]))
        csrf = csrf_of(client.get(f"/t/{table_id}").text)
        form = {"csrf": csrf, "version": str(version), "finish": json.dumps(decision["finish"]["action"])}

        bad = client.post(f"/t/{table_id}/act", data={**form, "pick": [by_value[5], "{not json"]})
        assert bad.status_code == 400 and "the action is not valid JSON" in html.unescape(bad.text)
        assert client.get(f"/api/tables/{table_id}").json()["version"] == version

        done = client.post(
            f"/t/{table_id}/act", data={**form, "pick": [by_value[5], by_value[3]]}, follow_redirects=False
        )
        assert done.status_code == 303
        assert client.get(f"/api/tables/{table_id}").json()["version"] == version + 3
        client.cookies.clear()
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            after = _seat_update(ws, tokens[str(actor)], actor)
        seat = next(s for s in after["observation"]["seats"] if s["seat"] == actor)
        assert seat["committed"] == [5, 3] and sorted(after["observation"]["hand"]) == [4]
