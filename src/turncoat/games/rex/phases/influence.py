"""RULES §6 Phase 1 — Influence: draw until one area card has been resolved.

An area card puts influence on the board (both areas with 4+ players, one with 3; none in the
bombarded sector).  A Sol Offensive destroys everything in both areas of the last area card (in
round 1 it is set aside; a second one in the same phase does nothing).  A Temporary Ceasefire opens
the ceasefire window (§13.1); a second one does nothing.  Then the Bidding phase (§7) begins.
"""

from __future__ import annotations

from turncoat.core import deals
from turncoat.games.rex.components import JOL_NAR, LAZAX, SOL
from turncoat.games.rex.context import Ctx, Events
from turncoat.games.rex.events import (
    AllySpared,
    CeasefireEnded,
    CeasefireOpened,
    InfluenceCardDrawn,
    InfluenceCardIgnored,
    InfluenceDeckReshuffled,
    InfluencePlaced,
    OffensivesShuffledBack,
    SolOffensive,
)
from turncoat.games.rex.phases.alliances import close_window
from turncoat.games.rex.phases.bidding import begin_bidding
from turncoat.games.rex.phases.cards import INFLUENCE, continue_window, open_window
from turncoat.games.rex.phases.shuffles import shuffle_influence
from turncoat.games.rex.state import (
    BATTLE_STEPS,
    BETRAYAL,
    BID,
    CARD_WINDOW,
    CEASEFIRE,
    LAND_TO,
    MANEUVER_STEPS,
    MOVE_FROM,
    NOBODY,
    RECRUIT,
    ROUND_START,
    SPARE_ALLY,
    Draft,
    State,
    add_influence,
    add_units,
    allied,
    seat_of_race,
    without,
)

RULE = "RULES §6"
RULE_AREA = "RULES §6 step 2"
RULE_OFFENSIVE = "RULES §6 step 3"
RULE_CEASEFIRE = "RULES §6 step 4"
RULE_WINDOW = "RULES §13.1"


def begin_round(ctx: Ctx, d: Draft, out: Events) -> None:
    """§5: a round starts with the Influence phase: first the window for the Tracking Beacon (C8),
    then the first player draws."""
    d.step = ROUND_START
    d.offensive_done = False
    d.ceasefire_done = False
    if open_window(ctx, d, INFLUENCE, out):
        return
    draw_on(ctx, d, out)


def draw_on(ctx: Ctx, d: Draft, out: Events) -> None:
    """§6 step 5: draw until an area card is resolved, then the Bidding phase — unless a ceasefire
    window or the Sol's answer interrupts the drawing (it resumes here afterwards)."""
    d.step = ROUND_START
    d.actor = NOBODY
    if draw_until_area_card(ctx, d, out):
        end_influence_phase(ctx, d, out)
        begin_bidding(ctx, d, out)


def draw_influence_card(ctx: Ctx, d: Draft, out: Events) -> int:
    """§6 steps 1 and 6: the top influence card.  An empty deck is rebuilt from the discards but the top
    one [Dune]."""
    if not d.influence_deck:
        *rest, top = d.influence_discard
        d.influence_deck = shuffle_influence(ctx, d, rest)
        d.influence_discard = (top,)
        out.append(InfluenceDeckReshuffled(cards=len(d.influence_deck)))
    *deck, card = d.influence_deck
    d.influence_deck = tuple(deck)
    out.append(InfluenceCardDrawn(card=ctx.t.influence_ids[card], kind=ctx.t.influence_kind[card]))
    return card


def draw_until_area_card(ctx: Ctx, d: Draft, out: Events) -> bool:
    """§6 step 5: keep drawing until an area card has been resolved.

    Returns False when a ceasefire window interrupts the drawing (it resumes when the window ends).
    """
    while True:
        card = draw_influence_card(ctx, d, out)
        kind = ctx.t.influence_kind[card]
        if kind == "area":
            place_area_card(ctx, d, card, out)
            return True
        if kind == "sol_offensive":
            if not resolve_sol_offensive_card(ctx, d, card, out):
                return False
            continue
        if open_ceasefire(ctx, d, card, out):
            return False


