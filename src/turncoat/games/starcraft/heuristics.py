"""A heuristic StarCraft bot that decides from its own seat's observation only.

It never sees a :class:`~turncoat.games.starcraft.state.State`: everything it reads is in
:class:`~turncoat.games.starcraft.observe.StarcraftObservation` (the public galaxy and its areas,
every seat's sheet, the backs of the order stacks and the faces of its own orders, the battle with
the face-down cards it may not see blanked, and its own hand) and the public content
(``game.ctx``: areas, units, combat cards).

The plan is the rulebook's normal victory (RULES §15-§16.1): score conquest points from the areas
it controls and stay on the board (§16.4).  Every decision is scored against it:

* an area is worth its conquest points, more than its resource (§15: CP areas score each round;
  §11: a resource area gives a resource card), and a unit is worth about its cost (§10.1.2);
* orders (§8) go where they can do something: Build on a planet with its base, Mobilize where
  units can reach an empty or weakly held area, Research on a planet with its base (more readily
  while it owns no technology and could pay for a useful one); its own orders are revealed
  Build first, then Mobilize (§9), always executed, never sacrificed (it never destroys its own
  pieces, §9);
* a Research order (§10.3) buys a technology whose cards name units it has on the board, when
  workers stay in the pool for its builds;
* builds (§10.1) buy a base, then units in the areas that need them, then workers, buildings and
  modules, paid from printed resources and workers before force mining (§11);
* a Mobilize (§10.2) takes valuable empty areas without abandoning held ones, and attacks an enemy
  area only with clearly more strength than its defenders;
* in battle (§13) it pairs units that can hit their opponents, supports the weakest skirmish,
  plays the cards worth most for the front-line unit against the opposing one, keywords included
  (``card_worth``: gains that apply, cancels, granted cloaking and detection; never the
  opponent's hidden cards), loses its cheapest units and retreats its dearest;
* a technology's keywords add to its worth against the enemy units on the board (§13.7).

Decisions it does not know fall back to a random legal one, so it never fails.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.abilities import technology_hook
from turncoat.games.starcraft.card_worth import Opposing, SkirmishView, expected_opposing, placement_worth
from turncoat.games.starcraft.observe import HIDDEN_CARD, StarcraftObservation
from turncoat.games.starcraft.phases import combat_actions as KA
from turncoat.games.starcraft.phases.combat import AIR_SUPPORT
from turncoat.games.starcraft.phases.combat_cards import card_data, card_keywords, card_values, vs_matches
from turncoat.games.starcraft.phases.event_effects import effect_of
from turncoat.games.starcraft.state import NOBODY, AreaState, Battle, BattleSide

if TYPE_CHECKING:
    from turncoat.games.starcraft.game import StarcraftGame

Action = Any  # a StarCraft decision (``game.Move``)

# Values, in "resources" (one mineral or one gas).
CP_AREA = 4.0  # per conquest point of an area held (§15: scored every round)
RESOURCE_AREA = 1.5  # per resource of an area's card (§11)
EMPTY_AREA = 0.5  # any area held: room, and the special objectives (§16.2)
ATTACK_MARGIN = 1.3  # attack only with this much more strength than the defenders (§13)
BLIND_CARD = 2.0  # the expected attack + health of a blind card (§13.2 step 6)
# §10.4, §11, §17: cheapest first (an event resource token is free, and lost if unspent)
PAYMENT = {"discount": 0, "event": 0, "permanent": 1, "card": 2, "force": 3}
SPARE_WORKERS = 2  # §10.3, §11: workers kept in the pool for builds when buying a technology
# §10.3, §13.7: a technology's keywords, in card points (``_keyword_prospect``), and their weight
# against the technology's base worth (about 1-3)
KEYWORD_CANCEL = 7.0  # about the attack + health of an opposing card
KEYWORD_GRANT = 4.0  # a front-line unit saved (cloaking) or caught (detection) now and then
KEYWORD_TECH = 0.1
ORDER_PREFERENCE = {"build": 0, "mobilize": 1, "research": 2}  # §9: what is revealed first
# §17: what a placeholder event card's invented effect is worth (its text, ``event_effects``); an
# effect the engine does not apply (an inert hook) is worth nothing.
EVENT_VALUE = {
    "gain_1_cp": CP_AREA,
    "draw_3_combat_cards": 3.0,
    "gain_2_resources_token_this_round": 2.5,
    "draw_2_combat_cards": 2.0,
    "plus_two_health_one_battle": 2.0,
    "battle_cancelled": 1.5,
    "opponent_plays_first_face_up": 1.0,
    "free_unit_build_limit_plus_1": 1.5,
    "discounted_building": 1.5,
    "discounted_module": 1.0,
    "hand_limit_plus_2_permanent": 1.0,
}


class StarcraftHeuristic:
    """``choose`` / ``rollout_choose`` from a seat's observation (``HeuristicPolicy``)."""

    def __init__(self, game: StarcraftGame) -> None:
        self.ctx = game.ctx
        t = game.ctx.t
        self.area_data = t.area
        self.area_planet = t.area_planet
        self.planet_areas = t.planet_areas
        self.unit_data = t.unit
        self.area_value = {a: _area_value(d.resource, d.amount) for a, d in t.area.items()}
        self.unit_value = {
            u: 1.0 + d.cost.value.minerals + d.cost.value.gas + (0.5 if d.detector.value else 0.0)
            for u, d in t.unit.items()
        }
        # (race, its front-line unit, cards it placed) -> the expected opposing cards (public data)
        self._opposing_memo: dict[tuple[str, str, int | None], Opposing] = {}

    # -- the policy ----------------------------------------------------------------------------

    def choose(
        self, observation: StarcraftObservation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        obs = observation
        me = obs.viewer if obs.viewer is not None else obs.actor
        areas = {a.id: a for a in obs.areas}
        best, best_score = None, float("-inf")
        for action in legal:
            score = self.score(obs, me, areas, action) + rng.random() * 1e-3  # ties broken at random
            if score > best_score:
                best, best_score = action, score
        return best if best is not None else rng.choice(list(legal))

    def rollout_choose(
        self, observation: StarcraftObservation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return self.choose(observation, legal, rng)

    def score(self, obs: StarcraftObservation, me: int, areas: dict[str, AreaState], action: Action) -> float:
        """How good ``action`` looks to seat ``me`` (higher is better)."""
        match action:
            # -- setup (§5-§6) --
            case A.ChoosePlanet(planet=p):
                return sum(self.area_value[a] for a in self.planet_areas[p])
            case A.PlaceBase(area=str(a)):
                return self.area_value[a]
            case A.PlaceBase():
                return -1.0  # a base now is a base to build from (§6.1)
            case A.PlaceStartingUnit(area=a):
                mine = _units_of(areas[a], me)
                return self.area_value[a] / (1 + 2 * mine) + (0.5 if areas[a].base == me else 0.0)
            # -- planning and execution (§8-§9) --
            case A.ChooseOrderPlanet(planet=p):
                return self._planet_prospect(obs, me, areas, p)
            case A.PlaceOrder(kind=k, special=sp):
                return self._order_fit(obs, me, areas, obs.order_planet, k) + (0.5 if sp else 0.0)
            case A.RevealOrder(planet=p):
                return self._reveal_score(obs, me, areas, p)
            case A.VoluntaryDestruction() | A.DestroyPiece():
                return -100.0  # §9: never sacrifice its own pieces
            case A.DestroyNothing():
                return 0.0
            case A.ExecuteOrder(execute=e):
                return 1.0 if e else 0.0
            # -- Build (§10.1, §11) --
            case A.BuildBase(area=a):
                return 12.0 + self.area_value[a]
            case A.BuildUnit(unit=u, area=a):
                mine = _units_of(areas[a], me)
                return 6.0 + 0.3 * self.unit_value[u] + self.area_value[a] / (1 + mine)
            case A.BuildWorker():
                view = obs.seats[me]
                slots = len(view.resource_cards) + len(view.permanent_resources)
                return 5.0 if view.worker_pool + view.unavailable_workers < slots else 1.0
            case A.BuyBuilding():
                return 4.0
            case A.BuyModule():
                return 3.0
            case A.BuildTransport():
                transports = sum(1 for r in obs.routes for o in r.transports if o == me)
                return 3.5 if transports < 2 else 0.5
            case A.EndBuild():
                return 0.0
            case A.Pay(source=src):
                return -float(PAYMENT.get(src, 2))
            # -- Mobilize (§10.2) --
            case A.MoveUnit(unit=u, source=f, to=to):
                return self._move_score(obs, me, areas, u, f, to)
            case A.LiftOff():
                return -1.0
            case A.EndMove():
                return self._end_move_score(obs, me, areas)
            # -- Research, Regrouping (§10.3, §14) --
            case A.DrawCombatCards(draw=d):
                return 1.0 if d else 0.0
            case A.BuyTechnology(technology=t):
                return 0.0 if t is None else self._buy_technology_score(obs, me, areas, t)
            case A.ResearchBonus(to_hand=h):
                return 1.0 if h else 0.5
            case A.PlayEvent(card=c):
                return 0.0 if c is None else self._event_score(obs, me, c)
            case A.DiscardCard(card=c):
                return -self._card_strength(c, None)
        return self._combat_score(obs, me, areas, action)

    def _event_score(self, obs: StarcraftObservation, me: int, card: str) -> float:
        """§14 step 8, §17: the card whose effect helps most, from the card's public text (its
        effect class) and its own sheet: a raised hand limit counts only when the hand is over
        it; any played card is worth a little more than none (it is seen by nobody else)."""
        effect = effect_of(self.ctx, card)
        value = EVENT_VALUE.get(effect, 0.0)
        if effect == "hand_limit_plus_2_permanent" and obs.seats[me].hand_size <= 6:
            value = 0.2
        if effect == "battle_cancelled" and obs.battle is not None:  # §13.2 step 2: cancel a loss only
            area = next(a for a in obs.areas if a.id == obs.battle.area)
            weaker = self._strength(area, me, enemies=True) > self._strength(area, me, enemies=False)
            value = 3.0 if weaker else -1.0
        return 0.1 + value

    # -- orders ---------------------------------------------------------------------------------

    def _has_base_on(self, areas: dict[str, AreaState], me: int, planet: str) -> bool:
        return any(areas[a].base == me for a in self.planet_areas[planet] if a in areas)

    def _targets_on(self, areas: dict[str, AreaState], me: int, planet: str) -> float:
        """What a Mobilize on ``planet`` could take: the value of its areas the seat does not
        control (weighed down when enemies hold them)."""
        total = 0.0
        for a in self.planet_areas[planet]:
            area = areas.get(a)
            if area is None or _controls(area, me):
                continue
            total += self.area_value[a] * (0.5 if _enemy_present(area, me) else 1.0)
        return total

    def _my_units_near(
        self, obs: StarcraftObservation, areas: dict[str, AreaState], me: int, planet: str
    ) -> int:
        """The seat's units on ``planet`` and on planets its transports link to it (§10.2)."""
        planets = {planet} | {
            e.planet
            for r in obs.routes
            if me in r.transports and any(e.planet == planet for e in r.ends)
            for e in r.ends
        }
        return sum(_units_of(areas[a], me) for p in planets for a in self.planet_areas[p] if a in areas)

    def _orders_of(self, obs: StarcraftObservation, me: int, planet: str) -> list[str | None]:
        for p, tokens in obs.stacks:
            if p == planet:
                return [o.kind for o in tokens if o.owner == me]
        return []

    def _order_fit(
        self, obs: StarcraftObservation, me: int, areas: dict[str, AreaState], planet: str, kind: str
    ) -> float:
        """§8: how much an order of ``kind`` on ``planet`` could do, less for a repeated one."""
        placed = self._orders_of(obs, me, planet)
        repeat = 2.0 * placed.count(kind)
        if kind == "build":
            if self._has_base_on(areas, me, planet):
                return 6.0 - 2.5 * repeat
            return (
                2.0 if any(_units_of(areas[a], me) for a in self.planet_areas[planet] if a in areas) else -5.0
            ) - repeat
        if kind == "mobilize":
            if not self._my_units_near(obs, areas, me, planet):
                return -5.0
            return min(6.0, self._targets_on(areas, me, planet)) - 2.0 * repeat
        if not self._has_base_on(areas, me, planet):
            return -3.0 - repeat  # §10.3: without a base there the order does nothing
        # research: combat cards and an event card (§10.3), more with a technology worth buying
        return 1.0 + self._research_prospect(obs, me, areas) - repeat

    def _research_prospect(self, obs: StarcraftObservation, me: int, areas: dict[str, AreaState]) -> float:
        """§10.3 step 3: what a technology adds to a Research order while the seat owns none: there
        is a useful one it could pay for with workers to spare for its builds (``SPARE_WORKERS``).
        From its own public sheet: the technology deck (what it has not bought) and the pool."""
        view = obs.seats[me]
        useful = [
            t
            for t in view.tech_deck
            if (cost := self._technology_cost(t)) is not None
            and cost + SPARE_WORKERS <= view.worker_pool
            and self._technology_score(areas, me, t) > 0
        ]
        if not useful:
            return 0.0
        race = view.race
        owned = sum(1 for t, d in self.ctx.t.technology.items() if d.race == race and t not in view.tech_deck)
        return 0.0 if owned else 3.0

    def _technology_cost(self, tech: str) -> int | None:
        """§10.3: minerals + gas of a technology the seat may buy (None: no pack prices it, or an
        invented one with ``invented_technologies`` off)."""
        data = self.ctx.t.technology[tech]
        if data.cost is None or not technology_hook(self.ctx, tech).applied:
            return None
        return data.cost.value.minerals + data.cost.value.gas

    def _planet_prospect(
        self, obs: StarcraftObservation, me: int, areas: dict[str, AreaState], planet: str
    ) -> float:
        best = max(self._order_fit(obs, me, areas, planet, k) for k in ORDER_PREFERENCE)
        return best - 1.5 * len(self._orders_of(obs, me, planet))

    def _reveal_score(
        self, obs: StarcraftObservation, me: int, areas: dict[str, AreaState], planet: str
    ) -> float:
        """§9: build first (its units can then move), mobilize next, research last."""
        for p, tokens in obs.stacks:
            if p == planet and tokens and tokens[-1].owner == me and tokens[-1].kind is not None:
                return -float(ORDER_PREFERENCE.get(tokens[-1].kind, 1))
        return -1.0

    # -- Mobilize ---------------------------------------------------------------------------------

    def _strength(self, area: AreaState, seat: int, *, enemies: bool) -> float:
        return sum(
            self.unit_value[u.kind] for u in area.units if (u.owner != seat if enemies else u.owner == seat)
        )

    def _force_into(
        self, obs: StarcraftObservation, areas: dict[str, AreaState], me: int, target: str
    ) -> float:
        """The strength the seat could still move into ``target`` this order (its units on the
        active planet and across its transports), plus what is there already."""
        planet = self.area_planet[target]
        near = {planet} | {
            e.planet
            for r in obs.routes
            if me in r.transports and any(e.planet == planet for e in r.ends)
            for e in r.ends
        }
        moved = obs.mobilize.moves if obs.mobilize is not None else ()
        arrived = {(k, to) for k, _, to in moved}
        total = 0.0
        for p in near:
            for a in self.planet_areas[p]:
                area = areas.get(a)
                if area is None:
                    continue
                for u in area.units:
                    if u.owner == me and (a == target or (u.kind, a) not in arrived):
                        total += self.unit_value[u.kind]
        return total

    def _move_score(
        self, obs: StarcraftObservation, me: int, areas: dict[str, AreaState], unit: str, source: str, to: str
    ) -> float:
        src, dest = areas[source], areas[to]
        leaving = 0.0
        if _units_of(src, me) == 1 and src.base != me:
            leaving = self.area_value[source] + EMPTY_AREA  # the source is lost
        if _enemy_present(dest, me):
            defence = self._strength(dest, me, enemies=True)
            if self._force_into(obs, areas, me, to) < ATTACK_MARGIN * defence + 1.0:
                return -10.0
            have = self._strength(dest, me, enemies=False)
            need = ATTACK_MARGIN * defence + 1.0
            gain = self.area_value[to] + EMPTY_AREA + (4.0 if dest.base != NOBODY else 0.0)
            return (gain + (3.0 if have < need else 0.0)) - leaving
        if _controls(dest, me):
            return -0.5 - leaving  # shuffling inside its own areas gains nothing
        return self.area_value[to] + EMPTY_AREA - leaving - 0.1 * self.unit_value[unit]

    def _end_move_score(self, obs: StarcraftObservation, me: int, areas: dict[str, AreaState]) -> float:
        """End the move step, unless units entered an enemy area too weakly to win (§10.2)."""
        progress = obs.mobilize
        if progress is None or not progress.enemy_area:
            return 0.0
        dest = areas[progress.enemy_area]
        if self._strength(dest, me, enemies=False) < ATTACK_MARGIN * self._strength(dest, me, enemies=True):
            return -5.0
        return 0.0

    def _buy_technology_score(
        self, obs: StarcraftObservation, me: int, areas: dict[str, AreaState], tech: str
    ) -> float:
        """§10.3 step 3: a useful technology (``_technology_score``), bought while workers stay in
        the pool for the builds still to come (every resource paid takes one, §11)."""
        score = self._technology_score(areas, me, tech)
        cost = self._technology_cost(tech) or 0
        return score if obs.seats[me].worker_pool - cost >= SPARE_WORKERS else min(score, -0.5)

    def _technology_score(self, areas: dict[str, AreaState], me: int, tech: str) -> float:
        """§10.3: a technology is worth buying for the units the seat has on the board: those its
        cards name, or those it makes a tech-required unit from (public: the board and content)."""
        card = self.ctx.t.technology[tech].card
        if card is None:
            return -1.0
        wanted = set(card.value.unit_icons)
        if card.value.unlocks:
            wanted = set(self.ctx.t.unit[card.value.unlocks].made_from.value)
        have = sum(1 for a in areas.values() for u in a.units if u.owner == me and u.kind in wanted)
        if not have:
            return -0.5
        return 1.0 + 0.5 * min(have, 4) + KEYWORD_TECH * self._keyword_prospect(areas, me, tech)

    def _keyword_prospect(self, areas: dict[str, AreaState], me: int, tech: str) -> float:
        """§13.7: what a technology card's keywords add, in card points, against the enemy units on
        the board (public): a gain times the share of those its vs. names (halved when it holds
        only while attacking or defending), a cancel about an opposing card, cloaking or detection
        about a saved or a caught unit."""
        keywords = card_keywords(self.ctx, tech)
        enemies = [u.kind for a in areas.values() for u in a.units if u.owner != me]
        worth = KEYWORD_CANCEL * len(keywords.cancel) + KEYWORD_GRANT * len(keywords.grants)
        for gain in keywords.gains:
            named = sum(1 for u in enemies if vs_matches(self.ctx, gain.vs, u))
            share = named / len(enemies) if enemies else 0.0
            worth += (gain.attack + gain.health) * share * (0.5 if gain.when else 1.0)
        return worth

    # -- combat (§13) -----------------------------------------------------------------------------

    def _card_strength(self, card: str | None, front: str | None) -> float:
        if card is None or card == HIDDEN_CARD:
            return BLIND_CARD
        if front is not None:
            v = card_values(self.ctx, card, front)
            return float(v.attack + v.health)
        data = card_data(self.ctx, card)
        if data is None:
            return 0.0
        return float(max(data.major.value.attack + data.major.value.health, 1))

    def _side_power(self, side: BattleSide) -> float:
        power = self.unit_value[side.front.kind] + sum(0.5 * self.unit_value[u.kind] for u in side.support)
        return power + sum(self._card_strength(c, side.front.kind) for c in side.cards)

    def _my_side(self, battle: Battle, me: int) -> int:
        return 0 if battle.attacker == me else 1

    def _can_hit(self, shooter: str, target: str) -> bool:
        return self.unit_data[target].domain.value in self.unit_data[shooter].targets.value

    def _combat_score(
        self, obs: StarcraftObservation, me: int, areas: dict[str, AreaState], action: Action
    ) -> float:
        battle = obs.battle
        match action:
            case KA.ChooseFrontLine(unit=u):
                return self.unit_value[u]
            case KA.PairSkirmish(attacker=a, defender=d):
                hits = 3.0 if self._can_hit(a, d) else -3.0
                hurt = -1.5 if self._can_hit(d, a) else 1.5
                return hits + hurt + 0.2 * (self.unit_value[a] - self.unit_value[d])
            case KA.AssignSupport(skirmish=i) if battle is not None:
                s = battle.skirmishes[i]
                sides = (s.attack, s.defence)
                mine = self._my_side(battle, me)
                return self._side_power(sides[1 - mine]) - self._side_power(sides[mine])
            case KA.PlaceCombatCards(standard=st, reinforcement=r) if battle is not None:
                view = self._skirmish_view(obs, me, areas, battle)
                if st is None or view is None:  # blind, or (never) no skirmish left to place on
                    value = self._card_strength(st, None if view is None else view.front)
                else:
                    cards = (st,) if r is None else (st, r)
                    value = placement_worth(self.ctx, cards, view, self._opposing(obs, me, battle))
                if r is not None:  # a card spent now is a card missing in a later battle
                    value -= 3.0 if len(obs.hand) <= 3 else 1.0
                return value
            case KA.ResolveSkirmish(skirmish=i):
                return -float(i)
            case KA.ChooseCasualty(unit=u):
                return -self.unit_value[u]
            case KA.ChooseRetreatingUnit(unit=u):
                return self.unit_value[u]
            case KA.WithdrawTo(area=a) | KA.RetreatTo(area=a):
                area = areas.get(a)
                held = 1.0 if area is not None and _controls(area, me) else 0.0
                return held + self.area_value.get(a, 0.0) * 0.1
        return 0.0

    def _next_sides(self, battle: Battle, me: int) -> tuple[BattleSide, BattleSide] | None:
        """§13.2 step 6: (its side, the other side) of the seat's next skirmish without cards."""
        mine = self._my_side(battle, me)
        for s in battle.skirmishes:
            own, enemy = (s.attack, s.defence) if mine == 0 else (s.defence, s.attack)
            if not own.placed:
                return own, enemy
        return None

    def _skirmish_view(
        self, obs: StarcraftObservation, me: int, areas: dict[str, AreaState], battle: Battle
    ) -> SkirmishView | None:
        """§13.5, §13.7: the public facts of the next skirmish that the keywords depend on: the two
        front-line units, its role, whether either side detects (a detector unit there, or Air
        Support with its base in the area), the enemy's units cloaked by their type and what its
        supporters add."""
        sides = self._next_sides(battle, me)
        if sides is None:
            return None
        own, enemy = sides
        other = battle.defender if battle.attacker == me else battle.attacker

        def detects(seat: int, side: BattleSide) -> bool:
            air = dict(obs.seats[seat].modules).get(AIR_SUPPORT, 0) > 0 and areas[battle.area].base == seat
            return air or any(self.unit_data[u.kind].detector.value for u in (side.front, *side.support))

        units = (enemy.front, *enemy.support)
        return SkirmishView(
            front=own.front.kind,
            enemy_front=enemy.front.kind,
            attacking=battle.attacker == me,
            cloaked=own.front.cloaked,
            enemy_detects=detects(other, enemy),
            enemy_support=sum(
                self.unit_data[u.kind].support.value
                for u in enemy.support
                if self._can_hit(u.kind, own.front.kind)
            ),
            front_value=self.unit_value[own.front.kind],
            detects=detects(me, own),
            enemy_cloaked=max((self.unit_value[u.kind] for u in units if u.cloaked), default=0.0),
        )

    def _opposing(self, obs: StarcraftObservation, me: int, battle: Battle) -> Opposing:
        """The expected opposing cards in the next skirmish: from the other race's public deck and
        how many cards it has placed (never which), memoised per decision's public inputs."""
        sides = self._next_sides(battle, me)
        assert sides is not None
        enemy = sides[1]
        other = battle.defender if battle.attacker == me else battle.attacker
        key = (obs.seats[other].race, enemy.front.kind, len(enemy.cards) if enemy.placed else None)
        if key not in self._opposing_memo:
            self._opposing_memo[key] = expected_opposing(self.ctx, *key)
        return self._opposing_memo[key]


# -- readings of the board ----------------------------------------------------------------------


def _area_value(resource: str, amount: int) -> float:
    """§11, §15: what holding an area is worth."""
    if resource == "cp":
        return CP_AREA * amount + EMPTY_AREA
    return RESOURCE_AREA * amount + EMPTY_AREA


def _units_of(area: AreaState, seat: int) -> int:
    return sum(1 for u in area.units if u.owner == seat)


def _enemy_present(area: AreaState, seat: int) -> bool:
    return any(u.owner != seat for u in area.units) or area.base not in (NOBODY, seat)


def _controls(area: AreaState, seat: int) -> bool:
    """§2: a unit or base of the seat there and nothing of an enemy."""
    return (_units_of(area, seat) > 0 or area.base == seat) and not _enemy_present(area, seat)
