"""Rules help and My games in a real browser (a real ``turncoat serve``, Debian's Chromium via
Playwright): the how-to-play page opens from the lobby and from a table and explains the game's
terms; the "?" by a decision opens by keyboard and names exactly the decision's options; and the
tables this browser sits at, finished and running, are listed under My games after a reload (with
and without JavaScript), each link leading back to the seat.  Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from tests.server.browser_support import CHROMIUM
from tests.server.test_web_browser import game_over, shot, version_of
from tests.server.web_support import served

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}")
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1366, "height": 900}
PATIENCE_MS = 180_000  # only a deadline for a table that never gets there: bots start slowly under load


def wait_for_news(page: Page, before: int) -> None:
    """Until the page shows a newer position than ``before``; a refusal fails the test."""
    page.wait_for_function(
        "v => { const s = document.getElementById('status');"
        " return (s && Number(s.dataset.version) > v) || document.querySelector('#flash .error'); }",
        arg=before,
        timeout=PATIENCE_MS,
    )
    refused = page.locator("#flash .error")
    assert refused.count() == 0, f"the server refused the move: {refused.inner_text()}"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    where = tmp_path_factory.mktemp("web-help")
    with served(where / "data", where / "server.log", bot_delay=0.0) as base:
        yield base


def new_table(base: str, name: str, rounds: int | None = None) -> tuple[str, str]:
    """A Verräter table of one person (seat 0) and two bots: its id and the person's seat token."""
    body: dict[str, Any] = {
        "game": "verrater",
        "players": 3,
        "name": name,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}],
    }
    if rounds is not None:
        body["options"] = {"rounds": rounds}
    made = httpx.post(f"{base}/api/tables", json=body, timeout=30).json()
    return str(made["table"]), str(made["seat_tokens"]["0"])


def my_turn_or_over(page: Page) -> bool:
    """Until seat 0 may act here or the game is over; True on its turn."""
    page.wait_for_function(
        "() => !!document.querySelector('.results') || (document.getElementById('status')"
        ".dataset.toAct.split(' ').includes('0')"
        " && !!document.querySelector('#controls button:not([disabled])'))",
        timeout=PATIENCE_MS,
    )
    return not game_over(page)


def state_of(context: BrowserContext, base: str, table: str) -> dict[str, Any]:
    """What the server tells this browser's seat (its cookie) about the game now."""
    answer = context.request.get(f"{base}/api/tables/{table}/state")
    data: dict[str, Any] = answer.json()
    return data


def test_the_rules_open_from_the_lobby_and_the_table_and_the_decision_help_names_its_options(
    server: str, browser: Browser
) -> None:
    base = server
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{base}/?game=verrater")
    page.get_by_role("link", name="How to play Verräter").first.click()
    page.wait_for_url("**/games/verrater/rules")
    assert page.locator("h1").inner_text() == "How to play Verräter"
    terms = page.locator("dl.terms dt").all_inner_texts()
    for term in ("Estate", "Trading post", "Converting", "VP circles", "Traitor", "Builder"):
        assert term in terms, f"{term} is not explained"
    shot(page, "help-rules-desktop")

    table, token = new_table(base, "help table")
    page.goto(f"{base}/join/{table}/{token}")
    page.wait_for_url(f"**/t/{table}")
    page.locator(".topbar a.how-to-play").click()
    page.wait_for_url(f"**/games/verrater/rules?back={table}")
    assert "Trading post" in page.locator("dl.terms").first.inner_text()
    page.get_by_role("link", name="Back to your table").click()
    page.wait_for_url(f"**/t/{table}")

    assert my_turn_or_over(page)
    help_box = page.locator("#controls details.decision-help").first
    help_box.locator("summary").focus()
    page.keyboard.press("Enter")  # opens by keyboard (a plain <details>: touch and click too)
    assert help_box.get_attribute("open") is not None
    body = help_box.locator(".decision-help-body")
    assert body.is_visible()
    shot(page, "help-decision-desktop", full=False)
    named = {t.lower() for t in help_box.locator("strong.option").all_inner_texts()}
    state = state_of(context, base, table)
    version = int(page.get_attribute("#status", "data-version") or -1)
    assert state["version"] == version, "the page and the state are of one position"
    first = state["decisions"][0]
    choices = first["choices"] + ([first["finish"]] if first["finish"] else [])
    assert named == {c["label"].lower() for c in choices}
    every = [
        c["action"] for d in state["decisions"] for c in d["choices"] + ([d["finish"]] if d["finish"] else [])
    ]
    assert sorted(map(json.dumps, map(dict, every))) == sorted(
        set(json.dumps(x["action"]) for x in state["legal"])
    ) or {json.dumps(a, sort_keys=True) for a in every} == {
        json.dumps(x["action"], sort_keys=True) for x in state["legal"]
    }
    line = first["help"] or choices[0]["help"]
    assert line and line in body.inner_text()
    page.set_viewport_size(PHONE)
    help_box.scroll_into_view_if_needed()
    shot(page, "help-decision-phone", full=False)
    page.set_viewport_size(DESKTOP)

    before = version_of(page)  # the help changed nothing; a move still plays from under it
    page.locator("#controls button:not([disabled])").first.click()
    wait_for_news(page, before)
    context.close()


