"""The Rex balance report: wins by race and player count, how games are won, alliances formed and
whether they win, traitor reveals, the strategy cards played outside battle (§17) and the length of
games.

Per-game facts: each seat's race (from the record's race choices, or the random deal at setup)
always; with ``full``, a replay of the record gives the public events — alliances formed, traitors
revealed, battles fought, the victory and its round.  Many values of the content pack (the board,
leader strengths, card counts) are stand-ins, so every figure here is only as good as those
estimates; the report says so.

This module says what the report holds (:mod:`turncoat.core.report`); the simulator writes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from turncoat.core import deals, stats
from turncoat.core.record import GameRecord, replay
from turncoat.core.report import (
    BalanceReport,
    BarFigure,
    Column,
    Fixed,
    Highlight,
    Mean,
    Note,
    Paragraph,
    Percent,
    Section,
    Table,
    counts_table,
    fair_share,
    game_length_figure,
    measures_table,
    rates_highlight,
    replayed,
    rounds_played,
    share_of,
    win_rate_figure,
    wins_table,
)
from turncoat.games.rex import events as E
from turncoat.games.rex.log import VICTORY_NAMES, Names

if TYPE_CHECKING:
    from turncoat.games.rex.game import RexGame

RACE = "race"
RACE_AT = "race and player count"


def races_of(game: RexGame, seed: int, record: GameRecord | None) -> list[str] | None:
    """Each seat's race: dealt at setup (random selection) or chosen in the record (§4 step 4)."""
    names = {r.id: r.short_name for r in game.content.data.races}
    dealt = next((e.races for e in game.start(seed).events if isinstance(e, E.RacesDealt)), None)
    if dealt is not None:
        return [names.get(r, r) for r in dealt]
    if record is None:
        return None
    chosen: dict[int, str] = {}
    for step in record.actions:
        if step.action.get("type") == "choose_race":
            chosen[step.player] = names.get(step.action["race"], step.action["race"])
    if len(chosen) != game.num_players():
        return None
    return [chosen[p] for p in range(game.num_players())]


