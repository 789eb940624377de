"""Rex at the table: the battle panel and its reveal (RULES §10.3), the ceasefire window (§13.1,
§13.2) and the one public channel of talk (§16.3), drawn from real positions of seeded games.

A sealed plan part never reaches anyone but its owner: two positions that differ only in one
seat's sealed dial (or leader) give every other seat and a spectator the very same JSON and HTML.
The reveal shows, stage by stage, what the log reports of the battle.
"""

from __future__ import annotations

import html as htmlmod
import json
import re
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

import turncoat.core.testing.toy  # noqa: F401  (registers sealed_bids, a game with no skin)
from tests.server.test_web_rex_skin import table_at, toy_table
from tests.server.web_support import (
    app_client,
    create_table,
    person_page,
    receive_json,
    receive_until,
    replay_page,
)
from turncoat.core import deals
from turncoat.core.actions import Action
from turncoat.core.present import plain
from turncoat.core.registry import load_game
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex.observe import PlanView, RexObservation
from turncoat.games.rex.present import BATTLE_PLAN_STAGES, REVEAL_STAGES, RexPresentation
from turncoat.play import GameInProgress
from turncoat.server import adapters, bots, views
from turncoat.server.payload import build_payload, visible_events
from turncoat.server.table import LiveTable
from turncoat.skins.rex import battle, ceasefire

STAGE_ORDER = [key for key, _ in REVEAL_STAGES]


def payload_of(table: LiveTable, viewer: int | None, play: GameInProgress | None = None) -> dict[str, Any]:
    out: dict[str, Any] = msgspec.to_builtins(build_payload(table, viewer, -1, play=play))
    return out


def page_of(table: LiveTable, viewer: int | None) -> str:
    """The table page ``viewer`` is served (as the route draws it: with the viewer's events)."""
    update = build_payload(table, viewer, -1)
    return person_page(table, msgspec.to_builtins(update), views.story(table.play, update))


def apply(table: LiveTable, seat: int, action: Action) -> None:
    table.play.apply(seat, action)
    table.version = table.play.version


def battle_section(page: str) -> str:
    found = re.search(r'<section id="battle".*?</section>', page, re.S)
    return found.group(0) if found else ""


# -- §10.3, §16.2: a sealed plan stays with its owner ----------------------------------------------
def sealed_position() -> tuple[int, int]:
    """A seed and the seat of a 4-player game at a battle plan, where that seat may set its dial
    to two values and then choose between two leaders, and the opponent has not chosen its
    leader yet (so nothing is revealed in between)."""
    for seed in range(1, 40):
        try:
            table = table_at((A.SetDial,), players=4, seed=seed, seat=0)
        except AssertionError:
            continue
        obs = table.play.view(0).observation
        assert obs.battle is not None
        other = next(p for p in obs.battle.plans if p.seat != 0)
        dials = [a for a in table.play.legal_actions(0) if isinstance(a, A.SetDial)]
        if "leader" in other.parts_set or len(dials) < 2:
            continue
        apply(table, 0, dials[0])
        leaders = [a for a in table.play.legal_actions(0) if isinstance(a, A.PickLeader)]
        if len({(a.leader, a.slot) for a in leaders}) >= 2:
            return seed, obs.battle.defender if obs.battle.aggressor == 0 else obs.battle.aggressor
    pytest.fail("no seeded game reached a battle plan with choices on both parts")


