"""What the table plays for a seat whose clock runs out: the least committal legal action of its
decision (docs/rex.md, "When a clock runs out").

Most decisions list their passive choice first (pass, no card, no movement, no landing, recruit
nothing, end the ceasefire, the lowest dial, no traitor, shake hands, refuse consent), and the
first legal action is played.  Three list something else first, and are chosen here:

* the Xxcha envoy (RULES §18): the envoy is a unit placed, so the timeout sends none;
* battle cards (RULES §10.3 step 5): the fewest cards the slot allows, so no card is spent that
  need not be;
* keeping the cards after a win (RULES §10.3 step 8, GAPS E9): keep every card that may be kept,
  since a discard cannot be taken back.
"""

from __future__ import annotations

from collections.abc import Sequence

from turncoat.games.rex import actions as A


def timeout_action(legal: Sequence[A.RexAction]) -> A.RexAction:
    """The least committal of a decision's legal actions (``legal`` not empty)."""
    envoys = [a for a in legal if isinstance(a, A.SendEnvoy)]
    if envoys:
        return no_envoy(envoys)
    plays = [a for a in legal if isinstance(a, A.PlayCards)]
    if plays:
        return fewest_cards(plays)
    keeps = [a for a in legal if isinstance(a, A.KeepCards)]
    if keeps:
        return most_kept(keeps)
    return legal[0]


def no_envoy(envoys: Sequence[A.SendEnvoy]) -> A.SendEnvoy:
    """RULES §18 (Xxcha): no free unit to the Galactic Council."""
    return next((a for a in envoys if not a.send), envoys[0])


def fewest_cards(plays: Sequence[A.PlayCards]) -> A.PlayCards:
    """RULES §10.3 step 5: the plan's cards with the fewest cards played (the first such)."""
    return min(plays, key=lambda a: (a.attack is not None) + (a.defense is not None))


def most_kept(keeps: Sequence[A.KeepCards]) -> A.KeepCards:
    """RULES §10.3 step 8 (GAPS E9): keep as many of the played cards as may be kept."""
    return max(keeps, key=lambda a: a.attack + a.defense)
