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


class InfluenceCardDrawn(Event, frozen=True, tag="influence_card_drawn"):
    """§6 step 1: the first player turns over the top influence card."""

    card: str
    kind: str


class InfluenceCardIgnored(Event, frozen=True, tag="influence_card_ignored"):
    """§6 steps 3-4 (E14, E15): a Sol Offensive in round 1 (set aside), a second one or a second
    Ceasefire in the same phase (removed without effect)."""

    card: str
    reason: str  # "round_1" | "second"


class InfluenceDeckReshuffled(Event, frozen=True, tag="influence_deck_reshuffled"):
    cards: int


class InfluencePlaced(Event, frozen=True, tag="influence_placed"):
    """§6 step 2: influence put on an area's spot (0 when the slot gets none, E17 / 3 players)."""

    piece: str
    amount: int
    printed: int


class SolOffensive(Event, frozen=True, tag="sol_offensive"):
    """§6 step 3: units destroyed in both areas of the last area card, and the influence there."""

    areas: tuple[str, ...]
    losses: tuple[tuple[int, int, int], ...]  # (seat, units, mechanized units)
    influence: int


class OffensivesShuffledBack(Event, frozen=True, tag="offensives_shuffled_back"):
    """§6 step 3 (E14): round-1 Sol Offensives go back into the influence deck."""

    cards: int


class CeasefireOpened(Event, frozen=True, tag="ceasefire_opened"):
    """§6 step 4, §13.1: play stops for the ceasefire window."""

    card: str


class CeasefireEnded(Event, frozen=True, tag="ceasefire_ended"):
    """§13.1: everyone is done; the card leaves the game and the drawing goes on."""


class AuctionRowDrawn(Event, frozen=True, tag="auction_row_drawn"):
    """§7 step 2: one face-down card per player below his hand limit."""

    count: int


class StrategyCardInspected(Event, frozen=True, tag="strategy_card_inspected"):
    """§7 step 3: Jol-Nar looks at the card before it is auctioned (only Jol-Nar sees this)."""

    seat: int
    card: str


class AuctionOpened(Event, frozen=True, tag="auction_opened"):
    """§7 step 4: the next card of the row goes up; ``opener`` bids first."""

    number: int
    opener: int


class BidMade(Event, frozen=True, tag="bid_made"):
    seat: int
    amount: int


class BidPassed(Event, frozen=True, tag="bid_passed"):
    """§7 step 5: a pass (``forced``: the player has no influence left above the bid or a full hand)."""

    seat: int
    forced: bool


class StrategyCardSold(Event, frozen=True, tag="strategy_card_sold"):
    """§7 step 6: the high bidder pays (to the Lazax, or to the pool when ``paid_to`` is None)."""

    seat: int
    price: int
    paid_to: int | None


class StrategyCardTaken(Event, frozen=True, tag="strategy_card_taken"):
    """A strategy card goes into a hand face down: bought, or Letnev's free bonus card (§7 step 6)."""

    seat: int
    bonus: bool
    card: str | None


class AuctionRowReturned(Event, frozen=True, tag="auction_row_returned"):
    """§7 step 7 (E11): nobody bid; the card and the rest of the row are shuffled into the deck."""

    cards: int


class PhaseStarted(Event, frozen=True, tag="phase_started"):
    phase: str


class Recruited(Event, frozen=True, tag="recruited"):
    """§8: units and a leader back from the casualty pool to the reserves, and what it cost."""

    seat: int
    units: int
    mechanized: int
    leader: str | None
    cost: int


class HacanTurnTiming(Event, frozen=True, tag="hacan_turn_timing"):
    """§18 (Hacan): the Hacan take their maneuvering turn now, before ``before``'s, or wait."""

    seat: int
    now: bool
    before: int


class ManeuverTurnStarted(Event, frozen=True, tag="maneuver_turn_started"):
    seat: int


