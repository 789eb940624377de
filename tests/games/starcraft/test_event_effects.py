"""Per-rule tests of the placeholder event deck's invented effects (RULES §17, GAPS §3 item 4) with
the ``invented_event_effects`` option on (the default) and off, on the 2-player table of
``helpers`` (Raynor seat 0, Overmind seat 1)."""

from __future__ import annotations

import random

import msgspec
import pytest

from tests.games.starcraft.helpers import raynor_overmind, seat_with
from tests.games.starcraft.test_combat import arena
from turncoat.core.actions import Event
from turncoat.core.present import Line
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft import log
from turncoat.games.starcraft.components import Cost
from turncoat.games.starcraft.context import Ctx
from turncoat.games.starcraft.game import Move
from turncoat.games.starcraft.phases import build, combat, event_effects, regrouping, resources
from turncoat.games.starcraft.phases import combat_actions as KA
from turncoat.games.starcraft.state import (
    BATTLE_CARDS,
    BATTLE_PAIR,
    BATTLE_RETREAT,
    BATTLE_START,
    BUILD,
    MOVE_Z_END,
    MOVE_Z_ROUTE,
    PLAY_EVENT,
    STEP_EXECUTION,
    ActiveOrder,
    Battle,
    BattleSide,
    BuildProgress,
    OrderToken,
    Route,
    RouteEnd,
    State,
    Unit,
)

G, S0, _ = raynor_overmind()
CTX = G.ctx
OFF = raynor_overmind(invented_event_effects=False)[0].ctx

DRAW2 = "stage1_draw_2_combat_cards"
DRAW3 = "stage2_draw_3_combat_cards"
CP = "stage3_gain_1_cp"
HAND = "stage1_hand_limit_plus_2_permanent"
TOKEN = "stage1_gain_2_resources_token_this_round"
MODULE = "stage1_discounted_module"
BUILDING = "stage2_discounted_building"
LIMIT = "stage2_free_unit_build_limit_plus_1"
HEALTH = "stage1_plus_two_health_one_battle"
NOTHING = "stage1_no_effect"
CANCEL = "stage2_battle_cancelled"
FACE_UP = "stage2_opponent_plays_first_face_up"
ROUTE = "stage1_move_z_axis_route"


def _words(said: Line) -> str:
    return log.text(said)


def _play(
    state: State, seat: int, cards: tuple[str, ...], card: str | None, ctx: Ctx = CTX
) -> tuple[State, list[Event]]:
    """Regrouping step 8 with ``seat`` resolving ``card`` of its new ``cards`` (seat 0 is first)."""
    state = seat_with(state, seat, pending_events=cards)
    state = msgspec.structs.replace(state, step=PLAY_EVENT, actor=seat, turn_index=seat)
    events: list[Event] = []
    return regrouping.resolve_play_event(ctx, state, card, events), events


def _kept(state: State, seat: int, *cards: str, **fields: object) -> State:
    return seat_with(state, seat, play_area=cards, **fields)


# -- which cards act ------------------------------------------------------------------------------------


def test_effect_of() -> None:
    assert event_effects.effect_of(CTX, DRAW2) == "draw_2_combat_cards"
    assert event_effects.effect_of(OFF, DRAW2) == ""  # the option off: an inert hook
    assert event_effects.effect_of(CTX, ROUTE) == "move_z_axis_route"
    assert event_effects.effect_of(CTX, "the_end_draws_near") == ""  # its own rule (§16.3)
    assert event_effects.effect_of(CTX, "terran_combat_01") == ""  # not an event card


def test_kept() -> None:
    state = _kept(S0, 1, HEALTH, "stage2_plus_two_health_one_battle", HAND)
    assert event_effects.kept(CTX, state, 1, event_effects.HEALTH) == (
        HEALTH,
        "stage2_plus_two_health_one_battle",
    )
    assert event_effects.kept(OFF, state, 1, event_effects.HEALTH) == ()
    assert event_effects.kept(CTX, state, 0, event_effects.HEALTH) == ()


# -- Regrouping step 8: resolving a card -------------------------------------------------------------


