"""A readable English game log, built only from the events a viewer may see, and the names a player
reads for the content's ids (shared with the presentation, which words the log for the frontends).

Seats are written "seat N" (counted from 0) here; the presentation (present.py) names them as
people chose.  Everything else a player reads is a name, never an id: areas by their Rex or
stand-in name, races as printed (Jol-Nar), cards, leaders, influence cards and victory types, the
estimated ones marked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from turncoat.core import deals
from turncoat.core.actions import Event, Viewer, redact
from turncoat.games.rex import events as E
from turncoat.games.rex.components import RexContent, load_content

ESTIMATED = " (estimated)"

VICTORY_NAMES = {
    "strongholds": "strongholds",
    "prediction": "the Xxcha prediction",
    "sol": "the Sol special victory",
    "hacan": "the Hacan special victory",
    "most_strongholds": "most strongholds after the last round",
    "none": "no winner",
    "betrayal": "a betrayal card",
}


def _strip_note(name: str) -> str:
    """A stand-in name without the pack's note on it ("... (name unknown)")."""
    return re.sub(r"\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*$", "", name).strip() or name


def _pieces_of(data: RexContent, area: str) -> tuple[str, ...]:
    return tuple(p.id for p in data.board.pieces if p.area == area)


class Names:
    """The display names of the content in play, estimated values marked: an area by its Rex name
    or its stand-in's, a race as printed (Jol-Nar), a card, a leader, an influence card."""

    def __init__(self, data: RexContent) -> None:
        self.race = {r.id: r.short_name for r in data.races}
        self.race_full = {r.id: r.name for r in data.races}
        self.race_help = {r.id: "; ".join(a.name for a in r.abilities) for r in data.races}
        self.leader: dict[str, str] = {}
        self.leader_strength: dict[str, str] = {}
        self.leader_race = {ld.id: r.id for r in data.races for ld in r.leaders}
        for r in data.races:
            for n, ld in enumerate(r.leaders, 1):
                name = ld.name.value or f"{r.short_name} leader {n}"
                self.leader[ld.id] = name + (ESTIMATED if ld.name.value and ld.name.estimated else "")
                mark = ", estimated" if ld.strength.estimated else ""
                self.leader_strength[ld.id] = f"strength {ld.strength.value}{mark}"
        self.card: dict[str, str] = {}
        self.card_help: dict[str, str] = {}
        for c in data.strategy_cards:
            name = c.name.value
            self.card[c.id] = _strip_note(name) + ESTIMATED if c.name.estimated else name
            self.card_help[c.id] = c.text.value + (ESTIMATED if c.text.estimated else "")
        self.area: dict[str, str] = {}
        for a in data.board.areas:
            name = a.name if a.rex_name_verified else (a.dune_territory or _strip_note(a.name))
            self.area[a.id] = name
        self.area_estimated = {a.id: not a.rex_name_verified for a in data.board.areas}
        self.piece: dict[str, str] = {}
        for p in data.board.pieces:
            several = len(_pieces_of(data, p.area)) > 1
            name = self.area[p.area] + (f" sector {p.sector}" if several and p.sector else "")
            self.piece[p.id] = name + (ESTIMATED if self.area_estimated[p.area] else "")
        self.piece_area = {p.id: p.area for p in data.board.pieces}
        self.influence: dict[str, str] = {}
        for card in data.influence_cards:
            if card.kind == "sol_offensive":
                self.influence[card.id] = "Sol Offensive"
            elif card.kind == "ceasefire":
                self.influence[card.id] = "Temporary Ceasefire"
            else:
                slots = " and ".join(f"{self.area[s.area.value]} {s.amount.value}" for s in card.slots)
                guessed = any(s.amount.estimated or s.area.estimated for s in card.slots)
                self.influence[card.id] = f"influence card {slots}" + (ESTIMATED if guessed else "")
        self.influence_amount_estimated = {
            s.piece.value for c in data.influence_cards for s in c.slots if s.amount.estimated
        }
        self.bombardment_estimated = any(c.value.estimated for c in data.bombardment_cards)
        self.start_influence_estimated = {r.id: r.starting_influence.estimated for r in data.races}
        self.start_units_estimated = {
            (r.id, p): s.units.estimated
            for r in data.races
            for s in r.starting_units
            for p in _pieces_of(data, s.area.value)
        }
        self.betrayal = {
            c.number.value: c.name.value or f"card {c.number.value}" for c in data.betrayal_cards
        }

    def area_name(self, area: str) -> str:
        return self.area.get(area, area.replace("_", " ")) + (
            ESTIMATED if self.area_estimated.get(area) else ""
        )

    def piece_name(self, piece: str | None) -> str:
        if piece is None:
            return "?"
        return self.piece.get(piece, piece.replace("_", " "))

    def race_name(self, race: str | None) -> str:
        return self.race.get(race, race.replace("_", " ").title()) if race else "?"

    def leader_name(self, leader: str | None, *, strength: bool = False, race: bool = False) -> str:
        """A leader by name (his race's when he has none of his own), with his strength if asked."""
        if leader is None or leader == "no leader":
            return "no leader"
        if leader == "stand_in_leader":
            return self.card.get(leader, "the stand-in card")
        name = self.leader.get(leader, leader.replace("_", " "))
        whose = self.race.get(self.leader_race.get(leader, ""), "")
        if race and whose and not name.startswith(whose):
            name += f" of the {whose}"
        return (
            f"{name} ({self.leader_strength[leader]})"
            if strength and leader in self.leader_strength
            else name
        )

    def card_name(self, card: str | None) -> str:
        if card is None or card == "none":
            return "no card"
        return self.card.get(card, card.replace("_", " "))


