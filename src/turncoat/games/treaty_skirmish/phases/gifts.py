"""Bribes (RULES §6.4 "Bribes", §4.2 step 3, GAPS Q11): trade goods handed to another player
are an instant, final transfer (core ``deals.Give``); promises are talk and bind nobody.

When gifts may be made is the ``trade_goods_gifts`` option: by default a seat gives on any of its
own decisions (so a gift never waits on anybody and the game always moves on: each gift lowers
the giver's trade goods while the same decision stays open); "envoy" limits gifts to the two
parties of an Envoy while it runs, to each other.
"""

from __future__ import annotations

import msgspec

from turncoat.core import deals
from turncoat.core.errors import IllegalAction
from turncoat.games.treaty_skirmish.actions import TRADE_GOODS
from turncoat.games.treaty_skirmish.context import Ctx, Events
from turncoat.games.treaty_skirmish.phases import envoy
from turncoat.games.treaty_skirmish.state import DISCARD_TREATY, GIVE_TREATY, OVER, State

RULE_BRIBES = "RULES §6.4 (Bribes), GAPS Q11"


def recipients(ctx: Ctx, s: State, seat: int) -> tuple[int, ...]:
    """§6.4 Bribes (``trade_goods_gifts``): the seats ``seat`` may hand trade goods to now."""
    mode = ctx.config.trade_goods_gifts
    if mode == "never" or s.step == OVER or seat != s.actor or s.trade_goods[seat] <= 0:
        return ()
    if mode == "envoy":
        e = s.envoy
        if e is None or s.step not in (GIVE_TREATY, DISCARD_TREATY):
            return ()
        return (e.receiver if seat == e.giver else e.giver,)
    return tuple(q for q in range(s.players) if q != seat and not s.eliminated[q])


def legal_gifts(ctx: Ctx, s: State, seat: int) -> list[deals.Give]:
    """§6.4 Bribes: any amount from 1 to all of the giver's trade goods, to each recipient."""
    return [
        deals.Give(q, TRADE_GOODS, a)
        for q in recipients(ctx, s, seat)
        for a in range(1, s.trade_goods[seat] + 1)
    ]


def resolve_give(ctx: Ctx, s: State, seat: int, action: deals.Give, events: Events) -> State:
    """§6.4 Bribes: the trade goods change hands at once and for good; the decision stays open."""
    if action.good != TRADE_GOODS or action.to not in recipients(ctx, s, seat):
        raise IllegalAction(
            "you cannot give trade goods to that player now", code="bad_gift", rule=RULE_BRIBES
        )
    events.extend(deals.give(seat, action, available=s.trade_goods[seat]))
    host = envoy.SkirmishHost(ctx, s)
    host.transfer(seat, action.to, TRADE_GOODS, action.amount)
    return msgspec.structs.replace(s, trade_goods=host.trade_goods)
