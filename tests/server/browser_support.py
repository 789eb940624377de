"""Chromium for the browser tests: Debian's build driven by Playwright, one per test module."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

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
