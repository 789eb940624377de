"""The engine's quick answers agree with the rules they stand for, at every step of random games.

A search plays hundreds of thousands of steps, so the engine answers the most frequent questions the
short way: a card window's answers before the last (§17), the seats asked at an ability's window and
the answer of a seat holding none of a window's cards (§17, §16.2), the landing step's actions (§9.4) and
"no value here" between the calm points (``evaluation``).  Each test below checks the short way
against the rule functions at every step of random games where windows are frequent.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from turncoat.games.rex import actions as A
from turncoat.games.rex import evaluation
from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.phases import battle as B
from turncoat.games.rex.phases import cards
from turncoat.games.rex.phases import maneuvering as M
from turncoat.games.rex.state import (
    BATTLE_PLAN,
    CARD_WINDOW,
    CROSS,
    FACT_KINDS,
    FACT_ROUND,
    FROM_RESERVES,
    INTERROGATE,
    LAND_TO,
    SEALED_NONE,
    UNSET,
    WITHDRAW,
    Draft,
    State,
)

# Six Diplomatic Interferences and every race: ability windows open often and cards are played there.
MANY_CARDS = {"strategy_cards.diplomatic_interference.count": 6}
CONFIGS = (
    RexConfig(players=6, content_overrides=MANY_CARDS, influence_supply=500),
    RexConfig(players=4, content_overrides=MANY_CARDS, alliances_min_players=3),
    RexConfig(players=3),
)


def random_positions(config: RexConfig, seed: int) -> Iterator[tuple[RexGame, State, int, A.RexAction]]:
    """Every step of a random game: the engine, the position, the seat acting and its action."""
    game = RexGame(config)
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    while seats := game.to_act(state):
        seat = rng.choice(sorted(seats))
        legal = game.legal_actions(state, seat)
        action = legal[int(rng.random() * len(legal))]
        yield game, state, seat, action
        state = game.apply(state, seat, action).state


def test_a_window_answer_before_the_last_changes_only_the_answers_rule_17() -> None:
    """§17: an answer that is not the last one awaited gives the same position and events as the
    full rule (``resolve_window_answer`` on a draft), cards played or not."""
    checked = played = 0
    for seed, config in enumerate(CONFIGS):
        for game, state, seat, action in random_positions(config, seed):
            if state.step != CARD_WINDOW or len(state.waiting) < 2 or not isinstance(action, A.PlayCard):
                continue
            draft = Draft.of(state)
            events: list[object] = []
            cards.resolve_window_answer(game.ctx, draft, seat, action.card, events)  # type: ignore[arg-type]
            step = game.apply(state, seat, action)
            assert step.state == draft.freeze()
            assert list(step.events) == events
            checked += 1
            played += action.card is not None
    assert checked > 200
    assert played > 0


def test_a_seat_without_the_windows_cards_may_only_answer_no_card_rule_17() -> None:
    """§17, §16.2: every seat asked at a window is offered "no card" and exactly the window's cards
    it holds and could use now (``legal_window_plays``), however its answer is found."""
    checked = 0
    for seed, config in enumerate(CONFIGS):
        for game, state, _, _ in random_positions(config, seed):
            if state.step != CARD_WINDOW:
                continue
            for seat in state.waiting:
                expected = [A.PlayCard(c) for c in cards.legal_window_plays(game.ctx, state, seat)]
                assert list(game.legal_actions(state, seat)) == expected
                checked += 1
    assert checked > 500


def test_a_window_asks_exactly_the_seats_that_could_use_its_cards_rule_17() -> None:
    """§17, E26 (GAPS C5): when a window opens, the seats asked are those with cards in hand for
    whom one of its cards, if still in a hand, could be used (``window_condition``) — for an
    ability's window every seat with cards but the ability's owner."""
    opened = abilities = 0
    for seed, config in enumerate(CONFIGS):
        for game, state, _, _ in random_positions(config, seed):
            if state.step != CARD_WINDOW or any(a != SEALED_NONE for a in state.sealed):
                continue  # not a window just opened: a seat has answered
            ctx = game.ctx
            live = [c for c in cards.WINDOW_CARDS[state.window] if cards.may_be_in_a_hand(ctx, state, c)]
            expected = tuple(
                seat
                for seat in range(state.players)
                if state.hands[seat] and any(cards.window_condition(ctx, state, seat, c) for c in live)
            )
            assert state.waiting == expected
            opened += 1
            abilities += state.window in cards.ABILITY_WINDOWS
    assert opened > 50
    assert abilities > 10


def test_the_landing_step_offers_each_landing_choice_as_its_action_rule_9_4() -> None:
    """§9.4, §18 (Hacan): the landing step offers no landing, then one action for each landing
    choice in order — land there from reserves, cross-land or withdraw from there — however the
    engine makes them (then a Lazax gift or the interrogation card where they apply)."""
    kinds = {FROM_RESERVES: A.LandIn, CROSS: A.CrossFrom, WITHDRAW: A.WithdrawFrom}
    checked = moves = 0
    for seed, config in enumerate(CONFIGS):
        for game, state, seat, _ in random_positions(config, seed):
            if state.step != LAND_TO:
                continue
            pieces = game.ctx.b.piece_ids
            choices = M.landing_choices(game.ctx, state, seat)
            expected = [A.SkipLanding(), *(kinds[mode](pieces[piece]) for mode, piece in choices)]
            assert list(game.legal_actions(state, seat))[: len(expected)] == expected
            checked += 1
            moves += any(mode != FROM_RESERVES for mode, _ in choices)
    assert checked > 50
    assert moves > 0


def test_evaluate_values_only_the_calm_points_and_the_end() -> None:
    """``evaluate`` answers as ``evaluation.evaluate`` does at every step (no value between the calm
    points, a value at them and at the end)."""
    valued = 0
    for seed, config in enumerate(CONFIGS):
        for game, state, _, _ in random_positions(config, seed):
            value = game.evaluate(state)
            assert value == evaluation.evaluate(game.ctx, state)
            valued += value is not None
    assert valued > 10


def test_the_interrogation_asks_every_legal_question_rule_3_7() -> None:
    """The interrogation card: the questions offered (kept per asker, player order, races and
    prediction) are exactly ``legal_questions`` at that position."""
    config = RexConfig(players=5, content_overrides={"strategy_cards.interrogation.count": 8})
    asked = 0
    for seed in range(3):
        for game, state, seat, _ in random_positions(config, seed):
            if state.step != INTERROGATE:
                continue
            t = game.ctx.t
            names = (t.card_ids, t.leader_ids, t.race_ids)
            expected = [
                A.Ask(q, FACT_KINDS[k], str(w) if k == FACT_ROUND else names[k][w])
                for q, k, w in cards.legal_questions(game.ctx, state, seat)
            ]
            assert list(game.legal_actions(state, seat)) == expected
            asked += 1
    assert asked > 3


def test_battles_and_dials_are_offered_as_the_rules_define_them_rule_10() -> None:
    """§10.1: a seat's battle areas are the areas but the Council where it and another player have
    units; §10.3 step 2: the dial offers 0 up to ``legal_dials``."""
    dials = 0
    for seed, config in enumerate(CONFIGS):
        for game, state, seat, _ in random_positions(config, seed):
            b = game.ctx.b
            for who in range(config.players):
                expected = tuple(
                    sorted(
                        area
                        for area in range(len(b.area_pieces))
                        if area != b.council
                        and who in {st[1] for st in state.stacks if b.piece_area[st[0]] == area}
                        and len({st[1] for st in state.stacks if b.piece_area[st[0]] == area}) > 1
                    )
                )
                assert B.battle_areas(game.ctx, state, who) == expected
            if state.step == BATTLE_PLAN and state.plan_dial[B.side_of(state, seat)] == UNSET:
                expected_dials = [A.SetDial(v) for v in B.legal_dials(game.ctx, state, seat)]
                assert list(game.legal_actions(state, seat)) == expected_dials
                dials += 1
    assert dials > 20
