"""Verräter's conflict panel and clickable board, rendered from real positions for every seat and
a spectator: the tally is the engine's strength as far as the viewer may know it, the reveal
comes in the rules' order in the log's own words, and neither shows anyone what is hidden.

Positions come from seeded random games (``played_table``), as the server keeps them.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any

import msgspec

from tests.server.test_web_views import page_text, played_table
from turncoat.core.present import plain
from turncoat.games.verrater import VerraterGame
from turncoat.games.verrater import events as E
from turncoat.games.verrater.phases.conflict import conflict_strength
from turncoat.games.verrater.state import NO_ROLE, State
from turncoat.play import GameInProgress
from turncoat.server.payload import build_payload
from turncoat.server.table import LiveTable
from turncoat.skins.verrater import conflict, web

VIEWERS: tuple[int | None, ...] = (0, 1, 2, 3, None)


def state_of(play: GameInProgress) -> State:
    return msgspec.json.decode(play.snapshot()[0], type=State)


def known_strength(play: GameInProgress, viewer: int | None) -> dict[str, int]:
    """The engine's strength (RULES §5 step 5) on the true state with every action card the
    viewer cannot see taken out, and the viewer's own Traitor switched as it will be."""
    game = play.game
    assert isinstance(game, VerraterGame)
    s = state_of(play)
    roles = tuple(r if p == viewer else NO_ROLE for p, r in enumerate(s.roles))
    allegiance = list(s.allegiance)
    if viewer is not None and s.roles[viewer] == "traitor":
        allegiance[viewer] = "rose" if allegiance[viewer] == "eagle" else "eagle"
    masked = msgspec.structs.replace(s, roles=roles, allegiance=tuple(allegiance))
    a, b = s.site, (s.site + 1) % len(s.owners)
    eagle_land, rose_land = (a, b) if s.owners[a] == "eagle" else (b, a)
    eagle, rose = conflict_strength(game.ctx, masked, eagle_land, rose_land)
    return {"eagle": eagle, "rose": rose}


def tally_of(page: str) -> dict[str, Any]:
    """The tally as the page writes it: per house its total and its parts' lines."""
    panel = re.search(r'<div class="tally" data-tally>(.*?)\n  </div>', page, re.S)
    assert panel, "no tally on the page"
    out: dict[str, Any] = {}
    for house, body in re.findall(
        r'<div class="tally-house" data-house="(\w+)">(.*?)</div>', panel.group(1), re.S
    ):
        total = re.search(r"data-total>(\d+)<", body)
        assert total
        parts = [re.sub(r"<[^>]+>", "", li) for li in re.findall(r"<li>(.*?)</li>", body, re.S)]
        out[house] = {"total": int(total.group(1)), "parts": parts}
    return out


def committing_with_a_diplomat(play: GameInProgress) -> bool:
    """Mid-commit, someone has committed cards, and a seat holds a diplomat (a bonus that is
    secret from everyone else until the reveal)."""
    s = state_of(play)
    return (
        s.step == "commit"
        and s.round >= 2
        and any(s.committed)
        and any(r in ("diplomat_2", "diplomat_5") for r in s.roles)
    )


def test_the_tally_is_the_engines_strength_as_far_as_each_viewer_may_know_it() -> None:
    table = played_table(committing_with_a_diplomat)
    s = state_of(table.play)
    diplomat = next(p for p, r in enumerate(s.roles) if r in ("diplomat_2", "diplomat_5"))
    for viewer in VIEWERS:
        page = html.unescape(page_text(table, viewer))
        tally = tally_of(page)
        expected = known_strength(table.play, viewer)
        assert {h: t["total"] for h, t in tally.items()} == expected, viewer
        # each total is the sum of the parts it lists
        for t in tally.values():
            assert t["total"] == sum(int(part.rsplit(": ", 1)[1]) for part in t["parts"])
        said = " ".join(" ".join(t["parts"]) for t in tally.values())
        # a diplomat's bonus is listed for its holder only: nobody else knows of it yet
        assert ("Diplomat" in said) == (viewer == diplomat), (viewer, said)


