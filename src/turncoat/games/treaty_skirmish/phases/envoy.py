"""Envoy (RULES §6.4, §4.2–§4.3): activate another great race's starting Home and run the treaty
steps through the core treaty module: hand over one card or none (step 2), the receiver then
discards one card face down (step 4).  The token left on that Home also keeps the giver from
attacking it for the rest of the round (§6.6)."""

from __future__ import annotations

import msgspec

from turncoat.core import treaties as T
from turncoat.core.errors import IllegalAction
from turncoat.games.treaty_skirmish.components import LAZAX
from turncoat.games.treaty_skirmish.context import Ctx, Events
from turncoat.games.treaty_skirmish.events import EnvoySent, NoTreatyGiven, SystemActivated
from turncoat.games.treaty_skirmish.phases import end, objectives, turns
from turncoat.games.treaty_skirmish.phases.table import has_token, in_game, seat_of, set_at, with_token
from turncoat.games.treaty_skirmish.state import (
    ACTION,
    DISCARD_TREATY,
    DROP_TREATY,
    GIVE_TREATY,
    Envoy,
    Exchange,
    State,
)

RULE_ENVOY = "RULES §6.4 (Envoy), §4.2"
RULE_GIVE = "RULES §4.2 step 2"
RULE_DISCARD = "RULES §4.2 step 4"
RULE_DROP = "GAPS Q4 (fix B)"


class SkirmishHost:
    """The host hooks of the treaty module (RULES §7.2) over one state of this game."""

    def __init__(self, ctx: Ctx, s: State) -> None:
        self.ctx = ctx
        self.state = s
        self.trade_goods = s.trade_goods

    def may_offer(self, giver: int, receiver: int) -> str | None:
        """A card is handed over only in an Envoy from ``giver`` to ``receiver`` (its token paid)."""
        e = self.state.envoy
        if e is None or (e.giver, e.receiver) != (giver, receiver):
            return "a treaty is handed over only during an Envoy to the receiver's Home"
        return None

    def transfer(self, giver: int, receiver: int, good: str, amount: int) -> None:
        """Trade goods, the binding bribe currency (§6.4 Bribes)."""
        if good != "trade_goods" or not 1 <= amount <= self.trade_goods[giver]:
            raise IllegalAction(f"cannot transfer {amount} {good}", code="bad_gift", rule="RULES §6.4")
        tg = set_at(self.trade_goods, giver, self.trade_goods[giver] - amount)
        self.trade_goods = set_at(tg, receiver, tg[receiver] + amount)

    def winners(self) -> tuple[int, ...]:
        result = self.state.result
        return () if result is None else result.primary

    def is_eliminated(self, player: int) -> bool:
        return self.state.eliminated[player]


def receiver_for(ctx: Ctx, s: State, race: str) -> int | None:
    """GAPS Q8 (treaty profile ``home_owner``): who receives an offer made into ``race``'s Home —
    its starting race while still in the game (default), or its current controller."""
    home = ctx.board.home_of(race)
    return T.home_owner(seat_of(s, race), s.control[home], in_game(s), s.treaties.profile)


def targets(ctx: Ctx, s: State, seat: int) -> tuple[str, ...]:
    """§6.4: the great races whose starting Home ``seat`` may activate for an Envoy: never
    Mecatol Rex, never a Home holding ``seat``'s token, never towards a player who cannot
    receive (the Lazax, §4.3).  With GAPS Q4 fix B, also one's own Home while holding a
    foreign card."""
    if s.tokens[seat] <= 0:
        return ()
    profile = s.treaties.profile
    out: list[str] = []
    for race in s.races:
        if race == LAZAX or has_token(s, ctx.board.home_of(race), seat):
            continue
        if race == s.races[seat]:
            if profile.allow_self_home_reshuffle and foreign_cards(s, seat):
                out.append(race)
            continue
        receiver = receiver_for(ctx, s, race)
        if receiver is None or receiver == seat or receiver in s.treaties.non_receivers:
            continue
        out.append(race)
    return tuple(out)


def foreign_cards(s: State, seat: int) -> tuple[T.TreatyCard, ...]:
    """§4.2 step 4 / GAPS Q4 fix B: the cards of other races ``seat`` holds."""
    own = s.races[seat]
    return tuple(c for c in T.hand(s.treaties, seat) if c.faction != own)


