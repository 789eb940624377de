"""Rex's phases at the table, drawn by its web skin from each viewer's own payload: the bidding
row (RULES §7) with the card's face for Jol-Nar alone, the prices of recruitment and landing
choices (§8, §9.4), the collection and the bombardment sweep sector by sector (§11, §12), the
legend's word on estimated content, and the map's counters that read without colour."""

from __future__ import annotations

import html as htmlmod
import re
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from tests.server.test_web_rex_skin import NAMES, live_table, page_of, played_until
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex.log import Names
from turncoat.play import GameInProgress
from turncoat.server import views
from turncoat.server.payload import build_payload
from turncoat.server.table import LiveTable
from turncoat.skins.rex import bidding
from turncoat.skins.rex import web as rex_web


def table_where(
    wanted: Callable[[GameInProgress], bool], players: int = 3, seed: int = 1, **options: Any
) -> LiveTable | None:
    """A table of random players, played until ``wanted`` holds (None: the game ended first)."""
    game, play, reached = played_until(wanted, players, seed, **options)
    return live_table(game, play, seed, players) if reached else None


def jol_nar_of(play: GameInProgress) -> int | None:
    obs = play.view(None).observation
    return next((v.seat for v in obs.seats if v.race == "jol_nar"), None)


def jol_nar_may_bid(play: GameInProgress) -> bool:
    """Jol-Nar is to bid on a card of a row of two or more."""
    seat = jol_nar_of(play)
    if seat is None or seat not in play.to_act():
        return False
    obs = play.view(seat).observation
    return obs.step == "bid" and obs.auction + obs.row_size - 1 >= 2 and obs.card_on_auction is not None


def first_table(wanted: Callable[[GameInProgress], bool], players: int = 3) -> LiveTable:
    for seed in range(1, 40):
        table = table_where(wanted, players=players, seed=seed)
        if table is not None:
            return table
    pytest.fail("no random game reached the wanted position")


# -- the bidding row (RULES §7) ---------------------------------------------------------------------
def test_rule_7_the_bidding_row_shows_the_cards_face_down_in_order_with_the_bid() -> None:
    table = first_table(jol_nar_may_bid)
    jol = jol_nar_of(table.play)
    assert jol is not None
    other = (jol + 1) % 3
    page, update = page_of(table, other)
    obs = table.play.view(other).observation
    ctx = rex_web.context(table.game, update, ())
    row = ctx["bidding"]
    assert row is not None and row["auction"] == obs.auction
    assert [c["n"] for c in row["cards"]] == list(range(1, obs.auction + obs.row_size))
    assert [c["state"] for c in row["cards"]][obs.auction - 1] == "on auction"
    assert all(c["face"] is None for c in row["cards"])  # face down for everyone but Jol-Nar
    assert page.split("</html>")[0].count('class="card-back"') == len(row["cards"])
    assert f"Bidding: card {obs.auction} of {len(row['cards'])}" in page
    if obs.high_bidder >= 0:
        assert row["high"] == {
            "amount": obs.high_bid,
            "seat": obs.high_bidder,
            "name": NAMES[obs.high_bidder],
        }
        assert f"{obs.high_bid} influence</strong>" in page
    else:
        assert row["high"] is None and "No bid yet" in page
    assert row["passed"] == [NAMES[p] for p, done in enumerate(obs.passed) if done]


def test_rule_7_the_bid_amounts_are_the_bidders_legal_bids_beside_the_row() -> None:
    table = first_table(jol_nar_may_bid)
    jol = jol_nar_of(table.play)
    assert jol is not None
    page, update = page_of(table, jol)
    legal = table.play.legal_actions(jol)
    amounts = sorted(a.amount for a in legal if isinstance(a, A.Bid))
    row = rex_web.context(table.game, update, ())["bidding"]
    assert [amount for amount, _ in row["bids"]] == amounts
    assert (row["pass_choice"] is not None) == any(isinstance(a, A.PassBid) for a in legal)
    form = re.search(r'<form [^>]*class="pick-one bid-form".*?</form>', page, re.S)
    assert form, "the bid's amount is chosen in the row"
    options = re.findall(r"<option [^>]*>(\d+) influence</option>", form.group(0))
    assert [int(o) for o in options] == amounts
    # the generic controls no longer offer the same bids twice
    assert not any(
        bidding.is_bidding(d) for d in rex_web.context(table.game, update, ())["rest"]["decisions"]
    )
    assert (
        "Your bid</h3>" not in page
        and 'id="sel-1"' not in page.split("bidding-row")[1].split("</section>")[0]
    )


