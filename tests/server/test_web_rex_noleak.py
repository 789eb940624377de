"""NO-LEAK for Rex: whole games through a real ``turncoat serve`` (seats played at random over
the websocket next to server bots, 3 and 6 players); every JSON and HTML payload each seat and a
spectator received is checked against what that viewer may know (RULES §16).

The reference is rebuilt from the database (config, seed, action log).  A JSON update must hold
exactly ``game.observe(state, viewer)`` (§16: other hands, traitors, the Xxcha prediction,
betrayal cards, sealed battle plans and fleet dials before their reveal, deck order are in no
seat's observation but their owner's), the viewer's legal actions and the events redaction lets
it see.  Beyond that, no payload (JSON or the skin's HTML, its log, panels and decisions
included) may name a strategy card or betrayal card the viewer has not been shown by then (in
its observations or its events), nor the Xxcha's prediction to anyone but the Xxcha before it
comes true.

What a name check cannot tell apart: two copies of one strategy card.  A card the viewer has
seen once (its own copy, say) may be named again; a copy in another hand that leaked would pass.
The exact observation check above is what holds for those.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.server.noleak_support import Ref, checked_updates, others_tokens, page_updates, play_served
from turncoat.core.actions import redact
from turncoat.core.record import encode_action
from turncoat.core.serialize import to_builtins
from turncoat.games.rex import events as E
from turncoat.games.rex.log import ESTIMATED, Names

GAME_TIMEOUT_S = 900
# Fields of the Rex state that no observation has: their names must never reach a client.
STATE_ONLY_FIELDS = (
    '"hands"',
    '"strategy_deck"',
    '"influence_deck"',
    '"traitor_deck"',
    '"bombardment_deck"',
    '"plan_dial"',
    '"plan_leader"',
    '"sealed"',
    '"seed"',
    '"rng"',
)


class Secrets:
    """The names of the game's secret-bearing components, and per viewer and version what it may
    have been shown of them."""

    def __init__(self, game: Any) -> None:
        data = game.content.data
        names = Names(data)
        self.card_ids = {c.id for c in data.strategy_cards}
        # A card's name as any text may write it: without the note that the name is estimated.
        self.card_name = {c: names.card[c].removesuffix(ESTIMATED) for c in self.card_ids}
        self.card_words = _alternation(self.card_name.values())
        named = [b for b in data.betrayal_cards if b.name.value]  # some are known by number only
        self.betrayal_name = {int(b.number.value): str(b.name.value) for b in named}
        self.betrayal_words = _alternation(self.betrayal_name.values())
        self.race_name = names.race

    def cards_in(self, value: Any) -> set[str]:
        """The strategy card ids a JSON value holds anywhere (as strings)."""
        if isinstance(value, str):
            return {value} if value in self.card_ids else set()
        if isinstance(value, dict):
            return set().union(*(self.cards_in(v) for v in value.values())) if value else set()
        if isinstance(value, list | tuple):
            return set().union(*(self.cards_in(v) for v in value)) if value else set()
        return set()

    def named(self, text: str) -> tuple[set[str], set[int]]:
        """The strategy card names and the betrayal cards (numbers) a text (a log line, a page)
        says."""
        betrayals = {int(n) for n in re.findall(r"[Bb]etrayal card (\d+)", text)}
        by_name = {n: b for b, n in self.betrayal_name.items()}
        betrayals |= {by_name[w] for w in self.betrayal_words.findall(text)}
        return set(self.card_words.findall(text)), betrayals


def _alternation(words: Any) -> re.Pattern[str]:
    ordered = sorted({w for w in words if w}, key=len, reverse=True)  # the longest name first
    return re.compile("|".join(re.escape(w) for w in ordered))


class Known:
    """Per version, what ``viewer`` has been shown so far: strategy cards (ids), betrayal
    cards (numbers), and whether the Xxcha prediction is its own or has come true."""

    def __init__(self, secrets: Secrets, ref: Ref, viewer: int | None) -> None:
        game, states, steps, _seed = ref
        self.cards: list[set[str]] = []
        self.betrayals: list[set[int]] = []
        self.prediction_open: list[tuple[str, int] | None] = []
        cards: set[str] = set()
        betrayals: set[int] = set()
        fulfilled = False
        for version, state in enumerate(states):
            obs = game.observe(state, viewer)
            seen = redact(steps[version], viewer)
            cards |= secrets.cards_in(to_builtins(obs)) | secrets.cards_in([to_builtins(e) for e in seen])
            if obs.betrayal is not None:
                betrayals.add(obs.betrayal)
            for event in seen:
                if isinstance(event, E.BetrayalAnswered) and event.number is not None:
                    betrayals.add(event.number)
                fulfilled |= isinstance(event, E.PredictionFulfilled)
            self.cards.append(set(cards))
            self.betrayals.append(set(betrayals))
            self.prediction_open.append(
                None if fulfilled or obs.prediction is not None else _prediction(state)
            )


def _prediction(state: Any) -> tuple[str, int] | None:
    """The Xxcha's secret prediction (race index, round), if one was made."""
    race, rnd = state.prediction
    return (race, rnd) if rnd > 0 else None


