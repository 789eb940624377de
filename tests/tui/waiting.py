"""Waiting for a terminal table to reach a point: on the condition, never on a number of frames.

Bots think off the UI thread, so how many frames pass before a bot's move lands depends on the
machine's load: a count of ``pilot.pause()`` calls was a hidden time limit that failed under
load.  The wait ends as soon as the condition holds; the deadline only turns a table that truly
never gets there into a failure instead of a hung run.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.pilot import Pilot

DEADLINE_S = 180.0  # generous: a stuck table fails, a slow machine does not


async def until_done(pilot: Pilot[None], done: Callable[[], bool]) -> None:
    """Let the app run until ``done()``."""
    give_up = time.monotonic() + DEADLINE_S
    spins = 0
    while not done():
        if time.monotonic() > give_up:
            raise AssertionError("the table did not reach the expected point")
        spins += 1
        # Yield to the app at once at first; then leave the bot threads a little CPU.
        await pilot.pause(None if spins < 200 else 0.01)
