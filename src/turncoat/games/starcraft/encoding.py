"""Fixed-size encodings of StarCraft for learning environments (``StarcraftGame.rl_encoding()``).

Actions: one index for every decision the rules can ever offer with the game's content, in this
fixed order — each built from the content's own ids (planets, areas, units, cards), so an owner's
pack with other planets or cards gets its own enumeration without code changes:

* setup (§5-§6): choose_faction per faction; choose_planet per planet; choose_cell per grid cell
  within reach of the centre (a galaxy of ``P`` planets reaches at most ``P - 1`` steps from the
  first one, §6.3); choose_rotation 0..3; place_base (not on this planet, then per area);
  place_z_axis_end per planet and side; place_starting_unit per area; place_starting_transport
  per route;
* the round (§8-§17): choose_order_planet per planet; place_order per kind and special;
  reveal_order per planet; execute_order (yes, no); build_worker; build_transport per route;
  build_unit per unit and area; buy_building per building; buy_module per module; build_base per
  area; end_build; pay (the discount per kind, an event resource token per kind, a permanent slot
  per kind, then a card or force mining per kind and area); move_unit per unit, source area and
  destination area; lift_off per source and destination area; end_move; draw_combat_cards (yes,
  no); buy_technology (none, then per technology); research_bonus (event card, copy to hand);
  play_event (none, then per event card); discard_card per combat card; voluntary_destruction;
  destroy_piece (a unit per unit and area, a base per area, a transport per route); destroy_nothing;
* a battle (§13): choose_front_line per unit and cloaking; pair_skirmish per attacking and
  defending unit and their cloaking; assign_support and resolve_skirmish per skirmish; the combat
  cards (blind, then each standard card alone or with each reinforcement card; the cards are the
  races' combat cards and the technologies whose cards go into the combat deck, §10.3); choose_casualty
  per unit and cloaking; withdraw_to per area; choose_retreating_unit per unit and cloaking;
  retreat_to per area.

Bounds: a route joins two slots and each slot holds one end, so route ids stay below half the
slots of all planets; a battle has at most as many skirmishes as the defending area holds units,
which is at most the largest unit limit (§12).  An action outside the enumeration is refused with
one clear error, never mis-indexed.

Observations: a float32 vector in [0, 1] built from a ``StarcraftObservation`` only (RULES §21.3),
so it can never carry what the seat may not see: order faces of other seats, hands, deck orders and
pending events are not in the observation it reads.  Seats are listed *relative to the viewer*
(the viewer first, then clockwise), padded to six.  ``layout()`` names every feature.  A z-axis route
end placed while its other end is still to be chosen (§6.1 step 5, §17) is public: its planet and
slot side are encoded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from turncoat.core.errors import MalformedAction
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.components import SIDES
from turncoat.games.starcraft.observe import HIDDEN_CARD, StarcraftObservation
from turncoat.games.starcraft.phases import combat_actions as KA
from turncoat.games.starcraft.phases import combat_cards as C
from turncoat.games.starcraft.phases import resources
from turncoat.games.starcraft.state import BATTLE_STEPS, NOBODY, OVER, ROUND_STEPS, SETUP_STEPS, Battle

if TYPE_CHECKING:
    from turncoat.games.starcraft.game import StarcraftGame

MAX_SEATS = 6
STEPS: tuple[str, ...] = (*SETUP_STEPS, *ROUND_STEPS, *BATTLE_STEPS, OVER)
ORDER_KINDS = ("build", "mobilize", "research")
KINDS = ("minerals", "gas")
PAY_ITEMS = ("worker", "transport", "unit", "base", "building", "module")
CP_SCALE = 30.0
COUNT_SCALE = 20.0  # units, workers, cards: a count of this or more reads as 1
ROUND_SCALE = 20.0


def route_bound(game: StarcraftGame) -> int:
    """Route ids stay below this: a route takes two slots and a slot holds one end (§4.2)."""
    return max(1, sum(len(p.route_slots.value) for p in game.loaded.data.planets) // 2)


def skirmish_bound(game: StarcraftGame) -> int:
    """§12, §13.2 step 4: at most as many skirmishes as the largest unit limit of an area."""
    return max([1, *(a.unit_limit for a in game.ctx.t.area.values())])


def grid_cells(planets: int) -> tuple[tuple[int, int], ...]:
    """§6.3: every cell a galaxy of ``planets`` planets can reach from the centre (0, 0)."""
    reach = max(0, planets - 1)
    return tuple(
        (x, y) for x in range(-reach, reach + 1) for y in range(-reach, reach + 1) if abs(x) + abs(y) <= reach
    )


def combat_card_ids(game: StarcraftGame) -> tuple[str, ...]:
    """§13.3, §10.3: every card a combat deck can hold: the races' combat cards, then the
    technologies whose cards go into the combat deck."""
    t = game.ctx.t
    cards = tuple(card for race in sorted(t.combat_deck) for card in t.combat_deck[race])
    return cards + tuple(x for r in sorted(t.tech_deck) for x in t.tech_deck[r] if C.card_data(game.ctx, x))


def enumerate_actions(game: StarcraftGame) -> tuple[Any, ...]:
    """Every decision the rules can offer with this game's content, in the module docstring's
    order."""
    t = game.ctx.t
    planets = t.planet_ids
    areas = tuple(sorted(t.area))
    units = tuple(sorted(t.unit))
    routes = range(route_bound(game))
    cards = combat_card_ids(game)
    standards = tuple(c for c in cards if not C.is_reinforcement(game.ctx, c))
    extras = tuple(c for c in cards if C.is_reinforcement(game.ctx, c))
    skirmishes = range(skirmish_bound(game))
    cloaked = (False, True)
    out: list[Any] = []
    # -- setup (§5-§6) --
    out += [A.ChooseFaction(f) for f in sorted(t.faction)]
    out += [A.ChoosePlanet(p) for p in planets]
    out += [A.ChooseCell(x, y) for x, y in grid_cells(len(planets))]
    out += [A.ChooseRotation(r) for r in range(4)]
    out += [A.PlaceBase(None), *(A.PlaceBase(a) for a in areas)]
    out += [A.PlaceZAxisEnd(p, s) for p in planets for s in SIDES]
    out += [A.PlaceStartingUnit(a) for a in areas]
    out += [A.PlaceStartingTransport(r) for r in routes]
    # -- the round (§8-§17) --
    out += [A.ChooseOrderPlanet(p) for p in planets]
    out += [A.PlaceOrder(k, sp) for k in ORDER_KINDS for sp in (False, True)]
    out += [A.RevealOrder(p) for p in planets]
    out += [A.ExecuteOrder(True), A.ExecuteOrder(False)]
    out += [A.BuildWorker(), *(A.BuildTransport(r) for r in routes)]
    out += [A.BuildUnit(u, a) for u in units for a in areas]
    out += [A.BuyBuilding(b.id) for b in game.loaded.data.buildings]
    out += [A.BuyModule(m.id) for m in game.loaded.data.modules]
    out += [A.BuildBase(a) for a in areas]
    out += [A.EndBuild()]
    out += [A.Pay(resources.DISCOUNT, k) for k in KINDS]
    out += [A.Pay(resources.EVENT, k) for k in KINDS]  # §17: a kept event resource token
    out += [A.Pay(resources.PERMANENT, k) for k in KINDS]
    out += [A.Pay(src, k, a) for src in (resources.CARD, resources.FORCE) for k in KINDS for a in areas]
    out += [A.MoveUnit(u, src, to) for u in units for src in areas for to in areas]
    out += [A.LiftOff(src, to) for src in areas for to in areas]
    out += [A.EndMove(), A.DrawCombatCards(True), A.DrawCombatCards(False)]
    out += [A.BuyTechnology(None), *(A.BuyTechnology(x) for r in sorted(t.tech_deck) for x in t.tech_deck[r])]
    out += [A.ResearchBonus(False), A.ResearchBonus(True)]
    out += [A.PlayEvent(None), *(A.PlayEvent(e) for e in sorted(t.event_card))]
    out += [A.DiscardCard(c) for c in cards]
    out += [A.VoluntaryDestruction()]
    out += [A.DestroyPiece("unit", a, u) for a in areas for u in units]
    out += [A.DestroyPiece("base", a) for a in areas]
    out += [A.DestroyPiece("transport", str(r)) for r in routes]
    out += [A.DestroyNothing()]
    # -- a battle (§13) --
    out += [KA.ChooseFrontLine(u, c) for u in units for c in cloaked]
    out += [KA.PairSkirmish(a, d, ac, dc) for a in units for d in units for ac in cloaked for dc in cloaked]
    out += [KA.AssignSupport(i) for i in skirmishes]
    out += [
        KA.PlaceCombatCards(None),
        *(KA.PlaceCombatCards(s, r) for s in standards for r in (None, *extras)),
    ]
    out += [KA.ResolveSkirmish(i) for i in skirmishes]
    out += [KA.ChooseCasualty(u, c) for u in units for c in cloaked]
    out += [KA.WithdrawTo(a) for a in areas]
    out += [KA.ChooseRetreatingUnit(u, c) for u in units for c in cloaked]
    out += [KA.RetreatTo(a) for a in areas]
    return tuple(out)


class Features:
    """A vector filled feature by feature, in layout order (the names are kept when asked)."""

    def __init__(self, named: bool) -> None:
        self.values: list[float] = []
        self.names: list[str] | None = [] if named else None

    def add(self, name: str, value: float) -> None:
        self.values.append(float(value))  # clipped to [0, 1] once, in ``encode``
        if self.names is not None:
            self.names.append(name)

    def one_hot(self, name: str, options: Sequence[Any], value: Any) -> None:
        self.values += [float(option == value) for option in options]
        if self.names is not None:
            self.names += [f"{name}={option}" for option in options]

    def counts(
        self, name: str, options: Sequence[Any], counts: Mapping[Any, float], scale: float = 1.0
    ) -> None:
        """One feature per option: how many of it ``counts`` holds, over ``scale``."""
        self.values += [counts.get(option, 0) / scale for option in options]
        if self.names is not None:
            self.names += [f"{name}.{option}" for option in options]


class StarcraftEncoding:
    """Action indices and observation vectors for one configured StarCraft game."""

    indices_need_observation = False

    def __init__(self, game: StarcraftGame) -> None:
        t = game.ctx.t
        self.players = game.config.players
        self.actions = enumerate_actions(game)
        self.num_actions = len(self.actions)
        self._index = {a: i for i, a in enumerate(self.actions)}
        self.factions = tuple(sorted(t.faction))
        self.planets = t.planet_ids
        self.areas = tuple(sorted(t.area))
        self.units = tuple(sorted(t.unit))
        self.cards = combat_card_ids(game)
        self.techs = tuple(tech for race in sorted(t.tech_deck) for tech in t.tech_deck[race])
        self.events = tuple(sorted(t.event_card))
        self.buildings = tuple(b.id for b in game.loaded.data.buildings)
        self.modules = tuple(m.id for m in game.loaded.data.modules)
        self.routes = route_bound(game)
        self.skirmishes = skirmish_bound(game)
        self.stack_scale = float(4 * MAX_SEATS)
        self.event_scale = float(max(1, sum(len(v) for v in t.event_stage.values())))
        self.size = len(self.layout())
        self.observation_space = spaces.Box(low=0.0, high=1.0, shape=(self.size,), dtype=np.float32)

    # -- actions --------------------------------------------------------------------------------
    def action_index(self, action: Any, observation: StarcraftObservation | None = None) -> int:
        try:
            return self._index[action]
        except (KeyError, TypeError):
            raise MalformedAction(
                f"{action!r} is not a StarCraft decision this game's encoding knows",
                code="unknown_action",
            ) from None

    def action_at(self, index: int, observation: StarcraftObservation | None = None) -> Any:
        if not 0 <= index < self.num_actions:
            raise MalformedAction(
                f"action index {index} is outside 0..{self.num_actions - 1}", code="unknown_action"
            )
        return self.actions[index]

    def action_mask(
        self, legal: Sequence[Any], observation: StarcraftObservation | None = None
    ) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        for action in legal:
            mask[self.action_index(action)] = 1
        return mask

    # -- observations ---------------------------------------------------------------------------
    def layout(self) -> list[str]:
        """Feature names, in vector order (this also documents the encoding)."""
        f = Features(named=True)
        self._fill(f, None)
        assert f.names is not None
        return f.names

    def encode(self, observation: StarcraftObservation) -> npt.NDArray[np.float32]:
        f = Features(named=False)
        self._fill(f, observation)
        vector = np.clip(np.asarray(f.values, dtype=np.float32), 0.0, 1.0)
        assert vector.shape == (self.size,), "every observation has the layout's features"
        return vector

    encode_observation = encode

    def _fill(self, f: Features, o: StarcraftObservation | None) -> None:
        """Every feature of ``o`` in layout order (``o`` None: the names only, values 0)."""
        me = 0 if o is None or o.viewer is None else o.viewer
        n = self.players if o is None else o.players

        def rel(seat: int) -> int:
            """A seat relative to the viewer (0: the viewer; -1: nobody)."""
            return -1 if seat < 0 else (seat - me) % n

        rels = range(MAX_SEATS)
        f.one_hot("players", range(2, MAX_SEATS + 1), None if o is None else o.players)
        f.add("round", 0 if o is None else o.round / ROUND_SCALE)
        f.one_hot("step", STEPS, None if o is None else o.step)
        f.one_hot("actor", rels, None if o is None else rel(o.actor))
        f.one_hot("first_player", rels, None if o is None else rel(o.first_player))
        f.one_hot("to_act", rels, None if o is None else (rel(o.to_act[0]) if o.to_act else None))
        for k in rels:
            f.add(f"winner=rel{k}", o is not None and any(rel(w) == k for w in o.winners))
        self._seats(f, o, rel)
        self._hand(f, o)
        self._galaxy(f, o, rel)
        self._stacks(f, o, rel)
        self._events(f, o)
        self._order(f, o, rel)
        self._battle(f, o, rel)

    def _seats(self, f: Features, o: StarcraftObservation | None, rel: Any) -> None:
        by_rel = {} if o is None else {rel(s.seat): s for s in o.seats}
        for k in range(MAX_SEATS):
            s = by_rel.get(k)
            name = f"seat{k}"
            f.add(f"{name}.present", s is not None)
            f.add(f"{name}.teammate", s is not None and o is not None and o.teams[s.seat] == o.teams[_me(o)])
            f.one_hot(f"{name}.faction", self.factions, None if s is None else s.faction)
            f.add(f"{name}.cp", 0 if s is None else s.cp / CP_SCALE)
            for what in (
                "hand_size",
                "combat_deck_size",
                "pending_events",
                "worker_pool",
                "unavailable_workers",
                "orders_in_supply",
            ):
                f.add(f"{name}.{what}", 0 if s is None else getattr(s, what) / COUNT_SCALE)
            f.add(f"{name}.z_axis_pair", s is not None and s.z_axis_pair)
            f.add(f"{name}.eliminated", s is not None and s.eliminated)
            f.counts(f"{name}.building", self.buildings, {} if s is None else dict(s.buildings), 3)
            f.counts(f"{name}.module", self.modules, {} if s is None else dict(s.modules), 5)
            permanent = Counter[str]() if s is None else Counter(k for k, _, _ in s.permanent_resources)
            f.counts(f"{name}.permanent", KINDS, permanent, 5)
            f.counts(
                f"{name}.discard", self.cards, Counter[str]() if s is None else Counter(s.combat_discard)
            )
            in_play = Counter[str]() if s is None else Counter(s.play_area)
            f.counts(f"{name}.tech", self.techs, in_play)
            f.counts(f"{name}.event_in_play", self.events, in_play, 3)
            f.counts(
                f"{name}.planet_to_place", self.planets, Counter[str]() if s is None else Counter(s.planets)
            )

    def _hand(self, f: Features, o: StarcraftObservation | None) -> None:
        f.counts("hand", self.cards, Counter[str]() if o is None else Counter(o.hand))
        f.counts("own_event", self.events, Counter[str]() if o is None else Counter(o.own_events), 3)

    def _galaxy(self, f: Features, o: StarcraftObservation | None, rel: Any) -> None:
        placed = {} if o is None else {p.id: p for p in o.galaxy}
        reach = float(max(1, len(self.planets) - 1))
        for p in self.planets:
            pl = placed.get(p)
            f.add(f"planet.{p}.placed", pl is not None)
            f.add(f"planet.{p}.x", 0.5 if pl is None else 0.5 + pl.x / (2 * reach))
            f.add(f"planet.{p}.y", 0.5 if pl is None else 0.5 + pl.y / (2 * reach))
            f.one_hot(f"planet.{p}.rotation", range(4), None if pl is None else pl.rotation)
            f.add(f"planet.{p}.chosen", o is not None and o.chosen_planet == p)
            f.add(f"planet.{p}.order_planet", o is not None and o.order_planet == p)
        areas = {} if o is None else {a.id: a for a in o.areas}
        holders: dict[str, tuple[int, int]] = {}
        if o is not None:
            for s in o.seats:
                for area, workers in s.resource_cards:
                    holders[area] = (s.seat, workers)
        for a in self.areas:
            st = areas.get(a)
            f.add(f"area.{a}.placed", st is not None)
            f.one_hot(
                f"area.{a}.base", range(MAX_SEATS), None if st is None or st.base == NOBODY else rel(st.base)
            )
            f.add(f"area.{a}.depletion", 0 if st is None else st.depletion / 2)
            holder = holders.get(a)
            f.one_hot(f"area.{a}.card_holder", range(MAX_SEATS), None if holder is None else rel(holder[0]))
            f.add(f"area.{a}.card_workers", 0 if holder is None else holder[1] / 3)
            count = (
                Counter[tuple[int, str]]()
                if st is None
                else Counter((rel(u.owner), u.kind) for u in st.units)
            )
            hidden = Counter[int]() if st is None else Counter(rel(u.owner) for u in st.units if u.cloaked)
            for k in range(MAX_SEATS):
                f.add(f"area.{a}.seat{k}.cloaked", hidden[k] / 5)
                f.counts(f"area.{a}.seat{k}", self.units, {u: n for (s, u), n in count.items() if s == k}, 5)
        routes = {} if o is None else {r.id: r for r in o.routes}
        for r in range(self.routes):
            route = routes.get(r)
            ends = () if route is None else tuple(e.planet for e in route.ends)
            f.add(f"route{r}.placed", route is not None)
            f.add(f"route{r}.z_axis", route is not None and route.kind == "z_axis")
            f.counts(f"route{r}.end", self.planets, Counter(ends))
            carried = Counter[int]() if route is None else Counter(rel(t) for t in route.transports)
            f.counts(f"route{r}.transports.seat", range(MAX_SEATS), carried, 3)
        f.add("normal_routes_left", 0 if o is None else o.normal_routes_left / 30)
        # §6.1 step 5, §17: a z-axis route's placed end waiting for its other end; no route holds
        # it yet, so it gets its own planet and slot side (all zero when nothing waits).
        major = None if o is None else o.z_major
        f.one_hot("z_major.planet", self.planets, None if major is None else major.planet)
        f.one_hot("z_major.side", SIDES, None if major is None else major.side)

    def _stacks(self, f: Features, o: StarcraftObservation | None, rel: Any) -> None:
        stacks = {} if o is None else dict(o.stacks)
        for p in self.planets:
            tokens = stacks.get(p, ())
            f.add(f"stack.{p}.height", len(tokens) / self.stack_scale)
            top = tokens[-1] if tokens else None
            f.one_hot(f"stack.{p}.top", range(MAX_SEATS), None if top is None else rel(top.owner))
            per_seat = Counter(rel(t.owner) for t in tokens)
            for k in range(MAX_SEATS):
                f.add(f"stack.{p}.seat{k}", per_seat[k] / 4)
            faces = Counter((t.kind, t.special) for t in tokens if t.kind is not None)
            for kind in ORDER_KINDS:
                for sp in (False, True):
                    f.add(f"stack.{p}.known.{kind}{'.special' if sp else ''}", faces[(kind, sp)] / 4)
            f.one_hot(f"stack.{p}.top_face", ORDER_KINDS, None if top is None else top.kind)

    def _events(self, f: Features, o: StarcraftObservation | None) -> None:
        f.add("event_deck_size", 0 if o is None else o.event_deck_size / self.event_scale)
        f.one_hot("event_top_stage", (1, 2, 3), None if o is None else o.event_top_stage)
        f.add("end_draws_near", 0 if o is None else o.end_draws_near / 3)
        f.counts("event_discard", self.events, Counter[str]() if o is None else Counter(o.event_discard), 3)

    def _order(self, f: Features, o: StarcraftObservation | None, rel: Any) -> None:
        active = None if o is None else o.active_order
        f.add("active.present", active is not None)
        f.one_hot("active.planet", self.planets, None if active is None else active.planet)
        f.one_hot("active.owner", range(MAX_SEATS), None if active is None else rel(active.token.owner))
        f.one_hot("active.kind", ORDER_KINDS, None if active is None else active.token.kind)
        f.add("active.special", active is not None and active.token.special)
        b = None if o is None else o.build
        f.add("build.present", b is not None)
        f.add("build.stage", 0 if b is None else b.stage / 3)
        f.add("build.units", 0 if b is None else b.units / 5)
        for what in ("building", "module", "base", "discount_used"):
            f.add(f"build.{what}", b is not None and bool(getattr(b, what)))
        paying = None if b is None else b.paying
        f.one_hot("build.paying", PAY_ITEMS, None if paying is None else paying.item)
        f.add("build.paying.minerals", 0 if paying is None else paying.minerals / 10)
        f.add("build.paying.gas", 0 if paying is None else paying.gas / 10)
        m = None if o is None else o.mobilize
        f.add("mobilize.present", m is not None)
        f.one_hot("mobilize.enemy_area", self.areas, None if m is None else m.enemy_area)
        f.add("mobilize.moves", 0 if m is None else len(m.moves) / COUNT_SCALE)
        f.add("mobilize.lifted_off", m is not None and m.lift_off is not None)
        f.add("turn_index", 0 if o is None else o.turn_index / MAX_SEATS)
        f.counts("to_place", self.units, Counter[str]() if o is None else Counter(o.units_to_place), 5)

    def _battle(self, f: Features, o: StarcraftObservation | None, rel: Any) -> None:
        b: Battle | None = None if o is None else o.battle
        f.add("battle.present", b is not None)
        f.one_hot("battle.area", self.areas, None if b is None else b.area)
        f.one_hot("battle.attacker", range(MAX_SEATS), None if b is None else rel(b.attacker))
        f.one_hot("battle.defender", range(MAX_SEATS), None if b is None else rel(b.defender))
        f.add("battle.special", b is not None and b.special)
        f.add("battle.decided", b is not None and b.decided)
        skirmishes = () if b is None else b.skirmishes
        for i in range(self.skirmishes):
            s = skirmishes[i] if i < len(skirmishes) else None
            name = f"skirmish{i}"
            f.add(f"{name}.present", s is not None)
            f.add(f"{name}.revealed", s is not None and s.revealed)
            f.add(f"{name}.resolved", s is not None and s.resolved)
            for side_name in ("attack", "defence"):
                side = None if s is None else getattr(s, side_name)
                f.one_hot(f"{name}.{side_name}.front", self.units, None if side is None else side.front.kind)
                support = Counter[str]() if side is None else Counter(u.kind for u in side.support)
                f.counts(f"{name}.{side_name}.support", self.units, support, 5)
                f.add(f"{name}.{side_name}.cards", 0 if side is None else len(side.cards) / 2)
                f.add(f"{name}.{side_name}.blind", side is not None and side.blind)
                seen = Counter[str]() if side is None else Counter(c for c in side.cards if c != HIDDEN_CARD)
                f.counts(f"{name}.{side_name}.card", self.cards, seen)


def _me(o: StarcraftObservation) -> int:
    return 0 if o.viewer is None else o.viewer