def test_rule_7_only_jol_nar_sees_the_card_on_auction() -> None:
    """The face is on Jol-Nar's page, from its own observation; no other seat's or a spectator's
    page or JSON holds the card (unless that viewer may know it anyway: its own hand, a card face
    up)."""
    table = first_table(jol_nar_may_bid)
    jol = jol_nar_of(table.play)
    assert jol is not None
    names = Names(table.game.content.data)
    card = table.play.view(jol).observation.card_on_auction
    assert card is not None
    page, update = page_of(table, jol)
    face = re.search(r"<span class=\"card-face\" data-card-face><strong>([^<]+)</strong>", page)
    assert face and face.group(1) == htmlmod.escape(names.card_name(card))
    assert update["observation"]["card_on_auction"] == card
    for viewer in [s for s in range(3) if s != jol] + [None]:
        other_page, other_update = page_of(table, viewer)
        assert "data-card-face" not in other_page
        assert other_update["observation"]["card_on_auction"] is None
        obs = table.play.view(viewer).observation
        known = set(obs.hand or ()) | set(obs.strategy_discard or ()) | set(obs.strategy_removed)
        known |= {c for s in obs.seats for c in s.known_cards}
        if card not in known:
            assert htmlmod.escape(names.card_name(card)) not in other_page, viewer
            assert card not in msgspec.json.encode(other_update).decode(), viewer


def test_rule_7_no_bidding_row_outside_the_bidding_phase() -> None:
    table = first_table(lambda play: play.view(0).observation.step == "recruit")
    page, update = page_of(table, 0)
    assert rex_web.context(table.game, update, ())["bidding"] is None
    assert "bidding-row" not in page


# -- collection and the bombardment sweep (RULES §11, §12) ------------------------------------------
def after_a_sweep_with_losses(play: GameInProgress) -> bool:
    """Just after a bombardment sweep in which someone lost units."""
    for e in reversed(play.events(max(0, play.version - 30))):
        if isinstance(e, E.BombardmentCardRevealed | E.FleetSabotaged):
            break
        if isinstance(e, E.SectorBombarded) and e.losses and e.sector:
            return bool(play.view(None).observation.step != "bombardment")
    return False


def test_rules_11_and_12_the_panel_lists_the_collection_and_each_sector_swept() -> None:
    table = first_table(after_a_sweep_with_losses, players=4)
    events = table.play.events(0)
    card = max(i for i, e in enumerate(events) if isinstance(e, E.BombardmentCardRevealed | E.FleetSabotaged))
    hits = [e for e in events[card:] if isinstance(e, E.SectorBombarded) and e.sector]
    stop = next(e for e in events[card:] if isinstance(e, E.FleetStopped))
    start = max(i for i, e in enumerate(events) if isinstance(e, E.PhaseStarted) and e.phase == "collection")
    collected: dict[int, int] = {}
    for e in events[start:]:
        if isinstance(e, E.InfluenceCollected):
            collected[e.seat] = collected.get(e.seat, 0) + e.amount
    for viewer in (0, None):
        page, update = page_of(table, viewer)
        ctx = rex_web.context(table.game, update, ())
        sweep = ctx["sweep"]
        assert [s["sector"] for s in sweep["sectors"]] == [e.sector for e in hits]
        assert sweep["stopped"] == stop.sector
        for s, e in zip(sweep["sectors"], hits, strict=True):
            lost = [f"{NAMES[seat]} loses {u} unit" for seat, u, _ in e.losses]
            assert all(any(x.startswith(w) for x in s["losses"]) for w in lost), (s, e)
            assert f'data-sector="{e.sector}"' in page
        assert {r["seat"]: r["total"] for r in ctx["collection"]["rows"]} == collected
        for seat, total in collected.items():
            assert f"<strong>{NAMES[seat]}</strong> takes {total} influence" in page
        assert 'id="rex-sweep"' in page and 'id="rex-collection"' in page


