"""The JSON API: list, read and create tables; the bot levels; a health check."""

from __future__ import annotations

from typing import Any

import msgspec
from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from turncoat.core.errors import InvalidConfig
from turncoat.core.present import presentation_of
from turncoat.core.registry import load_game
from turncoat.server.deps import ClientAddress, HubDep, SeatDep, TableDep
from turncoat.server.inputs import on_or_off, optional_text, parse_json, whole_number
from turncoat.server.live import SeatSpec, ServerError, build_payload
from turncoat.server.offer import default_game, how_to_play, offer
from turncoat.server.routes.common import base_url

router = APIRouter()

MAX_SEATS = 8  # as many as any game seats; the game itself says exactly how many


@router.get("/api/tables")
async def api_tables(hub: HubDep) -> JSONResponse:
    # Tables in progress (and broken ones); finished games are opened by their id.
    return JSONResponse([t.summary() for t in hub.tables.values() if t.listed])


@router.get("/api/tables/{table_id}")
async def api_table(table: TableDep) -> JSONResponse:
    return JSONResponse(table.summary())


@router.get("/api/tables/{table_id}/state")
async def api_state(table: TableDep, seat: SeatDep) -> Response:
    """What this client may see of the game now (its seat cookie, or a spectator's view): the
    full update its websocket would send first."""
    body = msgspec.json.encode(build_payload(table, seat, -1))
    return Response(body, media_type="application/json")


@router.post("/api/tables/{table_id}/preferences")
async def api_preferences(request: Request, hub: HubDep, table: TableDep, seat: SeatDep) -> JSONResponse:
    """Set this client's seat's preferences (its seat cookie): ``{"forced_moves": true}`` has the
    table play the seat's move whenever its legal choices are exactly one action.  Answers the
    seat's preferences as they now are."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise ServerError("content_type", "send JSON (Content-Type: application/json)")
    body = parse_json(await request.body())
    if not isinstance(body, dict) or set(body) != {"forced_moves"}:
        raise ServerError(
            "bad_preference", 'the body must be {"forced_moves": true} or {"forced_moves": false}'
        )
    now = await hub.set_forced_moves(table, seat, on_or_off(body["forced_moves"], "forced_moves"))
    return JSONResponse({"forced_moves": now})


@router.get("/api/agents")
async def api_agents(game: str | None = None) -> JSONResponse:
    """The bot levels of ``?game=`` (else of the first game offered): level -> label."""
    chosen = default_game() if game is None else offer(game)
    return JSONResponse(dict(chosen.levels))


@router.get("/api/games/{game_id}/guide")
async def api_guide(game_id: str) -> Response:
    """How to play the game (``core.present.Guide``): what the rules page shows, as JSON."""
    try:
        game = offer(game_id)
    except InvalidConfig:
        raise ServerError("no_such_game", "this server has no such game") from None
    return Response(msgspec.json.encode(how_to_play(game.id)), media_type="application/json")


@router.get("/healthz")
async def healthz() -> JSONResponse:
    return JSONResponse({"ok": True})


@router.post("/api/tables")
async def api_create(request: Request, hub: HubDep, address: ClientAddress) -> JSONResponse:
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise ServerError("content_type", "send JSON (Content-Type: application/json)")
    body = parse_json(await request.body())
    if not isinstance(body, dict):
        raise ServerError("malformed_json", "the body must be a JSON object")
    first = default_game().id  # the first game this server offers (the only one, most often)
    game_name = optional_text(body.get("game", first), "game", 40) or first
    game = load_game(game_name)  # unknown_game: refused before anything else is read
    seats_raw = body.get("seats")
    default_players = len(seats_raw) if isinstance(seats_raw, list) and seats_raw else game.num_players()
    players = whole_number(
        body.get("players", default_players), "players", 1, MAX_SEATS, code="bad_players", text_ok=False
    )
    options = body.get("options")
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise ServerError("bad_options", "options must be an object")
    options = _checked_options(options, _choices(game))
    seats_raw = seats_raw or [{"kind": "human"}] * players
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
    table, host, tokens = await hub.create_table(
        game_name=game_name,
        options={**options, "players": players},
        seats=specs,
        name=name,
        turn_seconds=timer,
        listed=listed,
        creator=address,
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


def _choices(game: Any) -> dict[str, tuple[str, ...]]:
    """The rule options a table of this game may choose, as its presentation offers them."""
    return {spec.name: spec.values for spec in presentation_of(game).options()}


def _checked_options(options: dict[str, Any], allowed: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    """Only the variants a table may choose (never scenarios or content overrides), plus a
    shorter game for practice (``rounds``)."""
    out: dict[str, Any] = {}
    for key, value in options.items():
        variant = key in allowed and value in allowed[key]
        short_game = key == "rounds" and type(value) is int and 1 <= value <= 9
        if variant or short_game:
            out[key] = value
        else:
            raise ServerError("bad_options", f"option {str(key)[:40]!r} cannot be set to {str(value)[:40]!r}")
    return out


def _seat_spec(raw: Any) -> SeatSpec:
    """One seat of a new table, as the API describes it (checked, never trusted)."""
    if not isinstance(raw, dict):
        raise ServerError("bad_seats", "each seat must be an object")
    kind = raw.get("kind", "human")
    if kind not in ("human", "open", "bot"):
        raise ServerError("bad_seats", "a seat's kind must be human (a friend's invite link), open or bot")
    level = raw.get("level", raw.get("agent"))
    level = optional_text(level, "a bot's level", 40, code="unknown_bot") or None
    name = optional_text(raw.get("name"), "a seat's name", 200, code="bad_name")
    if kind == "open":  # anyone from the lobby: no invite link
        return SeatSpec("human", None, name, lobby=True)
    return SeatSpec(kind, level, name)
