"""A game without a skin of its own, in the browser: the generic templates draw it from its
presentation alone (lists, buttons, panels), and two people play it to the end.

The toy game ``sealed_bids`` is registered by importing it here, so the server runs in this
process (uvicorn on a thread, on 127.0.0.1) where the registration is seen.  Only people play:
bots would run in worker processes that never imported the toy game.
"""

from __future__ import annotations

import html
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
from playwright.sync_api import Browser, Page

import turncoat.core.testing.toy  # noqa: F401  (registers sealed_bids)
from tests.server.test_web_browser import shot, version_of, wait_for_news
from tests.server.web_support import app_client, create_table, csrf_of, served_in_process
from turncoat.core.present import SEAT_STYLES, Plain
from turncoat.core.registry import load_game
from turncoat.play import Clocks, GameInProgress
from turncoat.server import views
from turncoat.server.payload import PLAYING, ChoiceOut, DecisionOut, SeatPublic, Update, build_payload
from turncoat.server.skin import GENERIC_ENV, seats_css
from turncoat.server.storage import SeatRow
from turncoat.server.table import LiveTable

GAME_TIMEOUT_S = 240


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app, served over HTTP from a thread of this process."""
    with served_in_process(tmp_path_factory.mktemp("web-generic")) as base:
        yield base


def log_lines(page: Page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def wait_until_to_act_or_over(page: Page, seat: int) -> bool:
    """Until ``seat`` has live controls on this page, or the game is over; True: it may act."""
    page.wait_for_function(
        "seat => { if (document.querySelector('.results')) return true;"
        " const s = document.getElementById('status');"
        " return s && s.dataset.toAct.split(' ').includes(String(seat))"
        " && !!document.querySelector('#controls button:not([disabled])'); }",
        arg=seat,
        timeout=30_000,
    )
    return page.locator(".results").count() == 0


def to_act(page: Page) -> list[int]:
    return [int(x) for x in (page.get_attribute("#status", "data-to-act") or "").split()]


def play_one_move(page: Page, name: str, heading: str) -> str:
    """Click one of the first decision's buttons; the log must then say the move happened.

    Returns the log line the move added."""
    before, lines = version_of(page), len(log_lines(page))
    buttons = page.locator("#controls .choices button:not([disabled])")
    if buttons.count():
        labels = buttons.all_inner_texts()
        pick = len(labels) // 2  # a middle bid: neither nothing nor everything
        buttons.nth(pick).click()
    else:  # a long list: the list box
        select = page.locator("#controls form.pick-one select").first
        values = select.locator("option").evaluate_all("os => os.map(o => o.value)")
        select.select_option(values[len(values) // 2])
        page.locator("#controls form.pick-one button").first.click()
    wait_for_news(page, before)
    page.wait_for_function("n => document.querySelectorAll('#log li').length > n", arg=lines, timeout=15_000)
    added = log_lines(page)[lines:]
    assert any(line.startswith(name) for line in added), (heading, added)
    return "\n".join(added)


@pytest.mark.timeout(GAME_TIMEOUT_S + 60)
def test_sealed_bids_plays_to_the_end_in_the_browser_through_the_generic_skin(
    server: str, browser: Browser
) -> None:
    """Ann sets up a two-player table of the toy game in the lobby, Bea joins by her invite
    link; each seals bids and keeps or sells what she wins, with the mouse, until the end
    screen shows the score the server computed."""
    errors: list[str] = []
    ann_ctx, bea_ctx = browser.new_context(), browser.new_context()
    ann = ann_ctx.new_page()
    ann.on("pageerror", lambda e: errors.append(str(e)))
    ann.goto(server + "/")
    ann.click("text=Sealed Bids")  # the lobby offers every registered game
    assert "Set up a table of Sealed Bids" in ann.inner_text("#new-table")
    ann.check("input[name=players][value='2']")
    ann.fill("#name", "Toy table")
    ann.fill("#my_name", "Ann")
    ann.select_option("#seat1", "human")
    ann.click("form.create button[type=submit]")
    invite = ann.get_attribute("input[aria-label='Invite link for seat 2']", "value")
    assert invite
    table = invite.split("/")[-2]
    ann.click("text=Take my seat")
    bea = bea_ctx.new_page()
    bea.on("pageerror", lambda e: errors.append(str(e)))
    bea.goto(invite)
    bea.fill("#welcome-name", "Bea")
    bea.press("#welcome-name", "Enter")
    for page in (ann, bea):
        page.wait_for_selector("#table[data-ws='open']", timeout=15_000)
    ann.wait_for_selector("#players .pname:has-text('Bea')", timeout=10_000)
    # The generic skin: the presentation's panels and the seats' colours and marks.
    assert "The table" in ann.inner_text("#board") and "Only you can see" in ann.inner_text("#board")
    assert ann.locator("#players .seat-mark").all_inner_texts() == ["A", "B"]
    worn = ann.evaluate(
        "() => [...document.querySelectorAll('#players .seat-mark')]"
        ".map(e => getComputedStyle(e).backgroundColor)"
    )
    assert worn == ["rgb(0, 114, 178)", "rgb(213, 94, 0)"]  # the game's first two seat colours
    shot(ann, "generic-01-ann-start")

    pages = {0: (ann, "Ann"), 1: (bea, "Bea")}
    deadline = time.monotonic() + GAME_TIMEOUT_S
    moves = {"bid": 0, "prize": 0}
    while ann.locator(".results").count() == 0:
        assert time.monotonic() < deadline, "the game did not finish in time"
        acting = to_act(ann)
        assert acting, "nobody is to act, yet the game is not over"
        seat = acting[0]
        page, name = pages[seat]
        if not wait_until_to_act_or_over(page, seat):
            break
        heading = page.inner_text("#controls h3, #controls label >> nth=0")
        added = play_one_move(page, name, heading)
        if "sealed bid" in heading:
            assert f"{name} seals a bid." in added
            moves["bid"] += 1
        else:
            assert re.search(rf"{name} (keeps|sells) the ", added), added
            moves["prize"] += 1
        for other in (ann, bea):  # both pages at the new position before the next look
            other.wait_for_function(
                "v => Number(document.getElementById('status').dataset.version) >= v",
                arg=version_of(page),
                timeout=15_000,
            )
        if moves["bid"] == 2 and moves["prize"] == 0:
            shot(ann, "generic-02-ann-after-bids")

    for page in (ann, bea):
        page.wait_for_selector(".results", timeout=15_000)
    state = httpx.get(f"{server}/api/tables/{table}/state", timeout=10).json()
    outcome = state["outcome"]
    assert moves["bid"] >= 2 and moves["prize"] >= 1
    for page in (ann, bea):
        assert "Game over" in page.inner_text("#status")
        totals = page.locator("table.final tbody td strong").all_inner_texts()
        assert [float(t) for t in totals] == [float(s) for s in outcome["scores"]]
        heads = page.locator("table.final thead th").all_inner_texts()
        assert heads == ["Player", "Coins", "Prizes", "Total"]
        assert any(line.startswith("Game over.") for line in log_lines(page))
    shot(ann, "generic-03-ann-end")

    # The replay goes through the same generic skin: the table as it stood at each step.
    ann.click("text=Step through the replay")
    ann.wait_for_selector(".replay-nav")
    assert re.fullmatch(r"Step 0 of \d+", ann.inner_text(".step-count"))
    assert "Round 1 of 3" in ann.inner_text("#board")
    ann.click("text=End »")  # the step loads in place: wait for it
    ann.wait_for_function(
        "() => { const b = document.getElementById('replay-steps');"
        " return b && b.dataset.step === b.dataset.total; }",
        timeout=15_000,
    )
    assert "Game over." in ann.inner_text(".status")
    for ctx in (ann_ctx, bea_ctx):
        ctx.close()
    assert errors == []


# -- the generic templates without a browser -----------------------------------------------------
def toy_update(players: int, seats: int, viewer: int | None = 0) -> dict[str, Any]:
    """A real toy game's first update for ``viewer``, at a table of ``seats`` seats styled by
    the plain presentation (it styles up to eight)."""
    game = load_game("sealed_bids", players=players)
    play = GameInProgress.start(game, seed=3)
    view = play.view(viewer)
    styles = Plain(game).seat_styles(seats)
    update = Update(
        table="t" * 12,
        game=game.name,
        version=play.version,
        status="playing",
        seat=viewer,
        full=True,
        seats=[
            SeatPublic(
                seat=i,
                name=f"Player {i + 1}",
                kind="human",
                agent=None,
                claimed=True,
                connected=True,
                colour=style.colour,
                mark=style.mark,
            )
            for i, style in enumerate(styles)
        ],
        step=view.step,
        to_act=list(view.to_act),
    )
    data: dict[str, Any] = msgspec.to_builtins(update)
    return data


def test_eight_seats_each_have_their_own_colour_and_mark() -> None:
    """Up to eight seats are told apart by a colour each and, without colour, by a mark each:
    the seats' stylesheet gives every seat its colour and the page writes its mark by its name."""
    game = load_game("sealed_bids", players=2)
    payload = toy_update(2, 8)
    page = html.unescape(views.render_update(game, payload, is_host=False, csrf="x", levels=[]))
    css = seats_css(":root", ((s["seat"], s["colour"]) for s in payload["seats"]))
    colours = dict(re.findall(r"--seat(\d):(#[0-9a-f]{6});", css))
    assert colours == {str(i): s.colour for i, s in enumerate(SEAT_STYLES)}
    assert len(set(colours.values())) == 8
    badge = r'<span class="seat-mark seat-\1"[^>]*>(\w)</span>'
    players = re.findall(r'<article class="player seat-(\d)[^"]*"[^>]*>\s*<header>\s*' + badge, page)
    assert [int(i) for i, _ in players] == list(range(8))
    assert len({mark for _, mark in players}) == 8


