"""Sealed Bids: a tiny complete game that exercises every part of the Game protocol.

It exists to test the core (records, replay, determinization, the conformance suite) on the two
things a game of sequential decisions does not show: chance inside ``apply`` and a *simultaneous
sealed choice*.  Registered as ``sealed_bids`` when this module is imported.

Rules (2-4 players):

1. Setup.  The prize cards are shuffled face down.  A second set of the same cards, the
   *favourite* cards, is shuffled and each seat is dealt one face down: only its holder sees it.
   Everyone starts with ``starting_coins`` coins.
2. Each round the top prize is turned face up.  Every seat with coins seals a bid of 0 up to
   its coins; a seat without coins bids 0 (forced).  Sealed bids show only "committed".
3. When the last bid is sealed all bids are revealed.  The highest bid wins; a tie is broken by
   a random draw among the tied seats.  The winner pays its bid.
4. The winner then keeps the prize, or sells it for coins equal to its points.
5. After ``rounds`` rounds the game ends.  Score: coins + points of kept prizes, where the
   prize matching your favourite card scores ``favourite_multiplier`` times.  Favourites are
   revealed.  The highest score wins; ties share the win.
6. Option ``parley``: before each auction the seats may make pacts and give coins; a pact shares
   its members' win (see :mod:`turncoat.core.testing.toy_parley`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import msgspec

from turncoat.core import deals, rng
from turncoat.core.actions import Action, Event, PlayerId, Viewer, redact
from turncoat.core.content import ContentPack, Sourced, load_pack
from turncoat.core.engine import ConfiguredGame, Outcome, Transition
from turncoat.core.errors import (
    IllegalAction,
    InvalidConfig,
    InvalidContent,
    MalformedAction,
    NotYourDecision,
)
from turncoat.core.registry import register
from turncoat.core.testing import toy_parley
from turncoat.core.testing.toy_parley import PARLEY_ACTIONS, EndParley, Parley, ParleyAction

if TYPE_CHECKING:
    from turncoat.core.testing.toy_encoding import SealedBidsEncoding
    from turncoat.core.testing.toy_report import SealedBidsReport

NAME = "sealed_bids"
RULES_VERSION = "sealed-bids/1"

BID = "bid"
SELL = "sell"
OVER = "over"
PARLEY = "parley"

RULE_SETUP = "toy §1"
RULE_BID = "toy §2"
RULE_REVEAL = "toy §3"
RULE_SELL = "toy §4"
RULE_END = "toy §5"
RULE_PARLEY = toy_parley.RULE_PARLEY


def _sourced(value: Any, provenance: str, source: str = "sealed bids rules") -> dict[str, Any]:
    return {"value": value, "provenance": provenance, "source": source}


BASE_PACK: dict[str, Any] = {
    "id": "sealed-bids-base",
    "schema": 1,
    "title": "Sealed Bids (the turncoat test game)",
    "starting_coins": _sourced(5, "rules"),
    "favourite_multiplier": _sourced(2, "estimated", "placeholder"),
    "prizes": [
        {"id": "goblet", "name": "Goblet", "points": _sourced(1, "printed", "card")},
        {"id": "crown", "name": "Crown", "points": _sourced(2, "printed", "card")},
        {"id": "sceptre", "name": "Sceptre", "points": _sourced(3, "estimated", "placeholder")},
        {"id": "orb", "name": "Orb", "points": _sourced(4, "printed", "card")},
        {"id": "throne", "name": "Throne", "points": _sourced(5, "estimated", "placeholder")},
    ],
}


# -- content --------------------------------------------------------------------------------------
class Prize(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    points: Sourced[int]


class SealedBidsContent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    schema: int
    title: str
    starting_coins: Sourced[int]
    favourite_multiplier: Sourced[int]
    prizes: list[Prize]


def load_content(overrides: dict[str, Any] | None = None) -> ContentPack[SealedBidsContent]:
    pack = load_pack(BASE_PACK, SealedBidsContent, overrides=overrides)
    data = pack.data
    if data.starting_coins.value < 0 or data.favourite_multiplier.value < 1:
        raise InvalidContent("coins must be >= 0 and the multiplier >= 1", code="limits")
    if len(data.prizes) < 4 or any(p.points.value < 0 for p in data.prizes):
        raise InvalidContent("at least four prizes, none worth less than 0", code="prizes")
    if len({p.id for p in data.prizes}) != len(data.prizes):
        raise InvalidContent("prize ids must be unique", code="prizes")
    return pack


# -- config ---------------------------------------------------------------------------------------
class SealedBidsConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Stored whole in every record (defaults included), so a later default never changes a replay."""

    players: int = 3
    rounds: int = 3
    parley: bool = False  # §6: pacts and gifts before each auction
    content_overrides: dict[str, Any] | None = None


