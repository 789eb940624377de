"""Every write the server makes, when the database fails: refused as ``storage_unavailable``
with a message naming what was not saved, nothing changed in memory or on disk, the websocket
stays open and HTTP answers 503.  (Moves: test_hub_robustness.py.)

The outage is real: one of the database's tables is renamed away, so the write fails inside the
database and is rolled back, as it would be if the disk were full or the server gone."""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.server.test_hub_robustness import sqlite_settings
from tests.server.test_storage_replay import close_hub, open_hub, run
from tests.server.web_support import app_client, create_table, csrf_of, receive_until
from turncoat.server.live import WAITING, Conn, Hub, LiveTable, SeatSpec, ServerError
from turncoat.server.security import hash_token
from turncoat.server.storage import Store


@contextmanager
def outage(store: Store, table: str) -> Iterator[None]:
    """Writes to ``table`` fail until the block ends."""
    with store.engine.begin() as conn:
        conn.exec_driver_sql(f"ALTER TABLE {table} RENAME TO {table}_gone")
    try:
        yield
    finally:
        with store.engine.begin() as conn:
            conn.exec_driver_sql(f"ALTER TABLE {table}_gone RENAME TO {table}")


async def waiting_table(hub: Hub) -> tuple[LiveTable, dict[int, str]]:
    """Four human seats, seats 0 and 1 taken, seat 2 a friend's (invite link), seat 3 for anyone
    from the lobby: the game has not started."""
    table, _host, tokens = await hub.create_table(
        game_name="verrater",
        options={"players": 4},
        seats=[SeatSpec("human") for _ in range(3)] + [SeatSpec("human", lobby=True)],
        name="outage",
        turn_seconds=None,
        listed=True,
    )
    for seat in (0, 1):
        await hub.claim(table, seat, f"P{seat}", rotate=False)
    return table, tokens


def refused(err: pytest.ExceptionInfo[ServerError], what: str) -> bool:
    return (
        err.value.code == "storage_unavailable"
        and f"could not save {what}; nothing changed" in err.value.message
    )


def stored_seats(hub: Hub, table: LiveTable) -> list[tuple[str, str, str | None, bool]]:
    row = hub.store.load_table(table.id)
    assert row is not None
    return [(s.kind, s.name, s.token_hash, s.claimed) for s in row.seats]


