"""StarCraft's web skin: the galaxy drawn on the grid of RULES §6.3 from the viewer's observation,
every seat's public faction sheet, the viewer's own hand and order faces, and moves made by
clicking the map in Chromium.

Pages are rendered from real positions (seeded random games) for every seat and a spectator:
each shows the galaxy, the order stacks as backs in their owners' colours and the placeholder
badge; only the viewer's own order faces, hand and new event cards show, never another seat's.
"""

from __future__ import annotations

import html as htmlmod
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.server.browser_support import PHONE, READABLE_AND_FRAMED, comes_before, seated_at
from tests.server.test_web_browser import shot, version_of
from tests.server.test_web_rex_skin import NAMES, live_table, page_of
from tests.server.web_support import person_page, played_randomly
from turncoat.core.registry import load_game
from turncoat.games.starcraft import log
from turncoat.games.starcraft.actions import ChooseRotation
from turncoat.games.starcraft.context import Ctx
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.observe import StarcraftObservation
from turncoat.play import GameInProgress
from turncoat.server.payload import build_payload
from turncoat.server.skin import web_skin
from turncoat.server.table import LiveTable
from turncoat.skins.starcraft import board
from turncoat.skins.starcraft import web as sc_web

Ready = Callable[[GameInProgress], bool]
WIDE: ViewportSize = {"width": 1400, "height": 1000}


def sc_game(players: int = 3, **options: Any) -> StarcraftGame:
    game = load_game("starcraft", players=players, **options)
    assert isinstance(game, StarcraftGame)
    return game


def ctx_of(table: LiveTable) -> Ctx:
    game = table.game
    assert isinstance(game, StarcraftGame)
    return game.ctx


def obs_of(play: GameInProgress, viewer: int | None) -> StarcraftObservation:
    return msgspec.convert(msgspec.to_builtins(play.view(viewer).observation), StarcraftObservation)


def planning(seat: int = 0, rounds: int = 1) -> Ready:
    """``seat`` places an order in round ``rounds`` or later, with orders already in some stack."""

    def ready(play: GameInProgress) -> bool:
        o = play.view(seat).observation
        return (
            o.round >= rounds
            and o.step == "planning"
            and seat in play.to_act()
            and any(stack for _, stack in o.stacks)
        )

    return ready


def table_at(ready: Ready, players: int = 3, seeds: range = range(1, 60), **options: Any) -> LiveTable:
    """A table of people at the first position of a seeded random game where ``ready`` holds."""
    game = sc_game(players, **options)
    for seed in seeds:
        play = GameInProgress.start(game, seed=seed)
        played_randomly(play, seed, ready, 6000)
        if play.outcome() is None and ready(play):
            return live_table(game, play, seed, players)
    raise AssertionError("no seeded game reached the wanted position")


def pages(table: LiveTable) -> dict[int | None, str]:
    """Per viewer, the table page it is served followed by the websocket fragments it is sent."""
    return {v: page_of(table, v)[0] for v in (*range(len(table.seats)), None)}


def first_page(table: LiveTable, viewer: int | None) -> str:
    """The table page alone (the board drawn once)."""
    return person_page(table, msgspec.to_builtins(build_payload(table, viewer, -1)))


# -- the geometry and the marks ---------------------------------------------------------------------
def test_the_skin_is_found_by_the_games_id() -> None:
    assert web_skin("starcraft") is sc_web.SKIN


def test_each_unit_kind_has_its_own_letters_on_its_counters() -> None:
    codes = board.unit_codes(sc_game().ctx)
    assert len(set(codes.values())) == len(codes) == len(sc_game().ctx.t.unit)
    assert codes["marine"] == "Ma"


def test_a_choice_is_marked_with_the_cell_route_slot_or_area_it_is_about() -> None:
    assert sc_web.extra_marks({"type": "choose_cell", "x": -1, "y": 2}) == ["cell:-1,2"]
    assert sc_web.extra_marks({"type": "build_transport", "route": 3}) == ["route:3"]
    assert sc_web.extra_marks({"type": "place_z_axis_end", "planet": "char", "side": "N"}) == ["slot:char:N"]
    assert sc_web.extra_marks({"type": "move_unit", "unit": "marine", "source": "a", "to": "b"}) == ["a"]
    assert sc_web.extra_marks({"type": "end_build"}) == []
    payload = {"decisions": [{"choices": [{"action": {"type": "choose_cell", "x": 0, "y": 1}, "marks": []}]}]}
    marked = sc_web.with_marks(payload)
    assert marked["decisions"][0]["choices"][0]["marks"] == ["cell:0,1"]
    assert payload["decisions"][0]["choices"][0]["marks"] == []  # the payload itself is left alone


