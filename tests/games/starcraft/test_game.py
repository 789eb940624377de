"""StarCraft through the Game protocol: who acts, refusals that change nothing, the packs a game
records, JSON round trips of whole games with battles, and the game offered by the registry."""

from __future__ import annotations

import random

import msgspec
import pytest

from tests.games.starcraft.helpers import game, peaceful_game, pinned, raynor_overmind, until
from tests.games.starcraft.test_round_properties import options_of
from turncoat.core import registry
from turncoat.core.errors import IllegalAction, MalformedAction, NotYourDecision
from turncoat.core.present import presentation_of
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.components import invented_values
from turncoat.games.starcraft.events import GameSetUp
from turncoat.games.starcraft.game import Move
from turncoat.games.starcraft.phases import combat_actions as KA
from turncoat.games.starcraft.present import StarcraftPresentation
from turncoat.games.starcraft.state import CHOOSE_FACTION, OVER, PLANNING, State

TWO = (["jim_raynor", "overmind"], [["pridewater", "braken"], ["tarsonis", "chau_sara"]])


def test_the_game_is_registered_with_its_presentation() -> None:
    assert "starcraft" in registry.registered()
    assert isinstance(presentation_of(registry.load_game("starcraft", players=3)), StarcraftPresentation)


def test_start_records_the_packs_and_the_invented_count() -> None:
    g = game(players=3)
    tr = g.start(1)
    (setup_event,) = [e for e in tr.events if isinstance(e, GameSetUp)]
    assert setup_event.packs == g.packs_used() == tr.state.packs
    assert [p.split("@")[0] for p in setup_event.packs] == ["starcraft-sourced", "starcraft-placeholders"]
    assert setup_event.invented_values == len(invented_values(g.loaded)) > 0
    assert g.new_initial_state(1) == tr.state


def test_only_the_actor_may_act_and_refusals_change_nothing() -> None:
    g = game(players=3, scenario={"first_player": 1})
    state = g.start(0).state
    assert state.step == CHOOSE_FACTION and g.to_act(state) == frozenset({1})
    assert g.legal_actions(state, 0) == ()
    with pytest.raises(NotYourDecision):
        g.apply(state, 0, A.ChooseFaction("aldaris"))
    with pytest.raises(IllegalAction) as err:
        g.apply(state, 1, A.ChoosePlanet("torus"))
    assert err.value.code == "wrong_step"
    with pytest.raises(IllegalAction):
        g.apply(state, 1, A.ChooseFaction("kerrigan"))
    with pytest.raises(MalformedAction):
        g.apply(state, 1, "aldaris")  # type: ignore[arg-type]
    assert g.apply(state, 1, A.ChooseFaction("aldaris")).state.seat(1).faction == "aldaris"
    assert state.seat(1).faction == ""  # the input state is unchanged


def test_setup_ends_in_planning_round_one_with_the_first_player_asked() -> None:
    g = pinned(2, 0, *TWO)
    state = until(g, g.start(0).state, PLANNING)
    assert g.to_act(state) == frozenset({0}) and g.outcome(state) is None
    assert g.legal_actions(state, 1) == ()
    assert all(isinstance(a, A.ChooseOrderPlanet) for a in g.legal_actions(state, 0))


def test_describe_action_in_words() -> None:
    g = pinned(2, 0, *TWO)
    assert g.describe_action(A.ChooseFaction("aldaris")) == "take Judicator Aldaris"
    assert g.describe_action(A.ChoosePlanet("torus")) == "place Torus"
    assert g.describe_action(A.ChooseRotation(3)) == "turn it 270 degrees"
    assert g.describe_action(A.PlaceBase(None)) == "keep the base for the second planet"


def test_config_json_keeps_every_option() -> None:
    data = game(players=5).config_json()
    assert data["players"] == 5 and data["empty_event_deck_is_stage_iii"] is True
    assert game(**{k: v for k, v in data.items() if v is not None}).config == game(players=5).config


def test_actions_events_and_states_survive_a_json_round_trip() -> None:
    # a whole random game of setup, rounds and battles (seed 5 fights several)
    g, rnd = game(players=4), random.Random(5)
    tr = g.start(5)
    state, events = tr.state, list(tr.events)
    taken: list[Move] = []
    fighting: list[State] = []
    while g.to_act(state):
        (seat,) = g.to_act(state)
        taken.append(rnd.choice(options_of(g, state)))
        tr = g.apply(state, seat, taken[-1])
        state, events = tr.state, events + list(tr.events)
        if state.battle is not None:
            fighting.append(state)
    assert state.step == OVER and fighting  # setup, whole rounds with battles, regrouping
    assert any(isinstance(a, KA.ChooseCasualty | KA.PlaceCombatCards) for a in taken)
    encoded = msgspec.json.encode(taken)
    assert msgspec.json.decode(encoded, type=list[Move]) == taken
    assert all(msgspec.json.decode(msgspec.json.encode(e), type=type(e)) == e for e in events)
    for s in (state, *fighting):
        assert msgspec.json.decode(msgspec.json.encode(s), type=State) == s


def test_round_decisions_refuse_bad_input_and_change_nothing() -> None:
    g, state, _ = raynor_overmind()
    with pytest.raises(NotYourDecision) as not_yours:
        g.apply(state, 1, A.ChooseOrderPlanet("chau_sara"))
    assert not_yours.value.rule == "RULES §8"
    with pytest.raises(IllegalAction, match="not possible now"):
        g.apply(state, 0, A.EndBuild())
    with pytest.raises(IllegalAction, match="not allowed here"):
        g.apply(state, 0, A.ChooseOrderPlanet("chau_sara"))  # not next to Raynor's pieces (§8)
    assert state.stacks == () and state.step == PLANNING
    over, _, _ = peaceful_game(game(players=2), 1)
    assert over.step == OVER and g.to_act(over) == frozenset()
    with pytest.raises(NotYourDecision):
        g.apply(over, 0, A.EndMove())
