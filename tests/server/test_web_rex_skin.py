"""Rex's web skin: the schematic map drawn from the content pack, the race sheets drawn from the
viewer's observation alone, and a move made by clicking the map in Chromium.

The map's layout is computed (the printed board is not public): every piece of the board gets a
cell inside its own sector's wedge, and two areas of one sector never share a lane of the ring.
The page for one seat holds none of another seat's secrets (traitor cards, the strategy cards in
hand, the Xxcha prediction), whatever the skin adds to the payload.
"""

from __future__ import annotations

import html as htmlmod
import math
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
from playwright.sync_api import Browser, Page

import turncoat.core.testing.toy  # noqa: F401  (registers sealed_bids, for the page script's test)
from tests.server.browser_support import wait_for_my_turn
from tests.server.test_web_browser import shot, version_of, wait_for_news
from tests.server.web_support import person_page, played_randomly, replay_page, served_in_process
from turncoat.core.registry import load_game
from turncoat.games.rex import actions as A
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.log import Names
from turncoat.games.rex.observe import RexObservation
from turncoat.play import GameInProgress
from turncoat.server import offer, views
from turncoat.server.payload import PLAYING, ChoiceOut, DecisionOut, build_payload
from turncoat.server.skin import web_skin
from turncoat.server.storage import SeatRow
from turncoat.server.table import LiveTable
from turncoat.skins.rex import web as rex_web

NAMES = ("Ann", "Bea", "Cy", "Di", "Ed", "Flo")


# -- the map's geometry -----------------------------------------------------------------------------
def rex_game(players: int = 3, **options: Any) -> RexGame:
    game = load_game("rex", players=players, **options)
    assert isinstance(game, RexGame)
    return game


def test_two_areas_of_one_sector_never_share_a_lane_of_the_ring() -> None:
    game = rex_game()
    geo = rex_web.map_geometry(game.content.data, Names(game.content.data))
    ring = [a for a in geo["areas"] if not a["centre"]]
    lanes = rex_web.assign_lanes(
        {a["id"]: a["sectors"] for a in ring}, first=[a["id"] for a in ring if a["stronghold"]]
    )
    for sector in range(1, game.content.data.board.sector_count.value + 1):
        here = [lanes[a["id"]] for a in ring if sector in a["sectors"]]
        assert len(here) == len(set(here)), f"sector {sector}: {here}"
    assert {lanes[a["id"]] for a in ring if a["stronghold"]} == {0}  # nearest the Council
    spans = {a["id"]: a["sectors"] for a in ring}
    depth = rex_web.lane_depths(spans, lanes, geo["lanes"])
    assert max(depth.values()) > 1  # areas grow outward into free lanes ...
    for sector in range(1, game.content.data.board.sector_count.value + 1):
        filled = [
            lane
            for a in ring
            if sector in a["sectors"]
            for lane in range(lanes[a["id"]], lanes[a["id"]] + depth[a["id"]])
        ]
        assert (
            len(filled) == len(set(filled)) and max(filled) < geo["lanes"]
        ), sector  # ... never over another


def test_lanes_hold_on_any_board_even_across_the_last_sector() -> None:
    """An owner's printed board may lay its areas out differently: areas wrapping from the last
    sector to the first, or one area per sector.  The lanes still never collide."""
    spans = {"a": [18, 1], "b": [1, 2], "c": [2, 3], "d": [17, 18, 1, 2], "e": [3], "f": [3]}
    lanes = rex_web.assign_lanes(spans, first=["e"])
    assert lanes["e"] == 0 and lanes["d"] == 0  # the stronghold first, then the widest
    for sector in range(1, 19):
        here = [lanes[a] for a, s in spans.items() if sector in s]
        assert len(here) == len(set(here)), sector
    depth = rex_web.lane_depths(spans, lanes, max(lanes.values()) + 1)
    assert depth["e"] == 1 and depth["c"] == 1  # what shares a sector never grows over another
    assert rex_web.assign_lanes({f"x{i}": [i] for i in range(1, 19)}) == {f"x{i}": 0 for i in range(1, 19)}


