"""Verräter's face (present.py): decisions offer exactly the legal actions, words come from the
actions' own fields, seats in the log are data, and nothing hidden reaches a viewer's lines."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import msgspec
import pytest

from tests.games.verrater.helpers import act, begin, draft, make_game, roles_removing
from turncoat.core.actions import Event
from turncoat.core.present import Decision, SeatRef, plain, presentation_of
from turncoat.core.registry import load_game
from turncoat.core.testing import ConformanceError, check_game
from turncoat.games.verrater.actions import (
    ChooseConflictSite,
    CommitSupply,
    DiscardSupply,
    FinishCommitting,
    PlaceEstate,
    SkipBuilding,
)
from turncoat.games.verrater.config import VerraterConfig
from turncoat.games.verrater.events import (
    ConflictResolved,
    GameEnded,
    HandLimitDiscard,
    PacketHandedOver,
    RoleKept,
    RoleRemoved,
    RolesRevealed,
    SupplyCommitted,
    SupplyDrawn,
)
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.notation import ROLE_NAMES
from turncoat.games.verrater.present import (
    OPTION_LABELS,
    ROLE_HELP,
    SCORE_COLUMNS,
    STEP_TITLES,
    VerraterPresentation,
)
from turncoat.games.verrater.state import OVER, State

NAMES = ["Ann", "Bob", "Cy", "Di"]
_ENGINE_SEAT = re.compile(r"\b[Ss]eat \d\b")


def face(game: VerraterGame) -> VerraterPresentation:
    found = presentation_of(game)
    assert isinstance(found, VerraterPresentation)
    return found


@cache
def played(
    seed: int, players: int = 4, discards: str = "face_up"
) -> tuple[VerraterGame, tuple[State, ...], tuple[Event, ...]]:
    """A random game to the end: its engine, every state and every event."""
    game = load_game("verrater", players=players, hand_limit_discards=discards)
    assert isinstance(game, VerraterGame)
    t = game.start(seed)
    states, events = [t.state], list(t.events)
    rng = random.Random(seed)
    while states[-1].step != OVER:
        s = states[-1]
        (p,) = game.to_act(s)
        step = game.apply(s, p, rng.choice(list(game.legal_actions(s, p))))
        states.append(step.state)
        events += step.events
    return game, tuple(states), tuple(events)


# -- the protocol ---------------------------------------------------------------------------------
@pytest.mark.parametrize("config", [{"players": 4}, {"players": 3, "hand_limit_discards": "face_down"}])
def test_presentation_passes_the_conformance_check(config: dict[str, Any]) -> None:
    game = load_game("verrater", **config)
    assert isinstance(presentation_of(game), VerraterPresentation)
    report = check_game(lambda: load_game("verrater", **config), seeds=(0, 1, 2), checks=("presentation",))
    assert report.checks == ("presentation",)


class CommitOneByOne(VerraterPresentation):
    """Offers the commit set's card-per-copy choices as a plain one-of decision."""

    def decisions(self, observation: Any, legal: Any) -> tuple[Decision, ...]:
        return tuple(
            msgspec.structs.replace(d, shape="one") if d.shape == "set" else d
            for d in super().decisions(observation, legal)
        )


class ForgetsToFinish(VerraterPresentation):
    """Drops the set's finish, so "commit no more" is never offered."""

    def decisions(self, observation: Any, legal: Any) -> tuple[Decision, ...]:
        return tuple(msgspec.structs.replace(d, finish=None) for d in super().decisions(observation, legal))


@pytest.mark.parametrize("broken", [CommitOneByOne, ForgetsToFinish])
def test_conformance_lets_only_a_set_repeat_an_action_and_still_wants_every_legal_one(
    broken: type[VerraterPresentation],
) -> None:
    class Game(VerraterGame):
        def presentation(self) -> VerraterPresentation:
            return broken(self)

    with pytest.raises(ConformanceError) as err:
        check_game(lambda: Game(VerraterConfig()), seeds=(0, 1, 2), checks=("presentation",))
    assert err.value.check == "presentation"