def test_a_table_page_links_its_seat_colours(tmp_path: Path) -> None:
    """The page asks for its table's stylesheet, which holds the game's colour for each seat
    (the content security policy allows no inline style)."""
    with app_client(tmp_path) as client:
        created = create_table(client, seats=[{"kind": "human"}] * 2, game="sealed_bids")
        table = created["table"]
        page = client.get(f"/t/{table}").text
        assert f'<link rel="stylesheet" href="/t/{table}/seats.css">' in page
        css = client.get(f"/t/{table}/seats.css")
        assert css.headers["content-type"].startswith("text/css")
        assert css.text == ":root{--seat0:#0072b2;--seat1:#d55e00;}\n"
        lobby = client.get("/").text
        assert '<link rel="stylesheet" href="/games/seats.css">' in lobby
        assert '<li class="table-row game-sealed_bids">' in lobby
        games = client.get("/games/seats.css").text
        assert ".game-sealed_bids{--seat0:#0072b2;--seat1:#d55e00;--seat2:#009e73;--seat3:#cc79a7;}" in games
        assert ".game-verrater{--seat0:#2f6db5;" in games


def test_a_skin_brings_its_own_stylesheet_and_only_its_games_pages_link_it(tmp_path: Path) -> None:
    """Verräter's board styles come with its skin, not in the shared stylesheet; a game without
    a skin of its own links none, and no stylesheet is served for it."""
    with app_client(tmp_path) as client:
        verrater = create_table(client, seats=[{"kind": "human"}] * 3, game="verrater")["table"]
        toy = create_table(client, seats=[{"kind": "human"}] * 2, game="sealed_bids")["table"]
        assert '<link rel="stylesheet" href="/skins/verrater/skin.css">' in client.get(f"/t/{verrater}").text
        assert "/skins/" not in client.get(f"/t/{toy}").text
        sheet = client.get("/skins/verrater/skin.css")
        assert sheet.status_code == 200 and sheet.headers["content-type"].startswith("text/css")
        assert ".t-house" in sheet.text and ".house.eagle" in sheet.text
        assert ".t-house" not in client.get("/static/turncoat.css").text
        for missing in ("sealed_bids", "chess", "..%2Fverrater"):
            assert client.get(f"/skins/{missing}/skin.css").status_code == 404


