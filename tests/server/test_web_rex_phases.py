"""Rex's phases at the table, drawn by its web skin from each viewer's own payload: the bidding
row (RULES §7) with the card's face for Jol-Nar alone, the prices of recruitment and landing
choices (§8, §9.4), the collection and the bombardment sweep sector by sector (§11, §12), the
legend's word on estimated content, and the map's counters that read without colour."""

from __future__ import annotations

import html as htmlmod
import random
import re
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from tests.server.test_web_rex_skin import NAMES, page_of, rex_game
from turncoat.games.rex import actions as A
from turncoat.games.rex.log import Names
from turncoat.play import GameInProgress
from turncoat.server.payload import PLAYING
from turncoat.server.storage import SeatRow
from turncoat.server.table import LiveTable
from turncoat.skins.rex import bidding
from turncoat.skins.rex import web as rex_web


def table_where(
    wanted: Callable[[GameInProgress], bool], players: int = 3, seed: int = 1, **options: Any
) -> LiveTable | None:
    """A table of random players, played until ``wanted`` holds (None: the game ended first)."""
    game = rex_game(players, **options)
    play = GameInProgress.start(game, seed=seed)
    rng = random.Random(seed)
    for n in range(20000):
        if wanted(play):
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
        if play.outcome() is not None:
            return None
        acting = sorted(play.to_act())
        s = acting[n % len(acting)]
        play.apply(s, rng.choice(list(play.legal_actions(s))))
    return None


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
