"""The HTTP side of the web app through the real app: lobby, tables, seats, forms, headers."""

from __future__ import annotations

import html
import logging
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.server.web_support import app_client, create_table, csrf_of, seat_cookie
from turncoat.server.security import RedactTokensFilter


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path) as c:
        yield c


def test_lobby_lists_open_tables_with_security_headers(client: TestClient) -> None:
    created = create_table(client, name="Lobby test")
    page = client.get("/")
    assert page.status_code == 200
    assert "Lobby test" in page.text and f"/t/{created['table']}" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-frame-options"] == "DENY"
    assert "tc_csrf" in page.cookies


def test_create_from_the_lobby_form_seats_the_host_and_hands_out_invites(client: TestClient) -> None:
    csrf = csrf_of(client.get("/").text)
    form = {"csrf": csrf, "players": "4", "my_name": "Ann", "name": "Form table", "listed": "on"}
    form |= {"seat0": "me", "seat1": "human", "seat2": "easy", "seat3": "hard", "timer": "60"}
    page = client.post("/tables", data=form)
    assert page.status_code == 200
    assert page.text.count('aria-label="Invite link for seat') == 1  # the host already sits
    table_id = next(t for t in client.get("/api/tables").json() if t["name"] == "Form table")["id"]
    summary = client.get(f"/api/tables/{table_id}").json()
    assert [s["kind"] for s in summary["seats"]] == ["human", "human", "bot", "bot"]
    assert [s["agent"] for s in summary["seats"]] == [None, None, "easy", "hard"]
    assert summary["seats"][0]["name"] == "Ann" and summary["turn_seconds"] == 60
    table = client.get(f"/t/{table_id}")
    assert "Ann, you support the" in table.text  # the host cookie and seat cookie were set
    again = client.get(page.url)  # reloading the invite page shows the same link, makes no table
    assert page.url.path == f"/t/{table_id}/invites" and again.text == page.text
    assert len(client.get("/api/tables").json()) == 1
    client.cookies.clear()
    assert client.get(page.url).status_code == 403  # only the host sees the links


def test_the_lobby_form_keeps_a_seat_for_anyone_from_the_lobby(client: TestClient) -> None:
    csrf = csrf_of(client.get("/").text)
    form = {"csrf": csrf, "players": "3", "my_name": "Ann", "name": "Open seat", "listed": "on"}
    page = client.post("/tables", data=form | {"seat0": "me", "seat1": "human", "seat2": "open"})
    assert page.status_code == 200
    assert page.text.count('aria-label="Invite link for seat') == 1  # seat 2's friend only
    assert "1 seat is open to anyone from the lobby" in page.text
    (listed,) = client.get("/api/tables").json()
    assert listed["open_seats"] == [1, 2] and listed["lobby_seats"] == [2]
    client.cookies.clear()
    csrf = csrf_of(client.get("/").text)
    joined = client.post(
        f"/t/{listed['id']}/join", data={"csrf": csrf, "name": "Bea"}, follow_redirects=False
    )
    assert joined.status_code == 303
    seats = client.get(f"/api/tables/{listed['id']}").json()["seats"]
    assert [(s["name"], s["claimed"]) for s in seats] == [("Ann", True), ("Seat 2", False), ("Bea", True)]


def test_forms_without_the_csrf_token_are_refused_and_change_nothing(client: TestClient) -> None:
    client.get("/")
    before = client.get("/api/tables").json()
    response = client.post("/tables", data={"players": "4", "seat0": "me"})
    assert response.status_code == 403 and "expired" in response.text
    response = client.post("/tables", data={"csrf": "forged-token-forged-token", "players": "4"})
    assert response.status_code == 403
    assert client.get("/api/tables").json() == before


