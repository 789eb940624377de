"""Hidden information in a battle (RULES §13.2 step 6, §21.3): face-down cards are sealed until
their skirmish is revealed, blind cards are seen by nobody, and ``determinize`` re-deals what a
seat cannot see without changing what it sees."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from tests.games.starcraft.test_combat import T, Z, battle, play
from turncoat.core.actions import Event
from turncoat.games.starcraft.determinize import redeal_battle_cards
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.observe import HIDDEN_CARD, card_visible, redact_battle
from turncoat.games.starcraft.phases import combat_actions as KA
from turncoat.games.starcraft.state import BATTLE_CARDS, BATTLE_SKIRMISH, Battle, BattleSide, State


def _placed() -> tuple[StarcraftGame, State, list[Event]]:
    """Two skirmishes; the attacker placed a card with a reinforcement on the first and a blind card
    on the second, the defender a card on the first and a blind card on the second."""
    g, state, events = battle(
        {"tarsonis_1": [T("marine"), T("firebat"), Z("zergling"), Z("zergling")]},
        {
            0: (
                ["terran_combat_01", "terran_combat_17", "terran_combat_04"],
                [
                    "terran_combat_05",
                    "terran_combat_06",
                    "terran_combat_07",
                    "terran_combat_08",
                    "terran_combat_09",
                ],
            ),
            1: (["zerg_combat_01"], ["zerg_combat_02", "zerg_combat_03", "zerg_combat_04"]),
        },
        "tarsonis_1",
        owner_pack=True,
    )
    state = play(
        g,
        state,
        [
            KA.PairSkirmish("firebat", "zergling"),
            KA.PlaceCombatCards("terran_combat_01", "terran_combat_17"),
            KA.PlaceCombatCards(None),
            KA.PlaceCombatCards("zerg_combat_01"),
            KA.PlaceCombatCards(None),
        ],
        events,
    )
    assert state.step == BATTLE_SKIRMISH
    return g, state, events


def _battle(state: State) -> Battle:
    assert state.battle is not None
    return state.battle


def test_card_visible() -> None:
    side = BattleSide(front=T("marine"), cards=("terran_combat_01",), placed=True)
    assert card_visible(side, False, 0, 0)  # its owner
    assert not card_visible(side, False, 0, 1) and not card_visible(side, False, 0, None)
    blind = BattleSide(front=T("marine"), cards=("terran_combat_01",), placed=True, blind=True)
    assert not card_visible(blind, False, 0, 0)  # a blind card: not even its owner
    assert card_visible(blind, True, 0, 1)  # revealed: everyone


def test_redact_battle_seals_the_face_down_cards() -> None:
    g, state, _ = _placed()
    b = state.battle
    assert b is not None
    mine, theirs, nobody = (redact_battle(b, v) for v in (0, 1, None))
    assert mine is not None and theirs is not None and nobody is not None
    assert mine.skirmishes[0].attack.cards == ("terran_combat_01", "terran_combat_17")
    assert mine.skirmishes[1].attack.cards == (HIDDEN_CARD,)  # blind: the owner does not know it
    assert theirs.skirmishes[0].attack.cards == (HIDDEN_CARD, HIDDEN_CARD)  # the count, never which
    assert nobody.skirmishes[0].defence.cards == (HIDDEN_CARD,)
    assert mine.skirmishes[0].defence.cards == (HIDDEN_CARD,)
    # the observation carries the redacted battle; the opponent's view shows no card id of ours
    obs = g.observe(state, 1)
    assert obs.battle == theirs
    assert "terran_combat_01" not in repr(obs) and "terran_combat_17" not in repr(obs)


def test_redact_battle_shows_revealed_cards_to_everyone() -> None:
    g, state, events = _placed()
    state = play(g, state, [KA.ResolveSkirmish(0)], events)
    # skirmish 1 is resolved and its cards are in the discard piles; the log shows them to all
    said = g.render_log(events, None)
    assert any(
        line.startswith("Skirmish 1 revealed: Terran combat card 1 and Terran combat card 17")
        for line in said
    )


def test_the_log_names_chosen_cards_only_to_their_owner() -> None:
    g, _, events = _placed()
    own, other = g.render_log(events, 0), g.render_log(events, 1)
    chosen = "Player 1 chose Terran combat card 1 and Terran combat card 17 for skirmish 1."
    assert chosen in own and chosen not in other
    assert "Player 1 places the top card of the deck, blind, face down on skirmish 2." in other
    assert not any("Terran combat card" in line for line in other)


@pytest.mark.parametrize("viewer", [0, 1])
@pytest.mark.parametrize("seed", range(6))
def test_redeal_battle_cards_keeps_what_the_viewer_sees(viewer: int, seed: int) -> None:
    g, state, _ = _placed()
    sampled = g.determinize(state, viewer, seed)
    assert g.observe(sampled, viewer) == g.observe(state, viewer)
    for seat in (0, 1):
        b0, b1 = state.battle, sampled.battle
        assert b0 is not None and b1 is not None

        def cards(s: State, b: object, seat: int = seat) -> Counter[str]:
            p = s.seat(seat)
            placed = [
                c
                for sk in s.battle.skirmishes  # type: ignore[union-attr]
                for side, owner in ((sk.attack, 0), (sk.defence, 1))
                if owner == seat
                for c in side.cards
            ]
            return Counter((*p.hand, *p.combat_deck, *p.combat_discard, *placed))

        assert cards(sampled, b1) == cards(state, b0)  # cards are conserved
    # a reinforcement slot keeps a reinforcement card, a standard slot a standard card
    attack = sampled.battle.skirmishes[0].attack.cards  # type: ignore[union-attr]
    assert attack[1] in ("terran_combat_17",)
    # the sampled battle plays on to its end
    while g.to_act(sampled):
        (seat,) = g.to_act(sampled)
        sampled = g.apply(sampled, seat, g.legal_actions(sampled, seat)[0]).state
    assert sampled.battle is None


def test_redeal_battle_cards_varies_what_is_hidden() -> None:
    g, state, _ = _placed()
    seen = {
        _battle(redeal_battle_cards(g.ctx, state, 1, seed)).skirmishes[0].attack.cards[0]
        for seed in range(20)
    }
    assert len(seen) > 1  # the attacker's face-down standard card could be any of several
    blind = {
        _battle(redeal_battle_cards(g.ctx, state, 0, seed)).skirmishes[1].attack.cards for seed in range(20)
    }
    assert len(blind) > 1  # even its owner does not know its blind card
    no_battle = msgspec.structs.replace(state, battle=None)
    assert redeal_battle_cards(g.ctx, no_battle, 0, 1) == no_battle


def test_cards_placed_are_sealed_before_the_defender_places() -> None:
    g, state, events = battle(
        {"tarsonis_1": [T("marine"), Z("zergling")]},
        {
            0: (
                ["terran_combat_01"],
                ["terran_combat_05", "terran_combat_06", "terran_combat_07", "terran_combat_08"],
            ),
            1: (["zerg_combat_01"], ["zerg_combat_02", "zerg_combat_03"]),
        },
        "tarsonis_1",
    )
    state = play(g, state, [KA.PlaceCombatCards("terran_combat_01")], events)
    assert state.step == BATTLE_CARDS and state.actor == 1
    obs = g.observe(state, 1)
    assert obs.battle is not None and obs.battle.skirmishes[0].attack.cards == (HIDDEN_CARD,)
    assert "terran_combat_01" not in repr(obs)


HAND = ("terran_combat_04", "terran_combat_07", "terran_combat_08", "terran_combat_09")


def _known_placed(known: tuple[str, ...]) -> tuple[StarcraftGame, State]:
    """``_placed`` with the attacker's ``known``: cards the table knew were in its hand (§10.4);
    terran_combat_01 went face down on the first skirmish; 04, 07, 08 and 09 are in its hand."""
    g, state, _ = _placed()
    p = msgspec.structs.replace(state.seat(0), known_hand=known)
    return g, msgspec.structs.replace(state, seats=(p, *state.seats[1:]))


@pytest.mark.parametrize("seed", range(12))
def test_redeal_battle_cards_keeps_known_cards_in_hand_or_their_hidden_slots(seed: int) -> None:
    # 01 was played face down: it is in the hand or the face-down standard slot, never blind
    g, state = _known_placed(("terran_combat_01",))
    sampled = g.determinize(state, 1, seed)
    assert g.observe(sampled, 1) == g.observe(state, 1)
    first = _battle(sampled).skirmishes[0].attack.cards
    assert "terran_combat_01" in (*sampled.seat(0).hand, *first)
    # the whole hand is known and stays; with no room left in it, 01 stays in its slot
    g, state = _known_placed(("terran_combat_01", *HAND))
    sampled = g.determinize(state, 1, seed)
    assert g.observe(sampled, 1) == g.observe(state, 1)
    assert sampled.seat(0).hand == HAND
    assert _battle(sampled).skirmishes[0].attack.cards[0] == "terran_combat_01"


def test_redeal_battle_cards_still_varies_a_known_card_played_face_down() -> None:
    g, state = _known_placed(("terran_combat_01",))
    held = {"terran_combat_01" in g.determinize(state, 1, seed).seat(0).hand for seed in range(30)}
    assert held == {True, False}  # sometimes in the hand, sometimes in the slot


def test_a_revealed_known_card_is_no_longer_known_in_hand() -> None:
    g, state = _known_placed(("terran_combat_01", "terran_combat_04"))
    revealed = g.apply(state, 0, KA.ResolveSkirmish(0)).state
    assert revealed.seat(0).known_hand == ("terran_combat_04",)
    assert revealed.seat(1).known_hand == ()
