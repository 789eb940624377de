"""The secret treaty module (RULES §4, §7): §7.4 minimum tests, §4.6 edge cases, §4.5 example."""

from __future__ import annotations

import itertools
import random
from contextlib import AbstractContextManager

import msgspec
import pytest

from turncoat.core.actions import Event, PlayerId, redact
from turncoat.core.errors import IllegalAction, RulesError
from turncoat.core.treaties import (
    Treaties,
    TreatiesRevealed,
    TreatyCard,
    TreatyContents,
    TreatyDiscarded,
    TreatyDiscardedCard,
    TreatyOffered,
    TreatyProfile,
    TreatySettled,
    given_count,
    hand,
    hand_size,
    holders_of,
    home_owner,
    is_treaty_traitor,
    new_treaties,
    numbered_cards,
    offer,
    private_view,
    public_view,
    resolve,
    self_discard,
    settle,
    settle_with,
    view_for,
)

LAZAX, SOL, LETNEV, HACAN, JOLNAR = 0, 1, 2, 3, 4
FACTIONS = {LAZAX: "lazax", SOL: "sol", LETNEV: "letnev", HACAN: "hacan", JOLNAR: "jolnar"}


def card(faction: str, number: int) -> TreatyCard:
    return TreatyCard(faction, number)


def catalogue() -> list[TreatyCard]:
    cards = [c for f in ("sol", "letnev", "hacan", "jolnar") for c in numbered_cards(f, 4)]
    return [*cards, *numbered_cards("lazax", 4)]


class Table:
    """A small host (§7.2): Diplomacy bars pairs, elimination and winners are the table's."""

    def __init__(
        self,
        barred: frozenset[frozenset[PlayerId]] = frozenset(),
        winners: tuple[PlayerId, ...] = (),
        eliminated: frozenset[PlayerId] = frozenset(),
    ) -> None:
        self.barred = barred
        self._winners = winners
        self.eliminated = eliminated
        self.goods: dict[PlayerId, int] = dict.fromkeys(FACTIONS, 2)

    def may_offer(self, giver: PlayerId, receiver: PlayerId) -> str | None:
        if frozenset((giver, receiver)) in self.barred:
            return "Diplomacy bars these two players from each other this round"
        return None

    def transfer(self, giver: PlayerId, receiver: PlayerId, good: str, amount: int) -> None:
        self.goods[giver] -= amount
        self.goods[receiver] += amount

    def winners(self) -> tuple[PlayerId, ...]:
        return self._winners

    def is_eliminated(self, player: PlayerId) -> bool:
        return player in self.eliminated


HOST = Table()


def fresh(profile: TreatyProfile | None = None) -> Treaties:
    return new_treaties(FACTIONS, catalogue(), non_receivers=[LAZAX], profile=profile or TreatyProfile())


def give(
    state: Treaties, giver: PlayerId, receiver: PlayerId, given: TreatyCard, discard: TreatyCard
) -> Treaties:
    state, _ = offer(state, giver, receiver, given, HOST)
    state, _ = resolve(state, receiver, discard)
    return state


def with_hands(hands: dict[PlayerId, list[TreatyCard]], profile: TreatyProfile | None = None) -> Treaties:
    """A mid-game position: the cards not in a hand are in the pile (built through real moves is
    shown by the other tests; here the end-of-game arithmetic is what is tested)."""
    state = fresh(profile)
    return Treaties(
        factions=state.factions,
        hands=tuple((p, tuple(sorted(hands.get(p, [])))) for p, _ in state.hands),
        started_with=state.started_with,
        non_receivers=state.non_receivers,
        profile=state.profile,
    )


def refused(code: str) -> AbstractContextManager[object]:
    return pytest.raises(RulesError, match=f"^{code}:")


# -- §4.1 -----------------------------------------------------------------------------------------
def test_start_each_player_holds_all_own_cards_4_1() -> None:
    state = fresh()
    assert hand(state, SOL) == numbered_cards("sol", 4)
    assert hand(state, LAZAX) == numbered_cards("lazax", 4)
    assert state.pile == ()


