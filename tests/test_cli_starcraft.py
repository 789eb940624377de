"""The command line with StarCraft: `turncoat demo starcraft` plays random bots to the end,
`turncoat replay` tells the game again as a viewer saw it, and `turncoat content starcraft` lists
every invented placeholder value with the reason; every one of them says the content is partly
invented."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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
    # the hint names the common override file, as for every game
    assert "--content-override to play with it" in result.output and "owner_packs" not in result.output


OWNER_VALUES = {
    "planets.antiga_prime.route_slots": {"value": ["N", "S"], "provenance": "printed", "source": "my copy"},
    "rules.partially_depleted_offset": 1,
}


def _override_file(tmp_path: Path, overrides: dict[str, Any]) -> Path:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"pack": "starcraft-sourced+starcraft-placeholders", "overrides": overrides}))
    return path


def test_content_starcraft_with_an_override_file_shows_the_owners_values_as_printed(tmp_path: Path) -> None:
    result = run("content", "starcraft", "--override", str(_override_file(tmp_path, OWNER_VALUES)))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("pack starcraft-sourced+starcraft-placeholders+content-override  digest ")
    assert "2 values from your override file:\n" in result.output
    assert '  planets.antiga_prime.route_slots = ["N", "S"]  (printed; my copy)\n' in result.output
    assert "  rules.partially_depleted_offset = 1  (printed; owner's override file)\n" in result.output
    # the owner's values are no longer listed as estimated
    assert "    planets.antiga_prime.route_slots = " not in result.output


def test_demo_starcraft_plays_with_an_override_file_and_its_record_replays(tmp_path: Path) -> None:
    path = tmp_path / "sc.json"
    demo = run(
        "demo", "starcraft", "--players", "2", "--seed", "3", "--save", str(path),
        "--content-override", str(_override_file(tmp_path, OWNER_VALUES)),
    )  # fmt: skip
    assert demo.exit_code == 0, demo.output
    record, game, events = replayed(path)  # the record's own options rebuild the game
    assert record.config["content_overrides"] == OWNER_VALUES
    assert game.ctx.t.planet_sides["antiga_prime"] == ("N", "S")  # played with the owner's value
    assert game.loaded.data.rules.partially_depleted_offset.value == 1
    final = replay(game, record).final_state
    assert final.packs[-1].startswith("content-override@") and final.packs == game.packs_used()
    names = player_names(record, 2)
    printed_run(demo.stdout, [plain(line, names) for line in presentation_of(game).log(events, None)])


@pytest.mark.parametrize(
    ("overrides", "says"),
    [
        ({"planets.antiga_prme.route_slots": ["N"]}, "content_overrides: no value at planets.antiga_prme."),
        (
            {"kind": "owner", "id": "mine", "planets": [{"id": "torus", "name": "T"}]},
            "torus.name is not a value",
        ),
    ],
)
def test_a_bad_override_file_for_starcraft_is_refused_in_one_line(
    tmp_path: Path, overrides: dict[str, Any], says: str
) -> None:
    bad = _override_file(tmp_path, overrides)
    for command in (("content", "starcraft", "--override"), ("demo", "starcraft", "--content-override")):
        result = run(*command, str(bad))
        assert result.exit_code == 2
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
        assert says in result.stderr


def test_replay_of_a_game_nobody_won_says_so() -> None:
    """A game may end with no winner (here a treaty game; StarCraft's with
    simultaneous_last_elimination=nobody_wins): the last line says nobody, not an empty name."""
    golden = Path(__file__).parent / "games/treaty_skirmish/golden/04_nobody_wins.json"
    result = run("replay", str(golden))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "Winner: nobody"
