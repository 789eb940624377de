"""Verräter's conflict panel: the strength tally while cards are committed, and the last round's
resolution as stages people step through.

The tally (RULES §5 step 5) is read from the viewer's observation only: each house's landscape
at the conflict site, the supply cards committed so far (face up, so public, RULES §5 step 3) by
the seats that support it, and the diplomats' bonuses the viewer knows of: its own action card
before the reveal (RULES §3: every other card is secret until then).  A viewer who holds the
Traitor knows its cards will count for the other house (RULES §5 step 4), so its tally says so;
nobody else can.

The resolution is read from the viewer's own events (those its log is written from), in the
order the rules resolve a round (RULES §5 steps 4-10): the reveal of the action cards, the
Traitor's switch, the conflict and its breakdown, the VP, the Builder, and the draws.  Each stage
has a key of its own, so the page shows stages that arrive together one at a time
(``data-reveal`` in turncoat.js) while the server and the bots never wait; the breakdown stays on
screen until the next round's reveal.  Each stage's lines are the log's own sentences.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from turncoat.core.actions import Event
from turncoat.core.present import plain
from turncoat.games.verrater import events as E
from turncoat.games.verrater import log
from turncoat.games.verrater.components import RING_SIZE, Tables
from turncoat.games.verrater.notation import ROLE_NAMES

HOUSES = ("eagle", "rose")
HOUSE_WORDS = log.HOUSE  # "Eagles", "Roses"
DIPLOMATS = ("diplomat_2", "diplomat_5")

# The resolution's stages in the rules' order (RULES §5 steps 4, 4, 5, 6, 7 and 8-10), each
# stage's lines in the log's order.
STAGES = (
    ("reveal", "The action cards"),
    ("traitor", "The Traitor"),
    ("conflict", "The conflict"),
    ("vp", "Victory points and the conquest"),
    ("builder", "The Builder"),
    ("draws", "Draws and discards"),
)
NO_TRAITOR = "Nobody held the Traitor: every player fights for the same house as before."
NO_BUILDER = "Nobody built this round."

# Events of the last stage (RULES §5 steps 8-10): they close the Builder's stage.
LATE = (E.StrategyCardTaken, E.SupplyDiscarded, E.DiscardPileReshuffled, E.SupplyDrawn, E.HandLimitDiscard)
BUILT = (E.BuildingPlaced, E.BuildingConverted, E.BuildingMoved, E.BuildingSkipped)


def diplomat_bonus(tables: Tables, role: str | None) -> int:
    """What a diplomat adds to its house's strength (RULES §5 step 5); 0 for any other card."""
    if role == "diplomat_2":
        return tables.diplomat_2_strength
    if role == "diplomat_5":
        return tables.diplomat_5_strength
    return 0


def site_landscapes(site: int, owners: Sequence[str]) -> dict[str, int]:
    """The two landscapes of the conflict site by the house that owns each (RULES §5 step 1)."""
    a, b = site, (site + 1) % RING_SIZE
    return {owners[a]: a, owners[b]: b}


