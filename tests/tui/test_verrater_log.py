"""Verräter's terminal log: the game's own log lines with seats by name and landscape types by
the names the content pack prints, as the web table and `turncoat replay` write them, plus the
terminal's explanation of each conflict."""

from __future__ import annotations

import random
import re
from pathlib import Path

from turncoat.core.actions import Event
from turncoat.core.present import plain, presentation_of
from turncoat.skins.verrater.terminal import view
from turncoat.skins.verrater.terminal.session import Session, plan_seats

NAMES = ["Seat 2", "Bob", "Cy"]  # a name that reads like a seat is still only a name


def played(tmp_path: Path) -> tuple[Session, list[Event]]:
    """A three-player table played to the end by random choices."""
    plan = plan_seats(3, "human,random,random", names=",".join(NAMES))
    session = Session.open(plan, 5, tmp_path / "g.json")
    game = session.game
    start = game.start(5)
    state, events = start.state, list(start.events)
    rng = random.Random(5)
    while seats := game.to_act(state):
        seat = min(seats)
        step = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
        state, events = step.state, events + list(step.events)
    return session, events


def test_the_terminal_log_is_the_games_log_with_each_conflict_explained(tmp_path: Path) -> None:
    session, events = played(tmp_path)
    assert session.names() == NAMES
    face = presentation_of(session.game)
    for viewer in (None, 0, 2):
        lines = view.log_lines(events, viewer, NAMES, session.tables, session.type_names)
        said = [plain(x, NAMES) for x in face.log(events, viewer)]
        assert [x for x in lines if not x.startswith("  ")] == said
    kinds = "|".join(session.type_names.values())
    assert any(re.search(rf"places an estate under landscape \d+ \(({kinds})\)", x) for x in lines)
    explained = [x for x in lines if re.match(r"  (Eagles|Roses) \d+ = ", x)]
    assert explained and all(re.match(r"  (Eagles|Roses) \d+ = [A-Z][a-z]+ \d+", x) for x in explained)
    assert any(x.startswith("Seat 2 ") for x in lines)
