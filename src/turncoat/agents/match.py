"""Play one game between agents, recording every action."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import msgspec

from turncoat.agents.base import Agent, SeatView
from turncoat.core.engine import Game, Outcome
from turncoat.core.errors import RulesError
from turncoat.core.record import GameRecord, RecordedAction, encode_action, new_record
from turncoat.core.rng import derive_seed


class MatchResult(msgspec.Struct, frozen=True):
    record: GameRecord
    outcome: Outcome | None
    error: str | None = None  # an agent's illegal move or crash, never swallowed silently
    decisions: int = 0


def play_match(
    game: Game[Any, Any, Any],
    agents: Sequence[Agent],
    seed: int,
    *,
    max_decisions: int = 100_000,
    meta: dict[str, Any] | None = None,
) -> MatchResult:
    """Seat ``agents[i]`` at seat ``i`` and play to the end.

    Each agent's randomness derives from the game seed and its seat, so a match is reproducible.
    If an agent fails, the record up to that point and the error come back in the result.
    """
    if len(agents) != game.num_players():
        raise ValueError(f"{game.name} needs {game.num_players()} agents, got {len(agents)}")
    rngs = [random.Random(derive_seed(seed, "agent", seat)) for seat in range(len(agents))]
    state = game.new_initial_state(seed)
    header = new_record(game, seed, agents=[a.name for a in agents], **(meta or {}))
    played: list[RecordedAction] = []

    def record() -> GameRecord:
        return msgspec.structs.replace(header, actions=tuple(played))

    decisions = 0
    while seats := game.to_act(state):
        if decisions >= max_decisions:
            return MatchResult(record(), None, f"no result after {max_decisions} decisions", decisions)
        for seat in sorted(seats):
            if seat not in game.to_act(state):
                continue
            agent = agents[seat]
            try:
                action = agent.choose(SeatView(game, state, seat), rngs[seat])
                state = game.apply(state, seat, action).state
            except RulesError as exc:
                return MatchResult(
                    record(), None, f"seat {seat} ({agent.name}) made an illegal move: {exc}", decisions
                )
            except Exception as exc:  # an agent bug is reported with the record, never swallowed
                return MatchResult(record(), None, f"seat {seat} ({agent.name}) crashed: {exc!r}", decisions)
            played.append(RecordedAction(player=seat, action=encode_action(action)))
            decisions += 1
    return MatchResult(record(), game.outcome(state), None, decisions)
