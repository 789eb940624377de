"""StarCraft content: packs of component data, merged value by value with where each value comes from.

RULES §3-§4, §10.1.4-§10.1.5 and §18 give the structure; the numbers come from packs, never from code.

**Packs.**  A pack is a JSON file of records (planets, factions, races, units, buildings, modules,
combat cards, technologies, event cards) and a ``rules`` table of numbers.  Every datum is a
*value with provenance*::

    {"value": 3, "provenance": "printed", "source": "WW", "confidence": "low-medium"}

plus ``"invented": true`` where nothing public gives it.  Three kinds of pack exist:

* ``sourced`` (``content/sourced.json``): what the public sources give (RULES §22), nothing invented;
  guesses are ``provenance: estimated`` with their confidence and reasoning;
* ``placeholders`` (``content/placeholders.json``): invented stand-ins for what no source gives
  (GAPS §3), every value ``invented``;
* ``owner``: a file a person who owns the game writes from their copy (printed planets, cards).

**Merging.**  Records are matched by ``id`` and merged field by field.  A placeholder value only
fills a gap: a sourced value always wins over it, and an owner's value wins over both.  So an owner's
pack replaces placeholders (or corrects sourced values) without a code change, and a value's
provenance always says which pack it came from.  The merged content is then checked as a whole
(every record complete, every reference known); an incomplete merge is refused with the list of
missing values rather than played with holes.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any, Generic, Literal, TypeVar

import msgspec

from turncoat.core.content import PROVENANCES, ContentPack, Provenance, iter_sourced
from turncoat.core.errors import InvalidContent
from turncoat.core.serialize import digest

T = TypeVar("T")

RACE_IDS: tuple[str, ...] = ("terran", "protoss", "zerg")
FACTION_IDS: tuple[str, ...] = (
    "jim_raynor",
    "arcturus_mengsk",
    "tassadar",
    "aldaris",
    "queen_of_blades",
    "overmind",
)
SIDES: tuple[str, ...] = ("N", "E", "S", "W")  # RULES §6.3: route slot sides, clockwise
PACK_KINDS: tuple[str, ...] = ("sourced", "placeholders", "owner")
# Merge priority, lowest first: a later layer's value replaces an earlier one's (module docstring).
LAYER_ORDER: tuple[str, ...] = ("placeholders", "sourced", "owner")
SECTIONS: tuple[str, ...] = (
    "planets",
    "factions",
    "races",
    "units",
    "buildings",
    "modules",
    "combat_cards",
    "technologies",
    "event_cards",
)
# Fields that name a record rather than describe it: plain, not values with provenance.
IDENTITY_FIELDS: frozenset[str] = frozenset({"id", "race", "races", "number", "abilities"})

Resource = Literal["minerals", "gas", "cp"]
Side = Literal["N", "E", "S", "W"]
Domain = Literal["ground", "flying"]
SpecialVictoryKind = Literal[
    "control_resource_areas",
    "control_whole_planets",
    "aldaris",
    "control_cp_areas",
    "bases_on_planets",
    "control_areas_on_planets",
]


class Value(msgspec.Struct, Generic[T], frozen=True, forbid_unknown_fields=True):
    """One datum and where it comes from (``source`` is a key of RULES §0 or ``INVENTED``)."""

    value: T
    provenance: Provenance
    source: str
    confidence: str = ""
    note: str = ""
    invented: bool = False


class Cost(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    minerals: int
    gas: int


class AreaData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """§4.1: one area of a planet: its resource symbol and its unit limit (§12)."""

    id: str
    resource: Resource
    amount: int
    unit_limit: int


class PlanetData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: Value[str]
    route_slots: Value[list[Side]]  # sides with a slot at rotation 0 (§6.3 grid model)
    areas: Value[list[AreaData]]


class SpecialVictory(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """§16.2: a faction's objective, by kind; ``count`` is the number the objective names."""

    kind: SpecialVictoryKind
    count: int
    stage_iii_only: bool


class FactionData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    race: str
    leader: Value[str]
    colour: Value[str]
    starting_units: Value[dict[str, int]]
    starting_workers: Value[int]
    starting_transports: Value[int]
    starting_building: Value[str]
    special_victory: Value[SpecialVictory]


