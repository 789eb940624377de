"""Two people in separate browsers and two bots play a whole game through the web UI.

A real ``turncoat serve`` process on 127.0.0.1, Debian's Chromium driven by Playwright.  Ann
creates the table in the lobby and plays with the keyboard only; Bea joins through her invite
link, plays with the mouse, chats, and reconnects in a new tab mid-game.  Screenshots go to
test-artifacts/ for people to look at.
"""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, sync_playwright

from tests.server.web_support import served

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
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
GAME_TIMEOUT_S = 420

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason=f"no Chromium at {CHROMIUM} (scripts/setup.d/chromium.sh installs it; or set CHROMIUM)",
)


def version_of(page: Page) -> int:
    value = page.get_attribute("#status", "data-version")
    return int(value or -1)


def my_turn(page: Page) -> bool:
    return page.locator("#controls button:not([disabled])").count() > 0


def game_over(page: Page) -> bool:
    return page.locator(".results").count() > 0


def wait_for_news(page: Page, before: int) -> None:
    """Until the server has sent a newer position (or refused, which the flash shows)."""
    try:
        page.wait_for_function(
            "v => { const s = document.getElementById('status');"
            " return (s && Number(s.dataset.version) > v) || document.querySelector('#flash .error'); }",
            arg=before,
            timeout=10_000,
        )
    except Exception as exc:  # Playwright's TimeoutError: the next poll looks again
        if "Timeout" not in type(exc).__name__:
            raise


def play_by_keyboard(page: Page) -> None:
    """Tab to the first button among the controls and press Enter (no mouse at all)."""
    for _ in range(60):
        focused = page.evaluate(
            "() => { const a = document.activeElement;"
            " return !!(a && a.tagName === 'BUTTON' && a.closest('#controls') && !a.disabled); }"
        )
        if focused:
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError("the controls cannot be reached with the Tab key")
    before = version_of(page)
    page.keyboard.press("Enter")
    wait_for_news(page, before)


def play_by_mouse(page: Page, rng: random.Random) -> None:
    before = version_of(page)
    commit = page.locator("#controls form.commit")
    if commit.count() and rng.random() < 0.7:
        boxes = commit.locator("input[type=checkbox]")
        for i in range(boxes.count()):
            if rng.random() < 0.4:
                boxes.nth(i).check()
        commit.locator("button[type=submit]").click()
    elif page.locator("#controls select").count():
        select = page.locator("#controls select").first
        values = select.locator("option").evaluate_all("os => os.map(o => o.value)")
        select.select_option(rng.choice(values))
        page.locator("#controls form.pick-one button").first.click()
    else:
        buttons = page.locator("#controls button:not([disabled])")
        buttons.nth(rng.randrange(buttons.count())).click()
    wait_for_news(page, before)


def hand_of(page: Page) -> list[str]:
    return page.locator("#me .hand .pip").all_inner_texts()


def shot(page: Page, name: str, full: bool = True) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full)


