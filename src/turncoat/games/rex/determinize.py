"""RULES §16: a position consistent with everything one seat knows, its secrets re-dealt.

What the viewer cannot see is drawn again at random, keeping every count and every fact the viewer
knows: the order of all decks (but a top card the viewer has looked at: Jol-Nar's influence card, the
Sol's bombardment card); the other hands (keeping the cards the viewer has learnt are there,
and the card on auction if the viewer is Jol-Nar); the other seats' traitor cards (and the cards
they were dealt to choose from); the Xxcha prediction; the other betrayal cards; the other sealed
fleet dials and card-window answers (another seat's is taken as "no card"); the other battler's
sealed plan.  The future's chance is reseeded too.
"""

from __future__ import annotations

import msgspec

from turncoat.core import rng
from turncoat.games.rex.components import JOL_NAR, LEADERS_PER_RACE, LETNEV, XXCHA
from turncoat.games.rex.context import Ctx
from turncoat.games.rex.phases import battle as B
from turncoat.games.rex.phases.cards import LAZAX_INCOME, true_answer
from turncoat.games.rex.phases.influence import jol_nar_sees_next_influence, sol_sees_next_bombardment
from turncoat.games.rex.state import (
    BID,
    FACT_CARD,
    FACT_RACE,
    FACT_ROUND,
    FACT_TRAITOR,
    FLEET_DIAL,
    NO_CARD,
    NO_PLAY,
    NO_RACE,
    NOBODY,
    PREDICT,
    SEALED_NONE,
    STAND_IN,
    UNSET,
    Draft,
    State,
    seat_of_race,
)

TRIES = 30


def _known_in_hands(ctx: Ctx, s: State, viewer: int) -> list[list[int]]:
    """Cards the viewer knows are in each hand: what he has learnt, and in a battle the cards and
    the stand-in leader the opponent has shown (§10.3, §16)."""
    fixed: list[list[int]] = [[] for _ in range(s.players)]
    for v, holder, card in s.learnt:
        if v == viewer:
            fixed[holder].append(card)
    for side, seat in enumerate(s.battlers):
        if seat == viewer:
            continue
        for part, card in (("attack", s.plan_attack[side]), ("defense", s.plan_defense[side])):
            if card >= 0 and B.plan_visible(ctx, s, viewer, side, part):
                fixed[seat].append(card)
        if s.plan_leader[side] == STAND_IN and B.plan_visible(ctx, s, viewer, side, "leader"):
            fixed[seat].append(B.stand_in_cards(ctx, s.hands[seat])[0])
    for p in range(s.players):  # never more copies than the hand holds
        have = list(s.hands[p])
        kept = []
        for card in fixed[p]:
            if card in have:
                have.remove(card)
                kept.append(card)
        fixed[p] = kept
    return fixed


def _hands_fit_plans(ctx: Ctx, s: State, hands: list[tuple[int, ...]], viewer: int) -> bool:
    """A re-dealt hand must still be able to do what the viewer has seen it promise: fill a shown
    slot whose cards are still secret (§10.3 step 5)."""
    for side, seat in enumerate(s.battlers):
        if seat == viewer or s.plan_slot[side] == UNSET or s.revealed >= 2:
            continue
        if not B.plan_visible(ctx, s, viewer, side, "slot"):
            continue
        trial = msgspec.structs.replace(s, hands=tuple(hands))
        if not B.card_choices(ctx, trial, seat, s.plan_slot[side]) and ctx.config.slot_must_be_fillable:
            return False
    return True


def _fits_facts(s: State, d: Draft, viewer: int, *kinds: int) -> bool:
    """The public answers to interrogation questions still hold in the re-dealt position."""
    for holder, kind, what, yes in s.facts:
        if holder == viewer or kind not in kinds:
            continue
        if true_answer(d, holder, kind, what) != bool(yes):
            return False
    return True


def _redeal_strategy_cards(ctx: Ctx, s: State, d: Draft, viewer: int, seed: int, counter: int) -> int:
    """Other hands, the deck, the unseen auction row (and a face-down discard pile) are one pool."""
    for _ in range(TRIES):
        counter = _deal_strategy_cards(ctx, s, d, viewer, seed, counter)
        if _hands_fit_plans(ctx, s, list(d.hands), viewer) and _fits_facts(s, d, viewer, FACT_CARD):
            return counter
    d.hands, d.row, d.strategy_deck, d.strategy_discard = s.hands, s.row, s.strategy_deck, s.strategy_discard
    d.learnt = s.learnt  # no fitting deal found: keep the hands (a rare, harmless fallback)
    return counter


