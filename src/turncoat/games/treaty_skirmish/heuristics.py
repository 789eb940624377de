"""A heuristic Treaty Skirmish bot that decides from its own seat's observation only.

It never sees a :class:`~turncoat.games.treaty_skirmish.state.State`: everything it uses is in
:class:`~turncoat.games.treaty_skirmish.observe.SkirmishObservation` (the board, trade goods,
tokens, hand sizes, who offered to whom, its own objective, hand and the cards it gave and
received) and the public rules (``game.ctx``: the board, the numbers, the options).

The plan is the seat's own objective (RULES §6.5), then the treaties (§4.5):

* **strike** when a Move/Attack would meet an immediate objective now (Traitor: Mecatol Rex,
  Opportunist: the Home on the left, Power-Hungry: a second other Home) with fair odds — the game
  ends on the spot, so nothing needs to be kept back;
* **defend** its Home (the Lazax: Mecatol Rex) when an enemy fleet next to it could take it:
  build there, or call ships back;
* the **Lazax protect the status quo** (Emperor): they retake every Home a usurper holds;
* otherwise **prepare**: take Frontiers for income and as a springboard towards the target,
  build when it has trade goods, keep a garrison at home;
* **treaties**: it offers cards when they buy something — Support of the People needs three
  holders, a neighbour who can take its Home gets a card so that it shares the bot's win rather
  than breaking it — and never its lowest card to a likely treaty traitor (a seat that has been
  handed cards by two or more races);
* as a **receiver** it keeps the card of the likeliest winner, and never holds cards of two other
  races (a treaty traitor is nobody's ally, §4.5 step 3); while it holds a race's card it does not
  attack that race, whose win it would share;
* **bribes**: trade goods buy ships, and a gift binds nobody to anything (§6.4), so the bot never
  gives them away.

Combat odds are exact: a small dynamic programme over (attacking ships, defending ships and
garrison points) with the content pack's hit chance.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from math import comb
from typing import TYPE_CHECKING, Any

from turncoat.core import deals
from turncoat.core.treaties import TreatyCard
from turncoat.games.treaty_skirmish.actions import (
    AssignHits,
    Build,
    DiscardTreaty,
    DropTreaty,
    FightOn,
    GiveNoTreaty,
    GiveTreaty,
    MoveAttack,
    MoveShips,
    Pass,
    Retreat,
    SendEnvoy,
)
from turncoat.games.treaty_skirmish.components import (
    ANARCHIST,
    EMPEROR,
    FRONTIER,
    HOME,
    LAZAX,
    LOYALIST,
    MECATOL,
    OPPORTUNIST,
    POWER_HUNGRY,
    SUPPORT_OF_THE_PEOPLE,
    TRAITOR,
    UNSTOPPABLE_ARMY,
)
from turncoat.games.treaty_skirmish.observe import SkirmishObservation
from turncoat.games.treaty_skirmish.state import (
    ACTION,
    ASSIGN_HITS,
    DISCARD_TREATY,
    DROP_TREATY,
    GIVE_TREATY,
    MOVE_SHIPS,
    RETREAT,
)

if TYPE_CHECKING:
    from turncoat.games.treaty_skirmish.game import TreatySkirmishGame

Action = Any  # a Treaty Skirmish action (``actions.SkirmishAction``) or ``deals.Give``

STRIKE_ODDS = 0.45  # a winning strike ends the game: fair odds are enough
ATTACK_ODDS = 0.7  # taking a system that does not win the game must be likely
RETAKE_ODDS = 0.55  # the Lazax retaking a Home (Emperor), a seat retaking its own Home
DANGER = 0.3  # an enemy fleet this likely to take our Home must be answered
FIGHT_ON_ODDS = 0.5  # between combat rounds, fight on while this likely to win
FIGHT_ON_STRIKE = 0.2  # ... or this likely when the win ends the game in our favour
MAX_UNITS = 40  # combat odds are tabled up to this many units a side


@cache
def _binomial(n: int, p: float) -> tuple[float, ...]:
    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


@cache
def win_chance(attackers: int, defenders: int, p: float) -> float:
    """The chance that ``attackers`` ships destroy ``defenders`` units (ships and garrison points)
    and survive, both sides rolling every round and hitting with chance ``p`` (RULES §6.4), the
    attacker fighting on to the end."""
    attackers, defenders = min(attackers, MAX_UNITS), min(defenders, MAX_UNITS)
    if defenders <= 0:
        return 1.0 if attackers > 0 else 0.0
    if attackers <= 0:
        return 0.0
    a_hits, d_hits = _binomial(attackers, p), _binomial(defenders, p)
    stay = a_hits[0] * d_hits[0]  # nobody hit: the same round again
    total = 0.0
    for x, px in enumerate(a_hits):
        for y, py in enumerate(d_hits):
            if x == 0 and y == 0:
                continue
            total += px * py * win_chance(attackers - y, defenders - x, p)
    return total / (1 - stay)


class SkirmishHeuristic:
    """``choose`` / ``rollout_choose`` from a seat's observation (``HeuristicPolicy``)."""

    def __init__(self, game: TreatySkirmishGame) -> None:
        ctx = game.ctx
        self.hit = (7 - ctx.n.hit_on) / 6
        self.skip_lazax = ctx.config.neighbours_skip_lazax

    # -- the policy protocol -----------------------------------------------------------------------
    def choose(self, observation: SkirmishObservation, legal: Sequence[Action], rng: random.Random) -> Action:
        """The bot's decision; it draws no randomness (ties go to a fixed order), so ``rng`` is
        unused.  Gifts are never made (see the module's docstring)."""
        options = [a for a in legal if not isinstance(a, deals.Give)]
        if len(options) == 1:
            return options[0]
        if not options:
            return legal[0]
        v = _Seat(self, observation)
        step = observation.step
        action: Action | None = None
        if step == ACTION:
            action = self._action(v, options)
        elif step == MOVE_SHIPS:
            action = self._move_ships(v, options)
        elif step == ASSIGN_HITS:
            hits = [a for a in options if isinstance(a, AssignHits)]
            # the garrison is back to full at the next Income; ships are not
            action = min(hits, key=lambda a: a.ships) if hits else None
        elif step == RETREAT:
            action = self._retreat(v, options)
        elif step == GIVE_TREATY:
            action = self._give(v, options)
        elif step == DISCARD_TREATY:
            action = self._discard(v, options)
        elif step == DROP_TREATY:
            action = self._drop(v, options)
        if action is not None and action in options:
            return action
        return fallback(options)

    rollout_choose = choose

    # -- §6.4 the seat's action ----------------------------------------------------------------------
    def _action(self, v: _Seat, legal: Sequence[Action]) -> Action | None:
        moves = {a.system: a for a in legal if isinstance(a, MoveAttack)}
        builds = [a for a in legal if isinstance(a, Build)]
        envoys = {a.race: a for a in legal if isinstance(a, SendEnvoy)}
        # 1. an immediate win now
        best = max(
            ((v.attack_odds(v.index[t], strike=True), t) for t in moves if v.index[t] in v.strike_targets()),
            default=None,
        )
        if best is not None and best[0] >= STRIKE_ODDS:
            return moves[best[1]]
        # 2. Support of the People: three holders of our cards
        if v.objective == SUPPORT_OF_THE_PEOPLE and envoys:
            race = v.support_receiver(envoys)
            if race is not None:
                return envoys[race]
        # 3. our Home (the Lazax: Mecatol Rex)
        home = v.home
        if v.control(home) != v.me:
            if v.ids[home] in moves and v.attack_odds(home) >= RETAKE_ODDS:
                return moves[v.ids[home]]
        elif v.danger(home) >= DANGER:
            build = v.biggest(builds, home)
            if build is not None:
                return build
            if v.ids[home] in moves:
                return moves[v.ids[home]]
            threat = v.threat(home)[0]
            if threat >= 0 and v.races[threat] in envoys and v.own_cards():
                return envoys[v.races[threat]]  # a card: our win becomes its win
        # GAPS Q4 fix B: a treaty traitor drops a card at its own Home to be an ally again
        if v.race in envoys and v.foreign_races() >= 2:
            return envoys[v.race]
        # 4. the Lazax protect the status quo (Emperor): retake usurped Homes
        if v.objective == EMPEROR:
            for h in v.usurped_homes():
                if v.ids[h] in moves and v.attack_odds(h) >= RETAKE_ODDS:
                    return moves[v.ids[h]]
        # 5. take a system that brings the objective closer
        best_take: tuple[float, str] | None = None
        for t, _a in moves.items():
            i = v.index[t]
            gain = v.take_value(i)
            if gain <= 0:
                continue
            odds = v.attack_odds(i)
            if odds < ATTACK_ODDS:
                continue
            score = gain * odds
            if best_take is None or score > best_take[0]:
                best_take = (score, t)
        if best_take is not None:
            return moves[best_take[1]]
        # 6. build with what we have
        build = v.biggest(builds, None)
        if build is not None:
            return build
        return next((a for a in legal if isinstance(a, Pass)), None)

    def _move_ships(self, v: _Seat, legal: Sequence[Action]) -> Action | None:
        move = v.obs.move
        if move is None:
            return None
        counts = [a for a in legal if isinstance(a, MoveShips)]
        if not counts:
            return None
        source = v.index[counts[0].source]
        target = v.index[move.target]
        keep = v.keep_back(source, target)
        high = max(a.count for a in counts)
        want = max(0, high - keep)
        return min(counts, key=lambda a: abs(a.count - want))

    def _retreat(self, v: _Seat, legal: Sequence[Action]) -> Action | None:
        c = v.obs.combat
        if c is None:
            return None
        i = v.index[c.system]
        mine = v.ships(i, v.me)
        odds = win_chance(mine, v.defending_units(i), self.hit)
        need = FIGHT_ON_STRIKE if i in v.strike_targets() else FIGHT_ON_ODDS
        if odds >= need:
            return FightOn()
        retreats = [a for a in legal if isinstance(a, Retreat)]
        if not retreats:
            return FightOn()
        # the Home first, then where most of our ships are
        return max(retreats, key=lambda a: (v.index[a.to] == v.home, v.ships(v.index[a.to], v.me)))

    # -- §4.2 the treaty steps -----------------------------------------------------------------------
    def _give(self, v: _Seat, legal: Sequence[Action]) -> Action | None:
        envoy = v.obs.envoy
        # our own cards (GAPS Q4 fix A would also let us hand the receiver's back: we keep those)
        cards = [a for a in legal if isinstance(a, GiveTreaty) and a.faction == v.race]
        if envoy is None or not cards:
            return None
        receiver = envoy.receiver
        support = v.objective == SUPPORT_OF_THE_PEOPLE
        threat = v.threat(v.home)[0] == receiver
        if not (support or threat):
            return GiveNoTreaty()
        by_number = sorted(cards, key=lambda a: a.number)
        # our lowest card makes its holder our ally (§4.5 step 4): never to a likely traitor, and
        # only to the neighbour we want on our side
        if threat and not v.likely_traitor(receiver) and not support:
            return by_number[0]
        return by_number[-1]

    def _discard(self, v: _Seat, legal: Sequence[Action]) -> Action | None:
        mine = v.obs.mine
        if mine is None or mine.pending is None:
            return None
        held = [*mine.hand, mine.pending.card]
        best: tuple[float, int, DiscardTreaty] | None = None
        for a in legal:
            if not isinstance(a, DiscardTreaty):
                continue
            kept = list(held)
            kept.remove(next(c for c in kept if (c.faction, c.number) == (a.faction, a.number)))
            score = v.hand_value(kept)
            key = (score, a.number)  # on a tie, drop the higher number
            if best is None or key > best[:2]:
                best = (score, a.number, a)
        return None if best is None else best[2]

    def _drop(self, v: _Seat, legal: Sequence[Action]) -> Action | None:
        """GAPS Q4 fix B: drop the card whose loss leaves the best hand."""
        mine = v.obs.mine
        if mine is None:
            return None
        best: tuple[float, DropTreaty] | None = None
        for a in legal:
            if not isinstance(a, DropTreaty):
                continue
            kept = list(mine.hand)
            kept.remove(next(c for c in kept if (c.faction, c.number) == (a.faction, a.number)))
            score = v.hand_value(kept)
            if best is None or score > best[0]:
                best = (score, a)
        return None if best is None else best[1]