# -- §6 step 2: area cards ------------------------------------------------------------------------


def slots_receiving(ctx: Ctx, d: Draft | State, card: int) -> tuple[int, ...]:
    """§6 step 2: which of the card's two slots get influence.

    4 or more players: both [Rex: S17].  3 players: one, ``three_player_influence_slot`` (GAPS B3); if
    that area is in the bombarded sector, ``three_player_bombarded_slot`` says whether the other one
    gets it instead (GAPS G8).  A slot in the bombarded sector never receives influence (E17).
    """
    slots = ctx.t.influence_slots[card]
    pieces = [ctx.b.piece_index[piece] for _, piece, _ in slots]
    open_slots = tuple(i for i, p in enumerate(pieces) if not ctx.b.is_blocked(p, d.fleet))
    if d.players >= 4:
        return open_slots
    first = 0 if ctx.config.three_player_influence_slot == "first" else 1
    if first in open_slots:
        return (first,)
    if ctx.config.three_player_bombarded_slot == "other" and 1 - first in open_slots:
        return (1 - first,)
    return ()


def place_area_card(ctx: Ctx, d: Draft, card: int, out: Events) -> None:
    """§6 step 2: influence from the pool onto the card's areas; the card goes face up on the pile."""
    receiving = slots_receiving(ctx, d, card)
    for i, (_, piece_id, amount) in enumerate(ctx.t.influence_slots[card]):
        piece = ctx.b.piece_index[piece_id]
        placed = 0
        if i in receiving:
            placed = amount if ctx.config.influence_supply is None else min(amount, d.pool)
            d.pool -= placed
            d.board_influence = add_influence(d.board_influence, piece, placed)
        out.append(InfluencePlaced(piece=piece_id, amount=placed, printed=amount))
    d.influence_discard = (*d.influence_discard, card)


# -- §6 step 3: Sol Offensive -----------------------------------------------------------------------


def resolve_sol_offensive_card(ctx: Ctx, d: Draft, card: int, out: Events) -> bool:
    """§6 step 3: round 1 sets it aside (E14); a second one does nothing (E15); else it strikes.
    Returns False when the strike waits for the Sol's answer (Sol ally card)."""
    card_id = ctx.t.influence_ids[card]
    if d.round == 1:
        d.set_aside = (*d.set_aside, card)
        out.append(InfluenceCardIgnored(card=card_id, reason="round_1"))
        return True
    d.influence_removed = (*d.influence_removed, card)
    if d.offensive_done:
        out.append(InfluenceCardIgnored(card=card_id, reason="second"))
        return True
    d.offensive_done = True
    if d.influence_discard:
        return sol_offensive(ctx, d, d.influence_discard[-1], out)
    return True


def struck_areas(ctx: Ctx, area_card: int) -> tuple[int, ...]:
    """§6 step 3: both areas named on the card (left and right, whatever the player count)."""
    return tuple(dict.fromkeys(ctx.b.area_index[area] for area, _, _ in ctx.t.influence_slots[area_card]))


def allies_to_spare(ctx: Ctx, s: State | Draft, area_card: int) -> bool:
    """§18 (Sol ally card [Dune]): an ally of the Sol has units the offensive would destroy, so the
    Sol are asked whether to spare them (a "may" of an ally card needs its owner's consent [seed])."""
    sol = seat_of_race(s, SOL)
    if sol == NOBODY:
        return False
    areas = set(struck_areas(ctx, area_card))
    if not ctx.config.sol_offensive_ignores_shields:
        areas = {a for a in areas if not ctx.b.shielded[a]}
    return any(allied(s, sol, st[1]) and ctx.b.piece_area[st[0]] in areas for st in s.stacks)


def sol_offensive(ctx: Ctx, d: Draft, area_card: int, out: Events) -> bool:
    """§6 step 3: strike the card's areas now, or first ask the Sol whether their allies are spared
    (returns False: the strike waits for ``resolve_spare_ally``)."""
    if allies_to_spare(ctx, d, area_card):
        d.offensive_card = area_card
        d.step = SPARE_ALLY
        d.actor = seat_of_race(d, SOL)
        return False
    strike_areas(ctx, d, area_card, out)
    return True