def test_words_the_frontends_read() -> None:
    game, states, _ = played(0)
    f = face(game)
    assert (f.title, f.min_players, f.max_players) == ("Verräter", 3, 4)
    assert {o.name: o.label for o in f.options()} == OPTION_LABELS
    assert next(o for o in f.options() if o.name == "ring_layout").values == ("random", "alternating")
    styles = f.seat_styles(4)
    assert len(styles) == 4 and len({s.colour for s in styles}) == 4 and len({s.mark for s in styles}) == 4
    assert set(ROLE_HELP) == {"traitor", "strategist", "builder", "farmer", "diplomat_2", "diplomat_5"}
    assert {f.step_title(game.observe(s, 0)) for s in states} <= set(STEP_TITLES.values())


# -- decisions ------------------------------------------------------------------------------------
def commit_position() -> tuple[VerraterGame, State]:
    """Seat 0 has committed 8, 6 and 6 and holds 5, 5 and 3: two more cards may go down."""
    game = make_game(
        4,
        hands=[[8, 6, 6, 5, 5, 3], [3, 4, 5], [3, 4, 5], [2, 4, 4]],
        role_shuffles=[roles_removing("farmer")],
    )
    s = draft(game, begin(game), 0, ["traitor", "strategist", "builder", "diplomat_2"])
    s, _ = act(game, s, CommitSupply(8), CommitSupply(6), CommitSupply(6))
    assert s.hands[0] == (3, 5, 5) and s.actor == 0
    return game, s


def test_commit_is_one_set_with_a_choice_per_card_highest_first() -> None:
    """RULES §5 step 3: hand 5, 5, 3 with room for two more cards."""
    game, s = commit_position()
    (decision,) = face(game).decisions(game.observe(s, 0), game.legal_actions(s, 0))
    assert decision.shape == "set" and decision.most == 2
    assert [c.action for c in decision.choices] == [CommitSupply(5), CommitSupply(5), CommitSupply(3)]
    assert [plain(c.label, NAMES) for c in decision.choices] == ["Commit a 5", "Commit a 5", "Commit a 3"]
    assert decision.finish is not None and decision.finish.action == FinishCommitting()
    assert plain(decision.finish.label, NAMES) == "Finish committing"
    assert decision.prompt == "Commit up to 2 more cards face up. Committed so far: 8 6 6 (total 20)."


def test_commit_offers_no_card_above_the_last_one_committed() -> None:
    """RULES §5 step 3 (highest first): after a 5, the 8 still in hand is not offered."""
    game = make_game(
        4, hands=[[8, 5, 3], [3, 4, 5], [3, 4, 5], [2, 4, 4]], role_shuffles=[roles_removing("farmer")]
    )
    s = draft(game, begin(game), 0, ["traitor", "strategist", "builder", "diplomat_2"])
    s = msgspec.structs.replace(s, hands=((3, 8), *s.hands[1:]), committed=((5,), *s.committed[1:]))
    (decision,) = face(game).decisions(game.observe(s, 0), game.legal_actions(s, 0))
    assert [c.action for c in decision.choices] == [CommitSupply(3)] and decision.most == 4


def test_labels_name_each_landscape_by_number_type_and_house() -> None:
    game = make_game(4)  # the test ring: 0 wilderness (Eagles), 1 meadow (Roses), ...
    s = game.new_initial_state(0)
    (decision,) = face(game).decisions(game.observe(s, 0), game.legal_actions(s, 0))
    assert decision.title == "Place your first estate"
    first = decision.choices[0]
    assert first.action == PlaceEstate(0) and first.marks == ("0",)
    assert plain(first.label, NAMES) == "Estate under landscape 0 (Wilderness, Eagles)"
    s = begin(game)
    (site,) = face(game).decisions(game.observe(s, s.actor), game.legal_actions(s, s.actor))
    assert plain(site.choices[0].label, NAMES) == (
        "Landscape 0 (Wilderness, Eagles) against landscape 1 (Meadow, Roses)"
    )
    assert site.choices[0].marks == ("0", "1")


def test_the_draft_names_each_card_with_its_help() -> None:
    game = make_game(4, role_shuffles=[roles_removing("farmer")])
    s, _ = act(game, begin(game), ChooseConflictSite(0))
    (decision,) = face(game).decisions(game.observe(s, s.actor), game.legal_actions(s, s.actor))
    assert decision.title == "Keep one action card"
    by_label = {plain(c.label, NAMES): c.help for c in decision.choices}
    assert by_label["Keep the Diplomat +2"] == ROLE_HELP["diplomat_2"]


