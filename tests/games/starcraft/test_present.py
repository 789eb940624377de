"""StarCraft's presentation (present.py) and timeouts (timeout.py): what people read shows only
what the viewer may know, marks the invented placeholder content wherever it is in play, and a
seat out of time plays the least committal legal action."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from turncoat.core.engine import Outcome
from turncoat.core.present import plain
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import log
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.phases import combat_actions as KA
from turncoat.games.starcraft.present import PLACEHOLDER_MARK, StarcraftPresentation, pending_z_words
from turncoat.games.starcraft.state import MOVE_Z_END, State

NAMES = ("Ann", "Bob", "Cy", "Di")


def playout(players: int, seed: int, steps: int = 700) -> Iterator[tuple[StarcraftGame, State]]:
    """Each state of a random game (every seat choosing at random)."""
    game = StarcraftGame.from_options(players=players)
    state = game.start(seed).state
    pick = random.Random(seed)
    for _ in range(steps):
        yield game, state
        if game.outcome(state) is not None:
            return
        seat = min(game.to_act(state))
        state = game.apply(state, seat, pick.choice(list(game.legal_actions(state, seat)))).state


def said(face: StarcraftPresentation, obs: Any) -> list[str]:
    """Every word of the screen for ``obs``: the step, the panels and the viewer's decisions."""
    text = [face.step_title(obs)]
    text += [panel.title for panel in face.panels(obs)]
    text += [plain(line, NAMES) for panel in face.panels(obs) for line in panel.lines]
    return text


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_rules_21_3_the_screen_shows_the_same_whatever_the_viewer_cannot_know(
    players: int, seed: int
) -> None:
    """§21.3: re-dealing every card and face the viewer cannot see (``determinize``) changes
    nothing on the viewer's screen: no hidden hand, deck order, order face, face-down combat card
    or pending event card shows through the presentation."""
    checked = 0
    for n, (game, state) in enumerate(playout(players, seed)):
        if n % 3:
            continue
        face = game.presentation()
        for viewer in range(players):
            other = game.determinize(state, viewer, seed=n)
            assert said(face, game.observe(state, viewer)) == said(face, game.observe(other, viewer))
            checked += 1
    assert checked > 30


def test_rules_21_3_opponents_orders_show_as_hidden_and_your_own_by_their_face() -> None:
    """§8, §21.3: in the galaxy panel an order token of another seat reads "hidden"; the owner
    reads its own token's face; a spectator reads every token as hidden."""
    seen_hidden = seen_own = 0
    for game, state in playout(3, 5, steps=400):
        tokens = [(planet, o) for planet, stack in state.stacks for o in stack]
        if not tokens:
            continue
        face = game.presentation()
        for viewer in (0, 1, 2, None):
            galaxy = next(p for p in face.panels(game.observe(state, viewer)) if p.title == "The galaxy")
            text = "\n".join(plain(line, NAMES) for line in galaxy.lines)
            others = sum(o.owner != viewer for _, o in tokens)
            assert text.count(" hidden") == others
            seen_hidden += others
            seen_own += len(tokens) - others
    assert seen_hidden and seen_own


def test_placeholder_content_is_marked_in_the_step_title_and_the_first_panel() -> None:
    """GAPS §3: the placeholder pack is in play from setup on, and every screen says so."""
    for game, state in playout(2, 7, steps=120):
        face = game.presentation()
        for viewer in (0, 1, None):
            obs = game.observe(state, viewer)
            assert face.step_title(obs).endswith(PLACEHOLDER_MARK)
            first = face.panels(obs)[0]
            assert first.title == "Placeholder content"
            assert "invented" in plain(first.lines[0], NAMES)


def test_the_placeholder_records_named_are_only_those_in_play() -> None:
    """The notice counts the planets drawn or placed, never the rest of the planet pile."""
    game, state = next(playout(2, 3, steps=1))
    obs = game.observe(state, None)
    planets = {r.split(".")[1] for r in game.presentation().invented_records(obs) if r.startswith("planets.")}
    in_play = {p.id for p in state.galaxy} | {p for s in state.seats for p in s.planets}
    assert planets <= in_play
    all_invented = {
        n.path.split(".")[1] for n in game.invented_in_play(state) if n.path.startswith("planets.")
    }
    assert planets == all_invented


def test_every_offered_action_is_labelled_in_words_not_as_a_struct() -> None:
    for game, state in playout(3, 11):
        for seat in game.to_act(state):
            face = game.presentation()
            for d in face.decisions(game.observe(state, seat), game.legal_actions(state, seat)):
                assert d.title != "Your decision"
                for c in d.choices:
                    label = plain(c.label, NAMES)
                    assert label and "(" not in label[:1] and "Action" not in label and "=" not in label


