"""Each game's bots come in the levels its bots can play: the lobby, the API and the host's
"seat a bot" form offer only those, and refuse any other level naming the ones the game has.

Sealed Bids (the toy game, registered by importing it) has no rules of thumb: no "normal" bot,
and a "hard" bot that searches with random playouts.  Verräter keeps all three levels.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from starlette.testclient import TestClient

import turncoat.core.testing.toy  # noqa: F401  (registers sealed_bids)
from tests.server.web_support import app_client, create_table, csrf_of
from turncoat.agents import make_agent
from turncoat.agents.base import check_fits
from turncoat.core.registry import load_game
from turncoat.server import adapters

TOY_LEVELS = {"easy": "easy (plays at random)", "hard": "hard (searches ahead)"}
VERRATER_LEVELS = {
    "easy": "easy (plays at random)",
    "normal": "normal (rules of thumb)",
    "hard": "hard (searches ahead)",
}


def seat_choices(page: str, seat: int) -> tuple[list[str], str]:
    """The bot levels a lobby's seat select offers, and the option selected there."""
    select = page.split(f'<select id="seat{seat}" name="seat{seat}">')[1].split("</select>")[0]
    options = re.findall(r'<option value="(\w+)" ?(selected)?>', select)
    levels = [value for value, _ in options if value not in ("me", "human", "open")]
    (chosen,) = [value for value, selected in options if selected]
    return levels, chosen


def host_choices(page: str, seat: int) -> list[str]:
    """The levels the host's "seat a bot" form offers for a free seat."""
    select = page.split(f'<select id="bot-{seat}" name="agent">')[1].split("</select>")[0]
    levels: list[str] = re.findall(r'<option value="(\w+)">', select)
    return levels


def test_each_level_is_played_by_an_agent_that_fits_the_game() -> None:
    toy, verrater = load_game("sealed_bids"), load_game("verrater")
    assert adapters.game_levels(toy) == {"easy": "random", "hard": "ismcts:time_limit=0.5"}
    assert adapters.game_levels(verrater) == {"easy": "random", "normal": "heuristic", "hard": "strong"}
    for game in (toy, verrater):
        for spec in adapters.game_levels(game).values():
            check_fits(make_agent(spec), game)  # raises where the bot could not play the game
    assert (adapters.default_level(toy), adapters.default_level(verrater)) == ("easy", "normal")
    assert adapters.bot_level("ismcts:time_limit=0.5") == "hard"
    # A plain agent name is its level's agent, only where the game has that level.
    assert adapters.bot_spec("ismcts", toy) == "ismcts:time_limit=0.5"
    assert adapters.bot_spec("heuristic", toy) is None and adapters.bot_spec("normal", toy) is None
    assert adapters.bot_spec("heuristic", verrater) == "heuristic"


