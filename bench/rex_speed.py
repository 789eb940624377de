"""Rex engine and search speed on one core, with Verräter measured in the same run as the baseline.

Run:  uv run python bench/rex_speed.py [--budget 4] [--players 6]

Items (each for ``--budget`` seconds in all, in round-robin slices over the items, so a change in
machine load hits all items alike):

- ``random playout``  — whole games from the start, a uniformly random legal action each time;
  one unit is one ``apply`` (actions per second);
- ``determinize``     — sampled worlds per second at decision points (one per search iteration);
- ``ismcts cut-off``  — the default ``ismcts`` agent: random rollouts that stop at the next
  position ``evaluate`` can value (Rex: the ceasefire window or the first bid of a round;
  Verräter: the start of the next round);
- ``ismcts heuristic`` — the same with every seat playing the game's heuristic in the rollouts.

The decision points are 60 spread evenly over games between each game's heuristic bots (random
play spends most of its decisions in Rex's ceasefire window), as ``turncoat bench rex`` takes
them (``turncoat.sim.bench``, whose measurements this script reuses on one pinned core, adding
the heuristic rollouts).  Rates are per CPU second of this process (on a shared machine that is
what one core delivers); the last column is Rex's rate over Verräter's.  The table goes to
stdout and a JSON copy to ``bench/results/`` (gitignored).  This is a script, not a test:
nothing here asserts a time.
"""

from __future__ import annotations

from _measure import cpu_share, pin_to_one_core, print_per_call, print_ratios, print_targets, save, speed_args
from _measure import simulator_rates as rates
from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.game import RexGame

TARGETS = {"random playout": 10_000.0, "ismcts cut-off": 1_000.0}


def main() -> None:
    args = speed_args((__doc__ or "").splitlines()[0], players=6, name="Rex")
    pinned = pin_to_one_core()
    rows, positions, verrater_positions = rates(
        "rex", RexGame(RexConfig(players=args.players)), args.budget, args.slices
    )
    print(
        f"Rex ({args.players} players, {positions} positions) against Verräter (4 players, "
        f"{verrater_positions} positions), {pinned}, {args.budget:g} s per item, "
        f"CPU share {cpu_share(rows):.0%}"
    )
    print_ratios(rows, "rex", "Rex", "Rex/Verräter", 13)
    print_per_call(rows, "rex", "Rex")
    print_targets(rows, "rex", "Rex", TARGETS)
    save("rex_speed", pinned, args.players, args.budget, rows)


if __name__ == "__main__":
    main()
