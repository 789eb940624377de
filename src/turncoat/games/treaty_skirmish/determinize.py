"""A full state consistent with what one seat knows, for search (ARCHITECTURE §3).

Hidden from the viewer, and so redrawn:

* the other great races' objectives: dealt from the cards the viewer does not hold (the
  Lazax's is public, RULES §6.3);
* the treaty history: every card handed over between two other seats and every discard the
  viewer did not make.  It is replayed from the start in its public order (who offered to whom,
  who dropped a card), choosing unknown cards at random among those the player could have
  held, keeping what the viewer saw (cards it gave or received, its own discards) and keeping
  back every card that player is known to hand over later and enough own cards for its later
  gifts;
* the dice to come (the state's random stream is reseeded).

The viewer's own hand, hand sizes, the pile size and everything on the board stay as they are.
A finished game is returned unchanged: everything that matters has been revealed.
"""

from __future__ import annotations

import random

import msgspec

from turncoat.core import rng
from turncoat.core import treaties as T
from turncoat.games.treaty_skirmish.components import EMPEROR, objective_deck
from turncoat.games.treaty_skirmish.context import Ctx
from turncoat.games.treaty_skirmish.state import OVER, Exchange, State


def determinize(ctx: Ctx, s: State, viewer: int, seed: int) -> State:
    if s.step == OVER:
        return s
    chooser = random.Random(rng.derive_seed(seed, "determinize", viewer))
    objectives = redeal_objectives(ctx, s, viewer, chooser)
    treaties, exchanges = replay_treaties(s, viewer, chooser)
    return msgspec.structs.replace(
        s,
        objectives=objectives,
        treaties=treaties,
        exchanges=exchanges,
        seed=rng.derive_seed(seed, "dice", viewer),
        rng=0,
    )


def redeal_objectives(ctx: Ctx, s: State, viewer: int, chooser: random.Random) -> tuple[str, ...]:
    """Others' hidden objectives, drawn from the deck less the viewer's own card."""
    known = {s.objectives[viewer]}
    hidden = [p for p in range(s.players) if p != viewer and s.objectives[p] != EMPEROR]
    pool = [o for o in objective_deck(ctx.config.players) if o not in known]
    dealt = chooser.sample(pool, len(hidden))
    out = list(s.objectives)
    for p, o in zip(hidden, dealt, strict=True):
        out[p] = o
    return tuple(out)


def _start_hands(tr: T.Treaties) -> dict[int, list[T.TreatyCard]]:
    """Every seat's starting hand: all cards of its own faction (§4.1), rebuilt from what is now
    in hands, in the pile and waiting."""
    cards = [c for _, hand in tr.hands for c in hand] + list(tr.pile)
    if tr.pending is not None:
        cards.append(tr.pending.card)
    factions = dict(tr.factions)
    return {p: sorted(c for c in cards if c.faction == factions[p]) for p, _ in tr.factions}


ATTEMPTS = 20


class _Stuck(Exception):
    """A replay drew itself into a corner (a card it must hand over later is gone)."""


def replay_treaties(s: State, viewer: int, chooser: random.Random) -> tuple[T.Treaties, tuple[Exchange, ...]]:
    """The treaty history replayed with the viewer's unknowns drawn at random (see module doc).

    A replay that draws itself into a corner is started again; should that keep happening, the
    real history is kept (it is always consistent with what the viewer knows).
    """
    for _ in range(ATTEMPTS):
        try:
            return _replay(s, viewer, chooser)
        except _Stuck:
            continue
    return s.treaties, s.exchanges


