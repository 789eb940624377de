"""Every read the server makes after start-up, when the database fails: the Store raises
StorageError naming what it could not read, HTTP answers 503 (a page or a JSON error) and the
websocket says so instead of going silent.  (Writes: test_storage_unavailable.py.)

The outage is real, as there: one of the database's tables is renamed away for a while."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.server.test_hub_robustness import finished_game, sqlite_settings
from tests.server.test_storage_replay import close_hub, open_hub, run
from tests.server.test_storage_unavailable import outage, waiting_table
from tests.server.web_support import app_client, create_table, receive_json, receive_until
from turncoat.server.live import OVER, Hub, ServerError
from turncoat.server.storage import StorageError

UNREADABLE_TABLE = "could not read this table from the database; try again"
UNREADABLE_CHAT = "could not read the chat of this table from the database; try again"


def finished_table_id(tmp_path: Path) -> str:
    """A finished game, stored and no longer in memory (the server was restarted)."""

    async def setup() -> str:
        hub = await open_hub(sqlite_settings(tmp_path))
        table = await finished_game(hub, 3)
        await close_hub(hub)
        return table.id

    return run(setup())


def test_store_reads_the_database_fails_raise_storage_error_naming_what(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        table, _tokens = await waiting_table(hub)
        store = hub.store
        unreadable_chat = f"could not read the chat of table {table.id}"
        with outage(store, "chat"), pytest.raises(StorageError, match=unreadable_chat):
            store.chat(table.id)
        with outage(store, "actions"):
            with pytest.raises(StorageError, match=f"could not read table {table.id}"):
                store.load_table(table.id)
            with pytest.raises(StorageError, match="could not read the tables"):
                store.load_all()
            with pytest.raises(StorageError, match=f"could not read the actions of table {table.id}"):
                store.actions(table.id)
        assert store.load_table(table.id) is not None and store.actions(table.id) == []  # back
        await close_hub(hub)

    run(scenario())


def test_a_finished_game_the_database_could_not_read_is_refused_and_opens_later(tmp_path: Path) -> None:
    table_id = finished_table_id(tmp_path)

    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        with outage(hub.store, "actions"), pytest.raises(ServerError) as err:
            await hub.fetch(table_id)
        assert err.value.code == "storage_unavailable" and err.value.message == UNREADABLE_TABLE
        assert table_id not in hub.finished  # nothing half-loaded is kept
        assert (await hub.fetch(table_id)).status == OVER  # the database is back
        await close_hub(hub)

    run(scenario())


def test_opening_a_finished_game_the_database_could_not_read_gives_503_everywhere(tmp_path: Path) -> None:
    table_id = finished_table_id(tmp_path)
    with app_client(tmp_path) as client:
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        with outage(hub.store, "actions"):
            page = client.get(f"/t/{table_id}")
            replay = client.get(f"/t/{table_id}/replay")
            api = client.get(f"/api/tables/{table_id}")
            with client.websocket_connect(f"/ws/{table_id}") as ws:
                error = receive_json(ws)
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_text()
        for response in (page, replay):
            assert response.status_code == 503 and UNREADABLE_TABLE in html.unescape(response.text)
        assert api.status_code == 503
        assert api.json()["code"] == "storage_unavailable" and api.json()["message"] == UNREADABLE_TABLE
        assert error["type"] == "error" and error["code"] == "storage_unavailable"
        assert error["message"] == UNREADABLE_TABLE
        assert closed.value.code == 1013  # try again later
        assert client.get(f"/t/{table_id}").status_code == 200  # the database is back


def test_a_table_page_whose_chat_could_not_be_read_gives_503(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        table_id = create_table(client, seats=[{"kind": "human"}] * 3)["table"]
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        with outage(hub.store, "chat"):
            page = client.get(f"/t/{table_id}")
        assert page.status_code == 503 and UNREADABLE_CHAT in html.unescape(page.text)
        assert f'href="/t/{table_id}"' in page.text  # try again: the table is as it was
        assert client.get(f"/t/{table_id}").status_code == 200


@pytest.mark.parametrize("fmt", ["json", "html"])
def test_the_websocket_says_the_chat_could_not_be_read_and_keeps_sending_updates(
    tmp_path: Path, fmt: str
) -> None:
    with app_client(tmp_path) as client:
        created = create_table(client, seats=[{"kind": "human"}] * 3)
        table_id, tokens = created["table"], created["seat_tokens"]
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        with outage(hub.store, "chat"), client.websocket_connect(f"/ws/{table_id}?format={fmt}") as ws:
            if fmt == "json":
                assert receive_json(ws)["type"] == "update"
                error = receive_json(ws)
                assert error["type"] == "error" and error["code"] == "storage_unavailable"
                assert error["message"] == UNREADABLE_CHAT
            else:
                assert UNREADABLE_CHAT not in html.unescape(ws.receive_text())  # the board
                assert UNREADABLE_CHAT in html.unescape(ws.receive_text())
            client.get(f"/join/{table_id}/{tokens['0']}")  # the table changes: still told
            if fmt == "json":
                update = receive_until(ws, "update")
                assert update["seats"][0]["claimed"] and not update["full"]
            else:
                assert "hx-swap-oob" in ws.receive_text()  # the new board
        with client.websocket_connect(f"/ws/{table_id}") as ws:  # the database is back
            receive_until(ws, "update")
            assert receive_until(ws, "chat_history")["messages"] == []


def test_the_websocket_reads_the_chat_again_on_resync(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        table_id = create_table(client, seats=[{"kind": "human"}] * 3)["table"]
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            receive_until(ws, "update")
            receive_until(ws, "chat_history")
            with outage(hub.store, "chat"):
                ws.send_text(json.dumps({"type": "resync"}))
                assert receive_until(ws, "update")["full"]
                assert receive_until(ws, "error")["message"] == UNREADABLE_CHAT
                ws.send_text(json.dumps({"type": "ping"}))
                assert receive_until(ws, "pong")["version"] == 0
            ws.send_text(json.dumps({"type": "resync"}))  # the database is back
            assert receive_until(ws, "update")["full"]
            assert receive_until(ws, "chat_history")["messages"] == []
