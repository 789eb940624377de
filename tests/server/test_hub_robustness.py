"""The hub under pressure: many database threads, a failing database, damaged records and
many finished games."""

from __future__ import annotations

import asyncio
import html
import json
import random
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.server.test_storage_replay import close_hub, new_table, open_hub, play, run, stored_version
from tests.server.web_support import app_client, create_table, csrf_of, receive_until
from turncoat.core.record import encode_action, state_digest
from turncoat.server import live
from turncoat.server.live import SeatSpec, ServerError
from turncoat.server.settings import Settings
from turncoat.server.storage import StorageError, Store


def wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.01)


def sqlite_settings(tmp_path: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {"data_dir": tmp_path, "database_url": None, "bot_delay_s": 0.0}
    values.update(overrides)
    return Settings(**values)


def test_sqlite_moves_at_several_tables_share_one_group_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While one table's move is being committed, the moves of three other tables queue up and
    go to the database together in the next transaction; all four are stored and reload."""
    settings = sqlite_settings(tmp_path)
    groups: list[int] = []

    async def scenario() -> list[tuple[str, int, str]]:
        hub = await open_hub(settings)
        store = hub.store
        original = store._commit_group
        first = threading.Event()

        def slow_first_commit(group: list[Any]) -> None:
            groups.append(len(group))
            if not first.is_set():  # hold the first commit until the others are queued
                first.set()
                deadline = time.monotonic() + 5
                while len(store._queue) < 3 and time.monotonic() < deadline:
                    time.sleep(0.005)
            original(group)

        monkeypatch.setattr(store, "_commit_group", slow_first_commit)
        tables = [await new_table(hub) for _ in range(4)]
        moves = []
        for table in tables:
            (seat,) = table.game.to_act(table.state)
            moves.append(
                hub.submit(table, seat, [encode_action(table.game.legal_actions(table.state, seat)[0])], 0)
            )
        await asyncio.gather(*moves)
        seen = [(t.id, t.version, state_digest(t.state)) for t in tables]
        assert [stored_version(store, t.id) for t in tables] == [1, 1, 1, 1]
        await close_hub(hub)
        hub = await open_hub(settings)
        again = [(t, hub.get(t).version, state_digest(hub.get(t).state)) for t, _, _ in seen]
        assert again == seen
        await close_hub(hub)
        return seen

    run(scenario())
    assert sorted(groups) == [1, 3], groups


def test_many_concurrent_moves_on_sqlite_all_land_in_order(tmp_path: Path) -> None:
    """Eight tables played at once through several database threads: every move stored, each
    table's log in order, and a reload gives the same positions."""
    settings = sqlite_settings(tmp_path, snapshot_every=5)

    async def scenario() -> None:
        hub = await open_hub(settings)
        tables = [await new_table(hub) for _ in range(8)]
        await asyncio.gather(*(play(hub, t, 25, random.Random(i)) for i, t in enumerate(tables)))
        seen = {t.id: (t.version, state_digest(t.state)) for t in tables}
        await close_hub(hub)
        hub = await open_hub(settings)
        assert {i: (hub.get(i).version, state_digest(hub.get(i).state)) for i in seen} == seen
        assert all(hub.get(i).log_from == 0 for i in seen)  # every snapshot matched the replay
        await close_hub(hub)

    run(scenario())
    store = Store(settings.url())
    for row in store.load_all():
        assert [a.version for a in row.actions] == list(range(1, row.version + 1))
    store.close()


def failing_appends(monkeypatch: pytest.MonkeyPatch, store: Store) -> list[int]:
    """Make every append fail as a database outage would (rolled back); returns the attempts."""
    attempts: list[int] = []

    def append_actions(table_id: str, expected_version: int, *args: Any, **kwargs: Any) -> None:
        attempts.append(expected_version)
        raise StorageError(f"could not store the actions of table {table_id}: disk I/O error")

    monkeypatch.setattr(store, "append_actions", append_actions)
    return attempts


def test_a_database_failure_refuses_the_move_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        table = await new_table(hub)
        await play(hub, table, 3, random.Random(8))
        before = (
            table.version,
            table.status,
            state_digest(table.state),
            len(table.steps),
            len(table.actions),
        )
        (seat,) = table.game.to_act(table.state)
        move = encode_action(table.game.legal_actions(table.state, seat)[0])
        with monkeypatch.context() as patch:
            attempts = failing_appends(patch, hub.store)
            with pytest.raises(ServerError) as err:
                await hub.submit(table, seat, [move], 3)
        assert attempts == [3]
        assert err.value.code == "storage_unavailable" and "nothing changed" in err.value.message
        after = (table.version, table.status, state_digest(table.state), len(table.steps), len(table.actions))
        assert after == before and stored_version(hub.store, table.id) == 3
        await hub.submit(table, seat, [move], 3)  # the database is back: the same move goes through
        assert table.version == stored_version(hub.store, table.id) == 4
        await close_hub(hub)

    run(scenario())


def test_a_database_failure_is_reported_on_the_websocket_which_stays_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with app_client(tmp_path) as client:
        created = create_table(client, seats=[{"kind": "human"}] * 4)
        table_id, tokens = created["table"], created["seat_tokens"]
        for token in tokens.values():
            client.get(f"/join/{table_id}/{token}")
        client.cookies.clear()
        hub = client.app.state.hub  # type: ignore[attr-defined]
        table = hub.get(table_id)
        (actor,) = table.game.to_act(table.state)
        failing_appends(monkeypatch, hub.store)
        cookie = {"cookie": f"tc_seat_{table_id}={tokens[str(actor)]}"}
        with client.websocket_connect(f"/ws/{table_id}", headers=cookie) as ws:
            update = receive_until(ws, "update")
            move = update["legal"][0]["action"]
            ws.send_text(json.dumps({"type": "act", "action": move, "version": update["version"]}))
            error = receive_until(ws, "error")
            assert error["code"] == "storage_unavailable" and "try again" in error["message"]
            ws.send_text(json.dumps({"type": "ping"}))
            assert receive_until(ws, "pong")["version"] == 0
        assert client.get(f"/api/tables/{table_id}").json()["version"] == 0


def test_a_database_failure_on_the_plain_form_gives_a_clear_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with app_client(tmp_path) as client:
        created = create_table(client, seats=[{"kind": "human"}] + [{"kind": "bot"}] * 2)
        table_id, token = created["table"], created["seat_tokens"]["0"]
        client.get(f"/join/{table_id}/{token}")
        hub = client.app.state.hub  # type: ignore[attr-defined]
        table = hub.get(table_id)
        wait_for(lambda: 0 in table.game.to_act(table.state))
        page = client.get(f"/t/{table_id}").text
        action = html.unescape(re.search(r'name="action" value="([^"]+)"', page).group(1))  # type: ignore[union-attr]
        version = table.version
        failing_appends(monkeypatch, hub.store)
        form = {"csrf": csrf_of(page), "type": "act", "version": str(version), "action": action}
        refused = client.post(f"/t/{table_id}/act", data=form)
        assert refused.status_code == 503
        assert "could not save the move; nothing changed" in html.unescape(refused.text)
        assert f'href="/t/{table_id}"' in refused.text  # back to the table
        assert table.version == version


def test_a_bot_whose_move_could_not_be_saved_tries_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "STORAGE_RETRY_S", 0.01)

    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        original = hub.store.append_actions
        failures = [2]

        def flaky(*args: Any, **kwargs: Any) -> None:
            if failures[0] > 0:
                failures[0] -= 1
                raise StorageError("could not store the actions: database is locked")
            original(*args, **kwargs)

        monkeypatch.setattr(hub.store, "append_actions", flaky)
        table, _host, _tokens = await hub.create_table(
            game_name="verrater",
            options={"players": 4},
            seats=[SeatSpec("bot", agent="random") for _ in range(4)],
            name="bots",
            turn_seconds=None,
            listed=False,
        )
        for _ in range(500):
            if table.version >= 3:
                break
            await asyncio.sleep(0.01)
        assert failures == [0] and table.version >= 3
        await close_hub(hub)

    run(scenario())
