"""The web table in a real browser: what a person's clicks and keys do to the game.

A real ``turncoat serve`` process on 127.0.0.1 (one per module), Debian's Chromium driven by
Playwright.  Two people and two bots play a whole game: Ann creates the table in the lobby and
plays with the keyboard only; Bea joins through her invite link, plays with the mouse, chats, and
reconnects in a new tab mid-game.  Every move must change the game, and every commit must commit
exactly the ticked cards.  Screenshots go to test-artifacts/ for people to look at.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.browser_support import CHROMIUM
from tests.server.web_support import served
from turncoat.core.registry import load_game
from turncoat.games.verrater import VerraterGame

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
GAME_TIMEOUT_S = 420
# How long one wait for the next turn may take: a bot's first move starts its worker process
# (a fresh interpreter importing the game), which on a loaded machine takes tens of seconds.
TURN_WAIT_MS = 120_000

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason=f"no Chromium at {CHROMIUM} (scripts/setup.d/chromium.sh installs it; or set CHROMIUM)",
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One ``turncoat serve`` for the module (bots move at once: the tests wait for conditions)."""
    where = tmp_path_factory.mktemp("web-browser")
    with served(where / "data", where / "server.log", bot_delay=0.0) as base:
        yield base


def version_of(page: Page) -> int:
    value = page.get_attribute("#status", "data-version")
    return int(value or -1)


def game_over(page: Page) -> bool:
    return page.locator(".results").count() > 0


def wait_for_news(page: Page, before: int) -> None:
    """Until the server has sent a newer position; a refusal (the flash) fails the test: every
    move a person makes through the controls must change the game."""
    page.wait_for_function(
        "v => { const s = document.getElementById('status');"
        " return (s && Number(s.dataset.version) > v) || document.querySelector('#flash .error'); }",
        arg=before,
        timeout=15_000,
    )
    refused = page.locator("#flash .error")
    assert refused.count() == 0, f"the server refused the move: {refused.inner_text()}"
    assert version_of(page) > before


def hand_and_version(page: Page) -> tuple[list[str], int]:
    """The hand and the version of one and the same update (read in one go: an update that
    arrives between two separate reads would pair one position's hand with the next's version)."""
    hand, version = page.evaluate(
        "() => [[...document.querySelectorAll('#me .hand .pip')].map(e => e.textContent),"
        " Number(document.getElementById('status').dataset.version)]"
    )
    return list(hand), int(version)


def hand_of(page: Page) -> list[str]:
    return page.locator("#me .hand .pip").all_inner_texts()


def shot(page: Page, name: str, full: bool = True) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full)


def wait_for_turn(page: Page, seat: int, at_least: int = -1) -> bool:
    """Until ``seat`` may act on this page (its controls are live, at version ``at_least`` or
    later) or the game is over; True if it is the seat's turn."""
    page.wait_for_function(
        "([seat, v]) => { if (document.querySelector('.results')) return true;"
        " const s = document.getElementById('status');"
        " return s && Number(s.dataset.version) >= v && s.dataset.toAct.split(' ').includes(String(seat))"
        " && !!document.querySelector('#controls button:not([disabled])'); }",
        arg=[seat, at_least],
        timeout=TURN_WAIT_MS,
    )
    return not game_over(page)


def next_to_act(page: Page, seats: tuple[int, ...], at_least: int) -> int | None:
    """Wait on the first seat's page, at version ``at_least`` or later, until one of ``seats`` is
    to act (None once the game is over).  Only one seat acts at a time in Verräter, so the
    whole table is then waiting for that one."""
    page.wait_for_function(
        "([seats, v]) => { if (document.querySelector('.results')) return true;"
        " const s = document.getElementById('status');"
        " const live = !!document.querySelector('#controls button:not([disabled])');"
        " return s && Number(s.dataset.version) >= v && s.dataset.toAct.split(' ')"
        ".some(x => seats.includes(Number(x)) && (x !== String(seats[0]) || live)); }",
        arg=[list(seats), at_least],
        timeout=TURN_WAIT_MS,
    )
    if game_over(page):
        return None
    to_act = [int(x) for x in (page.get_attribute("#status", "data-to-act") or "").split()]
    return next(s for s in to_act if s in seats)


