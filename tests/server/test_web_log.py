"""The log as the shell reads it without knowing the game: round headings, the viewer's own
lines, and where each round starts in a replay (server/logbook.py), for every game."""

from __future__ import annotations

import random

import msgspec
import pytest

from tests.server.test_web_views import page_text, played_table, seen_by
from turncoat.core.present import SeatRef, line
from turncoat.core.registry import load_game
from turncoat.play import GameInProgress
from turncoat.server.logbook import is_own, log_tag, round_opened, round_starts
from turncoat.server.payload import build_payload


@pytest.mark.parametrize(
    ("text", "opened"),
    [
        ("— Round 3: ", 3),  # Verräter
        ("— Round 8 (final round): ", 8),
        ("Round 2 of 8 begins; ", 2),  # Rex
        ("Round 1 begins; ", 1),  # treaty
        ("Round 1 ends; all command tokens come off the board.", None),
        ("The Roses win the round 3 conflict.", None),
        ("Rounds 1 to 3 were quiet.", None),
    ],
)
def test_a_line_opens_a_round_only_where_it_begins_with_its_heading(text: str, opened: int | None) -> None:
    assert round_opened(line(text, SeatRef(0), " starts.")) == opened


def test_own_lines_start_with_the_viewer_or_speak_to_them() -> None:
    assert is_own(line(SeatRef(2), " commits a 5."), 2)
    assert not is_own(line(SeatRef(1), " commits a 5."), 2)
    assert is_own(line("You keep the traitor card."), 2) and is_own(line("Your hand: 3, 4."), 0)
    assert not is_own(line("Yours truly, ", SeatRef(2)), 2)
    assert not is_own(line(SeatRef(2), " commits a 5."), None)  # a spectator has no lines of its own
    assert log_tag(line("— Round 1: ", SeatRef(2), " starts."), 2) == "round"


def test_the_payload_tags_each_line_and_the_page_marks_them() -> None:
    table = played_table(lambda play: seen_by(play).round == 3)
    names = [s.name for s in table.seats]
    viewer = 1
    update = build_payload(table, viewer, -1)
    assert len(update.log_tags) == len(update.log)
    rounds = [x for x, tag in zip(update.log, update.log_tags, strict=True) if tag == "round"]
    own = [x for x, tag in zip(update.log, update.log_tags, strict=True) if tag == "own"]
    assert [r.split(":")[0] for r in rounds] == ["— Round 1", "— Round 2", "— Round 3"]
    assert own and own == [x for x in update.log if x.startswith(names[viewer] + " ")]
    page = page_text(table, viewer)
    assert page.count('class="log-round"') == 3 and page.count('class="log-own"') == len(own)
    assert build_payload(table, None, -1).log_tags.count("own") == 0


@pytest.mark.parametrize("game_id", ["verrater", "rex", "treaty_skirmish"])
def test_each_round_starts_at_the_step_whose_events_open_it(game_id: str) -> None:
    """The replay's round list points at the step whose log lines open each round: the first
    step after which the viewer's log holds that round's heading."""
    game = load_game(game_id)
    play = GameInProgress.start(game, 5)
    rng = random.Random(5)
    while play.outcome() is None and play.version < 400:
        seat = sorted(play.to_act())[0]
        play.apply(seat, rng.choice(list(play.legal_actions(seat))))
    starts = round_starts(play, 0)
    assert len(starts) >= 2 and [r for r, _ in starts] == list(range(1, len(starts) + 1))
    for r, step in starts:
        assert r in [round_opened(x) for x in replayed_to(play, step).view(0).log], (r, step)
        if step > 0:
            assert r not in [round_opened(x) for x in replayed_to(play, step - 1).view(0).log], (r, step)


def replayed_to(play: GameInProgress, step: int) -> GameInProgress:
    record = msgspec.structs.replace(play.record, actions=play.record.actions[:step])
    return GameInProgress.from_record(play.game, record)
