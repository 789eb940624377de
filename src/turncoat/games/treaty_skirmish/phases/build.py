"""Build (RULES §6.4): activate a Home you control, or Mecatol Rex if you control it, and pay
1 TG per ship, up to 3 ships there."""

from __future__ import annotations

import msgspec

from turncoat.core.errors import IllegalAction
from turncoat.games.treaty_skirmish.components import FRONTIER
from turncoat.games.treaty_skirmish.context import Ctx, Events
from turncoat.games.treaty_skirmish.events import ShipsBuilt, SystemActivated
from turncoat.games.treaty_skirmish.phases import turns
from turncoat.games.treaty_skirmish.phases.table import has_token, set_at, with_ships, with_token
from turncoat.games.treaty_skirmish.state import ACTION, State

RULE_BUILD = "RULES §6.4 (Build)"


def options(ctx: Ctx, s: State, seat: int) -> tuple[tuple[int, int], ...]:
    """§6.4: (system, ships) pairs ``seat`` may build: a Home or Mecatol it controls without its
    token, 1 to 3 ships it can pay for."""
    if s.tokens[seat] <= 0:
        return ()
    most = min(ctx.n.build_limit, s.trade_goods[seat] // ctx.n.ship_cost)
    return tuple(
        (i, k)
        for i, system in enumerate(ctx.board.systems)
        if system.kind != FRONTIER and s.control[i] == seat and not has_token(s, i, seat)
        for k in range(1, most + 1)
    )


def resolve_build(ctx: Ctx, s: State, seat: int, system: int, ships: int, events: Events) -> State:
    """§6.4: a token on the system, ``ships`` new ships there, 1 TG each."""
    if s.step != ACTION or (system, ships) not in options(ctx, s, seat):
        raise IllegalAction("you cannot build that there now", code="bad_build", rule=RULE_BUILD)
    s = with_token(s, system, seat)
    cost = ships * ctx.n.ship_cost
    system_id = ctx.board.systems[system].id
    events.append(SystemActivated(seat=seat, system=system_id, purpose="build"))
    events.append(ShipsBuilt(seat=seat, system=system_id, ships=ships, cost=cost))
    s = msgspec.structs.replace(
        s,
        ships=with_ships(s, system, seat, ships),
        trade_goods=set_at(s.trade_goods, seat, s.trade_goods[seat] - cost),
    )
    return turns.after_action(ctx, s, events)
