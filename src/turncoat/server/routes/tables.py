"""A table in the browser: its page, its replay, seat links, and plain-form fallbacks for
everything the websocket does (they work without JavaScript)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import msgspec
from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse

from turncoat.core.registry import registered
from turncoat.server import views
from turncoat.server.adapters import default_level, level_choices
from turncoat.server.deps import (
    CheckedForm,
    ClientAddress,
    CsrfToken,
    HubDep,
    IsHost,
    SeatDep,
    SeatNumber,
    SettingsDep,
    TableDep,
    seat_cookie,
    whole_params,
)
from turncoat.server.hub.moves import MAX_SUBMITTED
from turncoat.server.inputs import on_or_off, version_of, whole_number
from turncoat.server.live import BROKEN, OVER, ServerError, build_payload, chat_dict
from turncoat.server.logbook import round_starts
from turncoat.server.payload import public_seats
from turncoat.server.routes.common import base_url, broken_message, html, parse_action, set_secret_cookie
from turncoat.server.skin import seats_css, web_skin

router = APIRouter()


@dataclass(frozen=True)
class ReplayQuery:
    step: int  # how many moves in; -1 (or past the end): the whole game so far
    full: int  # 1: show every hand (once the game is over)


async def replay_query(request: Request) -> ReplayQuery:
    """``?step=&full=``, checked before the table is looked up (see ``whole_params``)."""
    return ReplayQuery(**whole_params(request, "query", {"step": -1, "full": 0}))


@router.get("/join/{table_id}/{token}")
async def join_link(token: str, hub: HubDep, table: TableDep, settings: SettingsDep) -> Response:
    seat = table.seat_for_token(token)
    if seat is None:
        raise ServerError("forbidden", "this seat link is not valid (any more)")
    if not table.seats[seat].claimed:
        await hub.claim(table, seat, None, rotate=False)
    response = RedirectResponse(f"/t/{table.id}", 303)
    set_secret_cookie(response, settings, seat_cookie(table.id), token)
    return response


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(
    request: Request,
    hub: HubDep,
    table: TableDep,
    seat: SeatDep,
    host: IsHost,
    settings: SettingsDep,
    csrf: CsrfToken,
) -> HTMLResponse:
    if table.status == BROKEN:  # say so plainly instead of drawing a position that is not the game's
        body = views.page("message.html", title="This table cannot continue", message=broken_message(table))
        return html(request, settings, body)
    update = build_payload(table, seat, -1)
    chat = [chat_dict(m) for m in await hub.chat_history(table)]
    my_link = None
    if seat is not None:
        my_link = f"{base_url(request)}/join/{table.id}/{request.cookies.get(seat_cookie(table.id))}"
    body = views.table_page(
        "table.html",
        table.game,
        msgspec.to_builtins(update),
        views.story(table.play, update),
        table=table.summary(),
        chat=chat,
        csrf=csrf,
        is_host=host,
        levels=level_choices(table.game),
        my_link=my_link,
        watch=f"{base_url(request)}/t/{table.id}",
    )
    return html(request, settings, body, csrf=csrf)


@router.get("/t/{table_id}/seats.css")
async def seat_colours(table: TableDep) -> Response:
    """The table's seat colours (the game's, seat by seat) for its pages."""
    css = seats_css(":root", ((s.seat, s.colour) for s in public_seats(table)))
    return Response(css, media_type="text/css")


@router.get("/skins/{game_id}/skin.css")
async def skin_stylesheet(game_id: str) -> Response:
    """A game's own styles (its board's shapes and colours), when its web skin brings some."""
    sheet = web_skin(game_id).stylesheet if game_id in registered() else None
    if sheet is None:
        return Response("this game has no stylesheet of its own\n", status_code=404, media_type="text/plain")
    return Response(sheet.read_text(encoding="utf-8"), media_type="text/css")


@router.post("/t/{table_id}/join")
async def join_from_lobby(
    form: CheckedForm, hub: HubDep, table: TableDep, seat: SeatDep, settings: SettingsDep
) -> Response:
    if seat is not None:
        return RedirectResponse(f"/t/{table.id}", 303)
    _seat, token = await hub.join_open_seat(table, str(form.get("name") or ""))
    response = RedirectResponse(f"/t/{table.id}", 303)
    set_secret_cookie(response, settings, seat_cookie(table.id), token)
    return response


@router.post("/t/{table_id}/leave")
async def leave(_checked: CheckedForm, hub: HubDep, table: TableDep, seat: SeatDep) -> Response:
    if seat is not None:
        await hub.leave(table, seat)
    response = RedirectResponse("/", 303)
    response.delete_cookie(seat_cookie(table.id), path="/")
    return response


@router.post("/t/{table_id}/name")
async def rename(form: CheckedForm, hub: HubDep, table: TableDep, seat: SeatDep) -> Response:
    if seat is None:
        raise ServerError("not_seated", "only a seated player has a name here")
    await hub.claim(table, seat, str(form.get("name") or ""), rotate=False)
    return RedirectResponse(f"/t/{table.id}", 303)


@router.post("/t/{table_id}/preferences")
async def preferences_form(form: CheckedForm, hub: HubDep, table: TableDep, seat: SeatDep) -> Response:
    """The seat's preferences without the websocket: ``forced_moves`` on or off."""
    await hub.set_forced_moves(table, seat, on_or_off(form.get("forced_moves"), "forced_moves"))
    return RedirectResponse(f"/t/{table.id}", 303)


