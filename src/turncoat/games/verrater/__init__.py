"""Verräter (Marcel-André Casasola Merkle, Adlung Spiele 1998): rules engine for 3-4 players."""

from turncoat.core.registry import register
from turncoat.games.verrater.game import VerraterGame

register("verrater", VerraterGame.from_options, former_defaults=VerraterGame.former_defaults)

__all__ = ["VerraterGame"]
