"""Rex's end screen, rendered for every seat and a spectator from finished games (RULES §14): the
winners and the victory condition are the engine's outcome, the last round's row of strongholds is
who controls each one on the final board (§3.3, computed here from the public stacks, not from the
event the table is built from), and the replay link is the viewer's own."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.server.test_web_rex_skin import NAMES, page_of, table_at
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.log import VICTORY_NAMES
from turncoat.server.table import LiveTable

# Whole games of random players (seats, seed), one per victory that such games reach: most
# strongholds shared and alone, the Hacan and the Sol alone and with an alliance, the Xxcha
# prediction (stronghold victories are the golden records' in tests/games/rex/test_summary.py).
GAMES = [(3, 1), (3, 2), (3, 4), (3, 5), (3, 10), (4, 2), (4, 8), (6, 18)]


def controllers(table: LiveTable, stacks: list[list[object]]) -> dict[str, int | None]:
    """§3.3 from the final board as a spectator sees it: per stronghold, its only player."""
    game = table.game
    assert isinstance(game, RexGame)
    b = game.ctx.b
    there: dict[str, set[int]] = {b.area_ids[a]: set() for a in b.strongholds}
    for piece, seat, units, mech in stacks:
        area = b.area_ids[b.piece_area[b.piece_index[str(piece)]]]
        if area in there and int(str(units)) + int(str(mech)) > 0:
            there[area].add(int(str(seat)))
    return {a: next(iter(s)) if len(s) == 1 else None for a, s in there.items()}


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_end_screen_tells_the_engines_outcome_and_the_strongholds_by_round_rule_14(
    players: int, seed: int
) -> None:
    table = table_at((), players=players, seed=seed)
    outcome = table.play.outcome()
    assert outcome is not None
    victory = str(outcome.details["victory"])
    for viewer in (*range(players), None):
        page, update = page_of(table, viewer)
        end = re.search(r'class="results rex-ending" data-winners="([\d ]*)" data-victory="(\w+)"', page)
        assert end, "no Rex end screen"
        assert [int(w) for w in end.group(1).split()] == list(outcome.winners)
        assert end.group(2) == victory
        words = unescape(re.search(r'class="victory-words">([^<]+)<', page).group(1))  # type: ignore[union-attr]
        assert words.startswith(VICTORY_NAMES[victory])
        headline = re.search(r'class="winners">([^<]+)<', page).group(1)  # type: ignore[union-attr]
        for w in outcome.winners:
            assert NAMES[w] in headline
        foretold = "The Xxcha foretold the " in page
        assert foretold == (victory == "prediction")
        played = int(outcome.details["rounds_played"])
        rows = re.findall(r'<tr data-round="(\d+)">(.*?)</tr>', page, re.S)
        assert [int(r) for r, _ in rows] == list(range(1, played + 1))
        last = {
            a: int(s) if s else None
            for a, s in re.findall(r'<td data-area="(\w+)" data-seat="(\d*)">', rows[-1][1])
        }
        assert last == controllers(table, update["observation"]["stacks"])
        link = re.search(r'<a class="button replay-link" href="/t/(\w+)/replay\?step=0">([^<]+)</a>', page)
        assert link and link.group(1) == table.id
        assert link.group(2) == (
            "Replay the game as you saw it" if viewer is not None else "Replay the game (public view)"
        )