def test_each_planet_sits_on_its_grid_cell_and_each_route_joins_its_two_slots() -> None:
    """Neighbouring cells are one pitch apart, north is up, no two tiles overlap, and a normal
    route runs across the gap between the two facing sides it joins."""
    table = table_at(planning())
    obs = obs_of(table.play, 0)
    ctx = ctx_of(table)
    geo = board.galaxy(ctx, obs, (), {0: "Ann"}, board.unit_codes(ctx))
    corner = {p["id"]: (p["left"], p["top"]) for p in geo["planets"]}
    cell = {p.id: (p.x, p.y) for p in obs.galaxy}
    assert set(corner) == set(cell) and len(set(corner.values())) == len(corner)
    for a in cell:
        for b in cell:
            dx, dy = cell[b][0] - cell[a][0], cell[b][1] - cell[a][1]
            assert corner[b][0] - corner[a][0] == dx * board.PITCH
            assert corner[b][1] - corner[a][1] == -dy * board.PITCH  # y grows to the north, down the page
    for r in obs.routes:
        if r.kind != "normal":
            continue
        drawn = next(x for x in geo["routes"] if x["id"] == r.id)
        for end, point in zip(r.ends, (drawn["a"], drawn["b"]), strict=True):
            assert point == board.slot_point(corner[end.planet], end.side)
    assert geo["width"] >= board.TILE and geo["height"] >= board.TILE


# -- pages rendered from real positions -------------------------------------------------------------
def test_every_seat_sees_the_galaxy_the_stacks_as_backs_and_the_placeholder_badge() -> None:
    table = table_at(planning())
    ctx = ctx_of(table)
    for viewer in (*range(len(table.seats)), None):
        page = first_page(table, viewer)
        obs = obs_of(table.play, viewer)
        for p in obs.galaxy:
            assert f'data-planet="{p.id}"' in page and htmlmod.escape(log.planet_name(ctx, p.id)) in page
        for a in obs.areas:
            assert f'data-area="{a.id}"' in page
        backs = re.findall(r'<g class="order seat-(\d+)( known)?"', page)
        stacked = [o for _, stack in obs.stacks for o in stack]
        assert sorted(int(s) for s, _ in backs) == sorted(o.owner for o in stacked)
        # the viewer's own orders show their face; every other back is blank
        assert all(int(s) == viewer for s, known in backs if known)
        mine = [o for o in stacked if o.owner == viewer]
        assert sum(1 for s, known in backs if known) == len(mine)
        assert "Placeholder content" in page and "invented placeholder content" in page
        assert "RULING (RULES §6.3)" in page
        for s in obs.seats:  # every seat's public sheet: CP, order tokens left, hand size
            assert f"{s.hand_size} in hand" in page and f"{s.orders_in_supply} left to place" in page
        for a in obs.areas:
            for u in a.units:
                assert f'<g class="counter seat-{u.owner}' in page
            if a.base >= 0:
                assert f'<g class="base seat-{a.base}"' in page


def test_on_a_phone_each_area_has_its_short_words_with_the_same_facts() -> None:
    """The short forms a phone shows say what the long ones say: "3M · limit 2" for each area,
    and a units line per area holding exactly its units (owner, kind and count), nothing more."""
    table = table_at(planning())
    ctx = ctx_of(table)
    page = first_page(table, 0)
    board_svg = page[
        page.index('<svg class="board sc-map') : page.index("</svg>", page.index('<svg class="board sc-map'))
    ]
    codes = board.unit_codes(ctx)
    areas = obs_of(table.play, 0).areas
    assert any(a.units for a in areas)
    for a in areas:
        data = ctx.t.area[a.id]
        here = board_svg[board_svg.index(f'data-area="{a.id}"') :]
        here = here[: min(i for i in (here.find("data-area=", 1), here.find("stack-label")) if i > 0)]
        short = f"{data.amount}{board.RESOURCE_LETTER[data.resource]} · limit {data.unit_limit}"
        assert f">{short}</text>" in htmlmod.unescape(here)
        shown = re.findall(r'<tspan class="owner seat-(\d+)">■</tspan>([A-Za-z]+)(\d+)', here)
        wanted: dict[tuple[int, str], int] = {}
        for u in a.units:
            wanted[(u.owner, codes[u.kind])] = wanted.get((u.owner, codes[u.kind]), 0) + 1
        got: dict[tuple[int, str], int] = {}
        for seat, code, n in shown:
            got[(int(seat), code)] = got.get((int(seat), code), 0) + int(n)
        assert got == wanted, a.id
        assert ("units-line" in here) == bool(a.units)


