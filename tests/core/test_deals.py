"""core.deals: alliances by consent, proposals that bind only when all agree, who sees what; and
the toy game's parley (Sealed Bids §6), which carries them through a whole game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
import pytest

from turncoat.core import deals
from turncoat.core.actions import redact
from turncoat.core.deals import (
    Accept,
    Ally,
    Deals,
    Decline,
    Give,
    Handover,
    LeaveAlliance,
    Propose,
    Transfer,
    Withdraw,
    Withheld,
)
from turncoat.core.errors import IllegalAction
from turncoat.core.record import GameRecord, append_action, new_record, replay
from turncoat.core.serialize import canonical_json, to_builtins
from turncoat.core.testing import toy_parley
from turncoat.core.testing.toy import Bid, SealedBidsAction, SealedBidsConfig, SealedBidsGame
from turncoat.core.testing.toy_parley import EndParley

EMPTY = Deals()


def _pact(book: Deals, a: int, b: int) -> Deals:
    book, _ = deals.propose(book, a, Propose(to=(b,), terms=(Ally(members=(a, b)),)), max_alliance=3)
    book, _, struck = deals.accept(book, b, book.open[-1].id, max_alliance=3)
    assert struck is not None
    return book


# -- alliances ----------------------------------------------------------------------------------
def test_an_alliance_forms_only_when_every_addressee_accepts() -> None:
    offer = Propose(to=(1, 2), terms=(Ally(members=(0, 1, 2)),))
    book, events = deals.propose(EMPTY, 0, offer, max_alliance=3)
    assert [type(e) for e in events] == [deals.DealProposed]
    book, _, struck = deals.accept(book, 1, 1, max_alliance=3)
    assert struck is None and book.alliances == ()
    book, events, struck = deals.accept(book, 2, 1, max_alliance=3)
    assert struck is not None and struck.accepted == (1, 2)
    assert book.alliances == ((0, 1, 2),) and book.open == ()
    assert deals.AllianceFormed(members=(0, 1, 2)) in events
    assert deals.allies_of(book, 1) == (0, 2)


def test_joining_an_alliance_needs_every_member_already_in_it() -> None:
    book = _pact(EMPTY, 0, 1)
    with pytest.raises(IllegalAction) as refused:
        deals.propose(book, 2, Propose(to=(0,), terms=(Ally(members=(0, 2)),)), max_alliance=3)
    assert refused.value.code == "bad_alliance"
    book, _ = deals.propose(book, 2, Propose(to=(0, 1), terms=(Ally(members=(0, 1, 2)),)), max_alliance=3)
    book, _, _ = deals.accept(book, 0, 1 + 1, max_alliance=3)
    book, _, struck = deals.accept(book, 1, 2, max_alliance=3)
    assert struck is not None and book.alliances == ((0, 1, 2),)


def test_an_alliance_cannot_outgrow_its_limit() -> None:
    with pytest.raises(IllegalAction) as refused:
        deals.propose(EMPTY, 0, Propose(to=(1, 2), terms=(Ally(members=(0, 1, 2)),)), max_alliance=2)
    assert refused.value.code == "alliance_full"


def test_an_alliance_that_no_longer_fits_refuses_the_last_consent_and_changes_nothing() -> None:
    book, _ = deals.propose(EMPTY, 0, Propose(to=(1,), terms=(Ally(members=(0, 1)),)), max_alliance=2)
    book = _pact(book, 1, 2)  # seat 1 allies with seat 2 meanwhile
    with pytest.raises(IllegalAction):
        deals.accept(book, 1, 1, max_alliance=2)
    assert deals.find(book, 1) is not None


def test_leaving_dissolves_a_pair_and_keeps_a_larger_group() -> None:
    book, events = deals.leave(_pact(EMPTY, 0, 1), 0)
    assert book.alliances == () and events == (deals.AllianceLeft(seat=0, remaining=()),)
    book = Deals(alliances=((0, 1, 2),))
    book, events = deals.leave(book, 1)
    assert book.alliances == ((0, 2),) and events == (deals.AllianceLeft(seat=1, remaining=(0, 2)),)
    with pytest.raises(IllegalAction) as refused:
        deals.leave(book, 1)
    assert refused.value.code == "not_allied"


# -- proposals ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("to", "terms", "code"),
    [
        ((), (Transfer(0, 1, "gold", 1),), "bad_proposal"),
        ((0,), (Transfer(0, 1, "gold", 1),), "bad_proposal"),
        ((1, 1), (Transfer(0, 1, "gold", 1),), "bad_proposal"),
        ((1,), (), "bad_proposal"),
        ((1,), (Transfer(0, 2, "gold", 1),), "bad_proposal"),  # binds a seat outside the deal
        ((1,), (Transfer(0, 1, "gold", 0),), "bad_proposal"),
        ((1,), (Handover(1, 1, "card"),), "bad_proposal"),
        ((1,), (Withheld(0, 1),), "bad_proposal"),
    ],
)
def test_a_malformed_proposal_is_refused_and_changes_nothing(
    to: tuple[int, ...], terms: tuple[deals.Term, ...], code: str
) -> None:
    with pytest.raises(IllegalAction) as refused:
        deals.propose(EMPTY, 0, Propose(to=to, terms=terms))
    assert refused.value.code == code


def test_a_decline_or_withdrawal_ends_a_proposal_and_only_the_right_seat_may_do_it() -> None:
    book, _ = deals.propose(EMPTY, 0, Propose(to=(1,), terms=(Transfer(1, 0, "gold", 2),)))
    with pytest.raises(IllegalAction):
        deals.decline(book, 2, 1)
    with pytest.raises(IllegalAction):
        deals.withdraw(book, 1, 1)
    with pytest.raises(IllegalAction):
        deals.accept(book, 0, 1)  # the proposer does not answer its own offer
    declined, _ = deals.decline(book, 1, 1)
    withdrawn, _ = deals.withdraw(book, 0, 1)
    assert declined.open == withdrawn.open == ()
    with pytest.raises(IllegalAction) as refused:
        deals.accept(declined, 1, 1)
    assert refused.value.code == "no_proposal"


def test_a_struck_deal_hands_its_transfers_to_the_host_game() -> None:
    terms = (Transfer(0, 1, "gold", 2), Handover(1, 0, "map"))
    book, _ = deals.propose(EMPTY, 0, Propose(to=(1,), terms=terms))
    book, events, struck = deals.accept(book, 1, 1)
    assert struck is not None and struck.terms == terms
    assert events[-1] == deals.DealStruck(proposal=1, parties=(0, 1), terms=terms)


def test_lapse_ends_every_open_proposal() -> None:
    book, _ = deals.propose(EMPTY, 0, Propose(to=(1,), terms=(Transfer(0, 1, "gold", 1),)))
    book, _ = deals.propose(book, 2, Propose(to=(1,), terms=(Transfer(2, 1, "gold", 1),), private=True))
    book, events = deals.lapse_all(book)
    assert book.open == ()
    assert events == (deals.DealLapsed(proposal=1), deals.DealLapsed(proposal=2, visible_to=(2, 1)))


def test_a_gift_is_checked_against_what_the_giver_has() -> None:
    assert deals.give(0, Give(to=1, good="influence", amount=3), available=3) == (
        deals.Given(giver=0, receiver=1, good="influence", amount=3),
    )
    for bad in (Give(to=1, good="influence", amount=4), Give(to=1, good="x", amount=0), Give(0, "x", 1)):
        with pytest.raises(IllegalAction):
            deals.give(0, bad, available=3)


# -- who sees what ------------------------------------------------------------------------------
def test_a_private_proposal_and_its_answers_are_seen_by_its_parties_only() -> None:
    offer = Propose(to=(2,), terms=(Handover(0, 2, "treaty-1"),), private=True)
    book, proposed = deals.propose(EMPTY, 0, offer)
    _, answered = deals.decline(book, 2, 1)
    for viewer in (1, 3, None):
        assert redact([*proposed, *answered], viewer) == []
        assert deals.seen_by(book, viewer).open == ()
    for viewer in (0, 2):
        assert len(redact([*proposed, *answered], viewer)) == 2
        assert deals.seen_by(book, viewer) == book


def test_a_secret_term_is_withheld_from_the_table_and_shown_to_the_parties() -> None:
    term = Handover(0, 2, "treaty-hacan-2", secret=True)
    gold = Transfer(2, 0, "trade_goods", 2)
    book, _ = deals.propose(EMPTY, 0, Propose(to=(2,), terms=(term, gold), private=True))
    _, events, _ = deals.accept(book, 2, 1)
    for viewer in (1, None):
        seen = redact(events, viewer)
        assert seen == [deals.DealStruck(proposal=1, parties=(0, 2), terms=(Withheld(0, 2), gold))]
        assert b"treaty-hacan-2" not in canonical_json(seen)
    for viewer in (0, 2):
        assert deals.SecretTerms(proposal=1, terms=(term,), visible_to=(0, 2)) in redact(events, viewer)


def test_deal_actions_and_events_round_trip_through_json() -> None:
    action = Propose(to=(1, 2), terms=(Ally((0, 1, 2)), Transfer(0, 1, "gold", 2, secret=True)), private=True)
    assert msgspec.convert(to_builtins(action), deals.DealAction, strict=True) == action
    book, events = deals.propose(EMPTY, 0, action, max_alliance=3)
    assert msgspec.convert(to_builtins(events[0]), deals.DealEvent, strict=True) == events[0]
    assert msgspec.json.decode(canonical_json(book), type=Deals) == book


# -- the toy game's parley (Sealed Bids §6) -----------------------------------------------------
GAME = SealedBidsGame(SealedBidsConfig(players=3, rounds=2, parley=True))


def test_toy_s6_the_parley_comes_before_the_bids_and_everyone_takes_part() -> None:
    state = GAME.new_initial_state(1)
    assert state.phase == "parley" and GAME.to_act(state) == {0, 1, 2}
    assert all(isinstance(a, Bid) is False for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Bid(0))
    assert refused.value.code == "wrong_step"


def _play(state: Any, moves: Sequence[tuple[int, Any]]) -> tuple[Any, list[Any]]:
    events: list[Any] = []
    for seat, action in moves:
        t = GAME.apply(state, seat, action)
        state, events = t.state, [*events, *t.events]
    return state, events


def test_toy_s6_a_pact_binds_on_acceptance_and_a_gift_moves_coins_at_once() -> None:
    start = GAME.new_initial_state(1)
    offer = Propose(to=(1,), terms=(Ally((0, 1)),))
    state, events = _play(start, [(0, offer), (1, Accept(1)), (2, Give(to=0, good="coin", amount=2))])
    assert state.parley.deals.alliances == ((0, 1),)
    assert state.coins == (start.coins[0] + 2, start.coins[1], start.coins[2] - 2)
    assert GAME.observe(state, None).pacts == ((0, 1),)
    assert "Seats 0 and 1 make a pact." in GAME.render_log(events, None)
    # a pact cannot be offered twice, nor a second gift made in the same parley
    assert not any(isinstance(a, Propose) for a in GAME.legal_actions(state, 2))
    assert not any(isinstance(a, Give) for a in GAME.legal_actions(state, 2))


def test_toy_s6_open_offers_lapse_and_bidding_starts_when_everyone_has_ended_the_parley() -> None:
    start = GAME.new_initial_state(1)
    offer = Propose(to=(2,), terms=(Ally((0, 2)),))
    state, _ = _play(start, [(0, offer), (0, EndParley()), (1, EndParley()), (2, EndParley())])
    assert state.phase == "parley" and GAME.to_act(state) == {2}
    assert GAME.legal_actions(state, 2) == (Accept(1), deals.Decline(1))
    assert GAME.default_action(state, 2) == Decline(1)
    state, events = _play(state, [(2, Decline(1))])
    assert state.phase == "bid" and state.parley.deals.open == ()


def test_toy_s6_a_winning_pact_shares_the_win_on_its_mean_score() -> None:
    book = Deals(alliances=((0, 1),))
    assert toy_parley.pact_winners((10, 2, 5), book) == (0, 1)  # mean 6 beats 5
    assert toy_parley.pact_winners((6, 2, 5), book) == (2,)  # mean 4 loses to 5
    assert toy_parley.pact_winners((6, 4, 5), book) == (0, 1, 2)  # a tie shares the win


def test_toy_s6_withdrawn_and_stale_offers_end_and_leaving_a_pact_is_public() -> None:
    start = GAME.new_initial_state(3)
    moves = [
        (0, Propose(to=(1,), terms=(Ally((0, 1)),))),
        (2, Propose(to=(1,), terms=(Ally((1, 2)),))),
        (1, Accept(1)),  # seat 2's offer to seat 1 can no longer bind: it ends
        (0, LeaveAlliance()),
        (2, EndParley()),
    ]
    state, events = _play(start, moves)
    assert deals.DealWithdrawn(proposal=2, seat=2) in events
    assert state.parley.deals.alliances == () and state.parley.deals.open == ()
    assert "Seat 0 leaves its pact." in GAME.render_log(events, None)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, Withdraw(2))


def test_toy_s6_a_game_with_a_parley_replays_from_its_record() -> None:
    config = SealedBidsConfig(players=3, rounds=2, parley=True)
    game = SealedBidsGame(config)
    record: GameRecord = new_record(game, 9)
    state = game.start(9).state
    scripted: list[tuple[int, SealedBidsAction]] = [
        (0, Propose(to=(1,), terms=(Ally((0, 1)),))),
        (1, Accept(1)),
    ]
    while game.to_act(state):
        if scripted:
            seat, action = scripted.pop(0)
        else:
            seat = min(game.to_act(state))
            action = game.default_action(state, seat)
        state = game.apply(state, seat, action).state
        record = append_action(record, seat, action)
    on_disk = msgspec.json.decode(canonical_json(record), type=GameRecord)
    assert replay(game, on_disk).final_state == state
    outcome = game.outcome(state)
    assert outcome is not None and state.parley.deals.alliances == ((0, 1),)
