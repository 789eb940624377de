"""Treaty Skirmish's face for the game-blind frontends (``core.present``): step titles, decisions,
log lines with seats as references, panels with the ring as text, and the end screen's table.

Everything here reads only an observation, the viewer's legal actions, redacted events or an
outcome, so it shows nothing the viewer may not know.  Every screen carries the label that this
is an adaptation of the scenario's treaty mechanic, not the published game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from turncoat.core import deals
from turncoat.core.actions import Action, Event, Viewer
from turncoat.core.engine import Outcome
from turncoat.core.present import (
    SEAT_STYLES,
    Choice,
    Decision,
    Guide,
    Line,
    OptionSpec,
    Panel,
    ScoreTable,
    SeatRef,
    SeatStyle,
    explained,
    line,
    options_of,
)
from turncoat.games.treaty_skirmish import log
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
from turncoat.games.treaty_skirmish.components import OBJECTIVE_NAMES, OBJECTIVE_TEXT
from turncoat.games.treaty_skirmish.config import MAX_PLAYERS, MIN_PLAYERS, TreatySkirmishConfig
from turncoat.games.treaty_skirmish.guide import skirmish_guide
from turncoat.games.treaty_skirmish.observe import ADAPTATION, SkirmishObservation
from turncoat.games.treaty_skirmish.state import (
    ACTION,
    ASSIGN_HITS,
    DISCARD_TREATY,
    DROP_TREATY,
    GIVE_TREATY,
    MOVE_SHIPS,
    OVER,
    RETREAT,
)

if TYPE_CHECKING:
    from turncoat.games.treaty_skirmish.game import TreatySkirmishGame

STEP_WORDS = {
    ACTION: "Actions",
    MOVE_SHIPS: "Move/Attack: ships come in",
    ASSIGN_HITS: "Combat: hits are assigned",
    RETREAT: "Combat: fight on or retreat",
    GIVE_TREATY: "Envoy: a treaty card may be handed over",
    DISCARD_TREATY: "Envoy: the receiver discards one card face down",
    DROP_TREATY: "At home: a foreign card is dropped",
    OVER: "The game is over",
}
GUIDE = skirmish_guide()
OPTION_LABELS = {
    "race_assignment": "Who plays which race",
    "support_check": "When Support of the People is checked",
    "support_at_four_players": "Support of the People at 4 players",
    "trade_goods_gifts": "When trade goods may be given",
    "speaker_passes": "When the Speaker token passes",
    "winner_holding_other_winner_card": "A winner holding another winner's lowest card",
    "home_owner": "Who receives an Envoy at a conquered Home",
    "neighbours_skip_lazax": "Neighbours on objectives skip the Lazax",
    "support_needs_loyal_holders": "Support of the People needs holders who are no treaty traitors",
    "eliminated_can_win": "An eliminated player can still win",
    "traitors_removed_before_lowest": "Treaty traitors are passed over for the lowest card",
    "eliminated_can_be_ally": "An eliminated player can be a treaty ally",
    "allow_return_foreign_card": "Forum fix A: hand a card back to its race",
    "allow_self_home_reshuffle": "Forum fix B: drop a foreign card at your own Home",
    "eliminated_reveal": "Eliminated players reveal their treaties",
    "reveal_without_winner": "Treaties are revealed when nobody wins",
    "pending_counts_in_receiver_hand": "A card awaiting its discard counts in the hand size",
}


def yes_no_options() -> tuple[OptionSpec, ...]:
    """Every yes/no field of the config as an option of two values, the rules' default first."""
    specs = []
    for field in msgspec.structs.fields(TreatySkirmishConfig):
        if field.type is bool and isinstance(field.default, bool):
            values = ("true", "false") if field.default else ("false", "true")
            label = OPTION_LABELS.get(field.name, field.name.replace("_", " "))
            specs.append(OptionSpec(name=field.name, label=label, values=values))
    return tuple(specs)