def test_numbers_unique_within_a_faction_4_1() -> None:
    with refused("treaty_duplicate_number"):
        new_treaties({SOL: "sol"}, [card("sol", 1), card("sol", 1)])


# -- §7.4 minimum tests ---------------------------------------------------------------------------
def test_7_4_1_hand_size_invariant_after_any_sequence() -> None:
    rng = random.Random(12)
    state = fresh()
    for _ in range(200):
        giver = rng.choice([p for p, _ in state.factions])
        own = [c for c in hand(state, giver) if c.faction == FACTIONS[giver]]
        receivers = [p for p in FACTIONS if p not in (giver, LAZAX)]
        if not own:
            continue
        receiver = rng.choice(receivers)
        state, _ = offer(state, giver, receiver, rng.choice(own), HOST)
        state, _ = resolve(state, receiver, rng.choice([*hand(state, receiver), state.pending.card]))  # type: ignore[union-attr]
        for p, n in state.started_with:
            assert hand_size(state, p) == n - given_count(state, p)  # §4.4 invariant
        held = sum(len(h) for _, h in state.hands) + len(state.pile)
        assert held == len(catalogue())


def test_7_4_2_offer_to_non_receiver_refused() -> None:
    with refused("treaty_non_receiver"):
        offer(fresh(), SOL, LAZAX, card("sol", 1), HOST)


def test_7_4_2_offer_of_foreign_card_refused() -> None:
    state = give(fresh(), HACAN, SOL, card("hacan", 2), card("sol", 4))
    with refused("treaty_foreign_card"):
        offer(state, SOL, LETNEV, card("hacan", 2), HOST)


def test_7_4_2_offer_to_yourself_refused() -> None:
    with refused("treaty_self"):
        offer(fresh(), SOL, SOL, card("sol", 1), HOST)


def test_offer_of_card_not_held_refused_4_2() -> None:
    with refused("treaty_not_in_hand"):
        offer(fresh(), SOL, HACAN, card("hacan", 1), HOST)


def test_second_offer_while_one_pending_refused_4_2() -> None:
    state, _ = offer(fresh(), SOL, HACAN, card("sol", 1), HOST)
    with refused("treaty_pending"):
        offer(state, LETNEV, JOLNAR, card("letnev", 1), HOST)


def test_7_4_3_discard_neither_held_nor_offered_refused() -> None:
    state, _ = offer(fresh(), SOL, HACAN, card("sol", 1), HOST)
    before = state
    with refused("treaty_bad_discard"):
        resolve(state, HACAN, card("letnev", 1))
    assert state == before


def test_only_the_receiver_resolves_4_2() -> None:
    state, _ = offer(fresh(), SOL, HACAN, card("sol", 1), HOST)
    with refused("treaty_not_receiver"):
        resolve(state, SOL, card("sol", 1))
    with refused("treaty_no_pending"):
        resolve(fresh(), HACAN, card("hacan", 1))


def test_7_4_4_traitor_counts_factions_not_cards() -> None:
    state = with_hands({SOL: [card("sol", 1), card("hacan", 1), card("hacan", 2), card("hacan", 3)]})
    assert not is_treaty_traitor(state, SOL)  # several cards of one opponent are not treason
    state = with_hands({SOL: [card("hacan", 1), card("letnev", 4)]})
    assert is_treaty_traitor(state, SOL)


def test_7_4_4_own_cards_never_count() -> None:
    state = with_hands({SOL: [card("sol", 1), card("sol", 2), card("hacan", 4)]})
    assert not is_treaty_traitor(state, SOL)


def test_7_4_5_lowest_number_wins() -> None:
    state = with_hands({SOL: [card("hacan", 3)], LETNEV: [card("hacan", 2)], JOLNAR: [card("hacan", 4)]})
    result, _ = settle(state, [HACAN])
    assert dict(result.allies) == {HACAN: (LETNEV,)}


