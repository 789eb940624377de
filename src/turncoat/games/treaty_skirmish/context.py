"""What every rule function needs besides the state: the options, the numbers and the board."""

from __future__ import annotations

import msgspec

from turncoat.core.actions import Event
from turncoat.games.treaty_skirmish.components import Board, Numbers
from turncoat.games.treaty_skirmish.config import TreatySkirmishConfig

Events = list[Event]


class Ctx(msgspec.Struct, frozen=True):
    config: TreatySkirmishConfig
    n: Numbers
    board: Board
