"""Hidden information never leaks (RULES §3, ARCHITECTURE §1.5 and §4).

* ``observe(determinize(s, p, k), p) == observe(s, p)`` for every seat and the spectator;
* changing something ``p`` cannot see never changes ``observe(s, p)`` -- nor ``determinize(s, p, k)``,
  which must depend only on what ``p`` knows;
* ``determinize`` keeps what ``p`` knows (own hand and role, the received draft packet, the public
  3-4-5 cards, the removed card for the start player), uses a fresh RNG stream, and its states
  play on to the end;
* the English game log shows a seat only events visible to it.

Defects this suite found are kept as regression tests (their docstrings say so).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache

import msgspec
import pytest

from tests.games.verrater.test_invariants import check_state, check_transition, game_for
from turncoat.core.actions import Event, Viewer
from turncoat.games.verrater.components import ROLES
from turncoat.games.verrater.determinize import determinize
from turncoat.games.verrater.events import (
    HandLimitDiscard,
    PacketHandedOver,
    RoleKept,
    RoleRemoved,
    RoundStarted,
    SupplyDrawn,
)
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.notation import ROLE_NAMES
from turncoat.games.verrater.phases.draft import in_role_order
from turncoat.games.verrater.state import COMMIT, DISCARD, DRAFT, OVER, State, seats_from

LEAK_CONFIGS = ("4p", "3p", "4p-face-down", "3p-all-options", "4p-lopsided", "3p-each-draw-face-down")
GAMES_PER_CONFIG = 10
KS = (0, 1, 2)


@cache
def sampled_states() -> tuple[tuple[str, State], ...]:
    """Every state of a few random games per configuration (setup to game over)."""
    out: list[tuple[str, State]] = []
    for config in LEAK_CONFIGS:
        game = game_for(config)
        for seed in range(GAMES_PER_CONFIG):
            rnd = random.Random(f"leak:{config}:{seed}")
            s = game.start(seed).state
            out.append((config, s))
            while s.step != OVER:
                s = game.apply(s, s.actor, rnd.choice(game.legal_actions(s, s.actor))).state
                out.append((config, s))
    return tuple(out)


def viewers(s: State) -> list[Viewer]:
    return [*range(s.players), None]


def det(game: VerraterGame, s: State, viewer: Viewer, k: int) -> State:
    return determinize(game.ctx, s, viewer, k)


def mid_discard_by_other(s: State, viewer: Viewer) -> bool:
    """Another seat is part-way through its hand-limit discards (State.discarding is set)."""
    return s.step == DISCARD and bool(s.discarding) and viewer != s.actor


def test_sample_covers_every_step() -> None:
    steps = Counter(s.step for _, s in sampled_states())
    assert set(steps) == {"place_estate", "choose_site", "draft", "commit", "build", "discard", "over"}
    assert any(mid_discard_by_other(s, 0) for _, s in sampled_states())


# -- determinize keeps the observation ----------------------------------------------------------


@pytest.mark.rule("RULES §3")
def test_observation_of_determinized_state_is_unchanged() -> None:
    for config, s in sampled_states():
        game = game_for(config)
        for v in viewers(s):
            seen = game.observe(s, v)
            for k in KS:
                assert game.observe(det(game, s, v, k), v) == seen, (config, s.round, s.step, v, k)


@pytest.mark.rule("RULES §3")
def test_determinize_keeps_what_the_viewer_knows() -> None:
    for config, s in sampled_states()[::2]:
        game = game_for(config)
        for v in viewers(s):
            for k in KS[:2]:
                d = det(game, s, v, k)
                where = (config, s.round, s.step, v, k)
                check_state(game, d, playable=False)
                # No future-peeking: the copy draws from its own stream.
                assert d.seed != s.seed, where
                # The public 3-4-5 cards stay in the hands they are known to be in.
                assert d.known == s.known, where
                for q in range(s.players):
                    assert not Counter(s.known[q]) - Counter(d.hands[q]), where
                    assert len(d.hands[q]) == len(s.hands[q]), where
                    assert len(d.hidden_discards[q]) == len(s.hidden_discards[q]), where
                assert len(d.draw_pile) == len(s.draw_pile), where
                if v is not None:
                    _check_own_knowledge(s, d, v, where)
                if s.revealed:
                    assert d.roles == s.roles, where


def _check_own_knowledge(s: State, d: State, v: int, where: object) -> None:
    assert d.hands[v] == s.hands[v], where
    assert d.roles[v] == s.roles[v], where
    assert d.hidden_discards[v] == s.hidden_discards[v], where
    assert d.received[v] == s.received[v], where
    packet = s.received[v]
    if not packet:
        return
    # The start player saw the five cards left after the removal, so he knows the removed one.
    if v == s.start_player:
        assert d.removed_role == s.removed_role, where
    # Cards outside his packet went to earlier drafters or were removed; the others later.
    order = seats_from(s.start_player, s.players)
    earlier = order[: order.index(v)]
    later = order[order.index(v) + 1 :]
    for role in ROLES:
        if role not in packet:
            assert role == d.removed_role or role in [d.roles[q] for q in earlier], (where, role)
        elif role != s.roles[v]:
            assert role in [d.roles[q] for q in later] + [*d.packet, *d.leftover], (where, role)
    if s.step == DRAFT and s.actor == v:
        assert d.packet == s.packet, where
    if s.revealed:  # every drafter can now deduce the removed and the leftover cards
        assert d.removed_role == s.removed_role and d.leftover == s.leftover, where


@pytest.mark.rule("RULES §3")
def test_start_player_knows_the_removed_role_during_draft_and_commit() -> None:
    checked = 0
    for config, s in sampled_states():
        if s.step not in (DRAFT, COMMIT):
            continue
        game = game_for(config)
        for k in KS:
            assert det(game, s, s.start_player, k).removed_role == s.removed_role
            checked += 1
    assert checked > 100


def test_determinize_resamples_what_is_hidden() -> None:
    """Some states give different copies for different k (the copy is not the real state)."""
    differs = hand_differs = role_differs = 0
    for config, s in sampled_states()[::7]:
        game = game_for(config)
        copies = [det(game, s, 0, k) for k in KS]
        differs += len({c.draw_pile for c in copies}) > 1
        hand_differs += len({c.hands for c in copies}) > 1
        role_differs += s.step == DRAFT and len({(c.roles, c.removed_role) for c in copies}) > 1
    assert differs and hand_differs and role_differs


# -- hidden changes change nothing a viewer sees ------------------------------------------------


def hidden_variants(s: State, viewer: Viewer, rnd: random.Random) -> Iterator[tuple[str, State]]:
    """States that differ from ``s`` only in things ``viewer`` cannot see."""
    replace = msgspec.structs.replace
    yield "rng stream", replace(s, seed=s.seed + 1, rng=s.rng + 5)
    pile = list(s.draw_pile)
    if len(set(pile)) > 1:
        shuffled = pile[:]
        while shuffled == pile:
            rnd.shuffle(shuffled)
        yield "draw pile order", replace(s, draw_pile=tuple(shuffled))
    for q in range(s.players):
        if q == viewer:
            continue
        unknown = sorted((Counter(s.hands[q]) - Counter(s.known[q])).elements())
        swaps = [(u, i) for u in set(unknown) for i, w in enumerate(pile) if w != u]
        if swaps:
            u, i = rnd.choice(sorted(swaps))
            hand = list(s.hands[q])
            hand.remove(u)
            hands = list(s.hands)
            hands[q] = tuple(sorted((*hand, pile[i])))
            new_pile = pile[:]
            new_pile[i] = u
            yield f"seat {q} hand values", replace(s, hands=tuple(hands), draw_pile=tuple(new_pile))
        if s.hidden_discards[q] and not (s.step == DISCARD and s.actor == q and s.discarding):
            yield from _face_down_variant(s, q, rnd, f"seat {q} face-down discards")
    roles = _role_variant(s, viewer, rnd)
    if roles is not None:
        yield "unrevealed roles", roles


def _face_down_variant(s: State, q: int, rnd: random.Random, label: str) -> Iterator[tuple[str, State]]:
    """Swap one of seat ``q``'s face-down discards with a draw-pile card of another value."""
    pile = list(s.draw_pile)
    hidden = list(s.hidden_discards[q])
    swaps = [(j, i) for j, u in enumerate(hidden) for i, w in enumerate(pile) if w != u]
    if not swaps:
        return
    j, i = rnd.choice(swaps)
    u, w = hidden[j], pile[i]
    hidden[j] = w
    discard = list(s.discard)
    discard[len(discard) - 1 - discard[::-1].index(u)] = w
    pile[i] = u
    hidden_all = list(s.hidden_discards)
    hidden_all[q] = tuple(hidden)
    discarding = s.discarding
    if s.step == DISCARD and s.actor == q and u in discarding:
        at = len(discarding) - 1 - discarding[::-1].index(u)
        discarding = (*discarding[:at], w, *discarding[at + 1 :])
    yield (
        label,
        msgspec.structs.replace(
            s,
            hidden_discards=tuple(hidden_all),
            discard=tuple(discard),
            draw_pile=tuple(pile),
            discarding=discarding,
        ),
    )


