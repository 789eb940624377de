"""The app factory: settings, startup and shutdown, the request guard, static files, routers.

The routes live in ``server/routes/`` (one router per area) and the lookups they share in
``server/deps.py``.  Nothing here is module state: each ``create_app`` call builds an app with its
own settings, hub, rate limiter and database."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from turncoat.core.errors import RulesError
from turncoat.server import views
from turncoat.server.deps import client_address, host_allowed
from turncoat.server.inputs import whole_number
from turncoat.server.live import Hub, ServerError
from turncoat.server.routes import ROUTERS
from turncoat.server.routes.common import error_body
from turncoat.server.security import Clock, RateLimiter, install_log_filter
from turncoat.server.settings import Settings
from turncoat.server.storage import Store
from turncoat.server.timeouts import BodyDeadline

CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)

_BAD_REQUEST = (
    "malformed_json",
    "malformed_action",
    "bad_request",
    "bad_seats",
    "bad_players",
    "bad_name",
    "bad_timer",
    "bad_options",
    "too_many_actions",
    "unknown_bot",
    "content_type",
    "no_action",
    "missing_version",
    "bad_preference",
)
_STATUS = {
    "no_such_table": 404,
    "no_such_game": 404,
    "forbidden": 403,
    "private_table": 403,
    "csrf": 403,
    "not_seated": 403,
    "storage_unavailable": 503,  # the database failed; nothing changed and the same move may be resent
    "table_quota": 429,  # this client has its share of tables open
    "too_many_tables": 503,  # the server is full
    **dict.fromkeys(_BAD_REQUEST, 400),
}


def create_app(settings: Settings | None = None, clock: Clock = time.time) -> FastAPI:
    """The web app.  The database schema is upgraded and every table restored on start.
    ``clock`` (wall-clock seconds) is the hub's: tests pass their own to make time pass."""
    settings = settings or Settings()
    install_log_filter()

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
    app.state.settings = settings
    app.mount("/static", StaticFiles(directory=str(views.STATIC)), name="static")
    app.middleware("http")(_guard(settings))
    # Added last, so outermost: a request body is read whole, in time, before the guard above or
    # any handler sees the request.
    app.add_middleware(BodyDeadline, seconds=settings.body_timeout_s, max_body=settings.max_body)
    app.add_exception_handler(ServerError, _server_error)  # type: ignore[arg-type]
    app.add_exception_handler(RulesError, _rules_error)  # type: ignore[arg-type]
    for router in ROUTERS:
        app.include_router(router)
    return app


Guard = Callable[[Request, Callable[[Request], Awaitable[Response]]], Awaitable[Response]]


def _guard(settings: Settings) -> Guard:
    """Every HTTP request: the host name, the body's size, the client's rate; the safety headers."""
    limiter = RateLimiter(settings.http_rate, settings.http_burst)

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
            if not limiter.allow(client_address(request)):
                return JSONResponse({"type": "error", "code": "rate_limited", "message": "slow down"}, 429)
        response = await call_next(request)
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Frame-Options"] = "DENY"
        if request.url.path.startswith(("/t/", "/join/", "/api/")):
            response.headers["Cache-Control"] = "no-store"
        return response

    return guard


async def _server_error(request: Request, exc: ServerError) -> Response:
    status = _STATUS.get(exc.code, 409)  # 409: the request was fine but the table says no
    if request.url.path.startswith("/api/"):
        return JSONResponse(error_body(exc), status)
    # A refusal at a table links back to it: the table is as it was (nothing changed).
    table_id = request.path_params.get("table_id")
    back = f"/t/{table_id}" if isinstance(table_id, str) and exc.code != "no_such_table" else None
    body = views.page("message.html", title="Sorry", message=exc.message, back=back)
    return HTMLResponse(body, status)


async def _rules_error(request: Request, exc: RulesError) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse(error_body(exc), 400)
    return HTMLResponse(views.page("message.html", title="Not possible", message=exc.message), 400)


def _content_length_ok(header: str, limit: int) -> bool:
    """A Content-Length of ASCII digits no larger than ``limit`` (``"²"`` passes isdigit())."""
    try:
        return whole_number(header, "Content-Length", 0, limit) >= 0
    except ServerError:
        return False
