"""Setup (RULES §6.3): seats and races, the board, ships, money, treaties, objectives, Speaker."""

from __future__ import annotations

from turncoat.core import rng
from turncoat.core.treaties import new_treaties
from turncoat.games.treaty_skirmish.components import (
    EMPEROR,
    FRONTIER,
    HOME,
    LAZAX,
    objective_deck,
    seating,
    treaty_catalogue,
)
from turncoat.games.treaty_skirmish.config import treaty_profile
from turncoat.games.treaty_skirmish.context import Ctx, Events
from turncoat.games.treaty_skirmish.events import GameSetUp, ObjectiveDealt
from turncoat.games.treaty_skirmish.phases import income
from turncoat.games.treaty_skirmish.state import ACTION, NOBODY, State

RULE_SETUP = "RULES §6.3"
RULE_SEATING = "RULES §6.2"


def seat_races(ctx: Ctx, seed: int, counter: int) -> tuple[tuple[str, ...], int]:
    """§6.2: the seating order with the Lazax on Sol's left; "random" turns it by a random
    number of seats (or the pinned ``scenario.rotation``)."""
    order = seating(ctx.config.players)
    if ctx.config.race_assignment == "in_order":
        return order, counter
    sc = ctx.config.scenario
    if sc is not None and sc.rotation is not None:
        turn = sc.rotation
    else:
        turn, counter = rng.randbelow(seed, counter, len(order))
    return order[turn:] + order[:turn], counter


def deal_objectives(ctx: Ctx, races: tuple[str, ...], seed: int, counter: int) -> tuple[tuple[str, ...], int]:
    """§6.3: one hidden objective to each great race (Loyalist removed at 4 players); the
    Lazax's Emperor objective is face up."""
    sc = ctx.config.scenario
    if sc is not None and sc.objectives is not None:
        dealt = tuple(sc.objectives)
    else:
        deck, counter = rng.shuffle(
            seed, counter, objective_deck(ctx.config.players, ctx.config.support_at_four_players)
        )
        dealt = deck[: len(races) - 1]
    it = iter(dealt)
    return tuple(EMPEROR if r == LAZAX else next(it) for r in races), counter


def choose_speaker(ctx: Ctx, seed: int, counter: int) -> tuple[int, int]:
    """§6.3: a random first player, the Speaker (or the pinned ``scenario.speaker``)."""
    sc = ctx.config.scenario
    if sc is not None and sc.speaker is not None:
        return sc.speaker, counter
    return rng.randbelow(seed, counter, ctx.config.players)


def starting_forces(
    ctx: Ctx, races: tuple[str, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """§6.3 ships and control, §6.2 garrisons: each great race has 3 ships at its Home and
    controls it (garrison 2); the Lazax have 4 ships on Mecatol, which they control, and 1 ship
    on every Frontier, which starts uncontrolled."""
    n = ctx.n
    players = len(races)
    ships: list[tuple[int, ...]] = []
    garrison: list[int] = []
    control: list[int] = []
    lazax = races.index(LAZAX)
    for system in ctx.board.systems:
        row = [0] * players
        if system.kind == HOME:
            owner = races.index(system.race) if system.race is not None else NOBODY
            row[owner] = n.home_ships
            garrison.append(n.garrison)
            control.append(owner)
        elif system.kind == FRONTIER:
            row[lazax] = n.frontier_ships
            garrison.append(0)
            control.append(NOBODY)
        else:
            row[lazax] = n.mecatol_ships
            garrison.append(0)
            control.append(lazax)
        ships.append(tuple(row))
    return tuple(ships), tuple(garrison), tuple(control)


def set_up(ctx: Ctx, seed: int) -> tuple[State, Events]:
    """§6.3 in order, then round 1 begins with its Income phase (§6.4)."""
    players = ctx.config.players
    counter = 0
    races, counter = seat_races(ctx, seed, counter)
    objectives, counter = deal_objectives(ctx, races, seed, counter)
    speaker, counter = choose_speaker(ctx, seed, counter)
    ships, garrison, control = starting_forces(ctx, races)
    factions = dict(enumerate(races))
    treaties = new_treaties(
        factions,
        treaty_catalogue(races, ctx.config.treaty_cards_per_race),
        non_receivers=(races.index(LAZAX),),
        profile=treaty_profile(ctx.config),
    )
    state = State(
        players=players,
        seed=seed,
        rng=counter,
        dice_used=0,
        races=races,
        objectives=objectives,
        round=1,
        step=ACTION,
        speaker=speaker,
        turn=speaker,
        actor=speaker,
        passed=(False,) * players,
        eliminated=(False,) * players,
        tokens=(0,) * players,
        trade_goods=(ctx.n.starting_trade_goods,) * players,
        ships=ships,
        garrison=garrison,
        control=control,
        activated=((),) * len(ctx.board.systems),
        treaties=treaties,
    )
    events: Events = [
        GameSetUp(
            races=races,
            systems=tuple(s.id for s in ctx.board.systems),
            speaker=speaker,
            rounds=ctx.n.rounds,
        )
    ]
    for seat, objective in enumerate(objectives):
        hidden = None if objective == EMPEROR else (seat,)
        events.append(ObjectiveDealt(seat=seat, objective=objective, visible_to=hidden))
    state = income.start_round(ctx, state, events, first=True)
    return state, events
