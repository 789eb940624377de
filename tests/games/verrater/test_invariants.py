"""Random playouts with the RULES §9 invariants checked after every step (ARCHITECTURE §7.3).

Every playout starts from ``game.start(seed)`` and applies legal actions only.  After each
``apply`` the new state is checked on its own (:func:`check_state`) and against the state before
(:func:`check_transition`), using the events of that step to tell which rule did what.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from turncoat.core.actions import Event
from turncoat.games.verrater.actions import (
    Build,
    Convert,
    FinishCommitting,
    Move,
    PlaceEstate,
    SkipBuilding,
    VerraterAction,
)
from turncoat.games.verrater.components import HOUSES, RING_SIZE, ROLES
from turncoat.games.verrater.config import Scenario, VerraterConfig
from turncoat.games.verrater.events import (
    BuildingPlaced,
    CommittingFinished,
    ConflictResolved,
    FinalRoundDeclared,
    HandLimitDiscard,
    LandscapeFlipped,
    RolesRevealed,
    RoundStarted,
    StrategyCardTaken,
    SupplyCommitted,
    SupplyDrawn,
    VictoryPointsScored,
)
from turncoat.games.verrater.game import VerraterGame
from turncoat.games.verrater.state import (
    BUILD,
    CHOOSE_SITE,
    COMMIT,
    DISCARD,
    DRAFT,
    NO_SITE,
    OVER,
    PLACE_ESTATE,
    State,
    seats_from,
)

# RULES §2: 5x2, 5x3, 5x4, 5x5, 2x6, 1x8 -- 23 cards, sum 90.
SUPPLY_DECK = Counter({2: 5, 3: 5, 4: 5, 5: 5, 6: 2, 8: 1})
HAND_LIMIT = 5
COMMIT_MAX = 5
BUILDINGS_PER_PLAYER = 3
MAX_TRADING_POSTS = 2
ROUNDS = {3: 9, 4: 8}
FARMER_DRAW = 3
DIPLOMAT_2_DRAW = 1

# Eleven Eagle landscapes and one Rose: the Eagles can take the last one in round 1 (§6.1 early end).
LOPSIDED_RING = [
    ("city", "eagle"),
    ("wilderness", "rose"),
    ("meadow", "eagle"),
    ("river", "eagle"),
    ("woods", "eagle"),
    ("village", "eagle"),
    ("wilderness", "eagle"),
    ("meadow", "eagle"),
    ("river", "eagle"),
    ("woods", "eagle"),
    ("village", "eagle"),
    ("city", "eagle"),
]

CONFIGS: dict[str, VerraterConfig] = {
    "4p": VerraterConfig(players=4),
    "3p": VerraterConfig(players=3),
    "4p-alternating": VerraterConfig(players=4, ring_layout="alternating"),
    "3p-alternating": VerraterConfig(players=3, ring_layout="alternating"),
    "4p-face-down": VerraterConfig(players=4, hand_limit_discards="face_down"),
    "3p-face-down": VerraterConfig(players=3, hand_limit_discards="face_down"),
    "4p-estate-only": VerraterConfig(players=4, builder_new_card_side="estate_only"),
    "3p-all-options": VerraterConfig(
        players=3,
        ring_layout="alternating",
        hand_limit_discards="face_down",
        builder_new_card_side="estate_only",
    ),
    "4p-each-draw-emptied": VerraterConfig(
        players=4, hand_limit_timing="after_each_draw", reshuffle_timing="when_emptied"
    ),
    "3p-each-draw-face-down": VerraterConfig(
        players=3, hand_limit_timing="after_each_draw", hand_limit_discards="face_down"
    ),
    "4p-emptied-face-down": VerraterConfig(
        players=4, reshuffle_timing="when_emptied", hand_limit_discards="face_down"
    ),
    "4p-lopsided": VerraterConfig(players=4, scenario=Scenario(ring=LOPSIDED_RING)),
    "3p-lopsided-face-down": VerraterConfig(
        players=3, hand_limit_discards="face_down", scenario=Scenario(ring=LOPSIDED_RING)
    ),
}


@cache
def game_for(name: str) -> VerraterGame:
    return VerraterGame(CONFIGS[name])


Chooser = Callable[[Sequence[VerraterAction]], VerraterAction]


class InvariantBroken(AssertionError):
    """An invariant failed; the message says which and where."""


def _fail(s: State, what: str) -> InvariantBroken:
    return InvariantBroken(f"round {s.round} step {s.step} actor {s.actor}: {what}")


def _is_sub_multiset(small: Sequence[int], big: Sequence[int]) -> bool:
    return not Counter(small) - Counter(big)


# -- one state ----------------------------------------------------------------------------------


def check_state(game: VerraterGame, s: State, *, playable: bool = True) -> None:
    """Invariants that hold in every reachable state (RULES §3, §4, §5, §9)."""
    n = s.players
    if n != game.config.players:
        raise _fail(s, "player count changed")
    # Conservation: the 23 supply cards are split between hands, committed, draw pile and discard.
    zones: Counter[int] = Counter(s.draw_pile) + Counter(s.discard)
    for p in range(n):
        zones += Counter(s.hands[p]) + Counter(s.committed[p])
    if zones != SUPPLY_DECK:
        raise _fail(s, f"supply cards not conserved: {sorted(zones.elements())}")
    for p in range(n):
        if list(s.hands[p]) != sorted(s.hands[p]):
            raise _fail(s, f"seat {p} hand not kept ascending: {s.hands[p]}")
        if not _is_sub_multiset(s.known[p], s.hands[p]):
            raise _fail(s, f"seat {p} known {s.known[p]} not in hand {s.hands[p]}")
        if not _is_sub_multiset(s.hidden_discards[p], s.discard):
            raise _fail(s, f"seat {p} face-down discards {s.hidden_discards[p]} not in the discard pile")
        if len(s.committed[p]) > COMMIT_MAX:
            raise _fail(s, f"seat {p} committed {len(s.committed[p])} cards")
        if list(s.committed[p]) != sorted(s.committed[p], reverse=True):
            raise _fail(s, f"seat {p} committed out of order: {s.committed[p]}")
        if s.conquest_vp[p] < 0 or s.role_vp[p] < 0:
            raise _fail(s, f"seat {p} has negative VP")
        if s.allegiance[p] not in HOUSES:
            raise _fail(s, f"seat {p} supports {s.allegiance[p]!r}")
    if game.config.hand_limit_discards == "face_up" and any(s.hidden_discards):
        raise _fail(s, "face-down discards although discards are face up")
    if s.step in (PLACE_ESTATE, CHOOSE_SITE, DRAFT, COMMIT, BUILD):
        big = [p for p in range(n) if len(s.hands[p]) > HAND_LIMIT]
        if big:
            raise _fail(s, f"seats {big} hold more than {HAND_LIMIT} cards at step {s.step}")
    if s.step == DISCARD and len(s.hands[s.actor]) <= HAND_LIMIT:
        raise _fail(s, "the discarding seat is not over the hand limit")
    if s.step not in (COMMIT, BUILD) and any(s.committed):
        raise _fail(s, f"committed cards lie around at step {s.step}")
    # Ring and buildings: one card per landscape; per seat <= 3 cards, <= 2 trading posts.
    if len(s.owners) != RING_SIZE or len(s.buildings) != RING_SIZE or len(s.types) != RING_SIZE:
        raise _fail(s, "the ring does not have 12 landscapes")
    if any(o not in HOUSES for o in s.owners):
        raise _fail(s, f"bad owner in {s.owners}")
    if Counter(s.types) != Counter({t: 2 for t in game.ctx.tables.type_ids}):
        raise _fail(s, f"landscape types changed: {s.types}")
    built = Counter(b.owner for b in s.buildings if b is not None)
    posts = Counter(b.owner for b in s.buildings if b is not None and b.side == "trading_post")
    if any(not 0 <= p < n for p in built):
        raise _fail(s, f"building of an unknown seat: {s.buildings}")
    if any(b is not None and b.side not in ("estate", "trading_post") for b in s.buildings):
        raise _fail(s, f"building with an unknown side: {s.buildings}")
    if any(c > BUILDINGS_PER_PLAYER for c in built.values()):
        raise _fail(s, f"too many building cards built: {built}")
    if any(c > MAX_TRADING_POSTS for c in posts.values()):
        raise _fail(s, f"too many trading posts: {posts}")
    if s.step != PLACE_ESTATE and any(built[p] < 1 for p in range(n)):
        raise _fail(s, "a seat has no first estate after setup")
    # Rounds.
    if s.total_rounds != ROUNDS[n]:
        raise _fail(s, f"{s.total_rounds} rounds for {n} players")
    if not 0 <= s.round <= s.total_rounds:
        raise _fail(s, f"round {s.round} out of 0..{s.total_rounds}")
    if (s.round == 0) != (s.step == PLACE_ESTATE):
        raise _fail(s, "setup step outside round 0")
    if s.final_round and s.round != s.total_rounds and len(set(s.owners)) != 1:
        raise _fail(s, "final round declared early although both houses hold landscapes")
    if s.step in (CHOOSE_SITE, DRAFT) and len(set(s.owners)) != 2:
        raise _fail(s, "a new round began although one house owns all 12")
    if s.step in (DRAFT, COMMIT) and (
        s.site == NO_SITE or s.owners[s.site] == s.owners[(s.site + 1) % RING_SIZE]
    ):
        raise _fail(s, f"conflict site {s.site} is not between two houses")
    if s.step == CHOOSE_SITE and s.site != NO_SITE:
        raise _fail(s, "a conflict site is set before step 1")
    _check_roles(s)
    if s.step == OVER:
        _check_game_over(game, s)
    else:
        if not 0 <= s.actor < n or not 0 <= s.start_player < n or not 0 <= s.strategist < n:
            raise _fail(s, "seat index out of range")
        if game.to_act(s) != frozenset({s.actor}):
            raise _fail(s, "to_act is not the actor")
        if playable and not game.legal_actions(s, s.actor):
            raise _fail(s, "the actor has no legal action")


def _check_roles(s: State) -> None:
    """RULES §5 step 2: n roles held, the rest removed or left over; 6 in all."""
    n = s.players
    held = [r for r in s.roles if r]
    if s.step in (PLACE_ESTATE, CHOOSE_SITE):
        if held or s.removed_role or s.packet or s.leftover or any(s.received) or s.revealed:
            raise _fail(s, "action cards are out before the draft")
        return
    if s.step == DRAFT:
        order = seats_from(s.start_player, n)
        drafted = order[: order.index(s.actor)]
        if [p for p in order if s.roles[p]] != list(drafted):
            raise _fail(s, f"roles {s.roles} do not match the draft order from seat {s.start_player}")
        if s.packet != s.received[s.actor] or s.leftover or s.revealed:
            raise _fail(s, "draft packet is inconsistent")
        if len(s.packet) != 5 - len(drafted):
            raise _fail(s, f"packet of {len(s.packet)} after {len(drafted)} drafters")
        every = [s.removed_role, *held, *s.packet]
    else:
        if len(held) != n:
            raise _fail(s, f"{len(held)} roles held after the draft, expected {n}")
        if s.packet or len(s.leftover) != 5 - n:
            raise _fail(s, f"packet {s.packet} / leftover {s.leftover} after the draft")
        if s.revealed != (s.step in (BUILD, DISCARD, OVER)):
            raise _fail(s, "roles revealed at the wrong time")
        every = [s.removed_role, *s.leftover, *held]
    if sorted(every) != sorted(ROLES):
        raise _fail(s, f"removed + leftover + held is not all six roles: {every}")


def _check_game_over(game: VerraterGame, s: State) -> None:
    """§6.1: after the last round, or early when one house owns all 12; §6.2 scoring."""
    one_house = len(set(s.owners)) == 1
    if s.round != s.total_rounds and not one_house:
        raise _fail(s, f"game over after round {s.round} of {s.total_rounds} with both houses on the board")
    if game.to_act(s) or any(game.legal_actions(s, p) for p in range(s.players)):
        raise _fail(s, "someone may act after the game is over")
    out = game.outcome(s)
    if out is None:
        raise _fail(s, "no outcome for a finished game")
    for p in range(s.players):
        posts = sum(1 for b in s.buildings if b is not None and b.owner == p and b.side == "trading_post")
        bonus = posts * min(3, len(s.hands[p]))
        if out.scores[p] != s.conquest_vp[p] + s.role_vp[p] + bonus or bonus > 6:
            raise _fail(s, f"seat {p} final score {out.scores[p]} is not VP + trading posts")
    best = max(out.scores)
    if set(out.winners) != {p for p, v in enumerate(out.scores) if v == best}:
        raise _fail(s, f"winners {out.winners} do not have the best score {out.scores}")


# -- one step -----------------------------------------------------------------------------------


def _public(events: Sequence[Event]) -> list[Event]:
    return [e for e in events if e.visible_to is None]


def check_transition(
    game: VerraterGame, prev: State, action: VerraterAction, nxt: State, events: Sequence[Event]
) -> None:
    """What may change in one ``apply``, and which rule must have changed it."""
    n = prev.players
    public = _public(events)
    player = prev.actor
    # Owners change only in step 6, only at the contested pair, and only the loser's card.
    changed = [i for i in range(RING_SIZE) if prev.owners[i] != nxt.owners[i]]
    resolved = [e for e in public if isinstance(e, ConflictResolved)]
    # Steps 4-6 follow the last commit, or the last draft pick when nobody can commit.
    if resolved and prev.step not in (DRAFT, COMMIT):
        raise _fail(nxt, f"a conflict resolved after a {prev.step} decision")
    if changed:
        pair = {prev.site, (prev.site + 1) % RING_SIZE}
        flips = [e for e in public if isinstance(e, LandscapeFlipped)]
        if not resolved or len(changed) != 1 or changed[0] not in pair:
            raise _fail(nxt, f"owners changed at {changed}, site was {prev.site} (step {prev.step})")
        if len(resolved) != 1 or resolved[0].winner != nxt.owners[changed[0]]:
            raise _fail(nxt, "a landscape changed hands without a won conflict")
        if [f.landscape for f in flips] != changed:
            raise _fail(nxt, "landscape flip not announced")
    elif resolved and resolved[0].winner is not None:
        raise _fail(nxt, "the winner did not take the losing landscape")
    # Allegiance changes only for the Traitor, when the roles are revealed (step 4).
    flipped = [p for p in range(n) if prev.allegiance[p] != nxt.allegiance[p]]
    revealed = [e for e in public if isinstance(e, RolesRevealed)]
    traitor = [p for p, r in enumerate(revealed[0].roles) if r == "traitor"] if revealed else []
    if flipped != traitor:
        raise _fail(nxt, f"allegiance changed for {flipped}, Traitor was {traitor}")
    # Building cards: the first estates in setup, otherwise only the Builder in step 7.
    moved = [i for i in range(RING_SIZE) if prev.buildings[i] != nxt.buildings[i]]
    if prev.step == PLACE_ESTATE:
        assert isinstance(action, PlaceEstate)
        card = nxt.buildings[action.landscape]
        if moved != [action.landscape] or prev.buildings[action.landscape] is not None:
            raise _fail(nxt, "first estate not placed on the chosen empty landscape")
        if card is None or card.owner != player or card.side != "estate":
            raise _fail(nxt, "first estate is not the placer's estate")
    elif prev.step == BUILD:
        if prev.roles[player] != "builder":
            raise _fail(nxt, "a non-Builder decided step 7")
        _check_builder(game, prev, action, nxt, moved, player)
    elif moved:
        raise _fail(nxt, f"buildings changed outside setup and step 7: {moved}")

    def hand_left(p: int) -> int:
        return len(prev.hands[p]) - sum(1 for e in public if isinstance(e, SupplyCommitted) and e.seat == p)

    # Hands: cards leave by committing and discarding, and enter only by step-10 draws.
    for p in range(n):
        drawn = sum(e.count for e in public if isinstance(e, SupplyDrawn) and e.seat == p)
        committed = sum(1 for e in public if isinstance(e, SupplyCommitted) and e.seat == p)
        dropped = sum(1 for e in public if isinstance(e, HandLimitDiscard) and e.seat == p)
        if len(nxt.hands[p]) - len(prev.hands[p]) != drawn - committed - dropped:
            raise _fail(nxt, f"seat {p} hand size changed without a matching draw/commit/discard")
        if committed and prev.step != COMMIT:
            raise _fail(nxt, "supply committed outside step 3")
        # A commit turn ends by itself only for public reasons (RULES §3: hand values are private):
        # five cards committed or an empty hand; otherwise the seat itself said it is finished.
        for e in public:
            if isinstance(e, CommittingFinished) and e.seat == p:
                chose = isinstance(action, FinishCommitting) and player == p
                if not (chose or len(prev.committed[p]) + committed >= COMMIT_MAX or not hand_left(p)):
                    raise _fail(nxt, f"seat {p}'s commit turn ended for a reason only his hand shows")
    _check_draws(nxt, public)
    # VP: every point is announced; conquest VP and role bonuses are kept apart.
    for p in range(n):
        conquest = sum(
            e.points
            for e in public
            if isinstance(e, VictoryPointsScored) and e.seat == p and e.reason == "conquest"
        )
        bonus = sum(
            e.points
            for e in public
            if isinstance(e, VictoryPointsScored) and e.seat == p and e.reason in ("traitor", "strategist")
        )
        if nxt.conquest_vp[p] - prev.conquest_vp[p] != conquest or nxt.role_vp[p] - prev.role_vp[p] != bonus:
            raise _fail(nxt, f"seat {p} VP changed without a matching event")
    # Rounds advance one at a time; the start player card passes left (step 12).
    started = [e for e in public if isinstance(e, RoundStarted)]
    if nxt.round - prev.round != len(started) or len(started) > 1:
        raise _fail(nxt, f"round went from {prev.round} to {nxt.round}")
    if started and prev.round >= 1 and nxt.start_player != (prev.start_player + 1) % n:
        raise _fail(nxt, "the start player card did not pass to the left")
    if not started and nxt.start_player != prev.start_player:
        raise _fail(nxt, "the start player changed inside a round")
    # The strategy card moves only to a new Strategist (step 8).
    if nxt.strategist != prev.strategist:
        taken = [e.seat for e in public if isinstance(e, StrategyCardTaken)]
        if taken != [nxt.strategist] or (revealed and revealed[0].roles[nxt.strategist] != "strategist"):
            raise _fail(nxt, "the strategy card moved without a Strategist")


def _check_draws(nxt: State, public: Sequence[Event]) -> None:
    """Step 10: Farmer 3, estates under own-house landscapes (not the Farmer), Diplomat +2 one.

    A draw falls short only when both piles are empty (GAP-12); the draw pile then stays empty.
    Owners, allegiances and buildings do not change between the draws and ``nxt``.
    """
    draws = [e for e in public if isinstance(e, SupplyDrawn)]
    farmers = {e.seat for e in draws if e.reason == "farmer"}
    for e in draws:
        if e.reason == "farmer":
            expected = FARMER_DRAW
        elif e.reason == "diplomat_2":
            expected = DIPLOMAT_2_DRAW
        else:
            house = nxt.allegiance[e.seat]
            expected = sum(
                1
                for i, b in enumerate(nxt.buildings)
                if b is not None and b.owner == e.seat and b.side == "estate" and nxt.owners[i] == house
            )
            if e.seat in farmers:
                raise _fail(nxt, f"the Farmer (seat {e.seat}) drew estate income")
        if e.count > expected or (e.count < expected and nxt.draw_pile):
            raise _fail(nxt, f"seat {e.seat} drew {e.count} for {e.reason}, expected {expected}")


def _check_builder(
    game: VerraterGame,
    prev: State,
    action: VerraterAction,
    nxt: State,
    moved: list[int],
    player: int,
) -> None:
    match action:
        case SkipBuilding():
            ok = not moved
        case Build(landscape=i, side=side):
            ok = moved == [i] and prev.buildings[i] is None
            card = nxt.buildings[i]
            ok = ok and card is not None and card.owner == player and card.side == side
            if game.config.builder_new_card_side == "estate_only":
                ok = ok and side == "estate"
        case Convert(landscape=i):
            before, after = prev.buildings[i], nxt.buildings[i]
            ok = (
                moved == [i]
                and before is not None
                and after is not None
                and before.owner == after.owner == player
                and before.side != after.side
            )
        case Move(from_landscape=a, to_landscape=b):
            ok = sorted(moved) == sorted([a, b]) and prev.buildings[b] is None and nxt.buildings[a] is None
            ok = ok and nxt.buildings[b] == prev.buildings[a]
            card = prev.buildings[a]
            ok = ok and card is not None and card.owner == player
        case _:
            ok = False
    if not ok:
        raise _fail(nxt, f"Builder action {action!r} changed buildings at {moved}")


# -- playouts -----------------------------------------------------------------------------------

MAX_DECISIONS = 2000  # a game has ~100 decisions; this only stops a runaway loop


def playout(game: VerraterGame, seed: int, choose: Chooser) -> Iterator[tuple[State, list[Event]]]:
    """Play one game, checking every state and step; yields each state with its events."""
    start = game.start(seed)
    s = start.state
    check_state(game, s)
    yield s, list(start.events)
    for _ in range(MAX_DECISIONS):
        if s.step == OVER:
            return
        legal = game.legal_actions(s, s.actor)
        action = choose(legal)
        t = game.apply(s, s.actor, action)
        check_state(game, t.state)
        check_transition(game, s, action, t.state, t.events)
        s = t.state
        yield s, list(t.events)
    raise _fail(s, f"game did not end within {MAX_DECISIONS} decisions")


def final_state(game: VerraterGame, seed: int, choose: Chooser) -> State:
    last: State | None = None
    for s, _ in playout(game, seed, choose):
        last = s
    assert last is not None
    return last


def _eager(rnd: random.Random) -> Chooser:
    """Random, but commits and builds more often, so conflicts swing and trading posts appear."""

    def choose(legal: Sequence[VerraterAction]) -> VerraterAction:
        eager = [a for a in legal if not isinstance(a, FinishCommitting | SkipBuilding)]
        if eager and rnd.random() < 0.8:
            return rnd.choice(eager)
        return rnd.choice(legal)

    return choose


# -- tests --------------------------------------------------------------------------------------

SEEDED_GAMES = 24  # per config and policy


@pytest.mark.rule("RULES §9")
@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_seeded_random_playouts_keep_every_invariant(config: str) -> None:
    game = game_for(config)
    seen: Counter[str] = Counter()
    for seed in range(SEEDED_GAMES):
        for policy in ("uniform", "eager"):
            rnd = random.Random(f"{config}:{seed}:{policy}")
            choose: Chooser = rnd.choice if policy == "uniform" else _eager(rnd)
            last: State | None = None
            for s, events in playout(game, seed, choose):
                last = s
                for e in _public(events):
                    seen[type(e).__name__] += 1
                    if isinstance(e, BuildingPlaced):
                        seen[e.side] += 1
            assert last is not None
            seen["early end" if last.round < last.total_rounds else "full game"] += 1
    # The playouts reach the rules that move things around, so the checks above had work to do.
    for kind in ("LandscapeFlipped", "AllegianceFlipped", "BuildingMoved", "HandLimitDiscard"):
        assert seen[kind] > 0, f"no {kind} in {2 * SEEDED_GAMES} games"
    assert (seen["trading_post"] == 0) == (game.config.builder_new_card_side == "estate_only")
    if "lopsided" in config:
        assert seen["early end"] > 0, "the lopsided ring never produced an early end (§6.1)"
    else:
        assert seen["DiscardPileReshuffled"] > 0 and seen["full game"] > 0


@pytest.mark.rule("RULES §9")
@given(
    config=st.sampled_from(sorted(CONFIGS)),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    data=st.data(),
)
def test_hypothesis_playouts_keep_every_invariant(config: str, seed: int, data: st.DataObject) -> None:
    """Hypothesis picks every decision, so a failure shrinks to a short, readable action list."""
    game = game_for(config)

    def choose(legal: Sequence[VerraterAction]) -> VerraterAction:
        return legal[data.draw(st.integers(min_value=0, max_value=len(legal) - 1))]

    s = final_state(game, seed, choose)
    assert s.step == OVER


@pytest.mark.rule("RULES §6.1")
def test_early_end_when_one_house_owns_all_twelve() -> None:
    """The lopsided ring ends early in some game; that game stops after step 10 of that round."""
    game = game_for("4p-lopsided")
    for seed in range(50):
        rnd = random.Random(seed)
        rounds_started = 0
        declared_in: int | None = None
        s: State | None = None
        for s, events in playout(game, seed, _eager(rnd)):
            rounds_started += sum(1 for e in events if isinstance(e, RoundStarted))
            if any(isinstance(e, FinalRoundDeclared) for e in events):
                declared_in = s.round
        assert s is not None and s.step == OVER
        if declared_in is not None and s.round < s.total_rounds:
            assert s.round == declared_in == rounds_started
            assert len(set(s.owners)) == 1
            return
    pytest.fail("no early end in 50 lopsided games")


@pytest.mark.rule("RULES §5")
@pytest.mark.parametrize("players", [3, 4])
def test_full_games_last_the_rulebook_number_of_rounds(players: int) -> None:
    game = game_for(f"{players}p")
    for seed in range(10):
        s = final_state(game, seed, random.Random(seed).choice)
        assert s.round == ROUNDS[players] or len(set(s.owners)) == 1


def test_check_state_catches_a_lost_card() -> None:
    """The checker itself has teeth: a state missing one supply card is refused."""
    import msgspec

    game = game_for("4p")
    s = game.start(7).state
    broken = msgspec.structs.replace(s, draw_pile=s.draw_pile[:-1])
    with pytest.raises(InvariantBroken, match="not conserved"):
        check_state(game, broken)
    wrong_known = msgspec.structs.replace(s, known=((8,), *s.known[1:]))
    with pytest.raises(InvariantBroken, match="known"):
        check_state(game, wrong_known)