def play_to_the_end(page: Page) -> None:
    """Seat 0 plays its first offered option each turn until the game is over."""
    for _ in range(200):
        if not my_turn_or_over(page):
            return
        before = version_of(page)
        page.locator("#controls button:not([disabled])").first.click()
        wait_for_news(page, before)
    raise AssertionError("the game did not end")


def my_games(page: Page) -> dict[str, str]:
    """Table id -> the state My games says, as the lobby shows it now."""
    rows = page.locator("section.my-games li[data-table]")
    return {
        str(rows.nth(i).get_attribute("data-table")): rows.nth(i).locator(".state").inner_text()
        for i in range(rows.count())
    }


@pytest.mark.timeout(900)
def test_finished_and_running_games_are_under_my_games_after_a_reload_and_lead_back_to_the_seat(
    server: str, browser: Browser
) -> None:
    base = server
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    finished, finished_token = new_table(base, "short game", rounds=1)
    running, running_token = new_table(base, "long game")
    theirs, _ = new_table(base, "someone else's game")
    for table, token in ((finished, finished_token), (running, running_token)):
        page.goto(f"{base}/join/{table}/{token}")
        page.wait_for_url(f"**/t/{table}")
    page.goto(f"{base}/t/{finished}")
    play_to_the_end(page)
    assert httpx.get(f"{base}/api/tables/{finished}", timeout=30).json()["status"] == "over"

    page.goto(f"{base}/")
    page.reload()
    listed = my_games(page)
    assert listed == {finished: "finished", running: "running"}
    assert theirs not in page.locator("section.my-games").inner_html()  # listed as open, not as mine
    shot(page, "my-games-desktop")

    page.locator(f"section.my-games li[data-table='{finished}'] a", has_text="Back to your seat").click()
    page.wait_for_url(f"**/t/{finished}")
    assert game_over(page) and page.locator("#my-name").count() == 1  # the seat, not a spectator
    page.go_back()
    page.locator(f"section.my-games li[data-table='{running}'] a", has_text="Back to your seat").click()
    page.wait_for_url(f"**/t/{running}")
    assert page.locator("#my-name").count() == 1

    # the same browser without JavaScript: the list is the server's, not a script's
    still = browser.new_context(
        viewport=PHONE, java_script_enabled=False, storage_state=context.storage_state()
    )
    phone = still.new_page()
    phone.goto(f"{base}/")
    assert my_games(phone) == {finished: "finished", running: "running"}
    shot(phone, "my-games-phone")
    phone.goto(f"{base}/games/verrater/rules")
    shot(phone, "help-rules-phone")
    still.close()
    # a browser that sits nowhere has no My games
    stranger = browser.new_context()
    other = stranger.new_page()
    other.goto(f"{base}/")
    assert other.locator("section.my-games").count() == 0
    stranger.close()
    context.close()