def test_the_places_a_decision_is_about_are_the_clickable_ones() -> None:
    """At order placement every planet the seat may choose is a clickable tile named by the
    choice's words, and nothing else on the map is clickable."""
    table = table_at(planning())
    page, update = page_of(table, 0)
    marked = {m: c["label"] for d in update["decisions"] for c in d["choices"] for m in c["marks"]}
    assert marked
    clickable = re.findall(r'<g class="[^"]*choosable[^"]*"[^>]*data-spot="([^"]+)"', page)
    assert sorted(set(clickable)) == sorted(marked)
    for spot, label in marked.items():
        tag = re.search(rf'<g [^>]*data-spot="{re.escape(spot)}"[^>]*>', page)
        assert tag and "data-choose" in tag.group(0) and htmlmod.escape(label, quote=True) in tag.group(0)
    others = pages(table)[1]  # not seat 1's decision: nothing is clickable on its map
    assert "data-choose" not in others


def test_galaxy_placement_offers_the_empty_cells_on_the_map() -> None:
    def placing(play: GameInProgress) -> bool:
        o = play.view(0).observation
        return o.step == "choose_cell" and 0 in play.to_act() and len(o.galaxy) >= 2

    table = table_at(placing)
    page, update = page_of(table, 0)
    cells = {(a["action"]["x"], a["action"]["y"]) for d in update["decisions"] for a in d["choices"]}
    drawn = set(re.findall(r'<g class="cell-choice choosable" data-spot="cell:(-?\d+),(-?\d+)"', page))
    assert {(int(x), int(y)) for x, y in drawn} == cells
    planet = log.planet_name(ctx_of(table), table.play.view(0).observation.chosen_planet)
    assert f"place {htmlmod.escape(planet)} here" in page


def turning(play: GameInProgress) -> bool:
    """Seat 0 turns a planet next to others, with more than one turn to choose from."""
    o = play.view(0).observation
    return (
        o.step == "choose_rotation"
        and 0 in play.to_act()
        and len(o.galaxy) >= 2
        and len(play.legal_actions(0)) > 1
    )


def choosing_planet(play: GameInProgress) -> bool:
    """Seat 0 chooses which of its two drawn planets to place."""
    o = play.view(0).observation
    return o.step == "choose_planet" and 0 in play.to_act() and len(play.legal_actions(0)) > 1


def targets(page: str, kind: str) -> dict[str, str]:
    """The clickable places of one kind on a page, by spot, with their accessible names."""
    found = re.findall(
        rf'<g class="{kind}[^"]* choosable[^"]*" data-spot="([^"]+)"[^>]*aria-label="([^"]*)"', page
    )
    return {spot: htmlmod.unescape(label) for spot, label in found}


def choosing_cell(play: GameInProgress) -> bool:
    """Seat 0 chooses where its planet goes, among more than one cell."""
    o = play.view(0).observation
    return o.step == "choose_cell" and 0 in play.to_act() and len(play.legal_actions(0)) > 1


KINDS: dict[Ready, str] = {choosing_planet: "tray-card", choosing_cell: "cell-choice", turning: "turn-choice"}


