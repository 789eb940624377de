"""The end of the game (RULES §6.5, §4.5): objectives shown, treaty allies added, or nobody wins."""

from __future__ import annotations

import msgspec

from turncoat.core import treaties as T
from turncoat.games.treaty_skirmish.context import Ctx, Events
from turncoat.games.treaty_skirmish.events import GameWon, NobodyWins, ObjectivesRevealed
from turncoat.games.treaty_skirmish.state import NOBODY, OVER, Result, State

RULE_END = "RULES §6.5 (End of game), §4.5"


def finish(ctx: Ctx, s: State, primary: tuple[int, ...], reason: str, events: Events) -> State:
    """§6.5: the primary winners (on an immediate win only the striker; after the last round
    everyone meeting an objective) are joined by their treaty allies through §4.5 (core
    ``settle``: non-winners reveal, treaty traitors are found, each winner takes the eligible
    holder of its lowest card).  With no primary winner nobody wins and treaties do nothing."""
    events.append(ObjectivesRevealed(objectives=s.objectives))
    eliminated = tuple(p for p in range(s.players) if s.eliminated[p])
    settlement, settle_events = T.settle(s.treaties, primary, eliminated)
    events.extend(settle_events)
    if primary:
        winners = settlement.all_winners
        events.append(GameWon(reason=reason, primary=settlement.winners, winners=winners))
        result = Result(
            reason=reason,
            primary=settlement.winners,
            allies=settlement.allies,
            traitors=settlement.traitors,
            winners=winners,
            revealed=settlement.revealed,
        )
    else:
        events.append(NobodyWins(round=s.round))
        result = Result(
            reason="nobody",
            primary=(),
            allies=(),
            traitors=settlement.traitors,
            winners=(),
            revealed=settlement.revealed,
        )
    return msgspec.structs.replace(
        s, step=OVER, actor=NOBODY, result=result, move=None, combat=None, envoy=None
    )
