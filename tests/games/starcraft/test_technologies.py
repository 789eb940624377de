"""Technologies (RULES §10.1.2, §10.3, §10.4, §13.3; GAPS §3): the Research order's purchase with
Build's payment, all copies into the combat deck shuffled with the discard pile, the special
order's copy to hand, tech-required units, the option ``invented_technologies``, what each seat
sees and the log.  On the 2-player table of ``helpers`` (Raynor seat 0, Overmind seat 1: Zerg, a
base on Chau Sara)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.starcraft.helpers import put, raynor_overmind, seat_with
from turncoat.core.actions import Event
from turncoat.core.errors import IllegalAction, InvalidContent
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import events as E
from turncoat.games.starcraft.components import load_content
from turncoat.games.starcraft.determinize import known_in_hand
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.phases import build, combat_cards, regrouping, research
from turncoat.games.starcraft.phases import combat_actions as KA
from turncoat.games.starcraft.state import (
    BUILD,
    NOBODY,
    PAY,
    RESEARCH_BONUS,
    RESEARCH_DRAW,
    RESEARCH_TECH,
    STEP_EXECUTION,
    ActiveOrder,
    BuildProgress,
    OrderToken,
    PermanentSlot,
    PlayerState,
    Purchase,
    State,
)

G, S0, _ = raynor_overmind()
OFF = raynor_overmind(invented_technologies=False)[0]
CTX = G.ctx
ZERG_TECHS = (  # the content's order: by id
    "burrow",
    "chitinous_plating",
    "consume",
    "dark_swarm",
    "ensnare",
    "guardian_aspect",
    "improved_flyer_attack",
    "metabolic_boost",
    "parasite",
    "plague",
    "spawn_broodling",
)


def funded(state: State, seat: int = 1, minerals: int = 3, gas: int = 3, workers: int = 6) -> State:
    """The seat pays only from printed slots: ``minerals`` and ``gas`` of them, ``workers`` free."""
    slots = (PermanentSlot("minerals", minerals), PermanentSlot("gas", gas))
    return seat_with(state, seat, worker_pool=workers, resource_cards=(), permanent_resources=slots)


def executing(state: State, planet: str, seat: int, kind: str, special: bool = False) -> State:
    token = OrderToken(seat, kind, special)  # type: ignore[arg-type]
    return msgspec.structs.replace(
        state, active_order=ActiveOrder(planet, token), actor=seat, step=STEP_EXECUTION
    )


def at_research(g: StarcraftGame = G, special: bool = False, **money: int) -> State:
    """Seat 1's Research order on Chau Sara at step 2 (the combat cards)."""
    state = executing(funded(S0, **money), "chau_sara", 1, "research", special)
    state = research.begin_research(g.ctx, state, [])
    assert (state.step, state.actor) == (RESEARCH_DRAW, 1)
    return state


def buy(g: StarcraftGame, state: State, tech: str) -> tuple[State, list[Event]]:
    """Draw no cards, buy ``tech`` and pay it resource by resource (the first payment offered)."""
    events: list[Event] = []
    for action in (A.DrawCombatCards(False), A.BuyTechnology(tech)):
        tr = g.apply(state, 1, action)
        state, events = tr.state, events + list(tr.events)
    while state.step == PAY:
        tr = g.apply(state, 1, g.legal_actions(state, 1)[0])
        state, events = tr.state, events + list(tr.events)
    return state, events


# -- §10.3 step 3: which technologies ----------------------------------------------------------------


def test_buyable_technologies_follow_the_option() -> None:
    assert research.buyable_technologies(CTX, S0, 1) == ZERG_TECHS
    assert research.buyable_technologies(OFF.ctx, S0, 1) == ()  # every cost and card is invented
    bought = seat_with(S0, 1, tech_deck=ZERG_TECHS[1:])
    assert research.buyable_technologies(CTX, bought, 1) == ZERG_TECHS[1:]  # Burrow is bought


