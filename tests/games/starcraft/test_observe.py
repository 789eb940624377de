"""Hidden information (RULES §21.3) in the states built so far: hands, deck orders, pending events
and the event deck never leak; a determinized state looks the same to the seat it was made for."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.starcraft.helpers import game, peaceful_options, random_setup, raynor_overmind, seat_with
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.determinize import redeal_orders, unseen_events
from turncoat.games.starcraft.events import CombatCardsDrawn, EventCardsRead, OrderFace
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.observe import card_visible, top_stage
from turncoat.games.starcraft.state import (
    EVENT_STEPS,
    MOVE_Z_END,
    PLACE_Z_MINOR,
    PLANNING,
    PLAY_EVENT,
    SETUP_STEPS,
    OrderToken,
    RouteEnd,
    State,
)


def test_observe_shows_only_the_viewers_hand() -> None:
    g = game(
        players=3, faction_selection="random", scenario={"factions": ["jim_raynor", "aldaris", "overmind"]}
    )
    state, _ = random_setup(g, 2)
    assert state.step == PLANNING
    for viewer in range(3):
        seen = g.observe(state, viewer)
        assert seen.hand == state.seat(viewer).hand
        assert [s.hand_size for s in seen.seats] == [len(p.hand) for p in state.seats]
        text = msgspec.json.encode(seen).decode()
        for other in range(3):
            if other != viewer:
                # the other hands' cards appear nowhere (the three seats play different races)
                assert not [c for c in state.seat(other).hand if c in text]
    spectator = g.observe(state, None)
    assert spectator.hand == () and "event_deck" not in msgspec.json.encode(spectator).decode().replace(
        "event_deck_size", ""
    )


def test_observe_order_faces_only_to_their_owner() -> None:
    g = game(players=2)
    state, _ = random_setup(g, 0)
    stacked = msgspec.structs.replace(
        state, stacks=(("x", (OrderToken(0, "build"), OrderToken(1, "research", True))),)
    )
    mine = g.observe(stacked, 0).stacks[0][1]
    assert [(o.owner, o.kind) for o in mine] == [(0, "build"), (1, None)]
    assert [o.kind for o in g.observe(stacked, None).stacks[0][1]] == [None, None]
    forgetful = game(players=2, order_owner_may_view_own_orders=False)
    assert [o.kind for o in forgetful.observe(stacked, 0).stacks[0][1]] == [None, None]


def _setup_states(players: int, seed: int) -> tuple[StarcraftGame, list[State]]:
    """Every state of a random game's setup (§5, §6), galaxy building included."""
    g = game(players=players)
    rnd = random.Random(seed)
    state = g.start(seed).state
    out: list[State] = []
    while g.to_act(state) and state.step in SETUP_STEPS:
        out.append(state)
        (seat,) = g.to_act(state)
        state = g.apply(state, seat, rnd.choice(g.legal_actions(state, seat))).state
    return g, out


@pytest.mark.parametrize("players", [2, 4])
def test_observe_shows_the_pending_z_axis_end_to_every_viewer(players: int) -> None:
    """§6.1 step 5, §21.3: while the second end of a z-axis route is chosen, its placed (major) end
    is on the table: every seat and a spectator see it; at any other step nobody sees one."""
    g, states = _setup_states(players, players)
    pending = [s for s in states if s.step == PLACE_Z_MINOR]
    assert pending, "no z-axis route was placed: the check would prove nothing"
    for state in states:
        expected = state.z_major if state.step == PLACE_Z_MINOR else None
        assert state.step != PLACE_Z_MINOR or expected is not None
        for viewer in (None, *range(players)):
            assert g.observe(state, viewer).z_major == expected, (state.step, viewer)
    # §17: the event card that moves a z-axis route keeps its major end in place the same way
    moving = msgspec.structs.replace(states[-1], step=MOVE_Z_END, z_major=RouteEnd("char", "N"))
    assert {g.observe(moving, v).z_major for v in (None, *range(players))} == {RouteEnd("char", "N")}


def test_determinize_keeps_the_pending_z_axis_end() -> None:
    """§6.1 step 5, §21.3: the z-axis route end on the table is no secret: a re-deal keeps it."""
    g, states = _setup_states(3, 3)
    state = next(s for s in states if s.step == PLACE_Z_MINOR)
    for viewer in range(3):
        sampled = g.determinize(state, viewer, 7)
        assert sampled.z_major == state.z_major is not None
        assert g.observe(sampled, viewer) == g.observe(state, viewer)