def test_7_4_5_traitor_with_lowest_card_skipped() -> None:
    state = with_hands({SOL: [card("hacan", 3)], LETNEV: [card("hacan", 1), card("jolnar", 2)]})
    result, _ = settle(state, [HACAN])
    assert result.traitors == (LETNEV,)
    assert dict(result.allies) == {HACAN: (SOL,)}


def test_7_4_5_traitor_with_lowest_card_blocks_when_switch_off() -> None:
    profile = TreatyProfile(traitors_removed_before_lowest=False)
    state = with_hands({SOL: [card("hacan", 3)], LETNEV: [card("hacan", 1), card("jolnar", 2)]}, profile)
    result, _ = settle(state, [HACAN])
    assert dict(result.allies) == {HACAN: ()}


def test_7_4_5_no_holder_winner_wins_alone() -> None:
    result, _ = settle(fresh(), [HACAN])
    assert dict(result.allies) == {HACAN: ()}
    assert result.all_winners == (HACAN,)


def test_7_4_6_several_winners_each_get_an_ally() -> None:
    state = with_hands({SOL: [card("hacan", 2)], LETNEV: [card("jolnar", 3)], LAZAX: [card("lazax", 1)]})
    result, _ = settle(state, [HACAN, JOLNAR])
    assert dict(result.allies) == {HACAN: (SOL,), JOLNAR: (LETNEV,)}


def test_7_4_6_a_winner_is_never_an_ally() -> None:
    state = with_hands({JOLNAR: [card("hacan", 1)], SOL: [card("hacan", 3)]})
    result, _ = settle(state, [HACAN, JOLNAR])
    assert dict(result.allies) == {HACAN: (SOL,), JOLNAR: ()}


def test_7_4_7_third_party_never_sees_numbers_or_discards() -> None:
    state, offered = offer(fresh(), SOL, HACAN, card("sol", 2), HOST)
    state, discarded = resolve(state, HACAN, card("hacan", 4))
    log: list[Event] = [*offered, *discarded]
    for viewer in (LETNEV, JOLNAR, LAZAX, None):
        seen = redact(log, viewer)
        assert [type(e) for e in seen] == [TreatyOffered, TreatyDiscarded]
        assert "number" not in repr(seen)
        assert "card" not in repr(seen).replace("TreatyDiscarded", "")
    third = private_view(state, LETNEV)
    assert third.given == () and third.received == () and third.pending is None
    public = public_view(state)
    assert "number" not in repr(public)
    assert public.offers == ((SOL, HACAN),) and public.pile_size == 1
    assert [type(e) for e in redact(log, SOL)] == [TreatyOffered, TreatyContents, TreatyDiscarded]
    assert [type(e) for e in redact(log, HACAN)] == [
        TreatyOffered,
        TreatyContents,
        TreatyDiscarded,
        TreatyDiscardedCard,
    ]


def test_7_4_8_holders_query_is_not_in_any_player_view() -> None:
    state = give(fresh(), SOL, HACAN, card("sol", 1), card("hacan", 4))
    state = give(state, SOL, LETNEV, card("sol", 2), card("letnev", 4))
    assert holders_of(state, "sol") == (LETNEV, HACAN)
    for viewer in (*FACTIONS, None):
        public, private = view_for(state, viewer)
        assert not hasattr(public, "holders") and (private is None or not hasattr(private, "holders"))
    # the giver knows only what it gave, not whether the receivers kept it
    assert [x.receiver for x in private_view(state, SOL).given] == [HACAN, LETNEV]


# -- §4.4 views -----------------------------------------------------------------------------------
def test_public_view_hand_sizes_and_pending_4_4() -> None:
    state, _ = offer(fresh(), SOL, HACAN, card("sol", 1), HOST)
    sizes = dict(public_view(state).hand_sizes)
    assert sizes[SOL] == 3 and sizes[HACAN] == 4  # the pending card joins the hand in step 4
    assert public_view(state).pending == (SOL, HACAN)
    assert private_view(state, HACAN).pending is not None
    assert private_view(state, LETNEV).pending is None
    counted = new_treaties(FACTIONS, catalogue(), profile=TreatyProfile(pending_counts_in_receiver_hand=True))
    counted, _ = offer(counted, SOL, HACAN, card("sol", 1), HOST)
    assert dict(public_view(counted).hand_sizes)[HACAN] == 5


