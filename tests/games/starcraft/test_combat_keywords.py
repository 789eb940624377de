"""Combat card keywords (RULES §13.4, §13.7, §13.8): cancel, vs., gain, and cloaking or detection
granted by a card, as data of the content.

The battles are the two-player set-up of ``test_combat`` (Jim Raynor, seat 0, Terran; the
Overmind, seat 1, Zerg).  Cancel has no placeholder Terran or Zerg card, so those skirmishes use
an owner's pack that prints it on deck cards (as a printed pack would, with no code); the others
use the placeholder technologies (a bought technology's copies are combat cards, §10.3).  Every
expected value is worked out by hand in the comments from the packs' cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import msgspec
import pytest

from tests.games.starcraft.helpers import script
from tests.games.starcraft.test_combat import TWO_PLAYER_SETUP, T, Z, arena, play, two_player_game
from turncoat.core.actions import Event
from turncoat.core.errors import InvalidConfig, InvalidContent
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft.components import CardKeywords, Gain, load_content
from turncoat.games.starcraft.context import Events
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.observe import HIDDEN_CARD, redact_battle
from turncoat.games.starcraft.phases import combat as K
from turncoat.games.starcraft.phases import combat_actions as KA
from turncoat.games.starcraft.phases import combat_cards as C
from turncoat.games.starcraft.state import (
    BATTLE_SUPPORT,
    BATTLE_WITHDRAW,
    NOBODY,
    Battle,
    BattleSide,
    Skirmish,
    State,
    Unit,
    with_seat,
)

TERRAN_DECK = ("terran_combat_05", "terran_combat_08", "terran_combat_09")
ZERG_DECK = ("zerg_combat_07", "zerg_combat_08", "zerg_combat_16")


def _printed(value: Any) -> dict[str, Any]:
    return {"value": value, "provenance": "printed", "source": "test"}


# An owner's pack printing keywords on deck cards: Marine card 1 and Zergling card 1 cancel the
# opposing standard card, Zergling card 2 the opposing reinforcement; Terran card 17 becomes a
# +1/+0 Marine/Firebat reinforcement with ground splash.
CANCEL_PACK = {
    "id": "test-cancel",
    "kind": "owner",
    "combat_cards": [
        {
            "id": "terran_combat_01",
            "race": "terran",
            "number": 1,
            "keywords": _printed({"cancel": ["standard"]}),
        },
        {"id": "zerg_combat_01", "race": "zerg", "number": 1, "keywords": _printed({"cancel": ["standard"]})},
        {
            "id": "zerg_combat_02",
            "race": "zerg",
            "number": 2,
            "keywords": _printed({"cancel": ["reinforcement"]}),
        },
        {
            "id": "terran_combat_17",
            "race": "terran",
            "number": 17,
            "kind": _printed("reinforcement"),
            "unit_icons": _printed(["marine", "firebat"]),
            "major": _printed({"attack": 1, "health": 0}),
            "ability": _printed("splash_ground"),
        },
    ],
}


@cache
def _set_up(pack: bool, cancel_order: str) -> tuple[StarcraftGame, State]:
    g = two_player_game(owner_packs=[CANCEL_PACK] if pack else [], combat_cancel_order=cancel_order)
    state, _ = script(g, TWO_PLAYER_SETUP)
    return g, state


def _fight(
    units: Sequence[Unit],
    hands: tuple[Sequence[str], Sequence[str]],
    attacker: int = 0,
    *,
    pack: bool = False,
    cancel_order: str = "attacker_first",
    more: Mapping[str, Sequence[Unit]] = {},
) -> tuple[StarcraftGame, State, list[Event]]:
    """A battle in Tarsonis 1 with these units and hands (a technology card in a hand is one of the
    seat's bought copies), up to its first decision."""
    g, state = _set_up(pack, cancel_order)
    for seat, hand in enumerate(hands):  # bought technologies' copies join the seat's cards
        tech = tuple(c for c in hand if c in g.ctx.t.technology)
        p = state.seat(seat)
        state = with_seat(state, seat, msgspec.structs.replace(p, combat_discard=p.combat_discard + tech))
    state = arena(
        state, {"tarsonis_1": units, **more}, {0: (hands[0], TERRAN_DECK), 1: (hands[1], ZERG_DECK)}
    )
    events: Events = []
    state = K.start_battle(g.ctx, state, "tarsonis_1", attacker, events)
    return g, g._settle(state, events), events


def _pair_and_support(g: StarcraftGame, state: State, a: str, d: str, events: list[Event]) -> State:
    """§13.2 steps 4-5: the attacker pairs ``a`` with ``d``; every other unit supports skirmish 1."""
    state = play(g, state, [KA.PairSkirmish(a, d)], events)
    while state.step == BATTLE_SUPPORT:
        state = play(g, state, [KA.AssignSupport(0)], events)
    return state


def _revealed(events: list[Event]) -> E.SkirmishRevealed:
    return next(e for e in events if isinstance(e, E.SkirmishRevealed))


def _destroyed(events: list[Event]) -> list[tuple[int, str, str]]:
    return [(e.seat, e.unit, e.why) for e in events if isinstance(e, E.UnitDestroyed)]


# -- the rule functions ---------------------------------------------------------------------------


def test_card_keywords() -> None:
    g, _ = _set_up(True, "attacker_first")
    assert C.card_keywords(g.ctx, "terran_combat_01") == CardKeywords(cancel=["standard"])
    assert C.card_keywords(g.ctx, "terran_combat_02") == CardKeywords()  # none printed
    assert C.card_keywords(g.ctx, "cloaking_field") == CardKeywords(grants=["cloaking"])
    assert C.card_keywords(g.ctx, "bunker").gains == [Gain(health=4, when="defending")]


def test_vs_matches() -> None:
    g, _ = _set_up(False, "attacker_first")
    assert C.vs_matches(g.ctx, [], "zergling")  # no vs.: any unit
    assert C.vs_matches(g.ctx, ["flying"], "mutalisk") and not C.vs_matches(g.ctx, ["flying"], "zergling")
    assert C.vs_matches(g.ctx, ["goliath", "vulture"], "vulture")
    assert not C.vs_matches(g.ctx, ["goliath"], "marine")


def test_gain_applies() -> None:
    g, _ = _set_up(False, "attacker_first")
    boost = Gain(health=2, vs=["ground"], when="attacking")  # Metabolic Boost's
    assert C.gain_applies(g.ctx, boost, "marine", attacking=True)
    assert not C.gain_applies(g.ctx, boost, "marine", attacking=False)  # only when attacking
    assert not C.gain_applies(g.ctx, boost, "wraith", attacking=True)  # vs. ground only
    assert C.gain_applies(g.ctx, Gain(attack=1), "wraith", attacking=False)


def test_applying_cards() -> None:
    g, _ = _set_up(False, "attacker_first")
    # the Ghost card and Cloaking Field match a Ghost; on a Marine neither applies
    cards = ("terran_combat_06", "cloaking_field")
    assert K.applying_cards(g.ctx, T("ghost"), cards) == cards
    assert K.applying_cards(g.ctx, T("marine"), cards) == ()


def _pair(
    a_cards: tuple[str, ...], d_cards: tuple[str, ...], a: str = "marine", d: str = "zergling"
) -> Skirmish:
    return Skirmish(
        attack=BattleSide(front=T(a), cards=a_cards), defence=BattleSide(front=Z(d), cards=d_cards)
    )


def test_cancelled_cards() -> None:
    g, _ = _set_up(True, "attacker_first")
    # both cancel the other's standard card: the attacker's first, so the Zerg card never acts
    assert K.cancelled_cards(g.ctx, _pair(("terran_combat_01",), ("zerg_combat_01",))) == (
        (),
        ("zerg_combat_01",),
    )
    # Zergling card 2 cancels reinforcements only: Terran card 17, not the standard card
    both = _pair(("terran_combat_02", "terran_combat_17"), ("zerg_combat_02",))
    assert K.cancelled_cards(g.ctx, both) == (("terran_combat_17",), ())
    # copies of one card share its id: each copy is cancelled, and only once
    copies = _pair(("terran_combat_02", "terran_combat_17", "terran_combat_17"), ("zerg_combat_02",))
    assert K.cancelled_cards(g.ctx, copies) == (("terran_combat_17", "terran_combat_17"), ())
    # a card that does not match its front-line unit cancels nothing (§13.3)
    assert K.cancelled_cards(g.ctx, _pair(("terran_combat_01",), ("zerg_combat_02",), a="ghost")) == ((), ())


def test_cancelled_cards_simultaneous_by_the_option() -> None:
    """RULES §13.4, §13.7 with ``combat_cancel_order="simultaneous"``: every revealed card's cancel
    acts, even that of a card the attacker cancels."""
    g, _ = _set_up(True, "simultaneous")
    assert K.cancelled_cards(g.ctx, _pair(("terran_combat_01",), ("zerg_combat_01",))) == (
        ("terran_combat_01",),
        ("zerg_combat_01",),
    )


def test_granted() -> None:
    g, _ = _set_up(False, "attacker_first")
    side = BattleSide(front=T("ghost"), active=("terran_combat_06", "cloaking_field"))
    assert K.granted(g.ctx, side) == frozenset({"cloaking"})
    assert K.granted(g.ctx, BattleSide(front=Z("zergling"), active=("ensnare",))) == frozenset({"detection"})
    assert (
        K.granted(g.ctx, BattleSide(front=T("ghost"), cards=("cloaking_field",))) == frozenset()
    )  # not applying


def test_is_cloaked() -> None:
    g, _ = _set_up(False, "attacker_first")
    b = Battle(area="tarsonis_1", attacker=0, defender=1)
    s = Skirmish(
        attack=BattleSide(front=T("ghost"), support=(T("marine"),), active=("cloaking_field",)),
        defence=BattleSide(front=Z("zergling"), support=(Z("hydralisk"),)),
    )
    assert K.is_cloaked(g.ctx, b, s, T("ghost"))  # by the card, as the front-line unit
    assert not K.is_cloaked(g.ctx, b, s, T("marine"))  # a supporter is not
    assert not K.is_cloaked(g.ctx, b, s, Z("zergling"))
    assert K.is_cloaked(g.ctx, b, s, Z("hydralisk", True))  # by its type


def test_detects_by_a_card() -> None:
    """RULES §13.7: a card granting detection makes its side detect, with no detector unit."""
    g, state = _set_up(False, "attacker_first")
    b = Battle(area="tarsonis_1", attacker=1, defender=0)
    s = Skirmish(
        attack=BattleSide(front=Z("zergling"), active=("ensnare",)),
        defence=BattleSide(front=T("ghost", True)),
    )
    assert K.detects(g.ctx, state, b, s, K.ATTACK)
    plain = msgspec.structs.replace(s, attack=BattleSide(front=Z("zergling")))
    assert not K.detects(g.ctx, state, b, plain, K.ATTACK)


# -- hand-computed skirmishes ---------------------------------------------------------------------


def test_skirmish_cancel_the_attackers_first() -> None:
    # Marine card 1 (6/4, cancels a standard card) against Zergling card 1 (6/4, cancels too).
    # The attacker's cancel resolves first: the Zerg card is discarded before it acts.  Terran 6/4,
    # Zerg no card 0/0: 6 >= 0, the Zergling dies; 0 < 4, the Marine lives.
    g, state, events = _fight(
        [T("marine"), Z("zergling")], (["terran_combat_01"], ["zerg_combat_01"]), pack=True
    )
    state = play(
        g, state, [KA.PlaceCombatCards("terran_combat_01"), KA.PlaceCombatCards("zerg_combat_01")], events
    )
    r = _revealed(events)
    assert r.cancelled == ("zerg_combat_01",)
    assert (r.attacker_cards, r.defender_cards) == (("terran_combat_01",), ("zerg_combat_01",))  # all shown
    assert (r.attacker_values, r.defender_values) == ((6, 4), (0, 0))
    assert _destroyed(events) == [(1, "zergling", "skirmish")]
    assert "zerg_combat_01" in state.seat(1).combat_discard  # discarded, no effect


def test_skirmish_cancel_simultaneous_by_the_option() -> None:
    # the same cards with combat_cancel_order="simultaneous": both cards are cancelled, 0/0 against
    # 0/0: 0 >= 0 on both sides, both front-line units die
    g, state, events = _fight(
        [T("marine"), Z("zergling")],
        (["terran_combat_01"], ["zerg_combat_01"]),
        pack=True,
        cancel_order="simultaneous",
    )
    state = play(
        g, state, [KA.PlaceCombatCards("terran_combat_01"), KA.PlaceCombatCards("zerg_combat_01")], events
    )
    r = _revealed(events)
    assert r.cancelled == ("terran_combat_01", "zerg_combat_01")
    assert (r.attacker_values, r.defender_values) == ((0, 0), (0, 0))
    assert sorted(_destroyed(events)) == [(0, "marine", "skirmish"), (1, "zergling", "skirmish")]


def test_skirmish_cancel_by_the_defender() -> None:
    # Marine card 2 (5/6, no keyword) against Zergling card 1 (6/4, cancels the standard card): the
    # Terran side has no card, 0/0; the Zergling's 6 >= 0 kills the Marine, 0 < 4 spares it
    g, state, events = _fight(
        [T("marine"), Z("zergling")], (["terran_combat_02"], ["zerg_combat_01"]), pack=True
    )
    play(g, state, [KA.PlaceCombatCards("terran_combat_02"), KA.PlaceCombatCards("zerg_combat_01")], events)
    r = _revealed(events)
    assert r.cancelled == ("terran_combat_02",)
    assert (r.attacker_values, r.defender_values) == ((0, 0), (6, 4))
    assert _destroyed(events) == [(0, "marine", "skirmish")]


@pytest.mark.parametrize(("zerg_card", "cancelled"), [("zerg_combat_02", True), ("zerg_combat_03", False)])
def test_skirmish_cancel_removes_a_splash_card(zerg_card: str, cancelled: bool) -> None:
    # A Marine with Marine card 3 (6/5) and reinforcement 17 (+1/+0, ground splash) against a
    # Zergling supported by a Hydralisk (support 1, it targets ground).
    # Zergling card 2 (4/6) cancels the reinforcement: Terran 6/5, Zerg 4+1 = 5/6: 6 >= 6 kills the
    # Zergling, 5 >= 5 the Marine; the splash card was cancelled, so the Hydralisk lives.
    # Zergling card 3 (5/5) cancels nothing: Terran 6+1 = 7/5, Zerg 5+1 = 6/5: both front-line units
    # die, and the Terran side destroyed a unit with its applying splash card: the Hydralisk (the
    # Zerg's only ground unit left) is destroyed by the splash.
    g, state, events = _fight(
        [T("marine"), Z("zergling"), Z("hydralisk")],
        (["terran_combat_03", "terran_combat_17"], [zerg_card]),
        pack=True,
    )
    state = _pair_and_support(g, state, "marine", "zergling", events)
    state = play(
        g,
        state,
        [KA.PlaceCombatCards("terran_combat_03", "terran_combat_17"), KA.PlaceCombatCards(zerg_card)],
        events,
    )
    r = _revealed(events)
    if cancelled:
        assert r.cancelled == ("terran_combat_17",)
        assert (r.attacker_values, r.defender_values) == ((6, 5), (5, 6))
        assert sorted(_destroyed(events)) == [(0, "marine", "skirmish"), (1, "zergling", "skirmish")]
        assert K.units_of(state, "tarsonis_1", 1) == (Z("hydralisk"),)
    else:
        assert r.cancelled == ()
        assert (r.attacker_values, r.defender_values) == ((7, 5), (6, 5))
        assert (1, "hydralisk", "splash") in _destroyed(events)
    assert "terran_combat_17" in state.seat(0).combat_discard  # discarded either way


@pytest.mark.parametrize(
    ("zerg", "zerg_card", "values", "destroyed"),
    [
        # Charon Boosters (Goliath 6/6, +3 attack vs. flying) against Mutalisk card 15 (7/8): the
        # Mutalisk flies, 9/6: 9 >= 8 kills it, 7 >= 6 kills the Goliath
        ("mutalisk", "zerg_combat_15", ((9, 6), (7, 8)), [(0, "goliath"), (1, "mutalisk")]),
        # against Ultralisk card 13 (7/9), a ground unit: no bonus, 6/6: 6 < 9; 7 >= 6 kills the Goliath
        ("ultralisk", "zerg_combat_13", ((6, 6), (7, 9)), [(0, "goliath")]),
    ],
)
def test_skirmish_vs_flying(
    zerg: str, zerg_card: str, values: tuple[tuple[int, int], ...], destroyed: list[tuple[int, str]]
) -> None:
    g, state, events = _fight([T("goliath"), Z(zerg)], (["charon_boosters"], [zerg_card]))
    play(g, state, [KA.PlaceCombatCards("charon_boosters"), KA.PlaceCombatCards(zerg_card)], events)
    r = _revealed(events)
    assert (r.attacker_values, r.defender_values) == values
    assert sorted((s, u) for s, u, _ in _destroyed(events)) == destroyed


@pytest.mark.parametrize(
    ("attacker", "values", "destroyed"),
    [
        # the Terran defends: Bunker 4/4 gains +4 health -> 4/8 against Zergling card 1 (6/4):
        # 6 < 8 spares the Marine, 4 >= 4 kills the Zergling
        (1, ((6, 4), (4, 8)), [(1, "zergling")]),
        # the Terran attacks: no gain, 4/4 against 6/4: both die
        (0, ((4, 4), (6, 4)), [(0, "marine"), (1, "zergling")]),
    ],
)
def test_skirmish_gain_when_defending(
    attacker: int, values: tuple[tuple[int, int], ...], destroyed: list[tuple[int, str]]
) -> None:
    g, state, events = _fight([T("marine"), Z("zergling")], (["bunker"], ["zerg_combat_01"]), attacker)
    first, second = ("bunker", "zerg_combat_01") if attacker == 0 else ("zerg_combat_01", "bunker")
    play(g, state, [KA.PlaceCombatCards(first), KA.PlaceCombatCards(second)], events)
    r = _revealed(events)
    assert (r.attacker_values, r.defender_values) == values
    assert sorted((s, u) for s, u, _ in _destroyed(events)) == destroyed


def test_skirmish_granted_cloaking_withdraws() -> None:
    # Ghost card 6 (6/4) with Cloaking Field (+0/+0, cloaking) against Zergling card 1 (6/4): both
    # hit; the Zergling dies, the Ghost (cloaked by the card, no Zerg detector) withdraws
    g, state, events = _fight(
        [T("ghost"), Z("zergling")], (["terran_combat_06", "cloaking_field"], ["zerg_combat_01"])
    )
    state = play(
        g,
        state,
        [KA.PlaceCombatCards("terran_combat_06", "cloaking_field"), KA.PlaceCombatCards("zerg_combat_01")],
        events,
    )
    assert (state.step, state.actor) == (BATTLE_WITHDRAW, 0)
    state = play(g, state, [KA.WithdrawTo("tarsonis_2")], events)
    assert state.area("tarsonis_2").units == (T("ghost"),)  # the cloaking ended with the skirmish
    assert _destroyed(events) == [(1, "zergling", "skirmish")]
    assert [e.winner for e in events if isinstance(e, E.BattleEnded)] == [NOBODY]


def test_skirmish_nuke_with_cloaking_field_still_splashes() -> None:
    # §13.8: Nuke (Ghost 9/2, ground splash) with Cloaking Field against Zergling card 1 (6/4) and a
    # supporting Hydralisk (+1): Terran 9/2, Zerg 7/4.  9 >= 4 kills the Zergling; 7 >= 2 hits the
    # Ghost, which withdraws (not destroyed); the Nuke's side destroyed a unit, so it splashes: the
    # Hydralisk, the Zerg's only ground unit left, is destroyed
    g, state, events = _fight(
        [T("ghost"), Z("zergling"), Z("hydralisk")], (["nuke", "cloaking_field"], ["zerg_combat_01"])
    )
    state = _pair_and_support(g, state, "ghost", "zergling", events)
    state = play(
        g,
        state,
        [KA.PlaceCombatCards("nuke", "cloaking_field"), KA.PlaceCombatCards("zerg_combat_01")],
        events,
    )
    r = _revealed(events)
    assert (r.attacker_values, r.defender_values) == ((9, 2), (7, 4))
    state = play(g, state, [KA.WithdrawTo("tarsonis_3")], events)
    assert _destroyed(events) == [(1, "zergling", "skirmish"), (1, "hydralisk", "splash")]
    assert state.area("tarsonis_3").units == (T("ghost"),)


@pytest.mark.parametrize("ensnare", [True, False])
def test_skirmish_granted_detection_strips_cloaking(ensnare: bool) -> None:
    # The Zerg attack a cloaked Ghost.  Zergling card 2 (4/6) against Marine card 2 on the Ghost
    # (minor 4/3): 4 >= 3 hits the Ghost, 4 < 6 spares the Zergling.  With Ensnare (+1/+1,
    # detection) the Zerg side detects: 5/7, and the Ghost is destroyed instead of withdrawing.
    zerg_cards = ("zerg_combat_02", "ensnare" if ensnare else None)
    g, state, events = _fight(
        [Z("zergling"), T("ghost", True)], (["terran_combat_02"], [c for c in zerg_cards if c]), attacker=1
    )
    state = play(
        g,
        state,
        [KA.PlaceCombatCards(*zerg_cards), KA.PlaceCombatCards("terran_combat_02")],
        events,
    )
    r = _revealed(events)
    if ensnare:
        assert (r.attacker_values, r.defender_values) == ((5, 7), (4, 3))
        assert _destroyed(events) == [(0, "ghost", "skirmish")]
        assert not any(isinstance(e, E.UnitWithdrew) for e in events)
    else:
        assert (r.attacker_values, r.defender_values) == ((4, 6), (4, 3))
        assert state.step == BATTLE_WITHDRAW and _destroyed(events) == []


def test_keyword_cards_stay_face_down_and_a_cancel_is_said_to_everyone() -> None:
    """RULES §13.2 step 6, §13.7, §21.3: a keyword card is sealed like any card until the reveal;
    what a cancel discards was revealed, so every reader of the log is told."""
    g, state, events = _fight(
        [T("marine"), Z("zergling")], (["terran_combat_01"], ["zerg_combat_01"]), pack=True
    )
    state = play(g, state, [KA.PlaceCombatCards("terran_combat_01")], events)
    assert state.battle is not None
    sealed = redact_battle(state.battle, 1)
    assert sealed is not None and sealed.skirmishes[0].attack.cards == (HIDDEN_CARD,)
    assert "terran_combat_01" not in str(g.observe(state, 1))
    play(g, state, [KA.PlaceCombatCards("zerg_combat_01")], events)
    for reader in (0, 1, None):
        said = [line for line in g.render_log(events, reader) if line.startswith("Cancelled")]
        assert len(said) == 1 and "discarded with no effect" in said[0], said


# -- content ----------------------------------------------------------------------------------------


def _card_pack(keywords: Any, tech: bool = False) -> dict[str, Any]:
    if tech:
        card = {"placement": "play_area", "unlocks": "archon", "keywords": keywords}
        return {
            "id": "bad",
            "kind": "owner",
            "technologies": [{"id": "summon_archon", "race": "protoss", "card": _printed(card)}],
        }
    record = {"id": "terran_combat_01", "race": "terran", "number": 1, "keywords": _printed(keywords)}
    return {"id": "bad", "kind": "owner", "combat_cards": [record]}


@pytest.mark.parametrize(
    ("keywords", "tech", "code", "words"),
    [
        ({"grants": ["invisibility"]}, False, "schema", "grants"),
        ({"cancel": ["everything"]}, False, "schema", "cancel"),
        ({"cancels": ["standard"]}, False, "schema", "cancels"),
        ({"gains": [{"attack": 2, "when": "always"}]}, False, "schema", "when"),
        ({"gains": [{"attack": 2, "vs": ["vehicles"]}]}, False, "bad_reference", "'vehicles'"),
        ({"gains": [{"attack": 0}]}, False, "bad_reference", "a gain adds"),
        ({"gains": [{"attack": -1, "health": 2}]}, False, "bad_reference", "a gain adds"),
        ({"cancel": ["standard", "standard"]}, False, "bad_reference", "twice"),
        ({"grants": ["cloaking"]}, True, "bad_reference", "play-area"),
    ],
)
def test_check_keywords(keywords: Any, tech: bool, code: str, words: str) -> None:
    """RULES §13.7: a pack's keywords are checked; a bad one is refused with a clear error."""
    with pytest.raises(InvalidContent) as err:
        load_content(owner_packs=[_card_pack(keywords, tech)])
    assert err.value.code == code and words in err.value.message


def test_an_owners_pack_prints_keywords_without_code() -> None:
    content = load_content(owner_packs=[CANCEL_PACK])
    card = next(c for c in content.data.combat_cards if c.id == "zerg_combat_02")
    assert card.keywords is not None and card.keywords.value.cancel == ["reinforcement"]
    assert card.keywords.provenance == "printed"
    # the same through the content_overrides option, refused with the option's error when bad
    with pytest.raises(InvalidConfig) as err:
        two_player_game(content_overrides=_card_pack({"gains": [{"attack": 1, "vs": ["vehicles"]}]}))
    assert err.value.code == "bad_content_overrides" and "'vehicles'" in err.value.message


def test_placeholder_keyword_technologies_are_invented() -> None:
    content = load_content()
    keyed = {
        t.id
        for t in content.data.technologies
        if t.card is not None and t.card.value.keywords != CardKeywords()
    }
    assert keyed == {
        "lockdown",
        "charon_boosters",
        "cloaking_field",
        "bunker",
        "hallucination",
        "metabolic_boost",
        "burrow",
        "ensnare",
    }
    for t in content.data.technologies:
        if t.id in keyed:
            assert t.card is not None and t.card.invented and t.card.note
