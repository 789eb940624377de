"""The Action phase's order of play (RULES §6.4 phase 2): from the Speaker, each seat in turn
takes one action, until everyone has passed; immediate wins are checked after every action."""

from __future__ import annotations

import msgspec

from turncoat.games.treaty_skirmish.context import Ctx, Events
from turncoat.games.treaty_skirmish.events import Passed
from turncoat.games.treaty_skirmish.phases import cleanup, end, objectives
from turncoat.games.treaty_skirmish.phases.table import set_at
from turncoat.games.treaty_skirmish.state import ACTION, State

RULE_ORDER = "RULES §6.4 (Actions)"
RULE_PASS = "RULES §6.4 (Pass)"
RULE_IMMEDIATE = "RULES §6.4 (immediate-win checks), §6.5"


def begin_turn(s: State, seat: int) -> State:
    """§6.4 Actions: ``seat`` takes its action now.  A seat whose only choice is to pass passes
    without being asked (``rules.play_forced``)."""
    return msgspec.structs.replace(s, turn=seat, actor=seat, step=ACTION)


def resolve_pass(ctx: Ctx, s: State, seat: int, events: Events) -> State:
    """§6.4 Pass: once passed, a seat takes no more actions this round."""
    events.append(Passed(seat=seat))
    s = msgspec.structs.replace(s, passed=set_at(s.passed, seat, True))
    return next_turn(ctx, s, events)


def next_turn(ctx: Ctx, s: State, events: Events) -> State:
    """§6.4: the next seat to the left that has not passed; when all have, the round's Cleanup."""
    seat = s.turn
    for _ in range(s.players):
        seat = (seat + 1) % s.players
        if not s.passed[seat]:
            return begin_turn(s, seat)
    return cleanup.end_round(ctx, s, events)


def after_action(ctx: Ctx, s: State, events: Events) -> State:
    """§6.4: an action (with its combat) is over: check immediate wins, then play on."""
    winners = objectives.immediate_winners(ctx, s)
    if winners:
        return end.finish(ctx, s, winners, "immediate", events)
    return next_turn(ctx, s, events)
