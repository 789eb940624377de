"""What one seat (or a spectator) may know of a Treaty Skirmish position (RULES §4.4, §7.1).

Public: the board (ships, garrisons, control, command tokens), trade goods, who has passed, the
Lazax objective, who offered to whom, every hand's size, the pile's size and the current step.
Private to a seat: its own objective, its treaty hand, the cards it gave and received.  Nobody but
the receiver learns which card was discarded; a card's number reaches only giver and receiver.
At the end every objective is shown, and the hands §4.5 reveals.
"""

from __future__ import annotations

import msgspec

from turncoat.core import treaties as T
from turncoat.core.actions import Viewer
from turncoat.games.treaty_skirmish.components import EMPEROR
from turncoat.games.treaty_skirmish.context import Ctx
from turncoat.games.treaty_skirmish.phases.table import ships_of, system_value
from turncoat.games.treaty_skirmish.state import OVER, State

ADAPTATION = (
    'An adaptation of the treaty mechanic of the "Fall of the Empire" scenario of Twilight '
    "Imperium 3rd edition; not the published game and not FFG's text."
)


class SystemView(msgspec.Struct, frozen=True):
    id: str
    name: str
    kind: str  # "centre", "home" or "frontier"
    race: str | None  # the starting race of a Home (the Lazax for Mecatol Rex)
    value: int
    adjacent: tuple[str, ...]
    ships: tuple[int, ...]  # per seat
    garrison: int
    control: int  # seat, or -1
    tokens: tuple[int, ...]  # seats with a command token here this round


class SeatView(msgspec.Struct, frozen=True):
    seat: int
    race: str
    trade_goods: int
    tokens: int
    passed: bool
    eliminated: bool
    ships: int
    hand_size: int
    treaties_given: int
    objective: str | None  # the Lazax's always; one's own; everyone's at the end


class MoveView(msgspec.Struct, frozen=True):
    target: str
    sources: tuple[str, ...]
    asked: int
    moved: tuple[tuple[str, int], ...]


class CombatView(msgspec.Struct, frozen=True):
    system: str
    attacker: int
    defender: int
    round: int
    sources: tuple[str, ...]
    pending_hits: int
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]


class EnvoyView(msgspec.Struct, frozen=True):
    home: str
    giver: int
    receiver: int


class ResultView(msgspec.Struct, frozen=True):
    reason: str
    primary: tuple[int, ...]
    allies: tuple[tuple[int, tuple[int, ...]], ...]
    traitors: tuple[int, ...]
    winners: tuple[int, ...]
    revealed: tuple[tuple[int, tuple[T.TreatyCard, ...]], ...]


class SkirmishObservation(msgspec.Struct, frozen=True):
    viewer: int | None
    players: int
    races: tuple[str, ...]
    round: int
    rounds: int
    step: str
    speaker: int
    turn: int
    actor: int
    seats: tuple[SeatView, ...]
    systems: tuple[SystemView, ...]
    treaties: T.PublicTreaties
    mine: T.PrivateTreaties | None
    move: MoveView | None
    combat: CombatView | None
    envoy: EnvoyView | None
    result: ResultView | None
    adaptation: str = ADAPTATION


def visible_objective(s: State, seat: int, viewer: Viewer) -> str | None:
    """§6.3: the Lazax objective is face up; the others are hidden until the end."""
    objective = s.objectives[seat]
    if objective == EMPEROR or seat == viewer or s.step == OVER:
        return objective
    return None


def observe(ctx: Ctx, s: State, viewer: Viewer) -> SkirmishObservation:
    systems = ctx.board.systems
    ids = tuple(x.id for x in systems)
    seats = tuple(
        SeatView(
            seat=p,
            race=s.races[p],
            trade_goods=s.trade_goods[p],
            tokens=s.tokens[p],
            passed=s.passed[p],
            eliminated=s.eliminated[p],
            ships=ships_of(s, p),
            hand_size=T.hand_size(s.treaties, p),
            treaties_given=T.given_count(s.treaties, p),
            objective=visible_objective(s, p, viewer),
        )
        for p in range(s.players)
    )
    board = tuple(
        SystemView(
            id=x.id,
            name=x.name,
            kind=x.kind,
            race=x.race,
            value=system_value(ctx, i),
            adjacent=tuple(ids[a] for a in x.adjacent),
            ships=s.ships[i],
            garrison=s.garrison[i],
            control=s.control[i],
            tokens=s.activated[i],
        )
        for i, x in enumerate(systems)
    )
    move = s.move
    c = s.combat
    e = s.envoy
    r = s.result
    seated = viewer if viewer is not None and 0 <= viewer < s.players else None
    return SkirmishObservation(
        viewer=seated,
        players=s.players,
        races=s.races,
        round=s.round,
        rounds=ctx.n.rounds,
        step=s.step,
        speaker=s.speaker,
        turn=s.turn,
        actor=s.actor,
        seats=seats,
        systems=board,
        treaties=T.public_view(s.treaties),
        mine=None if seated is None else T.private_view(s.treaties, seated),
        move=None
        if move is None
        else MoveView(
            target=ids[move.target],
            sources=tuple(ids[i] for i in move.sources),
            asked=move.asked,
            moved=tuple((ids[i], k) for i, k in move.moved),
        ),
        combat=None
        if c is None
        else CombatView(
            system=ids[c.system],
            attacker=c.attacker,
            defender=c.defender,
            round=c.round,
            sources=tuple(ids[i] for i in c.sources),
            pending_hits=c.pending_hits,
            attacker_dice=c.last_attacker_dice,
            defender_dice=c.last_defender_dice,
        ),
        envoy=None if e is None else EnvoyView(home=ids[e.home], giver=e.giver, receiver=e.receiver),
        result=None
        if r is None
        else ResultView(
            reason=r.reason,
            primary=r.primary,
            allies=r.allies,
            traitors=r.traitors,
            winners=r.winners,
            revealed=r.revealed,
        ),
    )
