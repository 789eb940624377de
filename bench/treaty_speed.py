"""Treaty Skirmish engine and search speed on one core, with Verräter measured in the same run as
the baseline.

Run:  uv run python bench/treaty_speed.py [--budget 4] [--players 5]

Items (each for ``--budget`` seconds in all, in round-robin slices over the items, so a change in
machine load hits all items alike):

- ``random playout``  — whole games from the start, a uniformly random legal action each time;
  one unit is one ``apply`` (actions per second);
- ``determinize``     — sampled worlds per second at decision points (one per search iteration);
- ``ismcts cut-off``  — the default ``ismcts`` agent: rollouts by the game's playout policy
  (Treaty Skirmish: random decisions without gifts) that stop at the next position ``evaluate``
  can value (Treaty Skirmish: the first action of the next round; Verräter: the start of the
  next round);
- ``ismcts heuristic`` — the same with every seat playing the game's heuristic in the rollouts.

The decision points are those of games between heuristic bots (Treaty Skirmish; random play
spends most of its decisions handing out trade goods) and of random games (Verräter).  Rates are
per CPU second of this process (on a shared machine that is what one core delivers); the last
column is Treaty Skirmish's rate over Verräter's.  The table goes to stdout and a JSON copy to
``bench/results/`` (gitignored).  This is a script, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from _measure import (
    cpu_share,
    pin_to_one_core,
    positions,
    print_per_call,
    print_ratios,
    print_targets,
    save,
    speed_args,
)
from turncoat.agents.base import SeatView
from turncoat.agents.ismcts import ISMCTSAgent
from turncoat.core.registry import load_game
from turncoat.games.treaty_skirmish.config import TreatySkirmishConfig
from turncoat.games.treaty_skirmish.game import TreatySkirmishGame

TARGETS = {"random playout": 10_000.0, "ismcts cut-off": 1_000.0}

Body = Callable[[], int]  # does some work, returns the units done


def playout_body(game: Any, seed: list[int]) -> Body:
    """One random game from the start; the units are its actions."""

    def body() -> int:
        seed[0] += 1
        rng = random.Random(seed[0])
        state = game.new_initial_state(seed[0])
        done = 0
        while seats := game.to_act(state):
            seat = min(seats)
            legal = game.legal_actions(state, seat)
            state = game.apply(state, seat, legal[int(rng.random() * len(legal))]).state
            done += 1
        return done

    return body


def cycle(spots: list[tuple[Any, int]]) -> Callable[[], tuple[Any, int]]:
    cursor = [0]

    def next_spot() -> tuple[Any, int]:
        cursor[0] += 1
        return spots[cursor[0] % len(spots)]

    return next_spot


def determinize_body(game: Any, spots: list[tuple[Any, int]], worlds: int = 50) -> Body:
    spot = cycle(spots)

    def body() -> int:
        state, seat = spot()
        for k in range(worlds):
            game.determinize(state, seat, k)
        return worlds

    return body


def ismcts_body(game: Any, spots: list[tuple[Any, int]], iterations: int, **options: Any) -> Body:
    agent = ISMCTSAgent(iterations=iterations, seed=1, **options)
    spot = cycle(spots)

    def body() -> int:
        state, seat = spot()
        agent.search(SeatView(game, state, seat), random.Random(0))
        return agent.last_iterations

    return body


def measure(items: dict[str, Body], budget: float, slices: int) -> dict[str, dict[str, float]]:
    totals = {name: [0, 0.0, 0.0] for name in items}
    for _ in range(slices):
        for name, body in items.items():
            start, cpu = time.perf_counter(), time.process_time()
            while time.perf_counter() - start < budget / slices:
                totals[name][0] += body()
            totals[name][1] += time.perf_counter() - start
            totals[name][2] += time.process_time() - cpu
    return {
        name: {
            "units": units,
            "seconds": seconds,
            "cpu_seconds": cpu,
            "per_second": units / seconds,
            "per_cpu_second": units / cpu if cpu > 0 else float("nan"),
        }
        for name, (units, seconds, cpu) in totals.items()
    }


def main() -> None:
    args = speed_args((__doc__ or "").splitlines()[0], players=5, name="Treaty Skirmish")
    pinned = pin_to_one_core()
    treaty = TreatySkirmishGame(TreatySkirmishConfig(players=args.players))
    verrater = load_game("verrater", players=4)
    treaty_spots = positions(treaty, games=4, every=5, heuristic=True)
    verrater_spots = positions(verrater, games=4, every=7, heuristic=False)
    items: dict[str, Body] = {}
    for label, game, spots in (("treaty", treaty, treaty_spots), ("verrater", verrater, verrater_spots)):
        items[f"{label} random playout"] = playout_body(game, [0])
        items[f"{label} determinize"] = determinize_body(game, spots)
        items[f"{label} ismcts cut-off"] = ismcts_body(game, spots, 100)
        items[f"{label} ismcts heuristic"] = ismcts_body(game, spots, 20, rollout="heuristic")
    rows = measure(items, args.budget, args.slices)
    print(
        f"Treaty Skirmish ({args.players} players, {len(treaty_spots)} positions) against Verräter "
        f"(4 players, {len(verrater_spots)} positions), {pinned}, {args.budget:g} s per item, "
        f"CPU share {cpu_share(rows):.0%}"
    )
    print_ratios(rows, "treaty", "Treaty", "Treaty/Verräter", 16)
    for label in ("treaty", "verrater"):
        print_per_call(rows, label, label)
    print_targets(rows, "treaty", "Treaty Skirmish", TARGETS)
    save("treaty_speed", pinned, args.players, args.budget, rows)


if __name__ == "__main__":
    main()
