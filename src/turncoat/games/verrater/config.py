"""Game options, including named readings of unclear rules (GAPS.md) and scenario pins."""

from __future__ import annotations

from typing import Any, Literal

import msgspec


class Scenario(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Explicit setup and chance outcomes, so a hand-written record needs no RNG.

    Every field is optional; what is not pinned is drawn from the game's seed.
    """

    start_player: int | None = None
    ring: list[tuple[str, str]] | None = None  # [landscape type, owning house] for positions 0..11
    hands: list[list[int]] | None = None  # starting supply values per seat (rule: 3, 4, 5)
    draw_pile: list[int] | None = None  # draw pile values, top card first
    role_shuffles: list[list[str]] | None = None  # per round: 6 roles, the first is removed
    reshuffles: list[list[int]] | None = None  # each new draw pile, top first, in order


class VerraterConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Every option is stored in records, defaults included, so a record never depends on them."""

    players: int = 4
    rounds: int | None = None  # None: the rulebook's 8 (4 players) or 9 (3 players)
    # GAP-5: may the Builder put a new card in trading-post side up?
    builder_new_card_side: Literal["either", "estate_only"] = "either"
    # GAP-6 / RULES §10.4: random ring (base) or alternating houses (later editions)
    ring_layout: Literal["random", "alternating"] = "random"
    # GAP-13: are hand-limit discards shown to everyone?
    hand_limit_discards: Literal["face_up", "face_down"] = "face_up"
    # GAP-20 / RULES §5 step 10: discard down to 5 right after each draw that takes a hand over 5
    # ("if the number threatens to go over"; the discards can then be reshuffled and drawn again),
    # or once all step-10 draws are done
    hand_limit_timing: Literal["after_each_draw", "after_all_draws"] = "after_each_draw"
    # GAP-12 / RULES §5 step 9 note: the discard pile becomes the new draw pile the moment its last
    # card is drawn ("when the draw pile runs out"), or when a draw finds the draw pile empty
    reshuffle_timing: Literal["when_emptied", "when_drawing"] = "when_emptied"
    content_overrides: dict[str, Any] | None = None
    scenario: Scenario | None = None


# The readings games were played under before ``hand_limit_timing`` and ``reshuffle_timing``
# existed: a configuration stored then does not name them and is rebuilt with these values
# (``core.registry.load_stored_game``), so old records and tables keep their rules.
FORMER_DEFAULTS: dict[str, Any] = {
    "hand_limit_timing": "after_all_draws",
    "reshuffle_timing": "when_drawing",
}
