"""A readable English game log, built only from the events a viewer may see."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from turncoat.core import deals
from turncoat.core.actions import Event, Viewer, redact
from turncoat.games.rex import events as E


def _name(text: str) -> str:
    return text.replace("_", " ")


def _units(units: int, mech: int = 0) -> str:
    out = f"{units} unit{'s' if units != 1 else ''}"
    return out + (f" and {mech} mechanized" if mech else "")


def _losses(losses: tuple[tuple[int, int, int], ...]) -> str:
    return "; ".join(f"seat {seat} loses {_units(u, m)}" for seat, u, m in losses) or "nothing is hit"


def describe_event(event: Event) -> str | None:
    """One line for an event, or None for events that only matter to the engine."""
    match event:
        case E.BombardmentCardsDealt(values=v, first_player=fp):
            return f"Bombardment cards dealt {list(v)}: seat {fp} is first player."
        case E.RaceChosen(seat=p, race=r):
            return f"Seat {p} chooses the {_name(r).title()}."
        case E.RacesDealt(races=rs):
            return "Races dealt: " + ", ".join(f"seat {p} {_name(r).title()}" for p, r in enumerate(rs)) + "."
        case E.PredictionMade(seat=p, race=r, round=n):
            if r is None:
                return f"Seat {p} (Xxcha) makes a secret prediction."
            return f"You predict the {_name(r).title()} to win in round {n}."
        case E.TraitorsDealt(seat=p, count=n, leaders=ls):
            return (
                f"You are dealt traitors: {', '.join(ls)}." if ls else f"Seat {p} is dealt {n} traitor cards."
            )
        case E.TraitorKept(seat=p, leader=ld):
            return f"You keep the traitor card of {ld}." if ld else f"Seat {p} keeps a traitor card."
        case E.TraitorDraftDone():
            return "The other traitor cards are shuffled back."
        case E.FleetDialSet(seat=p):
            return f"Seat {p} sets the fleet dial."
        case E.FleetPlaced(dials=ds, sector=sec):
            shown = ", ".join(f"seat {p} {v}" for p, v in ds)
            return f"Fleet dials {shown}: the fleet starts in sector {sec}."
        case E.StrategyCardsDrawn(seat=p, count=n, cards=cs):
            return f"You draw {', '.join(cs)}." if cs else f"Seat {p} draws {n} strategy card(s)."
        case E.StrategyDeckReshuffled(cards=n):
            return f"The strategy discard pile becomes the new deck ({n} cards)."
        case E.InfluenceTaken(seat=p, amount=n):
            return f"Seat {p} takes {n} starting influence."
        case E.UnitsPlaced(seat=p, piece=pc, units=n):
            return f"Seat {p} places {_units(n)} in {_name(pc)}."
        case E.BetrayalCardDealt(seat=p, number=n):
            return f"You are dealt betrayal card {n}." if n else f"Seat {p} is dealt a betrayal card."
        case E.RoundStarted(round=n, first_player=fp):
            return f"Round {n} begins; seat {fp} is first player."
        case E.InfluenceCardDrawn(card=c):
            return f"Influence card: {_name(c)}."
        case E.InfluenceCardIgnored(card=c, reason=why):
            when = "round 1" if why == "round_1" else "second this phase"
            return f"{_name(c).capitalize()} has no effect ({when})."
        case E.InfluenceDeckReshuffled(cards=n):
            return f"The influence discards become the new deck ({n} cards)."
        case E.InfluencePlaced(piece=pc, amount=n, printed=printed):
            return (
                f"{n} influence on {_name(pc)}." if n else f"No influence on {_name(pc)} ({printed} printed)."
            )
        case E.SolOffensive(areas=areas, losses=ls, influence=inf):
            where = " and ".join(map(_name, areas))
            return f"Sol Offensive on {where}: {_losses(ls)}; {inf} influence destroyed."
        case E.OffensivesShuffledBack(cards=n):
            return f"{n} Sol Offensive card(s) shuffled back into the influence deck."
        case E.CeasefireOpened():
            return "Temporary Ceasefire: alliances and gifts may be made."
        case E.CeasefireEnded():
            return "The ceasefire ends."
        case deals.Given(giver=a, receiver=b, amount=n):
            return f"Seat {a} gives seat {b} {n} influence."
        case deals.DealProposed(proposal=prop):
            members = [str(p) for t in prop.terms if isinstance(t, deals.Ally) for p in t.members]
            who = ", ".join(members)
            return f"Seat {prop.proposer} proposes an alliance of seats {who} (proposal {prop.id})."
        case deals.DealAccepted(proposal=pid, seat=p):
            return f"Seat {p} accepts proposal {pid}."
        case deals.DealDeclined(proposal=pid, seat=p):
            return f"Seat {p} declines proposal {pid}."
        case deals.DealWithdrawn(proposal=pid, seat=p):
            return f"Seat {p} withdraws proposal {pid}."
        case deals.DealLapsed(proposal=pid):
            return f"Proposal {pid} lapses."
        case deals.AllianceFormed(members=ms):
            return f"Alliance formed: seats {', '.join(map(str, ms))}."
        case deals.AllianceLeft(seat=p, remaining=rest):
            left = f"; seats {', '.join(map(str, rest))} stay allied" if rest else ""
            return f"Seat {p} leaves the alliance{left}."
        case E.AuctionRowDrawn(count=n):
            return f"{n} strategy card(s) go up for auction."
        case E.StrategyCardInspected(card=c):
            return f"You look at the card on auction: {_name(c)}."
        case E.AuctionOpened(number=n, opener=p):
            return f"Auction {n}: seat {p} opens."
        case E.BidMade(seat=p, amount=n):
            return f"Seat {p} bids {n}."
        case E.BidPassed(seat=p, forced=forced):
            return f"Seat {p} passes{' (cannot bid)' if forced else ''}."
        case E.StrategyCardSold(seat=p, price=n, paid_to=to):
            return f"Seat {p} buys the card for {n}" + (f", paid to seat {to}." if to is not None else ".")
        case E.StrategyCardTaken(seat=p, bonus=bonus, card=c):
            what = "a bonus card" if bonus else "the card"
            return f"You take {_name(c)}." if c else f"Seat {p} takes {what}."
        case E.AuctionRowReturned(cards=n):
            return f"Nobody bids: {n} card(s) go back into the deck."
        case E.PhaseStarted(phase=ph):
            return f"{ph.capitalize()} phase."
        case E.Recruited(seat=p, units=u, mechanized=m, leader=ld, cost=c):
            extra = f" and {ld}" if ld else ""
            return f"Seat {p} recruits {_units(u, m)}{extra} for {c}."
        case E.HacanTurnTiming(seat=p, now=now, before=b):
            return f"Seat {p} (Hacan) {'takes the turn now' if now else 'waits'}, before seat {b}."
        case E.UnitsMoved(seat=p, origin=o, target=t, units=u, mechanized=m, lines=n):
            return f"Seat {p} moves {_units(u, m)} from {_name(o)} to {_name(t)} ({n} lines)."
        case E.UnitsLanded(seat=p, piece=pc, units=u, mechanized=m, cost=c, paid_to=to, origin=o):
            where = f" from {_name(o)}" if o else ""
            paid = f", paid to seat {to}" if to is not None else ""
            return f"Seat {p} lands {_units(u, m)}{where} in {_name(pc)} for {c}{paid}."
        case E.UnitsWithdrawn(seat=p, piece=pc, units=u, mechanized=m, cost=c):
            return f"Seat {p} withdraws {_units(u, m)} from {_name(pc)} for {c}."
        case E.EnvoySent(seat=p, sent=sent):
            return f"Seat {p} (Xxcha) sends an envoy to the Galactic Council." if sent else None
        case E.BattleStarted(area=a, aggressor=x, defender=y):
            return f"Battle in {_name(a)}: seat {x} attacks seat {y}."
        case E.PrescienceUsed(seat=p, part=part):
            return f"Seat {p} (Jol-Nar) asks to see the opponent's {part}."
        case E.PartForeseen(seat=p, part=part, shown=shown):
            return f"Seat {p} shows you the {part}: {shown}." if shown else f"Seat {p} settles the {part}."
        case E.BattlePlanPartSet():
            return None
        case E.BattlePlansRevealed(dials=ds, leaders=ls, slots=ss):
            slots = f", slots {' / '.join(ss)}" if ss else ""
            return f"Plans revealed: dials {ds[0]} / {ds[1]}, leaders {ls[0]} / {ls[1]}{slots}."
        case E.VoiceUsed(seat=p, play=play, kind=k, what=w):
            return f"Seat {p} (Xxcha) orders: {'play' if play else 'do not play'} {k} {w}."
        case E.BattleCardsRevealed(attack=a, defense=d):
            return f"Cards revealed: attack {a[0]} / {a[1]}, defense {d[0]} / {d[1]}."
        case E.TraitorRevealed(seat=p, leader=ld):
            return f"Seat {p} reveals a traitor: {ld}!"
        case E.LeaderKilled(leader=ld, cause=cause):
            return f"{ld} is killed ({cause})."
        case E.UnitsDestroyed(seat=p, area=a, units=u, mechanized=m):
            return f"Seat {p} loses {_units(u, m)} in {_name(a)}." if u or m else None
        case E.BattleFought(area=a, winner=w, strength=st):
            strengths = f" ({st[0]} to {st[1]})" if st else ""
            return f"Seat {w} wins the battle in {_name(a)}{strengths}." if w is not None else "Nobody wins."
        case E.CardsKept(seat=p, cards=cs):
            return f"Seat {p} keeps {', '.join(cs)}." if cs else f"Seat {p} keeps no card."
        case E.InfluenceCollected(seat=p, area=a, amount=n):
            return f"Seat {p} collects {n} influence" + (f" from {_name(a)}." if a else " support.")
        case E.BombardmentCardRevealed(value=v):
            return f"Bombardment card: {v}."
        case E.SectorBombarded(sector=sec, losses=ls, influence=inf):
            where = f"Sector {sec}" if sec else "The Sol"
            return f"{where}: {_losses(ls)}" + (f"; {inf} influence destroyed." if inf else ".")
        case E.FleetStopped(sector=sec):
            return f"The fleet stops in sector {sec}."
        case E.FirstPlayerPassed(first_player=fp):
            return f"Seat {fp} becomes first player."
        case E.LeadersRested():
            return None
        case E.PredictionFulfilled(seat=p, race=r, round=n):
            return f"The Xxcha (seat {p}) predicted the {_name(r).title()} in round {n}: they win instead!"
        case E.BetrayalAnswered(seat=p, number=n, met=met):
            if n is None:
                return f"Seat {p} shakes hands."
            return f"Seat {p} reveals betrayal card {n}: {'met' if met else 'not met'}."
        case E.CardWindowOpened(window=w, seats=ss):
            who = ", ".join(map(str, ss))
            return f"Strategy cards may be played now ({w} phase): seats {who} answer."
        case E.CardWindowAnswered():
            return None
        case E.StrategyCardPlayed(seat=p, card=c, effect=what):
            return f"Seat {p} plays {_name(c)}: {what}."
        case E.StrategyCardUnplayable(seat=p, card=c):
            return f"Seat {p}'s {_name(c)} comes too late and stays in hand."
        case E.FleetSabotaged(seat=p, sectors=n):
            return f"Seat {p} moves the fleet {n} sector{'s' if n != 1 else ''}."
        case E.ShieldDestroyed(area=a, losses=ls):
            return f"The shield of {_name(a)} is destroyed: {_losses(ls)}."
        case E.AbilityCancelled():
            return None  # the card's own line says what it cancels
        case E.EmergencyRecruited(seat=p, units=u, leader=ld):
            return f"Seat {p} recruits {ld if ld else _units(u)} for free."
        case E.AllySpared(seat=p, spare=spare):
            return f"Seat {p} (Sol) {'spares' if spare else 'does not spare'} their allies."
        case E.QuestionAnswered(seat=p, holder=h, kind=k, what=w, answer=yes):
            question = {
                "card": f"hold {_name(w)}",
                "traitor": f"hold the traitor card of {_name(w)}",
                "predicted_race": f"predict the {_name(w).title()}",
                "predicted_round": f"predict round {w}",
            }[k]
            return f"Seat {p} asks seat {h} whether they {question}: {'yes' if yes else 'no'}."
        case E.ConsentAsked(seat=p, owner=o, advantage=adv):
            return f"Seat {p} asks seat {o} for {_name(adv)}."
        case E.ConsentGiven(owner=o, advantage=adv, agree=agree):
            return f"Seat {o} {'agrees to' if agree else 'refuses'} {_name(adv)}."
        case E.GameWon(winners=ws, victory=how, round=n):
            who = ", ".join(f"seat {p}" for p in ws) or "nobody"
            return f"Round {n}: {who} win(s) ({_name(how)})."
    return None


def visible(events: Iterable[Event], viewer: Viewer, omniscient: bool) -> list[Event]:
    return redact(events, viewer, omniscient=omniscient)


def render_log(events: Iterable[Event], viewer: Viewer, omniscient: bool = False) -> list[str]:
    return [line for e in visible(events, viewer, omniscient) if (line := describe_event(e)) is not None]


def round_summaries(
    events: Iterable[Event], viewer: Viewer, omniscient: bool = False
) -> list[dict[str, Any]]:
    """Per round: its number, first player, the battles' winners and the game's end if it ended."""
    out: list[dict[str, Any]] = []
    for e in visible(events, viewer, omniscient):
        if isinstance(e, E.RoundStarted):
            out.append({"round": e.round, "first_player": e.first_player, "battles": [], "winners": None})
        elif isinstance(e, E.BattleFought) and out:
            out[-1]["battles"].append({"area": e.area, "winner": e.winner})
        elif isinstance(e, E.GameWon) and out:
            out[-1]["winners"] = list(e.winners)
            out[-1]["victory"] = e.victory
    return out


def summary_lines(summaries: list[dict[str, Any]]) -> list[str]:
    lines = []
    for s in summaries:
        battles = ", ".join(f"{_name(b['area'])}: seat {b['winner']}" for b in s["battles"]) or "no battles"
        end = f"; won by {s['winners']} ({s['victory']})" if s.get("winners") is not None else ""
        lines.append(f"Round {s['round']} (first player seat {s['first_player']}): {battles}{end}.")
    return lines
