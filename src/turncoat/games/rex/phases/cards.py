"""Strategy cards played outside the battle plan (RULES §3.7, §17; ``strategy_cards.json``).

Two kinds of timing:

* **Card windows** — moments nobody is otherwise deciding at: the start of the Influence phase
  (Tracking Beacon, C8) and the start of the Bombardment phase (fleet sabotage C6, shield-destroying
  card C7, Diplomatic Interference against the Sol's bombardment resistance C5).  Asking only the
  holder would tell the table who holds the card (hand contents are secret, §16.2), so every seat
  with cards in hand answers at once, sealed — but a window opens only while one of its cards may
  still be in a hand (not face up in the discard pile or out of the game) and playing it could do
  something that the public position allows.  The answers resolve in player order from the first
  player, cancelling effects first (§17, E25).
* **Ability windows** (GAPS C5, E26, ``interference_against_every_ability``): Diplomatic
  Interference cancels a race ability as it is about to take effect — the Lazax's income from a
  sale, Letnev's bonus card, the Hacan's leaving the order of play, landing fees, half price and
  cross-landing, the Sol's free landing, the Xxcha's envoy.  These act inside another player's
  decision or on their own, so the moment is a window named after the ability; it asks, like the
  others, every seat with cards but the ability's own (which cannot cancel itself), so nobody
  learns who holds the card.
* **Inside a decision the holder makes anyway** (no extra decision for anyone): the extra movement
  card when choosing the group to move, the emergency recruitment card in the Recruitment turn,
  Diplomatic Interference in an auction turn (free purchase), when Jol-Nar's prescience asks for
  part of the plan, and when choosing cards under an Xxcha order (E26: the card cancels the race
  ability), and the interrogation card in the holder's own auction, recruitment and maneuvering
  decisions (the question is the next decision: a yes/no about another player's hidden things).
"""

from __future__ import annotations

from msgspec.structs import replace

from turncoat.games.rex.components import SOL, XXCHA
from turncoat.games.rex.context import Ctx, Events
from turncoat.games.rex.events import (
    AbilityCancelled,
    CardWindowAnswered,
    CardWindowOpened,
    QuestionAnswered,
    ShieldDestroyed,
    StrategyCardPlayed,
    StrategyCardUnplayable,
)
from turncoat.games.rex.state import (
    CARD_WINDOW,
    FACT_CARD,
    FACT_KINDS,
    FACT_RACE,
    FACT_ROUND,
    FACT_TRAITOR,
    FLEET_MOVE,
    INTERROGATE,
    NO_PLAY,
    NO_RACE,
    NOBODY,
    SEALED_NONE,
    Draft,
    Fields,
    State,
    add_units,
    replace_at,
    seat_of_race,
    seats_by_area,
    seats_from,
    without,
)

RULE_CARDS = "RULES §3.7"
RULE_TIMING = "RULES §17"
RULE_BEACON = "RULES §6"
RULE_FLEET = "RULES §12 step 1"
RULE_SHIELD = "RULES §12"

TRACKING_BEACON = "tracking_beacon"
FLEET_SABOTAGE = "fleet_sabotage"
SHIELD_BREAKER = "shield_breaker"
DIPLOMATIC_INTERFERENCE = "diplomatic_interference"
EXTRA_MANEUVER = "extra_maneuver"
EMERGENCY_RECRUITMENT = "emergency_recruitment"

