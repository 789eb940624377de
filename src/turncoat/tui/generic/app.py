"""The generic table: any game at one terminal, drawn from its presentation.

The screen shows one *viewer's* view (a seat, or ``None`` for the public view): the step's
title, the game's panels, the log with seats by their names, and the viewer's decisions as one
list.  A ``one`` or ``number`` decision plays the chosen action; a ``set`` decision toggles
picks (up to ``most``) and its confirm entry sends them with ``finish`` as one submission.
Whose turn it is, the hot-seat curtain and the bots are every table's (``tui.table_app``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from turncoat.core.present import Decision, Panel, plain
from turncoat.play import View
from turncoat.tui.generic.screens import EndScreen
from turncoat.tui.overlays import Bindings, CurtainScreen, HelpScreen, NameScreen
from turncoat.tui.table import Table
from turncoat.tui.table_app import TableApp

FINISH = -1  # the confirm entry of a set decision
KEYS_TEXT = """
Keys
  1-9          play choice 1-9 of the list
  Up/Down Enter move through the list and play the highlighted choice
  l            the whole game log (Esc or l goes back)
  w            whisper to the other party of a private talk the game allows now (a
               person; in hot seat they read it behind the curtain, at their turn)
  e            the final score, once the game is over
  ?            this help (Esc or ? closes it)
  q            save and quit
"""


@dataclass(frozen=True)
class Entry:
    """One line of the choice list that can be chosen: a choice of a decision, or a set's confirm."""

    decision: int
    choice: int  # index in the decision's choices, or FINISH


def panels_text(panels: Sequence[Panel], names: Sequence[str]) -> Text:
    out = Text()
    for n, panel in enumerate(panels):
        if n:
            out.append("\n")
        out.append(panel.title + "\n", style="bold")
        for line in panel.lines:
            out.append("  " + plain(line, names) + "\n")
    return out


def set_prompt(decision: Decision) -> str:
    most = f"up to {decision.most}" if decision.most else "any"
    return f"pick {most} with Enter or their numbers, then confirm"


