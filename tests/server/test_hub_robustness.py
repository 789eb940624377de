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
from sqlalchemy import update
from starlette.websockets import WebSocketDisconnect

from tests.server.test_storage_replay import (
    SNAPSHOT_EVERY,
    close_hub,
    in_memory,
    new_table,
    open_hub,
    play,
    run,
    stored_version,
    tamper,
    views_of,
)
from tests.server.web_support import app_client, create_table, csrf_of, receive_until
from turncoat.core.record import encode_action
from turncoat.server.hub import base as hub_base
from turncoat.server.hub import runner
from turncoat.server.live import BROKEN, OVER, PLAYING, Hub, LiveTable, SeatSpec, ServerError, build_payload
from turncoat.server.restore import RECORD_DAMAGED, RULES_CHANGED
from turncoat.server.schema import snapshots_t, tables_t
from turncoat.server.settings import Settings
from turncoat.server.storage import StorageError, Store


# Generous limits: bots move in spawned processes, which start slowly on a loaded 2-core machine.
def wait_for(condition: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.01)


async def until(condition: Callable[[], bool], timeout: float = 60.0) -> None:
    """Wait (without blocking the event loop) until the condition holds or the time is up."""
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        await asyncio.sleep(0.01)


def fail_next_appends(monkeypatch: pytest.MonkeyPatch, store: Store, times: int) -> list[int]:
    """The store's next ``times`` appends fail as a locked database would; returns the countdown."""
    original = store.append_actions
    failures = [times]

    def flaky(*args: Any, **kwargs: Any) -> None:
        if failures[0] > 0:
            failures[0] -= 1
            raise StorageError("could not store the actions: database is locked")
        original(*args, **kwargs)

    monkeypatch.setattr(store, "append_actions", flaky)
    return failures


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
            (seat,) = table.play.to_act()
            moves.append(hub.submit(table, seat, [encode_action(table.play.legal_actions(seat)[0])], 0))
        await asyncio.gather(*moves)
        seen = [(t.id, t.version, t.play.snapshot()[1]) for t in tables]
        assert [stored_version(store, t.id) for t in tables] == [1, 1, 1, 1]
        await close_hub(hub)
        hub = await open_hub(settings)
        again = [(t, hub.get(t).version, hub.get(t).play.snapshot()[1]) for t, _, _ in seen]
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
        seen = {t.id: (t.version, t.play.snapshot()[1]) for t in tables}
        await close_hub(hub)
        hub = await open_hub(settings)
        assert {i: (hub.get(i).version, hub.get(i).play.snapshot()[1]) for i in seen} == seen
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
        before = (table.status, *in_memory(table))
        (seat,) = table.play.to_act()
        move = encode_action(table.play.legal_actions(seat)[0])
        with monkeypatch.context() as patch:
            attempts = failing_appends(patch, hub.store)
            with pytest.raises(ServerError) as err:
                await hub.submit(table, seat, [move], 3)
        assert attempts == [3]
        assert err.value.code == "storage_unavailable" and "nothing changed" in err.value.message
        after = (table.status, *in_memory(table))
        assert after == before and stored_version(hub.store, table.id) == 3
        await hub.submit(table, seat, [move], 3)  # the database is back: the same move goes through
        assert table.version == stored_version(hub.store, table.id) == 4
        await close_hub(hub)

    run(scenario())


