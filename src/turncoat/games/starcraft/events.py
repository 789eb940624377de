"""What happened, for the log and for each seat (``visible_to`` says who may see it)."""

from __future__ import annotations

from turncoat.core.actions import Event


class GameSetUp(Event, frozen=True, tag="game_set_up"):
    """§5 step 1: the packs in use and the first player."""

    packs: tuple[str, ...]
    invented_values: int
    first_player: int


class FactionTaken(Event, frozen=True, tag="faction_taken"):
    """§5 step 2."""

    seat: int
    faction: str
    dealt: bool  # dealt at random rather than chosen


class EventDeckBuilt(Event, frozen=True, tag="event_deck_built"):
    """§5 step 6: how many cards of each stage are in the deck (the removed ones unseen)."""

    stage_sizes: tuple[int, int, int]
    removed: int


class PlanetsDrawn(Event, frozen=True, tag="planets_drawn"):
    """§6.1 step 1: a seat's two planets, shown to everyone."""

    seat: int
    planets: tuple[str, ...]


class PlanetPlaced(Event, frozen=True, tag="planet_placed"):
    """§6.1 steps 3-4, §6.2: a planet on the table and the forced routes it got."""

    seat: int
    planet: str
    x: int
    y: int
    rotation: int
    routes: tuple[tuple[int, str, str, str, str], ...]  # (route, planet, side, planet, side)


class BasePlaced(Event, frozen=True, tag="base_placed"):
    """§6.1 steps 3-4: ``area`` None: the seat keeps its base for its second planet."""

    seat: int
    planet: str
    area: str | None


class ZAxisPlaced(Event, frozen=True, tag="z_axis_placed"):
    """§6.1 step 5: a z-axis route (``route`` None: not enough free slots, back to the box)."""

    seat: int
    route: int | None
    major: tuple[str, str] | None
    minor: tuple[str, str] | None


class ResourceCardsTaken(Event, frozen=True, tag="resource_cards_taken"):
    """§6.1 step 6: the resource cards of the base planet's mineral and gas areas."""

    seat: int
    areas: tuple[str, ...]


class StartingUnitPlaced(Event, frozen=True, tag="starting_unit_placed"):
    """§6.1 step 7 (``area`` None: no area had room, the unit stays in the supply)."""

    seat: int
    unit: str
    area: str | None


class StartingTransportPlaced(Event, frozen=True, tag="starting_transport_placed"):
    """§6.1 step 7: the route and the two planets it joins."""

    seat: int
    route: int
    between: tuple[str, str]


class WorkersReceived(Event, frozen=True, tag="workers_received"):
    """§6.1 step 7: workers into the Worker Pool."""

    seat: int
    workers: int


class HandDrawn(Event, frozen=True, tag="hand_drawn"):
    """§5 steps 8-9: the decks split and the opening hand (the cards only to their owner)."""

    seat: int
    combat_deck: int
    technologies: int
    cards: tuple[str, ...]


class HandSize(Event, frozen=True, tag="hand_size"):
    """§5 step 9: how many cards a seat drew (public)."""

    seat: int
    cards: int


class RoundStarted(Event, frozen=True, tag="round_started"):
    """§7: a round begins with its Planning phase."""

    round: int
    first_player: int


# -- the round (§8-§17) ----------------------------------------------------------------------------


class OrderPlaced(Event, frozen=True, tag="order_placed"):
    """§8: an order token face down on a planet (its back: the owner)."""

    seat: int
    planet: str


class OrderFace(Event, frozen=True, tag="order_face"):
    """§8, §21.3: the face of the order just placed, for its owner only."""

    seat: int
    planet: str
    kind: str
    special: bool


class OrderRevealed(Event, frozen=True, tag="order_revealed"):
    """§9: the top order of a stack turned face up."""

    seat: int
    planet: str
    kind: str
    special: bool
    executed: bool  # False: the event option (§9)


class OrderDiscarded(Event, frozen=True, tag="order_discarded"):
    """§9, §16.4: an eliminated player's order leaves its stack without effect."""

    seat: int
    planet: str


class Obstructed(Event, frozen=True, tag="obstructed"):
    """§9: the seat has orders on the board but none on top of a stack."""

    seat: int


class EventCardDrawn(Event, frozen=True, tag="event_card_drawn"):
    """§17: an event card drawn face down; only the stage on its back is seen (``stage`` 0: the deck
    was empty and nothing was drawn)."""

    seat: int
    stage: int