class SkirmishPresentation:
    """See the module docstring."""

    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def __init__(self, game: TreatySkirmishGame) -> None:
        self.game = game
        self.title = game.title

    def options(self) -> tuple[OptionSpec, ...]:
        """The named readings a table may choose: the config's choices of a few values, then its
        yes/no readings (GAPS.md), each with ``true`` / ``false``."""
        return options_of(TreatySkirmishConfig, OPTION_LABELS) + yes_no_options()

    def seat_styles(self, players: int) -> tuple[SeatStyle, ...]:
        return SEAT_STYLES[:players]

    def guide(self) -> Guide:
        """How to play (the same for every table)."""
        return GUIDE

    def step_title(self, observation: Any) -> str:
        obs: SkirmishObservation = observation
        return f"Round {obs.round} of {obs.rounds} · {STEP_WORDS.get(obs.step, obs.step)} (adaptation)"

    # -- decisions -----------------------------------------------------------------------------
    def decisions(self, observation: Any, legal: Sequence[Action]) -> tuple[Decision, ...]:
        if not legal:
            return ()
        groups: dict[str, list[Choice]] = {}
        shapes: dict[str, str] = {}
        for action in legal:
            title, shape = _group(action)
            groups.setdefault(title, []).append(
                Choice(action=action, label=_label(action), help=_help(action))
            )
            shapes[title] = shape
        return explained(
            (
                Decision(
                    title=title,
                    shape="number" if shapes[title] == "number" else "one",
                    choices=tuple(choices),
                )
                for title, choices in groups.items()
            ),
            GUIDE,
        )

    # -- words ---------------------------------------------------------------------------------
    def log(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
        return log.lines(events, viewer, omniscient=omniscient)

    def summary(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
        return log.summary(events, viewer, omniscient=omniscient)

    # -- panels --------------------------------------------------------------------------------
    def panels(self, observation: Any) -> tuple[Panel, ...]:
        obs: SkirmishObservation = observation
        panels = [Panel(title="Adaptation", lines=((ADAPTATION,),)), ring_panel(obs), seats_panel(obs)]
        panels.append(treaties_panel(obs))
        if obs.combat is not None:
            c = obs.combat
            panels.append(
                Panel(
                    title="Combat",
                    lines=(
                        line(
                            f"At {log.system_name(c.system)}, round {c.round}: ",
                            SeatRef(c.attacker),
                            " attacks ",
                            SeatRef(c.defender),
                            ".",
                        ),
                        line(
                            f"Last dice: attacker {list(c.attacker_dice)}, defender {list(c.defender_dice)}."
                        ),
                    ),
                )
            )
        if obs.result is not None:
            panels.append(result_panel(obs))
        return tuple(panels)

    def whisper_pairs(self, observation: Any) -> tuple[tuple[int, int], ...]:
        """Who may talk in private now (a frontend hook): the giver and the receiver of an Envoy
        under way, for the spoken bargain of RULES §4.2 step 3.  Read from public fields only."""
        obs: SkirmishObservation = observation
        return () if obs.envoy is None else ((obs.envoy.giver, obs.envoy.receiver),)

    def score_table(self, outcome: Outcome) -> ScoreTable:
        details = outcome.details
        primary = set(details.get("primary", ()))
        allies = {a for group in details.get("allies", {}).values() for a in group}
        traitors = set(details.get("treaty_traitors", ()))
        rows = tuple(
            (
                float(p in primary),
                float(p in allies),
                float(p in traitors),
                float(score),
            )
            for p, score in enumerate(outcome.scores)
        )
        return ScoreTable(columns=("Objective met", "Treaty ally", "Treaty traitor", "Wins"), rows=rows)


def _group(action: Action) -> tuple[str, str]:
    """Which decision an action belongs to, and its shape."""
    match action:
        case deals.Give():
            return "Give trade goods (final, binding)", "one"
        case Pass():
            return "Pass", "one"
        case MoveAttack():
            return "Move/Attack", "one"
        case Build():
            return "Build", "one"
        case SendEnvoy():
            return "Envoy", "one"
        case MoveShips():
            return "How many ships come", "number"
        case AssignHits():
            return "Hits on your ships", "number"
        case FightOn() | Retreat():
            return "Fight on or retreat", "one"
        case GiveTreaty() | GiveNoTreaty():
            return "Hand over a treaty card", "one"
        case DiscardTreaty():
            return "Discard one treaty card face down", "one"
        case DropTreaty():
            return "Drop a foreign treaty card", "one"
    return "Your decision", "one"


def _shape(shape: str) -> Literal["one", "number"]:
    return "number" if shape == "number" else "one"


def _label(action: Action) -> Line:
    """A choice's words; a gift names its receiver as a seat, so it reads with their name."""
    if isinstance(action, deals.Give):
        return line("Give ", SeatRef(action.to), f" {action.amount} trade goods")
    return (log.describe_action(action),)


def _help(action: Action) -> str:
    match action:
        case SendEnvoy():
            return (
                "Spends a command token; your token there also keeps you from attacking that Home this round."
            )
        case DiscardTreaty():
            return "Nobody else learns which card you discard."
        case GiveTreaty():
            return "Only you and the receiver learn the card's number."
        case deals.Give():
            return "Trade goods handed over are final; promises bind nobody."
    return ""


def _seat_list(seats: Iterable[int]) -> list[str | SeatRef]:
    out: list[str | SeatRef] = []
    for i, p in enumerate(seats):
        out += [", " if i else "", SeatRef(p)]
    return out or ["nobody"]


def ring_panel(obs: SkirmishObservation) -> Panel:
    """The board as text: each system with its value, controller, ships, garrison and tokens."""
    rows: list[Line] = []
    for x in obs.systems:
        parts: list[str | SeatRef] = [f"{x.name} (value {x.value}) — control: "]
        parts += [SeatRef(x.control)] if x.control >= 0 else ["none"]
        ships = [(p, k) for p, k in enumerate(x.ships) if k]
        if ships:
            parts.append("; ships: ")
            for i, (p, k) in enumerate(ships):
                parts += [", " if i else "", SeatRef(p), f" {k}"]
        if x.garrison:
            parts.append(f"; garrison {x.garrison}")
        if x.tokens:
            parts += ["; tokens: ", *_seat_list(x.tokens)]
        parts.append(f"; next to {', '.join(log.system_name(a) for a in x.adjacent)}")
        rows.append(line(*parts))
    return Panel(title="The ring", lines=tuple(rows))


def seats_panel(obs: SkirmishObservation) -> Panel:
    rows: list[Line] = []
    for v in obs.seats:
        state = " (out)" if v.eliminated else (" (passed)" if v.passed else "")
        objective = f"; objective {OBJECTIVE_NAMES[v.objective]}" if v.objective else "; objective hidden"
        rows.append(
            line(
                SeatRef(v.seat),
                f" — {log.race_name(v.race)}{state}: {v.trade_goods} TG, {v.tokens} tokens, {v.ships} ships, "
                f"{v.hand_size} treaty cards in hand, {v.treaties_given} given{objective}",
                " · Speaker" if v.seat == obs.speaker else "",
            )
        )
    if obs.viewer is not None:
        mine = obs.seats[obs.viewer].objective
        if mine is not None:
            rows.append(line(f"Your objective — {OBJECTIVE_NAMES[mine]}: {OBJECTIVE_TEXT[mine]}."))
    return Panel(title="Players", lines=tuple(rows))


def treaties_panel(obs: SkirmishObservation) -> Panel:
    """Your hand and the cards you gave and received; the public record of offers."""
    rows: list[Line] = []
    if obs.mine is not None:
        hand = ", ".join(log.card_name(c) for c in obs.mine.hand) or "no cards"
        rows.append(line(f"Your hand: {hand}."))
        for p in obs.mine.given:
            rows.append(line("You gave ", SeatRef(p.receiver), f" {log.card_name(p.card)}."))
        for p in obs.mine.received:
            rows.append(line(SeatRef(p.giver), f" gave you {log.card_name(p.card)}."))
    for giver, receiver in obs.treaties.offers:
        rows.append(line(SeatRef(giver), " offered ", SeatRef(receiver), " a card."))
    rows.append(line(f"Face-down discard pile: {obs.treaties.pile_size} cards."))
    if obs.envoy is not None:
        e = obs.envoy
        rows.append(
            line(
                "Envoy under way: ",
                SeatRef(e.giver),
                " at ",
                SeatRef(e.receiver),
                f"'s {log.system_name(e.home)}.",
            )
        )
    return Panel(title="Treaties", lines=tuple(rows))


def result_panel(obs: SkirmishObservation) -> Panel:
    r = obs.result
    assert r is not None
    rows: list[Line] = []
    if r.winners:
        rows.append(line("Winners: ", *_seat_list(r.winners), "."))
        rows.append(line("By objective: ", *_seat_list(r.primary), "."))
        for w, group in r.allies:
            for a in group:
                rows.append(line(SeatRef(a), " wins as the treaty ally of ", SeatRef(w), "."))
    else:
        rows.append(line("Nobody wins."))
    if r.traitors:
        rows.append(line("Treaty traitors: ", *_seat_list(r.traitors), "."))
    for p, cards in r.revealed:
        rows.append(
            line(SeatRef(p), f" revealed: {', '.join(log.card_name(c) for c in cards) or 'no cards'}.")
        )
    return Panel(title="The end", lines=tuple(rows))
