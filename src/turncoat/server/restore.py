"""Bringing a stored table back: replay its log, checked against every snapshot.

If the log no longer replays (a damaged row, a rules change) the position is recovered from the
latest snapshot and the log's tail.  If that fails too, the table is broken: it keeps its log
untouched and is never shown a half-replayed position as if it were current.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import msgspec

from turncoat.core.actions import Action, Event, PlayerId
from turncoat.core.engine import Game
from turncoat.core.errors import RulesError
from turncoat.core.record import decode_action, state_digest
from turncoat.server.storage import TableRow

log = logging.getLogger("turncoat.server")

# What a broken table says about itself: never the engine's own message, which may name a
# hidden card or a seat's secrets.
RULES_CHANGED = "the rules or card content changed since this table was created"
RECORD_DAMAGED = "its stored record is damaged and could not be restored"


@dataclass
class Restored:
    state: Any
    steps: list[tuple[Event, ...]]  # from log_from on
    actions: list[tuple[PlayerId, Action]]  # only when the whole log replayed
    log_from: int = 0
    problem: str | None = None  # set: the table is broken, and this says why (publicly)


def restore(game: Game[Any, Any, Any], row: TableRow) -> Restored:
    started = game.start(row.seed)
    try:
        return _replay(game, started.state, started.events, row)
    except RulesError as exc:
        log.error("table %s does not replay: %s", row.id, exc)
        problem = RULES_CHANGED if exc.code == "changed" else RECORD_DAMAGED
    if row.snapshot is None:
        return Restored(started.state, [started.events], [], problem=problem)
    try:
        return _from_snapshot(game, type(started.state), row)
    except (RulesError, msgspec.DecodeError) as exc:  # DecodeError covers ValidationError
        log.error("table %s cannot be recovered from its snapshot either: %s", row.id, exc)
        return Restored(started.state, [started.events], [], problem=problem)


def _replay(game: Game[Any, Any, Any], state: Any, setup: tuple[Event, ...], row: TableRow) -> Restored:
    """The whole log from the start; raises RulesError if it differs from any snapshot."""
    if game.rules_version != row.rules_version or game.content.digest != row.content_digest:
        raise RulesError("rules or content changed since this table was created", code="changed")
    steps, actions = [setup], []
    for a in row.actions:
        action = decode_action(game, a.action)
        tr = game.apply(state, a.seat, action)
        state = tr.state
        steps.append(tr.events)
        actions.append((a.seat, action))
        expected = row.snapshot_digests.get(a.version)
        if expected is not None and state_digest(state) != expected:
            raise RulesError(
                f"replay differs from the snapshot at version {a.version}", code="snapshot_mismatch"
            )
    return Restored(state, steps, actions)


def _from_snapshot(game: Game[Any, Any, Any], state_type: type[Any], row: TableRow) -> Restored:
    """The latest snapshot's position, then the actions after it (their events only)."""
    assert row.snapshot is not None
    version, snap_state, _ = row.snapshot
    state = msgspec.json.decode(snap_state.encode(), type=state_type)
    steps: list[tuple[Event, ...]] = [()]
    for a in row.actions[version:]:
        tr = game.apply(state, a.seat, decode_action(game, a.action))
        state = tr.state
        steps.append(tr.events)
    return Restored(state, steps, [], log_from=version)
