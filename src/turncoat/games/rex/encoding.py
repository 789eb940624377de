"""Fixed-size encodings of Rex for learning environments (``RexGame.rl_encoding()``).

Actions: one index for every action the rules can ever offer in the configured game, in this fixed
order — choose_race per race; predict_winner per race and round; keep_traitor per leader;
set_fleet_dial 0..dial max; place_starting_units per starting part and count; end_ceasefire,
gift_to (nobody, then each seat), give per seat and amount; the alliance actions (below);
pass_bid, bid per amount; recruit per units (up to the limit, and 3 more that a Lazax ally pays
for where alliances can be made), mechanized units and leader (or none); hacan_timing; skip_move,
move_from, move_to per piece, move_units per count; skip_landing, land_in, cross_from,
withdraw_from, cross_to per piece, land_units per count; send_envoy; choose_battle per area;
use_prescience per part (or none); set_dial; pick_leader per leader (none, the stand-in card, each
leader) and card slot; show_card per card (or none); give_order (none, then per play / kind /
subtype or card); play_cards per attack and defense card (or none); reveal_traitor; choose_losses
per count; keep_cards; betray; then the strategy cards outside battle (§17): play_card (none, then
each card); move_fleet 0..10 sectors (the fleet sabotage card); emergency_recruit per count of
units (1..5), then per leader; spare_ally; give_consent; ask per seat asked: whether he holds each
card, the traitor card of each leader, and (to the Xxcha) each race and each round as the
prediction.

Amounts (bids, gifts) run from 1 to the most influence one seat can ever hold: every race's
starting influence, one area card's amounts every round, the support every seat receives every
round and, with ``leader_kill_bounty``, the strongest leaders killed in every area every round.
Influence only enters play those ways, so no legal bid or gift lies beyond it.

Alliances (§13), where the configuration allows them (``players >= alliances_min_players``):
leave_alliance; propose per proposer and group (every group of 2 up to ``alliance_max_members``
seats that contains the proposer); then accept, decline and withdraw, each per proposer and group.
The engine names the proposal an answer is about by the number it was made under, which no fixed
enumeration can hold, so an answer's index stands for *the open proposal of that proposer for that
group*: §13.2 lets a seat have at most one proposal for a given group open at a time (it cannot
propose a group it already has open), and every Rex proposal has the one term ``Ally(group)``, so
that pair names exactly one open proposal.  Reading such an index needs the acting seat's
observation (the open proposals in it, public by §16.3): ``action_index(action, observation)``
and ``action_at(index, observation)``, as the encoding's ``indices_need_observation`` says.
A proposal with other terms, or two open proposals under one index, is refused, never mis-read.

Observations: a float32 vector in [0, 1] built from a ``RexObservation`` only, so it can never
carry what the seat may not see.  Seats are listed *relative to the viewer* (the viewer first,
then clockwise), padded to six.  The card window open now, the viewer's own sealed answer to it,
the strategy cards out of the game, the standing answers to interrogation questions, an ally
advantage waiting for its owner's consent and a Sol Offensive waiting for the Sol's answer are in
it too, and the negotiation (§13): who is allied with whom (per pair of seats) and every open
proposal (per proposer and group, relative to the viewer) with the addressees who have accepted it.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from turncoat.core import deals
from turncoat.core.errors import InvalidConfig
from turncoat.games.rex import actions as A
from turncoat.games.rex.observe import RexObservation
from turncoat.games.rex.phases.cards import EMERGENCY_UNITS_MAX, FLEET_SABOTAGE_MAX, WINDOW_CARDS
from turncoat.games.rex.phases.consent import CROSS_LANDING, LAZAX_RECRUITS
from turncoat.games.rex.phases.recruitment import LAZAX_EXTRA_RECRUITS
from turncoat.games.rex.present import STEP_TITLES

if TYPE_CHECKING:
    from turncoat.games.rex.game import RexGame

# The answers to an alliance proposal (§13.2), indexed by the proposal's proposer and group.
ANSWERS: tuple[type[deals.Accept | deals.Decline | deals.Withdraw], ...] = (
    deals.Accept,
    deals.Decline,
    deals.Withdraw,
)
MAX_SEATS = 6
STEPS: tuple[str, ...] = tuple(STEP_TITLES)
SLOTS = ("none", "attack", "defense", "both")
PARTS = ("leader", "attack", "defense", "dial")
LEADER_STATES = ("ready", "dead", "fought")
WINDOWS: tuple[str, ...] = tuple(WINDOW_CARDS)
ADVANTAGES = (CROSS_LANDING, LAZAX_RECRUITS)  # §13.3: the ally advantages asked for consent
INFLUENCE_SCALE = 100.0
UNIT_SCALE = 20.0


class Answer(NamedTuple):
    """The index of an answer (accept, decline, withdraw) to the open proposal that ``proposer``
    made for the alliance ``members`` (see the module docstring)."""

    kind: type[deals.Accept | deals.Decline | deals.Withdraw]
    proposer: int
    members: tuple[int, ...]


Enumerated: TypeAlias = A.RexAction | deals.Give | Answer


def _no_encoding(game: RexGame) -> None:
    enumerated = {a.kind if isinstance(a, Answer) else type(a) for a in enumerate_actions(game)}
    if not alliances_possible(game):  # §13.1: never offered where alliances cannot be made
        enumerated |= {deals.Propose, deals.LeaveAlliance, *ANSWERS}
    unknown = sorted(c.__name__ for c in typing.get_args(A.RexAction) if c not in enumerated)
    if unknown:  # an action the rules offer that no index stands for: refuse, never mis-index
        raise InvalidConfig(
            f"the Rex encoding has no index for {', '.join(unknown)} yet",
            code="no_encoding",
            rule="RULES §19.2",
        )


def most_influence(game: RexGame) -> int:
    """The most influence one seat can ever hold (see the module docstring)."""
    t, b, config = game.ctx.t, game.ctx.b, game.config
    area_cards = [sum(amount for _, _, amount in slots) for slots in t.influence_slots]
    most = sum(t.starting_influence) + t.rounds * (max(area_cards, default=0) + config.players * t.support)
    if config.leader_kill_bounty:
        most += t.rounds * len(b.area_ids) * 2 * max(t.leader_strength, default=0)
    if config.influence_supply is not None:
        most = min(most, config.influence_supply)
    return most


def alliances_possible(game: RexGame) -> bool:
    """§13.1 (E31): alliances need at least ``alliances_min_players`` players."""
    return game.config.players >= game.config.alliances_min_players


def alliance_groups(players: int, most: int) -> tuple[tuple[int, ...], ...]:
    """§13.2: every group of 2 up to ``most`` seats, each sorted, in a fixed order."""
    seats = range(players)
    return tuple(g for size in range(2, min(most, players) + 1) for g in combinations(seats, size))


def enumerate_actions(game: RexGame) -> tuple[Enumerated, ...]:
    """Every action the rules can offer in this configuration, in the module docstring's order."""
    t, b, config = game.ctx.t, game.ctx.b, game.config
    players = range(config.players)
    amounts = range(1, most_influence(game) + 1)
    most_units = max(t.units, default=0)
    most_mech = max(t.mechanized, default=0)
    cards: list[str | None] = [None, *t.card_ids]
    start_pieces = sorted(
        {p for choice in t.starting_choice if choice for area in choice[0] for p in _pieces(game, area)}
    )
    largest_choice = max((choice[1] for choice in t.starting_choice if choice), default=0)
    out: list[Any] = []
    out += [A.ChooseRace(r) for r in t.race_ids]
    out += [A.PredictWinner(r, n) for r in t.race_ids for n in range(1, t.rounds + 1)]
    out += [A.KeepTraitor(ld) for ld in t.leader_ids]
    out += [A.SetFleetDial(v) for v in range(t.dial_max + 1)]
    out += [A.PlaceStartingUnits(p, u) for p in start_pieces for u in range(1, largest_choice + 1)]
    out += [A.EndCeasefire(), A.GiftTo(None), *(A.GiftTo(p) for p in players)]
    out += [deals.Give(p, "influence", a) for p in players for a in amounts]
    if alliances_possible(game):
        keys = [(p, g) for g in alliance_groups(config.players, t.alliance_max_members) for p in g]
        out += [deals.LeaveAlliance()]
        out += [deals.Propose(to=_others(g, p), terms=(deals.Ally(members=g),)) for p, g in keys]
        out += [Answer(kind, p, g) for kind in ANSWERS for p, g in keys]
    out += [A.PassBid(), *(A.Bid(a) for a in amounts)]
    extra = LAZAX_EXTRA_RECRUITS if alliances_possible(game) else 0  # §18: the Lazax ally card
    out += [
        A.Recruit(u, m, ld)
        for ld in (None, *t.leader_ids)
        for m in range(t.recruit_max_mechanized + 1)
        for u in range(t.recruit_max_units + extra + 1)
    ]
    out += [A.HacanTiming(True), A.HacanTiming(False)]
    pieces = b.piece_ids
    out += [A.SkipMove(), *(A.MoveFrom(p) for p in pieces), *(A.MoveTo(p) for p in pieces)]
    counts = [(u, m) for u in range(most_units + 1) for m in range(most_mech + 1)]
    out += [A.MoveUnits(u, m) for u, m in counts]
    out += [A.SkipLanding()]
    for kind in (A.LandIn, A.CrossFrom, A.WithdrawFrom, A.CrossTo):
        out += [kind(p) for p in pieces]
    out += [A.LandUnits(u, m) for u, m in counts]
    out += [A.SendEnvoy(True), A.SendEnvoy(False)]
    out += [A.ChooseBattle(a) for a in b.area_ids]
    out += [A.UsePrescience(None), *(A.UsePrescience(p) for p in PARTS)]
    out += [A.SetDial(v) for v in range(_most_dial(game) + 1)]
    out += [A.PickLeader(ld, slot) for ld in (None, "stand_in_leader", *t.leader_ids) for slot in SLOTS]
    out += [A.ShowCard(c) for c in cards]
    out += [A.GiveOrder(None)]
    for part in ("attack", "defense"):
        subtypes = sorted({t.card_subtype[c] for c in range(len(t.card_ids)) if t.card_kind[c] == part})
        out += [A.GiveOrder(play, part, s) for play in (True, False) for s in subtypes]
    out += [A.GiveOrder(play, "card", c) for play in (True, False) for c in t.card_ids]
    out += [A.PlayCards(a, d) for a in cards for d in cards]
    out += [A.RevealTraitor(False), A.RevealTraitor(True)]
    out += [A.ChooseLosses(u, m) for u, m in counts]
    out += [A.KeepCards(ka, kd) for ka in (False, True) for kd in (False, True)]
    out += [A.Betray(False), A.Betray(True)]
    out += [A.PlayCard(c) for c in cards]
    out += [A.MoveFleet(k) for k in range(FLEET_SABOTAGE_MAX + 1)]
    out += [A.EmergencyRecruit(u) for u in range(1, EMERGENCY_UNITS_MAX + 1)]
    out += [A.EmergencyRecruit(0, ld) for ld in t.leader_ids]
    out += [A.SpareAlly(False), A.SpareAlly(True), A.GiveConsent(False), A.GiveConsent(True)]
    for p in players:
        out += [A.Ask(p, "card", c) for c in t.card_ids]
        out += [A.Ask(p, "traitor", ld) for ld in t.leader_ids]
        out += [A.Ask(p, "predicted_race", r) for r in t.race_ids]
        out += [A.Ask(p, "predicted_round", str(n)) for n in range(1, t.rounds + 1)]
    return tuple(out)


