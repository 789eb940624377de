"""Rex's face (games/rex/present.py): decisions that offer exactly the legal actions at 3-6
players, words a player would say, log lines whose seats are SeatRefs, and every estimated
content value marked where a player reads it."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from turncoat.core.actions import Action, Event
from turncoat.core.present import Line, SeatRef, plain, presentation_of
from turncoat.core.registry import load_game, registered
from turncoat.core.testing.conformance import check_game
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex import log as rex_log
from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.present import RexPresentation

SEAT_WORDS = re.compile(r"\bseats?\s+\d", re.IGNORECASE)
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


def _play(game: RexGame, seed: int, pick: int, until: Any = None) -> tuple[Any, list[Any]]:
    """A random game (or up to the first state ``until`` accepts) and all its events."""
    rng = random.Random(pick)
    start = game.start(seed)
    state, events = start.state, list(start.events)
    while game.to_act(state) and not (until and until(state)):
        seat = min(game.to_act(state))
        step = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
        state, events = step.state, events + list(step.events)
    return state, events


def _text(lines: list[Line]) -> str:
    return "\n".join(plain(line, NAMES) for line in lines)


def test_rex_is_registered_with_its_presentation() -> None:
    assert "rex" in registered()
    assert isinstance(presentation_of(load_game("rex", players=3)), RexPresentation)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_presentation_conformance_at_every_player_count(players: int) -> None:
    """The conformance suite's presentation check: every decision offers exactly the legal actions
    of its seat, at every step of a whole game."""
    report = check_game(
        lambda: RexGame(RexConfig(players=players)),
        seeds=(players,),
        checks=("presentation",),
    )
    assert report.playouts == 1


def test_log_names_seats_by_ref_never_by_number() -> None:
    game = RexGame(RexConfig(players=6, betrayal_cards=True))
    face = game.presentation()
    _, events = _play(game, seed=2, pick=3)
    for viewer in (None, 0, 5):
        lines = face.log(events, viewer)
        assert lines
        assert not SEAT_WORDS.search(_text(lines))
        refs = [span.seat for line in lines for span in line if isinstance(span, SeatRef)]
        assert refs and set(refs) <= set(range(6))


def test_panels_and_decisions_say_no_seat_numbers() -> None:
    game = RexGame(RexConfig(players=4))
    face = game.presentation()
    rng = random.Random(5)
    state = game.start(9).state
    for _ in range(300):
        if not game.to_act(state):
            break
        seat = min(game.to_act(state))
        obs = game.observe(state, seat)
        legal = game.legal_actions(state, seat)
        words = [line for panel in face.panels(obs) for line in panel.lines]
        words += [c.label for d in face.decisions(obs, legal) for c in d.choices]
        assert not SEAT_WORDS.search(_text(words))
        state = game.apply(state, seat, rng.choice(list(legal))).state


def test_a_move_is_offered_as_origin_destination_count_in_words() -> None:
    game = RexGame(RexConfig(players=3))
    face = game.presentation()
    state, _ = _play(game, seed=1, pick=0, until=lambda s: s.step == "move_count")
    assert state.step == "move_count"
    seat = min(game.to_act(state))
    (decision,) = face.decisions(game.observe(state, seat), game.legal_actions(state, seat))
    assert decision.shape == "number" and decision.title == "Movement: how many units"
    label = plain(decision.choices[0].label, NAMES)
    assert re.fullmatch(r"Move 1 unit from .+ to .+", label), label


def test_bids_are_a_number_with_a_separate_pass() -> None:
    game = RexGame(RexConfig(players=3))
    face = game.presentation()
    state, _ = _play(game, seed=4, pick=1, until=lambda s: s.step == "bid" and s.influence[s.actor] > 0)
    seat = state.actor
    legal = game.legal_actions(state, seat)
    decisions = face.decisions(game.observe(state, seat), legal)
    auction, *cards = [d for d in decisions if d.shape == "one"]
    assert [plain(c.label, NAMES) for c in auction.choices] == [f"Pass on card {state.auction}"]
    # a strategy card this seat may play in its auction turn is a decision of its own
    assert [c.action for d in cards for c in d.choices] == [a for a in legal if isinstance(a, A.PlayCard)]
    assert all(d.title == "Play a strategy card" for d in cards)
    (number,) = [d for d in decisions if d.shape == "number"]
    bids = number.choices
    assert plain(bids[0].label, NAMES) == f"Bid 1 on card {state.auction}"
    assert [c.action for c in bids] == [A.Bid(n) for n in range(1, len(bids) + 1)]


def test_estimated_values_are_marked_where_players_read_them() -> None:
    game = RexGame(RexConfig(players=3))
    names = game.presentation().names
    assert names.card_name("attack_kinetic") == "Attack card - type K (estimated)"
    assert names.card_name("tracking_beacon") == "Tracking Beacon"  # a name the rules give
    assert names.area_name("dune_imperial_basin") == "Imperial Basin (estimated)"
    assert names.area_name("imperial_palace") == "Imperial Palace"
    assert names.leader_name("lazax_leader_1", strength=True) == "Lazax leader 1 (strength 6, estimated)"
    assert names.influence["influence_area_01"].endswith("(estimated)")


def test_a_printed_value_from_an_owners_pack_loses_the_mark() -> None:
    printed = {"value": "Laser Rifle", "provenance": "printed", "source": "my copy"}
    strength = {"value": 7, "provenance": "printed", "source": "my copy"}
    overrides = {
        "strategy_cards.attack_kinetic.name": printed,
        "races.lazax.leaders.lazax_leader_1.strength": strength,
    }
    game = RexGame(RexConfig(players=3, content_overrides=overrides))
    names = game.presentation().names
    assert names.card_name("attack_kinetic") == "Laser Rifle"
    assert names.leader_name("lazax_leader_1", strength=True) == "Lazax leader 1 (strength 7)"


def test_private_panel_and_log_lines_stay_with_their_seat() -> None:
    game = RexGame(RexConfig(players=4))
    face = game.presentation()
    state, events = _play(game, seed=3, pick=2, until=lambda s: s.round == 2)
    mine = state.traitors[0]
    leader = face.names.leader_name(game.ctx.t.leader_ids[mine[0]], race=True)
    own = next(p for p in face.panels(game.observe(state, 0)) if p.title == "Yours alone")
    assert leader in _text(list(own.lines))
    assert all(p.title != "Yours alone" for p in face.panels(game.observe(state, None)))
    for viewer in (1, None):
        assert f"traitor card of {leader}" not in _text(face.log(events, viewer))
    assert f"You keep the traitor card of {leader}." in _text(face.log(events, 0))


def test_the_kept_traitor_is_named_in_the_log_as_the_choice_named_him() -> None:
    """A leader without a name of his own ("Ambassador") is named with his race in the choice;
    the log line that confirms the keep must say the same words, or the player cannot match them."""
    face = RexGame(RexConfig(players=3)).presentation()
    offered = face.names.leader_name("xxcha_leader_1", strength=True, race=True)
    assert offered.startswith("Ambassador of the Xxcha (")
    kept = _text(face.log([E.TraitorKept(seat=0, leader="xxcha_leader_1")], 0))
    assert "You keep the traitor card of Ambassador of the Xxcha." in kept


def test_an_action_class_without_words_of_its_own_is_still_offered() -> None:
    class Parley(Action, frozen=True, tag="parley"):
        pass

    game = RexGame(RexConfig(players=3))
    face = game.presentation()
    obs = game.observe(game.start(0).state, 0)
    (decision,) = face.decisions(obs, [Parley()])
    assert decision.title == "Your decision" and decision.choices[0].action == Parley()


def test_seat_styles_differ_in_colour_and_mark_for_six_seats() -> None:
    styles = RexGame(RexConfig(players=6)).presentation().seat_styles(6)
    assert len({s.colour for s in styles}) == 6 and len({s.mark for s in styles}) == 6


def test_options_come_from_the_config_with_labels() -> None:
    options = {o.name: o for o in RexGame(RexConfig(players=3)).presentation().options()}
    assert options["race_selection"].label == "Race selection"
    assert options["race_selection"].values == ("in_order", "random")
    assert options["betrayal_cards"].label == "Betrayal cards (optional module)"
    assert options["betrayal_cards"].values == ("false", "true")  # the rules' default first
    assert all(not o.label.islower() or " " in o.label for o in options.values())


def test_every_option_value_offered_makes_a_game() -> None:
    """What the lobby or ``-o`` sends is text: each value offered must make a valid game."""
    options = RexGame(RexConfig(players=3)).presentation().options()
    other = {o.name: o.values[-1] for o in options}
    game = load_game("rex", players=3, **other)
    assert game.config.betrayal_cards is True and game.config.race_selection == "random"
    assert game.config.jol_nar_prescience is False


def test_the_log_marks_estimated_starting_values_and_amounts() -> None:
    game = RexGame(RexConfig(players=3))
    face = game.presentation()
    _, events = _play(game, seed=5, pick=0, until=lambda s: s.step == "bid")
    text = _text(face.log(events, None))
    assert re.search(r"takes \d+ starting influence \(estimated\)\.", text)
    assert re.search(r"\(estimated\); \w+ is first player\.", text)  # the bombardment cards' values
    assert re.search(r"\d+ influence \(estimated\) on ", text)
    state, _ = _play(game, seed=5, pick=0, until=lambda s: s.step == "bid")
    board = next(p for p in face.panels(game.observe(state, None)) if p.title == "The board")
    assert re.search(r"\d+ influence \(estimated\)", _text(list(board.lines)))


def test_a_printed_starting_influence_is_not_marked() -> None:
    printed = {"value": 9, "provenance": "printed", "source": "my copy"}
    overrides = {
        f"races.{race}.starting_influence": printed
        for race in ("lazax", "jol_nar", "letnev", "hacan", "sol", "xxcha")
    }
    game = RexGame(RexConfig(players=3, content_overrides=overrides))
    _, events = _play(game, seed=5, pick=0, until=lambda s: s.step == "bid")
    text = _text(game.presentation().log(events, None))
    assert "takes 9 starting influence." in text and "starting influence (estimated)" not in text


class CardPlayed(Event, frozen=True, tag="card_played_test"):
    """An event the presentation has no words for (as one the engine may add later)."""

    seat: int


def test_an_event_without_words_of_its_own_still_names_seats_by_ref(monkeypatch: pytest.MonkeyPatch) -> None:
    face = RexGame(RexConfig(players=3)).presentation()
    monkeypatch.setattr(
        rex_log, "describe_event", lambda e, names=None: "Seat 2 plays a card against seat 0."
    )
    said = face.event_line(CardPlayed(seat=2))
    assert said == (SeatRef(2), " plays a card against ", SeatRef(0), ".")


def test_what_a_seat_reads_never_depends_on_what_it_cannot_see() -> None:
    """Re-dealing everything seat 0 cannot see changes none of its panels, decisions or words."""
    game = RexGame(RexConfig(players=4))
    face = game.presentation()
    rng = random.Random(8)
    state = game.start(6).state
    checked = 0
    for _ in range(400):
        if not game.to_act(state):
            break
        if rng.random() < 0.1:
            seen = (
                face.panels(game.observe(state, 0)),
                face.decisions(game.observe(state, 0), game.legal_actions(state, 0)),
            )
            for k in (1, 2):
                world = game.determinize(state, 0, k)
                again = (
                    face.panels(game.observe(world, 0)),
                    face.decisions(game.observe(world, 0), game.legal_actions(world, 0)),
                )
                assert again == seen
            checked += 1
        seat = min(game.to_act(state))
        state = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat)))).state
    assert checked > 10


def _until_legal(game: RexGame, want: Any, seeds: range = range(40)) -> tuple[Any, int]:
    """The first state of a random game where some seat's legal actions satisfy ``want``."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.start(seed).state
        while game.to_act(state):
            for seat in sorted(game.to_act(state)):
                if want(state, game.legal_actions(state, seat)):
                    return state, seat
            seat = min(game.to_act(state))
            state = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat)))).state
    raise AssertionError("no such state in the random games tried")


