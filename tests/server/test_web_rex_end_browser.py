"""Rex's end screen in Chromium after a whole game: Ann (a person, with "Play forced moves for me"
turned on in her page) and two bots play a 3-player game to its end on a pinned seed; her page
then names the winners and the victory condition the engine gives when the stored record is
replayed, the round-by-round strongholds, and links to the replay as she saw it.

Ann's choices are a seeded random legal move sent through the page's plain form (the fallback the
page uses without its script); the test waits for conditions her page shows (its version, the end
screen), never for time, and sends a move again when the table answers that it changed meanwhile.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.browser_support import CHROMIUM
from tests.server.test_web_browser import shot, version_of
from tests.server.web_support import csrf_of, served_in_process, settings_for
from turncoat.core.engine import Outcome
from turncoat.core.record import decode_action
from turncoat.core.registry import load_stored_game
from turncoat.games.rex.log import VICTORY_NAMES
from turncoat.server.hub import runner, tables
from turncoat.server.storage import Store

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}")

GAME_MOVES = 6000  # far more than a person makes in a whole game: past this the table is stuck
WAIT_MS = 90_000  # the longest a page waits for the table to move on (the bots play at once)


class PinnedBotSeeds:
    """Stands in for ``secrets`` in the bot runner: each bot move's seed comes from one seeded
    generator, so bots play the same game every run (a live server draws them unguessably)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def randbits(self, bits: int) -> int:
        return self.rng.getrandbits(bits)


def pin_seeds(monkeypatch: pytest.MonkeyPatch, table_seed: int) -> None:
    """The table's seed and the bots' (the server runs in this process)."""
    monkeypatch.setattr(tables, "new_seed", lambda: table_seed)
    monkeypatch.setattr(runner, "secrets", PinnedBotSeeds(table_seed))


class Person:
    """A person at the table: their page in Chromium, and the same seat's JSON state and plain
    form (the moves the test does not make by clicking)."""

    def __init__(self, base: str, table: str, link: str, seat: int, page: Page) -> None:
        self.base, self.table, self.seat, self.page = base, table, seat, page
        self.http = httpx.Client(base_url=base, timeout=30)
        joined = self.http.get(link, follow_redirects=True)
        joined.raise_for_status()
        self.csrf = csrf_of(joined.text)

    def state(self) -> dict[str, Any]:
        response = self.http.get(f"/api/tables/{self.table}/state")
        response.raise_for_status()
        body: dict[str, Any] = response.json()
        return body

    def act(self, action: dict[str, Any], version: int) -> bool:
        """Send one move by the plain form; False if the table had moved on meanwhile (a bot's
        move, a forced move played for this seat): nothing was played, look again."""
        data = {"csrf": self.csrf, "version": str(version), "action": json.dumps(action)}
        sent = self.http.post(f"/t/{self.table}/act", data=data, follow_redirects=False)
        if sent.status_code == 303:
            return True
        moved_on = ("the table is at", "the table changed", "the game is over")
        assert sent.status_code == 409 and any(m in sent.text for m in moved_on), sent.text
        return False

    def may_act(self, state: dict[str, Any]) -> bool:
        """The seat has a choice to make (a single legal move is played for it: forced moves)."""
        return self.seat in state["to_act"] and len(state["legal"]) > 1

    def wait_past(self, version: int) -> None:
        """Until this person's page shows a position newer than ``version``, or the end."""
        self.page.wait_for_function(
            "v => { const s = document.getElementById('status');"
            " return (s && Number(s.dataset.version) > v) || !!document.querySelector('.results'); }",
            arg=version,
            timeout=WAIT_MS,
        )

    def wait_for(self, version: int) -> None:
        """Until this person's page shows ``version`` or a newer position."""
        self.page.wait_for_function(
            "v => Number(document.getElementById('status').dataset.version) >= v",
            arg=version,
            timeout=WAIT_MS,
        )


def look(people: list[Person]) -> tuple[dict[str, Any], Person | None, dict[str, Any]]:
    """The first person's state, then the first person with a choice to make and their state at
    the same version (read again while the bots move between two reads); only the people the
    first one's state names as to act are asked (a state is the whole game so far: heavy to
    send).  Nobody with a choice: wait until the table moves on (the bots, or a forced move played
    for a person), and say so with None."""
    for _ in range(GAME_MOVES):
        first = people[0].state()
        if first["outcome"] is not None:
            return first, None, first
        mover: Person | None = None
        state = first
        for person in people:
            if person.seat not in first["to_act"]:
                continue
            state = first if person is people[0] else person.state()
            if state["version"] != first["version"]:
                break  # the table moved on between the two reads: look again
            if person.may_act(state):
                mover = person
                break
        else:
            if mover is None:
                people[0].wait_past(first["version"])
            return first, mover, state
        if mover is not None:
            return first, mover, state
    pytest.fail("the people's states never agreed on a version")


# A person's own move when the test makes it (None: the default policy): (person, state) -> done.
Step = Callable[[Person, dict[str, Any]], bool]


