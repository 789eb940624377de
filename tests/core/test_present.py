"""core.present: a game's words as data, the plain presentation any game gets, and the toy game's
own presentation (seats in its log are data, its decisions offer exactly the legal actions)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Literal

import msgspec

from turncoat.core.actions import Action, Event, redact
from turncoat.core.present import (
    ActionHelp,
    Choice,
    Decision,
    Guide,
    Plain,
    SeatRef,
    action_tags,
    explained,
    explains,
    guide_of,
    line,
    options_of,
    plain,
    presentation_of,
    seat_label,
)
from turncoat.core.registry import load_game
from turncoat.core.testing.toy import Bid, BidRecorded, SealedBidsConfig, SealedBidsGame
from turncoat.core.testing.toy_present import SealedBidsPresentation


def test_seats_in_a_line_are_written_with_the_names_people_chose() -> None:
    said = line(SeatRef(0), " gives ", SeatRef(2), " 2 coins.")
    assert plain(said, ["Ann", "Bob", "Cy"]) == "Ann gives Cy 2 coins."
    assert plain(said, ["Ann"]) == "Ann gives Player 3 2 coins."
    assert seat_label(0) == "Player 1"


class _Config(msgspec.Struct, frozen=True):
    players: int = 3
    ring: Literal["random", "alternating"] = "random"
    timing: Literal["early", "late"] = "late"
    name: str = "x"


def test_rule_options_are_read_from_the_config_with_the_default_first() -> None:
    specs = options_of(_Config, {"ring": "Landscape ring"})
    assert [(s.name, s.label, s.values, s.default) for s in specs] == [
        ("ring", "Landscape ring", ("random", "alternating"), "random"),
        ("timing", "timing", ("late", "early"), "late"),
    ]


def test_a_game_without_a_presentation_gets_the_plain_one_from_its_protocol() -> None:
    game = load_game("verrater", players=3)
    bare = SimpleNamespace(name="bare")  # offers nothing beyond a name
    assert isinstance(presentation_of(bare), Plain)
    # Verräter has a face of its own; the plain one is built for it from its protocol alone.
    assert not isinstance(presentation_of(game), Plain)
    face = Plain(game)
    state = game.new_initial_state(4)
    seat = min(game.to_act(state))
    legal = game.legal_actions(state, seat)
    (decision,) = face.decisions(game.observe(state, seat), legal)
    assert decision.actions() == tuple(legal)
    assert [c.label for c in decision.choices] == [(game.describe_action(a),) for a in legal]
    assert {o.name for o in face.options()} >= {"ring_layout", "hand_limit_discards"}
    assert face.panels(game.observe(state, None))[0].lines


GAME = SealedBidsGame(SealedBidsConfig(players=3, rounds=2, parley=True))


def test_the_toy_game_has_its_own_presentation_and_names_seats_as_data() -> None:
    face = presentation_of(GAME)
    assert isinstance(face, SealedBidsPresentation)
    t = GAME.start(2)
    lines = face.log(t.events, 0)
    assert lines[1] == line(SeatRef(0), f"'s favourite is the {face.prize(t.state.favourites[0])}.")
    assert all("seat" not in span.lower() for said in lines for span in said if isinstance(span, str))
    # the other seats' favourites stay hidden from seat 0 and from spectators
    assert len(face.log(t.events, 0)) == len(redact(t.events, 0)) == len(face.log(t.events, None)) + 1


def test_the_toy_game_offers_its_bids_as_a_number_and_its_parley_in_groups() -> None:
    face = presentation_of(GAME)
    state = GAME.new_initial_state(2)
    groups = face.decisions(GAME.observe(state, 1), GAME.legal_actions(state, 1))
    assert [d.title for d in groups] == ["Offer a pact", "Give coins", "Done"]
    assert groups[0].choices[0].label == line("A pact with ", SeatRef(0))
    plain_game = SealedBidsGame(SealedBidsConfig(players=3))
    state = plain_game.new_initial_state(2)
    (bid,) = face.decisions(plain_game.observe(state, 1), plain_game.legal_actions(state, 1))
    assert bid.shape == "number" and bid.choices[0].action == Bid(0)
    assert face.step_title(plain_game.observe(state, None)) == "§2 Seal a bid"


def test_a_shared_win_is_read_as_a_list() -> None:
    """ "Ann, Bob and Cid win." — commas, then one "and", as people write a list."""
    from turncoat.core.testing.toy import GameEnded

    face = SealedBidsPresentation(SealedBidsGame(SealedBidsConfig(players=4)))
    names = ["Ann", "Bob", "Cid", "Dee"]
    three = face.log([GameEnded(scores=(5, 5, 5, 2), favourites=(0, 1, 2, 3), winners=(0, 1, 2))], None)
    two = face.log([GameEnded(scores=(5, 5, 0, 2), favourites=(0, 1, 2, 3), winners=(0, 1))], None)
    assert plain(three[-1], names) == "Game over. Ann, Bob and Cid win."
    assert plain(two[-1], names) == "Game over. Ann and Bob win."


def _finished(game: SealedBidsGame, seed: int) -> list[Event]:
    """The events of a game played to the end, always taking the first legal action."""
    t = game.start(seed)
    state, events = t.state, list(t.events)
    while seats := game.to_act(state):
        seat = min(seats)
        step = game.apply(state, seat, game.legal_actions(state, seat)[0])
        state, events = step.state, events + list(step.events)
    return events


def test_the_plain_round_summary_is_the_engines_own() -> None:
    game = SealedBidsGame(SealedBidsConfig(players=3))
    events = _finished(game, 4)
    for viewer in (None, 0):
        assert Plain(game).summary(events, viewer) == [(t,) for t in game.render_summary(events, viewer)]


def test_the_toy_round_summary_names_prizes_and_seats_as_data() -> None:
    game = SealedBidsGame(SealedBidsConfig(players=3))
    events = _finished(game, 4)
    face = presentation_of(game)
    lines = face.summary(events, None)
    assert len(lines) == len(game.round_summaries(events, None)) == game.config.rounds
    first = game.round_summaries(events, None)[0]
    prize = next(p.name for p in game.content.data.prizes if p.id == first["prize"])
    bids = ", ".join(f"{name} {b}" for name, b in zip(["Ann", "Bob", "Cy"], first["bids"], strict=True))
    winner = ["Ann", "Bob", "Cy"][first["winner"]]
    assert plain(lines[0], ["Ann", "Bob", "Cy"]).startswith(
        f"Round 1: the {prize}, bids {bids}, won by {winner} for "
    )
    # A sealed bid is its bidder's alone until the bids are revealed.
    sealed = next(i for i, e in enumerate(events) if isinstance(e, BidRecorded))
    upto = events[: sealed + 1]
    (bidder,) = events[sealed].visible_to or ()
    assert "your sealed bid" in plain(face.summary(upto, bidder)[-1], [])
    assert face.summary(upto, None) == face.summary(events[:sealed], None)


# -- how to play ------------------------------------------------------------------------------------
def _guide() -> Guide:
    return Guide(
        title="Sealed Bids",
        goal="Win the most coins.",
        sections=(),
        actions={
            "bid": ActionHelp("Bid", "Offer coins for the lot."),
            "pass": ActionHelp("Pass", "Sit out."),
        },
    )


class _Pass(Action, frozen=True, tag="pass"):
    pass


def test_a_decision_of_one_kind_is_explained_once_for_all_its_options() -> None:
    bids = tuple(Choice(Bid(n), (f"Bid {n}",)) for n in range(3))
    (d,) = explained([Decision(title="Your bid", shape="number", choices=bids)], _guide())
    assert d.help == "Offer coins for the lot."
    assert [c.help for c in d.choices] == ["", "", ""]
    assert [said for _c, said in explains(d)] == ["Offer coins for the lot."] * 3


def test_a_decision_that_mixes_kinds_explains_each_option_and_keeps_the_games_own_words() -> None:
    choices = (Choice(Bid(1), ("Bid 1",), help="The lowest bid."), Choice(_Pass(), ("Pass",)))
    (d,) = explained([Decision(title="Bid or pass", shape="one", choices=choices)], _guide())
    assert d.help == ""
    assert [said for _c, said in explains(d)] == ["The lowest bid.", "Sit out."]


def test_a_game_without_a_guide_gets_a_plain_one_naming_its_action_types() -> None:
    guide = guide_of(Plain(SealedBidsGame(SealedBidsConfig())))
    assert guide.title and guide.goal
    assert set(guide.actions) == set(action_tags(SealedBidsGame.action_type))
