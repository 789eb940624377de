"""Per-rule tests of Regrouping (§14, §15, §17) and victory (§16) on the 2-player table of
``helpers`` (Raynor seat 0, Overmind seat 1), and the hand-computed record of Aldaris's 20-CP rule."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from tests.games.starcraft.helpers import game, put, raynor_overmind, seat_with
from turncoat.core.actions import Event
from turncoat.core.present import plain, presentation_of
from turncoat.core.record import append_action, new_record
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft import log
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.phases import execution, regrouping, victory
from turncoat.games.starcraft.report import StarcraftReport
from turncoat.games.starcraft.state import (
    DISCARD,
    NOBODY,
    OVER,
    PLAN_TOKEN,
    PLANNING,
    PLAY_EVENT,
    STEP_EXECUTION,
    ActiveOrder,
    HeldCard,
    OrderToken,
    State,
)

G, S0, _ = raynor_overmind()
CTX = G.ctx
TEDN = "the_end_draws_near"


def _at_regrouping(state: State) -> State:
    """``state`` with every order token in its owner's supply (the board empty), ready to regroup."""
    return msgspec.structs.replace(state, stacks=(), actor=NOBODY)


# -- §14 steps 1-5 ----------------------------------------------------------------------------------------


def test_destroy_bases_and_transports() -> None:
    # a Zergling in Pridewater 1: Raynor's base dies; then his transport on route 4 (Pridewater -
    # Tarsonis) touches no planet with his base: it dies too.  The Overmind's stays.
    state = put(S0, "pridewater_1", [(1, "zergling")])
    events: list[Event] = []
    out = regrouping.destroy_bases_and_transports(CTX, state, events)
    assert out.area("pridewater_1").base == NOBODY
    assert [r.transports for r in out.routes if r.id in (1, 4)] == [(1,), ()]
    assert events == [E.BaseDestroyed(seat=0, area="pridewater_1"), E.TransportDestroyed(seat=0, route=4)]


def test_check_eliminations() -> None:
    bare = put(put(put(S0, "pridewater_1", [], base=NOBODY), "pridewater_2", []), "pridewater_3", [])
    events: list[Event] = []
    out = regrouping.check_eliminations(CTX, bare, events)
    assert out.seat(0).eliminated and not out.seat(1).eliminated
    assert events == [E.Eliminated(seat=0)]
    only_base = put(put(put(S0, "pridewater_1", []), "pridewater_2", []), "pridewater_3", [])
    assert not regrouping.check_eliminations(CTX, only_base, []).seat(0).eliminated  # a base suffices


def test_rules_16_4_the_last_players_leaving_the_board_together_share_the_victory() -> None:
    # [RULING] §16.4: both sides gone at the same moment; before, both were eliminated, nobody won
    # and passing the first player token (§14 step 10) looked for a seat in the game for ever
    empty = msgspec.structs.replace(
        S0, areas=tuple(msgspec.structs.replace(a, units=(), base=NOBODY) for a in S0.areas)
    )
    events: list[Event] = []
    out = regrouping.check_eliminations(CTX, empty, events)
    assert events == [] and not out.seat(0).eliminated and not out.seat(1).eliminated
    assert victory.elimination_victory(CTX, out) == (0, 1)
    assert victory.elimination_victory(CTX, S0) == ()  # both still on the board: nobody wins yet


NOBODY_WINS = raynor_overmind(simultaneous_last_elimination="nobody_wins")[0]
EMPTY = msgspec.structs.replace(
    S0, areas=tuple(msgspec.structs.replace(a, units=(), base=NOBODY) for a in S0.areas)
)


def test_rules_16_4_the_last_players_leaving_the_board_together_all_go_when_nobody_wins() -> None:
    # [RULING] the other reading of §16.4 (simultaneous_last_elimination="nobody_wins")
    events: list[Event] = []
    out = regrouping.check_eliminations(NOBODY_WINS.ctx, EMPTY, events)
    assert events == [E.Eliminated(seat=0), E.Eliminated(seat=1)]
    assert out.seat(0).eliminated and out.seat(1).eliminated
    assert victory.elimination_victory(NOBODY_WINS.ctx, out) == () and victory.nobody_left(out)


def test_nobody_left() -> None:
    one_out = seat_with(S0, 0, eliminated=True)
    assert not victory.nobody_left(S0) and not victory.nobody_left(one_out)
    assert victory.nobody_left(seat_with(one_out, 1, eliminated=True))


