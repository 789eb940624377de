"""What every rule function needs besides the state: the options, the merged content and lookup
tables computed from it once per game (never per step)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from turncoat.core.actions import Event
from turncoat.games.starcraft.components import (
    SIDES,
    AreaData,
    Content,
    EventCardData,
    FactionData,
    PlanetData,
    RaceData,
    TechnologyData,
    UnitData,
)
from turncoat.games.starcraft.config import StarcraftConfig

Events = list[Event]


class Tables(msgspec.Struct, frozen=True):
    """Per-content lookups (content ids as keys)."""

    planet_ids: tuple[str, ...]  # sorted; the order planet tokens are shuffled from
    planet: dict[str, PlanetData]
    planet_areas: dict[str, tuple[str, ...]]  # area ids in the planet's printed order
    planet_sides: dict[str, tuple[str, ...]]  # route slot sides at rotation 0
    turned_sides: dict[str, tuple[tuple[str, ...], ...]]  # §6.3: the sides at rotation 0, 1, 2, 3
    area: dict[str, AreaData]
    area_planet: dict[str, str]
    faction: dict[str, FactionData]
    race: dict[str, RaceData]
    unit: dict[str, UnitData]
    combat_deck: dict[str, tuple[str, ...]]  # race -> its 18 combat card ids (one per card)
    tech_deck: dict[str, tuple[str, ...]]  # race -> its technologies
    technology: dict[str, TechnologyData]
    event_stage: dict[int, tuple[str, ...]]  # stage -> one id per physical card (copies repeated)
    event_card: dict[str, EventCardData]


def _turned(sides: Sequence[str], rotation: int) -> tuple[str, ...]:
    """§6.3: the slot sides after ``rotation`` quarter turns clockwise, in N, E, S, W order."""
    return tuple(sorted((SIDES[(SIDES.index(s) + rotation) % 4] for s in sides), key=SIDES.index))


def build_tables(content: Content) -> Tables:
    c = content.data
    stages: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for e in c.event_cards:
        stages[e.stage.value] += [e.id] * e.copies.value
    return Tables(
        planet_ids=tuple(p.id for p in c.planets),
        planet={p.id: p for p in c.planets},
        planet_areas={p.id: tuple(a.id for a in p.areas.value) for p in c.planets},
        planet_sides={p.id: tuple(p.route_slots.value) for p in c.planets},
        turned_sides={p.id: tuple(_turned(p.route_slots.value, r) for r in range(4)) for p in c.planets},
        area={a.id: a for p in c.planets for a in p.areas.value},
        area_planet={a.id: p.id for p in c.planets for a in p.areas.value},
        faction={f.id: f for f in c.factions},
        race={r.id: r for r in c.races},
        unit={u.id: u for u in c.units},
        combat_deck={
            r.id: tuple(
                card.id for card in sorted(c.combat_cards, key=lambda k: k.number) if card.race == r.id
            )
            for r in c.races
        },
        tech_deck={r.id: tuple(t.id for t in c.technologies if t.race == r.id) for r in c.races},
        technology={t.id: t for t in c.technologies},
        event_stage={k: tuple(v) for k, v in stages.items()},
        event_card={e.id: e for e in c.event_cards},
    )


class Ctx(msgspec.Struct, frozen=True):
    config: StarcraftConfig
    content: Content
    t: Tables
