"""The Textual application: StarCraft's table for people and bots at one terminal.

It draws one viewer's view (a seat, or ``None`` for the public view): the placeholder-content
notice while invented content is in play, the galaxy (planet boxes with their areas, units,
bases, order stacks and routes), the battle in progress, every seat's public sheet, the viewer's
own cards and order tokens, the log and the viewer's decisions.  The decisions are the generic
table's list (numbers and the arrows choose); whose turn it is, the hot-seat curtain, the bots
and refused moves are every table's (:class:`~turncoat.tui.table_app.TableApp`).  Everything
drawn comes from the view the table gives this viewer, never from the state.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, OptionList, RichLog, Static

from turncoat.core.present import plain
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.observe import StarcraftObservation
from turncoat.play import View
from turncoat.skins.starcraft.terminal import view as draw
from turncoat.tui.generic.app import KEYS_TEXT, GenericApp
from turncoat.tui.overlays import Bindings, CurtainScreen, HelpScreen, NameScreen
from turncoat.tui.table import Table

MIN_SIZE = (80, 30)  # columns, rows: two planet boxes side by side, the decision and the sheets
FALLBACK_WIDTH = 76  # the board's width before the screen is laid out

HELP = f"""How to read StarCraft's table

The top box is the galaxy.  Where the grid fits the screen, each planet sits in its cell
(north at the top) and the normal routes between neighbours are drawn between the boxes;
on a narrower screen the planets follow one another, each naming its cell (x,y).  Every
box lists its order stack, the order being carried out, its areas (resource, unit limit,
depletion, base and units) and its routes by side, with the transports on them.

  {draw.LEGEND}

[ and ] scroll the galaxy up and down (the mouse wheel too).

Below: your decisions, every player's public sheet (counts only; ▶ marks who is to act),
the battle in progress (once the game is over: who won and how; e shows the final score),
your own order tokens and combat cards, and the log.
{KEYS_TEXT}"""


class BoardBox(VerticalScroll):
    """The galaxy's box: laid out again for its new width whenever it is resized."""

    def on_resize(self) -> None:
        app = self.app
        if isinstance(app, StarcraftApp):
            app.draw_board()


