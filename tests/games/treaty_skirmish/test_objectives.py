"""The adapted objectives (RULES §6.5) and the end of the game (§6.5, §4.5)."""

from __future__ import annotations

import msgspec

from turncoat.core import treaties as T
from turncoat.core.actions import Event
from turncoat.games.treaty_skirmish.actions import (
    DiscardTreaty,
    GiveTreaty,
    MoveAttack,
    MoveShips,
    Pass,
    SendEnvoy,
)
from turncoat.games.treaty_skirmish.events import GameWon, NobodyWins, ObjectivesRevealed
from turncoat.games.treaty_skirmish.phases import end, objectives
from turncoat.games.treaty_skirmish.state import OVER, State

from .helpers import HACAN, JOLNAR, LAZAX, LETNEV, SOL, game, of_type, play, start, with_control, with_ships


def test_emperor_met() -> None:
    g = game()
    s = start(g)
    assert objectives.emperor_met(g.ctx, s)
    assert objectives.emperor_met(g.ctx, with_control(g, s, "home-hacan", LAZAX))  # or the Lazax
    assert not objectives.emperor_met(g.ctx, with_control(g, s, "home-hacan", SOL))


def test_power_hungry_met() -> None:
    g = game()
    s = with_control(g, start(g), "home-hacan", SOL)
    assert not objectives.power_hungry_met(g.ctx, s, SOL)
    s = with_control(g, s, "mecatol", SOL)
    assert not objectives.power_hungry_met(g.ctx, s, SOL)  # Mecatol is no great-race Home
    assert objectives.power_hungry_met(g.ctx, with_control(g, s, "home-letnev", SOL), SOL)


def test_traitor_met() -> None:
    g = game()
    s = start(g)
    assert not objectives.traitor_met(g.ctx, s, SOL)
    assert objectives.traitor_met(g.ctx, with_control(g, s, "mecatol", SOL), SOL)


def test_opportunist_met() -> None:
    g = game()
    s = start(g)
    # Sol's left, skipping the Lazax, is Letnev (GAPS Q6 default)
    assert objectives.opportunist_met(g.ctx, with_control(g, s, "home-letnev", SOL), SOL)
    assert not objectives.opportunist_met(g.ctx, with_control(g, s, "home-jolnar", SOL), SOL)
    assert objectives.opportunist_met(g.ctx, with_control(g, s, "home-jolnar", HACAN), HACAN)
    g2 = game(neighbours_skip_lazax=False)
    s2 = start(g2)
    assert objectives.opportunist_met(g2.ctx, with_control(g2, s2, "mecatol", SOL), SOL)


def test_anarchist_met() -> None:
    g = game()
    s = with_control(g, start(g), "home-hacan", SOL)
    assert not objectives.anarchist_met(g.ctx, s)
    assert objectives.anarchist_met(g.ctx, with_control(g, s, "home-letnev", LAZAX))  # anyone else counts


def test_loyalist_met() -> None:
    g = game()
    s = start(g)
    assert objectives.loyalist_met(g.ctx, s, HACAN)
    assert not objectives.loyalist_met(g.ctx, with_control(g, s, "home-jolnar", SOL), HACAN)
    assert not objectives.loyalist_met(g.ctx, with_control(g, s, "mecatol", SOL), HACAN)
    # Letnev's great-race neighbours are Hacan and (skipping the Lazax) Sol
    assert not objectives.loyalist_met(g.ctx, with_control(g, s, "home-sol", HACAN), LETNEV)
    assert objectives.loyalist_met(g.ctx, with_control(g, s, "home-jolnar", SOL), LETNEV)


def test_unstoppable_army_met() -> None:
    g = game()
    s = start(g)
    assert objectives.unstoppable_army_met(s, LAZAX)  # 4 on Mecatol + 4 on the Frontiers: 8 > 3
    assert not objectives.unstoppable_army_met(s, SOL)
    s = with_ships(g, s, "home-sol", SOL, 8)
    assert not objectives.unstoppable_army_met(s, SOL) and not objectives.unstoppable_army_met(
        s, LAZAX
    )  # a tie
    s = with_ships(g, s, "home-sol", SOL, 9)
    assert objectives.unstoppable_army_met(s, SOL)