def test_legal_technologies_are_the_affordable_ones() -> None:
    state = msgspec.structs.replace(funded(S0, minerals=1, gas=0), actor=1)
    assert research.legal_technologies(CTX, state) == ("burrow",)  # 1 mineral, no gas
    state = msgspec.structs.replace(funded(S0, minerals=3, gas=3, workers=0), actor=1)
    assert research.legal_technologies(CTX, state) == ()  # no worker to pay with
    rich = msgspec.structs.replace(funded(S0), actor=1)
    assert research.legal_technologies(CTX, rich) == ZERG_TECHS


def test_resolve_research_draw_offers_the_technology_step_with_the_option_on_only() -> None:
    events: list[Event] = []
    out = research.resolve_research_draw(CTX, at_research(), False, events)
    assert (out.step, out.actor) == (RESEARCH_TECH, 1) and events == []
    options = G.legal_actions(out, 1)
    face = G.presentation()
    assert face.label(A.BuyTechnology("dark_swarm"), G.observe(out, 1)) == (
        "Dark Swarm for 1 mineral and 2 gas: 2 reinforcement cards, Zergling, Hydralisk, Ultralisk +0/+3"
        " (placeholder)"
    )
    assert face.label(A.BuyTechnology("guardian_aspect"), G.observe(out, 1)) == (
        "Guardian Aspect for 1 mineral and 1 gas: lets you build Guardians (placeholder)"
    )
    assert options == (*(A.BuyTechnology(t) for t in ZERG_TECHS), A.BuyTechnology(None))
    assert len(options) <= 300  # a small decision
    strict: list[Event] = []
    done = research.resolve_research_draw(OFF.ctx, at_research(OFF), False, strict)
    assert (done.step, done.actor) == (STEP_EXECUTION, NOBODY)
    assert strict == [E.ResearchSkipped(seat=1, reason="unpriced")]
    broke: list[Event] = []
    research.resolve_research_draw(CTX, at_research(workers=0), False, broke)
    assert broke == [E.ResearchSkipped(seat=1, reason="unaffordable")]
    assert G.render_log(broke, 0) == ["Player 2 can afford no technology."]
    done_all: list[Event] = []
    research.resolve_research_draw(CTX, seat_with(at_research(), 1, tech_deck=()), False, done_all)
    assert G.render_log(done_all, 0) == ["Player 2 has no technology left to buy."]


# -- §10.3 steps 3-4: buying and paying ----------------------------------------------------------------


def test_resolve_buy_technology_pays_with_builds_payment_and_takes_all_copies() -> None:
    start = seat_with(at_research(), 1, combat_discard=("zerg_combat_01", "zerg_combat_02", "zerg_combat_03"))
    before = start.seat(1)
    state, events = buy(G, start, "dark_swarm")  # 1 mineral, 2 gas; 2 copies (sourced)
    p = state.seat(1)
    assert "dark_swarm" not in p.tech_deck and len(p.tech_deck) == len(ZERG_TECHS) - 1
    # step 4: the deck, the discard pile and both copies, shuffled together
    assert Counter(p.combat_deck) == Counter(before.combat_deck) + Counter(before.combat_discard) + Counter(
        {"dark_swarm": 2}
    )
    assert p.combat_discard == () and p.hand == before.hand
    assert p.combat_deck != (*before.combat_deck, *before.combat_discard, "dark_swarm", "dark_swarm")
    # paid through Build's payment step, one resource at a time (the workers come back when the
    # round ends, as here: it was the last order)
    pays = [e for e in events if isinstance(e, E.TechnologyResearched)]
    (bought,) = pays
    assert sorted(bought.paid) == [
        ("permanent", "gas", ""),
        ("permanent", "gas", ""),
        ("permanent", "minerals", ""),
    ]
    assert (bought.technology, bought.copies, bought.placement, bought.invented) == (
        "dark_swarm",
        2,
        "combat",
        True,
    )
    assert state.build is None and state.active_order is None  # the order is over