class EventDeckRebuilt(Event, frozen=True, tag="event_deck_rebuilt"):
    """§19 Galactic Conquest: the Stage III discards shuffled into a new event deck."""

    cards: int


class Bought(Event, frozen=True, tag="bought"):
    """§10.1, §11: one purchase of a Build order and how it was paid (one line)."""

    seat: int
    item: str  # worker, transport, unit, base, building, module
    target: str
    place: str
    level: int  # the building's new level (0 otherwise)
    paid: tuple[tuple[str, str, str], ...]  # (source, kind, area)
    depleted: tuple[tuple[str, int], ...]  # (area, new depletion) for each card force mined


class UnitsMoved(Event, frozen=True, tag="units_moved"):
    """§10.2: the whole move step of a Mobilize order (one line)."""

    seat: int
    planet: str
    moves: tuple[tuple[str, str, str], ...]  # (unit, from area, to area)
    lift_off: tuple[str, str] | None


class ResearchSkipped(Event, frozen=True, tag="research_skipped"):
    """§10.3: no technology can be bought: ``unpriced`` (no pack gives a cost, or the option leaves
    the invented ones out), ``unaffordable`` (the seat cannot pay any) or ``none_left`` (all
    bought)."""

    seat: int
    reason: str = "unpriced"


class TechnologyResearched(Event, frozen=True, tag="technology_researched"):
    """§10.3 steps 3-4: a technology bought and announced: all its copies into the combat deck
    (shuffled with the discard pile) or the play area, and how it was paid (one line)."""

    seat: int
    technology: str
    copies: int
    placement: str  # combat or play_area
    paid: tuple[tuple[str, str, str], ...]  # (source, kind, area)
    depleted: tuple[tuple[str, int], ...]
    invented: bool  # placeholder content


class TechnologyToHand(Event, frozen=True, tag="technology_to_hand"):
    """§10.4: the special Research order put one copy of the bought technology in hand."""

    seat: int
    technology: str


class BaseDestroyed(Event, frozen=True, tag="base_destroyed"):
    """§14 step 1: a base in an area with an enemy unit."""

    seat: int
    area: str


class TransportDestroyed(Event, frozen=True, tag="transport_destroyed"):
    """§14 step 1: a transport cut off from its owner's bases."""

    seat: int
    route: int


class Eliminated(Event, frozen=True, tag="eliminated"):
    """§16.4: a seat with no units and no bases on the board."""

    seat: int


class ResourceCardLost(Event, frozen=True, tag="resource_card_lost"):
    """§14 step 2: a resource card back to the supply; its workers are destroyed."""

    seat: int
    area: str
    workers: int


class ResourceCardGained(Event, frozen=True, tag="resource_card_gained"):
    """§14 step 3."""

    seat: int
    area: str


class WorkersRetrieved(Event, frozen=True, tag="workers_retrieved"):
    """§14 step 4: every worker back to the Worker Pool."""

    seat: int
    workers: int


class ConquestPointsScored(Event, frozen=True, tag="conquest_points_scored"):
    """§14 step 5, §15."""

    seat: int
    cp: int
    total: int


class EventCardsRead(Event, frozen=True, tag="event_cards_read"):
    """§14 step 8: the seat reads its new event cards (for its owner only)."""

    seat: int
    cards: tuple[str, ...]


class EventPlayed(Event, frozen=True, tag="event_played"):
    """§14 step 8, §17: the card a seat resolves (None: none) and the others shown and discarded.
    ``hook``: the card's effect is placeholder content, so it changes nothing."""

    seat: int
    card: str | None
    discarded: tuple[str, ...]
    end_draws_near: int  # copies of The End Draws Near played into the common area
    hook: bool


class EliminatedEventsRemoved(Event, frozen=True, tag="eliminated_events_removed"):
    """§14 step 8, §16.4: an eliminated seat's new event cards leave the game unseen, without
    effect.  Only how many: nobody, not even their owner, read them (§21.3), so the line that
    says so names no face."""

    seat: int
    count: int


class ZAxisRouteMoved(Event, frozen=True, tag="z_axis_route_moved"):
    """§17: an event card moved the minor end of a z-axis route (placeholder content)."""

    seat: int
    route: int
    source: tuple[str, str]  # (planet, side) it left
    to: tuple[str, str]