# -- actions --------------------------------------------------------------------------------------
class Bid(Action, frozen=True, tag="bid"):
    """§2: seal a bid of ``amount`` coins."""

    amount: int


class KeepPrize(Action, frozen=True, tag="keep_prize"):
    """§4: keep the prize just won."""


class SellPrize(Action, frozen=True, tag="sell_prize"):
    """§4: sell the prize just won for coins equal to its points."""


SealedBidsAction = Bid | KeepPrize | SellPrize | ParleyAction

_ACTIONS = (Bid, KeepPrize, SellPrize, *PARLEY_ACTIONS)
_KEEP = KeepPrize()
_SELL = SellPrize()
_BIDS = tuple(Bid(a) for a in range(64))


# -- events ---------------------------------------------------------------------------------------
class GameStarted(Event, frozen=True, tag="game_started"):
    players: int
    rounds: int
    coins: int


class FavouriteDealt(Event, frozen=True, tag="favourite_dealt"):
    """Private to the seat dealt the card."""

    seat: int
    prize: int


class PrizeRevealed(Event, frozen=True, tag="prize_revealed"):
    round: int
    prize: int


class BidSealed(Event, frozen=True, tag="bid_sealed"):
    seat: int
    forced: bool


class BidRecorded(Event, frozen=True, tag="bid_recorded"):
    """Private copy for the bidder, with the amount."""

    seat: int
    amount: int


class BidsRevealed(Event, frozen=True, tag="bids_revealed"):
    round: int
    bids: tuple[int, ...]


class TieBroken(Event, frozen=True, tag="tie_broken"):
    tied: tuple[int, ...]
    winner: int


class PrizeWon(Event, frozen=True, tag="prize_won"):
    round: int
    seat: int
    prize: int
    paid: int


class PrizeKept(Event, frozen=True, tag="prize_kept"):
    seat: int
    prize: int


class PrizeSold(Event, frozen=True, tag="prize_sold"):
    seat: int
    prize: int
    coins: int


class GameEnded(Event, frozen=True, tag="game_ended"):
    scores: tuple[int, ...]
    favourites: tuple[int, ...]
    winners: tuple[int, ...]


# -- state ----------------------------------------------------------------------------------------
class RoundResult(msgspec.Struct, frozen=True):
    round: int
    prize: int
    bids: tuple[int, ...]
    winner: int
    tie_broken: bool
    sold: bool | None = None  # None until the winner decides


class _Fields(msgspec.Struct, kw_only=True):
    players: int
    total_rounds: int
    seed: int
    rng: int  # draw counter
    round: int
    phase: str  # parley | bid | sell | over
    coins: tuple[int, ...]
    kept: tuple[tuple[int, ...], ...]  # prize indices kept, per seat
    favourites: tuple[int, ...]  # hidden: one prize index per seat
    favourite_pool: tuple[int, ...]  # hidden: undealt favourite cards
    prize_deck: tuple[int, ...]  # hidden order; the top is the LAST element
    prize: int  # the prize on the table (-1 when none)
    bids: tuple[int | None, ...]  # sealed bids this round (None: not committed yet)
    seller: int  # the seat deciding keep/sell (-1 outside the sell phase)
    history: tuple[RoundResult, ...]
    parley: Parley  # §6: pacts stand from round to round; empty without the option


class SealedBidsState(_Fields, frozen=True):  # type: ignore[misc]  # msgspec allows a frozen twin
    """A frozen Sealed Bids position."""


class _Draft(_Fields):
    @classmethod
    def of(cls, state: SealedBidsState) -> _Draft:
        return cls(**{f: getattr(state, f) for f in _Fields.__struct_fields__})

    def freeze(self) -> SealedBidsState:
        return SealedBidsState(**{f: getattr(self, f) for f in _Fields.__struct_fields__})


def _replace_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


