"""Victory (RULES §15, §16): normal (Regrouping step 6), special (step 7), end-game (end of step 8)
and elimination (at any moment), checked in that order, with the §16.1 tie-breaks.

Aldaris (§16.5): while Aldaris is in the game every other player needs 20 CP; two *The End Draws
Near* in the common area make Aldaris win outright.  Aldaris's objective is never checked at step 7.

Every check compares *sides*: each seat alone, or with team play (§19) each team's seats still in
the game, whose CP and tie-break counts are added up; a side wins together.  Galactic Conquest (§19)
knows only the elimination victory.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from turncoat.games.starcraft.context import Ctx, Events
from turncoat.games.starcraft.events import GameWon
from turncoat.games.starcraft.observe import top_stage
from turncoat.games.starcraft.phases import control, resources
from turncoat.games.starcraft.state import NOBODY, OVER, State

RULE_VICTORY = "RULES §16"
NORMAL_THRESHOLD = 15  # §16.1 [CZ p.21]
ALDARIS_THRESHOLD = 20  # §16.1, §16.5 [FAQ]: everyone but Aldaris, while Aldaris plays
TEAM_THRESHOLD = 30  # §19 [EN p.42-43]: a team's combined CP
ALDARIS_TEAM_THRESHOLD = 40  # §19: every team but Aldaris's, while Aldaris plays
ALDARIS = "aldaris"
END_GAME_COPIES = 2  # §16.3: two or more The End Draws Near in the common area

Side = tuple[int, ...]  # §19: the seats that win together (one seat without team play)


# §16.4 [RULING]: how a game ends when its last players all left the board at the same moment and
# ``simultaneous_last_elimination`` is "nobody_wins" (no victory, so not among §16's kinds).
NO_WINNER = "no_winner"


def in_game(state: State) -> tuple[int, ...]:
    """§16.4: the seats not eliminated."""
    return tuple(s for s in range(state.players) if not state.seat(s).eliminated)


def aldaris_seat(state: State) -> int | None:
    """§16.5: the seat playing Aldaris, if Aldaris is still in the game."""
    return next((s for s in in_game(state) if state.seat(s).faction == ALDARIS), None)


def threshold(state: State, seat: int) -> int:
    """§16.1, §16.5: 15 CP; 20 for everyone but Aldaris while Aldaris is in the game."""
    aldaris = aldaris_seat(state)
    return ALDARIS_THRESHOLD if aldaris is not None and aldaris != seat else NORMAL_THRESHOLD


def sides(state: State) -> tuple[Side, ...]:
    """§16.4, §19: who competes for victory: each seat still in the game alone, or with team play
    each team's seats still in the game (a team is out when both are eliminated; an eliminated
    teammate no longer affects the game, so neither its CP nor its pieces count)."""
    out: dict[int, list[int]] = {}
    for seat in in_game(state):
        out.setdefault(state.teams[seat], []).append(seat)
    return tuple(tuple(members) for members in out.values())


def side_of(state: State, seat: int) -> Side:
    """§19: the side ``seat`` (in the game) plays on."""
    return next(side for side in sides(state) if seat in side)


def side_cp(state: State, side: Side) -> int:
    """§16.1, §19: the side's CP (a team's combined CP)."""
    return sum(state.seat(s).cp for s in side)


def side_threshold(ctx: Ctx, state: State, side: Side) -> int:
    """§16.1, §19: a seat's own threshold; with team play 30 combined, 40 for every team but
    Aldaris's while Aldaris is in the game."""
    if not ctx.config.team_play:
        return threshold(state, side[0])
    aldaris = aldaris_seat(state)
    return ALDARIS_TEAM_THRESHOLD if aldaris is not None and aldaris not in side else TEAM_THRESHOLD


def resources_held(ctx: Ctx, state: State, seat: int) -> int:
    """§16.1 tie-break 1: the resource values of the cards held (their current side), plus the
    printed permanent resources with ``tiebreak_resources_include_permanent``."""
    p = state.seat(seat)
    total = sum(resources.card_capacity(ctx, c.area, state.area(c.area).depletion) for c in p.resource_cards)
    if ctx.config.tiebreak_resources_include_permanent:
        total += sum(r.amount for r in p.permanent_resources)
    return total


def tie_break_sides(ctx: Ctx, state: State, tied: tuple[Side, ...]) -> tuple[Side, ...]:
    """§16.1, §19: among tied sides: most resources, then most areas controlled, most bases in
    play, most workers in the Worker Pool (a team's totals); still tied: a shared victory."""
    keys: tuple[Callable[[int], int], ...] = (
        lambda s: resources_held(ctx, state, s),
        lambda s: sum(1 for a in state.areas if control.controls(a, s)),
        lambda s: control.bases_on_board(state, s),
        lambda s: state.seat(s).worker_pool,
    )
    for key in keys:
        totals = [sum(key(s) for s in side) for side in tied]
        tied = tuple(side for side, total in zip(tied, totals, strict=True) if total == max(totals))
        if len(tied) == 1:
            break
    return tied


def most_cp_sides(ctx: Ctx, state: State, candidates: tuple[Side, ...]) -> tuple[int, ...]:
    """§16.1-§16.3, §19: the seats of the side(s) with the most CP among ``candidates``,
    tie-broken."""
    best = max(side_cp(state, side) for side in candidates)
    tied = tuple(side for side in candidates if side_cp(state, side) == best)
    return tuple(sorted(s for side in tie_break_sides(ctx, state, tied) for s in side))


