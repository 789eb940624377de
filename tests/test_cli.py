"""The ``turncoat`` command line as a user meets it: one error convention for every command, help
that reads at 80 columns, players numbered as the tables number them, and content values shown."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import Result
from typer.main import get_command
from typer.testing import CliRunner

from turncoat.cli import app, player_names
from turncoat.core import registry
from turncoat.core.actions import Event
from turncoat.core.present import guide_of, plain, presentation_of
from turncoat.core.record import GameRecord, load_record, replay
from turncoat.core.registry import load_game
from turncoat.skins.verrater.terminal.session import Session, plan_seats

PACK = Path(__file__).parents[1] / "src/turncoat/games/verrater/content/base.json"


def run(*args: str, **env: str) -> Result:
    return CliRunner().invoke(app, list(args), env=env or None)


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "game.json"
    made = run("demo", "verrater", "--players", "3", "--seed", "3", "--save", str(path))
    assert made.exit_code == 0, made.output
    return path


# -- one error convention -----------------------------------------------------------------------
BAD_INPUT = [
    (["demo", "--seed", "-5"], "--seed must be an integer from 0 to 9223372036854775807 (got -5)"),
    (["demo", "--seed", "9223372036854775808"], "--seed must be an integer from 0"),
    (["demo", "--seed", "abc"], "'abc' is not a valid integer"),
    (["demo", "chess"], "unknown game 'chess'"),
    (["demo", "verrater", "--players", "9"], "Verräter is for 3 or 4 players"),
    (["demo", "verrater", "--players", "99999999999999999999"], "Verräter is for 3 or 4 players"),
    (["demo", "--bogus"], "No such option '--bogus'"),
    (["demo", "--save", "/nonexistent-folder/game.json"], "cannot save the record to /nonexistent-folder"),
    (["replay", "/nonexistent-folder/game.json"], "cannot read record"),
    (["replay"], "Missing argument 'FILE'"),
    (["content", "chess"], "unknown game 'chess'"),
    (["content", "verrater", "--override", "/nonexistent-folder/mine.json"], "cannot read override file"),
    (["play", "--seed", "-1"], "--seed must be an integer from 0"),
    (["play", "--delay", "nan"], "--delay must be a number from 0 to 10 seconds (got nan)"),
    (["play", "--delay", "inf"], "--delay must be a number from 0 to 10 seconds (got inf)"),
    (["play", "--delay", "-1"], "--delay must be a number from 0 to 10 seconds"),
    (["play", "verrater", "--players", "99999999999999999999"], "Verräter is for 3 or 4 players"),
    (["play", "chess"], "unknown game 'chess'"),
    (["sim", "chess"], "unknown game 'chess'"),
    (["sim", "verrater", "--games", "0"], "--games must be an integer from 1"),
    (["bench", "--seconds", "0"], "--seconds must be a number from 0.01 to 3600 seconds"),
    (["bench", "--seconds", "inf"], "--seconds must be a number"),
    (["bench", "--workers", "0"], "--workers must be an integer from 1 to 1024"),
    (["bench", "--rounds", "0"], "--rounds must be an integer from 1 to 100"),
    (["bench", "chess"], "unknown game 'chess'"),
    (["no-such-command"], "No such command 'no-such-command'"),
]


@pytest.mark.parametrize(("args", "message"), BAD_INPUT, ids=[" ".join(a) for a, _ in BAD_INPUT])
def test_every_command_reports_bad_input_the_same_way(
    args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # nothing may be written, not even a default output folder
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    # One line on stderr: "error: <a plain sentence>", no machine code such as "unknown_game:".
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: "), result.stderr
    assert not re.match(r"error: [a-z]+_[a-z_]+: ", result.stderr)
    assert message in result.stderr
    assert list(tmp_path.iterdir()) == []


TOY = "turncoat.core.testing.toy"


@pytest.mark.parametrize("command", [["demo"], ["content"], ["bench", "--no-dask"]])
def test_a_command_asks_which_game_when_several_are_installed(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(*command, TURNCOAT_GAMES=TOY)
    assert result.exit_code == 2, result.output
    games = "rex, sealed_bids, starcraft, treaty_skirmish, verrater"
    assert result.stderr == f"error: name the game: this installation has {games}\n"
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def only_verrater(monkeypatch: pytest.MonkeyPatch) -> None:
    """An installation with one game (other tests may have registered the toy game here)."""
    load_game("verrater")
    monkeypatch.setattr(registry, "_FACTORIES", {"verrater": registry._FACTORIES["verrater"]})
    monkeypatch.delenv(registry.GAMES_VARIABLE, raising=False)


def test_the_only_game_installed_needs_no_name(only_verrater: None) -> None:
    demo = run("demo", "--players", "3", "--seed", "4")
    assert demo.exit_code == 0, demo.output
    named = run("demo", "verrater", "--players", "3", "--seed", "4")
    assert demo.stdout == named.stdout and "Game over" in demo.stdout
    content = run("content")
    assert content.exit_code == 0 and content.stdout == run("content", "verrater").stdout
    assert content.stdout.startswith("pack verrater-")


def fresh_interpreter(*args: str, games: str | None) -> subprocess.CompletedProcess[str]:
    """Python in a new process, where no test has registered a game."""
    env = {k: v for k, v in os.environ.items() if k != registry.GAMES_VARIABLE}
    if games is not None:
        env[registry.GAMES_VARIABLE] = games
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, check=False)


def test_turncoat_games_adds_the_games_of_the_modules_it_names() -> None:
    listing = "from turncoat.core.registry import registered; print(*registered())"
    assert fresh_interpreter("-c", listing, games=None).stdout.split() == [
        "rex",
        "starcraft",
        "treaty_skirmish",
        "verrater",
    ]
    listed = fresh_interpreter("-m", "turncoat.cli", "games", games=TOY)  # the command itself
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.split() == ["rex", "sealed_bids", "starcraft", "treaty_skirmish", "verrater"]


def test_demo_plays_any_game() -> None:
    demo = run("demo", "sealed_bids", "--players", "2", "--seed", "1", TURNCOAT_GAMES=TOY)
    assert demo.exit_code == 0, demo.output
    assert "Sealed Bids: 2 players" in demo.stdout and "Game over." in demo.stdout


@pytest.mark.parametrize("command", [["games"], ["demo", "verrater"], ["sim", "verrater", "-n", "1"]])
def test_a_bad_turncoat_games_is_one_error_line(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(*command, TURNCOAT_GAMES="no_such_games_package")
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        "error: TURNCOAT_GAMES names 'no_such_games_package', which cannot be imported "
        "(ModuleNotFoundError: No module named 'no_such_games_package')\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_rules_errors_keep_the_rule_but_lose_the_code(record_file: Path) -> None:
    result = run("demo", "verrater", "--players", "5")
    assert result.stderr == "error: Verräter is for 3 or 4 players (RULES §8)\n"


# -- help at 80 columns ---------------------------------------------------------------------------
def _commands() -> dict[str, click.Command]:
    group = get_command(app)
    assert isinstance(group, click.Group)
    return dict(group.commands)


@pytest.mark.parametrize("name", sorted(_commands()))
def test_help_shows_every_option_whole_at_80_columns(name: str) -> None:
    result = run(name, "--help", COLUMNS="80", TERMINAL_WIDTH="80")
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    assert "…" not in result.output  # nothing cut off
    for param in _commands()[name].params:
        for flag in param.opts + param.secondary_opts:
            if flag.startswith("--"):
                assert re.search(rf"{re.escape(flag)}(?![\w-])", result.output), (flag, result.output)


def test_no_command_describes_itself_as_one_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command serves any installed game: its description names none (an option's example
    may)."""
    monkeypatch.setenv(registry.GAMES_VARIABLE, TOY)
    titles = {presentation_of(load_game(name)).title for name in registry.registered()}
    assert {"Verräter", "Sealed Bids"} <= titles
    for name, command in _commands().items():
        said = f"{command.help} {command.short_help or ''}"
        assert not [t for t in titles if t in said], (name, said)


