"""Hidden information (RULES §21.3) in the states built so far: hands, deck orders, pending events
and the event deck never leak; a determinized state looks the same to the seat it was made for."""

from __future__ import annotations

import random
import re
from collections import Counter

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.starcraft.helpers import game, peaceful_options, random_setup, raynor_overmind, seat_with
from turncoat.games.starcraft.determinize import redeal_orders, unseen_events
from turncoat.games.starcraft.events import CombatCardsDrawn, EventCardsRead, OrderFace
from turncoat.games.starcraft.observe import top_stage
from turncoat.games.starcraft.state import PLANNING, PLAY_EVENT, SETUP_STEPS, OrderToken, State


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


def test_rules_21_3_redeal_orders_keeps_the_supply_of_an_owner_who_forgets_its_faces() -> None:
    # §21.3 with order_owner_may_view_own_orders off: the owner forgets the faces of its placed
    # orders but still holds its supply, so its choice of tokens (legal actions) must not change
    g, state, _ = raynor_overmind(order_owner_may_view_own_orders=False)
    tokens = (OrderToken(0, "build"), OrderToken(1, "mobilize"), OrderToken(0, "research"))
    orders0 = list(state.seat(0).orders)
    for t in (tokens[0], tokens[2]):
        orders0.remove(t)
    orders1 = list(state.seat(1).orders)
    orders1.remove(tokens[1])
    state = seat_with(seat_with(state, 0, orders=tuple(orders0)), 1, orders=tuple(orders1))
    state = msgspec.structs.replace(state, stacks=(("tarsonis", tokens),))
    faces = set()
    for k in range(12):
        out = redeal_orders(g.ctx, state, 0, k, 0)
        stack = out.stacks[0][1]
        assert out.seat(0).orders == state.seat(0).orders  # the supply in the owner's hand stays
        assert Counter(t for t in stack if t.owner == 0) == Counter(t for t in tokens if t.owner == 0)
        faces.add((stack[0].kind, stack[2].kind))
        assert g.observe(out, 0) == g.observe(state, 0)
    assert faces == {("build", "research"), ("research", "build")}  # only their places vary


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
