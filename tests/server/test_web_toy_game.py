"""A game the server knows nothing about plays to its end through the websocket's JSON messages.

The toy game ``sealed_bids`` (registered by importing it) has its own presentation and a
simultaneous sealed bid; the server offers its decisions and writes its log from that alone.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import turncoat.core.testing.toy  # noqa: F401  (registers sealed_bids)
from tests.server.web_support import app_client, create_table, receive_json, receive_until
from turncoat.core.present import SEAT_STYLES

NAMES = ["Ann", "Bea", "Cyd"]


def _seat_update(ws: Any, token: str, seat: int) -> dict[str, Any]:
    """Bind the connection to a seat (hello) and read that seat's full update."""
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    while True:
        update = receive_until(ws, "update")
        if update["seat"] == seat and update["full"]:
            return update


def _next_update(ws: Any) -> dict[str, Any]:
    """The next update, failing on a refusal (every move sent here must be taken)."""
    while True:
        message = receive_json(ws)
        assert message["type"] != "error", message
        if message["type"] == "update":
            return message


def test_the_toy_game_plays_to_its_end_through_the_websocket(tmp_path: Path) -> None:
    seats = [{"kind": "human", "name": name} for name in NAMES]
    with app_client(tmp_path) as client:
        created = create_table(client, seats=seats, game="sealed_bids")
        table_id, tokens = created["table"], created["seat_tokens"]
        for token in tokens.values():
            client.get(f"/join/{table_id}/{token}", follow_redirects=False)
        client.cookies.clear()
        summary = client.get(f"/api/tables/{table_id}").json()
        assert summary["name"] == "Sealed Bids table" and summary["status"] == "playing"
        rng = random.Random(9)
        moves = 0
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            update = receive_until(ws, "update")
            assert [(s["name"], s["colour"], s["mark"]) for s in update["seats"]] == [
                (name, style.colour, style.mark) for name, style in zip(NAMES, SEAT_STYLES, strict=False)
            ]
            assert update["step"] and update["decisions"] == [] and update["legal"] == []  # a spectator
            while update["outcome"] is None:
                seat = update["to_act"][0]
                update = _seat_update(ws, tokens[str(seat)], seat)
                assert any(f"{NAMES[seat]}'s favourite is the" in line for line in update["log"])
                (decision,) = update["decisions"]
                choice = rng.choice(decision["choices"])
                offered = [d["action"] for d in update["legal"]]
                assert choice["action"] in offered and choice["label"]
                version = update["version"]
                ws.send_text(json.dumps({"type": "act", "action": choice["action"], "version": version}))
                update = _next_update(ws)
                moves += 1
                assert update["version"] == version + 1 and not update["full"]
                said = " ".join(update["log"])
                if decision["shape"] == "number":  # a sealed bid: only its maker sees the amount
                    assert f"{NAMES[seat]} seals a bid." in said
                    assert f"({NAMES[seat]} bid {choice['action']['amount']}.)" in said
                else:
                    assert f"{NAMES[seat]} {choice['label'].split()[0].lower()}s the" in said
            assert update["status"] == "over" and "Game over." in update["log"][-1]
            assert update["scores"] is not None and len(update["scores"]["rows"]) == len(NAMES)
            assert update["decisions"] == [] and update["clocks"] == {}
        final = client.get(f"/api/tables/{table_id}").json()
        assert final["status"] == "over" and final["version"] == moves


def test_the_state_api_shows_each_viewer_its_own_update(tmp_path: Path) -> None:
    """``GET /api/tables/{id}/state``: a seat's full update with its own secret (its favourite
    prize) and its decision; a spectator's without either."""
    seats = [{"kind": "human", "name": name} for name in NAMES]
    with app_client(tmp_path) as client:
        created = create_table(client, seats=seats, game="sealed_bids")
        table_id, tokens = created["table"], created["seat_tokens"]
        for token in tokens.values():
            client.get(f"/join/{table_id}/{token}", follow_redirects=False)
        client.cookies.clear()
        spectator = client.get(f"/api/tables/{table_id}/state").json()
        assert spectator["type"] == "update" and spectator["seat"] is None and spectator["full"]
        assert spectator["decisions"] == [] and not any("favourite is" in x for x in spectator["log"])
        client.cookies.update({f"tc_seat_{table_id}": tokens["1"]})
        mine = client.get(f"/api/tables/{table_id}/state").json()
        assert mine["seat"] == 1 and [d["shape"] for d in mine["decisions"]] == ["number"]
        assert [x for x in mine["log"] if "favourite is" in x] == [
            x for x in mine["log"] if x.startswith("Bea's favourite is the")
        ]
        assert any(x.startswith("Bea's favourite is the") for x in mine["log"])


def test_a_sealed_answer_is_taken_after_another_seat_answered_first(tmp_path: Path) -> None:
    """Two people bid at once: Bea answers first and the table moves on, yet Ann's bid, sent
    against the version she saw, still answers her unchanged decision and is taken; an answer
    against a version whose choices have since changed is still refused."""
    seats = [{"kind": "human", "name": name} for name in NAMES]
    with app_client(tmp_path) as client:
        created = create_table(client, seats=seats, game="sealed_bids")
        table_id, tokens = created["table"], created["seat_tokens"]
        for token in tokens.values():
            client.get(f"/join/{table_id}/{token}", follow_redirects=False)
        client.cookies.clear()
        with (
            client.websocket_connect(f"/ws/{table_id}") as ann,
            client.websocket_connect(f"/ws/{table_id}") as bea,
        ):
            mine = _seat_update(ann, tokens["0"], 0)
            hers = _seat_update(bea, tokens["1"], 1)
            assert sorted(mine["to_act"]) == [0, 1, 2]  # the round opens with everyone bidding at once
            seen = mine["version"]
            bea.send_text(json.dumps({"type": "act", "action": hers["legal"][0]["action"], "version": seen}))
            moved = _next_update(bea)
            assert moved["version"] == seen + 1
            ann.send_text(json.dumps({"type": "act", "action": mine["legal"][0]["action"], "version": seen}))
            taken = _next_update(ann)
            while taken["version"] < seen + 2:
                taken = _next_update(ann)
            assert 0 not in taken["to_act"] and taken["version"] == seen + 2
            # Bea's decision is over: an answer against the old version is refused, nothing moves.
            bea.send_text(json.dumps({"type": "act", "action": hers["legal"][0]["action"], "version": seen}))
            while True:
                message = receive_json(bea)
                if message["type"] == "error":
                    break
            assert message["code"] in ("stale_version", "illegal_action", "not_your_turn"), message
            assert client.get(f"/api/tables/{table_id}").json()["version"] == seen + 2