def test_the_new_events_are_told_in_words_with_seats_as_refs() -> None:
    """§17 cards outside battle, §13.3 consent, the interrogation card: names, never ids."""
    face = RexGame(RexConfig(players=6)).presentation()
    said = {
        E.CardWindowOpened(window="bombardment", seats=(2, 0)): (
            "Start of the Bombardment phase: strategy cards may be played; Cid and Ann answer at once."
        ),
        E.StrategyCardPlayed(seat=1, card="tracking_beacon", effect="resolve a Sol Offensive now"): (
            "Bob plays the Tracking Beacon: a Sol Offensive strikes the areas of the last area card."
        ),
        E.StrategyCardPlayed(seat=1, card="diplomatic_interference", effect="cancel jol nar prescience"): (
            "Bob plays the Diplomatic Interference: cancel Jol-Nar's prescience."
        ),
        E.StrategyCardUnplayable(seat=3, card="fleet_sabotage"): (
            "Dee announced the Fleet sabotage card (estimated), but it can no longer act; it stays in hand."
        ),
        E.FleetSabotaged(seat=0, sectors=1): "Ann moves the fleet 1 sector.",
        E.ShieldDestroyed(seat=4, area="dune_shield_wall", losses=((1, 2, 0),)): (
            "Eve destroys the shield at Shield Wall (estimated): Bob loses 2 units."
        ),
        E.EmergencyRecruited(seat=5, units=0, leader="lazax_leader_1"): (
            "Fay brings back Lazax leader 1 from the casualty pool for free."
        ),
        E.AllySpared(seat=4, spare=True): "Eve (Sol) spare their allies' units.",
        E.ConsentAsked(seat=2, owner=3, advantage="cross_landing"): (
            "Cid asks Dee for consent to a cross-landing with the Hacan's ally card."
        ),
        E.ConsentGiven(owner=3, advantage="lazax_recruits", agree=False): (
            "Dee refuses the Lazax paying for recruits beyond the limit."
        ),
        E.QuestionAnswered(seat=0, holder=1, kind="traitor", what="jol_nar_leader_2", answer=True): (
            "Ann asks Bob: do you hold the traitor card of Jol-Nar leader 2? Yes."
        ),
        E.QuestionAnswered(seat=0, holder=5, kind="predicted_race", what="jol_nar", answer=False): (
            "Ann asks Fay: do you predict the Jol-Nar to win? No."
        ),
    }
    for event, words in said.items():
        told = face.event_line(event)
        assert told is not None and plain(told, NAMES) == words
        assert all(isinstance(s, SeatRef) or not SEAT_WORDS.search(s) for s in told)
    assert face.event_line(E.CardWindowAnswered(seat=1)) is None  # sealed: nothing to tell


