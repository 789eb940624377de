"""RULES §4 Setup, step by step: forced steps resolve at once, decisions wait for their seats.

Order (§4): decks (2), bombardment cards and first player (3), races (4), Xxcha prediction (5),
traitor draft (6), fleet start by two sealed dials (7), starting strategy cards (8), influence (9),
units incl. Sol's choice (10), betrayal cards (11), round 1 (12).
"""

from __future__ import annotations

from turncoat.core import rng
from turncoat.core.errors import InvalidConfig
from turncoat.games.rex.components import LEADERS_PER_RACE, XXCHA
from turncoat.games.rex.context import Ctx, Events
from turncoat.games.rex.events import (
    BetrayalCardDealt,
    BombardmentCardsDealt,
    FleetDialSet,
    FleetPlaced,
    InfluenceTaken,
    PredictionMade,
    RaceChosen,
    RacesDealt,
    RoundStarted,
    StrategyCardsDrawn,
    TraitorDraftDone,
    TraitorKept,
    TraitorsDealt,
    UnitsPlaced,
)
from turncoat.games.rex.phases.bidding import draw_strategy_card
from turncoat.games.rex.phases.bombardment import pinned_on_top
from turncoat.games.rex.phases.influence import begin_round
from turncoat.games.rex.state import (
    CHOOSE_RACE,
    FLEET_DIAL,
    KEEP_TRAITOR,
    LEADER_BOXED,
    LEADER_READY,
    NO_CARD,
    NO_RACE,
    NO_SECTOR,
    NOBODY,
    PLACE_START,
    PREDICT,
    SEALED_NONE,
    Draft,
    State,
    add_units,
    seat_of_race,
    seats_from,
    without,
)

RULE_SETUP = "RULES §4"
RULE_FIRST_PLAYER = "RULES §4 step 3"
RULE_RACES = "RULES §4 step 4"
RULE_PREDICTION = "RULES §4 step 5"
RULE_TRAITORS = "RULES §4 step 6"
RULE_FLEET = "RULES §4 step 7"
RULE_CARDS = "RULES §4 step 8"
RULE_INFLUENCE = "RULES §4 step 9"
RULE_UNITS = "RULES §4 step 10"
RULE_BETRAYAL = "RULES §4 step 11"

# -- pinned outcomes -------------------------------------------------------------------------------


def _bad_pin(message: str, rule: str = RULE_SETUP) -> InvalidConfig:
    return InvalidConfig(message, code="bad_scenario", rule=rule)


def _pinned_pile(ids: list[str], known: tuple[str, ...], full: tuple[int, ...], what: str) -> tuple[int, ...]:
    """A pinned pile (content ids, top first) as indices, top last; it must be the whole deck."""
    index = {cid: i for i, cid in enumerate(known)}
    if any(cid not in index for cid in ids):
        raise _bad_pin(f"the pinned {what} names a card the content does not have")
    pile = tuple(index[cid] for cid in reversed(ids))
    if sorted(pile) != sorted(full):
        raise _bad_pin(f"the pinned {what} must hold every card of the deck exactly once")
    return pile


# -- §4 steps 2-3: decks and first player ----------------------------------------------------------


def first_player_of(dealt: tuple[int, ...]) -> int:
    """§4 step 3: the seat dealt the lowest bombardment card (numbers are distinct, so no tie)."""
    return dealt.index(min(dealt))


def deal_bombardment_cards(ctx: Ctx, seed: int, counter: int) -> tuple[tuple[int, ...], int]:
    """§4 step 3: one bombardment card to each seat (or the pinned ones)."""
    values = ctx.t.bombardment_values
    sc = ctx.config.scenario
    if sc is not None and sc.bombardment_deal is not None:
        if any(v not in values for v in sc.bombardment_deal):
            raise _bad_pin("the pinned bombardment deal names a card that does not exist", RULE_FIRST_PLAYER)
        return tuple(sc.bombardment_deal), counter
    shuffled, counter = rng.shuffle(seed, counter, values)
    return shuffled[: ctx.config.players], counter


