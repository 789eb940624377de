"""StarCraft in Chromium through the decisions' buttons and list boxes (the board skin's map is
clicked in test_web_starcraft_skin.py): a person sets up a 2-player table in the lobby with a
random bot and plays her decisions with the mouse, from taking a faction through galaxy
placement and her starting forces to her first orders.

After each click the test checks that the game changed as the click said: the log holds the move
(her faction taken, her planet placed, her base, her units and transport, her order placed) or,
for a decision the log says together with the next one (a planet before its cell and turn, the
first end of a z-axis route), the seat's own JSON view of the game shows it.  The page marks the
invented placeholder content in its step title and panels, and the bot's order tokens show only
as "hidden".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.server.test_web_browser import shot, version_of, wait_for_news
from tests.server.web_support import served_in_process
from turncoat.games.starcraft.log import with_article

ORDERS = 2  # Ann plays until she has placed this many orders (the setup comes first)
MOST_MOVES = 60  # a stuck table fails the test instead of looping


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served_in_process(tmp_path_factory.mktemp("web-starcraft")) as base:
        yield base


def log_lines(page: Page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def seen(page: Page, text: str) -> int:
    return sum(text in line for line in log_lines(page))


def wait_for_line(page: Page, text: str, before: int) -> None:
    """Until the log holds more lines containing ``text`` than the ``before`` it held."""
    try:
        _wait_for_line(page, text, before)
    except Exception:
        shot(page, "starcraft-stuck")
        raise AssertionError(f"no new line {text!r} in the log: {log_lines(page)[-8:]}") from None


def _wait_for_line(page: Page, text: str, before: int) -> None:
    page.wait_for_function(
        "([t, n]) => [...document.querySelectorAll('#log li')]"
        ".filter(li => li.innerText.includes(t)).length > n"
        " || !!document.querySelector('#flash .error')",
        arg=[text, before],
        timeout=90_000,  # only a stuck table ends the wait; two suites at once slow the bot
    )
    refused = page.locator("#flash .error")
    assert refused.count() == 0, f"the server refused Ann's move: {refused.inner_text()}"


def wait_for_my_turn(page: Page) -> bool:
    """Until Ann (seat 0) has live controls, or the game is over; True: she may act."""
    page.wait_for_function(
        "() => { if (document.querySelector('.results')) return true;"
        " const s = document.getElementById('status');"
        " return s && s.dataset.toAct.split(' ').includes('0')"
        " && !!document.querySelector('#controls button:not([disabled])'); }",
        timeout=90_000,
    )
    return page.locator(".results").count() == 0


def my_view(page: Page, base: str, table: str) -> dict[str, Any]:
    """Ann's own view of the game (her seat cookie), as the server sends it to her page."""
    answer = page.request.get(f"{base}/api/tables/{table}/state")
    assert answer.ok, answer.text()
    observation: dict[str, Any] = answer.json()["observation"]
    return observation


def choose(page: Page) -> tuple[str, str]:
    """Play one choice of the page's first decision (the last button, or the last entry of a list
    box): the decision's title and the choice's label."""
    before = version_of(page)
    first = page.locator("#controls h3, #controls form.pick-one label").first
    title = first.inner_text()
    if first.evaluate("e => e.tagName") == "H3":
        button = page.locator("#controls .choices").first.locator("button:not([disabled])").last
        label = button.inner_text().split("\n")[0]
        button.click()
    else:
        select = page.locator("#controls form.pick-one select").first
        option = select.locator("option").last
        label = option.inner_text()
        select.select_option(option.get_attribute("value") or "")
        page.locator("#controls form.pick-one button").first.click()
    wait_for_news(page, before)
    return title, label


