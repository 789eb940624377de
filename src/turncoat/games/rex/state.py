"""The full Rex game state (server-side truth; viewers only ever see ``observe``).

Designed for fast random play: every field is an int, a bool, a string constant or a tuple of them,
indexed by small integers the content tables define (seats 0..n-1 clockwise, races in
``components.RACE_IDS`` order, leaders ``race * 5 + i``, strategy cards by type, influence cards by
pack position, pieces by board index).  Nothing is nested deeper than a tuple of tuples, so a step
copies only the fields it changes.

``State`` is frozen.  Rule functions that change several fields work on a ``Draft`` (a mutable twin
with the same fields) and freeze it when the action has resolved.

Piles list the bottom card first: the top card of a deck is its LAST element.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec
from msgspec.structs import astuple

from turncoat.core.deals import Deals

# Steps that wait for a decision (RULES §4 setup; later phases add theirs).
CHOOSE_RACE = "choose_race"  # §4 step 4
PREDICT = "predict"  # §4 step 5
KEEP_TRAITOR = "keep_traitor"  # §4 step 6 (simultaneous)
FLEET_DIAL = "fleet_dial"  # §4 step 7 (simultaneous, sealed)
PLACE_START = "place_start"  # §4 step 10 (Sol's choice)
ROUND_START = "round_start"  # §5: a round begins (never waits: the Influence phase follows)
CEASEFIRE = "ceasefire"  # §6 step 4, §13.1: the ceasefire window (simultaneous)
BID = "bid"  # §7 step 5: the player whose turn it is bids or passes
RECRUIT = "recruit"  # §8: the player whose turn it is recruits
HACAN_TIMING = "hacan_timing"  # §18 (Hacan): take the maneuvering turn now, or wait
MOVE_FROM = "move_from"  # §9.3: choose the group's area, or skip the movement step
MOVE_TO = "move_to"  # §9.3: choose where the group ends
MOVE_COUNT = "move_count"  # §9.3: choose how many units go
LAND_TO = "land_to"  # §9.4: choose where to land (Hacan: or cross-land / withdraw), or skip
CROSS_TO = "cross_to"  # §18 (Hacan): where the cross-landing group goes
LAND_COUNT = "land_count"  # §9.4: how many units land (or cross-land, or withdraw)
ENVOY = "envoy"  # §18 (Xxcha): a free unit to the Galactic Council after another player's landing
BATTLE = "battle"  # §10: (transient) the Battle phase finds the next battle
CHOOSE_BATTLE = "choose_battle"  # §10.2: the aggressor picks which of his battles comes next
PRESCIENCE = "prescience"  # §18 (Jol-Nar): which part of the opponent's plan to see
FORESEE = "foresee"  # §18 (Jol-Nar): the opponent settles that part first
BATTLE_PLAN = "battle_plan"  # §10.3 steps 2-3: dial, then leader and slot (simultaneous, sealed)
VOICE = "voice"  # §18 (Xxcha): an order to the opponent between the two reveals
BATTLE_CARDS = "battle_cards"  # §10.3 step 5: the cards the slot promised (simultaneous, sealed)
TRAITOR = "traitor"  # §10.3 step 6: reveal a traitor or not (both battlers, simultaneous)
BATTLE_LOSSES = "battle_losses"  # §10.7: a winning Lazax picks which units cover the dial
KEEP_CARDS = "keep_cards"  # §10.3 step 8 (E9): the winner keeps or discards each played card
COLLECTION = "collection"  # §11: (transient) the Collection phase
BOMBARDMENT = "bombardment"  # §12: (transient) the Bombardment phase
BETRAYAL = "betrayal"  # §14.4: the members of a winning alliance shake hands or betray (simultaneous)
CARD_WINDOW = "card_window"  # §3.7, §17: every seat with cards plays one at this moment or not (sealed)
FLEET_MOVE = "fleet_move"  # §12 step 1 (fleet sabotage card): how many sectors the fleet moves
SPARE_ALLY = "spare_ally"  # §18 (Sol ally card): the Sol spare an ally's units from a Sol Offensive
INTERROGATE = "interrogate"  # the interrogation card: which yes/no question to ask whom
ALLY_CONSENT = "ally_consent"  # §13.3: the owner of an ally card agrees to a "may" used for his ally
BATTLE_STEPS = (
    CHOOSE_BATTLE,
    PRESCIENCE,
    FORESEE,
    BATTLE_PLAN,
    VOICE,
    BATTLE_CARDS,
    TRAITOR,
    BATTLE_LOSSES,
    KEEP_CARDS,
)
# Battle plan values (§10.3): no leader available / the stand-in card instead of a leader.
UNSET = -1
NO_LEADER = -2
STAND_IN = -3
EMPTY = -4  # a card part of the slot left empty (no card played there)
# Card slots of the leader holder (§10.3 step 3).
SLOT_NONE, SLOT_ATTACK, SLOT_DEFENSE, SLOT_BOTH = range(4)
# Parts of a plan Jol-Nar may ask for (§18 [Dune]).
SEE_LEADER, SEE_ATTACK, SEE_DEFENSE, SEE_DIAL = range(4)
MANEUVER_STEPS = (HACAN_TIMING, MOVE_FROM, MOVE_TO, MOVE_COUNT, LAND_TO, CROSS_TO, LAND_COUNT, ENVOY)
# Landing modes (§9.4; §18 Hacan cross-landing and withdrawal).
FROM_RESERVES = 0
CROSS = 1
WITHDRAW = 2
OVER = "over"

SETUP_STEPS = (CHOOSE_RACE, PREDICT, KEEP_TRAITOR, FLEET_DIAL, PLACE_START)

NOBODY = -1
NO_RACE = -1
NO_CARD = -1
NO_SECTOR = 0
SEALED_NONE = -1  # a simultaneous choice not yet made
NO_PLAY = -2  # a card window answered with "no card" (§17)
FACT_CARD, FACT_TRAITOR, FACT_RACE, FACT_ROUND = range(4)
FACT_KINDS = ("card", "traitor", "predicted_race", "predicted_round")
LEADER_READY = -1  # §3.5: in reserves and has not fought this round
LEADER_DEAD = -2  # §3.4: in the casualty pool
LEADER_BOXED = -3  # §4 step 4: its race is not in the game
# any other value: the area the leader fought in this round (§10.4: he may fight there again only)

Stack = tuple[int, int, int, int]  # (piece, seat, units, mechanized units)


# ``gc=False``: a state holds only numbers, strings, tuples of them and the deals (never itself or
# anything that holds it), so it cannot be part of a reference cycle, and leaving the thousands a
# search makes untracked spares the cyclic collector (each tracked allocation brings the next
# collection nearer).
class Fields(msgspec.Struct, omit_defaults=True, gc=False):
    players: int
    seed: int
    rng: int  # draw counter of the state's RNG stream (core.rng)
    round: int  # 1..8; 0 during setup
    step: str
    first_player: int  # §3.1: holder of the first player token
    actor: int  # seat facing the current sequential decision; NOBODY when simultaneous
    waiting: tuple[int, ...]  # seats that still owe a simultaneous sealed choice
    sealed: tuple[int, ...]  # per seat: its sealed answer, SEALED_NONE until given
    race: tuple[int, ...]  # per seat: race index, NO_RACE until chosen
    bombardment_dealt: tuple[int, ...]  # §4 step 3: the card value each seat was dealt (public)
    influence: tuple[int, ...]  # §3.6: per seat, public
    pool: int  # influence in the bank (below zero only when the supply is unlimited, GAPS E16)
    board_influence: tuple[tuple[int, int], ...]  # (piece, amount) sorted by piece
    stacks: tuple[Stack, ...]  # units on the board, sorted by (piece, seat)
    reserves: tuple[int, ...]  # §3.4: per seat, ordinary units
    reserves_mech: tuple[int, ...]  # §10.7: per seat, mechanized units (Lazax)
    casualties: tuple[int, ...]
    casualties_mech: tuple[int, ...]
    leaders: tuple[int, ...]  # per leader index: LEADER_READY, LEADER_DEAD or the area fought in
    hands: tuple[tuple[int, ...], ...]  # strategy card types per seat, ascending (§3.7: hidden)
    strategy_deck: tuple[int, ...]
    strategy_discard: tuple[int, ...]
    influence_deck: tuple[int, ...]
    influence_discard: tuple[int, ...]  # area cards, face up (§5: its size is the round number)
    influence_removed: tuple[int, ...]  # Sol Offensives and Ceasefires out of the game
    traitor_deck: tuple[int, ...]  # leader indices
    traitor_offers: tuple[tuple[int, ...], ...]  # §4 step 6: the cards dealt, until one is kept
    traitors: tuple[tuple[int, ...], ...]  # per seat: leader indices of the traitor cards kept
    bombardment_deck: tuple[int, ...]  # card values
    fleet: int  # sector of the dreadnought fleet (the bombarded sector); NO_SECTOR before setup
    shield_destroyed: bool
    alliance: tuple[int, ...]  # per seat: lowest seat of its alliance, NOBODY when not allied
    prediction: tuple[int, int]  # §4 step 5: (race, round) of the Xxcha, (NO_RACE, 0) if none
    betrayal: tuple[int, ...]  # §4 step 11: per seat the betrayal card index, NO_CARD without
    to_place: int  # §4 step 10: units the actor still distributes
    # §6: this Influence phase has already resolved a Sol Offensive / a Ceasefire (E15), and the
    # round-1 Sol Offensives set aside until the end of the phase (E14).
    offensive_done: bool = False
    ceasefire_done: bool = False
    set_aside: tuple[int, ...] = ()
    # §7: the auction row (face down, in the order drawn; the card on auction is the first), the
    # seat that opened the current card and the one the rotation named, the high bid and bidder,
    # and per seat whether it has passed on this card.
    row: tuple[int, ...] = ()
    auction: int = 0  # which card of this phase's row is on auction (1-based)
    opener: int = NOBODY
    scheduled_opener: int = NOBODY
    high_bid: int = 0
    high_bidder: int = NOBODY
    passed: tuple[bool, ...] = ()
    # §9: per seat its movement allowance this phase (spaceport control at the start, E22) and
    # whether it has taken its turn; whose turn it is; the turn's chosen group origin and
    # destination pieces and landing mode; the turn Hacan last chose to wait for.
    allowance: tuple[int, ...] = ()
    maneuvered: tuple[bool, ...] = ()
    turn_seat: int = NOBODY
    origin: int = NOBODY
    target: int = NOBODY
    landing_mode: int = 0
    moves_made: int = 0
    landings_made: int = 0
    hacan_waited_for: int = NOBODY
    # §16: what a seat has learnt about another's hand: (viewer, holder, card type), e.g. a card
    # Jol-Nar looked at before another player bought it (§7 step 3).  An entry goes when the card
    # leaves the hand.
    learnt: tuple[tuple[int, int, int], ...] = ()
    # §10: the battle in progress: its area, (aggressor, defender), and per battler (same order)
    # the sealed plan: dial, leader (or NO_LEADER / STAND_IN), slot, attack and defense cards
    # (UNSET until chosen; NO_CARD for an empty slot part); how far the plans are revealed (0, 1
    # after dials and leaders, 2 after cards); Jol-Nar's question (SEE_*, UNSET); the Xxcha
    # order (play 1 / not 0, kind 0 attack / 1 defense / 2 card, subtype index or card type);
    # the traitor answers (UNSET, 0, 1); the winner (NOBODY: none yet or no winner).
    battle_area: int = NOBODY
    battlers: tuple[int, ...] = ()
    plan_dial: tuple[int, ...] = ()
    plan_leader: tuple[int, ...] = ()
    plan_slot: tuple[int, ...] = ()
    plan_attack: tuple[int, ...] = ()
    plan_defense: tuple[int, ...] = ()
    revealed: int = 0
    foreseen: int = UNSET
    voice: tuple[int, ...] = ()
    traitor_answer: tuple[int, ...] = ()
    battle_winner: int = NOBODY
    aggressors_done: tuple[bool, ...] = ()
    # §18 ally advantages in battle: the side Jol-Nar's prescience and the Xxcha voice help (a
    # battler's own side, or his ally's; UNSET when unused), and the answer of a Letnev who may
    # reveal a traitor for an ally (UNSET, 0, 1).
    prescient_side: int = UNSET
    voice_side: int = UNSET
    helper_answer: int = UNSET
    # §14: the winners once the game is over (several share a win), how they won, and the betrayal
    # answers of a winning alliance's members (UNSET, 0 shake hands, 1 reveal).
    winners: tuple[int, ...] = ()
    victory: str = ""
    betrayal_answer: tuple[int, ...] = ()
    # §13: standing alliances and the proposals open in a ceasefire window (``alliance`` above
    # mirrors the groups as a per-seat id for the rules).
    deals: Deals = msgspec.field(default_factory=Deals)
    # §13.1: per seat, the player it has chosen to give influence to (the amount comes next), or
    # NOBODY — a gift is two small decisions rather than one with hundreds of choices.
    gift_to: tuple[int, ...] = ()
    # §3.7, §17: the card window open now ("influence" before the first influence card, "bombardment"
    # before the fleet moves; the answers are ``sealed``), the seat whose fleet sabotage moves the
    # fleet this phase, whether a Diplomatic Interference has cancelled the Sol's bombardment
    # resistance for this phase, and whether the turn's player has an extra movement step to take.
    window: str = ""
    # §17, E26 (GAPS C5): at a card window named after a race ability about to take effect, what a
    # Diplomatic Interference would cancel: (the ability's seat, 1 once cancelled else 0, then what
    # the ability needs to finish — see phases/cards.py ``ABILITY_WINDOWS``).
    at_stake: tuple[int, ...] = ()
    fleet_mover: int = NOBODY
    fleet_sectors: int = -1
    sol_resistance_cancelled: bool = False
    extra_move: bool = False
    # Strategy cards removed from the game (the shield-destroying card), public.
    strategy_removed: tuple[int, ...] = ()
    # §6 step 3 / §18 (Sol ally card): the area card of a Sol Offensive waiting for the Sol's answer
    # whether their allies' units are spared, and whether that offensive came from a card window.
    offensive_card: int = NOBODY
    # How many times the strategy and influence decks were shuffled during play (so a scenario can
    # pin the order after each shuffle).
    strategy_shuffles: int = 0
    influence_shuffles: int = 0
    # §13.3 [seed]: an ally advantage worded "may" is used only with its owner's consent.  What is
    # asked ("cross_landing", "lazax_recruits"), by whom, the choice waiting for the answer, and the
    # advantages refused to the asker for the rest of this turn (maneuvering) or phase (recruitment).
    # The interrogation card: the step its player returns to after his question, and the public
    # answers that stay true until something public changes them: (holder, kind, what, yes) with
    # kind FACT_CARD (holds a card of that type; kept only for "no" — a "yes" is ``learnt`` — until
    # he gains a card), FACT_TRAITOR (holds that leader's traitor card; a "yes" goes when it is
    # revealed), FACT_RACE and FACT_ROUND (the Xxcha prediction).
    resume_step: str = ""
    facts: tuple[tuple[int, int, int, int], ...] = ()
    consent: str = ""
    consent_asker: int = NOBODY
    consent_choice: tuple[int, ...] = ()
    refused: tuple[str, ...] = ()


class State(Fields, frozen=True):  # type: ignore[misc]  # msgspec allows a frozen twin
    """A frozen Rex position."""


class Draft(Fields):
    """A mutable copy used while one action and its forced steps resolve."""

    @classmethod
    def of(cls, state: State) -> Draft:
        return cls(*astuple(state))

    def freeze(self) -> State:
        return State(*astuple(self))

    def set_seat(self, field: str, seat: int, value: Any) -> None:
        """Replace one seat's entry of a per-seat tuple field."""
        old = getattr(self, field)
        setattr(self, field, (*old[:seat], value, *old[seat + 1 :]))


