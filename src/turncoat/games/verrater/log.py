"""A readable English game log, built only from events a viewer may see."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from turncoat.core.actions import Event, Viewer, redact
from turncoat.core.present import Line, SeatRef, Span, line
from turncoat.games.verrater.events import (
    AllegianceFlipped,
    BuildingConverted,
    BuildingMoved,
    BuildingPlaced,
    BuildingSkipped,
    CommittingFinished,
    ConflictResolved,
    ConflictSiteChosen,
    DiscardPileReshuffled,
    EstatePlaced,
    FinalRoundDeclared,
    GameEnded,
    GameSetUp,
    HandLimitDiscard,
    LandscapeFlipped,
    PacketHandedOver,
    RoleKept,
    RoleRemoved,
    RolesRevealed,
    RoundStarted,
    StrategyCardTaken,
    SupplyCommitted,
    SupplyDrawn,
    VictoryPointsScored,
)
from turncoat.games.verrater.notation import ROLE_NAMES, SIDE_NAMES, with_article

HOUSE = {"eagle": "Eagles", "rose": "Roses"}


def seat_list(seats: Iterable[int]) -> list[Span]:
    """Seats as one phrase: "seat 1 and seat 3", "seat 0, seat 1 and seat 2" (as references)."""
    named = [SeatRef(p) for p in seats]
    out: list[Span] = []
    for k, ref in enumerate(named):
        if k:
            out.append(" and " if k == len(named) - 1 else ", ")
        out.append(ref)
    return out


def conquest_vp(winners: tuple[int, ...], vp_each: int) -> list[Span]:
    """RULES §5 step 6: each supporter of the winning house scores the conquered card's VP; the
    verb agrees with how many there are (GAP-18: there may be none)."""
    if not winners:
        return ["nobody supports them, so nobody scores."]
    if len(winners) == 1:
        return [*seat_list(winners), f" scores {vp_each} VP."]
    return [*seat_list(winners), f" score {vp_each} VP each."]


def _roles(roles: Iterable[str]) -> str:
    return ", ".join(ROLE_NAMES.get(r, r) for r in roles)


def _role(role: str) -> str:
    return ROLE_NAMES.get(role, role)


def event_line(
    event: Event, types: tuple[str, ...] = (), type_names: Mapping[str, str] | None = None
) -> Line | None:
    """One line for an event, seats as :class:`SeatRef`, or None for events that only matter to
    the engine.  ``types`` (from the setup event) adds each landscape's type, by its name in
    ``type_names`` where given."""

    def land(i: int) -> str:
        if not types or not 0 <= i < len(types):
            return f"landscape {i}"
        kind = types[i]
        return f"landscape {i} ({type_names.get(kind, kind) if type_names else kind})"

    match event:
        case GameSetUp(start_player=sp, strategist=st, allegiance=al, types=ts, owners=ow):
            ring = "; ".join(  # in words, house by house, in the ring's order
                f"the {HOUSE[house]} hold landscapes "
                + ", ".join(
                    f"{i} ({(type_names or {}).get(ts[i], ts[i])})" for i, o in enumerate(ow) if o == house
                )
                for house in dict.fromkeys(ow)
            )
            sides: list[Span] = []
            for p, h in enumerate(al):
                sides += [", " if p else "", SeatRef(p), f" {HOUSE[h]}"]
            return line(
                "Setup: ",
                SeatRef(sp),
                " starts, ",
                SeatRef(st),
                " holds the strategy card. Allegiances: ",
                *sides,
                f". The ring: {ring}.",
            )
        case EstatePlaced(seat=p, landscape=i):
            return line(SeatRef(p), f" places an estate under {land(i)}.")
        case RoundStarted(round=r, start_player=sp, strategist=st, final=final):
            extra = " (final round)" if final else ""
            return line(
                f"— Round {r}{extra}: ", SeatRef(sp), " starts, ", SeatRef(st), " holds the strategy card."
            )
        case ConflictSiteChosen(seat=p, eagle_landscape=a, rose_landscape=b):
            return line(SeatRef(p), f" sets the conflict: Eagle {land(a)} against Rose {land(b)}.")
        case RoleRemoved(role=r):
            return line(f"(You can tell the removed action card is the {_role(r)}.)")
        case PacketHandedOver(seat=p, roles=rs):
            return line(SeatRef(p), f" is handed: {_roles(rs)}.")
        case RoleKept(seat=p, role=r):
            return line(SeatRef(p), f" keeps the {_role(r)}." if r else " keeps an action card.")
        case SupplyCommitted(seat=p, value=v):
            return line(SeatRef(p), f" commits {with_article(v)}.")
        case CommittingFinished(seat=p, total=t):
            return line(SeatRef(p), f" is done committing (total {t}).")
        case RolesRevealed(roles=rs):
            held: list[Span] = []
            for p, r in enumerate(rs):
                held += [", " if p else "", SeatRef(p), f" {_role(r)}"]
            return line("Action cards revealed: ", *held, ".")
        case AllegianceFlipped(seat=p, house=h):
            return line(SeatRef(p), f" is the Traitor and now supports the {HOUSE[h]}!")
        case ConflictResolved(eagle_strength=es, rose_strength=rs, winner=w, winners=ws, vp_each=vp):
            if w is None:
                return line(f"Conflict: Eagles {es} against Roses {rs}, a tie; nothing changes hands.")
            return line(
                f"Conflict: Eagles {es} against Roses {rs}. The {HOUSE[w]} win; ", *conquest_vp(ws, vp)
            )
        case VictoryPointsScored(seat=p, points=pts, reason=why) if why != "conquest":
            label = {
                "traitor": "as Traitor",
                "strategist": "as Strategist",
                "trading_posts": "for trading posts",
            }[why]
            return line(SeatRef(p), f" scores {pts} VP {label}.")
        case LandscapeFlipped(landscape=i, house=h):
            return line(f"L{land(i)[1:]} now belongs to the {HOUSE[h]}.")
        case FinalRoundDeclared(house=h):
            return line(f"The {HOUSE[h]} hold all twelve landscapes: this is the last round.")
        case BuildingPlaced(seat=p, landscape=i, side=side):
            return line(SeatRef(p), f" (Builder) builds {with_article(SIDE_NAMES[side])} under {land(i)}.")
        case BuildingConverted(seat=p, landscape=i, side=side):
            return line(
                SeatRef(p),
                f" (Builder) turns the card under {land(i)} into {with_article(SIDE_NAMES[side])}.",
            )
        case BuildingMoved(seat=p, from_landscape=a, to_landscape=b):
            return line(SeatRef(p), f" (Builder) moves a building from {land(a)} to {land(b)}.")
        case BuildingSkipped(seat=p):
            return line(SeatRef(p), " (Builder) builds nothing.")
        case StrategyCardTaken(seat=p):
            return line(SeatRef(p), " takes the strategy card.")
        case DiscardPileReshuffled(cards=n):
            return line(f"The discard pile ({n} cards) is shuffled into a new draw pile.")
        case SupplyDrawn(seat=p, count=n, reason=why, values=vs):
            if n == 0:
                return None
            source = {"farmer": "as Farmer", "estates": "from estates", "diplomat_2": "as Diplomat +2"}[why]
            cards = f": {', '.join(map(str, vs))}" if vs is not None else ""
            return line(SeatRef(p), f" draws {n} card{'s' if n != 1 else ''} {source}{cards}.")
        case HandLimitDiscard(seat=p, value=v):
            what = with_article(v) if v is not None else "a card face down"
            return line(SeatRef(p), f" discards {what} (hand limit).")
        case GameEnded(scores=sc, winners=ws):
            board: list[Span] = []
            for p, v in enumerate(sc):
                board += [", " if p else "", SeatRef(p), f": {v}"]
            won: list[Span] = []
            for k, p in enumerate(ws):
                won += [", " if k else "", SeatRef(p)]
            return line(
                "Game over. Final scores ", *board, f". Winner{'s' if len(ws) > 1 else ''}: ", *won, "."
            )
    return None


def seat_words(text: Line) -> str:
    """A line in the engine's own words: seats as "seat N" ("Seat N" when it opens the line)."""
    return "".join(
        span if isinstance(span, str) else f"{'Seat' if k == 0 else 'seat'} {span.seat}"
        for k, span in enumerate(text)
    )


