"""Fall of the Empire: Treaty Skirmish — our adaptation of the secret-treaty mechanic of the
"Fall of the Empire" scenario of Twilight Imperium 3rd edition (RULES §6), for 4–6 players."""

from turncoat.core.registry import register
from turncoat.games.treaty_skirmish.game import TreatySkirmishGame

register(
    "treaty_skirmish", TreatySkirmishGame.from_options, former_defaults=TreatySkirmishGame.former_defaults
)

__all__ = ["TreatySkirmishGame"]
