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


def with_article(word: object) -> str:
    """The word with its English article: "a 5", "an 8", "an estate", "a trading post"."""
    text = str(word)
    return f"an {text}" if text[:1] in "aeiou8" else f"a {text}"


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
            return f"commit {with_article(v)}"
        case FinishCommitting():
            return "commit no more cards"
        case Build(landscape=i, side=side):
            return f"build {with_article(SIDE_NAMES.get(side, side))} under landscape {i}"
        case Convert(landscape=i):
            return f"convert the building under landscape {i}"
        case Move(from_landscape=a, to_landscape=b):
            return f"move the building from landscape {a} to {b}"
        case SkipBuilding():
            return "build nothing"
        case DiscardSupply(value=v):
            return f"discard {with_article(v)}"
    return repr(action)