def _replay(s: State, viewer: int, chooser: random.Random) -> tuple[T.Treaties, tuple[Exchange, ...]]:
    tr = s.treaties
    factions = dict(tr.factions)
    hands = _start_hands(tr)
    pile: list[T.TreatyCard] = []
    history = s.exchanges
    out: list[Exchange] = []
    for i, ex in enumerate(history):
        later = history[i + 1 :]
        if ex.card is None:  # a fix-B drop at one's own Home
            if ex.receiver == viewer and ex.discard is not None:
                drop = ex.discard
            else:
                keep = _kept_back(ex.giver, later, viewer)
                foreign = [c for c in hands[ex.giver] if c.faction != factions[ex.giver] and c not in keep]
                drop = _pick(chooser, foreign)
            _take(hands[ex.giver], drop)
            pile.append(drop)
            out.append(Exchange(ex.giver, ex.receiver, None, drop))
            continue
        known_card = viewer in (ex.giver, ex.receiver)
        if known_card:
            card = ex.card
        else:
            keep = _kept_back(ex.giver, later, viewer)
            # §4.2 step 2: an own card (GAPS Q4 fix A: or one of the receiver's, handed back)
            kinds = {factions[ex.giver]}
            if tr.profile.allow_return_foreign_card:
                kinds.add(factions[ex.receiver])
            options = [c for c in hands[ex.giver] if c.faction in kinds and c not in keep]
            card = _pick(chooser, options)
        _take(hands[ex.giver], card)
        if ex.discard is None:  # still waiting for the receiver (the pending offer)
            out.append(Exchange(ex.giver, ex.receiver, card, None))
            continue
        held = [*hands[ex.receiver], card]
        if ex.receiver == viewer:
            discard = ex.discard
        else:
            keep = _kept_back(ex.receiver, later, viewer)
            own_needed = sum(1 for x in later if x.giver == ex.receiver and x.card is not None)
            options = _discardable(held, factions[ex.receiver], keep, own_needed)
            discard = _pick(chooser, options)
        _take(held, discard)
        hands[ex.receiver] = held
        pile.append(discard)
        out.append(Exchange(ex.giver, ex.receiver, card, discard))
    return _rebuilt(tr, hands, pile, out), tuple(out)


def _discardable(
    held: list[T.TreatyCard], own: str, keep: set[T.TreatyCard], own_needed: int
) -> list[T.TreatyCard]:
    """Cards a receiver may be imagined to have discarded: none it is known to give later, and
    enough of its own left for the gifts it makes later."""
    own_held = sum(1 for h in held if h.faction == own)
    return [c for c in held if c not in keep and own_held - (c.faction == own) >= own_needed]


def _kept_back(player: int, later: tuple[Exchange, ...], viewer: int) -> set[T.TreatyCard]:
    """The cards ``player`` is known (to the viewer) to hand over or drop later: they must stay."""
    keep: set[T.TreatyCard] = set()
    for x in later:
        if x.giver == player and x.card is not None and viewer in (x.giver, x.receiver):
            keep.add(x.card)
        if x.card is None and x.giver == player and x.giver == viewer and x.discard is not None:
            keep.add(x.discard)
    return keep


def _pick(chooser: random.Random, options: list[T.TreatyCard]) -> T.TreatyCard:
    distinct = sorted(set(options))
    if not distinct:
        raise _Stuck
    return chooser.choice(distinct)


def _take(cards: list[T.TreatyCard], card: T.TreatyCard) -> None:
    if card not in cards:
        raise _Stuck
    cards.remove(card)


def _rebuilt(
    tr: T.Treaties, hands: dict[int, list[T.TreatyCard]], pile: list[T.TreatyCard], history: list[Exchange]
) -> T.Treaties:
    pending = tr.pending
    if pending is not None:
        last = history[-1]
        assert last.card is not None
        pending = T.Pending(pending.giver, pending.receiver, last.card)
    passages = tuple(T.Passage(x.giver, x.receiver, x.card) for x in history if x.card is not None)
    return msgspec.structs.replace(
        tr,
        hands=tuple((p, tuple(sorted(hands[p]))) for p, _ in tr.hands),
        pile=tuple(sorted(pile)),
        pending=pending,
        passages=passages,
    )