@pytest.mark.parametrize(
    ("g", "winners", "kind", "said"),
    [
        (G, (0, 1), "elimination", "Player 1 and Player 2 win an elimination victory."),
        (NOBODY_WINS, (), victory.NO_WINNER, "The last players left the board together: nobody wins."),
    ],
)
def test_begin_regrouping_ends_a_game_its_last_players_left_together_by_the_option(
    g: StarcraftGame, winners: tuple[int, ...], kind: str, said: str
) -> None:
    events: list[Event] = []
    over = regrouping.begin_regrouping(g.ctx, _at_regrouping(EMPTY), events)
    assert (over.step, over.winners, over.victory) == (OVER, winners, kind)
    assert events[-1] == E.GameWon(winners=winners, victory=kind, cp=(0, 0))
    outcome = g.outcome(over)
    assert outcome is not None and outcome.winners == winners
    assert outcome.scores == tuple(0.5 if s in winners else 0.0 for s in range(2))
    names = ["Player 1", "Player 2"]
    assert plain(presentation_of(g).log(events, None)[-1], names) == said
    # the end panel and the round summary say it too
    end = presentation_of(g).panels(g.observe(over, 0))[-1]
    assert end.title == "The end" and ("Nobody wins" in plain(end.lines[0], names)) == (not winners)
    assert ("nobody wins" in plain(presentation_of(g).summary(events, None)[-1], names)) == (not winners)


def test_end_order_ends_a_game_with_no_winner_when_the_last_players_fell_together() -> None:
    # §9, §16.4: a battle left both sides with nothing; the order's end finds nobody in the game
    order = ActiveOrder("pridewater", OrderToken(0, "mobilize"))
    fought = msgspec.structs.replace(EMPTY, active_order=order, actor=NOBODY, step=STEP_EXECUTION)
    events: list[Event] = []
    over = execution.end_order(NOBODY_WINS.ctx, fought, events)
    assert (over.step, over.winners, over.victory) == (OVER, (), victory.NO_WINNER)
    assert [e for e in events if isinstance(e, E.Eliminated)] == [E.Eliminated(seat=0), E.Eliminated(seat=1)]
    shared = execution.end_order(CTX, fought, [])
    assert (shared.winners, shared.victory) == ((0, 1), "elimination")


def _random_game(g: StarcraftGame, seed: int) -> tuple[list[tuple[int, Any]], list[Event], State]:
    """A whole game of uniformly random legal decisions: the moves, every event, the last state."""
    pick, tr = random.Random(seed), g.start(seed)
    state, events, moves = tr.state, list(tr.events), []
    while g.to_act(state):
        seat = min(g.to_act(state))
        moves.append((seat, pick.choice(list(g.legal_actions(state, seat)))))
        tr = g.apply(state, *moves[-1])
        state, events = tr.state, events + list(tr.events)
    return moves, events, state


def test_rules_16_4_a_whole_game_its_last_players_leave_together_ends_by_the_option() -> None:
    # a random 2-player game in which both sides lose their last pieces at the same moment: with
    # nobody_wins it ends there with no winner; the same moves with the default, in a shared victory
    nobody_wins, share = game(players=2, simultaneous_last_elimination="nobody_wins"), game(players=2)
    for seed in range(300, 400):
        moves, events, final = _random_game(nobody_wins, seed)
        if final.victory == victory.NO_WINNER:
            break
    else:
        raise AssertionError("no random game left the board together; widen the seeds")
    outcome = nobody_wins.outcome(final)
    assert outcome is not None and outcome.winners == () and outcome.scores == (0.0, 0.0)
    assert events[-3:] == [
        E.Eliminated(seat=0),
        E.Eliminated(seat=1),
        E.GameWon(winners=(), victory="no_winner", cp=tuple(p.cp for p in final.seats)),
    ]
    said = presentation_of(nobody_wins).log(events, None)
    assert plain(said[-1], ["A", "B"]) == "The last players left the board together: nobody wins."
    shared = share.start(seed).state
    for seat, move in moves:
        shared = share.apply(shared, seat, move).state
    assert (shared.winners, shared.victory) == ((0, 1), "elimination")
    # the balance report reads the record: no winner, both eliminated
    record = new_record(nobody_wins, seed)
    for seat, move in moves:
        record = append_action(record, seat, move)
    facts = StarcraftReport(nobody_wins).facts(seed, record, full=True)
    assert (facts["victory"], facts["winners"], facts["eliminations"]) == ("no_winner", [], 2)