# -- §4.5 worked example --------------------------------------------------------------------------
def test_4_5_worked_example_hacan_and_sol_win() -> None:
    state = fresh()
    state = give(state, HACAN, SOL, card("hacan", 2), card("sol", 4))
    state = give(state, HACAN, SOL, card("hacan", 4), card("sol", 3))
    state = give(state, HACAN, LETNEV, card("hacan", 1), card("letnev", 4))
    state = give(state, JOLNAR, LETNEV, card("jolnar", 3), card("letnev", 3))
    state = give(state, HACAN, JOLNAR, card("hacan", 3), card("hacan", 3))  # Jol-Nar rejects
    assert hand(state, SOL) == (card("hacan", 2), card("hacan", 4), card("sol", 1), card("sol", 2))
    result, events = settle(state, [HACAN])
    assert result.traitors == (LETNEV,)
    assert dict(result.allies) == {HACAN: (SOL,)}
    assert result.all_winners == (SOL, HACAN)
    assert HACAN not in dict(result.revealed)  # winners need not reveal
    assert isinstance(events[-1], TreatySettled) and all(isinstance(e, TreatiesRevealed) for e in events[:-1])


# -- §4.6 edge cases ------------------------------------------------------------------------------
def test_4_6_1_receive_again_from_same_giver_and_drop_older() -> None:
    state = give(fresh(), HACAN, SOL, card("hacan", 3), card("sol", 4))
    state = give(state, HACAN, SOL, card("hacan", 1), card("hacan", 3))
    assert [c for c in hand(state, SOL) if c.faction == "hacan"] == [card("hacan", 1)]


def test_4_6_2_two_opponents_only_cleaned_by_a_card_of_one_of_them() -> None:
    state = give(fresh(), HACAN, SOL, card("hacan", 3), card("sol", 4))
    state = give(state, LETNEV, SOL, card("letnev", 2), card("sol", 3))
    assert is_treaty_traitor(state, SOL)  # no penalty yet; only at the end
    stuck = give(state, JOLNAR, SOL, card("jolnar", 1), card("jolnar", 1))
    assert is_treaty_traitor(stuck, SOL)  # a card from C cannot clean it
    clean = give(state, HACAN, SOL, card("hacan", 1), card("letnev", 2))
    assert not is_treaty_traitor(clean, SOL)


def test_4_6_3_receiver_always_has_something_to_discard() -> None:
    state = with_hands({HACAN: [card("hacan", 1)], SOL: []})
    state, _ = offer(state, HACAN, SOL, card("hacan", 1), HOST)
    with refused("treaty_bad_discard"):
        resolve(state, SOL, card("sol", 1))
    state, _ = resolve(state, SOL, card("hacan", 1))  # the new card is always discardable
    assert hand(state, SOL) == ()


def test_4_6_4_player_with_no_own_cards_can_receive() -> None:
    state = fresh()
    for n, target in zip(range(1, 5), (HACAN, LETNEV, JOLNAR, HACAN), strict=True):
        state = give(state, SOL, target, card("sol", n), card("sol", n))
    assert hand(state, SOL) == ()
    state = give(state, HACAN, SOL, card("hacan", 2), card("hacan", 2))
    assert hand_size(state, SOL) == 0
    with refused("treaty_not_in_hand"):
        offer(state, SOL, HACAN, card("sol", 1), HOST)  # nothing left to give
    state = give(state, HACAN, SOL, card("hacan", 1), card("hacan", 1))
    assert hand_size(state, SOL) == 0


def test_4_6_5_several_winners_holding_each_others_cards() -> None:
    hands = {JOLNAR: [card("hacan", 1)], SOL: [card("hacan", 2)]}
    ignored, _ = settle(with_hands(hands), [HACAN, JOLNAR])
    assert dict(ignored.allies)[HACAN] == (SOL,)
    slot, _ = settle(
        with_hands(hands, TreatyProfile(winner_holding_other_winner_card="holder_takes_the_slot")),
        [HACAN, JOLNAR],
    )
    assert dict(slot.allies)[HACAN] == ()