def _role_variant(s: State, viewer: Viewer, rnd: random.Random) -> State | None:
    """Swap two hidden action cards that the viewer cannot tell apart (RULES §3 deductions)."""
    if not s.removed_role:
        return None
    order = seats_from(s.start_player, s.players)
    drafted = [p for p in order if s.roles[p]]
    slots: dict[str, str] = {"removed": s.removed_role}
    slots.update({f"seat{p}": s.roles[p] for p in drafted})
    slots.update({f"packet{i}": r for i, r in enumerate(s.packet)})
    slots.update({f"leftover{i}": r for i, r in enumerate(s.leftover)})
    fixed = {f"seat{viewer}"} | ({f"seat{p}" for p in drafted} if s.revealed else set())
    if s.step == DRAFT and s.actor == viewer:
        fixed |= {name for name in slots if name.startswith("packet")}
    free = [name for name in slots if name not in fixed]
    if viewer is not None and s.received[viewer]:
        pos = order.index(viewer)
        up = {"removed"} | {f"seat{p}" for p in order[:pos]}
        groups = [[n for n in free if n in up], [n for n in free if n not in up]]
    else:
        groups = [free]
    pairs = [(a, b) for g in groups for a in g for b in g if a < b and slots[a] != slots[b]]
    if not pairs:
        return None
    a, b = rnd.choice(sorted(pairs))
    slots[a], slots[b] = slots[b], slots[a]
    roles = tuple(slots.get(f"seat{p}", "") for p in range(s.players))
    removed = slots["removed"]
    received: list[tuple[str, ...]] = [()] * s.players
    current = in_role_order([r for r in ROLES if r != removed])
    for p in order:
        if not s.received[p]:
            break
        received[p] = current
        current = tuple(r for r in current if r != roles[p])
    return msgspec.structs.replace(
        s,
        roles=roles,
        removed_role=removed,
        packet=in_role_order([r for n, r in slots.items() if n.startswith("packet")]),
        leftover=in_role_order([r for n, r in slots.items() if n.startswith("leftover")]),
        received=tuple(received),
    )


