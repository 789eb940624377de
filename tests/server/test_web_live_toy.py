"""Canary through the real server process: a game found only through ``TURNCOAT_GAMES``.

``uvicorn --factory turncoat.server:create_app`` runs in a process of its own (live_server.py),
configured by its environment alone, and its bots run in worker processes that must find the
game the same way.  A person plays Sealed Bids against a searching ("hard") bot and a random
("easy") one in Chromium, from the lobby to the end screen, with and without the parley of pacts
and gifts before each auction; a spectator watches the same table
through the websocket's JSON and is sent nothing a spectator may not see.

The in-process browser test (test_web_generic.py) plays two people through the generic skin;
this one adds what only a real deployment shows: discovery by environment, bots in other
processes, and the public view checked position by position against the engine.
"""

from __future__ import annotations

import json
import re
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
from playwright.sync_api import Browser, Page
from websockets.sync.client import connect

from tests.server.live_server import ServerProcess
from tests.server.test_web_browser import version_of, wait_for_news
from tests.server.test_web_generic import log_lines
from turncoat.core.record import decode_action
from turncoat.core.registry import GAMES_VARIABLE, load_stored_game
from turncoat.server.storage import Store

TOY = "turncoat.core.testing.toy"
GAME_TIMEOUT_S = 240


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "data", None, tmp_path / "server.log", env={GAMES_VARIABLE: TOY})
    process.start()
    try:
        yield process
    finally:
        process.stop()


class Spectator:
    """A websocket without a seat, read on its own thread until the game is over."""

    def __init__(self, server: ServerProcess, table: str) -> None:
        self.url = f"ws://127.0.0.1:{server.port}/ws/{table}"
        self.updates: list[dict[str, Any]] = []
        self.problem: BaseException | None = None
        self.over = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            with connect(self.url, open_timeout=10) as ws:
                deadline = time.monotonic() + GAME_TIMEOUT_S
                while not self.over.is_set():
                    message = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
                    assert message["type"] != "error", message
                    if message["type"] == "update":
                        self.updates.append(message)
                        if message["status"] == "over":
                            self.over.set()
        except BaseException as exc:  # the test reads it, on its own thread
            self.problem = exc
            self.over.set()

    def finish(self) -> list[dict[str, Any]]:
        assert self.over.wait(60), "the spectator never saw the end of the game"
        self._thread.join(10)
        assert self.problem is None, repr(self.problem)
        return self.updates


def bot_workers_see_the_game(server: ServerProcess) -> list[int]:
    """The server's bot worker processes, each started with TURNCOAT_GAMES naming the toy."""
    assert server.proc is not None
    found = subprocess.run(["pgrep", "-P", str(server.proc.pid)], capture_output=True, text=True, check=False)
    children = found.stdout.split()
    workers = []
    for pid in children:
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        except OSError:  # gone already
            continue
        if any(b"spawn_main" in part for part in cmdline):
            assert f"{GAMES_VARIABLE}={TOY}".encode() in environ, cmdline
            workers.append(int(pid))
    return workers


def positions(server: ServerProcess, table: str) -> tuple[Any, list[Any], list[tuple[int, str]]]:
    """The game, its state after each stored action (index = version) and who made each move:
    from the server's own database, the log it tells nobody about before it is written."""
    store = Store(f"sqlite:///{server.data_dir / 'turncoat.db'}")
    try:
        row = store.load_table(table)
    finally:
        store.close()
    assert row is not None
    game = load_stored_game(row.game, row.options)
    state = game.start(row.seed).state
    states = [state]
    for stored in row.actions:
        state = game.apply(state, stored.seat, decode_action(game, stored.action)).state
        states.append(state)
    return game, states, [(a.seat, a.source) for a in row.actions]


def as_json(value: Any) -> Any:
    """``value`` as a client reads it from the wire."""
    return json.loads(msgspec.json.encode(value))


def wait_for_my_turn_alone_or_the_end(page: Page) -> bool:
    """Until only seat 0 is to act and its controls are live (the bots have nothing to do, so the
    position cannot move under the person's click), or the game is over.  True: it may act."""
    page.wait_for_function(
        "() => { if (document.querySelector('.results')) return true;"
        " const s = document.getElementById('status');"
        " return s && s.dataset.toAct === '0'"
        " && !!document.querySelector('#controls .choices button:not([disabled])'); }",
        timeout=30_000,
    )
    return page.locator(".results").count() == 0