INFLUENCE = "influence"
BOMBARDMENT = "bombardment"
# §18 race abilities (races.json ids) a Diplomatic Interference may cancel at a window of their own,
# and what ``at_stake`` holds after (seat, cancelled) while the window is open.
LAZAX_INCOME = "lazax_strategy_payments"  # nothing more: the sale in progress is in the auction
LETNEV_BONUS = "letnev_bonus_card"  # nothing more: the card is drawn after the window
HACAN_HALF_PRICE = "hacan_half_price"  # the landing: (lander, units, mechanized, cost)
HACAN_CROSS = "hacan_cross_landing"  # the same (a cross-landing or a withdrawal)
HACAN_FEES = "hacan_landing_fees"  # the same
SOL_LANDING = "sol_free_landing"  # the same
XXCHA_ENVOY = "xxcha_council_envoys"  # nothing more: one unit to the Galactic Council
HACAN_TIMING = "hacan_turn_timing"  # 1 to go now (before the upcoming player), 0 to wait
LANDING_ABILITIES = (HACAN_HALF_PRICE, HACAN_CROSS, HACAN_FEES, SOL_LANDING)
ABILITY_WINDOWS = (LAZAX_INCOME, LETNEV_BONUS, HACAN_TIMING, *LANDING_ABILITIES, XXCHA_ENVOY)
WINDOW_CARDS = {
    INFLUENCE: (TRACKING_BEACON,),
    BOMBARDMENT: (DIPLOMATIC_INTERFERENCE, SHIELD_BREAKER, FLEET_SABOTAGE),
    **{ability: (DIPLOMATIC_INTERFERENCE,) for ability in ABILITY_WINDOWS},
}
CANCELLING = frozenset({DIPLOMATIC_INTERFERENCE})  # §17: a cancelling effect resolves first
FLEET_SABOTAGE_MAX = 10  # strategy_cards.json: 0 to 10 sectors [Rex: S13]
EMERGENCY_UNITS_MAX = 5  # strategy_cards.json: up to 5 units [Dune]


def _card_type(ctx: Ctx, card_id: str) -> int:
    """The card's type index, or NOBODY when the content pack has no such card."""
    return ctx.t.card_index.get(card_id, NOBODY)


def holds(ctx: Ctx, s: Fields, seat: int, card_id: str) -> bool:
    """§3.7, §16.2: whether the seat holds a strategy card of this kind (known to its holder only)."""
    card = _card_type(ctx, card_id)
    return card != NOBODY and card in s.hands[seat]


def may_be_in_a_hand(ctx: Ctx, s: Fields, card_id: str) -> bool:
    """§16: from public knowledge alone, a copy of the card may be in somebody's hand: not every copy
    lies face up in the discard pile (GAPS E17) or has left the game."""
    card = _card_type(ctx, card_id)
    if card == NOBODY:
        return False
    out = s.strategy_removed.count(card)
    if ctx.config.strategy_discard_public:
        out += s.strategy_discard.count(card)
    return ctx.t.card_copies[card] > out


def discard_played(ctx: Ctx, d: Draft, seat: int, card_id: str, effect: str, out: Events) -> None:
    """§3.7, §17: the card leaves the hand face up: to the discard pile ("discard after use"), or out of
    the game (the shield-destroying card)."""
    card = _card_type(ctx, card_id)
    hand = list(d.hands[seat])
    hand.remove(card)
    d.set_seat("hands", seat, tuple(hand))
    if card_id == SHIELD_BREAKER:
        d.strategy_removed = (*d.strategy_removed, card)
    else:
        d.strategy_discard = (*d.strategy_discard, card)
    d.learnt = tuple(e for e in d.learnt if not (e[1] == seat and e[2] == card))
    out.append(StrategyCardPlayed(seat=seat, card=card_id, effect=effect))


# -- who may play what at a window (public conditions) ----------------------------------------------


def something_to_strike(ctx: Ctx, s: Fields) -> bool:
    """§6 step 3: a Sol Offensive on the last area card would hit units or influence there."""
    if not s.influence_discard:
        return False
    areas = {ctx.b.area_index[a] for a, _, _ in ctx.t.influence_slots[s.influence_discard[-1]]}
    occupied = seats_by_area(s.stacks, ctx.b.piece_area)  # the areas with units
    return any(area in occupied for area in areas) or any(
        ctx.b.piece_area[p] in areas for p, _ in s.board_influence
    )


def near_generator(ctx: Ctx, s: Fields, seat: int) -> bool:
    """§12 (the shield-destroying card, GAPS C7): units in the shield generator area or an area next
    to it."""
    gen = ctx.b.shield_generator
    if gen is None:
        return False
    occupied = seats_by_area(s.stacks, ctx.b.piece_area)
    return any(seat in occupied.get(area, ()) for area in (gen, *ctx.b.area_neighbours[gen]))


