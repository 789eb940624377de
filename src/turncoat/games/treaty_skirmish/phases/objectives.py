"""The adapted objectives (RULES §6.5) as predicates over the board and the treaty hands.

Immediate objectives end the game the moment they are met (§6.4 checks after every action and
combat); the others are looked at after the last round.  Support of the People is checked by the
engine alone after treaty receipts and never shown to anyone until it wins (§6.5, §7.4 test 8).
"""

from __future__ import annotations

from turncoat.core import treaties as T
from turncoat.games.treaty_skirmish.components import (
    ANARCHIST,
    EMPEROR,
    LAZAX,
    LOYALIST,
    MECATOL,
    OPPORTUNIST,
    POWER_HUNGRY,
    SUPPORT_OF_THE_PEOPLE,
    TRAITOR,
    UNSTOPPABLE_ARMY,
)
from turncoat.games.treaty_skirmish.context import Ctx
from turncoat.games.treaty_skirmish.phases.table import (
    home_of_seat,
    lazax_seat,
    left_of,
    owner_of_home,
    right_of,
    ships_of,
)
from turncoat.games.treaty_skirmish.state import State

RULE_OBJECTIVES = "RULES §6.5"
FOURTH_TREATY = 4  # GAPS Q3: the FAQ's "fourth treaty"


def emperor_met(ctx: Ctx, s: State) -> bool:
    """§6.5 Emperor (Lazax): every great-race Home is held by its own race or by the Lazax."""
    lazax = lazax_seat(s)
    return all(s.control[h] in (owner_of_home(ctx, s, h), lazax) for h in ctx.board.homes)


def power_hungry_met(ctx: Ctx, s: State, seat: int) -> bool:
    """§6.5 Power-Hungry: you control 2 Homes besides your own."""
    own = home_of_seat(ctx, s, seat)
    return sum(1 for h in ctx.board.homes if h != own and s.control[h] == seat) >= 2


def traitor_met(ctx: Ctx, s: State, seat: int) -> bool:
    """§6.5 Traitor (the objective card): you control Mecatol Rex."""
    return s.control[ctx.board.index(MECATOL) or 0] == seat


def opportunist_met(ctx: Ctx, s: State, seat: int) -> bool:
    """§6.5 Opportunist: you control the Home of the great race on your left (GAPS Q6: the
    Lazax are skipped by default; without the skip, a Lazax neighbour's Home is Mecatol Rex)."""
    left = left_of(s, seat, skip_lazax=ctx.config.neighbours_skip_lazax)
    return s.control[home_of_seat(ctx, s, left)] == seat


def anarchist_met(ctx: Ctx, s: State) -> bool:
    """§6.5 Anarchist: at least 2 Homes are controlled by someone other than their race."""
    return sum(1 for h in ctx.board.homes if s.control[h] != owner_of_home(ctx, s, h)) >= 2


def holds_own_home(ctx: Ctx, s: State, seat: int) -> bool:
    """§6.5 (Loyalist, Emperor): ``seat`` controls its starting Home (Mecatol for the Lazax)."""
    return s.control[home_of_seat(ctx, s, seat)] == seat


def loyalist_met(ctx: Ctx, s: State, seat: int) -> bool:
    """§6.5 Loyalist: the Lazax still control Mecatol, and both your neighbours (GAPS Q6: great
    races, skipping the Lazax) still hold their own Homes."""
    skip = ctx.config.neighbours_skip_lazax
    neighbours = {left_of(s, seat, skip_lazax=skip), right_of(s, seat, skip_lazax=skip)}
    lazax = lazax_seat(s)
    return holds_own_home(ctx, s, lazax) and all(holds_own_home(ctx, s, q) for q in neighbours)


def unstoppable_army_met(s: State, seat: int) -> bool:
    """§6.5 Unstoppable Army: you have strictly the most ships on the board."""
    mine = ships_of(s, seat)
    return all(mine > ships_of(s, q) for q in range(s.players) if q != seat)


def support_of_the_people_met(ctx: Ctx, s: State, seat: int) -> bool:
    """§6.5 Support of the People: at least 3 different other players hold at least one of your
    cards, and (``support_needs_loyal_holders``) none of them is a treaty traitor.  Referee-only."""
    faction = s.races[seat]
    holders = T.holders_of(s.treaties, faction)
    if len(holders) < 3:
        return False
    if ctx.config.support_needs_loyal_holders:
        return not any(T.is_treaty_traitor(s.treaties, p) for p in holders)
    return True


def objective_met(ctx: Ctx, s: State, seat: int) -> bool:
    """Whether ``seat`` meets its own objective now (§6.5)."""
    objective = s.objectives[seat]
    if objective == EMPEROR:
        return s.races[seat] == LAZAX and emperor_met(ctx, s)
    if objective == POWER_HUNGRY:
        return power_hungry_met(ctx, s, seat)
    if objective == TRAITOR:
        return traitor_met(ctx, s, seat)
    if objective == OPPORTUNIST:
        return opportunist_met(ctx, s, seat)
    if objective == ANARCHIST:
        return anarchist_met(ctx, s)
    if objective == LOYALIST:
        return loyalist_met(ctx, s, seat)
    if objective == UNSTOPPABLE_ARMY:
        return unstoppable_army_met(s, seat)
    if objective == SUPPORT_OF_THE_PEOPLE:
        return support_of_the_people_met(ctx, s, seat)
    return False


def may_win(ctx: Ctx, s: State, seat: int) -> bool:
    """§6.5 / GAPS Q9 reading (``eliminated_can_win``): an eliminated seat is out of the game."""
    return ctx.config.eliminated_can_win or not s.eliminated[seat]


def immediate_winners(ctx: Ctx, s: State) -> tuple[int, ...]:
    """§6.4/§6.5: the seats whose map objective (Power-Hungry, Traitor, Opportunist) is met now.
    Support of the People is checked after treaty receipts only (``support_winner``)."""
    board_objectives = (POWER_HUNGRY, TRAITOR, OPPORTUNIST)
    return tuple(
        p
        for p in range(s.players)
        if s.objectives[p] in board_objectives and may_win(ctx, s, p) and objective_met(ctx, s, p)
    )


def support_winner(ctx: Ctx, s: State, giver: int) -> tuple[int, ...]:
    """§6.5 / GAPS Q3: after a treaty receipt resolves, the engine privately checks the seat
    holding Support of the People: after any receipt, or (``on_fourth_treaty``) only when that
    seat has just given its 4th treaty."""
    for seat in range(s.players):
        if s.objectives[seat] != SUPPORT_OF_THE_PEOPLE or not may_win(ctx, s, seat):
            continue
        if ctx.config.support_check == "on_fourth_treaty" and (
            seat != giver or T.given_count(s.treaties, seat) != FOURTH_TREATY
        ):
            continue
        if support_of_the_people_met(ctx, s, seat):
            return (seat,)
    return ()


def final_winners(ctx: Ctx, s: State) -> tuple[int, ...]:
    """§6.5 end of game: after the last round, everyone who meets their objective wins.  Read as
    "on the 4th treaty" (GAPS Q3), Support of the People is met only at that moment, never here."""
    return tuple(
        p
        for p in range(s.players)
        if may_win(ctx, s, p)
        and objective_met(ctx, s, p)
        and not (s.objectives[p] == SUPPORT_OF_THE_PEOPLE and ctx.config.support_check == "on_fourth_treaty")
    )
