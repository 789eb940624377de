"""Hand-computed battles (RULES §13) on the two-player galaxy of ``test_golden``.

Each expected value was worked out by hand from the card values of the placeholder pack (and a
small owner's pack turning Terran card 17 and Zerg card 18 into reinforcement cards) and the unit
data of the sourced pack; the comments give the arithmetic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import msgspec

from tests.games.starcraft.test_combat import T, Z, battle, play
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft.phases import combat as K
from turncoat.games.starcraft.phases import combat_actions as KA
from turncoat.games.starcraft.state import BATTLE_RETREAT, BATTLE_WITHDRAW, Route, State


def _units(state: State, area: str) -> list[tuple[int, str, bool]]:
    return [(u.owner, u.kind, u.cloaked) for u in state.area(area).units]


def _areas(actions: Sequence[object]) -> list[str]:
    return sorted(a.area for a in actions if isinstance(a, KA.RetreatTo | KA.WithdrawTo))


def test_golden_battle_with_support_reinforcement_and_splash() -> None:
    # Raynor (0) attacks Tarsonis CP area (limit 3) with a Firebat, a Goliath and two Marines;
    # the Overmind (1) holds it with two Zerglings and a Defiler (assist).
    g, state, events = battle(
        {
            "tarsonis_1": [
                T("firebat"),
                T("goliath"),
                T("marine"),
                T("marine"),
                Z("zergling"),
                Z("zergling"),
                Z("defiler"),
            ]
        },
        {
            0: (
                ["terran_combat_04", "terran_combat_17", "terran_combat_02", "terran_combat_01"],
                ["terran_combat_05", "terran_combat_10", "terran_combat_12", "terran_combat_14"],
            ),
            1: (["zerg_combat_18", "zerg_combat_01", "zerg_combat_05"], ["zerg_combat_09", "zerg_combat_02"]),
        },
        "tarsonis_1",
        owner_pack=True,
    )
    # step 3: the attacker draws 3 (14, 12, 10 from the top), the defender 1 (card 2)
    assert state.seat(0).hand[-3:] == ("terran_combat_14", "terran_combat_12", "terran_combat_10")
    assert state.seat(1).hand == ("zerg_combat_18", "zerg_combat_01", "zerg_combat_05", "zerg_combat_02")
    state = play(
        g,
        state,
        [
            # step 4: two non-assist defenders -> two skirmishes
            KA.PairSkirmish("firebat", "zergling"),
            KA.PairSkirmish("marine", "zergling"),
            # step 5: attacker first (Goliath, then Marine, sorted), then the Defiler
            KA.AssignSupport(0),
            KA.AssignSupport(1),
            KA.AssignSupport(1),
            # step 6: attacker then defender, skirmish by skirmish
            KA.PlaceCombatCards("terran_combat_04", "terran_combat_17"),
            KA.PlaceCombatCards("terran_combat_02"),
            KA.PlaceCombatCards("zerg_combat_01", "zerg_combat_18"),
            KA.PlaceCombatCards("zerg_combat_02"),
            # step 7: skirmish 1 first; skirmish 2 is then the only one left (not asked)
            KA.ResolveSkirmish(0),
        ],
        events,
    )
    revealed = [e for e in events if isinstance(e, E.SkirmishRevealed)]
    # Skirmish 1: card 4 matches the Firebat (major 6/4), reinforcement 17 matches it (+2/+1), the
    # Goliath supports (1, it targets ground) -> 9 attack, 5 health.  Zerg card 1 matches the
    # Zergling (6/4) with reinforcement 18 (+1/+2) -> 7/6.  9 >= 6 and 7 >= 5: both die.
    assert (revealed[0].attacker_values, revealed[0].defender_values) == ((9, 5), (7, 6))
    # Skirmish 2: card 2 matches the Marine (5/6) + Marine support 1 -> 6/6; Zerg card 2 matches
    # the Zergling (4/6), the Defiler adds nothing (it targets nothing) -> 4/6.  6 >= 6: the Zergling
    # dies; 4 < 6: the Marine lives.
    assert (revealed[1].attacker_values, revealed[1].defender_values) == ((6, 6), (4, 6))
    # step 8: card 4's ground splash (its side destroyed a unit in skirmish 1): the only surviving
    # ground unit of the defender is the Defiler (its choice, forced).
    destroyed = [(e.seat, e.unit, e.why) for e in events if isinstance(e, E.UnitDestroyed)]
    assert destroyed == [
        (1, "zergling", "skirmish"),
        (0, "firebat", "skirmish"),
        (1, "zergling", "skirmish"),
        (1, "defiler", "splash"),
    ]
    # step 9: no defender left, 3 attackers within the limit 3: no retreat; the attacker holds it
    assert _units(state, "tarsonis_1") == [(0, "goliath", False), (0, "marine", False), (0, "marine", False)]
    assert [e.winner for e in events if isinstance(e, E.BattleEnded)] == [0]
    assert (state.step, state.battle) == (K.RETURN_STEP, None)
    # cards: the attacker's 17 and 2 go to the discard after their skirmishes, 4 after the splash
    assert state.seat(0).combat_discard[-3:] == ("terran_combat_17", "terran_combat_02", "terran_combat_04")
    assert state.seat(0).hand == (
        "terran_combat_01",
        "terran_combat_14",
        "terran_combat_12",
        "terran_combat_10",
    )
    assert state.seat(0).combat_deck == ("terran_combat_05",)
    assert state.seat(1).combat_discard[-3:] == ("zerg_combat_01", "zerg_combat_18", "zerg_combat_02")
    assert state.seat(1).hand == ("zerg_combat_05",)
    log = g.render_log(events, None)
    assert (
        "Player 1 attacks Tarsonis (1 CP) with Firebat, Goliath, Marine and Marine; "
        "Player 2 defends with Defiler, Zergling and Zergling." in log
    )
    assert "Player 1 places 2 cards face down on skirmish 1." in log
    assert "Player 2 loses a Defiler in Tarsonis (1 CP) by splash damage." in log
    assert log[-1] == "Player 1 holds Tarsonis (1 CP)."


def test_golden_retreat_to_a_planet_across_a_transport() -> None:
    # Raynor (0) attacks Chau Sara CP area (limit 3) with two Marines and a Vulture; the Overmind
    # holds it with an Ultralisk and a Hydralisk, and a Zergling in Chau Sara's gas area.  Raynor has
    # a transport on route 3 (Braken E <-> Chau Sara W) and a Marine in Braken's mineral area (limit 2).
    g, state, events = battle(
        {
            "chau_sara_1": [T("marine"), T("marine"), T("vulture"), Z("ultralisk"), Z("hydralisk")],
            "chau_sara_2": [Z("zergling")],
            "braken_3": [T("marine")],
        },
        {
            0: (
                ["terran_combat_02", "terran_combat_08"],
                ["terran_combat_01", "terran_combat_03", "terran_combat_05", "terran_combat_06"],
            ),
            1: (["zerg_combat_13"], ["zerg_combat_02", "zerg_combat_05"]),
        },
        "chau_sara_1",
    )
    state = msgspec.structs.replace(
        state,
        routes=tuple(msgspec.structs.replace(r, transports=(0,)) if r.id == 3 else r for r in state.routes),
    )
    assert isinstance(state.routes[3], Route)
    state = play(
        g,
        state,
        [
            KA.PairSkirmish("marine", "ultralisk"),
            KA.PairSkirmish("vulture", "hydralisk"),
            KA.AssignSupport(1),  # the other Marine supports the Vulture
            KA.PlaceCombatCards("terran_combat_02"),
            KA.PlaceCombatCards("terran_combat_08"),
            KA.PlaceCombatCards("zerg_combat_13"),  # the Ultralisk card
            KA.PlaceCombatCards(None),  # blind: the top card, Zerg 2 (card 5 was drawn in step 3)
            KA.ResolveSkirmish(1),
        ],
        events,
    )
    revealed = {e.skirmish: e for e in events if isinstance(e, E.SkirmishRevealed)}
    # Skirmish 2: card 8 matches the Vulture (7/6) + the Marine's support 1 (the Hydralisk is ground)
    # -> 8/6; blind Zerg card 2 is a Zergling card: the Hydralisk uses its minor 4/3.  8 >= 3: the
    # Hydralisk dies; 4 < 6.
    assert revealed[1].defender_cards == ("zerg_combat_02",)
    assert (revealed[1].attacker_values, revealed[1].defender_values) == ((8, 6), (4, 3))
    # Skirmish 1: card 2 matches the Marine (5/6); card 13 matches the Ultralisk (7/9).  5 < 9;
    # 7 >= 6: the Marine dies.
    assert (revealed[0].attacker_values, revealed[0].defender_values) == ((5, 6), (7, 9))
    # §13.9: survivors on both sides, a non-assist defender: the attacker retreats everything.
    # Chau Sara's other areas are enemy areas (a Zergling; the Overmind's base); across route 3
    # all of Braken: its CP area (4), its gas area (3) and its mineral area (room for 1 more).
    assert state.step == BATTLE_RETREAT
    assert _areas(g.legal_actions(state, 0)) == ["braken_1", "braken_2", "braken_3"]
    state = play(g, state, [KA.RetreatTo("braken_3"), KA.ChooseRetreatingUnit("vulture")], events)
    # only one of the two fits: the Vulture goes, the Marine cannot retreat and is destroyed
    assert _units(state, "braken_3") == [(0, "marine", False), (0, "vulture", False)]
    assert _units(state, "chau_sara_1") == [(1, "ultralisk", False)]
    assert [(e.seat, e.unit, e.why) for e in events if isinstance(e, E.UnitDestroyed)] == [
        (1, "hydralisk", "skirmish"),
        (0, "marine", "skirmish"),
        (0, "marine", "retreat"),
    ]
    assert [e.winner for e in events if isinstance(e, E.BattleEnded)] == [1]
    assert "Player 1 retreats Vulture to Braken (1 mineral)." in g.render_log(events, None)


def test_golden_cloaked_units_against_a_detector() -> None:
    # Raynor (0) attacks Tarsonis CP area with two Marines and a Science Vessel (assist, detector);
    # the Overmind's burrowed (cloaked) Zergling and Hydralisk hold it.
    g, state, events = battle(
        {
            "tarsonis_1": [
                T("marine"),
                T("marine"),
                T("science_vessel"),
                Z("zergling", True),
                Z("hydralisk", True),
            ]
        },
        {
            0: (
                ["terran_combat_01", "terran_combat_03"],
                ["terran_combat_05", "terran_combat_14", "terran_combat_15", "terran_combat_16"],
            ),
            1: (["zerg_combat_03"], ["zerg_combat_09", "zerg_combat_02"]),
        },
        "tarsonis_1",
    )
    state = play(
        g,
        state,
        [
            KA.PairSkirmish("marine", "zergling", defender_cloaked=True),  # the last pair is forced
            KA.AssignSupport(0),  # the Science Vessel supports skirmish 1 (the Zergling's)
            KA.PlaceCombatCards("terran_combat_01"),
            KA.PlaceCombatCards("terran_combat_03"),
            KA.PlaceCombatCards("zerg_combat_03"),
            KA.PlaceCombatCards("zerg_combat_02"),
            KA.ResolveSkirmish(0),
        ],
        events,
    )
    # Skirmish 1: card 1 (Marine 6/4) vs card 3 (Zergling 5/5): 6 >= 5, the Zergling is hit and the
    # Science Vessel detects it: destroyed.  5 >= 4: the Marine dies.
    # Skirmish 2: card 3 (Marine 6/5) vs Zerg card 2 on a Hydralisk (minor 4/3): 6 >= 3, the
    # Hydralisk is hit but no detector is in its skirmish: it withdraws.  4 < 5: the Marine lives.
    assert state.step == BATTLE_WITHDRAW
    # a friendly or empty area of Tarsonis with room: both others are empty
    assert [a.area for a in g.legal_actions(state, 1)] == ["tarsonis_2", "tarsonis_3"]  # type: ignore[union-attr]
    state = play(g, state, [KA.WithdrawTo("tarsonis_3")], events)
    assert [(e.seat, e.unit, e.why) for e in events if isinstance(e, E.UnitDestroyed)] == [
        (1, "zergling", "skirmish"),
        (0, "marine", "skirmish"),
    ]
    assert _units(state, "tarsonis_3") == [(1, "hydralisk", True)]
    assert _units(state, "tarsonis_1") == [(0, "marine", False), (0, "science_vessel", False)]
    assert [e.winner for e in events if isinstance(e, E.BattleEnded)] == [0]
    assert "Player 2's cloaked Hydralisk withdraws to Tarsonis (2 minerals)." in g.render_log(events, None)
    # every unit is accounted for
    assert Counter(u.kind for a in state.areas for u in a.units if a.id.startswith("tarsonis")) == Counter(
        {"marine": 1, "science_vessel": 1, "hydralisk": 1}
    )