def sol_resistance_matters(ctx: Ctx, s: Fields, seat: int) -> bool:
    """C5: a Diplomatic Interference against the Sol's bombardment resistance (§12 [Dune])."""
    sol = seat_of_race(s, SOL)
    return (
        ctx.config.sol_bombardment_half_losses
        and sol not in (NOBODY, seat)
        and any(st[1] == sol for st in s.stacks)
        and not s.sol_resistance_cancelled
    )


def window_condition(ctx: Ctx, s: Fields, seat: int, card_id: str) -> bool:
    """§17 (card windows; C6, C7, C8, C5): whether ``seat`` could use ``card_id`` at the open window
    (public facts only)."""
    if card_id == TRACKING_BEACON:  # C8: from round 2, before the first influence card
        return s.round >= 2 and something_to_strike(ctx, s)
    if card_id == FLEET_SABOTAGE:
        return s.fleet_mover == NOBODY
    if card_id == SHIELD_BREAKER:  # C7: after round 1, next to the generator, once a game
        return s.round >= 2 and not s.shield_destroyed and near_generator(ctx, s, seat)
    if card_id == DIPLOMATIC_INTERFERENCE and s.window in ABILITY_WINDOWS:
        return ability_may_be_cancelled(s, seat)
    if card_id == DIPLOMATIC_INTERFERENCE:
        return sol_resistance_matters(ctx, s, seat)
    return False


def ability_may_be_cancelled(s: Fields, seat: int) -> bool:
    """§17 (E26, GAPS C5): another seat may cancel the ability at stake, once."""
    return bool(s.at_stake) and s.at_stake[0] != seat and not s.at_stake[1]


def window_seats(ctx: Ctx, s: Fields, window: str) -> tuple[int, ...]:
    """§16.2, §17 (E25): the seats asked at a window, in player order: those with cards in hand for whom
    one of the window's cards, if it is still in a hand, could be used."""
    live = [c for c in WINDOW_CARDS[window] if may_be_in_a_hand(ctx, s, c)]
    if not live:
        return ()
    hands = s.hands
    if window in ABILITY_WINDOWS:  # E26: every seat with cards but the ability's own, once
        if not s.at_stake or s.at_stake[1]:
            return ()
        owner = s.at_stake[0]
        return tuple(seat for seat in seats_from(s.first_player, s.players) if hands[seat] and seat != owner)
    asked: list[int] = []
    for seat in seats_from(s.first_player, s.players):
        if s.hands[seat]:
            for card in live:
                if window_condition(ctx, s, seat, card):
                    asked.append(seat)
                    break
    return tuple(asked)


def legal_window_plays(ctx: Ctx, s: Fields, seat: int) -> list[str | None]:
    """§17 (card windows, ``strategy_cards.json`` timings): no card, or one card of the window the seat
    holds and could use now."""
    return [None] + [
        c for c in WINDOW_CARDS[s.window] if holds(ctx, s, seat, c) and window_condition(ctx, s, seat, c)
    ]


def holds_a_window_card(ctx: Ctx, s: Fields, seat: int) -> bool:
    """Whether the seat holds any card of the open window.  Most seats asked hold none, and then
    "no card" is their only answer without the window's conditions being looked at (the seat is
    asked all the same, so the table does not learn that, §16.2)."""
    hand, index = s.hands[seat], ctx.t.card_index  # _card_type, written out: asked at every answer
    return any(index.get(card_id, NOBODY) in hand for card_id in WINDOW_CARDS[s.window])


def open_window(ctx: Ctx, d: Draft, window: str, out: Events) -> bool:
    """§17: open the window if anyone is to be asked; returns whether it opened."""
    d.window = window
    seats = window_seats(ctx, d, window)
    if not seats:
        d.window = ""
        return False
    d.step = CARD_WINDOW
    d.actor = NOBODY
    d.waiting = tuple(sorted(seats))
    d.sealed = (SEALED_NONE,) * d.players
    out.append(CardWindowOpened(window=window, seats=seats))
    return True


def answer_before_the_last(ctx: Ctx, s: State, seat: int, card_id: str | None) -> State:
    """§17 (E25, sealed answers resolved in player order): ``resolve_window_answer`` for an answer that
    is not the last one awaited (the usual case: most windows ask several seats): only the sealed
    answer and the seats waiting change, so the new position is the old one with those two fields
    replaced (a step of a search makes many)."""
    assert len(s.waiting) > 1, "the last answer resolves the window (resolve_window_answer)"
    answer = NO_PLAY if card_id is None else _card_type(ctx, card_id)
    return replace(s, sealed=replace_at(s.sealed, seat, answer), waiting=without(s.waiting, seat))


