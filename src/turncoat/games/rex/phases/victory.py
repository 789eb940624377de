"""RULES §14 Victory, checked at the end of every round (§5), and the start of the next round.

Stronghold victory (§14.1): alone 3 strongholds, an alliance of two 4, of three all 5.  After round
8 with no stronghold winner (§14.3): the Sol (two strongholds empty or Sol-only), else the Hacan,
else the player(s) with most strongholds.  The Xxcha prediction takes any win of the predicted race
in the predicted round (§14.2).  With the betrayal module a winning alliance's members may betray
each other (§14.4).
"""

from __future__ import annotations

from turncoat.games.rex.components import HACAN, SOL, XXCHA
from turncoat.games.rex.context import Ctx, Events
from turncoat.games.rex.events import (
    BetrayalAnswered,
    GameWon,
    LeadersRested,
    PredictionFulfilled,
    RoundStarted,
    StrongholdsHeld,
)
from turncoat.games.rex.state import (
    BETRAYAL,
    LEADER_BOXED,
    LEADER_DEAD,
    LEADER_READY,
    NO_CARD,
    NOBODY,
    OVER,
    UNSET,
    Draft,
    State,
    seat_of_race,
    seats_at,
    without,
)

RULE = "RULES §14"
RULE_BETRAYAL = "RULES §14.4"
Fields = State | Draft


def controller(ctx: Ctx, s: Fields, area: int) -> int:
    """§3.3: the player whose units are the only units in the area, or NOBODY."""
    seats = seats_at(s.stacks, ctx.b.piece_area, area)
    return next(iter(seats)) if len(seats) == 1 else NOBODY


def strongholds_of(ctx: Ctx, s: Fields) -> list[int]:
    """§14.1, §14.3 step 3: how many strongholds each seat controls."""
    count = [0] * s.players
    for area in ctx.b.strongholds:
        who = controller(ctx, s, area)
        if who != NOBODY:
            count[who] += 1
    return count


def members(s: Fields, seat: int) -> tuple[int, ...]:
    """§14.1: the seat's alliance (or just the seat)."""
    if s.alliance[seat] == NOBODY:
        return (seat,)
    return tuple(p for p in range(s.players) if s.alliance[p] == s.alliance[seat])


def stronghold_winners(ctx: Ctx, s: Fields) -> tuple[int, ...]:
    """§14.1: a lone player with 3 strongholds, or an alliance of 2 with 4 / of 3 with 5 together.
    A member of an alliance wins only through his alliance's threshold."""
    count = strongholds_of(ctx, s)
    for seat in range(s.players):
        group = members(s, seat)
        if group[0] != seat and s.alliance[seat] != NOBODY:
            continue  # each alliance once, by its first member
        needed = ctx.t.strongholds_to_win[min(len(group), 3)]
        if sum(count[p] for p in group) >= needed:
            return group
    return ()


def sol_holds_the_palace(ctx: Ctx, s: Fields) -> bool:
    """§14.3 step 1 [seed]: Imperial Palace and Mecatol Power South each empty or Sol-only (GAPS G7)."""
    sol = seat_of_race(s, SOL)
    if sol == NOBODY:
        return False
    for area_id in ("imperial_palace", "mecatol_power_south"):
        area = ctx.b.area_index.get(area_id)
        if area is not None and not seats_at(s.stacks, ctx.b.piece_area, area) <= {sol}:
            return False
    return True


def final_winners(ctx: Ctx, s: Fields) -> tuple[tuple[int, ...], str]:
    """§14.3: after round 8 with no stronghold winner, the first condition that holds."""
    if sol_holds_the_palace(ctx, s):
        return members(s, seat_of_race(s, SOL)), "sol"
    hacan = seat_of_race(s, HACAN)
    if hacan != NOBODY:
        return members(s, hacan), "hacan"
    count = strongholds_of(ctx, s)
    best = max(count)
    if best == 0 and not ctx.config.no_strongholds_all_share:
        return (), "none"
    return tuple(p for p in range(s.players) if count[p] == best), "most_strongholds"


def prediction_takes(ctx: Ctx, s: Fields, winners: tuple[int, ...]) -> int:
    """§14.2 (E27, E28): the Xxcha seat if the predicted race is among this round's winners."""
    xxcha = seat_of_race(s, XXCHA)
    race, rnd = s.prediction
    if xxcha == NOBODY or rnd != s.round:
        return NOBODY
    predicted = seat_of_race(s, race)
    return xxcha if predicted != NOBODY and predicted in winners else NOBODY


