"""One game in progress, for every frontend: the game, its state, its record and what each
viewer may see of it (``GameInProgress``), the per-viewer ``View`` built from the game's
presentation, and one clock per seat that is to act (``Clocks``).

The server and the terminal both hold their games here; neither reads a state or knows a game.
"""

from turncoat.play.clocks import Clocks
from turncoat.play.match import GameInProgress, SubmissionRefused
from turncoat.play.view import View

__all__ = ["Clocks", "GameInProgress", "SubmissionRefused", "View"]