def describe_event(event: Event, types: tuple[str, ...] = ()) -> str | None:
    """One line of plain English for an event (seats as "seat N"), or None; the same sentence as
    :func:`event_line`, from which it is made."""
    said = event_line(event, types)
    return None if said is None else seat_words(said)


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
            case RoundStarted(round=r, start_player=sp, strategist=st):
                current = {"round": r, "start_player": sp, "strategist": st, "vp": {}}
                rounds.append(current)
            case ConflictSiteChosen(eagle_landscape=a, rose_landscape=b) if current is not None:
                current["site"] = [a, b]
            case RoleKept(seat=p, role=r) if current is not None and r is not None:
                current.setdefault("my_role", r)
            case RolesRevealed(roles=rs) if current is not None:
                current["roles"] = list(rs)
            case ConflictResolved(
                eagle_strength=es, rose_strength=rs, winner=w, winners=ws, vp_each=vp
            ) if current is not None:
                current.update(strength={"eagle": es, "rose": rs}, winner=w, winners=list(ws), vp_each=vp)
            case VictoryPointsScored(seat=p, points=pts) if current is not None:
                current["vp"][str(p)] = current["vp"].get(str(p), 0) + pts
    return rounds


def summary_line(
    r: Mapping[str, Any], types: tuple[str, ...], type_names: Mapping[str, str] | None = None
) -> Line:
    """One round of :func:`round_summaries` as a line, seats as :class:`SeatRef`: the start
    player, the conflict site (each landscape by its type, by its name in ``type_names`` where
    given), the action cards once revealed, the strengths and who scored."""

    def kind(i: int) -> str:
        if not types:
            return str(i)
        return type_names.get(types[i], types[i]) if type_names else types[i]

    parts: list[list[Span]] = [[f"Round {r['round']}: start ", SeatRef(r["start_player"])]]
    if "site" in r:
        a, b = r["site"]
        parts.append([f"Eagle {kind(a)} ({a}) vs Rose {kind(b)} ({b})"])
    if "roles" in r:
        held: list[Span] = ["roles "]
        for p, role in enumerate(r["roles"]):
            held += [", " if p else "", SeatRef(p), f" {_role(role)}"]
        parts.append(held)
    elif "my_role" in r:
        parts.append([f"my role {_role(r['my_role'])}"])
    if "strength" in r:
        st = r["strength"]
        won = f"{HOUSE[r['winner']]} win" if r["winner"] else "tie"
        parts.append([f"{st['eagle']}-{st['rose']} {won}"])
    if r["vp"]:
        scored: list[Span] = ["VP "]
        for k, (p, v) in enumerate(sorted((int(p), v) for p, v in r["vp"].items())):
            scored += [", " if k else "", SeatRef(p), f" +{v}"]
        parts.append(scored)
    spans: list[Span] = []
    for k, part in enumerate(parts):
        spans += ["; " if k else "", *part]
    return line(*spans)
