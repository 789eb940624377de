"""The English game log reads as English: articles agree with the word that follows."""

from __future__ import annotations

from turncoat.games.verrater import events as E
from turncoat.games.verrater.log import describe_event


def test_log_commit_uses_an_before_eight_and_a_before_other_values() -> None:
    assert describe_event(E.SupplyCommitted(seat=1, value=8)) == "Seat 1 commits an 8."
    assert describe_event(E.SupplyCommitted(seat=1, value=5)) == "Seat 1 commits a 5."


def test_log_builder_names_the_side_with_its_article() -> None:
    built = describe_event(E.BuildingPlaced(seat=0, landscape=3, side="estate"))
    turned = describe_event(E.BuildingConverted(seat=0, landscape=3, side="trading_post"))
    assert built == "Seat 0 (Builder) builds an estate under landscape 3."
    assert turned == "Seat 0 (Builder) turns the card under landscape 3 into a trading post."
