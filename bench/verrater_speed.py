"""Verräter engine speed on one core, with RLCard UNO and Leduc hold'em as pure-Python baselines.

Run:  uv run --extra bench python bench/verrater_speed.py [--budget 3] [--no-baselines]

Every item runs for a fixed time budget (``--budget`` seconds, measured with
``time.perf_counter``).  Random agents pick uniformly with ``random.Random`` from the legal
actions; a turncoat "decision" is one ``apply`` call, a baseline "step" one ``step`` call.
The table goes to stdout and a JSON copy to ``bench/results/`` (gitignored).  This is a
script, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import itertools
import json
import platform
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec

from _measure import pin_to_one_core
from turncoat.games.verrater.config import VerraterConfig
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.state import OVER, Draft, State

RESULTS_DIR = Path(__file__).resolve().parent / "results"


class Result(msgspec.Struct):
    item: str
    value: float
    unit: str
    calls: int
    seconds: float
    note: str = ""


def run_for(budget: float, body: Callable[[], int]) -> tuple[int, float]:
    """Call ``body`` (returns how many units it did) until ``budget`` seconds have passed."""
    units = 0
    start = time.perf_counter()
    while True:
        units += body()
        elapsed = time.perf_counter() - start
        if elapsed >= budget:
            return units, elapsed


# -- throughput: turncoat playouts and the RLCard baselines, interleaved -------------------------

Body = Callable[[], int]  # plays one game, returns its decisions (or steps)


def run_interleaved(budget: float, bodies: dict[str, Body], slices: int = 6) -> dict[str, tuple[int, float]]:
    """Give every body ``budget`` seconds in all, in round-robin slices, so a change in machine
    load during the run hits all of them alike and the ratios stay fair."""
    totals = {name: (0, 0.0) for name in bodies}
    for _ in range(slices):
        for name, body in bodies.items():
            units, elapsed = run_for(budget / slices, body)
            done, spent = totals[name]
            totals[name] = (done + units, spent + elapsed)
    return totals


def verrater_playout(game: VerraterGame, games: Counter[str], name: str) -> Body:
    """A random agent: ``random.Random`` picks uniformly from ``legal_actions``."""
    rnd = random.Random(12345)
    seeds = itertools.count(1)

    def one_game() -> int:
        s = game.new_initial_state(next(seeds))
        decisions = 0
        while s.step != OVER:
            player = s.actor
            s = game.apply(s, player, rnd.choice(game.legal_actions(s, player))).state
            decisions += 1
        games[name] += 1
        return decisions

    return one_game


def rlcard_bodies(games: Counter[str]) -> dict[str, Body]:
    """UNO and Leduc hold'em random agents: through the RL env (with its observation encoding)
    and on the bare game object (closer to what a turncoat playout does)."""
    try:
        import rlcard
        from rlcard.games.leducholdem.game import LeducholdemGame
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        print("rlcard is not installed: run `uv sync --extra bench` (baselines skipped)", file=sys.stderr)
        return {}
    rnd = random.Random(777)
    bodies: dict[str, Body] = {}
    for env_id, label in (("uno", "RLCard UNO"), ("leduc-holdem", "RLCard Leduc hold'em")):
        name = f"{label} env random agent"
        env: Any = rlcard.make(env_id, config={"seed": 1})

        def env_game(env: Any = env, name: str = name) -> int:
            state, _ = env.reset()
            steps = 0
            while not env.is_over():
                state, _ = env.step(rnd.choice(list(state["legal_actions"])))
                steps += 1
            games[name] += 1
            return steps

        bodies[name] = env_game
    for game_cls, label in ((UnoGame, "RLCard UNO"), (LeducholdemGame, "RLCard Leduc hold'em")):
        name = f"{label} game random agent"
        bare: Any = game_cls()
        bare.np_random.seed(1)

        def bare_game(bare: Any = bare, name: str = name) -> int:
            state, _ = bare.init_game()
            steps = 0
            while not bare.is_over():
                state, _ = bare.step(rnd.choice(state["legal_actions"]))
                steps += 1
            games[name] += 1
            return steps

        bodies[name] = bare_game
    return bodies


def throughput(budget: float, baselines: bool) -> tuple[list[Result], dict[str, float]]:
    games: Counter[str] = Counter()
    ours = {
        "Verräter 4p random playout": verrater_playout(
            VerraterGame(VerraterConfig(players=4)), games, "Verräter 4p random playout"
        ),
        "Verräter 3p random playout": verrater_playout(
            VerraterGame(VerraterConfig(players=3)), games, "Verräter 3p random playout"
        ),
    }
    theirs = rlcard_bodies(games) if baselines else {}
    totals = run_interleaved(budget, {**ours, **theirs})
    results: list[Result] = []
    for name, (units, elapsed) in totals.items():
        unit = "decisions/s" if name in ours else "steps/s"
        per_game = f"{units / games[name]:.1f} {unit.split('/')[0]}/game"
        results.append(Result(name, units / elapsed, unit, units, elapsed, per_game))
        if name in ours:
            results.append(Result(name, games[name] / elapsed, "games/s", games[name], elapsed))
    mine = totals["Verräter 4p random playout"]
    ratios = {name: (mine[0] / mine[1]) / (units / elapsed) for name, (units, elapsed) in totals.items()}
    return results, {name: r for name, r in ratios.items() if name in theirs}


# -- micro benchmarks ---------------------------------------------------------------------------


def sample_states(game: VerraterGame, games: int = 12) -> list[State]:
    """Every non-final state of a few random games: all steps, early and late rounds."""
    rnd = random.Random(99)
    out: list[State] = []
    for seed in range(games):
        s = game.new_initial_state(seed)
        while s.step != OVER:
            out.append(s)
            s = game.apply(s, s.actor, rnd.choice(game.legal_actions(s, s.actor))).state
    return out


def per_call(name: str, states: Sequence[State], fn: Callable[[State], object], budget: float) -> Result:
    def batch() -> int:
        for s in states:
            fn(s)
        return len(states)

    calls, elapsed = run_for(budget, batch)
    return Result(name, elapsed / calls * 1e6, "µs/call", calls, elapsed, f"over {len(states)} states")


def micro_benchmarks(game: VerraterGame, budget: float) -> list[Result]:
    states = sample_states(game)
    encoder = msgspec.json.Encoder()
    decoder = msgspec.json.Decoder(State)
    assert all(decoder.decode(encoder.encode(s)) == s for s in states[:50])
    first_legal = {id(s): game.legal_actions(s, s.actor)[0] for s in states}

    def json_round_trip(s: State) -> State:
        return decoder.decode(encoder.encode(s))

    return [
        per_call(
            "copy: msgspec.structs.replace (1 field)",
            states,
            lambda s: msgspec.structs.replace(s, rng=s.rng + 1),
            budget,
        ),
        per_call("copy: Draft.of(s).freeze()", states, lambda s: Draft.of(s).freeze(), budget),
        per_call("legal_actions(s, actor)", states, lambda s: game.legal_actions(s, s.actor), budget),
        per_call(
            "apply(s, actor, first legal)",
            states,
            lambda s: game.apply(s, s.actor, first_legal[id(s)]),
            budget,
        ),
        per_call("observe(s, seat 0)", states, lambda s: game.observe(s, 0), budget),
        per_call("determinize(s, seat 0, k)", states, lambda s: game.determinize(s, 0, 7), budget),
        per_call("JSON round-trip of a State (typed)", states, json_round_trip, budget),
    ]


# -- report -------------------------------------------------------------------------------------


def print_table(results: Sequence[Result], ratios: dict[str, float]) -> None:
    width = max(len(r.item) for r in results) + 2
    print(f"{'item':<{width}}{'value':>14}  {'unit':<12}{'calls':>11}  note")
    print("-" * (width + 60))
    for r in results:
        print(f"{r.item:<{width}}{r.value:>14,.2f}  {r.unit:<12}{r.calls:>11,}  {r.note}")
    if ratios:
        print()
        print("ratios (turncoat Verräter 4p decisions/s ÷ baseline steps/s):")
        for name, ratio in ratios.items():
            print(f"  {name:<{width + 10}} {ratio:6.2f}x")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--budget", type=float, default=3.0, help="seconds per item (default 3)")
    parser.add_argument("--no-baselines", action="store_true", help="skip the RLCard baselines")
    parser.add_argument("--out", type=Path, default=RESULTS_DIR, help="folder for the JSON result")
    args = parser.parse_args(argv)

    pinned = pin_to_one_core()
    print(
        f"Python {platform.python_version()} on {platform.platform()}; {pinned}; {args.budget:g} s per item"
    )
    results, ratios = throughput(args.budget, not args.no_baselines)
    results += micro_benchmarks(VerraterGame(VerraterConfig(players=4)), args.budget)
    print()
    print_table(results, ratios)

    args.out.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    path = args.out / f"verrater_speed-{stamp}.json"
    report = {
        "benchmark": "verrater_speed",
        "time": stamp,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpu": pinned,
        "budget_s": args.budget,
        "command": " ".join(sys.argv),
        "results": msgspec.to_builtins(results),
        "ratios_turncoat_over_baseline": ratios,
    }
    path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nwrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
