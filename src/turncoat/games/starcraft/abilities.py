"""Effects the content names (RULES §10.3, §13.3, §17, §18; GAPS §2.4, §3) as explicit hooks.

Every race ability, technology card, event card and combat card ability in the loaded content has
one named hook that says where its effect comes from and whether the engine applies it:

- ``provenance``: ``sourced`` (a public source or the owner's printed card gives the effect),
  ``invented`` (placeholder content, ``data/invented``: the placeholder technologies) or ``unknown``
  (no source gives it: the Protoss ability, the Zerg "creep" and "healing", GAPS §2.4);
- ``rule``: the section whose rule the engine applies for it, or "" when nothing is applied.

Only effects whose rule the rulebook gives are applied, each by the phase of its section (the table
below says which).  An invented or unknown effect is never given an invented rule: its hook is
applied as nothing, and the log and the content report say so.  Two kinds of invented effect
are applied, each behind its option (GAPS §3): the placeholder technologies
(``invented_technologies``: their invented cards play by the rulebook's combat card and
tech-required unit rules) and the placeholder event deck (``invented_event_effects``: its cards'
invented readings); wherever either is said it is labelled placeholder content.  An owner's pack
with printed cards changes the provenance of their hooks without code changes; a printed effect
still needs its rule written in its phase before the engine applies it, and until then its hook
says exactly that.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from turncoat.games.starcraft.components import Value
from turncoat.games.starcraft.context import Ctx

HookKind = Literal["race_ability", "technology", "event_card", "combat_card"]
HookProvenance = Literal["sourced", "invented", "unknown"]

# Race abilities whose rule the engine applies, and where (the phase that applies each cites it).
RACE_ABILITY_RULES: dict[str, str] = {
    "lift_off": "RULES §10.2",  # phases/mobilize.py
    "hand_limit_8": "RULES §5 step 9, §13.10",  # the race's hand_limit and opening_hand values
    "build_limit_per_building_type": "RULES §10.1.2",  # phases/build.py, the race's build_limit
}
# Event card effects the engine applies: The End Draws Near's play into the common area and the
# end-game check (phases/regrouping.py, phases/victory.py).  Its extra benefit is unknown (§17).
EVENT_EFFECT_RULES: dict[str, str] = {"the_end_draws_near": "RULES §17, §16.3"}
# The placeholder event deck's effect classes (GAPS §2.6, §3 item 4) whose invented readings the
# engine applies with ``invented_event_effects`` (phases/event_effects.py; each card's ``text``
# says what it does).  A class missing here stays an inert hook.
INVENTED_EVENT_RULES: dict[str, str] = {
    "draw_2_combat_cards": "RULES §17, §13.10",
    "draw_3_combat_cards": "RULES §17, §13.10",
    "gain_1_cp": "RULES §17, §15",
    "hand_limit_plus_2_permanent": "RULES §17, §14 step 9",
    "gain_2_resources_token_this_round": "RULES §17, §11",
    "discounted_module": "RULES §17, §10.1.4",
    "discounted_building": "RULES §17, §10.1.5",
    "free_unit_build_limit_plus_1": "RULES §17, §10.1.2",
    "plus_two_health_one_battle": "RULES §17, §13.2 step 2",
    "opponent_plays_first_face_up": "RULES §17, §13.2 steps 2 and 6",
    "battle_cancelled": "RULES §17, §13.2 step 2, §13.9",
    "move_z_axis_route": "RULES §17, §4.2",
    "no_effect": "RULES §17",
}
# Combat card abilities the engine applies (phases/combat_cards.py, phases/combat.py).
COMBAT_ABILITY_RULES: dict[str, str] = {
    "splash_ground": "RULES §13.6",
    "splash_flying": "RULES §13.6",
    "splash_ground_flying": "RULES §13.6",
    "scourge_self_destruct": "RULES §13.8",
}


class EffectHook(msgspec.Struct, frozen=True):
    """One named effect: what carries it, the effect's id in the content ("" where no source names
    one), where the effect comes from, and the section whose rule applies it ("" for none)."""

    kind: HookKind
    id: str
    effect: str
    provenance: HookProvenance
    rule: str

    @property
    def applied(self) -> bool:
        return bool(self.rule)


# The End Draws Near's extra benefit: the FAQ says there is one, no source gives its text (§17).
END_DRAWS_NEAR_BENEFIT = EffectHook("event_card", "the_end_draws_near", "extra_benefit", "unknown", "")


def _provenance(value: Value[Any]) -> HookProvenance:
    return "invented" if value.invented else "sourced"


def race_abilities(ctx: Ctx, race: str) -> tuple[EffectHook, ...]:
    """§18: the race's abilities as the content lists them, each a hook: an ability is applied only
    where its rule is written (``RACE_ABILITY_RULES``), never because the content says it is known."""
    hooks = []
    for a in ctx.t.race[race].abilities:
        provenance: HookProvenance = _provenance(a.summary) if a.effect_known else "unknown"
        rule = RACE_ABILITY_RULES.get(a.id, "") if provenance != "invented" else ""
        hooks.append(EffectHook("race_ability", a.id, a.id, provenance, rule))
    return tuple(hooks)


def unknown_abilities(ctx: Ctx, race: str) -> tuple[EffectHook, ...]:
    """§18, GAPS §2.4: the race's abilities whose effects the engine does not apply (hooks only)."""
    return tuple(h for h in race_abilities(ctx, race) if not h.applied)


