"""Win rate of one Rex bot against five others at 6 players, seats rotated (RULES §14: a shared
win counts 1/k).  Rex is built straight from its factory, so this runs before it is registered.

    uv run python bench/rex_strength.py --agent heuristic --against random --games 400

Prints wins, the win share with its 95% Wilson interval, outright wins, and wins by race and
victory type.  Games run in ``--workers`` processes.
"""

from __future__ import annotations

from collections import Counter

import _strength
from _strength import Job, Row
from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.game import RexGame


def one_game(job: Job) -> Row:
    seed, players, options = job[1], job[4], job[5]
    game = RexGame(RexConfig(players=players, **options))
    row, result = _strength.play_rotated(game, job)
    if result.outcome is not None:
        winners = result.outcome.winners
        row["victory"] = result.outcome.details.get("victory")
        row["rounds"] = result.outcome.details.get("rounds_played")
        state = _strength.final_state(game, result, seed)
        row["race"] = game.ctx.t.race_ids[state.race[row["seat"]]]
        row["winner_races"] = [game.ctx.t.race_ids[state.race[w]] for w in winners]
    return row


def main() -> None:
    parser = _strength.parser((__doc__ or "").splitlines()[0], players=6)
    args = parser.parse_args()
    rows, elapsed = _strength.run(one_game, args, _strength.game_options(parser, args))
    done, errors = _strength.print_share(rows, args)
    outright = sum(1 for r in done if r["outright"])
    print(f"outright wins {outright}  ({outright / max(1, len(done)):.1%})")
    for race, shares in sorted(_strength.shares_by(done, "race").items()):
        print(f"  as {race:8s} {len(shares):4d} games  win share {sum(shares) / len(shares):.1%}")
    print("victory types:", dict(Counter(r["victory"] for r in done)))
    print("winning races:", dict(Counter(w for r in done for w in r["winner_races"])))
    _strength.print_tail(rows, errors, elapsed, digits=1)


if __name__ == "__main__":
    main()
