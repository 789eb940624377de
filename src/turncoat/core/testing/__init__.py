"""Test support for every game: the conformance suite, hypothesis strategies, perft counters.

Test code only.  ``turncoat.core.testing.toy`` holds a tiny complete game (Sealed Bids, with a
chance deal and a simultaneous sealed choice) that registers itself as ``sealed_bids`` when
imported; it is not imported here, so importing this package changes no registry.
"""

from turncoat.core.testing.conformance import (
    CHECKS,
    PLAYOUT_CHECKS,
    STATE_CHECKS,
    ConformanceError,
    ConformanceReport,
    check_game,
)
from turncoat.core.testing.perft import PerftResult, divide, moves, perft, perft_breakdown
from turncoat.core.testing.playout import (
    NoLegalAction,
    Playout,
    PlayoutTooLong,
    Step,
    play_from,
    random_move,
    random_playout,
)

__all__ = [
    "CHECKS",
    "PLAYOUT_CHECKS",
    "STATE_CHECKS",
    "ConformanceError",
    "ConformanceReport",
    "NoLegalAction",
    "PerftResult",
    "Playout",
    "PlayoutTooLong",
    "Step",
    "check_game",
    "divide",
    "moves",
    "perft",
    "perft_breakdown",
    "play_from",
    "random_move",
    "random_playout",
]
