"""A heuristic Verräter bot that decides from its own seat's observation only.

It never sees a :class:`State`.  Everything it uses is in :class:`VerraterObservation` (public
information plus the seat's own hand, role and draft packet) and the public content tables
(``game.ctx.tables``: conflict values, VP circles, limits) and options (``game.ctx.config``).

The core is one small model of this round's conflict (RULES §5 steps 3-6):

* every role assignment of the other seats that the seat's draft knowledge allows is enumerated
  (RULES §3: the packet you were handed tells you which cards went before you), grouped by who
  holds the three roles that change the conflict (Traitor, Diplomat +2, Diplomat +5);
* cards already committed are public; each seat still to commit adds a normal distribution whose
  mean is a share of its expected hand total (known cards + the average unseen card);
* the result is the chance each house wins, from which the seat's utility follows:
  its own VP minus ``lam`` times the average VP of the others (a shared house win helps a
  partner too, so it is worth less than a lone win), plus estate income after the flip.

Each decision maximises that utility plus the value of the hand kept (RULES §6.2 trading posts in
the final round, future supply otherwise) and role bonuses.  ``rollout_choose`` runs the same
evaluation with a single "no surprises" role group and only top-k commit sets, so it is cheap
enough for search rollouts.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, permutations
from typing import TYPE_CHECKING

from turncoat.games.verrater.actions import (
    Build,
    ChooseConflictSite,
    CommitSupply,
    Convert,
    DiscardSupply,
    FinishCommitting,
    KeepRole,
    Move,
    PlaceEstate,
    VerraterAction,
)
from turncoat.games.verrater.components import HOUSES, RING_SIZE, ROLES, Tables
from turncoat.games.verrater.config import VerraterConfig
from turncoat.games.verrater.observe import VerraterObservation
from turncoat.games.verrater.state import BuildingCard

if TYPE_CHECKING:
    from turncoat.games.verrater.game import VerraterGame

Action = VerraterAction
# (traitor seat, diplomat +2 seat, diplomat +5 seat) -> probability; None = card not in play.
RoleKey = tuple[int | None, int | None, int | None]
RoleGroups = tuple[tuple[RoleKey, float], ...]

_EPS = 1e-9


@dataclass(frozen=True)
class Weights:
    """Tunable knobs (VP-equivalents).  The defaults were tuned with bench/heuristic_strength.py."""

    lam: float = 0.5  # weight of the others' average VP gain against one's own
    commit_share: float = 0.3  # share of its expected hand total a seat is assumed to commit
    commit_sd_scale: float = 0.7  # spread of that commit (sd = scale * mean + floor)
    commit_sd_floor: float = 1.5
    own_commit_share: float = 0.4  # own commit assumed when choosing a site (commits come later)
    card_vp: float = 0.5  # a supply card kept for later rounds
    strength_vp: float = 0.05  # per strength point spent (high cards are worth keeping)
    strategist_control: float = 1.0  # choosing the next site, on top of the +2 VP
    trading_post_vp: float = 2.6  # expected min(3, final hand) for a post built before the end
    estate_future: float = 0.5  # discount on an estate's income in later rounds


_SQRT2 = math.sqrt(2.0)


def _other(house: str) -> str:
    return HOUSES[1] if house == HOUSES[0] else HOUSES[0]


def _order(start: int, n: int) -> tuple[int, ...]:
    """Turn order (draft and commit): the start player, then clockwise."""
    return tuple((start + i) % n for i in range(n))


def _group(assignments: list[dict[int, str]]) -> RoleGroups:
    counts: Counter[RoleKey] = Counter()
    for roles in assignments:
        by_role = {r: p for p, r in roles.items()}
        counts[(by_role.get("traitor"), by_role.get("diplomat_2"), by_role.get("diplomat_5"))] += 1
    total = sum(counts.values())
    return tuple((key, c / total) for key, c in sorted(counts.items(), key=repr))


@lru_cache(maxsize=4096)
def _role_groups(
    n: int, start: int, me: int, received: tuple[str, ...] | None, my_role: str | None
) -> RoleGroups:
    """Role assignments the seat cannot tell apart, all equally likely (RULES §3 "knowledge")."""
    order = _order(start, n)
    if received is None or my_role is None:
        # Before the draft nothing is known: any n of the 6 roles, in any seat order.
        return _group([dict(zip(order, perm, strict=True)) for perm in permutations(ROLES, n)])
    k = order.index(me)
    before, after = order[:k], order[k + 1 :]
    # Seats before me took cards I never saw (one of those is the removed card); seats after me
    # take from what I passed on.
    unseen = [r for r in ROLES if r not in received]
    passed = [r for r in received if r != my_role]
    assignments: list[dict[int, str]] = []
    for pb in permutations(unseen, len(before)):
        for pa in permutations(passed, len(after)):
            roles = dict(zip(before, pb, strict=True))
            roles.update(zip(after, pa, strict=True))
            roles[me] = my_role
            assignments.append(roles)
    return _group(assignments)


def _fixed_groups(me: int, my_role: str | None) -> RoleGroups:
    """Rollout shortcut: only the seat's own role matters, nobody else surprises."""
    key: RoleKey = (
        me if my_role == "traitor" else None,
        me if my_role == "diplomat_2" else None,
        me if my_role == "diplomat_5" else None,
    )
    return ((key, 1.0),)


