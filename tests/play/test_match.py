"""play: one game in progress — views per viewer, all-or-none submissions, replay, clocks."""

from __future__ import annotations

import msgspec
import pytest

from turncoat.core.deals import Ally, Give, Propose
from turncoat.core.errors import IllegalAction, NotYourDecision
from turncoat.core.present import Decision, SeatRef, line, plain
from turncoat.core.registry import load_game
from turncoat.core.serialize import canonical_json
from turncoat.core.testing.toy import Bid, FavouriteDealt, SealedBidsConfig, SealedBidsGame
from turncoat.core.testing.toy_parley import EndParley
from turncoat.play import Clocks, GameInProgress, SubmissionRefused

GAME = SealedBidsGame(SealedBidsConfig(players=3, rounds=2, parley=True))


def _match() -> GameInProgress:
    return GameInProgress.start(GAME, seed=11, title="test")


def test_each_viewer_is_offered_exactly_its_legal_actions_and_a_spectator_none() -> None:
    match = _match()
    for seat in range(3):
        view = match.view(seat)
        offered = [a for d in view.decisions for a in d.actions()]
        assert offered == list(match.legal_actions(seat))
        assert view.step == "§6 Parley: pacts and gifts" and view.to_act == (0, 1, 2)
    assert match.view(None).decisions == ()


def test_a_view_holds_nothing_its_viewer_may_not_see() -> None:
    match = _match()
    dealt = [e for e in match.events() if isinstance(e, FavouriteDealt)]
    names = [GAME.content.data.prizes[e.prize].name for e in dealt]
    mine = canonical_json(match.view(0).log).decode()
    assert f"favourite is the {names[0]}" in mine
    assert all(f"favourite is the {n}" not in mine for n in names[1:] if n != names[0])
    assert "favourite is" not in canonical_json(match.view(None)).decode()


def test_a_refused_action_changes_nothing() -> None:
    match = _match()
    before = (match.version, canonical_json(match.view(0)))
    with pytest.raises(IllegalAction):
        match.apply(0, Bid(3))
    with pytest.raises(NotYourDecision):
        match.submit(0, ())
    assert (match.version, canonical_json(match.view(0))) == before


def test_a_submission_plays_whole_or_not_at_all() -> None:
    match = _match()
    coins = match.view(None).observation.seats[0].coins
    twice = (Give(to=1, good="coin", amount=1), Give(to=1, good="coin", amount=1))
    with pytest.raises(SubmissionRefused) as refused:
        match.submit(0, twice)
    assert refused.value.index == 1 and refused.value.code == "bad_parley"
    assert match.version == 0 and match.view(None).observation.seats[0].coins == coins
    events = match.submit(0, (Propose(to=(1,), terms=(Ally((0, 1)),)), twice[0], EndParley()))
    assert match.version == 3 and len(match.steps) == 4 and events
    assert match.view(None).observation.seats[0].coins == coins - 1


def test_a_view_since_a_version_brings_only_the_new_lines() -> None:
    match = _match()
    first = match.view(2)
    match.apply(0, Give(to=2, good="coin", amount=2))
    later = match.view(2, since=first.version)
    assert not later.full and later.log == (line(SeatRef(0), " gives ", SeatRef(2), " 2 coins."),)
    assert plain(later.log[0], ["Ann", "Bob", "Cy"]) == "Ann gives Cy 2 coins."


def test_a_game_comes_back_from_its_record_exactly_as_it_was() -> None:
    match = _match()
    match.submit(1, (Propose(to=(2,), terms=(Ally((1, 2)),)), EndParley()))
    again = GameInProgress.from_record(
        GAME, msgspec.json.decode(canonical_json(match.record), type=type(match.record))
    )
    for viewer in (0, 1, 2, None):
        assert canonical_json(again.view(viewer)) == canonical_json(match.view(viewer))


def test_the_end_brings_the_outcome_and_the_score_table() -> None:
    match = GameInProgress.start(SealedBidsGame(SealedBidsConfig(players=2, rounds=1)), seed=3)
    while match.to_act():
        seat = min(match.to_act())
        match.apply(seat, match.default_action(seat))
    view = match.view(None)
    assert view.outcome is not None and view.scores is not None
    assert [row[-1] for row in view.scores.rows] == list(view.outcome.scores)


