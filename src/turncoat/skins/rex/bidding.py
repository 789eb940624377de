"""The Bidding phase at the table (RULES §7): the row of cards up for auction, face down in the
order drawn, the card on auction now, its high bid and bidder, who has passed on it, and the
viewer's bid with its amount beside the row.

Everything comes from the viewer's observation and its decisions: the card's face shows only
where the observation holds it, which is Jol-Nar's own (§7 step 3, ``card_on_auction``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from turncoat.games.rex import actions as A
from turncoat.games.rex.log import Names
from turncoat.games.rex.observe import RexObservation

BID = A.Bid.__struct_config__.tag
PASS = A.PassBid.__struct_config__.tag
SOLD, UP, WAITING = "sold", "on auction", "waiting"


def _tag(choice: Mapping[str, Any]) -> Any:
    action = choice.get("action")
    return action.get("type") if isinstance(action, Mapping) else None


def is_bidding(decision: Mapping[str, Any]) -> bool:
    """A decision the bidding row makes itself: a bid or a pass on the card on auction."""
    choices = decision.get("choices") or []
    return bool(choices) and all(_tag(c) in (BID, PASS) for c in choices)


def bidding_row(
    obs: RexObservation,
    decisions: Sequence[Mapping[str, Any]],
    seat_names: Mapping[int, str],
    names: Names,
) -> dict[str, Any] | None:
    """What the bidding row shows, or None outside an auction (§7).

    ``cards``: the row, one entry per card drawn for this phase (``n`` from 1, ``state`` sold, on
    auction or waiting, ``face`` the card's name and ``effect`` only where the viewer's observation
    holds it); ``high``: the high bid and its bidder's name (None before any bid); ``passed`` and
    ``bidding``: the names of who has passed on this card and who is still in; ``bids``: the
    viewer's bids as (amount, action) from least to most; ``pass_choice``: its pass (None: it may
    not pass now)."""
    if obs.step != "bid" or obs.auction < 1:
        return None
    total = obs.auction + obs.row_size - 1  # the row shrinks as each card is sold
    cards = []
    for n in range(1, total + 1):
        state = SOLD if n < obs.auction else UP if n == obs.auction else WAITING
        face = obs.card_on_auction if state == UP else None
        cards.append(
            {
                "n": n,
                "state": state,
                "face": names.card_name(face) if face else None,
                "effect": names.card_help.get(face, "") if face else "",
            }
        )
    high = None
    if obs.high_bidder >= 0:
        high = {"amount": obs.high_bid, "seat": obs.high_bidder, "name": seat_names.get(obs.high_bidder, "")}
    passed = [p for p, done in enumerate(obs.passed) if done]
    bids: list[tuple[int, Any]] = []
    pass_choice = None
    for decision in decisions:
        for choice in decision.get("choices") or []:
            action = choice.get("action") or {}
            if _tag(choice) == BID and isinstance(action.get("amount"), int):
                bids.append((int(action["amount"]), action))
            elif _tag(choice) == PASS:
                pass_choice = {"action": action, "label": str(choice.get("label", ""))}
    bids.sort(key=lambda b: b[0])
    return {
        "cards": cards,
        "auction": obs.auction,
        "total": total,
        "opener": seat_names.get(obs.opener, "") if obs.opener >= 0 else "",
        "high": high,
        "passed": [seat_names.get(p, "") for p in passed],
        "passed_seats": passed,
        "bidding": [seat_names.get(v.seat, "") for v in obs.seats if v.seat not in passed],
        "to_act": [seat_names.get(p, "") for p in obs.to_act],
        "bids": bids,
        "pass_choice": pass_choice,
        "influence": obs.seats[obs.viewer].influence if obs.viewer is not None else None,
    }


def other_decisions(decisions: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The viewer's decisions the bidding row does not make (the generic controls draw those)."""
    return [d for d in decisions if not is_bidding(d)]
