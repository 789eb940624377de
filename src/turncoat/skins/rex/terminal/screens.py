"""The screens laid over Rex's table: the help and the end of the game.

The help holds no game information beyond the public rules.  The end screen shows who won and by
which victory condition (RULES §14), the rounds as the table's viewer saw them, and the score
table, all public once the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from turncoat.core.engine import Outcome
from turncoat.core.present import Line, ScoreTable, plain
from turncoat.skins.rex.terminal.view import LEGEND, victory_words
from turncoat.tui import overlays
from turncoat.tui.generic.screens import score_table, winners_text
from turncoat.tui.overlays import Bindings

HELP = f"""Keys at Rex's table

  1-9        choose that line of the list (or move with the arrows and press Enter)
  l          the whole game log, as you may know it (Esc or l to go back)
  ?          this help (Esc or ? to go back)
  e          the end screen, once the game is over
  q          save and quit; continue later with  turncoat play --resume FILE

The board lists the 18 sectors around the Galactic Council.  Each sector shows its strongholds
always, and any other area while units or influence are there.  The fleet's sector is marked
FLEET: in the Bombardment phase it sweeps on and destroys the units it meets outside shields.

{LEGEND}

On the right: every player's public sheet (counts only; ▶ marks who is to act), the battle in
progress, your own race sheet and hand (your cards with their effect, your traitors, your
prediction, your betrayal card, your allies' cards) and the log.

With several people at one screen (hot seat), a curtain hides the table before each person's
turn: pass the screen, then press Enter."""


class HelpScreen(overlays.HelpScreen):
    """``?`` at Rex's table: the decision now with each option's line, the game's guide, then the
    keys and how to read this board (the generic help, with Rex's board explained)."""


class EndScreen(Screen[None]):
    """Who won and how, the rounds as the viewer saw them, and the score table."""

    BINDINGS: ClassVar[Bindings] = [
        Binding("q", "app.quit", "Quit"),
        Binding("escape", "app.pop_screen", "Back to the table"),
    ]

    def __init__(
        self,
        outcome: Outcome,
        scores: ScoreTable,
        names: Sequence[str],
        rounds: Sequence[Line],
        held: str,
        saved: str | None,
    ) -> None:
        super().__init__(id="end")
        self.outcome = outcome
        self.scores = scores
        self.names = list(names)
        self.rounds = list(rounds)
        self.held = held
        self.saved = saved

    def how(self) -> str:
        """The victory condition that ended the game (RULES §14), and after how many rounds."""
        details = self.outcome.details
        played = details.get("rounds_played")
        after = f" ({played} round{'' if played == 1 else 's'} played)" if isinstance(played, int) else ""
        how = victory_words(details.get("victory", "none"))
        if not self.outcome.winners:
            return f"The game ended without a winner: {how}{after}."
        return f"Victory: {how}{after}."

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text(winners_text(self.outcome, self.names), style="bold magenta"), id="winners")
            yield Static(Text(self.how(), style="bold"), id="victory")
            yield Static(Text(f"Strongholds held at the end: {self.held}"), id="held")
            summary = Text("The rounds\n", style="bold")
            for row in self.rounds:
                summary.append("  " + plain(row, self.names) + "\n", style="")
            yield Static(summary, id="rounds")
            yield Static(score_table(self.scores, self.names), id="final-table")
            if self.saved is not None:
                review = f"turncoat replay {self.saved} --full"
                yield Static(Text(f"Record saved in {self.saved}. Review it with: {review}"), id="saved")
            keys = "q quits · l shows the whole log · Esc goes back to the table"
            yield Static(Text(keys, style="dim"), id="end-keys")
        yield Footer()