@router.post("/t/{table_id}/seats/{seat}/bot")
async def seat_bot(
    seat: SeatNumber, form: CheckedForm, hub: HubDep, table: TableDep, host: IsHost
) -> Response:
    if not host:
        raise ServerError("forbidden", "only the host can seat a bot")
    await hub.fill_with_bot(table, seat, str(form.get("agent") or default_level(table.game)))
    return RedirectResponse(f"/t/{table.id}", 303)


@router.post("/t/{table_id}/seats/{seat}/invite", response_class=HTMLResponse)
async def seat_invite(
    request: Request,
    seat: SeatNumber,
    _checked: CheckedForm,
    hub: HubDep,
    table: TableDep,
    host: IsHost,
    settings: SettingsDep,
) -> HTMLResponse:
    if not host or not 0 <= seat < len(table.seats):
        raise ServerError("forbidden", "only the host can hand out invite links")
    token = await hub.reissue(table, seat)
    url = f"{base_url(request)}/join/{table.id}/{token}"
    title = f"Invite link for seat {seat + 1}"
    body = views.page("message.html", title=title, link=url, back=f"/t/{table.id}")
    return html(request, settings, body)


@router.post("/t/{table_id}/act")
async def act_form(form: CheckedForm, hub: HubDep, table: TableDep, seat: SeatDep) -> Response:
    """Plain-form fallback for the websocket (works without JavaScript): ``action`` (one
    action's JSON text), or ``pick`` (repeated, a set decision's picks) with ``finish``."""
    version = version_of(form.get("version"))
    picks = form.getlist("pick")
    raw_finish = form.get("finish")
    if len(picks) > MAX_SUBMITTED:
        raise ServerError("too_many_actions", f"one move holds at most {MAX_SUBMITTED} actions")
    if picks or raw_finish:
        actions = [parse_action(p) for p in picks]
        finish = parse_action(raw_finish) if raw_finish else None
        await hub.submit_actions(table, seat, actions, finish, version)
    else:
        await hub.submit_actions(table, seat, [parse_action(form.get("action"))], None, version)
    return RedirectResponse(f"/t/{table.id}", 303)


@router.post("/t/{table_id}/chat")
async def chat_form(
    form: CheckedForm, hub: HubDep, table: TableDep, seat: SeatDep, address: ClientAddress
) -> Response:
    await hub.chat(table, seat, str(form.get("text") or ""), address)
    return RedirectResponse(f"/t/{table.id}", 303)


@router.post("/t/{table_id}/whisper")
async def whisper_form(
    form: CheckedForm, hub: HubDep, table: TableDep, seat: SeatDep, address: ClientAddress
) -> Response:
    """A whisper sent without the websocket: its own address, so it can never become table talk."""
    to = whole_number(form.get("to"), "the seat to whisper to", 0, len(table.seats) - 1, "bad_seat")
    await hub.whisper(table, seat, to, str(form.get("text") or ""), address)
    return RedirectResponse(f"/t/{table.id}", 303)


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(
    request: Request,
    query: Annotated[ReplayQuery, Depends(replay_query)],
    hub: HubDep,
    table: TableDep,
    seat: SeatDep,
    settings: SettingsDep,
) -> HTMLResponse:
    step, full = query.step, query.full
    if table.status == BROKEN:
        raise ServerError("broken", broken_message(table))
    if table.log_from > 0:
        raise ServerError("no_replay", "this table's early history could not be restored")
    total = table.version
    step = total if step < 0 or step > total else step
    omniscient = bool(full) and table.status == OVER
    play = table.replay_to(step)
    update = build_payload(table, seat, -1, play=play, omniscient=omniscient)
    rounds = round_starts(table.play, seat, omniscient=omniscient)  # as this viewer's log tells them
    body = views.table_page(
        "replay.html",
        table.game,
        msgspec.to_builtins(update),
        views.story(play, update),
        table=table.summary(),
        step=step,
        total=total,
        full=omniscient,
        can_full=table.status == OVER,
        replay=True,
        replay_rounds=rounds,
        replay_round=max((r for r, at in rounds if at <= step), default=None),
    )
    return html(request, settings, body)
