"""Seating, seeds and single games: everything a worker does is a function of the spec alone."""

from __future__ import annotations

import msgspec
import pytest

from turncoat.core.record import GameRecord, replay
from turncoat.core.registry import load_game
from turncoat.sim.runner import game_seed, play_one, run_batch, seating, slot_labels
from turncoat.sim.tournament import InputError, build_spec, parse_options, split_agents


def test_seating_rotates_every_slot_through_every_seat() -> None:
    for players in (3, 4):
        block = [seating(players, i) for i in range(players)]
        for seat in range(players):
            assert sorted(s[seat] for s in block) == list(range(players))
        assert all(sorted(s) == list(range(players)) for s in block)
        assert seating(players, players + 1) == seating(players, 1)


def test_game_seeds_derive_from_the_master_seed() -> None:
    seeds = [game_seed(7, i) for i in range(500)]
    assert len(set(seeds)) == 500
    assert seeds == [game_seed(7, i) for i in range(500)]
    assert seeds[:10] != [game_seed(8, i) for i in range(10)]


def test_slot_labels_are_unique() -> None:
    assert slot_labels(["ismcts", "random", "random", "random"]) == (
        "ismcts",
        "random",
        "random#2",
        "random#3",
    )


def test_split_agents_keeps_options_with_their_agent() -> None:
    assert split_agents("ismcts:iterations=200,exploration=1.1,heuristic, random") == [
        "ismcts:iterations=200,exploration=1.1",
        "heuristic",
        "random",
    ]


def test_parse_options() -> None:
    assert parse_options(["rounds=3", "x=1.5", "flag=true", "name=abc"]) == {
        "rounds": 3,
        "x": 1.5,
        "flag": True,
        "name": "abc",
    }
    with pytest.raises(InputError):
        parse_options(["rounds"])


def test_build_spec_fills_seats_from_a_shorter_agent_list() -> None:
    spec = build_spec("verrater", "heuristic,random", games=10, seed=1, players=4)
    assert spec.agents == ("heuristic", "random", "heuristic", "random")
    assert spec.labels == ("heuristic", "random", "heuristic#2", "random#2")
    assert spec.options["players"] == 4


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"agents": "random,random,random,nobody"}, "unknown agent"),
        ({"agents": "random,random"}, "3 or 4 players"),
        ({"agents": "ismcts:iterations=0"}, "iterations must be at least 1"),
        ({"agents": "ismcts:iterations=many"}, "iterations must be an integer"),
        ({"agents": "ismcts:depth"}, "key=value"),
        ({"seed": -1}, "--seed"),
        ({"seed": 2**63}, "--seed"),
        ({"games": 0}, "--games"),
        ({"agents": "random,random,random", "players": 4}, "cannot fill 4 seats"),
        ({"agents": ",,"}, "at least one agent"),
    ],
)
def test_build_spec_refuses_bad_input(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"game": "verrater", "agents": "random", "games": 4, "seed": 0}
    args.update(kwargs)
    with pytest.raises(InputError, match=message):
        build_spec(**args)  # type: ignore[arg-type]


def test_a_game_is_reproducible_and_its_record_replays() -> None:
    spec = build_spec("verrater", "heuristic,random,random", games=6, seed=3, save_records=True)
    first = play_one(spec, 4)
    assert first == play_one(spec, 4)
    assert first == run_batch(spec, [3, 4])[1]
    assert first.error is None and first.scores is not None and first.winners
    assert first.seating == tuple(spec.labels[s] for s in seating(3, 4))
    assert first.record is not None
    record = msgspec.json.decode(first.record, type=GameRecord)
    assert record.seed == first.seed == game_seed(3, 4)
    assert record.meta["sim"]["seating"] == list(first.seating)
    result = replay(load_game("verrater", players=3), record)
    assert tuple(result.outcome.scores) == first.scores  # type: ignore[union-attr]


def test_records_are_sent_back_only_when_asked_or_failed() -> None:
    spec = build_spec("verrater", "random", games=2, seed=3, players=3)
    assert play_one(spec, 0).record is None
