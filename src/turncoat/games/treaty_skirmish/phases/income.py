"""Income (RULES §6.4 phase 1): trade goods, command tokens, garrisons and the Speaker."""

from __future__ import annotations

import msgspec

from turncoat.games.treaty_skirmish.components import HOME, LAZAX
from turncoat.games.treaty_skirmish.context import Ctx, Events
from turncoat.games.treaty_skirmish.events import IncomeCollected, RoundStarted
from turncoat.games.treaty_skirmish.phases import turns
from turncoat.games.treaty_skirmish.phases.table import system_value
from turncoat.games.treaty_skirmish.state import ACTION, NOBODY, State

RULE_INCOME = "RULES §6.4 (Income)"


def income_of(ctx: Ctx, s: State, seat: int) -> int:
    """§6.4: trade goods equal to the values of the systems ``seat`` controls."""
    return sum(system_value(ctx, i) for i, holder in enumerate(s.control) if holder == seat)


def tokens_for(ctx: Ctx, s: State, seat: int) -> int:
    """§6.2: command tokens refill to 3 per round, 4 for the Lazax."""
    return ctx.n.lazax_command_tokens if s.races[seat] == LAZAX else ctx.n.command_tokens


def reset_garrisons(ctx: Ctx, s: State) -> tuple[int, ...]:
    """§6.2: every Home's garrison is reset to 2 for its current controller."""
    return tuple(
        ctx.n.garrison if ctx.board.systems[i].kind == HOME and s.control[i] != NOBODY else 0
        for i in range(len(ctx.board.systems))
    )


def next_speaker(ctx: Ctx, s: State, *, first: bool) -> int:
    """§6.4: the Speaker token passes left (to the next seat still in the game); the first
    round's Speaker is the one chosen at setup unless ``speaker_passes="every_income"``."""
    if first and ctx.config.speaker_passes == "after_first_round":
        return s.speaker
    seat = s.speaker
    for _ in range(s.players):
        seat = (seat + 1) % s.players
        if not s.eliminated[seat]:
            return seat
    return s.speaker


def start_round(ctx: Ctx, s: State, events: Events, *, first: bool = False) -> State:
    """§6.4 phase 1 (Income), then the Action phase begins at the Speaker."""
    speaker = next_speaker(ctx, s, first=first)
    events.append(RoundStarted(round=s.round, speaker=speaker))
    gains = tuple(0 if s.eliminated[p] else income_of(ctx, s, p) for p in range(s.players))
    tokens = tuple(0 if s.eliminated[p] else tokens_for(ctx, s, p) for p in range(s.players))
    for p in range(s.players):
        if not s.eliminated[p]:
            events.append(IncomeCollected(seat=p, trade_goods=gains[p], tokens=tokens[p]))
    s = msgspec.structs.replace(
        s,
        speaker=speaker,
        trade_goods=tuple(tg + g for tg, g in zip(s.trade_goods, gains, strict=True)),
        tokens=tokens,
        garrison=reset_garrisons(ctx, s),
        passed=tuple(s.eliminated),
        step=ACTION,
    )
    return turns.begin_turn(s, speaker)
