"""Race abilities (RULES §18) as explicit hooks.

The content lists each race's abilities with ``effect_known``.  Known ones are rules the engine
applies where their section says (``KNOWN``); unknown ones (the Protoss sheet's box, the Zerg
abilities WW names "creep" and "healing", GAPS §2.4) stay hooks: they are listed, shown to players
as unknown, and ``use_ability`` leaves the state as it is.  No effect is invented for them.  A later
owner's pack that supplies the text still needs the rule written here, with its section.
"""

from __future__ import annotations

import msgspec

from turncoat.games.starcraft.context import Ctx
from turncoat.games.starcraft.state import State

# Where each known ability is applied (the phase that applies it cites the same section).
KNOWN: dict[str, str] = {
    "lift_off": "RULES §10.2",
    "hand_limit_8": "RULES §5 step 9, §13.10",
    "build_limit_per_building_type": "RULES §10.1.2",
}


class AbilityHook(msgspec.Struct, frozen=True):
    """One race ability: its id, whether its effect is known, and the section applying it."""

    race: str
    id: str
    effect_known: bool
    rule: str  # "" for an unknown ability


def race_abilities(ctx: Ctx, race: str) -> tuple[AbilityHook, ...]:
    """§18: the race's abilities as the content lists them, known or not."""
    return tuple(
        AbilityHook(race, a.id, a.effect_known, KNOWN.get(a.id, "") if a.effect_known else "")
        for a in ctx.t.race[race].abilities
    )


def unknown_abilities(ctx: Ctx, race: str) -> tuple[AbilityHook, ...]:
    """§18, GAPS §2.4: the race's abilities whose effects no source gives (hooks only)."""
    return tuple(h for h in race_abilities(ctx, race) if not h.effect_known)


def use_ability(ctx: Ctx, state: State, seat: int, ability: str) -> State:
    """§18: the hook a phase calls at an ability's moment.  An unknown ability changes nothing; a
    known one is applied by the rule of its section (``KNOWN``), never here."""
    hook = next((h for h in race_abilities(ctx, state.seat(seat).race) if h.id == ability), None)
    if hook is None:
        raise KeyError(f"{state.seat(seat).race} has no ability {ability!r}")
    return state