def test_lose_resource_cards() -> None:
    # a Zergling in Pridewater 2 takes that card from Raynor, with the 2 workers on it
    state = put(S0, "pridewater_2", [(1, "zergling")])
    state = seat_with(
        state,
        0,
        resource_cards=(HeldCard("pridewater_1"), HeldCard("pridewater_2", 2), HeldCard("pridewater_3")),
        worker_pool=6,
    )
    events: list[Event] = []
    out = regrouping.lose_resource_cards(CTX, state, events)
    assert [c.area for c in out.seat(0).resource_cards] == ["pridewater_1", "pridewater_3"]
    assert events == [E.ResourceCardLost(seat=0, area="pridewater_2", workers=2)]
    # no base on the planet: every card of it is lost
    gone = regrouping.lose_resource_cards(CTX, put(S0, "pridewater_1", [], base=NOBODY), [])
    assert gone.seat(0).resource_cards == ()


def test_gain_resource_cards() -> None:
    # Raynor builds a base on Braken (alone there): the cards of its friendly and empty mineral
    # and gas areas (Braken 2 gas, Braken 3 minerals; Braken 1 is CP: no card)
    state = put(S0, "braken_1", [(0, "marine")], base=0)
    events: list[Event] = []
    out = regrouping.gain_resource_cards(CTX, state, events)
    assert [c.area for c in out.seat(0).resource_cards][:2] == ["braken_2", "braken_3"]
    assert events == [
        E.ResourceCardGained(seat=0, area="braken_2"),
        E.ResourceCardGained(seat=0, area="braken_3"),
    ]
    # with the Overmind's base there too, only friendly areas: Braken 3 with the Marine
    shared = put(put(state, "braken_1", [], base=1), "braken_3", [(0, "marine")], base=0)
    shared = put(shared, "braken_2", [])
    out = regrouping.gain_resource_cards(CTX, shared, [])
    assert "braken_2" not in {c.area for c in out.seat(0).resource_cards}
    assert "braken_3" in {c.area for c in out.seat(0).resource_cards}


def test_retrieve_workers() -> None:
    state = seat_with(
        S0, 0, worker_pool=3, unavailable_workers=2, resource_cards=(HeldCard("pridewater_1", 3),)
    )
    events: list[Event] = []
    out = regrouping.retrieve_workers(CTX, state, events)
    assert (out.seat(0).worker_pool, out.seat(0).unavailable_workers) == (8, 0)
    assert out.seat(0).resource_cards == (HeldCard("pridewater_1"),)
    assert events == [E.WorkersRetrieved(seat=0, workers=5)]


def test_score_conquest_points() -> None:
    events: list[Event] = []
    out = regrouping.score_conquest_points(CTX, S0, events)
    assert [p.cp for p in out.seats] == [0, 1]  # Chau Sara 1 (1 CP) is the only CP area held
    assert events == [E.ConquestPointsScored(seat=1, cp=1, total=1)]
    g, s, _ = raynor_overmind(galactic_conquest=True)
    assert regrouping.score_conquest_points(g.ctx, s, []) == s  # §19: no CP


def test_begin_regrouping() -> None:
    state = seat_with(_at_regrouping(S0), 0, pending_events=("stage1_no_effect",))
    events: list[Event] = []
    out = regrouping.begin_regrouping(CTX, state, events)
    assert (out.step, out.actor) == (PLAY_EVENT, 0)
    assert out.seat(1).cp == 1
    read = [e for e in events if isinstance(e, E.EventCardsRead)]
    assert read == [E.EventCardsRead(seat=0, cards=("stage1_no_effect",), visible_to=(0,))]


# -- §14 step 8, §17 ----------------------------------------------------------------------------------------


def test_play_end_draws_near() -> None:
    state = seat_with(S0, 1, pending_events=(TEDN, "stage3_gain_1_cp", TEDN))
    events: list[Event] = []
    out = regrouping.play_end_draws_near(CTX, state, 1, events)
    assert out.end_draws_near == 2 and out.seat(1).pending_events == ()
    assert out.event_discard == ("stage3_gain_1_cp",)
    assert events == [
        E.EventPlayed(seat=1, card=TEDN, discarded=("stage3_gain_1_cp",), end_draws_near=2, hook=True)
    ]


