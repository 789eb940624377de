"""What happened, for logs and UIs.  ``visible_to`` names who may see private events."""

from __future__ import annotations

from turncoat.core.actions import Event


class GameSetUp(Event, frozen=True, tag="game_set_up"):
    start_player: int
    strategist: int
    allegiance: tuple[str, ...]
    types: tuple[str, ...]
    owners: tuple[str, ...]


class EstatePlaced(Event, frozen=True, tag="estate_placed"):
    seat: int
    landscape: int


class RoundStarted(Event, frozen=True, tag="round_started"):
    round: int
    start_player: int
    strategist: int
    final: bool


class ConflictSiteChosen(Event, frozen=True, tag="conflict_site_chosen"):
    seat: int
    eagle_landscape: int
    rose_landscape: int


class RoleRemoved(Event, frozen=True, tag="role_removed"):
    """The face-down removed card: only the start player can deduce it (RULES §3)."""

    role: str


class PacketHandedOver(Event, frozen=True, tag="packet_handed_over"):
    seat: int
    roles: tuple[str, ...]


class RoleKept(Event, frozen=True, tag="role_kept"):
    seat: int
    role: str | None  # None in the public copy


class SupplyCommitted(Event, frozen=True, tag="supply_committed"):
    seat: int
    value: int


class CommittingFinished(Event, frozen=True, tag="committing_finished"):
    seat: int
    total: int


class RolesRevealed(Event, frozen=True, tag="roles_revealed"):
    roles: tuple[str, ...]


class AllegianceFlipped(Event, frozen=True, tag="allegiance_flipped"):
    seat: int
    house: str


class ConflictResolved(Event, frozen=True, tag="conflict_resolved"):
    eagle_strength: int
    rose_strength: int
    winner: str | None
    winners: tuple[int, ...]
    vp_each: int


class VictoryPointsScored(Event, frozen=True, tag="victory_points_scored"):
    seat: int
    points: int
    reason: str  # "conquest" | "traitor" | "strategist" | "trading_posts"


class LandscapeFlipped(Event, frozen=True, tag="landscape_flipped"):
    landscape: int
    house: str


class FinalRoundDeclared(Event, frozen=True, tag="final_round_declared"):
    house: str


class BuildingPlaced(Event, frozen=True, tag="building_placed"):
    seat: int
    landscape: int
    side: str


class BuildingConverted(Event, frozen=True, tag="building_converted"):
    seat: int
    landscape: int
    side: str


class BuildingMoved(Event, frozen=True, tag="building_moved"):
    seat: int
    from_landscape: int
    to_landscape: int


class BuildingSkipped(Event, frozen=True, tag="building_skipped"):
    seat: int


class StrategyCardTaken(Event, frozen=True, tag="strategy_card_taken"):
    seat: int


class SupplyDiscarded(Event, frozen=True, tag="supply_discarded"):
    values: tuple[int, ...]


class DiscardPileReshuffled(Event, frozen=True, tag="discard_pile_reshuffled"):
    cards: int


class SupplyDrawn(Event, frozen=True, tag="supply_drawn"):
    """``values`` is filled only in the copy the drawing seat sees."""

    seat: int
    count: int
    reason: str  # "farmer" | "estates" | "diplomat_2"
    values: tuple[int, ...] | None


class HandLimitDiscard(Event, frozen=True, tag="hand_limit_discard"):
    seat: int
    value: int | None  # None when discards are face down and this copy is public


class GameEnded(Event, frozen=True, tag="game_ended"):
    scores: tuple[int, ...]
    trading_post_points: tuple[int, ...]
    winners: tuple[int, ...]