# The commit step is a set decision: a box per card, its value the commit action as JSON.
COMMIT_FORM = "#controls form.pick-set"


def commit_box(value: int) -> str:
    """The box that commits a card of ``value`` (its action, as the page writes it)."""
    action = json.dumps({"type": "commit_supply", "value": value}, sort_keys=True, separators=(",", ":"))
    return f"input[type=checkbox][value='{action}']"


def commit_choice(page: Page, rng: random.Random) -> list[int]:
    boxes = page.locator(f"{COMMIT_FORM} input[type=checkbox]")
    values = boxes.evaluate_all("bs => bs.map(b => JSON.parse(b.value).value)")
    return [int(v) for v in values if rng.random() < 0.4]


def play_by_keyboard(page: Page, name: str, rng: random.Random) -> None:
    """Tab and Space/Enter only: tick some cards at the commit step, else the first button."""
    if page.locator(COMMIT_FORM).count():
        commit_in_browser(page, name, commit_choice(page, rng), "keyboard")
        return
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


def play_by_mouse(page: Page, name: str, rng: random.Random) -> None:
    if page.locator(COMMIT_FORM).count() and rng.random() < 0.7:
        commit_in_browser(page, name, commit_choice(page, rng), "mouse")
        return
    before = version_of(page)
    if page.locator("#controls select").count():
        select = page.locator("#controls select").first
        values = select.locator("option").evaluate_all("os => os.map(o => o.value)")
        select.select_option(rng.choice(values))
        page.locator("#controls form.pick-one button").first.click()
    else:
        buttons = page.locator("#controls button:not([disabled])")
        buttons.nth(rng.randrange(buttons.count())).click()
    wait_for_news(page, before)


@pytest.mark.timeout(GAME_TIMEOUT_S + 120)
def test_two_people_and_two_bots_play_a_whole_game_in_the_browser(server: str, browser: Browser) -> None:
    rng = random.Random(7)
    base = server
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
    seen = -1  # the newest version either page has shown after a move
    while True:
        assert time.monotonic() < deadline, "the game did not finish in time"
        seat = next_to_act(ann, (0, 1), seen)
        if seat is None:
            break
        if seat == 0:
            play_by_keyboard(ann, "Ann", rng)
            decisions["ann"] += 1
            seen = version_of(ann)
            continue
        if not wait_for_turn(bea, 1, at_least=version_of(ann)):
            break
        if decisions["bea"] == 8 and not reconnected:
            # Bea's tab crashes while the table waits for her; she opens her seat again in a
            # new tab and finds exactly the same position (nobody can move before she does).
            shot(bea, "04-bea-mid-game")
            hand, version = hand_and_version(bea)
            bea.close()
            bea = bea_ctx.new_page()
            bea.on("pageerror", lambda e: errors.append(str(e)))
            bea.goto(f"{base}/t/{invite.split('/')[-2]}")
            bea.wait_for_selector("#table[data-ws='open']", timeout=15_000)
            assert wait_for_turn(bea, 1, at_least=version)
            assert hand_and_version(bea) == (hand, version)
            shot(bea, "05-bea-after-reconnect")
            reconnected = True
        play_by_mouse(bea, "Bea", rng)
        decisions["bea"] += 1
        seen = version_of(bea)
        if decisions["ann"] >= 4 and decisions["bea"] == 4:
            shot(ann, "06-ann-mid-game")

    bea.wait_for_selector(".results", timeout=15_000)
    assert reconnected and decisions["ann"] > 5 and decisions["bea"] > 5
    for page in (ann, bea):
        assert "Game over" in page.inner_text("#status")
        assert page.locator("table.final tbody tr").count() == 4
    totals = ann.locator("table.final tbody td strong").all_inner_texts()
    for page in (ann, bea):  # one score everywhere: the panels show the end screen's totals
        assert page.locator("#players .vp").all_inner_texts() == [f"{t} VP" for t in totals]
    ann.click("summary:has-text('Round by round')")
    assert ann.locator("details.rounds tbody tr").count() >= 1
    shot(ann, "07-ann-end")
    shot(bea, "08-bea-end")

    # After the game: step through the replay as Ann saw it, then with everything revealed.
    ann.click("text=Step through the replay")
    ann.wait_for_selector(".replay-nav")
    ann.keyboard.press("Tab")
    ann.click("text=Next ▶")
    step_shown(ann, "Step 1 of")
    shot(ann, "09-replay-step1")
    ann.click("text=End »")
    step_shown(ann, f"Step {ann.get_attribute('#replay-steps', 'data-total')} of")
    total = re.fullmatch(r"Step (\d+) of (\d+)", ann.inner_text(".step-count"))
    assert total and total.group(1) == total.group(2)  # the last step: the end of the game
    ann.click("text=Reveal everything")
    assert "Everything at this step" in ann.inner_text("main")
    assert "Game over" in ann.inner_text("main")
    assert ann.locator("#players .vp").all_inner_texts() == [f"{t} VP" for t in totals]
    shot(ann, "10-replay-everything")

    # A phone-sized spectator sees the public table and no hands.
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    watcher = phone.new_page()
    watcher.goto(f"{base}/t/{invite.split('/')[-2]}")
    assert "Spectating" in watcher.inner_text("#me") and watcher.locator("#me .hand").count() == 0
    shot(watcher, "11-phone-spectator")
    for ctx in (ann_ctx, bea_ctx, phone):
        ctx.close()
    assert errors == []


