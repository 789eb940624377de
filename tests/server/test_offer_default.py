"""The game a visitor is first offered: one with a board of its own, before the games that play
only on the generic table (whatever their ids), else simply the first."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.web_support import app_client, create_table
from turncoat.server import offer
from turncoat.server.skin import GENERIC


def test_the_lobby_first_offers_a_game_with_its_own_skin() -> None:
    ids = [g.id for g in offer.offered()]
    assert ids.index("rex") < ids.index("verrater")  # built-in games in the order of their ids
    assert offer.default_game().id == "verrater"  # Rex's skin is a first slice, not featured


def test_without_any_skin_the_first_game_is_offered_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(offer, "web_skin", lambda game_id: GENERIC)
    assert offer.default_game() == offer.offered()[0]


def test_a_rex_table_keeps_a_yes_no_option_the_api_sets(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
        created = create_table(client, seats, game="rex", options={"betrayal_cards": "true"})
        game = client.app.state.hub.tables[created["table"]].game  # type: ignore[attr-defined]
        assert game.name == "rex" and game.config.betrayal_cards is True