def test_every_piece_of_the_board_has_a_cell_inside_its_sector() -> None:
    game = rex_game()
    data = game.content.data
    geo = rex_web.map_geometry(data, Names(data))
    cells = {c["id"]: c for a in geo["areas"] for c in a["cells"]}
    assert set(cells) == {p.id for p in data.board.pieces}
    count = data.board.sector_count.value
    for piece in data.board.pieces:
        cell = cells[piece.id]
        dx, dy = cell["x"] - geo["centre"], cell["y"] - geo["centre"]
        if piece.sector is None:  # the Galactic Council: the middle of the map
            assert math.hypot(dx, dy) < geo["ring_in"]
            continue
        assert geo["ring_in"] <= math.hypot(dx, dy) <= geo["ring_out"]
        a0, a1 = rex_web.sector_angles(piece.sector, count)
        angle = math.degrees(math.atan2(dy, dx))
        assert any(a0 <= angle + turn <= a1 for turn in (-360, 0, 360)), (piece.id, angle, a0, a1)


def test_each_race_has_its_own_letters_on_its_counters() -> None:
    codes = rex_web.race_codes(rex_game().content.data)
    assert len(set(codes.values())) == len(codes) == 6
    assert codes["lazax"] == "La" and codes["letnev"] == "Le"


def test_a_skin_that_draws_only_part_of_its_game_is_not_offered_first() -> None:
    """Rex's skin is a first slice (featured=False): the lobby still offers Verräter first."""
    assert web_skin("rex") is rex_web.SKIN and not rex_web.SKIN.featured
    assert offer.default_game().id == "verrater"


# -- pages rendered from real positions -------------------------------------------------------------
def table_at(
    wanted: tuple[type, ...], players: int = 3, seed: int = 1, seat: int = 0, **options: Any
) -> LiveTable:
    """A table of random players, played until ``seat`` may play one of the ``wanted`` actions
    (none wanted: to the end of the game)."""

    def may_play(play: GameInProgress) -> bool:
        return seat in play.to_act() and any(isinstance(a, wanted) for a in play.legal_actions(seat))

    game, play, _ = played_until(may_play, players, seed, **options)
    if play.outcome() is not None:
        assert not wanted, "the game ended before the wanted decision"
    return live_table(game, play, seed, players)


def played_until(
    wanted: Callable[[GameInProgress], bool], players: int = 3, seed: int = 1, **options: Any
) -> tuple[Any, GameInProgress, bool]:
    """Random players (one seat at a time, in turn among those to act) from the start until
    ``wanted`` holds, the game ends or 20,000 moves are made: the game, the position, and whether
    ``wanted`` holds there."""
    game = rex_game(players, **options)
    play = GameInProgress.start(game, seed=seed)
    played_randomly(play, seed, wanted)
    return game, play, wanted(play)


def live_table(game: Any, play: GameInProgress, seed: int, players: int) -> LiveTable:
    """A table of people (no bots) live at ``play``'s position."""
    return LiveTable(
        id="t" * 12,
        name="rex",
        play=play,
        options=game.config_json(),
        seed=seed,
        version=play.version,
        status=PLAYING,
        seats=[SeatRow(i, "human", None, NAMES[i], None, True) for i in range(players)],
        turn_seconds=60,
        listed=True,
        host_hash="",
        created_at=0.0,
    )


def page_of(table: LiveTable, viewer: int | None) -> tuple[str, dict[str, Any]]:
    """The table page ``viewer`` is served, then the websocket fragments it is sent."""
    payload = build_payload(table, viewer, -1)
    update: dict[str, Any] = msgspec.to_builtins(payload)
    fragments = views.update_html(table, payload, is_host=False, csrf="x", levels=[])
    return person_page(table, update) + fragments, update


