"""Rex's end screen (``templates/_status.html``): who won, by which victory condition (RULES §14),
the strongholds each player held at the end of every round, and the replay as the viewer saw it.

Everything comes from the viewer's own events (``games/rex/summary.py`` reads only public ones
there) and the payload's outcome; words from the game's names (``games/rex/log.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from turncoat.core.actions import Event
from turncoat.games.rex.log import Names
from turncoat.games.rex.summary import ending, strongholds_by_round, victory_words


def _joined(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)


def end_screen(
    payload: Mapping[str, Any],
    events: Sequence[Event],
    names: Names,
    seat_names: Mapping[int, str],
    codes: Mapping[int, str],
) -> dict[str, Any] | None:
    """What the end screen shows, or None while the game goes on.

    ``codes``: each seat's race code as its counters on the map show it (so the table reads
    without colour).  The winners and the victory are the payload's outcome, the engine's own;
    the round it ended in and the Xxcha's foretold race from the events."""
    outcome = payload.get("outcome")
    if not outcome:
        return None
    winners = tuple(int(w) for w in outcome.get("winners") or ())
    details = outcome.get("details") or {}
    victory = str(details.get("victory") or "none")
    end = ending(events)
    who = [seat_names.get(w, f"Seat {w + 1}") for w in winners]
    headline = f"{_joined(who)} win{'s' if len(who) == 1 else ''}" if who else "Nobody wins"
    predicted = None
    if end is not None and end.predicted is not None:
        race, rnd = end.predicted
        predicted = f"The Xxcha foretold the {names.race_name(race)} winning in round {rnd}, and won instead."
    rounds = strongholds_by_round(events)
    areas = [area for area, _ in rounds[0].held] if rounds else []
    return {
        "headline": headline,
        "winners": list(winners),
        "victory": victory,
        "victory_words": victory_words(victory, winners),
        "round": end.round if end is not None else details.get("rounds_played"),
        "predicted": predicted,
        "areas": [{"id": a, "name": names.area_name(a)} for a in areas],
        "rounds": [
            {
                "round": r.round,
                "held": [
                    {
                        "area": area,
                        "seat": seat,
                        "name": seat_names.get(seat, f"Seat {seat + 1}") if seat is not None else None,
                        "code": codes.get(seat, "") if seat is not None else "",
                    }
                    for area, seat in r.held
                ],
            }
            for r in rounds
        ],
    }
