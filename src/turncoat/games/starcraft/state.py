"""The StarCraft game state (RULES §21.1): server-side truth, frozen, tuples only.

Layout (each piece is a frozen msgspec Struct, so states are values: ``apply`` builds a new one
with ``msgspec.structs.replace`` and never changes its input):

* ``State``: the table: seats, first player, round and step, the event deck, the galaxy (placed
  planets, area contents, routes), order stacks, and the progress of setup;
* ``PlayerState``: one seat's faction sheet and hands (§4.5-§4.9): cards, workers, resource cards,
  buildings, modules, order tokens, the planets drawn at setup;
* ``PlacedPlanet`` / ``AreaState`` / ``Route``: the galaxy of the grid model (RULES §6.3).

Static facts (an area's resource and unit limit, a planet's slot sides) live in the content and the
context (``context.Tables``); the state holds only what changes.  Seats are 0..n-1 clockwise.
Piles list the bottom card first: the top card of a deck is its LAST element.  Ids are content ids.
"""

from __future__ import annotations

from typing import Literal

import msgspec

NOBODY = -1

# Setup steps that wait for a decision (RULES §5, §6); later phases add theirs.
CHOOSE_FACTION = "choose_faction"  # §5 step 2
CHOOSE_PLANET = "choose_planet"  # §6.1 steps 3-4: which of your planets to place
CHOOSE_CELL = "choose_cell"  # §6.1 steps 3-4, §6.3: the cell next to the galaxy
CHOOSE_ROTATION = "choose_rotation"  # §6.3: the planet's quarter turn (forced routes follow)
PLACE_BASE = "place_base"  # §6.1 steps 3-4: the base on that planet (or not yet, in round 1)
PLACE_Z_MAJOR = "place_z_major"  # §6.1 step 5: the major end of your z-axis route
PLACE_Z_MINOR = "place_z_minor"  # §6.1 step 5: its minor end, on another planet
PLACE_UNIT = "place_unit"  # §6.1 step 7: the area of your next starting unit
PLACE_TRANSPORT = "place_transport"  # §6.1 step 7: the route of your starting transport
SETUP_STEPS = (
    CHOOSE_FACTION,
    CHOOSE_PLANET,
    CHOOSE_CELL,
    CHOOSE_ROTATION,
    PLACE_BASE,
    PLACE_Z_MAJOR,
    PLACE_Z_MINOR,
    PLACE_UNIT,
    PLACE_TRANSPORT,
)
PLANNING = "planning"  # §7-§8: where setup ends (round 1); the round is the next session's work
OVER = "over"

# -- the round (§7-§12, §14-§17) -------------------------------------------------------------------
# PLANNING (above) is the first: the actor picks the planet of its next order.
PLAN_TOKEN = "plan_token"  # §8: which of your order tokens goes face down on that planet
# §9: the actor picks the stack whose top order (theirs) they reveal.  With ``actor == NOBODY`` the
# order in ``active_order`` is over: the game returns its token and passes the turn (the seam
# combat hands back at, docs/starcraft.md "The combat seam").
STEP_EXECUTION = "execution"
EXECUTE_OR_EVENT = "execute_or_event"  # §9: execute the revealed order, or take the event option
BUILD = "build"  # §10.1: the next purchase of a Build order, or done
PAY = "pay"  # §11: where the next resource of a purchase comes from
MOBILIZE = "mobilize"  # §10.2: the next unit moved (or the Terran base lifted off), or done
RESEARCH_DRAW = "research_draw"  # §10.3 step 2: draw 3 combat cards or not
RESEARCH_TECH = "research_tech"  # §10.3 step 3: which technology to buy, or none
RESEARCH_BONUS = "research_bonus"  # §10.4: the extra event card, or a bought technology's copy to hand
PLAY_EVENT = "play_event"  # §14 step 8, §17: which of your new event cards you resolve
MOVE_Z_ROUTE = "move_z_route"  # §17: which z-axis route's minor end an event card moves
MOVE_Z_END = "move_z_end"  # §17: the free slot that minor end moves to
DISCARD = "discard"  # §14 step 9: a combat card discarded down to the hand limit
DESTROY = "destroy"  # §9: which of your own units, bases or transports you destroy (or none)
ROUND_STEPS = (
    PLANNING,
    PLAN_TOKEN,
    STEP_EXECUTION,
    EXECUTE_OR_EVENT,
    BUILD,
    PAY,
    MOBILIZE,
    RESEARCH_DRAW,
    RESEARCH_TECH,
    RESEARCH_BONUS,
    PLAY_EVENT,
    MOVE_Z_ROUTE,
    MOVE_Z_END,
    DISCARD,
    DESTROY,
)
# §14 step 8: the steps of the event step, while every seat has read its new event cards
EVENT_STEPS = (PLAY_EVENT, MOVE_Z_ROUTE, MOVE_Z_END)