# -- players numbered as the tables number them ----------------------------------------------------
def test_replay_numbers_players_from_1_like_the_tables(record_file: Path) -> None:
    result = run("replay", str(record_file), "--log")
    assert result.exit_code == 0, result.output
    assert not re.search(r"\b[Ss]eat \d", result.output)
    assert "Player 1" in result.output and "Player 3" in result.output and "Player 0" not in result.output
    assert "Final scores: Player 1 " in result.output


def replayed(path: Path) -> tuple[GameRecord, Any, list[Event]]:
    """A record, its game and every event of its replay."""
    record = load_record(path)
    game = load_game(record.game, **record.config)
    done = replay(game, record)
    return record, game, list(done.initial_events) + [e for step in done.steps for e in step.events]


def printed_run(output: str, expected: list[str]) -> None:
    """``expected`` appears in ``output`` as consecutive whole lines."""
    lines = output.splitlines()
    assert expected and expected[0] in lines, (expected[:1], output)
    start = lines.index(expected[0])
    assert lines[start : start + len(expected)] == expected


def test_replay_as_n_is_what_player_n_saw(record_file: Path) -> None:
    """The log and the round summary are the game's own lines for that viewer, with names."""
    record, game, events = replayed(record_file)
    face = presentation_of(game)
    names = player_names(record, 3)
    for number in (1, 2, 3):
        result = run("replay", str(record_file), "--as", str(number), "--log")
        assert result.exit_code == 0, result.output
        assert f"as Player {number} saw it" in result.output
        seen = [plain(line, names) for line in face.log(events, number - 1)]
        others = [face.log(events, s) for s in range(3) if s != number - 1]
        assert all(other != face.log(events, number - 1) for other in others)  # views differ
        printed_run(result.output, seen)
        printed_run(result.output, [plain(line, names) for line in face.summary(events, number - 1)])
    # Landscapes by the names the content pack gives them, as the tables show them.
    assert "places an estate under landscape" in result.output
    assert not re.search(r"landscape \d+ \([a-z]", result.output)