@pytest.mark.timeout(600)
def test_a_person_plays_starcraft_against_a_bot_with_the_decisions_buttons(
    server: str, browser: Browser
) -> None:
    errors: list[str] = []
    context = browser.new_context()
    ann = context.new_page()
    ann.on("pageerror", lambda e: errors.append(str(e)))
    ann.goto(server + "/")
    ann.click("text=StarCraft: The Board Game")
    assert "Set up a table of StarCraft" in ann.inner_text("#new-table")
    ann.check("input[name=players][value='2']")
    ann.fill("#name", "Char")
    ann.fill("#my_name", "Ann")
    ann.select_option("#seat1", "easy")
    ann.click("form.create button[type=submit]")
    ann.click("text=Take my seat")
    ann.wait_for_selector("#table[data-ws='open']", timeout=30_000)
    table = re.search(r"/t/([^/?#]+)", ann.url)
    assert table, ann.url
    # the invented content is marked where players look: the step and a panel of its own
    assert "(placeholder content)" in ann.inner_text("#status")
    assert "Placeholder content" in ann.inner_text("#board")
    assert "invented placeholder content" in ann.inner_text("#board")
    shot(ann, "starcraft-start")

    played: list[tuple[str, str]] = []
    orders = 0
    while orders < ORDERS and len(played) < MOST_MOVES and wait_for_my_turn(ann):
        lines = log_lines(ann)
        view = my_view(ann, server, table.group(1))
        title, label = choose(ann)
        played.append((title, label))
        expected = expected_line(title, label, view)
        if expected is not None:
            wait_for_line(ann, expected, sum(expected in line for line in lines))
            orders += title == "Order placement: which order token"
            continue
        after = my_view(ann, server, table.group(1))
        assert took_effect(title, label, view, after), (title, label)
    assert orders == ORDERS, played
    titles = {t for t, _ in played}
    assert {"Your faction", "Galaxy placement: which planet", "Order placement: on which planet"} <= titles
    shot(ann, "starcraft-orders")
    # Ann reads her own order faces; the bot's tokens, if any, only as hidden (the galaxy as a list)
    galaxy = ann.text_content("#board .area-list") or ""
    assert re.search(r"Ann (Build|Mobilize|Research|special)", galaxy), galaxy
    for mention in re.findall(r"Bot[^,\n]*? (Build|Mobilize|Research|hidden)", galaxy):
        assert mention == "hidden", galaxy
    context.close()
    assert errors == []


def expected_line(title: str, label: str, view: dict[str, Any]) -> str | None:
    """The log line Ann's choice must add, where the log says it at once."""
    if title == "Your faction":  # "Jim Raynor (Terran)" -> "Ann takes Jim Raynor."
        return f"Ann takes {label.split(' (')[0]}."
    if title == "Galaxy placement: how it is turned":
        return "Ann places "
    if title == "Galaxy placement: your base":
        if label.startswith("No base here"):
            return "Ann keeps the base for the second planet."
        return f"Ann puts the base in {label.removeprefix('Base in ')}."
    if title.startswith("Starting forces: where your"):  # "... where your Marine goes"
        unit = title.removeprefix("Starting forces: where your ").removesuffix(" goes")
        return f"Ann places {with_article(unit)} in {label}."
    if title == "Starting forces: your transport":
        return f"Ann puts a transport on {label.removeprefix('Transport on ')}."
    if title == "Order placement: which order token":  # "Build order" -> "Ann places a Build order on"
        return f"Ann places {with_article(label)} on "
    return None


def took_effect(title: str, label: str, before: dict[str, Any], after: dict[str, Any]) -> bool:
    """For a choice the log says only with a later one: Ann's view shows it."""
    if title == "Galaxy placement: which planet":
        return bool(after["chosen_planet"] and after["chosen_planet"] != before["chosen_planet"])
    if title == "Galaxy placement: where it goes":  # "at (1, 0)"; a forced turn may place it at once
        cell = [int(n) for n in re.findall(r"-?\d+", label)]
        placed = [[p["x"], p["y"]] for p in after["galaxy"]]
        return bool(after["chosen_cell"] == cell or cell in placed)
    if title == "Galaxy placement: a z-axis route end":
        return bool(after["step"] != before["step"] or len(after["routes"]) > len(before["routes"]))
    if title == "Order placement: on which planet":
        return bool(after["order_planet"] != "" and after["step"] == "plan_token")
    # any other decision must at least have moved the game on
    return bool(after != before)