def fallback(legal: Sequence[Action]) -> Action:
    """The most passive choice: pass, give no card, retreat, fewest ships, else the first."""
    for kind in (Pass, GiveNoTreaty, Retreat):
        for a in legal:
            if isinstance(a, kind):
                return a
    moves = [a for a in legal if isinstance(a, MoveShips)]
    if moves:
        return min(moves, key=lambda a: a.count)
    return legal[0]


class _Seat:
    """One decision's reading of the observation, from the deciding seat's point of view."""

    def __init__(self, pol: SkirmishHeuristic, obs: SkirmishObservation) -> None:
        self.pol = pol
        self.obs = obs
        me = obs.actor if obs.viewer is None else obs.viewer
        self.me = me
        self.races = obs.races
        self.players = obs.players
        self.race = obs.races[me]
        self.objective = obs.seats[me].objective
        self.lazax = obs.races.index(LAZAX)
        self.systems = obs.systems
        self.ids = tuple(x.id for x in obs.systems)
        self.index = {x.id: i for i, x in enumerate(obs.systems)}
        self.adjacent = tuple(tuple(self.index[a] for a in x.adjacent) for x in obs.systems)
        self.homes = {x.race: i for i, x in enumerate(obs.systems) if x.kind == HOME}
        self.mecatol = self.index[MECATOL]
        self.home = self.home_of(me)
        self._strike: frozenset[int] | None = None

    # -- the board -------------------------------------------------------------------------------
    def home_of(self, seat: int) -> int:
        return self.mecatol if seat == self.lazax else self.homes[self.races[seat]]

    def ships(self, i: int, seat: int) -> int:
        return self.systems[i].ships[seat]

    def control(self, i: int) -> int:
        return self.systems[i].control

    def has_token(self, i: int, seat: int) -> bool:
        return seat in self.systems[i].tokens

    def in_game(self, seat: int) -> bool:
        return not self.obs.seats[seat].eliminated

    def defending_units(self, i: int, attacker: int | None = None) -> int:
        """Other seats' ships in ``i`` plus its garrison if it fights against ``attacker``."""
        attacker = self.me if attacker is None else attacker
        x = self.systems[i]
        units = sum(k for q, k in enumerate(x.ships) if q != attacker)
        if x.control not in (attacker, -1):
            units += x.garrison
        return units

    def reach(self, i: int, seat: int | None = None) -> int:
        """Ships of ``seat`` able to come into ``i`` (§6.4: from adjacent systems without its token)."""
        seat = self.me if seat is None else seat
        return sum(self.ships(a, seat) for a in self.adjacent[i] if not self.has_token(a, seat))

    def free_from_home(self) -> int:
        """Ships at home beyond what it needs to stay safe."""
        return max(0, self.ships(self.home, self.me) - self.keep_at_home())

    def strike_force(self, i: int) -> int:
        """What a Move/Attack into ``i`` brings, keeping the Home's guard back (see keep_back)."""
        total = 0
        for a in self.adjacent[i]:
            if self.has_token(a, self.me):
                continue
            total += self.ships(a, self.me) - self.keep_back(a, i)
        return total

    def attack_odds(self, i: int, *, strike: bool = False) -> float:
        force = self.reach(i) if strike else self.strike_force(i)
        if self.has_token(i, self.me):
            return 0.0
        return win_chance(force, self.defending_units(i), self.pol.hit)

    def threat(self, i: int) -> tuple[int, int]:
        """(seat, ships) of the strongest other fleet able to move into ``i`` this round."""
        best = (-1, 0)
        for q in range(self.players):
            if (
                q == self.me
                or not self.in_game(q)
                or self.obs.seats[q].passed
                or self.obs.seats[q].tokens <= 0
            ):
                continue
            if self.has_token(i, q):
                continue
            k = self.reach(i, q)
            if k > best[1]:
                best = (q, k)
        return best

    def guard(self, i: int) -> int:
        """Our units defending ``i``: ships and, if we control it, the garrison."""
        x = self.systems[i]
        return x.ships[self.me] + (x.garrison if x.control == self.me else 0)

    def danger(self, i: int) -> float:
        _q, k = self.threat(i)
        return win_chance(k, self.guard(i), self.pol.hit)

    def keep_at_home(self) -> int:
        """Ships the Home keeps so that no fleet next to it is likely to take it."""
        _q, k = self.threat(self.home)
        x = self.systems[self.home]
        garrison = x.garrison if x.control == self.me else 0
        ships = x.ships[self.me]
        for keep in range(ships + 1):
            if win_chance(k, keep + garrison, self.pol.hit) < DANGER:
                return keep
        return ships

    def keep_back(self, source: int, target: int) -> int:
        """Ships ``source`` keeps when a Move/Attack into ``target`` asks it."""
        if target in self.strike_targets() or target == self.home or source != self.home:
            return 0
        return min(self.ships(source, self.me), self.keep_at_home())

    def biggest(self, builds: Sequence[Build], where: int | None) -> Build | None:
        options = [b for b in builds if where is None or self.index[b.system] == where]
        if not options:
            return None
        return max(options, key=lambda b: (b.ships, self.index[b.system] == self.home))

    # -- objectives ------------------------------------------------------------------------------
    def left_great_race(self) -> int:
        nxt = (self.me + 1) % self.players
        if self.pol.skip_lazax and nxt == self.lazax:
            nxt = (nxt + 1) % self.players
        return nxt

    def other_homes_held(self) -> int:
        return sum(1 for i in self.homes.values() if i != self.home and self.control(i) == self.me)

    def strike_targets(self) -> frozenset[int]:
        """Systems whose capture meets our immediate objective at once (§6.5)."""
        if self._strike is not None:
            return self._strike
        out: set[int] = set()
        if self.objective == TRAITOR:
            out.add(self.mecatol)
        elif self.objective == OPPORTUNIST:
            out.add(self.home_of(self.left_great_race()))
        elif self.objective == POWER_HUNGRY and self.other_homes_held() >= 1:
            out.update(i for i in self.homes.values() if i != self.home and self.control(i) != self.me)
        self._strike = frozenset(out)
        return self._strike

    def usurped_homes(self) -> list[int]:
        """Homes held by someone other than their race and the Lazax (Emperor fails on them)."""
        out = []
        for race, i in self.homes.items():
            owner = self.races.index(race)
            if self.control(i) not in (owner, self.lazax):
                out.append(i)
        return out

    def card_holder_of(self) -> int | None:
        """The seat whose card we hold (one race only when we are no treaty traitor)."""
        mine = self.obs.mine
        if mine is None:
            return None
        foreign = {c.faction for c in mine.hand if c.faction != self.race}
        if len(foreign) != 1:
            return None
        (faction,) = foreign
        return self.races.index(faction)

    def take_value(self, i: int) -> float:
        """What taking (or moving into) ``i`` is worth towards our objective; 0 or less: don't."""
        x = self.systems[i]
        owner = x.control
        if owner == self.me and not any(k for q, k in enumerate(x.ships) if q != self.me):
            # already ours and quiet: worth it only to gather ships next to the target
            if x.kind == FRONTIER and self.staging_targets() & set(self.adjacent[i]):
                return 1.0 if self.home in self.adjacent[i] and self.free_from_home() > 0 else 0.0
            return 0.0
        obj = self.objective
        friend = self.card_holder_of()
        needed = i in self.staging_targets()  # our own objective comes first
        if not needed and friend is not None and (owner == friend or x.ships[friend]):
            return 0.0  # we share that race's win: we do not fight it
        if x.kind == HOME:
            if self.spoils_emperor(i):
                return 3.0
            if obj in (LOYALIST, EMPEROR, UNSTOPPABLE_ARMY, SUPPORT_OF_THE_PEOPLE):
                return 0.0  # they keep the status quo (or our ships)
            if obj in (POWER_HUNGRY, ANARCHIST):
                return 4.0
            if obj == OPPORTUNIST and i == self.home_of(self.left_great_race()):
                return 5.0
            return 0.0  # a Home is worth a fight only to the objectives above
        if i == self.mecatol:
            if obj == TRAITOR:
                return 5.0
            return 0.0  # Loyalist, Emperor: the Lazax keep it; others gain little
        # a Frontier: income, and a springboard next to our target
        value = 1.0
        targets = self.staging_targets()
        if any(t in self.adjacent[i] for t in targets):
            value += 1.5
        if obj == UNSTOPPABLE_ARMY:
            value *= 0.6  # ships lost in combat count against us
        return value

    def spoils_emperor(self, i: int) -> bool:
        """In the last round, a great race whose objective is judged then takes a Home so that
        the Lazax's Emperor fails and the win is not shared — never one its own objective
        needs: a neighbour's (Loyalist)."""
        obs = self.obs
        if obs.round < obs.rounds or self.me == self.lazax or self.usurped_homes():
            return False
        if self.objective not in (LOYALIST, UNSTOPPABLE_ARMY, ANARCHIST):
            return False
        if self.card_holder_of() == self.lazax:
            return False  # Emperor is our win too
        if self.objective == LOYALIST:
            right = (self.me - 1) % self.players
            if right == self.lazax:
                right = (right - 1) % self.players
            if i in (self.home_of(self.left_great_race()), self.home_of(right)):
                return False
        if self.objective == UNSTOPPABLE_ARMY:
            ships = sorted((s.ships for s in obs.seats), reverse=True)
            if obs.seats[self.me].ships < ships[0] or ships[0] - ships[1] < 6:
                return False  # the fight costs ships we may need
        return i != self.home

    def staging_targets(self) -> set[int]:
        obj = self.objective
        if obj == TRAITOR:
            return {self.mecatol}
        if obj == OPPORTUNIST:
            return {self.home_of(self.left_great_race())}
        if obj in (POWER_HUNGRY, ANARCHIST):
            return {i for i in self.homes.values() if i != self.home and self.control(i) != self.me}
        return set()

    # -- treaties --------------------------------------------------------------------------------
    def own_cards(self) -> list[TreatyCard]:
        mine = self.obs.mine
        return [] if mine is None else [c for c in mine.hand if c.faction == self.race]

    def foreign_races(self) -> int:
        mine = self.obs.mine
        return 0 if mine is None else len({c.faction for c in mine.hand if c.faction != self.race})

    def likely_traitor(self, seat: int) -> bool:
        """Public: cards from two or more races were handed to ``seat`` (it may have dropped them)."""
        givers = {g for g, r in self.obs.treaties.offers if r == seat}
        return len(givers) >= 2

    def support_receiver(self, envoys: dict[str, SendEnvoy]) -> str | None:
        """Support of the People: the next great race to hand a card to — one we gave none yet,
        not a likely traitor; once each has one, again to the likeliest loyal one."""
        if not self.own_cards():
            return None
        mine = self.obs.mine
        given: dict[int, int] = {}
        if mine is not None:
            for passage in mine.given:
                given[passage.receiver] = given.get(passage.receiver, 0) + 1
        options = []
        for race in envoys:
            seat = self.races.index(race)
            if race == self.race:
                continue
            options.append((given.get(seat, 0), self.likely_traitor(seat), seat, race))
        if not options:
            return None
        return min(options)[3]

    def win_likelihood(self, seat: int) -> float:
        """A rough public reading of how likely ``seat`` is to win (its objective is hidden)."""
        obs = self.obs
        late = obs.round / max(1, obs.rounds)
        if seat == self.lazax:
            status_quo = not self.usurped_homes()
            return 0.35 + 0.4 * late if status_quo else 0.1
        ships = [s.ships for s in obs.seats]
        share = ships[seat] / max(1, sum(ships))
        held = sum(1 for i in self.homes.values() if i != self.home_of(seat) and self.control(i) == seat)
        value = 0.1 + share + 0.2 * held + (0.2 if self.control(self.mecatol) == seat else 0.0)
        return min(value, 0.9)

    def hand_value(self, cards: Sequence[TreatyCard]) -> float:
        """How much a hand is worth to us at the end (§4.5): foreign cards of one race only, the
        likeliest winner's, as low as possible; own cards for Support of the People."""
        foreign: dict[str, int] = {}
        own = 0
        for c in cards:
            if c.faction == self.race:
                own += 1
            else:
                foreign[c.faction] = min(c.number, foreign.get(c.faction, c.number))
        if len(foreign) >= 2:
            value = -10.0 - len(foreign)  # a treaty traitor: nobody's ally
        elif foreign:
            ((faction, low),) = foreign.items()
            value = self.win_likelihood(self.races.index(faction)) * (1.0 - 0.1 * (low - 1))
        else:
            value = 0.0
        # Support of the People needs own cards to hand out; otherwise they are only the tie-break
        own_worth = 1.0 if self.objective == SUPPORT_OF_THE_PEOPLE else 0.01
        return value + own_worth * own
