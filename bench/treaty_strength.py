"""Win rate of one Treaty Skirmish bot against the others at 5 players, seats rotated (a shared
win counts 1/k for each of the k winners, primary winners and treaty allies alike).

    uv run python bench/treaty_strength.py --agent heuristic --against random --games 400 --workers 2

Prints the win share with its 95% Wilson interval, outright and shared wins, and the share by
race and by the objective the bot was dealt.  Game ``i`` seats the tested bot in seat
``i mod players`` and uses the seed ``seed * 1,000,003 + i``.  Games run in ``--workers``
processes.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

import _strength
from _strength import Job, Row
from turncoat.agents.base import make_agent
from turncoat.core.errors import RulesError
from turncoat.games.treaty_skirmish.config import TreatySkirmishConfig
from turncoat.games.treaty_skirmish.game import TreatySkirmishGame


def one_game(job: Job) -> Row:
    players, options = job[4], job[5]
    game = TreatySkirmishGame(TreatySkirmishConfig(players=players, **options))
    row, result = _strength.play_rotated(game, job)
    if result.outcome is not None:
        seat, winners, details = row["seat"], result.outcome.winners, result.outcome.details
        row["primary"] = seat in details["primary"]
        row["ally"] = seat in winners and seat not in details["primary"]
        row["race"] = details["races"][seat]
        row["objective"] = details["objectives"][seat]
        row["reason"] = details["reason"]
    return row


def main(argv: list[str] | None = None) -> int:
    args = _strength.parser((__doc__ or "").splitlines()[0], players=5).parse_args(argv)
    if args.games < 1 or args.workers < 1 or not 4 <= args.players <= 6:
        print("error: --games and --workers must be 1 or more, --players 4 to 6", file=sys.stderr)
        return 2
    options: dict[str, Any] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    try:
        TreatySkirmishGame(TreatySkirmishConfig(players=args.players, **options))
        make_agent(args.agent), make_agent(args.against)
    except (RulesError, TypeError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    rows, elapsed = _strength.run(one_game, args, options, chunksize=4)
    done, errors = _strength.print_share(rows, args)
    n = max(1, len(done))
    outright = sum(1 for r in done if r["outright"])
    primary = sum(1 for r in done if r["primary"])
    ally = sum(1 for r in done if r["ally"])
    print(f"outright wins {outright} ({outright / n:.1%}), by objective {primary}, as a treaty ally {ally}")
    for label in ("race", "objective"):
        for name, shares in sorted(_strength.shares_by(done, label).items()):
            print(f"  {label} {name:22s} {len(shares):4d} games  win share {sum(shares) / len(shares):.1%}")
    print("how games ended:", dict(Counter(r["reason"] for r in done)))
    _strength.print_tail(rows, errors, elapsed, digits=2)
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
