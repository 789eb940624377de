"""NO-LEAK: whole games through a real ``turncoat serve``; every payload each seat and a spectator
received is checked against what that viewer may know.

The reference is rebuilt afterwards from the database (config, seed, action log): at the version
a payload names, it must hold exactly ``game.observe(state, viewer)``, that viewer's legal actions,
and only events the core's redaction lets that viewer see; no payload may carry state fields,
the seed, another seat's secrets or anybody's token.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.server.noleak_support import Ref, checked_updates, others_tokens, page_updates, play_served

STATE_ONLY_FIELDS = ('"hands"', '"draw_pile"', '"seed"', '"rng"', '"removed_role"', '"leftover"')
GAME_TIMEOUT_S = 600


def _check_json(viewer: int | None, payloads: list[dict[str, Any]], ref: Ref, secrets: list[str]) -> int:
    checked = 0
    for _version, state, payload in checked_updates(viewer, payloads, ref, (*STATE_ONLY_FIELDS, *secrets)):
        for q, seat_view in enumerate(payload["observation"]["seats"]):
            if q != viewer and not state.revealed:
                assert seat_view["role"] is None
        checked += 1
    return checked


def _check_html(viewer: int | None, texts: list[str], ref: Ref, secrets: list[str]) -> None:
    game, states = ref[0], ref[1]
    updates = 0
    for version, text in page_updates(texts, ref, secrets):
        updates += 1
        obs = game.observe(states[version], viewer)
        hand = [int(v) for v in re.findall(r'aria-label="supply card (\d+)"', text)]
        assert hand == list(obs.hand or ())
        if viewer is None:
            assert "Your action card" not in text and "You were handed" not in text
        elif obs.role is not None:
            assert "Your action card" in text
    assert updates > 0


@pytest.mark.parametrize(
    ("seats", "options"),
    [
        ([{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot"}], {}),
        ([{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}], {"hand_limit_discards": "face_down"}),
    ],
    ids=["4p-two-people-two-bots", "3p-face-down-discards"],
)
def test_no_payload_holds_more_than_its_viewer_may_know(
    tmp_path: Path, seats: list[dict[str, Any]], options: dict[str, Any]
) -> None:
    body = {"players": len(seats), "seats": seats, "options": options}
    created, received, ref = play_served(tmp_path, body, GAME_TIMEOUT_S, pages=[None, 0])
    for viewer, payloads in received["json"].items():
        assert _check_json(viewer, payloads, ref, others_tokens(created, viewer)) > 10
    for viewer, texts in received["html"].items():
        _check_html(viewer, texts, ref, others_tokens(created, viewer))
