"""RULES §14 at the end of a game: the strongholds held at each round's end, the winners and the
victory condition in words (``games/rex/summary.py``), checked on hand-computed golden records
(``golden/``: their ``meta.expected`` says where every unit stands when the game ends)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from tests.games.rex.test_round_end import PALACE, four, position
from turncoat.core.actions import Event, redact
from turncoat.core.record import load_record, replay
from turncoat.games.rex import events as E
from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.phases.victory import end_of_round
from turncoat.games.rex.state import Draft
from turncoat.games.rex.summary import (
    Ending,
    RoundHolders,
    ending,
    strongholds_by_round,
    victory_words,
)

GOLDEN = Path(__file__).parent / "golden"


def _events(name: str) -> tuple[RexGame, list[Event]]:
    record = load_record(GOLDEN / name)
    game = RexGame(msgspec.convert(record.config, RexConfig))
    result = replay(game, record)
    return game, [*result.initial_events, *(e for step in result.steps for e in step.events)]


def test_the_round_end_records_every_strongholds_controller_rule_14() -> None:
    """§3.3: the sole player with units in a stronghold controls it; two players there, nobody."""
    g = four()
    s = position(
        g,
        (PALACE, 0, 3),
        ("imperial_navy_base", 1, 2),
        ("imperial_navy_base", 2, 2),  # shared: nobody's
        ("adminus_imperialis", 3, 1),
    )
    d, out = Draft.of(s), list[Event]()
    end_of_round(g.ctx, d, out)
    held = next(e for e in out if isinstance(e, E.StrongholdsHeld))
    assert held.round == s.round and held.visible_to is None  # public, as the units are
    assert dict(held.held) == {
        "imperial_navy_base": None,
        "civilian_spaceport": None,
        "adminus_imperialis": 3,
        "mecatol_power_south": None,
        PALACE: 0,
    }
    assert [a for a, _ in held.held] == [g.ctx.b.area_ids[a] for a in g.ctx.b.strongholds]


def test_strongholds_by_round_reads_a_stronghold_win_alone_rule_14_1() -> None:
    """Golden 09: Letnev holds the Navy Base, Mecatol Power South and the Imperial Palace at the end
    of round 1 (Jol-Nar the Civilian Spaceport) and wins alone."""
    _game, events = _events("09_stronghold_win_alone.json")
    assert strongholds_by_round(events) == [
        RoundHolders(
            1,
            (
                ("imperial_navy_base", 0),
                ("civilian_spaceport", 1),
                ("adminus_imperialis", None),
                ("mecatol_power_south", 0),
                ("imperial_palace", 0),
            ),
        )
    ]
    end = ending(events)
    assert end == Ending((0,), "strongholds", 1)
    assert victory_words(end.victory, end.winners) == "strongholds, won alone"


def test_an_alliance_win_is_worded_as_one_rule_14_1() -> None:
    _game, events = _events("10_alliance_wins_at_4.json")
    end = ending(events)
    assert end is not None and end.winners == (0, 1)
    assert victory_words(end.victory, end.winners) == "strongholds, won by an alliance of two"
    (held,) = strongholds_by_round(events)
    assert sum(1 for _, who in held.held if who in (0, 1)) == 4  # the alliance's four (§14.1)


def test_the_prediction_names_the_race_and_round_foretold_rule_14_2() -> None:
    _game, events = _events("14_prediction_takes_alliance_win.json")
    assert ending(events) == Ending((3,), "prediction", 1, ("jol_nar", 1))
    assert victory_words("prediction", (3,)) == "the Xxcha prediction"


def test_most_strongholds_after_the_last_round_has_a_row_per_round_rule_14_3() -> None:
    """Golden 13: nobody moves for eight rounds, so every round ends with the same holders:
    Letnev the Navy Base, Jol-Nar the Civilian Spaceport; they share the win."""
    game, events = _events("13_most_strongholds_tie.json")
    rounds = strongholds_by_round(events)
    assert [r.round for r in rounds] == list(range(1, game.ctx.t.rounds + 1))
    for r in rounds:
        assert {a: w for a, w in r.held if w is not None} == {
            "imperial_navy_base": 0,
            "civilian_spaceport": 1,
        }
    end = ending(events)
    assert end == Ending((0, 1), "most_strongholds", 8)
    assert victory_words(end.victory, end.winners) == "most strongholds after the last round"


def test_every_seat_reads_the_same_summary_rule_14() -> None:
    """The summary uses public events only: each seat and a spectator read the same one."""
    game, events = _events("18_whole_three_player_game.json")
    seen = [(strongholds_by_round(redact(events, v)), ending(redact(events, v))) for v in (None, 0, 1, 2)]
    assert all(s == seen[0] for s in seen) and seen[0][0] and seen[0][1] is not None


def test_the_special_victories_in_words_rule_14_3() -> None:
    assert victory_words("sol", (2,)) == "the Sol special victory"
    assert victory_words("hacan", (1, 3)) == "the Hacan special victory, shared by their alliance"
    assert victory_words("betrayal", (0,)) == "a betrayal card"
    assert victory_words("none", ()) == "no winner"
    assert victory_words("strongholds", (0, 2, 4)) == "strongholds, won by an alliance of three"


def test_no_ending_while_the_game_goes_on_rule_14() -> None:
    assert ending([E.RoundStarted(round=1, first_player=0)]) is None