def step_shown(page: Page, text: str) -> None:
    """Until the replay shows a step whose count starts with ``text`` (a step loads in place)."""
    page.wait_for_function(
        "t => (document.querySelector('.step-count') || {}).innerText?.startsWith(t)",
        arg=text,
        timeout=15_000,
    )


# -- committing supply cards: what the ticked boxes do to the game --------------------------------
STARTING_HAND = [3, 4, 5]  # RULES §4.5: every seat starts with one 3, one 4 and one 5
NAMES = ["Ann", "Bea", "Cyd", "Dov"]


class Puppet(threading.Thread):
    """A human seat played by the test over the JSON websocket: always the first legal choice,
    builds nothing, and at the commit step commits nothing, but only once ``gate`` is set (so the
    table waits there while the test looks at the browser).  Keeps every event it was sent."""

    def __init__(self, base: str, table: str, token: str, gate: threading.Event) -> None:
        super().__init__(daemon=True)
        self._stack = contextlib.ExitStack()
        url = base.replace("http://", "ws://") + f"/ws/{table}"
        self.ws = self._stack.enter_context(connect(url, open_timeout=10))
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.gate = gate
        self.events: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.news = threading.Condition()

    def run(self) -> None:
        try:
            for raw in self.ws:
                msg = json.loads(raw)
                if msg["type"] == "error":
                    self.errors.append(msg)
                if msg["type"] != "update" or msg["seat"] is None:
                    continue
                with self.news:
                    self.events = msg["events"] if msg["full"] else self.events + msg["events"]
                    self.news.notify_all()
                if msg["legal"]:
                    self.ws.send(
                        json.dumps({"type": "act", "action": self.choose(msg), "version": msg["version"]})
                    )
        except ConnectionClosed:
            return

    def choose(self, update: dict[str, Any]) -> dict[str, Any]:
        actions = [a["action"] for a in update["legal"]]
        for quiet in ("finish_committing", "skip_building"):
            if any(a["type"] == quiet for a in actions):
                if quiet == "finish_committing":
                    self.gate.wait(60)
                return {"type": quiet}
        action: dict[str, Any] = actions[0]
        return action

    def event(self, kind: str) -> dict[str, Any]:
        """The first event of this kind, once this seat has been sent it."""
        with self.news:
            assert self.news.wait_for(lambda: any(e["type"] == kind for e in self.events), 15)
            return next(e for e in self.events if e["type"] == kind)

    def close(self) -> None:
        self._stack.close()
        self.join(10)


