"""The lookups that most routes repeat, as FastAPI dependencies.

Each route declares what it needs (``hub: HubDep, table: TableDep, seat: SeatDep``) instead of
looking it up by hand.  Everything is read from the app the request reached (``app.state``), never
from module state, so two apps with different settings can run in one process.  FastAPI resolves a
route's dependencies in the order its parameters are written, once per request: a route that lists
``CheckedForm`` before ``TableDep`` refuses an expired form before it looks for the table.  They
are all ``async def``, even those that never wait: FastAPI would run a plain ``def`` in its thread
pool, which costs more than the lookup itself.
"""

from __future__ import annotations

import ipaddress
import secrets
from typing import Annotated, Literal
from urllib.parse import urlsplit

from fastapi import Depends, Request
from fastapi.exceptions import RequestValidationError
from pydantic import TypeAdapter, ValidationError
from starlette.datastructures import FormData
from starlette.requests import HTTPConnection

from turncoat.server.live import Hub, LiveTable, ServerError
from turncoat.server.security import client_key
from turncoat.server.settings import Settings

CSRF_COOKIE = "tc_csrf"


def seat_cookie(table_id: str) -> str:
    return f"tc_seat_{table_id}"


def host_cookie(table_id: str) -> str:
    return f"tc_host_{table_id}"


def invites_cookie(table_id: str) -> str:
    return f"tc_invites_{table_id}"


async def settings_of(conn: HTTPConnection) -> Settings:
    """The settings of the app this request reached (set by ``create_app``)."""
    settings: Settings = conn.app.state.settings
    return settings


async def hub_of(conn: HTTPConnection) -> Hub:
    """The app's hub (set when the app starts)."""
    hub: Hub = conn.app.state.hub
    return hub


async def table_of(table_id: str, hub: Annotated[Hub, Depends(hub_of)]) -> LiveTable:
    """The table named in the path; ``no_such_table`` (404) when there is none."""
    return await hub.fetch(table_id)


async def seat_of(request: Request, table: Annotated[LiveTable, Depends(table_of)]) -> int | None:
    """The seat this browser holds at the table (its seat cookie), or None for a spectator."""
    return table.seat_for_token(request.cookies.get(seat_cookie(table.id)))


async def is_host(request: Request, table: Annotated[LiveTable, Depends(table_of)]) -> bool:
    """Whether this browser holds the table's host cookie."""
    return table.is_host(request.cookies.get(host_cookie(table.id)))


async def checked_form(request: Request) -> FormData:
    """The posted form, once its CSRF field matches the CSRF cookie (``csrf``, 403, otherwise)."""
    form = await request.form()
    sent, cookie = form.get("csrf"), request.cookies.get(CSRF_COOKIE)
    if not isinstance(sent, str) or not cookie or not secrets.compare_digest(sent, cookie):
        raise ServerError("csrf", "this form has expired; reload the page and try again")
    return form


async def csrf_token(request: Request) -> str:
    """The CSRF token a page's forms carry: the browser's own, or a fresh one for a new visitor."""
    token = request.cookies.get(CSRF_COOKIE)
    if token and 20 <= len(token) <= 100:
        return token
    return secrets.token_urlsafe(24)


def client_address(conn: HTTPConnection) -> str:
    """The client's address, as rate limits and quotas count it.

    Behind a proxy named in ``TURNCOAT_TRUSTED_PROXIES`` this is the forwarded client: ``turncoat
    serve`` has uvicorn believe ``X-Forwarded-For`` from those proxies only, so the peer address seen
    here is already the client's, and nobody else can claim an address by sending the header."""
    return client_key(conn.client.host) if conn.client else "?"


async def address_of(conn: HTTPConnection) -> str:
    """``client_address`` as a dependency."""
    return client_address(conn)


_WHOLE: TypeAdapter[int] = TypeAdapter(int)


def whole_params(
    conn: HTTPConnection, where: Literal["path", "query"], defaults: dict[str, int | None]
) -> dict[str, int]:
    """Whole-number path or query parameters (a default for a missing one), checked by the same rules
    and refused with the same answer (422) as a parameter FastAPI reads as ``int``.  A route asks for
    them as its first dependency, so a malformed number is refused before any other check or lookup
    (FastAPI reads a route's own parameters only after all its dependencies)."""
    source = conn.path_params if where == "path" else conn.query_params
    values: dict[str, int] = {}
    errors: list[dict[str, object]] = []
    for name, default in defaults.items():
        raw = source.get(name)
        if raw is None and default is not None:
            values[name] = default
            continue
        try:
            values[name] = _WHOLE.validate_python(raw)
        except ValidationError as exc:
            errors += [{**e, "loc": (where, name, *e["loc"])} for e in exc.errors(include_url=False)]
    if errors:
        raise RequestValidationError(errors)
    return values


async def seat_number(request: Request) -> int:
    """The seat number in the path (``/seats/{seat}/...``)."""
    return whole_params(request, "path", {"seat": None})["seat"]


SeatNumber = Annotated[int, Depends(seat_number)]
SettingsDep = Annotated[Settings, Depends(settings_of)]
HubDep = Annotated[Hub, Depends(hub_of)]
TableDep = Annotated[LiveTable, Depends(table_of)]
SeatDep = Annotated[int | None, Depends(seat_of)]
IsHost = Annotated[bool, Depends(is_host)]
CheckedForm = Annotated[FormData, Depends(checked_form)]
CsrfToken = Annotated[str, Depends(csrf_token)]
ClientAddress = Annotated[str, Depends(address_of)]

# -- host names ---------------------------------------------------------------------------------
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
