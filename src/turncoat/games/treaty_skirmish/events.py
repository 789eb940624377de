"""What happens in a Treaty Skirmish game, as events with who may see them.

The treaty events come from :mod:`turncoat.core.treaties` (card numbers only to giver and
receiver, the discarded card only to the discarder); trade-goods gifts are ``deals.Given``.
Systems and races are named by their ids, seats by number.
"""

from __future__ import annotations

from turncoat.core import deals, treaties
from turncoat.core.actions import Event


class GameSetUp(Event, frozen=True, tag="game_set_up"):
    """§6.3: the races in seat order, the board's systems and the first Speaker."""

    races: tuple[str, ...]
    systems: tuple[str, ...]
    speaker: int
    rounds: int


class ObjectiveDealt(Event, frozen=True, tag="objective_dealt"):
    """§6.3: a seat's objective (the Lazax's is public; the others only to their holder)."""

    seat: int
    objective: str


class RoundStarted(Event, frozen=True, tag="round_started"):
    round: int
    speaker: int


class IncomeCollected(Event, frozen=True, tag="income_collected"):
    """§6.4 Income: trade goods from the values of controlled systems; tokens refilled."""

    seat: int
    trade_goods: int
    tokens: int


class SystemActivated(Event, frozen=True, tag="system_activated"):
    """§6.4: a command token placed on a system, and what for ("move", "build", "envoy")."""

    seat: int
    system: str
    purpose: str


class ShipsMoved(Event, frozen=True, tag="ships_moved"):
    seat: int
    source: str
    target: str
    count: int


class CombatStarted(Event, frozen=True, tag="combat_started"):
    system: str
    attacker: int
    defender: int


class DiceRolled(Event, frozen=True, tag="dice_rolled"):
    """§6.4: one side's dice in a combat round and the hits they score."""

    seat: int
    dice: tuple[int, ...]
    hits: int


class HitsTaken(Event, frozen=True, tag="hits_taken"):
    """§6.4: ships and garrison points removed from one side."""

    seat: int
    system: str
    ships: int
    garrison: int


class Retreated(Event, frozen=True, tag="retreated"):
    seat: int
    source: str
    to: str
    ships: int


class CombatEnded(Event, frozen=True, tag="combat_ended"):
    system: str
    winner: int  # the seat left holding the system, or -1 when nobody is left (or a retreat)


class ControlTaken(Event, frozen=True, tag="control_taken"):
    """§6.4: only your ships remain, with no enemy ships and no hostile garrison."""

    seat: int
    system: str
    previous: int


class ShipsBuilt(Event, frozen=True, tag="ships_built"):
    seat: int
    system: str
    ships: int
    cost: int


class EnvoySent(Event, frozen=True, tag="envoy_sent"):
    """§6.4 Envoy: ``giver`` activated the Home of ``receiver``'s race (public)."""

    giver: int
    receiver: int
    system: str


class NoTreatyGiven(Event, frozen=True, tag="no_treaty_given"):
    """§4.2: the Envoy ended without a card changing hands (public)."""

    giver: int
    receiver: int


class Passed(Event, frozen=True, tag="passed"):
    seat: int


class PlayerEliminated(Event, frozen=True, tag="player_eliminated"):
    """A seat with no ships and no system left takes no more actions."""

    seat: int


class RoundEnded(Event, frozen=True, tag="round_ended"):
    round: int


class ObjectivesRevealed(Event, frozen=True, tag="objectives_revealed"):
    """At the end of the game every objective is shown (RULES §3.2)."""

    objectives: tuple[str, ...]


class GameWon(Event, frozen=True, tag="game_won"):
    """§6.5 end of game: the primary winners, their treaty allies and all who win."""

    reason: str  # "immediate" or "final_round"
    primary: tuple[int, ...]
    winners: tuple[int, ...]


class NobodyWins(Event, frozen=True, tag="nobody_wins"):
    """§6.5: at the end of the last round nobody meets an objective; treaties do nothing."""

    round: int


SkirmishEvent = (
    GameSetUp
    | ObjectiveDealt
    | RoundStarted
    | IncomeCollected
    | SystemActivated
    | ShipsMoved
    | CombatStarted
    | DiceRolled
    | HitsTaken
    | Retreated
    | CombatEnded
    | ControlTaken
    | ShipsBuilt
    | EnvoySent
    | NoTreatyGiven
    | Passed
    | PlayerEliminated
    | RoundEnded
    | ObjectivesRevealed
    | GameWon
    | NobodyWins
    | treaties.TreatyEvent
    | deals.Given
)