@cache
def base_names() -> Names:
    """The names of the base content pack (the engine's log when no game names its own)."""
    return Names(load_content().data)


def _units(units: int, mech: int = 0) -> str:
    out = f"{units} unit{'s' if units != 1 else ''}"
    return out + (f" and {mech} mechanized" if mech else "")


def _seats(seats: Iterable[int]) -> str:
    """Several seats, each written "seat N" (so the presentation can name every one)."""
    named = [f"seat {p}" for p in seats]
    return ", ".join(named[:-1]) + f" and {named[-1]}" if len(named) > 1 else "".join(named) or "nobody"


def _losses(losses: tuple[tuple[int, int, int], ...]) -> str:
    return "; ".join(f"seat {seat} loses {_units(u, m)}" for seat, u, m in losses) or "nothing is hit"


SLOT_WORDS = {
    "none": "no card",
    "attack": "an attack card",
    "defense": "a defense card",
    "both": "both cards",
}


def foreseen(n: Names, part: str, shown: str) -> str:
    """§18 (Jol-Nar): what the opponent showed: his dial, his leader with the card slot (the engine
    writes "leader, slot"), or the card he will play in that part."""
    if part == "leader":
        leader, _, slot = shown.partition(", ")
        return f"{n.leader_name(leader, strength=True)}, card slot: {SLOT_WORDS.get(slot, slot)}"
    if part in ("attack", "defense"):
        return n.card_name(shown)
    return shown


QUESTIONS = {
    "card": "hold the {}",
    "traitor": "hold the traitor card of {}",
    "predicted_race": "predict the {} to win",
    "predicted_round": "predict round {}",
}
# §17, GAPS C5: the windows where a Diplomatic Interference may cancel a race ability about to act.
ABILITY_WINDOWS = {
    "lazax_strategy_payments": "the Lazax's payment for a strategy card",
    "letnev_bonus_card": "Letnev's bonus card",
    "hacan_turn_timing": "the Hacan's change of turn order",
    "hacan_half_price": "the Hacan's half-price landing",
    "hacan_cross_landing": "the Hacan's cross-landing or withdrawal",
    "hacan_landing_fees": "the Hacan's landing fee",
    "sol_free_landing": "the Sol's free landing",
    "xxcha_council_envoys": "the Xxcha's envoy to the Galactic Council",
}
WINDOWS = {
    "influence": "the start of the Influence phase",
    "bombardment": "the start of the Bombardment phase",
    **ABILITY_WINDOWS,
}
ADVANTAGES = {
    "cross_landing": "a cross-landing with the Hacan's ally card",
    "lazax_recruits": "the Lazax paying for recruits beyond the limit",
}
ABILITIES = {
    "cancel jol nar prescience": "cancel Jol-Nar's prescience",
    "cancel xxcha voice": "cancel the Xxcha's order",
    "cancel lazax strategy payments": "the price goes to the pool, not to the Lazax",
    "cancel letnev bonus card": "Letnev draw no bonus card",
    "cancel hacan turn timing": "the Hacan keep their place in the order of play",
    "cancel hacan half price": "the Hacan pay the full landing price",
    "cancel hacan cross landing": "the Hacan's units stay where they are",
    "cancel hacan landing fees": "the landing fee goes to the pool, not to the Hacan",
    "cancel sol free landing": "the Sol's units stay in reserve",
    "cancel xxcha council envoys": "the Xxcha's envoy stays in reserve",
}