def test_no_event_of_a_whole_game_falls_back_to_the_engines_words(monkeypatch: pytest.MonkeyPatch) -> None:
    game = RexGame(RexConfig(players=6, betrayal_cards=True))
    face = game.presentation()
    _, events = _play(game, seed=3, pick=4)
    fallen: list[str] = []
    monkeypatch.setattr(rex_log, "describe_event", lambda e, names=None: fallen.append(type(e).__name__))
    for viewer in (None, 0, 3):
        face.log(events, viewer)
    assert not fallen


def test_a_card_window_offers_each_card_or_none_and_keeps_the_answer_sealed() -> None:
    game = RexGame(RexConfig(players=6))
    face = game.presentation()

    def window(state: Any, legal: Any) -> bool:
        return state.step == "card_window" and len(legal) > 1 and len(state.waiting) > 1

    state, seat = _until_legal(game, window)
    legal = game.legal_actions(state, seat)
    (decision,) = face.decisions(game.observe(state, seat), legal)
    assert decision.title.endswith("play a strategy card? (sealed)") and decision.shape == "one"
    labels = [plain(c.label, NAMES) for c in decision.choices]
    assert labels[0] == "Play no card"
    card = next(a for a in legal if isinstance(a, A.PlayCard) and a.card)
    assert f"Play the {face.names.card_name(card.card)}" in labels
    after = game.apply(state, seat, card).state
    own = next(p for p in face.panels(game.observe(after, seat)) if p.title == "Yours alone")
    assert f"Your sealed answer at this card window: the {face.names.card_name(card.card)}" in _text(
        list(own.lines)
    )
    other = next(p for p in after.waiting if p != seat)
    for viewer in (other, None):
        seen = _text([ln for p in face.panels(game.observe(after, viewer)) for ln in p.lines])
        assert "sealed answer" not in seen and "strategy cards may be played" in seen


