"""Per-game reports: facts a game contributes to each result row, and its balance report.

A report module defines ``facts(game, seed, record, *, full)``, called in the worker after each
game (``record`` is None when the game failed), and ``write_report(rows, game, out_dir)``.  The
facts may include ``seat_groups``: for each named grouping, one label per seat; the simulator
then reports win rates by each grouping (e.g. Verräter's starting allegiance).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, cast

from turncoat.core.engine import Game
from turncoat.core.record import GameRecord

REPORT_MODULES: dict[str, str] = {"verrater": "turncoat.sim.reports.verrater"}


class GameReport(Protocol):
    def facts(
        self, game: Game[Any, Any, Any], seed: int, record: GameRecord | None, *, full: bool
    ) -> dict[str, Any]: ...

    def write_report(
        self, rows: Sequence[Mapping[str, Any]], game: Game[Any, Any, Any], out_dir: Path
    ) -> list[str]: ...


def report_for(game: str) -> GameReport | None:
    """The report module for ``game``, or None when it has none."""
    module = REPORT_MODULES.get(game)
    return None if module is None else cast(GameReport, importlib.import_module(module))