RouteKind = Literal["normal", "z_axis"]
OrderKind = Literal["build", "mobilize", "research"]


class Unit(msgspec.Struct, frozen=True, order=True):
    """§2: one unit (a figure); ``cloaked`` for §13's cloaking."""

    owner: int
    kind: str
    cloaked: bool = False


class AreaState(msgspec.Struct, frozen=True):
    """§4.1, §21.1: what is in an area: a base, units, the depletion of its resource (0/1/2)."""

    id: str
    base: int = NOBODY
    units: tuple[Unit, ...] = ()  # sorted
    depletion: int = 0


class PlacedPlanet(msgspec.Struct, frozen=True):
    """§6.3: a planet on grid cell (x, y) (y grows northwards), turned ``rotation`` quarter turns
    clockwise from its printed orientation."""

    id: str
    x: int
    y: int
    rotation: int


class RouteEnd(msgspec.Struct, frozen=True, order=True):
    """§4.2: a route end plugged into the slot on side ``side`` of planet ``planet``."""

    planet: str
    side: str


class Route(msgspec.Struct, frozen=True):
    """§4.2-§4.3: a normal route between facing slots, or a z-axis pair (``ends[0]`` is the major
    end, where transports sit); ``transports`` lists the owners of the transports on it."""

    id: int
    kind: RouteKind
    ends: tuple[RouteEnd, RouteEnd]
    transports: tuple[int, ...] = ()


class HeldCard(msgspec.Struct, frozen=True):
    """§4.8, §11: a resource card a player holds and the workers on it this round."""

    area: str
    workers: int = 0


class PermanentSlot(msgspec.Struct, frozen=True):
    """§4.9, §11: a permanent resource printed on the faction sheet, and its workers this round."""

    kind: str
    amount: int
    workers: int = 0


class OrderToken(msgspec.Struct, frozen=True):
    """§4.7: an order token; the back shows ``owner``, the face ``kind`` and ``special``."""

    owner: int
    kind: OrderKind
    special: bool = False


class ActiveOrder(msgspec.Struct, frozen=True):
    """§9: the order being executed: out of its stack on ``planet`` and not yet back in its owner's
    supply (§13.2 step 1 puts it in a contested area during a battle)."""

    planet: str
    token: OrderToken


class Purchase(msgspec.Struct, frozen=True):
    """§10.1, §10.3, §11: what a Build order (or a Research order's technology step) is buying and
    what of its cost is still unpaid.  ``item`` is worker, transport, unit, base, building, module
    or technology; ``target`` the unit kind, building or module;
    ``place`` the area (unit, base) or route (transport, as a string) it goes to."""

    item: str
    target: str
    place: str
    minerals: int
    gas: int
    paid: tuple[tuple[str, str, str], ...] = ()  # (source, kind, area) of each resource paid


class BuildProgress(msgspec.Struct, frozen=True):
    """§10.1: how far a Build order is: its step (1 units, 2 building/module, 3 base), what it has
    bought, whether the special order's discount (§10.4) is spent, and the purchase being paid."""

    stage: int = 1
    units: int = 0
    building: bool = False
    module: bool = False
    base: bool = False
    discount_used: bool = False
    paying: Purchase | None = None


