"""What ``turncoat content starcraft`` shows (components.py, ``Content.pack``): every value no printed
component confirms — the placeholder pack's invented values and the sourced pack's guesses — each
under the reason it is estimated (GAPS §2-§3), with the merged digest unchanged."""

from __future__ import annotations

from typer.testing import CliRunner

from turncoat.cli import app
from turncoat.games.starcraft.components import INVENTED_WHY, invented_values, iter_values, load_content


def test_the_pack_lists_invented_values_then_guesses_with_their_reasons() -> None:
    content = load_content()
    pack = content.pack()
    invented = [v.path for v in invented_values(content)]
    guessed = [v.path for v in iter_values(content, "estimated") if not v.invented]
    assert invented and guessed
    assert sorted(pack.estimated_paths[: len(invented)]) == sorted(invented)
    assert sorted(pack.estimated_paths[len(invented) :]) == sorted(guessed)
    assert pack.digest == content.digest  # the wording never changes what the records store
    ghost = next(u for u in pack.data.units if u.id == "ghost").cost
    assert ghost.source.startswith("estimated, low confidence, from REF+GUESS [SCBW Reference")
    assert "gas chosen by analogy" in ghost.source
    card = pack.data.combat_cards[0].major
    assert card.invented and INVENTED_WHY["combat_cards"] in card.source


def test_content_command_shows_what_is_invented_or_estimated_and_why() -> None:
    content = load_content()
    result = CliRunner().invoke(app, ["content", "starcraft"])
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())  # the console wraps long lines
    estimated = len(content.pack().estimated_paths)
    assert f"{estimated} estimated values" in out
    for section in ("planets", "combat_cards", "event_cards", "buildings", "factions", "rules"):
        assert f"why: invented for play, not from the game: {INVENTED_WHY[section]}" in out
    assert "why: INVENTED" not in out  # a bare key explains nothing
    for value in [*invented_values(content), *(v for v in iter_values(content, "estimated"))]:
        assert value.path in out
    assert "REF shows a single '2': either 2 minerals or 2 gas" in out  # a guess and its reasoning
