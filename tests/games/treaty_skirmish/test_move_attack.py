"""Move/Attack and combat (RULES §6.4): activation, sources, dice, hits, retreat and control."""

from __future__ import annotations

import msgspec
import pytest

from turncoat.core.errors import IllegalAction
from turncoat.games.treaty_skirmish.actions import AssignHits, FightOn, MoveAttack, MoveShips, Pass, Retreat
from turncoat.games.treaty_skirmish.events import (
    CombatEnded,
    ControlTaken,
    DiceRolled,
    HitsTaken,
    PlayerEliminated,
    Retreated,
    ShipsMoved,
)
from turncoat.games.treaty_skirmish.phases import combat, movement
from turncoat.games.treaty_skirmish.phases.table import roll
from turncoat.games.treaty_skirmish.state import ACTION, ASSIGN_HITS, MOVE_SHIPS, RETREAT

from .helpers import HACAN, LAZAX, LETNEV, game, idx, of_type, play, start, turn_of, with_ships


def test_sources() -> None:
    g = game()
    s = start(g)
    f1 = idx(g, "frontier-1")
    assert movement.sources(g.ctx, s, LETNEV, f1) == (idx(g, "home-letnev"),)
    assert movement.sources(g.ctx, s, LAZAX, f1) == (0,)  # Mecatol (the Lazax ship on f1 is there already)
    s = with_ships(g, s, "frontier-4", LAZAX, 0)
    s, _ = play(g, s, MoveAttack("frontier-4"), MoveShips("home-letnev", 1))
    # a system holding the mover's token is no source for it
    assert movement.sources(g.ctx, turn_of(s, LETNEV), LETNEV, 0) == ()


def test_targets() -> None:
    g = game()
    s = start(g)
    ids = [g.ctx.board.systems[t].id for t in movement.targets(g.ctx, s, LETNEV)]
    assert ids == ["frontier-1", "frontier-4"]  # a Home borders only its two Frontiers
    lazax = [g.ctx.board.systems[t].id for t in movement.targets(g.ctx, s, LAZAX)]
    assert "mecatol" in lazax and "home-letnev" in lazax  # from the Frontiers' ships
    s = msgspec.structs.replace(s, tokens=(4, 0, 3, 3, 3))
    assert movement.targets(g.ctx, s, LETNEV) == ()  # no command token, no activation


def test_resolve_move_attack() -> None:
    g = game()
    s = with_ships(g, start(g), "frontier-4", LAZAX, 0)
    s, _ = play(g, s, MoveAttack("frontier-4"))
    assert s.step == MOVE_SHIPS and s.tokens[LETNEV] == 2
    assert s.activated[idx(g, "frontier-4")] == (LETNEV,)
    assert list(g.legal_actions(s, LETNEV))[:3] == [MoveShips("home-letnev", k) for k in (1, 2, 3)]
    with pytest.raises(IllegalAction):
        g.apply(s, LETNEV, MoveShips("home-letnev", 4))
    # a system holding your token cannot be activated again this round
    s, _ = play(g, s, MoveShips("home-letnev", 1), *[Pass()] * 4)
    s = turn_of(s, LETNEV)
    assert MoveAttack("frontier-4") not in g.legal_actions(s, LETNEV)


def test_count_range() -> None:
    g = game(speaker=0)
    s = start(g)
    s = with_ships(g, s, "frontier-1", LAZAX, 2)
    s = with_ships(g, s, "frontier-2", LAZAX, 1)
    s, _ = play(g, s, MoveAttack("home-hacan"))
    assert s.move is not None and len(s.move.sources) == 2
    assert movement.count_range(s, LAZAX) == (0, 2)  # the first source may send none
    s, _ = play(g, s, MoveShips("frontier-1", 0))
    assert movement.count_range(s, LAZAX) == (1, 1)  # ... but then the last must send one


def test_take_control() -> None:
    g = game()
    g4 = game(dice=[])
    s = with_ships(g4, start(g4), "frontier-4", LAZAX, 0)
    s, events = play(g4, s, MoveAttack("frontier-4"), MoveShips("home-letnev", 2))
    f4 = idx(g4, "frontier-4")
    assert s.control[f4] == LETNEV and s.ships[f4][LETNEV] == 2
    assert [(e.seat, e.system, e.previous) for e in of_type(events, ControlTaken)] == [
        (LETNEV, "frontier-4", -1)
    ]
    assert of_type(events, ShipsMoved)[0].count == 2
    assert g.outcome(s) is None


def test_hits() -> None:
    g = game()
    assert combat.hits(g.ctx, (1, 2, 3, 4, 5, 6)) == 2