def test_4_6_6_lowest_holder_is_traitor_next_eligible_wins() -> None:
    state = with_hands(
        {
            LETNEV: [card("hacan", 1), card("sol", 1)],
            JOLNAR: [card("hacan", 2), card("sol", 2)],
            SOL: [card("hacan", 4)],
        }
    )
    result, _ = settle(state, [HACAN])
    assert result.traitors == (LETNEV, JOLNAR)
    assert dict(result.allies) == {HACAN: (SOL,)}


def test_4_6_7_lazax_win_brings_lowest_lazax_holder_and_lazax_never_ally() -> None:
    state = fresh()
    state = give(state, LAZAX, SOL, card("lazax", 2), card("sol", 4))
    state = give(state, LAZAX, HACAN, card("lazax", 1), card("hacan", 4))
    result, _ = settle(state, [LAZAX])
    assert dict(result.allies) == {LAZAX: (HACAN,)}
    result, _ = settle(with_hands({LAZAX: [card("hacan", 1)]}), [HACAN])  # cannot arise; still no ally
    assert dict(result.allies) == {HACAN: ()}


def test_4_6_8_nobody_wins_treaties_do_nothing() -> None:
    state = give(fresh(), HACAN, SOL, card("hacan", 1), card("sol", 4))
    result, events = settle(state, [])
    assert result.all_winners == () and result.revealed == () and events == ()
    shown, _ = settle(
        with_hands({SOL: [card("hacan", 1), card("letnev", 1)]}, TreatyProfile(reveal_without_winner=True)),
        [],
    )
    assert shown.traitors == (SOL,) and shown.all_winners == ()


def test_4_6_9_home_owner_is_starting_race_unless_switched() -> None:
    default = TreatyProfile()
    assert home_owner(HACAN, SOL, FACTIONS, default) == HACAN
    assert home_owner(HACAN, SOL, [SOL, LETNEV], default) is None  # starting race gone: no offer
    switched = TreatyProfile(home_owner="current_controller")
    assert home_owner(HACAN, SOL, FACTIONS, switched) == SOL


def test_4_6_10_eliminated_holder_is_not_an_ally_by_default() -> None:
    hands = {LETNEV: [card("hacan", 1)], SOL: [card("hacan", 3)]}
    result, _ = settle_with(with_hands(hands), Table(winners=(HACAN,), eliminated=frozenset({LETNEV})))
    assert dict(result.allies) == {HACAN: (SOL,)}
    assert LETNEV in dict(result.revealed)  # eliminated players still reveal
    allowed = with_hands(hands, TreatyProfile(eliminated_can_be_ally=True))
    result, _ = settle(allowed, [HACAN], eliminated=[LETNEV])
    assert dict(result.allies) == {HACAN: (LETNEV,)}
    hidden = with_hands(hands, TreatyProfile(eliminated_reveal=False))
    result, _ = settle(hidden, [HACAN], eliminated=[LETNEV])
    assert LETNEV not in dict(result.revealed)


def test_4_6_11_diplomacy_bars_the_offer() -> None:
    host = Table(barred=frozenset({frozenset({SOL, HACAN})}))
    state = fresh()
    with refused("treaty_refused_by_host"):
        offer(state, SOL, HACAN, card("sol", 1), host)
    after, _ = offer(state, SOL, LETNEV, card("sol", 1), host)
    assert after.pending is not None


def test_4_6_12_giving_the_fourth_treaty_does_not_end_anything() -> None:
    state = fresh()
    for n, target in zip(range(1, 5), (HACAN, LETNEV, JOLNAR, HACAN), strict=True):
        state = give(state, SOL, target, card("sol", n), card(FACTIONS[target], 4 if n < 4 else 3))
    assert given_count(state, SOL) == 4 and state.pending is None
    assert holders_of(state, "sol") == (LETNEV, HACAN, JOLNAR)  # the host's referee-only check


