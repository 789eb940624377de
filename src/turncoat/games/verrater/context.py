"""What every rule function needs besides the state: the options and the content tables."""

from __future__ import annotations

import msgspec

from turncoat.core.actions import Event
from turncoat.games.verrater.components import Tables
from turncoat.games.verrater.config import VerraterConfig

Events = list[Event]


class Ctx(msgspec.Struct, frozen=True):
    config: VerraterConfig
    t: Tables