def play_a_move(page: Page, turn: int) -> tuple[dict[str, Any], list[str], int]:
    """Click one of the decision's choices (a different one from turn to turn: bids of several
    sizes, prizes kept and sold); return its action, the log lines it added and the version
    before it.  The move must change the game: a newer version and new log lines."""
    before, lines = version_of(page), len(log_lines(page))
    buttons = page.locator("#controls .choices form.one")
    count = buttons.count()
    pick = buttons.nth((turn + count // 2) % count)
    action: dict[str, Any] = json.loads(pick.locator("input[name=action]").get_attribute("value") or "")
    pick.locator("button").click()
    wait_for_news(page, before)
    assert page.locator("#flash .error").count() == 0, page.inner_text("#flash")
    page.wait_for_function("n => document.querySelectorAll('#log li').length > n", arg=lines, timeout=15_000)
    return action, log_lines(page)[lines:], before


# What each of the person's moves must add to the log, by the action's type: her parley moves
# (pacts and gifts, core/deals.py), her bids and what she does with a prize she wins.
SAYS = {
    "propose": r"^Ann offers .+ a pact \(offer \d+\)\.$",
    "accept": r"^Ann accepts offer \d+\.$",
    "decline": r"^Ann declines offer \d+\.$",
    "give": r"^Ann gives .+ \d+ coins?\.$",
    "leave_alliance": r"^Ann leaves the pact\.$",
    "end_parley": r"^Ann ends the parley\.$",
    "keep_prize": r"^Ann keeps the \w+\.$",
    "sell_prize": r"^Ann sells the \w+ for \d+ coins?\.$",
}


@pytest.mark.timeout(GAME_TIMEOUT_S + 120)
@pytest.mark.parametrize("parley", [False, True], ids=["auctions", "with-parley"])
def test_sealed_bids_with_bots_plays_to_the_end_through_the_real_server(
    server: ServerProcess, browser: Browser, parley: bool
) -> None:
    # The server process knows the toy game only through its environment.
    agents = httpx.get(f"{server.base}/api/agents?game=sealed_bids", timeout=10).json()
    assert list(agents) == ["easy", "hard"]

    errors: list[str] = []
    context = browser.new_context()
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/?game=sealed_bids")
    assert "Set up a table of Sealed Bids" in page.inner_text("#new-table")
    page.check("input[name=players][value='3']")
    page.fill("#name", "Live toy")
    page.fill("#my_name", "Ann")
    page.select_option("#seat1", "hard")
    page.select_option("#seat2", "easy")
    if parley:  # pacts and gifts before each auction (§6): the bots search those too
        page.click("details summary")
        page.select_option("#opt-parley", "true")
    page.click("form.create button[type=submit]")
    page.wait_for_selector("text=Take my seat")
    assert re.search(r"/t/[^/]+/invites$", page.url), (page.url, page.inner_text("main"))
    table = page.url.split("/")[-2]
    spectator = Spectator(server, table)
    page.click("text=Take my seat")
    page.wait_for_selector("#table[data-ws='open']", timeout=15_000)
    assert page.locator("#players .pname").all_inner_texts()[:1] == ["Ann"]

    deadline = time.monotonic() + GAME_TIMEOUT_S
    mine: list[int] = []  # the versions Ann's moves made
    while wait_for_my_turn_alone_or_the_end(page):
        assert time.monotonic() < deadline, "the game did not finish in time"
        action, added, before = play_a_move(page, len(mine))
        said = "\n".join(added)
        assert version_of(page) > before
        mine.append(before + 1)
        if action["type"] == "bid":
            assert "Ann seals a bid." in added and f"(Ann bid {action['amount']}.)" in added, said
        else:
            assert re.search(SAYS[action["type"]], said, re.M), (action, said)
    page.wait_for_selector(".results", timeout=15_000)
    updates = spectator.finish()

    game, states, moves = positions(server, table)
    outcome = as_json(game.outcome(states[-1]))
    assert outcome is not None and len(mine) >= 3  # three bids at least
    # Each of Ann's moves is stored as hers, made by her (not a bot or a timer) ...
    assert all(moves[v - 1] == (0, "player") for v in mine)
    # ... and the bots played theirs, in worker processes that found the game by the variable.
    assert {seat for seat, source in moves if source == "bot"} == {1, 2}
    assert all(seat in (1, 2) for seat, source in moves if source == "bot")
    assert bot_workers_see_the_game(server)

    # The end screen shows the outcome the engine computes from the stored game.
    totals = page.locator("table.final tbody td strong").all_inner_texts()
    assert [float(t) for t in totals] == [float(s) for s in outcome["scores"]]
    assert "Game over" in page.inner_text("#status")
    final = httpx.get(f"{server.base}/api/tables/{table}", timeout=10).json()
    assert final["status"] == "over" and final["version"] == len(states) - 1
    assert game.config_json()["parley"] is parley  # the lobby's option took effect

    # The spectator saw the public view of every position it was sent, and nothing else.
    assert updates and updates[-1]["outcome"] == outcome
    assert len({u["version"] for u in updates}) > 3
    for update in updates:
        assert update["seat"] is None and update["legal"] == [] and update["decisions"] == []
        public = as_json(game.observe(states[update["version"]], None))
        assert update["observation"] == public, update["version"]
        assert all(event["visible_to"] is None for event in update["events"]), update["events"]
        assert not [line for line in update["log"] if re.match(r"^\(.+ bid \d+\.\)$", line)]
        if update["status"] != "over":
            assert not [line for line in update["log"] if "favourite is" in line]
    context.close()
    assert errors == []
