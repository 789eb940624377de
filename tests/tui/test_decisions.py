"""Every kind of decision a person makes in Verräter, made through the terminal table.

RULES §9 lists what a UI must offer: the first estate (setup step 6), the conflict site (step 1),
the action card to keep (step 2), the supply commit (step 3), the Builder's move (step 7) and the
hand-limit discards (step 10).  One person plays a whole game against random bots with a fixed
plan that steers into all of them; each choice goes in by key, arrow keys, or mouse.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.content import Content
from textual.widgets import OptionList

from turncoat.core.actions import Action
from turncoat.core.record import RecordedAction, encode_action
from turncoat.games.verrater import actions
from turncoat.games.verrater.components import RING_SIZE
from turncoat.games.verrater.notation import SIDE_NAMES
from turncoat.games.verrater.observe import VerraterObservation
from turncoat.skins.verrater.terminal import view
from turncoat.skins.verrater.terminal.app import MIN_SIZE, LandscapeCell, VerraterApp
from turncoat.skins.verrater.terminal.screens import EndScreen
from turncoat.skins.verrater.terminal.session import Session, plan_seats
from turncoat.tui.table_app import screen_text

from .helpers import (
    assert_log_is_redacted,
    assert_screen_shows_only_what_viewer_may_see,
    human_turn,
    reach_end,
    settle,
)

# Kept roles rotate by round, so the person is Builder (twice as often: build, convert and move
# each come up), Farmer (many cards: discards) and Strategist (the conflict site).
WANTED_ROLES = ("builder", "builder", "farmer", "strategist")
BUILDER_TURNS = (actions.Build, actions.Convert, actions.Move)

PROMPTS = {
    actions.PlaceEstate: "Place your first estate",
    actions.ChooseConflictSite: "choose the conflict site",
    actions.KeepRole: "Keep one action card from the packet you hold",
    actions.CommitSupply: "Commit supply cards face up",
    actions.FinishCommitting: "Commit supply cards face up",
    actions.Build: "You are the Builder",
    actions.Convert: "You are the Builder",
    actions.Move: "You are the Builder",
    actions.SkipBuilding: "You are the Builder",
    actions.DiscardSupply: "down to the hand limit of 5 (you hold",
}


def plan(legal: tuple[Action, ...], obs: VerraterObservation, builder_turns: int) -> int:
    """Which offered choice the person takes (an index into the list on screen)."""
    first = legal[0]
    if isinstance(first, actions.KeepRole):
        want = WANTED_ROLES[obs.round % len(WANTED_ROLES)]
        return next((i for i, a in enumerate(legal) if isinstance(a, actions.KeepRole) and a.role == want), 0)
    if isinstance(first, actions.CommitSupply | actions.FinishCommitting):
        me = obs.viewer
        assert me is not None
        if obs.round == 1 and not obs.seats[me].committed:
            return 0  # one card (the highest) in round 1, then hoard cards for the hand limit
        return next(i for i, a in enumerate(legal) if isinstance(a, actions.FinishCommitting))
    if isinstance(first, actions.ChooseConflictSite):
        return len(legal) - 1
    if any(isinstance(a, actions.SkipBuilding) for a in legal):
        kind = BUILDER_TURNS[builder_turns % len(BUILDER_TURNS)]
        fallback = next(i for i, a in enumerate(legal) if not isinstance(a, actions.SkipBuilding))
        return next((i for i, a in enumerate(legal) if isinstance(a, kind)), fallback)
    return 0


def shown(cell: LandscapeCell) -> str:
    """The text a landscape cell draws."""
    content = cell.render()
    assert isinstance(content, Content)
    return content.plain


def cell_fits(cell: LandscapeCell) -> bool:
    """The cell's text fits inside its border: nothing of the landscape is cut off."""
    lines = shown(cell).split("\n")
    region = cell.content_region
    return len(lines) <= region.height and all(Text(x).cell_len <= region.width for x in lines)


