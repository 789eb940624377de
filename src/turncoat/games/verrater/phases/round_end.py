"""RULES §5 steps 11-13 (return cards, new start player, end of round) and §6 (end, scoring)."""

from __future__ import annotations

from turncoat.games.verrater.context import Ctx, Events
from turncoat.games.verrater.events import GameEnded, RoundStarted, VictoryPointsScored
from turncoat.games.verrater.state import CHOOSE_SITE, NO_SITE, OVER, Draft, Fields

RULE_FINAL_SCORING = "RULES §6.2"


def begin_round(ctx: Ctx, d: Draft, out: Events) -> None:
    """§5 step 1: a new round; the strategy card holder chooses the conflict site."""
    d.round += 1
    d.step = CHOOSE_SITE
    d.actor = d.strategist
    d.site = NO_SITE
    d.final_round = d.final_round or d.round == d.total_rounds
    out.append(
        RoundStarted(round=d.round, start_player=d.start_player, strategist=d.strategist, final=d.final_round)
    )


def end_round(ctx: Ctx, d: Draft, out: Events) -> None:
    """After step 10: either the game ends (§6.1) or steps 11-13 lead into the next round."""
    if d.final_round:
        end_game(ctx, d, out)
        return
    return_action_cards(d)
    pass_start_player(d)
    begin_round(ctx, d, out)


def return_action_cards(d: Draft) -> None:
    """§5 step 11: all six action cards go back to the middle."""
    n = d.players
    d.roles = ("",) * n
    d.removed_role = ""
    d.packet = ()
    d.received = ((),) * n
    d.leftover = ()
    d.revealed = False


def pass_start_player(d: Draft) -> None:
    """§5 step 12: the start player card passes to the left."""
    d.start_player = (d.start_player + 1) % d.players


def trading_post_points(ctx: Ctx, s: Fields, seat: int) -> int:
    """§6.2: built trading posts × min(3, supply cards in hand); the landscape's owner is irrelevant."""
    posts = sum(1 for b in s.buildings if b is not None and b.owner == seat and b.side == "trading_post")
    return posts * min(ctx.tables.trading_post_hand_cap, len(s.hands[seat]))


def final_scores(ctx: Ctx, s: Fields) -> tuple[int, ...]:
    """§6.2: each player's total: conquest VP + role VP + the trading post bonus."""
    return tuple(s.conquest_vp[p] + s.role_vp[p] + trading_post_points(ctx, s, p) for p in range(s.players))


def winners(scores: tuple[int, ...]) -> tuple[int, ...]:
    """§6.2: the highest total wins; a tie for first is a shared win (GAP-10)."""
    best = max(scores)
    return tuple(p for p, v in enumerate(scores) if v == best)


def end_game(ctx: Ctx, d: Draft, out: Events) -> None:
    """§6: add trading-post points and declare the winners."""
    posts = tuple(trading_post_points(ctx, d, p) for p in range(d.players))
    for seat, pts in enumerate(posts):
        if pts:
            out.append(VictoryPointsScored(seat=seat, points=pts, reason="trading_posts"))
    scores = final_scores(ctx, d)
    d.step = OVER
    d.actor = -1
    out.append(GameEnded(scores=scores, trading_post_points=posts, winners=winners(scores)))