def test_interrogation_questions_are_grouped_by_seat_then_kind() -> None:
    game = RexGame(RexConfig(players=4))
    face = game.presentation()
    state, seat = _until_legal(game, lambda s, legal: s.step == "interrogate")
    legal = game.legal_actions(state, seat)
    decisions = face.decisions(game.observe(state, seat), legal)
    assert [a for d in decisions for a in d.actions()] == list(legal)
    asked = [{c.action.seat for c in d.choices} for d in decisions]  # type: ignore[attr-defined]
    assert all(len(s) == 1 for s in asked)  # one seat per decision
    order = [s.pop() for s in asked]
    assert order == sorted(order, key=lambda p: (p - state.first_player) % 4)  # grouped, in player order
    first = decisions[0]
    assert first.title.startswith("Interrogation: ask the ") and first.title.endswith("about a strategy card")
    assert re.fullmatch(r"Does \w+ hold the .+\?", plain(first.choices[0].label, NAMES))


def test_fleet_sabotage_is_a_number_of_sectors() -> None:
    game = RexGame(RexConfig(players=6))
    face = game.presentation()
    state, seat = _until_legal(game, lambda s, legal: s.step == "fleet_move")
    (decision,) = face.decisions(game.observe(state, seat), game.legal_actions(state, seat))
    assert decision.shape == "number"
    assert [plain(c.label, NAMES) for c in decision.choices][:2] == [
        "Move the fleet 0 sectors",
        "Move the fleet 1 sector",
    ]
    assert [c.action for c in decision.choices] == [A.MoveFleet(k) for k in range(11)]


