"""Screens laid over any table, game-neutral: the name prompt, the hot-seat curtain, whispers,
the whole log and the help.

The name prompt and the curtain show no game information at all; the log screen shows the lines it is given,
already redacted for the table's viewer; the help shows the viewer's own decision (each option
with the line that explains it) and the game's guide, both in the game's words
(``core.present.Guide``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, RichLog, Static

from turncoat.core.present import Decision, Guide, explains, plain

Bindings = list[Binding | tuple[str, str] | tuple[str, str, str]]


class NameScreen(Screen[str]):
    """Asks one person for the name the table will call them by.

    Enter takes what was typed, or the name offered (shown greyed) when nothing was; ``take``
    seats the person under it and returns None, or the reason the name is refused, shown under
    the field so the person can type another.
    """

    DEFAULT_CSS = """
    NameScreen #name-box { width: 76; max-width: 100%; height: auto; padding: 1 2; border: heavy $accent; }
    NameScreen #name-refused { color: $error; height: auto; }
    """
    BINDINGS: ClassVar[Bindings] = [Binding("escape", "keep", "Keep the name offered")]
    # The field has the focus as soon as the screen is shown.  Asking for it in on_mount failed
    # now and then on a loaded machine: the screen's children were not all mounted yet.
    AUTO_FOCUS = "#name-input"

    def __init__(self, question: str, offered: str, take: Callable[[str], str | None]) -> None:
        super().__init__()  # no id: the next person's prompt is pushed as this one leaves
        self.question = question
        self.offered = offered
        self.take = take

    def compose(self) -> ComposeResult:
        with Middle(), Center(), VerticalScroll(id="name-box"):
            yield Static(Text(self.question, style="bold"), id="name-question")
            yield Static(f"Type it and press Enter; Enter alone keeps {self.offered}.")
            yield Input(placeholder=self.offered, id="name-input")
            yield Static(id="name-refused")
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._choose(event.value.strip() or self.offered)

    def action_keep(self) -> None:
        self._choose(self.offered)

    def _choose(self, name: str) -> None:
        refused = self.take(name)
        if refused is None:
            self.dismiss(name)
            return
        self.query_one("#name-refused", Static).update(Text(f"{refused[:1].upper()}{refused[1:]}."))


WHISPER_MAX = 500  # characters: a whisper is a sentence or two of a bargain, not a letter


class WhisperScreen(ModalScreen[str]):
    """A private line to the other party of a talk: Enter sends it, Esc sends nothing."""

    DEFAULT_CSS = """
    WhisperScreen { align: center middle; }
    WhisperScreen #whisper-box {
        width: 80; max-width: 100%; height: auto; padding: 1 2; border: heavy magenta; background: $panel;
    }
    """
    BINDINGS: ClassVar[Bindings] = [Binding("escape", "cancel", "Send nothing")]

    def __init__(self, to: str) -> None:
        super().__init__()
        self.to = to

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="whisper-box"):
            yield Static(Text(f"Whisper to {self.to}", style="bold"))
            yield Static(
                f"Only {self.to} will read it, behind the curtain at {self.to}'s turn; it is not "
                "saved with the game. Enter sends it, Esc sends nothing."
            )
            yield Input(max_length=WHISPER_MAX, id="whisper-input")

    def on_mount(self) -> None:
        self.query_one("#whisper-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(" ".join(event.value.split()))

    def action_cancel(self) -> None:
        self.dismiss("")


class WhispersScreen(ModalScreen[None]):
    """The whispers sent to the person now at the screen, shown once, behind their curtain."""

    DEFAULT_CSS = """
    WhispersScreen { align: center middle; }
    WhispersScreen #whispers-box {
        width: 80; max-width: 100%; height: auto; max-height: 90%; padding: 1 2;
        border: heavy magenta; background: $panel;
    }
    """
    BINDINGS: ClassVar[Bindings] = [Binding("escape,enter", "dismiss", "Back to the table")]

    def __init__(self, to: str, lines: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self.to = to
        self.lines = list(lines)  # (who whispered, what)

    def compose(self) -> ComposeResult:
        text = Text(f"Whispered to you, {self.to} (only you see this)\n\n", style="bold")
        for sender, said in self.lines:
            text.append(f"{sender}: ", style="bold magenta")
            text.append(f"{said}\n")
        text.append("\nEnter or Esc goes back to the table.", style="dim")
        with VerticalScroll(id="whispers-box"):
            yield Static(text, id="whispers-text")

    def on_click(self) -> None:
        self.dismiss(None)


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


def decision_help(decisions: Sequence[Decision], names: Sequence[str]) -> Text:
    """The viewer's decisions now: each with its line, each option with the line that explains
    it (an option repeated, such as two cards of one value, once)."""
    out = Text()
    if not decisions:
        return out
    out.append("Your decision now\n", style="bold")
    for d in decisions:
        out.append(f"  {d.title}\n", style="bold")
        if d.help:
            out.append(f"    {d.help}\n")
        shown: set[str] = set()
        for choice, _said in explains(d):
            label = plain(choice.label, names)
            if label in shown:
                continue
            shown.add(label)
            out.append(f"    • {label[:1].upper()}{label[1:]}")
            out.append(f": {choice.help}\n" if choice.help else "\n")
    out.append("\n")
    return out


def guide_text(guide: Guide) -> Text:
    """The game's how-to-play guide as text: the goal, each part, the terms, what is adapted."""
    out = Text()
    out.append(f"How to play {guide.title}\n", style="bold")
    out.append(f"{guide.goal}\n")
    for section in guide.sections:
        out.append(f"\n{section.heading}\n", style="bold")
        for paragraph in section.paragraphs:
            out.append(f"  {paragraph}\n")
        for term, meaning in section.terms:
            out.append(f"  {term}: ", style="bold")
            out.append(f"{meaning}\n")
    if guide.adapted:
        out.append("\nEstimated and adapted\n", style="bold")
        out.append(f"  {guide.adapted}\n")
    return out


class HelpScreen(ModalScreen[None]):
    """Help laid over the table: what it is given (keys, the decision now, the guide), scrollable."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 100; max-width: 95%; height: 90%; border: heavy $accent; background: $panel;
    }
    HelpScreen #help-text { padding: 1 2; }
    """
    BINDINGS: ClassVar[Bindings] = [Binding("escape,question_mark,q", "dismiss", "Close")]

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.text, id="help-text")

    def on_click(self) -> None:
        self.dismiss(None)