# -- the lobby offers every registered game, from its presentation ---------------------------------
def test_the_lobby_offers_each_game_with_its_own_players_and_options(tmp_path: Path) -> None:
    """Verräter first (the built-in game), with its 3 or 4 players; Sealed Bids on its own page
    with 2 to 4 players and its parley option; a table made from that form is that game."""
    with app_client(tmp_path) as client:
        first = client.get("/").text
        assert "Set up a table of Verräter" in first and 'href="/?game=sealed_bids"' in first
        assert re.findall(r'name="players" value="(\d)"', first) == ["4", "3"]
        toy = client.get("/?game=sealed_bids").text
        assert "Set up a table of Sealed Bids" in toy
        assert re.findall(r'name="players" value="(\d)"', toy) == ["4", "3", "2"]
        assert "Parley before each auction (pacts and gifts)" in toy
        form = {"csrf": csrf_of(toy), "game": "sealed_bids", "players": "2", "parley": "true"}
        form |= {"seat0": "me", "seat1": "human", "name": "Pacts"}
        made = client.post("/tables", data=form, follow_redirects=False)
        assert made.status_code == 303, made.text
        table = made.headers["location"].split("/")[2]
        state = client.get(f"/api/tables/{table}/state").json()
        assert state["game"] == "sealed_bids" and len(state["seats"]) == 2
        assert state["observation"]["phase"] == "parley"  # the option took effect (RULES §6)


