"""The game's words: the log, the round summary and action descriptions, as lines whose seats
are :class:`~turncoat.core.present.SeatRef` spans (frontends write the names people chose).

Every function reads only the events the viewer may see (``core.actions.redact``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from turncoat.core import deals
from turncoat.core import treaties as T
from turncoat.core.actions import Action, Event, Viewer, redact
from turncoat.core.present import Line, SeatRef, line, plain
from turncoat.games.treaty_skirmish import events as E
from turncoat.games.treaty_skirmish.actions import (
    AssignHits,
    Build,
    DiscardTreaty,
    DropTreaty,
    FightOn,
    GiveNoTreaty,
    GiveTreaty,
    MoveAttack,
    MoveShips,
    Pass,
    Retreat,
    SendEnvoy,
)
from turncoat.games.treaty_skirmish.components import OBJECTIVE_NAMES, OBJECTIVE_TEXT, SHORT_NAMES

ADAPTATION_LINE = (
    "Fall of the Empire: Treaty Skirmish, an adaptation of the treaty mechanic of TI3's "
    '"Fall of the Empire" scenario (not the published game).'
)


def system_name(system_id: str) -> str:
    """'home-sol' → 'Sol Home', 'frontier-2' → 'Frontier 2', 'mecatol' → 'Mecatol Rex'."""
    if not isinstance(system_id, str):  # a malformed action is described in its refusal
        return repr(system_id)
    if system_id == "mecatol":
        return "Mecatol Rex"
    kind, _, rest = system_id.partition("-")
    if kind == "home":
        return f"{SHORT_NAMES.get(rest, rest)} Home"
    if kind == "frontier":
        return f"Frontier {rest}"
    return system_id


def race_name(race: str) -> str:
    return SHORT_NAMES.get(race, race)


def card_name(card: T.TreatyCard) -> str:
    hint = f" ({card.hint})" if card.hint else ""
    return f"{race_name(card.faction)} {card.number}{hint}"


def objective_name(objective: str) -> str:
    return OBJECTIVE_NAMES.get(objective, objective)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def describe_action(action: Action) -> str:
    """An action in plain words (seats as "Player N")."""
    match action:
        case Pass():
            return "Pass"
        case MoveAttack(system=system):
            return f"Move/Attack: activate {system_name(system)}"
        case MoveShips(source=source, count=count):
            return f"Move {_plural(count, 'ship')} from {system_name(source)}"
        case AssignHits(ships=ships):
            return f"Take {_plural(ships, 'hit')} on ships, the rest on the garrison"
        case FightOn():
            return "Fight another round"
        case Retreat(to=to):
            return f"Retreat to {system_name(to)}"
        case Build(system=system, ships=ships):
            return f"Build {_plural(ships, 'ship')} at {system_name(system)}"
        case SendEnvoy(race=race):
            return f"Envoy: activate the {race_name(race)} Home"
        case GiveTreaty(faction=faction, number=number):
            return f"Give the treaty card {race_name(faction)} {number}"
        case GiveNoTreaty():
            return "Give no treaty card"
        case DiscardTreaty(faction=faction, number=number):
            return f"Discard {race_name(faction)} {number} face down"
        case DropTreaty(faction=faction, number=number):
            return f"Drop {race_name(faction)} {number} face down"
        case deals.Give(to=to, amount=amount):
            return f"Give Player {to + 1} {amount} trade goods"
    return type(action).__name__


def event_lines(event: Event, viewer: Viewer) -> list[Line]:
    """The lines one (visible) event adds to the log."""
    match event:
        case E.GameSetUp(races=races, speaker=speaker):
            out: list[Line] = [(ADAPTATION_LINE,)]
            out += [line(SeatRef(p), f" plays the {race_name(r)}.") for p, r in enumerate(races)]
            out.append(line(SeatRef(speaker), " is the first Speaker."))
            return out
        case E.ObjectiveDealt(seat=seat, objective=objective):
            text = f"{objective_name(objective)}: {OBJECTIVE_TEXT.get(objective, '')}"
            if event.visible_to is None:
                return [line(SeatRef(seat), f" has the public objective {text}.")]
            if viewer == seat:
                return [line("Your secret objective is ", f"{text}.")]
            return [line(SeatRef(seat), f"'s secret objective is {text}.")]
        case E.RoundStarted(round=number, speaker=speaker):
            return [line(f"Round {number} begins; ", SeatRef(speaker), " is the Speaker.")]
        case E.IncomeCollected(seat=seat, trade_goods=tg, tokens=tokens):
            return [line(SeatRef(seat), f" collects {tg} TG and has {_plural(tokens, 'command token')}.")]
        case E.SystemActivated(seat=seat, system=system, purpose=purpose):
            if purpose != "move":
                return []
            return [line(SeatRef(seat), f" activates {system_name(system)} to move in.")]
        case E.ShipsMoved(seat=seat, source=source, target=target, count=count):
            return [
                line(
                    SeatRef(seat),
                    f" moves {_plural(count, 'ship')} from {system_name(source)} to "
                    f"{system_name(target)}.",
                )
            ]
        case E.CombatStarted(system=system, attacker=attacker, defender=defender):
            return [
                line(
                    f"Combat at {system_name(system)}: ",
                    SeatRef(attacker),
                    " attacks ",
                    SeatRef(defender),
                    ".",
                )
            ]
        case E.DiceRolled(seat=seat, dice=dice, hits=hits):
            rolled = ", ".join(str(d) for d in dice) or "no dice"
            return [line(SeatRef(seat), f" rolls {rolled}: {_plural(hits, 'hit')}.")]
        case E.HitsTaken(seat=seat, ships=ships, garrison=garrison):
            if not ships and not garrison:
                return []
            parts = [
                p
                for p in (
                    _plural(ships, "ship") if ships else "",
                    _plural(garrison, "garrison point") if garrison else "",
                )
                if p
            ]
            return [line(SeatRef(seat), f" loses {' and '.join(parts)}.")]
        case E.Retreated(seat=seat, source=source, to=to, ships=ships):
            return [
                line(
                    SeatRef(seat),
                    f" retreats {_plural(ships, 'ship')} from {system_name(source)} to {system_name(to)}.",
                )
            ]
        case E.CombatEnded(system=system, winner=winner):
            if winner < 0:
                return [line(f"Nobody is left fighting at {system_name(system)}.")]
            return [line(SeatRef(winner), f" holds {system_name(system)} after the combat.")]
        case E.ControlTaken(seat=seat, system=system):
            return [line(SeatRef(seat), f" takes control of {system_name(system)}.")]
        case E.ShipsBuilt(seat=seat, system=system, ships=ships, cost=cost):
            return [
                line(
                    SeatRef(seat), f" builds {_plural(ships, 'ship')} at {system_name(system)} for {cost} TG."
                )
            ]
        case E.EnvoySent(giver=giver, receiver=receiver, system=system):
            return [
                line(SeatRef(giver), f" sends an envoy to {system_name(system)} (", SeatRef(receiver), ").")
            ]
        case E.NoTreatyGiven(giver=giver, receiver=receiver):
            return [line(SeatRef(giver), " gives ", SeatRef(receiver), " no treaty card.")]
        case T.TreatyOffered(giver=giver, receiver=receiver):
            return [line(SeatRef(giver), " hands ", SeatRef(receiver), " a treaty card in secret.")]
        case T.TreatyContents(giver=giver, receiver=receiver, card=card):
            return [
                line(
                    "(secret) The card ",
                    SeatRef(giver),
                    " handed ",
                    SeatRef(receiver),
                    f" is {card_name(card)}.",
                )
            ]
        case T.TreatyDiscarded(player=player):
            return [line(SeatRef(player), " discards one treaty card face down.")]
        case T.TreatyDiscardedCard(player=player, card=card):
            return [line("(secret) ", SeatRef(player), f" discarded {card_name(card)}.")]
        case deals.Given(giver=giver, receiver=receiver, amount=amount):
            return [line(SeatRef(giver), " gives ", SeatRef(receiver), f" {amount} trade goods (final).")]
        case E.Passed(seat=seat):
            return [line(SeatRef(seat), " passes.")]
        case E.PlayerEliminated(seat=seat):
            return [line(SeatRef(seat), " has no ships and no system left and is out of the game.")]
        case E.RoundEnded(round=number):
            return [line(f"Round {number} ends; all command tokens come off the board.")]
        case E.ObjectivesRevealed(objectives=objectives):
            return [
                line(SeatRef(p), f"'s objective was {objective_name(o)}.") for p, o in enumerate(objectives)
            ]
        case T.TreatiesRevealed(player=player, cards=cards):
            shown = ", ".join(f"{race_name(c.faction)} {c.number}" for c in cards) or "no cards"
            return [line(SeatRef(player), f" reveals the treaty hand: {shown}.")]
        case T.TreatySettled(traitors=traitors, allies=allies):
            out = [
                line(SeatRef(p), " is a treaty traitor (cards of two or more other races).") for p in traitors
            ]
            for winner, group in allies:
                out += [line(SeatRef(a), " wins as the treaty ally of ", SeatRef(winner), ".") for a in group]
            return out
        case E.GameWon(reason=reason, primary=primary, winners=winners):
            how = "at once" if reason == "immediate" else "at the end of the last round"
            out = [line(SeatRef(p), f" meets the objective and wins {how}.") for p in primary]
            names: list[str | SeatRef] = []
            for i, p in enumerate(winners):
                names += [", " if i else "", SeatRef(p)]
            out.append(line("Winners: ", *names, "."))
            return out
        case E.NobodyWins(round=number):
            return [line(f"Nobody meets an objective after round {number}: nobody wins.")]
    return []


def lines(events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
    """The log as ``viewer`` may read it."""
    shown = redact(events, viewer, omniscient=omniscient)
    return [said for e in shown for said in event_lines(e, viewer)]


def text(said: Line) -> str:
    """A line in plain words, seats as "Player N"."""
    return plain(said, ())


def round_summaries(
    events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False
) -> list[dict[str, Any]]:
    """Per round, what the table saw: captures, envoys, combats, gifts."""
    rounds: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for e in redact(events, viewer, omniscient=omniscient):
        if isinstance(e, E.RoundStarted):
            current = {"round": e.round, "captures": [], "envoys": [], "combats": 0, "gifts": 0}
            rounds.append(current)
        elif current is None:
            continue
        elif isinstance(e, E.ControlTaken):
            current["captures"].append([e.seat, e.system])
        elif isinstance(e, E.EnvoySent):
            current["envoys"].append([e.giver, e.receiver])
        elif isinstance(e, E.CombatStarted):
            current["combats"] += 1
        elif isinstance(e, deals.Given):
            current["gifts"] += e.amount
    return rounds


def summary(events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
    """One line per round: combats, envoys (who to whom), captures and trade goods given."""
    out: list[Line] = []
    for r in round_summaries(events, viewer, omniscient=omniscient):
        parts: list[str | SeatRef] = [f"Round {r['round']}: {_plural(r['combats'], 'combat')}"]
        for giver, receiver in r["envoys"]:
            parts += ["; envoy ", SeatRef(giver), " → ", SeatRef(receiver)]
        for seat, system in r["captures"]:
            parts += ["; ", SeatRef(seat), f" took {system_name(system)}"]
        if r["gifts"]:
            parts.append(f"; {r['gifts']} TG given")
        parts.append(".")
        out.append(line(*parts))
    return out
