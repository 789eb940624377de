"""Small boards and packs for Rex tests, written out by hand so distances can be checked by eye."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec

from turncoat.core.actions import Event
from turncoat.games.rex.components import Board
from turncoat.games.rex.config import RexConfig, RexScenario
from turncoat.games.rex.context import Ctx, Events
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.state import Draft, State


def sourced(value: Any) -> dict[str, Any]:
    return {"value": value, "provenance": "rules", "source": "test"}


def area(aid: str, sectors: list[int], adjacent: list[str], **flags: Any) -> dict[str, Any]:
    return {
        "id": aid,
        "name": aid.replace("_", " ").title(),
        "rex_name_verified": False,
        "dune_territory": None,
        "special": flags.get("special", []),
        "sectors": sourced(sectors),
        "stronghold": sourced(flags.get("stronghold", False)),
        "shielded": sourced(flags.get("shielded", False)),
        "shield_depends_on_generator": sourced(False),
        "influence_spot": sourced(False),
        "adjacent": sourced(adjacent),
    }


def piece(pid: str, aid: str, sector: int | None, adjacent: list[str]) -> dict[str, Any]:
    return {"id": pid, "area": aid, "sector": sector, "adjacent": sourced(adjacent)}


def line_board() -> Board:
    """A hand-drawn board: a ring road west-a(1) - b(2) - c(3) - d(4) and a long way round
    a - e(5) - f(6) - d, the council next to a, and b split over sectors 2 and 7 (two pieces).

        council
           |
           a(1) -- b(2|7) -- c(3) -- d(4)
           |                         |
           e(5) ------- f(6) --------+
    """
    areas = [
        area("council", [], ["a"], special=["galactic_council"], shielded=True),
        area("a", [1], ["council", "b", "e"], stronghold=True, special=["spaceport"]),
        area("b", [2, 7], ["a", "c"], stronghold=True, shielded=True),
        area("c", [3], ["b", "d"], stronghold=True),
        area("d", [4], ["c", "f"], stronghold=True),
        area("e", [5], ["a", "f"], stronghold=True),
        area("f", [6], ["d", "e"]),
    ]
    pieces = [
        piece("council", "council", None, ["a"]),
        piece("a", "a", 1, ["council", "b_west", "e"]),
        piece("b_west", "b", 2, ["a", "b_east"]),
        piece("b_east", "b", 7, ["b_west", "c"]),
        piece("c", "c", 3, ["b_east", "d"]),
        piece("d", "d", 4, ["c", "f"]),
        piece("e", "e", 5, ["a", "f"]),
        piece("f", "f", 6, ["d", "e"]),
    ]
    raw = {
        "status": "test board",
        "sector_count": sourced(8),
        "movement_normal": sourced(2),
        "movement_spaceport": sourced(4),
        "movement_rex_rules": {"normal": sourced(2), "spaceport": sourced(4)},
        "areas": areas,
        "pieces": pieces,
        "unplaced_rex_names": [],
    }
    return msgspec.convert(raw, Board, strict=True)


def set_up_game(g: RexGame, seed: int = 0) -> State:
    """Random legal setup choices until round 1 has begun (RULES §4)."""
    r = random.Random(seed)
    s = g.start(seed).state
    while s.round == 0:
        seat = min(g.to_act(s))
        s = g.apply(s, seat, r.choice(list(g.legal_actions(s, seat)))).state
    return s


def run_phase(
    g: RexGame, s: State, phase: Callable[[Ctx, Draft, Events], None], **fields: Any
) -> tuple[State, list[Event]]:
    """Start ``phase`` on ``s`` with some fields replaced (a position the rules can reach)."""
    d = Draft.of(msgspec.structs.replace(s, **fields))
    out: Events = []
    phase(g.ctx, d, out)
    return d.freeze(), out


def pass_card_window(g: RexGame, s: State, events: list[Event]) -> State:
    """Every seat asked at an open card window (RULES §17) answers "no card"; the events are added."""
    from turncoat.games.rex.actions import PlayCard
    from turncoat.games.rex.state import CARD_WINDOW

    while s.step == CARD_WINDOW:
        t = g.apply(s, min(g.to_act(s)), PlayCard(None))
        events.extend(t.events)
        s = t.state
    return s


def rex(players: int, races: list[str], **options: Any) -> RexGame:
    """A game with the races dealt to seats 0.. in this order."""
    scenario = options.pop("scenario", {})
    config = RexConfig(
        players=players,
        race_selection="random",
        scenario=RexScenario(races=races, **scenario),
        **options,
    )
    return RexGame(config)
