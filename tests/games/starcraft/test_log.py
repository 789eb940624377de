"""The log of a set-up (RULES §5-§6): one line per decision, a placement with its forced routes
included, and the opening hands only in their owner's log."""

from __future__ import annotations

from tests.games.starcraft.helpers import pinned, random_events, script
from turncoat.core.present import SeatRef, line
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import log
from turncoat.games.starcraft.state import PLANNING

TWO = (["jim_raynor", "overmind"], [["pridewater", "braken"], ["tarsonis", "chau_sara"]])
PLACEMENTS: list[A.StarcraftAction] = [
    A.ChoosePlanet("pridewater"),
    A.ChooseRotation(0),
    A.PlaceBase("pridewater_1"),
    A.ChoosePlanet("tarsonis"),
    A.ChooseCell(1, 0),
    A.ChooseRotation(1),
    A.PlaceBase(None),
    A.ChooseCell(1, -1),
    A.ChooseRotation(0),
    A.PlaceBase("chau_sara_3"),
    A.ChooseCell(0, -1),
    A.ChooseRotation(1),
    A.PlaceZAxisEnd("pridewater", "N"),
]


def test_lines_of_a_two_player_setup() -> None:
    g = pinned(2, 0, *TWO)
    state, events = script(g, PLACEMENTS)
    said = g.render_log(events, None)
    assert said[:3] == [
        "Content: starcraft-sourced, starcraft-placeholders (362 placeholder values are invented).",
        "Player 1 has the first player token.",
        "Player 1 is dealt Jim Raynor.",
    ]
    assert "The event deck holds 5 Stage I, 5 Stage II, 20 Stage III cards (40 removed unseen)." in said
    assert "Player 2 draws Tarsonis and Chau Sara." in said
    assert "Player 2 places Tarsonis at (1, 0), turned 90°, joined to Pridewater." in said
    assert "Player 2 keeps the base for the second planet." in said
    assert "Player 1 places Braken at (0, -1), turned 90°, joined to Pridewater and Chau Sara." in said
    assert "Player 1 puts the base in Pridewater (3 minerals)." in said
    assert "Player 1 joins Pridewater and Tarsonis by a z-axis route." in said
    assert "Player 2's z-axis route finds no two free slots and goes back to the box." in said
    assert "Player 2 takes the resource cards of Chau Sara (1 gas) and Chau Sara (2 minerals)." in said


def test_lines_hide_an_opening_hand_from_the_other_seats() -> None:
    g = pinned(2, 0, *TWO)
    state, events = random_events(g, 0)
    assert state.step == PLANNING
    mine, theirs = g.render_log(events, 0), g.render_log(events, 1)
    hand = [said for said in mine if said.startswith("Player 1 draws Terran combat card")]
    assert len(hand) == 1 and hand[0] not in theirs and hand[0] not in g.render_log(events, None)
    assert hand[0] in g.render_log(events, None, omniscient=True)
    assert "Player 1 draws an opening hand of 8 combat cards." in theirs
    assert theirs[-1] == "Round 1 begins with the Planning phase."


def test_lines_in_plain_text_name_areas_units_and_cards() -> None:
    g = pinned(2, 0, *TWO)
    assert log.area_name(g.ctx, "tarsonis_1") == "Tarsonis (1 CP)"
    assert log.unit_name(g.ctx, "siege_tank") == "Siege Tank"
    assert log.card_name(g.ctx, "zerg_combat_10") == "Zerg combat card 10"
    assert log.text(line("a ", SeatRef(2), ".")) == "a Player 3."
