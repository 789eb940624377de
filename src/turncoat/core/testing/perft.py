"""Perft-like counts of the decision tree, for regression and speed (ARCHITECTURE §7.5).

A *move* is one ``(seat, action)`` with the seat in ``to_act``; with a simultaneous sealed
choice, each order in which the seats commit is a different sequence.  Chance is fixed by the
state (it owns its seed and draw counter), so the tree below a state is deterministic and the
counts from pinned seeds are pinned numbers: a change means the rules (or the RNG) changed.

``perft(game, state, d)`` is the number of decision sequences of length ``d`` from ``state``,
where a sequence that reaches the end of the game earlier counts once, as the leaf it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turncoat.core.actions import Action, PlayerId
from turncoat.core.record import state_digest
from turncoat.core.testing.playout import AnyGame


@dataclass(frozen=True)
class PerftResult:
    """Counts per ply: ``nodes[i]`` states reached after ``i`` decisions (``nodes[0] == 1``),
    ``terminals[i]`` of them terminal; ``distinct[i]`` different states among them (by digest,
    only when asked for).  ``leaves`` is what :func:`perft` returns."""

    depth: int
    leaves: int
    nodes: tuple[int, ...]
    terminals: tuple[int, ...]
    distinct: tuple[int, ...] | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "depth": self.depth,
            "leaves": self.leaves,
            "nodes": list(self.nodes),
            "terminals": list(self.terminals),
            "distinct": list(self.distinct) if self.distinct is not None else None,
        }


def moves(game: AnyGame, state: Any) -> list[tuple[PlayerId, Action]]:
    """Every decision available now, seats in ascending order, actions in legal order."""
    return [(p, a) for p in sorted(game.to_act(state)) for a in game.legal_actions(state, p)]


def perft(game: AnyGame, state: Any, depth: int) -> int:
    """The number of decision sequences of length ``depth`` (or ending the game sooner)."""
    if depth < 0:
        raise ValueError("depth must be >= 0")
    if depth == 0:
        return 1
    options = moves(game, state)
    if not options:
        return 1
    if depth == 1:
        return len(options)
    return sum(perft(game, game.apply(state, p, a).state, depth - 1) for p, a in options)


def perft_breakdown(game: AnyGame, state: Any, depth: int, *, distinct: bool = False) -> PerftResult:
    """:func:`perft` with the per-ply node and terminal counts (and distinct states if asked)."""
    if depth < 0:
        raise ValueError("depth must be >= 0")
    nodes = [0] * (depth + 1)
    terminals = [0] * (depth + 1)
    seen: list[set[str]] | None = [set() for _ in range(depth + 1)] if distinct else None
    leaves = 0

    def walk(s: Any, ply: int) -> None:
        nonlocal leaves
        nodes[ply] += 1
        if seen is not None:
            seen[ply].add(state_digest(s))
        options = moves(game, s)
        if not options:
            terminals[ply] += 1
            leaves += 1
            return
        if ply == depth:
            leaves += 1
            return
        for p, a in options:
            walk(game.apply(s, p, a).state, ply + 1)

    walk(state, 0)
    return PerftResult(
        depth=depth,
        leaves=leaves,
        nodes=tuple(nodes),
        terminals=tuple(terminals),
        distinct=tuple(len(s) for s in seen) if seen is not None else None,
    )


def divide(game: AnyGame, state: Any, depth: int) -> dict[str, int]:
    """Perft per first move (``"seat P: <action>"``), to find where two versions differ."""
    if depth < 1:
        raise ValueError("depth must be >= 1")
    return {
        f"seat {p}: {game.describe_action(a)}": perft(game, game.apply(state, p, a).state, depth - 1)
        for p, a in moves(game, state)
    }


__all__ = ["PerftResult", "divide", "moves", "perft", "perft_breakdown"]