def shuffle_bombardment_deck(ctx: Ctx, seed: int, counter: int) -> tuple[tuple[int, ...], int]:
    """§4 step 3: all bombardment cards shuffled back into one deck."""
    values = ctx.t.bombardment_values
    sc = ctx.config.scenario
    if (
        sc is not None
        and sc.bombardment_draws is not None
        and any(v not in values for v in sc.bombardment_draws)
    ):
        raise _bad_pin("a pinned bombardment draw names a card that does not exist", RULE_FIRST_PLAYER)
    if sc is not None and sc.bombardment_deck is not None:
        if sorted(sc.bombardment_deck) != sorted(values):
            raise _bad_pin("the pinned bombardment deck must hold every card once", RULE_FIRST_PLAYER)
        return tuple(reversed(sc.bombardment_deck)), counter
    return rng.shuffle(seed, counter, values)


def set_up(ctx: Ctx, seed: int) -> tuple[State, Events]:
    """The position after the forced opening of §4 (steps 1-3), waiting for the races (step 4)."""
    t, config = ctx.t, ctx.config
    n = config.players
    sc = config.scenario
    counter = 0
    if sc is not None and sc.influence_deck is not None:
        influence_deck = _pinned_pile(
            sc.influence_deck, t.influence_ids, tuple(range(len(t.influence_ids))), "influence deck"
        )
    else:
        influence_deck, counter = rng.shuffle(seed, counter, range(len(t.influence_ids)))
    if sc is not None and sc.strategy_deck is not None:
        strategy_deck = _pinned_pile(sc.strategy_deck, t.card_ids, t.strategy_deck, "strategy deck")
    else:
        strategy_deck, counter = rng.shuffle(seed, counter, t.strategy_deck)
    dealt, counter = deal_bombardment_cards(ctx, seed, counter)
    first = first_player_of(dealt)
    bombardment_deck, counter = shuffle_bombardment_deck(ctx, seed, counter)
    bombardment_deck = pinned_on_top(ctx, bombardment_deck, 1)
    supply = config.influence_supply if config.influence_supply is not None else 0
    d = Draft(
        players=n,
        seed=seed,
        rng=counter,
        round=0,
        step=CHOOSE_RACE,
        first_player=first,
        actor=first,
        waiting=(),
        sealed=(SEALED_NONE,) * n,
        race=(NO_RACE,) * n,
        bombardment_dealt=dealt,
        influence=(0,) * n,
        pool=supply,
        board_influence=(),
        stacks=(),
        reserves=(0,) * n,
        reserves_mech=(0,) * n,
        casualties=(0,) * n,
        casualties_mech=(0,) * n,
        leaders=(LEADER_BOXED,) * len(t.leader_ids),
        hands=((),) * n,
        strategy_deck=strategy_deck,
        strategy_discard=(),
        influence_deck=influence_deck,
        influence_discard=(),
        influence_removed=(),
        traitor_deck=(),
        traitor_offers=((),) * n,
        traitors=((),) * n,
        bombardment_deck=bombardment_deck,
        fleet=NO_SECTOR,
        shield_destroyed=False,
        alliance=(NOBODY,) * n,
        prediction=(NO_RACE, 0),
        betrayal=(NO_CARD,) * n,
        to_place=0,
    )
    out: Events = [BombardmentCardsDealt(values=dealt, first_player=first)]
    if config.race_selection == "random":
        deal_races(ctx, d, out)
    return d.freeze(), out


# -- §4 step 4: races ------------------------------------------------------------------------------


def legal_races(ctx: Ctx, s: State, seat: int) -> list[int]:
    """§4 step 4: any race sheet nobody has taken yet."""
    return [r for r in range(len(ctx.t.race_ids)) if r not in s.race]