def _holding(s: State, holdings: dict[int, list[T.TreatyCard]]) -> State:
    """``s`` with treaty hands set: seat -> cards."""
    hands = tuple((p, tuple(sorted(holdings.get(p, cards)))) for p, cards in s.treaties.hands)
    return msgspec.structs.replace(s, treaties=msgspec.structs.replace(s.treaties, hands=hands))


def c(faction: str, n: int) -> T.TreatyCard:
    return T.TreatyCard(faction, n, "help the giver")


def test_support_of_the_people_met() -> None:
    g = game(objectives=["support_of_the_people", "loyalist", "anarchist", "traitor"])
    s = start(g)
    s = _holding(s, {HACAN: [c("hacan", 1), c("letnev", 1)], JOLNAR: [c("letnev", 2)], SOL: [c("letnev", 3)]})
    assert objectives.support_of_the_people_met(g.ctx, s, LETNEV)
    traitor = _holding(s, {SOL: [c("letnev", 3), c("hacan", 2)]})
    assert not objectives.support_of_the_people_met(g.ctx, traitor, LETNEV)  # a holder is a treaty traitor
    loose = game(
        objectives=["support_of_the_people", "loyalist", "anarchist", "traitor"],
        support_needs_loyal_holders=False,
    )
    assert objectives.support_of_the_people_met(loose.ctx, traitor, LETNEV)
    two = _holding(s, {SOL: [c("sol", 1)]})
    assert not objectives.support_of_the_people_met(g.ctx, two, LETNEV)


def test_support_winner() -> None:
    """§6.5: checked after each receipt by the engine alone; nothing is said until the win."""
    g = game(speaker=4, objectives=["anarchist", "loyalist", "traitor", "support_of_the_people"])
    s = start(g)
    # Sol (seat 4) sends envoys to Letnev, Hacan and Jol-Nar; each keeps Sol's card.
    s, events = play(g, s, SendEnvoy("letnev"), GiveTreaty("sol", 1), DiscardTreaty("letnev", 4))
    s, more = play(g, s, *[Pass()] * 4)
    events += more
    s, more = play(g, s, SendEnvoy("hacan"), GiveTreaty("sol", 2), DiscardTreaty("hacan", 4))
    events += more
    assert s.step != OVER and not of_type(events, GameWon)
    assert s.actor == SOL  # everyone else has passed
    s, more = play(g, s, SendEnvoy("jolnar"), GiveTreaty("sol", 3), DiscardTreaty("jolnar", 4))
    events += more
    assert s.step == OVER and s.result is not None
    assert s.result.reason == "immediate" and s.result.primary == (SOL,)
    # Sol's lowest card, 1, is with Letnev: the treaty ally
    assert s.result.winners == (LETNEV, SOL)


def test_support_on_the_fourth_treaty() -> None:
    g = game(
        speaker=4,
        objectives=["anarchist", "loyalist", "traitor", "support_of_the_people"],
        support_check="on_fourth_treaty",
    )
    s = start(g)
    s, _ = play(g, s, SendEnvoy("letnev"), GiveTreaty("sol", 1), DiscardTreaty("letnev", 4), *[Pass()] * 4)
    s, _ = play(g, s, SendEnvoy("hacan"), GiveTreaty("sol", 2), DiscardTreaty("hacan", 4))
    s, _ = play(g, s, SendEnvoy("jolnar"), GiveTreaty("sol", 3), DiscardTreaty("jolnar", 4))
    assert s.step != OVER  # three holders, but only the 4th treaty given is checked
    s, _ = play(g, s, Pass())  # out of tokens (gifts are still possible, so Sol passes itself)
    assert s.round == 2 and s.speaker == LAZAX
    s, _ = play(g, s, *[Pass()] * 4)
    assert s.actor == SOL
    s, _ = play(g, s, SendEnvoy("letnev"), GiveTreaty("sol", 4), DiscardTreaty("letnev", 3))
    assert s.step == OVER and s.result is not None and SOL in s.result.primary