def test_rules_10_3_a_sealed_dial_and_leader_reach_no_other_seat_nor_a_spectator() -> None:
    """Two tables that differ only in seat 0's sealed dial, then only in its sealed leader and
    card slot: the opponent, a third seat and a spectator get identical JSON and identical pages;
    seat 0 sees its own choice (so the check can fail)."""
    seed, opponent = sealed_position()
    third = next(p for p in range(4) if p not in (0, opponent))
    low, high = table_at((A.SetDial,), players=4, seed=seed), table_at((A.SetDial,), players=4, seed=seed)
    dials = [a for a in low.play.legal_actions(0) if isinstance(a, A.SetDial)]
    apply(low, 0, dials[0])
    apply(high, 0, dials[-1])
    checked = 0
    for step in ("dial", "leader"):
        if step == "leader":
            leaders = [a for a in low.play.legal_actions(0) if isinstance(a, A.PickLeader)]
            apply(low, 0, leaders[0])
            apply(high, 0, leaders[-1])
        assert low.play.view(opponent).observation.battle.revealed == 0
        for viewer in (opponent, third, None):
            assert payload_of(low, viewer) == payload_of(high, viewer), (step, viewer)
            assert page_of(low, viewer) == page_of(high, viewer), (step, viewer)
            sealed = battle_section(page_of(low, viewer))
            assert "set, sealed" in sealed, (step, viewer)
            checked += 1
        assert payload_of(low, 0) != payload_of(high, 0)
        mine = battle_section(page_of(high, 0))
        assert f'<dd data-part="Dial">{dials[-1].value}</dd>' in mine
    assert checked == 6


def test_rules_10_3_your_plan_is_built_in_its_stages_in_order() -> None:
    """The stepper of the viewer's own plan: dial, then leader and slot, the first reveal, the
    cards, the second reveal; the first stage not behind it is the current one."""

    def plan(parts: tuple[str, ...]) -> PlanView:
        return PlanView(seat=0, parts_set=parts, dial=None, leader=None, slot=None, attack=None, defense=None)

    def current(parts: tuple[str, ...], revealed: int) -> str | None:
        found = [s["key"] for s in battle.own_stages(plan(parts), revealed) if s["current"]]
        return found[0] if found else None

    assert [k for k, _ in BATTLE_PLAN_STAGES] == ["dial", "leader", "reveal1", "cards", "reveal2"]
    assert current((), 0) == "dial"
    assert current(("dial",), 0) == "leader"
    assert current(("dial", "leader", "slot"), 0) == "reveal1"
    assert current(("dial", "leader", "slot"), 1) == "cards"
    assert current(("dial", "leader", "slot", "attack", "defense"), 1) == "reveal2"
    assert current(("dial", "leader", "slot", "attack", "defense"), 2) is None


# -- §10.3 steps 4-8: the reveal --------------------------------------------------------------------
@pytest.fixture(scope="module")
def whole_game() -> LiveTable:
    return table_at((), players=4, seed=5)


def last_fought(events: list[Any]) -> tuple[int, int]:
    """The start and end (its BattleFought) of the last battle decided among ``events``."""
    end = max(i for i, e in enumerate(events) if isinstance(e, E.BattleFought))
    start = max(i for i, e in enumerate(events[:end]) if isinstance(e, E.BattleStarted))
    return start, end


def fought_versions(table: LiveTable) -> list[int]:
    """The versions at which a battle was decided (``events(v)``: the events from version v on)."""
    after = [len(table.play.events(v)) for v in range(table.version + 2)]
    out = []
    for v in range(1, table.version + 1):
        own = table.play.events(v)[: after[v] - after[v + 1]]
        if any(isinstance(e, E.BattleFought) for e in own):
            out.append(v)
    return out


