"""Verräter decisions, named with the rulebook's verbs (RULES §9 "Decisions")."""

from __future__ import annotations

from turncoat.core.actions import Action


class PlaceEstate(Action, frozen=True, tag="place_estate"):
    """Setup step 6: tuck your first building card, estate up, under an empty landscape."""

    landscape: int


class ChooseConflictSite(Action, frozen=True, tag="choose_conflict_site"):
    """Step 1: put the conflict card between ``boundary`` and ``boundary + 1``."""

    boundary: int


class KeepRole(Action, frozen=True, tag="keep_role"):
    """Step 2: keep one action card from the packet you were handed."""

    role: str


class CommitSupply(Action, frozen=True, tag="commit_supply"):
    """Step 3: put one more supply card of this value face up (highest values first)."""

    value: int


class FinishCommitting(Action, frozen=True, tag="finish_committing"):
    """Step 3: commit no more cards this round."""


class Build(Action, frozen=True, tag="build"):
    """Step 7 (Builder): tuck an unbuilt building card under an empty landscape."""

    landscape: int
    side: str


class Convert(Action, frozen=True, tag="convert"):
    """Step 7 (Builder): flip one of your built cards where it stands."""

    landscape: int


class Move(Action, frozen=True, tag="move"):
    """Step 7 (Builder): move one of your built cards, same side up, to an empty landscape."""

    from_landscape: int
    to_landscape: int


class SkipBuilding(Action, frozen=True, tag="skip_building"):
    """Step 7 (Builder): do nothing this round."""


class DiscardSupply(Action, frozen=True, tag="discard_supply"):
    """Step 10: discard one supply card down toward the hand limit (highest values first)."""

    value: int


VerraterAction = (
    PlaceEstate
    | ChooseConflictSite
    | KeepRole
    | CommitSupply
    | FinishCommitting
    | Build
    | Convert
    | Move
    | SkipBuilding
    | DiscardSupply
)
