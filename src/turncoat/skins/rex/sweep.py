"""The end of a round at the table: what the last Collection phase gave each race (RULES §11) and
the fleet's last bombardment sweep, sector by sector (§12), kept on the page until the next one.

Both are read from the public events the viewer's update carries (``payload["events"]``: all of
them on a full update, the new ones on a later one).  The page keeps the last panel drawn: an
update without a new collection or sweep leaves it as it is (``news``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from turncoat.games.rex import events as E
from turncoat.games.rex.log import Names

PHASE = E.PhaseStarted.__struct_config__.tag
ROUND = E.RoundStarted.__struct_config__.tag
COLLECTED = E.InfluenceCollected.__struct_config__.tag
CARD = E.BombardmentCardRevealed.__struct_config__.tag
SABOTAGE = E.FleetSabotaged.__struct_config__.tag
HIT = E.SectorBombarded.__struct_config__.tag
STOPPED = E.FleetStopped.__struct_config__.tag


def _units(units: int, mech: int) -> str:
    out = f"{units} unit{'' if units == 1 else 's'}"
    return out + (f" and {mech} mechanized" if mech else "")


def _round_of(events: Sequence[Mapping[str, Any]], at: int, now: int) -> int:
    """The round of the event at index ``at``: the last round started before it, else the round
    now less the rounds started after it."""
    for e in reversed(events[:at]):
        if e.get("type") == ROUND:
            return int(e.get("round", now))
    return now - sum(1 for e in events[at:] if e.get("type") == ROUND)


def last_collection(
    events: Sequence[Mapping[str, Any]], now: int, seat_names: Mapping[int, str], names: Names
) -> dict[str, Any] | None:
    """§11: the last Collection phase in ``events``, per seat that took anything: the areas it
    collected from with their amounts, its support from the pool, and the total (None: none)."""
    start = max(
        (i for i, e in enumerate(events) if e.get("type") == PHASE and e.get("phase") == "collection"),
        default=-1,
    )
    if start < 0:
        return None
    rows: dict[int, dict[str, Any]] = {}
    for e in events[start + 1 :]:
        kind = e.get("type")
        if kind == PHASE:
            break
        if kind != COLLECTED:
            continue
        seat = int(e["seat"])
        row = rows.setdefault(
            seat, {"seat": seat, "name": seat_names.get(seat, ""), "areas": [], "support": 0, "total": 0}
        )
        amount = int(e["amount"])
        if e.get("area"):
            row["areas"].append(
                {"area": str(e["area"]), "name": names.area_name(str(e["area"])), "amount": amount}
            )
        else:
            row["support"] += amount
        row["total"] += amount
    return {"round": _round_of(events, start, now), "rows": [rows[s] for s in sorted(rows)]}


def last_sweep(
    events: Sequence[Mapping[str, Any]],
    now: int,
    seat_names: Mapping[int, str],
    geometry: Mapping[str, Any],
    shield_down: bool = False,
) -> dict[str, Any] | None:
    """§12: the fleet's last sweep in ``events``: how far it went (the bombardment card, or a fleet
    sabotage), every sector it entered in order with the unshielded areas there, what each seat
    lost and the influence destroyed, and where it stopped (None: no sweep yet).  ``shield_down``:
    the shield is destroyed, so the areas it protected are hit too."""

    def shielded(area: Mapping[str, Any]) -> bool:
        return bool(area["shielded"]) and not (shield_down and area["depends_on_generator"])

    start = max((i for i, e in enumerate(events) if e.get("type") in (CARD, SABOTAGE)), default=-1)
    if start < 0:
        return None
    first = events[start]
    if first.get("type") == CARD:
        how = f"The bombardment card shows {first.get('value')}"
    else:
        who = seat_names.get(int(first.get("seat", -1)), "a player")
        sectors = int(first.get("sectors", 0))
        how = f"{who} sabotages the fleet: it moves {sectors} sector{'' if sectors == 1 else 's'}"
    hit: list[dict[str, Any]] = []
    sol_half: list[str] = []
    stopped = None
    for e in events[start + 1 :]:
        kind = e.get("type")
        if kind == STOPPED:
            stopped = int(e["sector"])
            break
        if kind != HIT:
            continue
        losses = [
            f"{seat_names.get(int(s), 'a player')} loses {_units(int(u), int(m))}" for s, u, m in e["losses"]
        ]
        if int(e["sector"]) == 0:  # the Sol's half losses, counted over the whole sweep
            sol_half += losses
            continue
        sector = int(e["sector"])
        hit.append(
            {
                "sector": sector,
                "areas": [a["name"] for a in geometry["areas"] if sector in a["sectors"] and not shielded(a)],
                "shielded": [a["name"] for a in geometry["areas"] if sector in a["sectors"] and shielded(a)],
                "losses": losses,
                "influence": int(e.get("influence", 0)),
            }
        )
    return {
        "round": _round_of(events, start, now),
        "how": how,
        "sectors": hit,
        "sol": sol_half,
        "stopped": stopped,
    }


def news(payload: Mapping[str, Any]) -> tuple[bool, bool]:
    """Whether this update must redraw the collection and the sweep: a full update always; a later
    one only when it carries a new one (else the page keeps the panel it has)."""
    events = payload.get("events") or []
    if payload.get("full"):
        return True, True
    collection = any(e.get("type") == PHASE and e.get("phase") == "collection" for e in events)
    sweep = any(e.get("type") in (CARD, SABOTAGE) for e in events)
    return collection, sweep
