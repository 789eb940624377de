"""A full state consistent with what one seat knows, for search (ARCHITECTURE §3).

Hidden from the viewer, and so redrawn:

* the other great races' objectives: dealt from the cards the viewer does not hold (the
  Lazax's is public, RULES §6.3);
* the treaty history: every card handed over between two other seats and every discard the
  viewer did not make.  It is replayed from the start in its public order (who offered to whom,
  who dropped a card), choosing unknown cards at random among those the player could have
  held, keeping what the viewer saw (cards it gave or received, its own discards), and taking
  back a choice that leaves a later known handover impossible (a depth-first search);
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
    pool = [
        o for o in objective_deck(ctx.config.players, ctx.config.support_at_four_players) if o not in known
    ]
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


BUDGET = 4000  # choices tried before the real history is kept


class _Stuck(Exception):
    """The replay tried too many choices without finding a consistent history."""


def replay_treaties(s: State, viewer: int, chooser: random.Random) -> tuple[T.Treaties, tuple[Exchange, ...]]:
    """The treaty history replayed with the viewer's unknowns drawn at random (see module doc).

    Unknown choices are tried in a random order, and a choice that leads into a corner (a card a
    player must hand over later is gone) is taken back and the next one tried.  The real history
    always fits, so a consistent one is found; only should the search take too long is the real
    history kept.
    """
    try:
        return _Replay(s, viewer, chooser).run()
    except _Stuck:
        return s.treaties, s.exchanges


class _Replay:
    """A depth-first search through the unknown choices of the treaty history."""

    def __init__(self, s: State, viewer: int, chooser: random.Random) -> None:
        self.tr = s.treaties
        self.factions = dict(self.tr.factions)
        self.history = s.exchanges
        self.viewer = viewer
        self.chooser = chooser
        self.hands = _start_hands(self.tr)
        self.pile: list[T.TreatyCard] = []
        self.out: list[Exchange] = []
        self.budget = BUDGET
        self.fix_a = self.tr.profile.allow_return_foreign_card

    def run(self) -> tuple[T.Treaties, tuple[Exchange, ...]]:
        if not self.step(0):  # pragma: no cover - the real history always fits
            raise _Stuck
        return _rebuilt(self.tr, self.hands, self.pile, self.out), tuple(self.out)

    def _order(self, options: list[T.TreatyCard]) -> list[T.TreatyCard]:
        distinct = sorted(set(options))
        self.chooser.shuffle(distinct)
        return distinct

    def step(self, i: int) -> bool:
        if i == len(self.history):
            return True
        self.budget -= 1
        if self.budget < 0:
            raise _Stuck
        ex = self.history[i]
        later = self.history[i + 1 :]
        if ex.card is None:
            return self._drop(i, ex, later)
        giver, receiver = ex.giver, ex.receiver
        if self.viewer in (giver, receiver):
            cards = [ex.card]
        else:
            keep = _kept_back(giver, later, self.viewer)
            # §4.2 step 2: an own card (GAPS Q4 fix A: or one of the receiver's, handed back)
            kinds = {self.factions[giver]}
            if self.tr.profile.allow_return_foreign_card:
                kinds.add(self.factions[receiver])
            cards = self._order(
                [
                    c
                    for c in self.hands[giver]
                    if c.faction in kinds and (c not in keep or self._comes_back(c, giver, receiver, later))
                ]
            )
        for card in cards:
            if card not in self.hands[giver]:
                continue
            self.hands[giver].remove(card)
            if self._receive(i, ex, later, card):
                return True
            self.hands[giver].append(card)
        return False

    def _receive(self, i: int, ex: Exchange, later: tuple[Exchange, ...], card: T.TreatyCard) -> bool:
        receiver = ex.receiver
        if ex.discard is None:  # still waiting for the receiver (the pending offer)
            self.out.append(Exchange(ex.giver, receiver, card, None))
            if self.step(i + 1):
                return True
            self.out.pop()
            return False
        held = self.hands[receiver]
        held.append(card)
        if receiver == self.viewer:
            discards = [ex.discard]
        else:
            keep = _kept_back(receiver, later, self.viewer)
            own_needed = self._own_cards_needed(receiver, later)
            discards = self._order(_discardable(held, self.factions[receiver], keep, own_needed))
        for discard in discards:
            if discard not in held:
                continue
            held.remove(discard)
            self.pile.append(discard)
            self.out.append(Exchange(ex.giver, receiver, card, discard))
            if self.step(i + 1):
                return True
            self.out.pop()
            self.pile.pop()
            held.append(discard)
        held.remove(card)
        return False

    def _comes_back(self, card: T.TreatyCard, giver: int, receiver: int, later: tuple[Exchange, ...]) -> bool:
        """GAPS Q4 fix A: a card ``giver`` must hand over again later may go to ``receiver`` now
        only if ``receiver`` has a chance to hand it back (an exchange from ``receiver`` to
        ``giver`` before then, of ``giver``'s own race)."""
        if not self.fix_a or card.faction != self.factions[giver]:
            return False
        for x in later:
            if x.giver == giver and card in (x.card, x.discard):
                return False
            if x.giver == receiver and x.receiver == giver:
                return True
        return False

    def _own_cards_needed(self, player: int, later: tuple[Exchange, ...]) -> int:
        """How many of its own cards ``player`` must still hold for the treaties it hands over
        later (none can be counted on when GAPS Q4 fix A lets cards come back)."""
        own = self.factions[player]
        if self.fix_a:  # an own card handed out may come back: nothing can be counted on
            return 0
        needed = 0
        for x in later:
            if x.giver != player or x.card is None:
                continue
            seen = self.viewer in (x.giver, x.receiver)
            needed += x.card.faction == own if seen else 1
        return needed

    def _drop(self, i: int, ex: Exchange, later: tuple[Exchange, ...]) -> bool:
        """A fix-B drop at one's own Home: one foreign card to the pile."""
        player = ex.giver
        if player == self.viewer and ex.discard is not None:
            drops = [ex.discard]
        else:
            keep = _kept_back(player, later, self.viewer)
            own = self.factions[player]
            drops = self._order([c for c in self.hands[player] if c.faction != own and c not in keep])
        for drop in drops:
            if drop not in self.hands[player]:
                continue
            self.hands[player].remove(drop)
            self.pile.append(drop)
            self.out.append(Exchange(player, player, None, drop))
            if self.step(i + 1):
                return True
            self.out.pop()
            self.pile.pop()
            self.hands[player].append(drop)
        return False


def _discardable(
    held: list[T.TreatyCard], own: str, keep: set[T.TreatyCard], own_needed: int
) -> list[T.TreatyCard]:
    """Cards a receiver may be imagined to have discarded: none it is known to give later, and
    enough of its own left for the gifts it makes later."""
    own_held = sum(1 for h in held if h.faction == own)
    return [c for c in held if c not in keep and own_held - (c.faction == own) >= own_needed]


def _kept_back(player: int, later: tuple[Exchange, ...], viewer: int) -> set[T.TreatyCard]:
    """The cards ``player`` is known (to the viewer) to hand over or drop later: they cannot have
    been discarded before (the pile is for good)."""
    keep: set[T.TreatyCard] = set()
    for x in later:
        if x.giver == player and x.card is not None and viewer in (x.giver, x.receiver):
            keep.add(x.card)
        if x.card is None and x.giver == player and x.giver == viewer and x.discard is not None:
            keep.add(x.discard)
    return keep


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
