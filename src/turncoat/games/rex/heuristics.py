"""A heuristic Rex bot that decides from its own seat's observation only.

It never sees a :class:`~turncoat.games.rex.state.State`: everything it uses is in
:class:`~turncoat.games.rex.observe.RexObservation` (the public board, reserves, influence, hand
sizes, the fleet, the battle in progress, and the seat's own cards, traitors and prediction) and
the public content (``game.ctx``: the board's areas and distances, races, cards).

The plan is the rulebook's victory condition (RULES §14.1): hold three strongholds at the end of a
round.  Every decision is scored against it:

* the board is read as *strength per area and seat*; a stronghold the seat holds alone counts
  towards three, and the third is worth far more than the first two;
* landing and movement (§9) go where that score gains most per influence spent: an empty
  stronghold, a weakly held enemy one, influence on the ground, away from the sectors the fleet
  may sweep next (§12: it moves 1-6 sectors forward and destroys what is unshielded);
* battle plans (§10.3) dial what beats the opponent's best possible strength, no more (the winner
  loses his dial), with the strongest leader and the cards the hand can play; traitors are kept
  for the strongest enemy leaders and always revealed;
* bids (§7) pay what an unknown card is worth to a hand of this size, keeping influence to land;
* the seat stays out of alliances (a member needs four or five strongholds, §14.1) unless the
  proposal joins it to a race whose special victory (§14.3) looks likelier than its own win;
* influence is never given away.

Decisions the bot does not know (new actions) fall back to the most passive legal one (decline,
pass, skip, end) or, failing that, a random one, so it never fails.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from turncoat.core import deals
from turncoat.games.rex import actions as A
from turncoat.games.rex.observe import RexObservation

if TYPE_CHECKING:
    from turncoat.games.rex.game import RexGame

Action = Any  # a Rex action (``actions.RexAction``) or a core deals action

# Races in the order the bot prefers them (§4 step 4), tuned with bench/rex_strength.py: the Sol
# and the Hacan have their own victories after round 8 (§14.3), the Letnev and the Jol-Nar start
# on a spaceport stronghold with ten units.
RACE_PREFERENCE = ("sol", "hacan", "letnev", "jol_nar", "xxcha", "lazax")

# Values in "influence" units.
STRONGHOLD = 9.0  # holding one more stronghold alone
THIRD_STRONGHOLD = 40.0  # the third (or, allied, the alliance's last) stronghold: a win (§14.1)
GARRISON = 7  # units a held stronghold wants against a landing
UNIT = 0.8  # a unit kept alive on the board
INFLUENCE = 0.55  # one influence spent (it also buys landings and cards later)
COLLECT = 0.5  # one influence token a unit can collect (§11)
KEEP_INFLUENCE = 4  # influence kept back from recruiting paid units
SPECIAL_AREAS = ("imperial_palace", "mecatol_power_south")  # §14.3 Sol's victory areas

# §17, GAPS C5: the Diplomatic Interference is spent on cancelling a race ability of a non-ally
# that is about to give its owner at least this much (influence, units, or a card counted as 3).
INTERFERENCE = "diplomatic_interference"
CANCEL_AT = 4
BONUS_CARD = 3
PASSIVE = (A.EndCeasefire, A.PassBid, A.SkipMove, A.SkipLanding, deals.Decline, A.GiftTo)


class RexHeuristic:
    """``choose`` / ``rollout_choose`` from a seat's observation (``HeuristicPolicy``)."""

    def __init__(self, game: RexGame) -> None:
        ctx = game.ctx
        self.t, self.b, self.config = ctx.t, ctx.b, ctx.config
        b, t = self.b, self.t
        self.piece_area = b.piece_area
        self.piece_index = b.piece_index
        self.area_index = b.area_index
        self.stronghold = b.stronghold
        self.n_strongholds = len(b.strongholds)
        self.special = frozenset(b.area_index[a] for a in SPECIAL_AREAS if a in b.area_index)
        self.card_index = {c: i for i, c in enumerate(t.card_ids)}
        self.leader_strength = dict(zip(t.leader_ids, t.leader_strength, strict=True))
        self.leader_race = {ld: t.race_ids[r] for ld, r in zip(t.leader_ids, t.leader_race, strict=True)}
        self.race_index = {r: i for i, r in enumerate(t.race_ids)}
        # §12: an unshielded piece's sector hit by the fleet's next move, per fleet sector.
        self.sectors = b.sector_count
        self._handlers: dict[str, Any] = {
            "choose_race": self._race,
            "predict": self._predict,
            "keep_traitor": self._traitor_keep,
            "ceasefire": self._ceasefire,
            "bid": self._bid,
            "recruit": self._recruit,
            "hacan_timing": self._hacan_timing,
            "move_from": self._move_from,
            "move_to": self._move_to,
            "move_count": self._move_count,
            "land_to": self._land_to,
            "cross_to": self._cross_to,
            "land_count": self._land_count,
            "envoy": self._envoy,
            "place_start": self._place_start,
            "choose_battle": self._choose_battle,
            "prescience": self._prescience,
            "foresee": self._foresee,
            "battle_plan": self._battle_plan,
            "voice": self._voice,
            "battle_cards": self._battle_cards,
            "traitor": self._reveal_traitor,
            "battle_losses": self._losses,
            "keep_cards": self._keep_cards,
            "betrayal": self._betrayal,
            "card_window": self._card_window,
        }

    # -- the policy protocol -----------------------------------------------------------------------
    def choose(self, observation: RexObservation, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        handler = self._handlers.get(observation.step)
        if handler is not None:
            try:
                action = handler(_Seat(self, observation), legal, rng)
            except (_Unknown, LookupError, ValueError, TypeError, AttributeError):
                action = None  # a decision shaped unlike the ones it knows (new actions)
            if action is not None and action in legal:
                return action
        return fallback(legal, rng)

    rollout_choose = choose

    # -- setup (§4) --------------------------------------------------------------------------------
    def _race(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        free = {a.race: a for a in legal if isinstance(a, A.ChooseRace)}
        for race in RACE_PREFERENCE:
            if race in free:
                return free[race]
        raise _Unknown

    def _predict(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        """§4 step 5: the Sol's or the Hacan's victory after round 8 (§14.3) is the likeliest."""
        last = self.t.rounds
        options = {(a.race, a.round): a for a in legal if isinstance(a, A.PredictWinner)}
        for race in ("sol", "hacan"):
            if (race, last) in options:
                return options[(race, last)]
        raise _Unknown

    def _traitor_keep(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        """§4 step 6: the strongest enemy leader (he is the likeliest to be played against us)."""
        mine = v.race

        def worth(a: A.KeepTraitor) -> tuple[bool, int]:
            return (self.leader_race[a.leader] != mine, self.leader_strength[a.leader])

        return max((a for a in legal if isinstance(a, A.KeepTraitor)), key=worth)

    def _place_start(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        """§4 step 10 (Sol): strongholds first, split so that each holds a garrison."""
        best, best_score = None, -1e9
        for a in legal:
            if not isinstance(a, A.PlaceStartingUnits):
                continue
            area = self.piece_area[self.piece_index[a.piece]]
            have = v.own_in(area)
            want = GARRISON if self.stronghold[area] else 0
            score = (10.0 if self.stronghold[area] else 0.0) - abs(have + a.units - want) * 0.5
            if self.stronghold[area] and have == 0:
                score += 5.0
            if score > best_score:
                best, best_score = a, score
        return best

    # -- §13 ceasefire -----------------------------------------------------------------------------
    def _ceasefire(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        for a in legal:
            if isinstance(a, A.GiftTo) and a.seat is None:  # a gift under way: change our mind
                return a
        accepts = {a.proposal: a for a in legal if isinstance(a, deals.Accept)}
        for a in legal:
            if isinstance(a, deals.Decline):
                proposal = v.proposal(a.proposal)
                if proposal is not None and a.proposal in accepts and self._alliance_worth(v, proposal):
                    return accepts[a.proposal]
                return a
        for a in legal:
            if isinstance(a, deals.LeaveAlliance) and not self._stay_allied(v):
                return a
        for a in legal:
            if isinstance(a, A.EndCeasefire):
                return a
        raise _Unknown

    def _alliance_worth(self, v: _Seat, proposal: deals.Proposal) -> bool:
        """Join only a race whose special victory (§14.3) would carry us, when our own three
        strongholds look out of reach."""
        members = {p for term in proposal.terms if isinstance(term, deals.Ally) for p in term.members}
        if v.race in ("sol", "hacan"):
            return False
        partner_races = {v.obs.seats[p].race for p in members if p != v.me}
        if not partner_races & {"sol", "hacan"}:
            return False
        return v.obs.round >= self.t.rounds - 2 and v.held_count() < 2

    def _stay_allied(self, v: _Seat) -> bool:
        partners = [p for p in v.partners()]
        races = {v.obs.seats[p].race for p in partners}
        return bool(races & {"sol", "hacan"}) and v.held_count() < 2

    # -- §7 bidding --------------------------------------------------------------------------------
    def _bid(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        bids = sorted((a for a in legal if isinstance(a, A.Bid)), key=lambda a: a.amount)
        passing = next((a for a in legal if isinstance(a, A.PassBid)), None)
        if not bids:
            return passing
        worth = self.card_worth(v)
        # Influence kept back for landing: what the seat needs to put a garrison down.
        spare = v.influence - (0 if v.race == "sol" else 4)
        limit = min(worth, spare)
        for a in bids:
            if a.amount <= limit:
                return a
            break
        return passing

    def card_worth(self, v: _Seat) -> int:
        """What one more strategy card is worth to this hand (§3.7 limits; Jol-Nar sees it, §7)."""
        hand = v.hand_size
        base = (5, 4, 3, 2, 1)[min(hand, 4)]
        if v.race == "letnev":
            base += 1  # a bonus card comes with it (§7 step 6)
        if v.race == "lazax":
            base += 1  # the Lazax pay the pool, not an opponent; others' payments come to him
        seen = v.obs.card_on_auction
        if seen is not None:
            kind = self.t.card_kind[self.card_index[seen]]
            base = {"attack": base + 1, "defense": base + 1, "worthless": 0}.get(kind, base // 2)
        return base

    # -- §8 recruitment ----------------------------------------------------------------------------
    def _recruit(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        free = self.t.free_recruitment[self.race_index[v.race]] if v.race else 0
        unit_cost = self.t.recruit_unit_cost
        my_leaders = v.leaders(v.me)
        alive = sum(1 for ld in my_leaders if ld.status != "dead")
        best, best_score = None, -1e9
        for a in legal:
            if not isinstance(a, A.Recruit):
                continue
            n = a.units + a.mechanized
            cost = max(0, n - free) * unit_cost
            score = min(n, free) * 1.0 + a.mechanized * 0.3
            if n > free:
                score += (n - free) * (0.9 if v.race == "sol" else 0.6)
            if a.leader is not None:
                strength = self.leader_strength[a.leader]
                cost += strength
                score += strength * (0.9 if alive <= 2 else 0.4) + (3.0 if alive == 0 else 0.0)
            left = v.influence - cost
            if left < KEEP_INFLUENCE and cost > 0:
                score -= (KEEP_INFLUENCE - left) * 2.0
            score -= cost * INFLUENCE
            if score > best_score:
                best, best_score = a, score
        return best

    # -- §9 maneuvering ----------------------------------------------------------------------------
    def _hacan_timing(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        return A.HacanTiming(False)  # go last: the others' landings are then known

    def _move_from(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        best: Action = next((a for a in legal if isinstance(a, A.SkipMove)), None)
        best_score = 0.5
        for a in legal:
            if not isinstance(a, A.MoveFrom):
                continue
            origin = self.piece_index[a.piece]
            for target in v.reachable(origin):
                score = v.move_gain(origin, target)[0]
                if score > best_score:
                    best, best_score = a, score
        return best

    def _move_to(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        origin = self.piece_index[v.obs.origin] if v.obs.origin else None
        if origin is None:
            raise _Unknown
        return max(
            (a for a in legal if isinstance(a, A.MoveTo)),
            key=lambda a: v.move_gain(origin, self.piece_index[a.piece])[0],
        )

    def _move_count(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        obs = v.obs
        if obs.origin is None or obs.target is None:
            raise _Unknown
        want = v.move_gain(self.piece_index[obs.origin], self.piece_index[obs.target])[1]
        return _closest_count(legal, want, A.MoveUnits)

    def _land_to(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        best: Action = next((a for a in legal if isinstance(a, A.SkipLanding)), None)
        best_score = 0.5
        for a in legal:
            if not isinstance(a, A.LandIn):
                continue
            score = v.land_gain(self.piece_index[a.piece])[0]
            if score > best_score:
                best, best_score = a, score
        return best

    def _cross_to(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        raise _Unknown  # the bot never starts a cross-landing; a random target if it must

    def _land_count(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        obs = v.obs
        if obs.landing_mode != 0 or obs.target is None:
            return min((a for a in legal if isinstance(a, A.LandUnits)), key=lambda a: a.units + a.mechanized)
        want = v.land_gain(self.piece_index[obs.target])[1]
        return _closest_count(legal, want, A.LandUnits)

    def _envoy(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        return A.SendEnvoy(True)  # a free unit on the Council, where nothing can hit it

    # -- §10 battle --------------------------------------------------------------------------------
    def _choose_battle(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        """The stronghold battles first, where the seat is strongest (leaders are spent per area)."""

        def worth(a: A.ChooseBattle) -> tuple[bool, int]:
            area = self.area_index[a.area]
            return (self.stronghold[area], v.own_in(area) - v.enemy_in(area))

        return max((a for a in legal if isinstance(a, A.ChooseBattle)), key=worth)

    def _prescience(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        """§18 (Jol-Nar): knowing the opponent's dial lets ours be exactly enough."""
        return A.UsePrescience("dial")

    def _foresee(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        first = legal[0]
        if isinstance(first, A.SetDial):
            return self._dial(v, legal)
        if isinstance(first, A.PickLeader):
            return self._pick_leader(v, legal)
        cards = [a for a in legal if isinstance(a, A.ShowCard)]
        return max(cards, key=lambda a: self._card_rank(a.card))

    def _battle_plan(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        if isinstance(legal[0], A.SetDial):
            return self._dial(v, legal)
        return self._pick_leader(v, legal)

    def _dial(self, v: _Seat, legal: Sequence[Action]) -> Action:
        """§10.3 step 2: enough to beat the opponent's best strength (ties go to the aggressor), no
        more — the winner loses his dial; when that is out of reach, everything (a loser loses all
        his units there anyway)."""
        battle = v.obs.battle
        if battle is None:
            raise _Unknown
        dials = sorted(a.value for a in legal if isinstance(a, A.SetDial))
        top = dials[-1]
        opp = battle.defender if battle.aggressor == v.me else battle.aggressor
        mine_side = 0 if battle.aggressor == v.me else 1
        plan_opp = battle.plans[1 - mine_side]
        area = self.area_index[battle.area]
        opp_units = v.strength_of(opp, area)
        opp_dial = plan_opp.dial if plan_opp.dial is not None else opp_units
        opp_leader = max(
            (ld.strength for ld in v.leaders(opp) if ld.status in ("ready", battle.area)), default=0
        )
        if plan_opp.leader is not None:
            opp_leader = self.leader_strength.get(plan_opp.leader, 0)
        my_leader = self._best_leader_strength(v, battle.area)
        # An opponent with cards may kill our leader; without a defense card, count on the dial.
        if v.obs.seats[opp].hand_size and not v.has_kind("defense"):
            my_leader = my_leader // 2
        tie = 0 if battle.aggressor == v.me else 1
        need = opp_dial + opp_leader - my_leader + tie
        want = min(top, max(0, need))
        return A.SetDial(min(dials, key=lambda d: abs(d - want)))

    def _best_leader_strength(self, v: _Seat, area: str) -> int:
        return max((ld.strength for ld in v.leaders(v.me) if ld.status in ("ready", area)), default=0)

    def _pick_leader(self, v: _Seat, legal: Sequence[Action]) -> Action:
        """§10.3 step 3: the strongest leader, in the slot that plays the most useful cards."""
        attack = v.has_kind("attack")
        defense = v.has_kind("defense")
        wanted = "both" if attack and defense else "attack" if attack else "defense" if defense else "none"

        def worth(a: A.PickLeader) -> tuple[int, int]:
            strength = self.leader_strength.get(a.leader, 0) if a.leader else 0
            if a.leader == "stand_in_leader":
                strength = -1  # the card only when no leader is left
            slot_fit = 2 if a.slot == wanted else 1 if a.slot != "none" else 0
            return (strength, slot_fit)

        return max((a for a in legal if isinstance(a, A.PickLeader)), key=worth)

    def _card_rank(self, card: str | None) -> int:
        if card is None:
            return 0
        c = self.card_index[card]
        kind, subtype = self.t.card_kind[c], self.t.card_subtype[c]
        if kind == "attack":
            return 3 if subtype == "U" else 2
        if kind == "defense":
            return 2
        return 1

    def _voice(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        """§18 (Xxcha): forbid the attack type we cannot stop (the most common one first)."""
        orders = [a for a in legal if isinstance(a, A.GiveOrder) and a.play is False and a.kind == "attack"]
        held = {
            self.t.card_subtype[self.card_index[c]]
            for c in v.hand
            if self.t.card_kind[self.card_index[c]] == "defense"
        }
        for a in orders:
            if a.what not in held:
                return a
        return A.GiveOrder(None)

    def _battle_cards(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        """§10.3 step 5: real cards over worthless ones; a defense of the type the opponent's
        hand is known to hold."""

        def worth(a: A.PlayCards) -> int:
            return self._card_rank(a.attack) + self._card_rank(a.defense)

        return max((a for a in legal if isinstance(a, A.PlayCards)), key=worth)

    def _reveal_traitor(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        return A.RevealTraitor(True)  # §10.3 step 6: an outright win, without losses

    def _losses(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        """§10.7: keep the mechanized units (strength 2)."""
        return min((a for a in legal if isinstance(a, A.ChooseLosses)), key=lambda a: (a.mechanized, a.units))

    def _keep_cards(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        return max((a for a in legal if isinstance(a, A.KeepCards)), key=lambda a: (a.attack, a.defense))

    def _betrayal(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        """§14.4: reveal only Path of Peace (card 1) when the seat has the most units in the Council."""
        if v.obs.betrayal == 1:
            council = self.b.council
            mine = v.own_in(council)
            others = max((v.strength_of(p, council) for p in range(v.obs.players) if p != v.me), default=0)
            return A.Betray(mine > others)
        return A.Betray(False)

    # -- §17 card windows -------------------------------------------------------------------------
    def _card_window(self, v: _Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        """At a window against a race ability (GAPS C5): cancel it with a Diplomatic Interference
        when its owner is no ally and it is about to give him much; the start-of-phase windows are
        left to the fallback."""
        stake = v.obs.at_stake
        if not stake:
            return None
        play = A.PlayCard(INTERFERENCE)
        if play not in legal or v.allied(stake[0]) or self._stake_worth(v) < CANCEL_AT:
            return A.PlayCard(None)
        return play

    def _stake_worth(self, v: _Seat) -> int:
        """What the ability at stake is about to give its owner: the price the Lazax would be paid,
        the fee the Hacan would be paid or save, a card, one envoy, or the strength landed (twice
        on a stronghold)."""
        obs = v.obs
        window = obs.card_window
        if window == "lazax_strategy_payments":
            return obs.high_bid
        if window == "letnev_bonus_card":
            return BONUS_CARD
        if window in ("xxcha_council_envoys", "hacan_turn_timing"):
            return 1
        _, units, mech, price = obs.at_stake[2:6]
        if window in ("hacan_landing_fees", "hacan_half_price"):
            return price
        strength = units + 2 * mech
        target = self.piece_index.get(obs.target) if obs.target else None
        if target is not None and self.stronghold[self.piece_area[target]]:
            strength *= 2
        return strength


class _Unknown(Exception):
    """The handler cannot read this decision: use the fallback."""


def fallback(legal: Sequence[Action], rng: random.Random) -> Action:
    """A decision the bot does not know: the most passive legal action, else a random one."""
    for kind in PASSIVE:
        for a in legal:
            if isinstance(a, kind) and not (isinstance(a, A.GiftTo) and a.seat is not None):
                return a
    for a in legal:
        if getattr(a, "play", 0) is None or getattr(a, "part", 0) is None:
            return a
    return rng.choice(list(legal))


def _closest_count(legal: Sequence[Action], want: int, kind: type[A.MoveUnits] | type[A.LandUnits]) -> Action:
    """The count nearest ``want`` strength (mechanized count twice), fewest tokens on a tie."""
    counts: list[A.MoveUnits | A.LandUnits] = [a for a in legal if isinstance(a, kind)]
    return min(counts, key=lambda a: (abs(a.units + 2 * a.mechanized - want), a.units + a.mechanized))


class _Seat:
    """One decision's reading of the observation."""

    def __init__(self, pol: RexHeuristic, obs: RexObservation) -> None:
        self.pol = pol
        self.obs = obs
        me = obs.viewer if obs.viewer is not None else -1
        self.me = me
        seat = obs.seats[me] if me >= 0 else None
        self.race = seat.race if seat else None
        self.influence = seat.influence if seat else 0
        self.hand_size = seat.hand_size if seat else 0
        self.hand = obs.hand or ()
        self.alliance = seat.alliance if seat else -1
        area_of = pol.piece_area
        index = pol.piece_index
        # strength per area per seat (a mechanized unit counts 2, §10.7)
        self.by_area: dict[int, dict[int, int]] = {}
        for st in obs.stacks:
            area = area_of[index[st.piece]]
            row = self.by_area.setdefault(area, {})
            row[st.seat] = row.get(st.seat, 0) + st.units + 2 * st.mechanized
        self._held: int | None = None
        self._team: int | None = None
        self._values: dict[tuple[int, int], float] = {}  # (piece, strength) -> area_value
        self.tokens = dict(obs.board_influence)

    # -- reading the board ---------------------------------------------------------------------
    def own_in(self, area: int) -> int:
        return self.by_area.get(area, {}).get(self.me, 0)

    def strength_of(self, seat: int, area: int) -> int:
        return self.by_area.get(area, {}).get(seat, 0)

    def allied(self, seat: int) -> bool:
        return seat != self.me and self.alliance >= 0 and self.obs.seats[seat].alliance == self.alliance

    def partners(self) -> list[int]:
        return [p for p in range(self.obs.players) if self.allied(p)]

    def enemy_in(self, area: int) -> int:
        return sum(n for p, n in self.by_area.get(area, {}).items() if p != self.me and not self.allied(p))

    def held(self, area: int) -> bool:
        row = self.by_area.get(area)
        return row is not None and set(row) == {self.me}

    def held_count(self) -> int:
        if self._held is None:
            self._held = sum(1 for a in self.pol.b.strongholds if self.held(a))
        return self._held

    def team_count(self) -> int:
        """Strongholds held by the seat's alliance (each by one member alone)."""
        if self._team is None:
            team = {self.me, *self.partners()}
            self._team = sum(
                1
                for a in self.pol.b.strongholds
                if (row := self.by_area.get(a)) and len(row) == 1 and set(row) <= team
            )
        return self._team

    def goal(self) -> int:
        return self.pol.t.strongholds_to_win[1 + len(self.partners())]

    def leaders(self, seat: int) -> Sequence[Any]:
        return self.obs.seats[seat].leaders

    def has_kind(self, kind: str) -> bool:
        t, index = self.pol.t, self.pol.card_index
        return any(t.card_kind[index[c]] == kind for c in self.hand)

    def proposal(self, pid: int) -> deals.Proposal | None:
        return next((p for p in self.obs.deals.open if p.id == pid), None)

    # -- the fleet (§12) -------------------------------------------------------------------------
    def risk(self, piece: int) -> float:
        """Chance the fleet's next move destroys units in ``piece`` (1-6 sectors ahead, unshielded)."""
        b = self.pol.b
        area = b.piece_area[piece]
        if b.shielded[area] and not (self.obs.shield_destroyed and b.shield_depends_on_generator[area]):
            return 0.0
        sector = b.piece_sector[piece]
        if sector == 0:
            return 0.0
        ahead = (sector - self.obs.fleet) % self.pol.sectors
        if ahead == 0:
            return 0.0  # the sector it starts in is not hit again
        nxt = self.obs.next_bombardment
        if nxt is not None:
            return 1.0 if ahead <= nxt else 0.0
        return max(0.0, (7 - ahead) / 6.0)

    # -- what a group of units is worth where ------------------------------------------------------
    def area_value(self, piece: int, strength: int) -> float:
        """What ``strength`` of the seat's units in ``piece`` are worth at the end of the round."""
        key = (piece, strength)
        value = self._values.get(key)
        if value is None:
            value = self._values[key] = self._area_value(piece, strength)
        return value

    def _area_value(self, piece: int, strength: int) -> float:
        pol = self.pol
        area = pol.piece_area[piece]
        if strength <= 0:
            return 0.0
        enemy = self.enemy_in(area)
        value = 0.0
        risk = self.risk(piece)
        if pol.stronghold[area]:
            win = strength > enemy + 2 if enemy else True
            p_hold = 1.0 if not enemy else max(0.05, min(0.95, 0.5 + (strength - enemy - 2) * 0.12))
            gain = STRONGHOLD
            if self.team_count() + (0 if self.held(area) else 1) >= self.goal():
                gain = THIRD_STRONGHOLD
            value += p_hold * gain
            # a garrison deters landings (diminishing)
            value += min(strength, GARRISON) * 0.6
            value += self.special_bonus(area) * p_hold
            del win
        else:
            if enemy:
                p_win = max(0.05, min(0.95, 0.5 + (strength - enemy - 2) * 0.12))
                value += p_win * 1.0
            value += self.special_bonus(area) * 0.0
        tokens = self.tokens.get(pol.b.piece_ids[piece], 0)
        if tokens and not enemy:
            value += min(tokens, 2 * strength) * COLLECT * (1.0 - risk)
        value += strength * UNIT * (1.0 - risk)
        return value

    def special_bonus(self, area: int) -> float:
        """§14.3: the Sol want their two areas to themselves; the Hacan want to spoil that."""
        if area not in self.pol.special:
            return 0.0
        if self.race == "sol":
            return 6.0
        if self.race == "hacan" and self.obs.round >= self.pol.t.rounds - 2:
            return 6.0
        return 0.0

    def marginal(self, piece: int, add: int) -> float:
        area = self.pol.piece_area[piece]
        here = self.own_in(area)
        return self.area_value(piece, here + add) - self.area_value(piece, here)

    def reachable(self, origin: int) -> list[int]:
        obs = self.obs
        allowance = obs.allowance[self.me] if obs.allowance else 1
        return [p for p in self.pol.b.reachable(origin, allowance, obs.fleet)]

    def move_gain(self, origin: int, target: int) -> tuple[float, int]:
        """Best (gain, strength) of moving part of the group in ``origin`` to ``target``."""
        pol = self.pol
        if pol.piece_area[origin] == pol.piece_area[target]:
            return (0.0, 0)
        a_from = pol.piece_area[origin]
        here = self.strength_in_piece(origin)
        if here <= 0:
            return (0.0, 0)
        # partners may not end together but on the Council (§9.3): skip allied areas
        if (
            any(self.allied(p) for p in self.by_area.get(pol.piece_area[target], {}))
            and pol.piece_area[target] != pol.b.council
        ):
            return (-1.0, 0)
        area_here = self.own_in(a_from)
        best, best_n = 0.0, 0
        for n in range(1, here + 1):
            stay = area_here - n
            loss = (
                self.area_value(origin, area_here) - self.area_value(origin, stay)
                if stay > 0
                else (self.area_value(origin, area_here))
            )
            gain = self.marginal(target, n) - loss
            if gain > best:
                best, best_n = gain, n
        return best, best_n

    def strength_in_piece(self, piece: int) -> int:
        name = self.pol.b.piece_ids[piece]
        return sum(
            st.units + 2 * st.mechanized for st in self.obs.stacks if st.piece == name and st.seat == self.me
        )

    def land_rate(self, piece: int) -> float:
        pol = self.pol
        if self.race == "sol":
            return 0.0
        area = pol.piece_area[piece]
        t = pol.t
        if area == pol.b.council:
            rate = t.landing_cost_council
        elif self.enemy_in(area):
            rate = t.landing_cost_enemy
        else:
            rate = t.landing_cost
        if self.race == "hacan":
            return rate / 2
        return float(rate)

    def land_gain(self, piece: int) -> tuple[float, int]:
        """Best (gain net of the cost, strength) of landing in ``piece``."""
        seat = self.obs.seats[self.me]
        reserves = seat.reserves + 2 * seat.reserves_mech
        rate = self.land_rate(piece)
        budget = reserves if rate == 0 else min(reserves, int(self.influence / rate))
        best, best_n = 0.0, 0
        for n in range(1, budget + 1):
            gain = self.marginal(piece, n) - n * rate * INFLUENCE
            if gain > best:
                best, best_n = gain, n
        return best, best_n
