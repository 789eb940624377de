"""Hand-computed golden records: each record's ``meta.expected`` was worked out from RULES.md (the
computation is in ``meta.description``) and replaying the record must reproduce it.  The records pin
every chance outcome (races, bombardment deal and draws, traitor deal, influence and strategy decks)
in their scenario, so they do not depend on the RNG.  A record may also list ``meta.checkpoints``:
positions inside the game (the end of a round, or after a given action) with hand-computed values
in the same form, so a whole game is checked round by round."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import msgspec
import pytest

from turncoat.core.actions import Event
from turncoat.core.record import GameRecord, Replay, decode_action, load_record, replay
from turncoat.games.rex import events as E
from turncoat.games.rex.actions import RexAction
from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.state import LEADER_DEAD, NOBODY, OVER, State

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(p.name for p in GOLDEN.glob("*.json"))
# Records that also pin positions inside the game (``meta.checkpoints``).
WITH_CHECKPOINTS = [name for name in FILES if load_record(GOLDEN / name).meta.get("checkpoints")]


def _replay(name: str) -> tuple[GameRecord, RexGame, Replay]:
    record = load_record(GOLDEN / name)
    game = RexGame(msgspec.convert(record.config, RexConfig))
    return record, game, replay(game, record)


def _events(result: Replay) -> list[Event]:
    events = list(result.initial_events)
    for step in result.steps:
        events.extend(step.events)
    return events


def _plain(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(event))  # tuples become lists
    return data


def test_there_are_at_least_five_golden_records() -> None:
    assert len(FILES) >= 5


def _walk(game: RexGame, record: GameRecord) -> list[tuple[State, list[Event]]]:
    """The position after each action of the record, with every event up to it."""
    started = game.start(record.seed)
    state, events = started.state, list(started.events)
    walked = []
    for recorded in record.actions:
        action = cast(RexAction, decode_action(game, recorded.action))
        transition = game.apply(state, recorded.player, action)
        state = transition.state
        events.extend(transition.events)
        walked.append((state, list(events)))
    return walked


def _checkpoint_index(name: str, walked: list[tuple[State, list[Event]]], point: dict[str, Any]) -> int:
    """``after_action`` k: the position after the k-th action (1-based); ``end_of_round`` r: the
    position after the action that ended round r (play has already gone on to the next decision of
    round r + 1, or the game is over)."""
    if "after_action" in point:
        k = int(point["after_action"])
        assert 1 <= k <= len(walked), f"{name}: checkpoint after action {k} of {len(walked)}"
        return k - 1
    r = int(point["end_of_round"])
    for i, (state, _) in enumerate(walked):
        if state.round > r or (state.round == r and state.step == OVER):
            return i
    raise AssertionError(f"{name}: the record does not reach the end of round {r}")


def _check(name: str, game: RexGame, s: State, events: list[Event], want: dict[str, Any]) -> None:
    """Compare one position (and the events up to it) with hand-computed values."""
    t, b = game.ctx.t, game.ctx.b
    for key in ("round", "first_player", "fleet", "step"):
        if key in want:
            assert getattr(s, key) == want[key], f"{name}: {key}"
    for key in ("influence", "casualties", "reserves"):
        if key in want:
            assert list(getattr(s, key)) == want[key], f"{name}: {key}"
    if "alliances" in want:
        groups: dict[int, list[int]] = {}
        for seat, alliance in enumerate(s.alliance):
            if alliance != NOBODY:
                groups.setdefault(alliance, []).append(seat)
        assert sorted(groups.values()) == want["alliances"], f"{name}: alliances"
    if "stacks" in want:
        got = sorted([b.piece_ids[p], seat, u, m] for p, seat, u, m in s.stacks)
        assert got == want["stacks"], f"{name}: stacks"
    if "board_influence" in want:
        assert {b.piece_ids[p]: a for p, a in s.board_influence} == want["board_influence"], name
    if "dead_leaders" in want:
        dead = sorted(t.leader_ids[ld] for ld, code in enumerate(s.leaders) if code == LEADER_DEAD)
        assert dead == sorted(want["dead_leaders"]), f"{name}: dead leaders"
    if "traitors" in want:
        got_traitors = [sorted(t.leader_ids[ld] for ld in held) for held in s.traitors]
        assert got_traitors == [sorted(w) for w in want["traitors"]], f"{name}: traitors"
    if "influence_discard" in want:
        assert [t.influence_ids[c] for c in s.influence_discard] == want["influence_discard"], name
    if "influence_removed" in want:
        assert [t.influence_ids[c] for c in s.influence_removed] == want["influence_removed"], name
    if "hands" in want:
        assert [sorted(t.card_ids[c] for c in h) for h in s.hands] == want["hands"], f"{name}: hands"
    if "strategy_discard" in want:
        assert [t.card_ids[c] for c in s.strategy_discard] == want["strategy_discard"], name
    if "scores" in want:
        outcome = game.outcome(s)
        assert outcome is not None, f"{name}: the record does not reach the end of the game"
        assert [int(v) for v in outcome.scores] == want["scores"], f"{name}: scores"
        assert list(outcome.winners) == want["winners"], f"{name}: winners"
        assert outcome.details["victory"] == want["victory"], f"{name}: victory"
    if "battles" in want:
        fought = [[e.area, e.winner] for e in events if isinstance(e, E.BattleFought)]
        assert fought == want["battles"], f"{name}: battles"
    plain = [_plain(e) for e in events]
    for expected in want.get("events", []):
        assert any(all(p.get(k) == v for k, v in expected.items()) for p in plain), f"{name}: {expected}"
    for absent in want.get("no_events", []):
        assert all(p["type"] != absent for p in plain), f"{name}: {absent}"


@pytest.mark.parametrize("name", FILES)
def test_golden_record_reproduces_the_hand_computed_result(name: str) -> None:
    record, game, result = _replay(name)
    _check(name, game, result.final_state, _events(result), record.meta["expected"])


@pytest.mark.parametrize("name", WITH_CHECKPOINTS)
def test_golden_record_passes_its_hand_computed_checkpoints(name: str) -> None:
    """Optional ``meta.checkpoints``: positions inside the game (e.g. each round's end), each with
    hand-computed values in the same form as ``meta.expected``."""
    record = load_record(GOLDEN / name)
    points: list[dict[str, Any]] = record.meta["checkpoints"]
    game = RexGame(msgspec.convert(record.config, RexConfig))
    walked = _walk(game, record)
    for point in points:
        state, events = walked[_checkpoint_index(name, walked, point)]
        _check(f"{name} at {point.get('at', point)}", game, state, events, point["expected"])