def tie_break(ctx: Ctx, state: State, seats: tuple[int, ...]) -> tuple[int, ...]:
    """§16.1: among tied seats, each alone: the tie-breaks of ``tie_break_sides``."""
    return tuple(s for (s,) in tie_break_sides(ctx, state, tuple((s,) for s in seats)))


def most_cp(ctx: Ctx, state: State, seats: tuple[int, ...]) -> tuple[int, ...]:
    """§16.1-§16.3: the seats with the most CP among ``seats``, each alone, tie-broken."""
    return most_cp_sides(ctx, state, tuple((s,) for s in seats))


def normal_victory(ctx: Ctx, state: State) -> tuple[int, ...]:
    """§16.1 (Regrouping step 6), §19: if any side has reached its threshold the game ends and the
    most CP wins; §21.4 ``aldaris_threshold_ranking`` ranks only the sides that reached their own
    threshold (default) or every side.  Galactic Conquest has no CP victory."""
    if ctx.config.galactic_conquest:
        return ()
    everyone = sides(state)
    reached = tuple(side for side in everyone if side_cp(state, side) >= side_threshold(ctx, state, side))
    if not reached:
        return ()
    ranked = reached if ctx.config.aldaris_threshold_ranking == "reached_own_threshold" else everyone
    return most_cp_sides(ctx, state, ranked)


def stage_iii(ctx: Ctx, state: State) -> bool:
    """§16.2, §21.4 ``empty_event_deck_is_stage_iii``: the event deck's top card is a Stage III
    card (an empty deck counts by default)."""
    stage = top_stage(ctx, state)
    return stage == 3 or (stage is None and ctx.config.empty_event_deck_is_stage_iii)


def objective_met(ctx: Ctx, state: State, seat: int) -> bool:
    """§16.2 [FAQ]: the seat's special objective holds now (fewer areas of a kind on the board than
    asked: all of them suffice; depleted areas still count).  Aldaris's is never checked here; an
    invented objective counts only with ``invented_special_victories`` (GAPS §2.3)."""
    data = ctx.t.faction[state.seat(seat).faction].special_victory
    goal = data.value
    if goal.kind == ALDARIS or (data.invented and not ctx.config.invented_special_victories):
        return False
    if goal.stage_iii_only and not stage_iii(ctx, state):
        return False
    planets = [p.id for p in state.galaxy]

    def areas_of(kinds: set[str]) -> list[str]:
        return [a.id for a in state.areas if ctx.t.area[a.id].resource in kinds]

    def mine(area: str) -> bool:
        return control.controls(state.area(area), seat)

    def held(ids: list[str]) -> int:
        return sum(1 for a in ids if control.controls(state.area(a), seat))

    match goal.kind:
        case "control_resource_areas":
            ids = areas_of({"minerals", "gas"})
            return held(ids) >= min(goal.count, len(ids))
        case "control_cp_areas":
            ids = areas_of({"cp"})
            return held(ids) >= min(goal.count, len(ids))
        case "control_whole_planets":
            whole = [
                p
                for p in planets
                if all(control.controls(state.area(a), seat) for a in ctx.t.planet_areas[p])
            ]
            return len(whole) >= min(goal.count, len(planets))
        case "bases_on_planets":
            return len({ctx.t.area_planet[a.id] for a in state.areas if a.base == seat}) >= goal.count
        case "control_areas_on_planets":
            on = [
                p
                for p in planets
                if any(control.controls(state.area(a), seat) for a in ctx.t.planet_areas[p])
            ]
            return len(on) >= min(goal.count, len(planets))
    return False


def special_victory(ctx: Ctx, state: State) -> tuple[int, ...]:
    """§16.2 (Regrouping step 7), §19: the sides with a seat whose objective holds (either
    teammate's objective wins for the team); several: most CP, tie-broken."""
    if ctx.config.galactic_conquest:
        return ()
    met = tuple(side for side in sides(state) if any(objective_met(ctx, state, s) for s in side))
    return most_cp_sides(ctx, state, met) if met else ()


def end_game_victory(ctx: Ctx, state: State) -> tuple[int, ...]:
    """§16.3, §16.5, §19 (end of Regrouping step 8): two or more *The End Draws Near* in the common
    area end the game: Aldaris (with a teammate, Aldaris's team) wins if in the game, otherwise the
    most CP."""
    if state.end_draws_near < END_GAME_COPIES:
        return ()
    aldaris = aldaris_seat(state)
    if aldaris is not None:
        return side_of(state, aldaris)
    return most_cp_sides(ctx, state, sides(state))


def elimination_victory(ctx: Ctx, state: State) -> tuple[int, ...]:
    """§16.4, §19: only one side (a seat, or a team's seats still in the game) is left; [RULING]
    or the last seats left the board at the same moment (``regrouping.check_eliminations`` keeps
    them in): they share the victory."""
    left = sides(state)
    if len(left) == 1:
        return left[0]
    seats = in_game(state)
    if seats and not any(control.on_board(state, s) for s in seats):
        return seats
    return ()


def nobody_left(state: State) -> bool:
    """§16.4 [RULING] with ``simultaneous_last_elimination=nobody_wins``: the last seats left the
    board at the same moment and were all eliminated: the game ends with no winner."""
    return not in_game(state)


def game_over(ctx: Ctx, state: State, winners: tuple[int, ...], victory: str, events: Events) -> State:
    """§16: the game ends with these winners (none when ``victory`` is ``NO_WINNER``, §16.4)."""
    events.append(GameWon(winners=winners, victory=victory, cp=tuple(p.cp for p in state.seats)))
    return msgspec.structs.replace(state, step=OVER, actor=NOBODY, winners=winners, victory=victory)