def test_the_tally_leaves_out_the_bonus_nobody_else_knows_so_it_can_differ_from_the_outcome() -> None:
    """The check above can fail: for everyone but the diplomat's holder, the full strength (every
    card counted) is not what the page shows."""
    table = played_table(committing_with_a_diplomat)
    game = table.play.game
    assert isinstance(game, VerraterGame)
    s = state_of(table.play)
    a, b = s.site, (s.site + 1) % len(s.owners)
    lands = (a, b) if s.owners[a] == "eagle" else (b, a)
    full = dict(zip(("eagle", "rose"), conflict_strength(game.ctx, s, *lands), strict=True))
    diplomat = next(p for p, r in enumerate(s.roles) if r in ("diplomat_2", "diplomat_5"))
    others = [v for v in VIEWERS if v != diplomat]
    assert any(
        {h: t["total"] for h, t in tally_of(html.unescape(page_text(table, v))).items()} != full
        for v in others
    )


def test_a_traitor_is_told_where_its_cards_will_count_and_nobody_else_is() -> None:
    table = played_table(lambda play: state_of(play).step == "commit" and "traitor" in state_of(play).roles)
    s = state_of(table.play)
    traitor = s.roles.index("traitor")
    for viewer in VIEWERS:
        page = html.unescape(page_text(table, viewer))
        assert ("You hold the Traitor" in page) == (viewer == traitor)
        assert "Traitor" not in " ".join(" ".join(t["parts"]) for t in tally_of(page).values())
        assert {h: t["total"] for h, t in tally_of(page).items()} == known_strength(table.play, viewer)


def reveal_of(page: str) -> list[tuple[str, list[str]]]:
    """The reveal's stages as the page lists them: (stage, its lines)."""
    box = re.search(r'<div class="reveal" data-reveal="[^"]+">(.*?)</ol>', page, re.S)
    assert box, "no reveal on the page"
    out = []
    for stage, body in re.findall(
        r'data-stage="(\w+)"[^>]*>(.*?)</li>\s*(?=<li class="reveal-stage|$)', box.group(1), re.S
    ):
        out.append((stage, [re.sub(r"<[^>]+>", "", t) for t in re.findall(r"<li>(.*?)</li>", body, re.S)]))
    return out


def log_of(table: LiveTable, viewer: int | None) -> list[str]:
    return [str(line) for line in build_payload(table, viewer, -1).log]


def after_the_draws(play: GameInProgress) -> bool:
    """A new round has just begun after a round with a Farmer's or a Diplomat's draws."""
    events = play.events()
    if not events or not isinstance(events[-1], E.RoundStarted) or events[-1].round < 3:
        return False
    last = conflict.last_resolution(events)
    return last is not None and any(isinstance(e, E.SupplyDrawn) and e.count for e in last[1])


def test_the_reveal_shows_the_resolution_in_the_rules_order_in_the_logs_words() -> None:
    table = played_table(after_the_draws)
    order = [key for key, _ in conflict.STAGES]
    for viewer in VIEWERS:
        page = html.unescape(page_text(table, viewer))
        stages = reveal_of(page)
        keys = [k for k, _ in stages]
        assert keys == order, keys  # every stage happened, in the rules' order
        log = log_of(table, viewer)
        # every line the log also has is in the log, in the same order, in the last round
        start = max(i for i, line in enumerate(log) if line.startswith("Action cards revealed"))
        at = start
        for _, lines in stages:
            for line in lines:
                if line in log[start:]:
                    found = log.index(line, at)
                    assert found >= at, (line, viewer)
                    at = found
        assert dict(stages)["reveal"] == [log[start]]
        resolved = next(line for line in log[start:] if line.startswith("Conflict: "))
        assert dict(stages)["conflict"][0] == resolved


def test_the_reveal_shows_each_seat_only_its_own_draws() -> None:
    table = played_table(after_the_draws)
    found = conflict.last_resolution(table.play.events())
    assert found is not None
    names = [s.name for s in table.seats]
    drawn = [e for e in found[1] if isinstance(e, E.SupplyDrawn) and e.count and e.values is not None]
    assert drawn
    for viewer in VIEWERS:
        draws = dict(reveal_of(html.unescape(page_text(table, viewer))))["draws"]
        for e in drawn:
            with_values = any(line.startswith(f"{names[e.seat]} draws") and ": " in line for line in draws)
            assert with_values == (viewer == e.seat), (viewer, e, draws)


def test_no_reveal_before_the_first_conflict_and_the_last_one_stays_until_the_next() -> None:
    first = played_table(lambda play: state_of(play).step == "commit" and state_of(play).round == 1)
    assert 'data-reveal="' not in page_text(first, 0)
    later = played_table(lambda play: state_of(play).step == "commit" and state_of(play).round == 3)
    page = html.unescape(page_text(later, 0))
    assert 'data-reveal="verrater-round-2"' in page
    assert dict(reveal_of(page))["conflict"][0].startswith("Conflict: ")