def _check_text(
    text: str, version: int, known: Known, secrets: Secrets, viewer: int | None, game: Any, asked: set[str]
) -> None:
    cards, betrayals = secrets.named(text)
    allowed_cards = {secrets.card_name[c] for c in known.cards[version] | asked}
    assert cards <= allowed_cards, f"viewer {viewer} at version {version} was shown {cards - allowed_cards}"
    allowed_betrayals = known.betrayals[version]
    assert (
        betrayals <= allowed_betrayals
    ), f"viewer {viewer} at version {version} was shown betrayal card {betrayals - allowed_betrayals}"
    secret = known.prediction_open[version]
    if secret is not None:
        race = secrets.race_name[game.ctx.t.race_ids[secret[0]]]
        said = re.search(rf"predict[^.<]{{0,80}}{re.escape(race)}[^.<]{{0,40}}round {secret[1]}", text)
        assert said is None, f"viewer {viewer} at version {version} was told the Xxcha prediction"


def _check_json(
    viewer: int | None, payloads: list[dict[str, Any]], ref: Ref, secrets: Secrets, tokens: list[str]
) -> int:
    game = ref[0]
    known = Known(secrets, ref, viewer)
    checked = 0
    for version, _state, payload in checked_updates(viewer, payloads, ref, (*STATE_ONLY_FIELDS, *tokens)):
        # A question about any card (interrogation) names cards nobody has been shown: the
        # rules' own legal actions (checked exactly above) may name those, and so may their words.
        asked = secrets.cards_in(payload["legal"])
        got = secrets.cards_in(payload)
        assert (
            got <= known.cards[version] | asked
        ), f"viewer {viewer} got {got - known.cards[version] - asked}"
        words = [*payload["log"], *(json.dumps(p) for p in payload["panels"] + payload["decisions"])]
        words += [a["label"] for a in payload["legal"]]
        _check_text("\n".join(words), version, known, secrets, viewer, game, asked)
        checked += 1
    return checked


def _check_html(
    viewer: int | None, texts: list[str], ref: Ref, secrets: Secrets, tokens: list[str]
) -> tuple[int, int]:
    """How many updates were checked, and in how many the viewer's hand was drawn."""
    game, states = ref[0], ref[1]
    known = Known(secrets, ref, viewer)
    updates = hands = 0
    for version, text in page_updates(texts, ref, tokens):
        updates += 1
        obs = game.observe(states[version], viewer)
        hands += _check_own_sheet(text, obs, secrets, viewer)
        legal = game.legal_actions(states[version], viewer) if viewer is not None else ()
        asked = secrets.cards_in([encode_action(a) for a in legal])
        _check_text(text, version, known, secrets, viewer, game, asked)
    return updates, hands


def _check_own_sheet(text: str, obs: Any, secrets: Secrets, viewer: int | None) -> bool:
    """The skin's sheet of the viewer's own secrets (``class="secret"``, the hand) holds the
    viewer's observation and nothing else; a spectator's page has none of it."""
    if viewer is None:
        assert 'class="secret"' not in text and "Your hand" not in text
        return False
    hand = re.findall(r'<li class="strategy-card"><strong>([^<]*)</strong>', text)
    if hand or "Your hand" in text:
        names = {v: k for k, v in secrets.card_name.items()}
        shown = sorted(names.get(h.removesuffix(ESTIMATED), h) for h in hand)
        assert shown == sorted(obs.hand or ()), f"viewer {viewer}'s hand shows {shown}"
    assert ("Your sealed fleet dial" in text) == (obs.fleet_dial is not None)
    assert ("Your prediction" in text) <= (obs.prediction is not None)
    assert ("Your betrayal card" in text) <= (obs.betrayal is not None)
    return bool(hand)


@pytest.mark.timeout(2400)
@pytest.mark.parametrize(
    "seats",
    [
        [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "human"}],
        [{"kind": "human"}, {"kind": "bot", "level": "normal"}, {"kind": "bot", "level": "easy"}] * 2,
    ],
    ids=["3p-two-random-seats-one-bot", "6p-two-random-seats-four-bots"],
)
def test_no_rex_payload_holds_more_than_its_viewer_may_know(
    tmp_path: Path, seats: list[dict[str, Any]]
) -> None:
    # Random seats may finish a game without a battle; the table's seed is the server's own, so
    # play again (each game checked in full) until one has fought a battle, at most three times.
    for attempt in range(3):
        if _play_and_check(tmp_path / f"game-{attempt}", seats):
            return
    pytest.fail("no battle was fought in three games")


def _play_and_check(tmp_path: Path, seats: list[dict[str, Any]]) -> bool:
    """Play one game through the server and check every payload; whether a battle was fought."""
    tmp_path.mkdir()
    body = {"game": "rex", "players": len(seats), "seats": seats, "options": {"betrayal_cards": "true"}}
    created, received, ref = play_served(tmp_path, body, GAME_TIMEOUT_S)
    game, states = ref[0], ref[1]
    secrets = Secrets(game)
    # The games must have exercised the secrets: cards in hands, traitors, a betrayal card each.
    assert any(any(s.hands) for s in states) and any(any(s.traitors) for s in states)
    for viewer, payloads in received["json"].items():
        assert _check_json(viewer, payloads, ref, secrets, others_tokens(created, viewer)) > 10
    hands = 0
    for viewer, texts in received["html"].items():
        updates, shown = _check_html(viewer, texts, ref, secrets, others_tokens(created, viewer))
        assert updates > 10
        hands += shown
    assert hands > 0, "no seat's page ever drew a hand: the sheet's markup is not what this test reads"
    return any(s.battlers for s in states)
