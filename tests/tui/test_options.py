"""``turncoat play`` with rule options (``--option key=value``) and ``--content-override FILE``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from turncoat.cli import app as cli
from turncoat.core.record import load_record, replay
from turncoat.core.registry import load_game
from turncoat.games.verrater.game import VerraterGame
from turncoat.skins.verrater.terminal import view
from turncoat.skins.verrater.terminal.app import VerraterApp
from turncoat.skins.verrater.terminal.screens import HelpScreen
from turncoat.skins.verrater.terminal.session import RULE_OPTIONS, Session, plan_seats
from turncoat.tui.table_app import screen_text

from .helpers import SIZE, human_turn, settle


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Session]:
    """The sessions ``turncoat play`` would open a table for (the table itself is not run)."""
    sessions: list[Session] = []

    def run(self: VerraterApp, *args: Any, **kwargs: Any) -> None:
        sessions.append(self.session)

    monkeypatch.setattr(VerraterApp, "run", run)
    return sessions


def play(args: list[str]) -> str:
    result = CliRunner().invoke(cli, ["play", "verrater", *args])
    assert result.exit_code == 0, result.output
    return result.output


def refused(args: list[str]) -> str:
    result = CliRunner().invoke(cli, ["play", "verrater", *args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:"), result.output
    return lines[0]


def verrater(**options: Any) -> VerraterGame:
    game = load_game("verrater", **options)
    assert isinstance(game, VerraterGame)
    return game


def own_copy(tmp_path: Path, bump: int = 1) -> tuple[Path, dict[str, int]]:
    """An override file giving every estimated value of the pack (each ``bump`` higher)."""
    base = verrater()
    tables = base.ctx.tables
    values: dict[str, int] = {}
    for path in base.content.estimated_paths:
        _, kind, field, n = path.split(".")
        assert field == "victory_points"
        values[path] = tables.vp[kind][int(n)] + bump
    doc = {"pack": base.content.id, "overrides": values}
    file = tmp_path / "my-copy.json"
    file.write_text(json.dumps(doc), encoding="utf-8")
    return file, values


def test_the_rule_options_are_the_engines_named_readings() -> None:
    assert set(RULE_OPTIONS) == {
        "rounds",
        "builder_new_card_side",
        "ring_layout",
        "hand_limit_discards",
        "hand_limit_timing",
        "reshuffle_timing",
    }


def test_rule_options_reach_the_engine_and_the_record(tmp_path: Path, opened: list[Session]) -> None:
    save = tmp_path / "game.json"
    play(
        [
            *("--seats", "random,random,random", "--seed", "4", "--save", str(save)),
            *("-o", "ring_layout=alternating", "--option", "rounds=2"),
            *("--option", "hand_limit_discards=face_down", "-o", "builder_new_card_side=estate_only"),
        ]
    )
    (session,) = opened
    config = session.game.config
    assert (config.ring_layout, config.rounds) == ("alternating", 2)
    assert (config.hand_limit_discards, config.builder_new_card_side) == ("face_down", "estate_only")
    obs = session.observe(None)
    assert obs.total_rounds == 2
    assert all(obs.owners[i] != obs.owners[i - 1] for i in range(len(obs.owners)))  # alternating
    record = load_record(save)
    assert record.config["ring_layout"] == "alternating" and record.config["rounds"] == 2
    assert record.config["hand_limit_discards"] == "face_down"
    assert record.config["builder_new_card_side"] == "estate_only"
    # The record alone reproduces the game: resume and replay read the rules from it.
    resumed = Session.resume(save)
    assert resumed.game.config == config
    assert resumed.observe(None) == obs
    replayed = replay(load_game(record.game, **record.config), record).final_state
    game = resumed.game
    assert all(game.observe(replayed, v) == resumed.observe(v) for v in (None, *range(resumed.players)))
    shown = CliRunner().invoke(cli, ["replay", str(save), "--json"])
    assert shown.exit_code == 0, shown.output


def test_resume_keeps_the_records_options_and_refuses_others(tmp_path: Path, opened: list[Session]) -> None:
    save = tmp_path / "saved.json"
    Session.open(plan_seats(3, "human,random,random"), seed=1, save_path=save, ring_layout="alternating")
    before = save.read_bytes()
    said = refused(["--resume", str(save), "--option", "ring_layout=random"])
    assert "drop --option ring_layout=random (the saved game plays ring_layout=alternating)" in said
    said = refused(["--resume", str(save), "-o", "rounds=3"])
    assert "drop --option rounds=3 (the saved game plays rounds=default)" in said
    own, _ = own_copy(tmp_path)
    said = refused(["--resume", str(save), "--content-override", str(own)])
    assert "drop --content-override (the saved game plays the pack's own values)" in said
    assert "unknown rule option 'ring'" in refused(["--resume", str(save), "-o", "ring=alternating"])
    assert save.read_bytes() == before
    # The saved game's own option is no conflict; without any, the record's rules still hold.
    play(["--resume", str(save), "-o", "ring_layout=alternating"])
    play(["--resume", str(save)])
    assert [s.game.config.ring_layout for s in opened] == ["alternating", "alternating"]
    assert save.read_bytes() == before


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("ring=alternating", "unknown rule option 'ring' (choose from rounds, builder_new_card_side"),
        ("players=3", "unknown rule option 'players' (use --players)"),
        ("content_overrides=x", "unknown rule option 'content_overrides' (use --content-override FILE)"),
        ("ring_layout=zigzag", "Invalid enum value 'zigzag' - at `$.ring_layout`"),
        ("rounds=many", "at `$.rounds`"),
        ("ring_layout", "--option 'ring_layout' must look like key=value"),
    ],
)
def test_bad_rule_options_are_refused_and_nothing_is_written(
    option: str, message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opened: list[Session]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert message in refused(["--option", option])
    assert message in refused(["--option", option, "--save", str(tmp_path / "never.json")])
    assert not opened and list(tmp_path.iterdir()) == []


def test_a_bad_override_file_is_refused(tmp_path: Path, opened: list[Session]) -> None:
    save = tmp_path / "never.json"
    assert "cannot read override file" in refused(["--content-override", str(tmp_path / "no.json")])
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"pack": "other", "overrides": {}}), encoding="utf-8")
    assert "not 'verrater-base'" in refused(["--content-override", str(wrong), "--save", str(save)])
    assert not save.exists() and not opened


def test_override_values_are_played_recorded_and_shown_unmarked(
    tmp_path: Path, opened: list[Session]
) -> None:
    own, values = own_copy(tmp_path)
    save = tmp_path / "game.json"
    play(["--humans", "0", "--seed", "2", "--save", str(save), "--content-override", str(own)])
    (session,) = opened
    tables = session.game.ctx.tables
    for path, value in values.items():
        _, kind, _, n = path.split(".")
        assert tables.vp[kind][int(n)] == value
    assert not session.game.content.estimated_paths
    assert set(session.overridden_values()) == set(values)
    obs = session.observe(None)
    for kind in tables.vp:
        assert "*" not in view.vp_circles(tables, kind, 4).plain
    assert "estimated" not in view.centre_text(obs, tables, session.names()).plain
    # Without the override the same values are marked estimated.
    base = verrater().ctx.tables
    assert "*" in view.vp_circles(base, "wilderness", 4).plain
    record = load_record(save)
    assert record.config["content_overrides"] == values
    assert Session.resume(save).game.ctx.tables.vp == tables.vp
    shown = CliRunner().invoke(cli, ["replay", str(save)])
    assert shown.exit_code == 0 and "estimated" not in shown.output
    # Resuming with the same file is no conflict.
    play(["--resume", str(save), "--content-override", str(own)])


@pytest.mark.asyncio
async def test_the_table_shows_the_options_in_play(tmp_path: Path) -> None:
    own, _ = own_copy(tmp_path)
    overrides = json.loads(own.read_text(encoding="utf-8"))["overrides"]
    seats = plan_seats(4, "human,random,random,random")
    session = Session.open(
        seats, seed=3, save_path=None, ring_layout="alternating", rounds=3, content_overrides=overrides
    )
    app = VerraterApp(session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app, lambda: human_turn(app))
        text = screen_text(app)
        assert "rules: 3 rounds, alternating ring, 23 values from your copy" in text
        assert "Round 1/3" in text or "Setup" in text
        assert "*" not in text and "estimated" not in text
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "Rules in play (not the defaults):" in text
        assert "--option ring_layout=alternating" in text and "--option rounds=3" in text
        assert "23 values from your copy of the game (--content-override)" in text


@pytest.mark.asyncio
async def test_a_default_game_says_it_plays_the_rulebook(tmp_path: Path) -> None:
    session = Session.open(plan_seats(3, "human,random,random"), seed=3, save_path=None)
    app = VerraterApp(session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app, lambda: human_turn(app))
        assert "rules:" not in screen_text(app)
        assert "* estimated" in screen_text(app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert "Rules in play: the rulebook's defaults" in screen_text(app)
