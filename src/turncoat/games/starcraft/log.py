"""The game's words: the log as lines whose seats are :class:`~turncoat.core.present.SeatRef`
spans (frontends write the names people chose).  One line per decision, a composite one included
(a planet placed with its forced routes is one line).  Every function reads only the events the
viewer may see (``core.actions.redact``)."""

from __future__ import annotations

from collections.abc import Iterable

from turncoat.core.actions import Event, Viewer, redact
from turncoat.core.present import Line, SeatRef, line, plain
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft.abilities import END_DRAWS_NEAR_BENEFIT, event_hook, hook_label
from turncoat.games.starcraft.context import Ctx

STAGES = ("I", "II", "III")


def planet_name(ctx: Ctx, planet: str) -> str:
    return ctx.t.planet[planet].name.value if planet in ctx.t.planet else planet


def area_name(ctx: Ctx, area: str) -> str:
    """'pridewater_1' → 'Pridewater (3 minerals)', 'Braken (1 mineral)'; a CP area → 'Tarsonis (1 CP)'."""
    data = ctx.t.area[area]
    what = "CP" if data.resource == "cp" else data.resource
    if what == "minerals" and data.amount == 1:
        what = "mineral"
    return f"{planet_name(ctx, ctx.t.area_planet[area])} ({data.amount} {what})"


def unit_name(ctx: Ctx, unit: str) -> str:
    return ctx.t.unit[unit].name.value if unit in ctx.t.unit else unit


def card_name(ctx: Ctx, card: str) -> str:
    """A combat card by its race and printed number ('Terran combat card 4')."""
    for race, deck in ctx.t.combat_deck.items():
        if card in deck:
            return f"{ctx.t.race[race].name.value} combat card {deck.index(card) + 1}"
    if card in ctx.t.technology:  # §10.3: a bought technology's card
        return f"{technology_name(ctx, card)} (technology)"
    return card


def _and(words: Iterable[str]) -> str:
    items = list(words)
    return (
        items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else "nothing"
    )


def _degrees(rotation: int) -> str:
    return "unturned" if rotation == 0 else f"turned {rotation * 90}°"


def event_lines(ctx: Ctx, e: Event) -> list[Line]:
    """The lines one event says (none for events that only carry numbers another line says)."""
    n = ctx.t
    match e:
        case E.GameSetUp():
            packs = ", ".join(p.split("@")[0] for p in e.packs)
            badge = f" ({e.invented_values} placeholder values are invented)" if e.invented_values else ""
            return [
                line(f"Content: {packs}{badge}."),
                line(SeatRef(e.first_player), " has the first player token."),
            ]
        case E.FactionTaken():
            verb = " is dealt " if e.dealt else " takes "
            return [line(SeatRef(e.seat), verb, n.faction[e.faction].leader.value, ".")]
        case E.EventDeckBuilt():
            sizes = ", ".join(f"{k} Stage {s}" for k, s in zip(e.stage_sizes, STAGES, strict=True))
            return [line(f"The event deck holds {sizes} cards ({e.removed} removed unseen).")]
        case E.PlanetsDrawn():
            return [line(SeatRef(e.seat), " draws ", _and(planet_name(ctx, p) for p in e.planets), ".")]
        case E.PlanetPlaced():
            joined = [planet_name(ctx, b) for _, a, _, b, _ in e.routes]
            tail = f", joined to {_and(joined)}" if joined else ""
            where = f"{planet_name(ctx, e.planet)} at ({e.x}, {e.y}), {_degrees(e.rotation)}"
            return [line(SeatRef(e.seat), f" places {where}{tail}.")]
        case E.BasePlaced(area=None):
            return [line(SeatRef(e.seat), " keeps the base for the second planet.")]
        case E.BasePlaced():
            assert e.area is not None
            return [line(SeatRef(e.seat), f" puts the base in {area_name(ctx, e.area)}.")]
        case E.ZAxisPlaced(route=None):
            return [
                line(SeatRef(e.seat), "'s z-axis route finds no two free slots and goes back to the box.")
            ]
        case E.ZAxisPlaced():
            assert e.major is not None and e.minor is not None
            pair = f"{planet_name(ctx, e.major[0])} and {planet_name(ctx, e.minor[0])}"
            return [line(SeatRef(e.seat), f" joins {pair} by a z-axis route.")]
        case E.ResourceCardsTaken():
            return [
                line(
                    SeatRef(e.seat),
                    " takes the resource cards of ",
                    _and(area_name(ctx, a) for a in e.areas),
                    ".",
                )
            ]
        case E.StartingUnitPlaced(area=None):
            return [
                line(SeatRef(e.seat), f" has no room for a {unit_name(ctx, e.unit)}; it stays in the supply.")
            ]
        case E.StartingUnitPlaced():
            assert e.area is not None
            return [
                line(
                    SeatRef(e.seat),
                    f" places {with_article(unit_name(ctx, e.unit))} in {area_name(ctx, e.area)}.",
                )
            ]
        case E.StartingTransportPlaced():
            a, b = (planet_name(ctx, p) for p in e.between)
            return [line(SeatRef(e.seat), f" puts a transport on the route between {a} and {b}.")]
        case E.WorkersReceived():
            return [line(SeatRef(e.seat), f" puts {e.workers} workers in the Worker Pool.")]
        case E.HandDrawn():
            return [line(SeatRef(e.seat), " draws ", _and(card_name(ctx, c) for c in e.cards), ".")]
        case E.HandSize():
            return [line(SeatRef(e.seat), f" draws an opening hand of {e.cards} combat cards.")]
        case E.RoundStarted():
            return [line(f"Round {e.round} begins with the Planning phase.")]
    return round_lines(ctx, e)


