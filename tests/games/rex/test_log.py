"""The Rex log: one readable line per event a viewer may see, never another seat's secret."""

from __future__ import annotations

import random

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
    assert any(line.startswith("You are dealt traitors") for line in own)
    assert own != others
    for viewer in (0, 1, 2, 3, None):  # only what the viewer may see goes into its log
        assert g.render_log(events, viewer) == g.render_log(redact(events, viewer), viewer)