@pytest.mark.rule("RULES §3")
def test_hidden_changes_do_not_change_the_observation() -> None:
    kinds: Counter[str] = Counter()
    for config, s in sampled_states()[::2]:
        game = game_for(config)
        rnd = random.Random(f"{config}:{s.round}:{s.step}:{s.rng}")
        for v in viewers(s):
            seen = game.observe(s, v)
            for kind, variant in hidden_variants(s, v, rnd):
                kinds[kind.split(" ", 2)[-1] if kind.startswith("seat") else kind] += 1
                assert game.observe(variant, v) == seen, (config, s.round, s.step, v, kind)
    assert {"rng stream", "draw pile order", "hand values", "face-down discards", "unrevealed roles"} <= set(
        kinds
    ), kinds


@pytest.mark.rule("RULES §3")
def test_determinize_depends_only_on_what_the_viewer_knows() -> None:
    """Two states the viewer cannot tell apart give the same determinized copies."""
    for config, s in sampled_states()[::4]:
        game = game_for(config)
        rnd = random.Random(f"{config}:{s.round}:{s.step}:{s.rng}")
        for v in viewers(s):
            expected = det(game, s, v, s.rng)
            for kind, variant in hidden_variants(s, v, rnd):
                assert det(game, variant, v, s.rng) == expected, (config, s.round, s.step, v, kind)


@pytest.mark.rule("RULES §3 / GAP-13")
def test_face_down_discards_in_progress_do_not_reach_the_determinized_state() -> None:
    """Regression (found by this suite, fixed in 03cb150): determinize copied State.discarding, the
    real values of a seat's face-down discards so far, so the copy (and legal_actions on it)
    depended on cards the viewer never saw."""
    cases = 0
    for config, s in sampled_states():
        if not (s.step == DISCARD and s.discarding and s.hidden_discards[s.actor]):
            continue
        game = game_for(config)
        for v in viewers(s):
            if v == s.actor:
                continue
            for _, variant in _face_down_variant(s, s.actor, random.Random(cases), "discarder"):
                cases += 1
                assert game.observe(variant, v) == game.observe(s, v)
                copy, other = det(game, s, v, 0), det(game, variant, v, 0)
                assert copy.discarding == other.discarding, (config, s.round, v, s.discarding)
                assert copy == other, (config, s.round, v)
    assert cases > 0


