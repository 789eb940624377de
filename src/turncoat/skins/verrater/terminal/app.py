"""The Textual application: Verräter's table for people and bots at one terminal.

It draws one viewer's observation (a seat, or ``None`` for the public view): the ring of
landscapes, the centre, the players, the viewer's own cards, the choices and the log.  Whose
turn it is, the hot-seat curtain, the bots and refused moves are every table's
(:class:`~turncoat.tui.table_app.TableApp`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.events import Click
from textual.message import Message
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from turncoat.core.actions import Action, Viewer
from turncoat.core.present import guide_of
from turncoat.games.verrater.components import RING_SIZE
from turncoat.skins.verrater.terminal import view
from turncoat.skins.verrater.terminal.screens import EndScreen, HelpScreen
from turncoat.skins.verrater.terminal.session import Session
from turncoat.tui.overlays import Bindings, CurtainScreen, LogScreen, NameScreen, decision_help, guide_text
from turncoat.tui.table_app import TableApp

MIN_SIZE = (120, 40)  # columns, rows: the whole board, the choices and the log fit
# Ring positions laid clockwise round a 4x4 grid; the centre spans the middle 2x2.
GRID_ORDER: tuple[int | str, ...] = (0, 1, 2, 3, 11, "centre", 4, 10, 5, 9, 8, 7, 6)


class LandscapeCell(Static):
    """One landscape of the ring; clicking it points at the choices about it."""

    class Picked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int) -> None:
        super().__init__(id=f"land-{index}", classes="land")
        self.index = index

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Picked(self.index))


class VerraterApp(TableApp):
    """Play Verräter: people choose among the engine's legal actions, bots play in between."""

    TITLE = "turncoat · Verräter"
    min_size = MIN_SIZE
    CSS = """
    #status { height: 1; background: $boost; padding: 0 1; }
    #main { height: 1fr; }
    #left { width: 3fr; }
    #right { width: 2fr; min-width: 44; }
    #board { grid-size: 4 4; grid-rows: 6; height: 24; }
    .land { border: round $secondary; padding: 0 0 0 1; height: 6; }
    .land.eagle { border: round yellow; }
    .land.rose { border: round red; }
    .land.contested { border: heavy magenta; border-subtitle-color: magenta; }
    .land.pointed { background: $accent 30%; }
    #centre { column-span: 2; row-span: 2; height: 12; padding: 0 1; border: round $panel; }
    #tally { padding: 0 1; height: auto; display: none; }
    #prompt { padding: 0 1; color: $text; text-style: bold; }
    #error { padding: 0 1; color: $error; height: auto; display: none; }
    #options { height: 1fr; min-height: 4; }
    #players { height: auto; border: round $panel; padding: 0 1; }
    #private { height: auto; border: round green; padding: 0 1; }
    #log { height: 1fr; border: round $panel; }
    #full-log-title { height: 1; padding: 0 1; background: $boost; }
    #full-log-lines { height: 1fr; padding: 0 1; }
    HelpScreen { align: center middle; }
    #help-box { width: 96; max-width: 95%; height: 90%; border: heavy $accent; background: $panel; }
    #help-text { padding: 1 2; }
    #curtain-text { width: 70; padding: 2 4; border: heavy magenta; text-align: center; }
    #end VerticalScroll { padding: 1 2; }
    #winners { padding: 1 0; }
    """
    BINDINGS: ClassVar[Bindings] = [
        Binding("q", "quit", "Save & quit"),
        Binding("1", "pick(1)", "Choose", key_display="1-9"),
        *(Binding(str(n), f"pick({n})", show=False) for n in range(2, 10)),
        Binding("l", "full_log", "Log"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("e", "end_screen", "Final score"),
    ]

    def __init__(self, session: Session, *, bot_delay: float = 0.6) -> None:
        super().__init__(session, bot_delay=bot_delay)
        self.session = session  # the table, with its Verräter questions
        self.legal: Sequence[Action] = ()
        self._log_shown: list[str] = []
        self._log_viewer: Viewer = -1
        self._log_version = -1  # the game's version the log on screen was drawn at
        self._log_names: list[str] = []  # and the seats' names it was drawn with

    # -- layout ----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with Grid(id="board"):
                    for item in GRID_ORDER:
                        yield Static(id="centre") if item == "centre" else LandscapeCell(int(item))
                yield Static(id="tally")
                yield Static(id="prompt")
                yield Static(id="error")
                yield OptionList(id="options")
            with Vertical(id="right"):
                yield Static(id="players")
                yield Static(id="private")
                yield RichLog(id="log", wrap=True, markup=False, highlight=False, min_width=20)
        yield Footer()

    # -- drawing -----------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        """Redraw everything from the viewer's observation and redacted log."""
        s = self.session
        obs = s.observe(self.viewer)
        names = s.names()
        tables = s.tables
        pair = view.contested(obs)
        for i in range(RING_SIZE):
            cell = self.query_one(f"#land-{i}", LandscapeCell)
            cell.border_title = view.landscape_title(obs, i)
            cell.border_subtitle = view.landscape_subtitle(obs, i)
            cell.update(view.landscape_body(obs, i, tables, names))
            cell.set_class(obs.owners[i] == "eagle", "eagle")
            cell.set_class(obs.owners[i] == "rose", "rose")
            cell.set_class(pair is not None and i in pair, "contested")
        self.query_one("#centre", Static).update(view.centre_text(obs, tables, names))
        tally = self.query_one("#tally", Static)
        running = view.tally_text(obs, tables, names, s.type_names)
        tally.update(running)
        tally.display = bool(running.plain)
        outcome = s.outcome()
        final = outcome.scores if outcome is not None else None
        self.query_one("#players", Static).update(
            view.players_text(obs, names, [x.kind for x in s.seats], final)
        )
        self.query_one("#private", Static).update(view.private_text(obs, names))
        rules = view.rule_names(s.rule_changes(), len(s.overridden_values()))
        self.query_one("#status", Static).update(view.status_text(obs, names, rules))
        self._refresh_log()
        self._refresh_decision()

    def _refresh_log(self) -> None:
        s = self.session
        names = s.names()
        if (self._log_viewer, self._log_version, self._log_names) == (self.viewer, s.match.version, names):
            return  # nothing new to say (a name given at the start is news: the lines name seats)
        lines = view.log_lines(s.events, self.viewer, names, s.tables, s.type_names)
        widget = self.query_one("#log", RichLog)
        if self._log_viewer != self.viewer or lines[: len(self._log_shown)] != self._log_shown:
            widget.clear()
            self._log_shown = []
        for line in lines[len(self._log_shown) :]:
            widget.write(Text(line))
        self._log_shown = lines
        self._log_viewer = self.viewer
        self._log_version = s.match.version
        self._log_names = names

    def _refresh_decision(self) -> None:
        s = self.session
        options = self.query_one("#options", OptionList)
        options.clear_options()
        seat = s.to_act()
        if self.awaiting is not None and self.awaiting == seat and self.viewer == seat:
            obs = s.observe(seat)
            self.legal = view.offer_order(s.legal_actions(seat))
            self.note_offer(seat)
            self.query_one("#prompt", Static).update(
                f"{s.seats[seat].name}: {view.prompt(obs, s.names(), s.tables.hand_limit)}"
            )
            options.add_options(
                Option(f"{n + 1 if n < 9 else ' '} {view.option_label(a, obs)}", id=str(n))
                for n, a in enumerate(self.legal)
            )
            options.highlighted = 0
            options.disabled = False
            options.focus()
            self._point_at(self.legal[0] if self.legal else None)
        else:
            self.legal = ()
            self._point_at(None)
            options.disabled = True
            if seat is None:
                text = "The game is over. Press e for the final score, l for the whole log, q to quit."
            elif self.bot_error:
                text = f"A bot failed: {self.bot_error}. The game so far is saved; q quits."
            else:
                text = f"Waiting for {s.seats[seat].name}…"
            self.query_one("#prompt", Static).update(text)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show and allow only the keys that do something now (the footer follows this)."""
        if action == "pick":
            return bool(self.legal) and self.screen is self.screen_stack[0]
        if action == "end_screen":
            return self.session.outcome() is not None
        return super().check_action(action, parameters)

    def _point_at(self, action: Action | None) -> None:
        """Highlight the landscapes the highlighted choice is about."""
        marked = set(view.landscapes_of(action)) if action is not None else set()
        for i in range(RING_SIZE):
            self.query_one(f"#land-{i}", LandscapeCell).set_class(i in marked, "pointed")

    # -- input -------------------------------------------------------------------------------------
    @on(OptionList.OptionSelected, "#options")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        index = int(event.option.id or -1)
        if 0 <= index < len(self.legal) and not self.too_soon():
            self.submit((self.legal[index],))

    def action_pick(self, n: int) -> None:
        if isinstance(self.screen, CurtainScreen | NameScreen | EndScreen | HelpScreen | LogScreen):
            return
        if 1 <= n <= len(self.legal) and not self.too_soon():
            self.submit((self.legal[n - 1],))

    @on(OptionList.OptionHighlighted, "#options")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        index = int(event.option.id or -1)
        self._point_at(self.legal[index] if 0 <= index < len(self.legal) else None)

    @on(LandscapeCell.Picked)
    def _landscape_clicked(self, event: LandscapeCell.Picked) -> None:
        """Clicking a landscape highlights the next choice about it (Enter or a click confirms)."""
        matches = [n for n, a in enumerate(self.legal) if event.index in view.landscapes_of(a)]
        if not matches:
            if self.legal:
                self.show_error(f"No choice concerns landscape {event.index}.")
            return
        options = self.query_one("#options", OptionList)
        current = options.highlighted
        later = [n for n in matches if current is None or n > current]
        options.highlighted = (later or matches)[0]
        options.focus()
        self.show_error("")

    def action_full_log(self) -> None:
        self.show_full_log(self._log_shown)

    def action_help(self) -> None:
        # Never over the curtain nor the name prompt: the decision shown is the viewer's.
        if not isinstance(self.screen, HelpScreen | CurtainScreen | NameScreen):
            s = self.session
            names = s.names()
            mine = self.awaiting is not None and self.awaiting == self.viewer
            decision = decision_help(s.view(self.viewer).decisions if mine else (), names)
            guide = guide_text(guide_of(s.match.face))
            self.push_screen(
                HelpScreen(view.rules_help(s.rule_changes(), s.overridden_values()), decision, guide)
            )

    def action_end_screen(self) -> None:
        if self.session.outcome() is not None and not isinstance(self.screen, EndScreen):
            self.push_screen(EndScreen(self.session, self.viewer))
