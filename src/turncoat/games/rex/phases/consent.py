"""RULES §13.3: an ally advantage worded "may" is used only with the consent of its owner [seed:
"Každou z těchto schopností, kde je uvedeno slovo může (may) se použije pouze se souhlasem
původního nositele schopnosti"].

The owner is asked only when it matters: after his ally has chosen to use the advantage (a Hacan
cross-landing from a given area, a recruitment with extra units the Lazax pay).  A refusal takes the
advantage off the ally's choices for the rest of that turn (maneuvering) or phase (recruitment), so
the question is not asked twice.
"""

from __future__ import annotations

from turncoat.games.rex.context import Ctx, Events
from turncoat.games.rex.events import ConsentAsked, ConsentGiven
from turncoat.games.rex.state import ALLY_CONSENT, NOBODY, Draft

RULE = "RULES §13.3"
CROSS_LANDING = "cross_landing"  # races.json, Hacan ally card [Dune]
LAZAX_RECRUITS = "lazax_recruits"  # races.json, Lazax ally card [Dune]


def ask(
    ctx: Ctx, d: Draft, asker: int, owner: int, advantage: str, choice: tuple[int, ...], out: Events
) -> None:
    """§13.3 (a benefit worded "may" needs the consent of the player whose race it belongs to): stop for
    the owner's answer; the asker's ``choice`` waits in the state."""
    d.consent = advantage
    d.consent_asker = asker
    d.consent_choice = choice
    d.step = ALLY_CONSENT
    d.actor = owner
    out.append(ConsentAsked(seat=asker, owner=owner, advantage=advantage))


def resolve_consent(ctx: Ctx, d: Draft, owner: int, agree: bool, out: Events) -> None:
    """§13.3: the owner answers; the asker's choice goes ahead, or he chooses again without it."""
    from turncoat.games.rex.phases import maneuvering, recruitment

    advantage, asker, choice = d.consent, d.consent_asker, d.consent_choice
    d.consent, d.consent_asker, d.consent_choice = "", NOBODY, ()
    out.append(ConsentGiven(owner=owner, advantage=advantage, agree=agree))
    d.actor = asker
    if not agree:
        d.refused = (*d.refused, advantage)
    if advantage == CROSS_LANDING:
        maneuvering.after_cross_consent(ctx, d, asker, choice[0] if agree else NOBODY, out)
    else:
        recruitment.after_lazax_consent(ctx, d, asker, choice if agree else None, out)
