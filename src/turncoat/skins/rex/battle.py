"""Rex's battle panel (RULES §10.3): the battle under way, and the reveal of the last battle.

The battle under way is read from the viewer's observation (``RexObservation.battle``): the engine
fills in a part of a plan only for those who may see it (§16.2), so a sealed dial or leader reads
"sealed" to everyone but its owner, and the panel cannot say more than the seat's JSON holds.

The reveal is read from the viewer's own events (those its log is written from): the last battle
whose dials and leaders were revealed, in the rulebook's order (§10.3 steps 4-8): dials and
leaders, then cards, then traitors, then the result.  Each stage has a key of its own, so the page
can show stages that arrive together one at a time (``data-reveal`` in turncoat.js) while the
server never waits; the breakdown stays on screen until the next battle's first reveal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from turncoat.core.actions import Event
from turncoat.core.present import plain
from turncoat.games.rex import events as E
from turncoat.games.rex.log import SLOT_WORDS, Names
from turncoat.games.rex.observe import BattleView, PlanView, RexObservation, SeatView
from turncoat.games.rex.present import (
    BATTLE_PLAN_STAGES,
    NO_TRAITOR,
    REVEAL_STAGES,
    ROLE_WORDS,
    RexPresentation,
)

SEALED = "set, sealed"
NOT_YET = "not chosen yet"


# -- the battle under way ---------------------------------------------------------------------------
def area_pieces(geometry: Mapping[str, Any], area: str) -> set[str]:
    """The board pieces (area parts by sector) that make up ``area``."""
    return {c["id"] for a in geometry["areas"] if a["id"] == area for c in a["cells"]}


def units_in(obs: RexObservation, pieces: set[str], seat: int) -> tuple[int, int]:
    """A seat's units and mechanized units in the pieces of one area (§10.3 step 1)."""
    units = mech = 0
    for st in obs.stacks:
        if st.seat == seat and st.piece in pieces:
            units, mech = units + st.units, mech + st.mechanized
    return units, mech


def leaders_for(view: SeatView, area: str, names: Names) -> list[str]:
    """The leaders a side may still send into this battle (§10.4): those available, and those who
    fought in this same area this round; by name with their public strength."""
    return [
        names.leader_name(lv.leader, strength=True) for lv in view.leaders if lv.status in ("ready", area)
    ]


def _dial_text(plan: PlanView) -> str:
    if plan.dial is not None:
        return str(plan.dial)
    return SEALED if "dial" in plan.parts_set else NOT_YET


def _leader_text(plan: PlanView, names: Names) -> str:
    if plan.leader is None:
        return SEALED if "leader" in plan.parts_set else NOT_YET
    slot = f", card slot: {SLOT_WORDS.get(plan.slot, plan.slot)}" if plan.slot is not None else ""
    return names.leader_name(plan.leader, strength=True) + slot


def _cards_text(plan: PlanView, revealed: int, names: Names) -> str:
    if plan.attack is not None or plan.defense is not None:
        parts = []
        if plan.attack is not None:
            parts.append(f"attack: {names.card_name(plan.attack)}")
        if plan.defense is not None:
            parts.append(f"defense: {names.card_name(plan.defense)}")
        return ", ".join(parts)
    if "attack" in plan.parts_set or "defense" in plan.parts_set:
        return SEALED
    return NOT_YET if revealed >= 1 else "after the first reveal"


def plan_rows(plan: PlanView, revealed: int, names: Names) -> list[tuple[str, str]]:
    """One side's plan as the viewer may see it: each part's value, or only whether it is set."""
    return [
        ("Dial", _dial_text(plan)),
        ("Leader and card slot", _leader_text(plan, names)),
        ("Cards", _cards_text(plan, revealed, names)),
    ]


def stage_reached(plan: PlanView, revealed: int) -> dict[str, bool]:
    """Which stages of the plan (present.BATTLE_PLAN_STAGES) are behind this side."""
    return {
        "dial": "dial" in plan.parts_set,
        "leader": "leader" in plan.parts_set,
        "reveal1": revealed >= 1,
        "cards": "attack" in plan.parts_set or "defense" in plan.parts_set or revealed >= 2,
        "reveal2": revealed >= 2,
    }


def own_stages(plan: PlanView, revealed: int) -> list[dict[str, Any]]:
    """The viewer's own plan as steps: each done or not, the first not done is the current one."""
    done = stage_reached(plan, revealed)
    current = next((key for key, _ in BATTLE_PLAN_STAGES if not done[key]), None)
    return [
        {"key": k, "label": label, "done": done[k], "current": k == current}
        for k, label in BATTLE_PLAN_STAGES
    ]


def battle_now(
    battle: BattleView, obs: RexObservation, content: Mapping[str, Any], seat_names: Mapping[int, str]
) -> dict[str, Any]:
    """The battle under way: where, the two sides with what they bring (§10.3 step 1: units,
    hand size, the leaders they may use) and their plans as far as the viewer may see them."""
    names: Names = content["names"]
    pieces = area_pieces(content["geometry"], battle.area)
    seats = {v.seat: v for v in obs.seats}
    sides = []
    for role, plan in zip(("aggressor", "defender"), battle.plans, strict=True):
        view = seats[plan.seat]
        units, mech = units_in(obs, pieces, plan.seat)
        sides.append(
            {
                "seat": plan.seat,
                "name": seat_names.get(plan.seat, f"Seat {plan.seat + 1}"),
                "race": names.race_name(view.race),
                "role": ROLE_WORDS[role],
                "units": units,
                "mech": mech,
                "hand": view.hand_size,
                "leaders": leaders_for(view, battle.area, names),
                "plan": plan_rows(plan, battle.revealed, names),
                "own": plan.seat == obs.viewer,
            }
        )
    mine = next((p for p in battle.plans if p.seat == obs.viewer), None)
    return {
        "area": names.area_name(battle.area),
        "area_id": battle.area,
        "sides": sides,
        "revealed": battle.revealed,
        "stages": own_stages(mine, battle.revealed) if mine is not None else [],
    }