def test_resolve_buy_technology_none_ends_the_order() -> None:
    state = research.resolve_research_draw(CTX, at_research(), False, [])
    out = research.resolve_buy_technology(CTX, state, None, [])
    assert (out.step, out.actor) == (STEP_EXECUTION, NOBODY) and out.seat(1).tech_deck == ZERG_TECHS
    paying = research.resolve_buy_technology(CTX, state, "plague", [])
    assert paying.step == PAY and paying.build == BuildProgress(
        stage=0, paying=Purchase(research.TECHNOLOGY, "plague", "", 1, 2)
    )


def test_refusal_of_an_unaffordable_technology_changes_nothing() -> None:
    state = G.apply(at_research(minerals=1, gas=0), 1, A.DrawCombatCards(False)).state
    assert G.legal_actions(state, 1) == (A.BuyTechnology("burrow"), A.BuyTechnology(None))
    kept = msgspec.json.encode(state)
    with pytest.raises(IllegalAction) as refused:
        G.apply(state, 1, A.BuyTechnology("chitinous_plating"))  # 2 minerals, 1 gas
    assert refused.value.code == "illegal"
    assert "you cannot pay its 2 minerals and 1 gas" in str(refused.value)
    assert msgspec.json.encode(state) == kept
    with pytest.raises(IllegalAction) as foreign:
        G.apply(state, 1, A.BuyTechnology("stim_packs"))  # a Terran technology
    assert "not in your technology deck" in str(foreign.value)
    assert research.refusal(CTX, state, "burrow") == ""


def test_the_special_build_discount_never_applies_to_a_technology() -> None:
    state = at_research(special=True)
    state = research.resolve_research_draw(CTX, state, False, [])
    state = research.resolve_buy_technology(CTX, state, "plague", [])
    assert all(p.source != "discount" for p in build.legal_payments(CTX, state))


def test_technology_paid_puts_a_play_area_card_in_front_of_its_owner() -> None:
    state = msgspec.structs.replace(at_research(), actor=1)
    due = Purchase(research.TECHNOLOGY, "guardian_aspect", "", 0, 0)
    events: list[Event] = []
    out = research.technology_paid(CTX, state, due, (), (), events)
    p = out.seat(1)
    assert p.play_area == ("guardian_aspect",) and "guardian_aspect" not in p.tech_deck
    assert p.combat_deck == state.seat(1).combat_deck  # nothing shuffled in
    assert isinstance(events[0], E.TechnologyResearched) and events[0].placement == "play_area"
    assert (out.step, out.actor) == (STEP_EXECUTION, NOBODY)


# -- §10.4: the special Research order ----------------------------------------------------------------


def test_finish_research_of_a_special_order() -> None:
    state = at_research(special=True)
    events: list[Event] = []
    out = research.finish_research(CTX, state, None, events)  # nothing bought: the extra event card
    assert len(out.seat(1).pending_events) == 2 and out.step == STEP_EXECUTION
    asked = research.finish_research(CTX, state, "plague", [])
    assert (asked.step, asked.actor) == (RESEARCH_BONUS, 1)
    assert (
        asked.build is not None and asked.build.paying is not None and asked.build.paying.target == "plague"
    )
    plain = research.finish_research(CTX, at_research(), "plague", [])
    assert plain.step == STEP_EXECUTION and len(plain.seat(1).pending_events) == 1


def test_legal_research_bonus_is_the_event_card_or_a_copy() -> None:
    state, _ = buy(G, at_research(special=True), "ensnare")
    assert state.step == RESEARCH_BONUS
    assert research.legal_research_bonus(CTX, state) == (A.ResearchBonus(False), A.ResearchBonus(True))
    assert G.legal_actions(state, 1) == (A.ResearchBonus(False), A.ResearchBonus(True))


def test_resolve_research_bonus_one_copy_to_hand_or_the_extra_event_card() -> None:
    state, _ = buy(G, at_research(special=True), "ensnare")  # 3 copies (invented)
    hand, events_before = state.seat(1).hand, len(state.seat(1).pending_events)
    tr = G.apply(state, 1, A.ResearchBonus(True))
    p = tr.state.seat(1)
    assert p.hand == (*hand, "ensnare") and Counter(p.combat_deck)["ensnare"] == 2
    assert len(p.pending_events) == events_before  # no extra event card
    assert E.TechnologyToHand(seat=1, technology="ensnare") in tr.events
    other = G.apply(state, 1, A.ResearchBonus(False)).state.seat(1)
    assert Counter(other.combat_deck)["ensnare"] == 3 and other.hand == hand
    assert len(other.pending_events) == events_before + 1


