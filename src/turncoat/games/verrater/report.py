"""The Verräter balance report: seat and start-player advantage, what each role is worth, and
how often each landscape type changes hands.

Per-game facts are gathered from the game's public events (a replay of the record when the
report will be written; only the setup otherwise).  Victory-point values of most landscape
types are *estimated* in the content pack (the printed circles are not public), so every
VP-based number here is only as good as those estimates; the report says so.

This module says what the report holds (:mod:`turncoat.core.report`); the simulator writes it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from turncoat.core import stats
from turncoat.core.record import GameRecord, replay
from turncoat.core.report import (
    BalanceReport,
    BarFigure,
    Cell,
    Column,
    Fixed,
    Highlight,
    Mean,
    Note,
    Paragraph,
    Percent,
    RateFigure,
    Section,
    Share,
    Table,
    fair_share,
    rates_highlight,
    win_rate_figure,
    wins_table,
)
from turncoat.games.verrater.components import ROLES
from turncoat.games.verrater.events import (
    ConflictSiteChosen,
    GameSetUp,
    LandscapeFlipped,
    RolesRevealed,
    RoundStarted,
    VictoryPointsScored,
)
from turncoat.games.verrater.notation import ROLE_NAMES

if TYPE_CHECKING:
    from turncoat.games.verrater.game import VerraterGame

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
ALLEGIANCE = "starting allegiance"
TURN_ORDER = "turn order"


def estimated_types(game: VerraterGame) -> list[str]:
    """Landscape types with at least one estimated VP circle."""
    found: dict[str, None] = {}
    for path in game.content.estimated_paths:
        parts = path.split(".")
        if len(parts) >= 3 and parts[0] == "landscape_types" and parts[2] == "victory_points":
            found.setdefault(parts[1], None)
    return list(found)


def _count_bucket(times: int) -> str:
    """Times a seat took a role, with three and more counted together."""
    return "3+" if times >= 3 else str(times)


class VerraterReport:
    """The balance report of one configured Verräter game (``VerraterGame.balance_report()``)."""

    def __init__(self, game: VerraterGame) -> None:
        self.game = game

    # -- per game -------------------------------------------------------------------------------
    def facts(self, seed: int, record: GameRecord | None, *, full: bool) -> dict[str, Any]:
        """Start player, starting allegiances and (with ``full``) each round's roles, VP and flips."""
        game = self.game
        setup = next(e for e in game.start(seed).events if isinstance(e, GameSetUp))
        n = len(setup.allegiance)
        out: dict[str, Any] = {
            "start_player": setup.start_player,
            "seat_groups": {
                ALLEGIANCE: list(setup.allegiance),
                TURN_ORDER: [ORDINALS[(seat - setup.start_player) % n] for seat in range(n)],
            },
        }
        if not full or record is None:
            return out
        result = replay(game, record, check_digests=False)
        events = [*result.initial_events, *(e for step in result.steps for e in step.events)]
        rounds: list[dict[str, Any]] = []
        end_vp = [0] * n
        for event in events:
            if event.visible_to is not None:  # private twins of public events
                continue
            current = rounds[-1] if rounds else None
            match event:
                case RoundStarted(round=r, start_player=sp):
                    rounds.append(
                        {
                            "round": r,
                            "start_player": sp,
                            "roles": None,
                            "vp": [0] * n,
                            "site": None,
                            "flips": [],
                        }
                    )
                case ConflictSiteChosen(eagle_landscape=a, rose_landscape=b) if current is not None:
                    current["site"] = [setup.types[a], setup.types[b]]
                case RolesRevealed(roles=roles) if current is not None:
                    current["roles"] = list(roles)
                case VictoryPointsScored(seat=seat, points=points, reason=reason):
                    # Trading posts score at the end of the game, not in any round.
                    if reason == "trading_posts" or current is None:
                        end_vp[seat] += points
                    else:
                        current["vp"][seat] += points
                case LandscapeFlipped(landscape=i) if current is not None:
                    current["flips"].append(setup.types[i])
        out["rounds"] = rounds
        out["end_vp"] = end_vp
        return out

    # -- the whole run --------------------------------------------------------------------------
    def report(self, rows: Sequence[Mapping[str, Any]]) -> BalanceReport:
        """What the report says about the finished games among ``rows``."""
        game = self.game
        done = [r for r in stats.finished(rows) if "rounds" in r.get("facts", {})]
        players = game.num_players()
        fair = 1.0 / players
        estimated = estimated_types(game)
        types = [t.id for t in game.content.data.landscape_types]
        star = {t: f"{t}*" if t in estimated else t for t in types}
        n_games = len(done)

        by_seat = stats.rates_by_seat(done)
        by_order = stats.rates_by_group(done, TURN_ORDER)
        by_house = stats.rates_by_group(done, ALLEGIANCE)
        role_value, buckets, count_rates = _role_values(done, players)
        at_stake, flips, games_flipped, total_rounds = _landscape_changes(done, types)

        caveat = Note(
            "Caveat — estimated VP circles.",
            "The victory-point values of these landscape types are estimated, not printed values: "
            f"{', '.join(estimated) or 'none'} (marked *; {len(game.content.estimated_paths)} estimated "
            f"values in content pack `{game.content.id}`; see `turncoat content verrater`).  Every "
            "VP-based figure below depends on those estimates; run with `--content-override FILE` "
            "holding the printed values to measure the real game.",
        )
        advantage = wins_table(
            (("seat", by_seat), ("position after start player", by_order), (ALLEGIANCE, by_house))
        )
        roles = Table(
            (
                Column("role"),
                Column("times taken", numeric=True),
                Column("mean VP in round ± 95%", numeric=True),
                *(Column(f"win rate, taken {b}×") for b in buckets),
            ),
            tuple(
                (
                    ROLE_NAMES[role],
                    role_value[role].n,
                    Mean(role_value[role]),
                    *(_share_or_dash(count_rates[role].get(b)) for b in buckets),
                )
                for role in ROLES
            ),
        )
        landscapes = Table(
            (
                Column("type"),
                Column("at stake (times)", numeric=True),
                Column("changed hands", numeric=True),
                Column("changed hands when at stake", numeric=True),
                Column("per game", numeric=True),
                Column("games with a change", numeric=True),
            ),
            tuple(
                (
                    star[t],
                    at_stake[t],
                    flips[t],
                    Percent(flips[t] / at_stake[t] if at_stake[t] else math.nan),
                    Fixed(flips[t] / n_games if n_games else math.nan),
                    games_flipped[t],
                )
                for t in types
            ),
        )
        valued = sorted((r for r in ROLES if role_value[r].n), key=lambda r: -role_value[r].mean)
        return BalanceReport(
            title=f"Verräter balance report ({n_games} games, {players} players)",
            games=n_games,
            intro=(
                caveat,
                fair_share(fair),
            ),
            sections=(
                Section("Seat and start-player advantage", (advantage,)),
                Section(
                    "Value of each role when taken",
                    (
                        Paragraph(
                            "VP the holder gained in that round (conquest and role bonus; trading posts "
                            "score at the end and are left out), and the game win rate of seats by how "
                            "many times they took the role."
                        ),
                        roles,
                    ),
                ),
                Section(
                    "Landscapes changing hands",
                    (Paragraph(f"{total_rounds} conflicts in {n_games} games."), landscapes),
                ),
            ),
            figures=(
                win_rate_figure("seat", by_seat, fair),
                RateFigure(
                    "win_rate_by_turn_order",
                    "Win rate by position after the start player (95% CI)",
                    tuple(by_order),
                    fair,
                ),
                RateFigure(
                    "win_rate_by_starting_allegiance",
                    "Win rate by starting house (95% CI)",
                    tuple(by_house),
                    fair,
                ),
                BarFigure(
                    "role_value",
                    "VP gained in the round, by role taken (95% CI)",
                    tuple(ROLE_NAMES[r] for r in ROLES),
                    tuple(_or_zero(role_value[r].mean) for r in ROLES),
                    ylabel="mean VP in the round",
                    errors=tuple(_or_zero(role_value[r].half) for r in ROLES),
                ),
                BarFigure(
                    "landscape_flips",
                    "Landscape changes of hands per game, by type (* = estimated VP)",
                    tuple(star[t] for t in types),
                    tuple(flips[t] / n_games if n_games else 0.0 for t in types),
                    ylabel="flips per game",
                ),
            ),
            highlights=(
                *rates_highlight("win rate by position after start player", by_order),
                *rates_highlight("win rate by starting house", by_house),
                *(
                    [
                        Highlight(
                            "mean VP in the round by role",
                            items=tuple((ROLE_NAMES[r], Fixed(role_value[r].mean)) for r in valued),
                        )
                    ]
                    if valued
                    else []
                ),
                Highlight(
                    "caveat",
                    f"VP circles are estimated for {', '.join(estimated) or 'no'} landscape types",
                ),
            ),
        )