def test_clocks_tick_side_by_side_for_every_timed_seat_to_act() -> None:
    clocks = Clocks(seconds=30, timed=frozenset({0, 1})).follow({0, 1, 2}, now=100)
    assert clocks.deadlines == {0: 130, 1: 130}  # seat 2 (a bot) has no clock
    clocks = clocks.follow({1, 2}, now=110)  # seat 0 acted: its clock stops, seat 1's runs on
    assert clocks.deadlines == {1: 130} and clocks.expired(129) == () and clocks.expired(130) == (1,)
    clocks = clocks.follow({0, 1}, now=140)
    assert clocks.deadlines == {0: 170, 1: 130} and clocks.next_deadline() == 130


def _commit_decision(match: GameInProgress) -> tuple[int, Decision]:
    """Play default moves until a seat faces Verräter's commit set (step 3)."""
    while match.to_act():
        for seat in sorted(match.to_act()):
            for decision in match.view(seat).decisions:
                if decision.shape == "set":
                    return seat, decision
        seat = min(match.to_act())
        match.apply(seat, match.default_action(seat))
    raise AssertionError("no commit step reached")


@pytest.mark.parametrize("picks", [0, 1, "all"])
def test_a_set_is_submitted_with_its_finish_even_when_the_picks_already_closed_it(picks: int | str) -> None:
    match = GameInProgress.start(load_game("verrater", players=3), seed=21)
    seat, decision = _commit_decision(match)
    assert decision.finish is not None and decision.most >= 1
    chosen = [c.action for c in decision.choices][: decision.most if picks == "all" else int(picks)]
    before = match.version
    match.submit(seat, chosen, finish=decision.finish.action)
    committed = match.view(None).observation.seats[seat].committed
    assert list(committed) == [a.value for a in chosen]  # type: ignore[attr-defined]
    assert seat not in match.to_act() or not any(d.shape == "set" for d in match.view(seat).decisions)
    assert before + len(chosen) <= match.version <= before + len(chosen) + 1


def test_new_log_lines_still_draw_on_what_the_setup_said() -> None:
    match = GameInProgress.start(load_game("verrater", players=3), seed=4)
    seat = min(match.to_act())
    before = match.version
    match.apply(seat, match.default_action(seat))
    (placed, *_) = match.view(None, since=before).log
    text = plain(placed, ["Ann", "Bob", "Cy"])
    assert "landscape" in text and "(" in text, text  # "… under landscape 7 (Village, Eagles)."
    assert text in [plain(x, ["Ann", "Bob", "Cy"]) for x in match.view(None).log]


def test_a_fork_plays_on_without_changing_the_original() -> None:
    match = _match()
    before = (match.version, match.snapshot(), len(match.steps), canonical_json(match.view(0)))
    fork = match.fork()
    fork.apply(0, EndParley())
    assert fork.version == match.version + 1 and fork.snapshot() != match.snapshot()
    assert (match.version, match.snapshot(), len(match.steps), canonical_json(match.view(0))) == before


def test_a_game_recovered_from_a_snapshot_plays_on_from_that_version() -> None:
    """A server that cannot replay a record recovers the position from its latest snapshot: the
    same state, the version it was taken at, and a log that starts there."""
    match = _match()
    match.apply(0, EndParley())
    state_json, digest = match.snapshot()
    recovered = GameInProgress.recover(GAME, 11, match.version, state_json)
    assert recovered.version == match.version == 1 and recovered.first_step == 1
    assert recovered.snapshot() == (state_json, digest)
    assert recovered.view(0).observation == match.view(0).observation
    for seat in (1, 2):
        match.apply(seat, EndParley())
        recovered.apply(seat, EndParley())
    assert recovered.version == match.version == 3 and recovered.snapshot() == match.snapshot()
    new_lines = match.view(0, 1).log
    assert recovered.view(0, 1).log == new_lines and recovered.view(0).log == new_lines
    assert recovered.events(2) == match.events(2)