def test_the_resolution_breakdown_adds_up_to_the_strengths() -> None:
    table = played_table(lambda play: state_of(play).step == "commit" and state_of(play).round == 4)
    for viewer in VIEWERS:
        lines = dict(reveal_of(html.unescape(page_text(table, viewer))))["conflict"]
        sums = [line for line in lines if re.match(r"(Eagles|Roses) \d+ = ", line)]
        assert len(sums) == 2
        for line in sums:
            total, parts = line.split(" = ")
            cards = [p.rsplit(" ", 1)[1] for p in parts.split(" + ")]  # "7", "5+3", "2"
            assert int(total.split()[1]) == sum(int(v) for c in cards for v in c.split("+"))


# -- the board ---------------------------------------------------------------------------------------
def board_actions(page: str) -> list[dict[str, Any]]:
    """The actions the board's own forms send."""
    forms = re.findall(r'<form [^>]*class="one board-act[^"]*".*?name="action" value="([^"]*)"', page, re.S)
    return [json.loads(html.unescape(v)) for v in forms]


def at_step(step: str) -> Callable[[GameInProgress], bool]:
    return lambda play: state_of(play).step == step


def test_every_board_place_sends_one_of_the_seats_legal_actions_and_only_to_that_seat() -> None:
    for step in ("place_estate", "choose_site", "build"):
        table = played_table(at_step(step))
        (actor,) = table.play.to_act()
        payload = msgspec.to_builtins(build_payload(table, actor, -1))
        offered = [c["action"] for d in payload["decisions"] for c in d["choices"] if c.get("marks")]
        on_board = board_actions(page_text(table, actor))
        assert on_board, step
        assert all(a in offered for a in on_board), step
        # each landscape-choosing action can be made from the board
        assert {json.dumps(a, sort_keys=True) for a in offered} <= {
            json.dumps(a, sort_keys=True) for a in on_board
        }
        for viewer in VIEWERS:
            if viewer != actor:
                assert board_actions(page_text(table, viewer)) == [], (step, viewer)


def test_board_choices_group_the_choices_by_the_places_they_name() -> None:
    decisions = [
        {
            "shape": "one",
            "choices": [
                {
                    "label": "site 3",
                    "action": {"type": "choose_conflict_site", "boundary": 3},
                    "marks": ["3", "4"],
                },
                {
                    "label": "site 4",
                    "action": {"type": "choose_conflict_site", "boundary": 4},
                    "marks": ["4", "5"],
                },
            ],
        },
        {"shape": "set", "choices": [{"label": "commit", "action": {"type": "commit_supply", "value": 5}}]},
    ]
    got = web.board_choices(decisions)
    assert sorted(got["bounds"]) == [3, 4]
    assert [e["label"] for e in got["tiles"][4]] == ["site 3", "site 4"]
    assert [e["label"] for e in got["tiles"][3]] == ["site 3"]
    assert 5 in got["tiles"] and len(got["tiles"]) == 3


def test_the_log_and_the_reveal_name_seats_alike() -> None:
    """The reveal's sentences are the log's: the same words for the same event."""
    table = played_table(lambda play: state_of(play).step == "commit" and state_of(play).round == 2)
    game = table.play.game
    assert isinstance(game, VerraterGame)
    names = [s.name for s in table.seats]
    face = game.presentation()
    revealed = next(e for e in table.play.events() if isinstance(e, E.RolesRevealed))
    line = face.log([revealed], 0)[0]
    assert dict(reveal_of(html.unescape(page_text(table, 0))))["reveal"] == [plain(line, names)]


def test_a_round_without_building_says_so_once_the_next_round_began() -> None:
    """RULES §5 step 7: the Builder may be out of play, or build nothing.  Once the next round
    has begun, the reveal says nobody built rather than leaving the stage out."""

    def nobody_built(play: GameInProgress) -> bool:
        events = play.events()
        if not events or not isinstance(events[-1], E.RoundStarted):
            return False
        last = conflict.last_resolution(events)
        return last is not None and not any(isinstance(e, conflict.BUILT) for e in last[1])

    table = played_table(nobody_built)
    for viewer in VIEWERS:
        stages = dict(reveal_of(html.unescape(page_text(table, viewer))))
        assert stages["builder"] == [conflict.NO_BUILDER]