@pytest.mark.asyncio
async def test_every_decision_kind_is_offered_and_played_through_the_ui(tmp_path: Path) -> None:
    seats = plan_seats(4, "human,random,random,random", names="Ann")
    # Seed 5 brings up every kind of decision under these step-10 readings (GAP-20, GAP-12).
    step_10 = {"hand_limit_timing": "after_all_draws", "reshuffle_timing": "when_drawing"}
    session = Session.open(seats, seed=5, save_path=tmp_path / "all.json", **step_10)
    app = VerraterApp(session, bot_delay=0)
    played: dict[type, int] = {}
    async with app.run_test(size=MIN_SIZE) as pilot:
        while session.outcome() is None:
            await settle(pilot, app, lambda: human_turn(app))
            if isinstance(app.screen, EndScreen):
                break
            obs = session.observe(0)
            legal = app.legal
            # Offered: exactly the engine's legal actions, nothing added, nothing left out.
            assert sorted(map(repr, legal)) == sorted(map(repr, session.legal_actions(0)))
            text = screen_text(app)
            builder_turns = sum(played.get(k, 0) for k in (*BUILDER_TURNS, actions.SkipBuilding))
            choice = legal[plan(tuple(legal), obs, builder_turns)]
            assert PROMPTS[type(choice)] in text
            if isinstance(choice, actions.DiscardSupply):  # and how many cards the limit takes
                extra = obs.seats[0].hand_size - 5
                assert f"Discard {extra} card{'s' if extra != 1 else ''} down to" in text
            for n, action in enumerate(legal[:9]):
                assert f"{n + 1} {view.option_label(action, obs)}"[:60] in text
            if isinstance(choice, actions.KeepRole):
                # The draft shows the packet handed to Ann and nothing else of the draft.
                assert obs.packet is not None
                assert {a.role for a in legal if isinstance(a, actions.KeepRole)} == set(obs.packet)
            if type(choice) not in played:
                # The first time each kind comes up: the board fits and shows nothing hidden.
                assert all(cell_fits(app.query_one(f"#land-{i}", LandscapeCell)) for i in range(RING_SIZE))
                assert_screen_shows_only_what_viewer_may_see(app)
                assert_log_is_redacted(app)
            index = legal.index(choice)
            before = len(session.record.actions)
            style = sum(played.values()) % 3
            targets = view.landscapes_of(choice)
            if isinstance(choice, actions.PlaceEstate | actions.Build) and len(targets) == 1:
                # Mouse: the landscape highlights the first choice about it; Enter plays it.
                await pilot.click(f"#land-{targets[0]}")
                assert legal[app.query_one("#options", OptionList).highlighted or 0] == choice
                await pilot.pause()
                assert app.query_one(f"#land-{targets[0]}", LandscapeCell).has_class("pointed")
                await pilot.press("enter")
            elif style == 0 and index < 9:
                await pilot.press(str(index + 1))
            else:
                await pilot.press(*(["down"] * index), "enter")
            await pilot.pause()
            assert len(session.record.actions) > before, f"{choice!r} was not played"
            assert session.record.actions[before] == RecordedAction(player=0, action=encode_action(choice))
            played[type(choice)] = played.get(type(choice), 0) + 1
        await reach_end(pilot, app)
    kinds: tuple[type, ...] = (
        actions.PlaceEstate,
        actions.ChooseConflictSite,
        actions.KeepRole,
        actions.CommitSupply,
    )
    for kind in (*kinds, actions.FinishCommitting):
        assert played.get(kind), f"no {kind.__name__} decision came up"
    assert played.get(actions.DiscardSupply), "no hand-limit discard came up"
    for kind in BUILDER_TURNS:
        assert played.get(kind), f"the Builder never chose {kind.__name__}"


@pytest.mark.asyncio
async def test_board_shows_every_building_card_and_the_conflict_marker() -> None:
    seats = plan_seats(4, "human,heuristic,heuristic,heuristic", names="Ann")
    session = Session.open(seats, seed=8, save_path=None)
    app = VerraterApp(session, bot_delay=0)
    async with app.run_test(size=MIN_SIZE) as pilot:
        # Ann takes the first choice until round 3's site is set and she is to decide.
        while True:
            await settle(pilot, app, lambda: human_turn(app))
            obs = session.observe(0)
            if obs.round >= 3 and obs.site >= 0:
                break
            before = len(session.record.actions)
            await pilot.press("1")
            await pilot.pause()
            assert len(session.record.actions) > before  # the first choice was played
            assert session.record.actions[before].player == 0
        names = session.names()
        pair = view.contested(obs)
        assert pair is not None and sum(b is not None for b in obs.buildings) >= 4
        for i in range(RING_SIZE):
            cell = app.query_one(f"#land-{i}", LandscapeCell)
            assert cell_fits(cell), f"landscape {i} is cut off"
            text = shown(cell)
            assert view.HOUSE_NAME[obs.owners[i]] in text
            assert str(session.game.ctx.tables.conflict_value[obs.types[i]]) in text
            assert str(cell.border_title).endswith(view.type_name(obs.types[i]))
            card = obs.buildings[i]
            if card is None:
                assert "no building" in text
            else:
                assert names[card.owner] in text and SIDE_NAMES[card.side] in text
            assert ("⚔" in str(cell.border_subtitle)) == (i in pair)