def test_top_stage_is_the_back_of_the_top_card() -> None:
    g = game(players=4)
    state, _ = random_setup(g, 1)
    assert top_stage(g.ctx, state) == 1
    assert top_stage(g.ctx, msgspec.structs.replace(state, event_deck=state.event_deck[:20])) == 3
    assert top_stage(g.ctx, msgspec.structs.replace(state, event_deck=())) is None


def test_unseen_events_are_the_stage_cards_not_seen_face_up() -> None:
    g = game(players=2)
    state, _ = random_setup(g, 1)
    pools = unseen_events(g.ctx, state)
    assert [len(pools[s]) for s in (1, 2, 3)] == [25, 25, 20]  # 40 removed unseen: still unknown
    seen = msgspec.structs.replace(state, event_discard=(state.event_deck[-1],), end_draws_near=1)
    pools = unseen_events(g.ctx, seen)
    assert len(pools[1]) == 24 and Counter(pools[3])["the_end_draws_near"] == 2


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**30),
    viewer_pick=st.integers(0, 5),
    dseed=st.integers(0, 99),
)
def test_determinize_keeps_what_the_viewer_sees(
    players: int, seed: int, viewer_pick: int, dseed: int
) -> None:
    g = game(players=players)
    state, _ = random_setup(g, seed)
    viewer = viewer_pick % players
    # give seats pending events so that their re-deal is exercised too
    pending = tuple(
        msgspec.structs.replace(p, pending_events=(state.event_deck[-1 - s],))
        for s, p in enumerate(state.seats)
    )
    state = msgspec.structs.replace(state, seats=pending, event_deck=state.event_deck[:-players])
    sampled = g.determinize(state, viewer, dseed)
    assert g.observe(sampled, viewer) == g.observe(state, viewer)
    for s in range(players):
        before, after = state.seat(s), sampled.seat(s)
        assert Counter(before.hand + before.combat_deck) == Counter(after.hand + after.combat_deck)
        assert [g.ctx.t.event_card[c].stage.value for c in after.pending_events] == [
            g.ctx.t.event_card[c].stage.value for c in before.pending_events
        ]
    stage = [g.ctx.t.event_card[c].stage.value for c in state.event_deck]
    assert [g.ctx.t.event_card[c].stage.value for c in sampled.event_deck] == stage


def test_determinize_varies_what_is_hidden() -> None:
    g = game(players=4)
    state, _ = random_setup(g, 5)
    samples = {g.determinize(state, 0, k).seat(1).hand for k in range(5)}
    assert len(samples) > 1
    assert {g.determinize(state, 0, k).seat(0).hand for k in range(5)} == {state.seat(0).hand}


# -- the round (§8-§17) ------------------------------------------------------------------------------


def _round_states(players: int, seed: int) -> list[State]:
    """Every state of a random game without battles, from round 1's Planning phase on."""
    g = game(players=players)
    rnd = random.Random(seed)
    state = g.start(seed).state
    out = []
    while g.to_act(state):
        if state.step not in SETUP_STEPS:
            out.append(state)
        options = peaceful_options(g, state)
        (seat,) = g.to_act(state)
        state = g.apply(state, seat, rnd.choice(options)).state
    return out


def test_own_events() -> None:
    g, state, _ = raynor_overmind()
    state = seat_with(state, 0, pending_events=("stage1_no_effect",))
    assert g.observe(state, 0).own_events == ()  # unread, even by the drawer (§17)
    reading = msgspec.structs.replace(state, step=PLAY_EVENT, actor=0)
    assert g.observe(reading, 0).own_events == ("stage1_no_effect",)  # step 8: read
    assert g.observe(reading, 1).own_events == () and g.observe(reading, None).own_events == ()
    assert [s.pending_events for s in g.observe(reading, 1).seats] == [1, 0]  # only how many


