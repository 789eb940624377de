"""RULES §5 steps 8-10: the Strategist takes the strategy card, supply is discarded and drawn,
and everyone keeps at most 5 cards."""

from __future__ import annotations

from turncoat.core import rng
from turncoat.core.errors import IllegalAction, InvalidConfig
from turncoat.games.verrater.context import Ctx, Events
from turncoat.games.verrater.events import (
    DiscardPileReshuffled,
    HandLimitDiscard,
    StrategyCardTaken,
    SupplyDiscarded,
    SupplyDrawn,
)
from turncoat.games.verrater.phases.round_end import end_round
from turncoat.games.verrater.state import DISCARD, Draft, Fields, State, add_sorted, remove_one, seats_from

RULE_STRATEGIST = "RULES §5 step 8"
RULE_DISCARD_USED = "RULES §5 step 9"
RULE_DRAW = "RULES §5 step 10"


def after_builder(ctx: Ctx, d: Draft, out: Events) -> None:
    """§5 steps 8, 9 and 10 in order (step 10 ends with the hand limit)."""
    strategist_takes_strategy_card(d, out)
    discard_used_supply(d, out)
    draw_supply(ctx, d, out)


def strategist_takes_strategy_card(d: Draft, out: Events) -> None:
    """§5 step 8: kept until *another* player takes the Strategist (GAP-21)."""
    if "strategist" in d.roles:
        seat = d.roles.index("strategist")
        if seat != d.strategist:
            d.strategist = seat
            out.append(StrategyCardTaken(seat=seat))


def discard_used_supply(d: Draft, out: Events) -> None:
    """§5 step 9: every committed card goes face up onto the discard pile."""
    used = tuple(v for seat in seats_from(d.start_player, d.players) for v in d.committed[seat])
    d.discard = d.discard + used
    d.committed = ((),) * d.players
    if used:
        out.append(SupplyDiscarded(values=used))


def reshuffle_discard_pile(ctx: Ctx, d: Draft, out: Events) -> None:
    """An empty draw pile is replaced by the shuffled discard pile (§5 step 9 note)."""
    sc = ctx.config.scenario
    if sc is not None and sc.reshuffles is not None and d.reshuffles < len(sc.reshuffles):
        pinned = sc.reshuffles[d.reshuffles]
        if sorted(pinned) != sorted(d.discard):
            raise InvalidConfig(
                f"reshuffle {d.reshuffles + 1} must reorder the discard pile {sorted(d.discard)}",
                code="bad_scenario",
                rule=RULE_DRAW,
            )
        pile = tuple(reversed(pinned))
    else:
        pile, d.rng = rng.shuffle(d.seed, d.rng, sorted(d.discard))
    d.draw_pile = pile
    d.discard = ()
    d.hidden_discards = ((),) * d.players
    d.reshuffles += 1
    out.append(DiscardPileReshuffled(cards=len(pile)))


def draw_cards(ctx: Ctx, d: Draft, seat: int, count: int, reason: str, out: Events) -> None:
    """Draw from the top; with both piles empty the draw is lost (GAP-12).

    The discard pile becomes the new draw pile the moment the last card is drawn ("when the draw
    pile runs out", §5 step 9 note, GAP-12; reshuffle_timing=when_emptied, the default), or when
    a draw finds the draw pile empty (when_drawing).  A draw that still finds the pile empty (the
    discard pile was empty when the last card went) reshuffles then, so a card is lost only when
    both piles are empty.
    """
    drawn: list[int] = []
    for _ in range(count):
        if not d.draw_pile:
            if not d.discard:
                break
            reshuffle_discard_pile(ctx, d, out)
        drawn.append(d.draw_pile[-1])
        d.draw_pile = d.draw_pile[:-1]
    d.set_seat("hands", seat, add_sorted(d.hands[seat], drawn))
    out.append(SupplyDrawn(seat=seat, count=len(drawn), reason=reason, values=None))
    out.append(
        SupplyDrawn(seat=seat, count=len(drawn), reason=reason, values=tuple(drawn), visible_to=(seat,))
    )
    if ctx.config.reshuffle_timing == "when_emptied" and not d.draw_pile and d.discard:
        reshuffle_discard_pile(ctx, d, out)  # nothing happens between the last card and now


def estate_income(s: Fields, seat: int) -> int:
    """§5 step 10.2: estates (not trading posts) under landscapes of the house the seat supports now."""
    house = s.allegiance[seat]
    return sum(
        1
        for i, b in enumerate(s.buildings)
        if b is not None and b.owner == seat and b.side == "estate" and s.owners[i] == house
    )


