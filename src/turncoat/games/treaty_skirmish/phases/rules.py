"""Which decisions a seat has now and how each resolves: the table of the game's steps."""

from __future__ import annotations

from turncoat.core import deals
from turncoat.core.errors import IllegalAction, MalformedAction
from turncoat.core.treaties import TreatyCard
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
    SkirmishAction,
)
from turncoat.games.treaty_skirmish.context import Ctx, Events
from turncoat.games.treaty_skirmish.phases import build, combat, envoy, gifts, movement, turns
from turncoat.games.treaty_skirmish.state import (
    ACTION,
    ASSIGN_HITS,
    DISCARD_TREATY,
    DROP_TREATY,
    GIVE_TREATY,
    MOVE_SHIPS,
    OVER,
    RETREAT,
    State,
)

_PASS = Pass()
_FIGHT_ON = FightOn()
_NO_TREATY = GiveNoTreaty()
MAX_FORCED = 10_000  # forced steps in a row; the rules never come near it


def step_actions(ctx: Ctx, s: State, seat: int) -> list[SkirmishAction]:
    """The decisions of ``seat``'s current step, without gifts."""
    systems = ctx.board.systems
    step = s.step
    if step == ACTION:
        out: list[SkirmishAction] = [_PASS]
        out += [MoveAttack(systems[t].id) for t in movement.targets(ctx, s, seat)]
        out += [Build(systems[i].id, k) for i, k in build.options(ctx, s, seat)]
        out += [SendEnvoy(r) for r in envoy.targets(ctx, s, seat)]
        return out
    if step == MOVE_SHIPS:
        move = s.move
        assert move is not None
        low, high = movement.count_range(s, seat)
        source = systems[move.sources[move.asked]].id
        return [MoveShips(source, k) for k in range(low, high + 1)]
    if step == ASSIGN_HITS:
        c = s.combat
        assert c is not None
        low, high = combat.ship_hit_range(s, c)
        return [AssignHits(k) for k in range(low, high + 1)]
    if step == RETREAT:
        return [_FIGHT_ON, *(Retreat(systems[t].id) for t in combat.retreat_destinations(s))]
    if step == GIVE_TREATY:
        return [_NO_TREATY, *(GiveTreaty(c.faction, c.number) for c in envoy.giveable(s, seat))]
    if step == DISCARD_TREATY:
        return [DiscardTreaty(c.faction, c.number) for c in envoy.discardable(s, seat)]
    if step == DROP_TREATY:
        return [DropTreaty(c.faction, c.number) for c in envoy.foreign_cards(s, seat)]
    return []


def legal_actions(ctx: Ctx, s: State, seat: int) -> list[SkirmishAction]:
    """Everything ``seat`` may do now: its step's decisions, then any trade-goods gifts."""
    if s.step == OVER or seat != s.actor:
        return []
    return [*step_actions(ctx, s, seat), *gifts.legal_gifts(ctx, s, seat)]


def _system(ctx: Ctx, system_id: object) -> int:
    if not isinstance(system_id, str):
        raise MalformedAction("a system is named by its id", code="bad_system", rule="RULES §6.2")
    index = ctx.board.index(system_id)
    if index is None:
        raise IllegalAction(f"there is no system {system_id!r}", code="bad_system", rule="RULES §6.2")
    return index


def _card(s: State, faction: str, number: int) -> TreatyCard:
    """The card as the catalogue has it (with its hint), found among the cards in play."""
    pending = s.treaties.pending
    pool = [c for _, hand in s.treaties.hands for c in hand]
    if pending is not None:
        pool.append(pending.card)
    for c in pool:
        if c.faction == faction and c.number == number:
            return c
    return TreatyCard(faction, number)


def resolve(ctx: Ctx, s: State, seat: int, action: SkirmishAction, events: Events) -> State:
    """Apply one decision (already checked legal) by the rule it belongs to."""
    match action:
        case deals.Give():
            return gifts.resolve_give(ctx, s, seat, action, events)
        case Pass():
            return turns.resolve_pass(ctx, s, seat, events)
        case MoveAttack(system=system):
            return movement.resolve_move_attack(ctx, s, seat, _system(ctx, system), events)
        case MoveShips(source=source, count=count):
            return movement.resolve_move_ships(ctx, s, seat, _system(ctx, source), count, events)
        case AssignHits(ships=ships):
            return combat.resolve_assign_hits(ctx, s, seat, ships, events)
        case FightOn():
            return combat.resolve_fight_on(ctx, s, seat, events)
        case Retreat(to=to):
            return combat.resolve_retreat(ctx, s, seat, _system(ctx, to), events)
        case Build(system=system, ships=ships):
            return build.resolve_build(ctx, s, seat, _system(ctx, system), ships, events)
        case SendEnvoy(race=race):
            return envoy.resolve_send_envoy(ctx, s, seat, race, events)
        case GiveTreaty(faction=faction, number=number):
            return envoy.resolve_give_treaty(ctx, s, seat, _card(s, faction, number), events)
        case GiveNoTreaty():
            return envoy.resolve_give_no_treaty(ctx, s, seat, events)
        case DiscardTreaty(faction=faction, number=number):
            return envoy.resolve_discard_treaty(ctx, s, seat, _card(s, faction, number), events)
        case DropTreaty(faction=faction, number=number):
            return envoy.resolve_drop_treaty(ctx, s, seat, _card(s, faction, number), events)
    raise MalformedAction(f"{action!r} is not a Treaty Skirmish action", code="unknown_action")


def play_forced(ctx: Ctx, s: State, events: Events) -> State:
    """Resolve every decision that offers a single choice (a seat with nothing to do but pass, a
    source whose only answer is its one ship, hits with one way to take them, an Envoy giver with
    no card to give): only real decisions are left to the players (ARCHITECTURE §3)."""
    for _ in range(MAX_FORCED):
        if s.step == OVER:
            return s
        legal = legal_actions(ctx, s, s.actor)
        if len(legal) != 1:
            return s
        s = resolve(ctx, s, s.actor, legal[0], events)
    raise RuntimeError("too many forced steps in a row")  # pragma: no cover - a rules bug
