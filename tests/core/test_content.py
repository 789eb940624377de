"""Content packs: validation, provenance per value, estimated paths, user overrides (ARCH §1.9)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from turncoat.core.content import Sourced, iter_sourced, load_pack, read_override_file
from turncoat.core.errors import InvalidContent
from turncoat.core.serialize import digest


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    strength: Sourced[int]


class Pack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    title: str
    hand_limit: Sourced[int]
    start: Sourced[list[int]]
    cards: list[Card]
    table: dict[str, Sourced[int]]


def raw_pack() -> dict[str, Any]:
    return {
        "id": "tiny",
        "title": "A tiny pack",
        "hand_limit": {"value": 7, "provenance": "rules", "source": "rulebook p. 3"},
        "start": {"value": [3, 4, 5], "provenance": "printed", "source": "card"},
        "cards": [
            {"id": "knight", "strength": {"value": 4, "provenance": "printed", "source": "card"}},
            {"id": "spy", "strength": {"value": 1, "provenance": "estimated", "source": "guess"}},
        ],
        "table": {
            "1": {"value": 10, "provenance": "estimated"},
            "2": {"value": 6, "provenance": "printed", "source": "board"},
        },
    }


def test_provenance_is_kept_per_value() -> None:
    pack = load_pack(raw_pack(), Pack)
    assert pack.id == "tiny"
    assert pack.data.hand_limit == Sourced(7, "rules", "rulebook p. 3")
    assert pack.data.start.value == [3, 4, 5]
    assert pack.data.cards[0].strength.provenance == "printed"
    assert pack.data.cards[1].strength.estimated
    assert not pack.data.cards[0].strength.estimated
    assert pack.data.table["1"].source == ""  # the source is optional


def test_estimated_paths_are_listed_with_list_items_by_id() -> None:
    pack = load_pack(raw_pack(), Pack)
    assert pack.estimated_paths == ("cards.spy.strength", "table.1")
    assert pack.overridden_paths == ()


def test_iter_sourced_walks_every_sourced_value() -> None:
    paths = [p for p, _ in iter_sourced(raw_pack())]
    assert paths == [
        "hand_limit",
        "start",
        "cards.knight.strength",
        "cards.spy.strength",
        "table.1",
        "table.2",
    ]


def test_digest_is_the_digest_of_the_raw_pack() -> None:
    pack = load_pack(raw_pack(), Pack)
    assert pack.digest == digest(raw_pack())
    assert load_pack(raw_pack(), Pack).digest == pack.digest
    reordered = dict(reversed(list(raw_pack().items())))
    assert load_pack(reordered, Pack).digest == pack.digest


def test_override_changes_values_digest_and_provenance() -> None:
    base = load_pack(raw_pack(), Pack)
    printed = {"value": 2, "provenance": "printed", "source": "my copy"}
    pack = load_pack(raw_pack(), Pack, overrides={"cards.spy.strength": printed, "table.1": 12})
    assert pack.data.cards[1].strength == Sourced(2, "printed", "my copy")
    assert pack.data.table["1"] == Sourced(12, "printed", "user override")  # a bare value is printed
    assert pack.digest != base.digest
    assert pack.id == "tiny+override"
    assert pack.overridden_paths == ("cards.spy.strength", "table.1")
    assert pack.estimated_paths == ()
    assert pack.data.hand_limit == base.data.hand_limit


def test_override_by_list_index_and_with_an_explicit_pack_id() -> None:
    pack = load_pack(raw_pack(), Pack, overrides={"cards.0.strength": 9}, override_pack_id="tiny-mine")
    assert pack.id == "tiny-mine"
    assert pack.data.cards[0].strength.value == 9
    assert pack.overridden_paths == ("cards.0.strength",)


def test_each_override_gives_its_own_digest() -> None:
    digests = {load_pack(raw_pack(), Pack, overrides={"hand_limit": v}).digest for v in (5, 6, 8)}
    assert len(digests) == 3
    estimated = {"value": 7, "provenance": "estimated"}
    assert load_pack(raw_pack(), Pack, overrides={"hand_limit": estimated}).estimated_paths[0] == "hand_limit"


def test_overrides_never_touch_the_callers_data() -> None:
    raw = raw_pack()
    before = copy.deepcopy(raw)
    load_pack(raw, Pack, overrides={"cards.spy.strength": 3})
    assert raw == before


@pytest.mark.parametrize(
    "path",
    ["cards.thief.strength", "cards.7.strength", "nothing", "table.3", "hand_limit.value.x", "cards.spy.x"],
)
def test_a_bad_override_path_is_refused(path: str) -> None:
    with pytest.raises(InvalidContent) as err:
        load_pack(raw_pack(), Pack, overrides={path: 1})
    assert err.value.code == "bad_path"


@pytest.mark.parametrize("path", ["title", "cards.spy.id", "cards.spy", "table"])
def test_only_sourced_values_can_be_overridden(path: str) -> None:
    with pytest.raises(InvalidContent) as err:
        load_pack(raw_pack(), Pack, overrides={path: 1})
    assert err.value.code == "not_overridable"


def test_an_override_with_an_unknown_provenance_is_refused() -> None:
    with pytest.raises(InvalidContent) as err:
        load_pack(raw_pack(), Pack, overrides={"hand_limit": {"value": 8, "provenance": "folklore"}})
    assert err.value.code == "bad_provenance"


def test_a_pack_with_an_unknown_provenance_is_refused() -> None:
    raw = raw_pack()
    raw["cards"][0]["strength"]["provenance"] = "rumour"
    with pytest.raises(InvalidContent) as err:
        load_pack(raw, Pack)
    assert err.value.code == "bad_provenance"
    assert "cards.knight.strength" in err.value.message


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda r: r["hand_limit"].update(value="seven"), "hand_limit"),
        (lambda r: r.update(colour="red"), "colour"),
        (lambda r: r.pop("title"), "title"),
        (lambda r: r["cards"][1].update(power=3), "power"),
        (lambda r: r["start"].update(value=[3, "4"]), "start"),
        (lambda r: r["table"]["1"].update(extra=1), "extra"),
    ],
)
def test_a_pack_that_breaks_the_schema_is_refused(change: Any, where: str) -> None:
    raw = raw_pack()
    change(raw)
    with pytest.raises(InvalidContent) as err:
        load_pack(raw, Pack)
    assert err.value.code == "schema"
    assert where in err.value.message


def test_an_override_that_breaks_the_schema_is_refused() -> None:
    with pytest.raises(InvalidContent) as err:
        load_pack(raw_pack(), Pack, overrides={"hand_limit": "lots"})
    assert err.value.code == "schema"


def test_a_pack_needs_an_id() -> None:
    raw = raw_pack()
    del raw["id"]
    with pytest.raises(InvalidContent) as err:
        load_pack(raw, Pack)
    assert err.value.code == "missing_id"


def _write(tmp_path: Path, doc: object, name: str = "override.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_read_override_file(tmp_path: Path) -> None:
    path = _write(tmp_path, {"pack": "tiny", "overrides": {"cards.spy.strength": 2}})
    overrides = read_override_file(path, "tiny")
    assert load_pack(raw_pack(), Pack, overrides=overrides).data.cards[1].strength.value == 2


def test_an_override_file_for_another_pack_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, {"pack": "other", "overrides": {}})
    with pytest.raises(InvalidContent) as err:
        read_override_file(path, "tiny")
    assert err.value.code == "wrong_pack"


@pytest.mark.parametrize("doc", [[], {"pack": "tiny"}, {"pack": "tiny", "overrides": [1]}])
def test_an_override_file_needs_an_overrides_mapping(tmp_path: Path, doc: object) -> None:
    with pytest.raises(InvalidContent) as err:
        read_override_file(_write(tmp_path, doc), "tiny")
    assert err.value.code == "schema"


def test_an_unreadable_override_file_is_refused(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    for path in (broken, tmp_path / "missing.json"):
        with pytest.raises(InvalidContent) as err:
            read_override_file(path, "tiny")
        assert err.value.code == "unreadable"


def test_the_toy_game_pack_lists_its_estimates_and_validates_overrides() -> None:
    from turncoat.core.testing.toy import SealedBidsConfig, SealedBidsGame

    game = SealedBidsGame()
    assert game.content.id == "sealed-bids-base"
    assert game.content.estimated_paths == (
        "favourite_multiplier",
        "prizes.sceptre.points",
        "prizes.throne.points",
    )
    printed = SealedBidsGame(SealedBidsConfig(content_overrides={"prizes.throne.points": 6}))
    assert printed.content.digest != game.content.digest
    assert printed.points[-1] == 6
    with pytest.raises(InvalidContent) as err:
        SealedBidsGame(SealedBidsConfig(content_overrides={"starting_coins": -1}))
    assert err.value.code == "limits"