class MobilizeProgress(msgspec.Struct, frozen=True):
    """§10.2: a Mobilize order's move step so far: the one enemy area it entered (if any), the units
    moved (``(kind, from area, to area)``; a unit that arrived does not move again), the units
    carried over each route (``(route, count)``, for ``transport_capacity``) and the Terran base's
    lift-off (``(from area, to area)``)."""

    enemy_area: str = ""
    moves: tuple[tuple[str, str, str], ...] = ()
    carried: tuple[tuple[int, int], ...] = ()
    lift_off: tuple[str, str] | None = None


class PlayerState(msgspec.Struct, frozen=True):
    """§21.1: one seat.  ``faction`` is empty until chosen (§5 step 2)."""

    faction: str = ""
    race: str = ""
    cp: int = 0
    hand: tuple[str, ...] = ()
    # §10.4, §21.3: cards every seat knows are in this hand (a technology copy put there), public
    # until played from the hand and revealed, or discarded (combat_cards.forget_known_cards)
    known_hand: tuple[str, ...] = ()
    combat_deck: tuple[str, ...] = ()  # bottom first
    combat_discard: tuple[str, ...] = ()
    tech_deck: tuple[str, ...] = ()  # technologies still to buy (buying one takes every copy, §10.3)
    play_area: tuple[str, ...] = ()  # cards kept face up: technologies, kept event cards (§17)
    event_resources: int = 0  # §17: unpaid resources on the seat's kept resource-token event cards
    pending_events: tuple[str, ...] = ()  # drawn, unread until Regrouping step 8 (§17)
    worker_pool: int = 0
    unavailable_workers: int = 0
    resource_cards: tuple[HeldCard, ...] = ()  # sorted by area
    permanent_resources: tuple[PermanentSlot, ...] = ()
    buildings: tuple[tuple[str, int], ...] = ()  # (building, level owned), sorted
    modules: tuple[tuple[str, int], ...] = ()  # (module, count), sorted
    orders: tuple[OrderToken, ...] = ()  # order tokens in the player's supply
    planets: tuple[str, ...] = ()  # §6.1: drawn planets not yet placed
    z_axis_pair: bool = False  # §6.1 step 5: holds a z-axis pair still to place
    eliminated: bool = False


class State(msgspec.Struct, frozen=True):
    """The whole table (§21.1)."""

    players: int
    seed: int
    rng: int  # draw counter of the state's RNG stream (core.rng)
    round: int  # 0 during setup, then 1, 2, ...
    step: str
    first_player: int  # §5 step 1: holder of the first player token
    actor: int  # seat facing the current decision; NOBODY when none
    seats: tuple[PlayerState, ...]
    teams: tuple[int, ...]  # §19 team play: each seat's team (a seat's own number without teams)
    packs: tuple[str, ...]  # the content packs this game uses, "id@digest"
    event_deck: tuple[str, ...] = ()  # bottom first (§5 step 6)
    event_discard: tuple[str, ...] = ()
    end_draws_near: int = 0  # copies of The End Draws Near in the common area (§16.3)
    galaxy: tuple[PlacedPlanet, ...] = ()  # in placement order
    areas: tuple[AreaState, ...] = ()  # the areas of placed planets, sorted by id
    routes: tuple[Route, ...] = ()  # by id (the order they were placed)
    normal_routes_left: int = 0
    stacks: tuple[tuple[str, tuple[OrderToken, ...]], ...] = ()  # (planet, tokens bottom first)
    # -- setup progress (§5, §6) -----------------------------------------------------------------
    placement_order: tuple[int, ...] = ()  # §6.1: seats 1..n, n..1
    placement_index: int = 0
    chosen_planet: str = ""  # the planet being placed (§6.1 steps 3-4)
    chosen_cell: tuple[int, int] | None = None
    z_major: RouteEnd | None = None  # the major end placed, awaiting the minor (§6.1 step 5)
    setup_turn: int = 0  # how many seats have finished the current in-turn setup step
    units_to_place: tuple[str, ...] = ()  # §6.1 step 7: the actor's starting units not yet placed
    # -- the round (§7-§17) ------------------------------------------------------------------------
    order_planet: str = ""  # §8: the planet the actor's next order goes on
    active_order: ActiveOrder | None = None  # §9: the order being executed
    build: BuildProgress | None = None  # §10.1
    mobilize: MobilizeProgress | None = None  # §10.2
    turn_index: int = 0  # §14 steps 8-9: how many seats, in turn, have had their turn
    winners: tuple[int, ...] = ()  # §16: who won, once ``step == OVER``
    victory: str = ""  # §16: normal, special, end_game or elimination
    # -- combat (§13) ------------------------------------------------------------------------------
    battle: Battle | None = None  # the battle being fought (phases/combat.py); None between battles

    def seat(self, seat: int) -> PlayerState:
        return self.seats[seat]

    def area(self, area_id: str) -> AreaState:
        return _area_index(self.areas)[area_id]  # KeyError for an area not on the board

    def placed(self, planet: str) -> PlacedPlanet | None:
        for p in self.galaxy:
            if p.id == planet:
                return p
        return None


