"""What several routers share: HTML responses with their cookies, refusals, parsed actions."""

from __future__ import annotations

from typing import Any

from fastapi import Request, Response
from fastapi.responses import HTMLResponse

from turncoat.core.errors import RulesError
from turncoat.server.deps import CSRF_COOKIE
from turncoat.server.inputs import parse_json
from turncoat.server.live import LiveTable, ServerError
from turncoat.server.settings import Settings


def html(
    request: Request, settings: Settings, body: str, status: int = 200, csrf: str | None = None
) -> HTMLResponse:
    """A page; a page with forms (``csrf``) sets the CSRF cookie when the browser lacks it."""
    response = HTMLResponse(body, status)
    if csrf and request.cookies.get(CSRF_COOKIE) != csrf:
        response.set_cookie(
            CSRF_COOKIE, csrf, httponly=True, samesite="strict", secure=settings.secure_cookies, path="/"
        )
    return response


def set_secret_cookie(response: Response, settings: Settings, name: str, value: str) -> None:
    """A seat or host token, kept by the browser for 90 days and never shown to scripts."""
    response.set_cookie(
        name,
        value,
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
        path="/",
        max_age=90 * 86400,
    )


def base_url(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def error_body(exc: ServerError | RulesError) -> dict[str, Any]:
    """A refusal as the API and the websocket send it."""
    return {"type": "error", **exc.to_dict()}


def broken_message(table: LiveTable) -> str:
    return (
        f"Table “{table.name}” cannot continue: {table.problem}. "
        "Its record is kept as it was, but the game can no longer be shown or played."
    )


def parse_action(raw: Any) -> Any:
    """An action as a form or a websocket message sends it (an object, or JSON text of one)."""
    if isinstance(raw, str):
        try:
            raw = parse_json(raw, "the action")
        except ServerError as exc:
            raise ServerError("malformed_action", exc.message) from exc
    if not isinstance(raw, dict):
        raise ServerError("malformed_action", "an action must be a JSON object with a type")
    return raw