class UnitsMoved(Event, frozen=True, tag="units_moved"):
    """§9.3: one group moved, as one line: who, from where, to where, how many, over how many lines."""

    seat: int
    origin: str
    target: str
    units: int
    mechanized: int
    lines: int


class UnitsLanded(Event, frozen=True, tag="units_landed"):
    """§9.4: units landed from reserves (or, with ``origin``, cross-landed by the Hacan) and the
    cost paid to ``paid_to`` (None: the pool)."""

    seat: int
    piece: str
    units: int
    mechanized: int
    cost: int
    paid_to: int | None
    origin: str | None = None


class UnitsWithdrawn(Event, frozen=True, tag="units_withdrawn"):
    """§18 (Hacan): units taken from the board back to reserves."""

    seat: int
    piece: str
    units: int
    mechanized: int
    cost: int


class EnvoySent(Event, frozen=True, tag="envoy_sent"):
    """§18 (Xxcha): after another player's landing, a free unit to the Galactic Council (or not)."""

    seat: int
    sent: bool


class BattleStarted(Event, frozen=True, tag="battle_started"):
    """§10.2: the aggressor fights the defender in this area."""

    area: str
    aggressor: int
    defender: int


class PrescienceUsed(Event, frozen=True, tag="prescience_used"):
    """§18 (Jol-Nar): the part of the opponent's plan Jol-Nar asks to see."""

    seat: int
    part: str


class PartForeseen(Event, frozen=True, tag="part_foreseen"):
    """§18 (Jol-Nar): the opponent settles that part first; only Jol-Nar sees ``shown``."""

    seat: int
    part: str
    shown: str | None


class BattlePlanPartSet(Event, frozen=True, tag="battle_plan_part_set"):
    """§10.3: a part of a plan was set face down (``dial``, ``leader`` or ``cards``)."""

    seat: int
    part: str


class BattlePlansRevealed(Event, frozen=True, tag="battle_plans_revealed"):
    """§10.3 step 4: (aggressor, defender) dials and leaders, and the slots (GAPS C10)."""

    dials: tuple[int, ...]
    leaders: tuple[str | None, ...]
    slots: tuple[str, ...] | None


class VoiceUsed(Event, frozen=True, tag="voice_used"):
    """§18 (Xxcha): the order given to the opponent."""

    seat: int
    play: bool
    kind: str
    what: str


class BattleCardsRevealed(Event, frozen=True, tag="battle_cards_revealed"):
    """§10.3 step 5: (aggressor, defender) attack and defense cards."""

    attack: tuple[str | None, ...]
    defense: tuple[str | None, ...]


class TraitorRevealed(Event, frozen=True, tag="traitor_revealed"):
    seat: int
    leader: str


class LeaderKilled(Event, frozen=True, tag="leader_killed"):
    leader: str
    cause: str  # "card" | "traitor"


class UnitsDestroyed(Event, frozen=True, tag="units_destroyed"):
    seat: int
    area: str
    units: int
    mechanized: int


class BattleFought(Event, frozen=True, tag="battle_fought"):
    """§10.3 step 8: the winner (None: both revealed traitors) and the strengths (None: a traitor
    decided it)."""

    area: str
    winner: int | None
    strength: tuple[int, ...] | None


class CardsKept(Event, frozen=True, tag="cards_kept"):
    """E9: the cards the winner takes back into his hand (the rest are discarded)."""

    seat: int
    cards: tuple[str, ...]


class InfluenceCollected(Event, frozen=True, tag="influence_collected"):
    """§11: influence collected from an area (``area`` None: the support from the pool)."""

    seat: int
    area: str | None
    amount: int


class BombardmentCardRevealed(Event, frozen=True, tag="bombardment_card_revealed"):
    """§12 step 1."""

    value: int


class SectorBombarded(Event, frozen=True, tag="sector_bombarded"):
    """§12 step 2: the fleet entered a sector: units (seat, units, mechanized) and influence lost."""

    sector: int
    losses: tuple[tuple[int, int, int], ...]
    influence: int


