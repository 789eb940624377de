"""Storage (Store): schema by migrations, the action log under optimistic concurrency, loading.

Every test runs on SQLite and on PostgreSQL (``database_url`` is parametrized).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import event, func, select

from turncoat.server.database import MIGRATIONS, schema_revision
from turncoat.server.schema import actions_t, metadata, tables_t
from turncoat.server.settings import Settings
from turncoat.server.storage import ActionRow, ChatRow, SeatRow, StaleVersion, StorageError, Store, TableRow


def head_revision() -> str:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(cfg).get_current_head()
    assert head is not None
    return head


def a_table(table_id: str = "t1") -> TableRow:
    return TableRow(
        id=table_id,
        name="Test table",
        game="verrater",
        options={"players": 4},
        seed=12345,
        rules_version="1",
        content_digest="d" * 64,
        status="playing",
        version=0,
        turn_seconds=None,
        listed=True,
        host_hash="h" * 64,
        created_at=1.0,
        seats=[SeatRow(i, "human", None, f"Seat {i + 1}", f"{i}" * 64, True) for i in range(4)],
    )


def act(version: int, seat: int = 0) -> ActionRow:
    return ActionRow(version, seat, {"type": "pass", "n": version}, "player")


def stored_version(store: Store, table_id: str = "t1") -> tuple[int, int]:
    """(the table's version, the number of logged actions), straight from the database."""
    with store.engine.connect() as conn:
        version: int = conn.execute(select(tables_t.c.version).where(tables_t.c.id == table_id)).scalar_one()
        count = conn.execute(
            select(func.count()).select_from(actions_t).where(actions_t.c.table_id == table_id)
        ).scalar_one()
    return int(version), int(count)


@pytest.fixture
def store(database_url: str) -> Store:
    s = Store(database_url)
    s.create_table(a_table())
    return s


def test_start_up_migrates_an_empty_database_to_the_head_schema(database_url: str) -> None:
    store = Store(database_url)
    assert schema_revision(store.engine) == head_revision()
    with store.engine.connect() as conn:  # the migrations build exactly the tables the code uses
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []
    store.close()


def test_start_up_again_is_idempotent_and_keeps_the_data(database_url: str) -> None:
    first = Store(database_url)
    first.create_table(a_table())
    first.append_actions("t1", 0, [act(1)], "playing")
    first.close()
    second = Store(database_url)
    assert schema_revision(second.engine) == head_revision()
    assert stored_version(second) == (1, 1)
    second.close()


def test_servers_starting_at_once_migrate_one_after_the_other(database_url: str) -> None:
    errors: list[BaseException] = []
    barrier = threading.Barrier(3)

    def start() -> None:
        barrier.wait()
        try:
            Store(database_url).close()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    assert schema_revision(Store(database_url).engine) == head_revision()


def test_sqlite_default_lives_in_the_data_dir_in_wal_mode_with_full_sync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TURNCOAT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("TURNCOAT_DATABASE_URL", raising=False)
    store = Store(Settings().url())
    store.create_table(a_table())
    assert (tmp_path / "data" / "turncoat.db").exists()
    assert store.journal_mode() == "wal"
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    store.close()


def test_database_url_in_the_environment_selects_that_database(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TURNCOAT_DATA_DIR", str(tmp_path / "elsewhere"))
    monkeypatch.setenv("TURNCOAT_DATABASE_URL", database_url)
    store = Store(Settings().url())
    expected = "postgresql" if database_url.startswith("postgresql") else "sqlite"
    assert store.engine.dialect.name == expected
    if expected == "postgresql":  # a plain postgresql:// URL means psycopg 3
        assert store.engine.dialect.driver == "psycopg"
        assert not (tmp_path / "elsewhere").exists()
    store.close()


def test_actions_are_logged_with_the_new_version_in_one_write(store: Store) -> None:
    store.append_actions("t1", 0, [act(1), act(2, seat=1)], "playing")
    assert stored_version(store) == (2, 2)
    assert [(a.version, a.seat, a.action) for a in store.actions("t1")] == [
        (1, 0, {"type": "pass", "n": 1}),
        (2, 1, {"type": "pass", "n": 2}),
    ]


def test_stale_version_is_refused_and_nothing_is_written(store: Store) -> None:
    store.append_actions("t1", 0, [act(1)], "playing")
    with pytest.raises(StaleVersion):
        store.append_actions("t1", 0, [act(1, seat=3)], "over")
    assert stored_version(store) == (1, 1)
    assert store.actions("t1")[0].seat == 0
    assert store.load_all()[0].status == "playing"


def test_two_writers_of_the_same_version_one_wins_the_other_is_refused(database_url: str) -> None:
    Store(database_url).create_table(a_table())
    stores = [Store(database_url), Store(database_url)]  # as if two server processes
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def write(s: Store, seat: int) -> None:
        barrier.wait()
        try:
            s.append_actions("t1", 0, [act(1, seat)], "playing")
            outcomes.append("written")
        except StaleVersion:
            outcomes.append("refused")

    threads = [threading.Thread(target=write, args=(s, i)) for i, s in enumerate(stores)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(outcomes) == ["refused", "written"]
    assert stored_version(stores[0]) == (1, 1)


def test_a_write_that_fails_half_way_leaves_nothing_behind(store: Store) -> None:
    # The snapshot insert fails (NOT NULL) after the version update and the action inserts.
    bad_snapshot = (1, None, "x")
    with pytest.raises(StaleVersion):
        store.append_actions("t1", 0, [act(1)], "playing", snapshot=bad_snapshot)  # type: ignore[arg-type]
    assert stored_version(store) == (0, 0)
    store.append_actions("t1", 0, [act(1)], "playing")  # and the table still takes version 1
    assert stored_version(store) == (1, 1)


def test_a_database_that_fails_the_write_raises_storage_error_and_keeps_nothing(store: Store) -> None:
    with store.engine.begin() as conn:  # the insert into the log fails after the version update
        conn.exec_driver_sql("ALTER TABLE actions RENAME TO actions_gone")
    with pytest.raises(StorageError, match="t1"):
        store.append_actions("t1", 0, [act(1)], "playing")
    with store.engine.connect() as conn:
        version: int = conn.execute(select(tables_t.c.version)).scalar_one()
    assert version == 0


def test_every_other_write_that_fails_raises_storage_error_and_keeps_nothing(store: Store) -> None:
    """Tables, seats and chat, like the log: a failed write is rolled back whole and said so as
    StorageError (never SQLAlchemy's own errors), naming what was not stored."""
    seat = SeatRow(1, "bot", "normal", "Bot 2", None, True)
    note = ChatRow(None, "table", "system", "A bot sits down.", 1.0)
    with store.engine.begin() as conn:  # a table's seats (and only they) cannot be written
        conn.exec_driver_sql("ALTER TABLE seats RENAME TO seats_gone")
    with pytest.raises(StorageError, match="new table t2"):
        store.create_table(a_table("t2"))  # the table row goes in first, the seats fail
    with pytest.raises(StorageError, match="seat 1 of table t1"):
        store.update_seat("t1", seat, "playing")
    with store.engine.begin() as conn:
        conn.exec_driver_sql("ALTER TABLE seats_gone RENAME TO seats")
        conn.exec_driver_sql("ALTER TABLE chat RENAME TO chat_gone")
    with pytest.raises(StorageError, match="seat 1 of table t1"):
        store.update_seat("t1", seat, None, system_message=note.text)  # the seat goes in, its line fails
    with pytest.raises(StorageError, match="chat message at table t1"):
        store.add_chat("t1", note)
    with store.engine.begin() as conn:
        conn.exec_driver_sql("ALTER TABLE chat_gone RENAME TO chat")
    assert [(t.id, t.seats) for t in store.load_all()] == [("t1", a_table().seats)]
    assert store.chat("t1") == []
    store.update_seat("t1", seat, None, system_message=note.text)  # back: seat and line together
    (row,) = store.load_all()
    assert row.seats[1] == seat and [m.text for m in store.chat("t1")] == [note.text]


def queued_group(store: Store, appends: list[tuple[str, int]]) -> tuple[dict[str, str], int]:
    """Run ``(table, expected version)`` appends from threads that all queue up while the writer
    is busy, so that they are committed as one group.  Returns each table's outcome and the
    number of transactions committed."""
    commits: list[int] = []
    event.listen(store.engine, "commit", lambda _conn: commits.append(1))
    outcomes: dict[str, str] = {}

    def append(table_id: str, expected: int) -> None:
        try:
            store.append_actions(table_id, expected, [act(expected + 1)], "playing")
            outcomes[table_id] = "written"
        except (StaleVersion, StorageError) as exc:
            outcomes[table_id] = type(exc).__name__

    threads = [threading.Thread(target=append, args=a) for a in appends]
    with store._writer:  # as if another group were being committed right now
        for t in threads:
            t.start()
        while len(store._queue) < len(appends):
            time.sleep(0.001)
    for t in threads:
        t.join(60)
    return outcomes, len(commits)


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Store:
    """Group commit is SQLite's (PostgreSQL commits concurrent transactions in parallel)."""
    s = Store(f"sqlite:///{tmp_path / 'data' / 'turncoat.db'}")
    s.create_table(a_table())
    return s


def test_appends_that_queue_up_share_one_commit_and_a_stale_one_is_refused_alone(
    sqlite_store: Store,
) -> None:
    store = sqlite_store
    store.create_table(a_table("t2"))
    store.create_table(a_table("t3"))
    outcomes, commits = queued_group(store, [("t1", 0), ("t2", 5), ("t3", 0)])
    assert outcomes == {"t1": "written", "t2": "StaleVersion", "t3": "written"}
    assert commits == 1
    assert [stored_version(store, t) for t in ("t1", "t2", "t3")] == [(1, 1), (0, 0), (1, 1)]


def test_a_group_that_cannot_be_stored_stores_nobody(sqlite_store: Store) -> None:
    store = sqlite_store
    store.create_table(a_table("t2"))
    with store.engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE actions_gone AS SELECT * FROM actions")
        conn.exec_driver_sql("DROP TABLE actions")
    outcomes, _ = queued_group(store, [("t1", 0), ("t2", 0)])
    assert outcomes == {"t1": "StorageError", "t2": "StorageError"}
    with store.engine.connect() as conn:
        assert conn.execute(select(tables_t.c.version)).scalars().all() == [0, 0]


def test_appends_from_many_threads_all_land_in_order(database_url: str) -> None:
    store = Store(database_url)
    for i in range(8):
        store.create_table(a_table(f"t{i}"))

    def play(table_id: str) -> None:
        for v in range(15):
            store.append_actions(table_id, v, [act(v + 1)], "playing")

    threads = [threading.Thread(target=play, args=(f"t{i}",)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    for i in range(8):
        assert stored_version(store, f"t{i}") == (15, 15)
        assert [a.version for a in store.actions(f"t{i}")] == list(range(1, 16))
    store.close()


@pytest.mark.parametrize("versions", [[2], [1, 3], [1, 1], []])
def test_misnumbered_actions_are_refused_before_anything_is_written(
    store: Store, versions: list[int]
) -> None:
    with pytest.raises(ValueError, match="numbered"):
        store.append_actions("t1", 0, [act(v) for v in versions], "playing")
    assert stored_version(store) == (0, 0)


def test_load_all_gives_back_seats_log_snapshots_and_chat(store: Store) -> None:
    store.append_actions("t1", 0, [act(1)], "playing", snapshot=(1, '{"s":1}', "a" * 64))
    store.append_actions("t1", 1, [act(2)], "playing")
    store.append_actions("t1", 2, [act(3)], "over", snapshot=(3, '{"s":3}', "b" * 64), system_message="end")
    (row,) = store.load_all()
    assert (row.id, row.version, row.status, row.options, row.seed) == (
        "t1",
        3,
        "over",
        {"players": 4},
        12345,
    )
    assert [s.name for s in row.seats] == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    assert [a.version for a in row.actions] == [1, 2, 3]
    assert row.snapshot == (3, '{"s":3}', "b" * 64)
    assert row.snapshot_digests == {1: "a" * 64, 3: "b" * 64}
    assert [(m.kind, m.text) for m in store.chat("t1")] == [("system", "end")]


def test_load_all_by_status_and_load_table_one_by_id(store: Store) -> None:
    store.create_table(a_table("t2"))
    store.append_actions("t2", 0, [act(1)], "over", snapshot=(1, '{"s":1}', "a" * 64))
    assert [r.id for r in store.load_all(("waiting", "playing"))] == ["t1"]  # a restart skips finished games
    assert [r.id for r in store.load_all()] == ["t1", "t2"]
    finished = store.load_table("t2")
    assert finished is not None and (finished.status, finished.version) == ("over", 1)
    assert [a.version for a in finished.actions] == [1] and finished.snapshot == (1, '{"s":1}', "a" * 64)
    assert store.load_table("nope") is None


def test_bot_delay_comes_from_the_environment_and_nonsense_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TURNCOAT_BOT_DELAY", "0")
    assert Settings().bot_delay_s == 0.0
    monkeypatch.setenv("TURNCOAT_BOT_DELAY", "soon")
    with pytest.raises(ValueError, match="TURNCOAT_BOT_DELAY"):
        Settings()


def test_sqlite_files_are_for_the_server_user_only(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'data' / 'turncoat.db'}")
    store.create_table(a_table())  # hidden state and token hashes are in here
    assert (tmp_path / "data").stat().st_mode & 0o077 == 0
    for name in ("turncoat.db", "turncoat.db-wal", "turncoat.db-shm"):
        assert (tmp_path / "data" / name).stat().st_mode & 0o077 == 0, name
    store.close()


def test_table_briefs_give_the_named_tables_with_their_seats_and_nothing_of_their_games(store: Store) -> None:
    store.create_table(a_table("t2"))
    store.append_actions("t1", 0, [act(1)], "playing")
    briefs = {row.id: row for row in store.table_briefs(["t1", "t2", "nope"])}
    assert set(briefs) == {"t1", "t2"}
    full = store.load_table("t1")
    assert full is not None and briefs["t1"].seats == full.seats and briefs["t1"].version == 1
    assert briefs["t1"].actions == [] and briefs["t1"].snapshot is None  # the log is not read
    assert store.table_briefs([]) == []
