"""NO-LEAK for Treaty Skirmish: whole games through a real ``turncoat serve`` (seats played at
random over the websocket, with and without server bots); every JSON and HTML payload each seat
and a spectator received is checked against what that viewer may know (RULES §4.4, §7.1).

The reference is rebuilt from the database (config, seed, action log).  A JSON update must hold
exactly ``game.observe(state, viewer)``, the viewer's legal actions and the events redaction lets
it see.  Beyond that, no payload (JSON or the skin's HTML) may name a treaty card the viewer has
not had in hand, given, received or seen revealed at the end: a receiver's discard and the
number of a card passed between two others never reach a third party or a spectator.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.server.noleak_support import Ref, checked_updates, others_tokens, page_updates, play_served
from turncoat.core.serialize import to_builtins
from turncoat.games.treaty_skirmish.components import SHORT_NAMES

GAME_TIMEOUT_S = 600
Card = tuple[str, int]
# A card as the skin and the log write it: "Jol-Nar 3".
CARD_WORDS = re.compile(r"\b(" + "|".join(re.escape(n) for n in SHORT_NAMES.values()) + r") (\d)\b")
RACE_OF_NAME = {name: race for race, name in SHORT_NAMES.items()}


def cards_in(value: Any) -> set[Card]:
    """Every treaty card a JSON value holds (an object with a faction and a number)."""
    found: set[Card] = set()
    if isinstance(value, dict):
        if isinstance(value.get("faction"), str) and isinstance(value.get("number"), int):
            found.add((value["faction"], value["number"]))
        for v in value.values():
            found |= cards_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            found |= cards_in(v)
    return found


def known_cards(game: Any, states: list[Any], viewer: int | None) -> list[set[Card]]:
    """Per version, the cards ``viewer`` may know by then: every card it has held (its discards
    included), given or received, and the hands revealed at the end."""
    known: set[Card] = set()
    out = []
    for state in states:
        obs = to_builtins(game.observe(state, viewer))
        known |= cards_in(obs.get("mine"))
        known |= cards_in((obs.get("result") or {}).get("revealed"))
        out.append(set(known))
    return out


def _check_json(viewer: int | None, payloads: list[dict[str, Any]], ref: Ref, secrets: list[str]) -> int:
    game, states = ref[0], ref[1]
    known = known_cards(game, states, viewer)
    needles = ('"hands"', '"pile"', '"seed"', '"rng"', *secrets)
    checked = 0
    for version, _state, payload in checked_updates(viewer, payloads, ref, needles):
        assert (
            cards_in(payload) <= known[version]
        ), f"viewer {viewer} got {cards_in(payload) - known[version]}"
        checked += 1
    return checked


def _check_html(viewer: int | None, texts: list[str], ref: Ref, secrets: list[str]) -> int:
    game, states = ref[0], ref[1]
    known = known_cards(game, states, viewer)
    updates = 0
    for version, text in page_updates(texts, ref, secrets):
        updates += 1
        obs = game.observe(states[version], viewer)
        named = {(RACE_OF_NAME[r], int(n)) for r, n in CARD_WORDS.findall(text)}
        assert named <= known[version], f"viewer {viewer} was shown {named - known[version]}"
        hand = re.findall(r'data-card="([a-z]+)-(\d+)"', text)
        mine = [] if obs.mine is None else [(c.faction, c.number) for c in obs.mine.hand]
        assert [(f, int(n)) for f, n in hand] == mine
        if viewer is None:
            assert "You gave" not in text and "gave you" not in text and "(secret)" not in text
    return updates


@pytest.mark.timeout(600)
@pytest.mark.parametrize(
    "seats",
    [
        [{"kind": "human"}] * 4,
        [{"kind": "bot", "level": "easy"}, {"kind": "human"}, {"kind": "human"}]
        + [{"kind": "bot", "level": "easy"}] * 2,
    ],
    ids=["4p-four-random-seats", "5p-two-seats-three-bots"],
)
def test_no_treaty_skirmish_payload_holds_more_than_its_viewer_may_know(
    tmp_path: Path, seats: list[dict[str, Any]]
) -> None:
    body = {"game": "treaty_skirmish", "players": len(seats), "seats": seats}
    created, received, ref = play_served(tmp_path, body, GAME_TIMEOUT_S)
    states = ref[1]
    # The games must have exercised the secret: some card was handed over and discarded.
    assert any(s.treaties.pile for s in states), "no treaty card was ever discarded"
    for viewer, payloads in received["json"].items():
        assert _check_json(viewer, payloads, ref, others_tokens(created, viewer)) > 10
    for viewer, texts in received["html"].items():
        assert _check_html(viewer, texts, ref, others_tokens(created, viewer)) > 10
