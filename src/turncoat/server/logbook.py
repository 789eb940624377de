"""How the shell reads a game's log without knowing the game: which lines open a round, which
lines are the viewer's own, and at which step of a replay each round begins.

A game's presentation writes its log in its own words; the shell knows two conventions only.
A line that opens a round starts with "Round N" followed by "begins", "of M begins" or a colon
(after an optional dash: "— Round 3: …", "Round 2 of 8 begins; …", "Round 1 begins; …"); a
line that ends a round ("Round 1 ends; …") does not open one.  A line is the viewer's own when
it starts with the viewer's seat (a :class:`~turncoat.core.present.SeatRef`) or with "You" /
"Your" (a game that writes the viewer's private lines in the second person).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from turncoat.core.actions import Viewer
from turncoat.core.present import Line, SeatRef

if TYPE_CHECKING:
    from turncoat.play import GameInProgress

ROUND_HEADING = re.compile(r"^\W*Round (\d+)\b(?: of \d+)?(?: \([^)]*\))?(?::| begins\b)")
SECOND_PERSON = re.compile(r"^(?:You|Your)\b")

LogTag = Literal["round", "own", ""]


def round_opened(line: Line) -> int | None:
    """The round a line opens (its heading), or None for any other line."""
    text = "".join(span for span in line if isinstance(span, str))[:80]
    found = ROUND_HEADING.match(text) if line and isinstance(line[0], str) else None
    return int(found.group(1)) if found else None


def is_own(line: Line, viewer: Viewer) -> bool:
    """Is this line about the viewer's own doing (a spectator has none)?"""
    if viewer is None or not line:
        return False
    first = line[0]
    if isinstance(first, SeatRef):
        return first.seat == viewer
    return bool(SECOND_PERSON.match(first))


def log_tag(line: Line, viewer: Viewer) -> LogTag:
    """How the page marks a line: a round's heading, the viewer's own, or neither."""
    if round_opened(line) is not None:
        return "round"
    return "own" if is_own(line, viewer) else ""


def log_tags(lines: Sequence[Line], viewer: Viewer) -> list[LogTag]:
    return [log_tag(line, viewer) for line in lines]


def round_starts(play: GameInProgress, viewer: Viewer, *, omniscient: bool = False) -> list[tuple[int, int]]:
    """(round, step) for each round whose heading the viewer's log shows, in order: the step
    after which the heading is the log's newest news, for a replay to jump to.  Each step's
    lines are read with the setup as their context, as the table's own log reads them."""
    face, steps = play.face, play.steps
    if play.first_step or not steps:
        return []  # a recovered game's early steps are not known here
    setup = list(steps[0])
    opening = face.log(setup, viewer, omniscient=omniscient)  # the setup's own lines: step 0

    def lines_of(step: int) -> Sequence[Line]:
        if step == 0:
            return opening
        return face.log(setup + list(steps[step]), viewer, omniscient=omniscient)[len(opening) :]

    starts: list[tuple[int, int]] = []
    for step in range(len(steps)):
        for line in lines_of(step):
            opened = round_opened(line)
            if opened is not None and all(opened != r for r, _ in starts):
                starts.append((opened, step))
    return starts
