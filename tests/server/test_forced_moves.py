"""A person's "play forced moves for me": when their legal choices are exactly one action, the
table plays it for them at once; off by default, stored with the seat, set over the websocket,
the JSON API or a plain form, and refused (nothing changed) when the request is bad.

Rex opens card windows (RULES §17) to every seat with cards in hand, so a person with no window
card is asked for "no card" many times a game: with the preference on, the table never waits on
them there; with it off, it does.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import sync_playwright

from tests.server.browser_support import CHROMIUM, FLAGS
from tests.server.test_hub_robustness import sqlite_settings, until
from tests.server.test_storage_replay import close_hub, open_hub, run
from tests.server.web_support import (
    app_client,
    create_table,
    csrf_of,
    receive_until,
    seat_cookie,
    served_in_process,
)
from turncoat.core.record import decode_action, encode_action
from turncoat.games.rex.actions import PlayCard
from turncoat.games.rex.events import CardWindowAnswered
from turncoat.server.live import OVER, Hub, LiveTable, SeatSpec, build_payload
from turncoat.server.table import ServerError

ANN = 0  # the person; the other seats are bots
WAIT_S = 180.0  # the longest a bot may take on a busy machine (bot workers start on the first move)
REX_SEATS = [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]


async def rex_table(hub: Hub, turn_seconds: int | None = None) -> LiveTable:
    """A 3-player Rex table: Ann and two random bots (not started: Ann's seat is free)."""
    table, _host, _tokens = await hub.create_table(
        game_name="rex",
        options={"players": 3},
        seats=[SeatSpec("human"), SeatSpec("bot", agent="easy"), SeatSpec("bot", agent="easy")],
        name="forced",
        turn_seconds=turn_seconds,
        listed=False,
    )
    return table


def waits_on_ann(table: LiveTable) -> bool:
    """The table waits on Ann alone (every other seat has answered)."""
    return table.play.to_act() == {ANN}


def ann_has_a_choice(table: LiveTable) -> bool:
    return ANN in table.play.to_act() and len(table.play.legal_actions(ANN)) > 1


def ann_is_asked_for_no_card(table: LiveTable) -> bool:
    """Ann alone is to act, and her one legal action is to play no card at a window."""
    legal = table.play.legal_actions(ANN) if table.play.to_act() == {ANN} else ()
    return list(legal) == [PlayCard(None)]


def window_answers(hub: Hub, table: LiveTable) -> list[tuple[str, dict[str, Any]]]:
    """Ann's stored "no card" answers: (how the move was made, the action)."""
    no_card = encode_action(PlayCard(None))
    return [
        (a.source, a.action) for a in hub.store.actions(table.id) if a.seat == ANN and a.action == no_card
    ]


def forced_only_where_one_choice(hub: Hub, table: LiveTable) -> int:
    """Replays the stored log: each move made for Ann (``forced``) was her only legal action,
    and each decision of hers with one legal action was made for her.  Returns how many."""
    game = table.game
    state, forced = game.start(table.seed).state, 0
    for row in hub.store.actions(table.id):
        if row.seat == ANN:
            only = len(game.legal_actions(state, ANN)) == 1
            assert only == (row.source == "forced"), (row.version, row.source)
            forced += only
        state = game.apply(state, row.seat, decode_action(game, row.action)).state
    return forced


def test_with_forced_moves_on_the_table_plays_every_no_card_for_the_person(tmp_path: Path) -> None:
    """Ann answers only decisions where she has a choice; the game still reaches its end, and
    every one of her one-choice decisions ("no card" at the card windows among them) was played
    for her (source ``forced``), none by a timeout or by her.  ("No card" where she held a
    window card was a choice: hers.)"""

    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        table = await rex_table(hub)
        await hub.set_forced_moves(table, ANN, True)
        await hub.claim(table, ANN, "Ann", rotate=False)  # the game starts
        rng = random.Random(7)
        while table.status != OVER:
            await until(lambda: table.status == OVER or ann_has_a_choice(table), WAIT_S)
            assert table.status == OVER or ann_has_a_choice(table), "the table waited on Ann's only choice"
            if table.status != OVER:
                choice = rng.choice(list(table.play.legal_actions(ANN)))
                try:
                    await hub.submit(table, ANN, [encode_action(choice)], table.version)
                except ServerError as refused:  # a bot moved first and changed her choices: look again
                    assert refused.code == "stale_version", refused
        rows = [a for a in hub.store.actions(table.id) if a.seat == ANN]
        assert {a.source for a in rows} == {"player", "forced"}
        assert ("forced", encode_action(PlayCard(None))) in window_answers(hub, table)
        assert forced_only_where_one_choice(hub, table)
        # Each went into the game as Ann's answer to a card window, as if she had clicked it.
        answered = [e for e in table.play.events(0) if isinstance(e, CardWindowAnswered) and e.seat == ANN]
        assert len(answered) >= len(window_answers(hub, table))
        await close_hub(hub)

    run(scenario())


def test_with_forced_moves_off_the_person_is_asked_for_no_card(tmp_path: Path) -> None:
    """Off by default: at a card window where Ann's only legal action is "no card", the table
    waits for her (nothing is playing it for her, no bot is to act) until she answers."""

    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        table = await rex_table(hub)
        assert table.seats[ANN].forced_moves is False
        await hub.claim(table, ANN, "Ann", rotate=False)
        rng = random.Random(7)
        while not ann_is_asked_for_no_card(table):
            await until(
                lambda: table.status == OVER or ann_has_a_choice(table) or waits_on_ann(table), WAIT_S
            )
            assert table.status != OVER, "the game ended before Ann was asked at a card window"
            if ann_has_a_choice(table):
                choice = rng.choice(list(table.play.legal_actions(ANN)))
                await hub.submit(table, ANN, [encode_action(choice)], table.version)
            elif not ann_is_asked_for_no_card(table):  # another one-choice decision: hers to answer
                (only,) = table.play.legal_actions(ANN)
                await hub.submit(table, ANN, [encode_action(only)], table.version)
        assert table.forced_task is None and table.bot_task is None  # nobody will answer for her
        update = build_payload(table, ANN, -1)
        assert [d.choices[0].action for d in update.decisions] == [encode_action(PlayCard(None))]
        version = table.version
        await hub.submit(table, ANN, [encode_action(PlayCard(None))], version)
        assert table.version > version
        assert window_answers(hub, table)[-1][0] == "player"
        await close_hub(hub)

    run(scenario())


def test_turning_it_on_plays_the_choice_the_table_is_waiting_for(tmp_path: Path) -> None:
    """Ann is asked for "no card" and turns the preference on: the table answers for her at
    once, and her clock for that decision is gone."""

    async def scenario() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        table = await rex_table(hub, turn_seconds=600)
        await hub.claim(table, ANN, "Ann", rotate=False)
        while not ann_is_asked_for_no_card(table):
            await until(
                lambda: table.status == OVER or ann_has_a_choice(table) or waits_on_ann(table), WAIT_S
            )
            assert table.status != OVER, "the game ended before Ann was asked at a card window"
            if not ann_is_asked_for_no_card(table):
                first = table.play.legal_actions(ANN)[0]
                await hub.submit(table, ANN, [encode_action(first)], table.version)
        assert ANN in table.clocks.deadlines
        version = table.version
        await hub.set_forced_moves(table, ANN, True)
        await until(lambda: table.version > version, WAIT_S)
        assert window_answers(hub, table)[-1][0] == "forced"
        assert ANN not in table.clocks.deadlines or ann_has_a_choice(table)
        await close_hub(hub)

    run(scenario())


def test_the_preference_is_kept_with_the_seat_across_a_restart(tmp_path: Path) -> None:
    async def scenario() -> str:
        hub = await open_hub(sqlite_settings(tmp_path))
        table = await rex_table(hub)
        await hub.set_forced_moves(table, ANN, True)
        await close_hub(hub)
        return table.id

    table_id = run(scenario())

    async def after() -> None:
        hub = await open_hub(sqlite_settings(tmp_path))
        table = hub.get(table_id)
        assert table.seats[ANN].forced_moves is True
        assert build_payload(table, ANN, -1).forced_moves is True
        assert build_payload(table, 1, -1).forced_moves is False  # a bot's seat: never set
        assert build_payload(table, None, -1).forced_moves is None  # a spectator has none
        await close_hub(hub)

    run(after())


def next_update(ws: Any, forced_moves: bool | None) -> dict[str, Any]:
    """The next update that shows the seat's preference as ``forced_moves`` (bots keep moving, so
    updates made before the change may come first)."""
    for _ in range(500):
        message = receive_until(ws, "update")
        if message["forced_moves"] is forced_moves:
            return message
    raise AssertionError(f"no update with forced_moves {forced_moves}")


def _forced(client: Any, table_id: str) -> bool:
    value: bool = client.app.state.hub.tables[table_id].seats[ANN].forced_moves
    return value


def test_the_websocket_sets_it_and_refuses_bad_values_changing_nothing(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        created = create_table(client, REX_SEATS, game="rex")
        table_id, token = created["table"], created["seat_tokens"][str(ANN)]
        client.cookies.update(seat_cookie(table_id, token))
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            assert receive_until(ws, "update")["forced_moves"] is False
            for bad in ({"forced_moves": "maybe"}, {"forced_moves": 1}, {"forced_moves": None}, {}):
                ws.send_json({"type": "preferences", **bad})
                error = receive_until(ws, "error")
                assert error["code"] == "bad_preference" and "forced_moves" in error["message"]
                assert _forced(client, table_id) is False
            ws.send_json({"type": "preferences", "forced_moves": True})
            next_update(ws, True)
            assert _forced(client, table_id) is True
            ws.send_json({"type": "preferences", "forced_moves": "off"})  # as the page's form sends it
            next_update(ws, False)
            assert _forced(client, table_id) is False
        client.cookies.clear()
        with client.websocket_connect(f"/ws/{table_id}") as spectator:
            assert receive_until(spectator, "update")["forced_moves"] is None
            spectator.send_json({"type": "preferences", "forced_moves": True})
            assert receive_until(spectator, "error")["code"] == "not_seated"
        assert _forced(client, table_id) is False


def test_the_api_sets_it_for_the_seat_of_its_cookie(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        created = create_table(client, REX_SEATS, game="rex")
        table_id, token = created["table"], created["seat_tokens"][str(ANN)]
        url = f"/api/tables/{table_id}/preferences"
        assert client.post(url, json={"forced_moves": True}).status_code == 403  # no seat: refused
        client.cookies.update(seat_cookie(table_id, token))
        for bad in ({"forced_moves": "yes"}, {"forced_moves": True, "other": 1}, [True], {}):
            response = client.post(url, json=bad)
            assert response.status_code == 400 and response.json()["code"] == "bad_preference"
        assert client.post(url, content="forced_moves=on").json()["code"] == "content_type"
        assert _forced(client, table_id) is False
        response = client.post(url, json={"forced_moves": True})
        assert response.status_code == 200 and response.json() == {"forced_moves": True}
        assert _forced(client, table_id) is True
        state = client.get(f"/api/tables/{table_id}/state").json()
        assert state["forced_moves"] is True


def test_the_table_page_offers_it_and_its_form_works_without_javascript(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        created = create_table(client, REX_SEATS, game="rex")
        table_id, token = created["table"], created["seat_tokens"][str(ANN)]
        client.cookies.update(seat_cookie(table_id, token))
        page = client.get(f"/t/{table_id}").text
        assert "Play forced moves for me" in page and 'data-forced-moves="off"' in page
        assert "others may notice that you take time only when you have a choice" in page
        url = f"/t/{table_id}/preferences"
        refused = client.post(url, data={"csrf": csrf_of(page), "forced_moves": "sometimes"})
        assert refused.status_code == 400 and _forced(client, table_id) is False
        sent = client.post(url, data={"csrf": csrf_of(page), "forced_moves": "on"}, follow_redirects=False)
        assert sent.status_code == 303 and _forced(client, table_id) is True
        assert 'data-forced-moves="on"' in client.get(f"/t/{table_id}").text
        client.cookies.clear()
        assert "Play forced moves for me" not in client.get(f"/t/{table_id}").text  # a spectator's page


def test_the_page_turns_it_on_and_off_over_the_websocket_in_chromium(tmp_path: Path) -> None:
    """In the browser (the page's script sends the form over the websocket): Ann turns the
    preference on; the server stores it for her seat and her page says so; then off again."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    with served_in_process(tmp_path) as base, sync_playwright() as pw:
        import httpx

        created = httpx.post(
            f"{base}/api/tables",
            json={"game": "rex", "players": 3, "seats": REX_SEATS},
            timeout=60,  # the reply, however slow a loaded machine makes it
        ).json()
        table_id, token = created["table"], created["seat_tokens"][str(ANN)]
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        posts: list[str] = []
        page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
        page.goto(f"{base}/join/{table_id}/{token}")
        page.wait_for_selector("#table[data-ws='open']", timeout=15_000)
        state = f"{base}/api/tables/{table_id}/state"
        cookie = {f"tc_seat_{table_id}": token}
        for now in ("on", "off"):
            page.locator("#prefs button[type=submit]").click()
            page.wait_for_selector(f'#prefs [data-forced-moves="{now}"]', timeout=30_000)
            assert httpx.get(state, cookies=cookie, timeout=60).json()["forced_moves"] is (now == "on")
        assert posts == []  # sent over the websocket: no form was posted
        browser.close()
        assert errors == []
