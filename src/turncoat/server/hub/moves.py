"""Moves: every change to a game goes through :meth:`MovesPart.submit`.

Decode, version check, the rules' check (on a fork of the game in progress), write to the
database (one transaction), and only then does the table's game become the fork and each
connection hear what *its* seat may see.  A refusal anywhere leaves the table as it was.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from turncoat.core.actions import Action, Viewer
from turncoat.core.record import decode_action
from turncoat.server.hub.base import HubBase
from turncoat.server.storage import ActionRow, ChatRow, StaleVersion
from turncoat.server.table import BROKEN, OVER, PLAYING, WAITING, LiveTable, ServerError

MAX_SUBMITTED = 64  # actions in one submission: more than any decision of any game here offers


class MovesPart(HubBase):
    async def submit(
        self,
        table: LiveTable,
        seat: Viewer,
        raw_actions: Sequence[Any],
        client_version: Any,
        source: str = "player",
        note: str | None = None,
        finish: Any = None,
    ) -> None:
        """Play one or more actions of one seat as one move, all or nothing: each checked
        against the position the previous ones made; ``finish`` (a set decision's closing
        action) is played after them while the seat still has it to play."""
        if seat is None:
            raise ServerError("not_seated", "spectators cannot act")
        if not raw_actions and finish is None:
            raise ServerError("no_action", "no action given")
        if len(raw_actions) > MAX_SUBMITTED:
            raise ServerError("too_many_actions", f"one move holds at most {MAX_SUBMITTED} actions")
        if isinstance(client_version, bool) or not isinstance(client_version, int):
            raise ServerError("missing_version", "each action must say which version it answers")
        game = table.game
        actions = [_action(game, a) for a in raw_actions]
        closing = _action(game, finish) if finish is not None else None
        async with table.lock:
            if table.status == WAITING:
                raise ServerError("not_started", "the game starts when every seat is taken")
            if table.status == BROKEN:
                raise ServerError("broken", "this table cannot continue")
            if table.status == OVER:
                raise ServerError("game_over", "the game is over")
            if not table.answers_open_choices(seat, client_version):
                raise ServerError(
                    "stale_version",
                    f"you answered version {client_version} but the table is at {table.version}",
                )
            trial = table.play.fork()
            trial.submit(seat, actions, finish=closing)  # raises RulesError; nothing written yet
            played = trial.record.actions[len(table.play.record.actions) :]
            rows = [
                ActionRow(table.version + i + 1, r.player, r.action, source) for i, r in enumerate(played)
            ]
            new_version = table.version + len(rows)
            status = OVER if trial.outcome() is not None else PLAYING
            snapshot = None
            every = self.settings.snapshot_every
            if status == OVER or new_version // every > table.version // every:
                snapshot = (new_version, *trial.snapshot())
            try:  # a database failure is refused by _save: the move never happened, so it may be resent
                await self._save(
                    table.id,
                    "the move",
                    self.store.append_actions,
                    table.id,
                    table.version,
                    rows,
                    status,
                    snapshot,
                    note,
                )
            except StaleVersion as exc:
                # The database holds a newer version than memory: another writer, or a commit
                # whose acknowledgement was lost (we were told it failed, yet it went in).
                # Catch up with what is stored, so the table does not refuse every move after.
                await self._catch_up(table)
                raise ServerError("stale_version", "the table changed; reload") from exc
            table.play = trial
            table.version = new_version
            table.status = status
            table.note_choices()
            self._moved(table, seat)
            if status == OVER:  # read-only from now on: kept like any other finished game
                self._stop_clocks(table)
                self._keep_finished(table)
        if note is not None:
            self._broadcast_chat(table, ChatRow(None, "table", "system", note, time.time()))
        self._notify(table)
        self._kick(table)

    async def submit_actions(
        self, table: LiveTable, seat: Viewer, actions: Sequence[Any], finish: Any, client_version: Any
    ) -> None:
        """A seat's move as a client sends it: one action, or a set decision's picks with its
        ``finish`` (see :meth:`submit`)."""
        await self.submit(table, seat, actions, client_version, finish=finish)


def _action(game: Any, raw: Any) -> Action:
    """An action object as it is, or decoded from a client's JSON (``malformed_action``)."""
    return raw if isinstance(raw, Action) else decode_action(game, raw)
