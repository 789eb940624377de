"""Board geometry (RULES §3.2, §9.2, §9.3, §12): frozen tables precomputed once per content pack.

Units sit in *pieces*: an area's part inside one sector.  On a board whose areas each lie in one
sector (the printed Rex board, GAPS A9) a piece is simply its area; the stand-in Dune board splits
areas that span several sectors.  Moving between pieces of one area is free; crossing a line to
another area costs 1 (RULES §3.2).

The bombarded sector blocks pieces (RULES §3.2, §9.3: nobody moves into, out of or through it,
shielded or not).  Which pieces it blocks is the rule option ``sector_model`` (GAPS G2): ``piece``
blocks only the pieces inside the sector (the stand-in board's movement model), ``area`` blocks every
area that touches it (RULES §3.2 wording).  The same set is what the fleet hits (§12 step 2).

Shortest line distances are precomputed for every bombarded sector (0 = none), so a rule asks
``dist[sector][from_piece][to_piece]`` (``UNREACHABLE`` when blocked) and never searches.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Literal

import msgspec

from turncoat.core.errors import InvalidContent
from turncoat.games.rex.components import Board

UNREACHABLE = 255
NO_SECTOR = 0
SectorModel = Literal["piece", "area"]
RULE_BOARD = "RULES §3.2"


class BoardTables(msgspec.Struct, frozen=True):
    """Everything the rules ask of the board, by small integer index."""

    sector_count: int
    sector_model: str
    movement_normal: int  # §9.2: lines a group moves (the board's own values, GAPS G1)
    movement_spaceport: int
    area_ids: tuple[str, ...]
    area_index: dict[str, int]
    area_names: tuple[str, ...]
    area_sectors: tuple[tuple[int, ...], ...]
    stronghold: tuple[bool, ...]
    strongholds: tuple[int, ...]
    shielded: tuple[bool, ...]
    shield_depends_on_generator: tuple[bool, ...]
    influence_spot: tuple[bool, ...]
    council: int
    spaceports: tuple[int, ...]
    shield_generator: int | None
    area_neighbours: tuple[tuple[int, ...], ...]
    area_pieces: tuple[tuple[int, ...], ...]
    piece_ids: tuple[str, ...]
    piece_index: dict[str, int]
    piece_area: tuple[int, ...]
    piece_sector: tuple[int, ...]  # NO_SECTOR for the Galactic Council
    piece_neighbours: tuple[tuple[int, ...], ...]
    blocked: tuple[frozenset[int], ...]  # per bombarded sector (index 0: none): pieces blocked
    dist: tuple[tuple[bytes, ...], ...]  # [sector][from piece][to piece] lines, UNREACHABLE if blocked
    open_area_pieces: tuple[tuple[tuple[int, ...], ...], ...]  # [sector][area]: its pieces not blocked
    # [sector]: per kind of area (the Council or not, a stronghold or not) that has open pieces, those
    # pieces and one of them — what an empty area of that kind offers a landing (§9.4)
    open_pieces_by_kind: tuple[tuple[tuple[frozenset[int], int], ...], ...]
    area_dist: tuple[tuple[bytes, ...], ...]  # [sector][from piece][to area] lines to its nearest piece

    def sector_of_piece(self, piece: int) -> int:
        return self.piece_sector[piece]

    def is_blocked(self, piece: int, bombarded: int) -> bool:
        """§3.2: is ``piece`` in (or, by the area model, part of an area touching) the bombarded sector?"""
        return piece in self.blocked[bombarded]

    def distance(self, origin: int, target: int, bombarded: int = NO_SECTOR) -> int:
        """§9.3: fewest lines from piece ``origin`` to piece ``target`` avoiding the bombarded sector."""
        return self.dist[bombarded][origin][target]

    def area_distance(self, origin: int, area: int, bombarded: int = NO_SECTOR) -> int:
        """§9.3: fewest lines from piece ``origin`` to the nearest open piece of ``area``."""
        return self.area_dist[bombarded][origin][area]

    def open_pieces(self, area: int, bombarded: int) -> tuple[int, ...]:
        """The pieces of ``area`` outside the bombarded sector (§3.2, §9.4: where units may land)."""
        return self.open_area_pieces[bombarded][area]

    def reachable(self, origin: int, allowance: int, bombarded: int) -> tuple[int, ...]:
        """§9.3: every piece a group in ``origin`` can end in with ``allowance`` lines (not itself)."""
        return _reachable(self.dist[bombarded][origin], origin, allowance)


@cache  # a few thousand (row, origin, allowance) at most, asked for every group that may move
def _reachable(row: bytes, origin: int, allowance: int) -> tuple[int, ...]:
    return tuple(p for p, d in enumerate(row) if d <= allowance and p != origin)


def _fail(message: str) -> InvalidContent:
    return InvalidContent(message, code="board", rule=RULE_BOARD)


def _symmetric(name: str, links: dict[str, list[str]]) -> None:
    for node, others in links.items():
        for other in others:
            if other not in links:
                raise _fail(f"{node} is linked to unknown {name} {other!r}")
            if node not in links[other]:
                raise _fail(f"lines are two-way: {other} does not list {node}")
            if other == node:
                raise _fail(f"{node} is linked to itself")


def _validate(board: Board) -> None:
    areas = {a.id: a for a in board.areas}
    if len(areas) != len(board.areas):
        raise _fail("area ids must be unique")
    n = board.sector_count.value
    councils = [a.id for a in board.areas if "galactic_council" in a.special]
    if len(councils) != 1:
        raise _fail("the board has exactly one Galactic Council")
    if areas[councils[0]].sectors.value:
        raise _fail("the Galactic Council lies in no sector (RULES §3.2, GAPS A12)")
    if sum(a.stronghold.value for a in board.areas) != 5:
        raise _fail("the board has five strongholds (RULES §3.2)")
    if not any("spaceport" in a.special for a in board.areas):
        raise _fail("the board needs a spaceport (RULES §9.2)")
    _symmetric("area", {a.id: a.adjacent.value for a in board.areas})
    piece_links = {p.id: p.adjacent.value for p in board.pieces}
    if len(piece_links) != len(board.pieces):
        raise _fail("piece ids must be unique")
    _symmetric("piece", piece_links)
    by_area: dict[str, list[int | None]] = {a: [] for a in areas}
    for p in board.pieces:
        if p.area not in areas:
            raise _fail(f"piece {p.id} is in unknown area {p.area!r}")
        by_area[p.area].append(p.sector)
    for aid, sectors in by_area.items():
        wanted = sorted(areas[aid].sectors.value)
        if any(s is not None and not 1 <= s <= n for s in wanted):
            raise _fail(f"{aid}: sectors are numbered 1..{n}")
        have = sorted(s for s in sectors if s is not None)
        if not sectors or (wanted and have != wanted) or (not wanted and sectors != [None]):
            raise _fail(f"{aid}: its pieces must cover its sectors, one piece per sector")
    piece_area = {p.id: p.area for p in board.pieces}
    for a in board.areas:
        projected = {piece_area[q] for p in board.pieces if p.area == a.id for q in p.adjacent.value} - {a.id}
        if projected != set(a.adjacent.value):
            raise _fail(f"{a.id}: the area's lines must match its pieces' lines")


def _blocked_sets(
    sector_count: int, model: SectorModel, piece_sector: tuple[int, ...], piece_area: tuple[int, ...]
) -> tuple[frozenset[int], ...]:
    out: list[frozenset[int]] = [frozenset()]
    for sector in range(1, sector_count + 1):
        inside = {p for p, s in enumerate(piece_sector) if s == sector}
        if model == "area":
            touched = {piece_area[p] for p in inside}
            inside = {p for p, a in enumerate(piece_area) if a in touched}
        out.append(frozenset(inside))
    return tuple(out)


def _distances(
    origin: int,
    blocked: frozenset[int],
    neighbours: tuple[tuple[int, ...], ...],
    piece_area: tuple[int, ...],
) -> bytes:
    """0-1 breadth-first search: a step inside one area costs 0, a line to another area costs 1."""
    dist = [UNREACHABLE] * len(neighbours)
    if origin in blocked:
        return bytes(dist)
    dist[origin] = 0
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        for there in neighbours[here]:
            if there in blocked:
                continue
            cost = dist[here] + (0 if piece_area[there] == piece_area[here] else 1)
            if cost < dist[there]:
                dist[there] = cost
                if cost == dist[here]:
                    queue.appendleft(there)
                else:
                    queue.append(there)
    return bytes(min(d, UNREACHABLE) for d in dist)


def build_board(board: Board, model: SectorModel = "piece") -> BoardTables:
    """Validate the pack's board and precompute every table the rules use."""
    _validate(board)
    area_ids = tuple(a.id for a in board.areas)
    area_index = {a: i for i, a in enumerate(area_ids)}
    piece_ids = tuple(p.id for p in board.pieces)
    piece_index = {p: i for i, p in enumerate(piece_ids)}
    piece_area = tuple(area_index[p.area] for p in board.pieces)
    piece_sector = tuple(p.sector if p.sector is not None else NO_SECTOR for p in board.pieces)
    piece_neighbours = tuple(tuple(sorted(piece_index[q] for q in p.adjacent.value)) for p in board.pieces)
    n = board.sector_count.value
    blocked = _blocked_sets(n, model, piece_sector, piece_area)
    dist = tuple(
        tuple(_distances(p, blocked[s], piece_neighbours, piece_area) for p in range(len(piece_ids)))
        for s in range(n + 1)
    )
    area_pieces = tuple(tuple(p for p, a in enumerate(piece_area) if a == i) for i in range(len(area_ids)))
    open_area_pieces = tuple(
        tuple(tuple(p for p in pieces if p not in blocked[s]) for pieces in area_pieces) for s in range(n + 1)
    )
    council = next(i for i, a in enumerate(board.areas) if "galactic_council" in a.special)
    kinds = sorted({(i == council, a.stronghold.value) for i, a in enumerate(board.areas)})
    open_pieces_by_kind = tuple(
        tuple(
            (frozenset(pieces), min(pieces))
            for kind in kinds
            if (
                pieces := [
                    p
                    for i, a in enumerate(board.areas)
                    if (i == council, a.stronghold.value) == kind
                    for p in by_area[i]
                ]
            )
        )
        for by_area in open_area_pieces
    )
    area_dist = tuple(
        tuple(bytes(min(row[p] for p in pieces) for pieces in area_pieces) for row in by_piece)
        for by_piece in dist
    )
    special = [set(a.special) for a in board.areas]
    generator = [i for i, sp in enumerate(special) if "shield_generator" in sp]
    return BoardTables(
        sector_count=n,
        sector_model=model,
        movement_normal=board.movement_normal.value,
        movement_spaceport=board.movement_spaceport.value,
        area_ids=area_ids,
        area_index=area_index,
        area_names=tuple(a.name for a in board.areas),
        area_sectors=tuple(tuple(a.sectors.value) for a in board.areas),
        stronghold=tuple(a.stronghold.value for a in board.areas),
        strongholds=tuple(i for i, a in enumerate(board.areas) if a.stronghold.value),
        shielded=tuple(a.shielded.value for a in board.areas),
        shield_depends_on_generator=tuple(a.shield_depends_on_generator.value for a in board.areas),
        influence_spot=tuple(a.influence_spot.value for a in board.areas),
        council=next(i for i, sp in enumerate(special) if "galactic_council" in sp),
        spaceports=tuple(i for i, sp in enumerate(special) if "spaceport" in sp),
        shield_generator=generator[0] if generator else None,
        area_neighbours=tuple(tuple(sorted(area_index[b] for b in a.adjacent.value)) for a in board.areas),
        area_pieces=area_pieces,
        piece_ids=piece_ids,
        piece_index=piece_index,
        piece_area=piece_area,
        piece_sector=piece_sector,
        piece_neighbours=piece_neighbours,
        blocked=blocked,
        dist=dist,
        open_area_pieces=open_area_pieces,
        open_pieces_by_kind=open_pieces_by_kind,
        area_dist=area_dist,
    )


_BOARDS: dict[tuple[str, str], BoardTables] = {}


def cached_board(digest: str, board: Board, model: SectorModel) -> BoardTables:
    """One precomputed board per (pack digest, model): games of one pack share the tables."""
    key = (digest, model)
    tables = _BOARDS.get(key)
    if tables is None:
        tables = _BOARDS[key] = build_board(board, model)
    return tables