def test_roll() -> None:
    g = game(dice=[6, 5])
    s = start(g)
    dice, s2 = roll(g.ctx, s, 4)
    assert dice[:2] == (6, 5) and all(1 <= d <= 6 for d in dice)
    assert s2.dice_used == 2 and s2.rng > s.rng
    assert roll(g.ctx, s, 4)[0] == dice  # a pure function of the state


def test_fight_round() -> None:
    # Letnev (3 ships) attack the Lazax ship on Frontier 1: Letnev roll 5,1,1 (1 hit), Lazax 6 (1 hit)
    g = game(dice=[5, 1, 1, 6])
    s = start(g)
    s, events = play(g, s, MoveAttack("frontier-1"), MoveShips("home-letnev", 3))
    f1 = idx(g, "frontier-1")
    assert [(e.seat, e.dice, e.hits) for e in of_type(events, DiceRolled)] == [
        (LETNEV, (5, 1, 1), 1),
        (LAZAX, (6,), 1),
    ]
    assert [(e.seat, e.ships) for e in of_type(events, HitsTaken)] == [(LETNEV, 1), (LAZAX, 1)]
    assert s.ships[f1][LETNEV] == 2 and s.ships[f1][LAZAX] == 0
    assert s.control[f1] == LETNEV and s.step == ACTION and s.actor == HACAN
    assert [e.winner for e in of_type(events, CombatEnded)] == [LETNEV]


def _at_hacan_home(dice: list[int]):  # type: ignore[no-untyped-def]
    """Letnev with 4 ships on Frontier 1 attack the Hacan Home (3 ships, garrison 2)."""
    g = game(dice=dice)
    s = start(g)
    s = with_ships(g, s, "frontier-1", LAZAX, 0)
    s = with_ships(g, s, "frontier-1", LETNEV, 4)
    s, events = play(g, s, MoveAttack("home-hacan"), MoveShips("frontier-1", 4))
    return g, s, events


def test_ship_hit_range() -> None:
    g, s, _ = _at_hacan_home([5, 5, 1, 1, 1, 1, 1, 1, 1])
    assert s.step == ASSIGN_HITS and s.actor == HACAN
    assert s.combat is not None and combat.ship_hit_range(s, s.combat) == (0, 2)
    assert list(g.legal_actions(s, HACAN))[:3] == [AssignHits(0), AssignHits(1), AssignHits(2)]


def test_resolve_assign_hits() -> None:
    g, s, _ = _at_hacan_home([5, 5, 1, 1, 1, 1, 1, 1, 1])
    home = idx(g, "home-hacan")
    s, events = play(g, s, AssignHits(1))
    assert s.ships[home][HACAN] == 2 and s.garrison[home] == 1
    assert [(e.seat, e.ships, e.garrison) for e in of_type(events, HitsTaken)] == [(HACAN, 1, 1)]
    assert s.step == RETREAT and s.actor == LETNEV
    with pytest.raises(IllegalAction):
        g.apply(s, LETNEV, AssignHits(1))


def test_resolve_retreat() -> None:
    g, s, _ = _at_hacan_home([5, 5, 1, 1, 1, 1, 1, 1, 1])
    s, _ = play(g, s, AssignHits(0))
    assert g.legal_actions(s, LETNEV)[:2] == (FightOn(), Retreat("frontier-1"))
    s, events = play(g, s, Retreat("frontier-1"))
    home, f1 = idx(g, "home-hacan"), idx(g, "frontier-1")
    assert s.ships[f1][LETNEV] == 4 and s.ships[home][LETNEV] == 0
    assert s.control[home] == HACAN and s.garrison[home] == 0
    assert [(e.to, e.ships) for e in of_type(events, Retreated)] == [("frontier-1", 4)]
    assert s.combat is None and s.step == ACTION and s.actor == HACAN


def test_resolve_fight_on() -> None:
    # round 1: Letnev 5,5,1,1 (2 hits) vs 1×5; Hacan puts both on the garrison.
    # round 2: Letnev 6,6,6,1 (3 hits) vs Hacan 1,1,1 (no garrison left): the Home falls.
    g, s, _ = _at_hacan_home([5, 5, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 1, 1, 1, 1])
    s, _ = play(g, s, AssignHits(0))
    s, events = play(g, s, FightOn())
    home = idx(g, "home-hacan")
    assert s.ships[home] == (0, 4, 0, 0, 0)
    assert s.control[home] == LETNEV
    assert [e.system for e in of_type(events, ControlTaken)] == ["home-hacan"]


def test_end_combat() -> None:
    # the attacker is wiped out: the defender keeps the system
    g, s, events = _at_hacan_home([1, 1, 1, 1, 6, 6, 6, 6, 1])
    home = idx(g, "home-hacan")
    assert s.ships[home][LETNEV] == 0 and s.ships[home][HACAN] == 3 and s.control[home] == HACAN
    assert [e.winner for e in of_type(events, CombatEnded)] == [HACAN]
    # both sides gone: the system keeps its last controller
    g = game(dice=[6, 6])
    s = start(g)
    s = with_ships(g, s, "home-letnev", LETNEV, 1)
    s, events = play(g, s, MoveAttack("frontier-1"), MoveShips("home-letnev", 1))
    f1 = idx(g, "frontier-1")
    assert s.ships[f1] == (0, 0, 0, 0, 0) and s.control[f1] == -1
    assert [e.winner for e in of_type(events, CombatEnded)] == [-1]


