"""Committing supply cards over the websocket: the card values must travel with the message."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.server.web_support import app_client, create_table, receive_json, receive_until


def _seat_update(ws: Any, token: str, seat: int) -> dict[str, Any]:
    """Bind the connection to a seat (hello) and read that seat's full update."""
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    while True:
        update = receive_until(ws, "update")
        if update["seat"] == seat and update["full"]:
            return update


def test_a_commit_without_the_card_values_is_refused_and_commits_nothing(tmp_path: Path) -> None:
    """A client that loses the ticked cards (as the browser once did) must get an error, not a
    silent "done committing (total 0)"; the same message with its values commits them."""
    with app_client(tmp_path) as client:
        created = create_table(client, seats=[{"kind": "human"}] * 4)
        table_id, tokens = created["table"], created["seat_tokens"]
        for token in tokens.values():
            client.get(f"/join/{table_id}/{token}", follow_redirects=False)
        client.cookies.clear()
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            update = receive_until(ws, "update")
            while True:  # play the first legal choice for whoever acts, up to the first commit
                (actor,) = update["observation"]["to_act"]
                update = _seat_update(ws, tokens[str(actor)], actor)
                if update["observation"]["step"] == "commit":
                    break
                act = {"type": "act", "action": update["legal"][0]["action"], "version": update["version"]}
                ws.send_text(json.dumps(act))
                update = receive_until(ws, "update")
            version = update["version"]
            ws.send_text(json.dumps({"type": "commit_set", "version": version}))
            refusal = receive_json(ws)
            while refusal["type"] == "chat_history":  # sent after a full update
                refusal = receive_json(ws)
            assert refusal["type"] == "error" and refusal["code"] == "bad_values", refusal
            assert "card values" in refusal["message"]
            assert client.get(f"/api/tables/{table_id}").json()["version"] == version

            ws.send_text(json.dumps({"type": "commit_set", "values": [5, 3], "version": version}))
            after = receive_until(ws, "update")
            seat = next(s for s in after["observation"]["seats"] if s["seat"] == actor)
            assert seat["committed"] == [5, 3] and sorted(after["observation"]["hand"]) == [4]
            assert any(line.endswith("is done committing (total 8).") for line in after["log"])
