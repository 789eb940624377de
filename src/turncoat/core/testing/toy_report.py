"""The Sealed Bids balance report: does the seat matter, and does a pact pay (rule §6)?

A second game's report, so the simulator's report writer is exercised on a game it does not
know.  It says what the report holds (:mod:`turncoat.core.report`); the simulator writes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from turncoat.core import deals, stats
from turncoat.core.record import GameRecord, replay
from turncoat.core.report import (
    BalanceReport,
    Column,
    Highlight,
    Paragraph,
    RateFigure,
    Section,
    Share,
    Table,
)

if TYPE_CHECKING:
    from turncoat.core.testing.toy import SealedBidsGame

PACT = "pact"
IN_A_PACT = "in a pact"
ALONE = "alone"


class SealedBidsReport:
    """The balance report of one configured Sealed Bids game."""

    def __init__(self, game: SealedBidsGame) -> None:
        self.game = game

    def facts(self, seed: int, record: GameRecord | None, *, full: bool) -> dict[str, Any]:
        """Per seat, whether it ended the game in a pact (a short replay; none for a failed game)."""
        if record is None:
            return {}
        book = replay(self.game, record, check_digests=False).final_state.parley.deals
        pacts = [
            IN_A_PACT if deals.alliance_of(book, seat) else ALONE for seat in range(self.game.num_players())
        ]
        return {"seat_groups": {PACT: pacts}}

    def report(self, rows: Sequence[Mapping[str, Any]]) -> BalanceReport:
        done = stats.finished(rows)
        players = self.game.num_players()
        fair = 1.0 / players
        by_seat = stats.rates_by_seat(done)
        by_pact = stats.rates_by_group(done, PACT)
        columns = (Column("group"), Column("games", numeric=True), Column("win rate [95% CI]"))
        return BalanceReport(
            title=f"Sealed Bids balance report ({len(done)} games, {players} players)",
            games=len(done),
            intro=(
                Paragraph(
                    "A pact shares its members' win, so a shared win counts 1/k for each of the k "
                    f"winners; intervals are 95% Wilson intervals.  Fair share: {100 * fair:.1f}%."
                ),
            ),
            sections=(
                Section(
                    "Wins by seat", (Table(columns, tuple((r.group, r.games, Share(r)) for r in by_seat)),)
                ),
                Section(
                    "Wins in a pact and alone",
                    (Table(columns, tuple((r.group, r.games, Share(r)) for r in by_pact)),),
                ),
            ),
            figures=(
                RateFigure("win_rate_by_seat", "Win rate by seat (95% Wilson CI)", tuple(by_seat), fair),
                RateFigure("win_rate_by_pact", "Win rate in a pact and alone (95% CI)", tuple(by_pact), fair),
            ),
            highlights=(
                Highlight("win rate by seat", items=tuple((r.group, Share(r)) for r in by_seat)),
                Highlight("win rate in a pact and alone", items=tuple((r.group, Share(r)) for r in by_pact)),
            ),
        )
