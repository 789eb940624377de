"""RULES §19.4 invariants of a Rex state, as plain checks that return what broke.

Shared by the random-play test (``test_invariants.py``) and the random-game soak
(``bench/soak_rex.py``); each returns a list of problems, empty when the state is sound.
"""

from __future__ import annotations

from collections.abc import Iterable

from turncoat.core.actions import Event
from turncoat.games.rex.events import UnitsLanded, UnitsMoved
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.state import (
    BATTLE_STEPS,
    BID,
    CHOOSE_RACE,
    COLLECTION,
    MANEUVER_STEPS,
    RECRUIT,
    State,
    total_influence,
)


def invariant_problems(g: RexGame, s: State, supply: int) -> list[str]:
    """§19.4: influence conserved and never negative, hand limits, every unit accounted for, the
    round counter, every strategy card somewhere, the battle rule and the alliance rule on the board."""
    t = g.ctx.t
    b = g.ctx.b
    problems: list[str] = []
    if total_influence(s) != supply:
        problems.append(f"influence not conserved: {total_influence(s)} instead of {supply}")
    if any(v < 0 for v in s.influence):
        problems.append(f"negative influence {s.influence}")
    for seat in range(s.players):
        race = s.race[seat]
        if race < 0:
            continue
        if len(s.hands[seat]) > t.hand_limit[race]:
            problems.append(f"seat {seat} holds {len(s.hands[seat])} cards, limit {t.hand_limit[race]}")
        if s.step == CHOOSE_RACE:
            continue  # §4 step 4: the units are taken once every seat has chosen its race
        on_board = sum(u for _, who, u, _ in s.stacks if who == seat)
        mech = sum(m for _, who, _, m in s.stacks if who == seat)
        if on_board + s.reserves[seat] + s.casualties[seat] != t.units[race]:
            problems.append(f"seat {seat} units do not add up to {t.units[race]}")
        if mech + s.reserves_mech[seat] + s.casualties_mech[seat] != t.mechanized[race]:
            problems.append(f"seat {seat} mechanized units do not add up to {t.mechanized[race]}")
    if (
        s.step in (BID, RECRUIT, COLLECTION, *MANEUVER_STEPS, *BATTLE_STEPS)
        and len(s.influence_discard) != s.round
    ):
        problems.append(f"{len(s.influence_discard)} area cards discarded in round {s.round}")
    cards = sum(len(h) for h in s.hands) + len(s.strategy_deck) + len(s.strategy_discard) + len(s.row)
    cards += len(s.strategy_removed)  # the shield-destroying card leaves the game
    if cards != len(t.strategy_deck):
        problems.append(f"{cards} strategy cards in play, not {len(t.strategy_deck)}")
    if s.step == COLLECTION:  # §10.1: after the battles no area but the Council holds two players
        for area in range(len(b.area_ids)):
            seats = {st[1] for st in s.stacks if b.piece_area[st[0]] == area}
            if area != b.council and len(seats) > 1:
                problems.append(f"area {b.area_ids[area]} holds seats {sorted(seats)} after the battles")
    by_area: dict[int, set[int]] = {}
    for piece, seat, _, _ in s.stacks:
        by_area.setdefault(b.piece_area[piece], set()).add(seat)
    for area, seats in by_area.items():  # allies never share an area but the Council
        allied = [p for p in seats if s.alliance[p] >= 0]
        if area != b.council and len({s.alliance[p] for p in allied}) != len(allied):
            problems.append(f"allies {sorted(allied)} share area {b.area_ids[area]}")
    return problems


def blocked_sector_problems(g: RexGame, before: State, events: Iterable[Event]) -> list[str]:
    """§12: nothing moves or lands into the bombarded sector (``before``: the state acted on)."""
    b = g.ctx.b
    problems: list[str] = []
    for e in events:
        if isinstance(e, UnitsMoved | UnitsLanded):
            target = e.target if isinstance(e, UnitsMoved) else e.piece
            if b.is_blocked(b.piece_index[target], before.fleet):
                problems.append(f"{type(e).__name__} into {target}, in the bombarded sector {before.fleet}")
    return problems
