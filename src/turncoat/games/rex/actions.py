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


class GiftTo(Action, frozen=True, tag="gift_to"):
    """§13.1: give influence to this seat (the amount is the next decision; None: change your mind)."""

    seat: int | None


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


class ChooseBattle(Action, frozen=True, tag="choose_battle"):
    """§10.2: the aggressor fights in this area next."""

    area: str


class UsePrescience(Action, frozen=True, tag="use_prescience"):
    """§18 (Jol-Nar): see the opponent's ``leader``, ``attack``, ``defense`` or ``dial`` (None: no)."""

    part: str | None


class SetDial(Action, frozen=True, tag="set_dial"):
    """§10.3 step 2: the units (Lazax: strength) committed, sealed until the reveal."""

    value: int


class PickLeader(Action, frozen=True, tag="pick_leader"):
    """§10.3 step 3: the leader (None: none available; ``stand_in_leader``: the card) and the slot:
    ``none``, ``attack``, ``defense`` or ``both``."""

    leader: str | None
    slot: str


class ShowCard(Action, frozen=True, tag="show_card"):
    """§18 (Jol-Nar): the card you will play in the part Jol-Nar asked about (None: none)."""

    card: str | None


class GiveOrder(Action, frozen=True, tag="give_order"):
    """§18 (Xxcha): order the opponent to play (or, ``play`` false, not to play) an attack or
    defense card of a type, or a named card (``kind`` attack / defense / card); ``play`` None: no
    order."""

    play: bool | None
    kind: str = ""
    what: str = ""


class PlayCards(Action, frozen=True, tag="play_cards"):
    """§10.3 step 5: the attack and defense cards your slot promised (None for a part it lacks)."""

    attack: str | None
    defense: str | None


class RevealTraitor(Action, frozen=True, tag="reveal_traitor"):
    """§10.3 step 6: reveal the traitor card of the opponent's leader, or not."""

    reveal: bool


class ChooseLosses(Action, frozen=True, tag="choose_losses"):
    """§10.7: the units a winning Lazax removes to cover the dial."""

    units: int
    mechanized: int


class KeepCards(Action, frozen=True, tag="keep_cards"):
    """E9: keep the attack / defense card you played (or discard it)."""

    attack: bool
    defense: bool


class Betray(Action, frozen=True, tag="betray"):
    """§14.4: reveal your betrayal card (``reveal``) or shake hands with your allies."""

    reveal: bool


class PlayCard(Action, frozen=True, tag="play_card"):
    """Play a strategy card outside the battle plan (strategy_cards.json), or None: no card.

    At a card window (RULES §17; the start of the Influence phase, the start of the Bombardment
    phase) every seat with cards answers at once; ``None`` is "no card".  The same action also plays
    a card inside a decision its holder is making anyway: ``extra_maneuver`` at the choice of the
    group to move (one more movement step this turn), ``diplomatic_interference`` in an auction
    turn (take the card on auction without paying), when Jol-Nar's prescience asks for part of
    your plan (cancel it) and when choosing battle cards under an Xxcha order (cancel it);
    ``interrogation`` in your own auction, recruitment and maneuvering decisions (the question,
    ``Ask``, comes next).
    """

    card: str | None


class Ask(Action, frozen=True, tag="ask"):
    """The interrogation card: ask ``seat`` one yes/no question, answered truthfully and publicly:
    ``kind`` "card" (do you hold a strategy card ``what``?), "traitor" (do you hold the traitor card
    of leader ``what``?), "predicted_race" / "predicted_round" (the Xxcha only: did you predict race
    ``what`` / round ``what``?)."""

    seat: int
    kind: str
    what: str


class MoveFleet(Action, frozen=True, tag="move_fleet"):
    """§12 step 1 with the fleet sabotage card: the fleet moves this many sectors (0-10) instead of
    a bombardment card."""

    sectors: int


class EmergencyRecruit(Action, frozen=True, tag="emergency_recruit"):
    """The emergency recruitment card, in your Recruitment turn: bring back for free either one
    leader (``leader``) or up to 5 units (``units``) from your casualty pool; then recruit as usual."""

    units: int
    leader: str | None = None


class SpareAlly(Action, frozen=True, tag="spare_ally"):
    """§18 (Sol ally card): as a Sol Offensive strikes, spare your allies' units there (True) or not."""

    spare: bool


class GiveConsent(Action, frozen=True, tag="give_consent"):
    """§13.3: as the owner of an ally card, agree (True) or not that your ally uses it now: the
    Hacan for an ally's cross-landing, the Lazax for paying an ally's extra recruits."""

    agree: bool


RexAction = (
    ChooseRace
    | PredictWinner
    | KeepTraitor
    | SetFleetDial
    | PlaceStartingUnits
    | EndCeasefire
    | GiftTo
    | deals.Give
    | deals.Propose
    | deals.Accept
    | deals.Decline
    | deals.Withdraw
    | deals.LeaveAlliance
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
    | ChooseBattle
    | UsePrescience
    | SetDial
    | PickLeader
    | ShowCard
    | GiveOrder
    | PlayCards
    | RevealTraitor
    | ChooseLosses
    | KeepCards
    | Betray
    | PlayCard
    | MoveFleet
    | EmergencyRecruit
    | SpareAlly
    | GiveConsent
    | Ask
)