class StarcraftApp(GenericApp):
    """Play StarCraft: people choose among their decisions, bots play in between."""

    min_size = MIN_SIZE
    # Below 100 columns the log column gives way (l shows the whole log) so the decisions and the
    # sheets keep a readable width.  (Textual types this as an instance variable: no ClassVar.)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012
    CSS = """
    .-narrow #log { display: none; }
    #status { height: 1; background: $boost; padding: 0 1; }
    #badge { height: auto; padding: 0 1; display: none; }
    #board-box { height: 3fr; border: round $secondary; padding: 0 1; }
    #lower { height: 2fr; min-height: 10; }
    #left { width: 1fr; }
    #side { width: 1fr; border: round $panel; padding: 0 1; }
    #log { width: 1fr; border: round $panel; }
    #prompt { padding: 0 1; text-style: bold; height: auto; }
    #error { padding: 0 1; color: $error; height: auto; display: none; }
    #choices { height: 1fr; min-height: 4; }
    #battle { height: auto; border: round red; padding: 0 1; display: none; }
    #ending { height: auto; border: round green; padding: 0 1; display: none; }
    #full-log-title { height: 1; padding: 0 1; background: $boost; }
    #full-log-lines { height: 1fr; padding: 0 1; }
    #curtain-text { width: 70; padding: 2 4; border: heavy magenta; text-align: center; }
    #end VerticalScroll { padding: 1 2; }
    #winners { padding: 1 0; }
    """
    BINDINGS: ClassVar[Bindings] = [
        Binding("question_mark", "help", "Keys", key_display="?"),
        Binding("left_square_bracket", "scroll_board(-1)", "Galaxy up/down", key_display="[ ]"),
        Binding("right_square_bracket", "scroll_board(1)", "Galaxy down", show=False),
    ]

    def __init__(self, table: Table, *, bot_delay: float = 0.6) -> None:
        super().__init__(table, bot_delay=bot_delay)
        game = table.match.game
        if not isinstance(game, StarcraftGame):
            raise TypeError(f"the StarCraft table cannot play {game.name}")
        self.look = draw.look_of(game)
        self._drawn: tuple[StarcraftObservation, View] | None = None  # what the board shows now

    # -- layout ----------------------------------------------------------------------------------
    # The galaxy across the whole width on top; the decision, the sheets and the log below it.
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="badge")
        with BoardBox(id="board-box"):
            yield Static(id="board")
        with Horizontal(id="lower"):
            with Vertical(id="left"):
                yield Static(id="prompt")
                yield Static(id="error")
                yield OptionList(id="choices")
            with VerticalScroll(id="side"):
                yield Static(id="ending")
                yield Static(id="battle")
                yield Static(id="players")
                yield Static(id="mine")
            yield RichLog(id="log", wrap=True, markup=False, highlight=False, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        # Textual runs the table's own on_mount after this one (it draws and starts play).
        self.query_one("#board-box").border_title = "The galaxy"
        self.query_one("#side").border_title = "Players (public) · your cards"
        self.query_one("#battle").border_title = "Battle"
        self.query_one("#ending").border_title = "The end"
        self.query_one("#log").border_title = "Log"

    # -- drawing ---------------------------------------------------------------------------------
    def board_width(self) -> int:
        """The cells the galaxy may use: the board box's inside, less a scroll bar."""
        box = self.query_one("#board-box", VerticalScroll)
        inside = box.scrollable_content_region.width
        return max(20, inside - 1) if inside > 0 else FALLBACK_WIDTH

    def draw_board(self) -> None:
        """Draw the galaxy for the width the board has now (again after a resize)."""
        if self._drawn is None:
            return
        obs, view = self._drawn
        offered = draw.cells_offered(c.action for d in view.decisions for c in d.choices)
        lines = draw.board_lines(self.look, obs, self.table.names(), self.board_width(), offered)
        self.query_one("#board", Static).update(Text("\n").join(lines))

    def refresh_view(self) -> None:
        """Redraw everything from the viewer's view (nothing else is read)."""
        view = self.table.view(self.viewer)
        obs = view.observation
        if not isinstance(obs, StarcraftObservation):
            raise TypeError("the StarCraft table draws StarCraft observations")
        names = self.table.names()
        self.query_one("#status", Static).update(draw.status_text(obs, view.step, names))
        badge = self.query_one("#badge", Static)
        notice = draw.badge_text(self.look.face.invented_records(obs))
        badge.display = notice is not None
        badge.update(notice or "")
        self._drawn = (obs, view)
        self.draw_board()
        for widget, title in (("#battle", "Battle"), ("#ending", "The end")):  # the presentation's own
            lines = [plain(x, names) for p in view.panels if p.title == title for x in p.lines]
            shown = self.query_one(widget, Static)
            shown.display = bool(lines)
            shown.update(Text("\n".join(lines)))
        self.query_one("#players", Static).update(draw.players_text(self.look, obs, names))
        self.query_one("#mine", Static).update(Text("\n") + draw.own_text(self.look, obs))
        self._refresh_log(view, names)
        self._refresh_decisions(view)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("help", "scroll_board"):
            return True
        return super().check_action(action, parameters)

    def action_scroll_board(self, direction: int) -> None:
        """Scroll the galaxy by most of its box (the choices keep the focus and the arrows)."""
        box = self.query_one("#board-box", VerticalScroll)
        box.scroll_relative(y=direction * max(1, box.scrollable_content_region.height - 2), animate=False)

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen | CurtainScreen | NameScreen):
            self.push_screen(HelpScreen(self.help_now() + Text("\n\n" + HELP)))
