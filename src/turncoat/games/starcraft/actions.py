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


# -- the round (§8-§11, §14, §17) -------------------------------------------------------------------


class ChooseOrderPlanet(Action, frozen=True, tag="choose_order_planet"):
    """§8: your next order goes on this planet (then you pick the token)."""

    planet: str


class PlaceOrder(Action, frozen=True, tag="place_order"):
    """§8: put this order token face down on top of the chosen planet's stack."""

    kind: str
    special: bool


class RevealOrder(Action, frozen=True, tag="reveal_order"):
    """§9: reveal your order on top of this planet's stack."""

    planet: str


class ExecuteOrder(Action, frozen=True, tag="execute_order"):
    """§9: execute the revealed order (False: the event option, discard it and draw an event)."""

    execute: bool


class BuildWorker(Action, frozen=True, tag="build_worker"):
    """§10.1.1: one worker (to the Unavailable Workers area)."""


class BuildTransport(Action, frozen=True, tag="build_transport"):
    """§10.1.1: one transport on this route of the active planet."""

    route: int


class BuildUnit(Action, frozen=True, tag="build_unit"):
    """§10.1.2: one unit of this kind in this area of the active planet."""

    unit: str
    area: str


class BuyBuilding(Action, frozen=True, tag="buy_building"):
    """§10.1.5: the next level of this building."""

    building: str


class BuyModule(Action, frozen=True, tag="buy_module"):
    """§10.1.4: one module of this kind."""

    module: str


class BuildBase(Action, frozen=True, tag="build_base"):
    """§10.1.3: a base in this area of the active planet."""

    area: str


class EndBuild(Action, frozen=True, tag="end_build"):
    """§10.1: buy nothing more with this Build order."""


class Pay(Action, frozen=True, tag="pay"):
    """§11: pay the next resource: ``source`` is ``permanent`` (a printed slot of ``kind``),
    ``card`` (a worker on the resource card of ``area``), ``force`` (force mining that card) or
    ``discount`` (the special Build order's one free resource, §10.4)."""

    source: str
    kind: str
    area: str = ""


class MoveUnit(Action, frozen=True, tag="move_unit"):
    """§10.2: move one unit of ``unit`` from ``source`` to ``to`` (an area of the active planet)."""

    unit: str
    source: str
    to: str


class LiftOff(Action, frozen=True, tag="lift_off"):
    """§10.2, §18: a Terran base on the active planet lifts off to another area of it."""

    source: str
    to: str


class EndMove(Action, frozen=True, tag="end_move"):
    """§10.2: the move step is over (a battle follows if units entered an enemy area)."""


class DrawCombatCards(Action, frozen=True, tag="draw_combat_cards"):
    """§10.3 step 2: draw 3 combat cards (True) or not."""

    draw: bool


class BuyTechnology(Action, frozen=True, tag="buy_technology"):
    """§10.3 step 3: buy this technology of your technology deck (all its copies), or none."""

    technology: str | None


class ResearchBonus(Action, frozen=True, tag="research_bonus"):
    """§10.4: a special Research order's bonus: one copy of the technology just bought to hand
    (True), or one more event card (False)."""

    to_hand: bool


class PlayEvent(Action, frozen=True, tag="play_event"):
    """§14 step 8, §17: resolve this one of your new event cards (None: none); at the start of a
    battle (§13.2 step 2), use this one of your kept event cards."""

    card: str | None


class DiscardCard(Action, frozen=True, tag="discard_card"):
    """§14 step 9: discard this combat card from your hand."""

    card: str


class VoluntaryDestruction(Action, frozen=True, tag="voluntary_destruction"):
    """§9: before revealing an order, destroy one of your own pieces (chosen next)."""


class DestroyPiece(Action, frozen=True, tag="destroy_piece"):
    """§9: destroy your own ``piece`` (unit, base or transport) at ``place`` (an area, or a route
    id for a transport); ``unit`` names the unit's kind."""

    piece: str
    place: str
    unit: str = ""


class DestroyNothing(Action, frozen=True, tag="destroy_nothing"):
    """§9: destroy nothing after all."""


StarcraftAction = (
    ChooseFaction
    | ChoosePlanet
    | ChooseCell
    | ChooseRotation
    | PlaceBase
    | PlaceZAxisEnd
    | PlaceStartingUnit
    | PlaceStartingTransport
    | ChooseOrderPlanet
    | PlaceOrder
    | RevealOrder
    | ExecuteOrder
    | BuildWorker
    | BuildTransport
    | BuildUnit
    | BuyBuilding
    | BuyModule
    | BuildBase
    | EndBuild
    | Pay
    | MoveUnit
    | LiftOff
    | EndMove
    | DrawCombatCards
    | BuyTechnology
    | ResearchBonus
    | PlayEvent
    | DiscardCard
    | VoluntaryDestruction
    | DestroyPiece
    | DestroyNothing
)
