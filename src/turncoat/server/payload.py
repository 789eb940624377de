"""The update a table sends each viewer, as typed structs: one shape for every game.

:func:`build_payload` makes it from the game in progress (``play.GameInProgress.view``) and the
game's presentation: the step's title, the viewer's decisions with their words, new log lines with
seats written by their names, panels and the final scores.  The websocket sends it as JSON; the
HTML pages hand ``msgspec.to_builtins(update)`` to their templates.  ``observation``, ``events``
and ``legal`` stay for API clients that read the game's own data.

A payload never holds the state, the seed or another seat's secrets: only what
``GameInProgress.view`` and the core's redaction give this viewer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import msgspec

from turncoat.core.actions import Event, Viewer, redact
from turncoat.core.present import Choice, Decision, Panel, ScoreTable, plain, seat_label
from turncoat.core.record import encode_action
from turncoat.core.serialize import to_builtins
from turncoat.server import adapters
from turncoat.server.logbook import log_tags

if TYPE_CHECKING:
    from turncoat.play import GameInProgress
    from turncoat.server.table import LiveTable

WAITING, PLAYING, OVER, BROKEN = "waiting", "playing", "over", "broken"


class SeatPublic(msgspec.Struct, kw_only=True):
    """A seat as everyone at the table sees it: who sits there and how it is told apart."""

    seat: int
    name: str
    kind: Literal["human", "bot"]
    agent: str | None  # a bot's level
    claimed: bool
    connected: bool
    colour: str  # "#rrggbb", from the game's seat styles
    mark: str  # a letter or symbol that tells the seat apart without colour


class ChoiceOut(msgspec.Struct, kw_only=True):
    action: dict[str, Any]  # the action as the client sends it back
    label: str
    help: str = ""
    marks: list[str] = msgspec.field(default_factory=list)


class DecisionOut(msgspec.Struct, kw_only=True):
    """One thing the viewer decides now (``core.present.Decision``), in words."""

    title: str
    shape: Literal["one", "number", "set"]
    prompt: str = ""
    help: str = ""  # one line for all its choices, where they are of one kind
    most: int = 0
    choices: list[ChoiceOut]
    finish: ChoiceOut | None = None


class PanelOut(msgspec.Struct, kw_only=True):
    title: str
    lines: list[str]


class LegalOut(msgspec.Struct, kw_only=True):
    action: dict[str, Any]
    label: str  # the game's ``describe_action``


class ScoresOut(msgspec.Struct, kw_only=True):
    columns: list[str]
    rows: list[list[float]]


class Update(msgspec.Struct, kw_only=True, tag="update", tag_field="type"):
    """What one viewer is sent: the table, its seats and what this viewer may see of the game.

    ``since`` < 0 gives a ``full`` update (the whole log); otherwise ``log`` and ``events`` hold
    only what happened after the version the viewer already has.
    """

    table: str
    game: str
    version: int
    status: str
    seat: Viewer
    full: bool
    seats: list[SeatPublic]
    problem: str | None = None  # why a broken table cannot continue (safe to show anyone)
    step: str = ""
    observation: dict[str, Any] | None = None
    events: list[dict[str, Any]] = msgspec.field(default_factory=list)
    log: list[str] = msgspec.field(default_factory=list)
    # One per line of ``log``: "round" (it opens a round), "own" (the viewer's own) or "".
    log_tags: list[str] = msgspec.field(default_factory=list)
    legal: list[LegalOut] = msgspec.field(default_factory=list)
    decisions: list[DecisionOut] = msgspec.field(default_factory=list)
    panels: list[PanelOut] = msgspec.field(default_factory=list)
    to_act: list[int] = msgspec.field(default_factory=list)
    clocks: dict[str, float] = msgspec.field(default_factory=dict)  # str(seat) -> deadline
    deadline: float | None = None  # the viewer's own clock, else the earliest one running
    turn_seconds: int | None = None
    outcome: dict[str, Any] | None = None
    scores: ScoresOut | None = None
    everyone: list[dict[str, Any]] | None = None  # post-game review only: every seat's observation
    whisper_to: list[int] = msgspec.field(default_factory=list)  # seats the viewer may whisper to now
    # The viewer's own "play forced moves for me" (None: a spectator); never another seat's.
    forced_moves: bool | None = None


def whisper_partners(face: Any, observation: Any, seat: Viewer) -> list[int]:
    """The seats ``seat`` may whisper to now.  A game's presentation may name, from what everyone
    sees, the pairs of seats that may talk in private right now (``whisper_pairs(observation)``:
    the two parties of a deal under way); a game without it has no private talk."""
    pairs_of = getattr(face, "whisper_pairs", None)
    if seat is None or pairs_of is None:
        return []
    partners = {b if a == seat else a for a, b in pairs_of(observation) if seat in (a, b) and a != b}
    return sorted(int(p) for p in partners)


def public_seats(table: LiveTable) -> list[SeatPublic]:
    """Every seat of the table, with the game's colour and mark for it."""
    styles = table.play.face.seat_styles(len(table.seats))
    out = []
    for s in table.seats:
        style = styles[s.seat] if s.seat < len(styles) else None
        out.append(
            SeatPublic(
                seat=s.seat,
                name=s.name,
                kind="bot" if s.kind == "bot" else "human",
                agent=adapters.bot_level(s.agent, table.game) if s.kind == "bot" else None,
                claimed=s.claimed or s.kind == "bot",
                connected=s.kind == "bot" or table.connected.get(s.seat, 0) > 0,
                colour=style.colour if style is not None else "#5d5d5d",
                mark=style.mark if style is not None else str(s.seat + 1),
            )
        )
    return out