def test_next_event_player() -> None:
    state = msgspec.structs.replace(seat_with(S0, 1, pending_events=("stage1_no_effect",)), turn_index=0)
    out = regrouping.next_event_player(CTX, state, [])
    assert (out.step, out.actor) == (PLAY_EVENT, 1)  # seat 0 has none: skipped
    done = regrouping.next_event_player(CTX, S0, [])
    assert done.step in (PLANNING, DISCARD, PLAN_TOKEN) and done.round == 2


def test_next_event_player_removes_an_eliminated_seats_cards_and_says_only_how_many() -> None:
    # §16.4: the Overmind is out; its three new cards go without effect (even The End Draws Near),
    # and the log says how many, naming none: nobody read them, not even their owner (§21.3)
    cards = ("stage1_no_effect", "stage1_draw_2_combat_cards", TEDN)
    state = seat_with(S0, 1, eliminated=True, pending_events=cards)
    events: list[Event] = []
    out = regrouping.next_event_player(CTX, msgspec.structs.replace(state, turn_index=0), events)
    assert out.seat(1).pending_events == () and out.end_draws_near == 0
    assert out.event_discard == S0.event_discard  # removed face down, not discarded face up
    assert events[0] == E.EliminatedEventsRemoved(seat=1, count=3)
    assert set(msgspec.to_builtins(events[0])) <= {"type", "seat", "count", "visible_to"}  # no face
    names = ["Ann", "Bob"]
    faces = {log.event_name(CTX, c) for c in cards} | set(cards)
    for viewer in (None, 0, 1):
        for omniscient in (False, True):
            said = [plain(x, names) for x in presentation_of(G).log(events, viewer, omniscient=omniscient)]
            assert said[0] == "Bob is out of the game: its 3 new event cards are removed without effect."
            assert not [f for f in faces for x in said if f in x]
    one: list[Event] = []
    regrouping.next_event_player(CTX, seat_with(S0, 0, eliminated=True, pending_events=cards[:1]), one)
    assert plain(presentation_of(G).log(one, None)[0], names).endswith(
        "its 1 new event card is removed without effect."
    )


def test_legal_event_plays() -> None:
    state = msgspec.structs.replace(seat_with(S0, 1, pending_events=("b", "a", "b")), actor=1)
    assert regrouping.legal_event_plays(CTX, state) == ("a", "b", None)


def test_resolve_play_event() -> None:
    # the card as an inert hook (GAPS §3, invented_event_effects off); test_event_effects.py plays
    # the invented effects
    ctx = raynor_overmind(invented_event_effects=False)[0].ctx
    state = seat_with(S0, 1, pending_events=("stage1_no_effect", "stage1_draw_2_combat_cards"))
    state = msgspec.structs.replace(state, actor=1, step=PLAY_EVENT, turn_index=1)
    events: list[Event] = []
    out = regrouping.resolve_play_event(ctx, state, "stage1_draw_2_combat_cards", events)
    assert out.seat(1).pending_events == ()
    assert set(out.event_discard) == {"stage1_no_effect", "stage1_draw_2_combat_cards"}
    assert events[0] == E.EventPlayed(
        seat=1,
        card="stage1_draw_2_combat_cards",
        discarded=("stage1_no_effect",),
        end_draws_near=0,
        hook=True,
    )


def test_hand_limit() -> None:
    assert (regrouping.hand_limit(CTX, S0, 0), regrouping.hand_limit(CTX, S0, 1)) == (8, 6)


def test_next_discarder() -> None:
    big = seat_with(S0, 1, hand=S0.seat(1).hand + S0.seat(1).combat_deck[:2])
    out = regrouping.next_discarder(CTX, msgspec.structs.replace(big, turn_index=0), [])
    assert (out.step, out.actor) == (DISCARD, 1)


def test_legal_discards() -> None:
    state = msgspec.structs.replace(S0, actor=1)
    assert regrouping.legal_discards(CTX, state) == tuple(sorted(set(S0.seat(1).hand)))


def test_resolve_discard() -> None:
    extra = S0.seat(1).combat_deck[-1]
    big = seat_with(S0, 1, hand=(*S0.seat(1).hand, extra))
    state = msgspec.structs.replace(big, actor=1, step=DISCARD, turn_index=1)
    events: list[Event] = []
    out = regrouping.resolve_discard(CTX, state, extra, events)
    assert len(out.seat(1).hand) == 6 and out.seat(1).combat_discard == (extra,)
    assert events[0] == E.CardDiscarded(seat=1, card=extra)