class _Conflict:
    """This round's conflict seen from one seat: precomputed per role group, so that evaluating
    one more commit set is a few float operations."""

    def __init__(
        self,
        pol: HeuristicPolicy,
        obs: VerraterObservation,
        me: int,
        site: int,
        groups: RoleGroups,
        pending: dict[int, tuple[float, float]],
        fixed: Sequence[int],
    ) -> None:
        tables = pol.tables
        a, b = site, (site + 1) % RING_SIZE
        e_land, r_land = (a, b) if obs.owners[a] == "eagle" else (b, a)
        future = pol.future_income_rounds(obs)
        estate_vp = pol.w.card_vp * pol.w.estate_future * future
        # Per group: weight, mean margin without my extra commit, sd, sign of my house,
        # utilities of eagle win / rose win / tie.
        self.rows: list[tuple[float, float, float, float, float, float, float]] = []
        pre = [s.allegiance for s in obs.seats]
        base_margin = float(
            tables.conflict_value[obs.types[e_land]] - tables.conflict_value[obs.types[r_land]]
        )
        # Everything but the diplomats' strength depends only on who the Traitor is: computed
        # once per Traitor rather than once per role group (the same arithmetic, in the same order).
        by_traitor: dict[int | None, tuple[list[str], float, float, float, list[float]]] = {}
        for (traitor, dip2, dip5), weight in groups:
            known = by_traitor.get(traitor)
            if known is None:
                known = by_traitor[traitor] = self._after_flip(
                    pol, obs, me, traitor, pre, base_margin, pending, fixed, e_land, r_land, estate_vp
                )
            alleg, margin, sd, sign_me, utils = known
            if dip2 is not None:
                margin += (1 if alleg[dip2] == "eagle" else -1) * tables.diplomat_2_strength
            if dip5 is not None:
                margin += (1 if alleg[dip5] == "eagle" else -1) * tables.diplomat_5_strength
            self.rows.append((weight, margin, sd, sign_me, utils[0], utils[1], utils[2]))

    @staticmethod
    def _after_flip(
        pol: HeuristicPolicy,
        obs: VerraterObservation,
        me: int,
        traitor: int | None,
        pre: list[str],
        base_margin: float,
        pending: dict[int, tuple[float, float]],
        fixed: Sequence[int],
        e_land: int,
        r_land: int,
        estate_vp: float,
    ) -> tuple[list[str], float, float, float, list[float]]:
        """Allegiances after the Traitor's flip (step 4), the expected margin and its spread
        without diplomats, the sign of my house and my utility of each result."""
        tables = pol.tables
        n = obs.players
        alleg = list(pre)
        if traitor is not None:  # step 4: the Traitor flips before the conflict counts
            alleg[traitor] = _other(alleg[traitor])
        margin = base_margin
        var = 0.0
        for p in range(n):
            sign = 1.0 if alleg[p] == "eagle" else -1.0
            margin += sign * fixed[p]
            if p in pending:
                mu, v = pending[p]
                margin += sign * mu
                var += v
        mine = alleg[me]
        utils = []
        for winner, lost in (("eagle", r_land), ("rose", e_land), (None, None)):
            owners = list(obs.owners)
            u = 0.0
            if winner is not None and lost is not None:
                owners[lost] = winner
                won = [p for p in range(n) if alleg[p] == winner]
                vp = tables.vp[obs.types[lost]][len(won)] if won else 0
                own = vp if me in won else 0
                others = vp * (len(won) - (1 if me in won else 0)) / max(1, n - 1)
                u += own - pol.w.lam * others
            # Estates producing in later rounds, after the flip and my allegiance change.
            u += estate_vp * pol.producing_estates(obs, me, mine, owners)
            utils.append(u)
        sign_me = 1.0 if mine == "eagle" else -1.0
        return alleg, margin, math.sqrt(var), sign_me, utils

    def value(self, extra: float) -> float:
        """Expected utility when I add ``extra`` strength (commits) to my post-flip house."""
        total = 0.0
        erf = math.erf
        for weight, margin, sd, sign_me, u_e, u_r, u_tie in self.rows:
            m = margin + sign_me * extra
            if sd < _EPS:
                p_e = 1.0 if m > 0 else 0.0
                p_r = 1.0 if m < 0 else 0.0
            else:  # strengths are integers: a margin within ±0.5 is a tie (normal cdf)
                p_e = 0.5 * (1.0 + erf(((m - 0.5) / sd) / _SQRT2))
                p_r = 0.5 * (1.0 + erf(((-m - 0.5) / sd) / _SQRT2))
            total += weight * (p_e * u_e + p_r * u_r + (1.0 - p_e - p_r) * u_tie)
        return total