def test_4_6_13_no_operation_shows_a_card_to_a_third_party() -> None:
    state, events = offer(fresh(), SOL, HACAN, card("sol", 1), HOST)
    contents = [e for e in events if isinstance(e, TreatyContents)]
    assert contents and all(e.visible_to == (SOL, HACAN) for e in contents)
    assert all(card("sol", 1) not in private_view(state, p).hand for p in (LETNEV, JOLNAR, LAZAX))


def test_4_6_14_handing_back_a_foreign_card_only_with_fix_a() -> None:
    state = give(fresh(), HACAN, SOL, card("hacan", 1), card("sol", 4))
    with refused("treaty_foreign_card"):
        offer(state, SOL, HACAN, card("hacan", 1), HOST)
    fixed = give(
        fresh(TreatyProfile(allow_return_foreign_card=True)), HACAN, SOL, card("hacan", 1), card("sol", 4)
    )
    with refused("treaty_foreign_card"):
        offer(fixed, SOL, LETNEV, card("hacan", 1), HOST)  # only back to its own faction
    back, _ = offer(fixed, SOL, HACAN, card("hacan", 1), HOST)
    back, _ = resolve(back, HACAN, card("hacan", 1))
    assert not any(c.faction == "hacan" for c in hand(back, SOL))


def test_fix_b_self_discard_only_when_switched_on_7_2() -> None:
    state = give(fresh(), HACAN, SOL, card("hacan", 1), card("sol", 4))
    state = give(state, LETNEV, SOL, card("letnev", 1), card("sol", 3))
    with refused("treaty_fix_b_off"):
        self_discard(state, SOL, card("letnev", 1))
    on = msgspec_replace_profile(state, TreatyProfile(allow_self_home_reshuffle=True))
    with refused("treaty_own_card"):
        self_discard(on, SOL, card("sol", 1))
    cleaned, events = self_discard(on, SOL, card("letnev", 1))
    assert not is_treaty_traitor(cleaned, SOL)
    assert [type(e) for e in redact(events, HACAN)] == [TreatyDiscarded]


def test_max_allies_per_winner_7_2() -> None:
    hands = {SOL: [card("hacan", 3)], LETNEV: [card("hacan", 2)], JOLNAR: [card("hacan", 4)]}
    result, _ = settle(with_hands(hands, TreatyProfile(max_allies_per_winner=2)), [HACAN])
    assert dict(result.allies) == {HACAN: (LETNEV, SOL)}


def test_refusals_change_nothing_for_any_bad_offer() -> None:
    state = fresh()
    for giver, receiver in itertools.product([*FACTIONS, 9], repeat=2):
        for c in (card("sol", 1), card("hacan", 9)):
            try:
                after, _ = offer(state, giver, receiver, c, HOST)
            except IllegalAction as error:
                assert error.code.startswith("treaty_")
            else:
                assert giver == SOL and receiver not in (SOL, LAZAX) and after != state


def msgspec_replace_profile(state: Treaties, profile: TreatyProfile) -> Treaties:
    return msgspec.structs.replace(state, profile=profile)


def test_a_value_that_is_not_a_card_is_malformed_7_1() -> None:
    state = fresh()
    with refused("treaty_not_a_card"):
        offer(state, SOL, HACAN, ("sol", 1), HOST)  # type: ignore[arg-type]
    pending, _ = offer(state, SOL, HACAN, card("sol", 1), HOST)
    with refused("treaty_not_a_card"):
        resolve(pending, HACAN, "sol-1")  # type: ignore[arg-type]


def test_settle_waits_for_the_pending_discard_4_5() -> None:
    state, _ = offer(fresh(), HACAN, SOL, card("hacan", 1), HOST)
    with refused("treaty_pending"):
        settle(state, [HACAN])
    state, _ = resolve(state, SOL, card("sol", 4))
    result, _ = settle(state, [HACAN])
    assert dict(result.allies) == {HACAN: (SOL,)}