def replace_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


@cache  # a handful of (start, players) pairs, asked at nearly every step
def seats_from(start: int, players: int) -> tuple[int, ...]:
    """§3.1 player order: the given seat, then clockwise (to the left)."""
    return tuple((start + i) % players for i in range(players))


def without(values: tuple[int, ...], item: int) -> tuple[int, ...]:
    """``values`` less every ``item`` (e.g. a seat that has answered, from the seats waiting)."""
    while item in values:
        i = values.index(item)
        values = values[:i] + values[i + 1 :]
    return values


def seat_of_race(s: Fields, race: int) -> int:
    """The seat playing ``race``, or NOBODY if the race is not in the game."""
    try:
        return s.race.index(race)
    except ValueError:
        return NOBODY


def units_at(stacks: tuple[Stack, ...], piece: int) -> tuple[Stack, ...]:
    """The stacks in one piece."""
    return tuple(st for st in stacks if st[0] == piece)


def add_units(
    stacks: tuple[Stack, ...], piece: int, seat: int, units: int, mech: int = 0
) -> tuple[Stack, ...]:
    """``stacks`` with ``units`` (and ``mech``) more of ``seat``'s units in ``piece`` (may be negative).

    A stack that reaches zero disappears, so an empty piece has no entry.
    """
    out: list[Stack] = []
    done = False
    for st in stacks:
        if st[0] == piece and st[1] == seat:
            u, m = st[2] + units, st[3] + mech
            if u < 0 or m < 0:
                raise ValueError("a stack cannot hold fewer than zero units")
            if u or m:
                out.append((piece, seat, u, m))
            done = True
        else:
            out.append(st)
    if not done:
        if units < 0 or mech < 0:
            raise ValueError("cannot remove units that are not there")
        if units or mech:
            out.append((piece, seat, units, mech))
            out.sort()
    return tuple(out)