# areas tuple (by id, held so that its id is never reused) -> its areas by id.  States are values:
# an areas tuple never changes, so its index is built once however many lookups and states share it.
_AREA_INDEX: dict[int, tuple[tuple[AreaState, ...], dict[str, AreaState]]] = {}
_AREA_INDEX_SIZE = 256


def _area_index(areas: tuple[AreaState, ...]) -> dict[str, AreaState]:
    held = _AREA_INDEX.get(id(areas))
    if held is None or held[0] is not areas:
        if len(_AREA_INDEX) >= _AREA_INDEX_SIZE:
            _AREA_INDEX.clear()
        held = (areas, {a.id: a for a in areas})
        _AREA_INDEX[id(areas)] = held
    return held[1]


def with_seat(state: State, seat: int, player: PlayerState) -> State:
    """``state`` with one seat's sheet replaced."""
    seats = state.seats[:seat] + (player,) + state.seats[seat + 1 :]
    return msgspec.structs.replace(state, seats=seats)


def with_area(state: State, area: AreaState) -> State:
    """``state`` with one area's contents replaced (areas stay sorted by id)."""
    areas = tuple(area if a.id == area.id else a for a in state.areas)
    return msgspec.structs.replace(state, areas=areas)


def clockwise(first: int, players: int) -> tuple[int, ...]:
    """§7: "in turn" order: the first player, then clockwise (seat numbers grow clockwise)."""
    return tuple((first + i) % players for i in range(players))


# == Combat (RULES §13) ============================================================================
# The battle a Mobilize order starts (phases/combat.py): its steps and its small frozen record.
# Cards a side placed face down stay in ``BattleSide.cards`` until the skirmish is revealed
# (observe.py hides them, determinize.py re-deals them).

BATTLE_START = "battle_start"  # §13.2 step 2: a start-of-battle ability (a kept event card) or none
BATTLE_FRONT_LINE = "battle_front_line"  # §13.2 step 4: an all-assist side picks its front-line unit
BATTLE_PAIR = "battle_pair"  # §13.2 step 4: the attacker pairs front-line units into skirmishes
BATTLE_SUPPORT = "battle_support"  # §13.2 step 5: the owner assigns the next supporting unit
BATTLE_CARDS = "battle_cards"  # §13.2 step 6: combat cards face down on each own skirmish
BATTLE_SKIRMISH = "battle_skirmish"  # §13.2 step 7: the attacker picks the next skirmish
BATTLE_CASUALTY = "battle_casualty"  # §13.4: the victim picks which targetable supporter dies
BATTLE_WITHDRAW = "battle_withdraw"  # §13.7: where a cloaked unit withdraws
BATTLE_SPLASH = "battle_splash"  # §13.6: the victim picks the unit a splash card destroys
BATTLE_RETREAT_UNIT = "battle_retreat_unit"  # §13.9: which units retreat (excess, or what fits)
BATTLE_RETREAT = "battle_retreat"  # §13.9: the single area the retreating units go to
BATTLE_STEPS = (
    BATTLE_START,
    BATTLE_FRONT_LINE,
    BATTLE_PAIR,
    BATTLE_SUPPORT,
    BATTLE_CARDS,
    BATTLE_SKIRMISH,
    BATTLE_CASUALTY,
    BATTLE_WITHDRAW,
    BATTLE_SPLASH,
    BATTLE_RETREAT_UNIT,
    BATTLE_RETREAT,
)