def test_replay_prints_each_name_as_stored_even_one_that_reads_like_a_seat(
    record_file: Path, tmp_path: Path
) -> None:
    """Names are written where the game puts a seat, never found again in the text afterwards."""
    doc = json.loads(record_file.read_text(encoding="utf-8"))
    doc["meta"]["seats"] = [{"name": "Seat 2"}, {"name": "Bob"}, {"name": "Cy"}]
    named = tmp_path / "named.json"
    named.write_text(json.dumps(doc), encoding="utf-8")
    result = run("replay", str(named))
    assert result.exit_code == 0, result.output
    assert "; roles Seat 2 " in result.output and "; roles Cy " not in result.output
    record, game, events = replayed(named)
    assert player_names(record, 3) == ["Seat 2", "Bob", "Cy"]
    summary = [plain(line, ["Seat 2", "Bob", "Cy"]) for line in presentation_of(game).summary(events, None)]
    printed_run(result.output, summary)


def test_replay_and_demo_of_another_game_use_its_own_words(tmp_path: Path) -> None:
    """Any game prints through its presentation: seats by name, prizes by their names."""
    path = tmp_path / "toy.json"
    demo = run(
        "demo", "sealed_bids", "--players", "3", "--seed", "2", "--save", str(path), TURNCOAT_GAMES=TOY
    )
    assert demo.exit_code == 0, demo.output
    record, game, events = replayed(path)
    face = presentation_of(game)
    names = player_names(record, 3)
    printed_run(demo.stdout, [plain(line, names) for line in face.log(events, None)])
    result = run("replay", str(path), "--log", TURNCOAT_GAMES=TOY)
    assert result.exit_code == 0, result.output
    printed_run(result.output, [plain(line, names) for line in face.log(events, None)])
    printed_run(result.output, [plain(line, names) for line in face.summary(events, None)])
    outcome = replay(game, record).outcome
    assert outcome is not None
    winners = " and ".join(names[p] for p in outcome.winners)
    assert f"Game over. {winners} win" in result.output
    bids = r"^Round 1: the [A-Z][a-z]+, bids Player 1 \d+, Player 2 \d+, Player 3 \d+, won by Player \d"
    assert re.search(bids, result.output, re.M)
    assert not re.search(r"\b[Ss]eats? \d", result.output)


@pytest.mark.parametrize("number", ["0", "4", "-1"])
def test_replay_as_refuses_a_player_the_game_does_not_have(record_file: Path, number: str) -> None:
    result = run("replay", str(record_file), "--as", number)
    assert result.exit_code == 2
    assert (
        result.stderr
        == f"error: --as takes a player number from 1 to 3, as the game counts them (got {number})\n"
    )


def test_replay_json_keeps_seat_indices_from_0(record_file: Path) -> None:
    plain = json.loads(run("replay", str(record_file), "--json").stdout)
    as_second = json.loads(run("replay", str(record_file), "--json", "--as", "2").stdout)
    record = load_record(record_file)
    game = load_game(record.game, **record.config)
    outcome = replay(game, record).outcome
    assert outcome is not None
    assert plain["scores"] == [int(v) for v in outcome.scores]  # index 0 is Player 1
    assert plain["winners"] == list(outcome.winners)
    assert plain["players"] == ["Player 1", "Player 2", "Player 3"]
    assert as_second["scores"] == plain["scores"]
    assert as_second["rounds"] != plain["rounds"]  # Player 2's own roles are no longer hidden


