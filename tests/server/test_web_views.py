"""What the web table says, rendered from real positions: scores, the end screen, the prompts."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable
from typing import Any

from turncoat.core.present import plain
from turncoat.core.registry import load_game
from turncoat.games.verrater import VerraterGame
from turncoat.play import GameInProgress
from turncoat.server import adapters, views
from turncoat.server.live import OVER, PLAYING, LiveTable, build_payload
from turncoat.server.payload import for_templates
from turncoat.server.storage import SeatRow

NAMES = ["Ann", "Bea", "Cyd", "Dov"]
STATES: dict[int, Any] = {}  # the position each played table was stopped at, by its game's id


def played_table(stop: Callable[[VerraterGame, Any], bool], seeds: range = range(200)) -> LiveTable:
    """A table played by random legal moves until ``stop(game, state)`` holds (the first seed
    whose game gets there), exactly as the server keeps it: a game in progress."""
    game = load_game("verrater", players=4)
    assert isinstance(game, VerraterGame)
    for seed in seeds:
        rng = random.Random(seed)
        play = GameInProgress.start(game, seed)
        state = game.start(seed).state  # the test's own copy, to know where to stop
        while not stop(game, state) and game.outcome(state) is None:
            (seat,) = game.to_act(state)
            action = rng.choice(list(game.legal_actions(state, seat)))
            state = game.apply(state, seat, action).state
            play.apply(seat, action)
        if stop(game, state):
            STATES[id(play)] = state
            return LiveTable(
                id="t" * 12,
                name="views",
                play=play,
                options=game.config_json(),
                seed=seed,
                version=play.version,
                status=OVER if game.outcome(state) is not None else PLAYING,
                seats=[SeatRow(i, "human", None, NAMES[i], None, True) for i in range(4)],
                turn_seconds=None,
                listed=True,
                host_hash="",
                created_at=0.0,
            )
    raise AssertionError("no seed reached the wanted position")


def state_of(table: LiveTable) -> Any:
    """The position the test played the table to (the table itself never shows its state)."""
    return STATES[id(table.play)]


def page_text(table: LiveTable, viewer: int | None) -> str:
    payload = for_templates(table, build_payload(table, viewer, -1))
    info = adapters.board_info(table.game)
    return views.render_update(payload, info, is_host=False, csrf="x", levels=[])


def with_trading_posts(game: VerraterGame, state: Any) -> bool:
    outcome = game.outcome(state)
    return outcome is not None and any(outcome.details["trading_posts"])


def test_player_panels_show_the_final_score_with_trading_posts_at_the_end() -> None:
    """RULES §6.2: the trading-post points are part of the final score, so the panels must show
    the end screen's total, not the running VP that leaves them out."""
    table = played_table(with_trading_posts)
    outcome = table.play.outcome()
    assert outcome is not None
    running = [s.victory_points for s in table.play.view(None).observation.seats]
    page = page_text(table, 0)
    panels = dict(
        re.findall(
            r'<article class="player seat-(\d)[^"]*".*?<span class="vp"[^>]*>(\d+) VP</span>', page, re.S
        )
    )
    final = [int(v) for v in outcome.scores]
    assert {int(k): int(v) for k, v in panels.items()} == dict(enumerate(final))
    assert final != running  # the trading posts make a difference in this game
    totals = re.findall(r"<td><strong>(\d+)</strong></td>", page)  # the end screen's total column
    assert [int(t) for t in totals] == final


def test_player_panels_show_the_running_vp_during_the_game() -> None:
    table = played_table(lambda game, state: state.round == 3 and state.step == "commit")
    running = [s.victory_points for s in table.play.view(None).observation.seats]
    page = page_text(table, None)
    panels = re.findall(r'<span class="vp"[^>]*>(\d+) VP</span>', page)
    assert [int(v) for v in panels] == running


def test_the_round_by_round_table_says_what_each_number_is() -> None:
    """A conflict site names its landscapes' positions, a result names each house's strength,
    and a player's cell names the action card and the VP (not "Diplomat +5 +7")."""
    table = played_table(with_trading_posts)
    page = html.unescape(page_text(table, 1))
    rounds = adapters.round_summaries(table.game, table.play.events(), 1, False)
    types = state_of(table).types
    info = adapters.board_info(table.game)
    assert "Conflict site" in page and "Strength and result" in page
    for r in rounds:
        a, b = r["site"]
        assert f"Eagle {info['types'][types[a]]['name']} (landscape {a})" in page
        assert f"vs Rose {info['types'][types[b]]['name']} (landscape {b})" in page
        assert f"Eagles {r['strength']['eagle']} – Roses {r['strength']['rose']}:" in page
    cells = re.findall(
        r'<span class="line muted">([^<]+) card,</span> <span class="line">\+(\d+) VP</span>', page
    )
    assert len(cells) == 4 * len(rounds)
    assert sorted({role for role, _ in cells}) <= sorted(info["roles"].values())


def at_hand_limit(game: VerraterGame, state: Any) -> bool:
    return bool(state.step == "discard" and len(state.hands[state.actor]) - game.ctx.t.hand_limit >= 2)


def test_the_hand_limit_step_says_how_many_cards_to_discard() -> None:
    """RULES step 10.4: "Discard 2 cards down to the hand limit of 5", then "Discard 1 card"."""
    table = played_table(at_hand_limit)
    seat = state_of(table).actor
    extra = len(state_of(table).hands[seat]) - 5
    payload = for_templates(table, build_payload(table, seat, -1))
    groups = views.controls(payload, adapters.board_info(table.game))
    assert [g["title"] for g in groups] == [f"Discard {extra} cards down to the hand limit of 5"]
    assert f"Discard {extra} cards down to the hand limit of 5" in page_text(table, seat)
    assert views.discard_title(6, 5) == "Discard 1 card down to the hand limit of 5"


def test_the_log_names_each_seat_once_even_where_a_name_looks_like_a_seat_number() -> None:
    """The log comes written with the seats' names (the presentation's seat references): a
    player called "Seat 2" sits at seat 1 and must not be taken for a reference to seat 2."""
    table = played_table(lambda game, state: state.round == 2)
    table.seats = [SeatRow(i, "human", None, f"Seat {i + 1}", None, True) for i in range(4)]
    names = [s.name for s in table.seats]
    for viewer in (None, 1):
        payload = build_payload(table, viewer, -1)
        expected = [plain(line, names) for line in table.play.view(viewer).log]
        assert payload.log == expected and len(expected) > 10
        page = html.unescape(page_text(table, viewer))
        assert re.findall(r"<li>([^<]*)</li>", page.split('id="log"')[1].split("</ol>")[0]) == expected
    placed = next(e for e in table.play.events() if type(e).__name__ == "EstatePlaced")
    assert any(line.startswith(f"Seat {placed.seat + 1} places an estate") for line in expected)  # type: ignore[attr-defined]