def resolve_window_answer(ctx: Ctx, d: Draft, seat: int, card_id: str | None, out: Events) -> None:
    """A sealed answer; when every asked seat has answered, the plays resolve (§17)."""
    d.set_seat("sealed", seat, NO_PLAY if card_id is None else _card_type(ctx, card_id))
    d.waiting = without(d.waiting, seat)
    out.append(CardWindowAnswered(seat=seat))
    if not d.waiting:
        continue_window(ctx, d, out)


def next_play(ctx: Ctx, d: Draft) -> tuple[int, str] | None:
    """§17 (E25): the next play to resolve — cancelling effects first, then player order from the
    first player."""
    sealed, card_ids = d.sealed, ctx.t.card_ids
    if max(sealed, default=NO_PLAY) < 0:  # nobody plays a card (the usual answer)
        return None
    plays = [
        (seat, card_ids[sealed[seat]]) for seat in seats_from(d.first_player, d.players) if sealed[seat] >= 0
    ]
    plays.sort(key=lambda play: play[1] not in CANCELLING)  # stable: player order within each
    return plays[0]


def continue_window(ctx: Ctx, d: Draft, out: Events) -> None:
    """§17 (E25, player order from the first player, cancelling effects first): resolve the window's
    plays one by one; a play may stop for its player's follow-up decision. When none is left, the
    phase goes on."""
    while (play := next_play(ctx, d)) is not None:
        seat, card_id = play
        d.set_seat("sealed", seat, NO_PLAY)
        if not window_condition(ctx, d, seat, card_id):  # an earlier play made it impossible (E25)
            withdraw_play(ctx, d, seat, card_id, out)
            continue
        if not play_at_window(ctx, d, seat, card_id, out):
            return
    window = d.window
    d.window = ""
    d.sealed = (SEALED_NONE,) * d.players
    d.waiting = ()
    if window in ABILITY_WINDOWS:
        resume_ability(ctx, d, window, out)
    elif window == INFLUENCE:
        from turncoat.games.rex.phases.influence import draw_on  # the phase this window opens

        draw_on(ctx, d, out)
    else:
        from turncoat.games.rex.phases.bombardment import move_fleet  # the phase this window opens

        move_fleet(ctx, d, out)


def play_at_window(ctx: Ctx, d: Draft, seat: int, card_id: str, out: Events) -> bool:
    """§17 (the card windows' effects: Tracking Beacon C8 §6, fleet sabotage C6 §12, shield-destroying
    card C7 §12, Diplomatic Interference C5): the card's effect; False when it waits for a decision
    (the window resumes after it)."""
    if card_id == TRACKING_BEACON:
        from turncoat.games.rex.phases.influence import sol_offensive

        discard_played(ctx, d, seat, card_id, "resolve a Sol Offensive now", out)
        return sol_offensive(ctx, d, d.influence_discard[-1], out)
    if card_id == FLEET_SABOTAGE:
        discard_played(ctx, d, seat, card_id, "move the fleet instead of a bombardment card", out)
        d.fleet_mover = seat
        d.step = FLEET_MOVE
        d.actor = seat
        return False
    if card_id == SHIELD_BREAKER:
        destroy_shield(ctx, d, seat, out)
        return True
    if d.window in ABILITY_WINDOWS:
        cancel_ability(ctx, d, seat, d.window, out)
        d.at_stake = (d.at_stake[0], 1, *d.at_stake[2:])
        return True
    discard_played(ctx, d, seat, card_id, "cancel the Sol's bombardment resistance", out)
    d.sol_resistance_cancelled = True
    out.append(AbilityCancelled(seat=seat, ability="sol_bombardment_resistance"))
    return True


