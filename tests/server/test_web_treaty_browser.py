"""Treaty Skirmish at the table in Chromium: Ann (Letnev) and Bob (Hacan) play with two random
bots (the Lazax and Sol) to the end screen, while Cy (Jol-Nar, a third person who only ever
passes or discards) and a spectator watch.

Ann's Envoy to Bob is played on the board (the Hacan Home stands for the choice), she hands Bob
Letnev 2, whispers him a bribe (only the Envoy's two parties may, while it runs), and Bob
discards Hacan 4 face down in his page.
After each person's action the test checks what changed in the game (the log, the hand, the
treaty record, the pile).  Cy's and the spectator's pages and every websocket frame they receive
never hold the discarded card, the whisper, nor the passed card's number before the end's reveal
(§4.4, §4.5).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.server.browser_support import PHONE, READABLE_AND_FRAMED
from tests.server.test_web_browser import shot, version_of, wait_for_news
from tests.server.web_support import served_in_process

ANN, BOB, CY = 1, 2, 3  # at 5 players, in order: Lazax, Letnev, Hacan, Jol-Nar, Sol
SEATS = [
    {"kind": "bot", "level": "easy"},
    {"kind": "human", "name": "Ann"},
    {"kind": "human", "name": "Bob"},
    {"kind": "human", "name": "Cy"},
    {"kind": "bot", "level": "easy"},
]
PASSED = "Letnev 2"  # the card Ann hands Bob
DISCARDED = "Hacan 4"  # the card Bob drops face down
# How the two cards can show in a page or a frame: words, the hand's data, the JSON.
PASSED_FORMS = (PASSED, "letnev-2", '"faction":"letnev","hint":"help the giver","number":2')
DISCARDED_FORMS = (DISCARDED, "hacan-4", '"faction":"hacan","hint":"help the giver","number":4')
WHISPER = "Keep my card and I give you 2 TG"  # Ann to Bob, in private
SAID = "Nice weather around Mecatol"  # Ann to the whole table


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served_in_process(tmp_path_factory.mktemp("web-treaty")) as base:
        yield base


class Watched:
    """A page with every websocket frame it received (to look for leaks in what was sent)."""

    def __init__(self, context: BrowserContext, url: str, errors: list[str]) -> None:
        self.frames: list[str] = []
        self.page = context.new_page()
        self.page.on("pageerror", lambda e: errors.append(str(e)))
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.page.goto(url)
        self.page.wait_for_selector("#table[data-ws='open']", timeout=30_000)

    def _frame(self, payload: Any) -> None:
        self.frames.append(payload if isinstance(payload, str) else str(payload))


def log_count(page: Page, text: str) -> int:
    return int(
        page.evaluate(
            "t => [...document.querySelectorAll('#log li')].filter(li => li.innerText.includes(t)).length",
            text,
        )
    )


def wait_for_log(page: Page, text: str, more_than: int) -> None:
    page.wait_for_function(
        "([t, n]) => [...document.querySelectorAll('#log li')]"
        ".filter(li => li.innerText.includes(t)).length > n",
        arg=[text, more_than],
        timeout=30_000,
    )


def pile_size(page: Page) -> int:
    """The face-down pile's size as the treaty record says it."""
    found = re.search(r"discard pile: (\d+) card", page.inner_text("#board .treaty-record"))
    assert found, "the treaty record shows no pile"
    return int(found.group(1))


def hand(page: Page) -> list[str]:
    return [
        str(c)
        for c in page.evaluate(
            "() => [...document.querySelectorAll('#me .treaty-hand [data-card]')].map(e => e.dataset.card)"
        )
    ]


def wait_to_act(page: Page, seat: int) -> bool:
    """Until ``seat`` has live controls on this page, or the game is over; True: it may act."""
    page.wait_for_function(
        "seat => { if (document.querySelector('.results')) return true;"
        " const s = document.getElementById('status');"
        " return s && s.dataset.toAct.split(' ').includes(String(seat))"
        " && !!document.querySelector('#controls button:not([disabled])'); }",
        arg=seat,
        timeout=60_000,
    )
    return page.locator(".results").count() == 0


def controls_text(page: Page) -> str:
    return page.inner_text("#controls")


def button(page: Page, label: str) -> Any:
    return page.locator("#controls .choices button", has_text=label).first