def build_payload(
    table: LiveTable,
    viewer: Viewer,
    since: int,
    *,
    play: GameInProgress | None = None,
    omniscient: bool = False,
) -> Update:
    """The update for one viewer; ``since`` is the last version it was sent (-1: everything).

    ``play`` shows another position of the same game (a replay's step) instead of the table's
    own: then nothing may be played from it (no legal actions, no clocks)."""
    seats = public_seats(table)
    if table.status == BROKEN:  # no position to show: what was restored is not the game's
        return Update(
            table=table.id,
            game=table.play.game.name,
            version=table.version,
            status=BROKEN,
            seat=viewer,
            full=True,
            seats=seats,
            problem=table.problem,
        )
    current = play is None
    play = table.play if play is None else play
    names = [s.name for s in seats]
    view = play.view(viewer, since, omniscient=omniscient)
    playing = current and table.status == PLAYING
    decisions = [_decision(d, names) for d in view.decisions] if playing else []
    legal = [
        LegalOut(action=encode_action(a), label=play.game.describe_action(a))
        for a in (play.legal_actions(viewer) if playing and viewer is not None else ())
    ]
    new_events = redact(play.events(since + 1), viewer, omniscient=omniscient)
    clocks = table.clocks.deadlines if current else {}
    everyone = None
    if omniscient and table.status == OVER:  # the post-game review: nothing is secret any more
        everyone = [to_builtins(play.view(p, play.version).observation) for p in range(len(table.seats))]
    return Update(
        table=table.id,
        game=play.game.name,
        version=play.version,
        status=table.status,
        seat=viewer,
        full=since < 0,
        seats=seats,
        problem=table.problem,
        step=view.step,
        observation=to_builtins(view.observation),
        events=[to_builtins(e) for e in new_events],
        log=[plain(line, names) for line in view.log],
        log_tags=list(log_tags(view.log, viewer)),
        legal=legal,
        decisions=decisions,
        panels=[_panel(p, names) for p in view.panels],
        to_act=list(view.to_act),
        clocks={str(s): d for s, d in sorted(clocks.items())},
        deadline=_deadline(clocks, viewer),
        turn_seconds=table.turn_seconds,
        outcome=to_builtins(view.outcome) if view.outcome is not None else None,
        scores=_scores(view.scores) if view.scores is not None else None,
        whisper_to=whisper_partners(play.face, view.observation, viewer) if playing else [],
        everyone=everyone,
        forced_moves=table.seats[viewer].forced_moves if viewer is not None else None,
    )


def visible_events(play: GameInProgress, viewer: Viewer, *, omniscient: bool = False) -> list[Event]:
    """The viewer's redacted events since the start of the game (since the snapshot a
    recovered table starts from): what a skin builds a round-by-round table from."""
    return redact(play.events(0), viewer, omniscient=omniscient)


def _deadline(clocks: dict[int, float], viewer: Viewer) -> float | None:
    """The viewer's own clock when it has one running, else the earliest (what it waits on)."""
    if viewer is not None and viewer in clocks:
        return clocks[viewer]
    return min(clocks.values()) if clocks else None


def _choice(choice: Choice, names: list[str]) -> ChoiceOut:
    return ChoiceOut(
        action=encode_action(choice.action),
        label=plain(choice.label, names),
        help=choice.help,
        marks=list(choice.marks),
    )


def _decision(decision: Decision, names: list[str]) -> DecisionOut:
    return DecisionOut(
        title=decision.title,
        shape=decision.shape,
        prompt=decision.prompt,
        help=decision.help,
        most=decision.most,
        choices=[_choice(c, names) for c in decision.choices],
        finish=_choice(decision.finish, names) if decision.finish is not None else None,
    )


def _panel(panel: Panel, names: list[str]) -> PanelOut:
    return PanelOut(title=panel.title, lines=[plain(line, names) for line in panel.lines])


def _scores(table: ScoreTable) -> ScoresOut:
    return ScoresOut(columns=list(table.columns), rows=[list(row) for row in table.rows])


def seat_name(table: LiveTable, seat: int) -> str:
    """A seat's name at the table (``Player N`` for a seat the table does not have)."""
    return table.seats[seat].name if 0 <= seat < len(table.seats) else seat_label(seat)