# -- the round (§8-§17) ----------------------------------------------------------------------------

ORDER_NAMES = {"build": "Build", "mobilize": "Mobilize", "research": "Research"}
VICTORIES = {
    "normal": "a normal victory",
    "special": "a special victory",
    "end_game": "an end-game victory",
    "elimination": "an elimination victory",
}


def order_name(kind: str, special: bool) -> str:
    return f"{'special ' if special else ''}{ORDER_NAMES.get(kind, kind)}"


def event_name(ctx: Ctx, card: str) -> str:
    return ctx.t.event_card[card].name.value if card in ctx.t.event_card else card


def _cost_words(ctx: Ctx, paid: tuple[tuple[str, str, str], ...]) -> str:
    """How a purchase was paid: '2 minerals (Pridewater (3 minerals), force mined) and 1 gas ...'."""
    parts = []
    for source, kind, area in paid:
        unit = kind[:-1] if kind == "minerals" else kind
        if source == "discount":
            parts.append(f"1 {unit} off (special order)")
        elif source == "event":
            parts.append(f"1 {unit} from an event card's resource token (placeholder content)")
        elif source == "permanent":
            parts.append(f"1 {unit} from the permanent resources")
        elif source == "force":
            parts.append(f"1 {unit} force mined from {area_name(ctx, area)}")
        else:
            parts.append(f"1 {unit} from {area_name(ctx, area)}")
    return _and(parts) if parts else "nothing"


def technology_name(ctx: Ctx, tech: str) -> str:
    data = ctx.t.technology.get(tech)
    return data.name.value if data is not None else tech


def _total_words(paid: tuple[tuple[str, str, str], ...]) -> str:
    """A cost as totals: '2 minerals and 1 gas' (a discount paid nothing)."""
    minerals = sum(1 for s, k, _ in paid if k == "minerals" and s != "discount")
    gas = sum(1 for s, k, _ in paid if k == "gas" and s != "discount")
    words = [f"{minerals} mineral{'s' if minerals != 1 else ''}"] if minerals else []
    words += [f"{gas} gas"] if gas else []
    return _and(words) if words else "nothing"


def _researched_words(ctx: Ctx, e: E.TechnologyResearched) -> str:
    """§10.3: 'researches Stim Packs for 1 mineral and 1 gas (...); its 2 cards are shuffled into
    the combat deck (placeholder content).'"""
    name = technology_name(ctx, e.technology)
    cards = f"its {e.copies} cards" if e.copies != 1 else "its card"
    where = "are shuffled into the combat deck" if e.copies != 1 else "is shuffled into the combat deck"
    if e.placement != "combat":
        where = "go to the play area" if e.copies != 1 else "goes to the play area"
    tail = "".join(
        f"; {area_name(ctx, a)} is now {'partially depleted' if d == 1 else 'depleted'}"
        for a, d in e.depleted
    )
    badge = " (placeholder content)" if e.invented else ""
    return (
        f" researches {name} for {_total_words(e.paid)} ({_cost_words(ctx, e.paid)}){tail};"
        f" {cards} {where}{badge}."
    )


