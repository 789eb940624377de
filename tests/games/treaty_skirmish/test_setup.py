"""Setup (RULES §6.2, §6.3): seating, the ring, forces, money, treaty hands, objectives, Speaker."""

from __future__ import annotations

import pytest

from turncoat.core import treaties as T
from turncoat.core.errors import InvalidConfig
from turncoat.games.treaty_skirmish.components import build_board, objective_deck, seating, treaty_catalogue
from turncoat.games.treaty_skirmish.config import SkirmishScenario, TreatySkirmishConfig
from turncoat.games.treaty_skirmish.events import ObjectiveDealt
from turncoat.games.treaty_skirmish.game import TreatySkirmishGame
from turncoat.games.treaty_skirmish.phases import setup
from turncoat.games.treaty_skirmish.phases.table import left_of

from .helpers import HACAN, JOLNAR, LAZAX, LETNEV, SOL, game, idx, start


@pytest.mark.parametrize(("players", "great"), [(4, 3), (5, 4), (6, 5)])
def test_seating(players: int, great: int) -> None:
    races = seating(players)
    assert len(races) == players and races[0] == "lazax"
    assert set(races) - {"lazax"} == {"sol", "letnev", "hacan", "jolnar", "xxcha"}.intersection(races)
    assert len(races) - 1 == great
    # the Lazax sit on Sol's left: the seat after Sol's is the Lazax's
    sol = races.index("sol")
    assert races[(sol + 1) % players] == "lazax"
    assert ("jolnar" in races) == (players >= 5) and ("xxcha" in races) == (players == 6)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_build_board(players: int) -> None:
    board = build_board(seating(players))
    ring = board.systems[1:]
    assert len(ring) == 2 * (players - 1)
    assert board.systems[0].id == "mecatol" and board.systems[0].kind == "centre"
    assert [s.kind for s in ring] == ["home", "frontier"] * (players - 1)
    # Homes in seating order (skipping the Lazax)
    assert [s.race for s in ring if s.kind == "home"] == [r for r in seating(players) if r != "lazax"]
    for i, s in enumerate(board.systems):
        for a in s.adjacent:
            assert i in board.systems[a].adjacent  # adjacency is symmetric
        if s.kind == "frontier":
            assert len(s.adjacent) == 3 and 0 in s.adjacent
            assert all(board.systems[a].kind in ("home", "centre") for a in s.adjacent)
        if s.kind == "home":
            assert len(s.adjacent) == 2 and all(board.systems[a].kind == "frontier" for a in s.adjacent)
    assert len(board.systems[0].adjacent) == players - 1


def test_objective_deck() -> None:
    assert "loyalist" not in objective_deck(4)
    # At 4 players only two other great races can hold a race's cards: Support of the People
    # (three holders) could never be met, so it leaves the deck unless the table deals it.
    assert "support_of_the_people" not in objective_deck(4)
    assert "support_of_the_people" in objective_deck(4, "dealt") and "loyalist" not in objective_deck(
        4, "dealt"
    )
    assert "support_of_the_people" in objective_deck(5)
    assert "loyalist" in objective_deck(5) and "loyalist" in objective_deck(6)
    assert len(objective_deck(5)) == 7 and "emperor" not in objective_deck(5)


def test_treaty_catalogue() -> None:
    cards = treaty_catalogue(seating(5), 4)
    for race in ("sol", "letnev", "hacan", "jolnar"):
        assert [c.number for c in cards if c.faction == race] == [1, 2, 3, 4]
    lazax = [c for c in cards if c.faction == "lazax"]
    assert [c.number for c in lazax] == [1, 2, 3, 4]  # one per great race in play: 1…P−1
    assert [c.hint for c in lazax] == [
        "don't attack Letnev",
        "don't attack Hacan",
        "don't attack Jol-Nar",
        "don't attack Sol",
    ]
    assert not any("Xxcha" in c.hint for c in lazax)  # cards of races not in play are thrown out


def test_starting_forces() -> None:
    g = game()
    s = start(g)
    for seat, home in (
        (LETNEV, "home-letnev"),
        (HACAN, "home-hacan"),
        (JOLNAR, "home-jolnar"),
        (SOL, "home-sol"),
    ):
        i = idx(g, home)
        assert s.ships[i][seat] == 3 and s.control[i] == seat and s.garrison[i] == 2
    assert s.ships[0][LAZAX] == 4 and s.control[0] == LAZAX and s.garrison[0] == 0
    for k in range(1, 5):
        i = idx(g, f"frontier-{k}")
        assert s.ships[i][LAZAX] == 1 and s.control[i] == -1


