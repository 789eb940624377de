"""Verräter's running tally while the conflict is fought: each house's strength so far, as the
viewer may know it, the engine's own count (RULES §5 step 5) of what the viewer knows."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from tests.tui.waiting import until_done
from turncoat.core.actions import Viewer
from turncoat.core.record import replay
from turncoat.core.registry import load_game
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.phases.conflict import conflict_strength, reveal_actions
from turncoat.games.verrater.phases.conflict_site import contested_pair
from turncoat.games.verrater.state import COMMIT, Draft, State
from turncoat.skins.verrater.terminal import view
from turncoat.skins.verrater.terminal.app import VerraterApp
from turncoat.skins.verrater.terminal.session import Session, plan_seats
from turncoat.tui.table_app import screen_text

from .helpers import SIZE


def engine_strength(game: VerraterGame, state: State, viewer: Viewer) -> tuple[int, int]:
    """The engine's strengths (RULES §5 step 5) of the position with only the action cards the
    viewer knows (his own) in play: the engine's own reveal (step 4, the Traitor's flip) and
    its own count."""
    d = Draft.of(state)
    for p in range(d.players):
        if p != viewer:
            d.set_seat("roles", p, "")
    reveal_actions(d, [])
    return conflict_strength(game.ctx, d, *contested_pair(d))


def test_rules_5_step_5_the_tally_is_the_engine_s_strength_of_what_the_viewer_knows() -> None:
    """At every position of the commit (RULES §5 step 3) in a few games, for every seat and the
    public view: the tally equals the engine's count.  The games hold positions where the viewer
    is a Diplomat or the Traitor with cards committed (those change the count)."""
    seen: Counter[str] = Counter()
    for seed in range(6):
        game = load_game("verrater", players=4 if seed % 2 else 3)
        assert isinstance(game, VerraterGame)
        state = game.start(seed).state
        rng = random.Random(seed)
        while game.outcome(state) is None:
            if state.step == COMMIT:
                for viewer in (None, *range(state.players)):
                    obs = game.observe(state, viewer)
                    assert view.tally(obs, game.ctx.tables) == engine_strength(game, state, viewer)
                    if viewer is not None and state.committed[viewer]:
                        seen[state.roles[viewer] or "none"] += 1
                    seen["positions"] += 1
            else:
                assert view.tally(game.observe(state, 0), game.ctx.tables) is None
            (seat,) = game.to_act(state)
            state = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat)))).state
    assert seen["traitor"] and seen["diplomat_2"] and seen["diplomat_5"], seen


def test_the_tally_never_counts_another_seat_s_hidden_action_card() -> None:
    """Whatever the others hold, the viewer's tally is the same: it is drawn from the viewer's
    own observation (a re-deal of everything the viewer cannot see changes nothing)."""
    game = load_game("verrater", players=4)
    assert isinstance(game, VerraterGame)
    state = game.start(4).state
    rng = random.Random(4)
    checked = 0
    while game.outcome(state) is None and checked < 40:
        if state.step == COMMIT:
            for viewer in range(state.players):
                shown = view.tally(game.observe(state, viewer), game.ctx.tables)
                for seed in (1, 2, 3):
                    world = game.determinize(state, viewer, seed)
                    assert view.tally(game.observe(world, viewer), game.ctx.tables) == shown
                checked += 1
        (seat,) = game.to_act(state)
        state = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat)))).state
    assert checked


def shown_tally(text: str) -> tuple[int, int]:
    """The two strengths the screen shows under "Conflict so far"."""
    eagles = re.search(r"▲ Eagles (\d+) = ", text)
    roses = re.search(r"✿ Roses (\d+) = ", text)
    assert eagles and roses, "no tally on screen"
    return int(eagles.group(1)), int(roses.group(1))


def at_ann_s_commit(session: Session) -> bool:
    return session.observe(0).step == COMMIT and session.to_act() == 0 and bool(session.observe(0).hand)


@pytest.mark.asyncio
async def test_the_screen_shows_the_tally_and_a_committed_card_adds_to_it() -> None:
    """Ann's commit: the screen shows the engine's strengths as Ann knows them; the card she
    commits adds its value to her house's (the other house's when she holds the Traitor)."""
    for seed in range(40):
        session = Session.open(plan_seats(4, "human,random,random,random", names="Ann"), seed=seed)
        rng = random.Random(seed)
        while not at_ann_s_commit(session) and session.outcome() is None:
            seat = session.to_act()
            assert seat is not None
            session.submit(seat, (rng.choice(list(session.legal_actions(seat))),))
        if at_ann_s_commit(session):
            break
    game = session.game
    app = VerraterApp(session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await until_done(pilot, lambda: bool(app.legal) and "Conflict so far" in screen_text(app))
        before = shown_tally(screen_text(app))
        state = replay(game, session.record).final_state  # the record replays to the state
        assert isinstance(state, State)
        assert before == engine_strength(game, state, 0)
        assert "(the others' action cards count at the reveal)" in screen_text(app)
        card = max(session.observe(0).hand or ())
        house = session.observe(0).seats[0].allegiance
        if session.observe(0).role == "traitor":
            house = view.other_house(house)
        await pilot.press("1")  # the highest card first
        await until_done(pilot, lambda: shown_tally(screen_text(app)) != before)
        after = shown_tally(screen_text(app))
        grew = (card, 0) if house == "eagle" else (0, card)
        assert after == (before[0] + grew[0], before[1] + grew[1])
        assert session.observe(0).seats[0].committed == (card,)
