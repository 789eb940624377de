"""Rex in the browser through the generic decisions (its skin draws the map and the sheets): a
person sets up a 3-player table in the lobby with two random bots and plays her first decisions
with the mouse; each decision must show in the game's log as the move it was (her race chosen,
her traitor kept, ...)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.test_web_browser import version_of, wait_for_news
from tests.server.web_support import served_in_process

MOVES = 6  # Ann's decisions played through the page


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app, served over HTTP from a thread of this process."""
    with served_in_process(tmp_path_factory.mktemp("web-rex")) as base:
        yield base


def log_lines(page: Page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def wait_for_my_turn(page: Page) -> bool:
    """Until Ann (seat 0) has live controls, or the game is over; True: she may act."""
    page.wait_for_function(
        "() => { if (document.querySelector('.results')) return true;"
        " const s = document.getElementById('status');"
        " return s && s.dataset.toAct.split(' ').includes('0')"
        " && !!document.querySelector('#controls button:not([disabled])'); }",
        timeout=60_000,
    )
    return page.locator(".results").count() == 0


def play_first_decision(page: Page) -> tuple[str, str]:
    """Play the last choice of the page's first decision: a button, or the last entry of a
    list box; its title and label."""
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


def wait_for_line(page: Page, text: str, seen: int) -> None:
    """Until the log holds one more line containing ``text`` than the ``seen`` it held before."""
    try:
        page.wait_for_function(
            "([t, n]) => [...document.querySelectorAll('#log li')]"
            ".filter(li => li.innerText.includes(t)).length > n"
            " || !!document.querySelector('#flash .error')",
            arg=[text, seen],
            timeout=90_000,  # only a stuck table ends the wait; two suites at once slow the bots
        )
    except PlaywrightTimeout:  # say what was awaited and what the log showed instead
        tail = "\n".join(log_lines(page)[-12:])
        raise AssertionError(f"no new log line with {text!r}; the log ends:\n{tail}") from None
    refused = page.locator("#flash .error")
    assert refused.count() == 0, f"the server refused Ann's move: {refused.inner_text()}"


@pytest.mark.timeout(300)
def test_a_rex_table_with_two_random_bots_plays_through_the_generic_page(
    server: str, browser: Browser
) -> None:
    errors: list[str] = []
    context = browser.new_context()
    ann = context.new_page()
    ann.on("pageerror", lambda e: errors.append(str(e)))
    ann.goto(server + "/")
    ann.click("text=Rex: Final Days of an Empire")
    assert "Set up a table of Rex" in ann.inner_text("#new-table")
    ann.check("input[name=players][value='3']")
    ann.fill("#name", "Mecatol")
    ann.fill("#my_name", "Ann")
    ann.select_option("#seat1", "easy")
    ann.select_option("#seat2", "easy")
    ann.click("form.create button[type=submit]")
    ann.click("text=Take my seat")
    ann.wait_for_selector("#table[data-ws='open']", timeout=15_000)
    board = ann.inner_text("#board")
    assert "The table" in board and ann.locator("#board svg.rex-map").count() == 1  # the skin's map
    assert ann.locator("#players .player").count() == 3
    assert ann.locator("#players .seat-mark").all_inner_texts() == ["●", "▲", "■"]

    played: list[tuple[str, str]] = []
    while len(played) < MOVES and wait_for_my_turn(ann):
        before = log_lines(ann)
        asked_at = version_of(ann)
        title, label = play_first_decision(ann)
        played.append((title, label))
        if title == "Choose your race":  # "The Barony of Letnev" -> "Ann chooses the Letnev."
            chosen = re.search(r"(Lazax|Jol-Nar|Letnev|Hacan|Sol|Xxcha)", label)
            assert chosen, label
            expected = f"Ann chooses the {chosen.group(1)}."
        elif title == "Keep a traitor card":  # "Keep the traitor card of X (strength ...)"
            leader = label.removeprefix("Keep the traitor card of ").split(" (")[0]
            expected = f"You keep the traitor card of {leader}."
        elif title.startswith("Set your fleet dial"):
            expected = "Ann sets the fleet dial."
        elif title == "Predict the winner and the round (secret)":
            predicted = re.fullmatch(r"The (\S+) win in round (\d)", label)
            assert predicted, label
            expected = f"You predict the {predicted.group(1)} to win in round {predicted.group(2)}."
        elif title.startswith("Bidding") or title == "Your bid":  # "Pass on card 1", "Bid 3 on card 1"
            bid = re.fullmatch(r"Bid (\d+) on card \d+", label)
            expected = f"Ann bids {bid.group(1)}." if bid else "Ann passes"
        else:  # a move without words of its own must at least have closed the decision: Ann is
            # not asked, or asked something else, or asked anew (a later window may share the title)
            ann.wait_for_function(
                "([t, v]) => !document.getElementById('status').dataset.toAct.split(' ').includes('0')"
                " || ![...document.querySelectorAll('#controls h3, #controls label')]"
                ".some(e => e.innerText === t)"
                " || Number((document.querySelector('#controls input[name=version]') || {}).value) > v",
                arg=[title, asked_at],
                timeout=30_000,
            )
            continue
        wait_for_line(ann, expected, sum(expected in line for line in before))
    assert len(played) == MOVES, played
    assert any(title == "Choose your race" for title, _ in played)
    # the page's log names seats by the names people chose, never by number
    assert not re.search(r"\bseat \d", "\n".join(log_lines(ann)), re.IGNORECASE)
    context.close()
    assert errors == []
