"""Rex: Final Days of an Empire (Fantasy Flight Games 2012): rules engine for 3-6 players."""

from turncoat.core.registry import register
from turncoat.games.rex.game import RexGame

register("rex", RexGame.from_options, former_defaults=RexGame.former_defaults)

__all__ = ["RexGame"]