def play_plainly(page: Page, name: str) -> str:
    """One decision the simple way (pass; else give no card; else discard the card just handed
    over; else the first choice that is not a gift) and its effect on the game; returns what
    was done."""
    before = version_of(page)
    text = controls_text(page)
    if "Pass" in [b.split("\n")[0] for b in page.locator("#controls .choices button").all_inner_texts()]:
        seen = log_count(page, f"{name} passes.")
        button(page, "Pass").click()
        wait_for_news(page, before)
        wait_for_log(page, f"{name} passes.", seen)
        return "pass"
    if "Give no treaty card" in text:
        seen = log_count(page, f"{name} gives")
        button(page, "Give no treaty card").click()
        wait_for_news(page, before)
        wait_for_log(page, f"{name} gives", seen)
        return "no card"
    if "Discard one treaty card face down" in text:
        pending = page.locator("#me .pending strong").first.inner_text()  # e.g. "Sol 1"
        seen = log_count(page, f"{name} discards one treaty card face down.")
        button(page, f"Discard {pending} face down").click()
        wait_for_news(page, before)
        wait_for_log(page, f"{name} discards one treaty card face down.", seen)
        wait_for_log(page, f"{name} discarded {pending}", 0)  # the discarder's own secret line
        return "discard"
    # Hits on one's ships, fight on or retreat, a foreign card dropped at home: the first choice.
    first = page.locator("#controls .choices").first.locator("button:not([disabled])").first
    title = page.locator("#controls h3").first.inner_text()
    assert not title.startswith("Give trade goods"), text
    lines = page.locator("#log li").count()
    first.click()
    wait_for_news(page, before)
    page.wait_for_function("n => document.querySelectorAll('#log li').length > n", arg=lines, timeout=30_000)
    return title


def assert_no_secret(where: str, texts: list[str], *, passed_too: bool) -> None:
    forms = DISCARDED_FORMS + (PASSED_FORMS if passed_too else ())
    for text in texts:
        spaced = re.sub(r"\s+", " ", text)
        for form in forms:
            assert form not in spaced, f"{form!r} reached {where}"


