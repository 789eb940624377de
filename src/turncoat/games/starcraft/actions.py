"""StarCraft decisions, named with the rulebook's verbs (RULES §21.2).  Ids are content ids.

Setup is broken into small steps (§6.3): which planet, which cell, which turn, which base area;
each offers at most a few dozen choices.
"""

from __future__ import annotations

from turncoat.core.actions import Action


class ChooseFaction(Action, frozen=True, tag="choose_faction"):
    """§5 step 2: take one of the faction sheets still on the table."""

    faction: str


class ChoosePlanet(Action, frozen=True, tag="choose_planet"):
    """§6.1 steps 3-4: place this one of your drawn planets now."""

    planet: str


class ChooseCell(Action, frozen=True, tag="choose_cell"):
    """§6.1 steps 3-4, §6.3: put the planet in grid cell (x, y)."""

    x: int
    y: int


class ChooseRotation(Action, frozen=True, tag="choose_rotation"):
    """§6.3: turn the planet this many quarter turns clockwise (forced routes follow, §6.2)."""

    rotation: int


class PlaceBase(Action, frozen=True, tag="place_base"):
    """§6.1 steps 3-4: put your base in this area of the planet just placed (None: not on this one,
    allowed in placement round 1 only)."""

    area: str | None


class PlaceZAxisEnd(Action, frozen=True, tag="place_z_axis_end"):
    """§6.1 step 5: plug the next end of your z-axis route (major, then minor) into a free slot."""

    planet: str
    side: str


class PlaceStartingUnit(Action, frozen=True, tag="place_starting_unit"):
    """§6.1 step 7: put your next starting unit (the state names it) in this area."""

    area: str


class PlaceStartingTransport(Action, frozen=True, tag="place_starting_transport"):
    """§6.1 step 7: put your starting transport on this route of your base planet."""

    route: int


StarcraftAction = (
    ChooseFaction
    | ChoosePlanet
    | ChooseCell
    | ChooseRotation
    | PlaceBase
    | PlaceZAxisEnd
    | PlaceStartingUnit
    | PlaceStartingTransport
)