def play_to_the_end(
    people: list[Person],
    rng: random.Random,
    step: Step | None = None,
    *,
    check: Callable[[], None] | None = None,
) -> dict[str, Any]:
    """Play every person's choices until the game is over; the first person's final state.
    ``step`` may make a move itself (through the page) and say so; otherwise a random legal move
    goes by the plain form.  ``check``: called after every round of looking (asserts coverage)."""
    for _ in range(GAME_MOVES):
        first, mover, state = look(people)
        if first["outcome"] is not None:
            return first
        if mover is None:  # the bots (or forced moves) played meanwhile
            continue
        if step is not None and step(mover, state):
            continue
        mover.act(rng.choice([e["action"] for e in state["legal"]]), state["version"])
        if check is not None:
            check()
    pytest.fail("the game did not end")


def stored_outcome(data: Path, table: str) -> tuple[Outcome, int]:
    """The engine's outcome of the stored record (the table's seed, options and action log,
    replayed from the start), and how many moves it holds."""
    store = Store(settings_for(data).url())
    try:
        row = store.load_table(table)
        assert row is not None
        game = load_stored_game(row.game, row.options)
        state = game.start(row.seed).state
        actions = store.actions(table)
        for a in actions:
            state = game.apply(state, a.seat, decode_action(game, a.action)).state
    finally:
        store.close()
    outcome = game.outcome(state)
    assert outcome is not None, "the stored record does not end the game"
    return outcome, len(actions)


def check_end_screen(person: Person, outcome: Outcome, names: dict[int, str]) -> None:
    """The person's end screen says what the engine says: the winners by name and the victory
    condition in the game's words."""
    page = person.page
    page.wait_for_selector(".results.rex-ending", timeout=WAIT_MS)
    end = page.locator(".rex-ending")
    assert [int(w) for w in (end.get_attribute("data-winners") or "").split()] == list(outcome.winners)
    victory = str(outcome.details["victory"])
    assert end.get_attribute("data-victory") == victory
    assert page.inner_text(".rex-ending .victory-words").startswith(VICTORY_NAMES[victory])
    headline = page.inner_text(".rex-ending .winners")
    assert all(names[w] in headline for w in outcome.winners), headline
    rounds = page.locator(".rex-ending tr[data-round]")
    assert rounds.count() == int(outcome.details["rounds_played"])
    assert page.inner_text(".rex-ending .replay-link") == "Replay the game as you saw it"


def check_replay(person: Person, name: str, total: int) -> None:
    """The end screen's replay link opens the whole game as this seat saw it."""
    page = person.page
    page.click(".rex-ending .replay-link")
    page.wait_for_selector(".replay-nav")
    assert f"as {name} saw it" in page.inner_text("header")
    assert page.inner_text(".replay-nav .step-count") == f"Step 0 of {total}"
    page.click(".replay-nav [aria-label='Last step']")
    page.wait_for_function(
        "t => document.querySelector('.step-count').innerText === t", arg=f"Step {total} of {total}"
    )
    assert page.locator("#board svg.rex-map").count() == 1


TABLE_SEED = 7  # pinned: the same whole game every run


@pytest.mark.timeout(600)
def test_the_end_screen_tells_who_won_and_how_after_a_whole_game(
    tmp_path: Path, browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_seeds(monkeypatch, TABLE_SEED)
    data = tmp_path / "data"
    errors: list[str] = []
    with served_in_process(data, http_rate=1e6, http_burst=10**6) as base:
        seats = [
            {"kind": "human", "name": "Ann"},
            {"kind": "bot", "level": "easy"},
            {"kind": "bot", "level": "easy"},
        ]
        created = httpx.post(
            f"{base}/api/tables", json={"game": "rex", "players": 3, "seats": seats}, timeout=60
        )
        assert created.status_code == 201, created.text
        table, link = created.json()["table"], created.json()["links"]["0"]
        page = browser.new_context(viewport={"width": 1300, "height": 1000}).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(link)
        page.wait_for_selector("#table[data-ws='open']", timeout=15_000)
        ann = Person(base, table, link, 0, page)

        # "Play forced moves for me", turned on in her page: the table knows it
        before = version_of(page)
        page.click("#prefs button")
        page.wait_for_selector("#prefs [data-forced-moves='on']")
        assert ann.state()["forced_moves"] is True
        assert version_of(page) >= before

        final = play_to_the_end([ann], random.Random(TABLE_SEED))
        outcome, total = stored_outcome(data, table)
        assert final["outcome"]["winners"] == list(outcome.winners)
        names = {int(s["seat"]): str(s["name"]) for s in final["seats"]}
        check_end_screen(ann, outcome, names)
        shot(page, "rex-end-screen")
        page.set_viewport_size({"width": 390, "height": 844})
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        shot(page, "rex-end-screen-phone")
        page.set_viewport_size({"width": 1300, "height": 1000})
        check_replay(ann, "Ann", total)
        page.context.close()
    assert errors == []
