"""Shuffles during play, which a scenario may pin (so a hand-written record needs no RNG).

A pin for the n-th shuffle of a pile names the cards that end on top after it, top first; the
other cards lie below them in the RNG's order.  A named card that is not among the shuffled ones is
passed over (a pin says what a record expects, not what must exist).
"""

from __future__ import annotations

from collections.abc import Iterable

from turncoat.core import rng
from turncoat.games.rex.context import Ctx
from turncoat.games.rex.state import Draft


def _pin_on_top(deck: tuple[int, ...], ids: tuple[str, ...], pin: list[str]) -> tuple[int, ...]:
    rest = list(deck)
    top: list[int] = []
    for name in pin:
        card = ids.index(name) if name in ids else -1
        if card in rest:
            rest.remove(card)
            top.append(card)
    return (*rest, *reversed(top))  # the top card is the last


def shuffle_strategy(ctx: Ctx, d: Draft, cards: Iterable[int]) -> tuple[int, ...]:
    """§17 (E32) and §7 step 7 (E11): the strategy deck shuffled during play
    (``scenario.strategy_reshuffles``)."""
    deck, d.rng = rng.shuffle(d.seed, d.rng, tuple(cards))
    sc = ctx.config.scenario
    pins = sc.strategy_reshuffles if sc is not None else None
    if pins and d.strategy_shuffles < len(pins):
        deck = _pin_on_top(deck, ctx.t.card_ids, pins[d.strategy_shuffles])
    d.strategy_shuffles += 1
    return deck


def shuffle_influence(ctx: Ctx, d: Draft, cards: Iterable[int]) -> tuple[int, ...]:
    """§6 step 3 (E14) and step 6: the influence deck shuffled during play
    (``scenario.influence_reshuffles``)."""
    deck, d.rng = rng.shuffle(d.seed, d.rng, tuple(cards))
    sc = ctx.config.scenario
    pins = sc.influence_reshuffles if sc is not None else None
    if pins and d.influence_shuffles < len(pins):
        deck = _pin_on_top(deck, ctx.t.influence_ids, pins[d.influence_shuffles])
    d.influence_shuffles += 1
    return deck
