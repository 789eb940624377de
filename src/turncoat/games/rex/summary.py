"""The end of a game of Rex as the end screen tells it (RULES §14): who won, by which victory
condition in words, and who held each stronghold at the end of every round.

Built only from the events a viewer was shown, and only from public ones (the game's end and the
strongholds held at each round's end are public, as the units on the board are), so the same
summary is right for every seat and a spectator.  Words come from the log's names
(``log.VICTORY_NAMES``, ``log.Names``).
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from turncoat.core.actions import Event
from turncoat.games.rex import events as E
from turncoat.games.rex.log import VICTORY_NAMES

RULE = "RULES §14"

# How many members an alliance has, in words, for "an alliance of two".
COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


class RoundHolders(msgspec.Struct, frozen=True):
    """One round's end: each stronghold (area id, board order) and its controller (None: nobody)."""

    round: int
    held: tuple[tuple[str, int | None], ...]


class Ending(msgspec.Struct, frozen=True):
    """How the game ended: the winners (none when nobody qualified), the victory kind (the engine's
    key: ``strongholds``, ``prediction``, ``sol``, ``hacan``, ``most_strongholds``, ``betrayal``,
    ``none``), the round it ended in, and, for the Xxcha prediction, the race and round foretold."""

    winners: tuple[int, ...]
    victory: str
    round: int
    predicted: tuple[str, int] | None = None


def strongholds_by_round(events: Iterable[Event]) -> list[RoundHolders]:
    """§14: who held which stronghold at the end of each round, in round order."""
    return [RoundHolders(e.round, e.held) for e in events if isinstance(e, E.StrongholdsHeld)]


def ending(events: Iterable[Event]) -> Ending | None:
    """§14: the game's end as its events tell it (None while it goes on)."""
    predicted: tuple[str, int] | None = None
    for e in events:
        if isinstance(e, E.PredictionFulfilled):
            predicted = (e.race, e.round)
        elif isinstance(e, E.GameWon):
            return Ending(e.winners, e.victory, e.round, predicted if e.victory == "prediction" else None)
    return None


def victory_words(victory: str, winners: tuple[int, ...]) -> str:
    """§14.1-§14.4: the victory condition in words; a stronghold victory says whether it was won
    alone or by an alliance (and of how many), as the thresholds differ (§14.1)."""
    words = VICTORY_NAMES.get(victory, victory.replace("_", " "))
    if victory == "strongholds":
        if len(winners) > 1:
            return f"{words}, won by an alliance of {COUNT_WORDS.get(len(winners), str(len(winners)))}"
        return f"{words}, won alone"
    if victory in ("sol", "hacan") and len(winners) > 1:
        return f"{words}, shared by their alliance"
    return words