def withdraw_play(ctx: Ctx, d: Draft, seat: int, card_id: str, out: Events) -> None:
    """§17 (E25): a play an earlier one made impossible is not made; the card stays in hand.  By
    default nobody but its holder learns which card it was (§16.2-16.3: a card in hand is never
    shown; ``withdrawn_play_revealed`` reads it as shown when announced, so everyone now knows it
    is in that hand)."""
    if ctx.config.withdrawn_play_revealed:
        out.append(StrategyCardUnplayable(seat=seat, card=card_id))
        card = _card_type(ctx, card_id)
        known = [(v, seat, card) for v in range(d.players) if v != seat]
        d.learnt = (*d.learnt, *(e for e in known if e not in d.learnt))
        return
    out.append(StrategyCardUnplayable(seat=seat, card=card_id, visible_to=(seat,)))


def interference_window(
    ctx: Ctx, d: Draft, ability: str, owner: int, data: tuple[int, ...], out: Events
) -> bool:
    """§17, E26 (GAPS C5): a race ability of ``owner`` is about to take effect; open its window if
    the option is on and anyone could cancel it.  Returns whether it opened — the phase then goes on
    in ``resume_ability`` once the window has resolved."""
    if not ctx.config.interference_against_every_ability:
        return False
    d.at_stake = (owner, 0, *data)
    if open_window(ctx, d, ability, out):
        return True
    d.at_stake = ()
    return False


def resume_ability(ctx: Ctx, d: Draft, ability: str, out: Events) -> None:
    """After an ability window: the ability takes effect unless it was cancelled (§17)."""
    _, cancelled, *data = d.at_stake
    d.at_stake = ()
    if ability in (LAZAX_INCOME, LETNEV_BONUS):
        from turncoat.games.rex.phases import bidding

        if ability == LAZAX_INCOME:
            bidding.pay_for_card(ctx, d, bool(cancelled), out)
        else:
            bidding.after_bonus(ctx, d, bool(cancelled), out)
        return
    from turncoat.games.rex.phases import maneuvering

    if ability == XXCHA_ENVOY:
        maneuvering.place_envoy(ctx, d, bool(cancelled), out)
        return
    if ability == HACAN_TIMING:  # cancelled: the Hacan keep their place in player order
        now = bool(data[0])
        maneuvering.take_hacan_timing(ctx, d, not now if cancelled else now, out)
        return
    lander, units, mech, _ = data
    maneuvering.land(ctx, d, lander, units, mech, ability if cancelled else "", out)


def destroy_shield(ctx: Ctx, d: Draft, seat: int, out: Events) -> None:
    """§12 Destroyed Shield (C7): every unit in the generator area dies; from now on the areas that
    depend on its shield are unshielded.  The card leaves the game."""
    b = ctx.b
    gen = b.shield_generator
    assert gen is not None  # window_condition checked it
    discard_played(ctx, d, seat, SHIELD_BREAKER, "destroy the shield", out)
    losses: list[tuple[int, int, int]] = []
    for piece in b.area_pieces[gen]:
        for _, who, units, mech in [st for st in d.stacks if st[0] == piece]:
            d.stacks = add_units(d.stacks, piece, who, -units, -mech)
            d.set_seat("casualties", who, d.casualties[who] + units)
            d.set_seat("casualties_mech", who, d.casualties_mech[who] + mech)
            losses.append((who, units, mech))
    d.shield_destroyed = True
    out.append(ShieldDestroyed(seat=seat, area=b.area_ids[gen], losses=tuple(sorted(losses))))


def legal_fleet_moves(ctx: Ctx, s: Fields, seat: int) -> range:
    """§12 step 1 (GAPS C6): 0 to 10 sectors."""
    return range(FLEET_SABOTAGE_MAX + 1)


def resolve_fleet_move(ctx: Ctx, d: Draft, seat: int, sectors: int, out: Events) -> None:
    """§12 step 1 (GAPS C6): the fleet-sabotage player's number of sectors replaces the bombardment
    card; the window goes on."""
    d.fleet_sectors = sectors
    d.step = CARD_WINDOW
    d.actor = NOBODY
    continue_window(ctx, d, out)


# -- plays inside a decision the holder makes anyway ---------------------------------------------------


def cancel_ability(ctx: Ctx, d: Draft, seat: int, ability: str, out: Events) -> None:
    """§17, E26 (C5): the Diplomatic Interference cancels a race ability being used (the strategy
    card beats the race ability)."""
    discard_played(ctx, d, seat, DIPLOMATIC_INTERFERENCE, f"cancel {ability.replace('_', ' ')}", out)
    out.append(AbilityCancelled(seat=seat, ability=ability))