@pytest.mark.parametrize("ready", list(KINDS), ids=["planet", "cell", "turn"])
def test_each_legal_placement_is_one_target_on_the_map_that_makes_it(ready: Ready) -> None:
    """While a planet is chosen, placed or turned, the map draws one target per legal action of
    the seat, named by the choice's words, and the choice its spot stands for is that legal
    action; another seat's map has none."""
    table = table_at(ready)
    legal = [msgspec.to_builtins(a) for a in table.play.legal_actions(0)]
    page, update = page_of(table, 0)
    marked = sc_web.with_marks(update)
    by_spot: dict[str, list[dict[str, Any]]] = {}
    for d in marked["decisions"]:
        for c in d["choices"]:
            for m in c["marks"]:
                by_spot.setdefault(m, []).append(c)
    kind = KINDS[ready]
    drawn = targets(page, kind)
    assert len(drawn) == len(legal) == len(set(drawn))
    for spot, label in drawn.items():
        (choice,) = by_spot[spot]  # one choice per target: a click makes it
        assert choice["action"] in legal and choice["label"] in label
    made = {msgspec.json.encode(c["action"], order="sorted") for s in drawn for c in by_spot[s]}
    assert made == {msgspec.json.encode(a, order="sorted") for a in legal}
    for viewer in (1, None):
        assert not targets(page_of(table, viewer)[0], kind)


def test_turn_links_are_the_routes_the_engine_plugs_in() -> None:
    """RULES §6.2: each turn the map offers joins the neighbours the engine joins when it is
    chosen, and the small tile draws a bar on exactly those sides."""
    table = table_at(turning)
    ctx, play = ctx_of(table), table.play
    obs = obs_of(play, 0)
    assert obs.chosen_cell is not None
    cell = (obs.chosen_cell[0], obs.chosen_cell[1])
    legal = {a.rotation: a for a in play.legal_actions(0) if isinstance(a, ChooseRotation)}
    geo = board.galaxy(ctx, obs, [f"turn:{r}" for r in legal], {}, board.unit_codes(ctx))
    assert geo["coming"] and len(geo["coming"]["turns"]) == len(legal) == len(play.legal_actions(0))
    for turn in geo["coming"]["turns"]:
        links = board.turn_links(ctx, obs, obs.chosen_planet, cell, turn["rotation"])
        after = play.fork()
        after.apply(0, legal[turn["rotation"]])
        new = [r for r in after.view(0).observation.routes if r.id >= len(obs.routes)]
        assert sorted((r.ends[0].side, r.ends[1].planet) for r in new) == sorted(links)
        assert {s["side"] for s in turn["slots"] if s["bar"]} == {side for side, _ in links}
        assert links and turn["routes"].startswith(str(len(links)))


def test_a_finished_game_keeps_its_board() -> None:
    """At the end the board still draws the galaxy for the seats and a spectator, and the
    winners' line is on the page."""
    game = sc_game(2)
    play = GameInProgress.start(game, seed=3)
    played_randomly(play, 3, lambda _: False)
    assert play.outcome() is not None
    table = live_table(game, play, 3, 2)
    for viewer in (0, 1, None):
        page = first_page(table, viewer)
        assert 'class="board sc-map' in page and "Game over" in page
        assert "data-choose" not in page  # nothing is left to choose


def placing_z_minor(play: GameInProgress) -> bool:
    """Seat 0 has placed the first end of its z-axis route and chooses the second."""
    return play.view(0).observation.step == "place_z_minor" and 0 in play.to_act()


def test_a_z_axis_route_end_waiting_for_its_second_end_shows_on_the_map() -> None:
    """§6.1 step 5: the first end, on the table, is drawn with a loose line for every viewer (and
    that slot is no longer free); each slot the seat may choose says it is that route's other end;
    no map draws one once the route is placed."""
    table = table_at(placing_z_minor)
    ctx = ctx_of(table)
    obs = obs_of(table.play, 0)
    end = obs.z_major
    assert end is not None
    geo = board.galaxy(ctx, obs, (), {}, {})
    pending = geo["pending_z"]
    assert (pending["planet"], pending["side"]) == (end.planet, end.side)
    (planet,) = [p for p in geo["planets"] if p["pending_z"]]
    assert planet["id"] == end.planet and end.side not in {s["side"] for s in planet["free_slots"]}
    words = f"first end on {log.planet_name(ctx, end.planet)} ({end.side} side), second end to place"
    for viewer, page in pages(table).items():
        assert '<g class="z-pending"' in page and htmlmod.escape(words) in page, viewer
    slots = targets(first_page(table, 0), "slot")
    assert len(slots) == len(table.play.legal_actions(0))
    assert all(f"the other end of z-axis route {pending['z']}" in label for label in slots.values())
    placed = msgspec.structs.replace(obs, step="place_unit", z_major=None)
    assert board.galaxy(ctx, placed, (), {}, {})["pending_z"] is None