@pytest.mark.parametrize(("card", "count"), [(DRAW2, 2), (DRAW3, 3)])
def test_apply_event_effect_draws_combat_cards(card: str, count: int) -> None:
    before = S0.seat(1)
    out, events = _play(S0, 1, (NOTHING, card), card)
    after = out.seat(1)
    assert len(after.hand) == len(before.hand) + count
    assert after.combat_deck == before.combat_deck[:-count]  # from the top (the last element)
    assert out.event_discard[-2:] == (NOTHING, card) and after.play_area == ()
    drawn = [e for e in events if isinstance(e, E.CombatCardsDrawn)]
    assert [len(e.cards) for e in drawn] == [count] and drawn[0].visible_to == (1,)
    played = next(e for e in events if isinstance(e, E.EventPlayed))
    assert not played.hook and played.discarded == (NOTHING,)
    # the line says the card, that it is placeholder content, and what it does
    said = _words(log.event_lines(CTX, played)[0])
    assert "placeholder content: its effect is invented" in said and f"Draw {count} combat cards now" in said


def test_apply_event_effect_gains_1_cp() -> None:
    out, _ = _play(S0, 0, (CP,), CP)
    assert out.seat(0).cp == S0.seat(0).cp + 1 and out.event_discard[-1] == CP


def test_apply_event_effect_with_the_option_off_changes_nothing() -> None:
    for card in (DRAW2, CP, HAND, TOKEN):
        out, events = _play(S0, 0, (card,), card, OFF)
        p, before = out.seat(0), S0.seat(0)
        assert (p.hand, p.cp, p.play_area, p.event_resources) == (before.hand, before.cp, (), 0)
        assert out.event_discard[-1] == card
        played = next(e for e in events if isinstance(e, E.EventPlayed))
        assert played.hook
        assert "is invented and not applied" in _words(log.event_lines(OFF, played)[0])


def test_apply_event_effect_no_effect() -> None:
    out, events = _play(S0, 0, (NOTHING,), NOTHING)
    p = out.seat(0)
    assert (p.hand, p.cp, p.play_area) == (S0.seat(0).hand, S0.seat(0).cp, ())
    assert out.event_discard[-1] == NOTHING
    played = next(e for e in events if isinstance(e, E.EventPlayed))
    assert not played.hook and "Nothing happens" in _words(log.event_lines(CTX, played)[0])


def test_apply_event_effect_keeps_a_card_face_up() -> None:
    out, _ = _play(S0, 1, (HAND, NOTHING), HAND)
    assert out.seat(1).play_area == (HAND,) and out.event_discard[-1:] == (NOTHING,)
    token, _ = _play(S0, 1, (TOKEN,), TOKEN)
    assert token.seat(1).play_area == (TOKEN,) and token.seat(1).event_resources == 2


def test_resolve_play_event_refuses_a_card_it_does_not_hold() -> None:
    state = seat_with(S0, 1, pending_events=(NOTHING,))
    state = msgspec.structs.replace(state, step=PLAY_EVENT, actor=1, turn_index=1)
    with pytest.raises(ValueError, match="no new event card"):
        regrouping.resolve_play_event(CTX, state, DRAW2, [])
    # through the game: an illegal decision is refused and the state is a value (unchanged)
    with pytest.raises(Exception, match="(?i)legal|not"):
        G.apply(state, 1, A.PlayEvent(DRAW2))
    assert state.seat(1).pending_events == (NOTHING,)


def test_legal_event_plays_decision_size() -> None:
    # the decision stays one card of the new ones, or none (no new choice per effect)
    state = seat_with(S0, 1, pending_events=(DRAW2, DRAW2, HAND, TOKEN))
    state = msgspec.structs.replace(state, actor=1)
    assert regrouping.legal_event_plays(CTX, state) == (DRAW2, TOKEN, HAND, None)


# -- kept cards ---------------------------------------------------------------------------------------


