"""Combat (RULES §13): battles built from a set-up game, driven through the Game protocol.

The battle-start states are made by hand from the hand-computed two-player galaxy of
``test_golden`` (Jim Raynor, seat 0, Terran; the Overmind, seat 1, Zerg): units are put in areas
and the hands and decks are pinned, then :func:`start_battle` is called as a Mobilize order would.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

import msgspec

from tests.games.starcraft.helpers import RAYNOR_OVERMIND_SETUP, pinned, script
from turncoat.core.actions import Event
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft.context import Events
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.phases import combat as K
from turncoat.games.starcraft.state import State, Unit, with_seat

TWO_PLAYER_SETUP: list[A.StarcraftAction] = list(RAYNOR_OVERMIND_SETUP)  # the helpers' galaxy


def two_player_game(**options: object) -> StarcraftGame:
    return pinned(
        2, 0, ["jim_raynor", "overmind"], [["pridewater", "braken"], ["tarsonis", "chau_sara"]], **options
    )


@cache
def _set_up(owner_pack: bool) -> tuple[StarcraftGame, State]:
    g = two_player_game(owner_packs=[REINFORCEMENT_PACK] if owner_pack else [])
    state, _ = script(g, TWO_PLAYER_SETUP)
    return g, state


# An owner's pack (GAPS §3) turning two cards into reinforcement cards, as a printed deck has them.
REINFORCEMENT_PACK = {
    "id": "test-reinforcements",
    "kind": "owner",
    "combat_cards": [
        {
            "id": "terran_combat_17",
            "race": "terran",
            "number": 17,
            "kind": {"value": "reinforcement", "provenance": "printed", "source": "test"},
            "unit_icons": {"value": ["marine", "firebat"], "provenance": "printed", "source": "test"},
            "major": {"value": {"attack": 2, "health": 1}, "provenance": "printed", "source": "test"},
        },
        {
            "id": "zerg_combat_18",
            "race": "zerg",
            "number": 18,
            "kind": {"value": "reinforcement", "provenance": "printed", "source": "test"},
            "unit_icons": {"value": ["zergling"], "provenance": "printed", "source": "test"},
            "major": {"value": {"attack": 1, "health": 2}, "provenance": "printed", "source": "test"},
        },
        {
            "id": "terran_combat_16",
            "race": "terran",
            "number": 16,
            "unit_icons": {
                "value": ["battlecruiser", "science_vessel"],
                "provenance": "printed",
                "source": "test",
            },
        },
    ],
}


def arena(
    state: State,
    units: Mapping[str, Sequence[Unit]],
    cards: Mapping[int, tuple[Sequence[str], Sequence[str]]] = {},
) -> State:
    """The set-up game with only ``units`` on the board and the seats' (hand, deck bottom first)
    pinned; the rest of each race's cards in the discard pile."""
    areas = tuple(msgspec.structs.replace(a, units=tuple(sorted(units.get(a.id, ())))) for a in state.areas)
    state = msgspec.structs.replace(state, areas=areas)
    for seat, (hand, deck) in cards.items():
        p = state.seat(seat)
        every = sorted((*p.hand, *p.combat_deck, *p.combat_discard))
        rest = list(every)
        for c in (*hand, *deck):
            rest.remove(c)
        state = with_seat(
            state,
            seat,
            msgspec.structs.replace(p, hand=tuple(hand), combat_deck=tuple(deck), combat_discard=tuple(rest)),
        )
    return state


def T(kind: str, cloaked: bool = False) -> Unit:  # noqa: N802 - a Terran unit of seat 0
    return Unit(0, kind, cloaked)


def Z(kind: str, cloaked: bool = False) -> Unit:  # noqa: N802 - a Zerg unit of seat 1
    return Unit(1, kind, cloaked)


def battle(
    units: Mapping[str, Sequence[Unit]],
    cards: Mapping[int, tuple[Sequence[str], Sequence[str]]],
    area: str,
    attacker: int = 0,
    *,
    special: bool = False,
    owner_pack: bool = False,
) -> tuple[StarcraftGame, State, list[Event]]:
    g, state = _set_up(owner_pack)
    state = arena(state, units, cards)
    events: Events = []
    state = K.start_battle(g.ctx, state, area, attacker, events, special=special)
    state = g._settle(state, events)
    return g, state, events


def play(g: StarcraftGame, state: State, actions: Sequence[object], events: list[Event]) -> State:
    """Apply each decision for whoever is to act (each must be legal)."""
    for action in actions:
        (seat,) = g.to_act(state)
        legal = g.legal_actions(state, seat)
        assert action in legal, (state.step, action, legal)
        tr = g.apply(state, seat, action)  # type: ignore[arg-type]
        state = tr.state
        events += tr.events
    return state