def test_the_places_a_decision_is_about_are_the_clickable_ones() -> None:
    """At a movement decision every group the seat may move is a clickable place on the map,
    with the choice's words as its accessible name, and nothing else is clickable."""
    table = table_at((A.MoveFrom,))
    page, update = page_of(table, 0)
    marked = {m: c["label"] for d in update["decisions"] for c in d["choices"] for m in c["marks"]}
    assert marked, "a movement decision names its groups"
    clickable = re.findall(r'<g class="[^"]*choosable[^"]*"[^>]*data-spot="([^"]+)"', page)
    assert sorted(set(clickable)) == sorted(marked)
    for spot, label in marked.items():
        tag = re.search(rf'<g [^>]*data-spot="{re.escape(spot)}"[^>]*data-choose[^>]*>', page)
        assert tag and htmlmod.escape(label, quote=True) in tag.group(0)


def test_the_map_shows_each_stack_with_its_race_letters_and_number() -> None:
    table = table_at((A.MoveFrom,))
    page, update = page_of(table, 1)
    obs = msgspec.convert(update["observation"], RexObservation)
    codes = rex_web.race_codes(table.game.content.data)
    race = {s.seat: s.race for s in obs.seats}
    assert obs.stacks
    for st in obs.stacks:
        text = f"{codes[race[st.seat] or '']}{st.units}" + (f"+{st.mechanized}" if st.mechanized else "")
        assert f'<g class="counter seat-{st.seat}"' in page and f'<text y="4">{text}</text>' in page
    if obs.fleet:
        assert 'class="sector bombarded"' in page and "the fleet bombards sector" in page
    assert "Schematic stand-in board" in page and "estimated" in page


def secrets_of(table: LiveTable, seat: int, viewer: int | None) -> list[str]:
    """How ``seat``'s secrets would read on a page, less what ``viewer`` may know anyway (its own
    cards, cards it learnt are in that hand, cards face up or out of the game)."""
    names = Names(table.game.content.data)
    own = msgspec.convert(msgspec.to_builtins(table.play.view(seat).observation), RexObservation)
    other = msgspec.convert(msgspec.to_builtins(table.play.view(viewer).observation), RexObservation)
    public = set(other.hand or ()) | set(other.strategy_discard or ()) | set(other.strategy_removed)
    public |= {c for s in other.seats for c in s.known_cards}
    out = [names.card_name(c) for c in own.hand or () if c not in public]
    out += [names.leader_name(t, strength=True, race=True) for t in own.traitors or ()]
    if own.prediction is not None:
        race, rnd = own.prediction
        out.append(f"the {names.race_name(race)} win in round {rnd}")
    if own.betrayal is not None:
        out.append(f"{own.betrayal} ({names.betrayal.get(own.betrayal, '')})")
    return out


@pytest.mark.parametrize("seed", [1, 4])
def test_a_seats_page_holds_none_of_another_seats_secrets(seed: int) -> None:
    """Mid-game, every seat's page (and a spectator's) is checked for every other seat's traitor
    cards, strategy cards in hand and prediction: none may show, while its own do."""
    table = table_at((A.MoveFrom, A.LandIn), seed=seed, betrayal_cards=True)
    pages = {viewer: page_of(table, viewer)[0] for viewer in (0, 1, 2, None)}
    checked = 0
    for seat in range(3):
        mine = secrets_of(table, seat, seat)
        assert all(htmlmod.escape(s) in pages[seat] for s in mine), "a seat sees its own secrets"
        for viewer in (0, 1, 2, None):
            if viewer == seat:
                continue
            for secret in secrets_of(table, seat, viewer):
                checked += 1
                assert htmlmod.escape(secret) not in pages[viewer], (seat, viewer, secret)
    assert checked >= 12  # a traitor and a betrayal card at least: every seat holds them


# On a phone the map keeps a scale its words read at (11 px and more) and pans sideways in its
# frame, which fits the screen: the page itself never scrolls sideways.
READABLE_ON_A_PHONE = (
    "() => { const svg = document.querySelector('#board svg.rex-map');"
    " const frame = document.getElementById('board').getBoundingClientRect();"
    " const sizes = [...svg.querySelectorAll('text')].filter(t => t.getBBox().width > 0)"
    ".map(t => parseFloat(getComputedStyle(t).fontSize) * svg.getScreenCTM().a);"
    " return frame.width <= 390 && document.documentElement.scrollWidth <= 390"
    " && sizes.length > 0 && Math.min(...sizes) >= 11; }"
)