def add_influence(board: tuple[tuple[int, int], ...], piece: int, amount: int) -> tuple[tuple[int, int], ...]:
    """``board`` with ``amount`` more influence on ``piece`` (an entry at zero disappears)."""
    out = [(p, a) for p, a in board if p != piece]
    total = amount + sum(a for p, a in board if p == piece)
    if total < 0:
        raise ValueError("a piece cannot hold less than zero influence")
    if total:
        out.append((piece, total))
        out.sort()
    return tuple(out)


def seats_by_area(stacks: tuple[Stack, ...], piece_area: tuple[int, ...]) -> dict[int, frozenset[int]]:
    """The seats in each occupied area (computed once per question, not once per piece or area).
    The answer is a function of the stacks alone, which are immutable: the last one is kept with
    the very stacks tuple it was computed from (held, so its identity cannot be reused), and the
    next question about the same stacks (the legal list after the step that reached them, the
    later questions of one turn, the battles of a phase) reads it.  Callers only read the mapping."""
    last = _LAST_SEATS_BY_AREA[0]  # one read: safe if several threads share the engine
    if last[0] is stacks and last[1] is piece_area:
        return last[2]
    found: dict[int, set[int]] = {}
    for piece, who, _, _ in stacks:
        found.setdefault(piece_area[piece], set()).add(who)
    answer = {area: frozenset(seats) for area, seats in found.items()}
    _LAST_SEATS_BY_AREA[0] = (stacks, piece_area, answer)
    return answer


