"""The real ``turncoat play`` command in a real terminal (tmux): start, play, quit, resume, replay.

tmux runs the installed ``turncoat`` script at 120×40; the test reads the screen back with
``capture-pane`` and types with ``send-keys``, as a person would.  A private tmux socket keeps
it apart from any other tmux on the machine.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from turncoat.core.record import load_record, replay
from turncoat.core.registry import load_game

TMUX = shutil.which("tmux")
TURNCOAT = Path(sys.executable).parent / "turncoat"
pytestmark = pytest.mark.skipif(TMUX is None or not TURNCOAT.exists(), reason="needs tmux and turncoat")


class Terminal:
    """One tmux window running a command."""

    def __init__(self, socket: str, name: str) -> None:
        self.socket, self.name = socket, name

    def run(self, *args: str) -> str:
        assert TMUX is not None
        done = subprocess.run([TMUX, "-L", self.socket, *args], capture_output=True, text=True, check=True)
        return done.stdout

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", self.name)

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", self.name, *keys)

    def wait_for(self, check: Callable[[str], bool], what: str, timeout: float = 60.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = self.screen()
            if check(text):
                return text
            time.sleep(0.2)
        raise AssertionError(f"never saw {what}; the screen was:\n{self.screen()}")


def saved_more_than(save: Path, played: int) -> Callable[[str], bool]:
    """A wait condition: the record on disk holds more than ``played`` actions."""
    return lambda _screen: len(load_record(save).actions) > played


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Callable[[str, str], Terminal]]:
    # A server of its own per test: the previous test's server may still be shutting down after
    # kill-server, and a new session on its socket would find it dying ("server exited").
    socket = f"turncoat-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    # COLUMNS and LINES (set by some test runners) would override the size of the tmux window.
    env = f"-u COLUMNS -u LINES XDG_DATA_HOME={shlex.quote(str(tmp_path))} TERM=xterm-256color"

    def start(name: str, command: str) -> Terminal:
        term = Terminal(socket, name)
        # The shell stays after the command so its last words can be read.
        line = f"cd {shlex.quote(str(tmp_path))} && env {env} {command}; echo EXITED $?; sleep 60"
        term.run("new-session", "-d", "-s", name, "-x", "120", "-y", "40", line)
        return term

    yield start
    assert TMUX is not None
    subprocess.run([TMUX, "-L", socket, "kill-server"], capture_output=True, check=False)


def test_play_quit_resume_and_replay_in_a_real_terminal(
    tmux: Callable[[str, str], Terminal], tmp_path: Path
) -> None:
    save = tmp_path / "smoke.json"
    seats = "--seats human,random,random --names Cid"
    play = f"{TURNCOAT} play verrater {seats} --seed 4 --delay 0 --save {save}"
    term = tmux("first", play)
    screen = term.wait_for(lambda s: "Place your first estate" in s, "the first decision")
    assert "Cid (you)" in screen and "Your hand: [3] [4] [5]" in screen
    assert screen.count("str ") == 12 and "no building" in screen  # the whole ring is drawn
    for _ in range(3):
        played = len(load_record(save).actions)  # before the key: the app may save at once
        term.keys("1")
        term.wait_for(saved_more_than(save, played), "the choice being saved")
        term.wait_for(lambda s: " Cid: " in s, "Cid's next decision")
    term.keys("q")
    screen = term.wait_for(lambda s: "EXITED 0" in s, "the app to quit")
    assert f"turncoat play --resume {save}"[:60] in screen.replace("\n", "")
    record = load_record(save)
    before = len(record.actions)
    game = load_game("verrater", **record.config)
    round_now = game.observe(replay(game, record).final_state, 0).round

    again = tmux("second", f"{TURNCOAT} play --resume {save} --delay 0")
    screen = again.wait_for(lambda s: " Cid: " in s, "the resumed table")
    assert (f"Round {round_now}/" if round_now else "Setup") in screen.splitlines()[0]
    again.keys("1")
    again.wait_for(saved_more_than(save, before), "the resumed game being saved")
    again.keys("q")
    again.wait_for(lambda s: "EXITED 0" in s, "the resumed app to quit")

    shown = subprocess.run(
        [str(TURNCOAT), "replay", str(save), "--as", "1"], capture_output=True, text=True, check=False
    )
    assert shown.returncode == 0, shown.stderr
    assert "as Cid saw it" in shown.stdout  # --as counts players from 1 and names them as the table did


def test_play_rex_at_its_own_table_in_a_real_terminal(
    tmux: Callable[[str, str], Terminal], tmp_path: Path
) -> None:
    """``turncoat play rex`` at 120×40: the board by sector, the sheets and the choices fit; keys
    choose (each choice saved), ``?`` and ``l`` open and close; q saves, --resume continues."""
    save = tmp_path / "rex.json"
    play = f"{TURNCOAT} play rex --seats human,random,random --names Cid --seed 3 --delay 0 --save {save}"
    term = tmux("rex", play)
    choosing = "1-9 Choose"  # the footer offers the choice keys only while Cid is to choose
    screen = term.wait_for(lambda s: choosing in s, "Cid's first decision")
    assert "The board" in screen and "S1 " in screen and "S18 " in screen and "Centre" in screen
    assert "Players (public)" in screen and "Cid: your sheet and hand" in screen
    for _ in range(3):
        played = len(load_record(save).actions)
        term.keys("1")
        term.wait_for(saved_more_than(save, played), "the choice being saved")
        term.wait_for(lambda s: choosing in s, "Cid's next decision")
    term.keys("?")

    # ? opens with Cid's decision explained when it is Cid's turn, else with the game's guide
    def help_shown(screen: str) -> bool:
        return "Your decision now" in screen or "How to play Rex" in screen

    term.wait_for(help_shown, "the help")
    term.keys("Escape")
    term.wait_for(lambda s: choosing in s and not help_shown(s), "the table again")
    term.keys("l")
    term.wait_for(lambda s: "Game log (as Cid sees it)" in s, "the log")
    term.keys("Escape")
    term.wait_for(lambda s: choosing in s, "the table after the log")
    term.keys("q")
    screen = term.wait_for(lambda s: "EXITED 0" in s, "the app to quit")
    assert f"turncoat play --resume {save}"[:60] in screen.replace("\n", "")
    before = len(load_record(save).actions)

    again = tmux("rex-again", f"{TURNCOAT} play --resume {save} --delay 0")
    again.wait_for(lambda s: choosing in s and "The board" in s, "the resumed Rex table")
    again.keys("1")
    again.wait_for(saved_more_than(save, before), "the resumed game being saved")
    again.keys("q")
    again.wait_for(lambda s: "EXITED 0" in s, "the resumed app to quit")