class BattleSide(msgspec.Struct, frozen=True):
    """§13.2 steps 4-6: one side of a skirmish: its front-line unit, its supporters and the cards
    placed on it (the standard card, or the blind top card of the deck, first; then the optional
    reinforcement).  ``values`` (attack, health) and ``active`` (the cards whose abilities apply)
    are filled in when the skirmish is revealed (§13.4)."""

    front: Unit
    support: tuple[Unit, ...] = ()
    cards: tuple[str, ...] = ()
    placed: bool = False
    blind: bool = False
    face_up: bool = False  # §17: placed first and face up (an opponent's event card), seen by all
    values: tuple[int, int] = (0, 0)
    active: tuple[str, ...] = ()


class Skirmish(msgspec.Struct, frozen=True):
    """§13.2 step 4, §13.4: a pair of front-line units and their supporters.  ``doomed``: the units
    hit in the destroy step (before cloaking, §13.7); ``scourged``: those a Scourge card destroyed
    (never splash, §13.8); ``front_hit``: whether each side's front-line unit was hit."""

    attack: BattleSide
    defence: BattleSide
    revealed: bool = False
    destroyed: bool = False  # the end of the destroy step is done (Scourge, cloaking)
    resolved: bool = False
    doomed: tuple[Unit, ...] = ()
    scourged: tuple[Unit, ...] = ()
    front_hit: tuple[bool, bool] = (False, False)


class BattlePick(msgspec.Struct, frozen=True):
    """A choice the battle waits for: a supporter to lose (``hit``, §13.4), a cloaked unit's
    withdrawal (``withdraw``, §13.7) or a splash victim (``splash``, §13.6: ``card`` and its
    ``domains``)."""

    purpose: Literal["hit", "withdraw", "splash"]
    seat: int
    skirmish: int
    candidates: tuple[Unit, ...]
    card: str = ""
    domains: tuple[str, ...] = ()


class Battle(msgspec.Struct, frozen=True):
    """§13: the battle in ``area``.  ``front_line``: the front-line unit an all-assist side chose
    (§13.2 step 4); ``pairs``: how many skirmishes the attacker forms; ``splash``: triggered splash
    cards set aside until step 8 (§13.6), as picks in resolution order; ``retreats``: (seat, units
    to retreat, -1 = all) still to resolve (§13.9); ``retreat_*``: the retreat in progress."""

    area: str
    attacker: int
    defender: int
    special: bool = False
    # §13.2 step 2, §17: the start-of-battle abilities (kept event cards): how many sides have
    # decided (attacker first), each side's health bonus, which sides place their cards first and
    # face up, and whether the battle is cancelled (the attacker retreats, nothing else happens)
    start_step: int = 0
    health_bonus: tuple[int, int] = (0, 0)
    face_up: tuple[bool, bool] = (False, False)
    cancelled: bool = False
    front_line: tuple[Unit | None, Unit | None] = (None, None)
    pairs: int = 0
    skirmishes: tuple[Skirmish, ...] = ()
    picks: tuple[BattlePick, ...] = ()
    splash: tuple[BattlePick, ...] = ()
    splash_ready: bool = False  # every skirmish resolved and the splash picks ordered
    casualties: tuple[Unit, ...] = ()
    withdrawn: tuple[tuple[Unit, str], ...] = ()
    decided: bool = False  # §13.9's outcome worked out
    winner: int = NOBODY
    retreats: tuple[tuple[int, int], ...] = ()
    retreat_picked: tuple[Unit, ...] = ()
    retreat_to: str = ""
    retreat_going: tuple[Unit, ...] = ()
    retreated: tuple[tuple[Unit, str], ...] = ()