def test_rules_10_3_the_reveal_shows_what_the_log_reports_stage_by_stage(whole_game: LiveTable) -> None:
    """At each battle's end, for a spectator and each battler: the stages come in the rulebook's
    order (dials and leaders, cards, traitor, result), the dials and leaders and cards are the
    ones revealed, and the result starts with the log's line of who won."""
    table = whole_game
    face = table.play.face
    assert isinstance(face, RexPresentation)
    names = [s.name for s in table.seats]
    versions = fought_versions(table)
    assert len(versions) >= 3
    for v in versions[:8]:
        play = table.replay_to(v)
        events = list(play.events(0))
        start, end = last_fought(events)
        fought = events[end]
        plans = next(e for e in events[start:end] if isinstance(e, E.BattlePlansRevealed))
        cards = next(e for e in events[start:end] if isinstance(e, E.BattleCardsRevealed))
        begun = events[start]
        assert isinstance(begun, E.BattleStarted)
        sides = (begun.aggressor, begun.defender)
        for viewer in (None, *sides):
            obs = play.view(viewer).observation
            mine = visible_events(play, viewer)
            reveal = battle.last_reveal(mine, obs, face, dict(enumerate(names)))
            assert reveal is not None
            assert [s["stage"] for s in reveal["stages"]] == STAGE_ORDER
            lines = {s["stage"]: s["lines"] for s in reveal["stages"]}
            for i, seat in enumerate(sides):
                said = lines["plans"][i]
                assert said.startswith(names[seat])
                assert (
                    f"dial {plans.dials[i]}, {face.names.leader_name(plans.leaders[i], strength=True)}"
                    in said
                )
                shown = lines["cards"][-2 + i]
                assert f"attack {face.names.card_name(cards.attack[i])}" in shown
                assert f"defense {face.names.card_name(cards.defense[i])}" in shown
            result = plain(face.event_line(fought) or (), names)
            assert lines["result"][0] == result
            assert result in payload_of(table, viewer, play)["log"]
            page = replay_page(table, viewer, play)
            at = [page.index(f'data-reveal-step="{reveal["key"]}-{stage}"') for stage in STAGE_ORDER]
            assert at == sorted(at)
            assert htmlmod.escape(result) in page


def test_rules_10_3_a_battle_decided_without_a_traitor_says_none_was_revealed(whole_game: LiveTable) -> None:
    table = whole_game
    face = table.play.face
    assert isinstance(face, RexPresentation)
    for v in fought_versions(table):
        play = table.replay_to(v)
        events = list(play.events(0))
        start, end = last_fought(events)
        if any(isinstance(e, E.TraitorRevealed) for e in events[start:end]):
            continue
        reveal = battle.last_reveal(events, play.view(None).observation, face, {})
        assert reveal is not None
        assert next(s for s in reveal["stages"] if s["stage"] == "traitor")["lines"] == [
            "No traitor is revealed."
        ]
        return
    pytest.fail("every battle of the game was decided by a traitor")


def test_rules_10_2_the_last_reveal_stays_until_the_next_battle_is_revealed(whole_game: LiveTable) -> None:
    """While the next battle is fought (plans still sealed), the reveal on screen is the last
    battle's; once the next plans are revealed it is the new battle's."""
    table = whole_game
    face = table.play.face
    assert isinstance(face, RexPresentation)
    for v in range(1, table.version + 1):
        play = table.replay_to(v)
        obs = play.view(None).observation
        if obs.battle is None or obs.battle.revealed:
            continue
        events = list(play.events(0))
        reveal = battle.last_reveal(events, obs, face, {})
        if reveal is None:
            continue
        key_now = f"battle-{obs.round}-{obs.battle.area}-{obs.battle.aggressor}-{obs.battle.defender}"
        assert reveal["key"] != key_now
        panel = battle_section(replay_page(table, None, play))
        assert f'data-reveal="{reveal["key"]}"' in panel and "The last battle" in panel
        while (
            play.view(None).observation.battle is not None and not play.view(None).observation.battle.revealed
        ):
            v += 1
            play = table.replay_to(v)
        later = battle.last_reveal(list(play.events(0)), play.view(None).observation, face, {})
        assert later is not None and later["key"] == key_now
        return
    pytest.fail("no battle followed another")


# -- §13.1, §13.2: the ceasefire window -------------------------------------------------------------
def ceasefire_table() -> LiveTable:
    return table_at((deals.Propose,), players=4, seed=2, seat=0)


def proposal_to(table: LiveTable, seat: int, to: tuple[int, ...]) -> deals.Propose:
    return next(a for a in table.play.legal_actions(seat) if isinstance(a, deals.Propose) and a.to == to)