def resolve_send_envoy(ctx: Ctx, s: State, seat: int, race: str, events: Events) -> State:
    """§6.4 Envoy, §4.2 step 1: a token on the race's starting Home; then the giver decides."""
    if s.step != ACTION or race not in targets(ctx, s, seat):
        raise IllegalAction("you cannot send an envoy there now", code="bad_envoy", rule=RULE_ENVOY)
    home = ctx.board.home_of(race)
    s = with_token(s, home, seat)
    events.append(SystemActivated(seat=seat, system=ctx.board.systems[home].id, purpose="envoy"))
    if race == s.races[seat]:
        return msgspec.structs.replace(s, step=DROP_TREATY, actor=seat)
    receiver = receiver_for(ctx, s, race)
    assert receiver is not None
    events.append(EnvoySent(giver=seat, receiver=receiver, system=ctx.board.systems[home].id))
    return msgspec.structs.replace(s, step=GIVE_TREATY, actor=seat, envoy=Envoy(home, seat, receiver))


def giveable(s: State, seat: int) -> tuple[T.TreatyCard, ...]:
    """§4.2 step 2: cards of your own faction (GAPS Q4 fix A: or the receiver's own cards back)."""
    e = s.envoy
    if e is None:
        return ()
    own = s.races[seat]
    back = s.races[e.receiver] if s.treaties.profile.allow_return_foreign_card else None
    return tuple(c for c in T.hand(s.treaties, seat) if c.faction in (own, back))


def resolve_give_treaty(ctx: Ctx, s: State, seat: int, card: T.TreatyCard, events: Events) -> State:
    """§4.2 step 2: the card goes to the receiver in secret (core ``offer``); the receiver,
    who now knows its number, discards next (step 4) — bargaining happens in between (step 3)."""
    e = s.envoy
    if s.step != GIVE_TREATY or e is None or seat != e.giver:
        raise IllegalAction("you have no envoy waiting for a card", code="no_envoy", rule=RULE_GIVE)
    treaties, offered = T.offer(s.treaties, e.giver, e.receiver, card, SkirmishHost(ctx, s))
    events.extend(offered)
    exchanges = (*s.exchanges, Exchange(giver=e.giver, receiver=e.receiver, card=card, discard=None))
    return msgspec.structs.replace(
        s, treaties=treaties, exchanges=exchanges, step=DISCARD_TREATY, actor=e.receiver
    )


def resolve_give_no_treaty(ctx: Ctx, s: State, seat: int, events: Events) -> State:
    """§4.2 step 1: giving is optional; the activation stands and the Envoy ends."""
    e = s.envoy
    if s.step != GIVE_TREATY or e is None or seat != e.giver:
        raise IllegalAction("you have no envoy waiting for a card", code="no_envoy", rule=RULE_GIVE)
    events.append(NoTreatyGiven(giver=e.giver, receiver=e.receiver))
    return turns.after_action(ctx, msgspec.structs.replace(s, envoy=None), events)


def discardable(s: State, seat: int) -> tuple[T.TreatyCard, ...]:
    """§4.2 step 4: the new card, one of your own, or a foreign card held earlier."""
    pending = s.treaties.pending
    if pending is None or pending.receiver != seat:
        return ()
    return tuple(sorted(set((*T.hand(s.treaties, seat), pending.card))))


def resolve_discard_treaty(ctx: Ctx, s: State, seat: int, card: T.TreatyCard, events: Events) -> State:
    """§4.2 step 4: the receiver discards one card face down (core ``resolve``); then the engine
    privately checks Support of the People (§6.5) and the action is over."""
    if s.step != DISCARD_TREATY:
        raise IllegalAction("no treaty is waiting for your discard", code="no_pending", rule=RULE_DISCARD)
    treaties, discarded = T.resolve(s.treaties, seat, card)
    events.extend(discarded)
    last = msgspec.structs.replace(s.exchanges[-1], discard=card)
    e = s.envoy
    assert e is not None
    s = msgspec.structs.replace(s, treaties=treaties, exchanges=(*s.exchanges[:-1], last), envoy=None)
    return after_treaties_change(ctx, s, e.giver, events)


def after_treaties_change(ctx: Ctx, s: State, giver: int, events: Events) -> State:
    """§6.5: Support of the People is checked by the engine alone; only a win is announced."""
    winner = objectives.support_winner(ctx, s, giver)
    if winner:
        return end.finish(ctx, s, winner, "immediate", events)
    return turns.after_action(ctx, s, events)


def resolve_drop_treaty(ctx: Ctx, s: State, seat: int, card: T.TreatyCard, events: Events) -> State:
    """GAPS Q4 fix B (treaty profile ``allow_self_home_reshuffle``): at your own Home, discard one
    foreign card face down (core ``self_discard``)."""
    if s.step != DROP_TREATY or seat != s.actor:
        raise IllegalAction("you are not at your own Home to drop a card", code="no_drop", rule=RULE_DROP)
    treaties, dropped = T.self_discard(s.treaties, seat, card)
    events.extend(dropped)
    exchanges = (*s.exchanges, Exchange(giver=seat, receiver=seat, card=None, discard=card))
    s = msgspec.structs.replace(s, treaties=treaties, exchanges=exchanges)
    return after_treaties_change(ctx, s, seat, events)
