"""A game's face: every word a player reads and how its decisions are offered, as plain data.

The frontends (web, terminal) know no game.  They ask the game's :class:`Presentation` for the
step's title, the viewer's decisions (its legal actions grouped and labelled), log lines, option
labels, seat colours and the final score table, and draw those.  A presentation is pure: no
templates, no widgets, no I/O, and it reads only what a viewer may know (an observation, the
viewer's legal actions, events already redacted for it, an outcome).

Seats in text are data, not words: a :data:`Line` holds :class:`SeatRef` spans that each
frontend replaces by the name people chose (and may colour), so no frontend ever rewrites a
game's sentences with patterns.

A game without a presentation of its own still plays everywhere through :class:`Plain`, built
from the Game protocol alone (``describe_action``, ``render_log``, ``render_summary``, the
config's fields).

A presentation may also offer a :class:`Guide` (``HasGuide``): how to play the game in the
game's own words, and one line per kind of decision (per action type) saying what choosing it
does.  :func:`guide_of` gives every game one (a short plain guide for a game without its own),
and :func:`explained` fills a decision's help from it, so the frontends can show "what does
this option do" next to every decision without knowing any game.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, Protocol, TypeAlias, runtime_checkable

import msgspec

from turncoat.core.actions import Action, Event, Viewer
from turncoat.core.capabilities import HasPresentation, capability
from turncoat.core.engine import Outcome


class SeatRef(msgspec.Struct, frozen=True, tag="seat"):
    """A seat named in a line of text; frontends write the seat's name."""

    seat: int


Span: TypeAlias = str | SeatRef
Line: TypeAlias = tuple[Span, ...]


def line(*parts: str | SeatRef) -> Line:
    """A line from text and seats: ``line(SeatRef(2), " scores 18 VP.")``."""
    return tuple(p for p in parts if p != "")


def plain(text: Line, names: Sequence[str]) -> str:
    """The line as text, each seat by its name (``Player N`` when it has none)."""
    return "".join(
        span
        if isinstance(span, str)
        else (names[span.seat] if 0 <= span.seat < len(names) else seat_label(span.seat))
        for span in text
    )


def seat_label(seat: int) -> str:
    """How a seat is called where it has no name: numbered from 1, as people count."""
    return f"Player {seat + 1}"


# -- decisions ------------------------------------------------------------------------------------
Shape = Literal["one", "set", "number"]


class Choice(msgspec.Struct, frozen=True):
    """One legal action with its words; ``marks`` name the board places it is about."""

    action: Action
    label: Line
    help: str = ""
    marks: tuple[str, ...] = ()


class Decision(msgspec.Struct, frozen=True):
    """One thing the viewer decides now.

    * ``one`` — pick one of ``choices``;
    * ``number`` — the same, where the choices are amounts in order (a frontend may show a number
      field or a slider);
    * ``set`` — pick up to ``most`` of ``choices`` and then ``finish``: the frontend sends the
      picked actions in the order of ``choices`` as one submission with ``finish``
      (``play.GameInProgress.submit``), applied whole or not at all; ``finish`` is played only
      while the seat still has it (picks that fill the room may have closed the decision).
    """

    title: str
    shape: Shape
    choices: tuple[Choice, ...]
    prompt: str = ""
    finish: Choice | None = None
    most: int = 0
    help: str = ""  # what the decision is about, when one line explains all its choices

    def actions(self) -> tuple[Action, ...]:
        return tuple(c.action for c in self.choices) + ((self.finish.action,) if self.finish else ())

    def everything(self) -> tuple[Choice, ...]:
        """Every choice, the finishing one last."""
        return self.choices + ((self.finish,) if self.finish else ())


# -- the rest of the face -------------------------------------------------------------------------
class OptionSpec(msgspec.Struct, frozen=True):
    """A rule option a table may choose: its values, the default first."""

    name: str
    label: str
    values: tuple[str, ...]
    help: str = ""

    @property
    def default(self) -> str:
        return self.values[0]


class SeatStyle(msgspec.Struct, frozen=True):
    """How a seat is told apart: a colour and a mark that works without colour."""

    colour: str  # "#rrggbb"
    mark: str  # a letter or a symbol


class Panel(msgspec.Struct, frozen=True):
    """A titled block of lines: what a skin without a board shows of a position."""

    title: str
    lines: tuple[Line, ...]


