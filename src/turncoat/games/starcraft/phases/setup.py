"""Game setup (RULES §5): first player, factions, faction components, the event deck, and at the end
the split decks and opening hands.  The galaxy (§5 step 7 = §6) is ``phases/galaxy_building``."""

from __future__ import annotations

import msgspec

from turncoat.core import rng
from turncoat.games.starcraft.components import FACTION_IDS, invented_values
from turncoat.games.starcraft.context import Ctx, Events
from turncoat.games.starcraft.events import (
    EventDeckBuilt,
    FactionTaken,
    GameSetUp,
    HandDrawn,
    HandSize,
    RoundStarted,
)
from turncoat.games.starcraft.state import (
    CHOOSE_FACTION,
    NOBODY,
    PLANNING,
    OrderKind,
    OrderToken,
    PermanentSlot,
    PlayerState,
    State,
    clockwise,
    with_seat,
)

RULE_SETUP = "RULES §5"
RULE_FACTIONS = "RULES §5 step 2"
RULE_EVENT_DECK = "RULES §5 step 6"
RULE_HANDS = "RULES §5 steps 8-9"
ORDER_KINDS: tuple[OrderKind, ...] = ("build", "mobilize", "research")


def choose_first_player(ctx: Ctx, seed: int, counter: int) -> tuple[int, int]:
    """§5 step 1: a random player takes the first player token (or the pinned one)."""
    sc = ctx.config.scenario
    if sc is not None and sc.first_player is not None:
        return sc.first_player, counter
    return rng.randbelow(seed, counter, ctx.config.players)


