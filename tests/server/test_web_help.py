"""Rules help in the browser (without JavaScript): each game's how-to-play page, reached from the
lobby and from a table; the "?" next to a decision naming each legal option with its line; and
"My games" in the lobby, listing only the tables this browser's own cookies prove a seat at."""

from __future__ import annotations

import html
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.test_storage_replay import close_hub, open_hub, play, run
from tests.server.web_support import app_client, create_table, csrf_of, seat_cookie, settings_for
from turncoat.core.present import presentation_of
from turncoat.core.registry import builtin_games, load_game, registered
from turncoat.server.live import OVER, SeatSpec
from turncoat.server.storage import StorageError

TERMS = {
    "verrater": ["Estate", "Trading post", "Converting", "VP circles", "Traitor", "Diplomat +5"],
    "treaty_skirmish": ["The ring", "Treaty card", "Envoy", "Treaty traitor", "Power-Hungry"],
    "rex": ["Influence", "Bidding", "Battle plan", "Traitor card", "Temporary Ceasefire", "Alliance"],
    "starcraft": ["Order stack", "Force mining", "Conquest points", "Combat card", "Placeholder content"],
}

# the built-in games people can play (a game still being built has a package but no registration)
PLAYABLE = tuple(g for g in builtin_games() if g in registered())


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path) as c:
        yield c


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_each_game_has_a_how_to_play_page_reached_from_the_lobby(client: TestClient, game_id: str) -> None:
    lobby = client.get(f"/?game={game_id}").text
    assert f'href="/games/{game_id}/rules"' in lobby
    page = client.get(f"/games/{game_id}/rules")
    assert page.status_code == 200
    words = text_of(page.text)
    guide = presentation_of(load_game(game_id)).guide()  # type: ignore[attr-defined]
    assert guide.goal in words and "Estimated and adapted" in words
    for term in TERMS[game_id]:
        assert term in words, f"{game_id}: {term!r} not explained"
    for help_ in guide.actions.values():
        assert help_.name in words and help_.line in words


def test_every_game_is_linked_to_its_rules_from_the_lobby(client: TestClient) -> None:
    lobby = client.get("/").text
    for game_id in PLAYABLE:
        assert f"/games/{game_id}/rules" in lobby


def test_the_guide_is_in_the_json_api_too(client: TestClient) -> None:
    guide = client.get("/api/games/treaty_skirmish/guide").json()
    assert guide["title"] == "Treaty Skirmish" and guide["actions"]["send_envoy"]["line"]
    missing = client.get("/api/games/chess/guide")
    assert missing.status_code == 404 and missing.json()["code"] == "no_such_game"


def test_an_unknown_game_has_no_rules_page_and_a_bad_back_link_is_dropped(client: TestClient) -> None:
    assert client.get("/games/chess/rules").status_code == 404
    page = client.get('/games/verrater/rules?back="><script>').text
    assert "Back to your table" not in page and "<script>" not in page
    assert 'href="/t/abc_D-9"' in client.get("/games/verrater/rules?back=abc_D-9").text


def my_turn(client: TestClient, table_id: str) -> dict[str, Any]:
    """The seat's state once it has a decision (the bots before it play at once)."""
    deadline = time.monotonic() + 60
    while True:
        state: dict[str, Any] = client.get(f"/api/tables/{table_id}/state").json()
        if state["decisions"]:
            return state
        assert time.monotonic() < deadline, "the seat was never asked to decide"
        time.sleep(0.05)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_decision_help_names_every_legal_option_with_its_line(client: TestClient, game_id: str) -> None:
    players = presentation_of(load_game(game_id)).min_players
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
    created = create_table(client, game=game_id, seats=seats)
    table_id, token = created["table"], created["seat_tokens"]["0"]
    assert client.get(f"/join/{table_id}/{token}", follow_redirects=False).status_code == 303
    for _ in range(20):  # a page and a state of the same version (bots may answer sealed choices)
        my_turn(client, table_id)
        page = client.get(f"/t/{table_id}").text
        state = my_turn(client, table_id)
        if f'data-version="{state["version"]}"' in page:
            break
    else:
        raise AssertionError("the table never stood still for one page")
    assert f'/games/{game_id}/rules?back={table_id}"' in page  # from the table to the rules and back
    helps = re.findall(r'<details class="decision-help".*?</details>', page, re.S)
    assert len(helps) == len(state["decisions"])
    offered = 0
    for box, d in zip(helps, state["decisions"], strict=True):
        said = text_of(box)
        options = {
            html.unescape(o).lower() for o in re.findall(r'<strong class="option">(.*?)</strong>', box)
        }
        choices = d["choices"] + ([d["finish"]] if d["finish"] else [])
        assert options == {c["label"].lower() for c in choices}
        for c in choices:
            line = c["help"] or d["help"]
            assert line and line in said, f"{c['label']!r} is not explained"
        offered += len(choices)
    assert offered >= len(state["legal"]) > 0  # every legal action is one of the options named