class ScoreTable(msgspec.Struct, frozen=True):
    """The end screen's breakdown: named columns, one row per seat, the total last."""

    columns: tuple[str, ...]
    rows: tuple[tuple[float, ...], ...]


# Colour-blind-safe hues (Okabe and Ito) with a letter each, for up to eight seats.
SEAT_STYLES: tuple[SeatStyle, ...] = (
    SeatStyle("#0072b2", "A"),
    SeatStyle("#d55e00", "B"),
    SeatStyle("#009e73", "C"),
    SeatStyle("#cc79a7", "D"),
    SeatStyle("#e69f00", "E"),
    SeatStyle("#56b4e9", "F"),
    SeatStyle("#8c6d1f", "G"),
    SeatStyle("#5d5d5d", "H"),
)


class Presentation(Protocol):
    """What a game tells the frontends; see the module docstring."""

    title: str
    min_players: int
    max_players: int

    def options(self) -> tuple[OptionSpec, ...]: ...

    def seat_styles(self, players: int) -> tuple[SeatStyle, ...]: ...

    def step_title(self, observation: Any) -> str: ...

    def decisions(self, observation: Any, legal: Sequence[Action]) -> tuple[Decision, ...]: ...

    def log(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]: ...

    def summary(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
        """One line per round of the game as ``viewer`` saw it (a replay's digest)."""
        ...

    def panels(self, observation: Any) -> tuple[Panel, ...]: ...

    def score_table(self, outcome: Outcome) -> ScoreTable: ...


# -- how to play ----------------------------------------------------------------------------------
class GuideSection(msgspec.Struct, frozen=True):
    """A part of a game's guide: a heading, paragraphs, and terms with what they mean."""

    heading: str
    paragraphs: tuple[str, ...] = ()
    terms: tuple[tuple[str, str], ...] = ()  # (term, meaning)


class ActionHelp(msgspec.Struct, frozen=True):
    """One kind of decision (one action type): its name and what choosing it does, in one line."""

    name: str
    line: str


class Guide(msgspec.Struct, frozen=True):
    """How to play a game, in the game's own words (never a rulebook's).

    ``goal`` is one line; ``sections`` the rest (a round's phases, the key terms); ``actions``
    has one entry per action tag the game can offer, which :func:`explained` uses to say what
    each option of a decision does; ``adapted`` says which of the game's values or rules are
    estimates or adaptations rather than a published rulebook's."""

    title: str
    goal: str
    sections: tuple[GuideSection, ...]
    actions: Mapping[str, ActionHelp]
    adapted: str = ""


@runtime_checkable
class HasGuide(Protocol):
    def guide(self) -> Guide:
        """How to play the game (see :class:`Guide`)."""
        ...


def action_tag(action: Action) -> str:
    """The action's tag, the kind of decision it answers (``"keep_role"``)."""
    tag = type(action).__struct_config__.tag
    return str(tag) if tag is not None else type(action).__name__


def action_tags(action_type: Any) -> tuple[str, ...]:
    """Every tag of a game's action union (``Game.action_type``), in its order."""
    members = typing.get_args(action_type) or (action_type,)
    tags = (
        str(m.__struct_config__.tag)
        for m in members
        if isinstance(m, type) and issubclass(m, Action) and m.__struct_config__.tag is not None
    )
    return tuple(dict.fromkeys(tags))


def guide_of(face: Any) -> Guide:
    """The presentation's own guide, or a plain one for a game that has none yet: its title, and
    each of its action types by name, so every game has a page to point at."""
    if isinstance(face, HasGuide):
        return face.guide()
    title = str(getattr(face, "title", "This game"))
    game = getattr(face, "game", None)
    tags = action_tags(getattr(game, "action_type", None)) if game is not None else ()
    return Guide(
        title=title,
        goal="This game has no guide of its own yet: each decision lists the moves the rules allow.",
        sections=(),
        actions={t: ActionHelp(t.replace("_", " ").capitalize(), "") for t in tags},
    )


def explained(decisions: Iterable[Decision], guide: Guide) -> tuple[Decision, ...]:
    """The decisions with every option explained from ``guide.actions``.

    A decision whose choices are all of one kind gets that kind's line as its own ``help`` (the
    line would only repeat under every option); in a decision that mixes kinds, each choice
    without words of its own gets its kind's line.  A set's finishing choice gets its own kind's
    line.  Words a presentation already gave are kept."""

    def kind_line(c: Choice) -> str:
        known = guide.actions.get(action_tag(c.action))
        return known.line if known is not None else ""

    def fill(c: Choice) -> Choice:
        return c if c.help else msgspec.structs.replace(c, help=kind_line(c))

    out = []
    for d in decisions:
        finish = fill(d.finish) if d.finish is not None else None
        tags = {action_tag(c.action) for c in d.choices}
        if len(tags) == 1:
            help_ = d.help or kind_line(d.choices[0])
            out.append(msgspec.structs.replace(d, help=help_, finish=finish))
        else:
            out.append(msgspec.structs.replace(d, choices=tuple(fill(c) for c in d.choices), finish=finish))
    return tuple(out)


def explains(decision: Decision) -> list[tuple[Choice, str]]:
    """Each option of the decision with the line that explains it (its own, else the decision's)."""
    return [(c, c.help or decision.help) for c in decision.everything()]


def presentation_of(game: Any) -> Presentation:
    """The game's own presentation, or the plain one built from the Game protocol."""
    found = capability(game, HasPresentation)
    if found is not None:
        own: Presentation = found.presentation()
        return own
    return Plain(game)


def options_of(
    config_type: type[msgspec.Struct], labels: dict[str, str] | None = None
) -> tuple[OptionSpec, ...]:
    """Rule options read from a config struct: every field whose values are a ``Literal``.

    The field's default comes first.  ``labels`` gives the words people read; a field without one
    is named after itself.
    """
    labels = labels or {}
    hints = typing.get_type_hints(config_type)
    specs = []
    for field in msgspec.structs.fields(config_type):
        hint = hints[field.name]
        if typing.get_origin(hint) is not Literal:
            continue
        values = tuple(str(v) for v in typing.get_args(hint))
        default = str(field.default)
        ordered = (default, *(v for v in values if v != default)) if default in values else values
        specs.append(
            OptionSpec(
                name=field.name, label=labels.get(field.name, field.name.replace("_", " ")), values=ordered
            )
        )
    return tuple(specs)


class Plain:
    """A presentation for any game, from the Game protocol alone.

    Every legal action is one choice labelled by ``describe_action``; the log is ``render_log``
    and the round summary ``render_summary`` (the engine's own words, seats as it writes them);
    the panels show the observation's fields.  Good enough to play a new game everywhere the day
    its engine lands, before it has words and a board of its own.
    """

    min_players = 1
    max_players = 8

    def __init__(self, game: Any) -> None:
        self.game = game
        self.title = str(getattr(game, "title", game.name))
        config_type = getattr(game, "config_type", None)
        self._options = options_of(config_type) if isinstance(config_type, type) else ()

    def options(self) -> tuple[OptionSpec, ...]:
        return self._options

    def seat_styles(self, players: int) -> tuple[SeatStyle, ...]:
        return SEAT_STYLES[:players]

    def step_title(self, observation: Any) -> str:
        for key in ("step", "phase"):
            value = getattr(observation, key, None)
            if isinstance(value, str):
                return value.replace("_", " ").capitalize()
        return ""

    def decisions(self, observation: Any, legal: Sequence[Action]) -> tuple[Decision, ...]:
        if not legal:
            return ()
        choices = tuple(Choice(action=a, label=(self.game.describe_action(a),)) for a in legal)
        return (Decision(title="Your decision", shape="one", choices=choices),)

    def log(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
        return [(text,) for text in self.game.render_log(events, viewer, omniscient=omniscient)]

    def summary(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
        return [(text,) for text in self.game.render_summary(events, viewer, omniscient=omniscient)]

    def panels(self, observation: Any) -> tuple[Panel, ...]:
        data = msgspec.to_builtins(observation) if isinstance(observation, msgspec.Struct) else {}
        rows = tuple((f"{k.replace('_', ' ')}: {_brief(v)}",) for k, v in data.items())
        return (Panel(title="The table", lines=rows),)

    def score_table(self, outcome: Outcome) -> ScoreTable:
        return ScoreTable(columns=("Score",), rows=tuple((s,) for s in outcome.scores))


def _brief(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(_brief(v) for v in value) if value else "—"
    if isinstance(value, dict):
        return "; ".join(f"{k} {_brief(v)}" for k, v in value.items())
    return "—" if value is None else str(value)