def test_use_kept_card() -> None:
    state = _kept(S0, 0, MODULE, HAND)
    events: list[Event] = []
    out = event_effects.use_kept_card(CTX, state, 0, event_effects.MODULE_DISCOUNT, events)
    assert out.seat(0).play_area == (HAND,) and out.event_discard[-1] == MODULE
    assert events == [E.EventCardUsed(seat=0, card=MODULE, expired=False)]
    assert _words(log.event_lines(CTX, events[0])[0]).endswith(
        " uses Discounted module from the play area and discards it (placeholder content)."
    )
    # nothing kept: nothing happens, nothing said
    assert event_effects.use_kept_card(CTX, out, 0, event_effects.MODULE_DISCOUNT, events) == out
    assert len(events) == 1


def test_expire_resource_tokens() -> None:
    state = _kept(S0, 1, TOKEN, HAND, event_resources=1)
    events: list[Event] = []
    out = event_effects.expire_resource_tokens(CTX, state, events)
    assert (out.seat(1).play_area, out.seat(1).event_resources) == ((HAND,), 0)
    assert out.event_discard[-1] == TOKEN
    assert events == [E.EventCardUsed(seat=1, card=TOKEN, expired=True)]
    assert "unpaid resources are lost" in _words(log.event_lines(CTX, events[0])[0])
    # Regrouping begins with it (the token's round is over)
    begun = regrouping.begin_regrouping(CTX, msgspec.structs.replace(state, stacks=()), [])
    assert TOKEN not in begun.seat(1).play_area and begun.seat(1).event_resources == 0


def test_hand_limit_bonus() -> None:
    state = _kept(S0, 1, HAND, "stage1_hand_limit_plus_2_permanent")
    assert event_effects.hand_limit_bonus(CTX, state, 1) == 4
    assert regrouping.hand_limit(CTX, state, 1) == 6 + 4  # Overmind: 6, each card +2
    assert regrouping.hand_limit(OFF, state, 1) == 6
    assert event_effects.hand_limit_bonus(CTX, S0, 1) == 0


# -- resources and builds ----------------------------------------------------------------------------------


def test_can_pay_with_an_event_resource_token() -> None:
    broke = seat_with(S0, 0, worker_pool=0)
    assert not resources.can_pay(CTX, broke, 0, 1, 1, False)
    token = seat_with(broke, 0, event_resources=2)
    assert resources.can_pay(CTX, token, 0, 1, 1, False) and resources.can_pay(CTX, token, 0, 0, 2, False)
    assert not resources.can_pay(CTX, token, 0, 2, 1, False)
    assert resources.payment_sources(CTX, token, 0, "gas") == ((resources.EVENT, ""),)
    after, depletion = resources.pay_one(CTX, token, 0, resources.EVENT, "gas", "")
    assert (after.seat(0).event_resources, after.seat(0).worker_pool, depletion) == (1, 0, -1)


def _building(state: State, seat: int = 0, special: bool = False) -> State:
    order = ActiveOrder("pridewater", OrderToken(seat, "build", special))
    state = msgspec.structs.replace(state, active_order=order, actor=seat, step=STEP_EXECUTION)
    return build.begin_build(CTX, state, [])


def test_discounted_cost() -> None:
    state = _kept(S0, 0, MODULE)
    cost = Cost(minerals=3, gas=0)
    assert event_effects.discounted_cost(CTX, state, 0, "module", cost) == Cost(minerals=2, gas=0)
    assert event_effects.discounted_cost(CTX, state, 0, "building", cost) == cost  # a module card
    both = _kept(S0, 0, BUILDING)
    assert event_effects.discounted_cost(CTX, both, 0, "building", Cost(1, 1)) == Cost(0, 0)
    assert event_effects.discounted_cost(OFF, both, 0, "building", Cost(1, 1)) == Cost(1, 1)


def test_discount_effect() -> None:
    assert event_effects.discount_effect("module") == event_effects.MODULE_DISCOUNT
    assert event_effects.discount_effect("building") == event_effects.BUILDING_DISCOUNT
    assert event_effects.discount_effect("unit") == ""