def test_pending_z_words_name_the_end_the_second_one_joins() -> None:
    """§6.1 step 5 (and §17's moved route): while the second end of a z-axis route is chosen, the
    decision's title names the placed end it joins; the same words stand under the map."""
    game, state = next((g, s) for g, s in playout(2, 4, 400) if s.step == "place_z_minor")
    end = state.z_major
    assert end is not None
    where = f"{log.planet_name(game.ctx, end.planet)} ({end.side} side)"
    obs = game.observe(state, state.actor)
    (decision,) = game.presentation().decisions(obs, game.legal_actions(state, state.actor))
    assert decision.title == f"Galaxy placement: the second end of the z-axis route from {where}"
    assert pending_z_words(game.ctx, obs) == f"Z-axis route: first end on {where}, second end to place"
    moving = game.observe(msgspec.structs.replace(state, step=MOVE_Z_END), None)
    assert "stays, its other end moves" in pending_z_words(game.ctx, moving)
    assert pending_z_words(game.ctx, game.observe(game.start(4).state, None)) == ""


def test_the_score_table_shows_conquest_points_and_the_win() -> None:
    game = StarcraftGame.from_options(players=3)
    outcome = Outcome(scores=(0.0, 1.0, 0.0), winners=(1,), details={"cp": [4, 15, 2]})
    table = game.presentation().score_table(outcome)
    assert table.columns == ("Conquest points", "Wins")
    assert table.rows == ((4.0, 0.0), (15.0, 1.0), (2.0, 0.0))


# -- when a clock runs out -------------------------------------------------------------------------
PASSIVE = (
    A.EndBuild(),
    A.EndMove(),
    A.DestroyNothing(),
    A.PlayEvent(None),
    A.DrawCombatCards(False),
    A.ExecuteOrder(True),
)


def test_timeout_plays_the_least_committal_legal_action() -> None:
    """docs/starcraft.md, "When a clock runs out": a passive choice where there is one, payment
    without force mining while anything else pays, a reveal rather than a destruction, and no
    combat card from the hand where a blind card is allowed."""
    kinds: set[str] = set()
    for seed in (1, 2, 3, 4):  # seed 4's random game reaches a payment
        for game, state in playout(3, seed):
            for seat in game.to_act(state):
                legal = list(game.legal_actions(state, seat))
                chosen = game.default_action(state, seat)
                assert chosen in legal
                kinds.add(type(chosen).__name__)
                passive = [a for a in PASSIVE if a in legal]
                if passive:
                    assert chosen == passive[0]
                if isinstance(chosen, A.Pay) and chosen.source == "force":
                    assert all(isinstance(a, A.Pay) and a.source == "force" for a in legal)
                if any(isinstance(a, A.RevealOrder) for a in legal):
                    assert isinstance(chosen, A.RevealOrder)
                if isinstance(chosen, KA.PlaceCombatCards) and KA.PlaceCombatCards(None) in legal:
                    assert chosen == KA.PlaceCombatCards(None)
    assert {"EndBuild", "Pay", "RevealOrder", "ExecuteOrder"} <= kinds


def test_timeout_is_refused_to_a_seat_that_is_not_to_act() -> None:
    game, state = next(playout(2, 1, steps=1))
    idle = next(s for s in range(2) if s not in game.to_act(state))
    with pytest.raises(Exception, match="no decision now"):
        game.default_action(state, idle)


def test_the_rule_16_4_option_is_offered_to_a_table_in_words() -> None:
    # [RULING] §16.4: a table may choose that nobody wins when the last players leave together
    face = StarcraftGame.from_options(players=2).presentation()
    spec = next(o for o in face.options() if o.name == "simultaneous_last_elimination")
    assert spec.values == ("share_victory", "nobody_wins")  # the default first
    assert spec.label == "When the last players leave the board together"


def test_build_labels_take_the_article_their_noun_needs() -> None:
    game = StarcraftGame.from_options(players=2)
    state = game.start(1).state
    face, obs = game.presentation(), game.observe(state, 0)
    area = next(iter(face.ctx.t.area))
    assert face.label(A.BuyModule(module="air_support"), obs) == "an air support module"
    assert face.label(A.BuyModule(module="supply"), obs) == "a supply module"
    assert face.label(A.BuildUnit(unit="ultralisk", area=area), obs).startswith("an Ultralisk in ")