def describe_event(event: Event, names: Names | None = None) -> str | None:
    """One line for an event, or None for events that only matter to the engine; ``names`` are the
    game's (the base pack's when not given)."""
    n = names or base_names()
    match event:
        case E.BombardmentCardsDealt(values=v, first_player=fp):
            dealt = ", ".join(f"seat {p} {value}" for p, value in enumerate(v))
            return f"Bombardment cards dealt: {dealt}; seat {fp} is first player."
        case E.RaceChosen(seat=p, race=r):
            return f"Seat {p} chooses the {n.race_name(r)}."
        case E.RacesDealt(races=rs):
            return (
                "Races dealt: " + ", ".join(f"seat {p} the {n.race_name(r)}" for p, r in enumerate(rs)) + "."
            )
        case E.PredictionMade(seat=p, race=r, round=rnd):
            if r is None:
                return f"Seat {p} (Xxcha) makes a secret prediction."
            return f"You predict the {n.race_name(r)} to win in round {rnd}."
        case E.TraitorsDealt(seat=p, count=c, leaders=ls):
            if ls:
                return f"You are dealt traitor cards: {', '.join(map(n.leader_name, ls))}."
            return f"Seat {p} is dealt {c} traitor cards."
        case E.TraitorKept(seat=p, leader=ld):
            return (
                f"You keep the traitor card of {n.leader_name(ld)}."
                if ld
                else f"Seat {p} keeps a traitor card."
            )
        case E.TraitorDraftDone():
            return "The other traitor cards are shuffled back."
        case E.FleetDialSet(seat=p):
            return f"Seat {p} sets the fleet dial."
        case E.FleetPlaced(dials=ds, sector=sec):
            shown = ", ".join(f"seat {p} {v}" for p, v in ds)
            return f"Fleet dials {shown}: the fleet starts over sector {sec}."
        case E.StrategyCardsDrawn(seat=p, count=c, cards=cs):
            if cs:
                return f"You draw {', '.join(map(n.card_name, cs))}."
            return f"Seat {p} draws {c} strategy card{'s' if c != 1 else ''}."
        case E.StrategyDeckReshuffled(cards=c):
            return f"The strategy discard pile becomes the new deck ({c} cards)."
        case E.InfluenceTaken(seat=p, amount=a):
            return f"Seat {p} takes {a} starting influence."
        case E.UnitsPlaced(seat=p, piece=pc, units=u):
            return f"Seat {p} places {_units(u)} in {n.piece_name(pc)}."
        case E.BetrayalCardDealt(seat=p, number=num):
            return f"You are dealt betrayal card {num}." if num else f"Seat {p} is dealt a betrayal card."
        case E.RoundStarted(round=rnd, first_player=fp):
            return f"Round {rnd} begins; seat {fp} is first player."
        case E.InfluenceCardDrawn(card=c):
            return f"Drawn: {n.influence.get(c, c)}."
        case E.InfluenceCardIgnored(card=c, reason=why):
            when = "in round 1 it is set aside" if why == "round_1" else "the second this phase"
            return f"{n.influence.get(c, c)} has no effect ({when})."
        case E.InfluenceDeckReshuffled(cards=c):
            return f"The influence discards become the new deck ({c} cards)."
        case E.InfluencePlaced(piece=pc, amount=a, printed=printed):
            if a:
                return f"{a} influence on {n.piece_name(pc)}."
            return f"No influence on {n.piece_name(pc)} ({printed} on the card)."
        case E.SolOffensive(areas=areas, losses=ls, influence=inf):
            where = " and ".join(map(n.area_name, areas))
            return f"Sol Offensive on {where}: {_losses(ls)}; {inf} influence destroyed."
        case E.OffensivesShuffledBack(cards=c):
            return f"{c} Sol Offensive card(s) shuffled back into the influence deck."
        case E.CeasefireOpened():
            return "Temporary Ceasefire: alliances may be made and influence given."
        case E.CeasefireEnded():
            return "The ceasefire ends."
        case deals.Given(giver=a, receiver=b, amount=amount):
            return f"Seat {a} gives seat {b} {amount} influence."
        case deals.DealProposed(proposal=prop):
            members = [p for t in prop.terms if isinstance(t, deals.Ally) for p in t.members]
            return f"Seat {prop.proposer} proposes an alliance of {_seats(members)} (proposal {prop.id})."
        case deals.DealAccepted(proposal=pid, seat=p):
            return f"Seat {p} accepts proposal {pid}."
        case deals.DealDeclined(proposal=pid, seat=p):
            return f"Seat {p} declines proposal {pid}."
        case deals.DealWithdrawn(proposal=pid, seat=p):
            return f"Seat {p} withdraws proposal {pid}."
        case deals.DealLapsed(proposal=pid):
            return f"Proposal {pid} lapses."
        case deals.AllianceFormed(members=ms):
            return f"Alliance formed: {_seats(ms)}."
        case deals.AllianceLeft(seat=p, remaining=rest):
            left = f"; {_seats(rest)} stay allied" if rest else ""
            return f"Seat {p} leaves the alliance{left}."
        case E.AuctionRowDrawn(count=c):
            return f"{c} strategy card(s) go up for auction."
        case E.StrategyCardInspected(card=c):
            return f"You look at the card on auction: {n.card_name(c)}."
        case E.AuctionOpened(number=num, opener=p):
            return f"Auction {num}: seat {p} opens."
        case E.BidMade(seat=p, amount=a):
            return f"Seat {p} bids {a}."
        case E.BidPassed(seat=p, forced=forced):
            return f"Seat {p} passes{' (cannot bid)' if forced else ''}."
        case E.StrategyCardSold(seat=p, price=price, paid_to=to):
            return f"Seat {p} buys the card for {price}" + (
                f", paid to seat {to}." if to is not None else "."
            )
        case E.StrategyCardTaken(seat=p, bonus=bonus, card=c):
            what = "a bonus card" if bonus else "the card"
            return f"You take {n.card_name(c)}." if c else f"Seat {p} takes {what}."
        case E.AuctionRowReturned(cards=c):
            return f"Nobody bids: {c} card(s) go back into the deck."
        case E.PhaseStarted(phase=ph):
            return f"{ph.capitalize()} phase."
        case E.Recruited(seat=p, units=u, mechanized=m, leader=ld, cost=c):
            extra = f" and {n.leader_name(ld)}" if ld else ""
            return f"Seat {p} recruits {_units(u, m)}{extra} for {c}."
        case E.HacanTurnTiming(seat=p, now=now, before=b):
            return f"Seat {p} (Hacan) {'takes the turn now' if now else 'waits'}, before seat {b}."
        case E.UnitsMoved(seat=p, origin=o, target=t, units=u, mechanized=m, lines=ln):
            over = f"{ln} line" if ln == 1 else f"{ln} lines"
            return f"Seat {p} moves {_units(u, m)} from {n.piece_name(o)} to {n.piece_name(t)} ({over})."
        case E.UnitsLanded(seat=p, piece=pc, units=u, mechanized=m, cost=c, paid_to=to, origin=o):
            where = f" from {n.piece_name(o)}" if o else ""
            paid = f", paid to seat {to}" if to is not None else ""
            return f"Seat {p} lands {_units(u, m)}{where} in {n.piece_name(pc)} for {c}{paid}."
        case E.UnitsWithdrawn(seat=p, piece=pc, units=u, mechanized=m, cost=c):
            return f"Seat {p} withdraws {_units(u, m)} from {n.piece_name(pc)} for {c}."
        case E.EnvoySent(seat=p, sent=sent):
            return f"Seat {p} (Xxcha) sends an envoy to the Galactic Council." if sent else None
        case E.BattleStarted(area=a, aggressor=x, defender=y):
            return f"Battle in {n.area_name(a)}: seat {x} attacks seat {y}."
        case E.PrescienceUsed(seat=p, part=part):
            return f"Seat {p} (Jol-Nar) asks to see the opponent's {part}."
        case E.PartForeseen(seat=p, part=part, shown=shown):
            if not shown:
                return f"Seat {p} settles the {part}."
            return f"Seat {p} shows you the {part}: {foreseen(n, part, shown)}."
        case E.BattlePlanPartSet():
            return None
        case E.BattlePlansRevealed(dials=ds, leaders=ls, slots=ss):
            slots = f", card slots {' / '.join(SLOT_WORDS.get(x, x) for x in ss)}" if ss else ""
            leaders = f"{n.leader_name(ls[0])} / {n.leader_name(ls[1])}"
            return f"Plans revealed: dials {ds[0]} / {ds[1]}, leaders {leaders}{slots}."
        case E.VoiceUsed(seat=p, play=play, kind=k, what=w):
            thing = n.card_name(w) if k == "card" else f"a type {w} {k} card"
            return f"Seat {p} (Xxcha) orders: {'play' if play else 'do not play'} {thing}."
        case E.BattleCardsRevealed(attack=a, defense=d):
            return (
                f"Cards revealed: attack {n.card_name(a[0])} / {n.card_name(a[1])},"
                f" defense {n.card_name(d[0])} / {n.card_name(d[1])}."
            )
        case E.TraitorRevealed(seat=p, leader=ld):
            return f"Seat {p} reveals a traitor: {n.leader_name(ld)}!"
        case E.LeaderKilled(leader=ld, cause=cause):
            return f"{n.leader_name(ld)} is killed ({'by a card' if cause == 'card' else 'by treachery'})."
        case E.UnitsDestroyed(seat=p, area=a, units=u, mechanized=m):
            return f"Seat {p} loses {_units(u, m)} in {n.area_name(a)}." if u or m else None
        case E.BattleFought(area=a, winner=w, strength=st):
            strengths = f" ({st[0]} to {st[1]})" if st else ""
            if w is None:
                return f"Nobody wins the battle in {n.area_name(a)}."
            return f"Seat {w} wins the battle in {n.area_name(a)}{strengths}."
        case E.CardsKept(seat=p, cards=cs):
            return f"Seat {p} keeps {', '.join(map(n.card_name, cs))}." if cs else f"Seat {p} keeps no card."
        case E.InfluenceCollected(seat=p, area=a, amount=amount):
            return f"Seat {p} collects {amount} influence" + (
                f" from {n.area_name(a)}." if a else " support."
            )
        case E.BombardmentCardRevealed(value=v):
            return f"Bombardment card: {v}."
        case E.SectorBombarded(sector=sec, losses=ls, influence=inf):
            where = f"Sector {sec}" if sec else "The Sol"
            return f"{where}: {_losses(ls)}" + (f"; {inf} influence destroyed." if inf else ".")
        case E.FleetStopped(sector=sec):
            return f"The fleet stops over sector {sec}."
        case E.FirstPlayerPassed(first_player=fp):
            return f"Seat {fp} becomes first player."
        case E.LeadersRested() | E.StrongholdsHeld():
            return None
        case E.PredictionFulfilled(seat=p, race=r, round=rnd):
            return f"The Xxcha (seat {p}) predicted the {n.race_name(r)} in round {rnd}: they win instead!"
        case E.BetrayalAnswered(seat=p, number=num, met=met):
            if num is None:
                return f"Seat {p} shakes hands."
            return f"Seat {p} reveals betrayal card {num}: {'met' if met else 'not met'}."
        case E.CardWindowOpened(window=w, seats=ss):
            return f"Strategy cards may be played at {WINDOWS.get(w, w)}: {_seats(ss)} answer at once."
        case E.CardWindowAnswered():
            return None
        case E.StrategyCardPlayed(seat=p, card=c, effect=what):
            return f"Seat {p} plays the {n.card_name(c)}: {ABILITIES.get(what, what)}."
        case E.StrategyCardUnplayable(seat=p, card=c, visible_to=seen):
            if seen is not None:  # taken back unseen (§16.2): only its holder reads this line
                return f"Your {n.card_name(c)} can no longer act and stays in hand."
            return f"Seat {p}'s {n.card_name(c)} can no longer act and stays in hand."
        case E.FleetSabotaged(seat=p, sectors=k):
            return f"Seat {p} moves the fleet {k} sector{'s' if k != 1 else ''}."
        case E.ShieldDestroyed(seat=p, area=a, losses=ls):
            return f"Seat {p} destroys the shield at {n.area_name(a)}: {_losses(ls)}."
        case E.AbilityCancelled():
            return None  # the card's own line says what it cancels
        case E.EmergencyRecruited(seat=p, units=u, leader=ld):
            return f"Seat {p} brings back {n.leader_name(ld) if ld else _units(u)} for free."
        case E.AllySpared(seat=p, spare=spare):
            return f"Seat {p} (Sol) {'spare' if spare else 'do not spare'} their allies' units."
        case E.QuestionAnswered(seat=p, holder=h, kind=k, what=w, answer=yes):
            subject = (
                n.card_name(w)
                if k == "card"
                else n.leader_name(w)
                if k == "traitor"
                else n.race_name(w)
                if k == "predicted_race"
                else w
            )
            question = QUESTIONS.get(k, k.replace("_", " ") + " {}").format(subject)
            return f"Seat {p} asks seat {h}: do you {question}? {'Yes' if yes else 'No'}."
        case E.ConsentAsked(seat=p, owner=o, advantage=adv):
            return f"Seat {p} asks seat {o} for consent to {ADVANTAGES.get(adv, adv.replace('_', ' '))}."
        case E.ConsentGiven(owner=o, advantage=adv, agree=agree):
            verb = "agrees to" if agree else "refuses"
            return f"Seat {o} {verb} {ADVANTAGES.get(adv, adv.replace('_', ' '))}."
        case E.GameWon(winners=ws, victory=how, round=rnd):
            kind = VICTORY_NAMES.get(how, how.replace("_", " "))
            verb = "win" if len(ws) > 1 else "wins"
            return (
                f"Round {rnd}: {_seats(ws)} {verb} ({kind})." if ws else f"Round {rnd}: nobody wins ({kind})."
            )
    return None


def visible(events: Iterable[Event], viewer: Viewer, omniscient: bool) -> list[Event]:
    return redact(events, viewer, omniscient=omniscient)


def render_log(
    events: Iterable[Event], viewer: Viewer, omniscient: bool = False, names: Names | None = None
) -> list[str]:
    return [
        line for e in visible(events, viewer, omniscient) if (line := describe_event(e, names)) is not None
    ]


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


def summary_lines(summaries: list[dict[str, Any]], names: Names | None = None) -> list[str]:
    n = names or base_names()
    lines = []
    for s in summaries:
        battles = (
            ", ".join(
                f"{n.area_name(b['area'])}: "
                + (f"seat {b['winner']}" if b["winner"] is not None else "nobody")
                for b in s["battles"]
            )
            or "no battles"
        )
        won = VICTORY_NAMES.get(s.get("victory", ""), str(s.get("victory", "")).replace("_", " "))
        end = f"; won by {_seats(s['winners'])} ({won})" if s.get("winners") is not None else ""
        lines.append(f"Round {s['round']} (first player seat {s['first_player']}): {battles}{end}.")
    return lines
