"""Playing the games of a simulation: seating, seeds, and one batch of games in a worker.

Everything here is a pure function of the :class:`SimSpec` and a game index, so a game's result
is the same whichever process, thread or machine plays it.  Only picklable plain data crosses
the process boundary: a spec and a list of indices go out, :class:`GameResult` rows come back.
"""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import msgspec

from turncoat.agents import make_agent, play_match
from turncoat.core.capabilities import HasReport, capability
from turncoat.core.engine import Game
from turncoat.core.record import GameRecord, new_record
from turncoat.core.registry import load_game
from turncoat.core.rng import derive_seed
from turncoat.core.serialize import to_builtins


class SimSpec(msgspec.Struct, frozen=True, kw_only=True):
    """What to play: the game, its options, the agent slots and the master seed."""

    game: str
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    agents: tuple[str, ...]  # one agent spec per slot (len == players)
    labels: tuple[str, ...]  # a unique name per slot, e.g. "random" and "random#2"
    master_seed: int
    games: int
    keep_records: bool = False  # send every record back (--save-records); failures always are
    full_facts: bool = False  # replay each game for the balance report's per-round facts


class GameResult(msgspec.Struct, frozen=True, kw_only=True):
    """One game's result row.  ``record`` (JSON bytes) is only filled when it must be saved."""

    index: int
    seed: int
    seating: tuple[str, ...]  # agent label per seat
    scores: tuple[float, ...] | None
    winners: tuple[int, ...] | None
    decisions: int
    error: str | None
    details: dict[str, Any] = msgspec.field(default_factory=dict)
    facts: dict[str, Any] = msgspec.field(default_factory=dict)
    record: bytes | None = None

    def row(self) -> dict[str, Any]:
        """The plain row written to results.jsonl (no record bytes)."""
        data: dict[str, Any] = msgspec.to_builtins(self)
        data.pop("record", None)
        return data


def slot_labels(specs: Sequence[str]) -> tuple[str, ...]:
    """Unique labels for agent slots: repeated specs get ``#2``, ``#3``..."""
    seen: dict[str, int] = {}
    labels = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        labels.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return tuple(labels)


def seating(players: int, index: int) -> tuple[int, ...]:
    """Slot at each seat in game ``index``: a rotation, so over any ``players`` consecutive games
    every slot sits in every seat exactly once."""
    shift = index % players
    return tuple((seat + shift) % players for seat in range(players))


def game_seed(master_seed: int, index: int) -> int:
    return derive_seed(master_seed, "sim-game", index)


@lru_cache(maxsize=8)
def _game(name: str, options_json: bytes) -> Game[Any, Any, Any]:
    return load_game(name, **msgspec.json.decode(options_json))


def game_for(spec: SimSpec) -> Game[Any, Any, Any]:
    """The engine for ``spec`` (cached per process; engines are immutable apart from a cache)."""
    return _game(spec.game, msgspec.json.encode(spec.options, order="sorted"))


def play_one(spec: SimSpec, index: int) -> GameResult:
    """Play game ``index`` of the simulation; any failure comes back in the row, with its record."""
    game = game_for(spec)
    seed = game_seed(spec.master_seed, index)
    slots = seating(len(spec.agents), index)
    seat_labels = tuple(spec.labels[s] for s in slots)
    meta = {"sim": {"index": index, "master_seed": spec.master_seed, "seating": list(seat_labels)}}
    record: GameRecord | None = None
    try:
        agents = [make_agent(spec.agents[s]) for s in slots]
        match = play_match(game, agents, seed, meta=meta)
        record, error = match.record, match.error
        outcome, decisions = match.outcome, match.decisions
        if error is None and outcome is None:
            error = "the game ended without an outcome"
    except Exception as exc:  # a bug outside the agents' turns: still a reported failure
        error = f"simulation crashed: {exc!r}\n{traceback.format_exc()}"
        outcome, decisions = None, 0
    facts: dict[str, Any] = {}
    offered = capability(game, HasReport)
    if offered is not None:  # facts such as seat groupings feed the summary even without --report
        try:
            facts = offered.balance_report().facts(
                seed, record if error is None else None, full=spec.full_facts
            )
        except Exception as exc:
            error = error or f"collecting report facts failed: {exc!r}\n{traceback.format_exc()}"
    if record is None:
        record = new_record(game, seed, **meta)
    if error is not None:
        record = msgspec.structs.replace(record, meta={**record.meta, "error": error})
    keep = spec.keep_records or error is not None
    return GameResult(
        index=index,
        seed=seed,
        seating=seat_labels,
        scores=tuple(outcome.scores) if outcome is not None and error is None else None,
        winners=tuple(outcome.winners) if outcome is not None and error is None else None,
        decisions=decisions,
        error=error,
        details=to_builtins(outcome.details) if outcome is not None and error is None else {},
        facts=facts,
        record=msgspec.json.encode(record) if keep else None,
    )


def run_batch(spec: SimSpec, indices: Sequence[int]) -> list[GameResult]:
    """The task a worker runs: several games, so each task lasts about a second."""
    return [play_one(spec, i) for i in indices]
