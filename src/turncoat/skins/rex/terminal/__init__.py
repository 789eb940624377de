"""Rex's terminal table: the board by sector, the players' sheets, your hand, the log.

``view`` draws one seat's observation as text; ``app`` is the Textual application (the generic
table's decisions, with Rex's board and sheets around them); ``screens`` holds the help and the
end of the game.  ``turncoat play rex`` finds this skin by the game's id (``SKIN``); the table
itself (seats, bots, rule options, record file) is opened as every game's is.
"""

from __future__ import annotations

from turncoat.skins.rex.terminal.app import RexApp
from turncoat.tui.generic.command import open_table
from turncoat.tui.skin import TerminalSkin
from turncoat.tui.table import Table
from turncoat.tui.table_app import TableApp


def rex_app(table: Table, bot_delay: float) -> TableApp:
    return RexApp(table, bot_delay=bot_delay)


SKIN = TerminalSkin(open_table=open_table, app=rex_app)