_LAST_SEATS_BY_AREA: list[tuple[object, object, dict[int, frozenset[int]]]] = [(None, None, {})]


def seats_at(stacks: tuple[Stack, ...], piece_area: tuple[int, ...], area: int) -> frozenset[int]:
    """The seats with units in ``area`` (``seats_by_area``: kept for the next area asked about)."""
    return seats_by_area(stacks, piece_area).get(area, _NO_SEATS)


_NO_SEATS: frozenset[int] = frozenset()


def seats_in_area(stacks: tuple[Stack, ...], area_pieces: tuple[int, ...]) -> frozenset[int]:
    """The seats with units in an area (given as its pieces)."""
    return frozenset(st[1] for st in stacks if st[0] in area_pieces)


def units_of(stacks: tuple[Stack, ...], piece: int, seat: int) -> tuple[int, int]:
    """(units, mechanized units) of ``seat`` in ``piece``."""
    for st in stacks:
        if st[0] == piece and st[1] == seat:
            return st[2], st[3]
    return 0, 0


def allied(s: Fields, a: int, b: int) -> bool:
    """§13: two different seats in the same alliance."""
    return a != b and s.alliance[a] != NOBODY and s.alliance[a] == s.alliance[b]


def total_influence(s: Fields) -> int:
    """§19.4: players + pool + board, conserved by every rule."""
    return sum(s.influence) + s.pool + sum(a for _, a in s.board_influence)