def test_pass_first_player() -> None:
    events: list[Event] = []
    out = regrouping.pass_first_player(CTX, S0, events)
    assert (out.first_player, out.round, out.step, out.actor) == (1, 2, PLANNING, 1)
    assert events[:2] == [E.FirstPlayerPassed(seat=1), E.RoundStarted(round=2, first_player=1)]


# -- §16: victory ------------------------------------------------------------------------------------


def _cp(state: State, *cps: int) -> State:
    for seat, cp in enumerate(cps):
        state = seat_with(state, seat, cp=cp)
    return state


def test_in_game() -> None:
    assert victory.in_game(seat_with(S0, 0, eliminated=True)) == (1,)


def test_aldaris_seat() -> None:
    assert victory.aldaris_seat(S0) is None
    assert victory.aldaris_seat(seat_with(S0, 0, faction="aldaris")) == 0
    assert victory.aldaris_seat(seat_with(S0, 0, faction="aldaris", eliminated=True)) is None


def test_threshold() -> None:
    assert victory.threshold(S0, 1) == 15
    aldaris = seat_with(S0, 0, faction="aldaris")
    assert (victory.threshold(aldaris, 0), victory.threshold(aldaris, 1)) == (15, 20)


def test_resources_held() -> None:
    # Raynor: Pridewater 1 (3), 2 (2), 3 (1) = 6; with the permanent 4 + 2 when the option says so
    assert victory.resources_held(CTX, S0, 0) == 6
    g, s, _ = raynor_overmind(tiebreak_resources_include_permanent=True)
    assert victory.resources_held(g.ctx, s, 0) == 12


def test_tie_break() -> None:
    assert victory.tie_break(CTX, S0, (0, 1)) == (0,)  # 6 resources against 3
    even = seat_with(S0, 0, resource_cards=(HeldCard("pridewater_1"),))  # 3 against 3
    # areas controlled: Raynor 3 (Pridewater), the Overmind 3 (Chau Sara): bases 1 - 1;
    # workers in the pool 8 - 8: a shared victory
    assert victory.tie_break(CTX, even, (0, 1)) == (0, 1)
    assert victory.tie_break(CTX, seat_with(even, 1, worker_pool=9), (0, 1)) == (1,)


def test_most_cp() -> None:
    assert victory.most_cp(CTX, _cp(S0, 16, 17), (0, 1)) == (1,)
    assert victory.most_cp(CTX, _cp(S0, 17, 17), (0, 1)) == (0,)  # resources 6 against 3


def test_normal_victory() -> None:
    assert victory.normal_victory(CTX, _cp(S0, 14, 14)) == ()
    assert victory.normal_victory(CTX, _cp(S0, 14, 15)) == (1,)
    assert victory.normal_victory(CTX, _cp(S0, 16, 15)) == (0,)


def test_normal_victory_with_aldaris_ranks_those_at_their_own_threshold() -> None:
    # seat 0 is Aldaris (15); seat 1 needs 20 (§16.5)
    aldaris = seat_with(S0, 0, faction="aldaris")
    assert victory.normal_victory(CTX, _cp(aldaris, 14, 19)) == ()
    assert victory.normal_victory(CTX, _cp(aldaris, 15, 19)) == (0,)  # 19 is not ranked (RULING)
    g, _, _ = raynor_overmind(aldaris_threshold_ranking="everyone")
    assert victory.normal_victory(g.ctx, _cp(aldaris, 15, 19)) == (1,)
    assert victory.normal_victory(CTX, _cp(aldaris, 3, 20)) == (1,)
    # Aldaris eliminated: thresholds back to 15
    assert victory.normal_victory(CTX, seat_with(_cp(aldaris, 0, 15), 0, eliminated=True)) == (1,)


def test_stage_iii() -> None:
    assert not victory.stage_iii(CTX, S0)  # a Stage I card on top
    stage3 = msgspec.structs.replace(S0, event_deck=S0.event_deck[:20])  # the 20 Stage III cards
    assert victory.stage_iii(CTX, stage3)
    empty = msgspec.structs.replace(S0, event_deck=())
    assert victory.stage_iii(CTX, empty)
    g, _, _ = raynor_overmind(empty_event_deck_is_stage_iii=False)
    assert not victory.stage_iii(g.ctx, empty)


