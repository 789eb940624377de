"""What a combat card placement is worth to the heuristic bot, keywords included (RULES §13.3,
§13.4, §13.7), from what its seat may know only: its own cards, the paired front-line units and
supporters (public once the skirmish is set), how many cards the opponent placed (public, §13.2
step 6) and the public content (each race's combat cards).  The opponent's cards are never read:
an opposing card is valued by the mean of its race's deck.

Every worth is in "card points", the attack + health a placement gives its side, so that keyword
and plain values compare on one scale.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import msgspec

from turncoat.games.starcraft.components import CombatValues
from turncoat.games.starcraft.phases import combat_cards as C

if TYPE_CHECKING:
    from turncoat.games.starcraft.context import Ctx

REINFORCEMENT_ODDS = 0.3  # the chance an opponent who has not placed yet adds a reinforcement
CLOAK_SAVE = 2.0  # a front-line unit saved by granted cloaking: this many card points per resource


class Opposing(msgspec.Struct, frozen=True):
    """The expected (attack, health) of an opposing standard and reinforcement card against our
    front-line unit's opponent, and the odds each is there."""

    standard: tuple[float, float]
    reinforcement: tuple[float, float]
    standard_odds: float
    reinforcement_odds: float


class SkirmishView(msgspec.Struct, frozen=True):
    """One skirmish seen from the seat about to place its cards (all public)."""

    front: str  # our front-line unit's type
    enemy_front: str
    attacking: bool
    cloaked: bool  # our front-line unit is cloaked by its type already
    enemy_detects: bool  # a detector unit or Air Support on the other side (§13.7)
    enemy_support: int  # attack the enemy supporters add against our front-line unit (§13.5)
    front_value: float  # what our front-line unit is worth, in resources
    detects: bool = False  # a detector unit or Air Support on our side already (§13.7)
    enemy_cloaked: float = 0.0  # the worth of the enemy's most valuable unit cloaked by its type


def expected_opposing(ctx: Ctx, race: str, enemy_front: str, placed: int | None) -> Opposing:
    """§13.3: the mean (attack, health) of the opposing race's standard cards as played for its
    front-line unit (major on a match, minor otherwise) and of its reinforcements (major when they
    match, else nothing).  ``placed``: how many cards the opponent put down (None: not yet)."""
    cards = [c for c in ctx.content.data.combat_cards if c.race == race]
    std = [C.card_values(ctx, c.id, enemy_front) for c in cards if c.kind.value == "standard"]
    rein = [
        c.major.value if C.card_matches(ctx, c.id, enemy_front) else C.NO_VALUES
        for c in cards
        if c.kind.value == "reinforcement"
    ]

    def mean(values: Sequence[CombatValues]) -> tuple[float, float]:
        if not values:
            return (0.0, 0.0)
        return (sum(v.attack for v in values) / len(values), sum(v.health for v in values) / len(values))

    odds = (
        (1.0, REINFORCEMENT_ODDS) if placed is None else (1.0 if placed else 0.0, 1.0 if placed > 1 else 0.0)
    )
    return Opposing(mean(std), mean(rein), *odds)


def placement_worth(ctx: Ctx, cards: Sequence[str], view: SkirmishView, opposing: Opposing) -> float:
    """§13.3-§13.7: the worth of placing ``cards`` (a standard card, maybe a reinforcement):

    * the attack + health the side gets, as the engine works them out: the standard card's major or
      minor values, a matching reinforcement's major values, and each applying card's gains whose
      vs. names the opposing front-line unit and whose when fits our role;
    * a cancel is worth the expected attack + health of the opposing card it removes (times the
      odds that card is there);
    * granted cloaking is worth the front-line unit when it would otherwise likely die (the
      expected opposing attack reaches its health) and nothing on the other side detects it;
    * granted detection is worth the enemy's cloaked unit (front-line or supporter) when our side
      has attack to hit it and no detector of its own: a hit then destroys it instead of letting it
      withdraw.  Cloaking an opposing card may grant is unknown until the reveal, so not counted.
    """
    front, standard = view.front, cards[0]
    applying = [c for c in cards if C.card_matches(ctx, c, front)]
    v = C.card_values(ctx, standard, front)
    attack, health = v.attack, v.health
    for card in applying:
        data = C.card_data(ctx, card)
        if card != standard and data is not None:
            attack, health = attack + data.major.value.attack, health + data.major.value.health
        for gain in C.card_keywords(ctx, card).gains:
            if C.gain_applies(ctx, gain, view.enemy_front, view.attacking):
                attack, health = attack + gain.attack, health + gain.health
    worth = float(attack + health)
    keywords = [C.card_keywords(ctx, c) for c in applying]
    cancels = {k for kw in keywords for k in kw.cancel}
    threat = float(view.enemy_support)
    for kind, (a, h), odds in (
        ("standard", opposing.standard, opposing.standard_odds),
        ("reinforcement", opposing.reinforcement, opposing.reinforcement_odds),
    ):
        if kind in cancels:
            worth += odds * (a + h)
        else:
            threat += odds * a
    grants = {g for kw in keywords for g in kw.grants}
    if "cloaking" in grants and not view.cloaked and not view.enemy_detects and threat >= health:
        worth += CLOAK_SAVE * view.front_value
    if "detection" in grants and not view.detects and attack > 0:
        worth += CLOAK_SAVE * view.enemy_cloaked
    return worth
