"""Rex decisions, named with the rulebook's verbs (RULES §19.2).  Ids are content ids."""

from __future__ import annotations

from turncoat.core import deals
from turncoat.core.actions import Action


class ChooseRace(Action, frozen=True, tag="choose_race"):
    """§4 step 4: take one of the race sheets still on the table."""

    race: str


class PredictWinner(Action, frozen=True, tag="predict_winner"):
    """§4 step 5 (Xxcha): secretly predict which race wins in which round."""

    race: str
    round: int


class KeepTraitor(Action, frozen=True, tag="keep_traitor"):
    """§4 step 6: keep the traitor card of this leader from the four you were dealt."""

    leader: str


class SetFleetDial(Action, frozen=True, tag="set_fleet_dial"):
    """§4 step 7: secretly set your battle dial; the difference of the two dials places the fleet."""

    value: int


class PlaceStartingUnits(Action, frozen=True, tag="place_starting_units"):
    """§4 step 10 (Sol): put some of your starting units in one of your starting areas."""

    piece: str
    units: int


class EndCeasefire(Action, frozen=True, tag="end_ceasefire"):
    """§13.1: you are done with the ceasefire window (gifts are ``core.deals.Give``)."""


class Bid(Action, frozen=True, tag="bid"):
    """§7 step 5: bid this much influence for the card on auction."""

    amount: int


class PassBid(Action, frozen=True, tag="pass_bid"):
    """§7 step 5: pass on the card on auction (final for this card, E12)."""


class Recruit(Action, frozen=True, tag="recruit"):
    """§8: return units (and, for the Lazax, mechanized units) and at most one leader from your
    casualty pool to your reserves, paying for what is not free."""

    units: int
    mechanized: int = 0
    leader: str | None = None


RexAction = (
    ChooseRace
    | PredictWinner
    | KeepTraitor
    | SetFleetDial
    | PlaceStartingUnits
    | EndCeasefire
    | deals.Give
    | Bid
    | PassBid
    | Recruit
)
