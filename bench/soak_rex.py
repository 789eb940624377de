"""Soak: thousands of random Rex games across 3 to 6 players and the options that change the flow.

Run:  uv run python bench/soak_rex.py [--games 10000] [--seed 0] [--workers 2] [--time-cap SECONDS]

Game ``i`` uses option combination ``i mod 192`` (players 3-6 × race selection × alliances from 3 /
4 / never × betrayal cards × sector model × two bundles of readings, see ``option_combos``) and the
seed ``derive_seed(seed, i)``.  Random agents play it: whoever may act (one seat drawn among
several when decisions are simultaneous) picks uniformly among its ``legal_actions``.  The RULES
§19.4 invariants of ``tests/games/rex/invariants.py`` are checked after every step, together with
"nothing moves or lands into the bombarded sector" (§12); at the end the outcome is checked against
the victory rules (§14).  Every ``--replay-every``-th game is replayed from its record, rebuilt
through the registry as ``turncoat replay`` does, and must reach the same state digest.

A game with no end after ``MAX_DECISIONS`` decisions, a seat asked to act with no legal action, an
exception or a broken invariant is written as a replayable game record (``turncoat.core.record``) to
``soak-failures/`` (gitignored), and the script exits with status 1.  Replay one with
``uv run turncoat replay soak-failures/<file>.json``.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the shared §19.4 checks live beside the test that uses them
    sys.path.insert(0, str(ROOT))

from tests.games.rex.invariants import blocked_sector_problems, invariant_problems  # noqa: E402

from _soak import Soak, SoakFailure, by_config, main  # noqa: E402
from turncoat.core.engine import Transition  # noqa: E402
from turncoat.games.rex.components import XXCHA  # noqa: E402
from turncoat.games.rex.config import RexConfig  # noqa: E402
from turncoat.games.rex.game import RexGame  # noqa: E402
from turncoat.games.rex.phases.victory import final_winners, stronghold_winners  # noqa: E402
from turncoat.games.rex.state import State, seat_of_race  # noqa: E402

# Random games take ~200-1,000 decisions (a ceasefire window with alliances can stretch one to
# several thousand); twenty thousand is far beyond any that ends.
MAX_DECISIONS = 20_000
SUPPLY = 500  # the bank of the second bundle; the first has an endless bank (pool counts down from 0)
# The readings the invariant test alternates with the defaults, plus the 3-player influence gaps,
# a round-1 ceasefire that is not resolved and no sharing of a stronghold-less end.
OTHER_READINGS: dict[str, Any] = {
    "movement_group_single_origin": False,
    "landing_single_destination": False,
    "hacan_free_timing": False,
    "stronghold_occupancy_limit": 2,
    "bid_opener_rotates": False,
    "influence_supply": SUPPLY,
    "ceasefire_active_in_round_1": False,
    "no_strongholds_all_share": False,
    "three_player_influence_slot": "second",
    "three_player_bombarded_slot": "other",
}
EARLY_VICTORIES = {"strongholds", "prediction", "betrayal"}  # §14.1, §14.2, §14.4
FINAL_VICTORIES = {"sol", "hacan", "most_strongholds", "none"}  # §14.3, after the last round


def option_combos() -> list[dict[str, Any]]:
    """3-6 players × race selection × alliances (3 / 4 / 7 = never) × betrayal cards × sector model ×
    readings (the defaults or ``OTHER_READINGS``): 192 combinations."""
    combos = []
    for players, races, alliances, betrayal, sector, other in itertools.product(
        (3, 4, 5, 6), ("in_order", "random"), (3, 4, 7), (False, True), ("piece", "area"), (False, True)
    ):
        combo: dict[str, Any] = {
            "players": players,
            "race_selection": races,
            "alliances_min_players": alliances,
            "betrayal_cards": betrayal,
            "sector_model": sector,
        }
        if other:
            combo.update(OTHER_READINGS)
        combos.append(combo)
    return combos


def check_outcome(g: RexGame, s: State) -> None:
    """§14: the game is over after at most the last round and its winners are the rules' winners."""
    problems: list[str] = []
    config = g.ctx.config
    last = g.ctx.t.rounds
    if not 1 <= s.round <= last:
        problems.append(f"ended in round {s.round} of {last}")
    if s.victory not in EARLY_VICTORIES | FINAL_VICTORIES:
        problems.append(f"unknown victory {s.victory!r}")
    if s.round < last and s.victory not in EARLY_VICTORIES:
        problems.append(f"{s.victory} victory before the last round")
    if list(s.winners) != sorted(set(s.winners)) or any(not 0 <= w < s.players for w in s.winners):
        problems.append(f"winners {s.winners}")
    if not s.winners and s.victory != "none":
        problems.append(f"{s.victory} victory with nobody winning")
    if s.victory == "none" and config.no_strongholds_all_share:
        problems.append("nobody wins although everybody shares a stronghold-less end")
    if s.victory == "strongholds" and stronghold_winners(g.ctx, s) != s.winners:
        problems.append(f"stronghold winners {s.winners}, the board says {stronghold_winners(g.ctx, s)}")
    if s.victory in FINAL_VICTORIES:
        if stronghold_winners(g.ctx, s):
            problems.append(f"{s.victory} victory although {stronghold_winners(g.ctx, s)} hold enough")
        if final_winners(g.ctx, s) != (s.winners, s.victory):
            problems.append(f"final winners {s.winners} {s.victory}, rules say {final_winners(g.ctx, s)}")
    if s.victory == "prediction" and (s.winners != (seat_of_race(s, XXCHA),) or s.prediction[1] != s.round):
        problems.append(f"prediction win by {s.winners} in round {s.round}, predicted {s.prediction}")
    if s.victory == "betrayal" and (not config.betrayal_cards or len(s.winners) != 1):
        problems.append(f"betrayal win by {s.winners} (module on: {config.betrayal_cards})")
    if len(s.winners) > 1 and s.victory != "most_strongholds":
        alliances = {s.alliance[w] for w in s.winners}
        if len(alliances) != 1 or -1 in alliances:
            problems.append(f"{s.victory} shared by {s.winners}, not one alliance ({s.alliance})")
    out = g.outcome(s)
    if out is None:
        problems.append("finished game has no outcome")
    elif out.winners != s.winners or out.scores != tuple(float(p in s.winners) for p in range(s.players)):
        problems.append(f"outcome {out} does not match winners {s.winners}")
    if problems:
        raise SoakFailure("; ".join(problems))


def check_step(g: RexGame, before: State | None, t: Transition[State]) -> list[str]:
    """§19.4 after every step, and nothing moved or landed into the bombarded sector (§12)."""
    supply = g.ctx.config.influence_supply or 0
    problems = [] if before is None else blocked_sector_problems(g, before, t.events)
    return problems + invariant_problems(g, t.state, supply)


SOAK = Soak(
    game="rex",
    script="bench/soak_rex.py",
    combos=option_combos(),
    make_game=by_config(RexGame, RexConfig),
    check_step=check_step,
    check_outcome=check_outcome,
    max_decisions=MAX_DECISIONS,
)

if __name__ == "__main__":
    raise SystemExit(main(SOAK))
