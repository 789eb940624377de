"""StarCraft engine and search speed on one core, with Verräter measured in the same run as the
baseline.

Run:  uv run python bench/starcraft_speed.py [--budget 4] [--players 3]

Items (each for ``--budget`` seconds in all, in round-robin slices over the items, so a change in
machine load hits all items alike):

- ``random playout``  — whole games from the start, a uniformly random legal action each time;
  one unit is one ``apply`` (actions per second);
- ``determinize``     — sampled worlds per second at decision points (one per search iteration);
- ``ismcts cut-off``  — the default ``ismcts`` agent (100 iterations a decision): random rollouts
  that stop at the next position ``evaluate`` can value (StarCraft: the start of Planning or a lap
  of Execution turns; Verräter: the start of the next round);
- ``ismcts heuristic`` — the same with every seat playing the game's heuristic in the rollouts.

The decision points are 60 spread evenly over games between each game's heuristic bots, as
``turncoat bench starcraft`` takes them (``turncoat.sim.bench``, whose measurements this script
reuses on one pinned core, adding the heuristic rollouts).  Rates are per CPU second of this
process (on a shared machine that is what one core delivers); the last column is StarCraft's rate
over Verräter's.  The table goes to stdout and a JSON copy to ``bench/results/`` (gitignored).
This is a script, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import os

from _measure import cpu_share, pin_to_one_core, print_per_call, print_ratios, print_targets, save, speed_args
from _measure import simulator_rates as rates
from turncoat.core.registry import load_game

TARGETS = {"random playout": 5_000.0, "ismcts cut-off": 500.0}  # issue 14, per core


def main() -> None:
    args = speed_args((__doc__ or "").splitlines()[0], players=3, name="StarCraft")
    pinned = pin_to_one_core()
    load_before = os.getloadavg()[0]
    starcraft = load_game("starcraft", players=args.players)
    rows, positions, verrater_positions = rates("starcraft", starcraft, args.budget, args.slices)
    print(
        f"StarCraft ({args.players} players, {positions} positions) against Verräter (4 players, "
        f"{verrater_positions} positions), {pinned}, {args.budget:g} s per item, "
        f"CPU share {cpu_share(rows):.0%}, load {load_before:.1f} before"
    )
    print_ratios(rows, "starcraft", "StarCraft", "ratio", 8)
    print_per_call(rows, "starcraft", "StarCraft")
    print_targets(rows, "starcraft", "StarCraft", TARGETS)
    save("starcraft_speed", pinned, args.players, args.budget, rows, load_before=load_before)


if __name__ == "__main__":
    main()