def expected_strengths(events: list[dict[str, Any]], totals: dict[int, int]) -> tuple[int, int]:
    """RULES §5 step 5 for round 1, from the public events: each house's landscape value, the
    supply committed by its supporters after the reveal, and the diplomats on its side."""
    game = load_game("verrater", players=4)
    assert isinstance(game, VerraterGame)
    conflict_value = game.ctx.tables.conflict_value
    setup = next(e for e in events if e["type"] == "game_set_up")
    site = next(e for e in events if e["type"] == "conflict_site_chosen")
    roles = next(e for e in events if e["type"] == "roles_revealed")["roles"]
    allegiance = list(setup["allegiance"])
    for flip in (e for e in events if e["type"] == "allegiance_flipped"):
        allegiance[flip["seat"]] = flip["house"]
    strength = {
        "eagle": conflict_value[setup["types"][site["eagle_landscape"]]],
        "rose": conflict_value[setup["types"][site["rose_landscape"]]],
    }
    for seat, house in enumerate(allegiance):
        strength[house] += totals.get(seat, 0)
        strength[house] += {"diplomat_2": 2, "diplomat_5": 5}.get(roles[seat], 0)
    return strength["eagle"], strength["rose"]


def tick_by_keyboard(page: Page, values: list[int], between: Callable[[], None] = lambda: None) -> None:
    """Tab to each wanted card's box and press Space, then Tab to the commit button and press
    Enter: no mouse at all.  ``between`` runs after the first box is ticked."""
    wanted = [str(v) for v in values]
    for _ in range(80):
        box = page.evaluate(
            "() => { const a = document.activeElement;"
            " if (!a || !a.closest('#controls form.pick-set')) return null;"
            " return a.type === 'checkbox' ? String(JSON.parse(a.value).value) : a.type; }"
        )
        if box in wanted and not page.evaluate("() => document.activeElement.checked"):
            page.keyboard.press("Space")
            wanted.remove(box)
            if len(wanted) == len(values) - 1:
                between()
        elif box == "submit" and not wanted:
            page.keyboard.press("Enter")
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"could not tick {values} and commit with the keyboard")


def tick_by_mouse(page: Page, values: list[int], between: Callable[[], None] = lambda: None) -> None:
    commit = page.locator(COMMIT_FORM)
    for n, v in enumerate(values):
        commit.locator(f"{commit_box(v)}:not(:checked)").first.click()
        if n == 0:
            between()
    commit.locator("button[type=submit]").click()


def done_committing_lines(page: Page, name: str) -> list[str]:
    return [
        x for x in page.locator("#log li").all_inner_texts() if x.startswith(f"{name} is done committing")
    ]


def commit_in_browser(
    page: Page, name: str, values: list[int], by: str, between: Callable[[], None] = lambda: None
) -> None:
    """Tick ``values`` and commit; the game log must then say the seat committed exactly those."""
    before = len(done_committing_lines(page, name))
    (tick_by_keyboard if by == "keyboard" else tick_by_mouse)(page, values, between)
    page.wait_for_function(
        "([name, n]) => [...document.querySelectorAll('#log li')]"
        ".filter(li => li.textContent.startsWith(name + ' is done committing')).length > n",
        arg=[name, before],
        timeout=15_000,
    )
    assert done_committing_lines(page, name)[before] == f"{name} is done committing (total {sum(values)})."