def test_replay_uses_the_names_the_players_had(tmp_path: Path) -> None:
    save = tmp_path / "named.json"
    Session.open(plan_seats(3, "human,random,random", names="Ann"), seed=2, save_path=save)
    result = run("replay", str(save), "--as", "1")
    assert result.exit_code == 0, result.output
    assert "as Ann saw it" in result.output


# -- content values -------------------------------------------------------------------------------
def _estimated(node: Any, path: str = "") -> dict[str, Any]:
    """Estimated values straight from the pack file (list items are keyed by their id)."""
    if isinstance(node, dict) and "provenance" in node:
        return {path: node} if node["provenance"] == "estimated" else {}
    items: Any = node.items() if isinstance(node, dict) else ((x.get("id", i), x) for i, x in enumerate(node))
    found: dict[str, Any] = {}
    for key, child in items:
        if isinstance(child, dict | list):
            found |= _estimated(child, f"{path}.{key}" if path else str(key))
    return found


def test_content_shows_each_estimated_value_and_why() -> None:
    estimated = _estimated(json.loads(PACK.read_text(encoding="utf-8")))
    assert estimated
    result = run("content", "verrater")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert f"{len(estimated)} estimated values" in result.output
    for path, node in estimated.items():
        assert f"    {path} = {node['value']}" in lines
        assert f"  why: {node['source']}" in lines


def test_content_shows_the_values_of_an_override(tmp_path: Path) -> None:
    path = "landscape_types.city.victory_points.1"
    mine = tmp_path / "mine.json"
    mine.write_text(
        json.dumps({"pack": "verrater-base", "overrides": {path: {"value": 21, "provenance": "printed",
                                                                  "source": "my copy"}}}),
        encoding="utf-8",
    )  # fmt: skip
    result = run("content", "verrater", "--override", str(mine))
    assert result.exit_code == 0, result.output
    assert f"  {path} = 21  (printed; my copy)" in result.output.splitlines()
    assert f"    {path} = " not in result.output  # no longer listed as estimated


def test_an_unexpected_failure_is_one_line_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The installed `turncoat` command never shows a traceback, even for a bug."""
    from turncoat import cli

    def broken() -> list[str]:
        raise RuntimeError("the registry is broken\nsecond line")

    monkeypatch.setattr(cli, "registered", broken)
    monkeypatch.setattr("sys.argv", ["turncoat", "games"])
    with pytest.raises(SystemExit) as stopped:
        cli.main()
    assert stopped.value.code == 2
    said = capsys.readouterr()
    assert (
        said.err
        == "error: unexpected RuntimeError: the registry is broken second line (please report this)\n"
    )


def test_replay_prints_no_control_characters_from_stored_names(tmp_path: Path) -> None:
    save = tmp_path / "named.json"
    Session.open(plan_seats(3, "human,random,random", names="Ann"), seed=2, save_path=save)
    doc = json.loads(save.read_text(encoding="utf-8"))
    doc["meta"]["seats"][0]["name"] = "\x1b[2JAnn\u202e\x00"
    save.write_text(json.dumps(doc), encoding="utf-8")
    result = run("replay", str(save), "--as", "1")
    assert result.exit_code == 0, result.output
    assert "as [2JAnn saw it" in result.output  # the escape character itself is gone
    assert not any(ch in result.output for ch in "\x1b\u202e\x00")


def test_content_says_which_values_are_our_adaptations_and_why() -> None:
    """Treaty Skirmish estimates nothing, but its numbers are our adaptation's: `content` says so,
    naming each value with what it is under the section of the rules that sets it, and why, in the
    game's own words (its guide); and it says precisely what "no estimated values" means."""
    result = run("content", "treaty_skirmish")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "14 values set by the rules text, not printed on a component" in lines
    assert "14 of them set by our adaptation's own rules, not by the published game:" in lines
    assert "  RULES §6.4: build_limit = 3, hit_on = 5, rounds = 8, ship_cost = 1" in lines
    why = guide_of(presentation_of(load_game("treaty_skirmish"))).adapted
    assert f"  why: {why}" in lines and "every number of the game" in why and "printed value" in why
    assert lines[-1] == "no estimated values: none stands in for a printed value that no source gives"
    verrater = run("content", "verrater").output
    assert (
        "values set by the rules text" in verrater
        and "adaptation" not in verrater
        and "why: The VP" not in verrater
    )
