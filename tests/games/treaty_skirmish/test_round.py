"""The round (RULES §6.4): Income, the order of play, Pass, Cleanup and the round track."""

from __future__ import annotations

import msgspec

from turncoat.games.treaty_skirmish.actions import Build, MoveAttack, MoveShips, Pass
from turncoat.games.treaty_skirmish.events import IncomeCollected, Passed, RoundEnded, RoundStarted
from turncoat.games.treaty_skirmish.phases import income
from turncoat.games.treaty_skirmish.state import ACTION, OVER

from .helpers import (
    HACAN,
    JOLNAR,
    LAZAX,
    LETNEV,
    SOL,
    game,
    idx,
    of_type,
    play,
    start,
    with_control,
    with_ships,
)


def test_income_of() -> None:
    g = game()
    s = start(g)
    assert income.income_of(g.ctx, s, LETNEV) == 3
    s = with_control(g, s, "frontier-1", LETNEV)
    s = with_control(g, s, "home-hacan", LETNEV)
    assert income.income_of(g.ctx, s, LETNEV) == 3 + 1 + 3
    assert income.income_of(g.ctx, s, HACAN) == 0


def test_tokens_for() -> None:
    g = game()
    s = start(g)
    assert income.tokens_for(g.ctx, s, LAZAX) == 4
    assert all(income.tokens_for(g.ctx, s, p) == 3 for p in (LETNEV, HACAN, JOLNAR, SOL))


def test_reset_garrisons() -> None:
    g = game()
    s = start(g)
    hacan = idx(g, "home-hacan")
    s = msgspec.structs.replace(s, garrison=tuple(0 for _ in s.garrison))
    s = with_control(g, s, "home-hacan", LETNEV)  # a captured Home's garrison serves its captor
    reset = income.reset_garrisons(g.ctx, s)
    assert reset[hacan] == 2
    assert [reset[i] for i in g.ctx.board.homes] == [2, 2, 2, 2]
    assert reset[0] == 0 and reset[idx(g, "frontier-1")] == 0


def test_next_speaker() -> None:
    g = game(speaker=4)
    s = start(g)
    assert income.next_speaker(g.ctx, s, first=True) == 4
    assert income.next_speaker(g.ctx, s, first=False) == 0  # passes left (the next seat)
    s = msgspec.structs.replace(s, eliminated=(True, False, False, False, False))
    assert income.next_speaker(g.ctx, s, first=False) == 1  # skipping a seat out of the game
    every = game(speaker=4, speaker_passes="every_income")
    assert start(every).speaker == 0


def test_start_round() -> None:
    g = game(speaker=1)
    s = start(g)
    # everyone passes: round 2 begins, the Speaker has moved left and income has come in
    s, events = play(g, s, *[Pass()] * 5)
    assert s.round == 2 and s.speaker == 2 and s.actor == 2 and s.step == ACTION
    assert s.trade_goods == (8, 8, 8, 8, 8) and s.tokens == (4, 3, 3, 3, 3)
    assert [e.round for e in of_type(events, RoundEnded)] == [1]
    assert [(e.round, e.speaker) for e in of_type(events, RoundStarted)] == [(2, 2)]
    assert len(of_type(events, IncomeCollected)) == 5


def test_next_turn() -> None:
    g = game(speaker=3)
    s = start(g)
    assert s.actor == 3
    s, _ = play(g, s, Pass())
    assert s.actor == 4
    s, _ = play(g, s, Build("home-sol", 1))
    assert s.actor == 0  # to the left, round the table
    s, _ = play(g, s, Pass(), Pass(), Pass())
    assert s.actor == 4  # 3, 0, 1, 2 have passed; only Sol is left
    s, _ = play(g, s, Pass())
    assert s.round == 2


def test_resolve_pass() -> None:
    g = game(speaker=1)
    s = start(g)
    s, events = play(g, s, Pass())
    assert s.passed[LETNEV] and [e.seat for e in of_type(events, Passed)] == [LETNEV]
    # a passed seat is skipped for the rest of the round
    s, _ = play(g, s, Pass(), Pass(), Pass())
    assert s.actor == LAZAX
    s, _ = play(g, s, MoveAttack("frontier-1"), MoveShips("mecatol", 1))
    assert s.actor == LAZAX  # everyone else has passed; the Lazax act again


def test_a_seat_that_can_only_pass_passes_by_itself() -> None:
    g = game(speaker=0, trade_goods_gifts="never")
    s = start(g)
    s = msgspec.structs.replace(s, tokens=(4, 0, 3, 3, 3))  # Letnev has no token left
    s, events = play(g, s, Pass())
    assert s.passed[LETNEV] and s.actor == HACAN
    assert [e.seat for e in of_type(events, Passed)] == [LAZAX, LETNEV]
    # with trade goods to give, the same seat still has a decision to make
    g = game(speaker=0)
    s = msgspec.structs.replace(start(g), tokens=(4, 0, 3, 3, 3))
    s, _ = play(g, s, Pass())
    assert s.actor == LETNEV and g.legal_actions(s, LETNEV)[0] == Pass()


def test_end_round() -> None:
    g = game(speaker=1)
    s = start(g)
    s, _ = play(g, s, Build("home-letnev", 1))
    home = idx(g, "home-letnev")
    assert s.activated[home] == (LETNEV,)
    s, events = play(g, s, *[Pass()] * 5)
    assert s.round == 2 and all(t == () for t in s.activated)  # all tokens come off the board


def test_the_game_ends_after_round_8() -> None:
    g = game(speaker=1)
    s = start(g)
    for _ in range(7):
        s, _ = play(g, s, *[Pass()] * 5)
    assert s.round == 8 and s.step == ACTION
    s, _ = play(g, s, *[Pass()] * 5)
    assert s.step == OVER and s.round == 8


def test_begin_turn() -> None:
    g = game(speaker=1)
    s, _ = play(g, start(g), Pass())
    assert (s.turn, s.actor, s.step) == (HACAN, HACAN, ACTION)


def test_after_action() -> None:
    # an action that meets no objective hands the turn on; one that does ends the game at once
    g = game(
        speaker=1,
        objectives=["traitor", "anarchist", "loyalist", "unstoppable_army"],
        dice=[6, 6, 6, 6, 1, 1, 1, 1],
    )
    s = start(g)
    s, _ = play(g, s, Build("home-letnev", 1))
    assert s.actor == HACAN and s.step == ACTION
    s = msgspec.structs.replace(s, turn=LETNEV, actor=LETNEV)
    s = with_ships(g, s, "frontier-1", LAZAX, 0)
    s = with_ships(g, s, "frontier-1", LETNEV, 4)
    s, _ = play(g, s, MoveAttack("mecatol"), MoveShips("frontier-1", 4))
    assert s.step == OVER and s.result is not None and s.result.primary == (LETNEV,)
