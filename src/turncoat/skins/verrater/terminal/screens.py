"""The screens Verräter's table lays over the board: the help and the final score.

The help shows the viewer's own decision now, the keys, the (public) rule options in play and how
to play (the game's guide, ``TableApp.help_now``); the end screen shows the outcome and
the round summary redacted for the viewer it is given.  The hot-seat curtain and the log screen
are every table's (``turncoat.tui.overlays``).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from turncoat.core.actions import Viewer
from turncoat.skins.verrater.terminal import view
from turncoat.skins.verrater.terminal.session import Session
from turncoat.tui.overlays import Bindings

HELP_TEXT = """\
Keys and mouse

  1-9            play choice 1-9 of the list under the board
  Up/Down Enter  move through the list and play the highlighted choice
  click          a choice plays it; a landscape highlights the next choice about it
  mouse wheel    scroll the game log or the choice list
  l              the whole game log on one screen (Esc or l goes back)
  e              final score (when the game is over)
  q              save and quit (the game is saved after every move anyway)
  ?              this help; Esc or ? closes it

Hot seat: when the screen says "Pass the screen to <name>", hand it over;
<name> presses Enter (or clicks) when nobody else is looking.

The board: each landscape shows its house (▲ Eagle or ✿ Rose), its conflict
strength, the VP row (points each winner gets with 1, 2, 3 or 4 winners; * marks
an estimated value) and its building card.  The two landscapes in this round's
conflict have a heavy border and "⚔ vs N" underneath.
"""


class HelpScreen(ModalScreen[None]):
    """The decision now, the keys, the mouse, how to read the board and how to play, scrollable."""

    BINDINGS: ClassVar[Bindings] = [Binding("escape,question_mark,q", "dismiss", "Close")]

    def __init__(self, rules: str = "", decision: Text | None = None, guide: Text | None = None) -> None:
        super().__init__()
        self.rules = rules
        self.decision = decision or Text()
        self.guide = guide or Text()

    def compose(self) -> ComposeResult:
        keys = Text(HELP_TEXT + (f"\n{self.rules}\n" if self.rules else ""))
        with VerticalScroll(id="help-box"):
            yield Static(self.decision + keys + Text("\n") + self.guide, id="help-text")

    def on_click(self) -> None:
        self.dismiss(None)


class EndScreen(Screen[None]):
    """Final score breakdown, the winners and the game summary."""

    BINDINGS: ClassVar[Bindings] = [
        Binding("q", "app.quit", "Quit"),
        Binding("escape", "app.pop_screen", "Back to the board"),
    ]

    def __init__(self, session: Session, viewer: Viewer) -> None:
        super().__init__(id="end")
        self.session = session
        self.viewer = viewer

    def compose(self) -> ComposeResult:
        outcome = self.session.outcome()
        names = self.session.names()
        with VerticalScroll():
            if outcome is not None:
                yield Static(Text(view.winners_text(outcome, names), style="bold magenta"), id="winners")
                yield Static(view.final_table(outcome, names), id="final-table")
            rounds = self.session.game.round_summaries(self.session.events, self.viewer)
            types = self.session.observe(self.viewer).types
            yield Static(view.rounds_table(rounds, types, names), id="summary")
            where = self.session.save_path
            if where is not None:
                yield Static(
                    Text(f"Record saved in {where}. Review it with: turncoat replay {where} --full"),
                    id="saved",
                )
        yield Footer()