def test_the_lobby_refuses_what_a_game_does_not_offer(tmp_path: Path) -> None:
    """A player count outside the game's range, an option value it does not have, a game the
    server does not offer: each refused in plain words, and no table is made."""
    with app_client(tmp_path) as client:
        csrf = csrf_of(client.get("/").text)
        base = {"csrf": csrf, "seat0": "me", "seat1": "human", "seat2": "human", "seat3": "human"}
        cases = [
            ({"game": "sealed_bids", "players": "5"}, "Sealed Bids is for 2 to 4 players"),
            ({"game": "verrater", "players": "2"}, "Verräter is for 3 to 4 players"),
            ({"game": "verrater", "players": "4", "ring_layout": "spiral"}, "cannot be set to 'spiral'"),
            ({"game": "chess", "players": "2"}, "does not offer the game 'chess'"),
        ]
        for fields, said in cases:
            refused = client.post("/tables", data={**base, **fields}, follow_redirects=False)
            assert refused.status_code == 400 and said in html.unescape(refused.text), fields
        unknown = client.get("/?game=chess")
        assert unknown.status_code == 400 and "does not offer the game" in unknown.text
        assert client.get("/api/tables").json() == []


# -- decisions and clocks of a game without a skin -------------------------------------------------
def toy_table(**options: Any) -> LiveTable:
    """A two-seat toy table at its first auction, both people to seal a bid."""
    game = load_game("sealed_bids", players=2, **options)
    play = GameInProgress.start(game, seed=5)
    return LiveTable(
        id="t" * 12,
        name="toy",
        play=play,
        options=game.config_json(),
        seed=5,
        version=play.version,
        status=PLAYING,
        seats=[SeatRow(i, "human", None, name, None, True) for i, name in enumerate(("Ann", "Bea"))],
        turn_seconds=60,
        listed=True,
        host_hash="",
        created_at=0.0,
    )


def test_a_simultaneous_decision_shows_each_seats_clock() -> None:
    """Both seats seal their bids at once, so both clocks run side by side, each by its name."""
    table = toy_table()
    assert table.play.to_act() == {0, 1}
    table.clocks = Clocks(seconds=60, timed=frozenset({0, 1})).follow({0, 1}, now=1000.0)
    table.clocks = table.clocks.follow({0, 1}, now=1030.0)  # a clock is its seat's own: not reset
    page = html.unescape(
        views.update_html(table, build_payload(table, 1, -1), is_host=False, csrf="x", levels=[])
    )
    status = page.split('id="status"')[1].split("</section>")[0]
    clocks = re.findall(r'(\w+)(?: \(you\))?: <span class="timer" data-deadline="([\d.]+)">', status)
    assert clocks == [("Ann", "1060.0"), ("Bea", "1060.0")]
    assert "Bea (you)" in status


def test_a_long_decision_is_a_list_box_of_its_actions() -> None:
    """Past twelve choices a decision is one list box; each option holds one action as JSON and
    reads as the presentation words it."""
    table = toy_table(content_overrides={"starting_coins": 20})
    update = build_payload(table, 0, -1)
    (decision,) = update.decisions
    assert decision.shape == "number" and len(decision.choices) == 21
    page = views.update_html(table, update, is_host=False, csrf="x", levels=[])
    form = page.split('class="pick-one" data-message="act"')[1].split("</form>")[0]
    options = [
        (json.loads(html.unescape(value)), html.unescape(label))
        for value, label in re.findall(r'<option value="([^"]+)">([^<]+)</option>', form)
    ]
    assert [action for action, _ in options] == [{"type": "bid", "amount": a} for a in range(21)]
    assert [label for _, label in options] == [c.label for c in decision.choices]
    assert f'<label for="sel-1">{decision.title}</label>' in form