# -- determinized states are consistent and playable --------------------------------------------


def play_out(game: VerraterGame, s: State, rnd: random.Random) -> State:
    """Random legal play to the end, with every invariant checked on the way."""
    for _ in range(2000):
        if s.step == OVER:
            return s
        legal = game.legal_actions(s, s.actor)
        assert legal, f"no legal action at round {s.round} step {s.step} for seat {s.actor}"
        action = rnd.choice(legal)
        t = game.apply(s, s.actor, action)
        check_state(game, t.state)
        check_transition(game, s, action, t.state, t.events)
        s = t.state
    raise AssertionError("playout did not end")


def test_determinized_states_play_to_the_end() -> None:
    played = 0
    for i, (config, s) in enumerate(sampled_states()[::23]):
        game = game_for(config)
        v = viewers(s)[i % (s.players + 1)]
        end = play_out(game, det(game, s, v, i), random.Random(i))
        assert game.outcome(end) is not None
        played += 1
    assert played > 100


@pytest.mark.rule("RULES §5 step 10")
def test_determinized_hand_limit_discarder_can_finish() -> None:
    """Regression (found by this suite, fixed in 03cb150): after another seat discarded some cards
    face up (highest first), its redealt hand could lack cards at or below the last discard, so
    the copy had no legal action."""
    checked = 0
    for config, s in sampled_states():
        game = game_for(config)
        for v in viewers(s):
            if mid_discard_by_other(s, v):
                for k in KS:
                    d = det(game, s, v, k)
                    assert game.legal_actions(d, d.actor), (config, s.round, v, k, d.hands[d.actor])
                    checked += 1
    assert checked > 0


def _swap_between_seats(s: State, seats: Sequence[int], rnd: random.Random) -> State | None:
    """Swap one unknown card between two of ``seats`` (hand sizes and known cards unchanged)."""
    unknown = {q: sorted((Counter(s.hands[q]) - Counter(s.known[q])).elements()) for q in seats}
    pairs = [
        (q1, u1, q2, u2)
        for q1 in seats
        for q2 in seats
        if q1 < q2
        for u1 in set(unknown[q1])
        for u2 in set(unknown[q2])
        if u1 != u2
    ]
    if not pairs:
        return None
    q1, u1, q2, u2 = rnd.choice(sorted(pairs))
    hands = [list(h) for h in s.hands]
    hands[q1].remove(u1)
    hands[q2].remove(u2)
    hands[q1].append(u2)
    hands[q2].append(u1)
    return msgspec.structs.replace(s, hands=tuple(tuple(sorted(h)) for h in hands))


@pytest.mark.rule("RULES §3")
def test_what_happens_next_reveals_nothing_hidden() -> None:
    """The same action from two positions a viewer cannot tell apart leads to positions he still
    cannot tell apart.  (Regression: a commit turn used to end by itself when no lower card was
    left in hand, which told everyone about the hand; fixed in 03cb150.)"""
    compared = 0
    for config, s in sampled_states()[::2]:
        if s.step == OVER:
            continue
        game = game_for(config)
        rnd = random.Random(f"next:{config}:{s.round}:{s.step}:{s.rng}")
        for v in viewers(s):
            variant = _swap_between_seats(s, [q for q in range(s.players) if q != v], rnd)
            if variant is None:
                continue
            assert game.observe(variant, v) == game.observe(s, v)
            legal_there = game.legal_actions(variant, s.actor)
            for action in game.legal_actions(s, s.actor):
                if action in legal_there:
                    after = game.observe(game.apply(s, s.actor, action).state, v)
                    assert game.observe(game.apply(variant, s.actor, action).state, v) == after, (
                        config,
                        s.round,
                        s.step,
                        v,
                        action,
                    )
                    compared += 1
    assert compared > 1000


# -- the game log -------------------------------------------------------------------------------


@cache
def logged_games() -> tuple[tuple[str, tuple[Event, ...]], ...]:
    """Full random games with all their events, for the log tests."""
    out = []
    for config in LEAK_CONFIGS:
        game = game_for(config)
        for seed in range(4):
            rnd = random.Random(f"log:{config}:{seed}")
            start = game.start(seed)
            s = start.state
            events = list(start.events)
            while s.step != OVER:
                t = game.apply(s, s.actor, rnd.choice(game.legal_actions(s, s.actor)))
                s = t.state
                events.extend(t.events)
            out.append((config, tuple(events)))
    return tuple(out)


PRIVATE_KINDS = (SupplyDrawn, RoleKept, RoleRemoved, PacketHandedOver, HandLimitDiscard)


