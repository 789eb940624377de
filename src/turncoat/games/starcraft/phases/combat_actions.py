"""The decisions of a battle (RULES §13.2, §21.2), each small: one pair, one supporter, the cards
of one skirmish, one unit or one area at a time.  A unit is named by its type and whether it is
cloaked: units of one owner, type and cloaking are interchangeable."""

from __future__ import annotations

from turncoat.core.actions import Action


class ChooseFrontLine(Action, frozen=True, tag="choose_front_line"):
    """§13.2 step 4: a side whose units are all assist units puts this one in the front line."""

    unit: str
    cloaked: bool = False


class PairSkirmish(Action, frozen=True, tag="pair_skirmish"):
    """§13.2 step 4: the attacker pairs one of its units with one defending unit (a skirmish)."""

    attacker: str
    defender: str
    attacker_cloaked: bool = False
    defender_cloaked: bool = False


class AssignSupport(Action, frozen=True, tag="assign_support"):
    """§13.2 step 5: the next unpaired unit (the state names it) supports this skirmish."""

    skirmish: int


class PlaceCombatCards(Action, frozen=True, tag="place_combat_cards"):
    """§13.2 step 6: face down on the next skirmish: this standard card from hand (None: the top card
    of the combat deck, blind) and optionally a reinforcement card from hand (never with a blind
    card)."""

    standard: str | None
    reinforcement: str | None = None


class ResolveSkirmish(Action, frozen=True, tag="resolve_skirmish"):
    """§13.2 step 7: the attacker resolves this skirmish next."""

    skirmish: int


class ChooseCasualty(Action, frozen=True, tag="choose_casualty"):
    """§13.4, §13.6: the unit of yours that the hit (or splash) destroys."""

    unit: str
    cloaked: bool = False


class WithdrawTo(Action, frozen=True, tag="withdraw_to"):
    """§13.7: the cloaked unit withdraws to this friendly or empty area of the active planet."""

    area: str


class ChooseRetreatingUnit(Action, frozen=True, tag="choose_retreating_unit"):
    """§13.9: this unit retreats (the excess over the limit, or one that fits the destination)."""

    unit: str
    cloaked: bool = False


class RetreatTo(Action, frozen=True, tag="retreat_to"):
    """§13.9: every retreating unit of yours goes to this single friendly or empty area."""

    area: str


CombatAction = (
    ChooseFrontLine
    | PairSkirmish
    | AssignSupport
    | PlaceCombatCards
    | ResolveSkirmish
    | ChooseCasualty
    | WithdrawTo
    | ChooseRetreatingUnit
    | RetreatTo
)
