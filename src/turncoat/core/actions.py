"""Bases for actions and events, and who may see an event.

Actions are frozen, tagged msgspec Structs named with the rulebook's verbs.  Events say what
happened; each carries ``visible_to``: ``None`` for public events, or the seats that may see it.
Everyone outside the game (UI, server, logs, bots) reads events through :func:`redact`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

import msgspec

PlayerId = int
Viewer = int | None  # a seat, or None for a spectator


class Action(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    """A decision a player submits.  Subclasses set ``tag=`` to their rulebook verb."""


class Event(msgspec.Struct, frozen=True, tag_field="type", kw_only=True):
    """Something that happened.  ``visible_to=None`` means everyone, spectators included."""

    visible_to: tuple[PlayerId, ...] | None = None

    def visible_for(self, viewer: Viewer) -> bool:
        if self.visible_to is None:
            return True
        return viewer is not None and viewer in self.visible_to


E = TypeVar("E", bound=Event)


def redact(events: Iterable[E], viewer: Viewer, *, omniscient: bool = False) -> list[E]:
    """The events ``viewer`` may see.  ``omniscient`` (post-game review) keeps them all."""
    if omniscient:
        return list(events)
    return [e for e in events if e.visible_for(viewer)]