# -- §10.1.2: tech-required units ----------------------------------------------------------------------


def test_tech_units_need_the_technology() -> None:
    assert build.tech_units(CTX, S0, 1) == ()
    owned = seat_with(S0, 1, tech_deck=tuple(t for t in ZERG_TECHS if t != "guardian_aspect"))
    assert build.tech_units(CTX, owned, 1) == ("guardian",)
    assert build.tech_units(CTX, owned, 0) == ()  # Raynor owns no Summon Archon (and is Terran)


def _guardian_table(state: State = S0) -> State:
    state = seat_with(state, 1, tech_deck=tuple(t for t in ZERG_TECHS if t != "guardian_aspect"))
    state = funded(state, gas=2)
    return put(put(state, "braken_1", [(1, "mutalisk")]), "braken_2", [(1, "zergling")])


def test_tech_unit_areas_are_where_the_units_it_is_made_from_are() -> None:
    state = _guardian_table()
    assert build.tech_unit_areas(CTX, state, 1, "braken") == (("guardian", "braken_1"),)
    assert build.tech_unit_areas(CTX, seat_with(state, 1, tech_deck=ZERG_TECHS), 1, "braken") == ()
    assert build.tech_unit_areas(CTX, state, 1, "pridewater") == ()  # no Mutalisk there


def test_consume_units_takes_the_units_it_is_made_from() -> None:
    state = put(_guardian_table(), "braken_2", [(1, "mutalisk"), (1, "zergling")])
    out = build.consume_units(CTX, state, 1, "guardian", "braken_2")  # its own area first
    assert [u.kind for u in out.area("braken_2").units] == ["zergling"]
    assert [u.kind for u in out.area("braken_1").units] == ["mutalisk"]
    assert build.consume_units(CTX, state, 1, "mutalisk", "braken_2") == state  # a plain unit


def test_a_tech_required_unit_is_built_without_a_base_once_owned() -> None:
    state = executing(_guardian_table(), "braken", 1, "build")
    state = build.begin_build(CTX, state, [])
    assert state.build == BuildProgress(stage=1)  # no base on Braken, but a Guardian can be made
    options = build.legal_build_options(CTX, state)
    assert A.BuildUnit("guardian", "braken_1") in options
    assert not any(isinstance(o, A.BuildWorker | A.BuildTransport) for o in options)  # those need a base
    tr = G.apply(state, 1, A.BuildUnit("guardian", "braken_1"))  # 0 minerals, 1 gas
    state, events = tr.state, list(tr.events)
    while state.step == PAY:
        tr = G.apply(state, 1, G.legal_actions(state, 1)[0])
        state, events = tr.state, events + list(tr.events)
    said = G.render_log(events, 0)
    assert any(" buys a Guardian from 1 Mutalisk in Braken" in line for line in said), said
    assert state.step == BUILD
    assert [u.kind for u in state.area("braken_1").units] == ["guardian"]  # the Mutalisk became it
    # without the technology, the Mutalisk stays a Mutalisk
    plain = build.begin_build(
        CTX, executing(seat_with(_guardian_table(), 1, tech_deck=ZERG_TECHS), "braken", 1, "build"), []
    )
    assert plain.build == BuildProgress(stage=2)


def test_an_archon_is_built_from_two_high_templar_after_summon_archon() -> None:
    g = raynor_overmind()[0]
    protoss = g.ctx.t.tech_deck["protoss"]
    state = seat_with(S0, 1, race="protoss", tech_deck=tuple(t for t in protoss if t != "summon_archon"))
    state = put(funded(state), "braken_1", [(1, "high_templar"), (1, "high_templar")])
    assert build.tech_unit_areas(g.ctx, state, 1, "braken") == (("archon", "braken_1"),)
    one = put(state, "braken_1", [(1, "high_templar")])
    assert build.tech_unit_areas(g.ctx, one, 1, "braken") == ()  # two are needed