def with_article(noun: str) -> str:
    """The noun with its indefinite article: "an Ultralisk", "an air support", "a Marine"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def _bought_words(ctx: Ctx, e: E.Bought) -> str:
    if e.item == "worker":
        return "a worker"
    if e.item == "transport":
        return f"a transport on route {e.place}"
    if e.item == "unit":
        made = ctx.t.unit[e.target].made_from.value if e.target in ctx.t.unit else {}
        # §10.1.2: a tech-required unit replaces the units it is made from
        source = f" from {_and(f'{n} {unit_name(ctx, k)}' for k, n in made.items())}" if made else ""
        return f"{with_article(unit_name(ctx, e.target))}{source} in {area_name(ctx, e.place)}"
    if e.item == "base":
        return f"a base in {area_name(ctx, e.place)}"
    if e.item == "building":
        return f"{e.target.replace('_', ' ').title()} level {e.level}"
    return f"{with_article(e.target.replace('_', ' '))} module"


def round_lines(ctx: Ctx, e: Event) -> list[Line]:
    """The lines of the round's events (one per decision; a whole move or purchase is one line)."""
    match e:
        case E.OrderPlaced():
            return [line(SeatRef(e.seat), f" places an order on {planet_name(ctx, e.planet)}.")]
        case E.OrderFace():
            return [
                line(
                    SeatRef(e.seat),
                    f" places {with_article(order_name(e.kind, e.special))} order"
                    f" on {planet_name(ctx, e.planet)}.",
                )
            ]
        case E.OrderRevealed():
            what = f"{order_name(e.kind, e.special)} on {planet_name(ctx, e.planet)}"
            tail = "executes it" if e.executed else "takes the event option"
            return [line(SeatRef(e.seat), f" reveals {what} and {tail}.")]
        case E.OrderDiscarded():
            return [line(SeatRef(e.seat), f"'s order on {planet_name(ctx, e.planet)} is discarded.")]
        case E.Obstructed():
            return [line(SeatRef(e.seat), " is obstructed.")]
        case E.EventCardDrawn(stage=0):
            return [line(SeatRef(e.seat), " would draw an event card, but the deck is empty.")]
        case E.EventCardDrawn():
            return [line(SeatRef(e.seat), f" draws a Stage {STAGES[e.stage - 1]} event card, face down.")]
        case E.EventDeckRebuilt():
            return [line(f"The Stage III discards form a new event deck of {e.cards} cards.")]
        case E.Bought():
            tail = "".join(
                f"; {area_name(ctx, a)} is now {'partially depleted' if d == 1 else 'depleted'}"
                for a, d in e.depleted
            )
            return [
                line(
                    SeatRef(e.seat),
                    f" buys {_bought_words(ctx, e)}, paying {_cost_words(ctx, e.paid)}{tail}.",
                )
            ]
        case E.UnitsMoved():
            moves = [
                f"{with_article(unit_name(ctx, u))} from {area_name(ctx, f)} to {area_name(ctx, t)}"
                for u, f, t in e.moves
            ]
            if e.lift_off is not None:
                moves.append(
                    f"the base from {area_name(ctx, e.lift_off[0])} to {area_name(ctx, e.lift_off[1])}"
                )
            return [line(SeatRef(e.seat), " moves ", _and(moves), ".")]
        case E.ResearchSkipped(reason="unaffordable"):
            return [line(SeatRef(e.seat), " can afford no technology.")]
        case E.ResearchSkipped(reason="none_left"):
            return [line(SeatRef(e.seat), " has no technology left to buy.")]
        case E.ResearchSkipped():
            return [line(SeatRef(e.seat), " can buy no technology (no pack or option offers one).")]
        case E.TechnologyResearched():
            return [line(SeatRef(e.seat), _researched_words(ctx, e))]
        case E.TechnologyToHand():
            name = technology_name(ctx, e.technology)
            return [line(SeatRef(e.seat), f" takes one copy of {name} into hand instead of the event card.")]
        case E.BaseDestroyed():
            return [line(SeatRef(e.seat), f"'s base in {area_name(ctx, e.area)} is destroyed.")]
        case E.TransportDestroyed():
            return [line(SeatRef(e.seat), f"'s transport on route {e.route} is cut off and destroyed.")]
        case E.Eliminated():
            return [line(SeatRef(e.seat), " is eliminated.")]
        case E.ResourceCardLost():
            lost = f" ({e.workers} workers on it destroyed)" if e.workers else ""
            return [line(SeatRef(e.seat), f" loses the resource card of {area_name(ctx, e.area)}{lost}.")]
        case E.ResourceCardGained():
            return [line(SeatRef(e.seat), f" gains the resource card of {area_name(ctx, e.area)}.")]
        case E.WorkersRetrieved():
            return [line(SeatRef(e.seat), f" retrieves {e.workers} workers.")]
        case E.ConquestPointsScored():
            return [line(SeatRef(e.seat), f" scores {e.cp} CP ({e.total} in all).")]
        case E.EventCardsRead():
            return [line(SeatRef(e.seat), " reads ", _and(event_name(ctx, c) for c in e.cards), ".")]
        case E.EventPlayed():
            return [_event_played(ctx, e)]
        case E.EliminatedEventsRemoved():  # §16.4: never read (§21.3), so never named here
            cards = "event card is" if e.count == 1 else "event cards are"
            return [
                line(
                    SeatRef(e.seat), f" is out of the game: its {e.count} new {cards} removed without effect."
                )
            ]
        case E.ZAxisRouteMoved():
            said = f" reroutes z-axis route {e.route} from {planet_name(ctx, e.source[0])} to "
            return [line(SeatRef(e.seat), said + f"{planet_name(ctx, e.to[0])} (placeholder content).")]
        case E.EventCardUsed(expired=True):
            said = f"{event_name(ctx, e.card)} leaves the play area; its unpaid resources are lost"
            return [line(SeatRef(e.seat), f"'s {said} (placeholder content).")]
        case E.EventCardUsed():
            said = f"uses {event_name(ctx, e.card)} from the play area"
            return [line(SeatRef(e.seat), f" {said} and discards it (placeholder content).")]
        case E.CardDiscarded():
            return [line(SeatRef(e.seat), f" discards {card_name(ctx, e.card)}.")]
        case E.PieceDestroyed():
            if e.piece == "transport":
                what = f"transport on route {e.place}"
            else:
                what = f"{unit_name(ctx, e.unit) if e.unit else 'base'} in {area_name(ctx, e.place)}"
            return [line(SeatRef(e.seat), f" destroys its own {what}.")]
        case E.FirstPlayerPassed():
            return [line(SeatRef(e.seat), " takes the first player token.")]
        case E.GameWon() if not e.winners:  # §16.4 [RULING]: simultaneous_last_elimination
            return [line("The last players left the board together: nobody wins.")]
        case E.GameWon():
            who: list[str | SeatRef] = []
            for i, seat in enumerate(e.winners):
                who += ([" and "] if i else []) + [SeatRef(seat)]
            return [
                line(
                    *who, f" {'win' if len(e.winners) > 1 else 'wins'} {VICTORIES.get(e.victory, e.victory)}."
                )
            ]
    return combat_lines(ctx, e)