def test_redeal_orders() -> None:
    g, state, _ = raynor_overmind()
    tokens = (OrderToken(1, "build"), OrderToken(0, "mobilize"), OrderToken(1, "research"))
    orders1 = list(state.seat(1).orders)
    for t in (tokens[0], tokens[2]):
        orders1.remove(t)
    orders0 = list(state.seat(0).orders)
    orders0.remove(tokens[1])
    state = seat_with(seat_with(state, 1, orders=tuple(orders1)), 0, orders=tuple(orders0))
    state = msgspec.structs.replace(state, stacks=(("tarsonis", tokens),))
    faces = set()
    for k in range(12):
        out = redeal_orders(g.ctx, state, 0, k, 0)
        stack = out.stacks[0][1]
        assert [t.owner for t in stack] == [1, 0, 1] and stack[1] == tokens[1]  # own face kept
        assert not any(t.special for t in stack)  # no R&D module: no special order in a stack
        assert Counter(out.seat(1).orders) + Counter(t for t in stack if t.owner == 1) == Counter(
            state.seat(1).orders
        ) + Counter(t for t in tokens if t.owner == 1)
        faces.add((stack[0].kind, stack[2].kind))
        assert g.observe(out, 0) == g.observe(state, 0)
    assert len(faces) > 1  # the opponent's faces vary


def test_redeal_orders_keeps_the_tokens_a_forgetful_owner_sees() -> None:
    # order_owner_may_view_own_orders off: the owner forgets its placed faces, but the tokens it
    # has not placed lie in front of it: they stay, and only its placed faces are re-dealt
    g, state, _ = raynor_overmind(order_owner_may_view_own_orders=False)
    tokens = (OrderToken(0, "build"), OrderToken(1, "mobilize"), OrderToken(0, "research"))
    orders0 = list(state.seat(0).orders)
    for t in (tokens[0], tokens[2]):
        orders0.remove(t)
    orders1 = list(state.seat(1).orders)
    orders1.remove(tokens[1])
    state = seat_with(seat_with(state, 0, orders=tuple(orders0)), 1, orders=tuple(orders1))
    state = msgspec.structs.replace(state, stacks=(("tarsonis", tokens),))
    mine = set()
    for k in range(12):
        out = redeal_orders(g.ctx, state, 0, k, 0)
        stack = out.stacks[0][1]
        assert out.seat(0).orders == state.seat(0).orders  # its supply: seen, kept
        assert Counter(t for t in stack if t.owner == 0) == Counter((tokens[0], tokens[2]))
        assert g.observe(out, 0) == g.observe(state, 0)
        mine.add((stack[0].kind, stack[2].kind))
    assert mine == {("build", "research"), ("research", "build")}  # where its two lie: unknown


def test_observe_shows_the_viewer_its_unplaced_orders() -> None:
    g, state, _ = raynor_overmind()
    assert g.observe(state, 0).own_orders == state.seat(0).orders
    assert g.observe(state, None).own_orders == ()
    assert [s.orders_in_supply for s in g.observe(state, 1).seats] == [9, 9]  # others: how many


@pytest.mark.parametrize("players", [2, 4])
def test_determinize_keeps_what_the_viewer_sees_in_every_round_step(players: int) -> None:
    g = game(players=players)
    for i, state in enumerate(_round_states(players, players)):
        if i % 7:
            continue
        for viewer in range(players):
            sampled = g.determinize(state, viewer, i)
            assert g.observe(sampled, viewer) == g.observe(state, viewer), (state.step, viewer)


def test_round_logs_never_show_hidden_cards_to_other_seats() -> None:
    g = game(players=3)
    rnd = random.Random(3)
    tr = g.start(3)
    state, events = tr.state, list(tr.events)
    while g.to_act(state):
        (seat,) = g.to_act(state)
        tr = g.apply(state, seat, rnd.choice(peaceful_options(g, state)))
        state, events = tr.state, events + list(tr.events)
    for e in events:
        if isinstance(e, OrderFace | EventCardsRead | CombatCardsDrawn):
            assert e.visible_to == (e.seat,)
    private = re.compile(
        r"^Player (\d) (places a (special )?(Build|Mobilize|Research) order|reads "
        r"|draws (Terran|Protoss|Zerg) combat card)"
    )
    for viewer in (None, 0, 1, 2):
        for said in g.render_log(events, viewer):
            m = private.match(said)
            assert m is None or (int(m.group(1)) == (viewer or 0) + 1 and viewer is not None), (viewer, said)
    own = g.render_log(events, 1)
    assert any(private.match(x) for x in own)  # the owner does read its own


# -- §21.3 as properties over whole random games, battles included ---------------------------------


