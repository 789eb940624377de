"""Per-rule tests of combat (RULES §13), each named after the function of the rule."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from tests.games.starcraft.test_combat import T, Z, _set_up, arena, battle, play
from turncoat.core.actions import Event
from turncoat.core.errors import IllegalAction, NotYourDecision
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft.components import CombatValues
from turncoat.games.starcraft.context import Events
from turncoat.games.starcraft.game import Move, StarcraftGame
from turncoat.games.starcraft.phases import combat as K
from turncoat.games.starcraft.phases import combat_actions as KA
from turncoat.games.starcraft.phases import combat_cards as C
from turncoat.games.starcraft.state import (
    BATTLE_CARDS,
    BATTLE_CASUALTY,
    BATTLE_FRONT_LINE,
    BATTLE_PAIR,
    BATTLE_RETREAT,
    BATTLE_RETREAT_UNIT,
    BATTLE_SKIRMISH,
    BATTLE_SPLASH,
    BATTLE_SUPPORT,
    BATTLE_WITHDRAW,
    NOBODY,
    Battle,
    BattlePick,
    BattleSide,
    Skirmish,
    State,
    Unit,
    with_area,
    with_seat,
)

TERRAN_DECK = (
    "terran_combat_05",
    "terran_combat_06",
    "terran_combat_07",
    "terran_combat_08",
    "terran_combat_09",
)
ZERG_DECK = ("zerg_combat_07", "zerg_combat_08", "zerg_combat_15", "zerg_combat_16")


def _cards(
    hand0: tuple[str, ...] = ("terran_combat_01",), hand1: tuple[str, ...] = ("zerg_combat_01",)
) -> dict[int, tuple[tuple[str, ...], tuple[str, ...]]]:
    return {0: (hand0, TERRAN_DECK), 1: (hand1, ZERG_DECK)}


def _b(state: State) -> Battle:
    assert state.battle is not None
    return state.battle


# -- combat cards ---------------------------------------------------------------------------------


def test_card_data() -> None:
    g, _ = _set_up(False)
    data = C.card_data(g.ctx, "terran_combat_04")
    assert data is not None and data.number == 4 and data.unit_icons.value == ["firebat"]
    stim = C.card_data(g.ctx, "stim_packs")  # a technology's card plays as a combat card (§10.3)
    assert stim is not None and stim.major.value == CombatValues(7, 3) and stim.major.invented
    assert C.card_data(g.ctx, "summon_archon") is None  # a play-area technology: no combat values


def test_is_reinforcement() -> None:
    plain, _ = _set_up(False)
    owner, _ = _set_up(True)
    assert not C.is_reinforcement(plain.ctx, "terran_combat_17")
    assert C.is_reinforcement(owner.ctx, "terran_combat_17")
    assert not C.is_reinforcement(owner.ctx, "terran_combat_01")


def test_card_matches() -> None:
    g, _ = _set_up(True)
    assert C.card_matches(g.ctx, "terran_combat_01", "marine")
    assert not C.card_matches(g.ctx, "terran_combat_01", "firebat")
    assert C.card_matches(g.ctx, "terran_combat_16", "battlecruiser")
    assert not C.card_matches(g.ctx, "terran_combat_16", "science_vessel")  # assist units never match


def test_card_values() -> None:
    g, _ = _set_up(False)
    assert C.card_values(g.ctx, "terran_combat_04", "firebat") == CombatValues(6, 4)  # major
    assert C.card_values(g.ctx, "terran_combat_04", "marine") == CombatValues(4, 3)  # minor
    assert C.card_values(g.ctx, "unknown_tech", "marine") == C.NO_VALUES


def test_card_ability() -> None:
    g, _ = _set_up(False)
    assert C.card_ability(g.ctx, "terran_combat_04") == "splash_ground"
    assert C.card_ability(g.ctx, "zerg_combat_10") == C.SCOURGE  # the sourced FAQ text wins
    assert C.card_ability(g.ctx, "terran_combat_01") is None


def test_splash_domains() -> None:
    g, _ = _set_up(False)
    assert C.splash_domains(g.ctx, "terran_combat_04") == ("ground",)
    assert C.splash_domains(g.ctx, "protoss_combat_08") == ("ground", "flying")
    assert C.splash_domains(g.ctx, "zerg_combat_10") == ()


def test_reshuffle_if_empty() -> None:
    g, state = _set_up(False)
    state = arena(state, {}, {0: ((), ())})
    before = state.seat(0).combat_discard
    events: Events = []
    after = C.reshuffle_if_empty(g.ctx, state, 0, events)
    assert Counter(after.seat(0).combat_deck) == Counter(before) and after.seat(0).combat_discard == ()
    assert after.rng > state.rng and [type(e) for e in events] == [E.CombatDiscardShuffled]
    full = arena(state, {}, {0: ((), TERRAN_DECK)})
    assert C.reshuffle_if_empty(g.ctx, full, 0, []) == full  # a deck with cards: nothing happens


def test_take_top_card() -> None:
    g, state = _set_up(False)
    state = arena(state, {}, {0: ((), ("terran_combat_05",))})
    events: Events = []
    after, card = C.take_top_card(g.ctx, state, 0, events)
    assert card == "terran_combat_05"
    # the last card was drawn: the discard pile is at once the new deck (EN p.26)
    assert len(after.seat(0).combat_deck) == 17 and after.seat(0).combat_discard == ()
    empty = with_seat(after, 0, msgspec.structs.replace(after.seat(0), combat_deck=(), combat_discard=()))
    assert C.take_top_card(g.ctx, empty, 0, [])[1] is None


def test_draw_combat_cards() -> None:
    g, state = _set_up(False)
    state = arena(state, {}, {0: ((), TERRAN_DECK)})
    events: Events = []
    after = C.draw_combat_cards(g.ctx, state, 0, 3, events)
    assert after.seat(0).hand == ("terran_combat_09", "terran_combat_08", "terran_combat_07")
    drawn, count = events
    assert isinstance(drawn, E.CombatCardsDrawn) and drawn.visible_to == (0,)
    assert isinstance(count, E.CombatCardCount) and count.visible_to is None and count.cards == 3
    bare = with_seat(
        state, 0, msgspec.structs.replace(state.seat(0), combat_deck=("terran_combat_05",), combat_discard=())
    )
    assert C.draw_combat_cards(g.ctx, bare, 0, 3, []).seat(0).hand == ("terran_combat_05",)


def test_discard_cards() -> None:
    g, state = _set_up(False)
    state = arena(state, {}, {0: ((), ())})
    after = C.discard_cards(state, 0, ("x",))
    assert after.seat(0).combat_discard == (*state.seat(0).combat_discard, "x")
    assert C.discard_cards(state, 0, ()) is state


def test_remove_from_hand() -> None:
    g, state = _set_up(False)
    state = arena(state, {}, {0: (("terran_combat_01", "terran_combat_02"), ())})
    assert C.remove_from_hand(state, 0, ("terran_combat_01",)).seat(0).hand == ("terran_combat_02",)


# -- units and areas ------------------------------------------------------------------------------


def test_units_of() -> None:
    _, state = _set_up(False)
    state = arena(state, {"tarsonis_1": [T("marine"), Z("zergling"), T("ghost", True)]})
    assert K.units_of(state, "tarsonis_1", 0) == (T("ghost", True), T("marine"))


def test_is_assist() -> None:
    g, _ = _set_up(False)
    assert K.is_assist(g.ctx, T("science_vessel")) and not K.is_assist(g.ctx, T("marine"))


def test_can_target() -> None:
    g, _ = _set_up(False)
    assert K.can_target(g.ctx, Z("scourge"), T("wraith")) and not K.can_target(
        g.ctx, Z("scourge"), T("marine")
    )
    assert K.can_target(g.ctx, Z("guardian"), T("marine")) and not K.can_target(
        g.ctx, Z("guardian"), T("wraith")
    )
    assert not K.can_target(g.ctx, T("science_vessel"), Z("zergling"))


def test_friendly_or_empty() -> None:
    _, state = _set_up(False)
    state = arena(state, {"tarsonis_2": [T("marine")], "tarsonis_3": [Z("zergling")]})
    assert K.friendly_or_empty(state, "tarsonis_1", 0)  # empty
    assert K.friendly_or_empty(state, "tarsonis_2", 0) and not K.friendly_or_empty(state, "tarsonis_2", 1)
    assert not K.friendly_or_empty(state, "chau_sara_3", 0)  # the Overmind's base


def test_room_for() -> None:
    g, state = _set_up(False)
    state = arena(state, {"braken_3": [T("marine"), Z("zergling")]})
    assert K.room_for(g.ctx, state, "braken_3", 0) == 1 and K.room_for(g.ctx, state, "braken_1", 0) == 4


def test_destroy_unit() -> None:
    g, state, events = battle(
        {"tarsonis_1": [T("marine"), Z("zergling"), Z("zergling")]}, _cards(), "tarsonis_1"
    )
    after = K.destroy_unit(state, Z("zergling"), "splash", events)
    assert K.units_of(after, "tarsonis_1", 1) == (Z("zergling"),) and _b(after).casualties == (Z("zergling"),)
    assert isinstance(events[-1], E.UnitDestroyed) and events[-1].why == "splash"


# -- start and set-up ---------------------------------------------------------------------------


def test_start_battle() -> None:
    g, state, events = battle({"tarsonis_1": [T("marine"), Z("zergling")]}, _cards(), "tarsonis_1")
    # step 3: attacker 3 cards, defender 1; one pair is formed without asking
    assert len(state.seat(0).hand) == 1 + 3 and len(state.seat(1).hand) == 1 + 1
    assert [e.cards for e in events if isinstance(e, E.CombatCardCount)] == [3, 1]
    assert (state.step, state.actor) == (BATTLE_CARDS, 0)
    b = _b(state)
    assert (b.area, b.attacker, b.defender, len(b.skirmishes)) == ("tarsonis_1", 0, 1, 1)


def test_start_battle_special_mobilize_draws_five() -> None:
    g, state, _ = battle({"tarsonis_1": [T("marine"), Z("zergling")]}, _cards(), "tarsonis_1", special=True)
    assert len(state.seat(0).hand) == 1 + 5 and _b(state).special


def test_start_battle_needs_two_sides() -> None:
    g, state = _set_up(False)
    state = arena(state, {"tarsonis_1": [T("marine")]})
    with pytest.raises(ValueError, match="no battle"):
        K.start_battle(g.ctx, state, "tarsonis_1", 0, [])


def _assist_defence() -> tuple[StarcraftGame, State, list[Event]]:
    return battle(
        {"tarsonis_1": [T("marine"), T("marine"), Z("queen"), Z("defiler")]}, _cards(), "tarsonis_1"
    )


def test_all_assist() -> None:
    g, _ = _set_up(False)
    assert K.all_assist(g.ctx, [Z("queen"), Z("defiler")]) and not K.all_assist(
        g.ctx, [Z("queen"), Z("zergling")]
    )


def test_legal_front_line() -> None:
    g, state, _ = _assist_defence()
    assert (state.step, state.actor) == (BATTLE_FRONT_LINE, 1)
    assert K.legal_front_line(g.ctx, state) == (Z("defiler"), Z("queen"))


def test_resolve_choose_front_line() -> None:
    g, state, events = _assist_defence()
    state = play(g, state, [KA.ChooseFrontLine("queen")], events)
    b = _b(state)
    # exactly one skirmish; the other Marine and the Defiler support it (forced)
    assert b.front_line == (None, Z("queen")) and len(b.skirmishes) == 1
    assert b.skirmishes[0].defence.front == Z("queen") and b.skirmishes[0].defence.support == (Z("defiler"),)
    assert b.skirmishes[0].attack.support == (T("marine"),)


def test_eligible_front_line() -> None:
    g, state, _ = _assist_defence()
    assert K.eligible_front_line(g.ctx, state, K.ATTACK) == (T("marine"), T("marine"))
    assert K.eligible_front_line(g.ctx, state, K.DEFENCE) == ()


def test_pair_count() -> None:
    g, state, _ = battle(
        {
            "tarsonis_1": [
                T("marine"),
                T("marine"),
                T("firebat"),
                T("science_vessel"),
                Z("zergling"),
                Z("zergling"),
            ]
        },
        _cards(),
        "tarsonis_1",
    )
    assert K.pair_count(g.ctx, state) == 2  # the Science Vessel (assist) is never paired


def test_legal_pairs() -> None:
    g, state, _ = battle(
        {"tarsonis_1": [T("marine"), T("firebat"), Z("zergling"), Z("hydralisk", True)]},
        _cards(),
        "tarsonis_1",
    )
    assert state.step == BATTLE_PAIR
    assert K.legal_pairs(g.ctx, state) == (
        (T("firebat"), Z("hydralisk", True)),
        (T("firebat"), Z("zergling")),
        (T("marine"), Z("hydralisk", True)),
        (T("marine"), Z("zergling")),
    )


def test_resolve_pair_skirmish() -> None:
    g, state, events = battle(
        {"tarsonis_1": [T("marine"), T("firebat"), Z("zergling"), Z("hydralisk")]}, _cards(), "tarsonis_1"
    )
    state = play(g, state, [KA.PairSkirmish("firebat", "hydralisk")], events)
    fronts = [(s.attack.front.kind, s.defence.front.kind) for s in _b(state).skirmishes]
    assert fronts == [("firebat", "hydralisk"), ("marine", "zergling")]  # the second pair is forced
    assert [e.skirmish for e in events if isinstance(e, E.SkirmishFormed)] == [0, 1]


def _supported() -> tuple[StarcraftGame, State, list[Event]]:
    g, state, events = battle(
        {"tarsonis_1": [T("marine"), T("firebat"), T("goliath"), Z("zergling"), Z("zergling"), Z("queen")]},
        _cards(),
        "tarsonis_1",
    )
    return (
        g,
        play(
            g, state, [KA.PairSkirmish("marine", "zergling"), KA.PairSkirmish("firebat", "zergling")], events
        ),
        events,
    )


def test_next_supporter() -> None:
    g, state, _ = _supported()
    assert state.step == BATTLE_SUPPORT and K.next_supporter(g.ctx, state) == T("goliath")


def test_legal_support() -> None:
    g, state, _ = _supported()
    assert K.legal_support(g.ctx, state) == (0, 1)


def test_resolve_assign_support() -> None:
    g, state, events = _supported()
    state = play(g, state, [KA.AssignSupport(1), KA.AssignSupport(0)], events)
    b = _b(state)
    # the attacker's Goliath first, then the defender's Queen
    assert b.skirmishes[1].attack.support == (T("goliath"),) and b.skirmishes[0].defence.support == (
        Z("queen"),
    )
    assert state.step == BATTLE_CARDS and state.actor == 0


# -- cards ----------------------------------------------------------------------------------------


def _carded() -> tuple[StarcraftGame, State, list[Event]]:
    return battle(
        {"tarsonis_1": [T("marine"), T("firebat"), Z("zergling"), Z("zergling")]},
        _cards(("terran_combat_01", "terran_combat_17", "terran_combat_02"), ("zerg_combat_01",)),
        "tarsonis_1",
        owner_pack=True,
    )


def test_card_skirmish() -> None:
    g, state, events = _carded()
    state = play(g, state, [KA.PairSkirmish("marine", "zergling")], events)
    assert K.card_skirmish(state) == 0
    state = play(g, state, [KA.PlaceCombatCards(None)], events)
    assert K.card_skirmish(state) == 1


def test_legal_card_placements() -> None:
    g, state, events = _carded()
    state = play(g, state, [KA.PairSkirmish("marine", "zergling")], events)
    options = K.legal_card_placements(g.ctx, state)
    standards = [
        "terran_combat_01",
        "terran_combat_02",
        "terran_combat_07",
        "terran_combat_08",
        "terran_combat_09",
    ]
    assert set(options) == {(None, None)} | {(s, r) for s in standards for r in (None, "terran_combat_17")}
    assert all(s != "terran_combat_17" for s, _ in options)  # a reinforcement card is never alone


def test_resolve_place_combat_cards() -> None:
    g, state, events = _carded()
    state = play(
        g,
        state,
        [KA.PairSkirmish("marine", "zergling"), KA.PlaceCombatCards("terran_combat_01", "terran_combat_17")],
        events,
    )
    side = _b(state).skirmishes[0].attack
    assert side.cards == ("terran_combat_01", "terran_combat_17") and side.placed and not side.blind
    assert "terran_combat_01" not in state.seat(0).hand and "terran_combat_17" not in state.seat(0).hand
    deck = state.seat(0).combat_deck
    state = play(g, state, [KA.PlaceCombatCards(None)], events)
    blind = _b(state).skirmishes[1].attack
    assert blind.blind and blind.cards == (deck[-1],) and state.seat(0).combat_deck == deck[:-1]
    assert (state.step, state.actor) == (BATTLE_CARDS, 1)


def test_legal_skirmishes() -> None:
    g, state, events = _carded()
    state = play(g, state, [KA.PairSkirmish("marine", "zergling")] + [KA.PlaceCombatCards(None)] * 4, events)
    assert state.step == BATTLE_SKIRMISH and K.legal_skirmishes(g.ctx, state) == (0, 1)


def test_standard_from_blind() -> None:
    g, state = _set_up(True)
    state = arena(state, {}, {0: ((), ("terran_combat_05", "terran_combat_02"))})
    events: Events = []
    after, cards, replaced = K.standard_from_blind(g.ctx, state, 0, ("terran_combat_17",), events)
    # the blind reinforcement is discarded and the top card (Terran 2, standard) replaces it
    assert (cards, replaced) == (("terran_combat_02",), ("terran_combat_17",))
    assert after.seat(0).combat_discard[-1] == "terran_combat_17" and after.seat(0).combat_deck == (
        "terran_combat_05",
    )
    assert K.standard_from_blind(g.ctx, state, 0, ("terran_combat_01",), [])[1:] == (
        ("terran_combat_01",),
        (),
    )


def test_standard_from_blind_in_a_battle() -> None:
    g, state, events = battle(
        {"tarsonis_1": [T("marine"), Z("zergling")]},
        {
            0: (
                ("terran_combat_01",),
                (
                    "terran_combat_05",
                    "terran_combat_02",
                    "terran_combat_17",
                    "terran_combat_06",
                    "terran_combat_07",
                    "terran_combat_08",
                ),
            ),
            1: (("zerg_combat_01",), ZERG_DECK),
        },
        "tarsonis_1",
        owner_pack=True,
    )
    # after drawing 8, 7, 6 the top card is reinforcement 17: played blind, it is replaced by 2
    state = play(g, state, [KA.PlaceCombatCards(None), KA.PlaceCombatCards("zerg_combat_01")], events)
    revealed = next(e for e in events if isinstance(e, E.SkirmishRevealed))
    assert revealed.replaced == ("terran_combat_17",) and revealed.attacker_cards == ("terran_combat_02",)
    assert revealed.attacker_values == (5, 6)  # Terran 2 matches the Marine


# -- skirmish values and hits -----------------------------------------------------------------------


def test_has_base_air_support() -> None:
    _, state = _set_up(False)
    assert not K.has_base_air_support(state, 1, "chau_sara_3")
    state = with_seat(state, 1, msgspec.structs.replace(state.seat(1), modules=(("air_support", 1),)))
    assert K.has_base_air_support(state, 1, "chau_sara_3") and not K.has_base_air_support(
        state, 1, "chau_sara_1"
    )


def test_side_values() -> None:
    g, state = _set_up(False)
    b = Battle(area="chau_sara_3", attacker=0, defender=1, special=True)
    wraith = BattleSide(front=T("wraith"), support=(T("firebat"), T("goliath")), cards=("terran_combat_14",))
    queen = BattleSide(front=Z("zergling"), support=(Z("mutalisk"),), cards=("zerg_combat_01",))
    # Wraith card 14 major 8/7; the Goliath adds 1 (targets ground), the Firebat 1 (ground);
    # special Mobilize +1 -> 11/7
    assert K.side_values(g.ctx, state, b, wraith, queen, K.ATTACK) == ((11, 7), ("terran_combat_14",))
    # Zergling card 1 major 6/4; the Mutalisk cannot add against... it targets both: +1 -> 7/4;
    # without Air Support nothing more
    assert K.side_values(g.ctx, state, b, queen, wraith, K.DEFENCE)[0] == (7, 4)
    # the Overmind's base with Air Support in the area: +1 against the flying Wraith
    state = with_seat(state, 1, msgspec.structs.replace(state.seat(1), modules=(("air_support", 1),)))
    assert K.side_values(g.ctx, state, b, queen, wraith, K.DEFENCE)[0] == (8, 4)
    # a Firebat supporter adds nothing against a flying front-line unit
    vs_flyer = BattleSide(front=Z("mutalisk"), cards=("zerg_combat_14",))
    marines = BattleSide(front=T("marine"), support=(T("firebat"),), cards=("terran_combat_01",))
    plain = Battle(area="tarsonis_1", attacker=0, defender=1)
    assert K.side_values(g.ctx, state, plain, marines, vs_flyer, K.ATTACK)[0] == (6, 4)


def _skirmish(
    units: list[Unit], a_card: str, d_card: str, hand0: tuple[str, ...] = ()
) -> tuple[StarcraftGame, State, list[Event]]:
    g, state, events = battle({"tarsonis_1": units}, _cards((a_card, *hand0), (d_card,)), "tarsonis_1")
    if state.step == BATTLE_PAIR:
        a, d = units[0], units[1]
        state = play(g, state, [KA.PairSkirmish(a.kind, d.kind)], events)
    while state.step in (BATTLE_PAIR, BATTLE_SUPPORT):
        (seat,) = g.to_act(state)
        state = play(g, state, [g.legal_actions(state, seat)[0]], events)
    return g, play(g, state, [KA.PlaceCombatCards(a_card), KA.PlaceCombatCards(d_card)], events), events


def test_resolve_resolve_skirmish() -> None:
    # a Firebat (ground only) beats a flying Mutalisk front line: it cannot hit it, so the
    # defender loses a ground supporter of its choice
    g, state, events = _skirmish(
        [T("firebat"), Z("mutalisk"), Z("zergling"), Z("hydralisk")], "terran_combat_04", "zerg_combat_01"
    )
    # Firebat card 4: 6/4; Zerg card 1 on a Mutalisk: minor 4/3 (+ Zergling, Hydralisk support 1 each
    # only if they can target the Firebat: both ground-targeting) -> 6/3.  6 >= 3; 6 >= 4.
    revealed = next(e for e in events if isinstance(e, E.SkirmishRevealed))
    assert (revealed.attacker_values, revealed.defender_values) == ((6, 4), (6, 3))
    assert (state.step, state.actor) == (BATTLE_CASUALTY, 1)
    assert _b(state).picks[0].candidates == (Z("hydralisk"), Z("zergling"))


def test_resolve_resolve_skirmish_nothing_to_target() -> None:
    g, state, events = _skirmish(
        [T("firebat"), Z("mutalisk"), Z("queen")], "terran_combat_04", "zerg_combat_09"
    )
    # the Firebat's strength (6) beats the Mutalisk's minor health 3 but it can target neither the
    # Mutalisk nor the flying Queen: nothing dies on that side; the Mutalisk (4) kills the Firebat (4)
    assert [(e.seat, e.unit) for e in events if isinstance(e, E.UnitDestroyed)] == [(0, "firebat")]


def test_resolve_choose_casualty() -> None:
    g, state, events = _skirmish(
        [T("firebat"), Z("mutalisk"), Z("zergling"), Z("hydralisk")], "terran_combat_04", "zerg_combat_01"
    )
    state = play(g, state, [KA.ChooseCasualty("hydralisk")], events)
    destroyed = [(e.seat, e.unit) for e in events if isinstance(e, E.UnitDestroyed)]
    assert (1, "hydralisk") in destroyed and (0, "firebat") in destroyed
    # the Firebat's card 4 splashes ground (it destroyed a unit): the Zergling, the last ground unit
    assert (1, "zergling") in destroyed
    assert K.units_of(state, "tarsonis_1", 1) == (Z("mutalisk"),)


def test_detects() -> None:
    g, state = _set_up(False)
    b = Battle(area="chau_sara_3", attacker=0, defender=1)
    s = Skirmish(
        attack=BattleSide(front=T("marine"), support=(T("science_vessel"),)),
        defence=BattleSide(front=Z("zergling")),
    )
    assert K.detects(g.ctx, state, b, s, K.ATTACK) and not K.detects(g.ctx, state, b, s, K.DEFENCE)
    state = with_seat(state, 1, msgspec.structs.replace(state.seat(1), modules=(("air_support", 1),)))
    assert K.detects(g.ctx, state, b, s, K.DEFENCE)  # its base with Air Support is in the area


def test_scourge_strikes() -> None:
    # Zerg attack: a Scourge with its own card (10) against a Wraith; the Scourge survives the
    # compare step, so it destroys itself and the flying Wraith (never splash)
    g, state = _set_up(False)
    state = arena(
        state,
        {"tarsonis_1": [Z("scourge"), T("wraith")]},
        {0: (("terran_combat_15",), TERRAN_DECK), 1: (("zerg_combat_10",), ZERG_DECK)},
    )
    events: Events = []
    state = g._settle(K.start_battle(g.ctx, state, "tarsonis_1", 1, events), events)
    # Scourge card 10: 8/5; Wraith card 15 major 6/7: 8 >= 7 the Wraith is hit; 6 >= 5 the Scourge is hit
    s = Skirmish(
        attack=BattleSide(front=Z("scourge"), active=("zerg_combat_10",)),
        defence=BattleSide(front=T("wraith")),
    )
    assert K.scourge_strikes(g.ctx, _b(state), s) == (Z("scourge"), T("wraith"))
    assert K.scourge_strikes(g.ctx, _b(state), msgspec.structs.replace(s, front_hit=(True, False))) == ()
    ground = msgspec.structs.replace(s, defence=BattleSide(front=T("marine")))
    assert K.scourge_strikes(g.ctx, _b(state), ground) == (Z("scourge"),)


def test_scourge_strikes_in_a_battle() -> None:
    g, state = _set_up(False)
    state = arena(
        state,
        {"tarsonis_1": [Z("scourge"), T("wraith")]},
        {0: (("terran_combat_11",), TERRAN_DECK), 1: (("zerg_combat_10",), ZERG_DECK)},
    )
    events: Events = []
    state = g._settle(K.start_battle(g.ctx, state, "tarsonis_1", 1, events), events)
    state = play(
        g, state, [KA.PlaceCombatCards("zerg_combat_10"), KA.PlaceCombatCards("terran_combat_11")], events
    )
    # Scourge 8/5 vs Goliath card 11 on a Wraith (minor 4/3): 8 >= 3 the Wraith dies in the compare
    # step; 4 < 5 the Scourge lives -> its card destroys it at the end of the destroy step
    assert [(e.unit, e.why) for e in events if isinstance(e, E.UnitDestroyed)] == [
        ("wraith", "skirmish"),
        ("scourge", "scourge"),
    ]
    assert [e.winner for e in events if isinstance(e, E.BattleEnded)] == [NOBODY]


def test_end_of_destroy_step() -> None:
    g, state = _set_up(False)
    state = arena(
        state, {"tarsonis_1": [T("ghost", True), T("marine", True), Z("zergling"), Z("hydralisk")]}, _cards()
    )
    events: Events = []
    state = K.start_battle(g.ctx, state, "tarsonis_1", 0, events)
    b = _b(state)
    s = Skirmish(
        attack=BattleSide(front=T("ghost", True)),
        defence=BattleSide(front=Z("zergling")),
        revealed=True,
        doomed=(T("ghost", True), Z("zergling")),
    )
    state = msgspec.structs.replace(state, battle=msgspec.structs.replace(b, skirmishes=(s,)))
    after = K.end_of_destroy_step(g.ctx, state, 0, events)
    # the Zergling dies; the cloaked Ghost meets no detector: it will withdraw
    assert _b(after).casualties == (Z("zergling"),)
    assert _b(after).picks == (BattlePick("withdraw", 0, 0, (T("ghost", True),)),)


def test_withdrawal_areas() -> None:
    g, state = _set_up(False)
    state = arena(
        state,
        {
            "tarsonis_1": [T("ghost", True), Z("zergling")],
            "tarsonis_2": [Z("hydralisk")],
            "tarsonis_3": [T("marine")] * 3,
        },
        _cards(),
    )
    state = msgspec.structs.replace(
        state,
        battle=Battle(
            area="tarsonis_1",
            attacker=1,
            defender=0,
            picks=(BattlePick("withdraw", 0, 0, (T("ghost", True),)),),
        ),
    )
    assert K.withdrawal_areas(g.ctx, state) == ()  # an enemy area and a full one
    state = with_area(state, msgspec.structs.replace(state.area("tarsonis_3"), units=(T("marine"),)))
    assert K.withdrawal_areas(g.ctx, state) == ("tarsonis_3",)


def test_advance_destroys_a_cloaked_unit_with_nowhere_to_withdraw() -> None:
    g, state, events = battle(
        {
            "tarsonis_1": [Z("zergling"), T("ghost", True)],
            "tarsonis_2": [Z("hydralisk")],
            "tarsonis_3": [Z("hydralisk")],
        },
        {0: (("terran_combat_02",), TERRAN_DECK), 1: (("zerg_combat_01",), ZERG_DECK)},
        "tarsonis_1",
        attacker=1,
    )
    state = play(
        g, state, [KA.PlaceCombatCards("zerg_combat_01"), KA.PlaceCombatCards("terran_combat_02")], events
    )
    # Zergling 6/4 vs Marine card 2 on a Ghost (minor 4/3): the Ghost is hit; every other area of
    # Tarsonis is an enemy area, so it is destroyed after all
    assert (0, "ghost") in [(e.seat, e.unit) for e in events if isinstance(e, E.UnitDestroyed)]
    assert not any(isinstance(e, E.UnitWithdrew) for e in events)


def test_resolve_withdraw_to() -> None:
    g, state, events = battle(
        {"tarsonis_1": [Z("zergling"), T("ghost", True)]},
        {0: (("terran_combat_02",), TERRAN_DECK), 1: (("zerg_combat_02",), ZERG_DECK)},
        "tarsonis_1",
        attacker=1,
    )
    # Zergling card 2 (4/6) vs Marine card 2 on a Ghost (minor 4/3): 4 >= 3, the Ghost is hit and
    # withdraws; 4 < 6, the Zergling lives
    state = play(
        g, state, [KA.PlaceCombatCards("zerg_combat_02"), KA.PlaceCombatCards("terran_combat_02")], events
    )
    assert state.step == BATTLE_WITHDRAW and state.actor == 0
    state = play(g, state, [KA.WithdrawTo("tarsonis_2")], events)
    assert state.area("tarsonis_2").units == (T("ghost", True),)
    # the withdrawn unit is not in the area: the attacker's Zergling holds it
    assert [e.winner for e in events if isinstance(e, E.BattleEnded)] == [1]


def test_finish_skirmish() -> None:
    g, state = _set_up(False)
    state = arena(state, {"tarsonis_1": [T("firebat"), T("marine"), Z("zergling")]}, _cards())
    b = Battle(area="tarsonis_1", attacker=0, defender=1)
    hit = Skirmish(
        attack=BattleSide(front=T("firebat"), cards=("terran_combat_04",), active=("terran_combat_04",)),
        defence=BattleSide(front=Z("zergling"), cards=("zerg_combat_01",)),
        revealed=True,
        destroyed=True,
        doomed=(Z("zergling"),),
    )
    state = msgspec.structs.replace(state, battle=msgspec.structs.replace(b, skirmishes=(hit,)))
    after = K.finish_skirmish(g.ctx, state, 0, [])
    # card 4 (matching, splash) is set aside; the Zerg card goes to the discard pile
    assert _b(after).splash == (BattlePick("splash", 1, 0, (), "terran_combat_04", ("ground",)),)
    assert after.seat(1).combat_discard[-1] == "zerg_combat_01" and _b(after).skirmishes[0].resolved
    # a minor card (not matching its unit) or a side that destroyed nothing does not splash
    minor = msgspec.structs.replace(hit, attack=BattleSide(front=T("marine"), cards=("terran_combat_04",)))
    state2 = msgspec.structs.replace(state, battle=msgspec.structs.replace(b, skirmishes=(minor,)))
    assert _b(K.finish_skirmish(g.ctx, state2, 0, [])).splash == ()
    missed = msgspec.structs.replace(hit, doomed=())
    state3 = msgspec.structs.replace(state, battle=msgspec.structs.replace(b, skirmishes=(missed,)))
    after3 = K.finish_skirmish(g.ctx, state3, 0, [])
    assert _b(after3).splash == () and after3.seat(0).combat_discard[-1] == "terran_combat_04"


# -- splash ---------------------------------------------------------------------------------------


def test_order_splash() -> None:
    g, state = _set_up(False)
    both = BattlePick("splash", 1, 0, (), "a", ("ground", "flying"))
    ground = BattlePick("splash", 1, 1, (), "b", ("ground",))
    theirs = BattlePick("splash", 0, 0, (), "c", ("flying",))
    state = msgspec.structs.replace(
        state, battle=Battle(area="tarsonis_1", attacker=0, defender=1, splash=(theirs, both, ground))
    )
    # the attacker's cards (victim: the defender) first, pure before ground/flying
    assert _b(K.order_splash(g.ctx, state)).splash == (ground, both, theirs)


def test_splash_candidates() -> None:
    g, state = _set_up(False)
    state = arena(state, {"tarsonis_1": [T("marine"), Z("zergling"), Z("mutalisk"), Z("queen")]})
    pick = BattlePick("splash", 1, 0, (), "terran_combat_04", ("flying",))
    state = msgspec.structs.replace(
        state, battle=Battle(area="tarsonis_1", attacker=0, defender=1, splash=(pick,))
    )
    assert K.splash_candidates(g.ctx, state) == (Z("mutalisk"), Z("queen"))  # an assist unit may be chosen


def test_resolve_splash_casualty() -> None:
    g, state, events = _skirmish(
        [T("firebat"), Z("zergling"), Z("hydralisk"), Z("ultralisk")], "terran_combat_04", "zerg_combat_04"
    )
    # Firebat card 4: 6/4.  Zergling card 4: 6/6 + Hydralisk 1 + Ultralisk 2 (both target ground) =
    # 9/6.  6 >= 6 the Zergling dies; 9 >= 4 the Firebat dies.  Card 4's ground splash triggers:
    # the defender picks one of its surviving ground units.
    assert (state.step, state.actor) == (BATTLE_SPLASH, 1)
    assert K.splash_candidates(g.ctx, state) == (Z("hydralisk"), Z("ultralisk"))
    state = play(g, state, [KA.ChooseCasualty("ultralisk")], events)
    assert K.units_of(state, "tarsonis_1", 1) == (Z("hydralisk"),)
    assert state.seat(0).combat_discard[-1] == "terran_combat_04"  # discarded after the splash
    assert [e.winner for e in events if isinstance(e, E.BattleEnded)] == [1]


def test_resolve_splash_casualty_is_the_victims_choice() -> None:
    g, state = _set_up(False)
    state = arena(state, {"tarsonis_1": [T("marine"), Z("zergling"), Z("hydralisk")]}, _cards())
    pick = BattlePick("splash", 1, 0, (), "terran_combat_04", ("ground",))
    done = Skirmish(
        attack=BattleSide(front=T("marine"), placed=True),
        defence=BattleSide(front=Z("zergling"), placed=True),
        revealed=True,
        destroyed=True,
        resolved=True,
    )
    b = Battle(
        area="tarsonis_1", attacker=0, defender=1, skirmishes=(done,), splash=(pick,), splash_ready=True
    )
    state = msgspec.structs.replace(state, battle=b, step=BATTLE_SPLASH, actor=1)
    events: Events = []
    after = K.resolve_splash_casualty(g.ctx, state, Z("hydralisk"), events)
    assert [(e.unit, e.why) for e in events if isinstance(e, E.UnitDestroyed)] == [("hydralisk", "splash")]
    assert "terran_combat_04" in after.seat(0).combat_discard
    # §13.9: a Marine and a Zergling survive: the attacker retreats (to Pridewater across its z-axis
    # transport, or the empty areas of Tarsonis)
    assert after.step == BATTLE_RETREAT and after.actor == 0


# -- the end of the battle ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("units", "expected"),
    [
        ([T("marine")] * 5, (0, ((0, 2),))),  # all defenders gone, 2 over the limit of 3
        ([Z("zergling")], (1, ())),
        ([], (NOBODY, ())),
        ([T("marine"), Z("zergling")], (1, ((0, -1),))),
        ([T("marine")] * 4 + [Z("queen")], (0, ((1, -1), (0, 1)))),  # only assist defenders left
        ([T("science_vessel"), Z("queen")], (0, ((1, -1),))),
    ],
)
def test_battle_outcome(units: list[Unit], expected: tuple[int, tuple[tuple[int, int], ...]]) -> None:
    g, state = _set_up(False)
    state = arena(state, {"tarsonis_1": units})
    state = msgspec.structs.replace(state, battle=Battle(area="tarsonis_1", attacker=0, defender=1))
    assert K.battle_outcome(g.ctx, state) == expected


def test_retreat_areas() -> None:
    g, state = _set_up(False)
    state = arena(
        state,
        {"tarsonis_1": [T("marine")], "tarsonis_2": [Z("zergling")], "pridewater_3": [T("vulture")] * 3},
    )
    state = msgspec.structs.replace(state, battle=Battle(area="tarsonis_1", attacker=0, defender=1))
    # Tarsonis 3 (empty), and across Raynor's z-axis transport Pridewater 1 (its base) and 2;
    # Pridewater 3 is full; Chau Sara's route carries only the Overmind's transport
    assert K.retreat_areas(g.ctx, state, 0) == ("tarsonis_3", "pridewater_1", "pridewater_2")
    assert K.retreat_areas(g.ctx, state, 1) == (
        "tarsonis_2",
        "tarsonis_3",
        "chau_sara_1",
        "chau_sara_2",
        "chau_sara_3",
    )


def _over_the_limit() -> tuple[StarcraftGame, State, list[Event]]:
    # five attackers (limit 3 + 2) against a lone Zergling that card values doom
    g, state, events = battle(
        {"tarsonis_1": [T("marine"), T("marine"), T("marine"), T("firebat"), T("vulture"), Z("zergling")]},
        _cards(("terran_combat_16",), ("zerg_combat_14",)),
        "tarsonis_1",
    )
    state = play(g, state, [KA.PairSkirmish("vulture", "zergling")], events)
    while state.step == BATTLE_SUPPORT:
        state = play(g, state, [KA.AssignSupport(0)], events)
    # Battlecruiser card 16 on a Vulture: minor 4/3 + 4 supporters (all target ground) = 8/3;
    # Mutalisk card 14 on a Zergling: minor 4/3.  Both hit: the Zergling and the Vulture die.
    state = play(
        g, state, [KA.PlaceCombatCards("terran_combat_16"), KA.PlaceCombatCards("zerg_combat_14")], events
    )
    return g, state, events


def test_legal_retreating_units() -> None:
    g, state, _ = _over_the_limit()
    # four attackers left over the limit of 3: one must retreat, the attacker's choice
    assert (state.step, state.actor) == (BATTLE_RETREAT_UNIT, 0)
    assert K.legal_retreating_units(g.ctx, state) == (T("firebat"), T("marine"))


def test_resolve_choose_retreating_unit() -> None:
    g, state, events = _over_the_limit()
    state = play(g, state, [KA.ChooseRetreatingUnit("firebat")], events)
    assert state.step == BATTLE_RETREAT and _b(state).retreat_picked == (T("firebat"),)


def test_legal_retreat_areas() -> None:
    g, state, events = _over_the_limit()
    state = play(g, state, [KA.ChooseRetreatingUnit("firebat")], events)
    # Tarsonis' empty areas, and across the z-axis transport all of Pridewater (its base area too)
    assert K.legal_retreat_areas(g.ctx, state) == (
        "tarsonis_2",
        "tarsonis_3",
        "pridewater_1",
        "pridewater_2",
        "pridewater_3",
    )


def test_resolve_retreat_to() -> None:
    g, state, events = _over_the_limit()
    state = play(g, state, [KA.ChooseRetreatingUnit("firebat"), KA.RetreatTo("pridewater_2")], events)
    assert state.area("pridewater_2").units == (T("firebat"),)
    assert K.units_of(state, "tarsonis_1", 0) == (T("marine"),) * 3
    assert state.battle is None and state.step == K.RETURN_STEP


def test_end_battle() -> None:
    g, state, events = _over_the_limit()
    state = play(g, state, [KA.ChooseRetreatingUnit("marine"), KA.RetreatTo("tarsonis_3")], events)
    assert (state.step, state.actor, state.battle) == (K.RETURN_STEP, NOBODY, None)
    assert isinstance(events[-1], E.BattleEnded) and events[-1].winner == 0
    assert g.to_act(state) == frozenset()


def test_advance() -> None:
    # the decisions come in the rulebook's order: pairs, supporters, cards (attacker first),
    # skirmish order, and the forced ones are not asked
    g, state, events = battle(
        {"tarsonis_1": [T("marine"), T("firebat"), T("goliath"), Z("zergling"), Z("hydralisk")]},
        _cards(),
        "tarsonis_1",
    )
    steps = []
    while g.to_act(state):
        steps.append((state.step, state.actor))
        (seat,) = g.to_act(state)
        state = play(g, state, [g.legal_actions(state, seat)[0]], events)
    order = [BATTLE_PAIR, BATTLE_SUPPORT, BATTLE_CARDS, BATTLE_SKIRMISH]
    seen = [s for s, _ in steps if s in order]
    assert seen == sorted(seen, key=order.index) and seen[0] == BATTLE_PAIR
    assert [a for s, a in steps if s == BATTLE_CARDS] == [0, 0, 1, 1]
    assert state.battle is None


def test_start_battle_rejects_bad_input() -> None:
    g, state = _set_up(False)
    state = arena(state, {"tarsonis_1": [T("marine"), Z("zergling")]})
    with pytest.raises(ValueError, match="not an area"):
        K.start_battle(g.ctx, state, "nowhere_9", 0, [])
    with pytest.raises(ValueError, match="not at the table"):
        K.start_battle(g.ctx, state, "tarsonis_1", 7, [])


def test_describe_combat_action() -> None:
    g, _ = _set_up(False)
    assert g.describe_action(KA.PlaceCombatCards("terran_combat_04", "terran_combat_17")) == (
        "play Terran combat card 4 with Terran combat card 17 face down"
    )
    assert g.describe_action(KA.PlaceCombatCards(None)) == "play the top card of the combat deck, blind"
    assert g.describe_action(KA.PairSkirmish("marine", "hydralisk", defender_cloaked=True)) == (
        "pair the Marine with the enemy cloaked Hydralisk"
    )
    assert g.describe_action(KA.WithdrawTo("tarsonis_3")) == "withdraw to Tarsonis (2 minerals)"


def test_battle_decisions_refuse_bad_input() -> None:
    g, state, _ = battle({"tarsonis_1": [T("marine"), Z("zergling")]}, _cards(), "tarsonis_1")
    assert (state.step, state.actor) == (BATTLE_CARDS, 0)
    with pytest.raises(IllegalAction) as wrong:
        g.apply(state, 0, KA.AssignSupport(0))
    assert wrong.value.code == "wrong_step"
    with pytest.raises(IllegalAction):
        g.apply(state, 0, KA.PlaceCombatCards("terran_combat_17"))  # not in hand
    with pytest.raises(IllegalAction):
        g.apply(state, 0, KA.PlaceCombatCards("zerg_combat_01"))  # the opponent's card
    with pytest.raises(NotYourDecision):
        g.apply(state, 1, KA.PlaceCombatCards(None))


def test_battle_actions_events_and_states_survive_a_json_round_trip() -> None:
    g, state, events = _over_the_limit()
    taken: list[Move] = [KA.ChooseRetreatingUnit("firebat"), KA.RetreatTo("pridewater_2")]
    assert state.battle is not None
    mid = msgspec.json.decode(msgspec.json.encode(state), type=State)
    assert mid == state and mid.battle == state.battle
    state = play(g, state, taken, events)
    assert msgspec.json.decode(msgspec.json.encode(taken), type=list[Move]) == taken
    assert all(msgspec.json.decode(msgspec.json.encode(e), type=type(e)) == e for e in events)