class BuildLimit(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """§10.1.2: ``base + per x (Supply modules | different building types)``, at most ``max``."""

    kind: Literal["base_plus_supply", "per_building_type"]
    base: int
    per: int
    max: int | None


class RaceAbility(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """§18: a race ability.  ``effect_known`` false: the engine keeps a hook and applies nothing."""

    id: str
    effect_known: bool
    summary: Value[str]


class RaceData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: Value[str]
    hand_limit: Value[int]
    opening_hand: Value[int]
    build_limit: Value[BuildLimit]
    supply_modules_allowed: Value[bool]
    buildings: Value[list[str]]
    building_tokens: Value[int]
    module_tokens: Value[int]
    module_spaces: Value[int]
    technology_cards: Value[int]
    combat_cards: Value[int]
    abilities: list[RaceAbility]


class UnitData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    race: str
    name: Value[str]
    building: Value[str | None]
    level: Value[int | None]
    technology: Value[str | None]  # §10.1.2: tech-required units (Archon, Guardian)
    made_from: Value[dict[str, int]]
    domain: Value[Domain]
    targets: Value[list[Domain]]
    assist: Value[bool]
    detector: Value[bool]
    support: Value[int]
    cost: Value[Cost]
    figures: Value[int]


class BuildingData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    race: str
    levels: Value[list[list[str]]]  # units unlocked at level 1, 2, ...
    costs: Value[list[Cost]]  # cost of level 1, 2, ... (level 1 only if not printed on the sheet)


class ModuleData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    races: list[str]
    name: Value[str]
    cost: Value[Cost]
    tokens: Value[dict[str, int]]


class CombatValues(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    attack: int
    health: int


CardKind = Literal["standard", "reinforcement"]
Grant = Literal["cloaking", "detection"]
Stance = Literal["attacking", "defending"]


class Gain(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """§13.7 *Gain* and *Vs. X*: attack and/or health a card adds to its side's final values, only
    against an opposing front-line unit named in ``vs`` (unit ids, or ``ground`` / ``flying``; empty:
    any) and only while its side is ``when`` (attacking or defending; None: either)."""

    attack: int = 0
    health: int = 0
    vs: list[str] = msgspec.field(default_factory=list)
    when: Stance | None = None


class CardKeywords(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """§13.4, §13.7: the keywords of a combat card, applied only when the card applies (a standard
    card matching its front-line unit, a matching reinforcement, §13.3).  ``cancel``: the kinds of
    opposing card in the same skirmish it cancels (before everything else, attacker's first);
    ``gains``: its bonuses; ``grants``: cloaking for its own front-line unit, or detection for its
    side, until the end of that skirmish."""

    cancel: list[CardKind] = msgspec.field(default_factory=list)
    gains: list[Gain] = msgspec.field(default_factory=list)
    grants: list[Grant] = msgspec.field(default_factory=list)


NO_KEYWORDS = CardKeywords()


class CombatCardData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    race: str
    number: int
    kind: Value[CardKind]
    unit_icons: Value[list[str]]
    major: Value[CombatValues]
    minor: Value[CombatValues]
    ability: Value[str | None]
    keywords: Value[CardKeywords] | None = None  # §13.7: none in the sourced packs (GAPS §2.5)


class TechnologyCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """§10.3, §13.3: what a bought technology's cards do.  ``combat``: they are shuffled into the
    combat deck and play as combat cards (kind, unit icons, major and minor values, ability, as
    ``CombatCardData``); ``play_area``: they go face up in front of their owner (§10.3) and their
    effect is ``unlocks``, the tech-required unit they let their owner build (§10.1.2)."""

    placement: Literal["combat", "play_area"]
    kind: CardKind = "standard"
    unit_icons: list[str] = msgspec.field(default_factory=list)
    major: CombatValues = CombatValues(attack=0, health=0)
    minor: CombatValues = CombatValues(attack=0, health=0)
    ability: str | None = None
    keywords: CardKeywords = NO_KEYWORDS
    unlocks: str | None = None


class TechnologyData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """§10.3: a technology: its name, its copies (all taken by one purchase), and, where a pack
    gives them, its cost and its cards (without both it cannot be bought)."""

    id: str
    race: str
    name: Value[str]
    copies: Value[int | None]
    cost: Value[Cost] | None = None
    card: Value[TechnologyCard] | None = None


class EventCardData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: Value[str]
    stage: Value[int]
    copies: Value[int]
    effect: Value[str]
    # §17: what the card does, in our words (the placeholder pack's invented readings; none where
    # only the effect's name is known)
    text: Value[str] | None = None


class PermanentResource(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: Literal["minerals", "gas"]
    amount: int


class RulesData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """§3, §5, §6: the box's counts and the setup numbers."""

    planets: Value[int]
    resource_cards: Value[int]
    normal_routes: Value[int]
    z_axis_pairs: Value[int]
    bases: Value[int]
    workers: Value[int]
    transports: Value[int]
    depletion_tokens: Value[int]
    standard_orders: Value[dict[str, int]]
    special_orders: Value[dict[str, int]]
    planets_per_player: Value[int]
    event_stage_sizes: Value[list[int]]
    event_removed_per_stage: Value[dict[str, int]]
    worker_cost: Value[Cost]
    transport_cost: Value[Cost]
    base_cost: Value[Cost]
    permanent_resources: Value[list[PermanentResource]]
    partially_depleted_offset: Value[int]


class StarcraftContent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The merged content a game is played with (records sorted by id)."""

    planets: list[PlanetData]
    factions: list[FactionData]
    races: list[RaceData]
    units: list[UnitData]
    buildings: list[BuildingData]
    modules: list[ModuleData]
    combat_cards: list[CombatCardData]
    technologies: list[TechnologyData]
    event_cards: list[EventCardData]
    rules: RulesData


class PackInfo(msgspec.Struct, frozen=True):
    """A pack a game used: its id, kind and digest (a record stores these)."""

    id: str
    kind: str
    digest: str


class ValueNote(msgspec.Struct, frozen=True):
    """Where one merged value came from: ``path`` is ``section.record.field`` (``rules.field``)."""

    path: str
    pack: str
    provenance: str
    source: str
    confidence: str
    invented: bool
    note: str


# GAPS §2-§3: why each kind of record has invented values (what ``turncoat content`` says).
INVENTED_WHY: dict[str, str] = {
    "planets": "7 of the 12 planet tiles (areas, resources, unit limits, route slots) and the yellow "
    "sides of resource cards are not public (GAPS §2.2, §3)",
    "factions": "this faction's special victory is not public (GAPS §2.3, §3)",
    "races": "this race ability's effect is not public (GAPS §2.4)",
    "units": "this unit's cost or values are not public (GAPS §2.5)",
    "buildings": "the Terran and Protoss building costs are not public (GAPS §2.5, §3)",
    "modules": "the module costs are not public (GAPS §2.5, §3)",
    "combat_cards": "the three 18-card combat decks (unit icons, values, abilities) are not public "
    "(GAPS §2.6, §3)",
    "technologies": "the technology cards' costs and effects are not public (GAPS §2.6, §3)",
    "event_cards": "most of the 70 event cards are not public; the deck is filled with generic effects "
    "of the known kinds (GAPS §2.6, §3)",
    "rules": "the rulebook gives no number for this (GAPS §2.1)",
}
_VIEWS: dict[str, ContentPack[StarcraftContent]] = {}  # Content.pack() by merged digest


def source_legend() -> dict[str, str]:
    """The source keys of the shipped packs (``GUESS``, ``WW``, ...) and what each stands for."""
    legend: dict[str, str] = {}
    for kind in ("sourced", "placeholders"):
        sources = builtin_pack(kind).get("sources", {})
        legend.update(sources if isinstance(sources, dict) else {})
    return legend


def why_estimated(section: str, node: Mapping[str, Any], legend: Mapping[str, str]) -> str:
    """Why a value is estimated, in words: invented for play (and what no source gives), or a
    guess from the sources it names, with its confidence and reasoning."""
    note = str(node.get("note") or "")
    if node.get("invented"):
        why = INVENTED_WHY.get(section, "no public source gives it (GAPS §3)")
        return f"invented for play, not from the game: {why}" + (f"; {note}" if note else "")
    source = str(node.get("source") or "no source given")
    keys = [k for k in re.split(r"[^A-Z]+", source) if k in legend]
    said = f" [{' + '.join(legend[k] for k in dict.fromkeys(keys))}]" if keys else ""
    confidence = str(node.get("confidence") or "unknown")
    return f"estimated, {confidence} confidence, from {source}{said}" + (f": {note}" if note else "")


class Content(msgspec.Struct, frozen=True):
    """Merged content, the packs it came from and the provenance of every value."""

    data: StarcraftContent
    packs: tuple[PackInfo, ...]
    digest: str
    values: tuple[ValueNote, ...]

    def pack(self) -> ContentPack[StarcraftContent]:
        """The core view (``Game.content``, what ``turncoat content`` shows): its estimated paths
        are every value no printed component confirms, the invented ones first, then the sourced
        pack's guesses; each such value's ``source`` reads as the reason it is estimated
        (``why_estimated``).  The digest is the merged packs', unchanged by the wording."""
        view = _VIEWS.get(self.digest)
        if view is None:
            raw = msgspec.to_builtins(self.data)
            legend = source_legend()
            invented: list[str] = []
            guessed: list[str] = []
            for path, node in iter_sourced(raw):
                if node["provenance"] != "estimated":
                    continue
                (invented if node.get("invented") else guessed).append(path)
                node["source"] = why_estimated(path.split(".", 1)[0], node, legend)
            owner = tuple(v.path for v in self.values if v.pack in self.owner_pack_ids())
            view = _VIEWS[self.digest] = ContentPack(
                id="+".join(p.id for p in self.packs),
                digest=self.digest,
                data=msgspec.convert(raw, StarcraftContent),
                estimated_paths=(*invented, *guessed),
                overridden_paths=owner,
            )
        return view

    def owner_pack_ids(self) -> frozenset[str]:
        return frozenset(p.id for p in self.packs if p.kind == "owner")


# -- reading packs ---------------------------------------------------------------------------------


def _is_value(node: Any) -> bool:
    return isinstance(node, dict) and "value" in node and "provenance" in node


@cache
def _builtin_text(name: str) -> str:
    return resources.files(__package__).joinpath(f"content/{name}.json").read_text(encoding="utf-8")


def builtin_pack(kind: Literal["sourced", "placeholders"]) -> dict[str, Any]:
    """A fresh copy of one of the packs shipped with the game."""
    raw: dict[str, Any] = json.loads(_builtin_text(kind))
    return raw


def check_pack(raw: Any) -> dict[str, Any]:
    """Refuse a pack whose shape is wrong before anything is merged (§3: packs are data only)."""
    if not isinstance(raw, dict):
        raise InvalidContent("a content pack is a JSON object", code="schema")
    pack_id, kind = raw.get("id"), raw.get("kind")
    if not isinstance(pack_id, str) or not pack_id:
        raise InvalidContent("a content pack needs a string 'id'", code="missing_id")
    if kind not in PACK_KINDS:
        raise InvalidContent(
            f"pack {pack_id!r}: 'kind' must be one of {', '.join(PACK_KINDS)}", code="schema"
        )
    for section in SECTIONS:
        records = raw.get(section, [])
        if not isinstance(records, list) or not all(
            isinstance(r, dict) and isinstance(r.get("id"), str) for r in records
        ):
            raise InvalidContent(
                f"pack {pack_id!r}: {section} must be a list of records with an 'id'", code="schema"
            )
        for record in records:
            _check_fields(pack_id, f"{section}.{record['id']}", record)
    rules = raw.get("rules", {})
    if not isinstance(rules, dict):
        raise InvalidContent(f"pack {pack_id!r}: rules must be an object", code="schema")
    _check_fields(pack_id, "rules", rules)
    return raw


def _check_fields(pack_id: str, where: str, record: Mapping[str, Any]) -> None:
    for key, node in record.items():
        if key in IDENTITY_FIELDS:
            continue
        if not _is_value(node):
            raise InvalidContent(
                f"pack {pack_id!r}: {where}.{key} is not a value with provenance "
                '({"value": ..., "provenance": ..., "source": ...})',
                code="not_sourced",
            )
        if node["provenance"] not in PROVENANCES:
            raise InvalidContent(
                f"pack {pack_id!r}: {where}.{key}: provenance must be one of {', '.join(PROVENANCES)}",
                code="bad_provenance",
            )
        if node.get("invented") and node["provenance"] != "estimated":
            raise InvalidContent(
                f"pack {pack_id!r}: {where}.{key} is invented but not estimated", code="bad_provenance"
            )


def read_pack_file(path: str) -> dict[str, Any]:
    """An owner's pack from a file (checked; its kind must be ``owner``)."""
    try:
        with open(path, encoding="utf-8") as fh:
            raw = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        raise InvalidContent(f"cannot read content pack {path}: {exc}", code="unreadable") from exc
    pack = check_pack(raw)
    if pack["kind"] != "owner":
        raise InvalidContent(f"{path}: an owner's pack has kind 'owner'", code="schema")
    return pack


# -- merging ----------------------------------------------------------------------------------------


def _merge_record(
    target: dict[str, Any], record: Mapping[str, Any], pack_id: str, origin: dict[str, str], where: str
) -> None:
    for key, node in record.items():
        target[key] = copy.deepcopy(node)
        if key not in IDENTITY_FIELDS:
            origin[f"{where}.{key}"] = pack_id


def merge_packs(packs: Sequence[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, str]]:
    """The merged raw content and, for each value path, the pack its value came from.

    Packs merge in ``LAYER_ORDER`` (placeholders, then sourced, then owner packs in the order
    given), field by field: a later layer's value replaces an earlier one's.
    """
    ordered = sorted(packs, key=lambda p: LAYER_ORDER.index(p["kind"]))  # stable: owners keep their order
    merged: dict[str, Any] = {s: {} for s in SECTIONS}
    rules: dict[str, Any] = {}
    origin: dict[str, str] = {}
    for pack in ordered:
        for section in SECTIONS:
            for record in pack.get(section, []):
                target = merged[section].setdefault(record["id"], {})
                _merge_record(target, record, pack["id"], origin, f"{section}.{record['id']}")
        _merge_record(rules, pack.get("rules", {}), pack["id"], origin, "rules")
    out: dict[str, Any] = {s: [merged[s][k] for k in sorted(merged[s])] for s in SECTIONS}
    out["rules"] = rules
    return out, origin


def _value_notes(raw: dict[str, Any], origin: Mapping[str, str]) -> tuple[ValueNote, ...]:
    notes: list[ValueNote] = []
    for path, pack_id in sorted(origin.items()):
        node = _at(raw, path)
        notes.append(
            ValueNote(
                path=path,
                pack=pack_id,
                provenance=node["provenance"],
                source=node.get("source", ""),
                confidence=node.get("confidence", ""),
                invented=bool(node.get("invented", False)),
                note=node.get("note", ""),
            )
        )
    return tuple(notes)


def _at(raw: dict[str, Any], path: str) -> dict[str, Any]:
    parts = path.split(".")
    if parts[0] == "rules":
        node: dict[str, Any] = raw["rules"][parts[1]]
        return node
    record = next(r for r in raw[parts[0]] if r["id"] == parts[1])
    value: dict[str, Any] = record[parts[2]]
    return value


def _missing(raw: dict[str, Any]) -> list[str]:
    """Every field the typed schema needs that no pack gave (for a complete refusal message)."""
    schema: dict[str, type[msgspec.Struct]] = {
        "planets": PlanetData,
        "factions": FactionData,
        "races": RaceData,
        "units": UnitData,
        "buildings": BuildingData,
        "modules": ModuleData,
        "combat_cards": CombatCardData,
        "technologies": TechnologyData,
        "event_cards": EventCardData,
    }
    out: list[str] = []
    for section, struct in schema.items():
        need = _required(struct)
        for record in raw[section]:
            out += [f"{section}.{record['id']}.{f}" for f in need if f not in record]
    out += [f"rules.{f}" for f in _required(RulesData) if f not in raw["rules"]]
    return out


def _required(struct: type[msgspec.Struct]) -> tuple[str, ...]:
    info = msgspec.structs.fields(struct)
    return tuple(
        f.name for f in info if f.default is msgspec.NODEFAULT and f.default_factory is msgspec.NODEFAULT
    )


def load_content(*, placeholders: bool = True, owner_packs: Iterable[dict[str, Any]] = ()) -> Content:
    """§3: the sourced pack, the placeholder pack (unless left out) and any owner's packs, merged,
    checked and typed.  Refused with every missing value named when the merge is incomplete."""
    packs = [check_pack(builtin_pack("sourced"))]
    if placeholders:
        packs.append(check_pack(builtin_pack("placeholders")))
    for owner in owner_packs:
        owner = check_pack(copy.deepcopy(owner))
        if owner["kind"] != "owner":
            raise InvalidContent(
                f"pack {owner['id']!r} is given as an owner's pack but is {owner['kind']!r}", code="schema"
            )
        packs.append(owner)
    ids = [p["id"] for p in packs]
    if len(set(ids)) != len(ids):
        raise InvalidContent(f"two packs share an id: {', '.join(ids)}", code="duplicate_pack")
    raw, origin = merge_packs(packs)
    missing = _missing(raw)
    if missing:
        shown = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
        raise InvalidContent(
            f"the content is incomplete ({len(missing)} values no pack gives: {shown}); "
            "add the placeholder pack or an owner's pack",
            code="incomplete",
        )
    try:
        data = msgspec.convert(raw, StarcraftContent, strict=True)
    except msgspec.ValidationError as exc:
        raise InvalidContent(f"the merged content is invalid: {exc}", code="schema") from exc
    check_references(data)
    return Content(
        data=data,
        packs=tuple(PackInfo(p["id"], p["kind"], digest(p)) for p in packs),
        digest=digest(raw),
        values=_value_notes(raw, origin),
    )


def _bad(message: str) -> InvalidContent:
    return InvalidContent(message, code="bad_reference")


def check_references(c: StarcraftContent) -> None:
    """Cross-record checks (§3, §4, §5, §6.3): every id named exists, every count adds up."""
    races = {r.id for r in c.races}
    units = {u.id: u for u in c.units}
    buildings = {b.id: b for b in c.buildings}
    if races != set(RACE_IDS) or {f.id for f in c.factions} != set(FACTION_IDS):
        raise _bad("the content must hold the three races and the six factions of the core game")
    area_ids: set[str] = set()
    for p in c.planets:
        sides = p.route_slots.value
        if not sides or len(set(sides)) != len(sides):
            raise _bad(f"planet {p.id} needs one to four distinct route slot sides")
        if not p.areas.value:
            raise _bad(f"planet {p.id} has no areas")
        for a in p.areas.value:
            if a.id in area_ids or a.amount < 0 or a.unit_limit < 1:
                raise _bad(f"planet {p.id}: area {a.id} is repeated or has a bad amount or limit")
            area_ids.add(a.id)
    for f in c.factions:
        if f.race not in races:
            raise _bad(f"faction {f.id}: unknown race {f.race}")
        for unit in f.starting_units.value:
            if unit not in units or units[unit].race != f.race:
                raise _bad(f"faction {f.id}: starting unit {unit} is not a {f.race} unit")
        if f.starting_building.value not in buildings or buildings[f.starting_building.value].race != f.race:
            raise _bad(
                f"faction {f.id}: starting building {f.starting_building.value} is not a {f.race} building"
            )
    for r in c.races:
        for b in r.buildings.value:
            if b not in buildings:
                raise _bad(f"race {r.id}: unknown building {b}")
        deck = [card for card in c.combat_cards if card.race == r.id]
        if len(deck) != r.combat_cards.value:
            raise _bad(f"race {r.id}: {len(deck)} combat cards, the box has {r.combat_cards.value}")
    for building in c.buildings:
        for level in building.levels.value:
            for unit in level:
                if unit not in units:
                    raise _bad(f"building {building.id}: unknown unit {unit}")
        if len(building.costs.value) != len(building.levels.value):
            raise _bad(f"building {building.id}: one cost per level")
    for card in c.combat_cards:
        for unit in card.unit_icons.value:
            if unit not in units:
                raise _bad(f"combat card {card.id}: unknown unit {unit}")
        if card.keywords is not None:
            check_keywords(f"combat card {card.id}", card.keywords.value, units)
    _check_technologies(c, units)
    sizes = c.rules.event_stage_sizes.value
    for stage in (1, 2, 3):
        have = sum(e.copies.value for e in c.event_cards if e.stage.value == stage)
        if have != sizes[stage - 1]:
            raise _bad(f"event stage {stage}: {have} cards, the box has {sizes[stage - 1]}")


def _check_technologies(c: StarcraftContent, units: Mapping[str, UnitData]) -> None:
    """§4.8, §10.1.2, §10.3: a technology's race is known, its card names units of that race (a
    play-area card the tech-required unit it unlocks) and no id is a combat card's too; where every
    copy count of a race is known they add up to the race's technology cards."""
    cards = {card.id for card in c.combat_cards}
    for t in c.technologies:
        if t.race not in RACE_IDS or t.id in cards:
            raise _bad(f"technology {t.id}: unknown race {t.race} or an id a combat card has")
        card = t.card.value if t.card is not None else None
        named = [] if card is None else [*card.unit_icons, *([card.unlocks] if card.unlocks else [])]
        if any(u not in units or units[u].race != t.race for u in named):
            raise _bad(f"technology {t.id}: its card names a unit that is not a {t.race} unit")
        if card is not None and card.unlocks and units[card.unlocks].technology.value != t.id:
            raise _bad(f"technology {t.id}: unit {card.unlocks} does not need this technology")
        if card is not None and card.placement == "play_area" and card.keywords != NO_KEYWORDS:
            raise _bad(f"technology {t.id}: a play-area card has no combat keywords (§13.7)")
        if card is not None:
            check_keywords(f"technology {t.id}", card.keywords, units)
    for r in c.races:
        copies = [t.copies.value for t in c.technologies if t.race == r.id]
        total = sum(n or 0 for n in copies)
        if copies and None not in copies and total != r.technology_cards.value:
            raise _bad(f"race {r.id}: {total} technology cards, the box has {r.technology_cards.value}")


def check_keywords(where: str, keywords: CardKeywords, units: Mapping[str, UnitData]) -> None:
    """§13.7: a card's keywords are well formed: each kind cancelled and each grant named once; a
    gain adds something, never a negative amount, and its "vs." names units of the content or
    ``ground`` / ``flying``."""
    if len(set(keywords.cancel)) != len(keywords.cancel) or len(set(keywords.grants)) != len(keywords.grants):
        raise _bad(f"{where}: a keyword's cancel or grants names the same thing twice")
    for gain in keywords.gains:
        if gain.attack < 0 or gain.health < 0 or gain.attack + gain.health == 0:
            amount = f"{gain.attack}/{gain.health}"
            raise _bad(f"{where}: a gain adds a positive attack and/or health (§13.7), not {amount}")
        for x in gain.vs:
            if x not in units and x not in ("ground", "flying"):
                raise _bad(f"{where}: a gain's vs. names {x!r}, neither a unit nor ground/flying (§13.7)")


# -- what is invented -------------------------------------------------------------------------------


def invented_values(content: Content, records: Iterable[str] | None = None) -> tuple[ValueNote, ...]:
    """§3 / GAPS §3: every invented value of the merged content (for the "placeholder content"
    badge and ``turncoat content starcraft``); with ``records`` (``section.id`` or ``rules``) only
    those of these records."""
    wanted = None if records is None else set(records)
    return tuple(v for v in content.values if v.invented and (wanted is None or _record_of(v.path) in wanted))


def _record_of(path: str) -> str:
    parts = path.split(".")
    return "rules" if parts[0] == "rules" else f"{parts[0]}.{parts[1]}"


def iter_values(content: Content, provenance: str) -> Iterator[ValueNote]:
    """The merged values of one provenance (``printed``, ``rules``, ``estimated``)."""
    return (v for v in content.values if v.provenance == provenance)