# -- the reveal of the last battle ------------------------------------------------------------------
def _last(events: Sequence[Event], kind: type, before: int) -> int:
    """The index of the last event of ``kind`` before index ``before`` (-1: none)."""
    for i in range(before - 1, -1, -1):
        if isinstance(events[i], kind):
            return i
    return -1


def last_battle_events(events: Sequence[Event]) -> tuple[int, Sequence[Event]] | None:
    """The round and the events of the last battle whose plans were revealed, from its start to
    the next battle's start (None: no battle was revealed yet)."""
    revealed = _last(events, E.BattlePlansRevealed, len(events))
    if revealed < 0:
        return None
    start = _last(events, E.BattleStarted, revealed)
    end = next(
        (i for i in range(revealed, len(events)) if isinstance(events[i], E.BattleStarted)), len(events)
    )
    begun = _last(events, E.RoundStarted, max(start, 0))
    found = events[begun] if begun >= 0 else None
    rnd = found.round if isinstance(found, E.RoundStarted) else 0
    return rnd, events[max(start, 0) : end]


def reveal_stages(
    battle: Sequence[Event],
    sides: tuple[int, int],
    face: RexPresentation,
    names: Sequence[str],
    race_of: Mapping[int, str | None],
) -> list[tuple[str, list[str]]]:
    """The stages of one battle's reveal that have happened, in order, each with its lines."""
    n = face.names

    def who(seat: int) -> str:
        name = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
        return f"{name} ({n.race_name(race_of.get(seat))})"

    def said(event: Event) -> str | None:
        text = face.event_line(event)
        return plain(text, names) if text is not None else None

    stages: dict[str, list[str]] = {}
    for e in battle:
        match e:
            case E.BattlePlansRevealed(dials=ds, leaders=ls, slots=ss):
                stages["plans"] = [
                    f"{who(seat)}: dial {ds[i]}, {n.leader_name(ls[i], strength=True)}"
                    + (f", card slot: {SLOT_WORDS.get(ss[i], ss[i])}" if ss else "")
                    for i, seat in enumerate(sides)
                ]
            case E.VoiceUsed():  # given right after the first reveal, before the cards
                stages.setdefault("plans", []).append(said(e) or "")
            case E.BattleCardsRevealed(attack=at, defense=df):
                stages.setdefault("cards", []).extend(
                    f"{who(seat)}: attack {n.card_name(at[i])}, defense {n.card_name(df[i])}"
                    for i, seat in enumerate(sides)
                )
            case E.TraitorRevealed():
                stages.setdefault("traitor", []).append(said(e) or "")
            case E.BattleFought():  # who won first, then what it cost
                stages.setdefault("result", []).insert(0, said(e) or "")
            case E.LeaderKilled() | E.UnitsDestroyed() | E.CardsKept():
                text = said(e)
                if text:
                    stages.setdefault("result", []).append(text)
    if "result" in stages:  # the battle is decided: no traitor line means none was revealed
        stages.setdefault("traitor", [NO_TRAITOR])
    return [(key, stages[key]) for key, _ in REVEAL_STAGES if key in stages]


def last_reveal(
    events: Sequence[Event],
    obs: RexObservation,
    face: RexPresentation,
    seat_names: Mapping[int, str],
) -> dict[str, Any] | None:
    """The reveal of the last battle the viewer saw revealed, stage by stage (None: none yet)."""
    found = last_battle_events(events)
    if found is None:
        return None
    rnd, battle = found
    start = battle[0] if battle and isinstance(battle[0], E.BattleStarted) else None
    if start is not None:
        area, sides = start.area, (start.aggressor, start.defender)
    elif obs.battle is not None:  # a table recovered mid-battle: its start is before the record
        area, sides = obs.battle.area, (obs.battle.aggressor, obs.battle.defender)
    else:
        return None
    names = [seat_names.get(p, f"Seat {p + 1}") for p in range(obs.players)]
    race_of = {v.seat: v.race for v in obs.seats}
    titles = dict(REVEAL_STAGES)
    key = f"battle-{rnd}-{area}-{sides[0]}-{sides[1]}"
    return {
        "key": key,
        "round": rnd,
        "area": face.names.area_name(area),
        "aggressor": names[sides[0]],
        "defender": names[sides[1]],
        "stages": [
            {"key": f"{key}-{stage}", "stage": stage, "title": titles[stage], "lines": lines}
            for stage, lines in reveal_stages(battle, sides, face, names, race_of)
        ],
    }


def battle_panel(
    face: RexPresentation,
    obs: RexObservation,
    events: Sequence[Event],
    content: Mapping[str, Any],
    seat_names: Mapping[int, str],
) -> dict[str, Any] | None:
    """What the battle panel shows: the battle under way and the last reveal (None: neither)."""
    now = battle_now(obs.battle, obs, content, seat_names) if obs.battle is not None else None
    reveal = last_reveal(events, obs, face, seat_names)
    if now is None and reveal is None:
        return None
    return {"now": now, "reveal": reveal}
