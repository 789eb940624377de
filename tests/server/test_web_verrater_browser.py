"""Verräter in Chromium: a person reads the tally while committing, steps through the round's
resolution, and chooses places by clicking the board, with the mouse, the keyboard and without
the page script.

Each table starts from a prepared record: a seeded game played at random up to the wanted
decision, stored as a table's action log (the record a server keeps), which the server replays
on start.  From there the bots are the server's own, and every step asserts what changed in the
game through the JSON API, not only that something was clicked.  Screenshots at desktop and phone
size go to test-artifacts/.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.server.browser_support import CHROMIUM
from tests.server.test_web_browser import shot, version_of, wait_for_news
from tests.server.test_web_verrater_conflict import known_strength, state_of
from tests.server.web_support import prepared_table, served_in_process
from turncoat.games.verrater import events as E
from turncoat.play import GameInProgress
from turncoat.skins.verrater import conflict

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}")

DESKTOP: ViewportSize = {"width": 1366, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}

# Records, as a page sees them: every stage of a reveal the first time it shows.
RECORD_REVEALS = """
window.revealsShown = [];
new MutationObserver(() => {
  document.querySelectorAll('[data-reveal-step]').forEach(el => {
    const key = el.getAttribute('data-reveal-step');
    if (!el.hidden && !window.revealsShown.includes(key)) window.revealsShown.push(key);
  });
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
"""


def ann_at(data_dir: Path, ready: Callable[[GameInProgress], bool]) -> tuple[str, str, GameInProgress]:
    """A four-seat table prepared until ``ready``: Ann (seat 0) a person, bots elsewhere; its
    id, Ann's token and the game as recorded."""
    table, tokens, play = prepared_table(data_dir, "verrater", 4, (0,), ready)
    return table, tokens[0], play


def api_state(base: str, table: str, token: str | None) -> dict[str, Any]:
    cookies = {f"tc_seat_{table}": token} if token else {}
    response = httpx.get(f"{base}/api/tables/{table}/state", cookies=cookies, timeout=10)
    response.raise_for_status()
    body: dict[str, Any] = response.json()
    return body


def ann_to(
    step: str, more: Callable[[GameInProgress], bool] = lambda play: True
) -> Callable[[GameInProgress], bool]:
    """Ann (seat 0) is to decide at ``step``, and ``more`` holds."""

    def ready(play: GameInProgress) -> bool:
        s = state_of(play)
        return s.step == step and s.actor == 0 and play.to_act() == frozenset({0}) and more(play)

    return ready


def last_to_commit(play: GameInProgress) -> bool:
    """Ann commits last this round (her cards end the committing: the round resolves at once),
    others have committed cards, it is not the last round, and there was a conflict before."""
    s = state_of(play)
    this_round = play.events()[max(i for i, e in enumerate(play.events()) if isinstance(e, E.RoundStarted)) :]
    done = {e.seat for e in this_round if isinstance(e, E.CommittingFinished)}
    return (
        s.round >= 2
        and not s.final_round
        and s.round < s.total_rounds
        and done == {1, 2, 3}
        and sum(map(len, s.committed)) >= 2
    )


def open_seat(browser: Browser, base: str, table: str, token: str | None, **options: Any) -> Page:
    context = browser.new_context(viewport=DESKTOP, **options)
    context.add_init_script(RECORD_REVEALS)
    page = context.new_page()
    page.goto(f"{base}/join/{table}/{token}" if token else f"{base}/t/{table}")
    if options.get("java_script_enabled", True):
        page.wait_for_selector("#table[data-ws='open']", timeout=15_000)
    return page


def tally_on(page: Page) -> dict[str, int]:
    return {
        house: int(page.locator(f'#board [data-tally] [data-house="{house}"] [data-total]').inner_text())
        for house in ("eagle", "rose")
    }


def panel_points(page: Page) -> list[int]:
    """Each seat's VP as the player panels show it now."""
    texts = page.locator("#players .player .vp:visible").all_inner_texts()
    return [int(t.removesuffix(" VP")) for t in texts]


def wait_for_ann(page: Page, after: int) -> None:
    """Until the table waits for Ann again (a version after ``after``, her controls live)."""
    page.wait_for_function(
        "v => { const s = document.getElementById('status');"
        " return s && Number(s.dataset.version) > v && s.dataset.toAct.split(' ').includes('0')"
        " && !!document.querySelector('#controls button:not([disabled])'); }",
        arg=after,
        timeout=60_000,
    )


@pytest.mark.timeout(300)
def test_the_tally_then_the_resolution_stage_by_stage(tmp_path: Path, browser: Browser) -> None:
    data = tmp_path / "data"
    data.mkdir()
    table, token, play = ann_at(data, ann_to("commit", last_to_commit))
    errors: list[str] = []
    with served_in_process(data) as base:
        ann = open_seat(browser, base, table, token)
        ann.on("pageerror", lambda e: errors.append(str(e)))
        watcher = open_seat(browser, base, table, None)

        # The tally: each house's strength so far, as far as each of them may know it.
        assert tally_on(ann) == known_strength(play, 0)
        assert tally_on(watcher) == known_strength(play, None)
        shot(ann, "verrater-01-tally")
        ann.set_viewport_size(PHONE)
        shot(ann, "verrater-02-tally-phone")
        ann.set_viewport_size(DESKTOP)
        previous = ann.locator("#board [data-reveal]").get_attribute("data-reveal")

        # Ann commits her highest card; the round resolves in the same move.
        vp_before = panel_points(ann)
        before = version_of(ann)
        boxes = ann.locator("#controls form.pick-set input[type=checkbox]")
        if boxes.count():
            boxes.first.check()
        ann.locator("#controls form.pick-set button[type=submit]").click()
        wait_for_news(ann, before)
        wait_for_ann(ann, before)  # the bots have played on until Ann decides again

        box = ann.locator("#board [data-reveal]")
        key = box.get_attribute("data-reveal") or ""
        assert key != previous and key == f"verrater-round-{state_of(play).round}"
        steps = box.locator("[data-reveal-step]")
        keys = steps.evaluate_all("els => els.map(e => e.getAttribute('data-reveal-step'))")
        stages = [k.removeprefix(key + "-") for k in keys]
        order = [k for k, _ in conflict.STAGES]
        assert stages == [k for k in order if k in stages] and stages[:4] == order[:4]
        # Only the first stage shows; the others wait for Next, and so does the board's summary
        # of the conflict (its strengths after the conflict stage, its winners after the VP).
        assert box.locator("[data-reveal-step]:visible").count() == 1
        assert steps.first.is_visible()
        summary = ann.locator(f'#board [data-reveal-after="{key}-conflict"]')
        winners = ann.locator(f'#board [data-reveal-after="{key}-vp"]')
        assert summary.count() == 1 and not summary.is_visible() and not winners.is_visible()
        # The player panels too keep the totals of before the round until the VP stage shows.
        vp_after = [int(s["victory_points"]) for s in api_state(base, table, token)["observation"]["seats"]]
        assert vp_after != vp_before, "the round gave nobody VP: the panels have nothing to hold back"
        assert panel_points(ann) == vp_before
        shot(ann, "verrater-03-reveal-first")
        pressed = 0
        while box.locator("[data-reveal-next]:visible").count():
            label = box.locator("[data-reveal-next]").inner_text()
            assert label.startswith("Next: ")
            if pressed % 2:  # the keyboard and the mouse both step
                box.locator("[data-reveal-next]").focus()
                ann.keyboard.press("Enter")
            else:
                box.locator("[data-reveal-next]").click()
            pressed += 1
            assert box.locator("[data-reveal-step]:visible").count() == pressed + 1
            shown_now = [k.removeprefix(key + "-") for k in keys[: pressed + 1]]
            assert summary.is_visible() == ("conflict" in shown_now)
            assert winners.is_visible() == ("vp" in shown_now)
            assert panel_points(ann) == (vp_after if "vp" in shown_now else vp_before)
            assert pressed < 10
        assert pressed == len(keys) - 1
        shown = [k for k in ann.evaluate("() => window.revealsShown") if k.startswith(key)]
        assert shown == keys  # each stage in order, one at a time
        shot(ann, "verrater-04-reveal-all")
        ann.set_viewport_size(PHONE)
        shot(ann, "verrater-05-reveal-phone")
        ann.set_viewport_size(DESKTOP)

        # What the stages say is what the game recorded, in the log's order.
        seen = api_state(base, table, token)
        log = [str(line) for line in seen["log"]]
        start = max(i for i, line in enumerate(log) if line.startswith("Action cards revealed"))
        at = start
        for k in keys:
            for line in box.locator(f'[data-reveal-step="{k}"] li').all_inner_texts():
                if line in log[start:]:
                    at = log.index(line, at)  # not found after the stage before: out of order
        conflict_lines = box.locator(f'[data-reveal-step="{key}-conflict"] li').all_inner_texts()
        last = seen["observation"]["last_conflict"]
        assert conflict_lines[0] == next(line for line in log[start:] if line.startswith("Conflict: "))
        assert f"Eagles {last['strength'][0]} = " in conflict_lines[1]
        assert f"Roses {last['strength'][1]} = " in conflict_lines[2]

        # The spectator was shown the same resolution (all of it: it loaded before, so it too
        # steps), without anyone's drawn cards.
        watcher.wait_for_function('k => document.querySelector(`#board [data-reveal="${k}"]`)', arg=key)
        watcher_conflict = watcher.locator(f'[data-reveal-step="{key}-conflict"] li').all_inner_texts()
        assert watcher_conflict == conflict_lines
        draws = watcher.locator(f'[data-reveal-step="{key}-draws"] li').all_inner_texts()
        assert not any(" draws " in line and ": " in line for line in draws), draws
    assert errors == []


@pytest.mark.timeout(300)
def test_a_click_on_the_board_chooses_the_first_estate_the_site_and_the_builders_target(
    tmp_path: Path, browser: Browser
) -> None:
    errors: list[str] = []
    # -- the first estate, by keyboard: Tab to a landscape and press Enter -------------------------
    data = tmp_path / "estate"
    data.mkdir()
    table, token, play = ann_at(data, ann_to("place_estate"))
    with served_in_process(data) as base:
        ann = open_seat(browser, base, table, token)
        ann.on("pageerror", lambda e: errors.append(str(e)))
        places = ann.locator("#board foreignObject.tile-act form.tile-form button")
        assert places.count() > 1
        label = places.first.get_attribute("aria-label") or ""
        assert label.startswith("Estate under landscape ")
        shot(ann, "verrater-06-first-estate")
        ann.set_viewport_size(PHONE)
        shot(ann, "verrater-07-first-estate-phone")
        ann.set_viewport_size(DESKTOP)
        land = int(label.removeprefix("Estate under landscape ").split(" ")[0])
        before = version_of(ann)
        for _ in range(80):
            if ann.evaluate("() => !!document.activeElement.closest('#board foreignObject')"):
                break
            ann.keyboard.press("Tab")
        else:
            raise AssertionError("the board's landscapes cannot be reached with the Tab key")
        focused = ann.evaluate("() => document.activeElement.getAttribute('aria-label')")
        assert focused == label
        ann.keyboard.press("Enter")
        wait_for_news(ann, before)
        building = api_state(base, table, token)["observation"]["buildings"][land]
        assert building == [0, "estate"]

    # -- the conflict site, by mouse: the ⚔ between two landscapes ---------------------------------
    data = tmp_path / "site"
    data.mkdir()
    table, token, play = ann_at(data, ann_to("choose_site", lambda p: state_of(p).round >= 2))
    with served_in_process(data) as base:
        ann = open_seat(browser, base, table, token)
        ann.on("pageerror", lambda e: errors.append(str(e)))
        swords = ann.locator("#board foreignObject.bound-act")
        assert swords.count() >= 1
        boundary = int(swords.last.get_attribute("data-boundary") or -1)
        label = swords.last.locator("button").get_attribute("aria-label") or ""
        assert "against" in label
        shot(ann, "verrater-08-choose-site")
        before = version_of(ann)
        swords.last.locator("button").click()
        wait_for_news(ann, before)
        assert api_state(base, table, token)["observation"]["site"] == boundary
        assert api_state(base, table, None)["observation"]["site"] == boundary

    # -- the Builder: a landscape with several choices opens its menu --------------------------------
    data = tmp_path / "build"
    data.mkdir()

    def several_at_one_place(p: GameInProgress) -> bool:
        view = msgspec.to_builtins(p.view(0, p.version))
        marks = [
            m
            for d in view.get("decisions") or ()
            for c in d.get("choices") or ()
            for m in c.get("marks") or ()
        ]
        return any(marks.count(m) > 1 for m in marks)

    table, token, play = ann_at(data, ann_to("build", several_at_one_place))
    with served_in_process(data) as base:
        ann = open_seat(browser, base, table, token)
        ann.on("pageerror", lambda e: errors.append(str(e)))
        menus = ann.locator("#board foreignObject.tile-act button.tile-menu")
        singles = ann.locator("#board foreignObject.tile-act form.tile-form button")
        assert menus.count() + singles.count() > 0
        before = version_of(ann)
        buildings = api_state(base, table, token)["observation"]["buildings"]
        if menus.count():
            land = int(menus.first.locator("xpath=..").get_attribute("data-land") or -1)
            menus.first.click()
            menu = ann.locator(f"#land-menu-{land}")
            menu.wait_for(state="visible")
            shot(ann, "verrater-09-builder-menu")
            ann.set_viewport_size(PHONE)
            shot(ann, "verrater-10-builder-menu-phone")
            ann.set_viewport_size(DESKTOP)
            menu.locator("form button").first.click()
        else:
            land = int(singles.first.locator("xpath=../..").get_attribute("data-land") or -1)
            singles.first.click()
        wait_for_news(ann, before)
        after = api_state(base, table, token)
        assert after["observation"]["buildings"] != buildings  # the Builder acted on the board
        assert after["observation"]["buildings"][land] is not None or buildings[land] is not None
        assert any(line.startswith("Ann (Builder)") for line in after["log"])
    assert errors == []


@pytest.mark.timeout(300)
def test_without_the_page_script_every_stage_shows_and_the_board_still_chooses(
    tmp_path: Path, browser: Browser
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    table, token, play = ann_at(data, ann_to("choose_site", lambda p: state_of(p).round >= 2))
    with served_in_process(data) as base:
        ann = open_seat(browser, base, table, token, java_script_enabled=False)
        box = ann.locator("#board [data-reveal]")
        assert box.locator("[data-reveal-step]").count() >= 4
        assert box.locator("[data-reveal-step]:visible").count() == box.locator("[data-reveal-step]").count()
        assert box.locator("[data-reveal-next]:visible").count() == 0
        sword = ann.locator("#board foreignObject.bound-act").first
        boundary = int(sword.get_attribute("data-boundary") or -1)
        sword.locator("button").click()  # a plain form post
        ann.wait_for_load_state()
        assert api_state(base, table, token)["observation"]["site"] == boundary