def test_the_lobby_and_the_api_offer_each_game_its_own_levels(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        verrater = client.get("/").text
        assert seat_choices(verrater, 1) == (["easy", "normal", "hard"], "human")
        assert seat_choices(verrater, 2) == (["easy", "normal", "hard"], "normal")
        toy = client.get("/?game=sealed_bids").text
        for seat in (1, 2, 3):
            assert seat_choices(toy, seat)[0] == ["easy", "hard"]
        assert seat_choices(toy, 2)[1] == "easy"
        assert client.get("/api/agents").json() == VERRATER_LEVELS
        assert client.get("/api/agents?game=verrater").json() == VERRATER_LEVELS
        assert client.get("/api/agents?game=sealed_bids").json() == TOY_LEVELS
        unknown = client.get("/api/agents?game=chess")
        assert unknown.status_code == 400 and unknown.json()["code"] == "unknown_game"


def test_a_level_the_game_does_not_have_is_refused_naming_its_levels(tmp_path: Path) -> None:
    """Through the API and the lobby's form: 400, the levels Sealed Bids has, and no table."""
    said = "bot level must be one of easy, hard for Sealed Bids, not 'normal'"
    with app_client(tmp_path) as client:
        seats = [{"kind": "human"}, {"kind": "bot", "level": "normal"}]
        refused = client.post("/api/tables", json={"game": "sealed_bids", "players": 2, "seats": seats})
        assert refused.status_code == 400 and refused.json()["code"] == "unknown_bot"
        assert refused.json()["message"] == said
        by_agent = [{"kind": "human"}, {"kind": "bot", "agent": "heuristic"}]
        refused = client.post("/api/tables", json={"game": "sealed_bids", "players": 2, "seats": by_agent})
        assert refused.status_code == 400 and "one of easy, hard for Sealed Bids" in refused.json()["message"]
        form = {"csrf": csrf_of(client.get("/?game=sealed_bids").text), "game": "sealed_bids"}
        form |= {"players": "2", "seat0": "me", "seat1": "normal"}
        page = client.post("/tables", data=form, follow_redirects=False)
        assert page.status_code == 400 and said in html.unescape(page.text)
        assert client.get("/api/tables").json() == []
        # Verräter's "normal" bot is still there, and a bot without a level is one.
        made = create_table(
            client, seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot", "level": "normal"}]
        )
        summary = client.get(f"/api/tables/{made['table']}").json()
        assert [s["agent"] for s in summary["seats"]] == [None, "normal", "normal"]


def test_a_toy_bot_without_a_level_gets_the_easiest_one(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        made = create_table(client, seats=[{"kind": "human"}, {"kind": "bot"}], game="sealed_bids")
        summary = client.get(f"/api/tables/{made['table']}").json()
        assert [(s["kind"], s["agent"], s["name"]) for s in summary["seats"]] == [
            ("human", None, "Seat 1"),
            ("bot", "easy", "Bot 2 (easy)"),
        ]


def host_page(client: TestClient, created: dict[str, str]) -> str:
    table = created["table"]
    client.cookies.set(f"tc_host_{table}", created["host_token"])
    page: str = client.get(f"/t/{table}").text
    return page


def test_the_host_seats_only_a_bot_the_game_has(tmp_path: Path) -> None:
    """The host's form lists Sealed Bids' levels; a level it lacks is refused and the seat stays
    free; a hard bot takes the seat.  (The table keeps waiting for its first seat, so no bot
    moves here.)"""
    with app_client(tmp_path) as client:
        created = create_table(client, seats=[{"kind": "human"}] * 3, game="sealed_bids")
        table = created["table"]
        page = host_page(client, created)
        assert host_choices(page, 1) == host_choices(page, 2) == ["easy", "hard"]
        csrf = csrf_of(page)
        refused = client.post(f"/t/{table}/seats/1/bot", data={"csrf": csrf, "agent": "normal"})
        assert refused.status_code == 400
        assert "bot level must be one of easy, hard for Sealed Bids" in html.unescape(refused.text)
        seat = client.get(f"/api/tables/{table}").json()["seats"][1]
        assert (seat["kind"], seat["claimed"]) == ("human", False)
        seated = client.post(
            f"/t/{table}/seats/2/bot", data={"csrf": csrf, "agent": "hard"}, follow_redirects=False
        )
        assert seated.status_code == 303
        seats = client.get(f"/api/tables/{table}").json()["seats"]
        assert [(s["kind"], s["agent"]) for s in seats] == [("human", None), ("human", None), ("bot", "hard")]
        verrater = create_table(client, seats=[{"kind": "human"}] * 3)
        assert host_choices(host_page(client, verrater), 1) == ["easy", "normal", "hard"]


def test_a_game_with_its_own_search_preset_gets_it_as_the_hard_bot(tmp_path: Path) -> None:
    """Rex names its own tuned search (``HasSearchPreset``): that is its "hard" bot, and its seats
    still read "hard"; a game without a preset keeps the generic one."""
    from turncoat.games.rex.game import SEARCH_PRESET

    rex = load_game("rex", players=3)
    assert adapters.game_levels(rex) == {"easy": "random", "normal": "heuristic", "hard": SEARCH_PRESET}
    check_fits(make_agent(SEARCH_PRESET), rex)
    assert adapters.bot_level(SEARCH_PRESET, rex) == "hard"
    assert adapters.game_levels(load_game("verrater"))["hard"] == "strong"
    with app_client(tmp_path) as client:
        seats = [{"kind": "human"}, {"kind": "bot", "level": "hard"}, {"kind": "bot", "level": "easy"}]
        created = create_table(client, seats=seats, game="rex")
        state = client.get(f"/api/tables/{created['table']}").json()
        assert [s["agent"] for s in state["seats"]] == [None, "hard", "easy"]
        assert state["seats"][1]["name"] == "Bot 2 (hard)"