def test_role_help_gives_the_bonuses_of_the_content_in_play() -> None:
    """RULES §7 with a user's copy that prints other bonuses: the help says those numbers."""
    game = load_game(
        "verrater", content_overrides={"role_bonus.strategist_vp": 3, "role_bonus.farmer_draw": 1}
    )
    assert isinstance(game, VerraterGame)
    f = face(game)
    assert f.role_help["strategist"].startswith("+3 VP;") and "draw 1 card " in f.role_help["farmer"]
    assert ROLE_HELP["strategist"].startswith("+2 VP;") and "draw 3 cards " in ROLE_HELP["farmer"]


def test_builder_and_discard_decisions_are_titled_and_ordered() -> None:
    """RULES §5 step 7 and step 10: one Builder decision; discards say how many must go."""
    game, states, _ = played(1)
    f = face(game)
    seen = set()
    for s in states:
        if s.step not in ("build", "discard"):
            continue
        (decision,) = f.decisions(game.observe(s, s.actor), game.legal_actions(s, s.actor))
        seen.add(s.step)
        if s.step == "build":
            assert decision.title == "Builder: build, convert or move"
            assert decision.choices[-1].action == SkipBuilding()
        else:
            extra = len(s.hands[s.actor]) - game.ctx.tables.hand_limit
            assert decision.title.startswith(f"Discard {extra} card")
            values = [c.action.value for c in decision.choices if isinstance(c.action, DiscardSupply)]
            assert values == sorted(values, reverse=True)
    assert seen == {"build", "discard"}


# -- the log --------------------------------------------------------------------------------------
def test_log_lines_name_seats_as_data_and_say_what_the_engine_log_says() -> None:
    game, _, events = played(2)
    f = face(game)
    lines = f.log(events, 1)
    assert any(isinstance(span, SeatRef) for line in lines for span in line)
    text = [plain(line, NAMES) for line in lines]
    assert not any(_ENGINE_SEAT.search(t) for t in text)
    assert any(t.startswith("Bob ") for t in text)
    # The same sentences as the engine's log, where seats are called "seat N".
    engine = game.render_log(events, 1)
    as_seats = [plain(line, [f"seat {p}" for p in range(4)]) for line in lines]
    assert [t.lower() for t in as_seats] == [t.lower() for t in engine]


def test_every_described_event_has_a_line() -> None:
    game, _, events = played(3, 3, "face_down")
    kinds = {type(e) for e in events}
    lines = face(game).log(events, None, omniscient=True)
    assert len(lines) == len(game.render_log(events, None, omniscient=True))
    assert {SupplyCommitted, ConflictResolved, GameEnded, RolesRevealed} <= kinds


def test_the_round_summary_names_seats_as_data_and_says_what_the_engine_summary_says() -> None:
    game, _, events = played(2)
    f = face(game)
    lines = f.summary(events, 1)
    assert len(lines) == len(game.round_summaries(events, 1)) > 0
    text = [plain(line, NAMES) for line in lines]
    assert not any(_ENGINE_SEAT.search(t) for t in text)
    assert all(re.match(r"Round \d+: start (Ann|Bob|Cy|Di); Eagle [A-Z]", t) for t in text), text
    assert all("; roles Ann " in t for t in text)  # every round of a finished game is revealed
    # The same sentences as the engine's summary, where seats are "seat N" (and types are ids).
    as_seats = [plain(line, [f"seat {p}" for p in range(4)]) for line in lines]
    assert [t.lower() for t in as_seats] == [t.lower() for t in game.render_summary(events, 1)]


def test_the_round_summary_shows_a_kept_card_to_its_keeper_only() -> None:
    """RULES §3: before the reveal a seat's summary shows its own action card, nobody else's."""
    game, _, events = played(3)
    f = face(game)
    kept = next(e for e in events if isinstance(e, RoleKept) and e.visible_to is not None)
    (keeper,) = kept.visible_to or ()
    before = list(events[: events.index(kept)])
    upto = [*before, kept]
    assert kept.role is not None
    mine = plain(f.summary(upto, keeper)[-1], NAMES)
    assert mine.endswith(f"my role {ROLE_NAMES[kept.role]}"), mine
    for viewer in (None, *(p for p in range(4) if p != keeper)):
        assert f.summary(upto, viewer) == f.summary(before, viewer)
        assert "my role" not in plain(f.summary(upto, viewer)[-1], NAMES)