# -- in the browser ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served_in_process(tmp_path_factory.mktemp("web-rex-skin")) as base:
        yield base


BOARD = (
    '<p data-caption>nothing yet</p><svg viewBox="0 0 300 100">'
    '<g data-spot="a" data-choose tabindex="0" data-note="Place A"><rect x="0" width="90" height="90"/></g>'
    '<g data-spot="b" data-choose tabindex="0" data-note="Place B"><rect x="100" width="90" height="90"/></g>'
    '<g data-spot="c" data-choose tabindex="0" data-note="Place C"><rect x="200" width="90" height="90"/></g>'
    "</svg>"
)


def test_the_page_script_makes_the_choice_a_board_place_stands_for(browser: Browser) -> None:
    """The generic hook a skin's map uses: a place marked data-choose makes the one choice whose
    marks name it (a button, or a list box entry, by mouse or by Enter); a place two choices
    name only moves the focus to the first, so the player picks; a place's note shows in the
    caption."""
    game = load_game("sealed_bids", players=2)
    payload = msgspec.to_builtins(build_payload(toy_table(game), 0, -1))
    few = [ChoiceOut(action={"type": "go", "to": t}, label=f"Go to {t}", marks=[t]) for t in ("a", "b")]
    many = [
        ChoiceOut(
            action={"type": "n", "n": n},
            label=f"Number {n}",
            marks=["c"] if n == 7 else ["b"] if n == 9 else [],
        )
        for n in range(20)
    ]
    payload["decisions"] = [
        msgspec.to_builtins(DecisionOut(title="Where", shape="one", choices=few)),
        msgspec.to_builtins(DecisionOut(title="How many", shape="number", choices=many)),
    ]
    fragment = views.render_update(game, payload, is_host=False, csrf="x", levels=[])
    page = browser.new_page()
    try:
        page.set_content(f"<!doctype html><html><body>{fragment}</body></html>")
        page.add_script_tag(path=str(views.STATIC / "turncoat.js"))
        page.evaluate(
            "board => { document.getElementById('board').innerHTML = board; window.sent = [];"
            " document.addEventListener('submit', e => { e.preventDefault();"
            " window.sent.push(JSON.parse(new FormData(e.target).get('action'))); }); }",
            BOARD,
        )
        page.click('[data-spot="a"]')
        page.focus('[data-spot="c"]')
        page.keyboard.press("Enter")
        assert page.evaluate("() => window.sent") == [{"type": "go", "to": "a"}, {"type": "n", "n": 7}]
        assert page.inner_text("[data-caption]") == "Place C"
        page.click('[data-spot="b"]')  # "Go to b" and "Number 9" both name b
        assert page.evaluate("() => window.sent.length") == 2
        assert page.evaluate("() => document.activeElement.innerText") == "Go to b"
    finally:
        page.close()


def toy_table(game: Any) -> LiveTable:
    play = GameInProgress.start(game, seed=5)
    return LiveTable(
        id="t" * 12,
        name="toy",
        play=play,
        options=game.config_json(),
        seed=5,
        version=play.version,
        status=PLAYING,
        seats=[SeatRow(i, "human", None, name, None, True) for i, name in enumerate(("Ann", "Bea"))],
        turn_seconds=60,
        listed=True,
        host_hash="",
        created_at=0.0,
    )


PASSIVE = (
    "Pass on",
    "Play no card",
    "I am done with the ceasefire",
    "Recruit nothing",
    "Give nothing",
    "Do not",
    "Wait",
    "Send no envoy",
    "Shake hands",
)
PREFERRED_RACES = ("Letnev", "Jol-Nar")  # they start with 10 units in a stronghold: they can move


def play_without_the_map(page: Page) -> None:
    """Answer a decision the map is not about: a race that starts on the board, else the passive
    choice where there is one, else the first."""
    before = version_of(page)
    buttons = page.locator("#controls form.one button:not([disabled])")
    texts = buttons.all_inner_texts()
    pick = next((i for i, t in enumerate(texts) if any(r in t for r in PREFERRED_RACES)), None)
    if pick is None:
        pick = next((i for i, t in enumerate(texts) if t.startswith(PASSIVE)), None)
    if pick is not None:
        buttons.nth(pick).click()
    elif page.locator("#controls form.pick-one").count():
        form = page.locator("#controls form.pick-one").first
        select = form.locator("select")
        select.select_option(select.locator("option").first.get_attribute("value") or "")
        form.locator("button").click()
    else:
        buttons.first.click()
    wait_for_news(page, before)