# -- observation ----------------------------------------------------------------------------------
class SeatObservation(msgspec.Struct, frozen=True):
    """One seat as the viewer observes it (the favourite only for its holder, or at the end)."""

    seat: int
    coins: int
    kept: tuple[int, ...]
    committed: bool
    favourite: int | None  # only the holder's own, until the game ends


class SealedBidsObservation(msgspec.Struct, frozen=True):
    viewer: int | None
    players: int
    round: int
    total_rounds: int
    phase: str
    to_act: tuple[int, ...]
    prize: int | None
    prizes_left: int
    seller: int | None
    seats: tuple[SeatObservation, ...]
    history: tuple[RoundResult, ...]
    my_bid: int | None
    pacts: tuple[tuple[int, ...], ...]  # §6
    offers: tuple[deals.Proposal, ...]  # §6: open offers (all public)


# -- the game -------------------------------------------------------------------------------------
class SealedBidsGame(ConfiguredGame[SealedBidsConfig]):
    """The Sealed Bids rules engine (2-4 players)."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Sealed Bids"
    rules_version: ClassVar[str] = RULES_VERSION
    config_type: ClassVar[type[Any]] = SealedBidsConfig
    action_type: Any = SealedBidsAction

    def __init__(self, config: SealedBidsConfig | None = None) -> None:
        config = config or SealedBidsConfig()
        self.content: ContentPack[SealedBidsContent] = load_content(config.content_overrides)
        prizes = self.content.data.prizes
        if not 2 <= config.players <= 4:
            raise InvalidConfig("Sealed Bids is for 2 to 4 players", code="bad_players", rule=RULE_SETUP)
        if not 1 <= config.rounds <= len(prizes):
            raise InvalidConfig(
                f"rounds must be 1..{len(prizes)} (one prize each)", code="bad_rounds", rule=RULE_SETUP
            )
        super().__init__(config)
        self.points: tuple[int, ...] = tuple(p.points.value for p in prizes)
        self.multiplier = self.content.data.favourite_multiplier.value
        self.starting_coins = self.content.data.starting_coins.value
        self._all_seats = frozenset(range(config.players))

    # -- setup and forced steps ----------------------------------------------------------------
    def start(self, seed: int) -> Transition[SealedBidsState]:
        n = self._config.players
        counter = 0
        indices = tuple(range(len(self.points)))
        deck, counter = rng.shuffle(seed, counter, indices)
        favourites, counter = rng.shuffle(seed, counter, indices)
        events: list[Event] = [GameStarted(players=n, rounds=self._config.rounds, coins=self.starting_coins)]
        events += [FavouriteDealt(seat=p, prize=favourites[p], visible_to=(p,)) for p in range(n)]
        d = _Draft(
            players=n,
            total_rounds=self._config.rounds,
            seed=seed,
            rng=counter,
            round=0,
            phase=BID,
            coins=(self.starting_coins,) * n,
            kept=((),) * n,
            favourites=favourites[:n],
            favourite_pool=favourites[n:],
            prize_deck=deck,
            prize=-1,
            bids=(None,) * n,
            seller=-1,
            history=(),
            parley=Parley(),
        )
        self._begin_round(d, events)
        return Transition(d.freeze(), tuple(events))

    def new_initial_state(self, seed: int) -> SealedBidsState:
        return self.start(seed).state

    def _begin_round(self, d: _Draft, events: list[Event]) -> None:
        """§2: turn up the next prize; seats without coins bid 0; resolve if nobody can choose."""
        d.round += 1
        d.phase = BID
        d.seller = -1
        d.prize = d.prize_deck[-1]
        d.prize_deck = d.prize_deck[:-1]
        events.append(PrizeRevealed(round=d.round, prize=d.prize))
        if self._config.parley:
            d.phase = PARLEY
            d.parley = toy_parley.begin(d.parley, d.players)
            return
        self._open_bidding(d, events)

    def _open_bidding(self, d: _Draft, events: list[Event]) -> None:
        """§2: seats without coins bid 0 at once; resolve if nobody can choose."""
        d.phase = BID
        bids: list[int | None] = [None] * d.players
        for p in range(d.players):
            if d.coins[p] == 0:
                bids[p] = 0
                events.append(BidSealed(seat=p, forced=True))
        d.bids = tuple(bids)
        if all(b is not None for b in bids):
            self._reveal(d, events)

    def _reveal(self, d: _Draft, events: list[Event]) -> None:
        """§3: reveal the bids; the highest wins, ties broken at random; the winner pays."""
        bids = tuple(b if b is not None else 0 for b in d.bids)
        top = max(bids)
        tied = tuple(p for p in range(d.players) if bids[p] == top)
        events.append(BidsRevealed(round=d.round, bids=bids))
        winner = tied[0]
        if len(tied) > 1:
            winner, d.rng = rng.choice(d.seed, d.rng, tied)
            events.append(TieBroken(tied=tied, winner=winner))
        d.coins = _replace_at(d.coins, winner, d.coins[winner] - top)
        events.append(PrizeWon(round=d.round, seat=winner, prize=d.prize, paid=top))
        d.history = (
            *d.history,
            RoundResult(round=d.round, prize=d.prize, bids=bids, winner=winner, tie_broken=len(tied) > 1),
        )
        d.bids = (None,) * d.players
        d.phase = SELL
        d.seller = winner

    def _end_round(self, d: _Draft, events: list[Event]) -> None:
        d.prize = -1
        if d.round < d.total_rounds:
            self._begin_round(d, events)
            return
        d.phase = OVER
        d.seller = -1
        scores = self._scores(d.freeze())
        winners = toy_parley.pact_winners(scores, d.parley.deals)
        events.append(GameEnded(scores=scores, favourites=d.favourites, winners=winners))

    def _scores(self, s: SealedBidsState) -> tuple[int, ...]:
        return tuple(
            s.coins[p]
            + sum(self.points[i] * (self.multiplier if i == s.favourites[p] else 1) for i in s.kept[p])
            for p in range(s.players)
        )

    # -- the protocol --------------------------------------------------------------------------
    def to_act(self, state: SealedBidsState) -> frozenset[PlayerId]:
        if state.phase == BID:
            return frozenset(p for p in range(state.players) if state.bids[p] is None)
        if state.phase == SELL:
            return frozenset((state.seller,))
        if state.phase == PARLEY:
            return toy_parley.to_act(state.parley)
        return frozenset()

    def legal_actions(self, state: SealedBidsState, player: PlayerId) -> Sequence[SealedBidsAction]:
        if not 0 <= player < state.players:
            return ()
        if state.phase == BID and state.bids[player] is None:
            coins = state.coins[player]
            return _BIDS[: coins + 1] if coins < len(_BIDS) else tuple(Bid(a) for a in range(coins + 1))
        if state.phase == SELL and player == state.seller:
            return (_KEEP, _SELL)
        if state.phase == PARLEY:
            return toy_parley.legal(state.parley, state.coins, player)
        return ()

    def apply(
        self, state: SealedBidsState, player: PlayerId, action: SealedBidsAction
    ) -> Transition[SealedBidsState]:
        if not isinstance(action, _ACTIONS):
            raise MalformedAction(f"{action!r} is not a Sealed Bids action", code="unknown_action")
        if state.phase == OVER:
            raise NotYourDecision("the game is over", code="game_over", rule=RULE_END)
        if player not in self.to_act(state):
            raise NotYourDecision(f"seat {player} has no decision now", code="not_your_turn", rule=RULE_BID)
        events: list[Event] = []
        if state.phase == PARLEY or isinstance(action, PARLEY_ACTIONS):
            return self._parley(state, player, action)
        if isinstance(action, Bid):
            if state.phase != BID:
                raise IllegalAction("bids are sealed only in step 2", code="wrong_step", rule=RULE_SELL)
            if not 0 <= action.amount <= state.coins[player]:
                raise IllegalAction(
                    f"a bid must be 0..{state.coins[player]} coins, not {action.amount}",
                    code="bad_bid",
                    rule=RULE_BID,
                )
            d = _Draft.of(state)
            d.bids = _replace_at(d.bids, player, action.amount)
            events.append(BidSealed(seat=player, forced=False))
            events.append(BidRecorded(seat=player, amount=action.amount, visible_to=(player,)))
            if all(b is not None for b in d.bids):
                self._reveal(d, events)
            return Transition(d.freeze(), tuple(events))
        if state.phase != SELL:
            raise IllegalAction(
                "only the winner of a prize keeps or sells it", code="wrong_step", rule=RULE_BID
            )
        d = _Draft.of(state)
        prize = d.prize
        last = d.history[-1]
        if isinstance(action, KeepPrize):
            d.kept = _replace_at(d.kept, player, (*d.kept[player], prize))
            events.append(PrizeKept(seat=player, prize=prize))
        else:
            gain = self.points[prize]
            d.coins = _replace_at(d.coins, player, d.coins[player] + gain)
            events.append(PrizeSold(seat=player, prize=prize, coins=gain))
        d.history = (*d.history[:-1], msgspec.structs.replace(last, sold=isinstance(action, SellPrize)))
        self._end_round(d, events)
        return Transition(d.freeze(), tuple(events))

    def _parley(
        self, state: SealedBidsState, player: PlayerId, action: SealedBidsAction
    ) -> Transition[SealedBidsState]:
        """§6: one parley move; when the parley is over, open offers lapse and bidding starts."""
        if state.phase != PARLEY or not isinstance(action, PARLEY_ACTIONS):
            raise IllegalAction(
                "pacts and gifts are made in the parley, bids after it", code="wrong_step", rule=RULE_PARLEY
            )
        d = _Draft.of(state)
        d.parley, d.coins, happened = toy_parley.act(state.parley, state.coins, player, action)
        events: list[Event] = list(happened)
        if toy_parley.is_over(d.parley):
            d.parley, lapsed = toy_parley.close(d.parley)
            events += lapsed
            self._open_bidding(d, events)
        return Transition(d.freeze(), tuple(events))

    def observe(self, state: SealedBidsState, viewer: Viewer) -> SealedBidsObservation:
        seat = viewer if viewer is not None and 0 <= viewer < state.players else None
        over = state.phase == OVER
        return SealedBidsObservation(
            viewer=seat,
            players=state.players,
            round=state.round,
            total_rounds=state.total_rounds,
            phase=state.phase,
            to_act=tuple(sorted(self.to_act(state))),
            prize=state.prize if state.prize >= 0 else None,
            prizes_left=len(state.prize_deck),
            seller=state.seller if state.seller >= 0 else None,
            seats=tuple(
                SeatObservation(
                    seat=p,
                    coins=state.coins[p],
                    kept=state.kept[p],
                    committed=state.phase == BID and state.bids[p] is not None,
                    favourite=state.favourites[p] if over or p == seat else None,
                )
                for p in range(state.players)
            ),
            history=state.history,
            my_bid=state.bids[seat] if seat is not None else None,
            pacts=state.parley.deals.alliances,
            offers=deals.seen_by(state.parley.deals, viewer).open,
        )

    def outcome(self, state: SealedBidsState) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = self._scores(state)
        return Outcome(
            scores=tuple(float(v) for v in scores),
            winners=toy_parley.pact_winners(scores, state.parley.deals),
            details={
                "coins": list(state.coins),
                "kept": [list(k) for k in state.kept],
                "favourites": list(state.favourites),
            },
        )

    def determinize(self, state: SealedBidsState, viewer: PlayerId, seed: int) -> SealedBidsState:
        """Redeal what ``viewer`` cannot see: others' favourites, the prize deck order, sealed bids."""
        d = _Draft.of(state)
        counter = 0
        d.prize_deck, counter = rng.shuffle(seed, counter, sorted(state.prize_deck))
        if state.phase != OVER:
            others = [p for p in range(state.players) if p != viewer]
            pool = sorted((*state.favourite_pool, *(state.favourites[p] for p in others)))
            cards, counter = rng.shuffle(seed, counter, pool)
            favourites = list(state.favourites)
            for i, p in enumerate(others):
                favourites[p] = cards[i]
            d.favourites = tuple(favourites)
            d.favourite_pool = cards[len(others) :]
            bids = list(state.bids)
            for p in others:
                if bids[p] is not None:
                    bids[p], counter = rng.randbelow(seed, counter, state.coins[p] + 1)
            d.bids = tuple(bids)
        d.seed = rng.derive_seed(seed, "determinized")
        d.rng = 0
        return d.freeze()

    def default_action(self, state: SealedBidsState, player: PlayerId) -> SealedBidsAction:
        """Out of time: decline an offer or end the parley, bid nothing, or keep the prize."""
        legal = self.legal_actions(state, player)
        if not legal:
            raise NotYourDecision(f"seat {player} has no decision now", code="not_your_turn")
        if state.phase == PARLEY:
            waiting = deals.awaiting(state.parley.deals, player)
            return deals.Decline(waiting[0].id) if waiting else EndParley()
        return legal[0]

    def presentation(self) -> Any:
        """The game's face for the frontends (core.present)."""
        from turncoat.core.testing.toy_present import SealedBidsPresentation  # it imports this module

        return SealedBidsPresentation(self)

    def rl_encoding(self) -> SealedBidsEncoding:
        """Fixed action enumeration and observation vectors for learning environments."""
        from turncoat.core.testing.toy_encoding import SealedBidsEncoding  # it imports this module

        return SealedBidsEncoding(self)

    def balance_report(self) -> SealedBidsReport:
        """Wins by seat and by pact, for ``turncoat sim --report`` (see toy_report)."""
        from turncoat.core.testing.toy_report import SealedBidsReport  # it imports this module

        return SealedBidsReport(self)

    def describe_action(self, action: SealedBidsAction) -> str:
        match action:
            case Bid(amount=a):
                return f"bid {a}"
            case KeepPrize():
                return "keep"
            case SellPrize():
                return "sell"
        if isinstance(action, PARLEY_ACTIONS):
            return toy_parley.describe_action(action)
        return repr(action)

    def _prize_name(self, index: int) -> str:
        return self.content.data.prizes[index].name

    def _describe_event(self, event: Event) -> str | None:
        match event:
            case GameStarted(players=n, rounds=r, coins=c):
                return f"Sealed Bids: {n} players, {r} rounds, {c} coins each."
            case FavouriteDealt(seat=p, prize=i):
                return f"Seat {p}'s favourite is the {self._prize_name(i)}."
            case PrizeRevealed(round=r, prize=i):
                return f"Round {r}: the {self._prize_name(i)} is up for auction."
            case BidSealed(seat=p, forced=forced):
                return f"Seat {p} has no coins and bids 0." if forced else f"Seat {p} seals a bid."
            case BidRecorded(seat=p, amount=a):
                return f"(Seat {p} bid {a}.)"
            case BidsRevealed(bids=bids):
                return "Bids: " + ", ".join(f"seat {p} {b}" for p, b in enumerate(bids)) + "."
            case TieBroken(tied=tied, winner=w):
                return f"Tie between seats {', '.join(map(str, tied))}: seat {w} wins the draw."
            case PrizeWon(seat=p, prize=i, paid=paid):
                return f"Seat {p} wins the {self._prize_name(i)} for {paid}."
            case PrizeKept(seat=p, prize=i):
                return f"Seat {p} keeps the {self._prize_name(i)}."
            case PrizeSold(seat=p, prize=i, coins=c):
                return f"Seat {p} sells the {self._prize_name(i)} for {c}."
            case GameEnded(scores=scores, winners=ws):
                board = ", ".join(f"seat {p}: {v}" for p, v in enumerate(scores))
                return f"Game over. Scores {board}. Winners: {', '.join(map(str, ws))}."
        return toy_parley.describe_event(event)

    def render_log(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[str]:
        return [
            line
            for e in redact(events, viewer, omniscient=omniscient)
            if (line := self._describe_event(e)) is not None
        ]

    def render_summary(
        self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False
    ) -> list[str]:
        """One line per round: the prize, the bids once revealed, the winner and the choice."""
        lines = []
        for r in self.round_summaries(events, viewer, omniscient=omniscient):
            line = f"Round {r['round']}: {r['prize']}"
            if "bids" in r:
                line += f", bids {r['bids']}"
            if "winner" in r:
                line += f", won by seat {r['winner']} for {r['paid']}"
            if "sold" in r:
                line += ", sold" if r["sold"] else ", kept"
            lines.append(line)
        return lines

    def round_summaries(
        self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False
    ) -> list[dict[str, Any]]:
        rounds: list[dict[str, Any]] = []
        current: dict[str, Any] = {}
        for e in redact(events, viewer, omniscient=omniscient):
            match e:
                case PrizeRevealed(round=r, prize=i):
                    current = {"round": r, "prize": self.content.data.prizes[i].id}
                    rounds.append(current)
                case BidRecorded(amount=a) if current:
                    current["my_bid"] = a
                case BidsRevealed(bids=bids) if current:
                    current["bids"] = list(bids)
                case PrizeWon(seat=p, paid=paid) if current:
                    current.update(winner=p, paid=paid)
                case PrizeKept() if current:
                    current["sold"] = False
                case PrizeSold() if current:
                    current["sold"] = True
        return rounds


register(NAME, SealedBidsGame.from_options)
