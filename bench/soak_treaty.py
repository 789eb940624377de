"""Soak: thousands of random Treaty Skirmish games over 4 to 6 players and the main options.

Run:  uv run python bench/soak_treaty.py [--games 10000] [--seed 0] [--workers 2] [--time-cap SECONDS]

Game ``i`` uses option combination ``i mod 108`` (players 4-6 × race assignment × when trade goods
may be given × when Support of the People is checked × two bundles of readings, see
``option_combos``) and the seed ``derive_seed(seed, i)``.  Random agents play it: the seat to act
picks uniformly among its ``legal_actions``.  The invariants of
``tests/games/treaty_skirmish/test_invariants.py`` (RULES §4.4: hand sizes, no card created or
lost, the Lazax hold only their own cards; the board's counts; §6.4: one fleet a system outside a
combat) are checked after every step (with GAPS Q4 fix B, whose drops shrink a hand, the card
counts only: ``check_cards_with_drops``); at the end the outcome is checked against §4.5 and §6.5
(with the default treaty profile, every ally holds the winner's lowest card among eligible
holders).  Every ``--replay-every``-th game is replayed from its record, rebuilt through the
registry as ``turncoat replay`` does, and must reach the same state digest.

A game with no end after ``MAX_DECISIONS`` decisions, a seat asked to act with no legal action, an
exception or a broken invariant is written as a replayable game record to ``soak-failures/``
(gitignored), and the script exits with status 1.
"""

from __future__ import annotations

import itertools
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the invariant checks live beside the test that uses them
    sys.path.insert(0, str(ROOT))

from tests.games.treaty_skirmish.test_invariants import check_end, check_invariants  # noqa: E402

from _soak import Soak, SoakFailure, by_config, main  # noqa: E402
from turncoat.core import treaties as T  # noqa: E402
from turncoat.core.engine import Transition  # noqa: E402
from turncoat.core.treaties import TreatyProfile  # noqa: E402
from turncoat.games.treaty_skirmish.components import LAZAX, treaty_catalogue  # noqa: E402
from turncoat.games.treaty_skirmish.config import TreatySkirmishConfig, treaty_profile  # noqa: E402
from turncoat.games.treaty_skirmish.game import TreatySkirmishGame  # noqa: E402
from turncoat.games.treaty_skirmish.phases.objectives import final_winners, objective_met  # noqa: E402
from turncoat.games.treaty_skirmish.state import State  # noqa: E402

# Random games take ~300-700 decisions (gifts included); fifty thousand is far beyond any that ends.
MAX_DECISIONS = 50_000
# The other reading of every open question (GAPS Q3-Q9, Q6) in one bundle.
OTHER_READINGS: dict[str, Any] = {
    "neighbours_skip_lazax": False,
    "support_needs_loyal_holders": False,
    "eliminated_can_win": True,
    "speaker_passes": "every_income",
    # the treaty module's switches are the game's own top-level options
    "traitors_removed_before_lowest": False,
    "winner_holding_other_winner_card": "holder_takes_the_slot",
    "eliminated_can_be_ally": True,
    "home_owner": "current_controller",
    "allow_return_foreign_card": True,
}


def option_combos() -> list[dict[str, Any]]:
    """4-6 players × race assignment × trade-goods gifts × Support check × readings (the
    defaults, ``OTHER_READINGS``, and those with GAPS Q4 fix B on as well): 108."""
    combos = []
    for players, races, gifts, support, readings in itertools.product(
        (4, 5, 6),
        ("in_order", "random"),
        ("own_decision", "envoy", "never"),
        ("after_any_receipt", "on_fourth_treaty"),
        ("default", "other", "other+fix_b"),
    ):
        combo: dict[str, Any] = {
            "players": players,
            "race_assignment": races,
            "trade_goods_gifts": gifts,
            "support_check": support,
        }
        if readings != "default":
            combo.update(OTHER_READINGS)
        if readings == "other+fix_b":
            combo["allow_self_home_reshuffle"] = True
        combos.append(combo)
    return combos


