"""RULES §7 Phase 2 — Bidding: one face-down strategy card per eligible player, auctioned in turn.

Each card is opened by the first player (card 1) or the player left of the previous opener (§7
step 4, ``bid_opener_rotates``); a player who cannot bid is skipped (E10).  Players bid or pass in
turn; a pass is final for the card (E12); a player with a full hand or no influence above the bid
passes automatically (E13).  The high bidder pays the Lazax (or the pool) and takes the card; Letnev
draws a free bonus card.  If nobody bids on a card, the phase ends and the row goes back into the
deck (E11).
"""

from __future__ import annotations

from turncoat.games.rex.components import JOL_NAR, LAZAX, LETNEV
from turncoat.games.rex.context import Ctx, Events
from turncoat.games.rex.events import (
    AuctionOpened,
    AuctionRowDrawn,
    AuctionRowReturned,
    BidMade,
    BidPassed,
    PhaseStarted,
    StrategyCardInspected,
    StrategyCardSold,
    StrategyCardTaken,
    StrategyDeckReshuffled,
)
from turncoat.games.rex.phases.cards import (
    DIPLOMATIC_INTERFERENCE,
    LAZAX_INCOME,
    LETNEV_BONUS,
    discard_played,
    forget_card_facts,
    holds,
    interference_window,
)
from turncoat.games.rex.phases.recruitment import begin_recruitment
from turncoat.games.rex.phases.shuffles import shuffle_strategy
from turncoat.games.rex.state import BID, NOBODY, Draft, State, seat_of_race, seats_from

RULE = "RULES §7"
RULE_OPENER = "RULES §7 step 4"
RULE_AUCTION = "RULES §7 step 5"


def hand_full(ctx: Ctx, s: State | Draft, seat: int) -> bool:
    """§3.7: a hand at its limit (4; Letnev 8) cannot take part in the auctions (E13)."""
    return len(s.hands[seat]) >= ctx.t.hand_limit[s.race[seat]]


def can_bid(ctx: Ctx, s: State | Draft, seat: int) -> bool:
    """§7 step 5: a bid needs room in the hand and more influence than the high bid (at least 1)."""
    return not hand_full(ctx, s, seat) and s.influence[seat] >= max(ctx.t.bid_minimum, s.high_bid + 1)


def draw_strategy_card(ctx: Ctx, d: Draft, out: Events) -> int:
    """Take the top strategy card; §17 (E32): when the last is drawn the discards become the deck."""
    *rest, card = d.strategy_deck
    d.strategy_deck = tuple(rest)
    if not d.strategy_deck and d.strategy_discard:
        d.strategy_deck = shuffle_strategy(ctx, d, d.strategy_discard)
        d.strategy_discard = ()
        out.append(StrategyDeckReshuffled(cards=len(d.strategy_deck)))
    return card


def begin_bidding(ctx: Ctx, d: Draft, out: Events) -> None:
    """§7 steps 1-2: one card per player below his hand limit; no such player: no auction."""
    out.append(PhaseStarted(phase="bidding"))
    eligible = sum(not hand_full(ctx, d, seat) for seat in range(d.players))
    row: list[int] = []
    for _ in range(eligible):
        if not d.strategy_deck:
            break  # every card is in a hand
        row.append(draw_strategy_card(ctx, d, out))
    d.row = tuple(row)
    d.auction = 0
    if not row:
        end_bidding(ctx, d, out)
        return
    out.append(AuctionRowDrawn(count=len(row)))
    open_auction(ctx, d, d.first_player, out)


