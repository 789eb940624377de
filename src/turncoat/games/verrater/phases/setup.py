"""RULES §4 Setup: seats, allegiances, the landscape ring, hands, first estates."""

from __future__ import annotations

from collections import Counter

from turncoat.core import rng
from turncoat.core.errors import IllegalAction, InvalidConfig
from turncoat.games.verrater.components import HOUSES, RING_SIZE, ROLES
from turncoat.games.verrater.context import Ctx, Events
from turncoat.games.verrater.events import EstatePlaced, GameSetUp
from turncoat.games.verrater.phases.round_end import begin_round
from turncoat.games.verrater.state import (
    NO_SITE,
    PLACE_ESTATE,
    BuildingCard,
    Draft,
    State,
)

RULE_SETUP = "RULES §4"
RULE_FIRST_ESTATES = "RULES §4 step 6"


def starting_allegiance(seat: int, start_player: int, players: int) -> str:
    """§4 step 3: the start player supports the Eagles, then alternate Rose, Eagle, Rose."""
    return HOUSES[(seat - start_player) % players % 2]


def lay_landscape_ring(ctx: Ctx, seed: int, counter: int) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """§4 step 4: one set per house, shuffled together into a ring of 12 (or a pinned ring)."""
    pinned = ctx.config.scenario.ring if ctx.config.scenario else None
    if pinned is not None:
        return tuple(t for t, _ in pinned), tuple(h for _, h in pinned), counter
    eagle_set = [(t, "eagle") for t in ctx.tables.type_ids]
    rose_set = [(t, "rose") for t in ctx.tables.type_ids]
    if ctx.config.ring_layout == "alternating":  # RULES §10.4 variant
        eagles, counter = rng.shuffle(seed, counter, eagle_set)
        roses, counter = rng.shuffle(seed, counter, rose_set)
        ring = [card for pair in zip(eagles, roses, strict=True) for card in pair]
    else:
        shuffled, counter = rng.shuffle(seed, counter, eagle_set + rose_set)
        ring = list(shuffled)
    return tuple(t for t, _ in ring), tuple(h for _, h in ring), counter


def validate_scenario(ctx: Ctx) -> None:
    """§4: a pinned setup must be a position the components can produce."""
    sc = ctx.config.scenario
    n = ctx.config.players
    if sc is None:
        return
    if sc.start_player is not None and not 0 <= sc.start_player < n:
        raise InvalidConfig(f"start_player must be a seat 0..{n - 1}", code="bad_scenario", rule=RULE_SETUP)
    if sc.ring is not None:
        if len(sc.ring) != RING_SIZE:
            raise InvalidConfig("a pinned ring has 12 landscapes", code="bad_scenario", rule=RULE_SETUP)
        if Counter(t for t, _ in sc.ring) != Counter(ctx.tables.type_copies):
            raise InvalidConfig(
                "a pinned ring has two landscapes of each type", code="bad_scenario", rule=RULE_SETUP
            )
        if any(h not in HOUSES for _, h in sc.ring):
            raise InvalidConfig("ring owners must be eagle or rose", code="bad_scenario", rule=RULE_SETUP)
    if sc.hands is not None and len(sc.hands) != n:
        raise InvalidConfig("pin one starting hand per seat", code="bad_scenario", rule=RULE_SETUP)
    if sc.role_shuffles is not None:
        for order in sc.role_shuffles:
            if sorted(order) != sorted(ROLES):
                raise InvalidConfig(
                    "each role shuffle lists all six roles once", code="bad_scenario", rule="RULES §5 step 2"
                )