def test_rules_11_and_12_a_later_update_redraws_the_panel_only_with_news() -> None:
    """The page keeps the last panel until the next collection or sweep: an update that brings
    neither leaves both parts out, so the page's copy stays."""
    table = first_table(after_a_sweep_with_losses, players=4)
    steps = table.play.steps

    def step_of(kind: type, **fields: Any) -> int:  # the version whose move brought that event
        return max(
            v
            for v, events in enumerate(steps)
            if any(isinstance(e, kind) and all(getattr(e, f) == x for f, x in fields.items()) for e in events)
        )

    since = step_of(E.FleetStopped)
    quiet = msgspec.to_builtins(build_payload(table, 0, since))
    assert not any(e["type"] in ("sector_bombarded", "influence_collected") for e in quiet["events"])
    fragments = views.render_update(table.game, quiet, is_host=False, csrf="x", levels=[])
    assert 'id="rex-sweep"' not in fragments and 'id="rex-collection"' not in fragments
    before = step_of(E.PhaseStarted, phase="collection") - 1
    news = msgspec.to_builtins(build_payload(table, 0, before - 1))
    fragments = views.render_update(table.game, news, is_host=False, csrf="x", levels=[])
    assert re.search(r'<div id="rex-sweep" class="sweep-part" hx-swap-oob="true">', fragments)
    assert re.search(r'<div id="rex-collection" class="collection-part" hx-swap-oob="true">', fragments)


# -- estimated content and colour-blind play --------------------------------------------------------
def test_the_legend_and_the_map_say_which_content_is_estimated() -> None:
    """As Verräter's dashed VP circles do: the legend keys a dashed outline to "estimated", every
    area whose name is not verified is drawn dashed and named "(estimated)", and so are the
    estimated leader strengths on the sheets."""
    table = first_table(lambda play: play.view(0).observation.step == "recruit")
    page, _ = page_of(table, 0)
    names = Names(table.game.content.data)
    legend = page.split('<section class="legend"')[1].split("</section>")[0]
    assert "are estimated" in legend and "dashed outline: estimated area" in legend
    assert 'class="key-estimated"' in legend
    estimated = [a for a, est in names.area_estimated.items() if est]
    verified = [a for a, est in names.area_estimated.items() if not est]
    assert estimated, "the stand-in board has estimated areas"
    for area in estimated:
        tag = re.search(rf'<g class="area[^"]*" data-area="{area}"[^>]*data-note="([^"]*)"', page)
        assert tag and " estimated" in tag.group(0).split("data-area")[0], area
        assert "(estimated)" in tag.group(1), area
    for area in verified:
        tag = re.search(rf'<g class="area([^"]*)" data-area="{area}"', page)
        assert tag and "estimated" not in tag.group(1), area
    assert 'title="estimated: the printed value is not public"' in page  # the leaders' strengths


def test_every_counter_reads_without_colour() -> None:
    """Each race's counters carry its letters and the legend says whose they are (race and
    player); the seats' badges carry a shape; the bidding row and the sweep name people."""
    table = first_table(jol_nar_may_bid)
    page, update = page_of(table, None)
    obs = table.play.view(None).observation
    codes = rex_web.race_codes(table.game.content.data)
    race = {v.seat: v.race for v in obs.seats}
    counters = re.findall(
        r'<g class="counter seat-(\d)"[^>]*>\s*<rect[^>]*/>\s*<text y="4">([^<]+)</text>', page
    )
    assert counters
    for seat, text in counters:
        code = codes[race[int(seat)] or ""]
        assert re.fullmatch(rf"{code}\d+(\+\d+)?", text), (seat, text)
        names = Names(table.game.content.data)
        assert f"{code} {names.race_name(race[int(seat)])} ({NAMES[int(seat)]})" in page
    marks = re.findall(r'<span class="seat-mark seat-(\d)" aria-hidden="true">([^<]+)</span>', page)
    assert {m for _, m in marks} >= {"●", "▲", "■"}
