"""Rex's phases in Chromium, at a live table of three people: Ann plays on her page; the test
plays Bea's and Cy's seats (and Ann's other decisions) through the plain forms the page falls
back to, so the table reaches each phase without waiting on anyone.  Each step asserts its effect
on the game: Ann's bid in the bidding row is the table's high bid and in its log; her recruitment
moves units from her casualty pool to her reserves for exactly the influence the page showed
before she confirmed; the sweep panel names every sector the fleet entered.  Jol-Nar's card on
auction shows on Jol-Nar's page only.  Screenshots of each phase and the phone layout go to
test-artifacts/."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from tests.server.test_web_browser import shot, version_of, wait_for_news
from tests.server.test_web_rex_skin import READABLE_ON_A_PHONE
from tests.server.web_support import csrf_of, served_in_process
from turncoat.server.hub import tables

SEATS = ("Ann", "Bea", "Cy")
GAME_STEPS = 6000  # a whole game of three is far fewer moves: past this the table is stuck


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # the test plays two seats by form posts as fast as the table answers: no client limit
    with served_in_process(
        tmp_path_factory.mktemp("web-rex-phases"), http_rate=1e6, http_burst=10**6
    ) as base:
        yield base


class Seat:
    """One seat's browser-less client: its state as the API gives it, and a move by the plain form."""

    def __init__(self, base: str, table: str, link: str) -> None:
        self.base, self.table = base, table
        self.http = httpx.Client(timeout=20)
        page = self.http.get(link, follow_redirects=True)
        page.raise_for_status()
        self.csrf = csrf_of(page.text)

    def state(self) -> dict[str, Any]:
        response = self.http.get(f"{self.base}/api/tables/{self.table}/state")
        response.raise_for_status()
        body: dict[str, Any] = response.json()
        return body

    def page(self) -> str:
        return self.http.get(f"{self.base}/t/{self.table}").text

    def act(self, action: dict[str, Any], version: int) -> None:
        data = {"csrf": self.csrf, "version": str(version), "action": json.dumps(action)}
        sent = self.http.post(f"{self.base}/t/{self.table}/act", data=data, follow_redirects=False)
        assert sent.status_code == 303, sent.text


def pick(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A seat's move when the test makes it: Ann takes Jol-Nar, the others any other race.  Ann
    fills her casualty pool fast: she lands as many units as she may, moves all of a group onto
    other players' units and dials 0 in battle; she passes on every card but the one the test
    bids on, so her influence pays for recruits.  Otherwise any legal move."""
    seat, legal = state["seat"], state["legal"]
    actions: list[dict[str, Any]] = [entry["action"] for entry in legal]
    kinds = {a.get("type") for a in actions}
    if seat == 0 and kinds & {"move_from", "move_to", "move_units", "set_dial"}:
        others = {p for p, who, _, _ in state["observation"]["stacks"] if who != 0}
        moves = [a for a in actions if a.get("type") == "move_from"]
        targets = [a for a in actions if a.get("type") == "move_to"]
        counts = [a for a in actions if a.get("type") in ("move_units", "set_dial")]
        if moves:
            return rng.choice(moves)
        if targets:
            return rng.choice([a for a in targets if a["piece"] in others] or targets)
        if counts:
            return max(counts, key=lambda a: a.get("units", 0) - a.get("value", 0))
    races = [a for a in actions if a.get("type") == "choose_race"]
    if races:
        if seat == 0:
            return next((a for a in races if a["race"] == "jol_nar"), races[0])
        return next(a for a in races if a["race"] != "jol_nar")
    if seat == 0:
        landings = [a for a in actions if a.get("type") == "land_units"]
        if landings:
            return max(landings, key=lambda a: a["units"] + a["mechanized"])
        lands = [a for a in actions if a.get("type") == "land_in"]
        if lands:
            return rng.choice(lands)
        passes = [a for a in actions if a.get("type") == "pass_bid"]
        if passes:  # she keeps her influence to pay for recruits
            return passes[0]
    return rng.choice(actions)


def drive(seats: list[Seat], rng: random.Random, until: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Make every seat's moves until Ann's state satisfies ``until``; that state."""
    for _ in range(GAME_STEPS):
        ann = seats[0].state()
        if until(ann):
            return ann
        assert ann["outcome"] is None, "the game ended before the wanted position"
        acting = ann["to_act"]
        assert acting, "nobody is to act"
        seat = acting[0]
        state = ann if seat == 0 else seats[seat].state()
        seats[seat].act(pick(state, rng), state["version"])
    pytest.fail("the table never reached the wanted position")


def ann_may(kind: str) -> Callable[[dict[str, Any]], bool]:
    return lambda s: 0 in s["to_act"] and any(e["action"].get("type") == kind for e in s["legal"])


def events_of(state: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in state["events"] if e.get("type") == kind]


def known_cards(obs: dict[str, Any]) -> set[str]:
    """The strategy cards a viewer may know of anyway: its hand, the cards face up or out of the
    game, the cards it has learnt are in another hand."""
    known = set(obs["hand"] or ()) | set(obs["strategy_discard"] or ()) | set(obs["strategy_removed"])
    return known | {c for seat in obs["seats"] for c in seat["known_cards"]}


def last_sweep(events: list[dict[str, Any]]) -> tuple[int, list[int]]:
    """Where the last sweep begins in ``events`` and the sectors it entered, once the fleet has
    stopped ((-1, []) before; a fleet sabotage may move it 0 sectors, a card window may have let
    an earlier sweep pass while the test drove to another decision)."""
    starts = [
        i for i, e in enumerate(events) if e["type"] in ("bombardment_card_revealed", "fleet_sabotaged")
    ]
    if not starts or not any(e["type"] == "fleet_stopped" for e in events[starts[-1] :]):
        return -1, []
    return starts[-1], [
        e["sector"] for e in events[starts[-1] :] if e["type"] == "sector_bombarded" and e["sector"]
    ]


def wait_for_version(page: Page, version: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('status').dataset.version) >= v", arg=version, timeout=30_000
    )


