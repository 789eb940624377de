"""Hand-computed golden records: each record's ``meta.expected`` was worked out from RULES.md (the
computation is in ``meta.description``) and replaying the record must reproduce it.  The records pin
every chance outcome (races, bombardment deal and draws, traitor deal, influence and strategy decks)
in their scenario, so they do not depend on the RNG."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from turncoat.core.actions import Event
from turncoat.core.record import GameRecord, Replay, load_record, replay
from turncoat.games.rex import events as E
from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.state import LEADER_DEAD

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(p.name for p in GOLDEN.glob("*.json"))


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


@pytest.mark.parametrize("name", FILES)
def test_golden_record_reproduces_the_hand_computed_result(name: str) -> None:
    record, game, result = _replay(name)
    want: dict[str, Any] = record.meta["expected"]
    s = result.final_state
    t, b = game.ctx.t, game.ctx.b
    for key in ("round", "first_player", "fleet", "step"):
        if key in want:
            assert getattr(s, key) == want[key], f"{name}: {key}"
    for key in ("influence", "casualties"):
        if key in want:
            assert list(getattr(s, key)) == want[key], f"{name}: {key}"
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
        assert result.outcome is not None, f"{name}: the record does not reach the end of the game"
        assert [int(v) for v in result.outcome.scores] == want["scores"], f"{name}: scores"
        assert list(result.outcome.winners) == want["winners"], f"{name}: winners"
        assert result.outcome.details["victory"] == want["victory"], f"{name}: victory"
    events = _events(result)
    if "battles" in want:
        fought = [[e.area, e.winner] for e in events if isinstance(e, E.BattleFought)]
        assert fought == want["battles"], f"{name}: battles"
    plain = [_plain(e) for e in events]
    for expected in want.get("events", []):
        assert any(all(p.get(k) == v for k, v in expected.items()) for p in plain), f"{name}: {expected}"
    for absent in want.get("no_events", []):
        assert all(p["type"] != absent for p in plain), f"{name}: {absent}"
