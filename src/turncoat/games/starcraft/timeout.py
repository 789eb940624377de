"""What the table plays for a seat whose clock runs out: the least committal legal action of its
decision (docs/starcraft.md, "When a clock runs out").

Most decisions have a passive choice: buy nothing more, end the move, destroy nothing, resolve no
event card, draw no combat cards.  Where a decision has none (the planet of the next order, the
token, which of your stacks to reveal, a pairing, a casualty), the first legal action is played,
as the engine lists them.  Three decisions are chosen with care:

* paying (RULES §11): the free resource of a special Build order first, then a printed slot, then
  a worker on a resource card, and force mining (which depletes a card, §11) only when nothing
  else pays;
* the revealed order (RULES §9): it is executed, as its owner planned, rather than traded for an
  event card;
* combat cards (RULES §13.2 step 6): no card leaves the hand where the rules allow a blind card,
  and no reinforcement card is added.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.phases import combat_actions as KA

PASSIVE = (A.EndBuild, A.EndMove, A.DestroyNothing)
PAYMENT_ORDER = ("discount", "event", "permanent", "card", "force")


def timeout_action(legal: Sequence[Any]) -> Any:
    """The least committal of a decision's legal actions (``legal`` not empty)."""
    for action in legal:
        if isinstance(action, PASSIVE):
            return action
        if isinstance(action, A.PlayEvent) and action.card is None:
            return action
        if isinstance(action, A.DrawCombatCards) and not action.draw:
            return action
        if isinstance(action, A.BuyTechnology) and action.technology is None:
            return action
        if isinstance(action, A.ExecuteOrder) and action.execute:
            return action
    pays = [a for a in legal if isinstance(a, A.Pay)]
    if pays:
        return cheapest_payment(pays)
    cards = [a for a in legal if isinstance(a, KA.PlaceCombatCards)]
    if cards:
        return fewest_cards_from_hand(cards)
    reveals = [a for a in legal if isinstance(a, A.RevealOrder)]
    if reveals:  # never the voluntary destruction that may stand beside them (§9)
        return reveals[0]
    return legal[0]


def cheapest_payment(pays: Sequence[A.Pay]) -> A.Pay:
    """RULES §10.4, §11: the free resource, a printed slot, a worker; force mining last."""
    rank = {source: i for i, source in enumerate(PAYMENT_ORDER)}
    return min(pays, key=lambda a: rank.get(a.source, len(rank)))


def fewest_cards_from_hand(plays: Sequence[KA.PlaceCombatCards]) -> KA.PlaceCombatCards:
    """RULES §13.2 step 6: a blind card where allowed, else one card without reinforcement."""
    return min(plays, key=lambda a: (a.standard is not None) + (a.reinforcement is not None))