# -- what each seat sees (§21.3) ----------------------------------------------------------------------


def test_observe_shows_the_purchase_and_hides_the_hand() -> None:
    state, _ = buy(G, at_research(special=True), "ensnare")
    state = G.apply(state, 1, A.ResearchBonus(True)).state
    mine, theirs = G.observe(state, 1), G.observe(state, 0)
    assert "ensnare" in mine.hand and "ensnare" not in theirs.hand
    assert theirs.seats[1].tech_deck == state.seat(1).tech_deck  # technology decks are public
    assert "ensnare" not in theirs.seats[1].tech_deck
    assert theirs.seats[1].hand_size == len(state.seat(1).hand)
    shown = [s for panel in G.presentation().panels(theirs) for row in panel.lines for s in row]
    assert any("technologies: Ensnare" in str(s) for s in shown)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_determinize_keeps_the_bought_copies_in_hand_and_deck(seed: int) -> None:
    state, _ = buy(G, at_research(special=True), "ensnare")
    state = G.apply(state, 1, A.ResearchBonus(True)).state
    for viewer in (0, 1):
        dealt = G.determinize(state, viewer, seed)
        assert G.observe(dealt, viewer) == G.observe(state, viewer)
        p, q = state.seat(1), dealt.seat(1)
        assert Counter((*q.hand, *q.combat_deck)) == Counter((*p.hand, *p.combat_deck))
        assert Counter(q.combat_deck)["ensnare"] + Counter(q.hand)["ensnare"] == 3


# -- the log, the option, the content --------------------------------------------------------------------


def test_the_log_says_the_purchase_in_one_line() -> None:
    _, events = buy(G, at_research(), "dark_swarm")
    line = (
        "Player 2 researches Dark Swarm for 1 mineral and 2 gas (1 mineral from the permanent resources,"
        " 1 gas from the permanent resources and 1 gas from the permanent resources); its 2 cards are"
        " shuffled into the combat deck (placeholder content)."
    )
    # one line, read alike by both seats and a spectator: the purchase is announced (§10.3)
    for viewer in (0, 1, None):
        assert [said for said in G.render_log(events, viewer) if "researches" in said] == [line]
    strict: list[Event] = []
    research.resolve_research_draw(OFF.ctx, at_research(OFF), False, strict)
    assert OFF.render_log(strict, 0) == ["Player 2 can buy no technology (no pack or option offers one)."]


def test_the_technology_decks_fill_the_boxes_counts() -> None:
    data = load_content().data
    for race, cards in (("terran", 21), ("protoss", 20), ("zerg", 22)):
        techs = [t for t in data.technologies if t.race == race]
        assert sum(t.copies.value or 0 for t in techs) == cards
        for t in techs:
            assert t.cost is not None and t.card is not None
            assert t.cost.invented and t.card.invented and t.cost.note and t.card.note
    sourced = {t.id: t.copies for t in data.technologies if not t.copies.invented}
    assert {k: v.value for k, v in sourced.items()} == {
        "siege_mode": 2,
        "lockdown": 2,
        "summon_archon": 1,
        "increased_reaver_capacity": 3,
        "metabolic_boost": 1,
        "improved_flyer_attack": 2,
        "dark_swarm": 2,
        "guardian_aspect": 1,
    }
    assert all(v.provenance == "printed" for v in sourced.values())


@pytest.mark.parametrize(
    ("tech", "message"),
    [
        ({"card": {"value": {"placement": "combat", "unit_icons": ["zergling"]}}}, "not a terran unit"),
        ({"card": {"value": {"placement": "play_area", "unlocks": "marine"}}}, "does not need"),
        ({"copies": {"value": 3}}, "22 technology cards, the box has 21"),
    ],
)
def test_load_content_refuses_a_technology_that_does_not_fit(tech: dict[str, Any], message: str) -> None:
    printed = {"provenance": "printed", "source": "my copy"}
    record = {"id": "stim_packs", **{k: {**v, **printed} for k, v in tech.items()}}
    with pytest.raises(InvalidContent) as refused:
        load_content(owner_packs=[{"id": "mine", "kind": "owner", "technologies": [record]}])
    assert refused.value.code == "bad_reference" and message in str(refused.value)


