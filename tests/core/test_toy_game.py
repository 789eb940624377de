"""Sealed Bids, the core's own test game: chance, a simultaneous sealed choice, hidden cards."""

from __future__ import annotations

import msgspec
import pytest

from turncoat.core.actions import redact
from turncoat.core.errors import IllegalAction, InvalidConfig, MalformedAction, NotYourDecision
from turncoat.core.registry import load_game, registered
from turncoat.core.testing.playout import random_playout
from turncoat.core.testing.toy import (
    BID,
    OVER,
    SELL,
    Bid,
    BidRecorded,
    BidSealed,
    BidsRevealed,
    FavouriteDealt,
    GameEnded,
    KeepPrize,
    PrizeRevealed,
    PrizeWon,
    SealedBidsConfig,
    SealedBidsGame,
    SealedBidsState,
    SellPrize,
    TieBroken,
)

GAME = SealedBidsGame(SealedBidsConfig(players=3, rounds=3))


def bid_all(game: SealedBidsGame, state: SealedBidsState, amounts: dict[int, int]) -> SealedBidsState:
    for seat, amount in amounts.items():
        state = game.apply(state, seat, Bid(amount)).state
    return state


def test_registered_as_sealed_bids() -> None:
    assert "sealed_bids" in registered()
    game = load_game("sealed_bids", players=2, rounds=4)
    assert isinstance(game, SealedBidsGame)
    assert (game.num_players(), game.config.rounds) == (2, 4)
    assert game.config_json() == {"content_overrides": None, "parley": False, "players": 2, "rounds": 4}


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"players": 1}, "bad_players"),
        ({"players": 5}, "bad_players"),
        ({"rounds": 0}, "bad_rounds"),
        ({"rounds": 6}, "bad_rounds"),
        ({"players": "many"}, "bad_config"),
        ({"colour": "red"}, "bad_config"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], code: str) -> None:
    with pytest.raises(InvalidConfig) as err:
        load_game("sealed_bids", **options)
    assert err.value.code == code


def test_setup_deals_each_seat_a_private_favourite_and_turns_up_a_prize() -> None:
    start = GAME.start(4)
    s = start.state
    assert (s.round, s.phase, s.coins) == (1, BID, (5, 5, 5))
    assert len(set(s.favourites)) == 3
    assert sorted((*s.favourites, *s.favourite_pool)) == [0, 1, 2, 3, 4]
    assert sorted((s.prize, *s.prize_deck)) == [0, 1, 2, 3, 4]
    dealt = [e for e in start.events if isinstance(e, FavouriteDealt)]
    assert [(e.seat, e.prize, e.visible_to) for e in dealt] == [(p, s.favourites[p], (p,)) for p in range(3)]
    assert PrizeRevealed(round=1, prize=s.prize) in start.events
    for seat in range(3):
        seen = [e for e in redact(start.events, seat) if isinstance(e, FavouriteDealt)]
        assert [e.seat for e in seen] == [seat]
    assert not [e for e in redact(start.events, None) if isinstance(e, FavouriteDealt)]


def test_setup_is_chance_owned_by_the_seed() -> None:
    assert GAME.start(4) == GAME.start(4)
    starts = {(GAME.start(seed).state.favourites, GAME.start(seed).state.prize) for seed in range(30)}
    assert len(starts) > 10


def test_every_seat_bids_at_once_and_bids_stay_sealed() -> None:
    s = GAME.new_initial_state(4)
    assert GAME.to_act(s) == {0, 1, 2}
    assert GAME.legal_actions(s, 1) == tuple(Bid(a) for a in range(6))
    t = GAME.apply(s, 1, Bid(3))
    s = t.state
    assert GAME.to_act(s) == {0, 2}
    assert GAME.legal_actions(s, 1) == ()
    assert t.events == (BidSealed(seat=1, forced=False), BidRecorded(seat=1, amount=3, visible_to=(1,)))
    mine, theirs, public = GAME.observe(s, 1), GAME.observe(s, 0), GAME.observe(s, None)
    assert mine.my_bid == 3
    assert theirs.my_bid is None and public.my_bid is None
    assert [v.committed for v in theirs.seats] == [False, True, False]
    assert "3" not in " ".join(GAME.render_log(t.events, 0))
    assert GAME.render_log(t.events, 1) == ["Seat 1 seals a bid.", "(Seat 1 bid 3.)"]