def _deal_strategy_cards(ctx: Ctx, s: State, d: Draft, viewer: int, seed: int, counter: int) -> int:
    fixed = _known_in_hands(ctx, s, viewer)
    # Jol-Nar has seen the card on auction, also while the Lazax's income for it may be cancelled
    on_auction = s.step == BID or s.window == LAZAX_INCOME
    row_known = 1 if on_auction and s.row and seat_of_race(s, JOL_NAR) == viewer else 0
    pool: list[int] = [*s.strategy_deck, *s.row[row_known:]]
    discard_hidden = not ctx.config.strategy_discard_public
    if discard_hidden:
        pool += s.strategy_discard
    for p in range(s.players):
        if p == viewer:
            continue
        rest = list(s.hands[p])
        for card in fixed[p]:
            rest.remove(card)
        pool += rest
    shuffled, counter = rng.shuffle(seed, counter, sorted(pool))
    cards = list(shuffled)
    hands = list(s.hands)
    for p in range(s.players):
        if p == viewer:
            continue
        need = len(s.hands[p]) - len(fixed[p])
        hands[p] = tuple(sorted((*fixed[p], *cards[:need])))
        cards = cards[need:]
    d.hands = tuple(hands)
    d.row = (*s.row[:row_known], *cards[: len(s.row) - row_known])
    cards = cards[len(s.row) - row_known :]
    if discard_hidden:
        d.strategy_discard = tuple(cards[: len(s.strategy_discard)])
        cards = cards[len(s.strategy_discard) :]
    d.strategy_deck = tuple(cards)
    # Other seats' knowledge stays about cards that are still in the hands it names.
    learnt = []
    for v, holder, card in s.learnt:
        if v == viewer:
            learnt.append((v, holder, card))
        elif hands[holder]:
            learnt.append((v, holder, hands[holder][len(learnt) % len(hands[holder])]))
    d.learnt = tuple(learnt)
    return counter


def _redeal_traitors(ctx: Ctx, s: State, d: Draft, viewer: int, seed: int, counter: int) -> int:
    """Deal the traitor cards again until the public answers about them hold (or keep them)."""
    for _ in range(TRIES):
        counter = _deal_traitors(ctx, s, d, viewer, seed, counter)
        if _fits_facts(s, d, viewer, FACT_TRAITOR):
            return counter
    d.traitor_offers, d.traitors, d.traitor_deck = s.traitor_offers, s.traitors, s.traitor_deck
    return counter


