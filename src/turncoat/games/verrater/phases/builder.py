"""RULES §5 step 7: the Builder builds, converts or moves one building card (or does nothing)."""

from __future__ import annotations

from turncoat.core.errors import IllegalAction
from turncoat.games.verrater.actions import Build, Convert, Move, SkipBuilding
from turncoat.games.verrater.components import RING_SIZE
from turncoat.games.verrater.context import Ctx, Events
from turncoat.games.verrater.events import (
    BuildingConverted,
    BuildingMoved,
    BuildingPlaced,
    BuildingSkipped,
)
from turncoat.games.verrater.phases.supply import after_builder
from turncoat.games.verrater.state import BUILD, BuildingCard, Draft, Fields, State

RULE = "RULES §5 step 7"
BuilderAction = Build | Convert | Move | SkipBuilding


def _built_by(s: Fields, seat: int) -> list[int]:
    return [i for i, b in enumerate(s.buildings) if b is not None and b.owner == seat]


def trading_posts(s: Fields, seat: int) -> int:
    """§5 step 7, §6.2: how many of the seat's built cards lie trading-post side up (at most 2)."""
    return sum(1 for b in s.buildings if b is not None and b.owner == seat and b.side == "trading_post")


def legal_builder_actions(ctx: Ctx, s: Fields, seat: int) -> list[BuilderAction]:
    """§5 step 7: build, convert or move one card; at most 2 trading posts; one card per landscape."""
    empty = [i for i in range(RING_SIZE) if s.buildings[i] is None]
    mine = _built_by(s, seat)
    room_for_post = trading_posts(s, seat) < ctx.tables.max_trading_posts
    actions: list[BuilderAction] = [SkipBuilding()]
    if len(mine) < ctx.tables.buildings_per_player:
        sides = ["estate"]
        if room_for_post and ctx.config.builder_new_card_side == "either":  # GAP-5
            sides.append("trading_post")
        actions += [Build(i, side) for i in empty for side in sides]
    for i in mine:
        card = s.buildings[i]
        assert card is not None
        if card.side == "trading_post" or room_for_post:
            actions.append(Convert(i))
    # A move keeps the card's side, so "convert and move" in one round cannot happen.
    actions += [Move(i, j) for i in mine for j in empty]
    return actions


def start_builder_step(ctx: Ctx, d: Draft, out: Events) -> None:
    """§5 step 7: the Builder decides only if he has something besides doing nothing."""
    builder = d.roles.index("builder") if "builder" in d.roles else None
    if builder is not None and len(legal_builder_actions(ctx, d, builder)) > 1:
        d.step = BUILD
        d.actor = builder
        return
    after_builder(ctx, d, out)


def _put(d: Draft, landscape: int, card: BuildingCard | None) -> None:
    d.buildings = (*d.buildings[:landscape], card, *d.buildings[landscape + 1 :])


def resolve_build(ctx: Ctx, d: Draft, seat: int, action: Build, out: Events) -> None:
    """§5 step 7: the Builder tucks one of his unbuilt building cards, the chosen side up, under a
    landscape with no building card."""
    _put(d, action.landscape, BuildingCard(seat, action.side))
    out.append(BuildingPlaced(seat=seat, landscape=action.landscape, side=action.side))
    after_builder(ctx, d, out)


def resolve_convert(ctx: Ctx, d: Draft, seat: int, action: Convert, out: Events) -> None:
    """§5 step 7: the Builder flips one of his built cards (estate ↔ trading post) where it stands."""
    card = d.buildings[action.landscape]
    assert card is not None
    side = "estate" if card.side == "trading_post" else "trading_post"
    _put(d, action.landscape, BuildingCard(seat, side))
    out.append(BuildingConverted(seat=seat, landscape=action.landscape, side=side))
    after_builder(ctx, d, out)


def resolve_move(ctx: Ctx, d: Draft, seat: int, action: Move, out: Events) -> None:
    """§5 step 7: the Builder moves one of his built cards, keeping its side, to a landscape with no
    building card."""
    card = d.buildings[action.from_landscape]
    _put(d, action.from_landscape, None)
    _put(d, action.to_landscape, card)
    out.append(
        BuildingMoved(seat=seat, from_landscape=action.from_landscape, to_landscape=action.to_landscape)
    )
    after_builder(ctx, d, out)


def resolve_skip_building(ctx: Ctx, d: Draft, seat: int, action: SkipBuilding, out: Events) -> None:
    """§5 step 7: the Builder does nothing this round."""
    out.append(BuildingSkipped(seat=seat))
    after_builder(ctx, d, out)


def _landscape_ok(landscape: int) -> bool:
    return 0 <= landscape < RING_SIZE


def refuse_builder_action(ctx: Ctx, s: State, seat: int, action: BuilderAction) -> IllegalAction:
    """§5 step 7: say exactly which Builder limit the action breaks."""
    posts = trading_posts(s, seat)
    if isinstance(action, Build):
        if not _landscape_ok(action.landscape):
            return IllegalAction(
                f"there is no landscape {action.landscape}", code="no_such_landscape", rule=RULE
            )
        if action.side not in ("estate", "trading_post"):
            return IllegalAction(
                f"a building card has no side {action.side!r}", code="no_such_side", rule=RULE
            )
        if len(_built_by(s, seat)) >= ctx.tables.buildings_per_player:
            return IllegalAction(
                "all three of your building cards are already built", code="no_unbuilt_card", rule=RULE
            )
        if s.buildings[action.landscape] is not None:
            return IllegalAction(
                f"landscape {action.landscape} already has a building card",
                code="landscape_occupied",
                rule=RULE,
            )
        if action.side == "trading_post" and ctx.config.builder_new_card_side == "estate_only":
            return IllegalAction(
                "new building cards go in estate side up (option builder_new_card_side)",
                code="estate_only",
                rule=RULE + " (GAP-5)",
            )
        return IllegalAction(
            f"you already have {posts} trading posts; at most {ctx.tables.max_trading_posts}",
            code="trading_post_limit",
            rule=RULE,
        )
    if isinstance(action, Convert):
        if not _landscape_ok(action.landscape) or action.landscape not in _built_by(s, seat):
            return IllegalAction(
                f"you have no building card under landscape {action.landscape}",
                code="not_your_building",
                rule=RULE,
            )
        return IllegalAction(
            f"you already have {posts} trading posts; at most {ctx.tables.max_trading_posts}",
            code="trading_post_limit",
            rule=RULE,
        )
    if isinstance(action, Move):
        if not _landscape_ok(action.from_landscape) or action.from_landscape not in _built_by(s, seat):
            return IllegalAction(
                f"you have no building card under landscape {action.from_landscape}",
                code="not_your_building",
                rule=RULE,
            )
        return IllegalAction(
            f"landscape {action.to_landscape} is not an empty landscape", code="landscape_occupied", rule=RULE
        )
    return IllegalAction("that is not a Builder action now", code="wrong_step", rule=RULE)