def resolve_choose_race(ctx: Ctx, d: Draft, seat: int, race: int, out: Events) -> None:
    """§4 step 4: in player order from the first player each seat takes a race."""
    d.set_seat("race", seat, race)
    out.append(RaceChosen(seat=seat, race=ctx.t.race_ids[race]))
    following = (seat + 1) % d.players
    if following != d.first_player:
        d.actor = following
        return
    races_taken(ctx, d, out)


def deal_races(ctx: Ctx, d: Draft, out: Events) -> None:
    """§4 step 4, random variant [Rex: S9]: the races are dealt out (or pinned)."""
    sc = ctx.config.scenario
    if sc is not None and sc.races is not None:
        races = tuple(ctx.t.race_ids.index(r) for r in sc.races)
    else:
        shuffled, d.rng = rng.shuffle(d.seed, d.rng, range(len(ctx.t.race_ids)))
        races = shuffled[: d.players]
    d.race = races
    out.append(RacesDealt(races=tuple(ctx.t.race_ids[r] for r in races)))
    races_taken(ctx, d, out)


def races_taken(ctx: Ctx, d: Draft, out: Events) -> None:
    """§4 step 4: each seat takes its race's leaders and units; then the Xxcha predict (step 5)."""
    t = ctx.t
    leaders = list(d.leaders)
    for race in d.race:
        for i in range(LEADERS_PER_RACE):
            leaders[race * LEADERS_PER_RACE + i] = LEADER_READY
    d.leaders = tuple(leaders)
    d.reserves = tuple(t.units[r] for r in d.race)
    d.reserves_mech = tuple(t.mechanized[r] for r in d.race)
    xxcha = seat_of_race(d, XXCHA)
    if xxcha != NOBODY:
        d.step = PREDICT
        d.actor = xxcha
        return
    deal_traitors(ctx, d, out)


# -- §4 step 5: Xxcha prediction -------------------------------------------------------------------


def legal_predictions(ctx: Ctx, s: State, seat: int) -> list[tuple[int, int]]:
    """§4 step 5: a race of another player in the game, and a round 1..8 [seed]."""
    others = sorted(r for r in s.race if r != s.race[seat])
    return [(race, rnd) for race in others for rnd in range(1, ctx.t.rounds + 1)]


def resolve_predict(ctx: Ctx, d: Draft, seat: int, race: int, rnd: int, out: Events) -> None:
    """§4 step 5: the prediction lies face down; only the Xxcha knows it."""
    d.prediction = (race, rnd)
    out.append(PredictionMade(seat=seat, race=None, round=None))
    out.append(PredictionMade(seat=seat, race=ctx.t.race_ids[race], round=rnd, visible_to=(seat,)))
    deal_traitors(ctx, d, out)


# -- §4 step 6: traitor draft ----------------------------------------------------------------------


def _pinned_traitor_deal(ctx: Ctx, d: Draft) -> tuple[tuple[int, ...], ...] | None:
    sc = ctx.config.scenario
    if sc is None or sc.traitor_deal is None:
        return None
    index = {lid: i for i, lid in enumerate(ctx.t.leader_ids)}
    deal = []
    for cards in sc.traitor_deal:
        if len(cards) != ctx.t.traitors_dealt or any(c not in index for c in cards):
            raise _bad_pin(f"pin {ctx.t.traitors_dealt} known leaders per seat", RULE_TRAITORS)
        deal.append(tuple(index[c] for c in cards))
    flat = [c for cards in deal for c in cards]
    in_game = set(in_game_leaders(ctx, d))
    if len(set(flat)) != len(flat) or not set(flat) <= in_game:
        raise _bad_pin("pinned traitor cards are distinct leaders of races in the game", RULE_TRAITORS)
    return tuple(deal)


def in_game_leaders(ctx: Ctx, d: Draft | State) -> tuple[int, ...]:
    """§4 step 6: the leaders of all races in play, one traitor card each (a traitor card is
    stored as the index of the leader it names)."""
    return tuple(ld for ld, st in enumerate(d.leaders) if st != LEADER_BOXED)


