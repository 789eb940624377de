"""The terminal table at the end of a game and at the hand limit: one score, words for numbers."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from textual.widgets import Static

from turncoat.skins.verrater.terminal import view
from turncoat.skins.verrater.terminal.app import VerraterApp
from turncoat.skins.verrater.terminal.screens import EndScreen
from turncoat.skins.verrater.terminal.session import Session, plan_seats
from turncoat.tui.table_app import screen_text

from .helpers import SIZE, reach_end, settle


def played(stop: Callable[[Session], bool]) -> Session:
    """A game (Ann and three random bots) played by random legal moves until ``stop`` holds,
    for the first seed whose game gets there."""
    for seed in range(200):
        session = Session.open(plan_seats(4, "human,random,random,random", names="Ann"), seed=seed)
        rng = random.Random(seed)
        while not stop(session) and session.outcome() is None:
            seat = session.to_act()
            assert seat is not None
            session.submit(seat, (rng.choice(list(session.legal_actions(seat))),))
        if stop(session):
            return session
    raise AssertionError("no seed reached the wanted position")


def scored_trading_posts(session: Session) -> bool:
    outcome = session.outcome()
    return outcome is not None and any(outcome.details["trading_posts"])


def panel_text(app: VerraterApp, selector: str) -> str:
    """The characters a person sees inside one widget of the current screen."""
    region = app.screen.query_one(selector, Static).region
    lines = screen_text(app).splitlines()[region.y : region.y + region.height]
    return "\n".join(line[region.x : region.x + region.width] for line in lines)


@pytest.mark.asyncio
async def test_player_panels_show_the_final_score_with_trading_posts_at_the_end() -> None:
    """RULES §6.2: once the game is over the panels show the end screen's total."""
    session = played(scored_trading_posts)
    outcome = session.outcome()
    assert outcome is not None
    final = [int(v) for v in outcome.scores]
    running = [s.victory_points for s in session.observe(None).seats]
    assert final != running  # the trading posts make a difference in this game
    app = VerraterApp(session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await reach_end(pilot, app)
        await pilot.press("escape")  # back to the board
        await settle(pilot, app, lambda: not isinstance(app.screen, EndScreen))
        players = panel_text(app, "#players")
        for name, points in zip(session.names(), final, strict=True):
            line = next(x for x in players.splitlines() if name in x)
            assert re.search(rf"\b{points} VP\b", line), (name, points, line)


def test_player_panel_shows_the_running_vp_during_the_game() -> None:
    session = played(lambda s: s.observe(None).round == 3)
    obs = session.observe(0)
    text = view.players_text(obs, session.names(), [s.kind for s in session.seats]).plain
    for name, seat in zip(session.names(), obs.seats, strict=True):
        assert re.search(rf"{re.escape(name)}.*  {seat.victory_points} VP", text)


@pytest.mark.asyncio
async def test_the_round_by_round_table_says_what_each_number_is() -> None:
    """Landscape positions, house strengths, action cards and VP each carry their name (the
    engine's summary line "river (6) vs village (5); 17-19" read like strengths)."""
    session = played(scored_trading_posts)
    app = VerraterApp(session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await reach_end(pilot, app)
        text = panel_text(app, "#summary")
    rounds = session.game.round_summaries(session.events, None)
    types = session.observe(None).types
    assert "Round by round" in text and "Conflict site" in text and "Strength and result" in text
    for r in rounds:
        a, b = r["site"]
        assert f"Eagle {view.type_name(types[a])} (landscape {a})" in text
        assert f"vs Rose {view.type_name(types[b])} (landscape {b})" in text
        assert f"Eagles {r['strength']['eagle']} – Roses {r['strength']['rose']}:" in text
    assert len(re.findall(r"\+\d+ VP", text)) == 4 * len(rounds)
    assert len(re.findall(r"\w card,", text)) == 4 * len(rounds)


def test_the_hand_limit_prompt_says_how_many_cards_to_discard() -> None:
    """RULES step 10.4: "Discard 2 cards down to the hand limit of 5 (you hold 7)."."""
    session = played(lambda s: s.observe(None).step == "discard")
    seat = session.to_act()
    assert seat is not None
    obs = session.observe(seat)
    size = obs.seats[seat].hand_size
    extra = size - 5
    cards = "card" if extra == 1 else "cards"
    expected = f"Discard {extra} {cards} down to the hand limit of 5 (you hold {size})."
    assert view.prompt(obs, session.names(), 5) == expected
    assert view.prompt(obs, session.names(), 6).startswith(f"Discard {extra - 1} card")