def test_join_link_claims_the_seat_and_a_forged_link_does_not(client: TestClient) -> None:
    created = create_table(client)
    table_id, token = created["table"], created["seat_tokens"]["1"]
    forged = client.get(f"/join/{table_id}/{token[:-2]}xx", follow_redirects=False)
    assert forged.status_code == 403
    joined = client.get(f"/join/{table_id}/{token}", follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"] == f"/t/{table_id}"
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[1]["claimed"] and not seats[0]["claimed"]


def test_join_from_the_lobby_until_the_table_is_full(client: TestClient) -> None:
    created = create_table(client, seats=[{"kind": "open"}, {"kind": "bot"}, {"kind": "bot"}])
    table_id = created["table"]
    assert created["seat_tokens"] == {}  # a seat for anyone from the lobby has no invite link
    csrf = csrf_of(client.get("/").text)
    first = client.post(f"/t/{table_id}/join", data={"csrf": csrf, "name": "Bea"}, follow_redirects=False)
    assert first.status_code == 303
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "playing"
    client.cookies.clear()
    csrf = csrf_of(client.get("/").text)
    full = client.post(f"/t/{table_id}/join", data={"csrf": csrf, "name": "Cid"})
    assert full.status_code == 409 and "no free seat" in full.text
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[0]["name"] == "Bea"


def test_only_the_host_fills_an_empty_seat_with_a_bot(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        csrf = csrf_of(client.get("/").text)
        form = {
            "csrf": csrf,
            "players": "3",
            "seat0": "me",
            "seat1": "human",
            "seat2": "human",
            "listed": "on",
        }
        client.post("/tables", data=form)
        table_id = client.get("/api/tables").json()[0]["id"]
        host_cookies = dict(client.cookies)
        client.cookies.clear()
        csrf = csrf_of(client.get("/").text)
        stranger = client.post(f"/t/{table_id}/seats/1/bot", data={"csrf": csrf, "agent": "easy"})
        assert stranger.status_code == 403
        assert client.get(f"/api/tables/{table_id}").json()["seats"][1]["kind"] == "human"
        client.cookies.update(host_cookies)
        bad = client.post(f"/t/{table_id}/seats/1/bot", data={"csrf": host_cookies["tc_csrf"], "agent": "x"})
        assert bad.status_code == 400
        for seat in (1, 2):
            done = client.post(
                f"/t/{table_id}/seats/{seat}/bot",
                data={"csrf": host_cookies["tc_csrf"], "agent": "easy"},
                follow_redirects=False,
            )
            assert done.status_code == 303
        summary = client.get(f"/api/tables/{table_id}").json()
        assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "bot"]
        assert summary["status"] == "playing"


def test_the_host_reissues_an_invite_and_the_old_link_stops_working(client: TestClient) -> None:
    created = create_table(client)
    table_id, old = created["table"], created["seat_tokens"]["1"]
    client.cookies.set(f"tc_host_{table_id}", created["host_token"])
    csrf = csrf_of(client.get(f"/t/{table_id}").text)
    page = client.post(f"/t/{table_id}/seats/1/invite", data={"csrf": csrf})
    assert page.status_code == 200 and f"/join/{table_id}/" in page.text
    assert client.get(f"/join/{table_id}/{old}", follow_redirects=False).status_code == 403


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"players": 5}, "bad_players"),
        ({"players": 4, "seats": [{"kind": "human"}] * 3}, "bad_seats"),
        ({"players": 3, "seats": [{"kind": "robot"}] * 3}, "bad_seats"),
        (
            {"players": 3, "seats": [{"kind": "bot", "level": "ismcts:iterations=99999999"}] * 3},
            "unknown_bot",
        ),
        ({"players": 4, "options": {"content_overrides": {}}}, "bad_options"),
        ({"players": 4, "options": {"rounds": 500}}, "bad_options"),
        ({"players": 4, "turn_seconds": 1}, "bad_timer"),
        ({"players": 4, "turn_seconds": "soon"}, "bad_timer"),
    ],
)
def test_bad_table_requests_get_a_clear_error_and_create_nothing(
    client: TestClient, body: dict[str, object], code: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert 400 <= response.status_code < 500
    error = response.json()
    assert error["type"] == "error" and error["code"] == code and error["message"]
    assert client.get("/api/tables").json() == []


def test_malformed_and_oversized_bodies_are_refused(client: TestClient) -> None:
    bad = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert bad.status_code == 400 and bad.json()["code"] == "malformed_json"
    huge = client.post(
        "/api/tables", content=b"[" + b"1," * 40000 + b"1]", headers={"content-type": "application/json"}
    )
    assert huge.status_code == 413 and huge.json()["code"] == "too_large"
    chunks = (b"{}" for _ in range(1))  # a streamed body has no declared length
    streamed = client.post("/api/tables", content=chunks, headers={"content-type": "application/json"})
    assert streamed.status_code == 411 and streamed.json()["code"] == "length_required"
    assert client.get("/api/tables").json() == []


def test_no_endpoint_shows_the_state_seed_or_tokens(client: TestClient) -> None:
    created = create_table(client)
    table_id = created["table"]
    texts = [
        client.get("/api/tables").text,
        client.get(f"/api/tables/{table_id}").text,
        client.get(f"/t/{table_id}").text,
        client.get(f"/t/{table_id}/replay").text,
        client.get("/").text,
    ]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    seed = str(hub.tables[table_id].seed)
    for text in texts:
        assert seed not in text and 'draw_pile"' not in text and '"hands"' not in text
        for token in [created["host_token"], *created["seat_tokens"].values()]:
            assert token not in text


def test_a_spectator_page_shows_no_hand_and_a_seat_page_shows_its_own(client: TestClient) -> None:
    created = create_table(client)
    table_id = created["table"]
    watch = client.get(f"/t/{table_id}").text
    assert "Spectating" in watch and "supply card" not in watch
    client.cookies.update(seat_cookie(table_id, created["seat_tokens"]["0"]))
    mine = client.get(f"/t/{table_id}").text
    assert mine.count('aria-label="supply card') == 3  # the starting hand 3, 4, 5


def test_seat_tokens_never_reach_the_access_log() -> None:
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("1.2.3.4", "GET", "/join/abc/SECRETTOKEN", "1.1", 303),
        None,
    )
    RedactTokensFilter().filter(record)
    assert "SECRETTOKEN" not in record.getMessage() and "/join/abc/***" in record.getMessage()


