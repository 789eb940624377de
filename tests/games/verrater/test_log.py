"""The English game log reads as English: articles agree with the word that follows."""

from __future__ import annotations

from turncoat.core.present import plain
from turncoat.games.verrater.actions import Build, CommitSupply, DiscardSupply
from turncoat.games.verrater.events import (
    BuildingConverted,
    BuildingPlaced,
    ConflictResolved,
    GameSetUp,
    HandLimitDiscard,
    SupplyCommitted,
)
from turncoat.games.verrater.log import describe_event, event_line
from turncoat.games.verrater.notation import describe


def test_log_commit_uses_an_before_eight_and_a_before_other_values() -> None:
    assert describe_event(SupplyCommitted(seat=1, value=8)) == "Seat 1 commits an 8."
    assert describe_event(SupplyCommitted(seat=1, value=5)) == "Seat 1 commits a 5."


def test_log_builder_names_the_side_with_its_article() -> None:
    built = describe_event(BuildingPlaced(seat=0, landscape=3, side="estate"))
    turned = describe_event(BuildingConverted(seat=0, landscape=3, side="trading_post"))
    assert built == "Seat 0 (Builder) builds an estate under landscape 3."
    assert turned == "Seat 0 (Builder) turns the card under landscape 3 into a trading post."


def _conflict(winners: tuple[int, ...], vp: int = 18) -> str | None:
    return describe_event(
        ConflictResolved(eagle_strength=20, rose_strength=12, winner="eagle", winners=winners, vp_each=vp)
    )


def test_log_conflict_one_winner_scores_in_the_singular() -> None:
    assert _conflict((3,)) == "Conflict: Eagles 20 against Roses 12. The Eagles win; seat 3 scores 18 VP."


def test_log_conflict_several_winners_score_each() -> None:
    assert _conflict((1, 3), 9) == (
        "Conflict: Eagles 20 against Roses 12. The Eagles win; seat 1 and seat 3 score 9 VP each."
    )
    assert str(_conflict((0, 1, 2), 6)).endswith("seat 0, seat 1 and seat 2 score 6 VP each.")


def test_log_conflict_won_by_a_house_nobody_supports() -> None:
    assert _conflict(()) == (
        "Conflict: Eagles 20 against Roses 12. The Eagles win; nobody supports them, so nobody scores."
    )


def test_log_hand_limit_discard_uses_an_before_eight() -> None:
    assert describe_event(HandLimitDiscard(seat=2, value=8)) == "Seat 2 discards an 8 (hand limit)."
    assert (
        describe_event(HandLimitDiscard(seat=2, value=None))
        == "Seat 2 discards a card face down (hand limit)."
    )


def test_action_words_use_an_before_eight_and_estate() -> None:
    assert describe(CommitSupply(8)) == "commit an 8"
    assert describe(DiscardSupply(8)) == "discard an 8"
    assert describe(DiscardSupply(4)) == "discard a 4"
    assert describe(Build(3, "estate")) == "build an estate under landscape 3"
    assert describe(Build(3, "trading_post")) == "build a trading post under landscape 3"


def test_log_setup_names_the_ring_in_words() -> None:
    """The setup line says which house holds which landscape, by the landscapes' names, not
    in a code such as ``0:city/rose``."""
    setup = GameSetUp(
        start_player=0,
        strategist=1,
        allegiance=("eagle", "rose"),
        types=("city", "meadow", "river", "woods"),
        owners=("rose", "eagle", "rose", "eagle"),
    )
    said = event_line(
        setup, setup.types, {"city": "City", "meadow": "Meadow", "river": "River", "woods": "Woods"}
    )
    text = plain(said or (), ["Ann", "Bea"])
    assert text == (
        "Setup: Ann starts, Bea holds the strategy card. Allegiances: Ann Eagles, Bea Roses."
        " The ring: the Roses hold landscapes 0 (City), 2 (River);"
        " the Eagles hold landscapes 1 (Meadow), 3 (Woods)."
    )
    assert "/" not in text and ":city" not in text