def resolve_spare_ally(ctx: Ctx, d: Draft, seat: int, spare: bool, out: Events) -> None:
    """§18 (Sol ally card): the strike happens with the Sol's answer; then the phase goes on where it
    stopped (the card window of the Tracking Beacon, or the drawing)."""
    out.append(AllySpared(seat=seat, spare=spare))
    strike_areas(ctx, d, d.offensive_card, out, spare_allies=spare)
    d.offensive_card = NOBODY
    if d.window:
        d.step = CARD_WINDOW
        d.actor = NOBODY
        continue_window(ctx, d, out)
        return
    draw_on(ctx, d, out)


def strike_areas(ctx: Ctx, d: Draft, area_card: int, out: Events, *, spare_allies: bool = False) -> None:
    """§6 step 3: destroy all units in both areas of ``area_card`` (whatever the player count).

    Sol units are spared (``sol_immune_to_sol_offensive``, GAPS G6); shields do not protect
    (``sol_offensive_ignores_shields``, GAPS B4); the influence there returns to the pool
    (``sol_offensive_destroys_influence``).  Units go to their owners' casualty pools (§10.6).
    """
    b, config = ctx.b, ctx.config
    sol = seat_of_race(d, SOL) if config.sol_immune_to_sol_offensive else NOBODY
    sol_seat = seat_of_race(d, SOL)
    spared = {p for p in range(d.players) if spare_allies and allied(d, sol_seat, p)}
    areas = struck_areas(ctx, area_card)
    losses: list[tuple[int, int, int]] = []
    influence = 0
    for area in areas:
        if b.shielded[area] and not config.sol_offensive_ignores_shields:
            continue
        for piece in b.area_pieces[area]:
            for _, seat, units, mech in [st for st in d.stacks if st[0] == piece]:
                if seat == sol or seat in spared:
                    continue
                d.stacks = add_units(d.stacks, piece, seat, -units, -mech)
                d.set_seat("casualties", seat, d.casualties[seat] + units)
                d.set_seat("casualties_mech", seat, d.casualties_mech[seat] + mech)
                losses.append((seat, units, mech))
            if config.sol_offensive_destroys_influence:
                here = sum(a for p, a in d.board_influence if p == piece)
                d.board_influence = add_influence(d.board_influence, piece, -here)
                d.pool += here
                influence += here
    out.append(
        SolOffensive(
            areas=tuple(b.area_ids[a] for a in areas),
            losses=tuple(sorted(losses)),
            influence=influence,
        )
    )


# -- §6 step 4 / §13.1: Temporary Ceasefire -----------------------------------------------------------------


def open_ceasefire(ctx: Ctx, d: Draft, card: int, out: Events) -> bool:
    """§6 step 4: stop and open the ceasefire window, unless one was already resolved this phase
    (E15) or it is round 1 and ``ceasefire_active_in_round_1`` is off (GAPS B5).  The card leaves the
    game either way.  Returns whether the window opened."""
    card_id = ctx.t.influence_ids[card]
    d.influence_removed = (*d.influence_removed, card)
    if d.ceasefire_done:
        out.append(InfluenceCardIgnored(card=card_id, reason="second"))
        return False
    if d.round == 1 and not ctx.config.ceasefire_active_in_round_1:
        out.append(InfluenceCardIgnored(card=card_id, reason="round_1"))
        return False
    d.ceasefire_done = True
    d.step = CEASEFIRE
    d.actor = NOBODY
    d.waiting = tuple(range(d.players))
    out.append(CeasefireOpened(card=card_id))
    return True


def gift_recipient(s: State | Draft, seat: int) -> int:
    """§13.1, §16.3: the player the seat is giving influence to during the ceasefire (or the Lazax to an
    ally, §18 [Dune]), or NOBODY."""
    return s.gift_to[seat] if s.gift_to else NOBODY