def test_a_move_stored_although_its_commit_was_reported_failed_is_caught_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commit went in but its acknowledgement was lost: memory is one move behind the
    database.  The next move is refused as stale, the table catches up with what is stored, and
    play goes on from there instead of refusing every move until a restart."""

    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        table = await new_table(hub)
        await play(hub, table, 3, random.Random(8))
        (seat,) = table.play.to_act()
        move = encode_action(table.play.legal_actions(seat)[0])
        original = hub.store.append_actions

        def lost_ack(*args: Any, **kwargs: Any) -> None:
            original(*args, **kwargs)
            raise StorageError("could not store the actions: connection lost during commit")

        with monkeypatch.context() as patch:
            patch.setattr(hub.store, "append_actions", lost_ack)
            with pytest.raises(ServerError) as err:
                await hub.submit(table, seat, [move], 3)
        assert err.value.code == "storage_unavailable"
        assert table.version == 3 and stored_version(hub.store, table.id) == 4  # memory is behind
        with pytest.raises(ServerError) as err:
            await hub.submit(table, seat, [move], 3)  # the player tries again
        assert err.value.code == "stale_version"
        assert table.version == 4 and len(table.play.record.actions) == 4 and len(table.play.steps) == 5
        (nxt,) = table.play.to_act()
        await hub.submit(table, nxt, [encode_action(table.play.legal_actions(nxt)[0])], 4)
        assert table.version == stored_version(hub.store, table.id) == 5
        digest = table.play.snapshot()[1]
        await close_hub(hub)
        hub = await open_hub(sqlite_settings(tmp_path))  # what a restart rebuilds is the same game
        assert hub.get(table.id).play.snapshot()[1] == digest
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
        (actor,) = table.play.to_act()
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
        wait_for(lambda: 0 in table.play.to_act())
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
    monkeypatch.setattr(runner, "STORAGE_RETRY_S", 0.01)

    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        failures = fail_next_appends(monkeypatch, hub.store, 2)
        table, _host, _tokens = await hub.create_table(
            game_name="verrater",
            options={"players": 4},
            seats=[SeatSpec("bot", agent="random") for _ in range(4)],
            name="bots",
            turn_seconds=None,
            listed=False,
        )
        await until(lambda: table.version >= 3)
        assert failures == [0] and table.version >= 3
        await close_hub(hub)

    run(scenario())


def damage(url: str, table: Any, **values: Any) -> None:
    """Overwrite stored rows the way a damaged database or an old server version would."""
    store = Store(url)
    with store.engine.begin() as conn:
        if "snapshot_version" in values:
            version = values.pop("snapshot_version")
            conn.execute(
                update(snapshots_t)
                .where(snapshots_t.c.table_id == table, snapshots_t.c.version == version)
                .values(**values)
            )
        else:
            conn.execute(update(tables_t).where(tables_t.c.id == table).values(**values))
    store.close()


def stored_record(url: str) -> dict[str, Any]:
    store = Store(url)
    record = {r.id: (r.version, r.actions, r.snapshot_digests, r.snapshot) for r in store.load_all()}
    store.close()
    return record


def test_every_snapshot_is_checked_not_only_the_latest(tmp_path: Path) -> None:
    """A snapshot half-way that disagrees with the replay is noticed: the position is then taken
    from the latest snapshot (and is the same)."""
    settings = sqlite_settings(tmp_path, snapshot_every=SNAPSHOT_EVERY)

    async def scenario() -> None:
        hub = await open_hub(settings)
        table = await new_table(hub)
        await play(hub, table, 17, random.Random(11))  # snapshots at 7 and 14
        before = (table.version, table.play.snapshot()[1], views_of(table))
        await close_hub(hub)
        damage(settings.url(), table.id, snapshot_version=7, digest="0" * 64)
        hub = await open_hub(settings)
        again = hub.get(table.id)
        assert again.log_from == 14 and again.status == PLAYING
        assert (again.version, again.play.snapshot()[1], views_of(again)) == before
        await close_hub(hub)

    run(scenario())


def test_a_table_that_cannot_be_recovered_is_broken_alone_and_keeps_its_log(tmp_path: Path) -> None:
    """Recovery itself fails (a snapshot the state type no longer reads; a damaged action after
    the latest snapshot; a rules change with a damaged snapshot): only those tables are broken,
    the server starts, the other table plays on, and nothing stored changes."""
    settings = sqlite_settings(tmp_path, snapshot_every=SNAPSHOT_EVERY)
    url = settings.url()

    async def setup() -> list[str]:
        hub = await open_hub(settings)
        ids = []
        for i in range(4):
            table = await new_table(hub)
            await play(hub, table, 17, random.Random(20 + i))
            ids.append(table.id)
        await close_hub(hub)
        return ids

    unreadable_snapshot, damaged_tail, rules_changed, fine = run(setup())
    tamper(url, unreadable_snapshot, 2)
    damage(url, unreadable_snapshot, snapshot_version=14, state='{"not": "a state"}')
    tamper(url, damaged_tail, 16)  # after the latest snapshot (14)
    damage(url, rules_changed, rules_version="an older rules version")
    damage(url, rules_changed, snapshot_version=14, state="not JSON at all")
    record = stored_record(url)

    async def restart() -> None:
        hub = await open_hub(settings)
        for table_id, problem in [
            (unreadable_snapshot, RECORD_DAMAGED),
            (damaged_tail, RECORD_DAMAGED),
            (rules_changed, RULES_CHANGED),
        ]:
            broken = hub.get(table_id)
            assert (broken.status, broken.problem) == (BROKEN, problem)
            assert broken.summary()["problem"] == problem
            payload = build_payload(broken, 0, -1)  # no half-replayed position, for anyone
            assert payload.observation is None and payload.legal == [] and payload.status == BROKEN
        assert hub.get(fine).status == PLAYING and hub.get(fine).problem is None
        await play(hub, hub.get(fine), 2, random.Random(1))
        await close_hub(hub)

    run(restart())
    after = stored_record(url)
    assert after.pop(fine)[0] == 19
    record.pop(fine)
    assert after == record  # the broken tables' logs and snapshots are untouched


def test_a_broken_table_says_plainly_that_it_cannot_continue(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path, snapshot_every=1000)

    async def setup() -> tuple[str, str]:
        hub = await open_hub(settings)
        table, _host, tokens = await hub.create_table(
            game_name="verrater",
            options={"players": 4},
            seats=[SeatSpec("human") for _ in range(4)],
            name="damaged",
            turn_seconds=None,
            listed=True,
        )
        for seat in range(4):
            await hub.claim(table, seat, None, rotate=False)
        await play(hub, table, 6, random.Random(4))
        await close_hub(hub)
        return table.id, tokens[0]

    table_id, token = run(setup())
    tamper(settings.url(), table_id, 3)
    with app_client(tmp_path, snapshot_every=1000) as client:
        client.cookies.update({f"tc_seat_{table_id}": token})
        page = client.get(f"/t/{table_id}")
        assert page.status_code == 200
        text = html.unescape(page.text)
        assert "cannot continue" in text and RECORD_DAMAGED in text and "“damaged”" in text
        assert 'class="player seat-' not in text and "your turn" not in text  # no board, no hand
        assert "not_an_action" not in text and "malformed" not in text  # not the engine's message
        summary = client.get(f"/api/tables/{table_id}").json()
        assert (summary["status"], summary["problem"], summary["version"]) == (BROKEN, RECORD_DAMAGED, 6)
        replay = client.get(f"/t/{table_id}/replay?step=2")
        assert replay.status_code == 409 and "cannot continue" in html.unescape(replay.text)
        lobby = client.get("/").text
        open_tables = lobby[lobby.index('id="open-tables"') :]
        assert table_id not in open_tables  # not offered in the lobby
        mine = lobby[lobby.index('id="my-games"') : lobby.index('id="open-tables"')]
        assert "cannot continue" in mine  # its player is told, under My games
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            refusal = receive_until(ws, "error")
            assert refusal["code"] == "broken" and RECORD_DAMAGED in refusal["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4410
        with client.websocket_connect(f"/ws/{table_id}?format=html") as ws:
            assert RECORD_DAMAGED in html.unescape(ws.receive_text())
    assert stored_record(settings.url())[table_id][0] == 6


async def finished_game(hub: Hub, seed: int) -> LiveTable:
    """A short game (one round) played to its end by random legal moves."""
    table, _host, _tokens = await hub.create_table(
        game_name="verrater",
        options={"players": 4, "rounds": 1},
        seats=[SeatSpec("human") for _ in range(4)],
        name=f"finished {seed}",
        turn_seconds=None,
        listed=True,
    )
    for seat in range(4):
        await hub.claim(table, seat, None, rotate=False)
    await play(hub, table, 10_000, random.Random(seed))
    assert table.status == OVER
    return table


def test_finished_games_do_not_count_towards_max_tables(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path, max_tables=1)

    async def scenario() -> None:
        hub = await open_hub(settings)
        await finished_game(hub, 1)
        live = await new_table(hub)  # the finished game leaves its place free
        with pytest.raises(ServerError) as err:
            await new_table(hub)
        assert err.value.code == "too_many_tables"
        await play(hub, live, 10_000, random.Random(2))
        await close_hub(hub)
        hub = await open_hub(settings)  # after a restart too: two finished games, room for one
        await new_table(hub)
        await close_hub(hub)

    run(scenario())


def test_finished_games_are_loaded_only_when_opened_and_few_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hub_base, "FINISHED_KEPT", 2)
    settings = sqlite_settings(tmp_path)

    async def scenario() -> None:
        hub = await open_hub(settings)
        games = [await finished_game(hub, seed) for seed in range(3)]
        seen = {t.id: (t.version, t.play.snapshot()[1]) for t in games}
        assert list(hub.finished) == [t.id for t in games[1:]] and not hub.tables
        await close_hub(hub)
        hub = await open_hub(settings)
        assert not hub.tables and not hub.finished  # nothing finished is loaded at start-up
        for table_id, (version, digest) in seen.items():
            table = await hub.fetch(table_id)
            assert (table.status, table.version, table.play.snapshot()[1]) == (OVER, version, digest)
        assert list(hub.finished) == list(seen)[1:]
        with pytest.raises(ServerError) as err:
            await hub.fetch("no-such-table")
        assert err.value.code == "no_such_table"
        await close_hub(hub)

    run(scenario())


def test_a_finished_game_opens_after_a_restart_with_its_end_screen_and_replay(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path)

    async def setup() -> str:
        hub = await open_hub(settings)
        table = await finished_game(hub, 7)
        await close_hub(hub)
        return table.id

    table_id = run(setup())
    with app_client(tmp_path) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert table_id not in hub.tables and table_id not in hub.finished
        page = client.get(f"/t/{table_id}")
        assert page.status_code == 200
        assert (
            "Game over" in page.text
            and "Final score breakdown" in page.text
            and "Round by round" in page.text
        )
        first = client.get(f"/t/{table_id}/replay?step=0")
        assert first.status_code == 200 and "Step 0 of" in first.text
        everything = client.get(f"/t/{table_id}/replay?step=5&full=1").text
        assert "Everything at this step" in everything
        assert client.get(f"/api/tables/{table_id}").json()["status"] == OVER
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            update = receive_until(ws, "update")
            assert update["status"] == OVER and update["outcome"] is not None and update["legal"] == []
        assert client.get("/t/nosuchtable").status_code == 404


def test_a_timeout_move_that_could_not_be_saved_gets_a_new_timer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        failures = fail_next_appends(monkeypatch, hub.store, 1)
        table, _host, _tokens = await hub.create_table(
            game_name="verrater",
            options={"players": 4},
            seats=[SeatSpec("human") for _ in range(4)],
            name="timers",
            turn_seconds=5,
            listed=False,
        )
        monkeypatch.setattr(table, "turn_seconds", 0.02)  # the timer starts when the last seat is taken
        for seat in range(4):
            await hub.claim(table, seat, None, rotate=False)
        await until(lambda: table.version >= 1)
        assert failures == [0] and table.version >= 1
        assert hub.store.actions(table.id)[0].source == "timeout"
        await close_hub(hub)

    run(scenario())


def test_the_leave_button_goes_away_with_the_update_that_ends_the_game(tmp_path: Path) -> None:
    """The Links panel's "Leave my seat" is part of every websocket update, not only the page."""
    from turncoat.server import views
    from turncoat.server.adapters import level_choices

    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))

        def update(table: LiveTable) -> str:
            return views.update_html(
                table, build_payload(table, 0, -1), is_host=False, csrf="x", levels=level_choices(table.game)
            )

        playing = update(await new_table(hub))
        assert '<div id="leave" hx-swap-oob="true">' in playing and "Leave my seat" in playing
        over = update(await finished_game(hub, 2))
        assert '<div id="leave" hx-swap-oob="true">' in over and "Leave my seat" not in over
        await close_hub(hub)

    run(scenario())