def test_a_discounted_module_is_bought_and_the_card_used() -> None:
    # Air Support costs 3 minerals; with the card 2, paid from Raynor's permanent resources / cards
    state = _building(_kept(S0, 0, MODULE))
    assert state.step == BUILD
    events: list[Event] = []
    state = build.resolve_build_choice(CTX, state, A.BuyModule("air_support"), events)
    assert state.build is not None and state.build.paying is not None
    assert (state.build.paying.minerals, state.build.paying.gas) == (2, 0)
    while state.build is not None and state.build.paying is not None:
        state = build.resolve_pay(CTX, state, build.legal_payments(CTX, state)[0], events)
    assert dict(state.seat(0).modules).get("air_support") == 1
    assert MODULE not in state.seat(0).play_area and state.event_discard[-1] == MODULE
    assert any(isinstance(e, E.EventCardUsed) and e.card == MODULE for e in events)


def test_build_limit_bonus() -> None:
    state = _kept(S0, 0, LIMIT)
    assert event_effects.build_limit_bonus(CTX, state, 0) == 1
    assert event_effects.build_limit_bonus(OFF, state, 0) == 0
    # a Build order that bought its 2 units may buy a third; the card goes with it
    state = _building(state)
    state = msgspec.structs.replace(state, build=BuildProgress(stage=1, units=2))
    third = [o for o in build.legal_build_options(CTX, state) if isinstance(o, A.BuildUnit)]
    assert third and not [o for o in build.legal_build_options(OFF, state) if isinstance(o, A.BuildUnit)]
    events: list[Event] = []
    state = build.resolve_build_choice(CTX, state, third[0], events)
    while state.build is not None and state.build.paying is not None:
        state = build.resolve_pay(CTX, state, build.legal_payments(CTX, state)[0], events)
    assert state.build is not None and state.build.units == 3
    assert LIMIT not in state.seat(0).play_area and state.event_discard[-1] == LIMIT


def test_resolve_pay_from_an_event_resource_token() -> None:
    state = _building(seat_with(_kept(S0, 0, TOKEN), 0, event_resources=2))
    events: list[Event] = []
    state = build.resolve_build_choice(CTX, state, A.BuyModule("supply"), events)  # 1 mineral
    assert A.Pay(resources.EVENT, "minerals") in build.legal_payments(CTX, state)
    state = build.resolve_pay(CTX, state, A.Pay(resources.EVENT, "minerals"), events)
    assert state.seat(0).event_resources == 1 and state.seat(0).worker_pool == S0.seat(0).worker_pool
    bought = next(e for e in events if isinstance(e, E.Bought))
    assert "from an event card's resource token (placeholder content)" in _words(
        log.event_lines(CTX, bought)[0]
    )


# -- battles ----------------------------------------------------------------------------------------------


def _battle_start(
    kept0: tuple[str, ...] = (), kept1: tuple[str, ...] = (), ctx: Ctx = CTX
) -> tuple[State, list[Event]]:
    """A Marine (seat 0) attacks a Zergling (seat 1) on Tarsonis 1, each seat keeping cards."""
    state = arena(S0, {"tarsonis_1": [Unit(0, "marine"), Unit(1, "zergling")]})
    state = _kept(_kept(state, 0, *kept0), 1, *kept1)
    events: list[Event] = []
    return combat.start_battle(ctx, state, "tarsonis_1", 0, events), events


def _apply(state: State, action: Move, events: list[Event]) -> State:
    (seat,) = G.to_act(state)
    assert action in G.legal_actions(state, seat), (state.step, action, G.legal_actions(state, seat))
    tr = G.apply(state, seat, action)
    events += tr.events
    return tr.state


def test_legal_start_abilities() -> None:
    state, _ = _battle_start((CANCEL, HEALTH), (CANCEL, HEALTH, FACE_UP))
    # the attacker first: +2 health (a battle is cancelled only by its defender)
    assert (state.step, state.actor) == (BATTLE_START, 0)
    assert combat.legal_start_abilities(CTX, state) == (HEALTH, None)
    defender = msgspec.structs.replace(state, actor=1)
    assert combat.legal_start_abilities(CTX, defender) == (HEALTH, CANCEL, FACE_UP, None)
    assert combat.legal_start_abilities(OFF, defender) == (None,)