async def _tables(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """A finished game and a running one where this browser has seat 0, and a running one where
    someone else sits: each table id with the seat-0 token."""
    hub = await open_hub(settings_for(tmp_path))
    made: dict[str, tuple[str, str]] = {}
    for name, finish in (("finished", True), ("running", False), ("theirs", False)):
        table, _host, tokens = await hub.create_table(
            game_name="verrater",
            options={"players": 3, "rounds": 1},
            seats=[SeatSpec("human"), SeatSpec("human"), SeatSpec("human")],
            name=f"{name} table",
            turn_seconds=None,
            listed=False,
        )
        for seat in range(3):
            await hub.claim(table, seat, None, rotate=False)
        if finish:
            await play(hub, table, 10_000, random.Random(3))
            assert table.status == OVER
        made[name] = (table.id, tokens[0])
    await close_hub(hub)
    return made


def test_my_games_lists_the_tables_this_browser_sits_at_and_nothing_else(tmp_path: Path) -> None:
    made = run(_tables(tmp_path))
    with app_client(tmp_path) as client:
        for name in ("finished", "running"):
            table_id, token = made[name]
            client.cookies.update(seat_cookie(table_id, token))
        theirs, their_token = made["theirs"]
        client.cookies.update(seat_cookie(theirs, their_token[:-3] + "xyz"))  # a forged seat cookie
        client.cookies.update({"tc_seat_../../etc": "x", "tc_host_nope": "y"})
        lobby = client.get("/").text
        mine = re.search(r'<section class="panel my-games".*?</section>', lobby, re.S)
        assert mine is not None, "no My games section"
        rows = dict(re.findall(r'data-table="([^"]+)".*?class="state">([^<]+)<', mine.group(0), re.S))
        assert rows == {made["finished"][0]: "finished", made["running"][0]: "running"}
        assert theirs not in lobby and "theirs table" not in lobby
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert made["finished"][0] not in hub.finished  # listed from its stored row, not replayed
        for table_id, _token in (made["finished"], made["running"]):
            assert f'href="/t/{table_id}"' in mine.group(0)
            seat_page = client.get(f"/t/{table_id}").text  # the link returns to the seat
            assert 'id="welcome-title"' in seat_page or "Your name at this table" in seat_page
        # a stranger's browser has no My games at all
        client.cookies.clear()
        assert "my-games" not in client.get("/").text


def test_my_games_lists_a_table_this_browser_hosts_and_drops_a_seat_its_player_left(
    client: TestClient,
) -> None:
    hosted = create_table(client, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}], players=3)
    client.cookies.update({f"tc_host_{hosted['table']}": hosted["host_token"]})
    seated = create_table(client, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}], players=3)
    table_id, token = seated["table"], seated["seat_tokens"]["0"]
    assert client.get(f"/join/{table_id}/{token}", follow_redirects=False).status_code == 303
    lobby = client.get("/").text
    mine = re.search(r'<section class="panel my-games".*?</section>', lobby, re.S)
    assert mine is not None
    rows = dict(re.findall(r'data-table="([^"]+)".*?class="state">([^<]+)<', mine.group(0), re.S))
    assert rows == {hosted["table"]: "waiting for players", table_id: "waiting for players"}
    assert "Back to the table you host" in mine.group(0) and "Back to your seat (" in mine.group(0)
    csrf = csrf_of(client.get(f"/t/{table_id}").text)
    assert client.post(f"/t/{table_id}/leave", data={"csrf": csrf}, follow_redirects=False).status_code == 303
    after = client.get("/").text
    mine_after = re.search(r'<section class="panel my-games".*?</section>', after, re.S)
    assert mine_after is not None and f'data-table="{table_id}"' not in mine_after.group(0)


def test_my_games_still_lists_the_tables_in_play_when_the_database_cannot_be_read(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = create_table(client, seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}], players=3)
    table_id, token = created["table"], created["seat_tokens"]["0"]
    assert client.get(f"/join/{table_id}/{token}", follow_redirects=False).status_code == 303
    client.cookies.update({"tc_seat_finishedlongago": "whatever"})  # would be read from the database

    def fails(_ids: object) -> None:
        raise StorageError("the database is down")

    hub = client.app.state.hub  # type: ignore[attr-defined]
    monkeypatch.setattr(hub.store, "table_briefs", fails)
    lobby = client.get("/")
    assert lobby.status_code == 200 and f'data-table="{table_id}"' in lobby.text