def caption_on_hover(page: Page, selector: str, *, focus: bool = False) -> bool:
    """Point at a place (or focus it): the board's caption must then read that place's note.  (An
    update that redraws the board between pointing and reading resets the caption: point again.)"""
    for _ in range(3):
        place = page.locator(selector)
        place.focus() if focus else place.hover()
        note, caption = page.evaluate(
            "sel => [document.querySelector(sel).getAttribute('data-note'),"
            " document.querySelector('#board [data-caption]').textContent]",
            selector,
        )
        if note and caption == note:
            return True
    return False


def pick_number(page: Page, pattern: str, *, last: bool = False) -> int:
    """Make the choice of a "how many" decision whose label matches ``pattern`` (its first or
    last, a button or a list box entry) and wait for the position it makes; its number."""
    before = version_of(page)
    buttons = page.locator("#controls form.one button", has_text=re.compile("^" + pattern))
    if buttons.count():
        button = buttons.last if last else buttons.first
        label = button.inner_text()
        button.click()
    else:
        form = page.locator("#controls form.pick-one").filter(
            has=page.locator("option", has_text=re.compile("^" + pattern))
        )
        options = form.locator("option", has_text=re.compile("^" + pattern))
        option = options.last if last else options.first
        label = option.inner_text()
        form.locator("select").select_option(option.get_attribute("value") or "")
        form.locator("button").click()
    wait_for_news(page, before)
    found = re.match(pattern, label)
    assert found, label
    return int(found.group(1))


def wait_for_log(page: Page, start: str) -> str:
    """Until the log has a line starting with ``start``; that line."""
    handle = page.wait_for_function(
        "t => [...document.querySelectorAll('#log li')].map(li => li.innerText).find(x => x.startsWith(t))",
        arg=start,
    )
    return str(handle.json_value())


def log_after_card_windows(page: Page, start: str) -> str:
    """Until the log has a line starting with ``start``, answering "Play no card" whenever a
    card window asks Ann first (Diplomatic Interference may cancel a race ability the landing
    calls on, e.g. the Hacan's fee, and every seat with cards is asked); that line."""
    probe = (
        "t => [...document.querySelectorAll('#log li')].map(li => li.innerText).find(x => x.startsWith(t))"
        " || ([...document.querySelectorAll('#controls button:not([disabled])')]"
        ".some(b => b.innerText.startsWith('Play no card')) ? 'asked' : null)"
    )
    while True:
        found = str(page.wait_for_function(probe, arg=start, timeout=60_000).json_value())
        if found != "asked":
            return found
        before = version_of(page)
        page.locator("#controls button", has_text="Play no card").first.click()
        wait_for_news(page, before)


def land_by_the_map(page: Page, base: str, table: str, token: str) -> None:
    """Land by clicking a place on the map, then one unit: it must stand there, paid for."""
    place = page.locator("#board [data-choose]").last
    spot = place.get_attribute("data-spot") or ""
    before_state = seat_state(base, table, token)
    before = version_of(page)
    place.click()
    wait_for_news(page, before)
    assert (
        page.locator("#controls h3, #controls form.pick-one label").first.inner_text()
        == "Landing: how many units"
    )
    count = pick_number(page, r"Land (\d+) unit")
    said = log_after_card_windows(page, f"Ann lands {count} unit")
    cost = int(re.search(r" for (\d+)", said).group(1))  # type: ignore[union-attr]

    # the game's own record of the landing (the bots play on at once, so the position may
    # already have moved on: a battle, the collection)
    def landings(state: dict[str, Any]) -> list[dict[str, Any]]:
        return [e for e in state["events"] if e.get("type") == "units_landed" and e.get("seat") == 0]

    landed = landings(seat_state(base, table, token))
    assert len(landed) == len(landings(before_state)) + 1
    assert {k: landed[-1].get(k) for k in ("piece", "units", "mechanized", "cost", "origin")} == {
        "piece": spot,
        "units": count,
        "mechanized": 0,
        "cost": cost,
        "origin": None,
    }


