"""Cleanup (RULES §6.4 phase 3): tokens come off, the round marker moves on; after the last
round the end-of-game check runs (§6.5)."""

from __future__ import annotations

import msgspec

from turncoat.games.treaty_skirmish.context import Ctx, Events
from turncoat.games.treaty_skirmish.events import RoundEnded
from turncoat.games.treaty_skirmish.phases import end, income, objectives
from turncoat.games.treaty_skirmish.state import State

RULE_CLEANUP = "RULES §6.4 (Cleanup)"


def end_round(ctx: Ctx, s: State, events: Events) -> State:
    """§6.4 phase 3: remove all tokens, move the round marker; after round 8, the final check."""
    events.append(RoundEnded(round=s.round))
    s = msgspec.structs.replace(s, activated=((),) * len(s.activated))
    if s.round >= ctx.n.rounds:
        return end.finish(ctx, s, objectives.final_winners(ctx, s), "final_round", events)
    return income.start_round(ctx, msgspec.structs.replace(s, round=s.round + 1), events)