# -- the tally while committing ---------------------------------------------------------------------
def strength_tally(
    obs: Mapping[str, Any],
    tables: Tables,
    type_names: Mapping[str, str],
    names: Sequence[str],
) -> dict[str, Any] | None:
    """Each house's strength so far as the viewer may know it, with its parts (RULES §5 step 5),
    or None when no conflict is being fought (no site yet, or the cards are already revealed)."""
    site = int(obs.get("site", -1))
    if site < 0 or obs.get("roles_revealed") or obs.get("step") not in ("draft", "commit"):
        return None
    lands = site_landscapes(site, obs["owners"])
    viewer = obs.get("viewer")
    own_role = obs.get("role")
    houses = []
    for house in HOUSES:
        land = lands[house]
        kind = obs["types"][land]
        parts: list[dict[str, Any]] = [
            {"what": f"{type_names.get(kind, kind)} (landscape {land})", "value": tables.conflict_value[kind]}
        ]
        for s in obs["seats"]:
            seat = int(s["seat"])
            side = s["allegiance"]
            role = s.get("role")  # only the viewer's own, before the reveal (RULES §3)
            if role == "traitor" and seat == viewer:
                side = HOUSES[1] if side == HOUSES[0] else HOUSES[0]
            if side != house:
                continue
            who = names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"
            committed = [int(v) for v in s.get("committed") or ()]
            if committed:
                parts.append({"what": f"{who}: {' + '.join(map(str, committed))}", "value": sum(committed)})
            bonus = diplomat_bonus(tables, role)
            if bonus:
                parts.append({"what": f"{ROLE_NAMES[role]} ({who})", "value": bonus})
        houses.append(
            {
                "house": house,
                "name": HOUSE_WORDS[house],
                "total": sum(int(p["value"]) for p in parts),
                "parts": parts,
            }
        )
    note = None
    if own_role == "traitor":
        mine = next(s for s in obs["seats"] if s["seat"] == viewer)
        other = HOUSES[1] if mine["allegiance"] == HOUSES[0] else HOUSES[0]
        note = (
            "You hold the Traitor: at the reveal you switch, so your cards count for the "
            f"{HOUSE_WORDS[other]}."
        )
    return {"houses": houses, "note": note}


# -- the last round's resolution --------------------------------------------------------------------
def last_resolution(events: Sequence[Event]) -> tuple[int, Sequence[Event]] | None:
    """The round and the events of the last round whose action cards were revealed, from its
    start to the next round's start (None: no reveal yet)."""
    revealed = next((i for i in range(len(events) - 1, -1, -1) if isinstance(events[i], E.RolesRevealed)), -1)
    if revealed < 0:
        return None
    start = next((i for i in range(revealed, -1, -1) if isinstance(events[i], E.RoundStarted)), -1)
    end = next(
        (i for i in range(revealed, len(events)) if isinstance(events[i], E.RoundStarted)), len(events)
    )
    found = events[start] if start >= 0 else None
    rnd = found.round if isinstance(found, E.RoundStarted) else 0
    return rnd, events[max(start, 0) : end]


def breakdown(
    resolved: E.ConflictResolved,
    site: tuple[int, int],
    types: Sequence[str],
    allegiance: Sequence[str],
    committed: Mapping[int, Sequence[int]],
    roles: Sequence[str],
    names: Sequence[str],
    tables: Tables,
    type_names: Mapping[str, str],
) -> list[str]:
    """Each house's strength as the sum of its parts, as the terminal's log explains it: the
    landscape, each supporter's committed cards, the diplomats (allegiance after the switch)."""
    out = []
    for house, land, total in (
        ("eagle", site[0], resolved.eagle_strength),
        ("rose", site[1], resolved.rose_strength),
    ):
        kind = types[land]
        parts = [f"{type_names.get(kind, kind)} {tables.conflict_value[kind]}"]
        for p, side in enumerate(allegiance):
            if side != house:
                continue
            if committed.get(p):
                parts.append(f"{names[p]} {'+'.join(map(str, committed[p]))}")
            role = roles[p] if p < len(roles) else None
            if role in DIPLOMATS:
                parts.append(f"{ROLE_NAMES[role]} ({names[p]}) {diplomat_bonus(tables, role)}")
        out.append(f"{HOUSE_WORDS[house]} {total} = " + " + ".join(parts))
    return out


