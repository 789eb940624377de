"""What one viewer is shown of a game in progress: nothing the viewer may not know."""

from __future__ import annotations

from typing import Any

import msgspec

from turncoat.core.actions import Viewer
from turncoat.core.engine import Outcome
from turncoat.core.present import Decision, Line, Panel, ScoreTable


class View(msgspec.Struct, frozen=True):
    """One viewer's view: its observation, its decisions, the log lines it has not been sent yet.

    ``full`` says whether ``log`` starts at the beginning of the game (a first or a repeated
    view) or at the first step after the version the viewer already has.
    """

    viewer: Viewer
    version: int
    step: str
    observation: Any
    decisions: tuple[Decision, ...]
    log: tuple[Line, ...]
    full: bool
    panels: tuple[Panel, ...]
    to_act: tuple[int, ...]
    outcome: Outcome | None = None
    scores: ScoreTable | None = None
