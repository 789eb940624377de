"""Random battles (RULES §13) played with random legal decisions until they end.

Invariants after every step: the units of both sides are conserved (in the contested area, or
withdrawn, retreated or destroyed), each seat's combat cards are conserved between deck, hand,
discard pile, the skirmishes and the splash cards set aside, no area other than the contested one
holds more than its limit, every decision offers a few choices and the opponent's observation
never names a face-down card; a state re-dealt for a seat looks the same to that seat.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.starcraft.test_combat import _set_up, arena
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft.context import Events
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.phases import combat as K
from turncoat.games.starcraft.state import State, Unit

TERRAN = (
    "marine",
    "firebat",
    "ghost",
    "vulture",
    "goliath",
    "siege_tank",
    "wraith",
    "science_vessel",
    "battlecruiser",
)
ZERG = ("zergling", "hydralisk", "ultralisk", "queen", "defiler", "scourge", "mutalisk", "guardian")


def _cards(state: State, seat: int) -> Counter[str]:
    p = state.seat(seat)
    held = Counter((*p.hand, *p.combat_deck, *p.combat_discard))
    b = state.battle
    if b is not None:
        held.update(
            c
            for s in b.skirmishes
            for side, owner in ((s.attack, b.attacker), (s.defence, b.defender))
            if owner == seat
            for c in side.cards
        )
        held.update(pick.card for pick in b.splash if pick.seat != seat)
    return held


def _units(state: State) -> Counter[Unit]:
    return Counter(u for a in state.areas for u in a.units)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    attackers=st.lists(st.tuples(st.sampled_from(TERRAN), st.booleans()), min_size=1, max_size=5),
    defenders=st.lists(st.tuples(st.sampled_from(ZERG), st.booleans()), min_size=1, max_size=3),
    elsewhere=st.lists(
        st.tuples(st.sampled_from(("tarsonis_2", "tarsonis_3", "pridewater_2")), st.sampled_from(ZERG)),
        max_size=3,
    ),
    special=st.booleans(),
    owner_pack=st.booleans(),
)
def test_random_battles_keep_their_invariants(
    seed: int,
    attackers: list[tuple[str, bool]],
    defenders: list[tuple[str, bool]],
    elsewhere: list[tuple[str, str]],
    special: bool,
    owner_pack: bool,
) -> None:
    rnd = random.Random(seed)
    g, state = _set_up(owner_pack)
    units: dict[str, list[Unit]] = {
        "tarsonis_1": [Unit(0, k, c) for k, c in attackers] + [Unit(1, k, c) for k, c in defenders]
    }
    for area, kind in elsewhere:
        units.setdefault(area, []).append(Unit(1, kind))
    state = arena(state, units)
    cards = {s: _cards(state, s) for s in (0, 1)}
    hands = {s: len(state.seat(s).hand) for s in (0, 1)}
    before = _board(state)
    events: Events = []
    state = g._settle(K.start_battle(g.ctx, state, "tarsonis_1", 0, events, special=special), events)
    for _ in range(200):
        _check(g, state, events, before, cards, hands)
        if not g.to_act(state):
            break
        (seat,) = g.to_act(state)
        options = list(g.legal_actions(state, seat))
        assert 1 < len(options) <= 300, (state.step, len(options))  # a single choice is not asked
        tr = g.apply(state, seat, rnd.choice(options))
        state = tr.state
        events += tr.events
    assert state.battle is None and state.step == K.RETURN_STEP
    # the contested area is held by one player at most, within its limit
    held = state.area("tarsonis_1").units
    assert len({u.owner for u in held}) <= 1 and len(held) <= g.ctx.t.area["tarsonis_1"].unit_limit
    winner = next(e.winner for e in events if isinstance(e, E.BattleEnded))
    assert {u.owner for u in held} <= {winner}


def _board(state: State) -> Counter[tuple[int, str]]:
    return Counter((u.owner, u.kind) for a in state.areas for u in a.units)


def _check(
    g: StarcraftGame,
    state: State,
    events: Events,
    before: Counter[tuple[int, str]],
    cards: dict[int, Counter[str]],
    hands: dict[int, int],
    area: str = "tarsonis_1",
) -> None:
    """Combat's invariants in a battle over ``area`` between the seats of ``cards``: ``events``
    are those since the battle started, ``before`` the board and ``cards`` / ``hands`` each seat's
    combat cards and hand size just before it."""
    # units conserved: on the board (contested area, withdrawn, retreated) + destroyed = at the start
    destroyed = Counter((e.seat, e.unit) for e in events if isinstance(e, E.UnitDestroyed))
    assert _board(state) + destroyed == before
    for seat, held in cards.items():
        assert _cards(state, seat) == held  # cards conserved
        assert len(state.seat(seat).hand) <= hands[seat] + 5  # at most the cards drawn in step 3
    # outside the contested area every limit holds (withdrawals and retreats respect them)
    for a in state.areas:
        if a.id != area:
            for seat in cards:
                assert sum(u.owner == seat for u in a.units) <= g.ctx.t.area[a.id].unit_limit
    b = state.battle
    if b is None:
        return
    # what a seat cannot see, re-dealt, never changes what it sees (§21.3)
    for viewer in cards:
        sampled = g.determinize(state, viewer, len(events))
        assert g.observe(sampled, viewer) == g.observe(state, viewer)
        assert all(_cards(sampled, other) == cards[other] for other in cards if other != viewer)
    # sealed cards: an unrevealed card is blank to the opponent, and a blind one to its owner too
    for watcher in (*cards, None):
        seen = g.observe(state, watcher).battle
        assert seen is not None
        for s, shown in zip(b.skirmishes, seen.skirmishes, strict=True):
            for side, view, owner in (
                (s.attack, shown.attack, b.attacker),
                (s.defence, shown.defence, b.defender),
            ):
                if not s.revealed and (watcher != owner or side.blind):
                    assert view.cards == ("",) * len(side.cards)