SOMEONE_OF_US = (
    "() => document.getElementById('status').dataset.toAct.split(' ').some(x => x === '0' || x === '1')"
)
ONLY_US = "() => document.getElementById('status').dataset.toAct.split(' ').sort().join(' ') === '0 1'"
AT_LEAST = "v => Number(document.getElementById('status').dataset.version) >= v"
CONTROLS_LIVE = "() => !!document.querySelector('#controls button:not([disabled])')"


def live_seats(page: Page, seats: tuple[int, ...]) -> list[int]:
    """Which of ``seats`` the page's status says are to act now."""
    to_act = (page.get_attribute("#status", "data-to-act") or "").split()
    return [s for s in seats if str(s) in to_act]


def decision_titles(page: Page) -> list[str]:
    return page.locator("#controls h3, #controls legend, #controls label[for^=sel-]").all_inner_texts()


@pytest.mark.timeout(900)
def test_an_open_decision_help_stays_open_when_another_seat_moves(server: str, browser: Browser) -> None:
    """Rex's traitor cards are kept by everyone at once: Ann reads the "?" while Bea answers; the
    update that brings Bea's answer redraws Ann's controls, and the help stays open."""
    base = server
    body = {
        "game": "rex",
        "players": 3,
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}],
    }
    made = httpx.post(f"{base}/api/tables", json=body, timeout=30).json()
    table, tokens = made["table"], made["seat_tokens"]
    pages: dict[int, Page] = {}
    contexts = []
    for seat in (0, 1):
        context = browser.new_context(viewport=DESKTOP)
        contexts.append(context)
        pages[seat] = context.new_page()
        pages[seat].goto(f"{base}/join/{table}/{tokens[str(seat)]}")
        pages[seat].wait_for_url(f"**/t/{table}")
    ann, bea = pages[0], pages[1]
    for _ in range(40):  # the races (and a prediction) in turn, until both keep a traitor at once
        ann.wait_for_function(SOMEONE_OF_US, timeout=PATIENCE_MS)
        now = version_of(ann)
        bea.wait_for_function(AT_LEAST, arg=now, timeout=PATIENCE_MS)  # both pages at one position
        seats = live_seats(ann, (0, 1))
        if seats == [0, 1]:
            break
        page = pages[seats[0]]
        page.wait_for_function(CONTROLS_LIVE, timeout=PATIENCE_MS)
        before = version_of(page)
        # Not the Letnev: they keep every traitor card they draw, so they would not choose one
        # at the same time as the other person (§4).
        choices = page.locator("#controls button:not([disabled])")
        choices.filter(has_not_text="Letnev").first.click()
        wait_for_news(page, before)
        ann.wait_for_function(AT_LEAST, arg=before + 1, timeout=PATIENCE_MS)
    else:
        raise AssertionError("Ann and Bea never decided at the same time")
    # The bot keeps its traitor at the same time: wait until only Ann and Bea are left, on both
    # pages, so that nothing but Bea's answer can move the game (and her answer is not stale).
    ann.wait_for_function(ONLY_US, timeout=PATIENCE_MS)
    settled = version_of(ann)
    for page in (ann, bea):
        page.wait_for_function(AT_LEAST, arg=settled, timeout=PATIENCE_MS)
        page.wait_for_function(CONTROLS_LIVE, timeout=PATIENCE_MS)
        assert "Keep a traitor card" in decision_titles(page)
    assert version_of(bea) == settled
    help_box = ann.locator("#controls details.decision-help").first
    help_box.locator("summary").click()
    assert help_box.get_attribute("open") is not None
    bea.locator("#controls button:not([disabled])").first.click()
    wait_for_news(bea, settled)  # the server took Bea's answer (a refusal fails here)
    wait_for_news(ann, settled)  # Bea's answer reached Ann's page and redrew her controls
    assert (ann.get_attribute("#status", "data-to-act") or "").split() == ["0"]
    assert "Keep a traitor card" in decision_titles(ann)
    assert ann.locator("#controls details.decision-help").first.get_attribute("open") is not None
    for context in contexts:
        context.close()
