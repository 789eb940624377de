"""What the web table says, rendered from real positions: scores, the end screen, the prompts."""

from __future__ import annotations

import ast
import html
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from turncoat.core.present import plain
from turncoat.core.registry import load_game
from turncoat.games.verrater import VerraterGame
from turncoat.games.verrater.present import discard_title
from turncoat.play import GameInProgress
from turncoat.server import skin, views
from turncoat.server.payload import BROKEN, OVER, PLAYING, build_payload
from turncoat.server.storage import SeatRow
from turncoat.server.table import LiveTable
from turncoat.skins.verrater import web

NAMES = ["Ann", "Bea", "Cyd", "Dov"]


def played_table(stop: Callable[[GameInProgress], bool], seeds: range = range(200)) -> LiveTable:
    """A table played by random legal moves until ``stop(play)`` holds (the first seed whose
    game gets there), exactly as the server keeps it: a game in progress."""
    game = load_game("verrater", players=4)
    assert isinstance(game, VerraterGame)
    for seed in seeds:
        rng = random.Random(seed)
        play = GameInProgress.start(game, seed)
        while not stop(play) and play.outcome() is None:
            (seat,) = play.to_act()
            play.apply(seat, rng.choice(list(play.legal_actions(seat))))
        if stop(play):
            return LiveTable(
                id="t" * 12,
                name="views",
                play=play,
                options=game.config_json(),
                seed=seed,
                version=play.version,
                status=OVER if play.outcome() is not None else PLAYING,
                seats=[SeatRow(i, "human", None, NAMES[i], None, True) for i in range(4)],
                turn_seconds=None,
                listed=True,
                host_hash="",
                created_at=0.0,
            )
    raise AssertionError("no seed reached the wanted position")


def seen_by(play: GameInProgress, viewer: int | None = None) -> Any:
    """What ``viewer`` sees now (None: a spectator), without the log."""
    return play.view(viewer, play.version).observation


def page_text(table: LiveTable, viewer: int | None) -> str:
    update = build_payload(table, viewer, -1)
    return views.update_html(table, update, is_host=False, csrf="x", levels=[])


def with_trading_posts(play: GameInProgress) -> bool:
    outcome = play.outcome()
    return outcome is not None and any(outcome.details["trading_posts"])


def test_player_panels_show_the_final_score_with_trading_posts_at_the_end() -> None:
    """RULES §6.2: the trading-post points are part of the final score, so the panels must show
    the end screen's total, not the running VP that leaves them out."""
    table = played_table(with_trading_posts)
    outcome = table.play.outcome()
    assert outcome is not None
    running = [s.victory_points for s in seen_by(table.play).seats]
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
    table = played_table(lambda play: seen_by(play).round == 3 and seen_by(play).step == "commit")
    running = [s.victory_points for s in seen_by(table.play).seats]
    page = page_text(table, None)
    # without the page script the panels show the totals after the last reveal; the total of
    # before it waits hidden for the script, which shows it while the reveal's VP stage waits
    panels = re.findall(r'<span class="vp"(?![^>]*\bhidden\b)[^>]*>(\d+) VP</span>', page)
    assert [int(v) for v in panels] == running
    held = re.findall(r'<span class="vp"[^>]*data-reveal-until="[^"]*-vp" hidden>(\d+) VP</span>', page)
    assert held and all(int(v) <= max(running) for v in held)


def test_the_round_by_round_table_says_what_each_number_is() -> None:
    """A conflict site names its landscapes' positions, a result names each house's strength,
    and a player's cell names the action card and the VP (not "Diplomat +5 +7")."""
    table = played_table(with_trading_posts)
    page = html.unescape(page_text(table, 1))
    game = table.game
    assert isinstance(game, VerraterGame)
    rounds = web.round_summaries(game, table.play.events(), 1, False)
    types = seen_by(table.play).types
    info = web.board_info(game)
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


def at_hand_limit(play: GameInProgress) -> bool:
    if seen_by(play).step != "discard":
        return False
    (seat,) = play.to_act()
    return len(seen_by(play, seat).hand) - 5 >= 2


def test_the_hand_limit_step_says_how_many_cards_to_discard() -> None:
    """RULES step 10.4: "Discard 2 cards down to the hand limit of 5", then "Discard 1 card"."""
    table = played_table(at_hand_limit)
    (seat,) = table.play.to_act()
    extra = len(seen_by(table.play, seat).hand) - 5
    update = build_payload(table, seat, -1)
    assert [d.title for d in update.decisions] == [f"Discard {extra} cards down to the hand limit of 5"]
    assert f"Discard {extra} cards down to the hand limit of 5" in page_text(table, seat)
    assert discard_title(6, 5) == "Discard 1 card down to the hand limit of 5"


