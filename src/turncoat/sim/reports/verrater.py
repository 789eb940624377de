"""The Verräter balance report: seat and start-player advantage, what each role is worth, and
how often each landscape type changes hands.

Per-game facts are gathered in the worker from the game's public events (a replay of the record
when ``--report`` asks for per-round facts; only the setup otherwise).  Victory-point values of
most landscape types are *estimated* in the content pack (the printed circles are not public),
so every VP-based number here is only as good as those estimates; the report says so.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from turncoat.core.engine import Game
from turncoat.core.record import GameRecord, replay
from turncoat.games.verrater import events as E
from turncoat.games.verrater.components import ROLES
from turncoat.games.verrater.notation import ROLE_NAMES
from turncoat.sim import plots, stats
from turncoat.sim.output import write_text

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def facts(game: Game[Any, Any, Any], seed: int, record: GameRecord | None, *, full: bool) -> dict[str, Any]:
    """Start player, starting allegiances and (with ``full``) each round's roles, VP and flips."""
    setup = next(e for e in game.start(seed).events if isinstance(e, E.GameSetUp))
    n = len(setup.allegiance)
    out: dict[str, Any] = {
        "start_player": setup.start_player,
        "seat_groups": {
            "starting allegiance": list(setup.allegiance),
            "turn order": [ORDINALS[(seat - setup.start_player) % n] for seat in range(n)],
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
            case E.RoundStarted(round=r, start_player=sp):
                rounds.append(
                    {"round": r, "start_player": sp, "roles": None, "vp": [0] * n, "site": None, "flips": []}
                )
            case E.ConflictSiteChosen(eagle_landscape=a, rose_landscape=b) if current is not None:
                current["site"] = [setup.types[a], setup.types[b]]
            case E.RolesRevealed(roles=roles) if current is not None:
                current["roles"] = list(roles)
            case E.VictoryPointsScored(seat=seat, points=points, reason=reason):
                if reason == "trading_posts" or current is None:
                    end_vp[seat] += points
                else:
                    current["vp"][seat] += points
            case E.LandscapeFlipped(landscape=i) if current is not None:
                current["flips"].append(setup.types[i])
    out["rounds"] = rounds
    out["end_vp"] = end_vp
    return out


def estimated_types(game: Game[Any, Any, Any]) -> list[str]:
    """Landscape types with at least one estimated VP circle."""
    found: dict[str, None] = {}
    for path in game.content.estimated_paths:
        parts = path.split(".")
        if len(parts) >= 3 and parts[0] == "landscape_types" and parts[2] == "victory_points":
            found.setdefault(parts[1], None)
    return list(found)


def _mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, stats.Z95 * math.sqrt(var / n)


def _fmt(x: float, digits: int = 2) -> str:
    return "n/a" if not math.isfinite(x) else f"{x:.{digits}f}"


def _pct(rate: stats.Rate) -> str:
    return f"{100 * rate.rate:.1f}% [{100 * rate.low:.1f}, {100 * rate.high:.1f}]"


def write_report(rows: Sequence[Mapping[str, Any]], game: Game[Any, Any, Any], out_dir: Path) -> list[str]:
    """Write ``balance-report.md`` and its plots into ``out_dir``; return a short summary."""
    done = [r for r in stats.finished(rows) if "rounds" in r.get("facts", {})]
    players = game.num_players()
    fair = 1.0 / players
    estimated = estimated_types(game)
    types = [t.id for t in game.content.data.landscape_types]
    star = {t: f"{t}*" if t in estimated else t for t in types}

    by_seat = stats.rates_by_seat(done)
    by_order = stats.rates_by_group(done, "turn order")
    by_house = stats.rates_by_group(done, "starting allegiance")

    # Role value: VP the holder gained in that round, and game win rate by how often a seat took it.
    round_vp: dict[str, list[float]] = {r: [] for r in ROLES}
    counts_rows: dict[str, list[tuple[int, float]]] = {r: [] for r in ROLES}
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
                counts_rows[role].append((taken[seat][role], credit))
    role_value = {role: _mean_ci(vs) for role, vs in round_vp.items()}
    max_count = max((c for pairs in counts_rows.values() for c, _ in pairs), default=0)
    buckets = [str(c) for c in range(min(max_count, 3))] + (["3+"] if max_count >= 3 else [])

    def bucket(c: int) -> str:
        return "3+" if c >= 3 else str(c)

    count_rates: dict[str, dict[str, stats.Rate]] = {}
    for role, pairs in counts_rows.items():
        agg: dict[str, tuple[int, float]] = {}
        for c, credit in pairs:
            n, w = agg.get(bucket(c), (0, 0.0))
            agg[bucket(c)] = (n + 1, w + credit)
        count_rates[role] = {}
        for b, (n, w) in agg.items():
            low, high = stats.wilson(w, n)
            count_rates[role][b] = stats.Rate(group=b, games=n, wins=w, rate=w / n, low=low, high=high)

    # Landscapes: how often each type is at stake, and how often it changes hands.
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
    n_games = len(done)

    # -- plots --------------------------------------------------------------------------------
    plots.rate_bars(
        out_dir / "win_rate_by_seat.png", "Win rate by seat (95% Wilson CI)", by_seat, reference=fair
    )
    plots.rate_bars(
        out_dir / "win_rate_by_turn_order.png",
        "Win rate by position after the start player (95% CI)",
        by_order,
        reference=fair,
    )
    plots.rate_bars(
        out_dir / "win_rate_by_starting_allegiance.png",
        "Win rate by starting house (95% CI)",
        by_house,
        reference=fair,
    )
    plots.value_bars(
        out_dir / "role_value.png",
        "VP gained in the round, by role taken (95% CI)",
        [ROLE_NAMES[r] for r in ROLES],
        [role_value[r][0] if math.isfinite(role_value[r][0]) else 0.0 for r in ROLES],
        ylabel="mean VP in the round",
        errors=[role_value[r][1] if math.isfinite(role_value[r][1]) else 0.0 for r in ROLES],
    )
    plots.value_bars(
        out_dir / "landscape_flips.png",
        "Landscape changes of hands per game, by type (* = estimated VP)",
        [star[t] for t in types],
        [flips[t] / n_games if n_games else 0.0 for t in types],
        ylabel="flips per game",
    )

    # -- markdown -------------------------------------------------------------------------------
    lines = [
        f"# Verräter balance report ({n_games} games, {players} players)",
        "",
        "> **Caveat — estimated VP circles.** The victory-point values of these landscape types are "
        f"estimated, not printed values: {', '.join(estimated) or 'none'} (marked *; "
        f"{len(game.content.estimated_paths)} estimated values in content pack `{game.content.id}`; see "
        "`turncoat content verrater`).  Every VP-based figure below depends on those estimates; run with "
        "`--content-override FILE` holding the printed values to measure the real game.",
        "",
        "Win rates count a shared win as 1/k; intervals are 95% Wilson intervals.  Fair share: "
        f"{100 * fair:.1f}%.",
        "",
        "## Seat and start-player advantage",
        "",
        "| grouping | group | games | win rate [95% CI] |",
        "|---|---|---:|---|",
        *(f"| seat | {r.group} | {r.games} | {_pct(r)} |" for r in by_seat),
        *(f"| position after start player | {r.group} | {r.games} | {_pct(r)} |" for r in by_order),
        *(f"| starting allegiance | {r.group} | {r.games} | {_pct(r)} |" for r in by_house),
        "",
        "## Value of each role when taken",
        "",
        "VP the holder gained in that round (conquest and role bonus; trading posts score at the end and "
        "are left out), and the game win rate of seats by how many times they took the role.",
        "",
        "| role | times taken | mean VP in round ± 95% | "
        + " | ".join(f"win rate, taken {b}×" for b in buckets)
        + " |",
        "|---|---:|---:|" + "---|" * len(buckets),
    ]
    for role in ROLES:
        mean, half = role_value[role]
        cells = []
        for b in buckets:
            rate = count_rates[role].get(b)
            cells.append(f"{_pct(rate)} (n={rate.games})" if rate else "—")
        lines.append(
            f"| {ROLE_NAMES[role]} | {len(round_vp[role])} | {_fmt(mean)} ± {_fmt(half)} | "
            + " | ".join(cells)
            + " |"
        )
    lines += [
        "",
        "## Landscapes changing hands",
        "",
        f"{total_rounds} conflicts in {n_games} games.",
        "",
        "| type | at stake (times) | changed hands | changed hands when at stake | per game "
        "| games with a change |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for t in types:
        when = flips[t] / at_stake[t] if at_stake[t] else math.nan
        lines.append(
            f"| {star[t]} | {at_stake[t]} | {flips[t]} | {_fmt(100 * when, 1)}% | "
            f"{_fmt(flips[t] / n_games if n_games else math.nan)} | {games_flipped[t]} |"
        )
    lines += ["", "Plots: " + ", ".join(p.name for p in sorted(out_dir.glob("*.png")))]
    write_text(out_dir / "balance-report.md", "\n".join(lines) + "\n")

    summary = [f"Balance report: {out_dir / 'balance-report.md'} ({n_games} games)"]
    if by_order:
        summary.append(
            "  win rate by position after start player: "
            + ", ".join(f"{r.group} {_pct(r)}" for r in by_order)
        )
    if by_house:
        summary.append("  win rate by starting house: " + ", ".join(f"{r.group} {_pct(r)}" for r in by_house))
    best = sorted((r for r in ROLES if math.isfinite(role_value[r][0])), key=lambda r: -role_value[r][0])
    if best:
        summary.append(
            "  mean VP in the round by role: "
            + ", ".join(f"{ROLE_NAMES[r]} {role_value[r][0]:.2f}" for r in best)
        )
    summary.append(f"  caveat: VP circles are estimated for {', '.join(estimated) or 'no'} landscape types")
    return summary