@pytest.mark.parametrize(
    ("values", "by"),
    [([4], "mouse"), ([5, 3], "mouse"), ([3], "keyboard"), ([5, 4], "keyboard")],
    ids=["one-card-mouse", "two-cards-mouse", "one-card-keyboard", "two-cards-keyboard"],
)
def test_ticked_cards_are_committed_for_an_invited_player(
    server: str, browser: Browser, values: list[int], by: str
) -> None:
    """Ann opens her invite link and commits the ticked cards, even when the server redraws her
    controls while she ticks: her seat holds exactly those cards, the log gives their total,
    and the conflict is fought with them."""
    seats = [{"kind": "human", "name": n} for n in NAMES]
    created = httpx.post(f"{server}/api/tables", json={"players": 4, "seats": seats}, timeout=10).json()
    table = created["table"]
    with connect(f"{server.replace('http://', 'ws://')}/ws/{table}", open_timeout=10) as watcher:
        first = json.loads(watcher.recv(timeout=10))
    ann = first["observation"]["start_player"]  # she places, keeps and commits first
    gate = threading.Event()
    puppets = [Puppet(server, table, created["seat_tokens"][str(s)], gate) for s in range(4) if s != ann]
    context = browser.new_context()
    stack = contextlib.ExitStack()
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(created["links"][str(ann)])
        page.wait_for_selector("#table[data-ws='open']", timeout=15_000)
        for puppet in puppets:
            puppet.start()
        # Place the first estate and keep an action card with the mouse, until it is time to commit.
        while not page.locator(COMMIT_FORM).count():
            page.wait_for_selector("#controls button:not([disabled])", timeout=15_000)
            if page.locator(COMMIT_FORM).count():
                break
            before = version_of(page)
            page.locator("#controls button:not([disabled])").first.click()
            wait_for_news(page, before)
        assert sorted(int(v) for v in hand_of(page)) == STARTING_HAND

        def redraw() -> None:
            """Someone opens the table once more while Ann ticks: the server redraws her
            controls at the same version, and what she ticked must survive it."""
            page.evaluate("() => { window.ticking = document.querySelector('#controls form.pick-set'); }")
            extra = stack.enter_context(connect(f"{server.replace('http://', 'ws://')}/ws/{table}"))
            extra.send(json.dumps({"type": "hello", "token": created["seat_tokens"][str((ann + 1) % 4)]}))
            page.wait_for_function(
                "() => document.querySelector('#controls form.pick-set') !== window.ticking", timeout=15_000
            )

        commit_in_browser(page, NAMES[ann], values, by, redraw)

        # The table now waits for the next seat to commit: Ann's cards lie in front of her.
        page.wait_for_selector(f"#players .seat-{ann} .committed", timeout=15_000)
        shown = sorted(values, reverse=True)
        committed = page.inner_text(f"#players .seat-{ann} .committed")
        assert committed.split() == ["Committed:", *map(str, shown), "=", str(sum(values))]
        assert sorted(int(v) for v in hand_of(page)) == sorted(set(STARTING_HAND) - set(values))
        log = page.locator("#log li").all_inner_texts()
        assert [x for x in log if x.startswith(f"{NAMES[ann]} commits")] == [
            f"{NAMES[ann]} commits {'an' if v == 8 else 'a'} {v}." for v in shown
        ]

        # The others commit nothing; the conflict is fought with Ann's cards on her side.
        gate.set()
        page.wait_for_function(
            "() => document.getElementById('board').textContent.includes('Round 1 conflict')",
            timeout=15_000,
        )
        resolved = puppets[0].event("conflict_resolved")
        strengths = expected_strengths(puppets[0].events, {ann: sum(values)})
        assert (resolved["eagle_strength"], resolved["rose_strength"]) == strengths
        board = page.text_content("#board") or ""
        assert f"Round 1 conflict: Eagles {strengths[0]} – Roses {strengths[1]}" in board
        assert errors == [] and all(p.errors == [] for p in puppets)
    finally:
        gate.set()
        stack.close()
        context.close()
        for puppet in puppets:
            puppet.close()
