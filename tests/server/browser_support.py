"""Chromium for the browser tests: Debian's build driven by Playwright, one per test module."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from tests.server.web_support import prepared_table, served_in_process
from turncoat.play import GameInProgress

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """A headless Chromium for the module's tests (each opens its own contexts); skipped where
    there is none."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


PHONE: ViewportSize = {"width": 390, "height": 844}

# On a phone a board's drawing keeps a scale its words read at (11 px and more) and pans in its
# frame over at most ``screens`` widths, while the board's text panels stay in view however it is
# panned.  The argument: [the drawing's selector under #board, screens].
READABLE_AND_FRAMED = (
    "([sel, screens]) => { const wrap = document.getElementById('board');"
    " const svg = wrap && wrap.querySelector(sel); if (!svg) return false;"
    " const frame = wrap.getBoundingClientRect();"
    " const sizes = [...svg.querySelectorAll('text')].filter(t => t.getBBox().width > 0)"
    ".map(t => parseFloat(getComputedStyle(t).fontSize) * svg.getScreenCTM().a);"
    " const panels = [...wrap.children].filter(e => e !== svg).map(e => e.getBoundingClientRect())"
    ".filter(r => r.width > 0);"
    " return frame.width <= 390 && document.documentElement.scrollWidth <= 390"
    " && sizes.length > 0 && Math.min(...sizes) >= 11"
    " && svg.getBoundingClientRect().width <= screens * frame.width"
    " && panels.every(r => r.left >= frame.left - 1 && r.right <= frame.right + 1); }"
)


# Whether ``first`` sits wholly above ``second`` on the page, read in one step of the page's own
# script: the two panels are swapped out by live updates while bots play, so boxes measured one
# call apart can belong to elements already gone.  False until both are laid out.
STACKED = (
    "([first, second]) => { const a = document.querySelector(first),"
    " b = document.querySelector(second); if (!a || !b) return false;"
    " const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();"
    " return ra.height > 0 && rb.height > 0 && ra.bottom <= rb.top + 0.5; }"
)


def comes_before(page: Page, first: str, second: str) -> bool:
    """Whether ``first`` is laid out above ``second`` once both are on the page."""
    page.wait_for_function(
        "([a, b]) => [a, b].every(s => { const e = document.querySelector(s);"
        " return e && e.getBoundingClientRect().height > 0; })",
        arg=[first, second],
        timeout=15_000,
    )
    return bool(page.evaluate(STACKED, [first, second]))


def wait_for_my_turn(page: Page) -> None:
    """Until the page says seat 0 is to act and offers it an enabled control."""
    page.wait_for_function(
        "() => { const s = document.getElementById('status');"
        " return s && s.dataset.toAct.split(' ').includes('0')"
        " && !!document.querySelector('#controls button:not([disabled])'); }",
        timeout=60_000,
    )


def join(browser: Browser, base: str, table: str, token: str, **options: Any) -> tuple[Page, list[str]]:
    """A new context (``options``) joined to ``table`` with a seat's ``token``, its socket open;
    and the list its page's script errors are added to."""
    context = browser.new_context(**options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/join/{table}/{token}")
    page.wait_for_selector("#table[data-ws='open']", timeout=30_000)
    return page, errors


class Seated(NamedTuple):
    """Seat 0's page at a prepared table, the server's base URL, the table's id and its game."""

    page: Page
    base: str
    table: str
    play: GameInProgress


@contextmanager
def seated_at(
    tmp_path: Path,
    browser: Browser,
    game_id: str,
    players: int,
    ready: Callable[[GameInProgress], bool],
    viewport: ViewportSize,
) -> Iterator[Seated]:
    """A person at seat 0 of a prepared table (the server's bots at the others, the record played
    until ``ready``), served in this process, her page open at her turn; once the test is done
    her page is closed and it must have had no script error."""
    data = tmp_path / "data"
    data.mkdir()
    table, tokens, play = prepared_table(data, game_id, players, (0,), ready)
    with served_in_process(data) as base:
        page, errors = join(browser, base, table, tokens[0], viewport=viewport)
        wait_for_my_turn(page)
        yield Seated(page, base, table, play)
        page.context.close()
    assert errors == []