# -- the interrogation card ---------------------------------------------------------------------------

INTERROGATION = "interrogation"
QUESTION_STEPS = frozenset({"bid", "recruit", "move_from", "land_to"})


def may_interrogate(ctx: Ctx, s: Fields, seat: int) -> bool:
    """§3.7 (the interrogation card, ``strategy_cards.json``): any time [Dune]: here, in the holder's
    own auction, recruitment and maneuvering decisions."""
    return s.step in QUESTION_STEPS and holds(ctx, s, seat, INTERROGATION)


def resolve_interrogation(ctx: Ctx, d: Draft, seat: int, out: Events) -> None:
    """§3.7, §16.2 (the interrogation card, ``strategy_cards.json`` [Dune]): the card is discarded and
    its holder asks a yes/no question as his next decision."""
    discard_played(ctx, d, seat, INTERROGATION, "ask a yes/no question", out)
    d.resume_step = d.step
    d.step = INTERROGATE


def legal_questions(ctx: Ctx, s: Fields, seat: int) -> list[tuple[int, int, int]]:
    """§3.7, §16.2 (the interrogation card, ``strategy_cards.json`` [Dune]): (seat asked, kind, what):
    whether he holds a strategy card of a type, the traitor card of a leader in the game; to the
    Xxcha, whether he predicted a race or a round."""
    t = ctx.t
    out: list[tuple[int, int, int]] = []
    leaders = [ld for ld in range(len(t.leader_ids)) if t.leader_race[ld] in s.race]
    for other in seats_from(s.first_player, s.players):
        if other == seat:
            continue
        out += [(other, FACT_CARD, c) for c in range(len(t.card_ids))]
        out += [(other, FACT_TRAITOR, ld) for ld in leaders]
        if s.race[other] == XXCHA and s.prediction[0] != NO_RACE:
            out += [(other, FACT_RACE, r) for r in sorted(s.race) if r != XXCHA]
            out += [(other, FACT_ROUND, n) for n in range(1, t.rounds + 1)]
    return out


def true_answer(s: Fields, holder: int, kind: int, what: int) -> bool:
    """§3.7, §16.2 (the interrogation card: the asked player must answer truthfully,
    ``strategy_cards.json`` [Dune]): the true answer to a question about a hand, a traitor card or
    the Xxcha prediction."""
    if kind == FACT_CARD:
        return what in s.hands[holder]
    if kind == FACT_TRAITOR:
        return what in s.traitors[holder]
    return s.prediction[0 if kind == FACT_RACE else 1] == what


def resolve_question(ctx: Ctx, d: Draft, seat: int, holder: int, kind: int, what: int, out: Events) -> None:
    """The answer is public and true; everyone remembers it (§16) as long as it stays true."""
    yes = true_answer(d, holder, kind, what)
    t = ctx.t
    names = {FACT_CARD: t.card_ids, FACT_TRAITOR: t.leader_ids, FACT_RACE: t.race_ids}
    label = names[kind][what] if kind in names else str(what)
    out.append(QuestionAnswered(seat=seat, holder=holder, kind=FACT_KINDS[kind], what=label, answer=yes))
    if kind == FACT_CARD and yes:  # everyone now knows the card is in that hand
        known = [(v, holder, what) for v in range(d.players) if v != holder]
        d.learnt = (*d.learnt, *(e for e in known if e not in d.learnt))
    elif (holder, kind, what, int(yes)) not in d.facts:
        d.facts = (*d.facts, (holder, kind, what, int(yes)))
    d.step = d.resume_step
    d.resume_step = ""


def forget_card_facts(d: Draft, holder: int) -> None:
    """§16.2: a "no" about a hand stops being certain when the hand gains a card."""
    d.facts = tuple(f for f in d.facts if not (f[0] == holder and f[1] == FACT_CARD))


def forget_traitor_fact(d: Draft, leader: int) -> None:
    """§10.5: a traitor card revealed goes back to the deck: a "yes" about it is no longer true."""
    d.facts = tuple(f for f in d.facts if not (f[1] == FACT_TRAITOR and f[2] == leader and f[3]))
