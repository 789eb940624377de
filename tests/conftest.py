"""Shared pytest setup: the hypothesis profile, and which tests are slow.

The fast loop (``bash scripts/quick.sh``, i.e. ``pytest -m "not slow"``) leaves out the tests
listed in ``SLOW`` below; CI (``scripts/test.sh``) runs everything.  The list lives here, in one
place, so a test is marked by where it is and what it is called (a browser or a real terminal,
a whole game through a UI, servers that are killed and restarted) without editing its file.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")

# Test file -> the test functions in it that take seconds each (None: the whole file).  Measured
# on a 2-core machine with `pytest -n 2 --durations=60`; about half of the suite's time.
SLOW: dict[str, frozenset[str] | None] = {
    "tests/server/test_web_browser.py": None,  # Chromium through Playwright
    "tests/server/test_web_generic.py": frozenset(
        {"test_sealed_bids_plays_to_the_end_in_the_browser_through_the_generic_skin"}  # Chromium
    ),
    "tests/server/test_web_rex.py": None,  # Chromium through Playwright
    "tests/server/test_web_help_browser.py": None,  # Chromium through Playwright, whole short games
    "tests/tui/test_tmux_smoke.py": None,  # the real command in tmux
    "tests/server/test_restart.py": None,  # servers killed and started again, SQLite and PostgreSQL
    "tests/server/test_web_live_toy.py": None,  # a server process, its bot workers and Chromium
    "tests/server/test_web_noleak.py": frozenset({"test_no_payload_holds_more_than_its_viewer_may_know"}),
    "tests/server/test_web_rex_noleak.py": None,  # whole Rex games through a server, 3 and 6 players
    "tests/server/test_web_rex_end_browser.py": None,  # Chromium, a whole Rex game to its end screen
    "tests/server/test_web_rex_whole_game.py": None,  # Chromium, a whole 6-player Rex game, two people
    "tests/server/test_web_starcraft_browser.py": None,  # Chromium, a StarCraft table with a bot
    "tests/server/test_web_starcraft_noleak.py": None,  # whole StarCraft games through a server
    "tests/server/test_forced_moves.py": frozenset(
        {"test_the_page_turns_it_on_and_off_over_the_websocket_in_chromium"}  # Chromium
    ),
    "tests/server/test_web_bots.py": frozenset({"test_bot_workers_leave_when_the_server_is_killed"}),
    "tests/tui/test_decisions.py": frozenset(
        {"test_every_decision_kind_is_offered_and_played_through_the_ui"}
    ),
    "tests/tui/test_rex_terminal.py": frozenset({"test_one_person_and_two_bots_play_a_whole_game_of_rex"}),
    "tests/tui/test_play.py": frozenset(
        {
            "test_one_human_three_bots_play_a_whole_game_with_keys_and_clicks",
            "test_hot_seat_curtain_hides_everything_between_two_humans",
        }
    ),
    "tests/sim/test_command.py": frozenset({"test_results_are_identical_on_every_executor"}),
    "tests/sim/test_bench.py": frozenset({"test_bench_reports_every_measure"}),
}


def _slow_key(item: pytest.Item) -> tuple[str, str]:
    path = item.path.relative_to(item.config.rootpath).as_posix()
    return path, getattr(item, "originalname", item.name)


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to run with an entry of SLOW that names no test: its slow replacement (renamed or
    moved) would silently join the fast loop.  Checked once, in the main process."""
    if hasattr(config, "workerinput"):
        return
    stale: list[str] = []
    for path, names in SLOW.items():
        file = config.rootpath / path
        if not file.is_file():
            stale.append(path)
            continue
        text = file.read_text(encoding="utf-8")
        stale += [
            f"{path}::{name}"
            for name in sorted(names or ())
            if not re.search(rf"^(async )?def {name}\(", text, re.MULTILINE)
        ]
    if stale:
        raise pytest.UsageError(f"tests/conftest.py: SLOW names tests that do not exist: {', '.join(stale)}")


@pytest.hookimpl(tryfirst=True)  # before -m and -k deselect anything
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path, name = _slow_key(item)
        if path in SLOW and (SLOW[path] is None or name in (SLOW[path] or ())):
            item.add_marker(pytest.mark.slow)
