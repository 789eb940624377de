"""What each seat may know (RULES §4.4, §7.1): numbers only to giver and receiver, the discard
only to the discarder, objectives hidden until the end; and determinization that keeps to it."""

from __future__ import annotations

import random

import msgspec

from turncoat.core import treaties as T
from turncoat.core.actions import Event, redact
from turncoat.core.serialize import canonical_json
from turncoat.games.treaty_skirmish.actions import DiscardTreaty, GiveTreaty, SendEnvoy
from turncoat.games.treaty_skirmish.config import TreatySkirmishConfig
from turncoat.games.treaty_skirmish.determinize import replay_treaties
from turncoat.games.treaty_skirmish.game import TreatySkirmishGame
from turncoat.games.treaty_skirmish.state import State

from .helpers import HACAN, JOLNAR, LAZAX, LETNEV, SOL, game, play, start


def _envoy_then_discard() -> tuple[TreatySkirmishGame, State, list[Event], State]:
    """Letnev hand Hacan Letnev 2; Hacan discard their own Hacan 3."""
    g = game()
    s, events = play(g, start(g), SendEnvoy("hacan"), GiveTreaty("letnev", 2))
    pending = s
    s, more = play(g, s, DiscardTreaty("hacan", 3))
    return g, s, events + more, pending


def _text(value: object) -> str:
    return canonical_json(value).decode()


def test_observe_hides_card_numbers_from_a_third_party() -> None:
    g, s, _, pending = _envoy_then_discard()
    for viewer in (LAZAX, JOLNAR, SOL, None):
        seen = g.observe(pending, viewer)
        assert seen.treaties.pending == (LETNEV, HACAN)  # that a card is waiting: public
        assert seen.mine is None or seen.mine.pending is None
        after = g.observe(s, viewer)
        text = _text(after)
        assert '"faction":"letnev"' not in text  # the card handed over is nowhere in the view
        assert '"faction":"hacan"' not in text
        assert after.seats[HACAN].hand_size == 4 and after.seats[LETNEV].hand_size == 3
        assert after.treaties.offers == ((LETNEV, HACAN),) and after.treaties.pile_size == 1


def test_observe_shows_giver_and_receiver_the_card() -> None:
    g, s, _, pending = _envoy_then_discard()
    giver = g.observe(s, LETNEV)
    receiver = g.observe(s, HACAN)
    assert giver.mine is not None and [p.card.number for p in giver.mine.given] == [2]
    assert receiver.mine is not None and [p.card.number for p in receiver.mine.received] == [2]
    assert T.TreatyCard("letnev", 2, "help the giver") in receiver.mine.hand
    assert receiver.mine.hand == T.hand(s.treaties, HACAN)
    assert g.observe(pending, HACAN).mine.pending is not None  # type: ignore[union-attr]
    # the giver never learns which card left
    assert 'hacan","number":3' not in _text(giver)


def test_the_log_keeps_the_discard_to_the_discarder() -> None:
    g, _, events, _ = _envoy_then_discard()
    for viewer in (LAZAX, LETNEV, JOLNAR, SOL, None):
        text = " ".join(g.render_log(events, viewer))
        assert "Hacan 3" not in text
        if viewer not in (LETNEV, HACAN):
            assert "Letnev 2" not in text
    assert "discarded Hacan 3" in " ".join(g.render_log(events, HACAN))
    assert "is Letnev 2" in " ".join(g.render_log(events, LETNEV))
    for viewer in (LAZAX, JOLNAR, SOL, None):
        assert all(
            not isinstance(e, T.TreatyContents | T.TreatyDiscardedCard) for e in redact(events, viewer)
        )


def test_visible_objective() -> None:
    g = game()
    t = g.start(0)
    for viewer in range(5):
        seats = g.observe(t.state, viewer).seats
        assert seats[LAZAX].objective == "emperor"  # face up
        for p in range(1, 5):
            assert (seats[p].objective is not None) == (p == viewer)
    assert [v.objective for v in g.observe(t.state, None).seats] == ["emperor", None, None, None, None]


def test_determinize_keeps_what_the_viewer_knows() -> None:
    g = TreatySkirmishGame(TreatySkirmishConfig(players=6))
    chooser = random.Random(3)
    s = g.start(3).state
    steps = 0
    varied_hands = varied_objectives = 0
    while g.to_act(s) and steps < 600:
        (p,) = g.to_act(s)
        s = g.apply(s, p, chooser.choice(list(g.legal_actions(s, p)))).state
        steps += 1
        for viewer in range(6):
            det = g.determinize(s, viewer, steps)
            assert g.observe(det, viewer) == g.observe(s, viewer)
            assert T.hand(det.treaties, viewer) == T.hand(s.treaties, viewer)
            others = [q for q in range(6) if q != viewer]
            varied_hands += any(T.hand(det.treaties, q) != T.hand(s.treaties, q) for q in others)
            varied_objectives += det.objectives != s.objectives
            assert (
                sorted(det.treaties.pile + tuple(c for _, h in det.treaties.hands for c in h))
                == sorted(s.treaties.pile + tuple(c for _, h in s.treaties.hands for c in h))
                or s.treaties.pending is not None
            )
    assert varied_objectives > 0
    assert varied_hands > 0 or not s.exchanges


def test_replay_treaties_rarely_falls_back_to_the_truth() -> None:
    """The redrawn history must really be redrawn: the real one is kept only when 20 replays in a
    row draw themselves into a corner."""
    g = TreatySkirmishGame(TreatySkirmishConfig(players=5))
    kept = tried = 0
    for seed in range(15):
        chooser = random.Random(seed)
        s = g.start(seed).state
        while g.to_act(s):
            (p,) = g.to_act(s)
            s = g.apply(s, p, chooser.choice(list(g.legal_actions(s, p)))).state
            if len(s.exchanges) >= 3 and s.step != "over":
                for viewer in range(5):
                    tried += 1
                    out, _ = replay_treaties(s, viewer, random.Random(tried))
                    kept += out is s.treaties
    assert tried > 100 and kept / tried < 0.02


def test_determinize_reseeds_the_dice() -> None:
    g = game()
    s = start(g)
    det = g.determinize(s, LETNEV, 1)
    assert (
        det.seed != s.seed
        and msgspec.structs.replace(det, seed=s.seed, rng=s.rng, objectives=s.objectives) == s
    )