def test_next_start_ability() -> None:
    # only a side with a kept card is asked; no combat card is drawn before both have decided
    state, events = _battle_start((), (HEALTH,))
    assert (state.step, state.actor) == (BATTLE_START, 1)
    assert not any(isinstance(e, E.CombatCardsDrawn) for e in events)
    plain, events = _battle_start()
    assert plain.step != BATTLE_START and any(isinstance(e, E.CombatCardsDrawn) for e in events)
    off, _ = _battle_start((), (HEALTH,), OFF)  # the option off: nothing to use
    assert off.step != BATTLE_START


def test_resolve_start_ability_plus_two_health() -> None:
    state, events = _battle_start((), (HEALTH,))
    state = _apply(state, A.PlayEvent(HEALTH), events)
    assert state.battle is not None and state.battle.health_bonus == (0, 2)
    assert state.seat(1).play_area == () and state.event_discard[-1] == HEALTH
    assert [e for e in events if isinstance(e, E.EventCardUsed)] == [E.EventCardUsed(1, HEALTH, False)]
    assert any(isinstance(e, E.CombatCardsDrawn) for e in events)  # step 3 follows
    # the defender's side gains 2 health in its skirmishes
    marine, ling = BattleSide(front=Unit(0, "marine")), BattleSide(front=Unit(1, "zergling"))
    plain = Battle(area="tarsonis_1", attacker=0, defender=1)
    before = combat.side_values(CTX, state, plain, ling, marine, combat.DEFENCE)[0]
    after = combat.side_values(CTX, state, state.battle, ling, marine, combat.DEFENCE)[0]
    assert after == (before[0], before[1] + 2)


def test_resolve_start_ability_none_keeps_the_card() -> None:
    state, events = _battle_start((), (HEALTH,))
    state = _apply(state, A.PlayEvent(None), events)
    assert state.seat(1).play_area == (HEALTH,) and state.battle is not None
    assert state.battle.health_bonus == (0, 0)


def test_resolve_start_ability_refuses_a_card_not_kept() -> None:
    state, _ = _battle_start((), (HEALTH,))
    with pytest.raises(ValueError, match="not a start-of-battle event card"):
        combat.resolve_start_ability(CTX, state, FACE_UP, [])
    with pytest.raises(Exception, match="(?i)legal|not"):
        G.apply(state, 1, A.PlayEvent(FACE_UP))
    assert state.seat(1).play_area == (HEALTH,) and state.step == BATTLE_START


def test_resolve_start_ability_opponent_plays_first_face_up() -> None:
    state, events = _battle_start((FACE_UP,), ())
    state = _apply(state, A.PlayEvent(FACE_UP), events)
    assert state.battle is not None and state.battle.face_up == (False, True)
    if state.step == BATTLE_PAIR:  # one pair: formed without asking
        state = _apply(state, KA.PairSkirmish("marine", "zergling"), events)
    # the defender places first, face up: the attacker (and a spectator) sees its card
    assert (state.step, state.actor) == (BATTLE_CARDS, 1)
    state = _apply(state, G.legal_actions(state, 1)[-1], events)
    assert (state.step, state.actor) == (BATTLE_CARDS, 0)
    placed = state.battle.skirmishes[0].defence if state.battle else None
    assert placed is not None and placed.face_up and placed.cards
    for viewer in (0, None):
        seen = G.observe(state, viewer).battle
        assert seen is not None and seen.skirmishes[0].defence.cards == placed.cards
    # a bot's sampled world keeps the face-up cards (nothing hidden to re-deal)
    world = G.determinize(state, 0, 7)
    assert world.battle is not None and world.battle.skirmishes[0].defence.cards == placed.cards
    chosen = [e for e in events if isinstance(e, E.CombatCardsChosen)]
    assert chosen[-1].visible_to is None  # the log shows them to everyone