def dearest(page: Page, pattern: str) -> tuple[str, int, int]:
    """The choice of the page's controls matching ``pattern`` (a count, then its price) that
    costs the most, the most units at that price: its label, count and price as the page shows
    them before the choice is made."""
    labels = [t.split("\n")[0] for t in page.locator("#controls form.one button").all_inner_texts()]
    labels += page.locator("#controls form.pick-one option").all_inner_texts()
    priced = [(t, int(m.group(1)), int(m.group(2) or 0)) for t in labels if (m := re.fullmatch(pattern, t))]
    assert priced, labels
    return max(priced, key=lambda p: (p[2], p[1]))


def choose(page: Page, label: str) -> None:
    """Make the choice of the page's controls with this label (a button, or a list box's entry)."""
    before = version_of(page)
    buttons = page.locator("#controls form.one button", has_text=re.compile("^" + re.escape(label) + "$"))
    if buttons.count():
        buttons.first.click()
    else:
        form = page.locator("#controls form.pick-one").filter(has=page.locator("option", has_text=label))
        form.locator("select").select_option(label=label)
        form.locator("button").click()
    wait_for_news(page, before)


# The table's seed, pinned: with the seats driven by a seeded random policy the whole course of the
# game is the same every run, so the phases the test waits for are sure to come.
TABLE_SEED = 2026


