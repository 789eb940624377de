"""What every terminal table does between its drawings: the flow of play.

Whose decision comes next, a person's (after the hot-seat curtain when the screen must change
hands) or a bot's (off the UI thread, after a short pause so its move can be seen); the guard
against a key meant for the screen before a new decision; a person's move played, or refused
with the game's reason and nothing changed.  The generic table and a game's own table (its
skin) both build on :class:`TableApp` and only draw.

Who sees what: the screen always shows one *viewer's* view (a seat, or ``None`` for the public
view).  With one person at the table the viewer is that person.  With several (hot seat) the
screen falls back to the public view as soon as a person's decision is done, and before another
person's decision a curtain asks to pass the screen and waits for Enter.

Names: a table told to (``ask_names``, which ``turncoat play`` sets when no names were given and
a person is at the keyboard) asks each person at it for their name, one after another, before
the first move; the first is offered the name they are logged in under.

Whispers: while a game's presentation pairs two seats for a private talk (``whisper_pairs``, read
from what everyone sees: the two parties of a deal under way), the person at the screen, during
their own decision, may whisper to the other party if that is a person too (a bot reads none).
The whisper waits in memory, never in the record or the log, and is shown to its recipient only
once the screen is theirs: behind their curtain, at their next decision.
"""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.console import Console
from rich.text import Text
from textual.app import App
from textual.widgets import Static

from turncoat.core.actions import Action, Viewer
from turncoat.core.errors import InvalidConfig, RulesError
from turncoat.core.present import guide_of
from turncoat.tui.overlays import (
    CurtainScreen,
    HelpScreen,
    LogScreen,
    NameScreen,
    WhisperScreen,
    WhispersScreen,
    decision_help,
    guide_text,
)
from turncoat.tui.table import Table, check_name, login_name


def screen_text(app: App[Any]) -> str:
    """The characters on screen now (what a person at the terminal sees), as plain text."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def refusal(exc: RulesError) -> str:
    """A refused move in the game's own words, with the rule that refuses it."""
    because = f"{exc.message} ({exc.rule})" if exc.rule else exc.message
    return f"Not allowed: {because}"


@dataclass(frozen=True)
class Whisper:
    """A private line from one person to another, waiting for the recipient's turn."""

    sender: int
    to: int
    text: str


