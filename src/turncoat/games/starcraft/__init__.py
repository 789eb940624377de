"""StarCraft: The Board Game (Fantasy Flight Games, 2007): rules engine for 2-6 players."""

from turncoat.core.registry import register
from turncoat.games.starcraft.game import StarcraftGame

register("starcraft", StarcraftGame.from_options, former_defaults=StarcraftGame.former_defaults)

__all__ = ["StarcraftGame"]