def test_resolve_start_ability_battle_cancelled() -> None:
    state, events = _battle_start((), (CANCEL,))
    hands = (len(state.seat(0).hand), len(state.seat(1).hand))
    state = _apply(state, A.PlayEvent(CANCEL), events)
    # no cards drawn, no skirmish: the attacker retreats all its units (it chooses where)
    assert (len(state.seat(0).hand), len(state.seat(1).hand)) == hands
    assert not any(isinstance(e, E.CombatCardsDrawn) for e in events)
    assert (state.step, state.actor) == (BATTLE_RETREAT, 0)
    area = G.legal_actions(state, 0)[0]
    state = _apply(state, area, events)
    assert state.battle is None and state.area("tarsonis_1").units == (Unit(1, "zergling"),)
    assert [e.winner for e in events if isinstance(e, E.BattleEnded)] == [1]
    assert CANCEL in state.event_discard and state.seat(1).play_area == ()
    said = G.render_log(events, None)
    assert any("uses Battle cancelled from the play area" in x for x in said)


# -- what players and bots may see (§21.3) ---------------------------------------------------------------


def test_a_kept_card_is_public_and_a_pending_one_hidden() -> None:
    state = seat_with(_kept(S0, 1, TOKEN, HAND, event_resources=2), 1, pending_events=(DRAW2,))
    seen = G.observe(state, 0)
    assert seen.seats[1].play_area == (TOKEN, HAND) and seen.seats[1].event_resources == 2
    assert seen.seats[1].pending_events == 1 and DRAW2 not in repr(seen)


def test_invented_in_play_covers_kept_and_pending_cards() -> None:
    # every copy of the hand-limit card out of the deck and the discard pile: still in play
    state = msgspec.structs.replace(_kept(S0, 1, HAND), event_deck=(), event_discard=())
    paths = {v.path for v in G.invented_in_play(state)}
    assert f"event_cards.{HAND}.text" in paths and f"event_cards.{HAND}.effect" in paths
    pending = msgspec.structs.replace(seat_with(S0, 0, pending_events=(CP,)), event_deck=(), event_discard=())
    assert f"event_cards.{CP}.effect" in {v.path for v in G.invented_in_play(pending)}


# -- the heuristic bot ----------------------------------------------------------------------------------


def test_heuristic_plays_the_event_card_that_helps_most() -> None:
    # §14 step 8: from its own observation (its new cards are read only now): +1 CP over drawing
    # cards over an inert hook or nothing; with the option off every card is worth the same
    state = seat_with(S0, 1, pending_events=(NOTHING, DRAW2, CP, ROUTE))
    state = msgspec.structs.replace(state, step=PLAY_EVENT, actor=1, turn_index=1)
    policy = G.heuristic_policy()
    legal = G.legal_actions(state, 1)
    assert policy.choose(G.observe(state, 1), legal, random.Random(0)) == A.PlayEvent(CP)
    without = seat_with(state, 1, pending_events=(NOTHING, DRAW2, ROUTE))
    legal = G.legal_actions(without, 1)
    assert policy.choose(G.observe(without, 1), legal, random.Random(0)) == A.PlayEvent(DRAW2)


# -- moving a z-axis route -------------------------------------------------------------------------------


# The 2-player galaxy has no free slot: without normal route 3 (Braken E - Chau Sara W) the z-axis
# route 4 (Pridewater N - Tarsonis E) may move its minor end to Braken E or Chau Sara W.
OPEN = msgspec.structs.replace(S0, routes=tuple(r for r in S0.routes if r.id != 3))


def _z_routes(state: State) -> list[Route]:
    return [r for r in state.routes if r.kind == "z_axis"]


def test_movable_z_ends() -> None:
    ends = event_effects.movable_z_ends(CTX, OPEN)
    assert ends and set(ends) <= {r.ends[1] for r in _z_routes(OPEN)}
    assert len(ends) <= len(_z_routes(OPEN))  # a decision of a few choices


def test_z_end_destinations() -> None:
    route = _z_routes(OPEN)[0]
    major, minor = route.ends
    slots = event_effects.z_end_destinations(CTX, OPEN, major)
    assert slots == (RouteEnd("braken", "E"), RouteEnd("chau_sara", "W"))
    assert all(e.planet not in (major.planet, minor.planet) for e in slots)
    assert event_effects.movable_z_ends(CTX, S0) == ()  # a full galaxy: nothing can move
    used = {e for r in OPEN.routes for e in r.ends}
    assert not used & set(slots) and len(slots) < 40  # free slots only, a few dozen at most