def check_cards_with_drops(g: TreatySkirmishGame, s: State) -> None:
    """GAPS Q4 fix B: a drop at one's own Home shrinks the hand, so §4.4's |H(p)| = N(p) − given
    becomes N(p) − given − dropped; no card is created or lost, the Lazax hold only theirs."""
    tr = s.treaties
    dropped = Counter(x.receiver for x in s.exchanges if x.card is None)
    for p, started in tr.started_with:
        if len(T.hand(tr, p)) != started - T.given_count(tr, p) - dropped[p]:
            raise SoakFailure(f"seat {p} holds {len(T.hand(tr, p))} cards")
    everything = [c for _, h in tr.hands for c in h] + list(tr.pile)
    if tr.pending is not None:
        everything.append(tr.pending.card)
    if sorted(everything) != sorted(treaty_catalogue(s.races, g.ctx.config.treaty_cards_per_race)):
        raise SoakFailure("treaty cards were created or lost")
    lazax = s.races.index(LAZAX)
    if any(c.faction != LAZAX for c in T.hand(tr, lazax)):
        raise SoakFailure("the Lazax hold a foreign card")


def check_step(g: TreatySkirmishGame, _before: State | None, t: Transition[State]) -> list[str]:
    """§4.4 and §6.4 after every step (with GAPS Q4 fix B, the card counts that allow drops)."""
    try:
        if g.ctx.config.allow_self_home_reshuffle:
            check_cards_with_drops(g, t.state)
        else:
            check_invariants(g, t.state)
    except (AssertionError, SoakFailure) as exc:
        return [str(exc)]
    return []


def check_outcome(g: TreatySkirmishGame, s: State) -> None:
    """§6.5: an immediate win has one primary winner whose objective is met; after the last
    round the primary winners are exactly those meeting their objectives; §4.5 with the default
    profile (the engine author's ``check_end``)."""
    result = s.result
    if result is None:
        raise SoakFailure("a finished game has no result")
    problems: list[str] = []
    if result.reason == "immediate":
        if len(result.primary) != 1 or not objective_met(g.ctx, s, result.primary[0]):
            problems.append(f"immediate win by {result.primary} whose objective is not met")
    elif result.reason in ("final_round", "nobody"):
        if s.round != g.ctx.n.rounds:
            problems.append(f"{result.reason} in round {s.round}")
        if tuple(result.primary) != final_winners(g.ctx, s):
            problems.append(f"primary {result.primary}, objectives say {final_winners(g.ctx, s)}")
        if (result.reason == "nobody") != (not result.primary):
            problems.append(f"reason {result.reason} with primary winners {result.primary}")
    else:
        problems.append(f"unknown reason {result.reason!r}")
    if not set(result.primary) <= set(result.winners):
        problems.append(f"primary {result.primary} not among winners {result.winners}")
    outcome = g.outcome(s)
    if outcome is None or set(outcome.winners) != set(result.winners):
        problems.append(f"outcome {outcome} does not match the result's winners {result.winners}")
    if treaty_profile(g.ctx.config) == TreatyProfile():
        try:
            check_end(g, s)
        except AssertionError as exc:
            problems.append(f"§4.5 resolution: {exc}")
    if problems:
        raise SoakFailure("; ".join(problems))


def summary(s: State) -> tuple[int, int, str]:
    assert s.result is not None
    return s.players, s.round, s.result.reason


SOAK = Soak(
    game="treaty",
    script="bench/soak_treaty.py",
    combos=option_combos(),
    make_game=by_config(TreatySkirmishGame, TreatySkirmishConfig),
    check_step=check_step,
    check_outcome=check_outcome,
    summary=summary,
    max_decisions=MAX_DECISIONS,
    chunksize=8,
)

if __name__ == "__main__":
    raise SystemExit(main(SOAK))
