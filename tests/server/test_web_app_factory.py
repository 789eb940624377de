"""The app factory keeps no state between apps: two apps in one process, each with its own
settings, each answer by their own (host names, cookies, limits, tables)."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute, APIWebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.web_support import FOUR_MIXED, create_table, receive_until, settings_for
from turncoat.server import create_app
from turncoat.server.routes import ROUTERS

PADDED_PING = json.dumps({"type": "ping"}) + " " * 1000  # over 512 bytes, under 8192


def test_two_apps_in_one_process_each_follow_their_own_settings(tmp_path: Path) -> None:
    plain = create_app(settings_for(tmp_path / "plain", max_ws_message=512))
    secure = create_app(
        settings_for(tmp_path / "secure", allowed_hosts=("games.example",), secure_cookies=True)
    )
    with (
        TestClient(plain) as a,
        TestClient(secure, base_url="http://games.example") as b,
    ):
        # each answers to its own host names only
        assert a.get("/healthz").status_code == 200
        assert b.get("/healthz").status_code == 200
        assert a.get("/healthz", headers={"host": "games.example"}).json()["code"] == "bad_host"
        assert b.get("/healthz", headers={"host": "testserver"}).json()["code"] == "bad_host"

        # each sets its cookies as its settings say
        assert "secure" not in a.get("/").headers["set-cookie"].lower()
        assert "secure" in b.get("/").headers["set-cookie"].lower()

        # each holds its own tables
        table_id = create_table(a, FOUR_MIXED)["table"]
        assert a.get(f"/api/tables/{table_id}").status_code == 200
        missing = b.get(f"/api/tables/{table_id}")
        assert missing.status_code == 404 and missing.json()["code"] == "no_such_table"
        assert [t["id"] for t in b.get("/api/tables").json()] == []

        # the websocket reads its own app's limits: the same message is too large for one only
        with a.websocket_connect(f"/ws/{table_id}") as ws:
            ws.send_text(PADDED_PING)
            refusal = receive_until(ws, "error")
            assert refusal["code"] == "too_large" and "512 bytes" in refusal["message"]
        other = create_table(b, FOUR_MIXED)["table"]
        # not one of this app's host names
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            b.websocket_connect(f"ws://testserver/ws/{other}"),
        ):
            pass
        assert refused.value.code == 4403
        with b.websocket_connect(f"ws://games.example/ws/{other}") as ws:
            ws.send_text(PADDED_PING)
            assert receive_until(ws, "pong")["version"] >= 0


def test_a_malformed_number_in_a_url_is_refused_before_the_form_or_the_table(tmp_path: Path) -> None:
    """A seat number or replay step that is not a whole number is refused (422, naming the
    parameter) before the CSRF token is checked or the table is looked up."""
    with TestClient(create_app(settings_for(tmp_path))) as client:
        table_id = create_table(client, FOUR_MIXED)["table"]
        for table in (table_id, "no-such-table"):
            for url in (f"/t/{table}/seats/abc/bot", f"/t/{table}/seats/1.5/invite"):
                refused = client.post(url, data={})  # no CSRF token either
                assert refused.status_code == 422, url
                assert refused.json()["detail"][0]["loc"] == ["path", "seat"]
            refused = client.get(f"/t/{table}/replay?step=x&full=y")
            assert refused.status_code == 422
            assert [e["loc"] for e in refused.json()["detail"]] == [["query", "step"], ["query", "full"]]
        # well-formed numbers go on to the usual checks
        assert client.post(f"/t/{table_id}/seats/1/bot", data={}).status_code == 403  # no CSRF token
        assert client.get("/t/no-such-table/replay?step=1").status_code == 404
        assert client.get(f"/t/{table_id}/replay?step=1&full=1").status_code == 200


def _dependencies(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    for sub in dependant.dependencies:
        if sub.call is not None:
            yield sub.call
        yield from _dependencies(sub)


def test_every_dependency_of_every_route_runs_without_a_thread() -> None:
    """FastAPI runs a plain ``def`` dependency in its thread pool, which costs more per request than
    the lookups themselves; each is an ``async def`` that never blocks."""
    routes = [r for router in ROUTERS for r in router.routes if isinstance(r, APIRoute | APIWebSocketRoute)]
    # every route of the four routers (seat colours, skin stylesheets, whispers, a seat's preferences
    # as a form and through the API, each game's guide)
    assert len(routes) == 28
    in_threads = {
        f"{route.path}: {call.__name__}"
        for route in routes
        for call in _dependencies(route.dependant)
        if not inspect.iscoroutinefunction(call)
    }
    assert in_threads == set()