@pytest.mark.timeout(GAME_TIMEOUT_S + 120)
def test_two_people_and_two_bots_play_a_whole_game_in_the_browser(tmp_path: Path) -> None:
    rng = random.Random(7)
    with served(tmp_path / "data", tmp_path / "server.log", bot_delay=0.05) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        ann_ctx = browser.new_context(viewport={"width": 1366, "height": 900})
        bea_ctx = browser.new_context(viewport={"width": 1280, "height": 860})
        errors: list[str] = []
        ann = ann_ctx.new_page()
        ann.on("pageerror", lambda e: errors.append(str(e)))

        # Ann sets up the table in the lobby.
        ann.goto(base + "/")
        shot(ann, "01-lobby")
        ann.fill("#name", "Browser test table")
        ann.fill("#my_name", "Ann")
        ann.select_option("#seat1", "human")
        ann.select_option("#seat2", "easy")
        ann.select_option("#seat3", "normal")
        ann.click("form.create button[type=submit]")
        invite = ann.get_attribute("input[aria-label='Invite link for seat 2']", "value")
        assert invite and re.search(r"/join/[\w-]+/[\w-]{20,}$", invite)
        shot(ann, "02-table-created")
        ann.click("text=Take my seat")

        # Bea opens her invite link in her own browser.
        bea = bea_ctx.new_page()
        bea.on("pageerror", lambda e: errors.append(str(e)))
        bea.goto(invite)
        for page in (ann, bea):
            page.wait_for_selector("#table[data-ws='open']", timeout=15_000)
        assert "Seat 2, you support" in bea.inner_text("#me")  # until she gives her name
        assert "Welcome to seat 2" in bea.inner_text(".welcome")  # and she is asked for it
        shot(bea, "12-bea-welcome")
        bea.fill("#welcome-name", "Bea")
        bea.press("#welcome-name", "Enter")
        bea.wait_for_selector("#table[data-ws='open']", timeout=15_000)
        assert "Bea, you support" in bea.inner_text("#me") and bea.locator(".welcome").count() == 0
        ann.wait_for_selector("#players .pname:has-text('Bea')", timeout=10_000)
        bea.fill("#chat-text", "Ann, shall we gang up on the bots? <b>deal</b>")
        bea.keyboard.press("Enter")
        ann.wait_for_selector("#chat-log li:has-text('gang up')", timeout=10_000)
        assert "<b>deal</b>" in ann.inner_text("#chat-log")  # shown as text, not markup
        shot(ann, "03-ann-start")

        deadline = time.monotonic() + GAME_TIMEOUT_S
        decisions = {"ann": 0, "bea": 0}
        reconnected = False
        while not (game_over(ann) and game_over(bea)):
            assert time.monotonic() < deadline, "the game did not finish in time"
            acted = False
            if my_turn(ann):
                play_by_keyboard(ann)
                decisions["ann"] += 1
                acted = True
            if my_turn(bea):
                play_by_mouse(bea, rng)
                decisions["bea"] += 1
                acted = True
            if decisions["bea"] == 8 and not reconnected:
                # Bea's tab crashes; she opens her seat again in a new tab and resumes exactly.
                time.sleep(0.5)
                shot(bea, "04-bea-mid-game")
                hand, version = hand_of(bea), version_of(bea)
                bea.close()
                bea = bea_ctx.new_page()
                bea.on("pageerror", lambda e: errors.append(str(e)))
                bea.goto(f"{base}/t/{invite.split('/')[-2]}")
                bea.wait_for_selector("#table[data-ws='open']", timeout=15_000)
                assert version_of(bea) >= version
                if version_of(bea) == version:
                    assert hand_of(bea) == hand
                shot(bea, "05-bea-after-reconnect")
                reconnected = True
            if not acted:
                time.sleep(0.15)
            if decisions["ann"] == 4 and decisions["bea"] >= 4:
                shot(ann, "06-ann-mid-game")

        assert reconnected and decisions["ann"] > 5 and decisions["bea"] > 5
        for page in (ann, bea):
            assert "Game over" in page.inner_text("#status")
            assert page.locator("table.final tbody tr").count() == 4
        ann.click("summary:has-text('Round by round')")
        assert ann.locator("details.rounds tbody tr").count() >= 1
        shot(ann, "07-ann-end")
        shot(bea, "08-bea-end")

        # After the game: step through the replay as Ann saw it, then with everything revealed.
        ann.click("text=Step through the replay")
        ann.wait_for_selector(".replay-nav")
        ann.keyboard.press("Tab")
        ann.click("text=Next ▶")
        assert "Step 1 of" in ann.inner_text(".step-count")
        shot(ann, "09-replay-step1")
        ann.click("text=End »")
        ann.click("text=Reveal everything")
        assert "Everything at this step" in ann.inner_text("main")
        shot(ann, "10-replay-everything")

        # A phone-sized spectator sees the public table and no hands.
        phone = browser.new_context(
            viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True
        )
        watcher = phone.new_page()
        watcher.goto(f"{base}/t/{invite.split('/')[-2]}")
        assert "Spectating" in watcher.inner_text("#me") and watcher.locator("#me .hand").count() == 0
        shot(watcher, "11-phone-spectator")
        browser.close()
        assert errors == []