def _finished_bot_table(client: TestClient) -> str:
    created = create_table(client, seats=[{"kind": "bot", "level": "easy"}] * 3, options={"rounds": 2})
    table_id: str = created["table"]
    deadline = time.monotonic() + 120
    while client.get(f"/api/tables/{table_id}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish a two-round game"
        time.sleep(0.2)
    return table_id


def test_replay_steps_through_the_public_view_and_reveals_all_only_after_the_game(
    client: TestClient,
) -> None:
    table_id = _finished_bot_table(client)
    page = client.get(f"/t/{table_id}")
    assert "Game over" in page.text and "Final score breakdown" in page.text and "Round by round" in page.text
    first = client.get(f"/t/{table_id}/replay?step=0").text
    assert "Step 0 of" in first and "supply card" not in first
    later = client.get(f"/t/{table_id}/replay?step=5").text
    assert "Step 5 of" in later and "Everything at this step" not in later
    everything = client.get(f"/t/{table_id}/replay?step=5&full=1").text
    assert "Everything at this step" in everything and "hand " in everything


def test_replay_never_reveals_everything_while_the_game_is_on(client: TestClient) -> None:
    created = create_table(client)
    table_id = created["table"]
    page = client.get(f"/t/{table_id}/replay?step=0&full=1").text
    assert "Everything at this step" not in page and "Reveal everything" not in page


def test_leaving_frees_the_seat_and_retires_the_old_link(client: TestClient) -> None:
    created = create_table(client, seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}])
    table_id, token = created["table"], created["seat_tokens"]["0"]
    client.get(f"/join/{table_id}/{token}")
    csrf = csrf_of(client.get(f"/t/{table_id}").text)
    left = client.post(f"/t/{table_id}/leave", data={"csrf": csrf}, follow_redirects=False)
    assert left.status_code == 303
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["open_seats"] == [0]
    assert client.get(f"/join/{table_id}/{token}", follow_redirects=False).status_code == 403
    csrf = csrf_of(client.get("/").text)
    client.post(f"/t/{table_id}/join", data={"csrf": csrf, "name": "Dee"})
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["name"] == "Dee"


