"""Game records: save/load, atomic writes, and replay reporting the first divergence exactly."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from turncoat.core.errors import MalformedAction, ReplayDivergence, RulesError
from turncoat.core.record import (
    RECORD_FORMAT,
    ContentRef,
    GameRecord,
    RecordedAction,
    append_action,
    decode_action,
    encode_action,
    load_record,
    new_record,
    replay,
    save_record,
    state_digest,
)
from turncoat.core.serialize import canonical_json
from turncoat.core.testing.playout import Playout, random_playout
from turncoat.core.testing.toy import Bid, KeepPrize, SealedBidsConfig, SealedBidsGame

GAME = SealedBidsGame(SealedBidsConfig(players=3, rounds=3))


@pytest.fixture(scope="module")
def played() -> Playout:
    return random_playout(GAME, seed=11, policy_seed=2)


@pytest.fixture(scope="module")
def record(played: Playout) -> GameRecord:
    return played.record(GAME)


def test_new_record_names_game_rules_content_config_and_seed() -> None:
    rec = new_record(GAME, 5, note="hello")
    assert rec.format == RECORD_FORMAT
    assert (rec.game, rec.rules_version, rec.seed) == ("sealed_bids", "sealed-bids/1", 5)
    assert rec.content == ContentRef(id="sealed-bids-base", digest=GAME.content.digest)
    assert rec.config == {"content_overrides": None, "parley": False, "players": 3, "rounds": 3}
    assert rec.actions == () and rec.digests is None
    assert rec.meta == {"note": "hello"}


def test_append_action_stores_the_tagged_json_form() -> None:
    rec = append_action(new_record(GAME, 5), 2, Bid(3))
    assert rec.actions == (RecordedAction(player=2, action={"amount": 3, "type": "bid"}),)
    assert encode_action(KeepPrize()) == {"type": "keep_prize"}
    assert decode_action(GAME, {"type": "bid", "amount": 3}) == Bid(3)


@pytest.mark.parametrize(
    "raw", [{"type": "bid"}, {"type": "bid", "amount": "3"}, {"type": "fold"}, [1], None]
)
def test_decode_action_refuses_malformed_input(raw: object) -> None:
    with pytest.raises(MalformedAction) as err:
        decode_action(GAME, raw)
    assert err.value.code == "malformed_action"


def test_replay_reproduces_the_game(played: Playout, record: GameRecord) -> None:
    result = replay(GAME, record)
    assert state_digest(result.final_state) == state_digest(played.final)
    assert result.outcome == GAME.outcome(played.final) is not None
    assert result.initial_events == played.start.events
    assert [(s.index, s.player, s.action) for s in result.steps] == [
        (s.index, s.player, s.action) for s in played.steps
    ]
    assert [s.events for s in result.steps] == [s.transition.events for s in played.steps]


def test_save_and_load_round_trip(tmp_path: Path, record: GameRecord) -> None:
    path = tmp_path / "game.json"
    save_record(record, path)
    loaded = load_record(path)
    assert loaded == record
    assert canonical_json(loaded) == canonical_json(record)
    assert path.read_text(encoding="utf-8").endswith("}\n")
    assert state_digest(replay(GAME, loaded).final_state) == record.digests[-1]  # type: ignore[index]


def test_save_is_atomic(tmp_path: Path, record: GameRecord, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    save_record(record, path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary file left
    before = path.read_bytes()
    original_write = Path.write_text

    def crash_half_way(self: Path, data: str, *args: object, **kwargs: object) -> int:
        original_write(self, data[: len(data) // 2], encoding="utf-8")
        raise OSError("disk full")

    monkeypatch.setattr(Path, "write_text", crash_half_way)
    shorter = msgspec.structs.replace(record, actions=record.actions[:2], digests=record.digests[:2])  # type: ignore[index]
    with pytest.raises(OSError, match="disk full"):
        save_record(shorter, path)
    monkeypatch.undo()
    assert path.read_bytes() == before  # the old record is intact
    assert load_record(path) == record
    save_record(shorter, path)  # and the next save replaces it whole
    assert load_record(path) == shorter


def test_load_refuses_missing_and_malformed_files(tmp_path: Path, record: GameRecord) -> None:
    with pytest.raises(RulesError) as err:
        load_record(tmp_path / "missing.json")
    assert err.value.code == "unreadable_record"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(MalformedAction) as err2:
        load_record(bad)
    assert err2.value.code == "malformed_record"
    extra = tmp_path / "extra.json"
    extra.write_bytes(canonical_json({**msgspec.to_builtins(record), "cheat": True}))
    with pytest.raises(MalformedAction):
        load_record(extra)


def _divergence(rec: GameRecord) -> ReplayDivergence:
    with pytest.raises(ReplayDivergence) as err:
        replay(GAME, rec)
    assert err.value.code == "replay_divergence"
    return err.value


def test_an_illegal_action_is_reported_at_its_step(played: Playout, record: GameRecord) -> None:
    step = next(s for s in played.steps if isinstance(s.action, Bid))
    too_high = Bid(step.before.coins[step.player] + 1)
    actions = list(record.actions)
    actions[step.index - 1] = RecordedAction(step.player, msgspec.to_builtins(too_high))
    err = _divergence(msgspec.structs.replace(record, actions=tuple(actions)))
    assert err.step == step.index
    assert err.expected == "an accepted action"
    assert "bad_bid" in err.actual
    assert f"step {step.index}" in str(err)


def test_an_action_by_the_wrong_seat_is_reported_at_its_step(played: Playout, record: GameRecord) -> None:
    step = next(s for s in played.steps if len(GAME.to_act(s.before)) < 3)
    outsider = next(p for p in range(3) if p not in GAME.to_act(step.before))
    actions = list(record.actions)
    actions[step.index - 1] = msgspec.structs.replace(actions[step.index - 1], player=outsider)
    err = _divergence(msgspec.structs.replace(record, actions=tuple(actions)))
    assert err.step == step.index
    assert "not_your_turn" in err.actual


def test_a_malformed_action_is_reported_at_its_step(record: GameRecord) -> None:
    actions = list(record.actions)
    actions[2] = RecordedAction(actions[2].player, {"type": "bid", "amount": "lots"})
    err = _divergence(msgspec.structs.replace(record, actions=tuple(actions)))
    assert err.step == 3
    assert "malformed_action" in err.actual


def test_a_tampered_digest_is_reported_with_both_digests(record: GameRecord) -> None:
    assert record.digests is not None
    digests = list(record.digests)
    digests[4] = "0" * 32
    err = _divergence(msgspec.structs.replace(record, digests=tuple(digests)))
    assert (err.step, err.expected, err.actual) == (5, "0" * 32, record.digests[4])
    # Without digest checks the record still replays.
    assert replay(GAME, msgspec.structs.replace(record, digests=tuple(digests)), check_digests=False)


def test_a_tampered_action_is_caught_by_the_next_digest(played: Playout, record: GameRecord) -> None:
    step = next(s for s in played.steps if isinstance(s.action, Bid) and s.before.coins[s.player] > 0)
    other = Bid(0 if step.action != Bid(0) else 1)
    actions = list(record.actions)
    actions[step.index - 1] = RecordedAction(step.player, msgspec.to_builtins(other))
    err = _divergence(msgspec.structs.replace(record, actions=tuple(actions)))
    assert err.step == step.index
    assert err.expected == record.digests[step.index - 1]  # type: ignore[index]


def test_the_wrong_game_is_refused_before_any_step(record: GameRecord) -> None:
    err = _divergence(msgspec.structs.replace(record, game="verrater"))
    assert (err.step, err.expected, err.actual) == (0, "sealed_bids", "verrater")


def test_other_rules_are_refused_before_any_step(record: GameRecord) -> None:
    err = _divergence(msgspec.structs.replace(record, rules_version="sealed-bids/0"))
    assert (err.step, err.expected, err.actual) == (0, "sealed-bids/1", "sealed-bids/0")


def test_other_content_is_refused_before_any_step(record: GameRecord) -> None:
    printed = SealedBidsGame(SealedBidsConfig(content_overrides={"prizes.throne.points": 6}))
    with pytest.raises(ReplayDivergence) as err:
        replay(printed, record)
    assert (err.value.step, err.value.expected, err.value.actual) == (
        0,
        GAME.content.digest,
        printed.content.digest,
    )


def test_an_unknown_format_and_a_short_digest_list_are_refused(record: GameRecord) -> None:
    err = _divergence(msgspec.structs.replace(record, format=RECORD_FORMAT + 1))
    assert (err.step, err.actual) == (0, str(RECORD_FORMAT + 1))
    assert record.digests is not None
    err = _divergence(msgspec.structs.replace(record, digests=record.digests[:-1]))
    assert err.step == 0
    assert (err.expected, err.actual) == (str(len(record.actions)), str(len(record.actions) - 1))