def _game_states(players: int, seed: int, every: int = 1, **config: Any) -> tuple[StarcraftGame, list[State]]:
    """Every ``every``-th state of a random game from its first decision on: eager random players
    (they execute their orders and buy or move rather than stop), so that battles are fought."""
    g = game(players=players, **config)
    rnd = random.Random(seed)
    state = g.start(seed).state
    out: list[State] = []
    while g.to_act(state) and len(out) < 5000:
        out.append(state)
        (seat,) = g.to_act(state)
        options = [a for a in g.legal_actions(state, seat) if not isinstance(a, A.VoluntaryDestruction)]
        busy = [a for a in options if not isinstance(a, A.EndBuild | A.EndMove)]
        pick = A.ExecuteOrder(True) if A.ExecuteOrder(True) in options else rnd.choice(busy or options)
        state = g.apply(state, seat, pick).state
    return g, out[::every]


def _redeal_unseen(g: StarcraftGame, state: State, viewer: int | None, rnd: random.Random) -> State:
    """Everything ``viewer`` (None: a spectator) may not see, re-dealt at random, independently of
    ``determinize``: other hands with their decks, every deck's order, the event deck and the
    pending events (stage for stage), the order faces it cannot see, and the face-down cards of a
    battle it cannot see."""
    ctx = g.ctx
    seats = [list((p.hand, p.combat_deck)) for p in state.seats]
    for s, (hand, deck) in enumerate(seats):
        pool = list(deck if s == viewer else hand + deck)
        rnd.shuffle(pool)
        kept = hand if s == viewer else tuple(pool[: len(hand)])
        seats[s] = [kept, tuple(pool[len(pool) - len(deck) :])]
    # the battle's face-down cards it cannot see trade places with cards of the hand and deck
    battle = state.battle
    if battle is not None:
        skirmishes = []
        for sk in battle.skirmishes:
            sides = []
            for side, owner in ((sk.attack, battle.attacker), (sk.defence, battle.defender)):
                cards = list(side.cards)
                if not card_visible(side, sk.revealed, owner, viewer):
                    for k in range(len(cards)):
                        in_hand, in_deck = list(seats[owner][0]), list(seats[owner][1])
                        where = [("deck", i) for i in range(len(in_deck))]
                        where += [("hand", i) for i in range(len(in_hand))] if owner != viewer else []
                        if where:
                            heap, i = rnd.choice(where)
                            held = in_deck if heap == "deck" else in_hand
                            held[i], cards[k] = cards[k], held[i]
                            seats[owner] = [tuple(in_hand), tuple(in_deck)]
                sides.append(msgspec.structs.replace(side, cards=tuple(cards)))
            skirmishes.append(msgspec.structs.replace(sk, attack=sides[0], defence=sides[1]))
        battle = msgspec.structs.replace(battle, skirmishes=tuple(skirmishes))
    # event cards: the deck and the pending events it has not read, stage for stage
    reading = state.step in EVENT_STEPS
    piles = [list(state.event_deck)] + [
        list(p.pending_events) if not (reading and s == viewer) else [] for s, p in enumerate(state.seats)
    ]
    by_stage: dict[int, list[str]] = {}
    for pile in piles:
        for c in pile:
            by_stage.setdefault(ctx.t.event_card[c].stage.value, []).append(c)
    for stage_cards in by_stage.values():
        rnd.shuffle(stage_cards)
    piles = [[by_stage[ctx.t.event_card[c].stage.value].pop() for c in pile] for pile in piles]
    # order faces: those it cannot see, among their owner's placed and unplaced tokens (its own
    # unplaced tokens lie in front of it: only where its placed ones are is unseen)
    own_faces = ctx.config.order_owner_may_view_own_orders
    stacks = [(planet, list(tokens)) for planet, tokens in state.stacks]
    supplies = [list(p.orders) for p in state.seats]
    for s in range(state.players):
        if s == viewer and own_faces:
            continue
        spots = [(i, k) for i, (_, tokens) in enumerate(stacks) for k, t in enumerate(tokens) if t.owner == s]
        tokens_pool = [stacks[i][1][k] for i, k in spots] + (supplies[s] if s != viewer else [])
        rnd.shuffle(tokens_pool)
        for (i, k), t in zip(spots, tokens_pool, strict=False):
            stacks[i][1][k] = t
        supplies[s] = tokens_pool[len(spots) :] if s != viewer else supplies[s]
    new_seats = tuple(
        msgspec.structs.replace(
            p,
            hand=seats[s][0],
            combat_deck=seats[s][1],
            pending_events=p.pending_events if reading and s == viewer else tuple(piles[s + 1]),
            orders=tuple(supplies[s]),
        )
        for s, p in enumerate(state.seats)
    )
    return msgspec.structs.replace(
        state,
        seats=new_seats,
        event_deck=tuple(piles[0]),
        stacks=tuple((planet, tuple(tokens)) for planet, tokens in stacks),
        battle=battle,
    )


