"""A table stored before a rule option existed keeps its rules when the server restarts.

Its stored options do not name the option; rebuilt with today's default, the game in progress
would go on (or fail to replay) under other rules than it was played under.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from sqlalchemy import update

from tests.server.test_storage_replay import close_hub, open_hub, play, run, views_of
from turncoat.core.errors import RulesError
from turncoat.core.record import decode_action, state_digest
from turncoat.core.registry import load_game
from turncoat.server.hub import tables as hub_tables
from turncoat.server.live import PLAYING, Hub, LiveTable, SeatSpec
from turncoat.server.schema import tables_t
from turncoat.server.settings import Settings
from turncoat.server.storage import Store

# The step-10 readings every table was played under before they were options (GAP-20, GAP-12).
OLD_READINGS = {"hand_limit_timing": "after_all_draws", "reshuffle_timing": "when_drawing"}
SEED = 3  # a game in which the readings make a difference by move 43 (checked below)
MOVES = 90


class FixedSeed:
    """Stands in for ``secrets`` where the server draws a new table's seed."""

    @staticmethod
    def randbits(_bits: int) -> int:
        return SEED


async def table_with_old_readings(hub: Hub) -> LiveTable:
    table, _host, _tokens = await hub.create_table(
        game_name="verrater",
        options={"players": 4, **OLD_READINGS},
        seats=[SeatSpec("human") for _ in range(4)],
        name="stored rules test",
        turn_seconds=None,
        listed=False,
    )
    for seat in range(4):
        await hub.claim(table, seat, None, rotate=False)
    return table


def forget_the_new_options(database_url: str, table_id: str) -> dict[str, object]:
    """Store the table's options as a server stored them before the two options existed."""
    store = Store(database_url)
    try:
        (row,) = [r for r in store.load_all() if r.id == table_id]
        options = {k: v for k, v in row.options.items() if k not in OLD_READINGS}
        with store.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(options=options))
    finally:
        store.close()
    return options


def final_digest(database_url: str, table_id: str, **options: object) -> str | None:
    """The stored log replayed under ``options`` (None: the rules refuse one of its moves)."""
    store = Store(database_url)
    try:
        (row,) = [r for r in store.load_all() if r.id == table_id]
    finally:
        store.close()
    game = load_game(row.game, **options)
    state = game.start(row.seed).state
    try:
        for a in row.actions:
            state = game.apply(state, a.seat, decode_action(game, a.action)).state
    except RulesError:
        return None
    return state_digest(state)


def test_a_table_stored_without_the_new_options_keeps_its_rules_after_a_restart(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hub_tables, "secrets", FixedSeed)
    settings = Settings(data_dir=tmp_path, database_url=database_url, bot_delay_s=0.0, snapshot_every=1000)

    async def before() -> tuple[str, int, str, object]:
        hub = await open_hub(settings)
        table = await table_with_old_readings(hub)
        await play(hub, table, MOVES, random.Random(8))
        assert table.status == PLAYING, "the game ended too soon"
        seen = (table.id, table.version, table.play.snapshot()[1], views_of(table))
        await close_hub(hub)
        return seen

    table_id, version, digest, views = run(before())
    stored = forget_the_new_options(database_url, table_id)
    assert "hand_limit_timing" not in stored and "reshuffle_timing" not in stored
    # The readings matter in this game: today's defaults do not reach the same position.
    assert final_digest(database_url, table_id, **stored) != digest
    assert final_digest(database_url, table_id, **stored, **OLD_READINGS) == digest

    async def after() -> None:
        hub = await open_hub(settings)
        table = hub.get(table_id)
        assert table.status == PLAYING and table.problem is None
        assert (table.version, table.play.snapshot()[1], views_of(table)) == (version, digest, views)
        config = table.game.config_json()
        assert {k: config[k] for k in OLD_READINGS} == OLD_READINGS
        # Bots rebuild the game from the table's options: they name the readings now.
        assert table.options == config
        await play(hub, table, 20, random.Random(9))  # and the game goes on, stored as it goes
        assert table.version == version + 20
        await close_hub(hub)

    run(after())


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 3, "hand_limit_timing": "after_each_draw"}])
def test_a_new_table_stores_every_option_with_todays_defaults(
    database_url: str, tmp_path: Path, options: dict[str, object]
) -> None:
    settings = Settings(data_dir=tmp_path, database_url=database_url, bot_delay_s=0.0, snapshot_every=1000)

    async def scenario() -> dict[str, object]:
        hub = await open_hub(settings)
        table, _host, _tokens = await hub.create_table(
            game_name="verrater",
            options=options,
            seats=[SeatSpec("human") for _ in range(int(str(options["players"])))],
            name="new table",
            turn_seconds=None,
            listed=False,
        )
        await close_hub(hub)
        store = Store(database_url)
        try:
            (row,) = [r for r in store.load_all() if r.id == table.id]
        finally:
            store.close()
        return row.options

    stored = run(scenario())
    assert stored["hand_limit_timing"] == "after_each_draw"
    assert stored["reshuffle_timing"] == "when_emptied"
