"""StarCraft game options: the player count, the content packs, and every uncertain rule as a named
option (RULES §21.4 and each ruling of GAPS.md).

Each field's comment says the section it answers and why its default is the default; the table in
docs/starcraft.md repeats them with their sources.  Every option is stored in records, defaults
included, so a record never depends on them.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from turncoat.core.errors import InvalidConfig
from turncoat.games.starcraft.components import FACTION_IDS

MIN_PLAYERS = 2
MAX_PLAYERS = 6


class StarcraftScenario(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Pinned chance outcomes, so a hand-computed record needs no RNG.  Unpinned ones are drawn."""

    first_player: int | None = None  # §5 step 1
    factions: list[str] | None = None  # §5 step 2 with faction_selection=random: each seat's faction
    planet_draws: list[list[str]] | None = None  # §6.1 step 1: the 2 planets each seat draws


class StarcraftConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Every option of a StarCraft game."""

    players: int = 4
    # §5 step 2: from the first player clockwise each picks a faction [CZ p.10]; "random" deals them,
    # the rulebook's own alternative [CZ p.10].
    faction_selection: Literal["in_order", "random"] = "in_order"

    # -- content (§3, GAPS §3) ------------------------------------------------------------------
    # The invented placeholder pack fills what no source gives; without it (or an owner's pack that
    # completes the content) no game can be set up.
    placeholders: bool = True
    # Packs an owner wrote from a printed copy, applied over the sourced and placeholder packs.
    owner_packs: tuple[dict[str, Any], ...] = ()
    # The common option of every game (``--content-override FILE`` in the command line, the terminal
    # and ``turncoat sim``): the override file's values, read as one more owner's pack applied after
    # owner_packs -- the dotted paths ``turncoat content starcraft`` prints, or a whole owner's pack
    # (``overrides.py``).
    content_overrides: dict[str, Any] | None = None

    # -- §21.4 rulings ------------------------------------------------------------------------------
    # §16.1: with Aldaris in play, rank only players who reached their own threshold [RULING].
    aldaris_threshold_ranking: Literal["reached_own_threshold", "everyone"] = "reached_own_threshold"
    # §16.1 tie-break "most resources": the sources say minerals and gas on cards [RULING].
    tiebreak_resources_include_permanent: bool = False
    # §16.2: an empty event deck counts as a Stage III top card [RULING].
    empty_event_deck_is_stage_iii: bool = True
    # §16.2, §19: when the event deck runs out, no further draws (core) or the Stage III discards are
    # reshuffled into a new deck (the Galactic Conquest variant's rule, always so in it) [RULING].
    event_deck_exhausted: Literal["no_further_draws", "reshuffle_stage_iii"] = "no_further_draws"
    # §2, §10.2: an area holding only an enemy base is an enemy area: moving in is allowed, starts no
    # battle and uses the order's one enemy area [RULING].
    enemy_base_only_area_counts_as_enemy_area: bool = True
    # §4.3: units a transport carries across its route per Mobilize; None = unlimited (a bridge)
    # [CZ p.7 wording + RULING].
    transport_capacity: int | None = None
    # §9, §16.4: an eliminated player's order is discarded as soon as it is on top of its stack, so it
    # never obstructs anyone [RULING]; "when_reached" discards it only when its owner's turn comes.
    eliminated_orders_removed: Literal["immediately", "when_reached"] = "immediately"
    # §21.3: the owner of a placed order remembers its face [RULING]; False hides it from the owner too.
    order_owner_may_view_own_orders: bool = True
    # §16.4: when the last players in the game leave the board at the same moment (one battle
    # destroys both sides' last pieces) the rules name no winner [RULING].  "share_victory" keeps them
    # in and they share the elimination victory: none of them was left with nothing while another
    # still stood, and every other ending of the game has a winner; "nobody_wins" eliminates them
    # all and the game ends with no winner.
    simultaneous_last_elimination: Literal["share_victory", "nobody_wins"] = "share_victory"
    # §13.4, §13.7: cancels resolve before everything else, "attacker's first" [RULING].  The order
    # only matters if it can change the outcome, so "attacker_first" reads it as a sequence: a card
    # the attacker cancels is gone before its own cancel acts (a cancelled card has no effect).
    # "simultaneous" lets every cancel on the revealed cards act, the order being only the order of
    # the discards.
    combat_cancel_order: Literal["attacker_first", "simultaneous"] = "attacker_first"

    # -- GAPS.md rulings ----------------------------------------------------------------------------
    # §6.3 (GAPS §2.1): when the 15 normal routes run out, forced routes stop, but a new planet still
    # gets one route (a substitute piece, as the rulebook allows for depletion tokens) [RULING].
    normal_routes_limited: bool = True
    # §17 (GAPS §2.1): the stage holding the three *The End Draws Near* cards is the pack's
    # (Stage III, a GUESS of medium confidence); this option is only the §19 variant's removal.
    # §4.3 (GAPS §2.1): a transport cut off from its owner's bases dies only in Regrouping step 1
    # (FAQ errata over CZ p.7's "immediately").
    cut_off_transport_destroyed: Literal["regrouping_step_1", "immediately"] = "regrouping_step_1"
    # §10.2 (GAPS §2.1): Terran lift-off stays on the active planet [FORUM].
    terran_lift_off_across_planets: bool = False
    # §16.2 (GAPS §2.3): a faction whose objective is unknown in every pack has none; True lets an
    # invented objective (the placeholder pack's Tassadar) count.
    invented_special_victories: bool = True
    # §10.3 (GAPS §3): True plays the placeholder technologies with their invented costs and cards
    # (Research buys them, Archon and Guardian become buildable); False: no technology whose cost or
    # card is invented can be bought, as when no pack gave any.
    invented_technologies: bool = True
    # §18 (GAPS §2.4): race abilities with unknown effects are hooks; nothing is applied for them.
    # §17 (GAPS §3): True applies the placeholder event cards' invented effects (the pack's card
    # texts); False keeps them inert hooks, as in a game with only sourced content.
    invented_event_effects: bool = True

    # -- §19 variants -------------------------------------------------------------------------------
    # Team play (4 or 6 players): teammates are seats i and i + n/2 (seated apart), factions random;
    # teammates never enter each other's areas; 30 CP combined (40 against Aldaris's team), either
    # teammate's objective, team tie-breaks; no base giving a team a whole planet (§10.1.3).
    team_play: bool = False
    # Galactic Conquest: no CP, *The End Draws Near* removed from the event deck, the Stage III
    # discards reshuffled when it runs out, elimination the only victory.
    galactic_conquest: bool = False

    scenario: StarcraftScenario | None = None


RULE_CONFIG = "RULES §21.4"


def _bad(message: str, code: str, rule: str = RULE_CONFIG) -> InvalidConfig:
    return InvalidConfig(message, code=code, rule=rule)


def validate_config(config: StarcraftConfig) -> None:
    """Refuse options no game can be played with, with a code saying which (nothing is built)."""
    if not MIN_PLAYERS <= config.players <= MAX_PLAYERS:
        raise _bad("StarCraft is for 2 to 6 players", "bad_players", "RULES §3")
    if config.transport_capacity is not None and config.transport_capacity < 1:
        raise _bad("transport_capacity must be at least 1 (or none: unlimited)", "bad_capacity", "RULES §4.3")
    if config.team_play and config.players not in (4, 6):
        raise _bad("team play is for 4 or 6 players", "bad_teams", "RULES §19")
    if config.team_play and config.faction_selection != "random":
        raise _bad("in team play factions are dealt at random", "bad_teams", "RULES §19")
    _validate_scenario(config)


def _validate_scenario(config: StarcraftConfig) -> None:
    """Shape checks of pinned outcomes; whether the planets exist is checked against the content."""
    sc, n, rule = config.scenario, config.players, "RULES §5"
    if sc is None:
        return
    if sc.first_player is not None and not 0 <= sc.first_player < n:
        raise _bad(f"scenario first_player must be a seat 0 to {n - 1}", "bad_scenario", rule)
    if sc.factions is not None:
        if config.faction_selection != "random":
            raise _bad("pinned factions need faction_selection=random", "bad_scenario", rule)
        if len(sc.factions) != n or len(set(sc.factions)) != n or not set(sc.factions) <= set(FACTION_IDS):
            raise _bad(f"scenario factions must be {n} distinct factions", "bad_scenario", rule)
    if sc.planet_draws is not None:
        flat = [p for draw in sc.planet_draws for p in draw]
        if (
            len(sc.planet_draws) != n
            or any(len(d) != 2 for d in sc.planet_draws)
            or len(set(flat)) != len(flat)
        ):
            raise _bad(
                f"scenario planet_draws needs 2 distinct planets for each of {n} seats",
                "bad_scenario",
                "RULES §6.1",
            )