def test_rules_13_2_a_proposal_shows_to_everyone_and_its_answers_only_to_whom_it_asks() -> None:
    """Seat 0 proposes an alliance to seat 1: every seat and a spectator see who proposed what
    to whom; only seat 1's window holds the Accept and Decline of it (its legal actions), only
    seat 0's the Withdraw; once
    accepted the alliance stands in everyone's window and in the public observation."""
    table = ceasefire_table()
    apply(table, 0, proposal_to(table, 0, (1,)))
    legal = {json.dumps(msgspec.to_builtins(a), sort_keys=True) for a in table.play.legal_actions(1)}
    for viewer in (0, 1, 2, 3, None):
        page = page_of(table, viewer)
        assert 'class="ceasefire"' in page, viewer
        item = re.search(r'<li class="proposal" data-proposal="1">.*?</li>', page, re.S)
        assert item, viewer
        assert "Ann proposes to Bea an alliance of Ann, Bea" in item.group(0)
        assert "waiting for Bea" in item.group(0)
        buttons = re.findall(r'name="action" value="([^"]+)"', item.group(0))
        answers = [json.loads(htmlmod.unescape(b)) for b in buttons]
        if viewer == 1:
            assert sorted(a["type"] for a in answers) == ["accept", "decline"]
            assert all(json.dumps(a, sort_keys=True) in legal for a in answers)
        elif viewer == 0:  # the proposer may withdraw it
            assert answers == [{"proposal": 1, "type": "withdraw"}]
        else:
            assert buttons == [], viewer
        assert "No alliances." in page
    accept = next(a for a in table.play.legal_actions(1) if isinstance(a, deals.Accept))
    apply(table, 1, accept)
    assert table.play.view(None).observation.deals.alliances == ((0, 1),)
    for viewer in (0, 1, 2, 3, None):
        page = page_of(table, viewer)
        if 'class="ceasefire"' in page:  # the window may have closed for everyone by now
            assert '<li class="alliance">Ann, Bea</li>' in page, viewer


def test_rules_13_1_the_window_lists_who_is_still_negotiating() -> None:
    table = ceasefire_table()
    obs = table.play.view(None).observation
    panel = ceasefire.ceasefire_panel(
        obs, payload_of(table, None), {i: s.name for i, s in enumerate(table.seats)}
    )
    assert panel is not None
    assert panel["negotiating"] == [table.seats[p].name for p in obs.to_act]
    assert sorted(panel["negotiating"] + panel["done"]) == sorted(s.name for s in table.seats)
    done = next(a for a in table.play.legal_actions(0) if isinstance(a, A.EndCeasefire))
    apply(table, 0, done)
    obs = table.play.view(None).observation
    if obs.step == "ceasefire":
        panel = ceasefire.ceasefire_panel(
            obs, payload_of(table, None), {i: s.name for i, s in enumerate(table.seats)}
        )
        assert panel is not None and "Ann" in panel["done"] and "Ann" not in panel["negotiating"]


def test_rules_13_2_a_normal_bot_answers_a_proposal_made_to_it() -> None:
    """The server's bots (the engine's agents): the "normal" bot asked to join an alliance
    accepts or declines it before anything else; it never lets the question hang."""
    table = ceasefire_table()
    apply(table, 0, proposal_to(table, 0, (1,)))
    spec = adapters.game_levels(table.game)["normal"]
    state_json = table.play.snapshot()[0]
    for seed in range(5):
        action = bots.choose_in_worker("rex", table.options, spec, state_json, 1, seed)
        assert isinstance(action, deals.Accept | deals.Decline) and action.proposal == 1, action


# -- §16.3: one public channel ----------------------------------------------------------------------
def test_rules_16_3_rex_never_offers_a_whisper() -> None:
    """No secret conferences: the presentation names no pairs that may talk in private, so no
    update offers a whisper and no page holds a whisper form, in a ceasefire or a battle."""
    tables = [ceasefire_table(), table_at((A.SetDial,), players=4, seed=5)]
    assert not hasattr(tables[0].play.face, "whisper_pairs")
    for table in tables:
        for viewer in (0, 1, 2, 3, None):
            assert payload_of(table, viewer)["whisper_to"] == []
            assert "whisper" not in page_of(table, viewer)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path) as c:
        yield c