def test_a_table_the_database_could_not_store_is_not_created(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        with outage(hub.store, "seats"), pytest.raises(ServerError) as err:  # the table row went in first
            await waiting_table(hub)
        assert refused(err, "the new table")
        assert hub.tables == {} and hub.store.load_all() == []
        await waiting_table(hub)  # the database is back
        await close_hub(hub)

    run(scenario())


def test_a_seat_the_database_could_not_store_is_not_taken(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        table, tokens = await waiting_table(hub)
        seats = [(s.kind, s.name, s.token_hash, s.claimed) for s in table.seats]
        assert stored_seats(hub, table) == seats
        with outage(hub.store, "seats"):
            with pytest.raises(ServerError) as err:
                await hub.claim(table, 2, "Cid", rotate=True)
            assert refused(err, "your seat")
            with pytest.raises(ServerError) as err:
                await hub.join_open_seat(table, "Dee")
            assert refused(err, "your seat")
            with pytest.raises(ServerError) as err:
                await hub.reissue(table, 2)
            assert refused(err, "the new invite link")
        assert [(s.kind, s.name, s.token_hash, s.claimed) for s in table.seats] == seats
        assert stored_seats(hub, table) == seats and table.open_seats() == [2, 3]
        assert table.seat_for_token(tokens[2]) == 2  # the old invite link still works
        await hub.claim(table, 2, "Cid", rotate=False)
        await hub.join_open_seat(table, "Dee")
        assert table.open_seats() == [] and table.status == "playing"
        await close_hub(hub)

    run(scenario())


def test_leaving_or_seating_a_bot_is_stored_with_its_chat_line_or_not_at_all(tmp_path: Path) -> None:
    """The seat and the system line announcing it are one write: when the chat table fails the
    seat is not changed either, and nothing is broadcast."""

    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        table, tokens = await waiting_table(hub)
        conn = Conn(viewer=0, fmt="json")
        hub.attach(table, conn)
        seats = [(s.kind, s.name, s.token_hash, s.claimed) for s in table.seats]
        with outage(hub.store, "chat"):
            with pytest.raises(ServerError) as err:
                await hub.leave(table, 0)
            assert refused(err, "that you left the seat")
            with pytest.raises(ServerError) as err:
                await hub.fill_with_bot(table, 2, "easy")
            assert refused(err, "the bot's seat")
        assert [(s.kind, s.name, s.token_hash, s.claimed) for s in table.seats] == seats
        assert stored_seats(hub, table) == seats and table.status == WAITING
        assert conn.viewer == 0 and table.seat_for_token(tokens[0]) == 0  # still seated
        assert not conn.outbox and hub.store.chat(table.id) == []
        await hub.leave(table, 0)  # the database is back: the seat and its line, together
        assert table.open_seats() == [0, 2, 3] and conn.viewer is None
        assert [m.text for m in hub.store.chat(table.id)] == ["P0 left seat 1."]
        assert [data["text"] for _kind, data in conn.outbox] == ["P0 left seat 1."]
        await close_hub(hub)

    run(scenario())


def test_a_chat_line_the_database_could_not_store_is_not_broadcast(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        table, _tokens = await waiting_table(hub)
        conn = Conn(viewer=1, fmt="json")
        hub.attach(table, conn)
        with outage(hub.store, "chat"), pytest.raises(ServerError) as err:
            await hub.chat(table, 0, "hello")
        assert refused(err, "your chat message")
        assert not conn.outbox and hub.store.chat(table.id) == []
        await close_hub(hub)

    run(scenario())


def test_the_websocket_reports_a_chat_or_seat_that_could_not_be_saved_and_stays_open(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        created = create_table(client, seats=[{"kind": "human"}] * 3)
        table_id, tokens = created["table"], created["seat_tokens"]
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        client.get(f"/join/{table_id}/{tokens['0']}")
        client.cookies.clear()
        with outage(hub.store, "seats"):  # opening the page claims seat 1: not saved, said so
            headers = {"cookie": f"tc_seat_{table_id}={tokens['1']}"}
            with client.websocket_connect(f"/ws/{table_id}", headers=headers) as ws:
                error = receive_until(ws, "error")
                assert error["code"] == "storage_unavailable" and "your seat" in error["message"]
                assert not hub.get(table_id).seats[1].claimed
                ws.send_text(json.dumps({"type": "hello", "token": tokens["1"]}))
                assert receive_until(ws, "error")["code"] == "storage_unavailable"
                ws.send_text(json.dumps({"type": "ping"}))
                assert receive_until(ws, "pong")["version"] == 0
        headers = {"cookie": f"tc_seat_{table_id}={tokens['0']}"}
        with client.websocket_connect(f"/ws/{table_id}", headers=headers) as ws:
            receive_until(ws, "update")
            receive_until(ws, "chat_history")  # read before the outage, not during it
            with outage(hub.store, "chat"):
                ws.send_text(json.dumps({"type": "chat", "text": "hello"}))
                error = receive_until(ws, "error")
                assert error["code"] == "storage_unavailable" and "your chat message" in error["message"]
            ws.send_text(json.dumps({"type": "chat", "text": "again"}))  # still open, and works
            assert receive_until(ws, "chat")["text"] == "again"
        assert [m.text for m in hub.store.chat(table_id)] == ["again"]


def hosted_table(client: TestClient) -> tuple[str, str]:
    """A table made from the lobby form, the host in seat 0 and two seats free (the client keeps
    the host's cookies); returns its id and a CSRF token."""
    csrf = csrf_of(client.get("/").text)
    form = {"csrf": csrf, "players": "3", "seat0": "me", "seat1": "human", "seat2": "open"}
    client.post("/tables", data=form | {"my_name": "Ann", "listed": "on"})
    (table,) = client.get("/api/tables").json()
    return table["id"], csrf


@pytest.mark.parametrize(
    ("path", "form", "lost", "what"),
    [
        ("/t/{id}/chat", {"text": "hello"}, "chat", "your chat message"),
        ("/t/{id}/name", {"name": "Bea"}, "seats", "your seat"),
        ("/t/{id}/leave", {}, "chat", "that you left the seat"),
        ("/t/{id}/seats/1/bot", {"agent": "easy"}, "chat", "the bot's seat"),
        ("/t/{id}/seats/1/invite", {}, "seats", "the new invite link"),
        ("/t/{id}/join", {"name": "Cid"}, "seats", "your seat"),
    ],
)
def test_a_form_whose_change_could_not_be_saved_gets_a_clear_page_and_changes_nothing(
    tmp_path: Path, path: str, form: dict[str, str], lost: str, what: str
) -> None:
    with app_client(tmp_path) as client:
        table_id, csrf = hosted_table(client)
        if path.endswith("/join"):  # someone else, from the lobby
            client.cookies.clear()
            csrf = csrf_of(client.get("/").text)
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        before = client.get(f"/api/tables/{table_id}").json()
        with outage(hub.store, lost):
            page = client.post(path.format(id=table_id), data={"csrf": csrf, **form})
        assert page.status_code == 503
        assert f"could not save {what}; nothing changed" in html.unescape(page.text)
        assert f'href="/t/{table_id}"' in page.text  # back to the table, which is as it was
        assert client.get(f"/api/tables/{table_id}").json() == before
        assert hub.store.chat(table_id) == []


def test_a_table_that_could_not_be_stored_gets_503_and_is_not_created(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        csrf = csrf_of(client.get("/").text)
        form = {"csrf": csrf, "players": "3", "seat0": "me", "seat1": "human", "seat2": "easy"}
        with outage(hub.store, "seats"):
            page = client.post("/tables", data=form, follow_redirects=False)
            api = client.post("/api/tables", json={"players": 3, "seats": [{"kind": "human"}] * 3})
        assert page.status_code == 503 and "could not save the new table" in html.unescape(page.text)
        assert "tc_host_" not in page.headers.get("set-cookie", "")
        assert api.status_code == 503 and api.json()["code"] == "storage_unavailable"
        assert "could not save the new table" in api.json()["message"]
        assert hub.tables == {} and hub.store.load_all() == []


def test_a_join_link_whose_seat_could_not_be_saved_gets_503(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        created = create_table(client, seats=[{"kind": "human"}] * 3)
        table_id, token = created["table"], created["seat_tokens"]["2"]
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        with outage(hub.store, "seats"):
            page = client.get(f"/join/{table_id}/{token}", follow_redirects=False)
        assert page.status_code == 503 and "could not save your seat" in page.text
        assert f"tc_seat_{table_id}" not in page.headers.get("set-cookie", "")
        assert not hub.get(table_id).seats[2].claimed
        assert hub.get(table_id).seats[2].token_hash == hash_token(token)