def deal_supply(
    ctx: Ctx, seed: int, counter: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]:
    """§4 step 5: everyone takes a 3, a 4 and a 5; the rest are shuffled into the draw pile."""
    sc = ctx.config.scenario
    n = ctx.config.players
    hands = [list(ctx.tables.starting_hand) for _ in range(n)]
    if sc is not None and sc.hands is not None:
        hands = [list(h) for h in sc.hands]
    rest = Counter(ctx.tables.deck)
    for hand in hands:
        for v in hand:
            if rest[v] == 0:
                raise InvalidConfig(
                    "pinned hands use cards the deck does not have", code="bad_scenario", rule=RULE_SETUP
                )
            rest[v] -= 1
    remaining = sorted(rest.elements())
    if sc is not None and sc.draw_pile is not None:
        if sorted(sc.draw_pile) != remaining:
            raise InvalidConfig(
                f"the pinned draw pile must hold exactly the cards not in hands: {remaining}",
                code="bad_scenario",
                rule=RULE_SETUP,
            )
        pile = tuple(reversed(sc.draw_pile))  # top card last
    else:
        pile, counter = rng.shuffle(seed, counter, remaining)
    return tuple(tuple(sorted(h)) for h in hands), pile, counter


def set_up(ctx: Ctx, seed: int) -> tuple[State, Events]:
    """The position after §4 steps 1-5, 7-9: waiting for the first estates."""
    n = ctx.config.players
    sc = ctx.config.scenario
    counter = 0
    if sc is not None and sc.start_player is not None:
        start = sc.start_player
    else:
        start, counter = rng.randbelow(seed, counter, n)
    types, owners, counter = lay_landscape_ring(ctx, seed, counter)
    hands, pile, counter = deal_supply(ctx, seed, counter)
    allegiance = tuple(starting_allegiance(s, start, n) for s in range(n))
    strategist = (start + 1) % n  # §4 step 7 (GAP-3)
    rounds = ctx.config.rounds if ctx.config.rounds is not None else ctx.tables.rounds[n]
    state = State(
        players=n,
        total_rounds=rounds,
        seed=seed,
        rng=counter,
        round=0,
        step=PLACE_ESTATE,
        actor=start,
        start_player=start,
        strategist=strategist,
        types=types,
        owners=owners,
        buildings=(None,) * RING_SIZE,
        allegiance=allegiance,
        conquest_vp=(0,) * n,
        role_vp=(0,) * n,
        hands=hands,
        known=hands,
        draw_pile=pile,
        discard=(),
        hidden_discards=((),) * n,
        reshuffles=0,
        committed=((),) * n,
        site=NO_SITE,
        removed_role="",
        roles=("",) * n,
        packet=(),
        received=((),) * n,
        leftover=(),
        revealed=False,
        final_round=False,
        discarding=(),
        last_conflict=None,
    )
    events: Events = [
        GameSetUp(
            start_player=start, strategist=strategist, allegiance=allegiance, types=types, owners=owners
        )
    ]
    return state, events


def legal_place_estate(ctx: Ctx, s: State, seat: int) -> list[int]:
    """§4 step 6: any landscape without a building card, whoever owns it (GAP-16)."""
    return [i for i in range(RING_SIZE) if s.buildings[i] is None]


def resolve_place_estate(ctx: Ctx, d: Draft, seat: int, landscape: int, out: Events) -> None:
    """§4 step 6: the seat tucks his first estate under the landscape; after the last seat, round 1
    begins."""
    d.buildings = (*d.buildings[:landscape], BuildingCard(seat, "estate"), *d.buildings[landscape + 1 :])
    out.append(EstatePlaced(seat=seat, landscape=landscape))
    d.actor = (seat + 1) % d.players
    if d.actor == d.start_player:
        begin_round(ctx, d, out)


def refuse_place_estate(s: State, landscape: int) -> IllegalAction:
    """§4 step 6: why the estate cannot go there — no such landscape, or one that already has a building
    card."""
    if not 0 <= landscape < RING_SIZE:
        return IllegalAction(
            f"there is no landscape {landscape}", code="no_such_landscape", rule=RULE_FIRST_ESTATES
        )
    return IllegalAction(
        f"landscape {landscape} already has a building card; only one may lie under each",
        code="landscape_occupied",
        rule=RULE_FIRST_ESTATES,
    )
