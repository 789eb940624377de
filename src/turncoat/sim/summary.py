"""What a finished simulation writes: the summary (ratings, win rates, scores), its Markdown
and JSON forms, the plots, and the game's balance report.

Everything is computed from the result rows in game order, so the same master seed gives the
same summary whichever executor played the games.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from turncoat.core.engine import Game
from turncoat.core.stats import Rate, rates_by_group, rates_by_seat
from turncoat.sim import output, plots, report, stats
from turncoat.sim.runner import GameResult, SimSpec, game_for


def _rates_json(rates: Sequence[Rate]) -> list[dict[str, Any]]:
    return [msgspec.to_builtins(r) for r in rates]


def summarize(rows: Sequence[Mapping[str, Any]], spec: SimSpec, game: Game[Any, Any, Any]) -> dict[str, Any]:
    """Every statistic of the run (no timing: the same master seed gives the same summary)."""
    labels = list(dict.fromkeys(spec.labels))
    groups = {name: _rates_json(rates_by_group(rows, name)) for name in stats.seat_group_names(rows)}
    failed = [r for r in rows if r.get("error") is not None]
    balanced = spec.games % len(spec.agents) == 0
    return {
        "game": spec.game,
        "options": spec.options,
        "players": len(spec.agents),
        "agents": list(spec.agents),
        "labels": labels,
        "master_seed": spec.master_seed,
        "games": spec.games,
        "finished": len(rows) - len(failed),
        "failed": len(failed),
        "failures": [
            {
                "index": r["index"],
                "seed": r["seed"],
                "seating": r["seating"],
                "error": r["error"].splitlines()[0],
            }
            for r in failed
        ],
        "seating_balanced": balanced,
        "decisions": sum(int(r["decisions"]) for r in rows),
        "ratings": [msgspec.to_builtins(r) for r in stats.ratings(rows, labels)],
        "win_rates": {
            "by_agent": _rates_json(stats.rates_by_agent(rows)),
            "by_seat": _rates_json(rates_by_seat(rows)),
            **{f"by_{name.replace(' ', '_')}": value for name, value in groups.items()},
        },
        "scores": {
            "by_agent": [
                msgspec.to_builtins(stats.score_stats(k, v)) for k, v in stats.scores_by_agent(rows).items()
            ],
            "by_seat": [
                msgspec.to_builtins(stats.score_stats(k, v)) for k, v in stats.scores_by_seat(rows).items()
            ],
        },
        "estimated_content": list(game.content.estimated_paths),
    }


def _pct(rate: Mapping[str, Any]) -> str:
    return f"{100 * rate['rate']:.1f}% [{100 * rate['low']:.1f}, {100 * rate['high']:.1f}]"


def summary_markdown(summary: Mapping[str, Any]) -> str:
    lines = [
        f"# Simulation: {summary['game']}, {summary['games']} games",
        "",
        f"Agents (slot labels): {', '.join(summary['labels'])}; {summary['players']} players; "
        f"master seed {summary['master_seed']}.  Finished {summary['finished']}, failed {summary['failed']}.",
        "",
        "Win rates count a shared win as 1/k for each of the k winners; intervals are 95% Wilson.",
        "",
        "## Ratings (openskill Plackett-Luce)",
        "",
        "| agent | mu | sigma | ordinal (mu-3σ) | games |",
        "|---|---:|---:|---:|---:|",
        *(
            f"| {r['agent']} | {r['mu']:.2f} | {r['sigma']:.2f} | {r['ordinal']:.2f} | {r['games']} |"
            for r in summary["ratings"]
        ),
    ]
    for key, rates in summary["win_rates"].items():
        lines += [
            "",
            f"## Win rate {key.replace('_', ' ')}",
            "",
            "| group | games | wins | win rate [95% CI] |",
        ]
        lines += ["|---|---:|---:|---|"]
        lines += [f"| {r['group']} | {r['games']} | {r['wins']:.2f} | {_pct(r)} |" for r in rates]
    for key, rows in summary["scores"].items():
        lines += [
            "",
            f"## Scores {key.replace('_', ' ')}",
            "",
            "| group | n | mean | sd | min | q25 | median | q75 | max |",
        ]
        lines += ["|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        lines += [
            f"| {s['group']} | {s['n']} | {s['mean']:.2f} | {s['std']:.2f} | {s['min']:g} | {s['q25']:g} | "
            f"{s['median']:g} | {s['q75']:g} | {s['max']:g} |"
            for s in rows
        ]
    if summary["failures"]:
        lines += ["", "## Failed games", ""]
        lines += [f"- game {f['index']} (seed {f['seed']}): {f['error']}" for f in summary["failures"]]
    if summary["estimated_content"]:
        lines += [
            "",
            f"Note: {len(summary['estimated_content'])} content values are estimated, not printed values "
            "(see `turncoat content`); scores depend on them.",
        ]
    return "\n".join(lines) + "\n"


def _finite(value: Any) -> Any:
    """JSON has no NaN: empty statistics become null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


def write_plots(out_dir: Path, rows: Sequence[Mapping[str, Any]], summary: Mapping[str, Any]) -> list[Path]:
    plot_dir = out_dir / "plots"
    try:
        plot_dir.mkdir(exist_ok=True)
    except OSError as exc:
        raise output.OutputError(f"cannot create {plot_dir}: {exc.strerror or exc}") from exc
    fair = 1.0 / summary["players"]
    paths = []
    for key in summary["win_rates"]:
        rates = [msgspec.convert(r, Rate) for r in summary["win_rates"][key]]
        path = plot_dir / f"win_rate_{key}.png"
        plots.rate_bars(path, f"Win rate {key.replace('_', ' ')} (95% Wilson CI)", rates, reference=fair)
        paths.append(path)
    for name, groups in (("agent", stats.scores_by_agent(rows)), ("seat", stats.scores_by_seat(rows))):
        path = plot_dir / f"scores_by_{name}.png"
        plots.histograms(path, f"Final scores by {name}", groups)
        paths.append(path)
    path = plot_dir / "ratings.png"
    plots.rating_bars(path, [msgspec.convert(r, stats.Rating) for r in summary["ratings"]])
    paths.append(path)
    return paths


def write_results(
    out_dir: Path,
    results: Sequence[GameResult],
    spec: SimSpec,
    game: Game[Any, Any, Any],
    timing: Mapping[str, Any],
) -> dict[str, Any]:
    """Write results, summary and plots (each atomically); return the summary."""
    rows = [r.row() for r in results]
    summary = _finite(summarize(rows, spec, game))
    output.write_text(out_dir / "results.jsonl", output.jsonl(rows))
    output.write_text(out_dir / "results.csv", output.results_csv(rows))
    write_plots(out_dir, rows, summary)
    output.write_text(out_dir / "summary.md", summary_markdown(summary))
    output.write_json(out_dir / "summary.json", {**summary, "timing": dict(timing), "complete": True})
    return dict(summary)


def write_balance_report(out_dir: Path, results: Sequence[GameResult], spec: SimSpec) -> list[str]:
    """The game's balance report (build_spec has checked that the game offers one)."""
    return report.write_balance_report(game_for(spec), [r.row() for r in results], out_dir)
