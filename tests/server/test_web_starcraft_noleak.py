"""NO-LEAK for StarCraft: whole games through a real ``turncoat serve`` (seats played at random over
the websocket, with and without a server bot); every JSON and HTML payload each seat and a
spectator received is checked against what that viewer may know (RULES §21.3).

The reference is rebuilt from the database (config, seed, action log).  A JSON update must hold
exactly ``game.observe(state, viewer)`` (other hands, deck orders, other seats' order faces and
every pending event card are in no seat's observation but, where the rules allow, their owner's),
the viewer's legal actions and the events redaction lets it see.  Beyond that, no HTML payload
(the generic page: its panels, log and decisions) may name a combat card or an event card the
viewer has not been shown by then in its own screens (its panels and log as the presentation
writes them).

What a name check cannot tell apart: two seats of one race hold cards of the same names.  The
exact observation check above is what holds for those.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.noleak_support import UNLIMITED, Ref, checked_updates, others_tokens, play_table, reference
from tests.server.web_support import served
from turncoat.core.actions import redact
from turncoat.core.present import plain
from turncoat.games.starcraft import log

GAME_TIMEOUT_S = 600
# Fields of the StarCraft state that no observation has: their names must never reach a client
# (``combat_deck`` is not one: a dealt hand's event says the deck's size under that name).
STATE_ONLY_FIELDS = ('"event_deck"', '"placement_order"', '"seed"', '"rng"')
NAMES = tuple(f"Seat {n}" for n in range(8))


def secret_words(game: Any) -> re.Pattern[str]:
    """Combat cards and event cards as the presentation names them."""
    ctx = game.ctx
    names = {log.card_name(ctx, c) for deck in ctx.t.combat_deck.values() for c in deck}
    names |= {log.event_name(ctx, e) for e in ctx.t.event_card}
    # A placeholder event card is named like the Research choice ("Draw 3 combat cards"), which
    # every page may show as a button: those words name no secret there.
    names -= {"Draw 3 combat cards"}
    words = sorted(names, key=len, reverse=True)  # "card 12" before "card 1"
    return re.compile(r"(?<![\w])(" + "|".join(re.escape(w) for w in words) + r")(?![\w])")


def known_names(ref: Ref, viewer: int | None, words: re.Pattern[str]) -> list[set[str]]:
    """Per version, the card names ``viewer`` has been shown by then: its panels and its log."""
    game, states, steps, _seed = ref
    face = game.presentation()
    known: set[str] = set()
    events: list[Any] = []
    out = []
    for state, step in zip(states, steps, strict=True):
        events.extend(step)
        obs = game.observe(state, viewer)
        text = [plain(line, NAMES) for panel in face.panels(obs) for line in panel.lines]
        text += [plain(line, NAMES) for line in face.log(redact(step, viewer), viewer)]
        for said in text:
            known |= set(words.findall(said))
        out.append(set(known))
    return out


def _check_html(viewer: int | None, texts: list[str], ref: Ref, secrets: list[str]) -> int:
    game, _states, _steps, seed = ref
    words = secret_words(game)
    known = known_names(ref, viewer, words)
    updates = 0
    for text in texts:
        for needle in (str(seed), *secrets):
            assert needle not in text
        match = re.search(r'id="status" class="status" data-version="(\d+)"', text)
        if match is None:
            continue
        updates += 1
        version = int(match.group(1))
        named = set(words.findall(text))
        assert named <= known[version], f"viewer {viewer} was shown {named - known[version]}"
    return updates


@pytest.mark.timeout(600)
@pytest.mark.parametrize(
    "seats",
    [
        [{"kind": "human"}] * 2,
        [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "human"}],
    ],
    ids=["2p-two-random-seats", "3p-two-seats-one-bot"],
)
def test_no_starcraft_payload_holds_more_than_its_viewer_may_know(
    tmp_path: Path, seats: list[dict[str, Any]]
) -> None:
    data_dir = tmp_path / "data"
    with served(data_dir, tmp_path / "server.log", env_extra=UNLIMITED) as base:
        created = httpx.post(
            f"{base}/api/tables",
            json={"game": "starcraft", "players": len(seats), "seats": seats},
            timeout=60,  # the reply, however slow a loaded machine makes it
        ).json()
        table_id, tokens = created["table"], created["seat_tokens"]
        received = asyncio.run(play_table(base, table_id, tokens, GAME_TIMEOUT_S))
    ref = reference(data_dir, table_id)
    game, states = ref[0], ref[1]
    assert game.outcome(states[-1]) is not None, "the game did not finish"
    # the games exercised the secrets: orders were placed face down and combat cards were in hand
    assert any(s.stacks and any(stack for _, stack in s.stacks) for s in states)
    assert all(any(s.seat(p).hand for s in states) for p in range(len(seats)))
    for viewer, payloads in received["json"].items():
        needles = (*STATE_ONLY_FIELDS, *others_tokens(created, viewer))
        assert sum(1 for _ in checked_updates(viewer, payloads, ref, needles)) > 10
    for viewer, texts in received["html"].items():
        assert _check_html(viewer, texts, ref, others_tokens(created, viewer)) > 10
