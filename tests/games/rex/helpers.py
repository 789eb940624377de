"""Small boards and packs for Rex tests, written out by hand so distances can be checked by eye."""

from __future__ import annotations

from typing import Any

import msgspec

from turncoat.games.rex.components import Board


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