def test_objective_met() -> None:
    stage3 = msgspec.structs.replace(S0, event_deck=S0.event_deck[:20])
    # the Overmind: bases on three planets (Stage III only)
    three = put(put(stage3, "braken_1", [(1, "zergling")], base=1), "tarsonis_1", [(1, "zergling")], base=1)
    assert victory.objective_met(CTX, three, 1)
    assert not victory.objective_met(CTX, msgspec.structs.replace(three, event_deck=S0.event_deck), 1)
    # Raynor: six mineral/gas areas (the board has 8): Pridewater's 3 + Braken 2, 3 + Tarsonis 2
    raynor = put(
        put(put(stage3, "braken_2", [(0, "marine")]), "braken_3", [(0, "marine")]),
        "tarsonis_2",
        [(0, "marine")],
    )
    assert victory.objective_met(CTX, raynor, 0)
    assert not victory.objective_met(CTX, put(raynor, "tarsonis_2", []), 0)


def test_special_victory() -> None:
    stage3 = msgspec.structs.replace(S0, event_deck=S0.event_deck[:20])
    three = put(put(stage3, "braken_1", [(1, "zergling")], base=1), "tarsonis_1", [(1, "zergling")], base=1)
    assert victory.special_victory(CTX, three) == (1,)
    assert victory.special_victory(CTX, stage3) == ()


def test_end_game_victory() -> None:
    assert victory.end_game_victory(CTX, msgspec.structs.replace(S0, end_draws_near=1)) == ()
    two = _cp(msgspec.structs.replace(S0, end_draws_near=2), 4, 9)
    assert victory.end_game_victory(CTX, two) == (1,)  # the most CP
    assert victory.end_game_victory(CTX, seat_with(two, 0, faction="aldaris")) == (0,)  # §16.5


def test_elimination_victory() -> None:
    assert victory.elimination_victory(CTX, S0) == ()
    assert victory.elimination_victory(CTX, seat_with(S0, 0, eliminated=True)) == (1,)


def test_game_over() -> None:
    events: list[Event] = []
    out = victory.game_over(CTX, S0, (1,), "special", events)
    assert (out.step, out.winners, out.victory, out.actor) == (OVER, (1,), "special", NOBODY)
    assert G.render_log(events, None) == ["Player 2 wins a special victory."]


# -- a hand-computed record --------------------------------------------------------------------------------


def test_golden_aldaris_twenty_cp_rule() -> None:
    # Aldaris (seat 0) against the Overmind (seat 1) on a table built by hand: the Overmind holds
    # three CP areas worth 1 + 1 + 1; it starts the Regrouping with 16 CP and 19 after step 5.
    # With Aldaris in the game it needs 20 (§16.5): no victory at step 6; the event step follows.
    # Next Regrouping it reaches 22 - and wins; Aldaris, at 14 + 0, never reached his 15.
    g = game(
        players=2,
        faction_selection="random",
        scenario={
            "first_player": 0,
            "factions": ["aldaris", "overmind"],
            "planet_draws": [["pridewater", "braken"], ["tarsonis", "chau_sara"]],
        },
    )
    rnd_state = g.start(0).state
    while rnd_state.step not in (PLANNING,):
        (seat,) = g.to_act(rnd_state)
        rnd_state = g.apply(rnd_state, seat, g.legal_actions(rnd_state, seat)[0]).state
    state = _at_regrouping(rnd_state)
    for a in state.areas:  # clear the board, then place by hand
        state = put(state, a.id, [], base=NOBODY)
    state = put(state, "pridewater_1", [(0, "zealot")], base=0)
    state = put(state, "chau_sara_1", [(1, "zergling")], base=1)
    state = put(state, "braken_1", [(1, "zergling")])
    state = put(state, "tarsonis_1", [(1, "zergling")])
    state = _cp(state, 14, 16)
    events: list[Event] = []
    state = regrouping.begin_regrouping(g.ctx, state, events)
    assert [p.cp for p in state.seats] == [14, 19]
    assert state.step != OVER  # 19 < 20 with Aldaris in play; without him 15 would have won
    while state.step != PLANNING:
        (seat,) = g.to_act(state)
        state = g.apply(state, seat, g.legal_actions(state, seat)[-1]).state
    state = regrouping.begin_regrouping(g.ctx, _at_regrouping(state), events)
    assert [p.cp for p in state.seats] == [14, 22]
    assert (state.step, state.winners, state.victory) == (OVER, (1,), "normal")
