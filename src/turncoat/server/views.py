"""HTML for pages and websocket updates (Jinja2 templates in ``turncoat/web`` and the skins).

Templates only ever receive a viewer's update payload (``payload.Update`` as builtins) plus what
the game's web skin adds from that payload and the viewer's own events, so a page cannot show
more than the JSON a seat is sent.  Nothing here knows a game: every word comes from the game's
presentation through the payload, every board from the game's skin (``server/skin.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import msgspec

from turncoat.core.actions import Event
from turncoat.core.engine import Game
from turncoat.play import GameInProgress
from turncoat.server.payload import Update, visible_events
from turncoat.server.skin import GENERIC_ENV, WEB, environment, stylesheet_url, web_skin
from turncoat.server.table import LiveTable

STATIC = WEB / "static"

# Past this many choices a decision is a list box instead of a row of buttons.
MOST_BUTTONS = 12


def seat_names(seats: Iterable[Mapping[str, Any]]) -> dict[int, str]:
    return {int(s["seat"]): str(s["name"]) for s in seats}


def context(
    game: Game[Any, Any, Any], payload: dict[str, Any], events: Sequence[Event] = (), **extra: Any
) -> dict[str, Any]:
    """What every table template may use, then what the game's skin adds."""
    seats = payload.get("seats") or []
    base: dict[str, Any] = {
        "p": payload,
        "o": payload.get("observation") or {},
        "me": payload.get("seat"),
        "log": payload.get("log") or [],
        "step_name": payload.get("step") or "",
        "seat_names": seat_names(seats),
        "most_buttons": MOST_BUTTONS,
        "skin_css": stylesheet_url(game.name),
        **extra,
    }
    if payload.get("status") == "broken":
        return base
    return {**base, **web_skin(game.name).context(game, payload, events)}


def render_update(
    game: Game[Any, Any, Any], payload: dict[str, Any], events: Sequence[Event] = (), **extra: Any
) -> str:
    """Out-of-band fragments for the htmx websocket extension.  ``events``: the viewer's
    events since the start (a skin's end screen may use them)."""
    ctx = context(game, payload, events, oob=True, **extra)
    return environment(game.name).get_template("_update.html").render(ctx)


def story(play: GameInProgress, update: Update) -> list[Event]:
    """The viewer's events since the start, for a skin's end screen (a round-by-round table);
    while the game goes on only a skin that asks for them (``WebSkin.story_in_play``) gets them.
    They are redacted for the viewer, as its log is."""
    if update.outcome is None and not web_skin(play.game.name).story_in_play:
        return []
    return visible_events(play, update.seat, omniscient=update.everyone is not None)


def update_html(table: LiveTable, update: Update, **extra: Any) -> str:
    """One viewer's update as the websocket's HTML fragments."""
    return render_update(table.game, msgspec.to_builtins(update), story(table.play, update), **extra)


def table_page(
    name: str,
    game: Game[Any, Any, Any],
    payload: dict[str, Any],
    events: Sequence[Event] = (),
    **extra: Any,
) -> str:
    """A page of one table (``table.html``, ``replay.html``) through the game's skin."""
    ctx = context(game, payload, events, oob=False, **extra)
    return environment(game.name).get_template(name).render(ctx)


def render_chat(msg: dict[str, Any]) -> str:
    return GENERIC_ENV.get_template("_chat.html").render(m=msg, oob=True)


def render_error(err: dict[str, Any]) -> str:
    return GENERIC_ENV.get_template("_flash.html").render(err=err, oob=True)


def page(name: str, **ctx: Any) -> str:
    """A page that shows no game (the lobby, a message)."""
    return GENERIC_ENV.get_template(name).render(**ctx)