class EventCardUsed(Event, frozen=True, tag="event_card_used"):
    """§17: an event card kept face up in a seat's play area is used and discarded (``expired``: a
    resource token whose round is over, its unpaid resources lost)."""

    seat: int
    card: str
    expired: bool


class CardDiscarded(Event, frozen=True, tag="card_discarded"):
    """§14 step 9: a combat card discarded down to the hand limit (face up)."""

    seat: int
    card: str


class FirstPlayerPassed(Event, frozen=True, tag="first_player_passed"):
    """§14 step 10."""

    seat: int


class GameWon(Event, frozen=True, tag="game_won"):
    """§16: the game is over."""

    winners: tuple[int, ...]
    victory: str  # normal, special, end_game, elimination
    cp: tuple[int, ...]


class PieceDestroyed(Event, frozen=True, tag="piece_destroyed"):
    """§9: a player destroys one of its own pieces (back to its supply)."""

    seat: int
    piece: str
    place: str
    unit: str


# == Combat (RULES §13) =====================================================================


class BattleStarted(Event, frozen=True, tag="battle_started"):
    """§13.1: a battle in ``area``; ``special``: started by a special Mobilize order (§10.2)."""

    area: str
    attacker: int
    defender: int
    special: bool
    attacking: tuple[str, ...]
    defending: tuple[str, ...]


class CombatCardsDrawn(Event, frozen=True, tag="combat_cards_drawn"):
    """§13.2 step 3: the cards a seat drew (only to their owner)."""

    seat: int
    cards: tuple[str, ...]


class CombatCardCount(Event, frozen=True, tag="combat_card_count"):
    """§13.2 step 3: how many combat cards a seat drew (public)."""

    seat: int
    cards: int


class CombatDiscardShuffled(Event, frozen=True, tag="combat_discard_shuffled"):
    """§10.3 (EN p.26): the last card of a combat deck was drawn; the discard pile becomes the deck."""

    seat: int
    cards: int


class FrontLineChosen(Event, frozen=True, tag="front_line_chosen"):
    """§13.2 step 4: an all-assist side's front-line unit."""

    seat: int
    unit: str


class SkirmishFormed(Event, frozen=True, tag="skirmish_formed"):
    """§13.2 step 4: skirmish ``skirmish`` pairs these front-line units."""

    skirmish: int
    attacker: str
    defender: str


class SupportAssigned(Event, frozen=True, tag="support_assigned"):
    """§13.2 step 5."""

    seat: int
    unit: str
    skirmish: int


class CombatCardsPlaced(Event, frozen=True, tag="combat_cards_placed"):
    """§13.2 step 6: cards face down on a skirmish: how many and whether the first came blind from
    the deck (public, as on the table)."""

    seat: int
    skirmish: int
    cards: int
    blind: bool


class CombatCardsChosen(Event, frozen=True, tag="combat_cards_chosen"):
    """§13.2 step 6: which cards from hand (only to their owner; a blind card is seen by nobody)."""

    seat: int
    skirmish: int
    cards: tuple[str, ...]


class SkirmishRevealed(Event, frozen=True, tag="skirmish_revealed"):
    """§13.4: both sides' cards face up, the final (attack, health) of each side, the blind
    reinforcement cards discarded for a standard one (§13.3) and the revealed cards cancelled
    (§13.7: discarded with no effect)."""

    skirmish: int
    attacker_cards: tuple[str, ...]
    defender_cards: tuple[str, ...]
    attacker_values: tuple[int, int]
    defender_values: tuple[int, int]
    replaced: tuple[str, ...]
    cancelled: tuple[str, ...] = ()


class UnitDestroyed(Event, frozen=True, tag="unit_destroyed"):
    """§13.4, §13.6, §13.8, §13.9: a unit destroyed (``why``: skirmish, scourge, splash, retreat)."""

    seat: int
    unit: str
    area: str
    why: str


class UnitWithdrew(Event, frozen=True, tag="unit_withdrew"):
    """§13.7: a cloaked unit withdrew instead of being destroyed."""

    seat: int
    unit: str
    to: str


class UnitsRetreated(Event, frozen=True, tag="units_retreated"):
    """§13.9: a seat's retreating units and the single area they went to."""

    seat: int
    units: tuple[str, ...]
    to: str


class BattleEnded(Event, frozen=True, tag="battle_ended"):
    """§13.9: who holds the area (``winner`` -1: nobody, the area is empty)."""

    area: str
    winner: int