def test_jol_nars_look_at_a_leader_names_the_leader_and_the_slot() -> None:
    """§18 (Jol-Nar): the engine shows "leader, slot"; Jol-Nar reads both in words."""
    face = RexGame(RexConfig(players=3)).presentation()
    told = face.event_line(E.PartForeseen(seat=1, part="leader", shown="letnev_leader_4, attack"))
    assert told is not None
    assert plain(told, NAMES) == (
        "Bob shows you the leader and card slot: Letnev leader 4 (strength 2, estimated),"
        " card slot: an attack card."
    )


def test_a_seat_reads_its_private_line_instead_of_the_public_twin() -> None:
    """Ann reads "You are dealt traitor cards: ..." and not also "Ann is dealt 4 traitor cards";
    the others read only the public twin."""
    game = RexGame(RexConfig(players=4))
    face = game.presentation()
    _, events = _play(game, seed=3, pick=2, until=lambda s: s.round == 1)
    twin = re.compile(r"^Ann is dealt \d traitor cards\.$", re.MULTILINE)
    own = _text(face.log(events, 0))
    assert "You are dealt traitor cards: " in own and not twin.search(own)
    for viewer in (1, None):
        assert twin.search(_text(face.log(events, viewer)))
    assert "You are dealt" not in _text(face.log(events, None))
