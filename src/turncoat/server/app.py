"""The FastAPI app: lobby and table pages, a small JSON API and one websocket per table view."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import FormData

from turncoat.core.errors import RulesError
from turncoat.server import views
from turncoat.server.adapters import OPTION_LABELS, game_options, level_choices, pack_title
from turncoat.server.inputs import optional_text, parse_json, version_of, whole_number
from turncoat.server.live import (
    BROKEN,
    OVER,
    Conn,
    Hub,
    LiveTable,
    SeatSpec,
    ServerError,
    build_payload,
    chat_dict,
)
from turncoat.server.security import Clock, RateLimiter, TokenBucket, client_key, install_log_filter
from turncoat.server.settings import Settings
from turncoat.server.storage import Store
from turncoat.server.timeouts import BodyDeadline

log = logging.getLogger("turncoat.server")

CSRF_COOKIE = "tc_csrf"
CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)


def seat_cookie(table_id: str) -> str:
    return f"tc_seat_{table_id}"


def host_cookie(table_id: str) -> str:
    return f"tc_host_{table_id}"


def invites_cookie(table_id: str) -> str:
    return f"tc_invites_{table_id}"


_BAD_REQUEST = (
    "malformed_json",
    "malformed_action",
    "bad_request",
    "bad_seats",
    "bad_players",
    "bad_name",
    "bad_timer",
    "bad_options",
    "bad_values",
    "unknown_bot",
    "content_type",
    "no_action",
    "missing_version",
)
_STATUS = {
    "no_such_table": 404,
    "forbidden": 403,
    "private_table": 403,
    "csrf": 403,
    "not_seated": 403,
    "storage_unavailable": 503,  # the database failed; nothing changed and the same move may be resent
    "table_quota": 429,  # this client has its share of tables open
    "too_many_tables": 503,  # the server is full
    **dict.fromkeys(_BAD_REQUEST, 400),
}


def _error(exc: ServerError | RulesError) -> dict[str, Any]:
    return {"type": "error", **exc.to_dict()}


def broken_message(table: LiveTable) -> str:
    return (
        f"Table “{table.name}” cannot continue: {table.problem}. "
        "Its record is kept as it was, but the game can no longer be shown or played."
    )


def create_app(settings: Settings | None = None, clock: Clock = time.time) -> FastAPI:
    """The web app.  The database schema is upgraded and every table restored on start.
    ``clock`` (wall-clock seconds) is the hub's: tests pass their own to make time pass."""
    settings = settings or Settings()
    install_log_filter()
    limiter = RateLimiter(settings.http_rate, settings.http_burst)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, settings.url())
        hub = Hub(settings, store, clock)
        await hub.start()
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.stop()
            store.close()

    app = FastAPI(lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None, debug=False)
    app.mount("/static", StaticFiles(directory=str(views.STATIC)), name="static")

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    @app.middleware("http")
    async def guard(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        if not host_allowed(request.headers.get("host", ""), settings):
            # DNS rebinding: a page on another site whose name was made to point here.
            return JSONResponse(
                {
                    "type": "error",
                    "code": "bad_host",
                    "message": "this server does not answer to that host name "
                    "(its operator can allow it with TURNCOAT_ALLOWED_HOSTS)",
                },
                400,
            )
        if request.method not in ("GET", "HEAD", "OPTIONS"):
            length = request.headers.get("content-length")
            if length is None and request.method in ("POST", "PUT", "PATCH"):
                # Browsers always say how long a form is; a body of unknown length is refused
                # rather than read without a limit.
                return JSONResponse(
                    {"type": "error", "code": "length_required", "message": "say the Content-Length"}, 411
                )
            if length is not None and not _content_length_ok(length, settings.max_body):
                return JSONResponse(
                    {"type": "error", "code": "too_large", "message": "request too large"}, 413
                )
            if not limiter.allow(address_of(request)):
                return JSONResponse({"type": "error", "code": "rate_limited", "message": "slow down"}, 429)
        response = await call_next(request)
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Frame-Options"] = "DENY"
        if request.url.path.startswith(("/t/", "/join/", "/api/")):
            response.headers["Cache-Control"] = "no-store"
        return response

    # Added last, so outermost: a request body is read whole, in time, before the guard above or
    # any handler sees the request.
    app.add_middleware(BodyDeadline, seconds=settings.body_timeout_s, max_body=settings.max_body)

    @app.exception_handler(ServerError)
    async def server_error(request: Request, exc: ServerError) -> Response:
        status = _STATUS.get(exc.code, 409)  # 409: the request was fine but the table says no
        if request.url.path.startswith("/api/"):
            return JSONResponse(_error(exc), status)
        # A refusal at a table links back to it: the table is as it was (nothing changed).
        table_id = request.path_params.get("table_id")
        back = f"/t/{table_id}" if isinstance(table_id, str) and exc.code != "no_such_table" else None
        body = views.page("message.html", title="Sorry", message=exc.message, back=back)
        return HTMLResponse(body, status)

    @app.exception_handler(RulesError)
    async def rules_error(request: Request, exc: RulesError) -> Response:
        if request.url.path.startswith("/api/"):
            return JSONResponse(_error(exc), 400)
        return HTMLResponse(views.page("message.html", title="Not possible", message=exc.message), 400)

    # -- helpers ------------------------------------------------------------------------------
    def csrf_of(request: Request) -> str:
        token = request.cookies.get(CSRF_COOKIE)
        if token and 20 <= len(token) <= 100:
            return token
        return secrets.token_urlsafe(24)

    def html(request: Request, body: str, status: int = 200, csrf: str | None = None) -> HTMLResponse:
        response = HTMLResponse(body, status)
        if csrf and request.cookies.get(CSRF_COOKIE) != csrf:
            response.set_cookie(
                CSRF_COOKIE, csrf, httponly=True, samesite="strict", secure=settings.secure_cookies, path="/"
            )
        return response

    async def checked_form(request: Request) -> FormData:
        form = await request.form()
        sent, cookie = form.get("csrf"), request.cookies.get(CSRF_COOKIE)
        if not isinstance(sent, str) or not cookie or not secrets.compare_digest(sent, cookie):
            raise ServerError("csrf", "this form has expired; reload the page and try again")
        return form

    def set_secret_cookie(response: Response, name: str, value: str) -> None:
        response.set_cookie(
            name,
            value,
            httponly=True,
            samesite="lax",
            secure=settings.secure_cookies,
            path="/",
            max_age=90 * 86400,
        )

    def who(request: Request, table: LiveTable) -> tuple[int | None, bool]:
        seat = table.seat_for_token(request.cookies.get(seat_cookie(table.id)))
        return seat, table.is_host(request.cookies.get(host_cookie(table.id)))

    def address_of(request: Request | WebSocket) -> str:
        return client_key(request.client.host) if request.client else "?"

    def base_url(request: Request) -> str:
        return str(request.base_url).rstrip("/")

    # -- pages --------------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> HTMLResponse:
        hub = hub_of(request)
        csrf = csrf_of(request)
        listed = [t.summary() for t in hub.tables.values() if t.listed and t.status not in (OVER, BROKEN)]
        listed.sort(key=lambda t: -t["created_at"])
        body = views.page(
            "lobby.html",
            csrf=csrf,
            tables=listed[:100],
            levels=level_choices(),
            options=game_options(),
            option_labels=OPTION_LABELS,
            pack_title=pack_title(),
        )
        return html(request, body, csrf=csrf)

    @app.post("/tables")
    async def create_from_form(request: Request) -> Response:
        form = await checked_form(request)
        hub = hub_of(request)
        players = 3 if form.get("players") == "3" else 4
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
            else:  # a bot level; the hub refuses unknown ones
                specs.append(SeatSpec("bot", agent=choice))
        options: dict[str, Any] = {"players": players}
        for key, allowed in game_options().items():
            value = form.get(key)
            if isinstance(value, str) and value in allowed:
                options[key] = value
        timer: int | None = whole_number(
            form.get("timer") or "0", "the turn timer", 0, 3600, code="bad_timer"
        )
        timer = timer or None  # 0: no timer
        table, host, tokens = await hub.create_table(
            game_name="verrater",
            options=options,
            seats=specs,
            name=str(form.get("name") or "")[:80],
            turn_seconds=timer,
            listed=form.get("listed") == "on",
            creator=address_of(request),
        )
        # Post/redirect/get: reloading the invite page must not create another table.  The host
        # keeps the friends' links in a cookie scoped to this table until they have been sent.
        response = RedirectResponse(f"/t/{table.id}/invites", 303)
        set_secret_cookie(response, host_cookie(table.id), host)
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
            set_secret_cookie(response, seat_cookie(table.id), tokens[me])
        return response

    @app.get("/t/{table_id}/invites", response_class=HTMLResponse)
    async def invites_page(request: Request, table_id: str) -> HTMLResponse:
        hub = hub_of(request)
        table = await hub.fetch(table_id)
        seat, is_host = who(request, table)
        if not is_host:
            raise ServerError("forbidden", "only the host sees the invite links")
        base = base_url(request)
        invites = []
        for item in (request.cookies.get(invites_cookie(table.id)) or "").split("~")[:8]:
            key, _, token = item.partition(":")
            s = table.seat_for_token(token)
            if s is not None and str(s) == key and not table.seats[s].claimed:  # not yet used
                invites.append({"seat": s, "url": f"{base}/join/{table.id}/{token}"})
        csrf = csrf_of(request)
        body = views.page(
            "created.html",
            table=table.summary(),
            invites=sorted(invites, key=lambda i: int(i["seat"])),
            watch=f"{base}/t/{table.id}",
            me=seat,
            csrf=csrf,
        )
        return html(request, body, csrf=csrf)

    @app.get("/join/{table_id}/{token}")
    async def join_link(request: Request, table_id: str, token: str) -> Response:
        hub = hub_of(request)
        table = await hub.fetch(table_id)
        seat = table.seat_for_token(token)
        if seat is None:
            raise ServerError("forbidden", "this seat link is not valid (any more)")
        if not table.seats[seat].claimed:
            await hub.claim(table, seat, None, rotate=False)
        response = RedirectResponse(f"/t/{table_id}", 303)
        set_secret_cookie(response, seat_cookie(table_id), token)
        return response

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def table_page(request: Request, table_id: str) -> HTMLResponse:
        hub = hub_of(request)
        table = await hub.fetch(table_id)
        if table.status == BROKEN:  # say so plainly instead of drawing a position that is not the game's
            body = views.page(
                "message.html", title="This table cannot continue", message=broken_message(table)
            )
            return html(request, body)
        seat, is_host = who(request, table)
        csrf = csrf_of(request)
        payload = build_payload(table, seat, -1)
        chat = [chat_dict(m) for m in await hub.chat_history(table)]
        info = hub.board_info(table)
        my_link = None
        if seat is not None:
            my_link = f"{base_url(request)}/join/{table.id}/{request.cookies.get(seat_cookie(table.id))}"
        body = views.page(
            "table.html",
            **views.context(payload, info, oob=False),
            table=table.summary(),
            chat=chat,
            csrf=csrf,
            is_host=is_host,
            levels=level_choices(),
            my_link=my_link,
            watch=f"{base_url(request)}/t/{table.id}",
        )
        return html(request, body, csrf=csrf)

    @app.post("/t/{table_id}/join")
    async def join_from_lobby(request: Request, table_id: str) -> Response:
        form = await checked_form(request)
        hub = hub_of(request)
        table = await hub.fetch(table_id)
        current, _ = who(request, table)
        if current is not None:
            return RedirectResponse(f"/t/{table_id}", 303)
        _seat, token = await hub.join_open_seat(table, str(form.get("name") or ""))
        response = RedirectResponse(f"/t/{table_id}", 303)
        set_secret_cookie(response, seat_cookie(table_id), token)
        return response

    @app.post("/t/{table_id}/leave")
    async def leave(request: Request, table_id: str) -> Response:
        await checked_form(request)
        hub = hub_of(request)
        table = await hub.fetch(table_id)
        seat, _ = who(request, table)
        if seat is not None:
            await hub.leave(table, seat)
        response = RedirectResponse("/", 303)
        response.delete_cookie(seat_cookie(table_id), path="/")
        return response

    @app.post("/t/{table_id}/name")
    async def rename(request: Request, table_id: str) -> Response:
        form = await checked_form(request)
        hub = hub_of(request)
        table = await hub.fetch(table_id)
        seat, _ = who(request, table)
        if seat is None:
            raise ServerError("not_seated", "only a seated player has a name here")
        await hub.claim(table, seat, str(form.get("name") or ""), rotate=False)
        return RedirectResponse(f"/t/{table_id}", 303)

    @app.post("/t/{table_id}/seats/{seat}/bot")
    async def seat_bot(request: Request, table_id: str, seat: int) -> Response:
        form = await checked_form(request)
        hub = hub_of(request)
        table = await hub.fetch(table_id)
        _, is_host = who(request, table)
        if not is_host:
            raise ServerError("forbidden", "only the host can seat a bot")
        await hub.fill_with_bot(table, seat, str(form.get("agent") or "normal"))
        return RedirectResponse(f"/t/{table_id}", 303)

    @app.post("/t/{table_id}/seats/{seat}/invite", response_class=HTMLResponse)
    async def seat_invite(request: Request, table_id: str, seat: int) -> HTMLResponse:
        await checked_form(request)
        hub = hub_of(request)
        table = await hub.fetch(table_id)
        _, is_host = who(request, table)
        if not is_host or not 0 <= seat < len(table.seats):
            raise ServerError("forbidden", "only the host can hand out invite links")
        token = await hub.reissue(table, seat)
        url = f"{base_url(request)}/join/{table.id}/{token}"
        body = views.page(
            "message.html", title=f"Invite link for seat {seat + 1}", link=url, back=f"/t/{table.id}"
        )
        return html(request, body)

    @app.post("/t/{table_id}/act")
    async def act_form(request: Request, table_id: str) -> Response:
        """Plain-form fallback for the websocket (works without JavaScript)."""
        form = await checked_form(request)
        hub = hub_of(request)
        table = await hub.fetch(table_id)
        seat, _ = who(request, table)
        version = version_of(form.get("version"))
        if form.get("type") == "commit_set":
            await hub.commit_set(table, seat, [str(v) for v in form.getlist("values")], version)
        else:
            await hub.submit(table, seat, [_parse_action(form.get("action"))], version)
        return RedirectResponse(f"/t/{table_id}", 303)

    @app.post("/t/{table_id}/chat")
    async def chat_form(request: Request, table_id: str) -> Response:
        form = await checked_form(request)
        hub = hub_of(request)
        table = await hub.fetch(table_id)
        seat, _ = who(request, table)
        await hub.chat(table, seat, str(form.get("text") or ""), address_of(request))
        return RedirectResponse(f"/t/{table_id}", 303)

    @app.get("/t/{table_id}/replay", response_class=HTMLResponse)
    async def replay_page(request: Request, table_id: str, step: int = -1, full: int = 0) -> HTMLResponse:
        hub = hub_of(request)
        table = await hub.fetch(table_id)
        seat, _ = who(request, table)
        if table.status == BROKEN:
            raise ServerError("broken", broken_message(table))
        if table.log_from > 0:
            raise ServerError("no_replay", "this table's early history could not be restored")
        total = len(table.actions)
        step = total if step < 0 or step > total else step
        omniscient = bool(full) and table.status == OVER
        game = table.game
        state = game.start(table.seed).state
        for player, action in table.actions[:step]:
            state = game.apply(state, player, action).state
        payload = build_payload(table, seat, -1, state=state, version=step, omniscient=omniscient)
        payload["legal"] = []
        info = hub.board_info(table)
        body = views.page(
            "replay.html",
            **views.context(payload, info, oob=False),
            table=table.summary(),
            step=step,
            total=total,
            full=omniscient,
            can_full=table.status == OVER,
            replay=True,
        )
        return html(request, body)

    # -- JSON API -----------------------------------------------------------------------------
    @app.get("/api/tables")
    async def api_tables(request: Request) -> JSONResponse:
        hub = hub_of(request)
        # Tables in progress (and broken ones); finished games are opened by their id.
        return JSONResponse([t.summary() for t in hub.tables.values() if t.listed])

    @app.get("/api/tables/{table_id}")
    async def api_table(request: Request, table_id: str) -> JSONResponse:
        return JSONResponse((await hub_of(request).fetch(table_id)).summary())

    @app.get("/api/agents")
    async def api_agents() -> JSONResponse:
        return JSONResponse({level: label for level, label in level_choices()})

    @app.get("/healthz")
    async def healthz() -> JSONResponse:
        return JSONResponse({"ok": True})

    @app.post("/api/tables")
    async def api_create(request: Request) -> JSONResponse:
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            raise ServerError("content_type", "send JSON (Content-Type: application/json)")
        body = parse_json(await request.body())
        if not isinstance(body, dict):
            raise ServerError("malformed_json", "the body must be a JSON object")
        game_name = optional_text(body.get("game", "verrater"), "game", 40) or "verrater"
        players = whole_number(
            body.get("players", 4), "players", 1, MAX_SEATS, code="bad_players", text_ok=False
        )
        options = body.get("options")
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise ServerError("bad_options", "options must be an object")
        options = _checked_options(options)
        seats_raw = body.get("seats") or [{"kind": "human"}] * players
        if not isinstance(seats_raw, list) or len(seats_raw) != players:
            raise ServerError("bad_seats", f"seats must be a list of {players} seats (one per player)")
        specs = [_seat_spec(s) for s in seats_raw]
        timer = body.get("turn_seconds")
        if timer is not None:
            timer = whole_number(timer, "turn_seconds", 5, 3600, code="bad_timer", text_ok=False)
        listed = body.get("listed", True)
        if not isinstance(listed, bool):
            raise ServerError("bad_request", "listed must be true or false")
        name = optional_text(body.get("name"), "the table's name", 80)
        table, host, tokens = await hub_of(request).create_table(
            game_name=game_name,
            options={**options, "players": players},
            seats=specs,
            name=name,
            turn_seconds=timer,
            listed=listed,
            creator=address_of(request),
        )
        base = base_url(request)
        return JSONResponse(
            {
                "table": table.id,
                "host_token": host,
                "seat_tokens": {str(k): v for k, v in tokens.items()},
                "links": {
                    "watch": f"{base}/t/{table.id}",
                    **{str(k): f"{base}/join/{table.id}/{v}" for k, v in tokens.items()},
                },
            },
            201,
        )

    # -- websocket ----------------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def ws_endpoint(websocket: WebSocket, table_id: str, format: str = "json") -> None:
        hub = hub_of(websocket)
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
            notice = _error(exc)
            await websocket.send_text(views.render_error(notice) if format == "html" else json.dumps(notice))
            await websocket.close(code=1013)
            return
        seat = table.seat_for_token(websocket.cookies.get(seat_cookie(table_id)))
        address = address_of(websocket)
        try:
            hub.admit(table, address, seat)
        except ServerError:
            await websocket.close(code=4429)  # too many connections: try again when some close
            return
        await websocket.accept()
        if table.status == BROKEN:  # nothing to follow: say why, then close (4410: gone for good)
            notice = _error(ServerError("broken", broken_message(table)))
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
                conn.outbox.append(("error", _error(exc)))
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
                    refusal = ServerError(
                        "too_large", f"messages are limited to {settings.max_ws_message} bytes"
                    )
                elif not bucket.take():
                    refusal = ServerError("rate_limited", "too many messages; slow down")
                if refusal is not None:
                    strikes += 1
                    conn.outbox.append(("error", _error(refusal)))
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

    return app


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
            await hub.submit(
                table, conn.viewer, [_parse_action(msg.get("action"))], version_of(msg.get("version"))
            )
        elif kind == "commit_set":
            if "values" not in msg:  # a client that lost the ticked cards must not commit none
                raise ServerError("bad_values", "commit_set needs the list of card values to commit")
            values = msg["values"]
            if isinstance(values, str):
                values = [values]
            await hub.commit_set(table, conn.viewer, values, version_of(msg.get("version")))
        elif kind == "chat":
            text = optional_text(msg.get("text"), "a chat message", 8192)
            await hub.chat(table, conn.viewer, text, conn.address)
        elif kind == "ping":
            conn.outbox.append(("pong", {"type": "pong", "version": table.version}))
            conn.poke()
        elif kind == "resync":
            conn.sent_version = -1
            conn.poke()
        else:
            raise ServerError("unknown_message", f"unknown message type {str(kind)[:40]!r}")
    except (ServerError, RulesError) as exc:
        conn.outbox.append(("error", _error(exc)))
        conn.poke()


async def _send_loop(hub: Hub, table: LiveTable, conn: Conn, websocket: WebSocket) -> None:
    """Send this connection its own updates (coalesced: always the newest position)."""
    info = hub.board_info(table)
    try:
        while not conn.closed:
            await conn.wake.wait()
            conn.wake.clear()
            if conn.closed:
                return
            full = conn.sent_version < 0
            if conn.dirty or conn.sent_version != table.version:
                payload = build_payload(table, conn.viewer, conn.sent_version)
                conn.sent_version = payload["version"]
                conn.dirty = False
                if conn.fmt == "html":
                    html_update = views.render_update(
                        payload, info, is_host=conn.is_host, csrf=conn.csrf, levels=level_choices()
                    )
                    await websocket.send_text(html_update)
                else:
                    await websocket.send_text(json.dumps(payload, separators=(",", ":")))
                if full:
                    try:
                        history = [chat_dict(m) for m in await hub.chat_history(table, 100)]
                    except ServerError as exc:  # the game goes on without the earlier chat
                        conn.outbox.appendleft(("error", _error(exc)))
                    else:
                        if conn.fmt == "html":
                            await websocket.send_text(views.page("_chatlog.html", chat=history, oob=True))
                        else:
                            await websocket.send_text(
                                json.dumps({"type": "chat_history", "messages": history})
                            )
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


def _checked_options(options: dict[str, Any]) -> dict[str, Any]:
    """Only the variants a table may choose (never scenarios or content overrides), plus a
    shorter game for practice (``rounds``)."""
    allowed = game_options()
    out: dict[str, Any] = {}
    for key, value in options.items():
        variant = key in allowed and value in allowed[key]
        short_game = key == "rounds" and type(value) is int and 1 <= value <= 9
        if variant or short_game:
            out[key] = value
        else:
            raise ServerError("bad_options", f"option {str(key)[:40]!r} cannot be set to {str(value)[:40]!r}")
    return out


LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")
ANY_ADDRESS = ("0.0.0.0", "::", "")


def host_allowed(header: str, settings: Settings) -> bool:
    """Whether a Host header (name or address, with or without a port) names this server.

    By default that is localhost and the address the server listens on; one listening on every
    address also answers to any IP address (a DNS rebinding attack needs a host *name*)."""
    host = _host_name(header)
    if not host:
        return False
    allowed = settings.allowed_hosts
    if allowed is not None:
        return "*" in allowed or host in allowed
    if host in LOCAL_NAMES or host == settings.bind_host.lower():
        return True
    return settings.bind_host in ANY_ADDRESS and _is_ip_address(host)


def origin_allowed(origin: str, settings: Settings) -> bool:
    """Whether a websocket's Origin is a page of an allowed host (http or https)."""
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and host_allowed(parts.netloc, settings)


def _host_name(header: str) -> str:
    """The host part of ``name:port`` / ``[v6]:port``, lower-case, without a trailing dot."""
    header = header.strip().lower()
    if header.startswith("["):
        host, bracket, _rest = header[1:].partition("]")
        return host if bracket else ""
    host = header.rsplit(":", 1)[0] if header.count(":") == 1 else header
    return host.rstrip(".")


def _is_ip_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _content_length_ok(header: str, limit: int) -> bool:
    """A Content-Length of ASCII digits no larger than ``limit`` (``"²"`` passes isdigit())."""
    try:
        return whole_number(header, "Content-Length", 0, limit) >= 0
    except ServerError:
        return False


MAX_SEATS = 8  # more than any game here seats; the game itself says exactly how many


def _seat_spec(raw: Any) -> SeatSpec:
    """One seat of a new table, as the API describes it (checked, never trusted)."""
    if not isinstance(raw, dict):
        raise ServerError("bad_seats", "each seat must be an object")
    kind = raw.get("kind", "human")
    if kind not in ("human", "bot"):
        raise ServerError("bad_seats", "a seat's kind must be human or bot")
    level = raw.get("level", raw.get("agent"))
    level = optional_text(level, "a bot's level", 40, code="unknown_bot") or None
    name = optional_text(raw.get("name"), "a seat's name", 200, code="bad_name")
    return SeatSpec(kind, level, name)


def _parse_action(raw: Any) -> Any:
    if isinstance(raw, str):
        try:
            raw = parse_json(raw, "the action")
        except ServerError as exc:
            raise ServerError("malformed_action", exc.message) from exc
    if not isinstance(raw, dict):
        raise ServerError("malformed_action", "an action must be a JSON object with a type")
    return raw
