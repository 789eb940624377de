"""The Textual application: Rex's table for people and bots at one terminal.

It draws one viewer's view (a seat, or ``None`` for the public view): the board sector by sector,
every player's public sheet, the battle in progress, the viewer's own race sheet and hand, the
log, and the viewer's decisions.  The decisions are the generic table's list (the game's
presentation groups the legal actions; numbers and the arrows choose); whose turn it is, the
hot-seat curtain, the bots and refused moves are every table's
(:class:`~turncoat.tui.table_app.TableApp`).  Everything drawn comes from the view the table
gives this viewer, never from the state.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from turncoat.core.present import plain, presentation_of
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.observe import RexObservation
from turncoat.skins.rex.terminal import view as draw
from turncoat.skins.rex.terminal.screens import HELP, EndScreen, HelpScreen
from turncoat.tui.generic.app import GenericApp
from turncoat.tui.overlays import Bindings, CurtainScreen, NameScreen
from turncoat.tui.table import Table

MIN_SIZE = (120, 40)  # columns, rows: the board, the sheets, the choices and the log fit


class RexApp(GenericApp):
    """Play Rex: people choose among their decisions, bots play in between."""

    min_size = MIN_SIZE
    CSS = """
    #status { height: 1; background: $boost; padding: 0 1; }
    #main { height: 1fr; }
    #left { width: 1fr; }
    #right { width: 58; }
    #board-box { height: 27; border: round $secondary; padding: 0 1; }
    #prompt { padding: 0 1; text-style: bold; height: auto; }
    #error { padding: 0 1; color: $error; height: auto; display: none; }
    #choices { height: 1fr; min-height: 6; }
    #players-box { height: auto; max-height: 20; border: round $panel; padding: 0 1; }
    #battle { height: auto; border: round red; padding: 0 1; display: none; }
    #sheet-box { height: 2fr; border: round green; padding: 0 1; }
    #log { height: 1fr; border: round $panel; }
    #full-log-title { height: 1; padding: 0 1; background: $boost; }
    #full-log-lines { height: 1fr; padding: 0 1; }
    #curtain-text { width: 70; padding: 2 4; border: heavy magenta; text-align: center; }
    #end VerticalScroll { padding: 1 2; }
    #winners { padding: 1 0 0 0; }
    #victory { padding: 0; }
    #held { padding: 0 0 1 0; }
    """
    BINDINGS: ClassVar[Bindings] = [Binding("question_mark", "help", "Keys", key_display="?")]

    def __init__(self, table: Table, *, bot_delay: float = 0.6) -> None:
        super().__init__(table, bot_delay=bot_delay)
        game = table.match.game
        if not isinstance(game, RexGame):
            raise TypeError(f"the Rex table cannot play {game.name}")
        self.content = draw.content_of(game)

    # -- layout ----------------------------------------------------------------------------------
    # The generic table's layout (status, decision, log) with the board and the players' sheets.
    def compose_board(self) -> ComposeResult:
        with VerticalScroll(id="board-box"):
            yield Static(id="board")

    def compose_side(self) -> ComposeResult:
        with VerticalScroll(id="players-box"):
            yield Static(id="players")
        yield Static(id="battle")
        with VerticalScroll(id="sheet-box"):
            yield Static(id="sheet")

    def on_mount(self) -> None:
        # Textual runs the table's own on_mount after this one (it draws and starts play).
        self.query_one("#board-box").border_title = "The board"
        self.query_one("#players-box").border_title = "Players (public)"
        self.query_one("#battle").border_title = "Battle"
        self.query_one("#log").border_title = "Log"

    # -- drawing ---------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        """Redraw everything from the viewer's view (nothing else is read)."""
        view = self.table.view(self.viewer)
        obs = view.observation
        if not isinstance(obs, RexObservation):
            raise TypeError("the Rex table draws Rex observations")
        names = self.table.names()
        content = self.content
        self.query_one("#status", Static).update(draw.status_text(obs, content, view.step, names))
        self.query_one("#board", Static).update(Text("\n").join(draw.board_lines(obs, content, names)))
        self.query_one("#players", Static).update(draw.players_text(obs, content, names))
        battle = self.query_one("#battle", Static)
        fights = [p for p in view.panels if p.title == "Battle"]
        battle.display = bool(fights)
        battle.update(Text("\n".join(plain(x, names) for p in fights for x in p.lines)))
        sheet = self.query_one("#sheet-box", VerticalScroll)
        mine = f"{names[self.viewer]}: your sheet and hand" if self.viewer is not None else ""
        sheet.border_title = mine or "Public view"
        self.query_one("#sheet", Static).update(draw.own_text(obs, content, names))
        self._refresh_log(view, names)
        self._refresh_decisions(view)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "help":
            return True
        return super().check_action(action, parameters)

    # -- the screens over the table --------------------------------------------------------------
    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen | CurtainScreen | NameScreen):
            self.push_screen(HelpScreen(self.help_now() + Text("\n\n" + HELP)))

    def action_full_log(self) -> None:
        self.show_full_log(self.log_lines, over_help=False)

    def action_end_screen(self) -> None:
        outcome = self.table.outcome()
        if outcome is None or isinstance(self.screen, EndScreen):
            return
        scores = self.table.view(self.viewer).scores
        if scores is None:
            return
        match = self.table.match
        rounds = presentation_of(match.game).summary(match.events(), self.viewer)
        obs = self.table.view(self.viewer).observation
        names = self.table.names()
        held = draw.held_text(obs, self.content, names) if isinstance(obs, RexObservation) else "none"
        saved = str(self.table.save_path) if self.table.save_path is not None else None
        self.push_screen(EndScreen(outcome, scores, names, rounds, held, saved))
