"""Treaty Skirmish through the real web app (in process): the generic table shows it from its
presentation, a seat's move changes the game, and a third seat never sees a treaty card."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.web_support import app_client, create_table, receive_until

FOUR_HUMANS = [{"kind": "human"}] * 4


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


def _act(ws: Any, action: dict[str, Any], version: Any) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "act", "action": action, "version": version}))
    return receive_until(ws, "update")


def test_a_table_of_treaty_skirmish_plays_an_envoy_in_the_browser(client: TestClient) -> None:
    table_id, tokens = _started(client)
    page = client.get(f"/t/{table_id}")
    assert page.status_code == 200 and "adaptation" in page.text.lower()
    with _ws(client, table_id, None) as spectator:
        first = receive_until(spectator, "update")
        actor = first["observation"]["actor"]
        envoy = {"type": "send_envoy", "race": "sol" if actor != 3 else "letnev"}
        with _ws(client, table_id, tokens[str(actor)]) as ws:
            mine = receive_until(ws, "update")
            assert envoy in [c["action"] for c in mine["legal"]]
            after = _act(ws, envoy, mine["version"])
            assert after["version"] > mine["version"]
            offer = next(c["action"] for c in after["legal"] if c["action"]["type"] == "give_treaty")
            done = _act(ws, offer, after["version"])
            assert done["version"] > after["version"]
        seen = receive_until(spectator, "update")
        while seen["version"] < done["version"]:
            seen = receive_until(spectator, "update")
        # the spectator sees that a card was handed over, never which
        assert seen["observation"]["treaties"]["pending"] == [
            actor,
            3 if actor != 3 else 1,
        ]  # Sol sit in seat 3 at 4 players
        shown = json.dumps(seen)
        assert '"faction": "' + offer["faction"] + '", "number"' not in shown
        assert "treaty_contents" not in shown
        assert "a treaty card in secret" in shown