def _role_values(
    done: Sequence[Mapping[str, Any]], players: int
) -> tuple[dict[str, stats.MeanCI], list[str], dict[str, dict[str, stats.Rate]]]:
    """Per role: the VP its holder gained in that round, the buckets of times a seat took it in a
    game, and the game win rate of seats by that bucket."""
    round_vp: dict[str, list[float]] = {r: [] for r in ROLES}
    taken_and_credit: dict[str, list[tuple[int, float]]] = {r: [] for r in ROLES}
    for row in done:
        taken = [dict.fromkeys(ROLES, 0) for _ in range(players)]
        for rnd in row["facts"]["rounds"]:
            if rnd["roles"] is None:
                continue
            for seat, role in enumerate(rnd["roles"]):
                if role in round_vp:
                    round_vp[role].append(float(rnd["vp"][seat]))
                    taken[seat][role] += 1
        for seat in range(players):
            credit = stats.win_credit(row, seat)
            for role in ROLES:
                taken_and_credit[role].append((taken[seat][role], credit))
    most = max((c for pairs in taken_and_credit.values() for c, _ in pairs), default=0)
    # 0, 1, 2 and 3+ times, up to the most any seat took a role (every bucket up to it shown)
    buckets = [str(c) for c in range(min(most + 1, 3))] + (["3+"] if most >= 3 else [])
    count_rates: dict[str, dict[str, stats.Rate]] = {}
    for role, pairs in taken_and_credit.items():
        tally: dict[str, tuple[int, float]] = {}
        for times, credit in pairs:
            n, wins = tally.get(_count_bucket(times), (0, 0.0))
            tally[_count_bucket(times)] = (n + 1, wins + credit)
        count_rates[role] = {b: stats.rate(b, wins, n) for b, (n, wins) in tally.items()}
    return {role: stats.mean_ci(vs) for role, vs in round_vp.items()}, buckets, count_rates


def _landscape_changes(
    done: Sequence[Mapping[str, Any]], types: Sequence[str]
) -> tuple[dict[str, int], dict[str, int], dict[str, int], int]:
    """Per landscape type: times at stake, times it changed hands, games in which it did; and
    the number of conflicts."""
    at_stake = dict.fromkeys(types, 0)
    flips = dict.fromkeys(types, 0)
    games_flipped = dict.fromkeys(types, 0)
    total_rounds = 0
    for row in done:
        seen: set[str] = set()
        for rnd in row["facts"]["rounds"]:
            total_rounds += 1
            for t in rnd["site"] or ():
                at_stake[t] = at_stake.get(t, 0) + 1
            for t in rnd["flips"]:
                flips[t] = flips.get(t, 0) + 1
                seen.add(t)
        for t in seen:
            games_flipped[t] = games_flipped.get(t, 0) + 1
    return at_stake, flips, games_flipped, total_rounds


def _share_or_dash(rate: stats.Rate | None) -> Cell:
    return "—" if rate is None else Share(rate, with_games=True)


def _or_zero(x: float) -> float:
    return x if math.isfinite(x) else 0.0  # no value draws as an empty bar