class RexReport:
    """The balance report of one configured Rex game (``RexGame.balance_report()``)."""

    def __init__(self, game: RexGame) -> None:
        self.game = game

    # -- per game -------------------------------------------------------------------------------
    def facts(self, seed: int, record: GameRecord | None, *, full: bool) -> dict[str, Any]:
        """Races per seat; with ``full``, the alliances, traitors, battles and the victory."""
        game = self.game
        players = game.num_players()
        out: dict[str, Any] = {"players": players}
        races = races_of(game, seed, record)
        if races is not None:
            out["seat_groups"] = {RACE: races, RACE_AT: [f"{r} ({players} players)" for r in races]}
        if not full or record is None:
            return out
        result = replay(game, record, check_digests=False)
        events = [*result.initial_events, *(e for step in result.steps for e in step.events)]
        alliances: list[list[int]] = []
        standing: list[list[int]] = []
        traitors = 0
        battles = 0
        played: dict[str, int] = {}
        victory, rounds, winners = "", 0, []
        for event in events:
            if event.visible_to is not None:  # a private twin of a public event
                continue
            match event:
                case deals.AllianceFormed(members=ms):
                    alliances.append(list(ms))
                    standing = [g for g in standing if not set(g) & set(ms)] + [list(ms)]
                case deals.AllianceLeft(seat=p, remaining=rest):
                    standing = [g for g in standing if p not in g] + ([list(rest)] if rest else [])
                case E.TraitorRevealed():
                    traitors += 1
                case E.BattleFought():
                    battles += 1
                case E.StrategyCardPlayed(card=c):
                    played[c] = played.get(c, 0) + 1
                case E.RoundStarted(round=r):
                    rounds = r
                case E.GameWon(winners=ws, victory=how, round=r):
                    victory, rounds, winners = how, r, list(ws)
        won_by_alliance = len(winners) > 1 and any(set(winners) <= set(g) for g in standing)
        out.update(
            alliances_formed=len(alliances),
            alliance_sizes=[len(g) for g in alliances],
            alliance_won=won_by_alliance,
            traitor_reveals=traitors,
            cards_played=played,
            battles=battles,
            victory=victory,
            rounds=rounds,
            actions=len(record.actions),
        )
        return out

    # -- the whole run --------------------------------------------------------------------------
    def report(self, rows: Sequence[Mapping[str, Any]]) -> BalanceReport:
        """What the report says about the finished games among ``rows``."""
        game = self.game
        done = stats.finished(rows)
        full = [r for r in done if "victory" in r.get("facts", {})]
        players = game.num_players()
        fair = 1.0 / players
        n_games = len(done)
        by_seat = stats.rates_by_seat(done)
        by_race = stats.rates_by_group(done, RACE)
        by_race_at = stats.rates_by_group(done, RACE_AT)
        estimated = len(game.content.estimated_paths)
        caveat = Note(
            "Caveat — estimated content.",
            f"{estimated} values of content pack `{game.content.id}` are estimated stand-ins (the board, "
            "leader strengths, card counts and more; see `turncoat content rex`).  Every figure below "
            "depends on them; run with `--content-override FILE` holding the printed values to measure "
            "the real game.",
        )
        wins = wins_table((("seat", by_seat), (RACE, by_race), (RACE_AT, by_race_at)))
        victories: dict[str, int] = {}
        for row in full:
            kind = VICTORY_NAMES.get(row["facts"]["victory"], row["facts"]["victory"] or "none")
            victories[kind] = victories.get(kind, 0) + 1
        victory_table = counts_table("victory", sorted(victories.items(), key=lambda kv: -kv[1]), len(full))
        formed = [row["facts"]["alliances_formed"] for row in full]
        with_alliance = sum(1 for f in formed if f)
        alliance_wins = sum(1 for row in full if row["facts"]["alliance_won"])
        reveals = [float(row["facts"]["traitor_reveals"]) for row in full]
        battles = [float(row["facts"]["battles"]) for row in full]
        lengths = [float(row["facts"]["rounds"]) for row in full]
        actions = [float(row["facts"]["actions"]) for row in full]
        mean_formed, mean_reveals = stats.mean_ci([float(f) for f in formed]), stats.mean_ci(reveals)
        mean_battles, mean_rounds, mean_actions = (
            stats.mean_ci(battles),
            stats.mean_ci(lengths),
            stats.mean_ci(actions),
        )
        per_battle = sum(reveals) / sum(battles) if sum(battles) else float("nan")
        # §17: the strategy cards played outside the battle plan (rows from before they were
        # counted have none)
        counted = [row for row in full if "cards_played" in row["facts"]]
        per_card: dict[str, int] = {}
        for row in counted:
            for card, k in row["facts"]["cards_played"].items():
                per_card[card] = per_card.get(card, 0) + k
        mean_played = stats.mean_ci([float(sum(row["facts"]["cards_played"].values())) for row in counted])
        names = Names(game.content.data)
        cards_table = Table(
            (Column("strategy card"), Column("played", numeric=True), Column("per game", numeric=True)),
            tuple(
                (names.card_name(card), k, Fixed(k / len(counted)))
                for card, k in sorted(per_card.items(), key=lambda kv: (-kv[1], kv[0]))
            ),
        )
        play = measures_table(
            (
                ("alliances formed per game ± 95%", Mean(mean_formed)),
                ("games with an alliance", share_of(with_alliance, len(full))),
                ("games won by an alliance", share_of(alliance_wins, len(full))),
                ("traitor reveals per game ± 95%", Mean(mean_reveals)),
                ("traitor reveals per battle", Fixed(per_battle)),
                ("battles per game ± 95%", Mean(mean_battles)),
                ("strategy cards played outside battle per game ± 95%", Mean(mean_played)),
                ("rounds played ± 95%", Mean(mean_rounds)),
                ("decisions per game ± 95%", Mean(mean_actions)),
            ),
        )
        round_counts = rounds_played(full, game.ctx.t.rounds)
        return BalanceReport(
            title=f"Rex balance report ({n_games} games, {players} players)",
            games=n_games,
            intro=(
                caveat,
                fair_share(fair),
            ),
            sections=(
                Section("Wins by seat, race and player count", (wins,)),
                Section("How games are won", (replayed(len(full)), victory_table)),
                Section("Alliances, traitors and game length", (play,)),
                Section(
                    "Strategy cards played outside battle",
                    (
                        Paragraph(
                            f"Cards played at a card window or inside their holder's decision (§17), "
                            f"over {len(counted)} games."
                        ),
                        cards_table,
                    ),
                ),
            ),
            figures=(
                win_rate_figure(RACE, by_race, fair),
                win_rate_figure("seat", by_seat, fair),
                BarFigure(
                    "victory_types",
                    "Games by victory type",
                    tuple(victories),
                    tuple(float(v) for v in victories.values()),
                    ylabel="games",
                ),
                game_length_figure(round_counts),
            ),
            highlights=(
                *rates_highlight("win rate by race", by_race),
                *(
                    [
                        Highlight(
                            "victory types",
                            items=tuple((k, Percent(v / len(full))) for k, v in victories.items()),
                        )
                    ]
                    if victories
                    else []
                ),
                *(
                    [
                        Highlight(
                            "alliances and traitors",
                            f"{with_alliance} of {len(full)} games saw an alliance, "
                            f"{alliance_wins} won by one; "
                            f"{sum(reveals):.0f} traitor reveals in {sum(battles):.0f} battles",
                        )
                    ]
                    if full
                    else []
                ),
                Highlight("caveat", f"{estimated} content values are estimated stand-ins"),
            ),
        )
