"""The Treaty Skirmish balance report: wins by seat, race and objective, how games end (which
objectives win, immediate or after the last round, nobody), how often a treaty ally shares the
win, treaty traitors, treaty offers made and rejected, Envoys without a card, bribes, and the
length of games.

Per-game facts: each seat's race and dealt objective (from the game's setup, which the seed
fixes) always; with ``full``, a replay of the record gives the rest.  The report is read after
the games are over and counts, among other things, how often a receiver discarded the card it was
just handed — something no player ever learns during a game (RULES §4.4); it is a statistic over
finished games, never shown at a table.

Treaty Skirmish is our adaptation (RULES §6, tagged [ADAPT]): its objectives, board and numbers
are ours, and the treaty card count per race is a guess (GAPS Q1); the report says so.

This module says what the report holds (:mod:`turncoat.core.report`); the simulator writes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from turncoat.core import deals, stats
from turncoat.core import treaties as T
from turncoat.core.record import GameRecord, replay
from turncoat.core.report import (
    BalanceReport,
    Highlight,
    Mean,
    Note,
    Paragraph,
    Percent,
    Section,
    counts_table,
    fair_share,
    game_length_figure,
    mean_of,
    measures_table,
    rates_highlight,
    replayed,
    rounds_played,
    share_of,
    win_rate_figure,
    wins_table,
)
from turncoat.games.treaty_skirmish import events as E
from turncoat.games.treaty_skirmish.components import LAZAX, OBJECTIVE_NAMES, SHORT_NAMES

if TYPE_CHECKING:
    from turncoat.games.treaty_skirmish.game import TreatySkirmishGame

RACE = "race"
OBJECTIVE = "objective"
REASONS = {
    "immediate": "an immediate objective",
    "final_round": "after the last round",
    "nobody": "nobody wins",
}


class SkirmishReport:
    """The balance report of one configured Treaty Skirmish game (``balance_report()``)."""

    def __init__(self, game: TreatySkirmishGame) -> None:
        self.game = game

    # -- per game -------------------------------------------------------------------------------
    def facts(self, seed: int, record: GameRecord | None, *, full: bool) -> dict[str, Any]:
        """Races and objectives per seat; with ``full``, what a replay of the record shows."""
        game = self.game
        first = game.start(seed).state
        out: dict[str, Any] = {
            "players": first.players,
            "seat_groups": {
                RACE: [SHORT_NAMES[r] for r in first.races],
                OBJECTIVE: [OBJECTIVE_NAMES[o] for o in first.objectives],
            },
        }
        if not full or record is None:
            return out
        result = replay(game, record, check_digests=False)
        final = result.final_state
        events = [*result.initial_events, *(e for step in result.steps for e in step.events)]
        offers = rejected = no_card = combats = gifts = gifted = 0
        handed: dict[int, T.TreatyCard] = {}  # receiver -> the card just handed over
        for event in events:
            match event:
                case T.TreatyOffered():
                    offers += 1
                case T.TreatyContents(receiver=r, card=c):
                    handed[r] = c
                case T.TreatyDiscardedCard(player=p, card=c) if p in handed:
                    rejected += handed.pop(p) == c
                case E.NoTreatyGiven():
                    no_card += 1
                case E.CombatStarted():
                    combats += 1
                case deals.Given(amount=amount) if event.visible_to is None:
                    gifts += 1
                    gifted += amount
        end = final.result
        assert end is not None, "a finished game has a result"
        lazax = final.races.index(LAZAX)
        out.update(
            reason=end.reason,
            primary_objectives=[final.objectives[p] for p in end.primary],
            winner_count=len(end.winners),
            ally_shares=sum(1 for _w, allies in end.allies if allies),
            primaries=len(end.primary),
            treaty_traitors=len(end.traitors),
            lazax_primary=lazax in end.primary,
            offers=offers,
            rejected=rejected,
            envoys_without_card=no_card,
            combats=combats,
            gifts=gifts,
            trade_goods_given=gifted,
            rounds=final.round,
            actions=len(record.actions),
        )
        return out

    # -- the whole run --------------------------------------------------------------------------
    def report(self, rows: Sequence[Mapping[str, Any]]) -> BalanceReport:
        """What the report says about the finished games among ``rows``."""
        game = self.game
        done = stats.finished(rows)
        full = [r for r in done if "reason" in r.get("facts", {})]
        players = game.num_players()
        fair = 1.0 / players
        n_games, n_full = len(done), len(full)

        def share(count: float) -> Percent:
            return share_of(count, n_full)

        def mean(key: str) -> Mean:
            return mean_of(full, key)

        by_seat = stats.rates_by_seat(done)
        by_race = stats.rates_by_group(done, RACE)
        by_objective = stats.rates_by_group(done, OBJECTIVE)
        caveat = Note(
            "Caveat — adapted content.",
            "Treaty Skirmish is our adaptation of the treaty mechanic of the “Fall of the Empire” "
            "scenario (RULES §6 [ADAPT]), not the published game: the board, the objectives and "
            f"every number of content pack `{game.content.id}` are ours, and "
            f"{game.ctx.config.treaty_cards_per_race} treaty cards per race is a guess (GAPS Q1).  "
            "Every figure below measures this adaptation with the bots that played it; "
            "`--content-override FILE` measures other numbers.",
        )
        wins = wins_table((("seat", by_seat), (RACE, by_race), (OBJECTIVE, by_objective)))
        reasons = {k: sum(1 for r in full if r["facts"]["reason"] == k) for k in REASONS}
        primary: dict[str, int] = {}
        for r in full:
            for objective in r["facts"]["primary_objectives"]:
                name = OBJECTIVE_NAMES.get(objective, objective)
                primary[name] = primary.get(name, 0) + 1
        endings = counts_table("how the game ended", ((REASONS[k], v) for k, v in reasons.items()), n_full)
        objectives = counts_table(
            "objective met by a primary winner",
            sorted(primary.items(), key=lambda kv: (-kv[1], kv[0])),
            n_full,
        )
        won = [r for r in full if r["facts"]["primaries"]]
        shared = sum(1 for r in won if r["facts"]["ally_shares"])
        lazax_wins = sum(1 for r in full if r["facts"]["lazax_primary"])
        offers = sum(r["facts"]["offers"] for r in full)
        rejected = sum(r["facts"]["rejected"] for r in full)

        treaties = measures_table(
            (
                ("games won by a treaty ally too (of games with a winner)", share_of(shared, len(won))),
                ("treaty allies per game ± 95%", mean("ally_shares")),
                ("treaty traitors at the end per game ± 95%", mean("treaty_traitors")),
                ("treaty cards offered per game ± 95%", mean("offers")),
                ("offers rejected (the receiver discarded the new card)", share_of(rejected, offers)),
                ("Envoys without a card per game ± 95%", mean("envoys_without_card")),
                ("trade-goods gifts per game ± 95%", mean("gifts")),
                ("trade goods given per game ± 95%", mean("trade_goods_given")),
                ("games the Lazax win (Emperor)", share(lazax_wins)),
                ("games nobody wins", share(reasons["nobody"])),
            )
        )
        length = measures_table(
            (
                ("rounds played ± 95%", mean("rounds")),
                ("combats per game ± 95%", mean("combats")),
                ("decisions per game ± 95%", mean("actions")),
            )
        )
        round_counts = rounds_played(full, game.ctx.n.rounds)
        return BalanceReport(
            title=f"Treaty Skirmish balance report ({n_games} games, {players} players)",
            games=n_games,
            intro=(
                caveat,
                fair_share(fair, " (primary winners and treaty allies alike)"),
            ),
            sections=(
                Section("Wins by seat, race and objective", (wins,)),
                Section("How games end", (replayed(n_full), endings, objectives)),
                Section(
                    "Treaties, bribes and the Lazax",
                    (
                        Paragraph(
                            "Rejected offers are counted from the full records after the games; at "
                            "the table nobody but the receiver learns which card was discarded."
                        ),
                        treaties,
                    ),
                ),
                Section("Game length", (length,)),
            ),
            figures=(
                win_rate_figure(RACE, by_race, fair),
                win_rate_figure("seat", by_seat, fair),
                win_rate_figure(OBJECTIVE, by_objective, fair),
                game_length_figure(round_counts),
            ),
            highlights=(
                *rates_highlight("win rate by objective", by_objective),
                *(
                    [
                        Highlight(
                            "treaties",
                            f"an ally shared the win in {shared} of {len(won)} games with a winner; "
                            f"{offers} offers, {rejected} rejected; the Lazax won {lazax_wins} of {n_full}; "
                            f"nobody won {reasons['nobody']}",
                        )
                    ]
                    if full
                    else []
                ),
                Highlight(
                    "caveat",
                    f"an adaptation (RULES §6 [ADAPT]); {game.ctx.config.treaty_cards_per_race} treaty cards "
                    "per race is a guess",
                ),
            ),
        )
