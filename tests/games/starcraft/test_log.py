"""The log of a set-up (RULES §5-§6): one line per decision, a placement with its forced routes
included, and the opening hands only in their owner's log."""

from __future__ import annotations

import random

import msgspec
import pytest

from tests.games.starcraft.helpers import game, pinned, random_events, raynor_overmind, script, seat_with
from tests.games.starcraft.test_combat_hidden import _placed
from turncoat.core.actions import Event
from turncoat.core.present import SeatRef, line
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft import log
from turncoat.games.starcraft.phases.combat_cards import draw_combat_cards
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
        # 362 before the technologies and event texts + 94: 34 technologies' costs and cards, 26 copy
        # counts; + 19: the placeholder event cards' texts
        "Content: starcraft-sourced, starcraft-placeholders (475 placeholder values are invented).",
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
    # the owner reads its opening hand in one line: the cards, not their number as well
    assert [said for said in mine if "combat card" in said and said.startswith("Player 1 ")] == hand
    omniscient = g.render_log(events, None, omniscient=True)
    assert [said for said in omniscient if "combat card" in said and said.startswith("Player 1 ")] == hand
    assert theirs[-1] == "Round 1 begins with the Planning phase."


def test_lines_in_plain_text_name_areas_units_and_cards() -> None:
    g = pinned(2, 0, *TWO)
    assert log.area_name(g.ctx, "tarsonis_1") == "Tarsonis (1 CP)"
    assert log.area_name(g.ctx, "braken_3") == "Braken (1 mineral)"  # one mineral, not "1 minerals"
    assert log.unit_name(g.ctx, "siege_tank") == "Siege Tank"
    assert log.card_name(g.ctx, "zerg_combat_10") == "Zerg combat card 10"
    assert log.text(line("a ", SeatRef(2), ".")) == "a Player 3."


def test_with_article_names_a_noun_with_the_article_it_wants() -> None:
    assert [log.with_article(w) for w in ("Marine", "Ultralisk", "air support", "Event")] == [
        "a Marine",
        "an Ultralisk",
        "an air support",
        "an Event",
    ]
    g = pinned(2, 0, *TWO)
    bought = E.Bought(0, "module", "air_support", "", 0, (), ())
    (said,) = log.round_lines(g.ctx, bought)
    assert " buys an air support module, paying " in log.text(said)


def test_lines_say_a_combat_draw_once_to_each_reader() -> None:
    # §13.2 step 3, §10.3: the drawer reads the cards it drew, everyone else how many: one line each
    g, state, _ = raynor_overmind()
    events: list[Event] = []
    draw_combat_cards(g.ctx, state, 1, 3, events)
    mine = g.render_log(events, 1)
    assert len(mine) == 1 and mine[0].startswith("Player 2 draws Zerg combat card")
    assert g.render_log(events, 0) == g.render_log(events, None) == ["Player 2 draws 3 combat cards."]
    assert g.render_log(events, None, omniscient=True) == mine


def test_lines_say_an_empty_draw_once() -> None:
    g, state, _ = raynor_overmind()
    empty = seat_with(state, 1, combat_deck=(), combat_discard=())
    events: list[Event] = []
    draw_combat_cards(g.ctx, empty, 1, 3, events)
    said = ["Player 2 draws no combat card: deck and discard pile are empty."]
    assert g.render_log(events, 1) == g.render_log(events, 0) == said


def test_lines_say_combat_cards_placed_once_to_their_owner() -> None:
    # §13.2 step 6: the owner reads which cards it put face down; the others how many
    g, _, events = _placed()
    own, other = g.render_log(events, 0), g.render_log(events, 1)
    placed = [said for said in own if "skirmish 1" in said and said.startswith("Player 1 ")]
    assert placed == ["Player 1 chose Terran combat card 1 and Terran combat card 17 for skirmish 1."]
    assert "Player 1 places 2 cards face down on skirmish 1." in other


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_lines_one_per_decision_for_every_reader(players: int) -> None:
    """Every decision of a random game (battles included) reads as many lines to each seat as to
    a spectator: a private detail replaces its public line rather than adding one.  The only lines
    a seat reads alone are its new event cards (§14 step 8).  The steps of a composite move (a
    order's planet, a unit moved) say nothing; the move (a Mobilize order's moves, a planet placed
    with its routes) says one line."""
    g = game(players=players)
    rnd = random.Random(players)
    tr = g.start(players)
    state, decisions, moved = tr.state, 0, 0
    while g.to_act(state) and decisions < 3000:
        (seat,) = g.to_act(state)
        options = [a for a in g.legal_actions(state, seat) if not isinstance(a, A.VoluntaryDestruction)]
        busy = [a for a in options if not isinstance(a, A.EndBuild | A.EndMove | A.ExecuteOrder)]
        action = A.ExecuteOrder(True) if A.ExecuteOrder(True) in options else rnd.choice(busy or options)
        tr = g.apply(state, seat, action)
        state, decisions = tr.state, decisions + 1
        public = len(g.render_log(tr.events, None))
        for viewer in range(players):
            reads = sum(1 for e in tr.events if isinstance(e, E.EventCardsRead) and e.seat == viewer)
            assert len(g.render_log(tr.events, viewer)) == public + reads, (viewer, tr.events)
        if isinstance(action, A.ChooseOrderPlanet | A.MoveUnit):  # a step: silent, unless the last
            assert not tr.events or isinstance(tr.events[0], E.OrderPlaced | E.UnitsMoved), action
        said = g.render_log(tr.events, None)
        moves = sum(1 for e in tr.events if isinstance(e, E.UnitsMoved))
        assert sum(1 for x in said if " moves " in x) == moves
        placed = sum(1 for e in tr.events if isinstance(e, E.PlanetPlaced))
        assert sum(1 for x in said if " at (" in x) == placed
        moved += moves
    assert moved > 0  # the games move units, and each Mobilize order says its moves in one line


def test_lines_label_an_event_card_by_its_hook() -> None:
    # §17: a resolved card says whether its effect is applied, as its hook says (GAPS §3: with
    # invented_event_effects off a placeholder card is an inert hook)
    g, _, _ = raynor_overmind(invented_event_effects=False)
    invented = E.EventPlayed(
        seat=1, card="stage1_draw_2_combat_cards", discarded=(), end_draws_near=0, hook=True
    )
    tedn = E.EventPlayed(
        seat=0, card="the_end_draws_near", discarded=("stage3_gain_1_cp",), end_draws_near=2, hook=True
    )
    assert g.render_log([invented, tedn], None) == [
        "Player 2 plays Draw 2 combat cards (placeholder content: its effect is invented and not applied).",
        "Player 1 plays The End Draws Near (2 into the common area; its extra benefit is unknown and not "
        "applied); discards Gain 1 cp.",
    ]
    # on (the default): the invented effect is applied, said as placeholder content with its text
    on, _, _ = raynor_overmind()
    assert on.render_log([msgspec.structs.replace(invented, hook=False)], None) == [
        "Player 2 plays Draw 2 combat cards (placeholder content: its effect is invented; Draw 2 combat "
        "cards now, before the hand limit of step 9)."
    ]