def _event_played(ctx: Ctx, e: E.EventPlayed) -> Line:
    rest = f"; discards {_and(event_name(ctx, c) for c in e.discarded)}" if e.discarded else ""
    if e.card is None:
        return line(SeatRef(e.seat), f" resolves no event card{rest}.")
    # §17: what the card does, as its hook says (an invented or unknown effect is never applied)
    notes = []
    if e.end_draws_near:
        benefit = hook_label(END_DRAWS_NEAR_BENEFIT, "its extra benefit")
        notes.append(f"{e.end_draws_near} into the common area; {benefit}")
    if e.card in ctx.t.event_card and (label := hook_label(event_hook(ctx, e.card))):
        notes.append(label)
        text = ctx.t.event_card[e.card].text
        if event_hook(ctx, e.card).applied and text is not None:
            notes.append(text.value.rstrip("."))  # §17: what the invented card does
    said = f" ({'; '.join(notes)})" if notes else ""
    return line(SeatRef(e.seat), f" plays {event_name(ctx, e.card)}{said}{rest}.")


# A private event and the public one that says the same decision without its secret: whoever reads
# the private one reads one line, not both (§8: a placed order; §5 step 9, §13.2 step 3: a draw;
# §13.2 step 6: cards placed face down).
_PUBLIC_TWIN: tuple[tuple[type[Event], type[Event]], ...] = (
    (E.OrderFace, E.OrderPlaced),
    (E.HandDrawn, E.HandSize),
    (E.CombatCardsDrawn, E.CombatCardCount),
    (E.CombatCardsChosen, E.CombatCardsPlaced),
)


def _twins(a: Event, b: Event) -> bool:
    """Whether ``a`` and ``b`` are one decision said privately and publicly, in either order."""
    pair = {type(a), type(b)}
    same_seat: bool = getattr(a, "seat", None) == getattr(b, "seat", None)
    return same_seat and any(pair == {private, public} for private, public in _PUBLIC_TWIN)


def _is_public_twin(seen: list[Event], i: int) -> bool:
    """The public event at ``i`` is said by the private one beside it (which the viewer sees)."""
    if not isinstance(seen[i], tuple(public for _, public in _PUBLIC_TWIN)):
        return False
    return any(0 <= j < len(seen) and _twins(seen[i], seen[j]) for j in (i - 1, i + 1))