def test_a_planet_being_turned_shows_on_its_cell() -> None:
    """Between choosing a cell and a turn the planet waits on its cell, even the first one."""

    def turning(play: GameInProgress) -> bool:
        return play.view(0).observation.step == "choose_rotation" and 0 in play.to_act()

    table = table_at(turning)
    obs = table.play.view(0).observation
    page = first_page(table, 0)
    assert 'class="board sc-map' in page and '<g class="coming"' in page
    assert f"{htmlmod.escape(log.planet_name(ctx_of(table), obs.chosen_planet))} goes here" in page


def test_in_team_play_each_sheet_names_the_partner() -> None:
    table = table_at(planning(), players=4, team_play=True, faction_selection="random")
    teams = table.play.view(None).observation.teams
    page = first_page(table, None)
    sheets = re.findall(r'<article class="player seat-(\d)[^"]*".*?</article>', page, re.S)
    assert len(sheets) == 4
    for seat in range(4):
        partner = next(s for s in range(4) if s != seat and teams[s] == teams[seat])
        block = re.search(rf'<article class="player seat-{seat}[^"]*".*?</article>', page, re.S)
        assert block and f"<dt>Team</dt><dd>with {NAMES[partner]}</dd>" in block.group(0)


def test_a_move_under_way_shows_where_its_units_went_and_where_they_may_go() -> None:
    """§10.2: during a Mobilize order the areas units moved into are marked, and every area a
    move may start from or go to is a place on the map."""

    def moving(play: GameInProgress) -> bool:
        o = play.view(0).observation
        return (
            o.step == "mobilize" and 0 in play.to_act() and o.mobilize is not None and bool(o.mobilize.moves)
        )

    table = table_at(moving, seeds=range(1, 200))
    obs = obs_of(table.play, 0)
    assert obs.mobilize is not None
    page, update = page_of(table, 0)
    for _kind, _source, to in obs.mobilize.moves:
        assert re.search(rf'<g class="area[^"]* arrived[^"]*" data-area="{to}"', page)
    moves = [
        c["action"] for d in update["decisions"] for c in d["choices"] if c["action"]["type"] == "move_unit"
    ]
    marked = set(re.findall(r'<g class="area[^"]* choosable" data-area="([^"]+)"', page))
    assert {m["source"] for m in moves} | {m["to"] for m in moves} <= marked


def secret_cards(table: LiveTable, seat: int, viewer: int | None, page: str) -> list[str]:
    """How ``seat``'s hand reads, less the names ``viewer`` may know anyway (cards of the same
    names in its own hand or face up in a discard pile)."""
    ctx = ctx_of(table)
    own, other = obs_of(table.play, seat), obs_of(table.play, viewer)
    public = set(other.hand) | {c for s in other.seats for c in s.combat_discard}
    public_names = {log.card_name(ctx, c) for c in public}
    return [n for n in (log.card_name(ctx, c) for c in own.hand) if n not in public_names]


@pytest.mark.parametrize("players", [3, 4])
def test_no_page_holds_another_seats_hand_order_faces_or_event_cards(players: int) -> None:
    """Every seat's page and a spectator's: another seat's combat cards, its order faces and its
    new event cards never show, while the seat's own do (in its own panel only)."""
    table = table_at(planning(rounds=2), players=players)
    shown = pages(table)
    checked = 0
    for seat in range(players):
        own = obs_of(table.play, seat)
        assert own.hand, "every seat holds combat cards"
        page = shown[seat]
        for c in own.hand:
            assert htmlmod.escape(log.card_name(ctx_of(table), c)) in page
        assert "Your combat cards" in page and "Your order tokens to place" in page
        for viewer in shown:
            if viewer == seat:
                continue
            for secret in secret_cards(table, seat, viewer, shown[viewer]):
                checked += 1
                assert f"<strong>{htmlmod.escape(secret)}</strong>" not in shown[viewer], (seat, viewer)
            faces = re.findall(rf'<g class="order seat-{seat} known"', shown[viewer])
            assert faces == [], (seat, viewer)
    assert "Your combat cards" not in shown[None] and "Spectating" in shown[None]
    assert checked >= players  # at least a card of every seat was looked for