def test_determinize_resamples_others_sealed_bids_and_favourites_but_not_mine() -> None:
    s = bid_all(GAME, GAME.new_initial_state(4), {1: 3, 2: 1})
    samples = [GAME.determinize(s, 0, k) for k in range(40)]
    assert {d.bids[1] for d in samples} == set(range(6))
    assert {d.favourites[1] for d in samples} == set(range(5)) - {s.favourites[0]}
    assert all(d.favourites[0] == s.favourites[0] and d.bids[0] is None for d in samples)
    assert all(GAME.observe(d, 0) == GAME.observe(s, 0) for d in samples)
    mine = [GAME.determinize(s, 1, k) for k in range(10)]
    assert all(d.bids[1] == 3 and d.favourites[1] == s.favourites[1] for d in mine)
    assert len({d.prize_deck for d in samples}) > 1
    assert all(d.seed != s.seed for d in samples)  # a search cannot foresee the real tie-breaks


def test_the_last_bid_reveals_all_and_the_highest_bid_wins_and_pays() -> None:
    s = bid_all(GAME, GAME.new_initial_state(4), {0: 2, 2: 4})
    t = GAME.apply(s, 1, Bid(1))
    s2 = t.state
    assert BidsRevealed(round=1, bids=(2, 1, 4)) in t.events
    assert PrizeWon(round=1, seat=2, prize=s.prize, paid=4) in t.events
    assert (s2.phase, s2.seller, s2.coins) == (SELL, 2, (5, 5, 1))
    assert GAME.to_act(s2) == {2}
    assert GAME.legal_actions(s2, 2) == (KeepPrize(), SellPrize())
    assert s2.history[-1].bids == (2, 1, 4) and s2.history[-1].sold is None
    assert GAME.observe(s2, 0).history == s2.history  # revealed bids are public


def test_a_tie_is_broken_by_the_states_own_chance() -> None:
    winners = set()
    for seed in range(20):
        before = bid_all(GAME, GAME.new_initial_state(seed), {0: 3, 1: 3})
        t = GAME.apply(before, 2, Bid(1))
        tie = next(e for e in t.events if isinstance(e, TieBroken))
        assert tie.tied == (0, 1)
        assert t.state.seller == tie.winner
        assert t.state.rng > before.rng  # the draw advanced the state's own counter
        assert GAME.apply(before, 2, Bid(1)) == t  # and is reproducible
        winners.add(tie.winner)
    assert winners == {0, 1}


def test_a_clear_winner_needs_no_draw() -> None:
    before = bid_all(GAME, GAME.new_initial_state(0), {0: 3, 1: 2})
    t = GAME.apply(before, 2, Bid(1))
    assert not [e for e in t.events if isinstance(e, TieBroken)]
    assert t.state.rng == before.rng


def test_keep_or_sell_and_the_favourite_scores_double() -> None:
    s = GAME.new_initial_state(4)
    fav = s.favourites[0]
    points = GAME.points
    # Rig the table: seat 0 wins its favourite, then two more prizes it keeps or sells.
    s = msgspec.structs.replace(s, prize=fav, prize_deck=tuple(i for i in range(5) if i != fav))
    s = bid_all(GAME, s, {0: 1, 1: 0, 2: 0})
    s = GAME.apply(s, 0, KeepPrize()).state
    assert s.kept[0] == (fav,) and s.round == 2
    second = s.prize
    s = bid_all(GAME, s, {0: 0, 1: 2, 2: 0})
    s = GAME.apply(s, 1, SellPrize()).state
    assert s.coins[1] == 5 - 2 + points[second]
    third = s.prize
    s = bid_all(GAME, s, {0: 0, 1: 0, 2: 5})
    t = GAME.apply(s, 2, KeepPrize())
    s = t.state
    assert s.phase == OVER and GAME.to_act(s) == frozenset()
    outcome = GAME.outcome(s)
    assert outcome is not None
    third_points = points[third] * (2 if s.favourites[2] == third else 1)
    expected = (4 + 2 * points[fav], 5 - 2 + points[second], 0 + third_points)
    assert outcome.scores == tuple(float(v) for v in expected)
    ended = t.events[-1]
    assert isinstance(ended, GameEnded) and ended.favourites == s.favourites
    assert all(v.favourite is not None for v in GAME.observe(s, None).seats)  # revealed at the end


