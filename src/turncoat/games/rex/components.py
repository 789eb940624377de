"""Typed views of the Rex content pack (RULES §2, §18, data/*.json) and the lookup tables built from it.

Every value whose origin matters is a :class:`Sourced` value: ``rules`` where the seed (S1) or a Rex
source confirms it, ``estimated`` for stand-ins taken from the Dune board game (D1, D2) or guessed.
The source keys are those of RULES §20.  An owner's override file replaces any sourced value (the
board's adjacency, a card's amount, a leader's strength) without a code change.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any, Literal

import msgspec

from turncoat.core.content import ContentPack, Sourced, load_pack
from turncoat.core.errors import InvalidContent

RACE_IDS: tuple[str, ...] = ("lazax", "jol_nar", "letnev", "hacan", "sol", "xxcha")
# Race indices: the engine knows each race's abilities (§18); the pack gives their numbers.
LAZAX, JOL_NAR, LETNEV, HACAN, SOL, XXCHA = range(6)
LEADERS_PER_RACE = 5

CardKind = Literal["attack", "defense", "worthless", "special"]
# Where a strategy card is played (RULES §10.3 for the battle slots, strategy_cards.json otherwise).
CardTiming = Literal[
    "battle_attack",
    "battle_defense",
    "battle_either",
    "battle_leader",
    "influence_start",
    "bombardment_before",
    "maneuvering_turn",
    "any_time",
]
# What the engine does when the card resolves; the card's data says which, the engine knows how.
CardEffect = Literal[
    "kill_leader",
    "block_attack",
    "none",
    "stand_in_leader",
    "sol_offensive_now",
    "move_fleet",
    "destroy_shield",
    "cancel_ability",
    "extra_move",
    "free_recruit",
    "question",
]
InfluenceKind = Literal["area", "sol_offensive", "ceasefire"]
AreaSpecial = Literal["galactic_council", "spaceport", "shield_generator"]
BetrayalCondition = Literal["most_units_in_council"]


class Area(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    rex_name_verified: bool
    dune_territory: str | None
    special: list[AreaSpecial]
    sectors: Sourced[list[int]]
    stronghold: Sourced[bool]
    shielded: Sourced[bool]
    shield_depends_on_generator: Sourced[bool]
    influence_spot: Sourced[bool]
    adjacent: Sourced[list[str]]


class Piece(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An area's part inside one sector (the stand-in board's areas may span several sectors)."""

    id: str
    area: str
    sector: int | None
    adjacent: Sourced[list[str]]


