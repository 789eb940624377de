"""The Rex log: one readable line per event a viewer may see, never another seat's secret."""

from __future__ import annotations

import random

import msgspec

from turncoat.core.actions import Event, redact
from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.game import RexGame


def _played(seed: int) -> tuple[RexGame, list[Event]]:
    g = RexGame(RexConfig(players=4, betrayal_cards=True))
    t = g.start(seed)
    s, events = t.state, list(t.events)
    r = random.Random(seed)
    while g.to_act(s):
        seat = r.choice(sorted(g.to_act(s)))
        t = g.apply(s, seat, r.choice(list(g.legal_actions(s, seat))))
        s = t.state
        events.extend(t.events)
    return g, events


def test_the_log_tells_the_game_in_order_and_ends_with_the_winner() -> None:
    g, events = _played(5)
    lines = g.render_log(events, None)
    assert lines[0].startswith("Bombardment cards dealt")
    assert any(line.startswith("Round 1 begins") for line in lines)
    assert "win" in lines[-1]
    summaries = g.round_summaries(events, None)
    assert summaries[0]["round"] == 1 and summaries[-1]["winners"] is not None
    assert len(g.render_summary(events, None)) == len(summaries)


def test_a_seat_reads_its_own_secrets_and_nobody_elses() -> None:
    g, events = _played(6)
    own = g.render_log(events, 2)
    others = g.render_log(events, 1)
    assert any(line.startswith("You are dealt traitor cards: ") for line in own)
    assert own != others
    for viewer in (0, 1, 2, 3, None):  # only what the viewer may see goes into its log
        assert g.render_log(events, viewer) == g.render_log(redact(events, viewer), viewer)


def test_the_log_names_races_areas_and_victories_never_by_id() -> None:
    """What a player reads is a name: Jol-Nar (not "Jol Nar"), an area by its Rex or stand-in name
    (estimated ones marked), a card by its name, a victory in words."""
    from turncoat.games.rex import events as E
    from turncoat.games.rex.log import VICTORY_NAMES, describe_event

    assert describe_event(E.RaceChosen(seat=0, race="jol_nar")) == "Seat 0 chooses the Jol-Nar."
    battle = describe_event(E.BattleStarted(area="dune_imperial_basin", aggressor=1, defender=2))
    assert battle == "Battle in Imperial Basin (estimated): seat 1 attacks seat 2."
    won = describe_event(E.GameWon(winners=(0, 3), victory="most_strongholds", round=8))
    assert won == "Round 8: seat 0 and seat 3 win (most strongholds after the last round)."
    one = E.UnitsMoved(
        seat=1, origin="dune_imperial_basin", target="dune_imperial_basin", units=2, mechanized=0, lines=1
    )
    assert (describe_event(one) or "").endswith("(1 line).")
    two = msgspec.structs.replace(one, lines=2)
    assert (describe_event(two) or "").endswith("(2 lines).")
    window = describe_event(E.CardWindowOpened(window="influence", seats=(2, 0)))
    assert window == (
        "Strategy cards may be played at the start of the Influence phase: seat 2 and seat 0 answer at once."
    )
    g = RexGame(RexConfig(players=6, betrayal_cards=True))
    b = g.ctx.b
    stand_ins = {a.replace("_", " ") for a in (*b.area_ids, *b.piece_ids) if a.startswith("dune_")}
    for seed in (1, 2):
        s = g.start(seed)
        state, events = s.state, list(s.events)
        r = random.Random(seed)
        while g.to_act(state):
            seat = min(g.to_act(state))
            step = g.apply(state, seat, r.choice(list(g.legal_actions(state, seat))))
            state, events = step.state, events + list(step.events)
        for viewer in (None, 0, 4):
            text = "\n".join(g.render_log(events, viewer) + g.render_summary(events, viewer))
            assert "Jol Nar" not in text and "_" not in text
            assert "jol nar" not in text.lower() and not {w for w in stand_ins if w in text.lower()}
            if state.victory:
                assert f"({VICTORY_NAMES[state.victory]})" in text


def test_the_engine_log_names_cards_as_the_pack_in_play_does() -> None:
    """An owner's pack that renames the strategy cards is read in the engine's own log too, not
    the base pack's names (the presentation already used the pack in play)."""
    import json
    import random

    from turncoat.core.registry import load_game
    from turncoat.games.rex.components import base_pack_raw

    raw = json.loads(base_pack_raw())
    renamed = {
        f"strategy_cards.{c['id']}.name": {
            "value": f"Owner card {i}",
            "provenance": "printed",
            "source": "my copy",
        }
        for i, c in enumerate(raw["strategy_cards"])
    }
    game = load_game("rex", players=3, content_overrides=renamed)
    started = game.start(1)
    state, events, rng = started.state, list(started.events), random.Random(0)
    while game.outcome(state) is None and len(events) < 600:
        seat = min(game.to_act(state))
        moved = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
        state, events = moved.state, [*events, *moved.events]
    lines = game.render_log(events, 0)
    assert any("Owner card" in text for text in lines)
    base_names = {c["name"]["value"] for c in raw["strategy_cards"]}
    assert not [text for text in lines for name in base_names if f" {name}" in text and "Owner" not in text]