def team_of_seats(ctx: Ctx) -> tuple[int, ...]:
    """§19 team play: teams of two, teammates seated apart (seat i with seat i + n/2); without
    teams every seat is its own team."""
    n = ctx.config.players
    if not ctx.config.team_play:
        return tuple(range(n))
    return tuple(i % (n // 2) for i in range(n))


def deal_factions(ctx: Ctx, first: int, seed: int, counter: int) -> tuple[tuple[str, ...], int]:
    """§5 step 2 (random assignment, the rulebook's alternative; always so in team play, §19): each
    seat's faction, dealt from the six sheets (or the pinned ones)."""
    sc = ctx.config.scenario
    if sc is not None and sc.factions is not None:
        return tuple(sc.factions), counter
    shuffled, counter = rng.shuffle(seed, counter, FACTION_IDS)
    n = ctx.config.players
    dealt = dict(zip(clockwise(first, n), shuffled, strict=False))
    return tuple(dealt[s] for s in range(n)), counter


def legal_factions(ctx: Ctx, state: State) -> tuple[str, ...]:
    """§5 step 2: the faction sheets nobody has taken."""
    taken = {p.faction for p in state.seats}
    return tuple(f for f in FACTION_IDS if f not in taken)


def faction_components(ctx: Ctx, faction: str) -> PlayerState:
    """§5 step 3 (and §4.6, §4.9): a faction's sheet as it starts: its order tokens, its printed
    level-I building, its permanent resources, its technology and combat decks (the combat deck
    is shuffled in step 9).  Workers, bases and transports wait in the box until §6.1 step 7."""
    t, rules = ctx.t, ctx.content.data.rules
    f = t.faction[faction]
    orders = tuple(
        OrderToken(NOBODY, kind, special)  # the owner is filled in by ``take_faction``
        for special, counts in ((False, rules.standard_orders.value), (True, rules.special_orders.value))
        for kind in ORDER_KINDS
        for _ in range(counts.get(kind, 0))
    )
    return PlayerState(
        faction=faction,
        race=f.race,
        combat_deck=t.combat_deck[f.race],
        tech_deck=t.tech_deck[f.race],
        permanent_resources=tuple(PermanentSlot(r.kind, r.amount) for r in rules.permanent_resources.value),
        buildings=((f.starting_building.value, 1),),
        orders=orders,
    )


def take_faction(ctx: Ctx, state: State, seat: int, faction: str, dealt: bool, events: Events) -> State:
    """§5 steps 2-3: the seat takes the faction's sheet and components."""
    sheet = faction_components(ctx, faction)
    player = msgspec.structs.replace(
        state.seat(seat),
        faction=sheet.faction,
        race=sheet.race,
        combat_deck=sheet.combat_deck,
        tech_deck=sheet.tech_deck,
        permanent_resources=sheet.permanent_resources,
        buildings=sheet.buildings,
        orders=tuple(msgspec.structs.replace(o, owner=seat) for o in sheet.orders),
    )
    events.append(FactionTaken(seat=seat, faction=faction, dealt=dealt))
    return with_seat(state, seat, player)


def event_deck_sizes(ctx: Ctx) -> tuple[int, int, int]:
    """§5 step 6 table: cards left in Stage I, II, III for this many players (Stage III is never
    thinned)."""
    removed = ctx.content.data.rules.event_removed_per_stage.value[str(ctx.config.players)]
    sizes = ctx.content.data.rules.event_stage_sizes.value
    return (sizes[0] - removed, sizes[1] - removed, sizes[2])


def build_event_deck(ctx: Ctx, seed: int, counter: int) -> tuple[tuple[str, ...], int, int]:
    """§5 step 6: shuffle each stage, remove the table's number of cards unseen from Stages I and
    II, stack III at the bottom, II, then I on top.  Galactic Conquest (§19) first takes out every
    *The End Draws Near*.  Returns the deck (bottom first), the number removed, and the counter."""
    removed = ctx.content.data.rules.event_removed_per_stage.value[str(ctx.config.players)]
    deck: list[str] = []
    out = 0
    for stage in (3, 2, 1):
        cards = ctx.t.event_stage[stage]
        if ctx.config.galactic_conquest:
            cards = tuple(c for c in cards if ctx.t.event_card[c].effect.value != "the_end_draws_near")
        shuffled, counter = rng.shuffle(seed, counter, cards)
        drop = removed if stage in (1, 2) else 0
        deck += shuffled[drop:]
        out += drop
    return tuple(deck), out, counter


def start_state(ctx: Ctx, seed: int, events: Events) -> State:
    """§5 steps 1-2: the first player; factions dealt at random, or chosen in turn from the first
    player (the first ``CHOOSE_FACTION`` decision)."""
    counter = 0
    first, counter = choose_first_player(ctx, seed, counter)
    n = ctx.config.players
    state = State(
        players=n,
        seed=seed,
        rng=counter,
        round=0,
        step=CHOOSE_FACTION,
        first_player=first,
        actor=first,
        seats=tuple(PlayerState() for _ in range(n)),
        teams=team_of_seats(ctx),
        packs=tuple(f"{p.id}@{p.digest[:12]}" for p in ctx.content.packs),
        normal_routes_left=ctx.content.data.rules.normal_routes.value,
    )
    events.append(
        GameSetUp(
            packs=state.packs,
            invented_values=len(invented_values(ctx.content)),
            first_player=first,
        )
    )
    if ctx.config.faction_selection == "random":
        factions, counter = deal_factions(ctx, first, seed, state.rng)
        state = msgspec.structs.replace(state, rng=counter)
        for seat in clockwise(first, n):
            state = take_faction(ctx, state, seat, factions[seat], True, events)
        state = msgspec.structs.replace(state, actor=NOBODY)
    return state


def next_faction_chooser(state: State) -> int:
    """§5 step 2: the next seat clockwise from the first player without a faction (NOBODY: all
    have one)."""
    for seat in clockwise(state.first_player, state.players):
        if not state.seat(seat).faction:
            return seat
    return NOBODY


def resolve_choose_faction(ctx: Ctx, state: State, faction: str, events: Events) -> State:
    """§5 step 2: the actor takes this faction; the next seat without one chooses next (``actor``
    NOBODY once all have one)."""
    state = take_faction(ctx, state, state.actor, faction, False, events)
    return msgspec.structs.replace(state, actor=next_faction_chooser(state))


def build_deck_step(ctx: Ctx, state: State, events: Events) -> State:
    """§5 steps 4-6: conquest markers at 0 (the state's default), depletion tokens in a common pile
    (a count of the content), and the event deck."""
    deck, removed, counter = build_event_deck(ctx, state.seed, state.rng)
    sizes = event_deck_sizes(ctx)
    if ctx.config.galactic_conquest:
        sizes = (sizes[0], sizes[1], sum(1 for c in deck if ctx.t.event_card[c].stage.value == 3))
    events.append(EventDeckBuilt(stage_sizes=sizes, removed=removed))
    return msgspec.structs.replace(state, event_deck=deck, rng=counter)


def opening_hands(ctx: Ctx, state: State, events: Events) -> State:
    """§5 steps 8-9: the technology cards are already their own deck (§4.8); each player shuffles
    the combat deck and draws the race's opening hand (6; Terran 8).  The cards are seen only by
    their owner; everyone sees how many."""
    counter = state.rng
    for seat in clockwise(state.first_player, state.players):
        p = state.seat(seat)
        deck, counter = rng.shuffle(state.seed, counter, p.combat_deck)
        size = min(ctx.t.race[p.race].opening_hand.value, len(deck))
        hand = tuple(deck[len(deck) - size :][::-1])  # the top card (last) is drawn first
        rest = deck[: len(deck) - size]
        state = with_seat(state, seat, msgspec.structs.replace(p, combat_deck=rest, hand=hand))
        events.append(
            HandDrawn(
                seat=seat,
                combat_deck=len(p.combat_deck),
                technologies=len(p.tech_deck),
                cards=hand,
                visible_to=(seat,),
            )
        )
        events.append(HandSize(seat=seat, cards=len(hand)))
    return msgspec.structs.replace(state, rng=counter)


def begin_first_round(ctx: Ctx, state: State, events: Events) -> State:
    """§7: setup is over; round 1 starts with its Planning phase, the first player to act."""
    events.append(RoundStarted(round=1, first_player=state.first_player))
    return msgspec.structs.replace(
        state, round=1, step=PLANNING, actor=NOBODY, setup_turn=0, units_to_place=(), placement_index=0
    )
