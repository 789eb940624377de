"""Typed views of the Verräter content pack (RULES §2) and fast lookup tables built from it."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import msgspec

from turncoat.core.content import ContentPack, Sourced, load_pack
from turncoat.core.errors import InvalidContent

HOUSES: tuple[str, str] = ("eagle", "rose")
ROLES: tuple[str, ...] = ("traitor", "strategist", "builder", "farmer", "diplomat_2", "diplomat_5")
RING_SIZE = 12
SIDES: tuple[str, str] = ("estate", "trading_post")


class House(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    name_de: str


class LandscapeType(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    name_de: str
    copies: Sourced[int]
    conflict_value: Sourced[int]
    victory_points: dict[str, Sourced[int]]  # "1".."4" winners -> VP each


class Role(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    name_de: str


class RoleBonus(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    diplomat_2_strength: Sourced[int]
    diplomat_5_strength: Sourced[int]
    diplomat_2_draw: Sourced[int]
    farmer_draw: Sourced[int]
    strategist_vp: Sourced[int]
    traitor_vp: Sourced[int]


class Limits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hand_limit: Sourced[int]
    commit_max: Sourced[int]
    buildings_per_player: Sourced[int]
    max_trading_posts: Sourced[int]
    trading_post_hand_cap: Sourced[int]


class VerraterContent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    schema: int
    title: str
    notes: str
    sources: dict[str, str]
    houses: list[House]
    landscape_types: list[LandscapeType]
    supply_cards: dict[str, Sourced[int]]  # value -> number of cards
    starting_hand: Sourced[list[int]]
    roles: list[Role]
    role_bonus: RoleBonus
    limits: Limits
    rounds: dict[str, Sourced[int]]  # players -> rounds


class Tables(msgspec.Struct, frozen=True):
    """Plain lookups the rules use on every step (no provenance wrappers on the hot path)."""

    type_ids: tuple[str, ...]
    type_copies: dict[str, int]
    conflict_value: dict[str, int]
    vp: dict[str, tuple[int, ...]]  # type -> VP each, indexed by number of winners (0 -> 0)
    vp_estimated: dict[str, tuple[bool, ...]]
    deck: tuple[int, ...]  # all supply card values, ascending
    starting_hand: tuple[int, ...]
    diplomat_2_strength: int
    diplomat_5_strength: int
    diplomat_2_draw: int
    farmer_draw: int
    strategist_vp: int
    traitor_vp: int
    hand_limit: int
    commit_max: int
    buildings_per_player: int
    max_trading_posts: int
    trading_post_hand_cap: int
    rounds: dict[int, int]


def build_tables(content: VerraterContent) -> Tables:
    """Derive lookup tables and check what the schema alone cannot (RULES §2)."""
    if [h.id for h in content.houses] != list(HOUSES):
        raise InvalidContent("houses must be eagle and rose", code="houses")
    if sorted(r.id for r in content.roles) != sorted(ROLES):
        raise InvalidContent(f"roles must be exactly {', '.join(ROLES)}", code="roles")
    copies = {t.id: t.copies.value for t in content.landscape_types}
    if sum(copies.values()) != RING_SIZE or any(c != 2 for c in copies.values()):
        raise InvalidContent("the ring needs 12 landscapes, two of each type", code="landscapes")
    vp: dict[str, tuple[int, ...]] = {}
    vp_est: dict[str, tuple[bool, ...]] = {}
    for t in content.landscape_types:
        if sorted(t.victory_points) != ["1", "2", "3", "4"]:
            raise InvalidContent(f"{t.id}: VP circles must be given for 1-4 winners", code="vp")
        values = tuple(t.victory_points[str(n)].value for n in range(1, 5))
        if any(v < 0 for v in values) or t.conflict_value.value < 0:
            raise InvalidContent(f"{t.id}: values must not be negative", code="vp")
        vp[t.id] = (0, *values)
        vp_est[t.id] = (False, *(t.victory_points[str(n)].estimated for n in range(1, 5)))
    deck = tuple(sorted(int(v) for v, n in content.supply_cards.items() for _ in range(n.value)))
    start = tuple(sorted(content.starting_hand.value))
    remaining = list(deck)
    for v in start * 4:
        if v not in remaining:
            raise InvalidContent("the deck cannot supply four starting hands", code="deck")
        remaining.remove(v)
    b, lim = content.role_bonus, content.limits
    return Tables(
        type_ids=tuple(t.id for t in content.landscape_types),
        type_copies=copies,
        conflict_value={t.id: t.conflict_value.value for t in content.landscape_types},
        vp=vp,
        vp_estimated=vp_est,
        deck=deck,
        starting_hand=start,
        diplomat_2_strength=b.diplomat_2_strength.value,
        diplomat_5_strength=b.diplomat_5_strength.value,
        diplomat_2_draw=b.diplomat_2_draw.value,
        farmer_draw=b.farmer_draw.value,
        strategist_vp=b.strategist_vp.value,
        traitor_vp=b.traitor_vp.value,
        hand_limit=lim.hand_limit.value,
        commit_max=lim.commit_max.value,
        buildings_per_player=lim.buildings_per_player.value,
        max_trading_posts=lim.max_trading_posts.value,
        trading_post_hand_cap=lim.trading_post_hand_cap.value,
        rounds={int(k): v.value for k, v in content.rounds.items()},
    )


@cache
def base_pack_raw() -> str:
    return resources.files(__package__).joinpath("content/base.json").read_text(encoding="utf-8")


def load_content(overrides: dict[str, Any] | None = None) -> ContentPack[VerraterContent]:
    """The base pack, optionally with a user's override values (e.g. printed VP circles)."""
    raw = json.loads(base_pack_raw())
    return load_pack(raw, VerraterContent, overrides=overrides)
