"""RULES §5 step 1: the strategy card holder chooses the conflict site."""

from __future__ import annotations

from turncoat.core.errors import IllegalAction
from turncoat.games.verrater.components import RING_SIZE
from turncoat.games.verrater.context import Ctx, Events
from turncoat.games.verrater.events import ConflictSiteChosen
from turncoat.games.verrater.phases.draft import start_draft
from turncoat.games.verrater.state import Draft, State

RULE = "RULES §5 step 1"


def neighbour(position: int) -> int:
    """§5 step 1: the landscape next to ``position`` clockwise — the other half of a boundary in the
    ring of 12."""
    return (position + 1) % RING_SIZE


def legal_conflict_sites(ctx: Ctx, s: State, seat: int) -> list[int]:
    """§5 step 1: boundaries between adjacent landscapes owned by different houses."""
    owners = s.owners
    return [i for i in range(RING_SIZE) if owners[i] != owners[(i + 1) % RING_SIZE]]


def contested_pair(s: State | Draft) -> tuple[int, int]:
    """§5 step 1: (Eagle landscape, Rose landscape) of the chosen site."""
    a, b = s.site, neighbour(s.site)
    return (a, b) if s.owners[a] == "eagle" else (b, a)


def resolve_choose_conflict_site(ctx: Ctx, d: Draft, seat: int, boundary: int, out: Events) -> None:
    """§5 step 1: the strategy card holder puts the conflict card on the boundary; the draft follows."""
    d.site = boundary
    eagle, rose = contested_pair(d)
    out.append(ConflictSiteChosen(seat=seat, eagle_landscape=eagle, rose_landscape=rose))
    start_draft(ctx, d, out)


def refuse_conflict_site(s: State, boundary: int) -> IllegalAction:
    """§5 step 1: why the boundary is no conflict site — no such boundary, or both landscapes of one
    house."""
    if not 0 <= boundary < RING_SIZE:
        return IllegalAction(
            f"there is no boundary {boundary} in a ring of 12", code="no_such_boundary", rule=RULE
        )
    return IllegalAction(
        f"landscapes {boundary} and {neighbour(boundary)} both belong to the {s.owners[boundary]}s; "
        "a conflict needs neighbours of different houses",
        code="same_house_site",
        rule=RULE,
    )