def test_resolve_pick_z_route() -> None:
    state, _ = _play(OPEN, 0, (ROUTE,), ROUTE)
    assert (state.step, state.actor) == (MOVE_Z_ROUTE, 0)
    minor = event_effects.movable_z_ends(CTX, state)[0]
    picked = event_effects.resolve_pick_z_route(CTX, state, minor, [])
    route = next(r for r in _z_routes(state) if r.ends[1] == minor)
    assert (picked.step, picked.z_major) == (MOVE_Z_END, route.ends[0])
    with pytest.raises(ValueError, match="cannot|not the minor end"):
        event_effects.resolve_pick_z_route(CTX, state, RouteEnd("nowhere", "N"), [])


def test_resolve_move_z_end() -> None:
    state, events = _play(OPEN, 0, (ROUTE, NOTHING), ROUTE)
    assert state.event_discard[-2:] == (NOTHING, ROUTE)  # resolved, not kept
    minor = event_effects.movable_z_ends(CTX, state)[0]
    state = _apply(state, A.PlaceZAxisEnd(minor.planet, minor.side), events)
    assert state.step == MOVE_Z_END and state.z_major is not None
    major = state.z_major
    to = event_effects.z_end_destinations(CTX, state, major)[0]
    with pytest.raises(ValueError, match="not a free slot"):
        event_effects.resolve_move_z_end(CTX, state, minor, [])
    state = _apply(state, A.PlaceZAxisEnd(to.planet, to.side), events)
    route = next(r for r in _z_routes(state) if r.ends[0] == major)
    assert route.ends == (major, to) and state.z_major is None
    assert state.step not in (MOVE_Z_ROUTE, MOVE_Z_END, PLAY_EVENT)  # step 8 went on (to the next round)
    moved = [e for e in events if isinstance(e, E.ZAxisRouteMoved)]
    assert moved == [E.ZAxisRouteMoved(0, route.id, (minor.planet, minor.side), (to.planet, to.side))]
    said = log.text(log.event_lines(CTX, moved[0])[0])
    assert said.startswith("Player 1 reroutes z-axis route") and said.endswith("(placeholder content).")


def test_move_z_axis_route_with_the_option_off_changes_nothing() -> None:
    state, _ = _play(OPEN, 0, (ROUTE,), ROUTE, OFF)
    assert state.step != MOVE_Z_ROUTE and state.routes == OPEN.routes
    full, _ = _play(S0, 0, (ROUTE,), ROUTE)  # on, but no free slot: nothing to decide
    assert full.step != MOVE_Z_ROUTE and full.routes == S0.routes


def test_own_events_stay_read_while_a_route_moves() -> None:
    # §21.3: seat 1 has read its new cards in step 8 and still sees them while seat 0 moves a route;
    # seat 0 never sees seat 1's
    state = seat_with(OPEN, 1, pending_events=(DRAW2,))
    state, _ = _play(state, 0, (ROUTE,), ROUTE)
    assert state.step == MOVE_Z_ROUTE
    assert G.observe(state, 1).own_events == (DRAW2,) and G.observe(state, 0).own_events == ()
    assert DRAW2 not in repr(G.observe(state, 0)) and DRAW2 not in repr(G.observe(state, None))


def test_heuristic_cancels_a_battle_only_when_it_is_the_weaker_side() -> None:
    # §13.2 step 2: one Zergling defending against three Marines: cancel; against one: fight on
    policy = G.heuristic_policy()
    for marines, expected in ((3, CANCEL), (0, None)):
        state = arena(S0, {"tarsonis_1": [Unit(0, "marine")] * (1 + marines) + [Unit(1, "zergling")] * 2})
        state = _kept(state, 1, CANCEL)
        state = combat.start_battle(CTX, state, "tarsonis_1", 0, [])
        assert (state.step, state.actor) == (BATTLE_START, 1)
        legal = G.legal_actions(state, 1)
        assert policy.choose(G.observe(state, 1), legal, random.Random(0)) == A.PlayEvent(expected)