def form_fields(page: str, form_class: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The hidden fields and the boxes of the page's first form of ``form_class``, as a browser
    without JavaScript reads them: (name, value) pairs."""
    form = page.split(f'class="{form_class}"', 1)[1].split("</form>", 1)[0]
    fields = re.findall(r'<input type="(hidden|checkbox)" name="(\w+)" value="([^"]*)"', form)
    hidden = [(name, html.unescape(value)) for kind, name, value in fields if kind == "hidden"]
    boxes = [(name, html.unescape(value)) for kind, name, value in fields if kind == "checkbox"]
    return hidden, boxes


def test_a_set_decision_form_works_without_javascript(tmp_path: Path) -> None:
    """The page's own set form (Verräter's commit step, drawn by the shared decisions template)
    posted as a browser without JavaScript posts it: its hidden fields and the ticked boxes.
    The seat then holds exactly the ticked cards and the commit step is finished."""
    from tests.server.test_web_commit import _seat_update, _to_commit

    with app_client(tmp_path) as client:
        created = create_table(client, seats=[{"kind": "human"}] * 4)
        table_id, tokens = created["table"], created["seat_tokens"]
        for token in tokens.values():
            client.get(f"/join/{table_id}/{token}", follow_redirects=False)
        client.cookies.clear()
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            update = _to_commit(client, ws, tokens)
        actor, version = update["seat"], update["version"]
        client.cookies.update({f"tc_seat_{table_id}": tokens[str(actor)]})
        hidden, boxes = form_fields(client.get(f"/t/{table_id}").text, "pick-set")
        assert [name for name, _ in hidden] == ["csrf", "version", "finish"]
        assert json.loads(dict(hidden)["finish"]) == {"type": "finish_committing"}
        ticked = [(name, value) for name, value in boxes if json.loads(value)["value"] in (5, 3)]
        assert [json.loads(v) for _, v in ticked] == [{"type": "commit_supply", "value": v} for v in (5, 3)]
        posted = {**dict(hidden), "pick": [value for _, value in ticked]}  # ticked boxes: one name
        sent = client.post(f"/t/{table_id}/act", data=posted, follow_redirects=False)
        assert sent.status_code == 303, sent.text
        assert client.get(f"/api/tables/{table_id}").json()["version"] == version + 3
        client.cookies.clear()
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            after = _seat_update(ws, tokens[str(actor)], actor)
        seat = next(s for s in after["observation"]["seats"] if s["seat"] == actor)
        assert seat["committed"] == [5, 3] and sorted(after["observation"]["hand"]) == [4]
        assert any(line.endswith("is done committing (total 8).") for line in after["log"])


def test_the_page_script_sends_a_set_whole_and_takes_no_more_than_its_room(browser: Browser) -> None:
    """A set with room for two of three choices: once two are ticked the third box rests, and
    the message the script builds is one submit of the ticked actions, in the order offered,
    each a JSON object (never JSON inside a string), with the set's finish."""
    game = load_game("sealed_bids", players=2)
    payload = toy_update(2, 2)
    choices = [ChoiceOut(action={"type": "pick", "n": n}, label=f"Choice {n}") for n in range(3)]
    finish = ChoiceOut(action={"type": "done"}, label="Done")
    decision = DecisionOut(title="Pick two", shape="set", most=2, choices=choices, finish=finish)
    payload["decisions"] = [msgspec.to_builtins(decision)]
    fragment = views.render_update(game, payload, is_host=False, csrf="x", levels=[])
    page = browser.new_page()
    try:
        page.set_content(f"<!doctype html><html><body>{fragment}</body></html>")
        page.add_script_tag(path=str(views.STATIC / "turncoat.js"))
        boxes = page.locator("#controls form.pick-set input[type=checkbox]")
        assert boxes.count() == 3
        boxes.nth(2).check()
        boxes.nth(0).check()
        assert [boxes.nth(i).is_disabled() for i in range(3)] == [False, True, False]
        message = page.evaluate(
            "() => { const form = document.querySelector('#controls form.pick-set');"
            " const ev = new CustomEvent('htmx:wsConfigSend', {bubbles: true, detail: {}});"
            " form.dispatchEvent(ev); return ev.detail.messageBody; }"
        )
        assert json.loads(message) == {
            "type": "submit",
            "version": payload["version"],
            "actions": [{"type": "pick", "n": 0}, {"type": "pick", "n": 2}],
            "finish": {"type": "done"},
        }
        boxes.nth(2).uncheck()
        assert not boxes.nth(1).is_disabled()
    finally:
        page.close()


@pytest.mark.parametrize(
    ("winners", "said"), [([1], "Game over · Bea wins"), ([], "Game over · nobody wins")]
)
def test_the_end_screen_names_the_winners_or_says_nobody_won(winners: list[int], said: str) -> None:
    """A game may end with no winner (a treaty game, or StarCraft's last players leaving the board
    together with simultaneous_last_elimination=nobody_wins): the heading says so, not " win"."""
    p = {"status": PLAYING, "version": 9, "to_act": [], "outcome": {"winners": winners, "scores": [0.0, 1.0]}}
    page = GENERIC_ENV.get_template("_status.html").render(p=p, seat_names={0: "Ann", 1: "Bea"})
    heading = html.unescape(page.split("<h2>")[1].split("</h2>")[0])
    assert heading == said
