"""What every rule function needs besides the state: the options, the content and the board."""

from __future__ import annotations

import msgspec

from turncoat.core.actions import Event
from turncoat.games.rex.board import BoardTables
from turncoat.games.rex.components import Tables
from turncoat.games.rex.config import RexConfig

Events = list[Event]


class Ctx(msgspec.Struct, frozen=True):
    config: RexConfig
    t: Tables
    b: BoardTables