def lines(ctx: Ctx, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
    """The log as ``viewer`` may read it: one line per decision, whoever reads it."""
    seen = redact(events, viewer, omniscient=omniscient)
    said = [e for i, e in enumerate(seen) if not _is_public_twin(seen, i)]
    return [out for e in said for out in event_lines(ctx, e)]


def text(said: Line) -> str:
    """A line in plain words, seats as "Player N"."""
    return plain(said, ())


# == Combat (RULES §13) ============================================================================


def _cards(ctx: Ctx, cards: Iterable[str]) -> str:
    return _and(card_name(ctx, c) for c in cards)


def _values(v: tuple[int, int]) -> str:
    return f"{v[0]} attack, {v[1]} health"


def combat_lines(ctx: Ctx, e: Event) -> list[Line]:
    """The lines of a battle's events (§13); face-down cards are named only to their owner."""
    match e:
        case E.BattleStarted():
            special = " (special Mobilize)" if e.special else ""
            return [
                line(
                    SeatRef(e.attacker),
                    f" attacks {area_name(ctx, e.area)}{special} with ",
                    _and(unit_name(ctx, u) for u in e.attacking),
                    "; ",
                    SeatRef(e.defender),
                    " defends with ",
                    _and(unit_name(ctx, u) for u in e.defending),
                    ".",
                )
            ]
        case E.CombatCardsDrawn(cards=()) | E.CombatCardCount(cards=0):
            return [line(SeatRef(e.seat), " draws no combat card: deck and discard pile are empty.")]
        case E.CombatCardsDrawn():
            return [line(SeatRef(e.seat), " draws ", _cards(ctx, e.cards), ".")]
        case E.CombatCardCount():
            return [line(SeatRef(e.seat), f" draws {e.cards} combat card{'s' if e.cards != 1 else ''}.")]
        case E.CombatDiscardShuffled():
            return [line(SeatRef(e.seat), f" shuffles {e.cards} discarded combat cards into a new deck.")]
        case E.FrontLineChosen():
            return [line(SeatRef(e.seat), f" puts the {unit_name(ctx, e.unit)} in the front line.")]
        case E.SkirmishFormed():
            a, d = unit_name(ctx, e.attacker), unit_name(ctx, e.defender)
            return [line(f"Skirmish {e.skirmish + 1}: {a} against {d}.")]
        case E.SupportAssigned():
            return [line(SeatRef(e.seat), f"'s {unit_name(ctx, e.unit)} supports skirmish {e.skirmish + 1}.")]
        case E.CombatCardsPlaced():
            what = (
                "the top card of the deck, blind,"
                if e.blind
                else f"{e.cards} card{'s' if e.cards != 1 else ''}"
            )
            return [line(SeatRef(e.seat), f" places {what} face down on skirmish {e.skirmish + 1}.")]
        case E.CombatCardsChosen():
            return [
                line(SeatRef(e.seat), " chose ", _cards(ctx, e.cards), f" for skirmish {e.skirmish + 1}.")
            ]
        case E.SkirmishRevealed():
            said = [
                line(
                    f"Skirmish {e.skirmish + 1} revealed: {_cards(ctx, e.attacker_cards)} "
                    f"({_values(e.attacker_values)}) against {_cards(ctx, e.defender_cards)} "
                    f"({_values(e.defender_values)})."
                )
            ]
            if e.replaced:
                said.append(line(f"Blind reinforcement cards discarded: {_cards(ctx, e.replaced)}."))
            if e.cancelled:
                said.append(line(f"Cancelled, discarded with no effect: {_cards(ctx, e.cancelled)}."))
            return said
        case E.UnitDestroyed():
            why = {
                "splash": " by splash damage",
                "scourge": " by a Scourge card",
                "retreat": ": it cannot retreat",
            }
            return [
                line(
                    SeatRef(e.seat),
                    f" loses a {unit_name(ctx, e.unit)} in {area_name(ctx, e.area)}{why.get(e.why, '')}.",
                )
            ]
        case E.UnitWithdrew():
            return [
                line(
                    SeatRef(e.seat),
                    f"'s cloaked {unit_name(ctx, e.unit)} withdraws to {area_name(ctx, e.to)}.",
                )
            ]
        case E.UnitsRetreated():
            return [
                line(
                    SeatRef(e.seat),
                    " retreats ",
                    _and(unit_name(ctx, u) for u in e.units),
                    f" to {area_name(ctx, e.to)}.",
                )
            ]
        case E.BattleEnded(winner=-1):
            return [line(f"The battle for {area_name(ctx, e.area)} leaves it empty.")]
        case E.BattleEnded():
            return [line(SeatRef(e.winner), f" holds {area_name(ctx, e.area)}.")]
    return []
