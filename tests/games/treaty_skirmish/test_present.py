"""The game's face for the generic frontends (core.present): titles, decisions, panels, words."""

from __future__ import annotations

import random

from turncoat.core import deals
from turncoat.core.present import Decision, SeatRef, options_of, plain, presentation_of
from turncoat.core.registry import load_game
from turncoat.games.treaty_skirmish.actions import DiscardTreaty, GiveTreaty, MoveAttack, MoveShips, SendEnvoy
from turncoat.games.treaty_skirmish.config import TreatySkirmishConfig
from turncoat.games.treaty_skirmish.game import TITLE
from turncoat.games.treaty_skirmish.present import SkirmishPresentation

from .helpers import HACAN, LETNEV, game, play, start


def test_the_game_says_it_is_an_adaptation_everywhere() -> None:
    g = load_game("treaty_skirmish", players=5)
    face = presentation_of(g)
    assert isinstance(face, SkirmishPresentation)
    assert "adaptation" in face.title.lower() and "adaptation" in TITLE.lower()  # lobby, records
    t = g.start(1)
    obs = g.observe(t.state, None)
    assert "adaptation" in face.step_title(obs)  # every step
    assert face.panels(obs)[0].title == "Adaptation" and "not the published game" in obs.adaptation
    assert "adaptation" in plain(face.log(t.events, None)[0], ()).lower()  # the log opens with it
    assert (face.min_players, face.max_players) == (4, 6)


def test_options() -> None:
    face = presentation_of(load_game("treaty_skirmish"))
    names = [o.name for o in face.options()]
    assert names[: len(options_of(TreatySkirmishConfig))] == [
        o.name for o in options_of(TreatySkirmishConfig)
    ]
    yes_no = {o.name: o.values for o in face.options() if set(o.values) == {"true", "false"}}
    assert yes_no["allow_self_home_reshuffle"] == ("false", "true")  # the default first
    assert yes_no["neighbours_skip_lazax"] == ("true", "false")
    # every option a table may choose builds a game
    for option in face.options():
        for value in option.values:
            built = load_game("treaty_skirmish", **{option.name: value})
            assert str(getattr(built.config, option.name)).lower() == value.lower()
    gifts = next(o for o in face.options() if o.name == "trade_goods_gifts")
    assert (
        gifts.values == ("own_decision", "envoy", "never") and gifts.label == "When trade goods may be given"
    )


def _titles(decisions: tuple[Decision, ...]) -> list[str]:
    return [d.title for d in decisions]


def test_decisions() -> None:
    g = game()
    face = g.presentation()
    s = start(g)
    legal = g.legal_actions(s, LETNEV)
    decisions = face.decisions(g.observe(s, LETNEV), legal)
    assert _titles(decisions) == [
        "Pass",
        "Move/Attack",
        "Build",
        "Envoy",
        "Give trade goods (final, binding)",
    ]
    offered = [c.action for d in decisions for c in d.choices]
    assert sorted(map(repr, offered)) == sorted(map(repr, legal))
    s, _ = play(g, s, SendEnvoy("hacan"), GiveTreaty("letnev", 2))
    discard = face.decisions(g.observe(s, HACAN), g.legal_actions(s, HACAN))[0]
    assert discard.title == "Discard one treaty card face down"
    assert "Nobody else learns" in discard.choices[0].help
    assert face.decisions(g.observe(s, LETNEV), g.legal_actions(s, LETNEV)) == ()  # not Letnev's turn
    gift = next(d for d in decisions if d.title.startswith("Give"))
    assert gift.choices[0].label == ("Give ", SeatRef(0), " 1 trade goods")


def test_number_decisions() -> None:
    g = game()
    s, _ = play(g, start(g), MoveAttack("frontier-4"))
    decisions = g.presentation().decisions(g.observe(s, LETNEV), g.legal_actions(s, LETNEV))
    assert decisions[0].shape == "number" and decisions[0].choices[0].action == MoveShips("home-letnev", 1)


def test_panels() -> None:
    g = game()
    face = g.presentation()
    s, _ = play(g, start(g), SendEnvoy("hacan"), GiveTreaty("letnev", 2))
    titles = [p.title for p in face.panels(g.observe(s, HACAN))]
    assert titles == ["Adaptation", "The ring", "Players", "Treaties"]
    ring = face.panels(g.observe(s, None))[1]
    assert len(ring.lines) == 9 and "Mecatol Rex (value 3)" in plain(ring.lines[0], ())
    mine = [plain(x, ()) for x in face.panels(g.observe(s, LETNEV))[3].lines]
    assert "You gave Player 3 Letnev 2 (help the giver)." in mine
    public = " ".join(plain(x, ()) for p in face.panels(g.observe(s, None)) for x in p.lines)
    assert "Letnev 2" not in public and "Your hand" not in public


def test_log_and_summary_name_seats_by_reference() -> None:
    g = load_game("treaty_skirmish", players=4)
    face = presentation_of(g)
    chooser = random.Random(2)
    t = g.start(2)
    s, events = t.state, list(t.events)
    while g.to_act(s):
        (p,) = g.to_act(s)
        legal = [a for a in g.legal_actions(s, p) if not isinstance(a, deals.Give)]
        step = g.apply(s, p, chooser.choice(legal))
        s, events = step.state, events + list(step.events)
    lines = face.log(events, None)
    assert any(isinstance(span, SeatRef) for said in lines for span in said)
    assert not any("Player" in span for said in lines for span in said if isinstance(span, str))
    summary = face.summary(events, None)
    assert len(summary) == s.round and plain(summary[0], ()).startswith("Round 1:")
    outcome = g.outcome(s)
    assert outcome is not None
    table = face.score_table(outcome)
    assert table.columns == ("Objective met", "Treaty ally", "Treaty traitor", "Wins")
    assert [row[-1] for row in table.rows] == list(outcome.scores)
    assert face.panels(g.observe(s, 0))[-1].title == "The end"


def test_describe_action() -> None:
    g = game()
    assert g.describe_action(SendEnvoy("jolnar")) == "Envoy: activate the Jol-Nar Home"
    assert g.describe_action(DiscardTreaty("sol", 3)) == "Discard Sol 3 face down"
    assert g.describe_action(deals.Give(2, "trade_goods", 3)) == "Give Player 3 3 trade goods"
