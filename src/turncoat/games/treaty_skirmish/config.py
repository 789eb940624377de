"""Treaty Skirmish options: the player count and every open question as a named option.

Each open question of GAPS.md that changes how this game plays is a field here, the treaty
module's own switches included (``treaty_profile`` builds its
:class:`~turncoat.core.treaties.TreatyProfile` from them), so a table sets any of them by name.
Defaults are the best-supported readings; the comment above each says which gap it answers.
Every option is stored in records, defaults included, so a record never depends on them.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from turncoat.core.errors import InvalidConfig
from turncoat.core.treaties import TreatyProfile
from turncoat.games.treaty_skirmish.components import OBJECTIVE_DECK, objective_deck

MIN_PLAYERS = 4
MAX_PLAYERS = 6
MAX_PINNED_DICE = 10_000


class SkirmishScenario(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Pinned chance outcomes, so a hand-written record needs no RNG.  Unpinned ones are drawn.

    ``dice`` are used in order, one per die rolled (each combat round: the attacker's dice first,
    then the defender's); when they run out, dice are drawn from the game's seed.
    """

    speaker: int | None = None  # §6.3: the first Speaker's seat
    objectives: list[str] | None = None  # §6.3: the objective of each great-race seat, in seat order
    dice: list[int] | None = None  # §6.4: d6 results, in the order they are rolled
    rotation: int | None = None  # race_assignment="random": seat 0 gets seating()[rotation]


class TreatySkirmishConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Every option of a Treaty Skirmish game."""

    players: int = 5
    # §6.2: seat 0 plays the Lazax and the great races follow to its left ("in_order"), or the
    # whole seating is turned by a random number of seats ("random"); Sol always sits on the
    # Lazax's right.
    race_assignment: Literal["in_order", "random"] = "in_order"
    # GAPS Q1: each great race's treaty cards, numbered 1…N (the FAQ's "fourth treaty": at least 4).
    # The Lazax always have one card per great race in play (§6.2).
    treaty_cards_per_race: int = 4
    # GAPS Q6: "left/right neighbour" on an objective skips the Lazax (Opportunist, Loyalist).
    neighbours_skip_lazax: bool = True
    # GAPS Q3: Support of the People is checked after every treaty receipt (RULES §6.5, our rule),
    # or only after the receipt of the holder's 4th treaty given ("on_fourth_treaty", the FAQ hint).
    support_check: Literal["after_any_receipt", "on_fourth_treaty"] = "after_any_receipt"
    # GAPS Q3 at 4 players: Support of the People needs three other holders, but a great race
    # then has only two other great races to hold its cards (the Lazax receive none), so the card
    # could never be met.  "removed": it leaves the deck with Loyalist (our reading: a dealt
    # objective that cannot be met is a lost seat); "dealt": only Loyalist is removed (the
    # sources name only Loyalist).
    support_at_four_players: Literal["removed", "dealt"] = "removed"
    # GAPS Q3: Support of the People also needs that none of the holders is a treaty traitor
    # (RULES §6.5); False counts any 3 holders.
    support_needs_loyal_holders: bool = True
    # GAPS Q11 / RULES §6.4 "Bribes": trade goods handed over are final.  When may they be given?
    # "own_decision": by a seat whenever it has a decision to take (its turn, a treaty card to
    # give or discard, hits to assign, a retreat), so gifts never hold up the game;
    # "envoy": only between the two parties of an Envoy while it runs (the §4.2 bargain);
    # "never": no gifts at all.
    trade_goods_gifts: Literal["own_decision", "envoy", "never"] = "own_decision"
    # GAPS Q8 (what an eliminated race can do): an eliminated player can still meet an objective
    # at the end (False: an eliminated player is out of the game and never a primary winner).
    eliminated_can_win: bool = False
    # RULES §6.4 "Cleanup": the Speaker passes left in the Income phase of every round after the
    # first, so the randomly chosen Speaker leads round 1 ("every_income" passes it in round 1 too).
    speaker_passes: Literal["after_first_round", "every_income"] = "after_first_round"
    # -- the treaty module's switches (core.treaties.TreatyProfile; docs/treaties.md) ------------
    # GAPS Q7: treaty traitors are removed first, so the next eligible holder is the ally.
    traitors_removed_before_lowest: bool = True
    # GAPS Q5: a winner holding another winner's card is ignored as a holder, or takes the slot.
    winner_holding_other_winner_card: Literal["ignore_holder", "holder_takes_the_slot"] = "ignore_holder"
    # GAPS Q9: an eliminated player cannot be a treaty ally.
    eliminated_can_be_ally: bool = False
    # GAPS Q8: an Envoy goes to the Home's starting race (while in the game) or its controller.
    home_owner: Literal["starting_race", "current_controller"] = "starting_race"
    # GAPS Q4 forum fix A: an Envoy may hand the receiver one of its own cards back.
    allow_return_foreign_card: bool = False
    # GAPS Q4 forum fix B: an Envoy to your own Home drops one foreign card face down.
    allow_self_home_reshuffle: bool = False
    # §4.5 step 4: allies per primary winner.
    max_allies_per_winner: int = 1
    # GAPS review: eliminated players reveal their hands at the end like other non-winners.
    eliminated_reveal: bool = True
    # GAPS review / §4.6.8: with no winner, hands and treaty traitors stay hidden.
    reveal_without_winner: bool = False
    # GAPS review: a card waiting for the receiver's discard does not count in its public hand size.
    pending_counts_in_receiver_hand: bool = False
    content_overrides: dict[str, Any] | None = None
    scenario: SkirmishScenario | None = None


RULE_CONFIG = "RULES §6"


def _bad(message: str, code: str, rule: str = RULE_CONFIG) -> InvalidConfig:
    return InvalidConfig(message, code=code, rule=rule)


def validate_config(config: TreatySkirmishConfig) -> None:
    """Refuse options no game can be played with, with a code saying which (nothing is built)."""
    if not isinstance(config.players, int) or not MIN_PLAYERS <= config.players <= MAX_PLAYERS:
        raise _bad("Treaty Skirmish is for 4 to 6 players", "bad_players", "RULES §6.2")
    if not isinstance(config.treaty_cards_per_race, int) or not 1 <= config.treaty_cards_per_race <= 9:
        raise _bad("each great race has 1 to 9 treaty cards", "bad_treaty_cards", "GAPS Q1")
    if not isinstance(config.max_allies_per_winner, int) or config.max_allies_per_winner < 0:
        raise _bad("max_allies_per_winner must be 0 or more", "bad_treaties", "RULES §7.2")
    sc = config.scenario
    if sc is None:
        return
    n = config.players
    if sc.speaker is not None and not 0 <= sc.speaker < n:
        raise _bad(f"the pinned Speaker must be a seat 0..{n - 1}", "bad_scenario", "RULES §6.3")
    if sc.rotation is not None:
        if config.race_assignment != "random":
            raise _bad("a pinned rotation needs race_assignment=random", "bad_scenario", "RULES §6.2")
        if not 0 <= sc.rotation < n:
            raise _bad(f"the pinned rotation must be 0..{n - 1}", "bad_scenario", "RULES §6.2")
    if sc.objectives is not None:
        deck = objective_deck(n, config.support_at_four_players)
        if len(sc.objectives) != n - 1:
            raise _bad(f"pin one objective per great race ({n - 1})", "bad_scenario", "RULES §6.3")
        if len(set(sc.objectives)) != len(sc.objectives) or any(o not in deck for o in sc.objectives):
            known = ", ".join(o for o in OBJECTIVE_DECK if o in deck)
            raise _bad(f"pinned objectives must be distinct cards of: {known}", "bad_scenario", "RULES §6.5")
    if sc.dice is not None and (len(sc.dice) > MAX_PINNED_DICE or any(not 1 <= d <= 6 for d in sc.dice)):
        raise _bad("pinned dice are d6 results 1 to 6", "bad_scenario", "RULES §6.4")


def treaty_profile(config: TreatySkirmishConfig) -> TreatyProfile:
    """The treaty module's rules profile from this game's options (RULES §7.2)."""
    return TreatyProfile(**{name: getattr(config, name) for name in TreatyProfile.__struct_fields__})
