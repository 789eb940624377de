"""The command line with StarCraft: `turncoat demo starcraft` plays random bots to the end,
`turncoat replay` tells the game again as a viewer saw it, and `turncoat content starcraft` lists
every invented placeholder value with the reason; every one of them says the content is partly
invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_cli import printed_run, replayed, run
from turncoat.cli import player_names
from turncoat.core.present import plain, presentation_of
from turncoat.core.record import replay


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "starcraft.json"
    made = run("demo", "starcraft", "--players", "3", "--seed", "4", "--save", str(path))
    assert made.exit_code == 0, made.output
    return path


def test_demo_starcraft_prints_the_spectators_log_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "sc.json"
    demo = run("demo", "starcraft", "--players", "2", "--seed", "3", "--save", str(path))
    assert demo.exit_code == 0, demo.output
    record, game, events = replayed(path)
    names = player_names(record, 2)
    printed_run(demo.stdout, [plain(line, names) for line in presentation_of(game).log(events, None)])
    assert "placeholder values are invented" in demo.stdout.splitlines()[1]
    assert replay(game, record).outcome is not None
    assert " wins " in demo.stdout


def test_replay_starcraft_as_a_player_shows_their_cards_and_no_one_elses(record_file: Path) -> None:
    record, game, events = replayed(record_file)
    names = player_names(record, 3)
    face = presentation_of(game)
    result = run("replay", str(record_file), "--as", "2", "--log")
    assert result.exit_code == 0, result.output
    assert "some component values are estimated" in result.output
    printed_run(result.output, [plain(line, names) for line in face.log(events, 1)])
    printed_run(result.output, [plain(line, names) for line in face.summary(events, 1)])
    drawn = [line for line in result.output.splitlines() if " combat card " in line and " draws " in line]
    assert drawn and all(line.startswith("Player 2 ") for line in drawn)  # only their own cards
    public = run("replay", str(record_file), "--log")
    assert public.exit_code == 0, public.output
    assert not [line for line in public.output.splitlines() if "draws" in line and " combat card " in line]


def test_content_starcraft_lists_each_invented_value_and_why() -> None:
    result = run("content", "starcraft")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("pack starcraft-sourced+starcraft-placeholders  digest ")
    assert "estimated values (our placeholders, not confirmed from the printed game):" in result.output
    assert "  why: invented for play, not from the game: " in result.output
    assert "    planets." in result.output and "    combat_cards." in result.output
    # the hint names the way this game takes an owner's values, not an override file it refuses
    assert "owner_packs option (see docs/starcraft.md)" in result.output and "--override" not in result.output


def test_content_override_of_starcraft_is_refused_in_one_line(tmp_path: Path) -> None:
    """StarCraft takes an owner's cards as owner packs (a table option), not as an override file:
    the command says so in one line and exits 2, never a traceback."""
    override = tmp_path / "mine.json"
    override.write_text(
        '{"pack": "starcraft-sourced+starcraft-placeholders", '
        '"overrides": {"rules.partially_depleted_offset": 1}}'
    )
    result = run("content", "starcraft", "--override", str(override))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
