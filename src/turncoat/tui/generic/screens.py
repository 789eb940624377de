"""The screens laid over the generic table: the hot-seat curtain, the whole log, the final score.

The curtain shows no game information at all; the log screen shows the lines it is given
(already redacted for the table's viewer); the end screen shows the game's score table, which
is public once the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from turncoat.core.engine import Outcome
from turncoat.core.present import ScoreTable
from turncoat.tui.overlays import Bindings, CurtainScreen, LogScreen

__all__ = ["CurtainScreen", "EndScreen", "LogScreen"]


def winners_text(outcome: Outcome, names: Sequence[str]) -> str:
    who = [names[w] for w in outcome.winners]
    if not who:
        return "Nobody wins."
    return f"{' and '.join(who)} {'wins' if len(who) == 1 else 'win'}."


def score_table(scores: ScoreTable, names: Sequence[str]) -> RichTable:
    """The game's score table with a row per seat, named."""
    table = RichTable(title="Final score", title_justify="left")
    table.add_column("Player")
    for column in scores.columns:
        table.add_column(column, justify="right")
    for seat, row in enumerate(scores.rows):
        table.add_row(names[seat], *(f"{v:g}" for v in row))
    return table


class EndScreen(Screen[None]):
    """The winners and the game's score table."""

    BINDINGS: ClassVar[Bindings] = [
        Binding("q", "app.quit", "Quit"),
        Binding("escape", "app.pop_screen", "Back to the table"),
    ]

    def __init__(self, outcome: Outcome, scores: ScoreTable, names: Sequence[str], saved: str | None) -> None:
        super().__init__(id="end")
        self.outcome = outcome
        self.scores = scores
        self.names = list(names)
        self.saved = saved

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text(winners_text(self.outcome, self.names), style="bold magenta"), id="winners")
            yield Static(score_table(self.scores, self.names), id="final-table")
            if self.saved is not None:
                review = f"turncoat replay {self.saved} --full"
                yield Static(Text(f"Record saved in {self.saved}. Review it with: {review}"), id="saved")
        yield Footer()