def test_a_seats_new_event_cards_show_to_it_alone() -> None:
    """RULES §17: in Regrouping step 8 a seat reads its new event cards; nobody else does."""

    def reading(play: GameInProgress) -> bool:
        o = play.view(0).observation
        return o.step == "play_event" and 0 in play.to_act() and bool(o.own_events)

    table = table_at(reading, seeds=range(1, 200))
    ctx = ctx_of(table)
    shown = pages(table)
    events = [log.event_name(ctx, e) for e in obs_of(table.play, 0).own_events]
    assert "Your new event cards" in shown[0]
    for name in events:
        assert f"<strong>{htmlmod.escape(name)}</strong>" in shown[0]
    for viewer in (1, 2, None):
        assert "Your new event cards" not in shown[viewer]
        assert not re.search(r'class="event-card"', shown[viewer])


# -- in the browser ---------------------------------------------------------------------------------
def log_has(page: Page, text: str) -> None:
    page.wait_for_function(
        "t => [...document.querySelectorAll('#log li')].some(li => li.innerText.includes(t))",
        arg=text,
        timeout=60_000,
    )


@pytest.mark.timeout(300)
def test_a_person_places_an_order_by_clicking_a_planet_on_the_map(tmp_path: Path, browser: Browser) -> None:
    """Ann, at a table with two bots, clicks a planet on the map (the order placement's first
    step) and then her order token: the log says she placed it there and its back, face up for
    her alone, is on that planet's stack."""
    with seated_at(tmp_path, browser, "starcraft", 3, planning(), WIDE) as (ann, base, table, play):
        target = ann.locator("#board g.planet.choosable").first
        planet = target.get_attribute("data-planet") or ""
        name = log.planet_name(play.game.ctx, planet)  # type: ignore[attr-defined]
        before_backs = ann.locator(f'#board g.planet[data-planet="{planet}"] g.order.seat-0').count()
        # the caption reads the place the pointer is on
        target.hover()
        assert name in ann.inner_text("#board [data-caption]")
        before = version_of(ann)
        target.click()
        ann.wait_for_function(
            "v => Number(document.getElementById('status').dataset.version) > v", arg=before, timeout=60_000
        )
        ann.wait_for_selector("#controls h3:has-text('Order placement: which order token')")
        ann.locator("#controls .choices button").first.click()
        log_has(ann, "Ann places a")
        log_has(ann, f" on {name}.")
        ann.wait_for_function(
            "([p, n]) => document.querySelectorAll("
            "`#board g.planet[data-planet='${p}'] g.order.seat-0.known`).length > n",
            arg=[planet, before_backs],
            timeout=60_000,
        )
        shot(ann, "starcraft-skin-order-placed")
        # the replay draws the same board, as Ann saw it
        replay = ann.request.get(f"{base}/t/{table}/replay")
        assert replay.ok and 'class="board sc-map' in replay.text()
        # on a phone the map keeps readable words, pans in its frame, and the panels stay in view
        ann.set_viewport_size(PHONE)
        ann.wait_for_function(READABLE_AND_FRAMED, arg=["svg.sc-map", 3])
        shot(ann, "starcraft-skin-phone")


def planet_went_to(page: Page, base: str, table: str, x: int, y: int) -> None:
    """Once Ann has chosen the cell (x, y): her planet is placed there at once (one turn only, the
    log says so) or waits there to be turned, and her view of the table says the same."""
    page.wait_for_function(
        "([x, y]) => [...document.querySelectorAll('#log li')]"
        ".some(li => li.innerText.includes(`at (${x}, ${y})`))"
        " || !!document.querySelector('#board g.coming')",
        arg=[x, y],
        timeout=60_000,
    )
    state = page.request.get(f"{base}/api/tables/{table}/state").json()["observation"]
    assert state["chosen_cell"] == [x, y] or [x, y] in [[p["x"], p["y"]] for p in state["galaxy"]]


