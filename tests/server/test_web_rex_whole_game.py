"""A whole 6-player game of Rex in Chromium: two people and four bots, to the end screen.

Ann and Bea each open their invite link (Bea joins a table Ann did not seat her at by hand: the
link is all she has) and turn on "Play forced moves for me" in their pages.  On a pinned seed
(the table's and the bots') the game is the same every run, and the people reach, in their own
pages: a bid beside the bidding row, a move and a landing made by clicking the map, a recruitment
at the price the page showed, a battle plan's dial, and, in a Temporary Ceasefire, an alliance Ann
proposes and Bea accepts.  Each step asserts its effect on the game (the seat's JSON state, its
events), not only the click.  Their other choices follow a small policy, sent through the page's
plain form: in a ceasefire decline and be done, in a battle play leaders with cards and reveal a
traitor, move onto other players' units, else a seeded random legal choice.  The game ends on the
end screen (the engine's outcome from the stored record) and the replay as Ann saw it.
Screenshots of each phase and of the phone layout go to test-artifacts/.

The test waits for conditions (a page's version, its controls, the end screen), never for time,
and sends a move again when the table answers that it changed meanwhile.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from tests.server.browser_support import CHROMIUM
from tests.server.test_web_browser import shot, version_of, wait_for_news
from tests.server.test_web_rex_end_browser import (
    GAME_MOVES,
    WAIT_MS,
    Person,
    check_end_screen,
    check_replay,
    look,
    pin_seeds,
    stored_outcome,
)
from tests.server.test_web_rex_phases_browser import choose, dearest
from tests.server.test_web_rex_skin import READABLE_ON_A_PHONE, pick_number
from tests.server.web_support import served_in_process

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}")

PEOPLE = ("Ann", "Bea")
TABLE_SEED = 5  # pinned: a Temporary Ceasefire comes while both people negotiate, and battles
# Ann's proposal to Bea, on a page (with the answers beside it on Bea's); their alliance.
ANN_PROPOSED = (
    "() => [...document.querySelectorAll('#controls .ceasefire .proposal')]"
    ".some(li => li.innerText.startsWith('Ann proposes to Bea an alliance of Ann, Bea'))"
)
ALLIED = (
    "() => [...document.querySelectorAll('.alliance')]"
    ".some(li => li.innerText.includes('Ann') && li.innerText.includes('Bea'))"
)
STEPS = ("bid", "move", "landing", "recruit", "battle", "alliance")


def kinds(state: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The seat's legal actions by type."""
    out: dict[str, list[dict[str, Any]]] = {}
    for entry in state["legal"]:
        out.setdefault(str(entry["action"].get("type")), []).append(entry["action"])
    return out