def test_the_placeholder_badge_covers_the_technologies_in_play() -> None:
    notes = G.invented_in_play(S0)
    paths = {n.path for n in notes}
    assert "technologies.dark_swarm.cost" in paths and "technologies.stim_packs.card" in paths


def test_timeout_buys_no_technology_and_takes_the_event_card() -> None:
    # docs/starcraft.md, "When a clock runs out": the least committal choice
    state = research.resolve_research_draw(CTX, at_research(), False, [])
    assert G.default_action(state, 1) == A.BuyTechnology(None)
    bonus, _ = buy(G, at_research(special=True), "ensnare")
    assert G.default_action(bonus, 1) == A.ResearchBonus(False)


def test_the_encoding_indexes_every_technology_decision() -> None:
    enc = G.rl_encoding()
    for action in (
        A.BuyTechnology(None),
        A.BuyTechnology("dark_swarm"),
        A.ResearchBonus(True),
        KA.PlaceCombatCards("stim_packs", "lockdown"),  # a technology's standard and reinforcement
        A.DiscardCard("ensnare"),
    ):
        assert enc.action_at(enc.action_index(action)) == action


def test_the_heuristic_buys_a_technology_for_units_it_has() -> None:
    state = research.resolve_research_draw(CTX, at_research(), False, [])
    state = put(put(state, "chau_sara_1", [(1, "zergling"), (1, "zergling")]), "chau_sara_2", [])
    legal = G.legal_actions(state, 1)
    chosen: Any = G.heuristic_policy().choose(G.observe(state, 1), legal, random.Random(0))
    assert chosen.technology is not None
    card = CTX.t.technology[chosen.technology].card
    assert card is not None and "zergling" in card.value.unit_icons


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), extra=st.integers(min_value=0, max_value=4))
def test_determinize_never_moves_a_card_the_table_knows_is_in_hand(seed: int, extra: int) -> None:
    """§10.4, §21.3: the copy a special Research order put in hand was announced: every re-deal
    leaves it in that hand, and what each seat sees is unchanged."""
    state, _ = buy(G, at_research(special=True), "ensnare")
    p = state.seat(1)  # a few more cards drawn before, so that the hand is of varied size
    state = seat_with(state, 1, hand=(*p.hand, *p.combat_deck[:extra]), combat_deck=p.combat_deck[extra:])
    state = G.apply(state, 1, A.ResearchBonus(True)).state
    assert state.seat(1).known_hand == ("ensnare",)
    for viewer in (0, 1, None):
        dealt = G.determinize(state, viewer if viewer is not None else 0, seed)
        assert "ensnare" in dealt.seat(1).hand
        assert dealt.seat(1).known_hand == ("ensnare",)
        assert G.observe(dealt, viewer) == G.observe(state, viewer)
    assert G.observe(state, 0).seats[1].known_hand == ("ensnare",)  # public


def test_forget_known_cards_when_the_copy_leaves_the_hand_seen() -> None:
    state, _ = buy(G, at_research(special=True), "ensnare")
    state = G.apply(state, 1, A.ResearchBonus(True)).state
    assert combat_cards.forget_known_cards(state, 1, ("plague",)) == state  # not a known card
    assert combat_cards.forget_known_cards(state, 1, ("ensnare",)).seat(1).known_hand == ()
    # §14 step 9: discarded face up to the hand limit
    at_discard = msgspec.structs.replace(state, actor=1, turn_index=state.players)
    assert regrouping.resolve_discard(CTX, at_discard, "ensnare", []).seat(1).known_hand == ()


def test_known_in_hand_is_the_known_cards_still_in_the_hand() -> None:
    p = PlayerState(hand=("a", "b", "b"), known_hand=("b", "c"))  # c was played face down
    assert known_in_hand(p) == ("b",)
