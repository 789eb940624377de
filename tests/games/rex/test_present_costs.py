"""What a recruitment, a landing or a move costs, shown before the player commits (RULES §8,
§9.2-§9.4): the price the presentation reads from the viewer's observation must be the price the
engine then charges, in every position random games reach (3 to 6 players, every race)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from turncoat.core.present import plain
from turncoat.core.registry import load_game
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.present import RexPresentation

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


def rex(players: int) -> tuple[RexGame, RexPresentation]:
    game = load_game("rex", players=players)
    assert isinstance(game, RexGame)
    return game, RexPresentation(game)


def priced_steps(players: int, seed: int) -> dict[str, int]:
    """Play a random game; at every recruitment, landing count and move destination compare the
    price shown with the engine's.  How many of each were checked."""
    game, face = rex(players)
    rng = random.Random(seed)
    step = game.start(seed)
    state = step.state
    checked = {"recruit": 0, "paid recruit": 0, "land": 0, "paid land": 0, "move": 0}
    while game.to_act(state):
        seat = min(game.to_act(state))
        legal = list(game.legal_actions(state, seat))
        obs = game.observe(state, seat)
        labels = {
            repr(c.action): plain(c.label, NAMES) for d in face.decisions(obs, legal) for c in d.choices
        }
        for action in legal:
            said = labels[repr(action)]
            if isinstance(action, A.Recruit):
                price = face.recruit_price(obs, action.units, action.mechanized, action.leader)
                done = game.apply(state, seat, action)
                paid = [e.cost for e in done.events if isinstance(e, E.Recruited)]
                if paid:  # else the Lazax are asked to pay for the recruits beyond the limit first
                    assert paid == [price], (said, paid)
                    assert (
                        f" for {price} influence" if price else " (free)"
                    ) in said or said == "Recruit nothing"
                    checked["recruit"] += 1
                    checked["paid recruit"] += price > 0
            elif isinstance(action, A.LandUnits):
                price = face.landing_price(obs, action.units + action.mechanized)
                done = game.apply(state, seat, action)
                paid = [e.cost for e in done.events if isinstance(e, E.UnitsLanded | E.UnitsWithdrawn)]
                if paid:  # else a card window may cancel a race ability first (§17): priced later
                    assert paid == [price], (said, paid)
                    assert (f" for {price} influence" if price else " (free)") in said, said
                    checked["land"] += 1
                    checked["paid land"] += price > 0
            elif isinstance(action, A.MoveTo):
                lines, most = face.move_lines(obs, action.piece)
                assert most == state.allowance[seat] and 0 <= lines <= most, (said, lines, most)
                assert re.search(rf"\({lines} lines? of your {most}\)$", said), said
                checked["move"] += 1
            elif isinstance(action, A.LandIn | A.CrossTo):
                rate = face.landing_rate(obs, action.piece)
                assert f"({rate} influence a unit" in said or "(free)" in said, said
        state = game.apply(state, seat, rng.choice(legal)).state
    return checked


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (6, 4), (6, 7)])
def test_rules_8_and_9_4_the_price_shown_is_the_price_paid(players: int, seed: int) -> None:
    checked = priced_steps(players, seed)
    assert checked["recruit"] > 0 and checked["land"] > 0 and checked["move"] > 0, checked


def test_rules_8_and_9_4_paid_recruits_and_landings_are_priced_across_games() -> None:
    """Over a few games the prices checked include paid ones, not only free ones."""
    totals: dict[str, Any] = {}
    for players, seed in [(3, 11), (4, 12), (6, 13)]:
        for k, v in priced_steps(players, seed).items():
            totals[k] = totals.get(k, 0) + v
    assert totals["paid recruit"] > 0 and totals["paid land"] > 0, totals


def test_rule_8_the_recruitment_prompt_says_the_free_units_and_the_price() -> None:
    game, face = rex(3)
    rng = random.Random(5)
    state = game.start(5).state
    while game.to_act(state):
        seat = min(game.to_act(state))
        legal = list(game.legal_actions(state, seat))
        if any(isinstance(a, A.Recruit) for a in legal):
            obs = game.observe(state, seat)
            (decision,) = [
                d for d in face.decisions(obs, legal) if d.title == "Recruit from your casualty pool"
            ]
            assert re.fullmatch(
                r"Up to 5 units: the first \d free, each further one 2 influence; a leader costs his"
                rf" strength\. You have {obs.seats[seat].influence} influence\.",
                decision.prompt,
            ), decision.prompt
            return
        state = game.apply(state, seat, rng.choice(legal)).state
    pytest.fail("no recruitment in a whole game")