def _next_chat_or_error(ws: Any) -> dict[str, Any]:
    for _ in range(50):
        message = receive_json(ws)
        if message["type"] in ("chat", "error"):
            return message
    raise AssertionError("no chat line and no error")


def test_rules_16_3_table_talk_is_the_same_for_every_seat_and_spectator(client: TestClient) -> None:
    """A line one seat says reaches every seat and a spectator alike, and the page's chat
    history is the same for all; a whisper is refused (nothing to whisper through in Rex)."""
    created = create_table(client, seats=[{"kind": "human"}] * 4, game="rex")
    table_id, tokens = created["table"], created["seat_tokens"]
    for token in tokens.values():
        assert client.get(f"/join/{table_id}/{token}", follow_redirects=False).status_code == 303
    client.cookies.clear()

    def ws_of(token: str | None) -> Any:
        headers = {"cookie": f"tc_seat_{table_id}={token}"} if token else {}
        return client.websocket_connect(f"/ws/{table_id}?format=json", headers=headers)

    with ExitStack() as stack:
        ws = {int(s): stack.enter_context(ws_of(t)) for s, t in tokens.items()}
        spectator = stack.enter_context(ws_of(None))
        for w in (*ws.values(), spectator):
            assert receive_until(w, "update")["whisper_to"] == []
        ws[0].send_text(json.dumps({"type": "whisper", "to": 1, "text": "just between us"}))
        refused = _next_chat_or_error(ws[0])
        assert refused["type"] == "error" and refused["code"] == "whisper_closed"
        ws[0].send_text(json.dumps({"type": "chat", "text": "I propose we all attack Bea"}))
        heard = [_next_chat_or_error(w) for w in (*ws.values(), spectator)]
        assert all(h["type"] == "chat" for h in heard)
        assert len({json.dumps(h, sort_keys=True) for h in heard}) == 1  # the very same line
        assert heard[0]["text"] == "I propose we all attack Bea" and heard[0].get("kind") == "chat"
    pages = []
    for token in (*tokens.values(), None):
        client.cookies.clear()
        if token:
            client.cookies.set(f"tc_seat_{table_id}", token)
        page = client.get(f"/t/{table_id}").text
        assert "just between us" not in page and "whisper-form" not in page
        pages.append(re.search(r'<ol id="chat-log".*?</ol>', page, re.S).group(0))  # type: ignore[union-attr]
    assert len(set(pages)) == 1 and "I propose we all attack Bea" in pages[0]


def test_the_reveal_is_only_drawn_from_a_skin_that_asks_for_the_story() -> None:
    """The generic shell gives a skin the viewer's events during play only when the skin asks
    (Rex does, for the reveal); a game without such a skin is given none until the end."""
    table = table_at((A.SetDial,), players=4, seed=5)
    update = build_payload(table, None, -1)
    assert update.outcome is None
    assert views.story(table.play, update) == visible_events(table.play, None) != []
    toy = toy_table(load_game("sealed_bids", players=2))
    toy_update = build_payload(toy, None, -1)
    assert toy_update.outcome is None and views.story(toy.play, toy_update) == []


def test_a_viewers_reveal_holds_no_event_hidden_from_it(whole_game: LiveTable) -> None:
    """The reveal is built from the viewer's redacted events: for a seat, nothing in it comes
    from another seat's private lines (each line is one its own log also holds or a plan line)."""
    table = whole_game
    face = table.play.face
    assert isinstance(face, RexPresentation)
    names = [s.name for s in table.seats]
    v = fought_versions(table)[0]
    play = table.replay_to(v)
    for viewer in (0, 1, 2, 3, None):
        obs: RexObservation = play.view(viewer).observation
        reveal = battle.last_reveal(visible_events(play, viewer), obs, face, dict(enumerate(names)))
        assert reveal is not None
        log = payload_of(table, viewer, play)["log"]
        for stage in reveal["stages"]:
            if stage["stage"] in ("traitor", "result"):
                for text in stage["lines"]:
                    assert text in log or text == "No traitor is revealed.", (viewer, text)
