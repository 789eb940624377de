"""Game records: config + seed + actions, replayed by folding ``apply`` (ARCHITECTURE §5).

A record is canonical JSON (see ``docs/records.md``).  Replaying it checks the game, the rules
version and the content digest, then applies each action; the first thing that goes wrong is
reported as a :class:`ReplayDivergence` with the step, what was expected and what happened.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from turncoat.core.actions import Action, Event, PlayerId
from turncoat.core.engine import Game, Outcome
from turncoat.core.errors import MalformedAction, ReplayDivergence, RulesError
from turncoat.core.serialize import digest, pretty_json, to_builtins

RECORD_FORMAT = 1


class ContentRef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    digest: str


class RecordedAction(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    player: PlayerId
    action: dict[str, Any]


class GameRecord(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Everything needed to reproduce a game; the rest is derived by replay."""

    format: int = RECORD_FORMAT
    game: str
    rules_version: str
    content: ContentRef
    config: dict[str, Any]
    seed: int
    actions: tuple[RecordedAction, ...] = ()
    digests: tuple[str, ...] | None = None
    meta: dict[str, Any] = msgspec.field(default_factory=dict)


class ReplayStep(msgspec.Struct, frozen=True):
    index: int
    player: PlayerId
    action: Action
    events: tuple[Event, ...]


class Replay(msgspec.Struct, frozen=True):
    """A replayed record: every step with its events, and the final state."""

    record: GameRecord
    initial_events: tuple[Event, ...]
    steps: tuple[ReplayStep, ...]
    final_state: Any
    outcome: Outcome | None


def encode_action(action: Action) -> dict[str, Any]:
    """The plain JSON form of an action (with its ``type`` tag)."""
    data: dict[str, Any] = to_builtins(action)
    return data


def decode_action(game: Game[Any, Any, Any], raw: Any) -> Action:
    """Decode plain JSON into one of ``game``'s actions, or raise :class:`MalformedAction`."""
    try:
        action: Action = msgspec.convert(raw, game.action_type, strict=True)
    except msgspec.ValidationError as exc:
        raise MalformedAction(f"not a valid {game.name} action: {exc}", code="malformed_action") from exc
    return action


def state_digest(state: Any) -> str:
    return digest(state)


def new_record(game: Game[Any, Any, Any], seed: int, **meta: Any) -> GameRecord:
    return GameRecord(
        game=game.name,
        rules_version=game.rules_version,
        content=ContentRef(id=game.content.id, digest=game.content.digest),
        config=game.config_json(),
        seed=seed,
        meta=dict(meta),
    )


def append_action(record: GameRecord, player: PlayerId, action: Action) -> GameRecord:
    return msgspec.structs.replace(
        record, actions=(*record.actions, RecordedAction(player=player, action=encode_action(action)))
    )


def replay(game: Game[Any, Any, Any], record: GameRecord, *, check_digests: bool = True) -> Replay:
    """Fold ``apply`` over the record's actions; raise on the first divergence."""
    if record.format != RECORD_FORMAT:
        raise ReplayDivergence(
            "unsupported record format", step=0, expected=str(RECORD_FORMAT), actual=str(record.format)
        )
    if record.game != game.name:
        raise ReplayDivergence("record is for another game", step=0, expected=game.name, actual=record.game)
    if record.rules_version != game.rules_version:
        raise ReplayDivergence(
            "record was made under other rules",
            step=0,
            expected=game.rules_version,
            actual=record.rules_version,
        )
    if record.content.digest != game.content.digest:
        raise ReplayDivergence(
            f"content pack differs ({record.content.id})",
            step=0,
            expected=record.content.digest,
            actual=game.content.digest,
        )
    if record.digests is not None and len(record.digests) != len(record.actions):
        raise ReplayDivergence(
            "digest list does not match the actions",
            step=0,
            expected=str(len(record.actions)),
            actual=str(len(record.digests)),
        )
    started = game.start(record.seed)
    state, initial_events = started.state, started.events
    steps: list[ReplayStep] = []
    for index, recorded in enumerate(record.actions, start=1):
        try:
            action = decode_action(game, recorded.action)
            transition = game.apply(state, recorded.player, action)
        except RulesError as exc:
            raise ReplayDivergence(
                f"seat {recorded.player} cannot play {recorded.action}",
                step=index,
                expected="an accepted action",
                actual=str(exc),
            ) from exc
        state = transition.state
        if check_digests and record.digests is not None:
            actual = state_digest(state)
            if actual != record.digests[index - 1]:
                raise ReplayDivergence(
                    "state differs after this action",
                    step=index,
                    expected=record.digests[index - 1],
                    actual=actual,
                )
        steps.append(ReplayStep(index, recorded.player, action, transition.events))
    return Replay(record, initial_events, tuple(steps), state, game.outcome(state))


def with_digests(game: Game[Any, Any, Any], record: GameRecord) -> GameRecord:
    """The record with the state digest after each action, so any later change is caught."""
    result = replay(game, record, check_digests=False)
    state = game.start(record.seed).state
    digests = []
    for step in result.steps:
        state = game.apply(state, step.player, step.action).state
        digests.append(state_digest(state))
    return msgspec.structs.replace(record, digests=tuple(digests))


def load_record(path: str | Path) -> GameRecord:
    """Read and validate a record file."""
    try:
        return msgspec.json.decode(Path(path).read_bytes(), type=GameRecord)
    except OSError as exc:
        raise RulesError(f"cannot read record {path}: {exc}", code="unreadable_record") from exc
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise MalformedAction(f"{path} is not a valid game record: {exc}", code="malformed_record") from exc


def save_record(record: GameRecord, path: str | Path) -> None:
    """Write atomically: a crash never leaves a half-written record."""
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(pretty_json(record) + "\n", encoding="utf-8")
    tmp.replace(target)