def events_of(state: dict[str, Any], kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    return [e for e in state["events"] if e["type"] == kind and (seat is None or e.get("seat") == seat)]


def units_at(state: dict[str, Any], piece: str, seat: int) -> int:
    return sum(u + m for p, s, u, m in state["observation"]["stacks"] if p == piece and s == seat)


def policy(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A person's move when no step of interest is open: never ally with a bot, fight with cards
    and traitors, seek battles; else a random legal move."""
    seat, by = state["seat"], kinds(state)
    actions = [e["action"] for e in state["legal"]]
    if state["observation"]["step"] == "ceasefire":
        for kind in ("decline", "end_ceasefire"):
            if by.get(kind):
                return by[kind][0]
    if by.get("reveal_traitor"):
        return max(by["reveal_traitor"], key=lambda a: bool(a["reveal"]))
    if by.get("play_cards"):
        return max(by["play_cards"], key=lambda a: (a["attack"] is not None) + (a["defense"] is not None))
    if by.get("pick_leader"):
        with_cards = [a for a in by["pick_leader"] if a["slot"] != "none"]
        return rng.choice(with_cards or by["pick_leader"])
    if by.get("move_to"):
        others = {p for p, who, _, _ in state["observation"]["stacks"] if who != seat}
        return rng.choice([a for a in by["move_to"] if a["piece"] in others] or by["move_to"])
    if by.get("move_units"):
        return max(by["move_units"], key=lambda a: a["units"] + a.get("mechanized", 0))
    return rng.choice(actions)


# Makes the choice with this label in the page's controls (a button, or a list box's entry) in one
# step: while the bots negotiate in a ceasefire every move of theirs redraws the controls, too
# often for a list box to be opened and its entry picked before it is replaced.  "disabled": the
# page holds its buttons while a move it sent is unanswered.
PRESS = r"""label => {
  for (const b of document.querySelectorAll('#controls form.one button'))
    if (b.innerText.split('\n')[0].trim() === label) {
      if (b.disabled) return 'disabled';
      b.click(); return 'sent';
    }
  for (const f of document.querySelectorAll('#controls form.pick-one')) {
    const o = [...f.querySelectorAll('option')].find(o => o.innerText.trim() === label);
    if (!o) continue;
    const send = f.querySelector('button[type=submit]');
    if (send.disabled) return 'disabled';
    f.querySelector('select').value = o.value; send.click(); return 'sent';
  }
  return 'absent';
}"""

# Keeps every refusal the page shows (the flash clears at the next update): window.refusals.
RECORD_REFUSALS = """
window.refusals = [];
new MutationObserver(() => {
  const e = document.querySelector('#flash .error');
  if (e && e !== window.lastRefusal) { window.lastRefusal = e; window.refusals.push(e.innerText); }
}).observe(document, { subtree: true, childList: true });
"""
STALE = ("the table is at", "the table changed")


def press_until(page: Page, label: str, shown: str) -> None:
    """Make the choice labelled ``label`` in the page until the page shows its effect (``shown``,
    a script's condition); again when the table answers that it changed meanwhile (a bot's move
    changed this seat's choices, as bots' proposals do in a ceasefire)."""
    for _ in range(GAME_MOVES):
        refused = int(page.evaluate("() => window.refusals.length"))
        sent = page.evaluate(PRESS, label)
        if sent == "disabled":
            page.wait_for_function(
                "() => !document.querySelector('#controls button[disabled]')", timeout=WAIT_MS
            )
            continue
        assert sent == "sent", f"{label!r} is not offered: {page.inner_text('#controls')}"
        try:
            result = page.wait_for_function(
                f"n => ({shown})() ? 'shown' : (window.refusals.length > n ? 'refused' : null)",
                arg=refused,
                timeout=WAIT_MS,
            ).json_value()
        except PlaywrightError as exc:  # say what the page shows instead
            seen = (page.evaluate("() => window.refusals"), page.inner_text("#controls")[:2000], page.url)
            raise AssertionError(f"{label!r} took no effect: {seen}") from exc
        if result == "shown":
            return
        said = page.evaluate("() => window.refusals[window.refusals.length - 1]")
        assert any(s in said for s in STALE), said
    pytest.fail(f"{label!r} was never taken")


class WholeGame:
    """The two people, what they have covered so far, and the moves that cover it."""

    def __init__(self, base: str, table: str, people: list[Person], rng: random.Random) -> None:
        self.base, self.table, self.people, self.rng = base, table, people, rng
        self.done: set[str] = set()
        self.battle_dials: list[tuple[int, str, int]] = []  # (seat, area, dial) set in a page

    def public(self) -> dict[str, Any]:
        response = httpx.get(f"{self.base}/api/tables/{self.table}/state", timeout=30)
        response.raise_for_status()
        body: dict[str, Any] = response.json()
        return body

    def drive_until(self, wanted: Callable[[], bool]) -> None:
        """Every person's moves by the policy until ``wanted`` holds."""
        for _ in range(GAME_MOVES):
            if wanted():
                return
            first, mover, state = look(self.people)
            assert first["outcome"] is None, "the game ended before the wanted position"
            if mover is None:
                continue
            mover.act(policy(state, self.rng), state["version"])
        pytest.fail("the table never reached the wanted position")

    # -- the steps of interest, each in the person's page ----------------------------------------
    def step(self, person: Person, state: dict[str, Any]) -> bool:
        """Make this move in the person's page if it covers a step still to cover; True if made."""
        by = kinds(state)
        page = person.page
        if "alliance" not in self.done and person.seat == 0 and self._may_ally(state):
            if set(state["to_act"]) != {0, 1}:  # the bots negotiate: let them be done first
                person.wait_past(state["version"])
                return True
            person.wait_for(state["version"])
            self.alliance(state)
            return True
        if "bid" not in self.done and by.get("bid"):
            person.wait_for(state["version"])
            if page.locator("#me .bid-form").count():
                self.bid(person, state)
                return True
        if "move" not in self.done and by.get("move_from"):
            person.wait_for(state["version"])
            if page.locator("#board [data-choose]").count():
                self.move(person, state)
                return True
        if "landing" not in self.done and by.get("land_in"):
            person.wait_for(state["version"])
            if page.locator("#board [data-choose]").count():
                self.landing(person, state)
                return True
        if "recruit" not in self.done and any(a["units"] > 0 for a in by.get("recruit", [])):
            person.wait_for(state["version"])
            self.recruit(person, state)
            return True
        if "battle" not in self.done and by.get("set_dial"):
            person.wait_for(state["version"])
            self.dial(person, state)
            return True
        return False

    def _may_ally(self, state: dict[str, Any]) -> bool:
        obs = state["observation"]
        return (
            obs["step"] == "ceasefire"
            and 1 in state["to_act"]
            and not any(1 in g or 0 in g for g in obs["deals"]["alliances"])
            and any(a.get("to") == [1] for a in kinds(state).get("propose", []))
        )

    def bid(self, person: Person, state: dict[str, Any]) -> None:
        """A bid chosen beside the bidding row: the table's log and high bid say so."""
        page = person.page
        amounts = page.locator("#me .bid-form select option").all_inner_texts()
        assert amounts and all(re.fullmatch(r"\d+ influence", a) for a in amounts), amounts
        chosen = amounts[0]
        amount = int(chosen.split()[0])
        shot(page, "rex-game-01-bid")
        before = version_of(page)
        page.select_option("#me .bid-form select", label=chosen)
        page.click("#me .bid-form button")
        wait_for_news(page, before)
        made = events_of(person.state(), "bid_made", person.seat)
        assert len(made) == len(events_of(state, "bid_made", person.seat)) + 1
        assert made[-1]["amount"] == amount
        self.done.add("bid")

    def move(self, person: Person, state: dict[str, Any]) -> None:
        """A group moved by clicking its area on the map, then its destination: the units leave
        the one and stand in the other."""
        page = person.page
        origin = page.locator("#board [data-choose]").first
        spot = origin.get_attribute("data-spot") or ""
        had = units_at(state, spot, person.seat)
        assert had > 0
        before = version_of(page)
        origin.click()
        wait_for_news(page, before)
        heading = page.locator("#controls h3, #controls form.pick-one label").first.inner_text()
        assert heading == "Movement: choose the destination", heading
        shot(page, "rex-game-02-move")
        places = page.locator("#board [data-choose]")
        spots = [places.nth(i).get_attribute("data-spot") or "" for i in range(places.count())]
        others = {p for p, who, _, _ in state["observation"]["stacks"] if who != person.seat}
        goal = next((s for s in spots if s in others), spots[0])
        middle = person.state()
        before = version_of(page)
        page.locator(f'#board [data-choose][data-spot="{goal}"]').first.click()
        wait_for_news(page, before)
        count = pick_number(page, r"Move (\d+) unit", last=True)
        after = person.state()
        assert units_at(after, spot, person.seat) == had - count
        assert units_at(after, goal, person.seat) == units_at(middle, goal, person.seat) + count
        moved = events_of(after, "units_moved", person.seat)[-1]
        assert (moved["origin"], moved["target"], moved["units"] + moved["mechanized"]) == (spot, goal, count)
        self.done.add("move")

    def landing(self, person: Person, state: dict[str, Any]) -> None:
        """Units landed by clicking a place on the map, then how many: they stand there, paid for
        as the page said (the landing is told once any card window after it has closed)."""
        page = person.page
        place = page.locator("#board [data-choose]").last
        spot = place.get_attribute("data-spot") or ""
        before = version_of(page)
        place.click()
        wait_for_news(page, before)
        heading = page.locator("#controls h3, #controls form.pick-one label").first.inner_text()
        assert heading == "Landing: how many units", heading
        label, count, price = dearest(page, r"Land (\d+) units? in .+?(?: for (\d+) influence| \(free\))")
        shot(page, "rex-game-03-landing")
        landed = len(events_of(state, "units_landed", person.seat))
        choose(page, label)
        self.drive_until(lambda: len(events_of(person.state(), "units_landed", person.seat)) > landed)
        mine = events_of(person.state(), "units_landed", person.seat)[landed]
        assert (mine["piece"], mine["units"] + mine["mechanized"], mine["cost"]) == (spot, count, price)
        self.done.add("landing")

    def recruit(self, person: Person, state: dict[str, Any]) -> None:
        """Units recruited from the casualty pool at the price the page showed."""
        page = person.page
        me = state["observation"]["seats"][person.seat]
        label, count, price = dearest(page, r"Recruit (\d+) units?(?: for (\d+) influence| \(free\))")
        shot(page, "rex-game-04-recruit")
        choose(page, label)
        after = person.state()["observation"]["seats"][person.seat]
        assert after["reserves"] == me["reserves"] + count
        assert after["casualties"] == me["casualties"] - count
        assert after["influence"] == me["influence"] - price
        self.done.add("recruit")

    def dial(self, person: Person, state: dict[str, Any]) -> None:
        """A battle plan's dial set in the page (the most it may be), sealed: the seat's own state
        holds it, the public one says only that it is set."""
        page = person.page
        battle = state["observation"]["battle"]
        side = 0 if battle["aggressor"] == person.seat else 1
        value = pick_number(page, r"Dial (\d+)", last=True)
        # The news pick_number waited for may be the other side's sealed dial, set at the same
        # time: wait until this page no longer asks for the dial, i.e. this seat's dial is in.
        page.wait_for_function(
            "() => ![...document.querySelectorAll('#controls button, #controls option')]"
            ".some(e => /^Dial \\d+/.test(e.innerText))",
            timeout=30_000,
        )
        mine = person.state()["observation"]["battle"]
        if mine is not None and mine["area"] == battle["area"]:  # the battle is still on
            assert mine["plans"][side]["dial"] == value
            seen = self.public()["observation"]["battle"]
            assert seen["plans"][side]["dial"] is None and "dial" in seen["plans"][side]["parts_set"]
        shot(page, "rex-game-05-battle-plan")
        self.battle_dials.append((person.seat, battle["area"], value))
        self.done.add("dial")

    @staticmethod
    def battle_with_a_card_or_traitor(events: list[dict[str, Any]]) -> bool:
        """A battle of one of the people, fought to its end, in which a strategy card was played
        or a traitor revealed (public events: every seat sees a reveal)."""
        fighting: set[int] = set()
        special = False
        for e in events:
            if e["type"] == "battle_started":
                fighting, special = {e["aggressor"], e["defender"]}, False
            elif e["type"] == "battle_cards_revealed":
                special |= any(c is not None for c in (*e["attack"], *e["defense"]))
            elif e["type"] == "traitor_revealed":
                special = True
            elif e["type"] == "battle_fought" and special and fighting & {0, 1}:
                return True
        return False

    def alliance(self, state: dict[str, Any]) -> None:
        """In a Temporary Ceasefire Ann proposes an alliance to Bea in her page, Bea accepts in
        hers: the alliance stands in the public state and on both pages."""
        ann, bea = self.people
        press_until(ann.page, "Propose an alliance with Bea", ANN_PROPOSED)
        bea.page.wait_for_function(f"{ANN_PROPOSED}", timeout=WAIT_MS)  # with Bea's answers beside it
        shot(bea.page, "rex-game-06-ceasefire-proposal")
        press_until(bea.page, "Accept the alliance with Ann", ALLIED)
        self.drive_until(
            lambda: any(sorted(g) == [0, 1] for g in self.public()["observation"]["deals"]["alliances"])
        )
        ann.page.wait_for_function(ALLIED, timeout=WAIT_MS)
        shot(ann.page, "rex-game-07-alliance")
        ann.page.set_viewport_size({"width": 390, "height": 844})
        ann.page.wait_for_function(READABLE_ON_A_PHONE)
        assert ann.page.evaluate("() => document.documentElement.scrollWidth") <= 390
        shot(ann.page, "rex-game-08-phone")
        ann.page.set_viewport_size({"width": 1300, "height": 1000})
        self.done.add("alliance")

    def play(self) -> dict[str, Any]:
        """The whole game: each step of interest in a page when it comes, the rest by the policy."""
        for _ in range(GAME_MOVES):
            first, mover, state = look(self.people)
            if first["outcome"] is not None:
                return first
            if (
                "battle" not in self.done
                and "dial" in self.done
                and self.battle_with_a_card_or_traitor(first["events"])
            ):
                self.done.add("battle")
            if mover is None:
                continue
            if not self.step(mover, state):
                mover.act(policy(state, self.rng), state["version"])
        pytest.fail("the game did not end")


@pytest.mark.timeout(1200)  # about a minute and a half of work: the rest is a loaded machine
def test_two_people_and_four_bots_play_a_whole_game_of_rex_in_chromium(
    tmp_path: Path, browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_seeds(monkeypatch, TABLE_SEED)
    data = tmp_path / "data"
    errors: list[str] = []
    with served_in_process(data, http_rate=1e6, http_burst=10**6) as base:
        seats = [{"kind": "human", "name": n} for n in PEOPLE] + [{"kind": "bot", "level": "easy"}] * 4
        created = httpx.post(
            f"{base}/api/tables", json={"game": "rex", "players": 6, "seats": seats}, timeout=60
        )
        assert created.status_code == 201, created.text
        table, links = created.json()["table"], created.json()["links"]
        people = []
        for seat, name in enumerate(PEOPLE):
            context = browser.new_context(viewport={"width": 1300, "height": 1000})
            context.add_init_script(RECORD_REFUSALS)
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(links[str(seat)])  # the invite link
            page.wait_for_selector("#table[data-ws='open']", timeout=15_000)
            assert page.locator("#me-title").inner_text().endswith(name)
            person = Person(base, table, links[str(seat)], seat, page)
            page.click("#prefs button")  # "Play forced moves for me"
            page.wait_for_selector("#prefs [data-forced-moves='on']")
            assert person.state()["forced_moves"] is True
            people.append(person)
        game = WholeGame(base, table, people, random.Random(TABLE_SEED))
        final = game.play()
        missing = [s for s in STEPS if s not in game.done]
        assert not missing, f"the game ended before these steps: {missing}"

        outcome, total = stored_outcome(data, table)
        assert final["outcome"]["winners"] == list(outcome.winners)
        names = {int(s["seat"]): str(s["name"]) for s in final["seats"]}
        for person in people:
            check_end_screen(person, outcome, names)
        ann = people[0]
        shot(ann.page, "rex-game-09-end-screen")
        ann.page.set_viewport_size({"width": 390, "height": 844})
        assert ann.page.evaluate("() => document.documentElement.scrollWidth") <= 390
        shot(ann.page, "rex-game-10-end-phone")
        ann.page.set_viewport_size({"width": 1300, "height": 1000})
        check_replay(ann, "Ann", total)
        shot(ann.page, "rex-game-11-replay")
        for person in people:
            person.page.context.close()
    assert errors == []
