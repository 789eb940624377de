"""Turn clocks: one per person who is to act, side by side in a simultaneous decision.

The toy game ``sealed_bids`` seals its bids simultaneously: every seat bids at once, so every
person at the table has a clock running at the same time.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import turncoat.core.testing.toy  # noqa: F401  (registers sealed_bids)
from tests.server.test_hub_robustness import sqlite_settings, until
from tests.server.test_storage_replay import close_hub, open_hub, run
from turncoat.core.record import encode_action
from turncoat.core.testing.toy import Bid
from turncoat.server.live import Hub, LiveTable, SeatSpec, build_payload


async def toy_table(hub: Hub, seats: list[SeatSpec], turn_seconds: int = 60) -> LiveTable:
    """A new Sealed Bids table, not yet started (its people's seats are free)."""
    table, _host, _tokens = await hub.create_table(
        game_name="sealed_bids",
        options={"players": len(seats)},
        seats=seats,
        name="clocks",
        turn_seconds=turn_seconds,
        listed=False,
    )
    return table


async def sit_down(hub: Hub, table: LiveTable) -> None:
    """Everyone takes their seat: the game starts, and with it the clocks."""
    for seat in table.open_seats():
        await hub.claim(table, seat, None, rotate=False)


def test_every_person_to_act_in_a_simultaneous_decision_has_a_clock_of_their_own(tmp_path: Path) -> None:
    """A move by one seat stops that seat's clock and leaves the others' deadlines as they were;
    a bot gets no clock."""

    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path, bot_delay_s=3600.0))  # the bot never moves here
        seats = [SeatSpec("human"), SeatSpec("human"), SeatSpec("human"), SeatSpec("bot", agent="easy")]
        table = await toy_table(hub, seats)
        await sit_down(hub, table)
        assert table.play.to_act() == {0, 1, 2, 3}
        started = dict(table.clocks.deadlines)
        assert set(started) == {0, 1, 2}  # people only, all at once
        update = build_payload(table, 1, -1)
        assert update.clocks == {str(s): d for s, d in started.items()} and update.deadline == started[1]

        await hub.submit(table, 0, [encode_action(Bid(1))], table.version)
        assert table.clocks.deadlines == {1: started[1], 2: started[2]}  # not reset by seat 0's move
        assert build_payload(table, 0, table.version).deadline == min(started[1], started[2])
        await hub.submit(table, 2, [encode_action(Bid(0))], table.version)
        assert table.clocks.deadlines == {1: started[1]}
        await close_hub(hub)

    run(scenario())


def test_every_seat_out_of_time_gets_its_default_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two clocks that ran side by side run out together: the table plays the default move of
    each seat, noted as a timeout."""

    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        table = await toy_table(hub, [SeatSpec("human"), SeatSpec("human")], turn_seconds=60)
        monkeypatch.setattr(table, "turn_seconds", 0.05)  # the clocks start when the last seat is taken
        await sit_down(hub, table)
        await until(lambda: table.version >= 2)
        sources = [(a.seat, a.source) for a in hub.store.actions(table.id)[:2]]
        assert sorted(sources) == [(0, "timeout"), (1, "timeout")]
        await close_hub(hub)

    run(scenario())


def test_a_seat_still_to_act_after_its_own_move_gets_a_fresh_clock(tmp_path: Path) -> None:
    """In the toy's parley (RULES toy §6) every seat acts at once and may act again after a
    gift: the giver's next decision gets a fresh clock, the others' clocks run on."""

    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        table, _host, _tokens = await hub.create_table(
            game_name="sealed_bids",
            options={"players": 3, "parley": True},
            seats=[SeatSpec("human") for _ in range(3)],
            name="parley",
            turn_seconds=60,
            listed=False,
        )
        await sit_down(hub, table)
        started = dict(table.clocks.deadlines)
        assert set(started) == {0, 1, 2}
        gift = next(a for a in table.play.legal_actions(0) if type(a).__name__ == "Give")
        await until(lambda: time.time() > started[0] - 60)  # time has passed since the clock started
        await hub.submit(table, 0, [encode_action(gift)], table.version)
        assert 0 in table.play.to_act()
        assert table.clocks.deadlines[0] > started[0]  # a new decision, a new clock
        assert {s: table.clocks.deadlines[s] for s in (1, 2)} == {1: started[1], 2: started[2]}
        await close_hub(hub)

    run(scenario())


def test_a_bot_still_moves_when_a_person_moved_while_it_was_thinking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a simultaneous decision a person may move during a bot's pause; the bot's turn then
    starts again on the new position instead of being dropped (the table used to wait forever)."""
    monkeypatch.setenv("TURNCOAT_GAMES", "turncoat.core.testing.toy")  # bot workers see the game

    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path, bot_delay_s=0.5))
        table = await toy_table(hub, [SeatSpec("human"), SeatSpec("bot", agent="easy")], turn_seconds=3600)
        await sit_down(hub, table)
        assert table.bot_task is not None and not table.bot_task.done()  # the bot is pausing
        await hub.submit(table, 0, [encode_action(Bid(1))], table.version)
        await until(lambda: table.version >= 2, timeout=180.0)
        assert [a.seat for a in hub.store.actions(table.id)[:2]] == [0, 1]
        await close_hub(hub)

    run(scenario())
