"""Win rate of one StarCraft bot against the others at 3 players, seats rotated (RULES §16: a shared
win counts 1/k).

    uv run python bench/starcraft_strength.py --agent heuristic --against random --games 400

Prints wins, the win share with its 95% Wilson interval, outright wins, and wins by faction and
victory type.  Games run in ``--workers`` processes.
"""

from __future__ import annotations

from collections import Counter

import _strength
from _strength import Job, Row
from turncoat.core.registry import load_game


def one_game(job: Job) -> Row:
    seed, players, options = job[1], job[4], job[5]
    game = load_game("starcraft", players=players, **options)
    row, result = _strength.play_rotated(game, job)
    if result.outcome is not None:
        winners = result.outcome.winners
        row["victory"] = result.outcome.details.get("victory")
        row["rounds"] = result.outcome.details.get("rounds")
        state = _strength.final_state(game, result, seed)
        row["faction"] = state.seat(row["seat"]).faction
        row["winner_factions"] = [state.seat(w).faction for w in winners]
    return row


def main() -> None:
    parser = _strength.parser((__doc__ or "").splitlines()[0], players=3)
    args = parser.parse_args()
    rows, elapsed = _strength.run(one_game, args, _strength.game_options(parser, args))
    done, errors = _strength.print_share(rows, args)
    outright = sum(1 for r in done if r["outright"])
    print(f"outright wins {outright}  ({outright / max(1, len(done)):.1%})")
    for seat, shares in sorted(_strength.shares_by(done, "seat").items()):
        print(f"  in seat {seat} {len(shares):4d} games  win share {sum(shares) / len(shares):.1%}")
    for faction, shares in sorted(_strength.shares_by(done, "faction").items()):
        print(f"  as {faction:10s} {len(shares):4d} games  win share {sum(shares) / len(shares):.1%}")
    print("victory types:", dict(Counter(r["victory"] for r in done)))
    rounds = [r["rounds"] for r in done if r.get("rounds") is not None]
    if rounds:
        print(f"rounds: mean {sum(rounds) / len(rounds):.1f}, max {max(rounds)}")
    _strength.print_tail(rows, errors, elapsed, digits=2)


if __name__ == "__main__":
    main()
