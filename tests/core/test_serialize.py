"""Canonical JSON and digests: one byte string per value, so records and digests are stable."""

from __future__ import annotations

import json

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from turncoat.core.actions import Action, Event
from turncoat.core.serialize import canonical_json, digest, from_builtins, pretty_json, to_builtins


class Move(Action, frozen=True, tag="move"):
    to: int
    via: tuple[int, ...] = ()


class Wait(Action, frozen=True, tag="wait"):
    pass


class Moved(Event, frozen=True, tag="moved"):
    seat: int


class Position(msgspec.Struct, frozen=True):
    zeta: int
    alpha: tuple[str, ...]
    last: Move | Wait | None = None


def test_canonical_json_sorts_keys_without_whitespace_and_tags_structs() -> None:
    assert canonical_json(Move(3, (1, 2))) == b'{"to":3,"type":"move","via":[1,2]}'
    assert canonical_json({"b": 1, "a": [1, 2]}) == b'{"a":[1,2],"b":1}'
    assert canonical_json(Position(1, ("x",), Wait())) == b'{"alpha":["x"],"last":{"type":"wait"},"zeta":1}'


def test_events_carry_their_visibility() -> None:
    assert canonical_json(Moved(seat=1)) == b'{"seat":1,"type":"moved","visible_to":null}'
    assert canonical_json(Moved(seat=1, visible_to=(1,))) == b'{"seat":1,"type":"moved","visible_to":[1]}'


def test_digest_known_answers() -> None:
    """Pinned: a change here invalidates every stored record digest."""
    assert digest(Move(3, (1, 2))) == "d82f5d4cc10aff85665b74ffa56b35b2"
    assert digest({"b": 1, "a": [1, 2]}) == "f587f5091b5841a33f9e6dafdf1f5e45"
    assert digest(None) == "941dffce4e4308ceb33e87326003257d"


def test_digest_ignores_key_order_but_not_values() -> None:
    assert digest({"a": 1, "b": 2}) == digest({"b": 2, "a": 1})
    assert digest({"a": 1, "b": 2}) != digest({"a": 1, "b": 3})
    assert digest(Move(3)) != digest(Move(4))
    assert digest((1, 2)) == digest([1, 2])  # JSON has one kind of sequence
    assert len(digest(0)) == 32


def test_builtins_round_trip_structs() -> None:
    pos = Position(2, ("a", "b"), Move(5, (4,)))
    data = to_builtins(pos)
    assert json.loads(canonical_json(data)) == {
        "alpha": ["a", "b"],
        "last": {"to": 5, "type": "move", "via": [4]},
        "zeta": 2,
    }
    assert list(data) == sorted(data)
    assert from_builtins(data, Position) == pos
    assert from_builtins(json.loads(canonical_json(data)), Position) == pos


def test_to_builtins_gives_plain_json_data() -> None:
    data = to_builtins(Move(5, (4,)))
    assert data == json.loads(canonical_json(data))


def test_from_builtins_is_strict() -> None:
    with pytest.raises(msgspec.ValidationError):
        from_builtins({"to": "3", "type": "move"}, Move)
    with pytest.raises(msgspec.ValidationError):
        from_builtins({"to": 3, "type": "jump"}, Move)
    with pytest.raises(msgspec.ValidationError):
        from_builtins({"alpha": [], "zeta": 1.5}, Position)


def test_pretty_json_is_sorted_indented_json() -> None:
    text = pretty_json({"b": 1, "a": [1]})
    assert text == '{\n  "a": [\n    1\n  ],\n  "b": 1\n}'
    assert json.loads(text) == {"a": [1], "b": 1}


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@given(json_values)
def test_canonical_json_is_canonical(value: object) -> None:
    raw = canonical_json(value)
    assert json.loads(raw) == value
    assert canonical_json(json.loads(raw)) == raw
    assert canonical_json(msgspec.json.decode(raw)) == raw