def _deal_traitors(ctx: Ctx, s: State, d: Draft, viewer: int, seed: int, counter: int) -> int:
    """Other seats' traitor cards (and offers during the draft) and the traitor deck are one pool; a
    seat keeping one card keeps an opponent's leader when it can (§4 step 6)."""
    pool = list(s.traitor_deck)
    for p in range(s.players):
        if p != viewer:
            pool += sorted(set(s.traitor_offers[p]) | set(s.traitors[p]))
    shuffled, counter = rng.shuffle(seed, counter, sorted(pool))
    cards = list(shuffled)
    offers = list(s.traitor_offers)
    traitors = list(s.traitors)
    for p in range(s.players):
        if p == viewer:
            continue
        held = sorted(set(s.traitor_offers[p]) | set(s.traitors[p]))
        mine, cards = cards[: len(held)], cards[len(held) :]
        foreign = [c for c in mine if c // LEADERS_PER_RACE != s.race[p]]
        own = [c for c in mine if c // LEADERS_PER_RACE == s.race[p]]
        kept = len(s.traitors[p])
        choice = (foreign + own)[:kept] if kept < len(mine) else mine
        traitors[p] = tuple(sorted(choice))
        offers[p] = tuple(mine) if s.traitor_offers[p] else ()
    d.traitor_offers = tuple(offers)
    d.traitors = tuple(traitors)
    d.traitor_deck = tuple(cards)
    return counter


def _redeal_prediction(ctx: Ctx, s: State, d: Draft, viewer: int, seed: int, counter: int) -> int:
    xxcha = seat_of_race(s, XXCHA)
    if xxcha in (viewer, -1) or s.prediction[0] == NO_RACE or s.step == PREDICT:
        return counter
    others = sorted(r for r in s.race if r != XXCHA)
    for _ in range(TRIES):  # until the public answers about the prediction hold
        race, counter = rng.choice(seed, counter, others)
        rnd, counter = rng.randbelow(seed, counter, ctx.t.rounds)
        d.prediction = (race, rnd + 1)
        if _fits_facts(s, d, viewer, FACT_RACE, FACT_ROUND):
            return counter
    d.prediction = s.prediction
    return counter


def _redeal_betrayal(ctx: Ctx, s: State, d: Draft, viewer: int, seed: int, counter: int) -> int:
    if all(c == NO_CARD for c in s.betrayal):
        return counter
    used = {s.betrayal[viewer]} if 0 <= viewer < s.players else set()
    pool = [c for c in range(len(ctx.t.betrayal_numbers)) if c not in used]
    shuffled, counter = rng.shuffle(seed, counter, pool)
    cards = list(shuffled)
    d.betrayal = tuple(s.betrayal[p] if p == viewer else cards.pop() for p in range(s.players))
    return counter


def _redeal_plans(ctx: Ctx, s: State, d: Draft, viewer: int, seed: int, counter: int) -> int:
    """§10.3: the other battler's sealed choices are drawn again from what his (re-dealt) hand and
    leaders allow, keeping every part the viewer has seen."""
    for side, seat in enumerate(s.battlers):
        if seat == viewer:
            continue

        def hidden(part: str, value: int, side: int = side) -> bool:
            return value != UNSET and not B.plan_visible(ctx, s, viewer, side, part)

        if hidden("dial", s.plan_dial[side]):
            dials = B.legal_dials(ctx, d, seat)
            pick, counter = rng.randbelow(seed, counter, len(dials))
            d.plan_dial = _pair(d.plan_dial, side, dials[pick])
        hide_attack = hidden("attack", s.plan_attack[side])
        hide_defense = hidden("defense", s.plan_defense[side])
        if hide_attack:
            d.plan_attack = _pair(d.plan_attack, side, UNSET)
        if hide_defense:
            d.plan_defense = _pair(d.plan_defense, side, UNSET)
        if hidden("leader", s.plan_leader[side]) or hidden("slot", s.plan_slot[side]):
            known_leader = s.plan_leader[side] if not hidden("leader", s.plan_leader[side]) else None
            options = [
                (ld, slot)
                for ld, slot in B.legal_leaders(ctx, d, seat)
                if known_leader is None or ld == known_leader
            ] or [(s.plan_leader[side], s.plan_slot[side])]
            (leader, slot), counter = rng.choice(seed, counter, options)
            d.plan_leader = _pair(d.plan_leader, side, leader)
            d.plan_slot = _pair(d.plan_slot, side, slot)
        if (hide_attack or hide_defense) and d.plan_slot[side] == UNSET:  # settled early for Jol-Nar
            (card, _), counter = rng.choice(seed, counter, B.legal_foresee(ctx, d, seat))
            field = "plan_attack" if hide_attack else "plan_defense"
            setattr(d, field, _pair(getattr(d, field), side, card))
        elif hide_attack or hide_defense:  # only the parts he had chosen are drawn again
            cards = B.legal_cards(ctx, d, seat)
            (attack, defense), counter = rng.choice(seed, counter, cards)
            if hide_attack:
                d.plan_attack = _pair(d.plan_attack, side, attack)
            if hide_defense:
                d.plan_defense = _pair(d.plan_defense, side, defense)
        answer = s.traitor_answer[side] if s.traitor_answer else UNSET
        if answer != UNSET:
            may = B.traitor_against(ctx, d, seat)
            reveal, counter = rng.randbelow(seed, counter, 2) if may else (0, counter)
            d.traitor_answer = _pair(d.traitor_answer, side, reveal)
    letnev, _ = B.helper(ctx, s, LETNEV)
    if s.helper_answer != UNSET and letnev not in (viewer, NOBODY) and letnev not in s.battlers:
        may = B.traitor_against(ctx, d, letnev)
        d.helper_answer, counter = rng.randbelow(seed, counter, 2) if may else (0, counter)
    return counter


def _pair(values: tuple[int, ...], side: int, value: int) -> tuple[int, ...]:
    return (*values[:side], value, *values[side + 1 :])


def _shuffle_under_top(
    pile: tuple[int, ...], top_known: bool, seed: int, counter: int
) -> tuple[tuple[int, ...], int]:
    """A deck in a new order; a top card the viewer has looked at stays on top."""
    if top_known and pile:
        rest, counter = rng.shuffle(seed, counter, pile[:-1])
        return (*rest, pile[-1]), counter
    return rng.shuffle(seed, counter, pile)


def determinize(ctx: Ctx, s: State, viewer: int, seed: int) -> State:
    d = Draft.of(s)
    counter = _redeal_strategy_cards(ctx, s, d, viewer, seed, 0)
    counter = _redeal_traitors(ctx, s, d, viewer, seed, counter)
    counter = _redeal_prediction(ctx, s, d, viewer, seed, counter)
    counter = _redeal_betrayal(ctx, s, d, viewer, seed, counter)
    if s.battlers:
        counter = _redeal_plans(ctx, s, d, viewer, seed, counter)
    d.influence_deck, counter = _shuffle_under_top(
        s.influence_deck, jol_nar_sees_next_influence(ctx, s, viewer), seed, counter
    )
    d.bombardment_deck, counter = _shuffle_under_top(
        s.bombardment_deck, sol_sees_next_bombardment(ctx, s, viewer), seed, counter
    )
    if s.step == FLEET_DIAL:
        sealed = list(s.sealed)
        for p in range(s.players):
            if p != viewer and sealed[p] != SEALED_NONE:
                sealed[p], counter = rng.randbelow(seed, counter, ctx.t.dial_max + 1)
        d.sealed = tuple(sealed)
    if s.window:  # §17: another seat's sealed card play could be a card it no longer holds: none
        d.sealed = tuple(NO_PLAY if p != viewer and v >= 0 else v for p, v in enumerate(s.sealed))
    d.seed = rng.derive_seed(seed, "determinized")
    d.rng = 0
    return d.freeze()
