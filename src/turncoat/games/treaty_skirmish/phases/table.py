"""Small queries and updates over the state that every phase uses (who sits where, what is
where); each is a plain reading of RULES §6.2–§6.4."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import msgspec

from turncoat.core import rng
from turncoat.games.treaty_skirmish.components import FRONTIER, HOME, LAZAX
from turncoat.games.treaty_skirmish.context import Ctx
from turncoat.games.treaty_skirmish.state import NOBODY, State

T = TypeVar("T")


def seat_of(s: State, race: str) -> int:
    """The seat playing ``race`` (−1 when the race is not in the game)."""
    return s.races.index(race) if race in s.races else NOBODY


def lazax_seat(s: State) -> int:
    return seat_of(s, LAZAX)


def left_of(s: State, seat: int, *, skip_lazax: bool) -> int:
    """§6.2: the seat on ``seat``'s left (the next seat); GAPS Q6: optionally skipping the Lazax."""
    nxt = (seat + 1) % s.players
    if skip_lazax and s.races[nxt] == LAZAX:
        nxt = (nxt + 1) % s.players
    return nxt


def right_of(s: State, seat: int, *, skip_lazax: bool) -> int:
    prev = (seat - 1) % s.players
    if skip_lazax and s.races[prev] == LAZAX:
        prev = (prev - 1) % s.players
    return prev


def home_of_seat(ctx: Ctx, s: State, seat: int) -> int:
    """The starting Home of ``seat``'s race; Mecatol Rex (0) for the Lazax."""
    return ctx.board.home_of(s.races[seat])


def owner_of_home(ctx: Ctx, s: State, system: int) -> int:
    """The seat whose race started in ``system`` (the Lazax for Mecatol Rex)."""
    race = ctx.board.systems[system].race
    return NOBODY if race is None else seat_of(s, race)


def system_value(ctx: Ctx, system: int) -> int:
    """§6.2: Home 3, Mecatol 3, Frontier 1."""
    kind = ctx.board.systems[system].kind
    if kind == HOME:
        return ctx.n.home_value
    if kind == FRONTIER:
        return ctx.n.frontier_value
    return ctx.n.mecatol_value


def ships_of(s: State, seat: int) -> int:
    return sum(row[seat] for row in s.ships)


def controls_anything(s: State, seat: int) -> bool:
    return seat in s.control


def other_ships(s: State, system: int, seat: int) -> tuple[int, int]:
    """(seat, ships) of the first other seat with ships in ``system``, or (NOBODY, 0)."""
    for q, count in enumerate(s.ships[system]):
        if q != seat and count:
            return q, count
    return NOBODY, 0


def hostile_garrison(s: State, system: int, seat: int) -> int:
    """§6.2: garrison points fight for the controller, so they are hostile to everyone else."""
    if s.control[system] in (seat, NOBODY):
        return 0
    return s.garrison[system]


def has_token(s: State, system: int, seat: int) -> bool:
    return seat in s.activated[system]


def with_ships(s: State, system: int, seat: int, delta: int) -> tuple[tuple[int, ...], ...]:
    row = list(s.ships[system])
    row[seat] += delta
    return set_at(s.ships, system, tuple(row))


def with_token(s: State, system: int, seat: int) -> State:
    """§6.4: a command token from the seat's supply onto ``system``."""
    tokens = set_at(s.tokens, seat, s.tokens[seat] - 1)
    placed = set_at(s.activated, system, tuple(sorted((*s.activated[system], seat))))
    return msgspec.structs.replace(s, tokens=tokens, activated=placed)


def set_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``index`` replaced."""
    return (*values[:index], value, *values[index + 1 :])


def in_game(s: State) -> tuple[int, ...]:
    return tuple(p for p in range(s.players) if not s.eliminated[p])


def roll(ctx: Ctx, s: State, count: int) -> tuple[tuple[int, ...], State]:
    """§6.4: ``count`` d6, pinned ones first (``config.scenario.dice``), then from the seed."""
    pinned: Sequence[int] = ()
    if ctx.config.scenario is not None and ctx.config.scenario.dice is not None:
        pinned = ctx.config.scenario.dice
    dice: list[int] = []
    used, counter = s.dice_used, s.rng
    for _ in range(count):
        if used < len(pinned):
            dice.append(pinned[used])
            used += 1
        else:
            value, counter = rng.randbelow(s.seed, counter, 6)
            dice.append(value + 1)
    return tuple(dice), msgspec.structs.replace(s, dice_used=used, rng=counter)
