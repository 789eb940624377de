"""The timeout move (docs/rex.md, "When a clock runs out"): at every decision of random games,
the table plays the least committal legal action, as documented per decision."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import pytest

from turncoat.core.registry import load_game
from turncoat.games.rex import actions as A
from turncoat.games.rex.timeout import fewest_cards, most_kept, no_envoy

Decision = tuple[str, list[Any], Any]  # the step, its legal actions, the timeout move


@functools.cache
def decisions() -> tuple[Decision, ...]:
    """Every decision with a choice in four random 6-player games (betrayal cards in play)."""
    out: list[Decision] = []
    for seed in range(4):
        game = load_game("rex", players=6, betrayal_cards=True)
        state, rng = game.start(seed).state, random.Random(seed)
        while game.outcome(state) is None:
            seat = min(game.to_act(state))
            legal = list(game.legal_actions(state, seat))
            if len(legal) > 1:
                out.append((state.step, legal, game.default_action(state, seat)))
            state = game.apply(state, seat, rng.choice(legal)).state
    return tuple(out)


def cards(a: A.PlayCards) -> int:
    return (a.attack is not None) + (a.defense is not None)


def first(legal: list[Any], move: Any) -> bool:
    return bool(move == legal[0])


def plan_part(legal: list[Any], move: Any) -> bool:
    """The lowest dial offered, no card, or the first leader promising the fewest cards."""
    if isinstance(move, A.SetDial):
        return move.value == min(a.value for a in legal if isinstance(a, A.SetDial))
    if isinstance(move, A.ShowCard):
        return move.card is None or all(a.card is not None for a in legal if isinstance(a, A.ShowCard))
    promised = {"none": 0, "attack": 1, "defense": 1, "both": 2}
    fewest = min(promised[a.slot] for a in legal if isinstance(a, A.PickLeader))
    return isinstance(move, A.PickLeader) and move == legal[0] and promised[move.slot] == fewest


# Per decision kind: what the timeout plays, as docs/rex.md lists it.
EXPECTED: dict[str, Callable[[list[Any], Any], bool]] = {
    "choose_race": first,
    "predict": first,
    "keep_traitor": first,
    "place_start": lambda legal, move: move == legal[0] and move.units == min(a.units for a in legal),
    "move_to": first,
    "cross_to": first,
    "choose_battle": first,
    "interrogate": first,
    "battle_losses": first,
    "battle_plan": plan_part,
    "foresee": plan_part,
    "bid": lambda legal, move: move in (A.PassBid(), A.GiftTo(None)),
    "card_window": lambda legal, move: move == A.PlayCard(None),
    "ceasefire": lambda legal, move: move in (A.EndCeasefire(), A.GiftTo(None)),
    "recruit": lambda legal, move: move in (A.Recruit(0, 0, None), A.GiftTo(None)),
    "move_from": lambda legal, move: move in (A.SkipMove(), A.GiftTo(None)),
    "land_to": lambda legal, move: move == A.SkipLanding(),
    "fleet_dial": lambda legal, move: move == min(legal, key=lambda a: a.value),
    "fleet_move": lambda legal, move: move == A.MoveFleet(0),
    "move_count": lambda legal, move: move == legal[0],
    "land_count": lambda legal, move: move == legal[0],
    "hacan_timing": lambda legal, move: move == A.HacanTiming(True),
    "envoy": lambda legal, move: move == A.SendEnvoy(False),
    "prescience": lambda legal, move: move == A.UsePrescience(None),
    "voice": lambda legal, move: move == A.GiveOrder(None),
    "traitor": lambda legal, move: move == A.RevealTraitor(False),
    "battle_cards": lambda legal, move: cards(move)
    == min(cards(a) for a in legal if isinstance(a, A.PlayCards)),
    "keep_cards": lambda legal, move: move.attack + move.defense == max(a.attack + a.defense for a in legal),
    "betrayal": lambda legal, move: move == A.Betray(False),
    "ally_consent": lambda legal, move: move == A.GiveConsent(False),
    "spare_ally": lambda legal, move: move == A.SpareAlly(False),
}


def test_timeout_plays_a_legal_action_at_every_decision() -> None:
    for step, legal, move in decisions():
        assert move in legal, (step, move)


@pytest.mark.parametrize("step", sorted(EXPECTED))
def test_timeout_plays_the_least_committal_action_per_decision(step: str) -> None:
    seen = [(legal, move) for s, legal, move in decisions() if s == step]
    if not seen:
        pytest.skip(f"four random games never reached {step} with a choice")
    for legal, move in seen:
        assert EXPECTED[step](legal, move), (step, move, legal[:4])


@pytest.mark.rule("RULES §18")
def test_no_envoy() -> None:
    assert no_envoy([A.SendEnvoy(True), A.SendEnvoy(False)]) == A.SendEnvoy(False)


@pytest.mark.rule("RULES §10.3")
def test_fewest_cards() -> None:
    plays = [A.PlayCards("attack_kinetic", "defense_kinetic"), A.PlayCards("decoy", None)]
    assert fewest_cards(plays) == A.PlayCards("decoy", None)


@pytest.mark.rule("RULES §10.3")
def test_most_kept() -> None:
    keeps = [A.KeepCards(False, False), A.KeepCards(True, False), A.KeepCards(True, True)]
    assert most_kept(keeps) == A.KeepCards(True, True)