class HeuristicPolicy:
    """Chooses Verräter actions from one seat's observation and legal list."""

    def __init__(self, game: VerraterGame, weights: Weights | None = None) -> None:
        self.tables: Tables = game.ctx.tables  # public content: conflict values, VP circles, limits
        self.config: VerraterConfig = game.ctx.config
        self.w: Weights = weights or Weights()

    # -- public API ------------------------------------------------------------------------------

    def choose(self, observation: VerraterObservation, legal: Sequence[Action], rng: random.Random) -> Action:
        """The full heuristic: enumerates hidden role assignments and every commit set."""
        return self._choose(observation, legal, rng, fast=False)

    def rollout_choose(
        self, observation: VerraterObservation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """A cheap variant for search rollouts: no role enumeration, top-k commit sets only."""
        return self._choose(observation, legal, rng, fast=True)

    # -- dispatch --------------------------------------------------------------------------------

    def _choose(
        self, obs: VerraterObservation, legal: Sequence[Action], rng: random.Random, *, fast: bool
    ) -> Action:
        if not isinstance(obs, VerraterObservation):  # the bot must never be handed a State
            raise TypeError(f"HeuristicPolicy decides from a VerraterObservation, not {type(obs).__name__}")
        if not legal:
            raise ValueError("no legal actions to choose from")
        if len(legal) == 1:
            return legal[0]
        if obs.viewer is None:
            raise ValueError("a heuristic decides for a seat: the observation has no viewer")
        first = legal[0]
        if isinstance(first, PlaceEstate):
            return self._best(legal, lambda a: self._estate_spot(obs, a), rng)
        if isinstance(first, ChooseConflictSite):
            return self._choose_site(obs, legal, rng, fast)
        if isinstance(first, KeepRole):
            return self._choose_role(obs, legal, rng, fast)
        if isinstance(first, CommitSupply | FinishCommitting):
            return self._choose_commit(obs, legal, fast)
        if isinstance(first, DiscardSupply):
            return self._choose_discard(obs, legal)
        return self._best(legal, lambda a: self._builder_value(obs, a), rng)

    @staticmethod
    def _best(legal: Sequence[Action], score: object, rng: random.Random) -> Action:
        """Highest score; exact ties are broken with the seat's own rng (so it stays reproducible)."""
        assert callable(score)
        scored = [(float(score(a)), i) for i, a in enumerate(legal)]
        top = max(s for s, _ in scored)
        best = [legal[i] for s, i in scored if s >= top - 1e-7]
        return best[0] if len(best) == 1 else rng.choice(best)

    # -- shared estimates ------------------------------------------------------------------------

    def rounds_left(self, obs: VerraterObservation) -> int:
        """Rounds still to play after this one (0 in the final round, RULES §6.1)."""
        return 0 if obs.final_round else max(0, obs.total_rounds - obs.round)

    def future_income_rounds(self, obs: VerraterObservation) -> float:
        return float(self.rounds_left(obs))

    def producing_estates(self, obs: VerraterObservation, me: int, house: str, owners: Sequence[str]) -> int:
        """RULES §5 step 10: my estates under landscapes of the house I support."""
        return sum(
            1
            for i, b in enumerate(obs.buildings)
            if b is not None and b.owner == me and b.side == "estate" and owners[i] == house
        )

    def trading_posts(self, obs: VerraterObservation, me: int) -> int:
        return sum(1 for b in obs.buildings if b is not None and b.owner == me and b.side == "trading_post")

    def unseen_average(self, obs: VerraterObservation) -> float:
        """Average value of the supply cards this seat has not seen (draw pile and hidden hands)."""
        left = Counter(self.tables.deck)
        seen: Counter[int] = Counter(obs.hand or ())
        seen.update(obs.discard)
        seen.update(obs.own_face_down_discards)
        for s in obs.seats:
            seen.update(s.committed)
            if s.seat != obs.viewer:
                seen.update(s.known_cards)
        left -= seen
        count = sum(left.values())
        return sum(v * c for v, c in left.items()) / count if count else 3.9

    def pending_commit(
        self, obs: VerraterObservation, seat: int, avg: float, share: float
    ) -> tuple[float, float]:
        """Normal (mean, variance) of what a seat still to commit will put down."""
        s = obs.seats[seat]
        if s.hand_size == 0:
            return 0.0, 0.0
        total = sum(s.known_cards) + (s.hand_size - len(s.known_cards)) * avg
        mu = share * total
        sd = self.w.commit_sd_scale * mu + self.w.commit_sd_floor
        return mu, sd * sd

    def hand_value(self, obs: VerraterObservation, me: int, cards: int) -> float:
        """What holding ``cards`` after step 10 is worth: supply for later rounds, or in the final
        round trading-post points (RULES §6.2: posts × min(3, hand))."""
        cards = min(cards, self.tables.hand_limit)  # step 10: the excess is discarded anyway
        if obs.final_round:
            return float(self.trading_posts(obs, me) * min(self.tables.trading_post_hand_cap, cards))
        # Cards matter less as the game nears its end (fewer conflicts left to spend them on).
        scale = min(1.0, 0.4 + 0.2 * self.rounds_left(obs))
        return self.w.card_vp * scale * cards

    def draws(self, obs: VerraterObservation, me: int, role: str | None, house: str) -> int:
        """Cards drawn in step 10 with this role (Farmer 3 and no estates; Diplomat +2 one more)."""
        if role == "farmer":
            return self.tables.farmer_draw
        income = self.producing_estates(obs, me, house, obs.owners)
        return income + (self.tables.diplomat_2_draw if role == "diplomat_2" else 0)

    def post_flip_house(self, obs: VerraterObservation, me: int, role: str | None) -> str:
        house = obs.seats[me].allegiance
        return _other(house) if role == "traitor" else house

    def role_bonus(self, obs: VerraterObservation, me: int, role: str | None) -> float:
        """Step 6 bonuses (+1 Traitor, +2 Strategist), step 8 control, step 7 building."""
        if role == "traitor":
            return float(self.tables.traitor_vp)
        if role == "strategist":
            control = 0.0 if obs.final_round else self.w.strategist_control
            return self.tables.strategist_vp + control
        if role == "builder":
            options = self._builder_options(obs, me)
            return max([0.0, *(self._builder_value(obs, a) for a in options)])
        return 0.0

    # -- step 3: commits ------------------------------------------------------------------------

    def _commit_sets(self, hand: Sequence[int], cap: int, room: int, fast: bool) -> list[tuple[int, ...]]:
        """Distinct multisets of hand cards that may still be committed (highest first, ≤ cap)."""
        cards = sorted((v for v in hand if v <= cap), reverse=True)
        room = min(room, len(cards))
        if fast:  # rollouts: the k highest cards only
            return [tuple(cards[:k]) for k in range(room + 1)]
        sets = {tuple(sorted(c, reverse=True)) for k in range(room + 1) for c in combinations(cards, k)}
        return sorted(sets, key=lambda c: (len(c), sum(c)))

    def _conflict(
        self,
        obs: VerraterObservation,
        me: int,
        role: str | None,
        received: tuple[str, ...] | None,
        fast: bool,
        *,
        me_pending: bool = False,
        site: int | None = None,
    ) -> _Conflict:
        n = obs.players
        groups = _fixed_groups(me, role) if fast else _role_groups(n, obs.start_player, me, received, role)
        avg = self.unseen_average(obs)
        order = _order(obs.start_player, n)
        if obs.step == "commit":
            # Seats before the one acting have finished committing; the rest are still to come.
            actor = obs.to_act[0] if obs.to_act else me
            waiting = order[order.index(actor) + 1 :]
        else:
            waiting = tuple(p for p in order if p != me)
        pending = {p: self.pending_commit(obs, p, avg, self.w.commit_share) for p in waiting}
        if me_pending:
            pending[me] = self.pending_commit(obs, me, avg, self.w.own_commit_share)
        fixed = [sum(s.committed) for s in obs.seats]
        return _Conflict(self, obs, me, obs.site if site is None else site, groups, pending, fixed)

    def _plan_value(
        self,
        obs: VerraterObservation,
        me: int,
        role: str | None,
        conflict: _Conflict,
        fast: bool,
    ) -> tuple[float, tuple[int, ...]]:
        """Best commit set for this role: conflict utility + hand kept - strength spent."""
        hand = obs.hand or ()
        done = obs.seats[me].committed
        cap = done[-1] if done else 99
        room = self.tables.commit_max - len(done)
        house = self.post_flip_house(obs, me, role)
        gain = self.draws(obs, me, role, house)
        best: tuple[float, tuple[int, ...]] | None = None
        for cards in self._commit_sets(hand, cap, room, fast):
            value = (
                conflict.value(float(sum(cards)))
                + self.hand_value(obs, me, len(hand) - len(cards) + gain)
                # Spending high cards costs more than low ones, except when nothing comes after.
                - (0.0 if obs.final_round else self.w.strength_vp * sum(cards))
            )
            if best is None or value > best[0] + 1e-7:  # ties keep the smaller set (sorted first)
                best = (value, cards)
        assert best is not None
        return best

    def _choose_commit(self, obs: VerraterObservation, legal: Sequence[Action], fast: bool) -> Action:
        me = obs.viewer
        assert me is not None
        conflict = self._conflict(obs, me, obs.role, obs.received, fast)
        _, cards = self._plan_value(obs, me, obs.role, conflict, fast)
        if cards:
            # Commit highest first (the engine's order); the plan is recomputed after each card.
            wanted = CommitSupply(cards[0])
            if wanted in legal:
                return wanted
        return next(a for a in legal if isinstance(a, FinishCommitting))

    # -- step 2: draft -------------------------------------------------------------------------

    def _choose_role(
        self, obs: VerraterObservation, legal: Sequence[Action], rng: random.Random, fast: bool
    ) -> Action:
        me = obs.viewer
        assert me is not None
        received = obs.received or obs.packet

        def score(action: Action) -> float:
            assert isinstance(action, KeepRole)
            role = action.role
            conflict = self._conflict(obs, me, role, received, fast)
            value, _ = self._plan_value(obs, me, role, conflict, fast)
            return value + self.role_bonus(obs, me, role)

        return self._best(legal, score, rng)

    # -- step 1: conflict site -----------------------------------------------------------------

    def _choose_site(
        self, obs: VerraterObservation, legal: Sequence[Action], rng: random.Random, fast: bool
    ) -> Action:
        me = obs.viewer
        assert me is not None

        def score(action: Action) -> float:
            assert isinstance(action, ChooseConflictSite)
            # Roles are not drafted yet: average over every deal (or none in rollouts), with my
            # own commit modelled like everyone else's (I will still decide it later).
            conflict = self._conflict(obs, me, None, None, fast, me_pending=True, site=action.boundary)
            return conflict.value(0.0)

        return self._best(legal, score, rng)

    # -- step 10: hand limit --------------------------------------------------------------------

    def _choose_discard(self, obs: VerraterObservation, legal: Sequence[Action]) -> Action:
        """Keep the high cards: discard the lowest ones, highest of them first (engine order)."""
        hand = sorted(obs.hand or ())
        excess = len(hand) - self.tables.hand_limit
        if excess > 0:
            wanted = DiscardSupply(max(hand[:excess]))
            if wanted in legal:
                return wanted
        return min(legal, key=lambda a: a.value if isinstance(a, DiscardSupply) else 99)

    # -- setup step 6 and step 7: buildings -----------------------------------------------------

    def _safety(self, obs: VerraterObservation, i: int) -> float:
        """Chance a landscape keeps its owner for a while: inland cards cannot be attacked, and
        high-value cards are hard to take."""
        owner = obs.owners[i]
        same = (obs.owners[(i - 1) % RING_SIZE] == owner) + (obs.owners[(i + 1) % RING_SIZE] == owner)
        return min(1.0, 0.45 + 0.2 * same + 0.02 * self.tables.conflict_value[obs.types[i]])

    def _estate_yield(self, obs: VerraterObservation, me: int, i: int) -> float:
        """Expected supply from an estate under landscape i (this round's step 10 and later)."""
        house = obs.seats[me].allegiance
        p = self._safety(obs, i) if obs.owners[i] == house else 0.1
        rounds = 1 + self.rounds_left(obs)
        return p * rounds

    def _estate_spot(self, obs: VerraterObservation, action: Action) -> float:
        assert isinstance(action, PlaceEstate) and obs.viewer is not None
        # RULES §4 step 6: any empty landscape; the estate only pays under my house's land.
        return self._estate_yield(obs, obs.viewer, action.landscape)

    def _trading_post_value(self, obs: VerraterObservation, me: int) -> float:
        if obs.final_round:  # scored on the hand after this round's step 10
            hand = len(obs.hand or ()) + self.draws(obs, me, obs.role, obs.seats[me].allegiance)
            return float(min(self.tables.trading_post_hand_cap, hand, self.tables.hand_limit))
        return self.w.trading_post_vp

    def _card_vp(self, obs: VerraterObservation, me: int) -> float:
        if obs.final_round:
            short = len(obs.hand or ()) < self.tables.trading_post_hand_cap
            return 1.0 if short and self.trading_posts(obs, me) else 0.0
        return self.w.card_vp

    def _final_round_points(self, obs: VerraterObservation, me: int, action: Action) -> float:
        """Final round: exact trading-post points after this build (RULES §6.2), counting the
        estate income this round's step 10 still pays (the Builder is not the Farmer)."""
        cards = list(obs.buildings)
        if isinstance(action, Build):
            cards[action.landscape] = BuildingCard(me, action.side)
        elif isinstance(action, Convert):
            b = cards[action.landscape]
            assert b is not None
            cards[action.landscape] = BuildingCard(
                me, "estate" if b.side == "trading_post" else "trading_post"
            )
        elif isinstance(action, Move):
            cards[action.to_landscape], cards[action.from_landscape] = cards[action.from_landscape], None
        house = obs.seats[me].allegiance
        posts = sum(1 for b in cards if b is not None and b.owner == me and b.side == "trading_post")
        income = sum(
            1
            for i, b in enumerate(cards)
            if b is not None and b.owner == me and b.side == "estate" and obs.owners[i] == house
        )
        hand = min(self.tables.hand_limit, len(obs.hand or ()) + income)
        return float(posts * min(self.tables.trading_post_hand_cap, hand))

    def _builder_value(self, obs: VerraterObservation, action: Action) -> float:
        me = obs.viewer
        assert me is not None
        if obs.final_round and obs.step == "build":
            return self._final_round_points(obs, me, action)
        card = self._card_vp(obs, me)
        post = self._trading_post_value(obs, me)
        if isinstance(action, Build):
            if action.side == "estate":
                return card * self._estate_yield(obs, me, action.landscape)
            # Posts score wherever they stand: put them where an estate would not pay, to keep
            # my house's land free for estates.
            return post - 0.05 * self._estate_yield(obs, me, action.landscape)
        if isinstance(action, Convert):
            b = obs.buildings[action.landscape]
            estate = card * self._estate_yield(obs, me, action.landscape)
            if b is not None and b.side == "estate":
                return post - estate
            return estate - post
        if isinstance(action, Move):
            b = obs.buildings[action.from_landscape]
            if b is not None and b.side == "estate":
                return card * (
                    self._estate_yield(obs, me, action.to_landscape)
                    - self._estate_yield(obs, me, action.from_landscape)
                )
            return -0.01  # a trading post scores the same anywhere
        return 0.0  # SkipBuilding

    def _builder_options(self, obs: VerraterObservation, me: int) -> list[Action]:
        """What the Builder could do now (RULES §5 step 7), for valuing the role in the draft."""
        empty = [i for i in range(RING_SIZE) if obs.buildings[i] is None]
        mine = [i for i, b in enumerate(obs.buildings) if b is not None and b.owner == me]
        room_for_post = self.trading_posts(obs, me) < self.tables.max_trading_posts
        options: list[Action] = []
        if len(mine) < self.tables.buildings_per_player:
            options += [Build(i, "estate") for i in empty]
            if room_for_post and self.config.builder_new_card_side == "either":  # GAP-5
                options += [Build(i, "trading_post") for i in empty]
        for i in mine:
            b = obs.buildings[i]
            if b is not None and (b.side == "trading_post" or room_for_post):
                options.append(Convert(i))
        options += [Move(i, j) for i in mine for j in empty]
        return options
