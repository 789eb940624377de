"""The Treaty Skirmish web skin: the ring graph's geometry and edges, which board places stand
for which choices, and what a seat's and a spectator's pages draw from their own payloads."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.web_support import app_client, create_table, receive_until
from turncoat.core.registry import load_game
from turncoat.core.serialize import to_builtins
from turncoat.server.offer import default_game
from turncoat.server.skin import web_skin
from turncoat.skins.treaty_skirmish.web import board_geometry, choice_spot, edges, with_marks


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path) as c:
        yield c


@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_ring_has_mecatol_in_the_centre_and_an_edge_per_adjacency(players: int) -> None:
    game = load_game("treaty_skirmish", players=players)
    obs = to_builtins(game.observe(game.start(1).state, None))
    systems = obs["systems"]
    places = board_geometry([x["id"] for x in systems])
    assert places["mecatol"] == {"x": 400.0, "y": 400.0}
    ring = [(p["x"], p["y"]) for sid, p in places.items() if sid != "mecatol"]
    assert len(ring) == len(set(ring)) == 2 * (players - 1)
    # RULES §6.2: each Frontier borders its two Homes and Mecatol Rex; a Home only its Frontiers.
    assert len(edges(systems)) == 3 * (players - 1)
    pairs = {frozenset(e) for e in edges(systems)}
    assert all(frozenset(("mecatol", f)) in pairs for f in places if f.startswith("frontier-"))
    assert not any(frozenset(("mecatol", h)) in pairs for h in places if h.startswith("home-"))


def test_a_choice_stands_on_the_system_it_is_about() -> None:
    assert choice_spot({"type": "move_attack", "system": "frontier-2"}) == "frontier-2"
    assert choice_spot({"type": "build", "system": "mecatol", "ships": 2}) == "mecatol"
    assert choice_spot({"type": "send_envoy", "race": "sol"}) == "home-sol"
    assert choice_spot({"type": "move_ships", "source": "home-hacan", "count": 1}) == "home-hacan"
    assert choice_spot({"type": "retreat", "to": "frontier-1"}) == "frontier-1"
    for action in (
        {"type": "pass"},
        {"type": "give", "to": 2, "good": "trade_goods", "amount": 1},  # "to" is a seat here
        {"type": "discard_treaty", "faction": "sol", "number": 1},
        {"type": "send_envoy", "race": 3},
        {"type": "move_attack", "system": None},
    ):
        assert choice_spot(action) is None


def test_marks_are_added_to_a_copy_and_never_replace_the_game_s_own() -> None:
    payload: dict[str, Any] = {
        "decisions": [
            {
                "title": "t",
                "choices": [
                    {"action": {"type": "move_attack", "system": "frontier-1"}, "marks": []},
                    {"action": {"type": "build", "system": "home-sol", "ships": 1}, "marks": ["x"]},
                    {"action": {"type": "pass"}, "marks": []},
                ],
            }
        ]
    }
    before = json.dumps(payload)
    marked = with_marks(payload)
    assert [c["marks"] for c in marked["decisions"][0]["choices"]] == [["frontier-1"], ["x"], []]
    assert json.dumps(payload) == before


def test_the_skin_is_found_by_the_game_id_and_leaves_the_lobby_s_first_game_alone() -> None:
    skin = web_skin("treaty_skirmish")
    assert skin.templates is not None and skin.stylesheet is not None and not skin.featured
    assert default_game().id != "treaty_skirmish"


def test_a_seat_sees_its_hand_and_clickable_systems_and_a_spectator_neither(client: TestClient) -> None:
    created = create_table(
        client, seats=[{"kind": "human"}] * 4, game="treaty_skirmish", options={"race_assignment": "in_order"}
    )
    table_id, tokens = created["table"], created["seat_tokens"]
    for token in tokens.values():
        client.get(f"/join/{table_id}/{token}", follow_redirects=False)
    client.cookies.clear()
    with client.websocket_connect(f"/ws/{table_id}?format=json") as ws:
        actor = receive_until(ws, "update")["observation"]["actor"]
    client.cookies.set(f"tc_seat_{table_id}", tokens[str(actor)])
    with client.websocket_connect(
        f"/ws/{table_id}?format=json", headers={"cookie": f"tc_seat_{table_id}={tokens[str(actor)]}"}
    ) as ws:
        mine = receive_until(ws, "update")
    page = client.get(f"/t/{table_id}").text
    assert 'class="adaptation"' in page and "not the published game" in page
    # Every system a legal choice is about is clickable, and nothing else is.
    spots = {choice_spot(c["action"]) for c in mine["legal"]} - {None}
    assert spots and set(re.findall(r'data-spot="([^"]+)" data-system="[^"]+" data-choose', page)) == spots
    for spot in spots:  # each such choice carries the mark the board's place answers to
        assert re.search(rf'data-spots="{spot}"', page)
    hand = [(c["faction"], c["number"]) for c in mine["observation"]["mine"]["hand"]]
    assert [(f, int(n)) for f, n in re.findall(r'data-card="([a-z]+)-(\d+)"', page)] == hand
    for card in mine["observation"]["mine"]["hand"]:  # its number and its hint
        assert f'<span class="t-number">{card["number"]}</span>' in page
        assert f'<span class="t-hint">{card["hint"]}</span>'.replace("'", "&#39;") in page
    assert "whisper-form" not in page  # no Envoy under way

    client.cookies.clear()
    spectator = client.get(f"/t/{table_id}").text
    assert "data-choose" not in spectator and "data-card" not in spectator
    assert "Spectating" in spectator and "not the published game" in spectator
    assert spectator.count('class="system ') == 7  # Mecatol Rex and 2·(4−1) on the ring