def event_hook(ctx: Ctx, card: str) -> EffectHook:
    """§17: an event card's effect.  A sourced one is applied where its rule is written
    (``EVENT_EFFECT_RULES``); an invented one (the placeholder deck, GAPS §3) only with the
    ``invented_event_effects`` option and where its reading is written (``INVENTED_EVENT_RULES``)."""
    effect = ctx.t.event_card[card].effect
    provenance = _provenance(effect)
    if provenance == "sourced":
        rule = EVENT_EFFECT_RULES.get(effect.value, "")
    else:
        rule = INVENTED_EVENT_RULES.get(effect.value, "") if ctx.config.invented_event_effects else ""
    return EffectHook("event_card", card, effect.value, provenance, rule)


# Technology effects the engine applies, by where the cards go (phases/research.py, §10.3): combat
# cards play by the combat card rules; a play-area card's unlocked unit is built by phases/build.py.
TECHNOLOGY_RULES: dict[str, str] = {"combat": "RULES §10.3, §13.3", "play_area": "RULES §10.1.2"}


def technology_hook(ctx: Ctx, technology: str) -> EffectHook:
    """§10.3, §13.7: a technology card's effect.  Without a cost and a card in any pack it is an
    unknown hook (it cannot be bought); an invented one (the placeholder pack) is applied only with
    ``invented_technologies``; its effect is its placement (``combat``, or ``unlocks_<unit>``)."""
    t = ctx.t.technology[technology]
    if t.cost is None or t.card is None:
        return EffectHook("technology", technology, "", "unknown", "")
    card = t.card.value
    invented = t.cost.invented or t.card.invented
    provenance: HookProvenance = "invented" if invented else "sourced"
    rule = "" if invented and not ctx.config.invented_technologies else TECHNOLOGY_RULES[card.placement]
    effect = f"unlocks_{card.unlocks}" if card.unlocks else card.placement
    return EffectHook("technology", technology, effect, provenance, rule)


def combat_card_hook(ctx: Ctx, card: str) -> EffectHook | None:
    """§13.3, §13.6-§13.8: a combat card's ability (None: the card has none).  A known ability's
    rule is the rulebook's even on a placeholder card (its provenance says the card is invented);
    any other ability is a hook that changes nothing."""
    data = next((c for c in ctx.content.data.combat_cards if c.id == card), None)
    if data is None or data.ability.value is None:
        return None
    ability = data.ability.value
    return EffectHook(
        "combat_card", card, ability, _provenance(data.ability), COMBAT_ABILITY_RULES.get(ability, "")
    )


def effect_hooks(ctx: Ctx) -> tuple[EffectHook, ...]:
    """§10.3, §13.3, §17, §18: the hook of every race ability, technology card, event card and
    combat card ability in the loaded content, in that order."""
    data = ctx.content.data
    hooks: list[EffectHook] = [h for r in data.races for h in race_abilities(ctx, r.id)]
    hooks += [technology_hook(ctx, t.id) for t in data.technologies]
    for e in data.event_cards:
        hooks.append(event_hook(ctx, e.id))
        if e.effect.value == "the_end_draws_near":
            hooks.append(END_DRAWS_NEAR_BENEFIT)
    hooks += [h for c in data.combat_cards if (h := combat_card_hook(ctx, c.id)) is not None]
    return tuple(hooks)


def hook_label(hook: EffectHook, what: str = "its effect") -> str:
    """§17, §18: how players are told what a hook does ("" for an effect the engine applies, except
    an invented event effect: it is applied, and said to be placeholder content)."""
    if hook.applied:
        return f"placeholder content: {what} is invented" if hook.provenance == "invented" else ""
    if hook.provenance == "invented":
        return f"placeholder content: {what} is invented and not applied"
    if hook.provenance == "unknown":
        return f"{what} is unknown and not applied"
    return f"{what} as printed is not in the engine yet and not applied"