class TableApp(App[None]):
    """A table where people choose their moves and bots play in between.

    A subclass draws: ``refresh_view`` redraws everything for ``viewer`` (and offers the
    decision of ``awaiting`` when the viewer is that person), ``action_end_screen`` shows the
    final score; it needs an ``#error`` Static for refusals.  A table whose layout needs a
    terminal of a certain size names it in ``min_size`` (columns, rows); a smaller terminal is
    warned about once, until it is enlarged.
    """

    min_size: ClassVar[tuple[int, int] | None] = None

    def __init__(self, table: Table, *, bot_delay: float = 0.6) -> None:
        super().__init__()
        self.table = table
        self.bot_delay = bot_delay
        humans = table.humans
        self.hotseat = len(humans) > 1
        self.ask_names = False  # set before running: each person's name is asked first
        self.viewer: Viewer = humans[0] if len(humans) == 1 else None
        self.awaiting: int | None = None  # the person whose decision is on screen
        self.curtain_for: int | None = None  # the person the curtain waits for
        self.bot_error: str | None = None
        self.closing = False  # set on quit: a bot that finishes then saves its move, draws nothing
        # A key pressed just before a new decision appeared was meant for the screen before it.
        self.key_guard = min(0.5, bot_delay)
        self._offer: tuple[int, int] | None = None  # (seat, version) of the decision on screen
        self._offered_at = 0.0
        self._guarded = False
        self._warned_small = False
        self.whispers: list[Whisper] = []  # sent and not yet read; in memory only, never saved

    # -- the terminal ----------------------------------------------------------------------------
    def on_mount(self) -> None:
        # Textual runs every class's on_mount, the subclass's first (a skin names its boxes there):
        # this one draws, starts play once the drawing is on screen, and checks the size.
        self.refresh_view()
        self.call_after_refresh(self.start)
        self.warn_if_small()

    def on_resize(self) -> None:
        self.warn_if_small()

    def warn_if_small(self) -> None:
        """Warn once that the terminal is smaller than ``min_size``; again only after it was
        big enough in between (a warning on every resize would hide the table)."""
        if self.min_size is None:
            return
        (columns, rows), (width, height) = self.min_size, self.size
        small = width < columns or height < rows
        if small and not self._warned_small:
            self.notify(
                f"The table needs a terminal of at least {columns}×{rows} "
                f"(this one is {width}×{height}); enlarge the window to see the whole board.",
                severity="warning",
                timeout=8,
            )
        self._warned_small = small

    # -- drawing (the subclass's) ----------------------------------------------------------------
    def refresh_view(self) -> None:
        raise NotImplementedError

    def show_full_log(self, lines: Sequence[str], *, over_help: bool = True) -> None:
        """The game log ``lines`` (as the viewer may know it) on a screen of their own: never over
        the curtain or a name prompt, since the log is drawn for whoever the table shows; over the
        final screen too (Esc or l on the log goes back to it), and over the help screen unless
        ``over_help`` is false."""
        if isinstance(self.screen, CurtainScreen | NameScreen | LogScreen) or (
            not over_help and isinstance(self.screen, HelpScreen)
        ):
            return
        who = "public view" if self.viewer is None else f"as {self.table.names()[self.viewer]} sees it"
        self.push_screen(LogScreen(f"Game log ({who}) — Esc or l to go back", list(lines)))

    def help_now(self) -> Text:
        """What ``?`` shows of the game: the viewer's decision now (only when it is theirs), each
        option with its line, then how to play, all in the game's own words."""
        mine = self.awaiting is not None and self.awaiting == self.viewer
        decisions = self.table.view(self.viewer).decisions if mine else ()
        return decision_help(decisions, self.table.names()) + guide_text(guide_of(self.table.match.face))

    def action_end_screen(self) -> None:
        raise NotImplementedError

    def show_error(self, message: str) -> None:
        """A refusal in plain words under the prompt; the line is hidden when there is none."""
        error = self.query_one("#error", Static)
        error.update(Text(message))
        error.display = bool(message)

    # -- the flow of play ------------------------------------------------------------------------
    def start(self) -> None:
        """Begin: ask the names when told to, then hand out the first decision."""
        if self.ask_names:
            self._ask_name(0)
        else:
            self.advance()

    def _ask_name(self, k: int) -> None:
        """Ask the ``k``-th person at the table for their name, then the next, then play."""
        people = self.table.humans
        if k >= len(people):
            self.ask_names = False
            self.refresh_view()
            self.advance()
            return
        seat = people[k]
        offered = self.table.seats[seat].name
        login = login_name()
        if k == 0 and login is not None and self._refusal(seat, login) is None:
            offered = login
        who = f"Person {k + 1} of {len(people)} at this table" if self.hotseat else "Welcome to the table"
        question = f"{who} (seat {seat + 1}): what is your name?"

        def take(name: str) -> str | None:
            try:
                self.table.rename(seat, name)
            except InvalidConfig as exc:  # the person types another; nothing changed
                return exc.message
            return None

        self.push_screen(NameScreen(question, offered, take), lambda _: self._ask_name(k + 1))

    def _refusal(self, seat: int, name: str) -> str | None:
        """Why ``name`` cannot be this seat's, or None."""
        try:
            check_name(name, [s.name for i, s in enumerate(self.table.seats) if i != seat])
        except InvalidConfig as exc:
            return exc.message
        return None

    def advance(self) -> None:
        """Hand the next decision to a bot, a person (after the curtain if needed), or end."""
        table = self.table
        seat = table.to_act()
        if seat is None:
            self.awaiting = None
            if self.hotseat:
                self.viewer = None  # the end is shown to everybody: the public view
            self.refresh_view()
            self.action_end_screen()
            return
        if table.seats[seat].human:
            if self.hotseat and self.viewer != seat:
                self.viewer = None
                self.awaiting = None
                self.refresh_view()
                self.curtain_for = seat
                while len(self.screen_stack) > 1:  # no log or help of the last viewer under it
                    self.pop_screen()
                self.push_screen(CurtainScreen(table.seats[seat].name), lambda _: self._reveal(seat))
                return
            self._reveal(seat)
            return
        if self.hotseat:
            self.viewer = None  # nobody's secrets while the bots play
        self.awaiting = None
        self.refresh_view()
        self.run_worker(self._bot_turn(seat), group="bots", exclusive=True)

    def _reveal(self, seat: int) -> None:
        self.curtain_for = None
        self.viewer = seat
        self.awaiting = seat
        self.refresh_view()
        self._deliver(seat)

    # -- whispers --------------------------------------------------------------------------------
    def whisper_partners(self) -> list[int]:
        """Whom the person at the screen may whisper to now: during their own decision, the
        people the game's presentation pairs them with for a private talk (none for a game
        without ``whisper_pairs``), read from the public view."""
        seat = self.viewer
        pairs_of = getattr(self.table.match.face, "whisper_pairs", None)
        if seat is None or seat != self.awaiting or pairs_of is None:
            return []
        pairs = pairs_of(self.table.view(None).observation)
        partners = {b if a == seat else a for a, b in pairs if seat in (a, b) and a != b}
        return sorted(p for p in partners if 0 <= p < len(self.table.seats) and self.table.seats[p].human)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "whisper":
            return bool(self.whisper_partners()) and self.screen is self.screen_stack[0]
        return True

    def action_whisper(self) -> None:
        """Write a whisper to the other party of the talk under way (``w``)."""
        partners = self.whisper_partners()
        if self.screen is not self.screen_stack[0]:
            return  # never over the curtain or another screen
        if not partners:
            self.show_error("Nobody to whisper to now (only the people of a talk the game allows).")
            return
        sender, to = self.awaiting, partners[0]
        assert sender is not None  # whisper_partners is empty outside the person's own decision
        name = self.table.seats[to].name

        def send(text: str | None) -> None:
            if not text:
                self.notify("Nothing was whispered.", timeout=3)
                return
            self.whispers.append(Whisper(sender, to, text))
            self.notify(f"Whispered to {name}: {name} reads it behind the curtain.", timeout=4)

        self.push_screen(WhisperScreen(name), send)

    def _deliver(self, seat: int) -> None:
        """Show the person now at the screen the whispers sent to them, once."""
        mine = [w for w in self.whispers if w.to == seat]
        if not mine:
            return
        self.whispers = [w for w in self.whispers if w.to != seat]
        names = self.table.names()
        self.push_screen(WhispersScreen(names[seat], [(names[w.sender], w.text) for w in mine]))

    async def _bot_turn(self, seat: int) -> None:
        table = self.table
        if self.bot_delay > 0:
            await asyncio.sleep(self.bot_delay)
        agent = table.agent(seat)
        try:
            action = await asyncio.to_thread(agent.choose, table.seat_view(seat), table.bot_rng(seat))
            table.submit(seat, (action,))
        except Exception as exc:  # a broken bot stops the table, not the program: all is saved
            self.bot_error = f"{table.seats[seat].name} ({agent.name}): {exc}"
            if self.drawing:
                self.refresh_view()
            return
        if self.drawing:  # the widgets may already be gone
            self.advance()

    @property
    def drawing(self) -> bool:
        """Whether the screen is still there to draw on: not after a quit, nor once the app has
        begun shutting down for any other reason (a bot's move may land just then; it is saved)."""
        return not self.closing and self.is_running

    async def action_quit(self) -> None:
        """Save and quit: every move is saved as it is made, so only the screen stops."""
        self.closing = True
        await super().action_quit()

    def note_offer(self, seat: int) -> bool:
        """Remember when this decision first appeared, and whether someone else moved just
        before it; True when it is new (not the same decision drawn again)."""
        offer = (seat, self.table.match.version)
        if offer == self._offer:
            return False
        self._offer = offer
        self._offered_at = time.monotonic()
        played = self.table.record.actions
        self._guarded = bool(played) and played[-1].player != seat
        return True

    def too_soon(self) -> bool:
        """Whether a choice came before this decision had been on screen for ``key_guard``
        seconds after someone else's move (the person meant the screen before it)."""
        if self._guarded and time.monotonic() - self._offered_at < self.key_guard:
            self.show_error("That key came before this choice was on screen, so it was ignored.")
            return True
        return False

    def submit(self, actions: Sequence[Action], *, finish: Action | None = None) -> bool:
        """Play a person's move (one action, or a set's picks with its ``finish``); a refusal
        shows the game's reason and changes nothing."""
        seat = self.awaiting
        if seat is None:
            self.show_error("It is not your turn.")
            return False
        try:
            self.table.submit(seat, actions, finish=finish)
        except RulesError as exc:
            self.show_error(refusal(exc))
            return False
        self.show_error("")
        if seat not in self.table.match.to_act():
            self.awaiting = None
        self.advance()
        return True
