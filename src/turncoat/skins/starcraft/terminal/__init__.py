"""StarCraft's terminal table: the galaxy as planet boxes, the players' sheets, your cards, the log.

``view`` draws one seat's observation as text (through the browser skin's view-model, so both
show the same things); ``app`` is the Textual application (the generic table's decisions, with
the galaxy and the sheets around them).  ``turncoat play starcraft`` finds this skin by the game's
id (``SKIN``); the table itself (seats, bots, rule options, content override, record file) is
opened as every game's is.
"""

from __future__ import annotations

from turncoat.skins.starcraft.terminal.app import StarcraftApp
from turncoat.tui.generic.command import open_table
from turncoat.tui.skin import TerminalSkin
from turncoat.tui.table import Table
from turncoat.tui.table_app import TableApp


def starcraft_app(table: Table, bot_delay: float) -> TableApp:
    return StarcraftApp(table, bot_delay=bot_delay)


SKIN = TerminalSkin(open_table=open_table, app=starcraft_app)