def test_a_seat_without_coins_bids_zero_without_a_decision() -> None:
    s = GAME.new_initial_state(4)
    s = bid_all(GAME, s, {0: 5, 1: 0, 2: 0})
    t = GAME.apply(s, 0, KeepPrize())
    s = t.state
    assert s.coins[0] == 0
    assert BidSealed(seat=0, forced=True) in t.events
    assert GAME.to_act(s) == {1, 2} and s.bids[0] == 0
    assert GAME.legal_actions(s, 0) == ()


def test_when_nobody_has_coins_the_round_resolves_inside_apply() -> None:
    s = msgspec.structs.replace(GAME.new_initial_state(4), coins=(1, 0, 0))
    s = bid_all(GAME, s, {0: 1, 1: 0, 2: 0})
    t = GAME.apply(s, 0, KeepPrize())
    s = t.state
    assert [type(e).__name__ for e in t.events if isinstance(e, BidsRevealed | TieBroken | PrizeWon)] == [
        "BidsRevealed",
        "TieBroken",
        "PrizeWon",
    ]
    assert s.phase == SELL and s.round == 2 and GAME.to_act(s) == {s.seller}


def test_refusals_say_why_and_change_nothing() -> None:
    s = bid_all(GAME, GAME.new_initial_state(4), {0: 1})
    cases: list[tuple[int, object, type[Exception], str]] = [
        (1, Bid(6), IllegalAction, "bad_bid"),
        (1, Bid(-1), IllegalAction, "bad_bid"),
        (0, Bid(2), NotYourDecision, "not_your_turn"),
        (3, Bid(0), NotYourDecision, "not_your_turn"),
        (1, KeepPrize(), IllegalAction, "wrong_step"),
        (1, "bid 3", MalformedAction, "unknown_action"),
    ]
    for seat, action, error, code in cases:
        with pytest.raises(error) as err:
            GAME.apply(s, seat, action)  # type: ignore[arg-type]
        assert getattr(err.value, "code", None) == code
    s2 = bid_all(GAME, s, {1: 0, 2: 0})
    with pytest.raises(IllegalAction) as err2:
        GAME.apply(s2, s2.seller, Bid(0))
    assert err2.value.code == "wrong_step"


def test_nothing_can_be_played_after_the_end() -> None:
    final = random_playout(GAME, 3).final
    assert final.phase == OVER
    with pytest.raises(NotYourDecision) as err:
        GAME.apply(final, 0, Bid(0))
    assert err.value.code == "game_over"
    with pytest.raises(NotYourDecision):
        GAME.default_action(final, 0)


def test_default_action_is_the_cautious_choice() -> None:
    s = GAME.new_initial_state(4)
    assert GAME.default_action(s, 2) == Bid(0)
    s = bid_all(GAME, s, {0: 1, 1: 0, 2: 0})
    assert GAME.default_action(s, 0) == KeepPrize()


def test_log_and_round_summaries_are_redacted() -> None:
    played = random_playout(GAME, 8, 1)
    events = played.events
    public = GAME.render_log(events, None)
    assert not any("favourite" in line for line in public)
    assert not any(line.startswith("(Seat") for line in public)
    mine = GAME.render_log(events, 1)
    assert sum("favourite" in line for line in mine) == 1
    full = GAME.render_log(events, None, omniscient=True)
    assert len(full) == len(public) + 3 + sum(1 for s in played.steps if isinstance(s.action, Bid))
    rounds = GAME.round_summaries(events, 1)
    assert [r["round"] for r in rounds] == [1, 2, 3]
    assert all({"prize", "bids", "winner", "paid", "sold"} <= set(r) for r in rounds)
    assert all("my_bid" not in r for r in GAME.round_summaries(events, None))
    assert len(GAME.render_summary(events, None)) == 3


def test_describe_action() -> None:
    assert [GAME.describe_action(a) for a in (Bid(2), KeepPrize(), SellPrize())] == ["bid 2", "keep", "sell"]