def _hide_otherwise(event: Event) -> Event:
    """The same private event with other hidden contents: other cards, another role."""
    other = {"traitor": "farmer"}
    match event:
        case RoleRemoved(role=r) | RoleKept(role=str() as r):
            return msgspec.structs.replace(event, role=other.get(r, "traitor"))
        case PacketHandedOver(roles=rs):
            return msgspec.structs.replace(event, roles=tuple(other.get(r, "traitor") for r in rs))
        case SupplyDrawn(values=tuple() as vs):
            return msgspec.structs.replace(event, values=tuple(v + 1 for v in vs))
        case HandLimitDiscard(value=int() as v):
            return msgspec.structs.replace(event, value=v + 1)
    return event


def test_a_hidden_card_never_reaches_another_viewers_log() -> None:
    """RULES §3: changing what only other seats were shown changes nothing in a seat's log."""
    game, _, events = played(4, 4, "face_down")
    f = face(game)
    for viewer in range(4):
        redealt = [
            _hide_otherwise(e) if e.visible_to is not None and viewer not in e.visible_to else e
            for e in events
        ]
        assert redealt != list(events)  # something was hidden from this seat
        assert f.log(redealt, viewer) == f.log(events, viewer)
        assert f.log(redealt, None) == f.log(events, None)
        # ...while the seat that was shown it reads the difference.
        assert f.log(redealt, (viewer + 1) % 4) != f.log(events, (viewer + 1) % 4)


def _positions() -> Iterator[tuple[VerraterGame, State]]:
    for seed in (5, 6):
        game, states, _ = played(seed, 4, "face_down")
        yield from ((game, s) for s in states[::7])


def test_a_hidden_card_never_reaches_another_viewers_panels() -> None:
    """RULES §3: re-dealing what a seat cannot see (determinize) leaves its panels as they were."""
    redealt_somewhere = False
    for game, s in _positions():
        f = face(game)
        for viewer in range(4):
            other = game.determinize(s, viewer, 17)
            redealt_somewhere |= other.hands != s.hands
            assert f.panels(game.observe(other, viewer)) == f.panels(game.observe(s, viewer))
        assert f.panels(game.observe(game.determinize(s, 0, 3), None)) == f.panels(game.observe(s, None))
    assert redealt_somewhere


def test_panels_show_the_viewer_its_own_hand_and_role() -> None:
    game, s = commit_position()
    panels = {
        p.title: [plain(line, NAMES) for line in p.lines] for p in face(game).panels(game.observe(s, 0))
    }
    assert set(panels) == {"The ring", "Players", "Your cards"}
    assert panels["Your cards"][0] == "Your hand: 3 5 5"
    assert panels["Your cards"][1].startswith("Your action card: the Traitor")
    assert any(line.startswith("Bob: ") and "action card ?" in line for line in panels["Players"])
    spectator = face(game).panels(game.observe(s, None))
    assert [p.title for p in spectator] == ["The ring", "Players"]


# -- the end --------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2, 7])
def test_score_table_totals_equal_the_outcome_scores(seed: int) -> None:
    """RULES §6: conquests + action cards + trading posts = the final score, seat by seat."""
    game, states, _ = played(seed, 3 + seed % 2)
    outcome = game.outcome(states[-1])
    assert outcome is not None
    table = face(game).score_table(outcome)
    assert table.columns == SCORE_COLUMNS
    assert [row[-1] for row in table.rows] == list(outcome.scores)
    assert all(sum(row[:-1]) == row[-1] for row in table.rows)
    assert any(row[2] for row in table.rows) or not any(outcome.details["trading_posts"])


def test_the_web_and_the_terminal_read_these_words() -> None:
    """One place for Verräter's words: the frontends take them from the presentation module."""
    from turncoat.skins.verrater.terminal import view as verrater_view

    assert verrater_view.STEP_TEXT is STEP_TITLES
    assert verrater_view.ROLE_HINT is ROLE_HELP