def seat_state(base: str, table: str, token: str) -> dict[str, Any]:
    response = httpx.get(f"{base}/api/tables/{table}/state", cookies={f"tc_seat_{table}": token}, timeout=10)
    response.raise_for_status()
    body: dict[str, Any] = response.json()
    return body


def units_at(state: dict[str, Any], piece: str, seat: int) -> int:
    return sum(u + m for p, s, u, m in state["observation"]["stacks"] if p == piece and s == seat)


@pytest.mark.timeout(300)
def test_a_move_is_made_by_clicking_the_map(server: str, browser: Browser, tmp_path: Path) -> None:
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "bot", "level": "easy"},
        {"kind": "bot", "level": "easy"},
    ]
    created = httpx.post(
        f"{server}/api/tables", json={"game": "rex", "players": 3, "seats": seats}, timeout=60
    )
    assert created.status_code == 201, created.text
    table, token = created.json()["table"], created.json()["seat_tokens"]["0"]
    errors: list[str] = []
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    ann = context.new_page()
    ann.on("pageerror", lambda e: errors.append(str(e)))
    ann.goto(created.json()["links"]["0"])
    ann.wait_for_selector("#table[data-ws='open']", timeout=15_000)
    assert ann.locator("#board svg.rex-map").count() == 1
    assert "Schematic stand-in board" in ann.inner_text("#board")

    for _ in range(80):  # Ann's decisions until the map is asked
        wait_for_my_turn(ann)
        if ann.locator("#board [data-choose]").count():
            break
        play_without_the_map(ann)
    title = ann.locator("#controls h3, #controls form.pick-one label").first.inner_text()
    assert title in ("Movement: choose a group to move", "Landing: choose where"), title
    ann.screenshot(path=str(tmp_path / "rex-map-decision.png"), full_page=True)
    shot(ann, "rex-01-map-decision")  # also kept with the suite's other screenshots

    # hovering an area names it and lists what is there
    origin = ann.locator("#board [data-choose]").first
    spot = origin.get_attribute("data-spot") or ""
    assert caption_on_hover(ann, f'#board [data-choose][data-spot="{spot}"]')
    council = '#board [data-area="galactic_council"]'
    assert caption_on_hover(ann, council, focus=True)  # by keyboard too
    assert (ann.get_attribute(council, "data-note") or "").startswith("Galactic Council")

    before_state = seat_state(server, table, token)
    if title.startswith("Movement"):
        had = units_at(before_state, spot, 0)
        assert had > 0
        before = version_of(ann)
        origin.click()  # the origin, by mouse
        wait_for_news(ann, before)
        heading = ann.locator("#controls h3, #controls form.pick-one label").first.inner_text()
        assert heading == "Movement: choose the destination"  # buttons, or a list box when many
        target = ann.locator("#board [data-choose]").first
        goal = target.get_attribute("data-spot") or ""
        before = version_of(ann)
        target.focus()  # the destination, by keyboard
        ann.keyboard.press("Enter")
        wait_for_news(ann, before)
        count = pick_number(ann, r"Move (\d+) unit", last=True)
        after = seat_state(server, table, token)
        # the units left the origin and stand in the destination (a battle comes later)
        assert units_at(after, spot, 0) == had - count
        assert units_at(after, goal, 0) == units_at(before_state, goal, 0) + count
        wait_for_log(ann, f"Ann moves {count} unit")
        wait_for_my_turn(ann)  # her landing step follows
    assert (
        ann.locator("#controls h3, #controls form.pick-one label").first.inner_text()
        == "Landing: choose where"
    )
    land_by_the_map(ann, server, table, token)

    # the same page on a phone: the decision and the hand first; the map keeps a scale its words
    # read at (11 px and more) and pans sideways in its frame, which fits the screen
    ann.set_viewport_size({"width": 390, "height": 844})
    ann.wait_for_function(READABLE_ON_A_PHONE)
    # measured in one script run: the bots play on, and each update redraws both
    ann.wait_for_function(
        "() => document.querySelector('#me').getBoundingClientRect().top"
        " < document.querySelector('#board svg.rex-map').getBoundingClientRect().top"
    )
    ann.screenshot(path=str(tmp_path / "rex-phone.png"), full_page=True)
    shot(ann, "rex-02-phone")
    print(f"screenshots: {tmp_path / 'rex-map-decision.png'} {tmp_path / 'rex-phone.png'}")
    context.close()
    assert errors == []


