"""Treaty Skirmish decisions, named with the rulebook's verbs (RULES §6.4, §4.2).

Systems are named by their board ids ("mecatol", "home-sol", "frontier-2"), races by theirs
("sol", "lazax"), treaty cards by faction and number.  Trade goods are given with the core
``deals.Give`` (good ``"trade_goods"``): a binding transfer (§6.4 "Bribes", GAPS Q11).
"""

from __future__ import annotations

from turncoat.core import deals
from turncoat.core.actions import Action

TRADE_GOODS = "trade_goods"


class MoveAttack(Action, frozen=True, tag="move_attack"):
    """§6.4 Move/Attack: spend a command token to activate ``system``; ships then come in."""

    system: str


class MoveShips(Action, frozen=True, tag="move_ships"):
    """§6.4: move ``count`` of your ships from the adjacent ``source`` into the activated system."""

    source: str
    count: int


class AssignHits(Action, frozen=True, tag="assign_hits"):
    """§6.4: of the hits you took, ``ships`` remove ships and the rest garrison points."""

    ships: int


class FightOn(Action, frozen=True, tag="fight_on"):
    """§6.4: the attacker fights another combat round."""


class Retreat(Action, frozen=True, tag="retreat"):
    """§6.4: the attacker retreats every ship to ``to``, a system it came from."""

    to: str


class Build(Action, frozen=True, tag="build"):
    """§6.4 Build: activate a Home you control (or Mecatol) and buy ``ships`` ships there."""

    system: str
    ships: int


class SendEnvoy(Action, frozen=True, tag="send_envoy"):
    """§6.4 Envoy: activate the starting Home of great race ``race`` to run the treaty steps
    (with GAPS Q4 fix B on, your own race: drop one foreign card there)."""

    race: str


class GiveTreaty(Action, frozen=True, tag="give_treaty"):
    """§4.2 step 2: hand the Envoy's receiver this card of yours in secret."""

    faction: str
    number: int


class GiveNoTreaty(Action, frozen=True, tag="give_no_treaty"):
    """§4.2 step 1: giving is optional; the activation stands, no card changes hands."""


class DiscardTreaty(Action, frozen=True, tag="discard_treaty"):
    """§4.2 step 4: discard this card face down (the new one, one of yours or a foreign one)."""

    faction: str
    number: int


class DropTreaty(Action, frozen=True, tag="drop_treaty"):
    """GAPS Q4 fix B: at your own Home, discard this foreign card face down."""

    faction: str
    number: int


class Pass(Action, frozen=True, tag="pass"):
    """§6.4 Pass: take no more actions this round."""


SkirmishAction = (
    MoveAttack
    | MoveShips
    | AssignHits
    | FightOn
    | Retreat
    | Build
    | SendEnvoy
    | GiveTreaty
    | GiveNoTreaty
    | DiscardTreaty
    | DropTreaty
    | Pass
    | deals.Give
)