class FleetStopped(Event, frozen=True, tag="fleet_stopped"):
    """§12 step 3: the new bombarded sector."""

    sector: int


class FirstPlayerPassed(Event, frozen=True, tag="first_player_passed"):
    """§12 step 5: the first player token goes to the left."""

    first_player: int


class LeadersRested(Event, frozen=True, tag="leaders_rested"):
    """§10.4 [Dune]: at the end of the round the leaders who fought may fight anywhere again."""


class StrongholdsHeld(Event, frozen=True, tag="strongholds_held"):
    """§14, §3.3: at the end of a round, before victory is checked, who controls each stronghold
    (``held``: the stronghold's area id and its controller, None for nobody), in board order.
    Public, as the units on the board are: the end screen's round-by-round table is built from it."""

    round: int
    held: tuple[tuple[str, int | None], ...]


class PredictionFulfilled(Event, frozen=True, tag="prediction_fulfilled"):
    """§14.2: the predicted race won in the predicted round; the Xxcha win alone instead."""

    seat: int
    race: str
    round: int


class BetrayalAnswered(Event, frozen=True, tag="betrayal_answered"):
    """§14.4: a member of the winning alliance shook hands (``number`` None) or revealed his card."""

    seat: int
    number: int | None
    met: bool


class GameWon(Event, frozen=True, tag="game_won"):
    """§14: who won (several share a win; none when nobody qualifies) and how."""

    winners: tuple[int, ...]
    victory: str
    round: int


class CardWindowOpened(Event, frozen=True, tag="card_window_opened"):
    """§17: a moment where strategy cards may be played; ``seats`` answer at once (sealed)."""

    window: str
    seats: tuple[int, ...]


class CardWindowAnswered(Event, frozen=True, tag="card_window_answered"):
    """A seat has answered the card window (what it answered stays sealed until all have)."""

    seat: int


class StrategyCardPlayed(Event, frozen=True, tag="strategy_card_played"):
    """A strategy card played outside the battle plan, face up; ``effect`` says what it does here."""

    seat: int
    card: str
    effect: str


class StrategyCardUnplayable(Event, frozen=True, tag="strategy_card_unplayable"):
    """§17: a card announced at a window that an earlier play made impossible; it stays in hand."""

    seat: int
    card: str


class FleetSabotaged(Event, frozen=True, tag="fleet_sabotaged"):
    """§12 step 1 (fleet sabotage card): the fleet moves this many sectors instead of a card."""

    seat: int
    sectors: int


class ShieldDestroyed(Event, frozen=True, tag="shield_destroyed"):
    """§12 (shield-destroying card): the generator area's units are destroyed and the shields that
    depend on it are gone for the rest of the game."""

    seat: int
    area: str
    losses: tuple[tuple[int, int, int], ...]


class AbilityCancelled(Event, frozen=True, tag="ability_cancelled"):
    """§17, E26: a Diplomatic Interference cancels a race ability (the strategy card wins)."""

    seat: int
    ability: str


class EmergencyRecruited(Event, frozen=True, tag="emergency_recruited"):
    seat: int
    units: int
    leader: str | None


class AllySpared(Event, frozen=True, tag="ally_spared"):
    """§18 (Sol ally card): the Sol's answer whether their allies' units survive the offensive."""

    seat: int
    spare: bool


class ConsentAsked(Event, frozen=True, tag="consent_asked"):
    """§13.3: ``seat`` wants to use ``owner``'s ally advantage ``advantage``; the owner answers."""

    seat: int
    owner: int
    advantage: str


class ConsentGiven(Event, frozen=True, tag="consent_given"):
    owner: int
    advantage: str
    agree: bool


class QuestionAnswered(Event, frozen=True, tag="question_answered"):
    """The interrogation card: ``seat`` asked ``holder`` a yes/no question; the true answer, public."""

    seat: int
    holder: int
    kind: str
    what: str
    answer: bool
