"""The lobby: the list of open tables, the tables this browser sits at, the new-table form, the
host's invite links, and each game's how-to-play page."""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse

from turncoat.core.errors import InvalidConfig
from turncoat.server import views
from turncoat.server.deps import (
    CheckedForm,
    ClientAddress,
    CsrfToken,
    HubDep,
    IsHost,
    SeatDep,
    SettingsDep,
    TableDep,
    host_cookie,
    invites_cookie,
    seat_cookie,
)
from turncoat.server.inputs import whole_number
from turncoat.server.live import BROKEN, OVER, SeatSpec, ServerError
from turncoat.server.mine import my_tables
from turncoat.server.offer import checked_players, chosen_options, default_game, how_to_play, offer, offered
from turncoat.server.routes.common import base_url, html, set_secret_cookie
from turncoat.server.skin import seats_css

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
async def lobby(
    request: Request, hub: HubDep, settings: SettingsDep, csrf: CsrfToken, game: str | None = None
) -> HTMLResponse:
    """The open tables and the form for a new one, of ``?game=`` (else the first game offered)."""
    chosen = default_game() if game is None else offer(game)
    listed = [t.summary() for t in hub.tables.values() if t.listed and t.status not in (OVER, BROKEN)]
    listed.sort(key=lambda t: -t["created_at"])
    body = views.page(
        "lobby.html",
        csrf=csrf,
        tables=listed[:100],
        mine=await my_tables(hub, request.cookies),
        game=chosen,
        games=offered(),
        titles={g.id: g.title for g in offered()},
    )
    return html(request, settings, body, csrf=csrf)


_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")


@router.get("/games/{game_id}/rules", response_class=HTMLResponse)
async def rules_page(
    request: Request, game_id: str, settings: SettingsDep, back: str | None = None
) -> HTMLResponse:
    """How to play a game, in the game's own words (its guide); ``?back=<table>`` links back."""
    try:
        game = offer(game_id)
    except InvalidConfig:
        raise ServerError("no_such_game", "this server has no such game") from None
    guide = how_to_play(game.id)
    body = views.page(
        "rules.html",
        game=game,
        guide=guide,
        choices=[a for a in guide.actions.values() if a.line],
        back=f"/t/{back}" if back is not None and _TABLE_ID.fullmatch(back) else None,
    )
    return html(request, settings, body)


@router.get("/games/seats.css")
async def game_seat_colours() -> Response:
    """Each offered game's seat colours, for the lobby's seat chips (``.game-<id>``)."""
    css = "".join(seats_css(f".game-{g.id}", enumerate(g.colours)) for g in offered())
    return Response(css, media_type="text/css")


@router.post("/tables")
async def create_from_form(
    form: CheckedForm, hub: HubDep, settings: SettingsDep, address: ClientAddress
) -> Response:
    game = offer(form.get("game") or default_game().id)
    players = checked_players(game, form.get("players") or game.default_players)
    specs: list[SeatSpec] = []
    me: int | None = None
    my_name = str(form.get("my_name") or "Host")
    for i in range(players):
        choice = str(form.get(f"seat{i}", "human"))
        if choice == "me" and me is None:
            me = i
            # Taken with the table, in the same write: a table is never left half made.
            specs.append(SeatSpec("human", name=my_name, taken=True))
        elif choice in ("me", "human"):
            specs.append(SeatSpec("human"))
        elif choice == "open":
            specs.append(SeatSpec("human", lobby=True))
        else:  # a bot level; the hub refuses unknown ones
            specs.append(SeatSpec("bot", agent=choice))
    options: dict[str, Any] = {**chosen_options(game, form), "players": players}
    timer: int | None = whole_number(form.get("timer") or "0", "the turn timer", 0, 3600, code="bad_timer")
    timer = timer or None  # 0: no timer
    table, host, tokens = await hub.create_table(
        game_name=game.id,
        options=options,
        seats=specs,
        name=str(form.get("name") or "")[:80],
        turn_seconds=timer,
        listed=form.get("listed") == "on",
        creator=address,
    )
    # Post/redirect/get: reloading the invite page must not create another table.  The host
    # keeps the friends' links in a cookie scoped to this table until they have been sent.
    response = RedirectResponse(f"/t/{table.id}/invites", 303)
    set_secret_cookie(response, settings, host_cookie(table.id), host)
    invites = "~".join(f"{s}:{tok}" for s, tok in tokens.items() if s != me)  # cookie-safe
    response.set_cookie(
        invites_cookie(table.id),
        invites,
        httponly=True,
        samesite="strict",
        secure=settings.secure_cookies,
        path=f"/t/{table.id}",
        max_age=7 * 86400,
    )
    if me is not None:
        set_secret_cookie(response, settings, seat_cookie(table.id), tokens[me])
    return response


@router.get("/t/{table_id}/invites", response_class=HTMLResponse)
async def invites_page(
    request: Request, table: TableDep, seat: SeatDep, host: IsHost, settings: SettingsDep, csrf: CsrfToken
) -> HTMLResponse:
    if not host:
        raise ServerError("forbidden", "only the host sees the invite links")
    base = base_url(request)
    invites = []
    for item in (request.cookies.get(invites_cookie(table.id)) or "").split("~")[:8]:
        key, _, token = item.partition(":")
        s = table.seat_for_token(token)
        if s is not None and str(s) == key and not table.seats[s].claimed:  # not yet used
            invites.append({"seat": s, "url": f"{base}/join/{table.id}/{token}"})
    body = views.page(
        "created.html",
        table=table.summary(),
        invites=sorted(invites, key=lambda i: int(i["seat"])),
        watch=f"{base}/t/{table.id}",
        me=seat,
        csrf=csrf,
    )
    return html(request, settings, body, csrf=csrf)
