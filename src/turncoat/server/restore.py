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

from turncoat.core.engine import Game
from turncoat.core.errors import RulesError
from turncoat.core.record import decode_action
from turncoat.play import GameInProgress
from turncoat.server.storage import TableRow

log = logging.getLogger("turncoat.server")

# What a broken table says about itself: never the engine's own message, which may name a
# hidden card or a seat's secrets.
RULES_CHANGED = "the rules or card content changed since this table was created"
RECORD_DAMAGED = "its stored record is damaged and could not be restored"


@dataclass
class Restored:
    play: GameInProgress  # replayed, recovered from a snapshot (first_step > 0), or just started
    problem: str | None = None  # set: the table is broken, and this says why (publicly)


def restore(game: Game[Any, Any, Any], row: TableRow) -> Restored:
    try:
        return Restored(_replay(game, row))
    except RulesError as exc:
        log.error("table %s does not replay: %s", row.id, exc)
        problem = RULES_CHANGED if exc.code == "changed" else RECORD_DAMAGED
    if row.snapshot is not None:
        try:
            return Restored(_from_snapshot(game, row))
        except (RulesError, msgspec.DecodeError) as exc:  # DecodeError covers ValidationError
            log.error("table %s cannot be recovered from its snapshot either: %s", row.id, exc)
    return Restored(GameInProgress.start(game, row.seed), problem=problem)


def _replay(game: Game[Any, Any, Any], row: TableRow) -> GameInProgress:
    """The whole log from the start; raises RulesError if it differs from any snapshot."""
    if game.rules_version != row.rules_version or game.content.digest != row.content_digest:
        raise RulesError("rules or content changed since this table was created", code="changed")
    play = GameInProgress.start(game, row.seed)
    for a in row.actions:
        play.apply(a.seat, decode_action(game, a.action))
        expected = row.snapshot_digests.get(a.version)
        if expected is not None and play.snapshot()[1] != expected:
            raise RulesError(
                f"replay differs from the snapshot at version {a.version}", code="snapshot_mismatch"
            )
    return play


def _from_snapshot(game: Game[Any, Any, Any], row: TableRow) -> GameInProgress:
    """The latest snapshot's position, then the actions after it (their events only)."""
    assert row.snapshot is not None
    version, snap_state, _ = row.snapshot
    same_rules = game.rules_version == row.rules_version and game.content.digest == row.content_digest
    play = GameInProgress.recover(game, row.seed, version, snap_state, setup_known=same_rules)
    for a in row.actions[version:]:
        play.apply(a.seat, decode_action(game, a.action))
    return play