class GenericApp(TableApp):
    """Play any game: people choose among their decisions, bots play in between."""

    CSS = """
    #status { height: 1; background: $boost; padding: 0 1; }
    #main { height: 1fr; }
    #left { width: 3fr; }
    #right { width: 2fr; min-width: 40; }
    #panels-box { height: 1fr; border: round $panel; padding: 0 1; }
    #prompt { padding: 0 1; text-style: bold; height: auto; }
    #error { padding: 0 1; color: $error; height: auto; display: none; }
    #choices { height: 1fr; min-height: 6; }
    #log { height: 1fr; border: round $panel; }
    #full-log-title { height: 1; padding: 0 1; background: $boost; }
    #full-log-lines { height: 1fr; padding: 0 1; }
    #curtain-text { width: 70; padding: 2 4; border: heavy magenta; text-align: center; }
    #end VerticalScroll { padding: 1 2; }
    #winners { padding: 1 0; }
    """
    BINDINGS: ClassVar[Bindings] = [
        Binding("q", "quit", "Save & quit"),
        Binding("1", "pick(1)", "Choose", key_display="1-9"),
        *(Binding(str(n), f"pick({n})", show=False) for n in range(2, 10)),
        Binding("l", "full_log", "Log"),
        Binding("w", "whisper", "Whisper"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("e", "end_screen", "Final score"),
    ]

    def __init__(self, table: Table, *, bot_delay: float = 0.6) -> None:
        super().__init__(table, bot_delay=bot_delay)
        self.title = f"turncoat · {table.match.face.title}"
        self.decisions: tuple[Decision, ...] = ()
        self.entries: list[Entry] = []
        self.picks: dict[int, list[int]] = {}  # a set decision's picks, in its choices' order
        self.log_lines: list[str] = []

    # -- layout ----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield from self.compose_board()
                yield Static(id="prompt")
                yield Static(id="error")
                yield OptionList(id="choices")
            with Vertical(id="right"):
                yield from self.compose_side()
                yield RichLog(id="log", wrap=True, markup=False, highlight=False, min_width=20)
        yield Footer()

    def compose_board(self) -> ComposeResult:
        """What stands above the decision on the left: here the game's panels; a skin's board."""
        with VerticalScroll(id="panels-box"):
            yield Static(id="panels")

    def compose_side(self) -> ComposeResult:
        """What stands above the log on the right: here nothing; a skin's players and sheets."""
        yield from ()

    # -- drawing ---------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        """Redraw everything from the viewer's view (nothing else is read)."""
        view = self.table.view(self.viewer)
        names = self.table.names()
        acting = ", ".join(names[s] for s in view.to_act)
        status = " · ".join(
            x for x in (self.table.match.face.title, view.step, acting and f"to act: {acting}") if x
        )
        self.query_one("#status", Static).update(Text(status))
        self.query_one("#panels", Static).update(panels_text(view.panels, names))
        self._refresh_log(view, names)
        self._refresh_decisions(view)

    def _refresh_log(self, view: View, names: Sequence[str]) -> None:
        lines = [plain(line, names) for line in view.log]
        widget = self.query_one("#log", RichLog)
        if lines[: len(self.log_lines)] != self.log_lines:  # another viewer: start again
            widget.clear()
            self.log_lines = []
        for line in lines[len(self.log_lines) :]:
            widget.write(Text(line))
        self.log_lines = lines

    def _refresh_decisions(self, view: View) -> None:
        choices = self.query_one("#choices", OptionList)
        highlighted = choices.highlighted
        choices.clear_options()
        self.entries = []
        seat = self.table.to_act()
        names = self.table.names()
        if self.awaiting is None or self.awaiting != self.viewer or not view.decisions:
            self.decisions = ()
            choices.disabled = True
            if seat is None:
                text = "The game is over. Press e for the final score, l for the whole log, q to quit."
            elif self.bot_error:
                text = f"A bot failed: {self.bot_error}. The game so far is saved; q quits."
            else:
                text = f"Waiting for {names[seat]}…"
            self.query_one("#prompt", Static).update(text)
            self.refresh_bindings()
            return
        if self.note_offer(self.awaiting):  # a new decision: no picks yet, the first line lit
            self.picks, highlighted = {}, None
        self.decisions = view.decisions
        self.query_one("#prompt", Static).update(Text(f"{names[self.awaiting]}: {view.step}"))
        options: list[Option] = []
        for d, decision in enumerate(self.decisions):
            heading = decision.title
            if decision.shape == "set":
                heading += f" ({set_prompt(decision)})"
            if decision.prompt:
                heading += f" — {decision.prompt}"
            options.append(Option(Text(heading, style="bold"), id=f"h{d}", disabled=True))
            picked = self.picks.get(d, [])
            for c, choice in enumerate(decision.choices):
                box = ("[x] " if c in picked else "[ ] ") if decision.shape == "set" else ""
                options.append(self._entry(Entry(d, c), box + plain(choice.label, names)))
            if decision.shape == "set":
                finish = plain(decision.finish.label, names) if decision.finish else "Confirm"
                options.append(self._entry(Entry(d, FINISH), f"{finish} ({len(picked)} picked)"))
        choices.add_options(options)
        choices.disabled = False
        first = next(i for i, o in enumerate(options) if not o.disabled)
        choices.highlighted = highlighted if highlighted is not None else first
        choices.focus()
        self.refresh_bindings()

    def _entry(self, entry: Entry, label: str) -> Option:
        n = len(self.entries)
        self.entries.append(entry)
        return Option(Text(f"{n + 1 if n < 9 else ' '} {label}"), id=f"e{n}")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show and allow only the keys that do something now (the footer follows this)."""
        if action == "pick":
            return bool(self.entries) and self.screen is self.screen_stack[0]
        if action == "end_screen":
            return self.table.outcome() is not None
        return super().check_action(action, parameters)

    def choose(self, entry: Entry) -> None:
        """A person chose a line of the list: play it, toggle a pick, or send a set."""
        if self.too_soon():
            return
        decision = self.decisions[entry.decision]
        if decision.shape != "set":
            self.submit((decision.choices[entry.choice].action,))
            return
        picked = self.picks.setdefault(entry.decision, [])
        if entry.choice == FINISH:
            if not picked and decision.finish is None:
                self.show_error("Pick at least one first.")
                return
            actions = [decision.choices[c].action for c in picked]
            self.submit(actions, finish=decision.finish.action if decision.finish else None)
            return
        if entry.choice in picked:
            picked.remove(entry.choice)
        elif decision.most and len(picked) >= decision.most:
            self.show_error(f"At most {decision.most}: drop a pick first.")
            return
        else:
            picked.append(entry.choice)
            picked.sort()  # sent in the order of the decision's choices
        self.show_error("")
        self.refresh_view()

    # -- input -----------------------------------------------------------------------------------
    @on(OptionList.OptionSelected, "#choices")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id or ""
        if key.startswith("e") and key[1:].isdigit() and int(key[1:]) < len(self.entries):
            self.choose(self.entries[int(key[1:])])

    def action_pick(self, n: int) -> None:
        if self.screen is not self.screen_stack[0]:
            return
        if 1 <= n <= len(self.entries):
            self.choose(self.entries[n - 1])

    def action_full_log(self) -> None:
        self.show_full_log(self.log_lines)

    def action_help(self) -> None:
        if isinstance(self.screen, CurtainScreen | NameScreen | HelpScreen):
            return  # never over the curtain: the decision shown is the viewer's
        keys = Text(KEYS_TEXT)
        self.push_screen(HelpScreen(self.help_now() + keys))

    def action_end_screen(self) -> None:
        outcome = self.table.outcome()
        if outcome is None or isinstance(self.screen, EndScreen):
            return
        scores = self.table.view(self.viewer).scores
        if scores is None:
            return
        saved = str(self.table.save_path) if self.table.save_path is not None else None
        self.push_screen(EndScreen(outcome, scores, self.table.names(), saved))
