"""Rex's ceasefire window (RULES §13.1-13.2): the alliances standing, the proposals open (who
proposed which alliance to whom, who agreed so far, who is still to answer), who is still
negotiating and their clocks, and the viewer's own moves.

Everything comes from the viewer's observation (alliances and proposals are public, §16.3: all
negotiation is open) and its decisions: each button is one of the viewer's legal actions as the
payload offers it.  The answers to a proposal (accept, decline, withdraw) sit with the proposal
they answer; the viewer's other moves (propose, leave, give influence, done) stay the generic
decisions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from turncoat.core import deals
from turncoat.games.rex.observe import RexObservation

CEASEFIRE_STEP = "ceasefire"
ANSWERS = ("accept", "decline", "withdraw")  # the moves that answer one open proposal


def _names(seats: Sequence[int], seat_names: Mapping[int, str]) -> list[str]:
    return [seat_names.get(p, f"Seat {p + 1}") for p in seats]


def answers_by_proposal(decisions: Sequence[Mapping[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    """The viewer's choices that answer a proposal (accept, decline, withdraw), by proposal id."""
    out: dict[int, list[dict[str, Any]]] = {}
    for d in decisions:
        for c in d.get("choices") or []:
            action = c.get("action") or {}
            if action.get("type") in ANSWERS and isinstance(action.get("proposal"), int):
                out.setdefault(action["proposal"], []).append(dict(c))
    return out


def other_decisions(decisions: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The viewer's decisions less the answers shown with their proposals (none left empty)."""
    out = []
    for d in decisions:
        rest = [c for c in d.get("choices") or [] if (c.get("action") or {}).get("type") not in ANSWERS]
        if rest or d.get("finish"):
            out.append({**d, "choices": rest})
    return out


def proposal_view(
    prop: deals.Proposal, answers: Sequence[dict[str, Any]], seat_names: Mapping[int, str]
) -> dict[str, Any]:
    members = sorted({p for t in prop.terms if isinstance(t, deals.Ally) for p in t.members})
    return {
        "id": prop.id,
        "proposer": seat_names.get(prop.proposer, f"Seat {prop.proposer + 1}"),
        "proposer_seat": prop.proposer,
        "members": _names(members, seat_names),
        "to": _names(prop.to, seat_names),
        "accepted": _names(prop.accepted, seat_names),
        "waiting": _names(prop.waiting_for(), seat_names),
        "answers": list(answers),
    }


def ceasefire_panel(
    obs: RexObservation, payload: Mapping[str, Any], seat_names: Mapping[int, str]
) -> dict[str, Any] | None:
    """The window as the viewer sees it (None outside a Temporary Ceasefire)."""
    if obs.step != CEASEFIRE_STEP:
        return None
    decisions = payload.get("decisions") or []
    answers = answers_by_proposal(decisions)
    acting = list(obs.to_act)
    return {
        "alliances": [_names(group, seat_names) for group in obs.deals.alliances],
        "proposals": [proposal_view(p, answers.get(p.id, []), seat_names) for p in obs.deals.open],
        "negotiating": _names(acting, seat_names),
        "done": _names([p for p in range(obs.players) if p not in acting], seat_names),
        "rest": {**payload, "decisions": other_decisions(decisions)},
    }
