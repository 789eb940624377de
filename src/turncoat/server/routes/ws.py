"""One websocket per table view: the viewer's updates out, moves, chat and pings in.

A refused connection closes with a code the client can act on: 4403 (host or origin not
allowed), 4404 (no such table), 4429 (too many connections), 4410 (the table cannot continue),
1013 (the database could not be read: try again later), 1008 (kept flooding)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import msgspec
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from turncoat.core.errors import RulesError
from turncoat.server import views
from turncoat.server.adapters import level_choices
from turncoat.server.deps import (
    CSRF_COOKIE,
    ClientAddress,
    HubDep,
    SettingsDep,
    host_allowed,
    host_cookie,
    origin_allowed,
    seat_cookie,
)
from turncoat.server.hub.moves import MAX_SUBMITTED
from turncoat.server.inputs import on_or_off, optional_text, parse_json, version_of, whole_number
from turncoat.server.live import BROKEN, Conn, Hub, LiveTable, ServerError, build_payload, chat_dict
from turncoat.server.routes.common import broken_message, error_body
from turncoat.server.security import TokenBucket

router = APIRouter()


@router.websocket("/ws/{table_id}")
async def ws_endpoint(
    websocket: WebSocket,
    table_id: str,
    hub: HubDep,
    settings: SettingsDep,
    address: ClientAddress,
    format: str = "json",
) -> None:
    origin = websocket.headers.get("origin")
    # Both checked against the allowed hosts: an Origin merely equal to the Host header is
    # what a rebinding attacker's page sends.
    if not host_allowed(websocket.headers.get("host", ""), settings) or (
        origin is not None and not origin_allowed(origin, settings)
    ):
        await websocket.close(code=4403)
        return
    try:
        table = await hub.fetch(table_id)
    except ServerError as exc:
        if exc.code != "storage_unavailable":
            await websocket.close(code=4404)
            return
        # The database could not be read: say so, then close (1013: try again later).
        await websocket.accept()
        notice = error_body(exc)
        await websocket.send_text(views.render_error(notice) if format == "html" else json.dumps(notice))
        await websocket.close(code=1013)
        return
    seat = table.seat_for_token(websocket.cookies.get(seat_cookie(table_id)))
    try:
        hub.admit(table, address, seat)
    except ServerError:
        await websocket.close(code=4429)  # too many connections: try again when some close
        return
    await websocket.accept()
    if table.status == BROKEN:  # nothing to follow: say why, then close (4410: gone for good)
        notice = error_body(ServerError("broken", broken_message(table)))
        await websocket.send_text(views.render_error(notice) if format == "html" else json.dumps(notice))
        await websocket.close(code=4410)
        return
    conn = Conn(
        viewer=seat,
        fmt="html" if format == "html" else "json",
        is_host=table.is_host(websocket.cookies.get(host_cookie(table_id))),
        csrf=websocket.cookies.get(CSRF_COOKIE) or "",
        address=address,
    )
    if seat is not None and not table.seats[seat].claimed:
        try:
            await hub.claim(table, seat, None, rotate=False)
        except ServerError as exc:  # the database failed: say so, stay open (a hello retries)
            conn.outbox.append(("error", error_body(exc)))
    try:  # checked again with no pause before attaching: others may have connected meanwhile
        hub.admit(table, address, seat)
    except ServerError:
        await websocket.close(code=4429)
        return
    hub.attach(table, conn)
    sender = asyncio.create_task(_send_loop(hub, table, conn, websocket))
    bucket = TokenBucket(settings.ws_rate, settings.ws_burst)
    strikes = 0
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                data = message.get("bytes") or b""
                text = data.decode("utf-8", "replace")
            refusal = None
            if len(text) > settings.max_ws_message:
                refusal = ServerError("too_large", f"messages are limited to {settings.max_ws_message} bytes")
            elif not bucket.take():
                refusal = ServerError("rate_limited", "too many messages; slow down")
            if refusal is not None:
                strikes += 1
                conn.outbox.append(("error", error_body(refusal)))
                conn.poke()
                if strikes > 50:
                    await websocket.close(code=1008)
                    break
                continue
            await _handle(hub, table, conn, text)
    except WebSocketDisconnect:
        pass
    finally:
        conn.closed = True
        conn.poke()
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
        hub.detach(table, conn)


async def _handle(hub: Hub, table: LiveTable, conn: Conn, text: str) -> None:
    """One client message; any refusal goes back to this connection only."""
    try:
        msg = parse_json(text, "the message")
        if not isinstance(msg, dict):
            raise ServerError("malformed_json", "the message must be a JSON object")
        kind = msg.get("type")
        if kind == "hello":
            seat = table.seat_for_token(msg.get("token") if isinstance(msg.get("token"), str) else None)
            if seat is None:
                raise ServerError("forbidden", "this token does not hold a seat at this table")
            if not table.seats[seat].claimed:
                await hub.claim(table, seat, None, rotate=False)
            hub.rebind(table, conn, seat)
        elif kind == "act":
            action = action_object(msg.get("action"), "the action")
            await hub.submit_actions(table, conn.viewer, [action], None, version_of(msg.get("version")))
        elif kind == "submit":
            actions, finish = submission(msg)
            await hub.submit_actions(table, conn.viewer, actions, finish, version_of(msg.get("version")))
        elif kind == "chat":
            text = optional_text(msg.get("text"), "a chat message", 8192)
            await hub.chat(table, conn.viewer, text, conn.address)
        elif kind == "whisper":
            to = whole_number(msg.get("to"), "the seat to whisper to", 0, len(table.seats) - 1, "bad_seat")
            text = optional_text(msg.get("text"), "a whisper", 8192)
            await hub.whisper(table, conn.viewer, to, text, conn.address)
        elif kind == "preferences":
            if "forced_moves" not in msg:
                raise ServerError("bad_preference", "say which preference to set: forced_moves")
            on = on_or_off(msg.get("forced_moves"), "forced_moves")
            await hub.set_forced_moves(table, conn.viewer, on)
        elif kind == "ping":
            conn.outbox.append(("pong", {"type": "pong", "version": table.version}))
            conn.poke()
        elif kind == "resync":
            conn.sent_version = -1
            conn.poke()
        else:
            raise ServerError("unknown_message", f"unknown message type {str(kind)[:40]!r}")
    except (ServerError, RulesError) as exc:
        conn.outbox.append(("error", error_body(exc)))
        conn.poke()


async def _send_loop(hub: Hub, table: LiveTable, conn: Conn, websocket: WebSocket) -> None:
    """Send this connection its own updates (coalesced: always the newest position)."""
    try:
        while not conn.closed:
            await conn.wake.wait()
            conn.wake.clear()
            if conn.closed:
                return
            full = conn.sent_version < 0
            if conn.dirty or conn.sent_version != table.version:
                update = build_payload(table, conn.viewer, conn.sent_version)
                conn.sent_version = update.version
                conn.dirty = False
                if conn.fmt == "html":
                    html_update = views.update_html(
                        table,
                        update,
                        is_host=conn.is_host,
                        csrf=conn.csrf,
                        levels=level_choices(table.game),
                    )
                    await websocket.send_text(html_update)
                else:
                    await websocket.send_text(msgspec.json.encode(update).decode())
                if full:
                    try:
                        history = [chat_dict(m) for m in await hub.chat_history(table, 100)]
                    except ServerError as exc:  # the game goes on without the earlier chat
                        conn.outbox.appendleft(("error", error_body(exc)))
                    else:
                        if conn.fmt == "html":
                            await websocket.send_text(views.page("_chatlog.html", chat=history, oob=True))
                        else:
                            history_message = {"type": "chat_history", "messages": history}
                            await websocket.send_text(json.dumps(history_message))
            while conn.outbox:
                kind, data = conn.outbox.popleft()
                if conn.fmt == "html":
                    if kind == "chat":
                        await websocket.send_text(views.render_chat(data))
                    elif kind == "error":
                        await websocket.send_text(views.render_error(data))
                else:
                    await websocket.send_text(json.dumps(data, separators=(",", ":")))
    except (WebSocketDisconnect, RuntimeError, OSError):
        conn.closed = True


def action_object(raw: Any, what: str) -> dict[str, Any]:
    """An action as a message carries it: a JSON object with its ``type``, never JSON text."""
    if isinstance(raw, str):
        raise ServerError(
            "malformed_action", f"{what} must be a JSON object, not a string (send the object itself)"
        )
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        raise ServerError("malformed_action", f"{what} must be a JSON object with a type")
    return raw


def submission(msg: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """A ``submit`` message's picks and its closing action (checked, never trusted)."""
    actions = msg.get("actions")
    if not isinstance(actions, list):  # a client that lost the picks must not submit none
        raise ServerError("malformed_action", "submit needs the list of actions picked")
    if len(actions) > MAX_SUBMITTED:
        raise ServerError("too_many_actions", f"one move holds at most {MAX_SUBMITTED} actions")
    picks = [action_object(a, f"action {i + 1} of the submission") for i, a in enumerate(actions)]
    raw_finish = msg.get("finish")
    finish = None if raw_finish is None else action_object(raw_finish, "the finishing action")
    if not picks and finish is None:
        raise ServerError("no_action", "submit needs at least one action or a finish")
    return picks, finish