def open_auction(ctx: Ctx, d: Draft, scheduled: int, out: Events) -> None:
    """§7 steps 3-4: Jol-Nar looks at the card; the scheduled opener, or the next player to his
    left who can bid (E10), opens."""
    jol_nar = seat_of_race(d, JOL_NAR)
    if jol_nar != NOBODY:
        card = ctx.t.card_ids[d.row[0]]
        out.append(StrategyCardInspected(seat=jol_nar, card=card, visible_to=(jol_nar,)))
    d.step = BID
    d.high_bid = 0
    d.high_bidder = NOBODY
    d.passed = (False,) * d.players
    d.scheduled_opener = scheduled
    d.auction += 1
    d.opener = next((seat for seat in seats_from(scheduled, d.players) if can_bid(ctx, d, seat)), NOBODY)
    if d.opener == NOBODY:  # nobody can bid at all: nobody bids (E11)
        return_row(ctx, d, out)
        return
    out.append(AuctionOpened(number=d.auction, opener=d.opener))
    d.actor = d.opener


def legal_bids(ctx: Ctx, s: State, seat: int) -> range:
    """§7 step 5: at least 1 and more than the high bid, at most the influence he has."""
    return range(max(ctx.t.bid_minimum, s.high_bid + 1), s.influence[seat] + 1)


def resolve_bid(ctx: Ctx, d: Draft, seat: int, amount: int, out: Events) -> None:
    """§7 step 5: a bid above the current high bid (its range is ``legal_bids``); the auction passes to
    the next player on the left."""
    d.high_bid = amount
    d.high_bidder = seat
    out.append(BidMade(seat=seat, amount=amount))
    advance(ctx, d, seat, out)


def resolve_pass(ctx: Ctx, d: Draft, seat: int, out: Events) -> None:
    """§7 step 5 (E12): a pass is final for this card and costs nothing, even after a bid."""
    d.passed = (*d.passed[:seat], True, *d.passed[seat + 1 :])
    out.append(BidPassed(seat=seat, forced=False))
    advance(ctx, d, seat, out)


def advance(ctx: Ctx, d: Draft, last: int, out: Events) -> None:
    """§7 step 5: the turn goes clockwise past players who passed; who cannot bid passes (E13).
    The auction ends when everyone but the high bidder has passed."""
    for seat in seats_from((last + 1) % d.players, d.players):
        if d.passed[seat] or seat == d.high_bidder:
            continue
        if not can_bid(ctx, d, seat):
            d.passed = (*d.passed[:seat], True, *d.passed[seat + 1 :])
            out.append(BidPassed(seat=seat, forced=True))
            continue
        d.actor = seat
        return
    if d.high_bidder == NOBODY:
        return_row(ctx, d, out)
        return
    sell(ctx, d, out)


def may_take_free(ctx: Ctx, s: State | Draft, seat: int) -> bool:
    """§7 step 5 (GAPS C5): Diplomatic Interference [Dune] in an auction turn: take the card
    without paying."""
    return holds(ctx, s, seat, DIPLOMATIC_INTERFERENCE)


def resolve_take_free(ctx: Ctx, d: Draft, seat: int, out: Events) -> None:
    """§7 step 6 (GAPS C5): the card is discarded and the player takes the card on auction for nothing
    (the Lazax get nothing); the next card follows as after any sale."""
    discard_played(ctx, d, seat, DIPLOMATIC_INTERFERENCE, "take the card on auction without paying", out)
    d.high_bidder = seat
    d.high_bid = 0
    sell(ctx, d, out)


def sell(ctx: Ctx, d: Draft, out: Events) -> None:
    """§7 step 6: the winner pays the Lazax (if another player wins) or the pool, and takes the card
    face down.  The Lazax's income may first be cancelled by a Diplomatic Interference (§17, C5)."""
    lazax = seat_of_race(d, LAZAX)
    if lazax_paid(d, lazax) and interference_window(ctx, d, LAZAX_INCOME, lazax, (), out):
        return
    pay_for_card(ctx, d, False, out)


def lazax_paid(d: Draft, lazax: int) -> bool:
    """§18 (Lazax) [Rex: S7]: another player's payment for a card goes to the Lazax."""
    return lazax not in (NOBODY, d.high_bidder) and d.high_bid > 0


