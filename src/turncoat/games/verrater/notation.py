"""Short text for actions and positions: logs, tests and bug reports."""

from __future__ import annotations

from turncoat.games.verrater.actions import (
    Build,
    ChooseConflictSite,
    CommitSupply,
    Convert,
    DiscardSupply,
    FinishCommitting,
    KeepRole,
    Move,
    PlaceEstate,
    SkipBuilding,
    VerraterAction,
)

ROLE_NAMES = {
    "traitor": "Traitor",
    "strategist": "Strategist",
    "builder": "Builder",
    "farmer": "Farmer",
    "diplomat_2": "Diplomat +2",
    "diplomat_5": "Diplomat +5",
}
SIDE_NAMES = {"estate": "estate", "trading_post": "trading post"}


def describe(action: VerraterAction) -> str:
    """One line of plain English for an action."""
    match action:
        case PlaceEstate(landscape=i):
            return f"place the first estate under landscape {i}"
        case ChooseConflictSite(boundary=b):
            return f"choose the conflict site between landscapes {b} and {(b + 1) % 12}"
        case KeepRole(role=r):
            return f"keep the {ROLE_NAMES.get(r, r)}"
        case CommitSupply(value=v):
            return f"commit a {v}"
        case FinishCommitting():
            return "commit no more cards"
        case Build(landscape=i, side=side):
            return f"build a {SIDE_NAMES.get(side, side)} under landscape {i}"
        case Convert(landscape=i):
            return f"convert the building under landscape {i}"
        case Move(from_landscape=a, to_landscape=b):
            return f"move the building from landscape {a} to {b}"
        case SkipBuilding():
            return "build nothing"
        case DiscardSupply(value=v):
            return f"discard a {v}"
    return repr(action)