@pytest.mark.parametrize(("players", "seed"), [(4, 2), (6, 3)])
def test_the_skin_draws_every_step_of_a_whole_game(players: int, seed: int) -> None:
    """A whole game of random players, drawn for a seat and a spectator along the way and at the
    end: every position draws (battles, casualties, alliances, the destroyed shield ...)."""
    table = table_at((), players=players, seed=seed)  # wants nothing: plays until the end
    drawn = 0
    for step in range(0, table.version + 1, 40):
        play = table.replay_to(step)
        for viewer in (step % players, None):
            page = replay_page(table, viewer, play)
            assert "rex-map" in page
            drawn += 1
    page, update = page_of(table, 0)
    assert update["outcome"] is not None and "rex-map" in page
    assert drawn > 10


def test_a_position_with_battles_shows_where_each_leader_is() -> None:
    """Leaders in the casualty pool are told apart from the available ones on every sheet."""
    for seed in range(1, 30):
        page, _ = page_of(table_at((), players=4, seed=seed), None)
        if "in the casualty pool" in page:
            break
    else:
        pytest.fail("no random game lost a leader")
    assert "<td>available</td>" in page


def test_a_battle_is_chosen_by_its_area_on_the_map() -> None:
    table = table_at((A.ChooseBattle,), players=4, seed=5, seat=0)
    page, update = page_of(table, 0)
    areas = [a for d in update["decisions"] for c in d["choices"] for a in c["marks"]]
    assert areas
    for area in areas:
        assert re.search(
            rf'<g class="area[^"]*choosable[^"]*" data-area="{re.escape(area)}"[^>]*data-choose', page
        )


def test_a_destroyed_shield_is_drawn_and_said() -> None:
    table = table_at((A.MoveFrom,))
    update: dict[str, Any] = msgspec.to_builtins(build_payload(table, 0, -1))
    update["observation"]["shield_destroyed"] = True
    ctx = rex_web.context(table.game, update, ())
    geo = ctx["geo"]
    protected = [a for a in geo["areas"] if a["shielded"] and a["depends_on_generator"]]
    assert protected
    for area in protected:
        assert "shield destroyed" in ctx["board"]["described"][area["id"]]
    kept = [a for a in geo["areas"] if a["shielded"] and not a["depends_on_generator"]]
    assert all("(shield destroyed" not in ctx["board"]["described"][a["id"]] for a in kept)
    page = person_page(table, update)
    assert page.count('class="shield down"') >= len(protected)


def test_an_allys_advantage_cards_show_on_the_sheet() -> None:
    """In a 6-player game once an alliance stands, each member's sheet lists the ally advantage
    cards its allies lend it, in the content's words."""
    for seed in range(1, 40):
        table = table_at((), players=6, seed=seed)
        for step in range(table.version, 0, -25):
            play = table.replay_to(step)
            obs = play.view(None).observation
            if obs.deals.alliances:
                break
        else:
            continue
        break
    else:
        pytest.fail("no random 6-player game made an alliance")
    member = obs.deals.alliances[0][0]
    ally = obs.deals.alliances[0][1]
    payload = build_payload(table, member, -1, play=play)
    ctx = rex_web.context(table.game, msgspec.to_builtins(payload), ())
    race = obs.seats[ally].race
    texts = [c.text.value for r in table.game.content.data.races if r.id == race for c in r.ally_advantages]
    assert texts and [c["text"] for c in ctx["mine"]["ally_cards"]][: len(texts)] == texts
