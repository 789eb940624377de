"""Bots and turn clocks: whoever is to act next, a bot's move or a person's clock.

Every timed person who is to act has a clock of their own (``play.Clocks``): in a simultaneous
decision they tick side by side, and a move by one seat leaves the others' deadlines as they
were.  A seat that moves and is still to act starts its next decision with a fresh clock.  One
task per table sleeps until the earliest deadline and plays the game's ``default_action`` for
every seat whose time is up.

A person who asked for it ("play forced moves for me", stored with the seat) is not asked when
their legal choices are exactly one action: the table plays that action for them at once
(source ``forced``), and their clock does not start for it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from concurrent.futures import BrokenExecutor

import msgspec

from turncoat.core.errors import RulesError
from turncoat.server.hub.base import HubBase
from turncoat.server.table import PLAYING, LiveTable, ServerError

log = logging.getLogger("turncoat.server")

STORAGE_RETRY_S = 1.0  # a bot whose move could not be stored tries again after this pause


class RunnerPart(HubBase):
    def _kick(self, table: LiveTable) -> None:
        """Start a bot's move and the people's clocks, for whoever is to act now."""
        if table.status != PLAYING:
            self._stop_clocks(table)
            return
        to_act = table.play.to_act()
        bots = [p for p in sorted(to_act) if table.seats[p].kind == "bot"]
        if bots and (table.bot_task is None or table.bot_task.done()):
            table.bot_task = asyncio.create_task(self._bot_turn(table, bots[0], table.version))
        forced = frozenset(p for p in to_act if table.plays_itself(p))
        if forced and (table.forced_task is None or table.forced_task.done()):
            table.forced_task = asyncio.create_task(self._forced_turn(table, min(forced), table.version))
        if not table.turn_seconds:
            return
        people = frozenset(s.seat for s in table.seats if s.kind == "human")
        clocks = msgspec.structs.replace(table.clocks, seconds=float(table.turn_seconds), timed=people)
        table.clocks = clocks.follow(to_act - forced, time.time())
        if table.timer_task is not None and not table.timer_task.done():
            table.timer_task.cancel()
        table.timer_task = None
        due = table.clocks.next_deadline()
        if due is not None:
            table.timer_task = asyncio.create_task(self._timer(table, due))

    async def _bot_turn(self, table: LiveTable, seat: int, version: int) -> None:
        retry = stopping = False
        try:
            if self.settings.bot_delay_s > 0:
                await asyncio.sleep(self.settings.bot_delay_s)
            if table.version != version or table.status != PLAYING:
                return  # someone moved meanwhile: the finally block looks again
            spec = table.seats[seat].agent or "random"
            state_json, _digest = table.play.snapshot()
            action = await self.bot_pool.choose(
                table.game.name, table.options, spec, state_json, seat, secrets.randbits(64)
            )
            await self.submit(table, seat, [action], version, source="bot")
        except ServerError as exc:
            log.warning("bot at table %s seat %d: %s", table.id, seat, exc)
            if exc.code == "storage_unavailable":  # nothing was stored: try again after a pause
                await asyncio.sleep(STORAGE_RETRY_S)
                retry = True
        except RulesError as exc:
            log.warning("bot at table %s seat %d: %s", table.id, seat, exc)
        except BrokenExecutor as exc:  # a worker died: start fresh ones and let the bot try again
            log.error("bot worker failed at table %s: %s", table.id, exc)
            self.bot_pool.shutdown()
            retry = True
        except RuntimeError as exc:  # the pool was shut down (server stopping)
            log.info("bot stopped: %s", exc)
            stopping = True
        except asyncio.CancelledError:
            stopping = True
            raise
        finally:
            table.bot_task = None
            # A move made while this bot was pausing or thinking found its task still running and
            # started no other: look again at who is to act, or the table would wait for ever.
            if not stopping and (retry or table.version != version):
                self._kick(table)

    async def _forced_turn(self, table: LiveTable, seat: int, version: int) -> None:
        """Play a person's only legal action for them (their "play forced moves for me")."""
        retry = stopping = False
        try:
            if table.version != version or table.status != PLAYING or not table.plays_itself(seat):
                return  # the table moved on, or the seat has a choice now: the finally block looks again
            (action,) = table.play.legal_actions(seat)
            await self.submit(table, seat, [action], version, source="forced")
        except ServerError as exc:
            log.warning("forced move at table %s seat %d: %s", table.id, seat, exc)
            if exc.code == "storage_unavailable":  # nothing was stored: try again after a pause
                await asyncio.sleep(STORAGE_RETRY_S)
                retry = True
        except RulesError as exc:
            log.warning("forced move at table %s seat %d: %s", table.id, seat, exc)
        except asyncio.CancelledError:
            stopping = True
            raise
        finally:
            table.forced_task = None
            # The move's own kick found this task still running: look again at who is to act.
            if not stopping and (retry or table.version != version):
                self._kick(table)

    async def _timer(self, table: LiveTable, due: float) -> None:
        """Wait for the earliest clock; then play the default move of each seat out of time."""
        await asyncio.sleep(max(0.0, due - time.time()))
        table.timer_task = None  # from here on, a new clock may start (the moves below kick)
        for seat in table.clocks.expired(time.time()):
            if table.status != PLAYING or seat not in table.play.to_act():
                continue
            action = table.play.default_action(seat)
            note = (
                f"{table.seats[seat].name} ran out of time: "
                f"the table plays “{table.game.describe_action(action)}”."
            )
            try:
                await self.submit(table, seat, [action], table.version, source="timeout", note=note)
            except ServerError as exc:
                if exc.code == "storage_unavailable":  # nothing was stored: the seat's clock restarts
                    self._moved(table, seat)
                    self._kick(table)
                    return
            except RulesError:
                pass  # refused by the rules: nothing changed
        if table.timer_task is None:  # woken a little early, or nobody was out of time after all
            self._kick(table)
