"""Screens laid over any table, game-neutral: the hot-seat curtain and the whole log.

The curtain shows no game information at all; the log screen shows the lines it is given,
already redacted for the table's viewer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

Bindings = list[Binding | tuple[str, str] | tuple[str, str, str]]


class CurtainScreen(Screen[None]):
    """Hides everything until the named player has the screen."""

    BINDINGS: ClassVar[Bindings] = [Binding("enter", "ready", "I am here", priority=True)]

    def __init__(self, name: str) -> None:
        super().__init__(id="curtain")
        self.player = name

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                f"Pass the screen to {self.player}, then press Enter.\n\n"
                f"({self.player}: press Enter or click here when nobody else is looking.)",
                id="curtain-text",
            )

    def on_click(self) -> None:
        self.dismiss(None)

    def action_ready(self) -> None:
        self.dismiss(None)


class LogScreen(Screen[None]):
    """The whole game log on one screen, as the table's viewer may know it."""

    BINDINGS: ClassVar[Bindings] = [Binding("escape,l", "dismiss", "Back to the table")]

    def __init__(self, title: str, lines: Sequence[str]) -> None:
        super().__init__(id="full-log")
        self.title_text = title
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        yield Static(Text(self.title_text, style="bold"), id="full-log-title")
        yield RichLog(id="full-log-lines", wrap=True, markup=False, highlight=False, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.call_after_refresh(self._fill)  # once laid out, so lines wrap at the screen's width

    def _fill(self) -> None:
        log = self.query_one("#full-log-lines", RichLog)
        for line in self.lines:
            log.write(Text(line))