def resolution_stages(
    events: Sequence[Event],
    round_events: Sequence[Event],
    names: Sequence[str],
    tables: Tables,
    type_names: Mapping[str, str],
    over: bool = False,
) -> list[tuple[str, list[str]]]:
    """The stages of one round's resolution that have happened, in order, each with its lines.
    ``events``: the viewer's events since the start (for the setup: landscape types and the
    houses players supported); ``round_events``: those of the round; ``over``: the next round
    has begun since."""
    setup = next((e for e in events if isinstance(e, E.GameSetUp)), None)
    types: tuple[str, ...] = setup.types if setup is not None else ()
    allegiance = list(setup.allegiance) if setup is not None else []
    for e in events:  # allegiance as it stood when this round began (earlier Traitors' switches)
        if e is (round_events[0] if round_events else None):
            break
        if isinstance(e, E.AllegianceFlipped) and e.seat < len(allegiance):
            allegiance[e.seat] = e.house

    def said(e: Event) -> str | None:
        text = log.event_line(e, types, type_names)
        return plain(text, names) if text is not None else None

    stages: dict[str, list[str]] = {}
    site: tuple[int, int] | None = None
    committed: dict[int, list[int]] = {}
    roles: tuple[str, ...] = ()
    revealed = False
    for e in round_events:
        match e:
            case E.ConflictSiteChosen(eagle_landscape=a, rose_landscape=b):
                site = (a, b)
            case E.SupplyCommitted(seat=p, value=v):
                committed.setdefault(p, []).append(v)
            case E.RolesRevealed(roles=rs):
                roles, revealed = rs, True
                stages["reveal"] = [said(e) or ""]
            case E.AllegianceFlipped(seat=p, house=h):
                if p < len(allegiance):
                    allegiance[p] = h
                stages.setdefault("traitor", []).append(said(e) or "")
            case E.ConflictResolved():
                stages.setdefault("traitor", [NO_TRAITOR])
                lines = [said(e) or ""]
                if site is not None and types:
                    lines += breakdown(
                        e, site, types, allegiance, committed, roles, names, tables, type_names
                    )
                stages["conflict"] = lines
            case E.LandscapeFlipped() | E.FinalRoundDeclared():  # after the VP, as the log has it
                stages.setdefault("vp", []).append(said(e) or "")
            case E.VictoryPointsScored(seat=p, points=pts, reason="conquest"):
                stages.setdefault("vp", []).append(f"{names[p]} scores {pts} VP for the conquest.")
            case E.VictoryPointsScored() if revealed:
                text = said(e)
                if text:
                    stages.setdefault("vp", []).append(text)
            case _ if isinstance(e, BUILT):
                stages.setdefault("builder", []).append(said(e) or "")
            case _ if revealed and isinstance(e, (*LATE, E.GameEnded)):
                if "conflict" in stages:
                    stages.setdefault("builder", [NO_BUILDER])
                text = said(e)
                if text:
                    stages.setdefault("draws", []).append(text)
    if over and "conflict" in stages:  # the next round began: nobody built if nothing says so
        stages.setdefault("builder", [NO_BUILDER])
    return [(key, stages[key]) for key, _ in STAGES if key in stages]


def points_scored(round_events: Sequence[Event]) -> dict[int, int]:
    """The VP each seat scored in a round's resolution, once the action cards are revealed
    (RULES §5 steps 6-7: the conquest, the Traitor's and the strategist's points): what the
    player panels add only when the reveal reaches its VP stage."""
    scored: dict[int, int] = {}
    revealed = False
    for e in round_events:
        if isinstance(e, E.RolesRevealed):
            revealed = True
        elif revealed and isinstance(e, E.VictoryPointsScored):
            scored[e.seat] = scored.get(e.seat, 0) + e.points
    return scored


def last_reveal(
    events: Sequence[Event],
    viewer: int | None,
    omniscient: bool,
    names: Sequence[str],
    tables: Tables,
    type_names: Mapping[str, str],
) -> dict[str, Any] | None:
    """The resolution of the last round ``viewer`` saw revealed, stage by stage (None: none).
    ``events`` are the viewer's own; where the viewer has a private copy of an event (its own
    draws), the public twin is dropped, as its log does."""
    shown = log.visible(events, viewer, omniscient)
    found = last_resolution(shown)
    if found is None:
        return None
    rnd, round_events = found
    over = shown[-1] is not round_events[-1]  # the round's events end before the newest
    titles = dict(STAGES)
    key = f"verrater-round-{rnd}"
    return {
        "key": key,
        "round": rnd,
        "scored": points_scored(round_events),
        "stages": [
            {"key": f"{key}-{stage}", "stage": stage, "title": titles[stage], "lines": lines}
            for stage, lines in resolution_stages(shown, round_events, names, tables, type_names, over)
        ],
    }
