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


class HacanTiming(Action, frozen=True, tag="hacan_timing"):
    """§18 (Hacan): take your maneuvering turn now (``now``), or let the next player go first."""

    now: bool


class MoveFrom(Action, frozen=True, tag="move_from"):
    """§9.3: move a group from this piece."""

    piece: str


class MoveTo(Action, frozen=True, tag="move_to"):
    """§9.3: the group ends in this piece."""

    piece: str


class MoveUnits(Action, frozen=True, tag="move_units"):
    """§9.3: this many units (and mechanized units) go."""

    units: int
    mechanized: int = 0


class SkipMove(Action, frozen=True, tag="skip_move"):
    """§9.1: no (more) movement this turn."""


class LandIn(Action, frozen=True, tag="land_in"):
    """§9.4: land units from your reserves in this piece."""

    piece: str


class CrossFrom(Action, frozen=True, tag="cross_from"):
    """§18 (Hacan): instead of landing, move units from this piece to another anywhere."""

    piece: str


class CrossTo(Action, frozen=True, tag="cross_to"):
    """§18 (Hacan): the cross-landing group ends in this piece."""

    piece: str


class WithdrawFrom(Action, frozen=True, tag="withdraw_from"):
    """§18 (Hacan): instead of landing, take units from this piece back to your reserves."""

    piece: str


class LandUnits(Action, frozen=True, tag="land_units"):
    """§9.4: this many units (and mechanized units) land, cross-land or withdraw."""

    units: int
    mechanized: int = 0


class SkipLanding(Action, frozen=True, tag="skip_landing"):
    """§9.1: no (more) landing this turn."""


class SendEnvoy(Action, frozen=True, tag="send_envoy"):
    """§18 (Xxcha): put a unit on the Galactic Council for free (``send``), or not."""

    send: bool


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
    | HacanTiming
    | MoveFrom
    | MoveTo
    | MoveUnits
    | SkipMove
    | LandIn
    | CrossFrom
    | CrossTo
    | WithdrawFrom
    | LandUnits
    | SkipLanding
    | SendEnvoy
)
