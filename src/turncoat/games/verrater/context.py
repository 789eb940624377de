"""What every rule function needs besides the state: the options and the content tables."""

from __future__ import annotations

import msgspec

from turncoat.core.actions import Event
from turncoat.games.verrater.components import Tables
from turncoat.games.verrater.config import VerraterConfig

Events = list[Event]


class Ctx(msgspec.Struct, frozen=True):
    """The configuration a game was set up with and the lookup tables built from its content
    (conflict values, VP circles, the deck, limits), shared by every rule function."""

    config: VerraterConfig
    tables: Tables