@pytest.mark.timeout(300)
def test_a_person_places_a_planet_by_clicking_an_empty_cell(tmp_path: Path, browser: Browser) -> None:
    def placing(play: GameInProgress) -> bool:
        o = play.view(0).observation
        return o.step == "choose_cell" and 0 in play.to_act() and len(o.galaxy) >= 1

    with seated_at(tmp_path, browser, "starcraft", 2, placing, WIDE) as (ann, base, table, _):
        cell = ann.locator("#board g.cell-choice.choosable").first
        spot = cell.get_attribute("data-spot") or ""
        x, y = (int(n) for n in spot.removeprefix("cell:").split(","))
        cell.focus()
        ann.keyboard.press("Enter")  # the keyboard makes the choice as a click does
        planet_went_to(ann, base, table, x, y)


@pytest.mark.timeout(300)
def test_a_person_turns_her_planet_by_clicking_a_turn_on_the_map(tmp_path: Path, browser: Browser) -> None:
    """Ann clicks one of the small tiles drawn on her planet's cell: the log says the planet was
    placed there turned as that tile said, and her view of the galaxy holds it so turned."""
    with seated_at(tmp_path, browser, "starcraft", 2, turning, WIDE) as (ann, base, table, play):
        obs = play.view(0).observation
        name = log.planet_name(play.game.ctx, obs.chosen_planet)  # type: ignore[attr-defined]
        x, y = obs.chosen_cell
        turns = ann.locator("#board g.turn-choice.choosable")
        assert turns.count() == len(play.legal_actions(0))
        target = turns.last
        rotation = int(target.get_attribute("data-rotation") or -1)
        target.hover()  # the caption says what the tile stands for
        assert f"{name} turned {rotation * 90}° clockwise" in ann.inner_text("#board [data-caption]")
        shot(ann, "starcraft-skin-turning")
        target.click()
        log_has(ann, f"Ann places {name} at ({x}, {y}), turned {rotation * 90}°")
        state = ann.request.get(f"{base}/api/tables/{table}/state").json()["observation"]
        placed = next(p for p in state["galaxy"] if p["id"] == obs.chosen_planet)
        assert (placed["x"], placed["y"], placed["rotation"]) == (x, y, rotation)


@pytest.mark.timeout(300)
def test_a_person_chooses_her_planet_by_clicking_its_card_under_the_map(
    tmp_path: Path, browser: Browser
) -> None:
    """Ann clicks the second of her drawn planets under the map: her view says it is the planet
    she places now, and the map offers its cells."""
    with seated_at(tmp_path, browser, "starcraft", 2, choosing_planet, WIDE) as (ann, base, table, _):
        card = ann.locator("#board g.tray-card.choosable").last
        planet = card.get_attribute("data-spot") or ""
        card.focus()
        ann.keyboard.press("Enter")
        ann.wait_for_selector("#board g.cell-choice.choosable, #board g.coming", timeout=60_000)
        state = ann.request.get(f"{base}/api/tables/{table}/state").json()["observation"]
        assert state["chosen_planet"] == planet


def placing_last(play: GameInProgress) -> bool:
    """Seat 0 places one of the last planets: the grid and the cells around it at their widest."""
    o = play.view(0).observation
    return o.step == "choose_cell" and 0 in play.to_act() and len(o.galaxy) >= 2 * len(o.seats) - 2


@pytest.mark.timeout(300)
@pytest.mark.parametrize("players", [2, 4])
def test_on_a_phone_the_galaxy_pans_over_at_most_three_screens(
    tmp_path: Path, browser: Browser, players: int
) -> None:
    """At 390 px, while the last planets are placed (the drawing at its widest), every word of
    the map reads at 11 px or more, the map pans over at most 3 screen widths in its frame, the
    page does not scroll sideways, and Ann's decisions come before the map; a cell tapped there
    places her planet."""
    with seated_at(tmp_path, browser, "starcraft", players, placing_last, PHONE) as (ann, base, table, _):
        ann.wait_for_function(READABLE_AND_FRAMED, arg=["svg.sc-map", 3])
        assert comes_before(ann, "#me", "#board")
        shot(ann, f"starcraft-skin-phone-placing-{players}")
        cell = ann.locator("#board g.cell-choice.choosable").first
        x, y = (int(n) for n in (cell.get_attribute("data-spot") or "").removeprefix("cell:").split(","))
        cell.scroll_into_view_if_needed()
        cell.click()
        planet_went_to(ann, base, table, x, y)