def _others(group: tuple[int, ...], seat: int) -> tuple[int, ...]:
    return tuple(p for p in group if p != seat)


def answer_key(action: deals.Accept | deals.Decline | deals.Withdraw, obs: RexObservation) -> Answer:
    """The index key of an answer: the proposer and group of the open proposal it names."""
    found = deals.find(obs.deals, action.proposal)
    if found is None:
        raise KeyError(f"there is no open proposal {action.proposal} in this observation")
    return Answer(type(action), found.proposer, _alliance_of(found))


def _alliance_of(proposal: deals.Proposal) -> tuple[int, ...]:
    """The group of a Rex alliance proposal, whose one term is ``Ally(group)`` (§13.2)."""
    match proposal.terms:
        case (deals.Ally(members=members),):
            return tuple(sorted(members))
    raise ValueError(f"proposal {proposal.id} is not an alliance proposal; it has no index")


def answer_at(key: Answer, obs: RexObservation) -> deals.Accept | deals.Decline | deals.Withdraw:
    """The answer an index stands for, given the open proposals the acting seat sees."""
    found = [
        p
        for p in obs.deals.open
        if p.proposer == key.proposer and p.terms == (deals.Ally(members=key.members),)
    ]
    if not found:
        raise IndexError(f"seat {key.proposer} has no open proposal for the alliance {key.members}")
    if len(found) > 1:  # §13.2 forbids it; refuse rather than pick one
        raise ValueError(f"seat {key.proposer} has {len(found)} open proposals for {key.members}")
    return key.kind(found[0].id)