def test_eliminate() -> None:
    # Hacan, down to 1 ship at a Home it no longer... : strip Hacan to 1 ship on Frontier 2 with
    # nothing controlled, then the Lazax destroy it.
    g = game(speaker=0, dice=[6, 1])
    s = start(g)
    s = with_ships(g, s, "home-hacan", HACAN, 0)
    s = with_ships(g, s, "frontier-2", HACAN, 1)
    s = with_ships(g, s, "frontier-2", LAZAX, 0)
    s = msgspec.structs.replace(s, control=tuple(LETNEV if c == HACAN else c for c in s.control))
    s, events = play(g, s, MoveAttack("frontier-2"), MoveShips("mecatol", 1))
    assert s.eliminated[HACAN] and s.passed[HACAN]
    assert [e.seat for e in of_type(events, PlayerEliminated)] == [HACAN]
    s, _ = play(g, s, Pass())
    assert s.actor == 3  # Jol-Nar: the eliminated Hacan are skipped


def test_resolve_move_ships() -> None:
    g = game(speaker=0)
    s = start(g)
    s = with_ships(g, s, "frontier-1", LAZAX, 2)
    s = with_ships(g, s, "frontier-2", LAZAX, 1)
    s, events = play(g, s, MoveAttack("home-hacan"), MoveShips("frontier-1", 2))
    assert s.move is not None and s.move.moved == ((idx(g, "frontier-1"), 2),) and s.move.asked == 1
    assert s.ships[idx(g, "home-hacan")][LAZAX] == 2  # the ships are already there
    assert [(e.source, e.count) for e in of_type(events, ShipsMoved)] == [("frontier-1", 2)]
    with pytest.raises(IllegalAction):
        g.apply(s, LAZAX, MoveShips("frontier-1", 0))  # the source being asked is Frontier 2


def test_arrive() -> None:
    # nothing hostile there: control at once; enemy ships there: a combat begins
    g = game(dice=[1, 1, 1, 1])
    s = with_ships(g, start(g), "frontier-4", LAZAX, 0)
    s, _ = play(g, s, MoveAttack("frontier-4"), MoveShips("home-letnev", 1))
    assert s.control[idx(g, "frontier-4")] == LETNEV and s.combat is None and s.actor == HACAN
    s, events = play(g, s, MoveAttack("frontier-2"), MoveShips("home-hacan", 3))
    assert s.combat is not None and s.combat.defender == LAZAX
    assert len(of_type(events, DiceRolled)) == 2 and s.control[idx(g, "frontier-2")] == -1


def test_start_combat() -> None:
    g = game(dice=[1, 1, 1, 1])
    s = start(g)
    s, events = play(g, s, MoveAttack("frontier-1"), MoveShips("home-letnev", 3))
    assert s.combat is not None and (s.combat.attacker, s.combat.defender) == (LETNEV, LAZAX)
    assert s.combat.sources == (idx(g, "home-letnev"),) and s.combat.round == 1
    assert s.step == RETREAT  # no hits on either side: both are left, the attacker decides


def test_defender_units() -> None:
    g, s, _ = _at_hacan_home([5, 5, 1, 1, 1, 1, 1, 1, 1])
    assert s.combat is not None and combat.defender_units(s, s.combat) == (3, 2)


def test_assign() -> None:
    # hits with one way to take them are taken without asking: 4 hits on 1 ship and 2 points
    g = game(dice=[6, 6, 6, 6, 1, 1, 1])
    s = start(g)
    s = with_ships(g, s, "frontier-1", LAZAX, 0)
    s = with_ships(g, s, "frontier-1", LETNEV, 4)
    s = with_ships(g, s, "home-hacan", HACAN, 1)
    s, events = play(g, s, MoveAttack("home-hacan"), MoveShips("frontier-1", 4))
    assert s.step == ACTION and s.control[idx(g, "home-hacan")] == LETNEV
    assert [(e.seat, e.ships, e.garrison) for e in of_type(events, HitsTaken)][-1] == (HACAN, 1, 2)


def test_retreat_destinations() -> None:
    g, s, _ = _at_hacan_home([5, 5, 1, 1, 1, 1, 1, 1, 1])
    s, _ = play(g, s, AssignHits(2))
    assert combat.retreat_destinations(s) == (idx(g, "frontier-1"),)
    assert combat.retreat_destinations(start(g)) == ()
