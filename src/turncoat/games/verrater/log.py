"""A readable English game log, built only from events a viewer may see."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from turncoat.core.actions import Event, Viewer, redact
from turncoat.games.verrater import events as E
from turncoat.games.verrater.notation import ROLE_NAMES, SIDE_NAMES, with_article

HOUSE = {"eagle": "Eagles", "rose": "Roses"}


def seat_list(seats: Iterable[int]) -> str:
    """ "seat 1", "seat 1 and seat 3", "seat 0, seat 1 and seat 2" (names replace "seat N" later)."""
    named = [f"seat {p}" for p in seats]
    return " and ".join(named) if len(named) < 3 else f"{', '.join(named[:-1])} and {named[-1]}"


def conquest_vp(winners: tuple[int, ...], vp_each: int) -> str:
    """RULES §5 step 6: each supporter of the winning house scores the conquered card's VP; the
    verb agrees with how many there are (GAP-18: there may be none)."""
    if not winners:
        return "nobody supports them, so nobody scores."
    if len(winners) == 1:
        return f"{seat_list(winners)} scores {vp_each} VP."
    return f"{seat_list(winners)} score {vp_each} VP each."


def _roles(roles: Iterable[str]) -> str:
    return ", ".join(ROLE_NAMES.get(r, r) for r in roles)


def describe_event(event: Event, types: tuple[str, ...] = ()) -> str | None:
    """One line for an event, or None for events that only matter to the engine."""

    def land(i: int) -> str:
        return f"landscape {i} ({types[i]})" if types else f"landscape {i}"

    match event:
        case E.GameSetUp(start_player=sp, strategist=st, allegiance=al, types=ts, owners=ow):
            ring = ", ".join(f"{i}:{t}/{o}" for i, (t, o) in enumerate(zip(ts, ow, strict=True)))
            sides = ", ".join(f"seat {p} {HOUSE[h]}" for p, h in enumerate(al))
            return (
                f"Setup: seat {sp} starts, seat {st} holds the strategy card. "
                f"Allegiances: {sides}. Ring: {ring}"
            )
        case E.EstatePlaced(seat=p, landscape=i):
            return f"Seat {p} places an estate under {land(i)}."
        case E.RoundStarted(round=r, start_player=sp, strategist=st, final=final):
            extra = " (final round)" if final else ""
            return f"— Round {r}{extra}: seat {sp} starts, seat {st} holds the strategy card."
        case E.ConflictSiteChosen(seat=p, eagle_landscape=a, rose_landscape=b):
            return f"Seat {p} sets the conflict: Eagle {land(a)} against Rose {land(b)}."
        case E.RoleRemoved(role=r):
            return f"(You can tell the removed action card is the {ROLE_NAMES.get(r, r)}.)"
        case E.PacketHandedOver(seat=p, roles=rs):
            return f"Seat {p} is handed: {_roles(rs)}."
        case E.RoleKept(seat=p, role=r):
            return f"Seat {p} keeps the {ROLE_NAMES.get(r, r)}." if r else f"Seat {p} keeps an action card."
        case E.SupplyCommitted(seat=p, value=v):
            return f"Seat {p} commits {with_article(v)}."
        case E.CommittingFinished(seat=p, total=t):
            return f"Seat {p} is done committing (total {t})."
        case E.RolesRevealed(roles=rs):
            return (
                "Action cards revealed: "
                + ", ".join(f"seat {p} {ROLE_NAMES.get(r, r)}" for p, r in enumerate(rs))
                + "."
            )
        case E.AllegianceFlipped(seat=p, house=h):
            return f"Seat {p} is the Traitor and now supports the {HOUSE[h]}!"
        case E.ConflictResolved(eagle_strength=es, rose_strength=rs, winner=w, winners=ws, vp_each=vp):
            if w is None:
                return f"Conflict: Eagles {es} against Roses {rs}, a tie; nothing changes hands."
            return f"Conflict: Eagles {es} against Roses {rs}. The {HOUSE[w]} win; {conquest_vp(ws, vp)}"
        case E.VictoryPointsScored(seat=p, points=pts, reason=why) if why != "conquest":
            label = {
                "traitor": "as Traitor",
                "strategist": "as Strategist",
                "trading_posts": "for trading posts",
            }[why]
            return f"Seat {p} scores {pts} VP {label}."
        case E.LandscapeFlipped(landscape=i, house=h):
            return f"{land(i).capitalize()} now belongs to the {HOUSE[h]}."
        case E.FinalRoundDeclared(house=h):
            return f"The {HOUSE[h]} hold all twelve landscapes: this is the last round."
        case E.BuildingPlaced(seat=p, landscape=i, side=side):
            return f"Seat {p} (Builder) builds {with_article(SIDE_NAMES[side])} under {land(i)}."
        case E.BuildingConverted(seat=p, landscape=i, side=side):
            return f"Seat {p} (Builder) turns the card under {land(i)} into {with_article(SIDE_NAMES[side])}."
        case E.BuildingMoved(seat=p, from_landscape=a, to_landscape=b):
            return f"Seat {p} (Builder) moves a building from {land(a)} to {land(b)}."
        case E.BuildingSkipped(seat=p):
            return f"Seat {p} (Builder) builds nothing."
        case E.StrategyCardTaken(seat=p):
            return f"Seat {p} takes the strategy card."
        case E.DiscardPileReshuffled(cards=n):
            return f"The discard pile ({n} cards) is shuffled into a new draw pile."
        case E.SupplyDrawn(seat=p, count=n, reason=why, values=vs):
            if n == 0:
                return None
            source = {"farmer": "as Farmer", "estates": "from estates", "diplomat_2": "as Diplomat +2"}[why]
            cards = f": {', '.join(map(str, vs))}" if vs is not None else ""
            return f"Seat {p} draws {n} card{'s' if n != 1 else ''} {source}{cards}."
        case E.HandLimitDiscard(seat=p, value=v):
            return (
                f"Seat {p} discards {with_article(v) if v is not None else 'a card face down'} (hand limit)."
            )
        case E.GameEnded(scores=sc, winners=ws):
            board = ", ".join(f"seat {p}: {v}" for p, v in enumerate(sc))
            return (
                f"Game over. Final scores {board}. Winner{'s' if len(ws) > 1 else ''}: "
                + ", ".join(f"seat {p}" for p in ws)
                + "."
            )
    return None


def visible(events: Iterable[Event], viewer: Viewer, omniscient: bool) -> list[Event]:
    """Redacted events; where a private copy exists for the viewer, drop the public twin."""
    shown = redact(events, viewer, omniscient=omniscient)
    private_kinds = {(type(e), getattr(e, "seat", None)) for e in shown if e.visible_to is not None}
    return [
        e
        for e in shown
        if e.visible_to is not None or (type(e), getattr(e, "seat", None)) not in private_kinds
    ]


def round_summaries(all_events: Iterable[Event], viewer: Viewer, omniscient: bool) -> list[dict[str, Any]]:
    """Per round: conflict site, roles (when revealed), strengths, winners and VP."""
    rounds: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for e in visible(all_events, viewer, omniscient):
        match e:
            case E.RoundStarted(round=r, start_player=sp, strategist=st):
                current = {"round": r, "start_player": sp, "strategist": st, "vp": {}}
                rounds.append(current)
            case E.ConflictSiteChosen(eagle_landscape=a, rose_landscape=b) if current is not None:
                current["site"] = [a, b]
            case E.RoleKept(seat=p, role=r) if current is not None and r is not None:
                current.setdefault("my_role", r)
            case E.RolesRevealed(roles=rs) if current is not None:
                current["roles"] = list(rs)
            case E.ConflictResolved(
                eagle_strength=es, rose_strength=rs, winner=w, winners=ws, vp_each=vp
            ) if current is not None:
                current.update(strength={"eagle": es, "rose": rs}, winner=w, winners=list(ws), vp_each=vp)
            case E.VictoryPointsScored(seat=p, points=pts) if current is not None:
                current["vp"][str(p)] = current["vp"].get(str(p), 0) + pts
    return rounds


def summary_lines(rounds: list[dict[str, Any]], types: tuple[str, ...]) -> list[str]:
    """One line per round from :func:`round_summaries`."""
    lines = []
    for r in rounds:
        parts = [f"Round {r['round']}: start seat {r['start_player']}"]
        if "site" in r:
            a, b = r["site"]
            parts.append(f"Eagle {types[a] if types else a} ({a}) vs Rose {types[b] if types else b} ({b})")
        if "roles" in r:
            parts.append(
                "roles " + ", ".join(f"{p}:{ROLE_NAMES.get(x, x)}" for p, x in enumerate(r["roles"]))
            )
        elif "my_role" in r:
            parts.append(f"my role {ROLE_NAMES.get(r['my_role'], r['my_role'])}")
        if "strength" in r:
            st = r["strength"]
            won = f"{HOUSE[r['winner']]} win" if r["winner"] else "tie"
            parts.append(f"{st['eagle']}-{st['rose']} {won}")
        if r["vp"]:
            parts.append("VP " + ", ".join(f"seat {p} +{v}" for p, v in sorted(r["vp"].items())))
        lines.append("; ".join(parts))
    return lines