def strongholds_held(ctx: Ctx, s: Fields) -> StrongholdsHeld:
    """§14 (§3.3 control): who holds each stronghold as the round ends, for the record."""
    held = []
    for area in ctx.b.strongholds:
        who = controller(ctx, s, area)
        held.append((ctx.b.area_ids[area], None if who == NOBODY else who))
    return StrongholdsHeld(round=s.round, held=tuple(held))


def rest_leaders(d: Draft, out: Events) -> None:
    """§10.4 [Dune]: leaders who fought this round are available anywhere again."""
    if any(code >= 0 for code in d.leaders):
        d.leaders = tuple(
            c if c in (LEADER_READY, LEADER_DEAD, LEADER_BOXED) else LEADER_READY for c in d.leaders
        )
        out.append(LeadersRested())


def end_of_round(ctx: Ctx, d: Draft, out: Events) -> None:
    """§5, §14: check victory; else the next round (or, after round 8, the final victory)."""
    from turncoat.games.rex.phases.influence import begin_round  # the next round

    rest_leaders(d, out)
    out.append(strongholds_held(ctx, d))
    winners, how = stronghold_winners(ctx, d), "strongholds"
    if not winners and d.round >= ctx.t.rounds:
        winners, how = final_winners(ctx, d)
    elif not winners:
        d.round += 1
        out.append(RoundStarted(round=d.round, first_player=d.first_player))
        begin_round(ctx, d, out)
        return
    xxcha = prediction_takes(ctx, d, winners)
    if xxcha != NOBODY:
        race, rnd = d.prediction
        out.append(PredictionFulfilled(seat=xxcha, race=ctx.t.race_ids[race], round=rnd))
        game_over(d, (xxcha,), "prediction", out)
        return
    shared_alliance = how in ("strongholds", "sol", "hacan") and len(winners) > 1
    if shared_alliance and ctx.config.betrayal_cards and all(d.betrayal[p] != NO_CARD for p in winners):
        d.winners = winners
        d.victory = how
        d.step = BETRAYAL
        d.actor = NOBODY
        d.waiting = tuple(sorted(winners))
        d.betrayal_answer = tuple(UNSET for _ in range(d.players))
        return
    game_over(d, winners, how, out)


def game_over(d: Draft, winners: tuple[int, ...], how: str, out: Events) -> None:
    """§5, §14: the game ends with its winners and how they won."""
    d.winners = tuple(sorted(winners))
    d.victory = how
    d.step = OVER
    d.actor = NOBODY
    d.waiting = ()
    out.append(GameWon(winners=d.winners, victory=how, round=d.round))


def betrayal_met(ctx: Ctx, s: Fields, seat: int) -> bool:
    """§14.4 (GAPS F1-F3): card 1, Path of Peace: strictly the most units in the Galactic Council
    [Rex: S19, S20]; the other cards' conditions are unknown and never met."""
    card = s.betrayal[seat]
    if ctx.t.betrayal_condition[card] != "most_units_in_council":
        return False
    council = ctx.b.area_pieces[ctx.b.council]
    units = [0] * s.players
    for piece, who, u, m in s.stacks:
        if piece in council:
            units[who] += u + m
    return all(units[seat] > units[p] for p in range(s.players) if p != seat)


def resolve_betrayal(ctx: Ctx, d: Draft, seat: int, reveal: bool, out: Events) -> None:
    """§14.4: every member answers, sealed; a revealed card whose condition holds makes its holder
    the sole winner (the highest number among several); an unmet card has no effect [guess]."""
    d.betrayal_answer = (*d.betrayal_answer[:seat], int(reveal), *d.betrayal_answer[seat + 1 :])
    d.waiting = without(d.waiting, seat)
    if d.waiting:
        return
    numbers = ctx.t.betrayal_numbers
    best, best_number = NOBODY, 0
    for member in d.winners:
        revealed = d.betrayal_answer[member] == 1
        met = revealed and betrayal_met(ctx, d, member)
        number = numbers[d.betrayal[member]] if revealed else None
        out.append(BetrayalAnswered(seat=member, number=number, met=met))
        if met and numbers[d.betrayal[member]] > best_number:
            best, best_number = member, numbers[d.betrayal[member]]
    if best != NOBODY:
        game_over(d, (best,), "betrayal", out)
    else:
        game_over(d, d.winners, d.victory, out)