def step_10_draws(ctx: Ctx, s: Fields) -> list[tuple[int, int, str]]:
    """§5 step 10: step 10's draws in order as (seat, cards, reason): the Farmer 3; estates in turn
    order (not the Farmer); the Diplomat +2 one more.  Nothing they depend on changes during step 10."""
    farmer = s.roles.index("farmer") if "farmer" in s.roles else None
    draws = [] if farmer is None else [(farmer, ctx.tables.farmer_draw, "farmer")]
    for seat in seats_from(s.start_player, s.players):
        if seat != farmer and (income := estate_income(s, seat)):
            draws.append((seat, income, "estates"))
    if "diplomat_2" in s.roles:
        draws.append((s.roles.index("diplomat_2"), ctx.tables.diplomat_2_draw, "diplomat_2"))
    return draws


def draw_supply(ctx: Ctx, d: Draft, out: Events) -> None:
    """§5 step 10: make the draws not yet made, then apply the hand limit.

    With hand_limit_timing=after_each_draw ("if the number threatens to go over five, the excess
    is thrown away", GAP-20) a draw that leaves its seat over the limit stops step 10 until that
    seat has discarded down to 5; the draws then go on, and may draw those discards again after a
    reshuffle.  Otherwise everyone discards once, after the last draw."""
    draws = step_10_draws(ctx, d)
    while d.draws_done < len(draws):
        seat, count, reason = draws[d.draws_done]
        draw_cards(ctx, d, seat, count, reason, out)
        d.draws_done += 1
        if ctx.config.hand_limit_timing == "after_each_draw" and len(d.hands[seat]) > ctx.tables.hand_limit:
            d.discarding = ()
            d.step = DISCARD
            d.actor = seat
            return
    d.draws_done = 0
    check_hand_limit(ctx, d, out)


def over_limit(ctx: Ctx, s: Fields) -> list[int]:
    """§5 step 10.4: the seats holding more than 5 supply cards, in turn order from the start player."""
    return [p for p in seats_from(s.start_player, s.players) if len(s.hands[p]) > ctx.tables.hand_limit]


def check_hand_limit(ctx: Ctx, d: Draft, out: Events) -> None:
    """§5 step 10: whoever holds more than 5 chooses what to discard, in turn order (GAP-20)."""
    d.discarding = ()
    waiting = over_limit(ctx, d)
    if waiting:
        d.step = DISCARD
        d.actor = waiting[0]
    else:
        end_round(ctx, d, out)


def legal_discards(ctx: Ctx, s: State, seat: int) -> list[int]:
    """§5 step 10.4: values the seat may discard next.

    One seat's discards go highest value first, so each set of discards has exactly one order;
    a value is offered only if enough cards of that value or lower remain to finish the set."""
    hand = s.hands[seat]
    still = len(hand) - ctx.tables.hand_limit
    cap = s.discarding[-1] if s.discarding else 99
    return sorted({v for v in hand if v <= cap and sum(1 for w in hand if w <= v) >= still})


def forget_one_unknown(known: tuple[int, ...]) -> tuple[int, ...]:
    """§3 (GAP-13): after a face-down discard, observers can no longer be sure of one copy of each
    value."""
    out: list[int] = []
    for v in known:
        if out.count(v) < known.count(v) - 1:
            out.append(v)
    return tuple(out)


def resolve_discard_supply(ctx: Ctx, d: Draft, seat: int, value: int, out: Events) -> None:
    """§5 step 10.4 (GAP-13): one card goes onto the discard pile (face up, or face down with
    ``hand_limit_discards``); at 5 cards the draws or the next discarder go on."""
    d.set_seat("hands", seat, remove_one(d.hands[seat], value))
    d.discard = (*d.discard, value)
    d.discarding = (*d.discarding, value)
    if ctx.config.hand_limit_discards == "face_up":
        if value in d.known[seat]:
            d.set_seat("known", seat, remove_one(d.known[seat], value))
        out.append(HandLimitDiscard(seat=seat, value=value))
    else:  # GAP-13 option: face down
        d.set_seat("hidden_discards", seat, (*d.hidden_discards[seat], value))
        d.set_seat("known", seat, forget_one_unknown(d.known[seat]))
        out.append(HandLimitDiscard(seat=seat, value=None))
        out.append(HandLimitDiscard(seat=seat, value=value, visible_to=(seat,)))
    if len(d.hands[seat]) <= ctx.tables.hand_limit:
        d.discarding = ()
        if d.draws_done:  # discarding between draws (after_each_draw): the draws go on
            draw_supply(ctx, d, out)
            return
        waiting = over_limit(ctx, d)
        if waiting:
            d.actor = waiting[0]
        else:
            end_round(ctx, d, out)


def refuse_discard(s: State, seat: int, value: int) -> IllegalAction:
    """§5 step 10.4: why the discard breaks the rules — a value not in hand, or out of the highest-first
    order."""
    if value not in s.hands[seat]:
        return IllegalAction(
            f"you hold no supply card of value {value}", code="card_not_in_hand", rule=RULE_DRAW
        )
    return IllegalAction(
        "discard your chosen cards highest value first "
        f"({value} would leave too few cards of that value or lower to finish)",
        code="discard_order",
        rule=RULE_DRAW,
    )