@pytest.mark.parametrize(
    ("players", "own_faces"), [(2, True), (3, True), (4, True), (5, True), (6, True), (3, False)]
)
def test_observe_never_changes_when_the_unseen_is_redealt(players: int, own_faces: bool) -> None:
    """§21.3: a seat's (or a spectator's) observation is the same whatever it cannot see: order
    faces, combat hands, deck orders, face-down battle cards, pending events and the event deck
    beyond the stage of each card's back."""
    g, states = _game_states(players, players, every=2, order_owner_may_view_own_orders=own_faces)
    rnd = random.Random(players)
    changed = battles = 0
    for state in states:
        battles += state.battle is not None
        for viewer in (None, *range(players)):
            redealt = _redeal_unseen(g, state, viewer, rnd)
            changed += redealt != state
            assert g.observe(redealt, viewer) == g.observe(state, viewer), (state.step, viewer)
    assert changed > len(states) and battles > 0  # the re-deals change the state, battles included


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**20),
    at=st.floats(0, 1),
    dseed=st.integers(0, 999),
    own_faces=st.booleans(),
)
def test_determinize_samples_what_the_seat_sees_and_plays_on(
    players: int, seed: int, at: float, dseed: int, own_faces: bool
) -> None:
    """§21.3: for any state of a random game and any seat, ``determinize`` gives a state that the
    seat observes exactly as the original, where it has the same decisions when it is to act, with
    every seat's cards and order tokens conserved, and which plays on legally to its end."""
    g, states = _game_states(players, seed, order_owner_may_view_own_orders=own_faces)
    state = states[min(int(at * len(states)), len(states) - 1)]
    for viewer in range(players):
        sampled = g.determinize(state, viewer, dseed)
        assert g.observe(sampled, viewer) == g.observe(state, viewer), (state.step, viewer)
        assert g.to_act(sampled) == g.to_act(state)
        if viewer in g.to_act(state):
            assert g.legal_actions(sampled, viewer) == g.legal_actions(state, viewer)
        for s in range(players):
            assert _cards_of(sampled, s) == _cards_of(state, s)
            assert _orders_of(sampled, s) == _orders_of(state, s)
        stages = Counter(
            g.ctx.t.event_card[c].stage.value
            for c in (*state.event_deck, *(c for p in state.seats for c in p.pending_events))
        )
        assert stages == Counter(
            g.ctx.t.event_card[c].stage.value
            for c in (*sampled.event_deck, *(c for p in sampled.seats for c in p.pending_events))
        )
    rnd = random.Random(dseed)
    sampled, steps = g.determinize(state, dseed % players, dseed), 0
    while g.to_act(sampled) and steps < 3000:
        (seat,) = g.to_act(sampled)
        options = [a for a in g.legal_actions(sampled, seat) if not isinstance(a, A.VoluntaryDestruction)]
        sampled, steps = g.apply(sampled, seat, rnd.choice(options)).state, steps + 1
    assert not g.to_act(sampled) or steps == 3000


def _cards_of(state: State, seat: int) -> Counter[str]:
    """A seat's combat cards wherever they are: hand, deck, discard pile and a battle's skirmishes."""
    p = state.seat(seat)
    placed: list[str] = []
    if state.battle is not None:
        b = state.battle
        for sk in b.skirmishes:
            for side, owner in ((sk.attack, b.attacker), (sk.defence, b.defender)):
                placed += list(side.cards) if owner == seat else []
    return Counter((*p.hand, *p.combat_deck, *p.combat_discard, *p.play_area, *placed))


def _orders_of(state: State, seat: int) -> Counter[OrderToken]:
    """A seat's order tokens: in its supply, in the stacks and the one being executed."""
    placed = [t for _, tokens in state.stacks for t in tokens if t.owner == seat]
    active = state.active_order
    executing = [active.token] if active is not None and active.token.owner == seat else []
    return Counter((*state.seat(seat).orders, *placed, *executing))