def test_a_flood_of_requests_is_rate_limited(tmp_path: Path) -> None:
    with app_client(tmp_path, http_rate=0.5, http_burst=3) as client:
        codes = [client.post("/api/tables", json={"players": 7}).status_code for _ in range(6)]
        assert codes[:3] == [400, 400, 400] and codes[-1] == 429
        assert client.get("/").status_code == 200  # reading is never throttled


def test_the_page_works_without_javascript_through_plain_forms(client: TestClient) -> None:
    created = create_table(client, seats=[{"kind": "human"}] * 3)
    table_id, tokens = created["table"], created["seat_tokens"]
    for token in tokens.values():
        client.get(f"/join/{table_id}/{token}")
    client.cookies.clear()
    watch = client.get(f"/t/{table_id}").text
    actor = int(re.search(r'<article class="player seat-(\d) acting', watch).group(1))  # type: ignore[union-attr]
    client.cookies.update(seat_cookie(table_id, tokens[str(actor)]))
    page = client.get(f"/t/{table_id}").text
    csrf = csrf_of(page)
    action = html.unescape(re.search(r'name="action" value="([^"]+)"', page).group(1))  # type: ignore[union-attr]
    done = client.post(
        f"/t/{table_id}/act", data={"csrf": csrf, "type": "act", "version": "0", "action": action}
    )
    assert done.status_code == 200 and client.get(f"/api/tables/{table_id}").json()["version"] == 1
    stale = client.post(
        f"/t/{table_id}/act", data={"csrf": csrf, "type": "act", "version": "0", "action": action}
    )
    assert stale.status_code == 409 and "version" in stale.text
    said = client.post(f"/t/{table_id}/chat", data={"csrf": csrf, "text": "<i>hello</i>"})
    assert said.status_code == 200 and "&lt;i&gt;hello&lt;/i&gt;" in said.text


def test_a_player_arriving_by_invite_link_is_asked_for_a_name(client: TestClient) -> None:
    created = create_table(client, seats=[{"kind": "human"}] * 3)
    table_id, tokens = created["table"], created["seat_tokens"]
    client.cookies.clear()
    page = client.get(f"/join/{table_id}/{tokens['1']}")  # follows the redirect to the table
    assert "Welcome to seat 2" in page.text and 'id="welcome-name"' in page.text
    csrf = csrf_of(page.text)
    named = client.post(f"/t/{table_id}/name", data={"csrf": csrf, "name": "  Bea  "})
    assert named.status_code == 200 and "Welcome to seat" not in named.text
    assert client.get(f"/api/tables/{table_id}").json()["seats"][1]["name"] == "Bea"
    client.cookies.clear()
    assert "Welcome to seat" not in client.get(f"/t/{table_id}").text  # spectators are not asked


def test_the_lobby_offers_every_rule_option_of_the_game_and_the_table_keeps_it(client: TestClient) -> None:
    lobby = client.get("/").text
    for name in ("ring_layout", "hand_limit_discards", "hand_limit_timing", "reshuffle_timing"):
        assert f'name="{name}"' in lobby
    assert '<option value="after_each_draw">after each draw (rules)</option>' in lobby
    csrf = csrf_of(lobby)
    form = {"csrf": csrf, "players": "3", "my_name": "Ann", "name": "Timing", "listed": "on"}
    form |= {"seat0": "me", "seat1": "easy", "seat2": "easy", "hand_limit_timing": "after_all_draws"}
    assert client.post("/tables", data=form).status_code == 200
    table_id = next(t for t in client.get("/api/tables").json() if t["name"] == "Timing")["id"]
    game = client.app.state.hub.tables[table_id].game  # type: ignore[attr-defined]
    config = game.config
    assert (config.hand_limit_timing, config.reshuffle_timing) == ("after_all_draws", "when_emptied")