def test_private_events_are_labelled_for_their_owner_only() -> None:
    """Every private event goes to exactly the seat that may see it, with a public twin if needed."""
    for config, events in logged_games():
        game = game_for(config)
        start_player = -1
        for e in events:
            if isinstance(e, RoundStarted):
                start_player = e.start_player
            if e.visible_to is None:
                assert not isinstance(e, RoleRemoved | PacketHandedOver), e
                if isinstance(e, SupplyDrawn):
                    assert e.values is None, e
                if isinstance(e, RoleKept):
                    assert e.role is None, e
                if isinstance(e, HandLimitDiscard) and game.config.hand_limit_discards == "face_down":
                    assert e.value is None, e
                continue
            assert isinstance(e, PRIVATE_KINDS), e
            if isinstance(e, RoleRemoved):
                assert e.visible_to == (start_player,), e
            else:
                assert isinstance(e, SupplyDrawn | RoleKept | PacketHandedOver | HandLimitDiscard)
                assert e.visible_to == (e.seat,), e


def _garbled(e: Event) -> Event:
    """The same event with its secret changed."""
    replace = msgspec.structs.replace
    if isinstance(e, SupplyDrawn) and e.values is not None:
        return replace(e, values=tuple(9 for _ in e.values))
    if isinstance(e, RoleKept | RoleRemoved) and e.role is not None:
        return replace(e, role="farmer" if e.role != "farmer" else "builder")
    if isinstance(e, PacketHandedOver):
        return replace(e, roles=tuple(reversed(ROLES[: len(e.roles)])))
    if isinstance(e, HandLimitDiscard) and e.value is not None:
        return replace(e, value=e.value + 10)
    return e


def test_log_does_not_change_when_other_seats_secrets_change() -> None:
    for config, events in logged_games():
        game = game_for(config)
        for v in [*range(game.num_players()), None]:
            hidden_changed = [e if e.visible_for(v) else _garbled(e) for e in events]
            assert game.render_log(hidden_changed, v) == game.render_log(events, v)
            assert game.round_summaries(hidden_changed, v) == game.round_summaries(events, v)
            # ...while the omniscient review does show them, so the check above has teeth.
            assert game.render_log(hidden_changed, v, omniscient=True) != game.render_log(
                events, v, omniscient=True
            )


DRAW_WITH_VALUES = re.compile(r"^Seat (\d+) draws \d+ cards? .*: [\d, ]+\.$")
KEEPS_ROLE = re.compile(r"^Seat (\d+) keeps the (.+)\.$")
HANDED = re.compile(r"^Seat (\d+) is handed: ")
DISCARDS_VALUE = re.compile(r"^Seat (\d+) discards an? \d+ \(hand limit\)\.$")
REMOVED = re.compile(r"^\(You can tell the removed action card is the (.+)\.\)$")
ROUND = re.compile(r"^— Round (\d+)")


def _rounds(events: Sequence[Event]) -> tuple[dict[int, int], dict[int, str]]:
    """Per round: the start player, and the removed role (from his private event)."""
    start_players: dict[int, int] = {}
    removed: dict[int, str] = {}
    round_no = 0
    for e in events:
        if isinstance(e, RoundStarted):
            round_no = e.round
            start_players[round_no] = e.start_player
        elif isinstance(e, RoleRemoved):
            removed[round_no] = e.role
    return start_players, removed


@pytest.mark.rule("RULES §3")
def test_log_never_names_another_seats_drawn_values_or_hidden_roles() -> None:
    for config, events in logged_games():
        game = game_for(config)
        face_down = game.config.hand_limit_discards == "face_down"
        start_players, removed = _rounds(events)
        for v in [*range(game.num_players()), None]:
            round_no = 0
            saw_removed = set()
            for line in game.render_log(events, v):
                if m := ROUND.match(line):
                    round_no = int(m.group(1))
                for pattern in (DRAW_WITH_VALUES, KEEPS_ROLE, HANDED):
                    if m := pattern.match(line):
                        assert int(m.group(1)) == v, (config, v, line)
                if face_down and (m := DISCARDS_VALUE.match(line)):
                    assert int(m.group(1)) == v, (config, v, line)
                if m := REMOVED.match(line):
                    assert v == start_players[round_no], (config, v, round_no, line)
                    assert m.group(1) == ROLE_NAMES[removed[round_no]]
                    saw_removed.add(round_no)
            # The start player is told the removed card each round he starts.
            assert saw_removed == {r for r, sp in start_players.items() if sp == v}, (config, v)
