"""The heuristic bot's combat cards with keywords (RULES §13.3, §13.4, §13.7): it plays a keyword
card where the keyword acts (a vs. that names the opposing unit, a cancel, granted cloaking that
saves its front-line unit, granted detection that catches a cloaked enemy) and not where it does
not, from its own observation only.

The battles are those of ``test_combat_keywords`` (Terran seat 0 against Zerg seat 1 in Tarsonis 1;
each hand also holds the cards the battle draws: Terran 5, 8, 9 and Zerg 7, 8, 16, whose values
for these units are their minor 4/3).
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from tests.games.starcraft.test_combat import T, Z, play
from tests.games.starcraft.test_combat_keywords import _fight
from turncoat.games.starcraft.card_worth import SkirmishView, expected_opposing, placement_worth
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.phases import combat_actions as KA
from turncoat.games.starcraft.state import State, with_seat


def choose(g: StarcraftGame, s: State, seat: int) -> Any:
    return g.heuristic_policy().choose(g.observe(s, seat), g.legal_actions(s, seat), random.Random(0))


@pytest.mark.parametrize(
    ("zerg", "card"),
    [
        # Charon Boosters (Goliath 6/6, +3 attack vs. flying) is 9/6 = 15 against a Mutalisk, more
        # than Goliath card 11 (6/8 = 14)
        ("mutalisk", "charon_boosters"),
        # against a ground Ultralisk it stays 6/6 = 12: card 11 is better
        ("ultralisk", "terran_combat_11"),
    ],
)
def test_placement_worth_plays_a_vs_card_against_the_unit_it_names(zerg: str, card: str) -> None:
    g, s, _ = _fight([T("goliath"), Z(zerg)], (["charon_boosters", "terran_combat_11"], ["zerg_combat_15"]))
    assert (s.step, s.actor) == ("battle_cards", 0)
    assert choose(g, s, 0) == KA.PlaceCombatCards(card)


@pytest.mark.parametrize(("pack", "card"), [(True, "terran_combat_01"), (False, "terran_combat_02")])
def test_placement_worth_values_a_cancel_by_the_opposing_card(pack: bool, card: str) -> None:
    # Marine card 1 (6/4 = 10) against card 2 (5/6 = 11): where an owner's pack makes card 1 cancel
    # the opposing standard card (worth about the Zerg deck's mean, 7 or more) the bot plays it
    g, s, _ = _fight(
        [T("marine"), Z("zergling")],
        (["terran_combat_01", "terran_combat_02"], ["zerg_combat_01"]),
        pack=pack,
    )
    assert choose(g, s, 0) == KA.PlaceCombatCards(card)


@pytest.mark.parametrize(("detector", "burrow"), [(False, "burrow"), (True, None)])
def test_placement_worth_cloaks_a_threatened_unit_no_detector_sees(
    detector: bool, burrow: str | None
) -> None:
    # the Zerg attacks with a Zergling and Zergling card 1 (6/4): the Terran's expected attack
    # reaches 4, so Burrow (no values, cloaking) saves the Zergling, worth more than the card it
    # costs; a Science Vessel (a detector) supporting the Marine makes Burrow worth nothing
    units = [T("marine"), *([T("science_vessel")] if detector else []), Z("zergling")]
    g, s, _ = _fight(units, (["terran_combat_02"], ["zerg_combat_01", "burrow"]), attacker=1)
    assert (s.step, s.actor) == ("battle_cards", 1)
    assert choose(g, s, 1) == KA.PlaceCombatCards("zerg_combat_01", burrow)


@pytest.mark.parametrize(
    ("cloaked", "detector", "ensnare"),
    [(True, False, "ensnare"), (True, True, None), (False, False, None)],
)
def test_placement_worth_detects_a_cloaked_enemy_no_detector_of_its_own_sees(
    cloaked: bool, detector: bool, ensnare: str | None
) -> None:
    # the Zerg attacks a Ghost with a Zergling; its hand is Zergling card 4 (6/6 = 12), card 2
    # (4/6) and Ensnare (+1/+1, detection), so few cards that a reinforcement spent costs 3: Ensnare
    # alone is not worth it.  Against a Ghost cloaked by its type it is: a hit then destroys the
    # Ghost instead of letting it withdraw.  A detector supporting the Zergling (a Science Vessel)
    # already does that, and an uncloaked Ghost needs no detection.
    units = [Z("zergling"), *([Z("science_vessel")] if detector else []), T("ghost", cloaked)]
    hand = ("zerg_combat_04", "zerg_combat_02", "ensnare")
    g, s, _ = _fight(units, (["terran_combat_02"], list(hand)), attacker=1)
    s = with_seat(s, 1, msgspec.structs.replace(s.seat(1), hand=hand))  # not the battle's draws
    assert (s.step, s.actor) == ("battle_cards", 1)
    assert s.battle is not None and s.battle.skirmishes[0].attack.front == Z("zergling")
    assert choose(g, s, 1) == KA.PlaceCombatCards("zerg_combat_04", ensnare)


def test_placement_worth_adds_the_gains_that_apply() -> None:
    g, _, _ = _fight([T("goliath"), Z("mutalisk")], (["charon_boosters"], ["zerg_combat_15"]))
    view = SkirmishView(
        front="goliath",
        enemy_front="mutalisk",
        attacking=True,
        cloaked=False,
        enemy_detects=False,
        enemy_support=0,
        front_value=4.0,
    )
    none = expected_opposing(g.ctx, "zerg", "mutalisk", 0)  # the opponent placed no card
    assert placement_worth(g.ctx, ["charon_boosters"], view, none) == 15.0  # 6 + 3 attack, 6 health
    ground = msgspec.structs.replace(view, enemy_front="ultralisk")
    assert placement_worth(g.ctx, ["charon_boosters"], ground, none) == 12.0
    assert placement_worth(g.ctx, ["terran_combat_14"], view, none) == 7.0  # a Wraith card: minor 4/3


def test_expected_opposing_reads_only_the_count_of_placed_cards() -> None:
    g, _, _ = _fight([T("goliath"), Z("mutalisk")], (["charon_boosters"], ["zerg_combat_15"]))
    one, two, unknown = (expected_opposing(g.ctx, "zerg", "mutalisk", n) for n in (1, 2, None))
    assert (one.standard_odds, one.reinforcement_odds) == (1.0, 0.0)
    assert (two.standard_odds, two.reinforcement_odds) == (1.0, 1.0)
    assert 0.0 < unknown.reinforcement_odds < 1.0
    assert one.standard == two.standard and one.standard[0] >= 4.0  # at least the minor 4/3


@pytest.mark.parametrize("zerg_card", ["zerg_combat_15", "zerg_combat_13"])
def test_the_card_choice_never_reads_the_opposing_cards(zerg_card: str) -> None:
    """RULES §13.2 step 6, §21.3: the Zerg attacks and places a card face down first; whichever it
    is, and whatever the rest of its hand, the Terran's choice is the same."""
    g, s, events = _fight(
        [T("goliath"), Z("mutalisk")],
        (["charon_boosters", "terran_combat_11"], ["zerg_combat_15", "zerg_combat_13"]),
        attacker=1,
    )
    s = play(g, s, [KA.PlaceCombatCards(zerg_card)], events)
    assert (s.step, s.actor) == ("battle_cards", 0)
    expected = KA.PlaceCombatCards("charon_boosters")  # the Mutalisk flies
    assert choose(g, s, 0) == expected
    hand = ("zerg_combat_16",) * len(s.seat(1).hand)  # its size is public, its cards are not
    redealt = with_seat(s, 1, msgspec.structs.replace(s.seat(1), hand=hand))
    assert g.observe(redealt, 0) == g.observe(s, 0)
    assert choose(g, redealt, 0) == expected
    world = g.determinize(s, 0, 11)
    assert choose(g, world, 0) == expected


def test_the_heuristic_values_a_technology_keyword_against_the_enemy_units() -> None:
    """RULES §10.3, §13.7: Charon Boosters is worth more to research against flying enemies."""
    g, s, _ = _fight([T("goliath"), Z("mutalisk")], (["charon_boosters"], ["zerg_combat_15"]))
    policy = g.heuristic_policy()
    obs = g.observe(s, 0)
    flying = {a.id: a for a in obs.areas}
    ground = {
        a.id: msgspec.structs.replace(
            a, units=tuple(Z("ultralisk") if u.kind == "mutalisk" else u for u in a.units)
        )
        for a in obs.areas
    }
    assert policy._technology_score(flying, 0, "charon_boosters") > policy._technology_score(
        ground, 0, "charon_boosters"
    )
