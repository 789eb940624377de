"""Rex game options: the player count, race selection, and every uncertain rule as a named option.

Each option of RULES §19.3 (and each reading GAPS.md lists) is a field here.  Its default is the
best-supported reading; the comment above it says where the rule comes from and which gap it
answers (RULES tags: [seed] = the customer's summary, [Rex: Sn] = a Rex source, [Dune] = inferred
from the Dune board game, [guess] = no source).  Every option is stored in records, defaults
included, so a record never depends on them.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from turncoat.core.errors import InvalidConfig
from turncoat.games.rex.components import RACE_IDS

MIN_PLAYERS = 3
MAX_PLAYERS = 6
FLEET_DIAL_MAX = 20


class RexScenario(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Pinned chance outcomes, so a hand-written record needs no RNG.  Unpinned ones are drawn.

    Cards are named by their content ids; piles list the top card first.
    """

    bombardment_deal: list[int] | None = None  # §4 step 3: the card value each seat is dealt
    races: list[str] | None = None  # §4 step 4 (random selection): each seat's race
    traitor_deal: list[list[str]] | None = None  # §4 step 6: the 4 leader ids dealt to each seat
    influence_deck: list[str] | None = None  # §4 step 2: the influence deck, top first
    strategy_deck: list[str] | None = None  # §4 step 2: the strategy deck, top first
    bombardment_deck: list[int] | None = None  # §4 step 3: the deck after the first-player deal
    betrayal_deal: list[int] | None = None  # §4 step 11: each seat's betrayal card number
    bombardment_draws: list[int] | None = None  # §12 step 1: the card revealed in round 1, 2, ...
    # The cards on top after the 1st, 2nd, ... shuffle of a deck during play, top first (§7 step 7
    # returned auction row, §17 exhausted strategy deck; §6 round-1 Sol Offensives shuffled back,
    # an exhausted influence deck).  The traitor deck is never drawn from after setup, so its
    # order needs no pin.
    strategy_reshuffles: list[list[str]] | None = None
    influence_reshuffles: list[list[str]] | None = None


class RexConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Every option of a Rex game."""

    players: int = 6
    # §4 step 4: each player picks a race in player order [seed]; "random" deals them out, a common
    # variant [Rex: S9].
    race_selection: Literal["in_order", "random"] = "in_order"

    # -- the board ----------------------------------------------------------------------------
    # GAPS G2 / A9: does the bombarded sector block (and the fleet hit) whole areas touching it
    # ("area", RULES §3.2 wording) or only their parts inside it ("piece", the stand-in board's
    # movement model, where Dune territories span up to five sectors)?
    sector_model: Literal["piece", "area"] = "piece"
    # §9.2 / GAPS G1, A8: lines a group may move, without / with a spaceport.  None takes the board's
    # own values: the stand-in board's 1 / 3 [Dune]; the printed Rex board's are 2 / 4 [seed].
    movement_normal: int | None = None
    movement_spaceport: int | None = None
    # GAPS A13: at most this many players in a stronghold (Dune allows 2); None = no limit [guess].
    stronghold_occupancy_limit: int | None = None
    # GAPS E16: total influence in the bank; None = never runs out [guess] (67 tokens of unknown
    # denominations [Rex: S2]; change is made at any time [seed]).
    influence_supply: int | None = None

    # -- setup (§4) -----------------------------------------------------------------------------
    # §4 step 6 / GAPS E2: a player dealt an opponent's leader must keep one ("má vybrat") [seed,
    # reading]; False lets him keep any card.
    traitor_must_pick_opponent: bool = True

    # -- influence (§6) -------------------------------------------------------------------------
    # §6 step 2 / GAPS B3: with 3 players influence goes on one area of the card: the first [guess].
    three_player_influence_slot: Literal["first", "second"] = "first"
    # GAPS G8: with 3 players, when that area is in the bombarded sector: nothing is placed
    # [seed wording] or the other area receives it.
    three_player_bombarded_slot: Literal["nothing", "other"] = "nothing"
    # §6 step 3 / GAPS B4: a Sol Offensive also destroys the influence there [Dune] [Rex: S17].
    sol_offensive_destroys_influence: bool = True
    # §6 step 3 / GAPS B4, G6: Sol units survive a Sol Offensive [Dune]; the seed says every unit dies.
    sol_immune_to_sol_offensive: bool = True
    # §6 step 3 / GAPS B4: shields do not protect against a Sol Offensive [guess].
    sol_offensive_ignores_shields: bool = True
    # §6 step 4 / GAPS B5, E16 (RULES §15): a Ceasefire drawn in round 1 is resolved [Rex: S10, S11].
    ceasefire_active_in_round_1: bool = True

    # -- bidding (§7) ---------------------------------------------------------------------------
    # §7 step 4 / GAPS E1, G3: each later card is opened left of the previous opener [seed, reading]
    # (True) or always left of the first player (False).
    bid_opener_rotates: bool = True
    # GAPS G3: after a skipped opener, "previous opener" is who actually opened (default) or who
    # should have.
    bid_rotation_from: Literal["actual", "scheduled"] = "actual"

    # -- maneuvering (§9) -----------------------------------------------------------------------
    # §9.3 / GAPS E3: a moving group starts in one area [Dune].
    movement_group_single_origin: bool = True
    # §9.4 / GAPS E3: a landing goes to one area [Dune].
    landing_single_destination: bool = True
    # §18 / GAPS D10: Hacan half-price landing ([Rex: S20] discount, rate [Dune]), cross-landing and
    # withdrawal [Dune], free turn timing [Dune].
    hacan_half_price: bool = True
    hacan_cross_landing: bool = True
    hacan_free_timing: bool = True
    # GAPS D11: Hacan also receives its allies' landing fees [Dune].
    hacan_fees_from_allies: bool = True
    # GAPS G10: a Hacan cross-landing lets the Xxcha put a free unit on the Council [guess: no,
    # the Xxcha envoy answers landings from reserves].
    cross_landing_triggers_xxcha: bool = False
    # GAPS G9: Sol's landing zone is measured around the bombarded sector (True) or on the bare
    # board (False) [guess].
    sol_landing_range_avoids_fleet: bool = False
    # GAPS D17: the Xxcha envoy also answers an ally's landing ("another player" [Rex: S7]).
    xxcha_envoy_for_allies: bool = True

    # -- battle (§10) ---------------------------------------------------------------------------
    # §18 / GAPS D6, D16: Jol-Nar prescience and Xxcha voice [Dune].
    jol_nar_prescience: bool = True
    xxcha_voice: bool = True
    # §10.7 / GAPS D14: Lazax mechanized units count 1 against the Sol [guess: no].
    mechanized_weak_vs_sol: bool = False
    # GAPS G5: a winning Lazax loses an inclusion-minimal set covering the dial (races.json) or the
    # set of least total strength.
    lazax_loss_set: Literal["inclusion_minimal", "least_strength"] = "inclusion_minimal"
    # §10.3 step 8 / GAPS E7: the winner is paid the strength of leaders killed [Dune]; seed silent.
    leader_kill_bounty: bool = False
    # §10.3 step 4 / GAPS C10: the card slot is seen with the leader at the first reveal [guess].
    slot_visible_at_reveal1: bool = True
    # GAPS C9: a slot may be chosen only if the hand can fill it [guess].
    slot_must_be_fillable: bool = True

    # -- bombardment (§12) ----------------------------------------------------------------------
    # §12 step 2 / GAPS D13, G4: Sol loses half (rounded up) to the fleet [Dune], per area or over the
    # whole sweep.
    sol_bombardment_half_losses: bool = True
    sol_half_losses_scope: Literal["per_area", "per_sweep"] = "per_area"
    # §18 / GAPS D13: Sol may look at the next bombardment card [Dune].
    sol_sees_next_bombardment: bool = True

    # -- strategy cards outside battle (§17) ----------------------------------------------------
    # GAPS C5, E26: Diplomatic Interference is Karama-like [Dune]: it cancels any race ability as it
    # is used.  True offers it against every ability that acts inside another player's decision or
    # automatically, at a card window of its own; False only where its holder decides anyway
    # (prescience, voice) and against the Sol's bombardment resistance.
    interference_against_every_ability: bool = True
    # §17, E25: a card answered at a window that an earlier play made impossible stays in hand.
    # False: it is taken back unseen — a card is shown only when played (§16.2, §16.3: cards in hand
    # are never shown); True: the table saw the card announced.
    withdrawn_play_revealed: bool = False

    # -- alliances and victory (§13, §14) -------------------------------------------------------
    # §13.1 / GAPS E14: alliances need at least this many players [Rex: S8].
    alliances_min_players: int = 4
    # §14.3 / GAPS E13: with nobody holding a stronghold after round 8, everybody shares [guess].
    no_strongholds_all_share: bool = True
    # §14.4 / GAPS F4: the optional betrayal-card module (agreed before the game) [seed].
    betrayal_cards: bool = False
    # GAPS E17: the strategy discard pile is face up [guess].
    strategy_discard_public: bool = True

    content_overrides: dict[str, Any] | None = None
    scenario: RexScenario | None = None


RULE_CONFIG = "RULES §19.3"


def _bad(message: str, code: str, rule: str = RULE_CONFIG) -> InvalidConfig:
    return InvalidConfig(message, code=code, rule=rule)


def validate_config(config: RexConfig) -> None:
    """Refuse options no game can be played with, with a code saying which (nothing is built)."""
    if not MIN_PLAYERS <= config.players <= MAX_PLAYERS:
        raise _bad("Rex is for 3 to 6 players", "bad_players", "RULES §2")
    for name in ("movement_normal", "movement_spaceport"):
        value = getattr(config, name)
        if value is not None and not 1 <= value <= 10:
            raise _bad(f"{name} must be 1 to 10 lines", "bad_movement", "RULES §9.2")
    if (
        config.movement_normal is not None
        and config.movement_spaceport is not None
        and config.movement_spaceport < config.movement_normal
    ):
        raise _bad("the spaceport allowance cannot be below the normal one", "bad_movement", "RULES §9.2")
    if config.stronghold_occupancy_limit is not None and config.stronghold_occupancy_limit < 2:
        raise _bad("a stronghold must admit at least 2 players", "bad_occupancy", "GAPS A13")
    if config.influence_supply is not None and config.influence_supply < 0:
        raise _bad("the influence supply cannot be negative", "bad_supply", "GAPS E16")
    if not 3 <= config.alliances_min_players <= 7:
        raise _bad("alliances_min_players must be 3 to 7 (7: never)", "bad_alliances", "RULES §13.1")
    _validate_scenario(config)


def _validate_scenario(config: RexConfig) -> None:
    """Shape checks of pinned outcomes; whether the cards exist is checked against the content."""
    sc = config.scenario
    n = config.players
    if sc is None:
        return
    rule = "RULES §4"
    for name in ("bombardment_deal", "races", "traitor_deal", "betrayal_deal"):
        pinned = getattr(sc, name)
        if pinned is not None and len(pinned) != n:
            raise _bad(f"scenario {name} needs one entry per seat ({n})", "bad_scenario", rule)
    if sc.races is not None:
        if sorted(set(sc.races)) != sorted(sc.races) or any(r not in RACE_IDS for r in sc.races):
            raise _bad(
                f"scenario races must be distinct races of {', '.join(RACE_IDS)}", "bad_scenario", rule
            )
        if config.race_selection != "random":
            raise _bad("pinned races need race_selection=random", "bad_scenario", rule)
    if sc.bombardment_deal is not None and len(set(sc.bombardment_deal)) != n:
        raise _bad("bombardment cards dealt at setup are distinct", "bad_scenario", rule)
    if sc.betrayal_deal is not None and len(set(sc.betrayal_deal)) != n:
        raise _bad("betrayal cards dealt at setup are distinct", "bad_scenario", rule)
