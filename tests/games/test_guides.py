"""Every game explains itself: a how-to-play guide, and a line for every kind of decision it can
offer (every action type of its ``action_type`` union), so the frontends' "?" is never empty.

The static check fails the day a game adds an action type without a line; the playouts check that
what a seat is really offered is explained, option by option, through the game's presentation.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from turncoat.core.present import HasGuide, action_tag, action_tags, explains, presentation_of
from turncoat.core.registry import builtin_games, load_game, registered

# the built-in games people can play (a game still being built has a package but no registration)
GAMES = tuple(g for g in builtin_games() if g in registered())
STEPS = 1500  # setup and several rounds of each game


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_guide_of_its_own_with_goal_terms_and_what_is_adapted(game_id: str) -> None:
    face = presentation_of(load_game(game_id))
    assert isinstance(face, HasGuide), f"{game_id} has no guide of its own"
    guide = face.guide()
    assert guide.title and guide.goal and guide.adapted
    terms = [t for section in guide.sections for t, _ in section.terms]
    assert len(terms) >= 5, "the key terms are named"
    for section in guide.sections:
        assert section.heading and (section.paragraphs or section.terms)
        assert all(t and meaning for t, meaning in section.terms)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_action_type_of_every_game_has_a_one_line_help(game_id: str) -> None:
    game = load_game(game_id)
    guide = presentation_of(game).guide()  # type: ignore[attr-defined]
    tags = action_tags(game.action_type)
    assert len(tags) >= 5
    missing = [t for t in tags if t not in guide.actions or not guide.actions[t].line]
    assert not missing, f"{game_id}: no help line for {missing}"
    unknown = sorted(set(guide.actions) - set(tags))
    assert not unknown, f"{game_id}: help for action types the game does not have: {unknown}"
    for t in tags:
        help_ = guide.actions[t]
        assert help_.name and "\n" not in help_.line and len(help_.line) <= 120


def _random_offers(game_id: str, seed: int) -> list[tuple[Any, Any, tuple[Any, ...]]]:
    """(observation, legal actions, decisions) for each seat to act along a random game."""
    game = load_game(game_id)
    face = presentation_of(game)
    state = game.start(seed).state
    pick = random.Random(seed)
    seen = []
    for _ in range(STEPS):
        if game.outcome(state) is not None:
            break
        seats = sorted(game.to_act(state))
        for seat in seats:
            legal = list(game.legal_actions(state, seat))
            obs = game.observe(state, seat)
            seen.append((obs, legal, face.decisions(obs, legal)))
        seat = pick.choice(seats)
        state = game.apply(state, seat, pick.choice(list(game.legal_actions(state, seat)))).state
    return seen


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_option_a_seat_is_offered_comes_with_a_line_that_explains_it(game_id: str, seed: int) -> None:
    kinds: set[str] = set()
    for _obs, legal, decisions in _random_offers(game_id, seed):
        offered = [c.action for d in decisions for c in d.everything()]
        assert set(map(repr, offered)) == set(map(repr, legal))  # help never hides a choice
        for d in decisions:
            for choice, said in explains(d):
                assert said, f"{game_id}: {action_tag(choice.action)} offered without a line"
                kinds.add(action_tag(choice.action))
    assert len(kinds) >= 3