@pytest.mark.timeout(600)
def test_rex_phases_at_a_live_table(server: str, browser: Browser, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "new_seed", lambda: TABLE_SEED)  # the server runs in this process
    created = httpx.post(
        f"{server}/api/tables",
        json={"game": "rex", "players": 3, "seats": [{"kind": "human", "name": n} for n in SEATS]},
        timeout=60,
    )
    assert created.status_code == 201, created.text
    table, links = created.json()["table"], created.json()["links"]
    errors: list[str] = []
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    ann = context.new_page()
    ann.on("pageerror", lambda e: errors.append(str(e)))
    ann.goto(links["0"])
    watcher = browser.new_context().new_page()
    watcher.on("pageerror", lambda e: errors.append(str(e)))
    seats = [Seat(server, table, links[str(i)]) for i in range(3)]
    watcher.goto(links["watch"])
    ann.wait_for_selector("#table[data-ws='open']", timeout=15_000)
    watcher.wait_for_selector("#table[data-ws='open']", timeout=15_000)
    rng = random.Random(11)

    # -- the bidding row (RULES §7): Jol-Nar sees the card on auction, alone ---------------------
    state = drive(seats, rng, ann_may("bid"))
    assert state["observation"]["seats"][0]["race"] == "jol_nar"
    card = state["observation"]["card_on_auction"]
    assert card
    wait_for_version(ann, state["version"])
    wait_for_version(watcher, state["version"])
    face = ann.locator("#me .bidding-row [data-card-face] strong")
    assert face.count() == 1
    name = face.inner_text()
    assert ann.locator("#me .bidding-row li.on-auction [data-card-face]").count() == 1
    watched = watcher.content()
    total = state["observation"]["auction"] + state["observation"]["row_size"] - 1
    assert watcher.locator(".bidding-row .card-back").count() == total  # face down for the spectator
    assert watcher.locator(".bidding-row").count() == 1 and "data-card-face" not in watched
    public = httpx.get(f"{server}/api/tables/{table}/state", timeout=10).json()  # the spectator's JSON
    assert public["seat"] is None and public["observation"]["card_on_auction"] is None
    assert card not in json.dumps(public["observation"]) or card in known_cards(public["observation"])
    if card not in known_cards(public["observation"]):  # else its name is on the page for another reason
        assert name not in watched
    for other in seats[1:]:
        theirs = other.state()
        assert theirs["observation"]["card_on_auction"] is None
        page = other.page()
        assert "data-card-face" not in page
        if card not in known_cards(theirs["observation"]):
            assert name not in page and card not in json.dumps(theirs)
    shot(ann, "rex-phase-bidding")

    # Ann bids an amount chosen beside the row: the table's high bid and log say so
    amounts = ann.locator("#me .bid-form select option").all_inner_texts()
    assert amounts and all(re.fullmatch(r"\d+ influence", a) for a in amounts)
    chosen = amounts[min(1, len(amounts) - 1)]
    amount = int(chosen.split()[0])
    before = version_of(ann)
    ann.select_option("#me .bid-form select", label=chosen)
    ann.click("#me .bid-form button")
    wait_for_news(ann, before)
    after = seats[0].state()
    assert events_of(after, "bid_made")[-1] == {
        "type": "bid_made",
        "visible_to": None,
        "seat": 0,
        "amount": amount,
    }
    obs = after["observation"]
    assert (obs["high_bid"], obs["high_bidder"]) == (amount, 0) or obs["auction"] != state["observation"][
        "auction"
    ]
    ann.wait_for_function(
        "t => [...document.querySelectorAll('#log li')].some(li => li.innerText.startsWith(t))",
        arg=f"Ann bids {amount}.",
    )

    # -- a move's destinations with the lines they take of the allowance (RULES §9.2-§9.3) --------
    state = drive(seats, rng, ann_may("move_to"))
    wait_for_version(ann, state["version"])
    most = state["observation"]["allowance"][0]
    labels = [t.split("\n")[0] for t in ann.locator("#controls form.one button").all_inner_texts()]
    labels += ann.locator("#controls form.pick-one option").all_inner_texts()
    lines = [re.search(rf"\((\d+) lines? of your {most}\)$", t) for t in labels if t.startswith("Move from")]
    assert lines and all(m and int(m.group(1)) <= most for m in lines), labels
    spot = ann.locator("#board [data-choose]").first.get_attribute("aria-label") or ""
    assert re.search(rf"lines? of your {most}\)", spot), spot  # the map's place says it too
    shot(ann, "rex-phase-move")

    # -- a landing with its price (RULES §9.4) ---------------------------------------------------
    state = drive(seats, rng, ann_may("land_units"))
    wait_for_version(ann, state["version"])
    label, count, price = dearest(ann, r"Land (\d+) units? in .+?(?: for (\d+) influence| \(free\))")
    shot(ann, "rex-phase-landing")
    landed = len(events_of(state, "units_landed"))
    choose(ann, label)
    state = drive(seats, rng, lambda s: len(events_of(s, "units_landed")) > landed)
    mine = events_of(state, "units_landed")[-1]
    assert (mine["seat"], mine["units"] + mine["mechanized"], mine["cost"]) == (0, count, price)

    state = drive(seats, rng, lambda s: bool(last_sweep(s["events"])[1]))
    wait_for_version(ann, state["version"])
    events = state["events"]
    last, swept = last_sweep(events)
    shown = (
        "() => [...document.querySelectorAll('#rex-sweep li[data-sector]')]"
        ".map(e => Number(e.dataset.sector))"
    )
    try:
        ann.wait_for_function(
            f"s => JSON.stringify(({shown})()) === JSON.stringify(s)", arg=swept, timeout=30_000
        )
    except PlaywrightError as exc:  # say what the page shows against what the table did
        told = [e for e in events if e["type"] in ("bombardment_card_revealed", "sector_bombarded")]
        raise AssertionError((ann.evaluate(shown), told, state["version"], version_of(ann))) from exc
    for sector in swept:
        assert f"Sector {sector}" in ann.inner_text("#rex-sweep")
    stopped = events_of(state, "fleet_stopped")[-1]["sector"]
    assert f"the fleet stops over sector {stopped}" in ann.inner_text("#rex-sweep")
    began = max(
        i for i, e in enumerate(events) if e["type"] == "phase_started" and e["phase"] == "collection"
    )
    collected = {e["seat"] for e in events[began:last] if e["type"] == "influence_collected"}
    assert len(ann.locator("#rex-collection li[data-seat]").all()) == len(collected)
    ann.locator("#rex-sweep").scroll_into_view_if_needed()
    shot(ann, "rex-phase-sweep")

    # the panel stays while later moves come, until the next sweep: the next round's bidding
    stop = max(i for i, e in enumerate(events) if e["type"] == "fleet_stopped") + 1

    def next_bidding(s: dict[str, Any]) -> bool:
        return any(e["type"] == "phase_started" and e["phase"] == "bidding" for e in s["events"][stop:])

    state = drive(seats, rng, next_bidding)
    assert not any(e["type"] == "sector_bombarded" for e in state["events"][stop:])
    wait_for_version(ann, state["version"])
    assert ann.evaluate(shown) == swept

    # -- recruitment with its price (RULES §8) ----------------------------------------------------
    def may_pay_to_recruit(s: dict[str, Any]) -> bool:
        free = 2  # Jol-Nar's free recruits: a third unit is paid for
        return ann_may("recruit")(s) and any(
            e["action"].get("type") == "recruit" and e["action"]["units"] > free for e in s["legal"]
        )

    state = drive(seats, rng, may_pay_to_recruit)
    wait_for_version(ann, state["version"])
    me = state["observation"]["seats"][0]
    label, count, price = dearest(ann, r"Recruit (\d+) units?(?: for (\d+) influence| \(free\))")
    assert price > 0, label
    assert f"You have {me['influence']} influence." in ann.inner_text("#controls")
    shot(ann, "rex-phase-recruit")
    choose(ann, label)
    after = seats[0].state()["observation"]["seats"][0]
    assert after["reserves"] == me["reserves"] + count
    assert after["casualties"] == me["casualties"] - count
    assert after["influence"] == me["influence"] - price
    ann.wait_for_function(
        "t => [...document.querySelectorAll('#log li')].some(li => li.innerText.startsWith(t))",
        arg="Ann recruits",
    )

    # -- estimated content, colour-blind counters, the phone -------------------------------------
    legend = ann.inner_text("#board .legend")
    assert "estimated" in legend and "dashed outline: estimated area" in legend
    dashes = ann.evaluate(
        "() => getComputedStyle(document.querySelector('#board .area.estimated .cell')).strokeDasharray"
    )
    assert dashes not in ("", "none"), dashes
    counters = ann.locator("#board .counter text").evaluate_all("els => els.map(e => e.textContent)")
    assert counters and all(re.fullmatch(r"[A-Z][a-z]+\d+(\+\d+)?", c) for c in counters), counters
    ann.set_viewport_size({"width": 390, "height": 844})
    ann.wait_for_function(READABLE_ON_A_PHONE)
    boxes = ann.evaluate(
        "() => ['#controls', '#hand-title', '#board svg.rex-map'].map(s => document.querySelector(s)"
        ".getBoundingClientRect().top + window.scrollY)"
    )
    assert boxes[0] < boxes[2] and boxes[1] < boxes[2], boxes  # the decision and the hand first
    assert ann.evaluate("() => document.documentElement.scrollWidth") <= 390
    shot(ann, "rex-phone-phases")
    context.close()
    watcher.context.close()
    assert errors == []
