"""Every seat's public faction sheet and the viewer's own cards and tokens, as plain words and
numbers: what the browser's and the terminal's StarCraft skins both draw.

Everything here reads the viewer's observation and the public content only (through the game's
tables and words, ``games/starcraft/log.py``), so it holds nothing the seat may not know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from turncoat.games.starcraft import log
from turncoat.games.starcraft.context import Ctx
from turncoat.games.starcraft.observe import StarcraftObservation
from turncoat.skins.starcraft import board


def _title(words: str) -> str:
    return words.replace("_", " ").title()


def sheets(ctx: Ctx, obs: StarcraftObservation) -> list[dict[str, Any]]:
    """Every seat's public faction sheet (RULES §21.3): counts of what is hidden, never which."""
    t = ctx.t
    techs = {x.id: x.name.value for x in ctx.content.data.technologies}
    teamed = len(set(obs.teams)) < len(obs.teams)  # §19 team play: some seats share a team
    out = []
    for v in obs.seats:
        fac = t.faction.get(v.faction)
        busy = sum(w for _, w in v.resource_cards) + sum(w for _, _, w in v.permanent_resources)
        out.append(
            {
                "seat": v.seat,
                "faction": fac.leader.value if fac else None,
                "race": t.race[v.race].name.value if v.race in t.race else None,
                "cp": v.cp,
                "first": v.seat == obs.first_player,
                "partners": (
                    [s for s in range(len(obs.teams)) if s != v.seat and obs.teams[s] == obs.teams[v.seat]]
                    if teamed and v.seat < len(obs.teams)
                    else []
                ),
                "eliminated": v.eliminated,
                "pool": v.worker_pool,
                "busy": busy,
                "unavailable": v.unavailable_workers,
                "orders": v.orders_in_supply,
                "hand": v.hand_size,
                "deck": v.combat_deck_size,
                "discard": len(v.combat_discard),
                "pending_events": v.pending_events,
                "cards": [
                    {"name": log.area_name(ctx, a), "workers": w, "capacity": t.area[a].amount}
                    for a, w in v.resource_cards
                ],
                "permanent": [
                    f"{n} {board.resource_words(k, n)} ({w} worker{'s' if w != 1 else ''})"
                    for k, n, w in v.permanent_resources
                ],
                "buildings": [f"{_title(b)} level {n}" for b, n in v.buildings],
                "modules": [f"{n} × {_title(m)}" for m, n in v.modules],
                "techs_in_play": [techs.get(c, _title(c)) for c in v.play_area],
                "planets": [log.planet_name(ctx, p) for p in v.planets],
            }
        )
    return out


def _card(ctx: Ctx, card: str) -> dict[str, Any]:
    """A combat card's face as its owner reads it: kind, unit icons, major and minor values,
    ability, and whether its values are invented placeholders."""
    data = next((c for c in ctx.content.data.combat_cards if c.id == card), None)
    if data is None:
        return {"name": log.card_name(ctx, card), "invented": False, "kind": "", "units": "", "numbers": ""}
    fields = (data.kind, data.unit_icons, data.major, data.minor, data.ability)
    major, minor = data.major.value, data.minor.value
    return {
        "name": log.card_name(ctx, card),
        "kind": data.kind.value,
        "units": ", ".join(log.unit_name(ctx, u) for u in data.unit_icons.value) or "any unit",
        "numbers": f"major {major.attack}/{major.health}, minor {minor.attack}/{minor.health}",
        "ability": _title(data.ability.value) if data.ability.value else "",
        "invented": any(f.invented for f in fields),
    }


def own_sheet(ctx: Ctx, obs: StarcraftObservation) -> dict[str, Any] | None:
    """What the viewer alone knows: its hand with each card's values, the faces of its order
    tokens still in its supply, and (in Regrouping step 8 only) its new event cards.  None for a
    spectator."""
    if obs.viewer is None or not (0 <= obs.viewer < len(obs.seats)):
        return None
    tokens: dict[tuple[str, bool], int] = {}
    for o in obs.own_orders:
        tokens[(o.kind, o.special)] = tokens.get((o.kind, o.special), 0) + 1
    return {
        "hand": [_card(ctx, c) for c in obs.hand],
        "orders": [
            {"name": log.order_name(k, sp), "count": n, "face": board.order_face(k, sp)}
            for (k, sp), n in sorted(tokens.items())
        ],
        "events": [
            {
                "name": log.event_name(ctx, e),
                "effect": ctx.t.event_card[e].effect.value if e in ctx.t.event_card else "",
            }
            for e in obs.own_events
        ],
    }


def race_units(ctx: Ctx, obs: StarcraftObservation, codes: Mapping[str, str]) -> list[tuple[str, str]]:
    """The unit codes of the races at the table, with their names (the legend's key)."""
    races = {s.race for s in obs.seats if s.race}
    return [(codes[u], log.unit_name(ctx, u)) for u, d in sorted(ctx.t.unit.items()) if d.race in races]
