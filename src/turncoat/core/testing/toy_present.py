"""Sealed Bids' face (core.present): its words, decisions, log lines and score table.

The toy game has one so that the game-blind frontends are tried on a presentation that is not
Verräter's, down to seats named in the log as data.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from turncoat.core import deals
from turncoat.core.actions import Action, Event, Viewer, redact
from turncoat.core.deals import Accept, Decline, Give, LeaveAlliance, Propose, Withdraw
from turncoat.core.engine import Outcome
from turncoat.core.present import (
    SEAT_STYLES,
    Choice,
    Decision,
    Line,
    OptionSpec,
    Panel,
    ScoreTable,
    SeatRef,
    SeatStyle,
    line,
    options_of,
)
from turncoat.core.testing import toy_parley
from turncoat.core.testing.toy import (
    BidRecorded,
    BidSealed,
    BidsRevealed,
    FavouriteDealt,
    GameEnded,
    GameStarted,
    PrizeKept,
    PrizeRevealed,
    PrizeSold,
    PrizeWon,
    SealedBidsGame,
    SealedBidsObservation,
    TieBroken,
)

STEP_TITLES = {
    "parley": "§6 Parley: pacts and gifts",
    "bid": "§2 Seal a bid",
    "sell": "§4 Keep or sell the prize",
    "over": "The game is over",
}
OPTION_LABELS = {"parley": "Parley before each auction (pacts and gifts)"}


def _coins(k: int) -> str:
    return f"{k} coin{'s' if k != 1 else ''}"


class SealedBidsPresentation:
    """Everything a player of Sealed Bids reads."""

    title = "Sealed Bids"
    min_players = 2
    max_players = 4

    def __init__(self, game: SealedBidsGame) -> None:
        self.game = game

    def prize(self, index: int) -> str:
        return self.game.content.data.prizes[index].name

    def options(self) -> tuple[OptionSpec, ...]:
        return (
            OptionSpec(name="parley", label=OPTION_LABELS["parley"], values=("false", "true")),
            *options_of(type(self.game.config), OPTION_LABELS),
        )

    def seat_styles(self, players: int) -> tuple[SeatStyle, ...]:
        return SEAT_STYLES[:players]

    def step_title(self, observation: SealedBidsObservation) -> str:
        return STEP_TITLES.get(observation.phase, observation.phase)

    # -- decisions -----------------------------------------------------------------------------
    def decisions(self, observation: SealedBidsObservation, legal: Sequence[Action]) -> tuple[Decision, ...]:
        words = self.game.describe_action
        if not legal:
            return ()
        if observation.phase == "bid":
            up = self.prize(observation.prize) if observation.prize is not None else "the prize"
            return (
                Decision(
                    title=f"Your sealed bid for the {up}",
                    shape="number",
                    choices=tuple(Choice(a, line(words(a))) for a in legal),  # type: ignore[arg-type]
                    prompt="Nobody sees it until every bid is in.",
                ),
            )
        if observation.phase == "sell":
            return (
                Decision(
                    title="Keep the prize or sell it",
                    shape="one",
                    choices=tuple(Choice(a, line(words(a).capitalize())) for a in legal),  # type: ignore[arg-type]
                ),
            )
        return self._parley(legal)

    def _parley(self, legal: Sequence[Action]) -> tuple[Decision, ...]:
        groups: dict[str, list[Choice]] = {}
        for a in legal:
            title, label = self._parley_choice(a)
            groups.setdefault(title, []).append(Choice(a, label))
        return tuple(Decision(title=t, shape="one", choices=tuple(cs)) for t, cs in groups.items())

    def _parley_choice(self, action: Action) -> tuple[str, Line]:
        match action:
            case Accept(proposal=pid) | Decline(proposal=pid):
                verb = "Accept" if isinstance(action, Accept) else "Decline"
                return "Offers to you", line(f"{verb} offer {pid}")
            case Withdraw(proposal=pid):
                return "Your offers", line(f"Withdraw offer {pid}")
            case Propose(to=to):
                return "Offer a pact", line("A pact with ", SeatRef(to[0]))
            case Give(to=q, amount=k):
                return "Give coins", line(f"Give {_coins(k)} to ", SeatRef(q))
            case LeaveAlliance():
                return "Your pact", line("Leave your pact")
        return "Done", line("End your parley")

    # -- log -----------------------------------------------------------------------------------
    def log(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
        out = []
        for e in redact(events, viewer, omniscient=omniscient):
            said = self._line(e)
            if said is not None:
                out.append(said)
        return out

    def _line(self, event: Event) -> Line | None:
        match event:
            case GameStarted(players=n, rounds=r, coins=c):
                return line(f"Sealed Bids: {n} players, {r} rounds, {_coins(c)} each.")
            case FavouriteDealt(seat=p, prize=i):
                return line(SeatRef(p), f"'s favourite is the {self.prize(i)}.")
            case PrizeRevealed(round=r, prize=i):
                return line(f"Round {r}: the {self.prize(i)} is up for auction.")
            case BidSealed(seat=p, forced=forced):
                return line(SeatRef(p), " has no coins and bids 0." if forced else " seals a bid.")
            case BidRecorded(seat=p, amount=a):
                return line("(", SeatRef(p), f" bid {a}.)")
            case BidsRevealed(bids=bids):
                parts: list[str | SeatRef] = ["Bids: "]
                for p, b in enumerate(bids):
                    parts += [SeatRef(p), f" {b}", ", " if p < len(bids) - 1 else "."]
                return line(*parts)
            case TieBroken(winner=w):
                return line("A tie: ", SeatRef(w), " wins the draw.")
            case PrizeWon(seat=p, prize=i, paid=paid):
                return line(SeatRef(p), f" wins the {self.prize(i)} for {_coins(paid)}.")
            case PrizeKept(seat=p, prize=i):
                return line(SeatRef(p), f" keeps the {self.prize(i)}.")
            case PrizeSold(seat=p, prize=i, coins=c):
                return line(SeatRef(p), f" sells the {self.prize(i)} for {_coins(c)}.")
            case GameEnded(winners=ws):
                parts = ["Game over. "]
                for k, w in enumerate(ws):
                    parts += [SeatRef(w), (" and " if k == len(ws) - 2 else ", ") if k < len(ws) - 1 else ""]
                return line(*parts, " wins." if len(ws) == 1 else " win.")
        return self._deal_line(event)

    def _deal_line(self, event: Event) -> Line | None:
        match event:
            case deals.DealProposed(proposal=offer):
                return line(
                    SeatRef(offer.proposer), " offers ", SeatRef(offer.to[0]), f" a pact (offer {offer.id})."
                )
            case deals.DealAccepted(proposal=pid, seat=p):
                return line(SeatRef(p), f" accepts offer {pid}.")
            case deals.DealDeclined(proposal=pid, seat=p):
                return line(SeatRef(p), f" declines offer {pid}.")
            case deals.DealWithdrawn(proposal=pid):
                return line(f"Offer {pid} is withdrawn.")
            case deals.DealLapsed(proposal=pid):
                return line(f"Offer {pid} lapses.")
            case deals.AllianceFormed(members=m):
                return line(SeatRef(m[0]), " and ", SeatRef(m[1]), " make a pact.")
            case deals.AllianceLeft(seat=p):
                return line(SeatRef(p), " leaves the pact.")
            case deals.Given(giver=g, receiver=r, amount=k):
                return line(SeatRef(g), " gives ", SeatRef(r), f" {_coins(k)}.")
            case toy_parley.ParleyEnded(seat=p):
                return line(SeatRef(p), " ends the parley.")
        return None

    def summary(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
        """One line per round as ``viewer`` saw it: the prize, the bids once revealed (the
        viewer's own sealed one before), who won it for how much, and whether it was kept."""
        names = {p.id: p.name for p in self.game.content.data.prizes}
        out = []
        for r in self.game.round_summaries(events, viewer, omniscient=omniscient):
            parts: list[str | SeatRef] = [f"Round {r['round']}: the {names.get(r['prize'], r['prize'])}"]
            if "bids" in r:
                parts.append(", bids ")
                for p, bid in enumerate(r["bids"]):
                    parts += [", " if p else "", SeatRef(p), f" {bid}"]
            elif "my_bid" in r:
                parts.append(f", your sealed bid {r['my_bid']}")
            if "winner" in r:
                parts += [", won by ", SeatRef(r["winner"]), f" for {_coins(r['paid'])}"]
            if "sold" in r:
                parts.append(", sold" if r["sold"] else ", kept")
            out.append(line(*parts))
        return out

    # -- the table and the end -----------------------------------------------------------------
    def panels(self, observation: SealedBidsObservation) -> tuple[Panel, ...]:
        o = observation
        table: list[Line] = [
            line(f"Round {o.round} of {o.total_rounds}; {o.prizes_left} prizes still face down.")
        ]
        if o.prize is not None:
            table.append(line(f"Up for auction: the {self.prize(o.prize)}."))
        for pact in o.pacts:
            table.append(line("Pact: ", SeatRef(pact[0]), " and ", SeatRef(pact[1]), "."))
        for offer in o.offers:
            table.append(
                line(
                    f"Offer {offer.id}: ",
                    SeatRef(offer.proposer),
                    " offers ",
                    SeatRef(offer.to[0]),
                    " a pact.",
                )
            )
        seats: list[Line] = []
        for s in o.seats:
            kept = ", ".join(self.prize(i) for i in s.kept) or "no prizes"
            sealed = " · bid sealed" if s.committed else ""
            seats.append(line(SeatRef(s.seat), f": {_coins(s.coins)}, {kept}{sealed}"))
        panels = [Panel("The table", tuple(table)), Panel("Players", tuple(seats))]
        if o.viewer is not None:
            mine = o.seats[o.viewer]
            own: list[Line] = []
            if mine.favourite is not None:
                own.append(line(f"Your favourite: the {self.prize(mine.favourite)} (scores double)."))
            if o.my_bid is not None:
                own.append(line(f"Your sealed bid: {_coins(o.my_bid)}."))
            panels.append(Panel("Only you can see", tuple(own)))
        return tuple(panels)

    def score_table(self, outcome: Outcome) -> ScoreTable:
        coins = outcome.details.get("coins", [])
        rows = []
        for p, total in enumerate(outcome.scores):
            c = float(coins[p]) if p < len(coins) else 0.0
            rows.append((c, total - c, total))
        return ScoreTable(columns=("Coins", "Prizes", "Total"), rows=tuple(rows))