def deal_traitors(ctx: Ctx, d: Draft, out: Events) -> None:
    """§4 step 6: shuffle the traitor cards of the races in play and deal 4 to each player.

    A race that keeps every card dealt (Letnev, ``traitors_kept`` 4) keeps them at once.
    """
    t = ctx.t
    deck = in_game_leaders(ctx, d)
    pinned = _pinned_traitor_deal(ctx, d)
    if pinned is not None:
        offers = pinned
        rest = [c for c in deck if all(c not in o for o in offers)]
    else:
        shuffled, d.rng = rng.shuffle(d.seed, d.rng, deck)
        per_seat = min(t.traitors_dealt, len(shuffled) // d.players)
        order = seats_from(d.first_player, d.players)
        dealt: list[tuple[int, ...]] = [()] * d.players
        for i, seat in enumerate(order):
            dealt[seat] = tuple(shuffled[i * per_seat : (i + 1) * per_seat])
        offers = tuple(dealt)
        rest = list(shuffled[len(order) * per_seat :])
    d.traitor_offers = offers
    d.traitor_deck = tuple(rest)
    waiting = []
    for seat in seats_from(d.first_player, d.players):
        cards = offers[seat]
        out.append(TraitorsDealt(seat=seat, count=len(cards), leaders=None))
        out.append(
            TraitorsDealt(
                seat=seat, count=len(cards), leaders=tuple(t.leader_ids[c] for c in cards), visible_to=(seat,)
            )
        )
        if t.traitors_kept[d.race[seat]] >= len(cards):
            d.set_seat("traitors", seat, tuple(sorted(cards)))
            d.set_seat("traitor_offers", seat, ())
        else:
            waiting.append(seat)
    d.step = KEEP_TRAITOR
    d.actor = NOBODY
    d.waiting = tuple(sorted(waiting))
    if not waiting:
        traitor_draft_done(ctx, d, out)


def legal_traitors(ctx: Ctx, s: State, seat: int) -> list[int]:
    """§4 step 6: one of the cards dealt; an opponent's leader when one was dealt [seed, reading]."""
    own = s.race[seat]
    offered = [c for c in s.traitor_offers[seat] if c not in s.traitors[seat]]
    if ctx.config.traitor_must_pick_opponent:
        foreign = [c for c in offered if ctx.t.leader_race[c] != own]
        if foreign:
            return foreign
    return offered


def resolve_keep_traitor(ctx: Ctx, d: Draft, seat: int, leader: int, out: Events) -> None:
    """§4 step 6: keep the card face down; when everyone has kept his, the rest go back."""
    d.set_seat("traitors", seat, tuple(sorted((*d.traitors[seat], leader))))
    out.append(TraitorKept(seat=seat, leader=None))
    out.append(TraitorKept(seat=seat, leader=ctx.t.leader_ids[leader], visible_to=(seat,)))
    if len(d.traitors[seat]) >= ctx.t.traitors_kept[d.race[seat]]:
        d.waiting = without(d.waiting, seat)
    if not d.waiting:
        traitor_draft_done(ctx, d, out)


def traitor_draft_done(ctx: Ctx, d: Draft, out: Events) -> None:
    """§4 step 6: the cards not kept return to the traitor deck, which is reshuffled."""
    returned = [c for seat in range(d.players) for c in d.traitor_offers[seat] if c not in d.traitors[seat]]
    d.traitor_offers = ((),) * d.players
    d.traitor_deck, d.rng = rng.shuffle(d.seed, d.rng, (*d.traitor_deck, *returned))
    out.append(TraitorDraftDone(kept=tuple(len(k) for k in d.traitors)))
    start_fleet_dials(ctx, d, out)


# -- §4 step 7: the fleet's start ------------------------------------------------------------------


def fleet_dialers(first_player: int, players: int) -> tuple[int, int]:
    """§4 step 7: the players directly left and right of the first player (3 players: the others)."""
    return (first_player + 1) % players, (first_player - 1) % players


def start_fleet_dials(ctx: Ctx, d: Draft, out: Events) -> None:
    """§4 step 7: the two players beside the first player set their dials, sealed."""
    d.step = FLEET_DIAL
    d.actor = NOBODY
    d.waiting = tuple(sorted(fleet_dialers(d.first_player, d.players)))
    d.sealed = (SEALED_NONE,) * d.players


def legal_fleet_dials(ctx: Ctx, s: State, seat: int) -> range:
    """§4 step 7: any dial number 0..20 [Rex: S21]."""
    return range(ctx.t.dial_max + 1)


def starting_sector(a: int, b: int, sector_count: int, fallback: int) -> int:
    """§4 step 7: the difference of the dials; the same number or a difference above 18: sector 1."""
    difference = abs(a - b)
    if difference == 0 or difference > sector_count:
        return fallback
    return difference


def resolve_fleet_dial(ctx: Ctx, d: Draft, seat: int, value: int, out: Events) -> None:
    """§4 step 7: the dial stays sealed until both are set, then both are revealed at once."""
    d.set_seat("sealed", seat, value)
    d.waiting = without(d.waiting, seat)
    out.append(FleetDialSet(seat=seat))
    if d.waiting:
        return
    left, right = fleet_dialers(d.first_player, d.players)
    d.fleet = starting_sector(
        d.sealed[left], d.sealed[right], ctx.b.sector_count, ctx.t.fleet_dial_fallback_sector
    )
    out.append(FleetPlaced(dials=((left, d.sealed[left]), (right, d.sealed[right])), sector=d.fleet))
    d.sealed = (SEALED_NONE,) * d.players
    deal_starting_cards(ctx, d, out)


# -- §4 steps 8-9: strategy cards and influence ----------------------------------------------------


def deal_starting_cards(ctx: Ctx, d: Draft, out: Events) -> None:
    """§4 step 8: one strategy card each, face down (Letnev two [Rex: S6] + [Dune]); then step 9."""
    t = ctx.t
    for seat in seats_from(d.first_player, d.players):
        drawn = tuple(
            draw_strategy_card(ctx, d, out) for _ in range(t.starting_cards[d.race[seat]]) if d.strategy_deck
        )
        d.set_seat("hands", seat, tuple(sorted((*d.hands[seat], *drawn))))
        out.append(StrategyCardsDrawn(seat=seat, count=len(drawn), cards=None))
        out.append(
            StrategyCardsDrawn(
                seat=seat, count=len(drawn), cards=tuple(t.card_ids[c] for c in drawn), visible_to=(seat,)
            )
        )
    take_starting_influence(ctx, d, out)


def take_starting_influence(ctx: Ctx, d: Draft, out: Events) -> None:
    """§4 step 9: each player takes his race's starting influence from the pool."""
    for seat in seats_from(d.first_player, d.players):
        amount = ctx.t.starting_influence[d.race[seat]]
        if ctx.config.influence_supply is not None:
            amount = min(amount, d.pool)  # §17: the components limit what is available
        d.set_seat("influence", seat, d.influence[seat] + amount)
        d.pool -= amount
        out.append(InfluenceTaken(seat=seat, amount=amount))
    place_fixed_units(ctx, d, out)


# -- §4 step 10: units -----------------------------------------------------------------------------


def _place(ctx: Ctx, d: Draft, seat: int, piece: int, units: int, out: Events) -> None:
    d.stacks = add_units(d.stacks, piece, seat, units)
    d.set_seat("reserves", seat, d.reserves[seat] - units)
    out.append(UnitsPlaced(seat=seat, piece=ctx.b.piece_ids[piece], units=units))


def fixed_start_piece(ctx: Ctx, area: int, bombarded: int) -> int:
    """§4 step 10: where a fixed starting group goes: the area's first part outside the bombarded
    sector, if any.

    A race without a choice places its units even in the bombarded sector ([Rex: S10] restricts only
    players who have a choice)."""
    open_pieces = ctx.b.open_pieces(area, bombarded)
    return open_pieces[0] if open_pieces else ctx.b.area_pieces[area][0]


def place_fixed_units(ctx: Ctx, d: Draft, out: Events) -> None:
    """§4 step 10: in player order each race places the units its sheet fixes."""
    for seat in seats_from(d.first_player, d.players):
        for area_id, units in ctx.t.starting_units[d.race[seat]]:
            area = ctx.b.area_index[area_id]
            _place(ctx, d, seat, fixed_start_piece(ctx, area, d.fleet), min(units, d.reserves[seat]), out)
    next_start_choice(ctx, d, NOBODY, out)


def start_choice_pieces(ctx: Ctx, s: Draft | State, seat: int) -> tuple[int, ...]:
    """§4 step 10: the parts of the race's starting areas outside the bombarded sector [Rex: S10]."""
    choice = ctx.t.starting_choice[s.race[seat]]
    if choice is None:
        return ()
    pieces: list[int] = []
    for area_id in choice[0]:
        pieces.extend(ctx.b.open_pieces(ctx.b.area_index[area_id], s.fleet))
    return tuple(pieces)


def next_start_choice(ctx: Ctx, d: Draft, after: int, out: Events) -> None:
    """§4 step 10: players with a choice decide in player order; then setup ends."""
    order = seats_from(d.first_player, d.players)
    start = order.index(after) + 1 if after != NOBODY else 0
    for seat in order[start:]:
        choice = ctx.t.starting_choice[d.race[seat]]
        if choice is None:
            continue
        units = min(choice[1], d.reserves[seat])
        if units and start_choice_pieces(ctx, d, seat):
            d.step = PLACE_START
            d.actor = seat
            d.to_place = units
            return
    d.to_place = 0
    deal_betrayal_cards(ctx, d, out)


def legal_start_placements(ctx: Ctx, s: State, seat: int) -> list[tuple[int, int]]:
    """§4 step 10: one of the open starting parts and how many of the units still to place."""
    return [
        (piece, units) for piece in start_choice_pieces(ctx, s, seat) for units in range(1, s.to_place + 1)
    ]


def resolve_place_start(ctx: Ctx, d: Draft, seat: int, piece: int, units: int, out: Events) -> None:
    """§4 step 10: a player with a choice (Sol) places some of his starting units in a part of a
    permitted area; when all are placed, the next player with a choice."""
    _place(ctx, d, seat, piece, units, out)
    d.to_place -= units
    if d.to_place == 0:
        next_start_choice(ctx, d, seat, out)


# -- §4 steps 11-12 --------------------------------------------------------------------------------


def deal_betrayal_cards(ctx: Ctx, d: Draft, out: Events) -> None:
    """§4 step 11: with the optional module, one betrayal card each, face down; then round 1."""
    if ctx.config.betrayal_cards:
        numbers = ctx.t.betrayal_numbers
        sc = ctx.config.scenario
        if sc is not None and sc.betrayal_deal is not None:
            if any(n not in numbers for n in sc.betrayal_deal):
                raise _bad_pin("the pinned betrayal deal names a card that does not exist", RULE_BETRAYAL)
            cards = tuple(numbers.index(n) for n in sc.betrayal_deal)
        else:
            shuffled, d.rng = rng.shuffle(d.seed, d.rng, range(len(numbers)))
            cards = shuffled[: d.players]
        d.betrayal = cards
        for seat in seats_from(d.first_player, d.players):
            out.append(BetrayalCardDealt(seat=seat, number=None))
            out.append(BetrayalCardDealt(seat=seat, number=numbers[cards[seat]], visible_to=(seat,)))
    d.actor = NOBODY
    d.waiting = ()
    d.round = 1
    out.append(RoundStarted(round=1, first_player=d.first_player))
    begin_round(ctx, d, out)