def legal_gift_recipients(ctx: Ctx, s: State, seat: int) -> list[int]:
    """§13.1, §16.3: during the ceasefire any player with influence may give to any other player
    (first whom, then how much)."""
    if not s.influence[seat] or gift_recipient(s, seat) != NOBODY:
        return []
    return [to for to in range(s.players) if to != seat]


LAZAX_GIFT_STEPS = frozenset({BID, RECRUIT, MOVE_FROM, LAND_TO})


def lazax_gift_recipients(ctx: Ctx, s: State, seat: int) -> list[int]:
    """§3.6, §18 (Lazax ally card [Dune]): the Lazax may give influence to an ally at any time — here,
    in any decision of their own outside the ceasefire (their auction, recruitment and maneuvering
    turns), so that an ally can spend it in his own turn after them."""
    if s.race[seat] != LAZAX or not s.influence[seat] or s.step not in LAZAX_GIFT_STEPS:
        return []
    if gift_recipient(s, seat) != NOBODY:
        return []
    return [to for to in range(s.players) if allied(s, seat, to)]


def legal_gift_amounts(ctx: Ctx, s: State, seat: int) -> range:
    """§13.1, §16.3: 1 up to all the influence he has, once a recipient is chosen."""
    return range(1, s.influence[seat] + 1) if gift_recipient(s, seat) != NOBODY else range(0)


def resolve_gift_to(ctx: Ctx, d: Draft, seat: int, to: int, out: Events) -> None:
    """§13.1, §16.3 (and the Lazax ally advantage, §18 [Dune]): choose the recipient (NOBODY: change
    one's mind)."""
    current = d.gift_to or (NOBODY,) * d.players
    d.gift_to = (*current[:seat], to, *current[seat + 1 :])
    if d.step != CEASEFIRE and not any(p != NOBODY for p in d.gift_to):
        d.gift_to = ()  # a Lazax gift outside the ceasefire is over


def resolve_give(ctx: Ctx, d: Draft, seat: int, to: int, amount: int, out: Events) -> None:
    """§13.1: the influence changes hands at once and cannot be taken back (§16.3)."""
    gift = deals.Give(to=to, good="influence", amount=amount)
    out.extend(deals.give(seat, gift, available=d.influence[seat]))
    d.set_seat("influence", seat, d.influence[seat] - amount)
    d.set_seat("influence", to, d.influence[to] + amount)
    resolve_gift_to(ctx, d, seat, NOBODY, out)


def resolve_end_ceasefire(ctx: Ctx, d: Draft, seat: int, out: Events) -> None:
    """§13.1: a player is done; when all are, the Influence phase draws on (§6 step 4)."""
    d.waiting = without(d.waiting, seat)
    if d.waiting:
        return
    d.gift_to = ()
    close_window(ctx, d, out)
    out.append(CeasefireEnded())
    draw_on(ctx, d, out)


def end_influence_phase(ctx: Ctx, d: Draft, out: Events) -> None:
    """§6 step 3 (E14): round-1 Sol Offensives set aside go back into the deck, which is shuffled."""
    if d.set_aside:
        d.influence_deck = shuffle_influence(ctx, d, (*d.influence_deck, *d.set_aside))
        out.append(OffensivesShuffledBack(cards=len(d.set_aside)))
        d.set_aside = ()


def jol_nar_sees_next_influence(ctx: Ctx, s: State | Draft, viewer: int | None) -> bool:
    """§18 (Jol-Nar) [Rex: S7]: Jol-Nar looks at the top card of the influence deck; from the start
    of the Maneuvering phase (GAPS D7) until it is drawn."""
    if viewer is None or s.race[viewer] != JOL_NAR or not s.influence_deck:
        return False
    return s.step in MANEUVER_STEPS or s.step in BATTLE_STEPS or s.step == BETRAYAL


def sol_sees_next_bombardment(ctx: Ctx, s: State | Draft, viewer: int | None) -> bool:
    """§18 (Sol) [Dune]: the Sol may look at the top bombardment card at any time
    (``sol_sees_next_bombardment``, GAPS D13)."""
    return (
        ctx.config.sol_sees_next_bombardment
        and viewer is not None
        and s.race[viewer] == SOL
        and bool(s.bombardment_deck)
    )
