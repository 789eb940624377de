"""A replay's digest of StarCraft (``Game.round_summaries`` / ``render_summary``): per round, its
first player, the battles and who held each area, the conquest points scored, and the end.  Read
only from the events the viewer may see (``core.actions.redact``); every fact here is public."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from turncoat.core.actions import Event, Viewer, redact
from turncoat.core.present import Line, SeatRef, Span, line
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft import log
from turncoat.games.starcraft.context import Ctx


def round_summaries(
    events: Iterable[Event], viewer: Viewer, omniscient: bool = False
) -> list[dict[str, Any]]:
    """Per round: its number, first player, the battles (area, winner or -1), CP scored per seat,
    and the winners and victory if the game ended in it.  Setup counts as round 0."""
    out: list[dict[str, Any]] = [{"round": 0, "first_player": None, "battles": [], "cp": {}, "winners": None}]
    for e in redact(events, viewer, omniscient=omniscient):
        if isinstance(e, E.GameSetUp):
            out[-1]["first_player"] = e.first_player
        elif isinstance(e, E.RoundStarted):
            out.append(
                {"round": e.round, "first_player": e.first_player, "battles": [], "cp": {}, "winners": None}
            )
        elif isinstance(e, E.BattleEnded):
            out[-1]["battles"].append({"area": e.area, "winner": e.winner})
        elif isinstance(e, E.ConquestPointsScored):
            out[-1]["cp"][str(e.seat)] = e.total
        elif isinstance(e, E.GameWon):
            out[-1]["winners"] = list(e.winners)
            out[-1]["victory"] = e.victory
    return out


def summary_lines(ctx: Ctx, summaries: list[dict[str, Any]]) -> list[Line]:
    """One line per round, seats as references."""
    lines: list[Line] = []
    for s in summaries:
        parts: list[Span] = ["Setup" if s["round"] == 0 else f"Round {s['round']}"]
        if s["first_player"] is not None:
            parts += [" (first player ", SeatRef(s["first_player"]), ")"]
        parts.append(": ")
        battles: list[Span] = []
        for i, b in enumerate(s["battles"]):
            battles += ["; " if i else "", f"{log.area_name(ctx, b['area'])} held by "]
            battles.append(SeatRef(b["winner"]) if b["winner"] >= 0 else "nobody")
        parts += battles or ["no battles"]
        if s["cp"]:
            parts.append("; CP now ")
            for i, (seat, total) in enumerate(sorted(s["cp"].items())):
                parts += [", " if i else "", SeatRef(int(seat)), f" {total}"]
        if s["winners"] == []:  # §16.4 [RULING]: the last players left the board together
            parts.append("; nobody wins")
        elif s["winners"] is not None:
            parts.append("; won by ")
            for i, seat in enumerate(s["winners"]):
                parts += [" and " if i else "", SeatRef(seat)]
            parts.append(f" ({log.VICTORIES.get(s['victory'], s['victory'])})")
        parts.append(".")
        lines.append(line(*parts))
    return lines