class UnplacedName(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    known: str
    source: str


class RexMovement(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    normal: Sourced[int]
    spaceport: Sourced[int]


class Board(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    status: str
    sector_count: Sourced[int]
    movement_normal: Sourced[int]
    movement_spaceport: Sourced[int]
    movement_rex_rules: RexMovement
    areas: list[Area]
    pieces: list[Piece]
    unplaced_rex_names: list[UnplacedName]


class StartingUnits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    area: Sourced[str]
    units: Sourced[int]


class StartingChoice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Units the race distributes itself at setup among the listed areas (Sol, RULES §4 step 10)."""

    areas: Sourced[list[str]]
    units: Sourced[int]


class FreeLanding(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Sol's landing zone: the centre area and every area within ``radius`` lines of it."""

    centre: Sourced[str]
    radius: Sourced[int]


class Leader(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: Sourced[str | None]
    strength: Sourced[int]
    dune_analog: str


class Ability(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    timing: str
    text: Sourced[str]
    confidence: str


class AllyAdvantage(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    text: Sourced[str]


class Race(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    short_name: str
    dune_analog: str
    color: Sourced[str | None]
    starting_influence: Sourced[int]
    units: Sourced[int]
    mechanized_units: Sourced[int]
    starting_units: list[StartingUnits]
    starting_choice: StartingChoice | None
    free_recruitment: Sourced[int]
    hand_limit: Sourced[int]
    traitors_kept: Sourced[int]
    starting_strategy_cards: Sourced[int]
    leaders: list[Leader]
    abilities: list[Ability]
    ally_advantages: list[AllyAdvantage]
    special_victory: str | None
    free_landing: FreeLanding | None = None


class InfluenceSlot(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    area: Sourced[str]
    piece: Sourced[str]
    amount: Sourced[int]


class InfluenceCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    kind: InfluenceKind
    slots: list[InfluenceSlot]
    text: Sourced[str] | None


class StrategyCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: Sourced[str]
    kind: CardKind
    subtype: str  # attack/defense family: an attack is blocked by a defense of the same subtype
    timing: CardTiming
    effect: CardEffect
    params: dict[str, int]
    count: Sourced[int]
    discard_after_use: Sourced[bool]
    text: Sourced[str]


class BombardmentCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    value: Sourced[int]


class TraitorCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    leader: Sourced[str]


class BetrayalCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    number: Sourced[int]
    name: Sourced[str | None]
    condition: Sourced[BetrayalCondition | None]


class RuleNumbers(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rounds: Sourced[int]
    recruit_max_units: Sourced[int]
    recruit_max_leaders: Sourced[int]
    recruit_unit_cost: Sourced[int]
    recruit_max_mechanized: Sourced[int]
    traitors_dealt: Sourced[int]
    bid_minimum: Sourced[int]
    landing_cost: Sourced[int]
    landing_cost_enemy: Sourced[int]
    landing_cost_council: Sourced[int]
    collect_per_unit: Sourced[int]
    support: Sourced[int]
    dial_max: Sourced[int]
    fleet_dial_fallback_sector: Sourced[int]
    alliance_max_members: Sourced[int]
    strongholds_to_win: dict[str, Sourced[int]]  # alliance size -> strongholds needed


class RexContent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    schema: int
    title: str
    notes: str
    sources: dict[str, str]
    rules: RuleNumbers
    board: Board
    races: list[Race]
    influence_cards: list[InfluenceCard]
    strategy_cards: list[StrategyCard]
    bombardment_cards: list[BombardmentCard]
    traitor_cards: list[TraitorCard]
    betrayal_cards: list[BetrayalCard]


class Tables(msgspec.Struct, frozen=True):
    """Plain lookups by small integer index (no provenance wrappers on the hot path).

    Races are indexed in ``RACE_IDS`` order; leader ``r * 5 + i`` is race ``r``'s ``i``-th leader and
    traitor card ``k`` names leader ``k``; strategy cards are indexed by type, decks list types;
    influence cards and bombardment cards by their position in the pack.
    """

    race_ids: tuple[str, ...]
    race_names: tuple[str, ...]
    starting_influence: tuple[int, ...]
    units: tuple[int, ...]
    mechanized: tuple[int, ...]
    starting_units: tuple[tuple[tuple[str, int], ...], ...]  # per race: (area id, units)
    starting_choice: tuple[tuple[tuple[str, ...], int] | None, ...]  # per race: (areas, units)
    free_recruitment: tuple[int, ...]
    hand_limit: tuple[int, ...]
    traitors_kept: tuple[int, ...]
    starting_cards: tuple[int, ...]
    leader_ids: tuple[str, ...]
    leader_strength: tuple[int, ...]
    leader_race: tuple[int, ...]
    traitor_leader: tuple[int, ...]  # traitor card index -> leader index
    card_ids: tuple[str, ...]
    card_index: dict[str, int]  # card id -> type index (the first of that id), asked at every card window
    card_kind: tuple[str, ...]
    card_subtype: tuple[str, ...]
    card_timing: tuple[str, ...]
    card_effect: tuple[str, ...]
    card_discard_after_use: tuple[bool, ...]
    strategy_deck: tuple[int, ...]  # one entry per physical card, by type, ascending
    card_copies: tuple[int, ...]  # per type: its cards in the deck (``strategy_deck.count``)
    influence_ids: tuple[str, ...]
    influence_kind: tuple[str, ...]
    influence_slots: tuple[tuple[tuple[str, str, int], ...], ...]  # (area, piece, amount)
    bombardment_values: tuple[int, ...]
    betrayal_numbers: tuple[int, ...]
    betrayal_condition: tuple[str | None, ...]
    rounds: int
    recruit_max_units: int
    recruit_max_leaders: int
    recruit_unit_cost: int
    recruit_max_mechanized: int
    traitors_dealt: int
    bid_minimum: int
    landing_cost: int
    landing_cost_enemy: int
    landing_cost_council: int
    collect_per_unit: int
    support: int
    dial_max: int
    fleet_dial_fallback_sector: int
    alliance_max_members: int
    strongholds_to_win: tuple[int, ...]  # index: alliance size (0 unused)
    sol_landing: tuple[str, int] | None  # (centre area, radius) of the race that lands for free


def _fail(message: str, code: str) -> InvalidContent:
    return InvalidContent(message, code=code, rule="RULES §2")


def _check_races(content: RexContent, area_ids: set[str]) -> None:
    ids = tuple(r.id for r in content.races)
    if ids != RACE_IDS:
        raise _fail(f"the races must be {', '.join(RACE_IDS)} in this order", "races")
    for race in content.races:
        if len(race.leaders) != LEADERS_PER_RACE:
            raise _fail(f"{race.id}: every race has 5 leaders", "leaders")
        if any(ld.strength.value < 0 for ld in race.leaders):
            raise _fail(f"{race.id}: leader strengths must not be negative", "leaders")
        placed = sum(s.units.value for s in race.starting_units)
        if race.starting_choice is not None:
            placed += race.starting_choice.units.value
        if placed > race.units.value + race.mechanized_units.value:
            raise _fail(f"{race.id}: more starting units than unit tokens", "units")
        named = [s.area.value for s in race.starting_units]
        if race.starting_choice is not None:
            named += race.starting_choice.areas.value
        if race.free_landing is not None:
            named.append(race.free_landing.centre.value)
        for area in named:
            if area not in area_ids:
                raise _fail(f"{race.id}: unknown area {area!r}", "areas")
        if race.hand_limit.value < 1 or race.traitors_kept.value < 1:
            raise _fail(f"{race.id}: hand limit and traitors kept must be at least 1", "limits")


def _check_influence(content: RexContent, area_ids: set[str], piece_area: dict[str, str]) -> None:
    area_cards = 0
    for card in content.influence_cards:
        if card.kind == "area":
            area_cards += 1
            if len(card.slots) != 2:
                raise _fail(f"{card.id}: an area card names two areas (RULES §6)", "influence")
            for slot in card.slots:
                if slot.area.value not in area_ids:
                    raise _fail(f"{card.id}: unknown area {slot.area.value!r}", "influence")
                if piece_area.get(slot.piece.value) != slot.area.value:
                    raise _fail(f"{card.id}: piece {slot.piece.value!r} is not in its area", "influence")
                if slot.amount.value < 0:
                    raise _fail(f"{card.id}: amounts must not be negative", "influence")
        elif card.slots:
            raise _fail(f"{card.id}: only area cards name areas", "influence")
    rounds = content.rules.rounds.value
    if area_cards < rounds:
        raise _fail(f"the influence deck needs at least {rounds} area cards (RULES §5)", "influence")


def _first_index(ids: Iterable[str]) -> dict[str, int]:
    """Each id's position, as ``tuple.index`` finds it (the first, should one repeat)."""
    out: dict[str, int] = {}
    for i, key in enumerate(ids):
        out.setdefault(key, i)
    return out


def build_tables(content: RexContent) -> Tables:
    """Derive lookup tables and check what the schema alone cannot (RULES §2)."""
    area_ids = {a.id for a in content.board.areas}
    piece_area = {p.id: p.area for p in content.board.pieces}
    _check_races(content, area_ids)
    _check_influence(content, area_ids, piece_area)
    leader_ids = tuple(ld.id for race in content.races for ld in race.leaders)
    if len(set(leader_ids)) != len(leader_ids):
        raise _fail("leader ids must be unique", "leaders")
    leader_index = {lid: i for i, lid in enumerate(leader_ids)}
    traitor_leader = []
    for card in content.traitor_cards:
        if card.leader.value not in leader_index:
            raise _fail(f"{card.id}: unknown leader {card.leader.value!r}", "traitors")
        traitor_leader.append(leader_index[card.leader.value])
    if sorted(traitor_leader) != list(range(len(leader_ids))):
        raise _fail("there is exactly one traitor card per leader (RULES §2)", "traitors")
    values = tuple(c.value.value for c in content.bombardment_cards)
    if len(set(values)) != len(values) or any(v < 1 for v in values):
        raise _fail("bombardment cards carry distinct positive numbers (RULES §4 step 3)", "bombardment")
    if len(values) < 6:
        raise _fail("six bombardment cards are needed, one per player (RULES §4 step 3)", "bombardment")
    cards = content.strategy_cards
    if any(c.count.value < 0 for c in cards) or sum(c.count.value for c in cards) == 0:
        raise _fail("strategy card counts must be non-negative and not all zero", "strategy")
    r = content.rules
    to_win = r.strongholds_to_win
    if sorted(to_win) != ["1", "2", "3"]:
        raise _fail("stronghold thresholds are given for 1, 2 and 3 members (RULES §14.1)", "victory")
    races = content.races
    sol = next((race.free_landing for race in races if race.free_landing is not None), None)
    return Tables(
        race_ids=tuple(race.id for race in races),
        race_names=tuple(race.short_name for race in races),
        starting_influence=tuple(race.starting_influence.value for race in races),
        units=tuple(race.units.value for race in races),
        mechanized=tuple(race.mechanized_units.value for race in races),
        starting_units=tuple(
            tuple((s.area.value, s.units.value) for s in race.starting_units) for race in races
        ),
        starting_choice=tuple(
            (tuple(race.starting_choice.areas.value), race.starting_choice.units.value)
            if race.starting_choice is not None
            else None
            for race in races
        ),
        free_recruitment=tuple(race.free_recruitment.value for race in races),
        hand_limit=tuple(race.hand_limit.value for race in races),
        traitors_kept=tuple(race.traitors_kept.value for race in races),
        starting_cards=tuple(race.starting_strategy_cards.value for race in races),
        leader_ids=leader_ids,
        leader_strength=tuple(ld.strength.value for race in races for ld in race.leaders),
        leader_race=tuple(i // LEADERS_PER_RACE for i in range(len(leader_ids))),
        traitor_leader=tuple(traitor_leader),
        card_ids=tuple(c.id for c in cards),
        card_index=_first_index(c.id for c in cards),
        card_kind=tuple(c.kind for c in cards),
        card_subtype=tuple(c.subtype for c in cards),
        card_timing=tuple(c.timing for c in cards),
        card_effect=tuple(c.effect for c in cards),
        card_discard_after_use=tuple(c.discard_after_use.value for c in cards),
        strategy_deck=tuple(i for i, c in enumerate(cards) for _ in range(c.count.value)),
        card_copies=tuple(c.count.value for c in cards),
        influence_ids=tuple(c.id for c in content.influence_cards),
        influence_kind=tuple(c.kind for c in content.influence_cards),
        influence_slots=tuple(
            tuple((s.area.value, s.piece.value, s.amount.value) for s in c.slots)
            for c in content.influence_cards
        ),
        bombardment_values=values,
        betrayal_numbers=tuple(c.number.value for c in content.betrayal_cards),
        betrayal_condition=tuple(c.condition.value for c in content.betrayal_cards),
        rounds=r.rounds.value,
        recruit_max_units=r.recruit_max_units.value,
        recruit_max_leaders=r.recruit_max_leaders.value,
        recruit_unit_cost=r.recruit_unit_cost.value,
        recruit_max_mechanized=r.recruit_max_mechanized.value,
        traitors_dealt=r.traitors_dealt.value,
        bid_minimum=r.bid_minimum.value,
        landing_cost=r.landing_cost.value,
        landing_cost_enemy=r.landing_cost_enemy.value,
        landing_cost_council=r.landing_cost_council.value,
        collect_per_unit=r.collect_per_unit.value,
        support=r.support.value,
        dial_max=r.dial_max.value,
        fleet_dial_fallback_sector=r.fleet_dial_fallback_sector.value,
        alliance_max_members=r.alliance_max_members.value,
        strongholds_to_win=(0, *(to_win[str(k)].value for k in (1, 2, 3))),
        sol_landing=(sol.centre.value, sol.radius.value) if sol is not None else None,
    )


@cache
def base_pack_raw() -> str:
    return resources.files(__package__).joinpath("content/base.json").read_text(encoding="utf-8")


def load_content(overrides: dict[str, Any] | None = None) -> ContentPack[RexContent]:
    """The base pack, optionally with an owner's override values (e.g. the printed board)."""
    raw = json.loads(base_pack_raw())
    return load_pack(raw, RexContent, overrides=overrides)
