"""Soak: thousands of random Verräter games across 3/4 players and every option combination.

Run:  uv run python bench/soak_verrater.py [--games 10000] [--seed 0] [--workers 2] [--time-cap SECONDS]

Each game is played by random agents (``bench/_soak.py``: a uniformly random legal action).  At the
end of each game the RULES §9 invariants are checked on the final state (card conservation,
knowledge within hands, building limits, roles, round count) together with the outcome (scores =
VP + trading posts, winners = best score).  Every ``--replay-every``-th game is also replayed from
its record to check that replays reproduce the final state.  A game's ending is ``all rounds``, or
``early`` when one house won every site before the last round.

Any exception, stuck position or broken invariant is written as a replayable game record
(``turncoat.core.record``) to ``soak-failures/`` (gitignored), and the script exits with status 1.
Replay one with ``uv run turncoat replay soak-failures/<file>.json``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from _soak import Soak, SoakFailure, by_config, main
from turncoat.core.engine import Transition
from turncoat.games.verrater.components import HOUSES, ROLES
from turncoat.games.verrater.config import VerraterConfig
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.state import State

SUPPLY_DECK = Counter({2: 5, 3: 5, 4: 5, 5: 5, 6: 2, 8: 1})  # RULES §2
ROUNDS = {3: 9, 4: 8}  # RULES §5
MAX_DECISIONS = 2000


def option_combos() -> list[dict[str, Any]]:
    """3 and 4 players × every GAP option (64 combinations)."""
    return [
        {
            "players": players,
            "ring_layout": ring,
            "hand_limit_discards": discards,
            "builder_new_card_side": side,
            "hand_limit_timing": timing,
            "reshuffle_timing": reshuffle,
        }
        for players, ring, discards, side, timing, reshuffle in itertools.product(
            (3, 4),
            ("random", "alternating"),
            ("face_up", "face_down"),
            ("either", "estate_only"),
            ("after_all_draws", "after_each_draw"),
            ("when_drawing", "when_emptied"),
        )
    ]


def check_final_state(game: VerraterGame, s: State) -> None:
    """The invariants of tests/games/verrater/test_invariants.py that a final state still shows."""
    n = s.players
    problems: list[str] = []
    zones: Counter[int] = Counter(s.draw_pile) + Counter(s.discard)
    for p in range(n):
        zones += Counter(s.hands[p]) + Counter(s.committed[p])
        if Counter(s.known[p]) - Counter(s.hands[p]):
            problems.append(f"seat {p} known cards {s.known[p]} are not in hand {s.hands[p]}")
        if len(s.hands[p]) > 5:
            problems.append(f"seat {p} ends with {len(s.hands[p])} cards")
        if s.committed[p]:
            problems.append(f"seat {p} still has committed cards")
        if s.allegiance[p] not in HOUSES:
            problems.append(f"seat {p} supports {s.allegiance[p]!r}")
    if zones != SUPPLY_DECK:
        problems.append(f"supply cards not conserved: {sorted(zones.elements())}")
    built = Counter(b.owner for b in s.buildings if b is not None)
    posts = Counter(b.owner for b in s.buildings if b is not None and b.side == "trading_post")
    if len(s.buildings) != 12 or any(c > 3 for c in built.values()) or any(c > 2 for c in posts.values()):
        problems.append(f"building limits broken: {s.buildings}")
    if any(built[p] < 1 for p in range(n)):
        problems.append("a seat has no building card built")
    if sorted([s.removed_role, *s.leftover, *s.roles]) != sorted(ROLES) or "" in s.roles:
        problems.append(f"roles do not add up: {s.removed_role} {s.leftover} {s.roles}")
    if s.total_rounds != ROUNDS[n]:
        problems.append(f"{s.total_rounds} rounds for {n} players")
    if not (s.round == s.total_rounds or (s.round < s.total_rounds and len(set(s.owners)) == 1)):
        problems.append(f"ended after round {s.round} of {s.total_rounds} with owners {s.owners}")
    out = game.outcome(s)
    if out is None:
        problems.append("finished game has no outcome")
    else:
        for p in range(n):
            tp = sum(1 for b in s.buildings if b is not None and b.owner == p and b.side == "trading_post")
            expected = s.conquest_vp[p] + s.role_vp[p] + tp * min(3, len(s.hands[p]))
            if out.scores[p] != expected or out.scores[p] < 0:
                problems.append(f"seat {p} score {out.scores[p]}, expected {expected}")
        best = max(out.scores)
        if set(out.winners) != {p for p, v in enumerate(out.scores) if v == best}:
            problems.append(f"winners {out.winners} for scores {out.scores}")
        if out.details.get("rounds_played") != s.round:
            problems.append("outcome reports another round count")
    if problems:
        raise SoakFailure("; ".join(problems))


def check_step(_g: VerraterGame, _before: State | None, _t: Transition[State]) -> list[str]:
    """Nothing between steps: the invariants are checked on the final state."""
    return []


def summary(s: State) -> tuple[int, int, str]:
    return s.players, s.round, "all rounds" if s.round == s.total_rounds else "early"


def where(s: State) -> str:
    return f"round {s.round}, step {s.step}"


SOAK = Soak(
    game="verrater",
    script="bench/soak_verrater.py",
    combos=option_combos(),
    make_game=by_config(VerraterGame, VerraterConfig),
    check_step=check_step,
    check_outcome=check_final_state,
    summary=summary,
    where=where,
    max_decisions=MAX_DECISIONS,
)

if __name__ == "__main__":
    raise SystemExit(main(SOAK))