def test_set_up() -> None:
    g = game(speaker=3)
    t = g.start(7)
    s = t.state
    # §6.3 money, §6.4 round 1 income on top: every seat controls one value-3 system
    assert s.trade_goods == (5, 5, 5, 5, 5)
    assert s.tokens == (4, 3, 3, 3, 3)
    assert s.round == 1 and s.speaker == 3 and s.actor == 3
    hands = dict(s.treaties.hands)
    assert len(hands[LAZAX]) == 4 and all(c.faction == "lazax" for c in hands[LAZAX])
    assert [c.number for c in hands[SOL]] == [1, 2, 3, 4]
    assert s.treaties.non_receivers == (LAZAX,)
    assert s.objectives == ("emperor", "anarchist", "loyalist", "unstoppable_army", "power_hungry")
    dealt = [e for e in t.events if isinstance(e, ObjectiveDealt)]
    assert dealt[0].visible_to is None  # the Lazax objective is face up
    assert all(e.visible_to == (e.seat,) for e in dealt[1:])  # the others hidden


def test_deal_objectives() -> None:
    g = TreatySkirmishGame(TreatySkirmishConfig(players=4))
    for seed in range(20):
        objs = start(g, seed).objectives
        assert objs[0] == "emperor"
        assert "loyalist" not in objs  # removed at 4 players
        assert len(set(objs)) == 4
    g6 = TreatySkirmishGame(TreatySkirmishConfig(players=6))
    seen = {o for seed in range(40) for o in start(g6, seed).objectives}
    assert "loyalist" in seen and "support_of_the_people" in seen


def test_choose_speaker() -> None:
    g = TreatySkirmishGame(TreatySkirmishConfig(players=5))
    speakers = {start(g, seed).speaker for seed in range(40)}
    assert speakers == set(range(5))
    assert start(game(speaker=2)).speaker == 2


def test_seat_races() -> None:
    g = TreatySkirmishGame(TreatySkirmishConfig(players=5, race_assignment="random"))
    seen = set()
    for seed in range(30):
        races = start(g, seed).races
        seen.add(races[0])
        sol = races.index("sol")
        assert races[(sol + 1) % 5] == "lazax"  # Sol always on the Lazax's right
    assert len(seen) == 5
    pinned = TreatySkirmishGame(
        TreatySkirmishConfig(players=5, race_assignment="random", scenario=SkirmishScenario(rotation=1))
    )
    assert start(pinned).races[0] == "letnev"
    assert setup.seat_races(game().ctx, 0, 0)[0] == seating(5)


def test_left_of_skips_the_lazax_for_neighbours() -> None:
    s = start(game())
    assert left_of(s, SOL, skip_lazax=True) == LETNEV
    assert left_of(s, SOL, skip_lazax=False) == LAZAX
    assert left_of(s, LETNEV, skip_lazax=True) == HACAN


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"players": 3}, "bad_players"),
        ({"players": 7}, "bad_players"),
        ({"players": 5, "scenario": {"speaker": 5}}, "bad_scenario"),
        ({"players": 5, "scenario": {"objectives": ["traitor"]}}, "bad_scenario"),
        ({"players": 4, "scenario": {"objectives": ["loyalist", "traitor", "anarchist"]}}, "bad_scenario"),
        (
            {"players": 5, "scenario": {"objectives": ["traitor", "traitor", "anarchist", "loyalist"]}},
            "bad_scenario",
        ),
        ({"players": 5, "scenario": {"dice": [0]}}, "bad_scenario"),
        ({"players": 5, "scenario": {"rotation": 1}}, "bad_scenario"),
        ({"players": 5, "trade_goods_gifts": "sometimes"}, "bad_config"),
        ({"players": 5, "treaty_cards_per_race": 0}, "bad_treaty_cards"),
    ],
)
def test_validate_config(options: dict[str, object], code: str) -> None:
    with pytest.raises(InvalidConfig) as err:
        TreatySkirmishGame.from_options(**options)
    assert err.value.code == code


def test_treaty_cards_per_race_is_an_option() -> None:
    """GAPS Q1: the great races' card count is a named option; the Lazax keep one per race."""
    s = start(game(treaty_cards_per_race=3))
    hands = dict(s.treaties.hands)
    assert [c.number for c in hands[SOL]] == [1, 2, 3]
    assert [c.number for c in hands[LAZAX]] == [1, 2, 3, 4]


def test_hand_size_invariant_at_start() -> None:
    s = start(game(6, objectives=["anarchist", "loyalist", "unstoppable_army", "power_hungry", "traitor"]))
    for p, n in s.treaties.started_with:
        assert T.hand_size(s.treaties, p) == n