def _pieces(game: RexGame, area: str) -> tuple[str, ...]:
    b = game.ctx.b
    return tuple(b.piece_ids[p] for p in b.area_pieces[b.area_index[area]])


def _most_dial(game: RexGame) -> int:
    """A dial shows units or, for the Lazax, strength (mechanized units count 2)."""
    t = game.ctx.t
    return max(t.dial_max, *(u + 2 * m for u, m in zip(t.units, t.mechanized, strict=True)))


class RexEncoding:
    """Action indices and observation vectors for one configured Rex game."""

    def __init__(self, game: RexGame) -> None:
        _no_encoding(game)
        t, b = game.ctx.t, game.ctx.b
        self.players = game.config.players
        self.rounds = t.rounds
        self.actions = enumerate_actions(game)
        self.num_actions = len(self.actions)
        self._index = {a: i for i, a in enumerate(self.actions)}
        self.races = t.race_ids
        self.leaders = t.leader_ids
        self.cards = t.card_ids
        self.pieces = b.piece_ids
        self.areas = b.area_ids
        self.sectors = b.sector_count
        self.hand_scale = float(max(t.hand_limit))
        self.deck_scale = float(max(1, len(t.strategy_deck)))
        self.influence_deck_scale = float(max(1, len(t.influence_ids)))
        self.dial_scale = float(_most_dial(game))
        self._race = {r: i for i, r in enumerate(self.races)}
        self._leader = {ld: i for i, ld in enumerate(self.leaders)}
        self._card = {c: i for i, c in enumerate(self.cards)}
        self._piece = {p: i for i, p in enumerate(self.pieces)}
        self._area = {a: i for i, a in enumerate(self.areas)}
        self._step = {s: i for i, s in enumerate(STEPS)}
        self.influence_cards = t.influence_ids
        self._influence_card = {c: i for i, c in enumerate(self.influence_cards)}
        self._copies = {c: max(1, sum(1 for k in t.strategy_deck if t.card_ids[k] == c)) for c in self.cards}
        self._pairs = {pair: i for i, pair in enumerate(combinations(range(MAX_SEATS), 2))}
        self._proposals: dict[tuple[int, tuple[int, ...]], int] = {}
        for g in alliance_groups(MAX_SEATS, t.alliance_max_members):  # seats relative to the viewer
            for k in g:
                self._proposals[(k, g)] = len(self._pairs) + sum(len(h) for _, h in self._proposals)
        self.size = len(self.layout())
        self.observation_space = spaces.Box(low=0.0, high=1.0, shape=(self.size,), dtype=np.float32)

    # -- actions --------------------------------------------------------------------------------
    # An answer to an alliance proposal is indexed by its proposal's proposer and group, which
    # only the acting seat's observation can tell (see the module docstring).
    indices_need_observation = True

    def action_index(self, action: Any, observation: RexObservation | None = None) -> int:
        if isinstance(action, ANSWERS):
            if observation is None:
                raise KeyError(f"{action!r} names a proposal: its index needs the seat's observation")
            return self._index[answer_key(action, observation)]
        return self._index[action]

    def action_at(self, index: int, observation: RexObservation | None = None) -> Any:
        action = self.actions[index]
        if isinstance(action, Answer):
            if observation is None:
                raise IndexError(f"index {index} answers a proposal: it needs the seat's observation")
            return answer_at(action, observation)
        return action

    def action_mask(
        self, legal: Sequence[Any], observation: RexObservation | None = None
    ) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        for action in legal:
            mask[self.action_index(action, observation)] = 1
        return mask

    # -- observations ---------------------------------------------------------------------------
    def layout(self) -> list[str]:
        """Feature names, in vector order (this also documents the encoding)."""
        names: list[str] = [f"players={n}" for n in range(3, MAX_SEATS + 1)]
        names += ["round", "to_place"]
        names += [f"step={s}" for s in STEPS]
        for what in ("to_act", "first_player", "sealed_done"):
            names += [f"{what}=rel{k}" for k in range(MAX_SEATS)]
        for k in range(MAX_SEATS):
            names += [f"seat{k}.present", f"seat{k}.allied_with_me", f"seat{k}.allied"]
            names += [f"seat{k}.race={r}" for r in self.races]
            names += [
                f"seat{k}.{x}"
                for x in (
                    "influence",
                    "hand_size",
                    "reserves",
                    "reserves_mech",
                    "casualties",
                    "casualties_mech",
                    "traitors",
                    "betrayal_card",
                    "passed",
                    "maneuvered",
                    "allowance",
                    "known_cards",
                )
            ]
            names += [f"seat{k}.leader{i}.{s}" for i in range(5) for s in LEADER_STATES]
        for p in self.pieces:
            names += [f"{p}.units=rel{k}" for k in range(MAX_SEATS)]
            names += [f"{p}.mech=rel{k}" for k in range(MAX_SEATS)]
            names.append(f"{p}.influence")
        names += [f"fleet={s}" for s in range(self.sectors + 1)]
        names += ["shield_destroyed", "influence_deck", "strategy_deck", "strategy_discard", "pool"]
        names += ["auction", "row_size", "high_bid"]
        names += [f"high_bidder=rel{k}" for k in range(MAX_SEATS)]
        names += [f"origin={p}" for p in self.pieces] + [f"target={p}" for p in self.pieces]
        names += [f"landing_mode={m}" for m in range(3)]
        names += ["battle.present", "battle.revealed"] + [f"battle.area={a}" for a in self.areas]
        names += [f"battle.aggressor=rel{k}" for k in range(MAX_SEATS)]
        names += [f"battle.defender=rel{k}" for k in range(MAX_SEATS)]
        names += [f"battle.prescience={p}" for p in PARTS]
        for side in ("aggressor", "defender"):
            names += [f"plan.{side}.dial_known", f"plan.{side}.dial"]
            names += [f"plan.{side}.slot={s}" for s in SLOTS]
            names += [f"plan.{side}.leader={ld}" for ld in self.leaders]
            names += [f"plan.{side}.attack={c}" for c in self.cards]
            names += [f"plan.{side}.defense={c}" for c in self.cards]
        names += [f"hand={c}" for c in self.cards]
        names += [f"traitor={ld}" for ld in self.leaders]
        names += [f"offer={ld}" for ld in self.leaders]
        names += [f"prediction.race={r}" for r in self.races] + ["prediction.round"]
        names += ["betrayal", "fleet_dial_set", "fleet_dial", "next_bombardment"]
        names += [f"card_on_auction={c}" for c in self.cards]
        names += [f"gift_to=rel{k}" for k in range(MAX_SEATS)]
        names += [f"card_window={w}" for w in WINDOWS]
        names += ["window_play=none"] + [f"window_play={c}" for c in self.cards]
        names += [f"strategy_removed={c}" for c in self.cards]
        for k in range(MAX_SEATS):
            names += [f"fact.rel{k}.holds_not={c}" for c in self.cards]
            names += [f"fact.rel{k}.traitor={ld}" for ld in self.leaders]
            names += [f"fact.rel{k}.traitor_not={ld}" for ld in self.leaders]
            names += [f"fact.rel{k}.predicted_race={r}" for r in self.races]
            names += [f"fact.rel{k}.predicted_race_not={r}" for r in self.races]
            names += [f"fact.rel{k}.predicted_round={n}" for n in range(1, self.rounds + 1)]
            names += [f"fact.rel{k}.predicted_round_not={n}" for n in range(1, self.rounds + 1)]
        names += [f"consent.asker=rel{k}" for k in range(MAX_SEATS)]
        names += [f"consent.advantage={a}" for a in ADVANTAGES]
        names += [f"offensive_card={c}" for c in self.influence_cards]
        names += [f"allied.rel{a}.rel{b}" for a, b in self._pairs]
        for k, g in self._proposals:
            group = "+".join(f"rel{m}" for m in g)
            names.append(f"proposal.rel{k}.{group}.open")
            names += [f"proposal.rel{k}.{group}.accepted_by=rel{m}" for m in _others(g, k)]
        return names

    def encode(self, obs: RexObservation) -> npt.NDArray[np.float32]:
        """The observation vector for ``obs.viewer`` (a spectator sees seat 0 first)."""
        x = np.zeros(self.size, dtype=np.float32)
        n = obs.players
        me = obs.viewer if obs.viewer is not None else 0
        nr, nl, nc, npc = len(self.races), len(self.leaders), len(self.cards), len(self.pieces)

        def rel(seat: int) -> int:
            return (seat - me) % n

        i = 0
        x[i + min(max(n, 3), MAX_SEATS) - 3] = 1.0
        i += MAX_SEATS - 2
        x[i] = obs.round / self.rounds
        x[i + 1] = obs.to_place / UNIT_SCALE
        i += 2
        if obs.step in self._step:
            x[i + self._step[obs.step]] = 1.0
        i += len(STEPS)
        for p in obs.to_act:
            x[i + rel(p)] = 1.0
        i += MAX_SEATS
        if 0 <= obs.first_player < n:
            x[i + rel(obs.first_player)] = 1.0
        i += MAX_SEATS
        for p in obs.sealed_done:
            x[i + rel(p)] = 1.0
        i += MAX_SEATS
        mine = set(deals.allies_of(obs.deals, me)) if obs.viewer is not None else set()
        per_seat = 3 + nr + 12 + 5 * len(LEADER_STATES)
        for k in range(MAX_SEATS):
            if k < n:
                seat = (me + k) % n
                view = obs.seats[seat]
                x[i] = 1.0
                x[i + 1] = float(seat in mine)
                x[i + 2] = float(bool(deals.allies_of(obs.deals, seat)))
                if view.race is not None:
                    x[i + 3 + self._race[view.race]] = 1.0
                j = i + 3 + nr
                x[j] = view.influence / INFLUENCE_SCALE
                x[j + 1] = view.hand_size / self.hand_scale
                x[j + 2] = view.reserves / UNIT_SCALE
                x[j + 3] = view.reserves_mech / UNIT_SCALE
                x[j + 4] = view.casualties / UNIT_SCALE
                x[j + 5] = view.casualties_mech / UNIT_SCALE
                x[j + 6] = view.traitors / 5.0
                x[j + 7] = float(view.betrayal_card)
                x[j + 8] = float(seat < len(obs.passed) and obs.passed[seat])
                x[j + 9] = float(seat < len(obs.maneuvered) and obs.maneuvered[seat])
                x[j + 10] = (obs.allowance[seat] / 5.0) if seat < len(obs.allowance) else 0.0
                x[j + 11] = len(view.known_cards) / self.hand_scale
                j += 12
                for li, lv in enumerate(view.leaders[:5]):
                    state = lv.status if lv.status in ("ready", "dead") else "fought"
                    x[j + li * len(LEADER_STATES) + LEADER_STATES.index(state)] = 1.0
            i += per_seat
        stride = 2 * MAX_SEATS + 1
        for st in obs.stacks:
            base = i + self._piece[st.piece] * stride
            x[base + rel(st.seat)] += st.units / UNIT_SCALE
            x[base + MAX_SEATS + rel(st.seat)] += st.mechanized / UNIT_SCALE
        for piece, amount in obs.board_influence:
            x[i + self._piece[piece] * stride + 2 * MAX_SEATS] += amount / UNIT_SCALE
        i += npc * stride
        if 0 <= obs.fleet <= self.sectors:
            x[i + obs.fleet] = 1.0
        i += self.sectors + 1
        x[i] = float(obs.shield_destroyed)
        x[i + 1] = obs.influence_deck_size / self.influence_deck_scale
        x[i + 2] = obs.strategy_deck_size / self.deck_scale
        x[i + 3] = obs.strategy_discard_size / self.deck_scale
        x[i + 4] = max(0, obs.pool) / INFLUENCE_SCALE
        i += 5
        x[i] = obs.auction / MAX_SEATS
        x[i + 1] = obs.row_size / MAX_SEATS
        x[i + 2] = obs.high_bid / INFLUENCE_SCALE
        i += 3
        if 0 <= obs.high_bidder < n:
            x[i + rel(obs.high_bidder)] = 1.0
        i += MAX_SEATS
        if obs.origin is not None:
            x[i + self._piece[obs.origin]] = 1.0
        if obs.target is not None:
            x[i + npc + self._piece[obs.target]] = 1.0
        i += 2 * npc
        if 0 <= obs.landing_mode < 3:
            x[i + obs.landing_mode] = 1.0
        i += 3
        battle = obs.battle
        if battle is not None:
            x[i] = 1.0
            x[i + 1] = battle.revealed / 2.0
            x[i + 2 + self._area[battle.area]] = 1.0
        i += 2 + len(self.areas)
        if battle is not None:
            x[i + rel(battle.aggressor)] = 1.0
            x[i + MAX_SEATS + rel(battle.defender)] = 1.0
            if battle.prescience in PARTS:
                x[i + 2 * MAX_SEATS + PARTS.index(battle.prescience)] = 1.0
        i += 2 * MAX_SEATS + len(PARTS)
        plan_size = 2 + len(SLOTS) + nl + 2 * nc
        for side in range(2):
            if battle is not None and side < len(battle.plans):
                plan = battle.plans[side]
                if plan.dial is not None:
                    x[i] = 1.0
                    x[i + 1] = plan.dial / self.dial_scale
                slot = {"attack and defense": "both"}.get(plan.slot or "", plan.slot)
                if slot in SLOTS:
                    x[i + 2 + SLOTS.index(slot)] = 1.0
                if plan.leader in self._leader:
                    x[i + 2 + len(SLOTS) + self._leader[plan.leader]] = 1.0
                if plan.attack in self._card:
                    x[i + 2 + len(SLOTS) + nl + self._card[plan.attack]] = 1.0
                if plan.defense in self._card:
                    x[i + 2 + len(SLOTS) + nl + nc + self._card[plan.defense]] = 1.0
            i += plan_size
        for c in obs.hand or ():
            x[i + self._card[c]] += 1.0 / self.hand_scale
        i += nc
        for ld in obs.traitors or ():
            x[i + self._leader[ld]] = 1.0
        i += nl
        for ld in obs.traitor_offers or ():
            x[i + self._leader[ld]] = 1.0
        i += nl
        if obs.prediction is not None:
            race, rnd = obs.prediction
            x[i + self._race[race]] = 1.0
            x[i + nr] = rnd / self.rounds
        i += nr + 1
        x[i] = (obs.betrayal or 0) / 10.0
        x[i + 1] = float(obs.fleet_dial is not None)
        x[i + 2] = (obs.fleet_dial or 0) / self.dial_scale
        x[i + 3] = (obs.next_bombardment or 0) / 10.0
        i += 4
        if obs.card_on_auction is not None:
            x[i + self._card[obs.card_on_auction]] = 1.0
        i += nc
        if obs.viewer is not None and obs.viewer < len(obs.gift_to) and 0 <= obs.gift_to[obs.viewer] < n:
            x[i + rel(obs.gift_to[obs.viewer])] = 1.0
        i += MAX_SEATS
        i = self._encode_cards_outside_battle(obs, x, i, rel)
        i = self._encode_negotiation(obs, x, i, rel)
        assert i == self.size
        np.clip(x, 0.0, 1.0, out=x)
        return x

    def _encode_cards_outside_battle(
        self, obs: RexObservation, x: npt.NDArray[np.float32], i: int, rel: Callable[[int], int]
    ) -> int:
        """§17, §13.3: the card window, the own sealed answer, cards out of the game, the standing
        interrogation answers, a consent asked for and a Sol Offensive waiting for the Sol."""
        nc, nl, nr, rounds = len(self.cards), len(self.leaders), len(self.races), self.rounds
        if obs.card_window in WINDOWS:
            x[i + WINDOWS.index(obs.card_window)] = 1.0
        i += len(WINDOWS)
        if obs.window_play == "none":
            x[i] = 1.0
        elif obs.window_play in self._card:
            x[i + 1 + self._card[obs.window_play]] = 1.0
        i += 1 + nc
        for c in obs.strategy_removed:
            x[i + self._card[c]] += 1.0 / self._copies[c]
        i += nc
        per_seat = nc + 2 * nl + 2 * nr + 2 * rounds
        for seat, kind, what, yes in obs.facts:
            base = i + rel(seat) * per_seat
            if kind == "card" and not yes:
                x[base + self._card[what]] = 1.0
            elif kind == "traitor":
                x[base + nc + (0 if yes else nl) + self._leader[what]] = 1.0
            elif kind == "predicted_race":
                x[base + nc + 2 * nl + (0 if yes else nr) + self._race[what]] = 1.0
            elif kind == "predicted_round":
                x[base + nc + 2 * nl + 2 * nr + (0 if yes else rounds) + int(what) - 1] = 1.0
        i += MAX_SEATS * per_seat
        if obs.consent is not None:
            asker, advantage = obs.consent
            x[i + rel(asker)] = 1.0
            if advantage in ADVANTAGES:
                x[i + MAX_SEATS + ADVANTAGES.index(advantage)] = 1.0
        i += MAX_SEATS + len(ADVANTAGES)
        if obs.offensive_card in self._influence_card:
            x[i + self._influence_card[obs.offensive_card]] = 1.0
        i += len(self.influence_cards)
        return i

    def _encode_negotiation(
        self, obs: RexObservation, x: npt.NDArray[np.float32], i: int, rel: Callable[[int], int]
    ) -> int:
        """§13, §16.3: the standing alliances per pair of seats, and every open proposal (public)
        under its proposer and group, with the addressees who have accepted it so far."""
        for group in obs.deals.alliances:
            for a, b in combinations(sorted(rel(p) for p in group), 2):
                x[i + self._pairs[(a, b)]] = 1.0
        for proposal in obs.deals.open:
            members = tuple(sorted(rel(p) for p in _alliance_of(proposal)))
            k = rel(proposal.proposer)
            base = i + self._proposals[(k, members)]
            x[base] = 1.0
            addressees = _others(members, k)
            for seat in proposal.accepted:
                x[base + 1 + addressees.index(rel(seat))] = 1.0
        return i + len(self._pairs) + sum(len(g) for _, g in self._proposals)