@pytest.mark.timeout(600)
def test_two_people_and_bots_play_treaty_skirmish_to_the_end_in_chromium(
    server: str, browser: Browser
) -> None:
    created = httpx.post(
        f"{server}/api/tables",
        json={
            "game": "treaty_skirmish",
            "players": 5,
            "seats": SEATS,
            "options": {"race_assignment": "in_order"},
        },
        timeout=60,  # the reply, however slow a loaded machine makes it
    ).json()
    table, links = created["table"], created["links"]
    errors: list[str] = []
    contexts = [browser.new_context(viewport={"width": 1400, "height": 1000}) for _ in range(4)]
    ann = Watched(contexts[0], links[str(ANN)], errors)
    bob = Watched(contexts[1], links[str(BOB)], errors)
    cy = Watched(contexts[2], links[str(CY)], errors)
    spectator = Watched(contexts[3], f"{server}/t/{table}", errors)
    people = {ANN: ("Ann", ann.page), BOB: ("Bob", bob.page), CY: ("Cy", cy.page)}

    # The board and the label: every page says this is an adaptation, the ring is an SVG graph.
    for w in (ann, bob, cy, spectator):
        assert "adaptation" in w.page.inner_text("#board .adaptation").lower()
        assert w.page.locator("#board svg.ring-graph g.system").count() == 9  # Mecatol + 2·(5−1)
        assert w.page.locator("#board svg.ring-graph line.edge").count() == 12
    assert hand(ann.page) == ["letnev-1", "letnev-2", "letnev-3", "letnev-4"]
    assert hand(spectator.page) == [] and "Spectating" in spectator.page.inner_text("#me")
    assert "Emperor" in spectator.page.inner_text("#me")  # the Lazax objective is public
    # On a phone the graph reads at 11 px and more and pans over less than two screens, and the
    # board's text (the adaptation note, the treaty record) stays in the frame, panned anywhere.
    spectator.page.set_viewport_size(PHONE)
    spectator.page.wait_for_function(READABLE_AND_FRAMED, arg=["svg.ring-graph", 2])
    spectator.page.evaluate("() => { document.getElementById('board').scrollLeft = 10000; }")
    spectator.page.wait_for_function(READABLE_AND_FRAMED, arg=["svg.ring-graph", 2])
    shot(spectator.page, "treaty-phone-board")
    spectator.page.set_viewport_size({"width": 1400, "height": 1000})

    # 1. Ann's Envoy to Bob, on her first turn that offers it (everyone else plays plainly meanwhile).
    last = 0
    while True:
        seat = next_person_to_act(people, last)
        assert seat is not None, "the game ended before Ann could send her envoy"
        name, page = people[seat]
        if seat == ANN and page.locator("#board g.system.choosable[data-spot='home-hacan']").count():
            break
        play_plainly(page, name)
        last = version_of(page)
    page = ann.page
    tokens = int(page.inner_text("#my-tokens"))
    shot(page, "treaty-ann-before-envoy")
    seen = log_count(page, "Ann sends an envoy to Hacan Home (Bob).")
    before = version_of(page)
    page.click("#board g.system[data-spot='home-hacan']")  # the board place stands for the choice
    wait_for_news(page, before)
    wait_for_log(page, "Ann sends an envoy to Hacan Home (Bob).", seen)
    assert int(page.inner_text("#my-tokens")) == tokens - 1
    assert page.locator("#board g.system[data-spot='home-hacan'] g.token.seat-1").count() == 1

    wait_to_act(page, ANN)
    before = version_of(page)
    seen = log_count(page, "Ann hands Bob a treaty card in secret.")
    button(page, f"Give the treaty card {PASSED}").click()
    wait_for_news(page, before)
    wait_for_log(page, "Ann hands Bob a treaty card in secret.", seen)
    assert hand(page) == ["letnev-1", "letnev-3", "letnev-4"]
    assert f"You gave Bob {PASSED}." in page.inner_text("#board .treaty-record")

    # The bargain: Ann whispers to Bob (only the Envoy's two parties may, while it runs), then
    # says something to the whole table.
    assert cy.page.locator("#me .whisper-form").count() == 0
    assert spectator.page.locator("#me .whisper-form").count() == 0
    bob.page.wait_for_selector(f"#me .whisper-form[data-to='{ANN}']", timeout=30_000)
    ann.page.fill(f"#whisper-{BOB}", WHISPER)
    ann.page.press(f"#whisper-{BOB}", "Enter")
    for w in (ann, bob):
        w.page.wait_for_function(
            "t => [...document.querySelectorAll('#chat-log li.chat-whisper')]"
            ".some(li => li.innerText.includes(t))",
            arg=WHISPER,
            timeout=30_000,
        )
    ann.page.fill("#chat-text", SAID)
    ann.page.press("#chat-text", "Enter")
    for w in (bob, cy, spectator):
        w.page.wait_for_function(
            "t => document.getElementById('chat-log').innerText.includes(t)", arg=SAID, timeout=30_000
        )
    # The table talk came after the whisper on the same connections: had the whisper been sent to
    # Cy or the spectator, it would have arrived first.
    for w in (cy, spectator):
        assert not any(WHISPER in f for f in w.frames) and WHISPER not in w.page.content()
    shot(bob.page, "treaty-bob-whisper")

    # 2. Bob's secret discard, made in his page.
    page = bob.page
    assert wait_to_act(page, BOB)
    assert PASSED in page.inner_text("#me .pending")
    shot(page, "treaty-bob-discard")
    before = version_of(page)
    seen = log_count(page, "Bob discards one treaty card face down.")
    pile = pile_size(page)  # Bob is to act: his page is current; bots' Envoys may have added to it
    button(page, f"Discard {DISCARDED} face down").click()
    wait_for_news(page, before)
    wait_for_log(page, "Bob discards one treaty card face down.", seen)
    wait_for_log(page, f"Bob discarded {DISCARDED}", 0)
    assert hand(page) == ["hacan-1", "hacan-2", "hacan-3", "letnev-2"]
    assert f"Ann gave you {PASSED}." in page.inner_text("#board .treaty-record")
    for w in (cy, spectator):
        w.page.wait_for_function(
            "n => document.querySelector('#board .treaty-record')"
            ".innerText.includes('discard pile: ' + n + ' card')",
            arg=pile + 1,
            timeout=30_000,
        )
        record = w.page.inner_text("#board .treaty-record")
        assert "Ann handed Bob a treaty card" in record
        assert_no_secret("a third party's page", [w.page.content()], passed_too=True)
    shot(spectator.page, "treaty-spectator-after-envoy")

    # 3. Everyone plays on to the end screen.
    last = version_of(bob.page)
    while (seat := next_person_to_act(people, last)) is not None:
        name, page = people[seat]
        play_plainly(page, name)
        last = version_of(page)
    for w in (ann, bob, cy, spectator):
        w.page.wait_for_selector(".results", timeout=60_000)
        assert "How it ended" in w.page.inner_text("#board .treaty-result")
        assert "adaptation" in w.page.inner_text("#board .adaptation").lower()
    shot(ann.page, "treaty-end-screen")
    shot(spectator.page, "treaty-spectator-end")

    # What Cy and the spectator were ever sent: never the discard; the passed card's number only
    # in the end's reveal (§4.5: every non-winner shows the hand).
    for who, w in (("Cy", cy), ("the spectator", spectator)):
        until_end = [f for f in w.frames if "Game over" not in f and '"outcome":{' not in f]
        assert len(until_end) > 10
        assert_no_secret(who, until_end, passed_too=True)
        assert_no_secret(who, [*w.frames, w.page.content()], passed_too=False)
        assert not any(WHISPER in f for f in w.frames)
    for c in contexts:
        c.close()
    assert errors == []


def next_person_to_act(people: dict[int, tuple[str, Page]], at_least: int) -> int | None:
    """The person whose decision the table waits for at version ``at_least`` or later (None once
    the game is over): watched on the first person's page, then confirmed on that person's own."""
    first = next(iter(people.values()))[1]
    first.wait_for_function(
        "([seats, v]) => { if (document.querySelector('.results')) return true;"
        " const s = document.getElementById('status');"
        " return s && Number(s.dataset.version) >= v"
        " && s.dataset.toAct.split(' ').some(x => seats.includes(Number(x))); }",
        arg=[list(people), at_least],
        timeout=60_000,
    )
    if first.locator(".results").count():
        return None
    to_act = [int(x) for x in (first.get_attribute("#status", "data-to-act") or "").split()]
    seat = next(s for s in to_act if s in people)
    if not wait_to_act(people[seat][1], seat):
        return None
    return seat
