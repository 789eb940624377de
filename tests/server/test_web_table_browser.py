"""The table and its replay in a real browser, for what makes a table pleasant to sit at.

The log reads by rounds and marks your own doings; the tab's title (and, when asked for, a sound)
says when your turn comes; a replay steps by keys, jumps to a round and plays itself without
reloading, showing what the record says at each step; on a phone your decision comes before the
board, whose words stay readable.  A real server in this process (its table seed pinned),
Debian's Chromium driven by Playwright; screenshots go to test-artifacts/.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.server.browser_support import CHROMIUM, comes_before
from tests.server.test_web_browser import next_to_act, shot, version_of, wait_for_news, wait_for_turn
from tests.server.web_support import served_in_process, settings_for
from turncoat.core.present import plain
from turncoat.core.record import decode_action
from turncoat.core.registry import load_game, load_stored_game
from turncoat.play import GameInProgress
from turncoat.server.hub import tables
from turncoat.server.storage import Store

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason=f"no Chromium at {CHROMIUM} (scripts/setup.d/chromium.sh installs it; or set CHROMIUM)",
)

TABLE_SEED = 4242
DESKTOP: ViewportSize = {"width": 1366, "height": 900}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
}
TURN_MARK = "\u25cf Your turn \u2014 "

# Records every title the page shows, in order, from its first load.
RECORD_TITLES = """
window.titles = [];
new MutationObserver(() => {
  const t = document.title;
  if (t && window.titles[window.titles.length - 1] !== t) window.titles.push(t);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""

# A browser's notifications as a page sees them, recorded: permission is asked for by the page's
# button and granted; whether the tab is hidden is the test's to say (window.tabHidden).
FAKE_NOTIFICATIONS = """
window.notes = [];
window.Notification = class {
  constructor(title, opts) { window.notes.push([title, opts && opts.body]); }
  close() {}
};
window.Notification.permission = "default";
window.Notification.requestPermission = () => {
  window.Notification.permission = "granted";
  return Promise.resolve("granted");
};
Object.defineProperty(Document.prototype, "hidden", {
  get() { return window.tabHidden === true; },
  configurable: true,
});
"""


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("web-table-browser") / "data"


# A bot waits this long before its move: each move reaches the pages as an update of its own
# (the title's return between two of Ann's turns is seen), and the tests never wait for time.
BOT_DELAY_S = 0.4


@pytest.fixture(scope="module")
def server(data_dir: Path) -> Iterator[str]:
    with served_in_process(data_dir, bot_delay_s=BOT_DELAY_S) as base:
        yield base


def start_player(seed: int) -> int:
    play = GameInProgress.start(load_game("verrater"), seed)
    return int(play.view(None).observation.start_player)


def log_lines(page: Page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def record_log(data_dir: Path, table: str, viewer: int, step: int) -> list[str]:
    """The viewer's log after ``step`` moves, replayed from the stored record (seed and actions)."""
    store = Store(settings_for(data_dir).url())
    try:
        row = store.load_table(table)
        actions = store.actions(table)
    finally:
        store.close()
    assert row is not None and len(actions) >= step
    game = load_stored_game(row.game, row.options)
    play = GameInProgress.start(game, row.seed)
    for a in actions[:step]:
        play.apply(a.seat, decode_action(game, a.action))
    names = [s.name for s in sorted(row.seats, key=lambda s: s.seat)]
    return [plain(line, names) for line in play.view(viewer).log]


def play_first_choice(page: Page) -> None:
    """The first choice the controls offer (a set sent as it is): the game must move on."""
    before = version_of(page)
    page.locator("#controls button[type=submit]:not([disabled])").first.click()
    wait_for_news(page, before)


def rounds_on(page: Page) -> int:
    return page.locator("#log li.log-round").count()


@pytest.fixture(scope="module")
def table(server: str, browser: Browser, data_dir: Path) -> Iterator[dict[str, Any]]:
    """A Verräter table where Bea starts and Ann sits next, two bots after them; both people's
    pages open (Ann's records its titles)."""
    mp = pytest.MonkeyPatch()
    mp.setattr(tables, "new_seed", lambda: TABLE_SEED)
    bea = start_player(TABLE_SEED)
    ann = (bea + 1) % 4
    seats: list[dict[str, Any]] = [{"kind": "bot", "level": "easy"} for _ in range(4)]
    seats[ann], seats[bea] = {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}
    created = httpx.post(
        f"{server}/api/tables", json={"game": "verrater", "players": 4, "seats": seats}, timeout=60
    )
    mp.undo()
    assert created.status_code == 201, created.text
    body = created.json()
    ann_ctx = browser.new_context(viewport=DESKTOP)
    ann_ctx.add_init_script(RECORD_TITLES)
    ann_ctx.add_init_script(FAKE_NOTIFICATIONS)
    bea_ctx = browser.new_context(viewport=DESKTOP)
    errors: list[str] = []
    ann_page, bea_page = ann_ctx.new_page(), bea_ctx.new_page()
    for page in (ann_page, bea_page):
        page.on("pageerror", lambda e: errors.append(str(e)))
    ann_page.goto(body["links"][str(ann)])
    bea_page.goto(body["links"][str(bea)])
    for page in (ann_page, bea_page):
        page.wait_for_selector("#table[data-ws='open']", timeout=15_000)
    yield {
        "id": body["table"],
        "links": body["links"],
        "ann": ann,
        "bea": bea,
        "ann_page": ann_page,
        "bea_page": bea_page,
        "ann_ctx": ann_ctx,
        "errors": errors,
    }
    ann_ctx.close()
    bea_ctx.close()


@pytest.mark.timeout(300)
def test_your_turn_changes_the_title_sounds_and_notifies_when_asked(table: dict[str, Any]) -> None:
    ann, bea, page = table["ann"], table["bea"], table["ann_page"]
    base = page.title()
    assert base.endswith("· turncoat") and not base.startswith(TURN_MARK)  # Bea places first
    assert wait_for_turn(table["bea_page"], bea)
    assert page.evaluate("() => window.titles") == [base]

    # The sound is off until Ann turns it on; her browser keeps the choice.
    assert page.locator("#alerts").is_visible()
    sound = page.locator("#turn-sound")
    assert not sound.is_checked()
    sound.check()
    assert page.evaluate("() => localStorage.getItem('turncoat.turnSound')") == "on"
    page.wait_for_function("() => Number(document.getElementById('alerts').dataset.beeps) === 1")  # a sample
    # Ann allows notifications, then looks at another tab.
    page.click("#turn-notify")
    page.wait_for_function("() => document.getElementById('turn-notify').hidden")
    assert page.inner_text("#turn-notify-state").startswith("Notifications on")
    page.evaluate("() => { window.tabHidden = true; }")

    # Bea places her first estate: now it is Ann's turn, and her tab's title says so.
    play_first_choice(table["bea_page"])
    assert wait_for_turn(page, ann)
    assert page.title() == TURN_MARK + base
    placed = [x for x in log_lines(page) if x.startswith("Bea places an estate")]
    assert placed, "Ann's turn came from Bea's move"
    page.wait_for_function("() => Number(document.getElementById('alerts').dataset.beeps) === 2")
    assert page.evaluate("() => window.notes") == [["Your turn", base]]
    page.evaluate("() => { window.tabHidden = false; }")

    # Ann places hers: no longer her turn, the title is the table's again.
    play_first_choice(page)
    page.wait_for_function("b => window.titles.slice(2).includes(b)", arg=base, timeout=15_000)
    assert page.evaluate("() => window.titles")[:3] == [base, TURN_MARK + base, base]

    # A reload keeps the sound on.
    page.reload()
    page.wait_for_selector("#table[data-ws='open']", timeout=15_000)
    assert page.locator("#turn-sound").is_checked()
    assert table["errors"] == []


@pytest.mark.timeout(400)
def test_the_log_reads_by_rounds_with_your_own_lines_marked(table: dict[str, Any], data_dir: Path) -> None:
    ann, bea, page, bea_page = table["ann"], table["bea"], table["ann_page"], table["bea_page"]
    version = 0
    while rounds_on(page) < 2:  # Ann and Bea take the first choice each time, until round 2 begins
        who = next_to_act(page, (ann, bea), version)
        assert who is not None, "the game ended before its second round"
        acting = page if who == ann else bea_page
        assert wait_for_turn(acting, who, version)
        play_first_choice(acting)
        version = version_of(page)

    lines = log_lines(page)
    heads = page.locator("#log li.log-round").all_inner_texts()
    assert heads[:2] == [x for x in lines if x.startswith("— Round ")][:2]
    assert heads[0].startswith("— Round 1") and heads[1].startswith("— Round 2")
    # The setup in words: who holds which landscapes, by name.
    assert lines[0].startswith("Setup: ") and "The ring: the" in lines[0] and "/rose" not in lines[0]
    own = page.locator("#log li.log-own").all_inner_texts()
    assert own and all(x.startswith("Ann ") for x in own)
    assert own == [x for x in lines if x.startswith("Ann ")]
    mark = page.evaluate(
        "() => getComputedStyle(document.querySelector('#log li.log-own'), '::before').content"
    )
    assert mark == '"you"'
    # Bea's page marks Bea's lines, not Ann's.
    assert all(x.startswith("Bea ") for x in bea_page.locator("#log li.log-own").all_inner_texts())

    # The newest line is in sight without scrolling the page: in the log box, in the window.
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, "table-desktop", full=False)
    latest = page.locator("#latest .latest-line")
    assert latest.inner_text() == lines[-1]
    box = latest.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= DESKTOP["height"]
    # ... and the log's box, longer than it shows, is scrolled to its end.
    in_box = page.evaluate(
        """() => { const scroller = document.querySelector('.log-scroll');
                   const box = scroller.getBoundingClientRect();
                   const last = [...document.querySelectorAll('#log li')].pop().getBoundingClientRect();
                   return [box.top <= last.top, last.bottom <= box.bottom + 1,
                           scroller.scrollHeight > scroller.clientHeight]; }"""
    )
    assert in_box == [True, True, True], in_box
    assert page.evaluate("() => window.scrollY") == 0
    # The page's lines are the record's, for Ann.
    assert lines == record_log(data_dir, table["id"], ann, version_of(page))
    assert table["errors"] == []


def shown_step(page: Page) -> tuple[int, int]:
    bar = page.locator("#replay-steps")
    return int(bar.get_attribute("data-step") or -1), int(bar.get_attribute("data-total") or -1)


def wait_for_step(page: Page, step: int) -> None:
    page.wait_for_function(
        "s => { const b = document.getElementById('replay-steps');"
        " return b && Number(b.dataset.step) === s; }",
        arg=step,
        timeout=15_000,
    )


@pytest.mark.timeout(300)
def test_replay_steps_by_keys_and_jumps_to_a_round_in_place(
    table: dict[str, Any], server: str, data_dir: Path
) -> None:
    ann, ctx = table["ann"], table["ann_ctx"]
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/t/{table['id']}/replay?step=0")
    assert shown_step(page)[0] == 0
    page.evaluate("() => { window.samePage = true; }")  # gone if the page reloads
    assert page.locator(".replay-play").is_visible()

    page.keyboard.press("ArrowRight")
    wait_for_step(page, 1)
    assert page.inner_text(".step-count").startswith("Step 1 of")
    assert log_lines(page) == record_log(data_dir, table["id"], ann, 1)
    page.keyboard.press("ArrowRight")
    wait_for_step(page, 2)
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, 1)
    assert page.url.endswith("step=1")

    # Jump to round 2 from the list: the step where its heading is the newest round line.
    options = page.locator("#round-step option")
    assert options.all_inner_texts()[:2] == ["Round 1", "Round 2"]
    round2 = int(options.nth(1).get_attribute("value") or -1)
    page.select_option("#round-step", str(round2))
    wait_for_step(page, round2)
    assert page.inner_text(".round-now") == "Round 2"
    lines = log_lines(page)
    assert lines == record_log(data_dir, table["id"], ann, round2)
    assert page.locator("#log li.log-round").all_inner_texts()[-1].startswith("— Round 2")
    # One step back is still round 1; PageUp goes to round 1's start, PageDown to round 2's again.
    page.locator("body").focus()
    page.keyboard.press("PageUp")
    round1 = int(options.nth(0).get_attribute("value") or -1)
    wait_for_step(page, round1)
    assert page.inner_text(".round-now") == "Round 1"
    page.keyboard.press("PageDown")
    wait_for_step(page, round2)
    page.keyboard.press("End")
    wait_for_step(page, shown_step(page)[1])
    page.keyboard.press("Home")
    wait_for_step(page, 0)

    # Autoplay walks on by itself until paused.
    page.click("#replay-autoplay")
    page.wait_for_function(
        "() => Number(document.getElementById('replay-steps').dataset.step) >= 2", timeout=20_000
    )
    page.click("#replay-autoplay")
    assert page.get_attribute("#replay-autoplay", "aria-pressed") == "false"
    assert page.evaluate("() => window.samePage === true")
    shot(page, "replay-desktop", full=False)
    assert errors == []


@pytest.mark.timeout(120)
def test_replay_and_table_work_without_javascript(
    table: dict[str, Any], server: str, browser: Browser
) -> None:
    ctx = browser.new_context(viewport=DESKTOP, java_script_enabled=False)
    try:
        page = ctx.new_page()
        page.goto(table["links"][str(table["ann"])])
        assert log_lines(page)[0].startswith("Setup: ")
        assert page.locator("#log li.log-round").count() >= 1
        assert not page.locator("#alerts").is_visible()  # nothing to set without a script
        page.goto(f"{server}/t/{table['id']}/replay?step=0")
        page.click("text=Next ▶")
        page.wait_for_url("**step=1")
        assert page.inner_text(".step-count").startswith("Step 1 of")
        round2 = page.locator("#round-step option").nth(1).get_attribute("value")
        page.select_option("#round-step", str(round2))
        page.click(".round-jump button")
        page.wait_for_url(f"**step={round2}")
        assert page.inner_text(".round-now") == "Round 2"
    finally:
        ctx.close()


SMALLEST_TEXT = """() => {
  const svg = document.querySelector('#board svg.board');
  const scale = svg.getScreenCTM().a;
  const sizes = [...svg.querySelectorAll('text')]
    .filter(t => t.getBBox().width > 0)
    .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
  return [Math.min(...sizes), sizes.length];
}"""


@pytest.mark.timeout(120)
def test_on_a_phone_the_decision_comes_first_and_the_board_reads(
    table: dict[str, Any], browser: Browser
) -> None:
    ctx = browser.new_context(**PHONE)
    try:
        page = ctx.new_page()
        page.goto(table["links"][str(table["ann"])])
        page.wait_for_selector("#table[data-ws='open']", timeout=15_000)
        assert comes_before(page, "#me", "#board")
        smallest, texts = page.evaluate(SMALLEST_TEXT)
        assert texts > 10 and smallest >= 11, smallest
        # The page itself does not scroll sideways: the board pans inside its frame.
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        shot(page, "table-phone", full=False)
        shot(page, "table-phone-full")
    finally:
        ctx.close()


@pytest.mark.parametrize("game", ["rex", "treaty_skirmish"])
@pytest.mark.timeout(300)
def test_other_boards_read_on_a_phone(server: str, browser: Browser, game: str) -> None:
    """Every skin's board keeps its words readable on a phone (a spectator of a bots' table)."""
    players = 3 if game == "rex" else 5
    seats = [{"kind": "bot", "level": "easy"} for _ in range(players)]
    created = httpx.post(
        f"{server}/api/tables", json={"game": game, "players": players, "seats": seats}, timeout=60
    )
    assert created.status_code == 201, created.text
    ctx = browser.new_context(**PHONE)
    try:
        page = ctx.new_page()
        page.goto(created.json()["links"]["watch"])
        page.wait_for_selector("#board svg.board text", timeout=15_000)
        smallest, texts = page.evaluate(SMALLEST_TEXT)
        assert texts > 5 and smallest >= 11, smallest
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        shot(page, f"{game}-phone", full=False)
    finally:
        ctx.close()
