"""The common ``content_overrides`` option read as one more owner's pack (RULES §3): the dotted
paths ``turncoat content`` prints, or a whole owner's pack; applied after ``owner_packs``; a
malformed one refused with a code before any game is built."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.starcraft.helpers import game
from tests.games.starcraft.test_content import OWNER_PACK
from turncoat.core.errors import InvalidConfig
from turncoat.games.starcraft.components import load_content
from turncoat.games.starcraft.config import StarcraftConfig
from turncoat.games.starcraft.overrides import (
    OVERRIDE_PACK_ID,
    OVERRIDE_SOURCE,
    load_with_overrides,
    override_pack,
)

KNOWN = frozenset(v.path for v in load_content().values)
MINE = {"value": ["N", "S"], "provenance": "printed", "source": "my copy"}


def test_override_pack_turns_dotted_paths_into_an_owners_pack() -> None:
    pack = override_pack(
        {"planets.antiga_prime.route_slots": MINE, "rules.partially_depleted_offset": 1}, KNOWN
    )
    assert pack == {
        "id": OVERRIDE_PACK_ID,
        "kind": "owner",
        "planets": [{"id": "antiga_prime", "route_slots": MINE}],
        # a bare value is the owner's printed copy
        "rules": {
            "partially_depleted_offset": {"value": 1, "provenance": "printed", "source": OVERRIDE_SOURCE}
        },
    }


def test_override_pack_takes_a_whole_owners_pack_as_it_is() -> None:
    assert override_pack(OWNER_PACK, ()) == OWNER_PACK


@pytest.mark.parametrize(
    ("overrides", "says"),
    [
        ({"planets.antiga_prme.route_slots": ["N"]}, "no value at planets.antiga_prme.route_slots"),
        ({"combat_cards.terran_combat_01.race": "zerg"}, "names a record"),
        ({"rules.partially_depleted_offset": {"value": 1, "provenance": "guessed"}}, "provenance"),
        ({**OWNER_PACK, "kind": "placeholders"}, "kind 'owner'"),
        ({"kind": "owner", "id": "mine", "planets": [{"id": "torus", "name": "Torus"}]}, "torus.name"),
        ({"kind": "owner"}, "needs a string 'id'"),
        (["planets.antiga_prime.route_slots"], "an object of dotted paths"),
    ],
)
def test_override_pack_refuses_a_malformed_one_with_a_code(overrides: Any, says: str) -> None:
    with pytest.raises(InvalidConfig) as err:
        override_pack(overrides, KNOWN)
    assert err.value.code == "bad_content_overrides" and says in err.value.message
    assert err.value.message.startswith("content_overrides: ")


def test_load_with_overrides_applies_them_after_the_owner_packs() -> None:
    assert load_with_overrides(StarcraftConfig()).digest == load_content().digest
    assert load_with_overrides(StarcraftConfig(content_overrides={})).packs == load_content().packs  # nothing
    later = {"planets.antiga_prime.route_slots": ["E", "W"]}
    loaded = load_with_overrides(StarcraftConfig(owner_packs=(OWNER_PACK,), content_overrides=later))
    assert [p.id for p in loaded.packs][-2:] == ["my-copy", OVERRIDE_PACK_ID]
    g = game(players=2, owner_packs=[OWNER_PACK], content_overrides=later)
    assert g.ctx.t.planet_sides["antiga_prime"] == ("E", "W")  # the override wins over owner_packs
    assert [a.amount for a in g.ctx.t.planet["antiga_prime"].areas.value] == [4, 3]  # the rest stays
    assert g.packs_used()[-1].startswith(f"{OVERRIDE_PACK_ID}@")
    assert g.content.overridden_paths == (
        "combat_cards.terran_combat_01.major",
        "planets.antiga_prime.areas",
        "planets.antiga_prime.route_slots",
    )


def test_load_with_overrides_of_a_whole_pack_plays_as_the_owner_packs_option() -> None:
    as_option = game(players=2, owner_packs=[OWNER_PACK])
    as_override = game(players=2, content_overrides=OWNER_PACK)
    assert as_override.loaded.digest == as_option.loaded.digest
    assert as_override.packs_used() == as_option.packs_used()


@pytest.mark.parametrize(
    ("overrides", "says"),
    [
        ({"planets.antiga_prime.route_slots": 5}, "the merged content is invalid"),  # a wrong type
        ({"kind": "owner", "id": "mine", "planets": [{"id": "new_planet", "name": MINE}]}, "incomplete"),
    ],
)
def test_load_with_overrides_refuses_what_the_file_breaks_as_the_options_fault(
    overrides: Any, says: str
) -> None:
    with pytest.raises(InvalidConfig) as err:
        load_with_overrides(StarcraftConfig(content_overrides=overrides))
    assert err.value.code == "bad_content_overrides" and says in err.value.message


def test_a_game_with_malformed_overrides_is_refused_before_it_is_built() -> None:
    with pytest.raises(InvalidConfig) as err:
        game(players=2, content_overrides={"planets.nowhere.areas": []})
    assert err.value.code == "bad_content_overrides"