def pay_for_card(ctx: Ctx, d: Draft, income_cancelled: bool, out: Events) -> None:
    """§7 step 6: the price goes to the Lazax, or to the pool (the Lazax's own purchase, GAPS E18,
    or their income cancelled); Letnev then draws a free card while below his limit [Rex: S6],
    unless a Diplomatic Interference cancels it (§17, C5)."""
    winner, price, card = d.high_bidder, d.high_bid, d.row[0]
    lazax = seat_of_race(d, LAZAX)
    d.set_seat("influence", winner, d.influence[winner] - price)
    if lazax_paid(d, lazax) and not income_cancelled:
        d.set_seat("influence", lazax, d.influence[lazax] + price)
        paid_to: int | None = lazax
    else:
        d.pool += price  # GAPS E18: the Lazax pay the pool for their own cards [Dune]
        paid_to = None
    out.append(StrategyCardSold(seat=winner, price=price, paid_to=paid_to))
    take_card(ctx, d, winner, card, False, out)
    jol_nar = seat_of_race(d, JOL_NAR)
    if jol_nar not in (NOBODY, winner):  # §16: Jol-Nar knows what the winner bought
        d.learnt = (*d.learnt, (jol_nar, winner, card))
    d.row = d.row[1:]
    if d.race[winner] == LETNEV and not hand_full(ctx, d, winner) and d.strategy_deck:
        if interference_window(ctx, d, LETNEV_BONUS, winner, (), out):
            return
        after_bonus(ctx, d, False, out)
        return
    next_auction(ctx, d, out)


def after_bonus(ctx: Ctx, d: Draft, cancelled: bool, out: Events) -> None:
    """§18 (Letnev) [Rex: S6]: the bonus card, unless cancelled; then the next card."""
    if not cancelled:
        take_card(ctx, d, d.high_bidder, draw_strategy_card(ctx, d, out), True, out)
    next_auction(ctx, d, out)


def next_auction(ctx: Ctx, d: Draft, out: Events) -> None:
    """§7 steps 4 and 8: the next card of the row, or the end of the phase."""
    if not d.row:
        end_bidding(ctx, d, out)
        return
    open_auction(ctx, d, next_opener(ctx, d), out)


def take_card(ctx: Ctx, d: Draft, seat: int, card: int, bonus: bool, out: Events) -> None:
    """§7 step 6: the winner takes the card face down — only he learns which card it is (§16.2);
    Letnev's bonus card comes the same way."""
    d.set_seat("hands", seat, tuple(sorted((*d.hands[seat], card))))
    forget_card_facts(d, seat)
    out.append(StrategyCardTaken(seat=seat, bonus=bonus, card=None))
    out.append(StrategyCardTaken(seat=seat, bonus=bonus, card=ctx.t.card_ids[card], visible_to=(seat,)))


def next_opener(ctx: Ctx, d: Draft) -> int:
    """§7 step 4 (GAPS E1, G3): left of the previous card's opener (who actually opened, or who was
    scheduled to), or with ``bid_opener_rotates`` off, always left of the first player."""
    if not ctx.config.bid_opener_rotates:
        return (d.first_player + 1) % d.players
    previous = d.opener if ctx.config.bid_rotation_from == "actual" else d.scheduled_opener
    return (previous + 1) % d.players


def return_row(ctx: Ctx, d: Draft, out: Events) -> None:
    """§7 step 7 (E11): nobody bid, so the phase ends; the row is shuffled back into the deck."""
    d.strategy_deck = shuffle_strategy(ctx, d, (*d.strategy_deck, *d.row))
    out.append(AuctionRowReturned(cards=len(d.row)))
    d.row = ()
    end_bidding(ctx, d, out)


def end_bidding(ctx: Ctx, d: Draft, out: Events) -> None:
    """§7 step 8: the Bidding phase is over; the Recruitment phase (§8) follows."""
    d.row = ()
    d.passed = ()
    d.high_bid = 0
    d.high_bidder = NOBODY
    d.opener = NOBODY
    d.scheduled_opener = NOBODY
    d.auction = 0
    begin_recruitment(ctx, d, out)