def test_the_log_names_each_seat_once_even_where_a_name_looks_like_a_seat_number() -> None:
    """The log comes written with the seats' names (the presentation's seat references): a
    player called "Seat 2" sits at seat 1 and must not be taken for a reference to seat 2."""
    table = played_table(lambda play: seen_by(play).round == 2)
    table.seats = [SeatRow(i, "human", None, f"Seat {i + 1}", None, True) for i in range(4)]
    names = [s.name for s in table.seats]
    for viewer in (None, 1):
        payload = build_payload(table, viewer, -1)
        expected = [plain(line, names) for line in table.play.view(viewer).log]
        assert payload.log == expected and len(expected) > 10
        page = html.unescape(page_text(table, viewer))
        shown = page.split('id="log"')[1].split("</ol>")[0]
        assert re.findall(r"<li(?: class=\"log-\w+\")?>([^<]*)</li>", shown) == expected
    placed = next(e for e in table.play.events() if type(e).__name__ == "EstatePlaced")
    assert any(line.startswith(f"Seat {placed.seat + 1} places an estate") for line in expected)  # type: ignore[attr-defined]


def test_a_broken_table_says_so_and_draws_no_position() -> None:
    """A table whose record no longer replays has no position: its update says why, and no
    board, hand or log is drawn from what was half restored."""
    table = played_table(lambda play: seen_by(play).round == 2)
    table.status, table.problem = BROKEN, "the record no longer replays"
    for viewer in (None, 0):
        page = page_text(table, viewer)
        assert "it cannot continue" in page
        assert 'id="board"' not in page and 'id="me"' not in page and 'id="log"' not in page


# -- skins: found by game id, the generic one for a game without -----------------------------------
SERVER = Path(views.__file__).resolve().parent


def test_a_game_is_drawn_by_its_own_skin_or_else_by_the_generic_one() -> None:
    import turncoat.core.testing.toy  # noqa: F401  (registers sealed_bids, which has no skin)

    assert skin.web_skin("verrater") is web.SKIN
    assert skin.web_skin("sealed_bids") is skin.GENERIC
    assert skin.environment("sealed_bids") is skin.GENERIC_ENV
    board = skin.environment("verrater").get_template("_board.html").filename or ""
    assert Path(board).parent == web.SKIN.templates
    log = skin.environment("verrater").get_template("_log.html").filename or ""
    assert Path(log).parent == skin.GENERIC_TEMPLATES  # what a skin does not draw is generic


def test_a_skin_that_fails_to_import_is_an_error_not_a_missing_skin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a missing ``turncoat.skins.<id>.web`` means "no skin"; a skin that imports something
    missing is a bug that must show, not a game quietly drawn by the generic templates."""
    import turncoat.skins

    probe = tmp_path / "probe_skin"
    probe.mkdir()
    (probe / "__init__.py").write_text("")
    (probe / "web.py").write_text("import turncoat_no_such_module_here\n")
    monkeypatch.setattr(turncoat.skins, "__path__", [*turncoat.skins.__path__, str(tmp_path)])
    try:
        with pytest.raises(ModuleNotFoundError, match="turncoat_no_such_module_here"):
            skin.web_skin("probe_skin")
    finally:
        skin.web_skin.cache_clear()
        for name in ("turncoat.skins.probe_skin", "turncoat.skins.probe_skin.web"):
            sys.modules.pop(name, None)
    assert skin.web_skin("no_such_game") is skin.GENERIC


def test_the_server_and_the_generic_templates_know_no_game() -> None:
    """The game's words come from its presentation, its board from its skin: no module of the
    web frontend imports a game, and no generic template or the page script says a game's word."""
    own = [SERVER / "views.py", SERVER / "skin.py", SERVER / "offer.py", SERVER / "adapters.py"]
    modules = [*own, *(SERVER / "routes").glob("*.py")]
    for path in modules:
        tree = ast.parse(path.read_text())
        imported = [
            n.module if isinstance(n, ast.ImportFrom) else a.name
            for n in ast.walk(tree)
            if isinstance(n, ast.Import | ast.ImportFrom)
            for a in (n.names if isinstance(n, ast.Import) else [n])  # type: ignore[list-item]
        ]
        assert not [m for m in imported if m and m.startswith("turncoat.games")], path
    words = re.compile(
        r"\b(verr[aä]ter|eagles?|roses?|landscapes?|supply|commit(?:_\w+)?|estates?|VP)\b", re.I
    )
    web_files = [
        *skin.GENERIC_TEMPLATES.glob("*.html"),
        views.STATIC / "turncoat.js",
        views.STATIC / "turncoat.css",
    ]
    for path in [*web_files, *modules]:
        found = words.findall(path.read_text())
        assert not found, f"{path.name} says {found}"
