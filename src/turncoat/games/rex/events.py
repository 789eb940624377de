"""What happened, for logs and UIs.  ``visible_to`` names who may see private events; a private
event comes with a public twin that leaves the secret out (``None``)."""

from __future__ import annotations

from turncoat.core.actions import Event


class BombardmentCardsDealt(Event, frozen=True, tag="bombardment_cards_dealt"):
    """§4 step 3: each seat's card, face up; the lowest becomes first player."""

    values: tuple[int, ...]
    first_player: int


class RaceChosen(Event, frozen=True, tag="race_chosen"):
    seat: int
    race: str


class RacesDealt(Event, frozen=True, tag="races_dealt"):
    """§4 step 4, random variant: each seat's race."""

    races: tuple[str, ...]


class PredictionMade(Event, frozen=True, tag="prediction_made"):
    """§4 step 5: the Xxcha prediction; ``race`` and ``round`` only in the Xxcha's copy."""

    seat: int
    race: str | None
    round: int | None


class TraitorsDealt(Event, frozen=True, tag="traitors_dealt"):
    """§4 step 6: the leaders on the cards dealt to ``seat`` (only in the seat's own copy)."""

    seat: int
    count: int
    leaders: tuple[str, ...] | None


class TraitorKept(Event, frozen=True, tag="traitor_kept"):
    seat: int
    leader: str | None


class TraitorDraftDone(Event, frozen=True, tag="traitor_draft_done"):
    """§4 step 6: everyone has kept his traitor cards; the rest are shuffled back."""

    kept: tuple[int, ...]  # per seat: how many traitor cards it holds


class FleetDialSet(Event, frozen=True, tag="fleet_dial_set"):
    """§4 step 7: a dial was set face down (its number stays hidden until both are set)."""

    seat: int


class FleetPlaced(Event, frozen=True, tag="fleet_placed"):
    """§4 step 7: both dials revealed; the fleet's starting sector."""

    dials: tuple[tuple[int, int], ...]  # (seat, value)
    sector: int


class StrategyCardsDrawn(Event, frozen=True, tag="strategy_cards_drawn"):
    seat: int
    count: int
    cards: tuple[str, ...] | None


class StrategyDeckReshuffled(Event, frozen=True, tag="strategy_deck_reshuffled"):
    """§17: the last card was drawn; the discard pile becomes the new deck."""

    cards: int


class InfluenceTaken(Event, frozen=True, tag="influence_taken"):
    """§4 step 9: starting influence from the pool."""

    seat: int
    amount: int


class UnitsPlaced(Event, frozen=True, tag="units_placed"):
    """§4 step 10: starting units put on the board."""

    seat: int
    piece: str
    units: int


class BetrayalCardDealt(Event, frozen=True, tag="betrayal_card_dealt"):
    seat: int
    number: int | None


class RoundStarted(Event, frozen=True, tag="round_started"):
    round: int
    first_player: int