def test_immediate_winners() -> None:
    g = game(
        speaker=4,
        objectives=["anarchist", "loyalist", "unstoppable_army", "traitor"],
        dice=[6, 6, 6, 6, 1, 1, 1, 1],
    )
    s = start(g)
    assert objectives.immediate_winners(g.ctx, s) == ()
    s = with_ships(g, s, "frontier-4", SOL, 4)
    s = with_ships(g, s, "frontier-4", LAZAX, 0)
    s, events = play(g, s, MoveAttack("mecatol"), MoveShips("frontier-4", 4))
    assert s.step == OVER and s.result is not None
    assert s.result.reason == "immediate" and s.result.primary == (SOL,)
    assert of_type(events, GameWon)[0].reason == "immediate"


def test_final_winners() -> None:
    g = game(objectives=["anarchist", "loyalist", "unstoppable_army", "traitor"])
    s = start(g)
    # untouched board: the Lazax (Emperor) and Hacan (Loyalist) meet theirs; Jol-Nar's army is
    # not the biggest (the Lazax have 8 ships)
    assert objectives.final_winners(g.ctx, s) == (LAZAX, HACAN)


def test_final_winners_on_the_fourth_treaty_reading() -> None:
    """GAPS Q3 "on_fourth_treaty": Support of the People is an at-once check when the 4th treaty
    is given; three holders at the end of the game do not make it met."""
    sotp = ["support_of_the_people", "loyalist", "anarchist", "traitor"]
    three = {HACAN: [c("hacan", 1), c("letnev", 1)], JOLNAR: [c("letnev", 2)], SOL: [c("letnev", 3)]}
    g = game(objectives=sotp)
    assert LETNEV in objectives.final_winners(g.ctx, _holding(start(g), three))
    g4 = game(objectives=sotp, support_check="on_fourth_treaty")
    assert LETNEV not in objectives.final_winners(g4.ctx, _holding(start(g4), three))


def test_may_win() -> None:
    g = game()
    s = msgspec.structs.replace(start(g), eliminated=(False, False, True, False, False))
    assert not objectives.may_win(g.ctx, s, HACAN)
    assert objectives.may_win(game(eliminated_can_win=True).ctx, s, HACAN)
    assert HACAN not in objectives.final_winners(g.ctx, s)


def test_finish() -> None:
    g = game()
    s = start(g)
    events: list[Event] = []
    done = end.finish(g.ctx, s, (), "final_round", events)
    assert done.step == OVER and done.result is not None and done.result.winners == ()
    assert of_type(events, NobodyWins) and of_type(events, ObjectivesRevealed)
    assert not of_type(events, T.TreatiesRevealed)  # with no winner, treaties do nothing (§4.6.8)
    assert g.outcome(done) is not None and g.outcome(done).scores == (0.0,) * 5  # type: ignore[union-attr]


def test_holds_own_home() -> None:
    g = game()
    s = start(g)
    assert objectives.holds_own_home(g.ctx, s, LAZAX) and objectives.holds_own_home(g.ctx, s, SOL)
    assert not objectives.holds_own_home(g.ctx, with_control(g, s, "home-sol", HACAN), SOL)


def test_objective_met() -> None:
    g = game(objectives=["anarchist", "loyalist", "unstoppable_army", "traitor"])
    s = start(g)
    assert [objectives.objective_met(g.ctx, s, p) for p in range(5)] == [True, False, True, False, False]
    s = with_control(g, s, "mecatol", SOL)
    assert objectives.objective_met(g.ctx, s, SOL)  # Traitor
    assert objectives.objective_met(g.ctx, s, LAZAX)  # Emperor counts the great-race Homes only
