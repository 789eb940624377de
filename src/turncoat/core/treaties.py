"""Secret treaties: numbered cards handed over in secret, a hidden discard, and allies at the end.

The treaty protocol of the "Fall of the Empire" scenario (RULES §4), packaged as a game-independent
module any host game can plug in (RULES §7, an adaptation of ours):

* every player starts with all of their own faction's numbered cards as a hidden hand (§4.1);
* on their turn a giver may hand one **own-faction** card to another player (``offer``); the
  receiver adds it and then must discard exactly one card face down (``resolve``) — the new one,
  an own card, or a foreign card held earlier (§4.2);
* some players can never receive (the Lazax rule, §4.3);
* when the game ends, ``settle`` reveals the non-winners' hands, finds the treaty traitors and
  gives each primary winner the eligible holder of its lowest-numbered card (§4.5, §4.7).

What is public and what is secret follows §4.4 and §7.1: the table sees who offered to whom, that
a card was discarded, hand sizes and the pile size; only giver and receiver see the card; only the
discarder sees which card left.  Hands are unordered (sorted) tuples, so there is no shuffle and
no randomness here (§7.1, "Digital shuffle").

The host game owns the cost of an offer, the binding currency, the winners and elimination
(:class:`TreatyHost`, §7.2).  Every open question of GAPS.md is a named switch of
:class:`TreatyProfile` with the default §7.2 gives.  Everything here is a pure function over frozen
values; a refused operation raises :class:`IllegalAction` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal, Protocol

import msgspec

from turncoat.core.actions import Event, PlayerId, Viewer
from turncoat.core.errors import IllegalAction, MalformedAction

RULE = "ti3-treaties"


# -- catalogue ------------------------------------------------------------------------------------
class TreatyCard(msgspec.Struct, frozen=True, order=True):
    """One treaty card (§4.1, §7.1): a faction, a number (lower is stronger) and a flavour hint."""

    faction: str
    number: int
    hint: str = ""


def numbered_cards(faction: str, count: int, hint: str = "") -> tuple[TreatyCard, ...]:
    """``count`` cards of ``faction`` numbered 1…count (the adaptation's deck, RULES §6.2)."""
    if count < 0:
        raise IllegalAction(f"a faction cannot have {count} cards", code="treaty_bad_count", rule="§6.2")
    return tuple(TreatyCard(faction, n, hint) for n in range(1, count + 1))


# -- rules profile --------------------------------------------------------------------------------
class TreatyProfile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Each open question of GAPS.md as a named switch; defaults as RULES §7.2 gives them."""

    # GAPS Q7: traitors are identified before the strongest alliance, so the next eligible holder wins.
    traitors_removed_before_lowest: bool = True
    # GAPS Q5: a winner is never anyone's ally and is ignored as a holder ("ignore_holder");
    # "holder_takes_the_slot": a winner holding W's lowest card uses up W's ally slot.
    winner_holding_other_winner_card: Literal["ignore_holder", "holder_takes_the_slot"] = "ignore_holder"
    # GAPS Q9: an eliminated player cannot be a treaty ally.
    eliminated_can_be_ally: bool = False
    # GAPS Q8: the owner of a Home is its starting race (if still in the game), not its conqueror.
    home_owner: Literal["starting_race", "current_controller"] = "starting_race"
    # GAPS Q4 forum fix A: hand a foreign card back to its faction instead of giving your own.
    allow_return_foreign_card: bool = False
    # GAPS Q4 forum fix B: activate your own Home to discard one foreign card you hold.
    allow_self_home_reshuffle: bool = False
    # §4.5 step 4: each winner brings at most one treaty ally.
    max_allies_per_winner: int = 1
    # GAPS review: eliminated players reveal their hands like every other non-winner (§4.5 step 2
    # says "every player who did not win").
    eliminated_reveal: bool = True
    # GAPS review / §4.6.8: with no winner treaties do nothing; hands and traitors stay hidden.
    reveal_without_winner: bool = False
    # GAPS review: a card handed over but not yet resolved joins the receiver's hand only in
    # step 4 (§4.2), so the public hand size does not count it until the discard.
    pending_counts_in_receiver_hand: bool = False


DEFAULT_PROFILE = TreatyProfile()


# -- host hooks (§7.2) ----------------------------------------------------------------------------
class TreatyHost(Protocol):
    """What the host game provides.  The module never spends or moves the host's goods itself."""

    def may_offer(self, giver: PlayerId, receiver: PlayerId) -> str | None:
        """``None`` when ``giver`` may offer to ``receiver`` now (its cost, e.g. a command token,
        already paid by the activation), else the reason in plain words (e.g. Diplomacy, §4.6.11)."""
        ...

    def transfer(self, giver: PlayerId, receiver: PlayerId, good: str, amount: int) -> None:
        """The host's binding currency (trade goods) for bribes; promises are not recorded here."""
        ...

    def winners(self) -> tuple[PlayerId, ...]:
        """The primary winners from the objectives (§4.5 step 1)."""
        ...

    def is_eliminated(self, player: PlayerId) -> bool: ...


def home_owner(
    starting_race: PlayerId, controller: PlayerId | None, in_game: Iterable[PlayerId], profile: TreatyProfile
) -> PlayerId | None:
    """Who receives an offer made into a Home System (GAPS Q8, §4.6.9); ``None``: no offer possible."""
    players = set(in_game)
    owner = starting_race if profile.home_owner == "starting_race" else controller
    return owner if owner is not None and owner in players else None


# -- state ----------------------------------------------------------------------------------------
class Pending(msgspec.Struct, frozen=True):
    """A card handed over whose receiver has not yet discarded (§4.2 steps 2–4)."""

    giver: PlayerId
    receiver: PlayerId
    card: TreatyCard


class Passage(msgspec.Struct, frozen=True):
    """A card that changed hands: secret to all but its giver and receiver."""

    giver: PlayerId
    receiver: PlayerId
    card: TreatyCard


class Treaties(msgspec.Struct, frozen=True):
    """The treaty part of a game state (§7.1).  ``hands`` and ``factions`` are in seat order."""

    factions: tuple[tuple[PlayerId, str], ...]
    hands: tuple[tuple[PlayerId, tuple[TreatyCard, ...]], ...]
    started_with: tuple[tuple[PlayerId, int], ...]
    non_receivers: tuple[PlayerId, ...] = ()
    pile: tuple[TreatyCard, ...] = ()
    pending: Pending | None = None
    offers: tuple[tuple[PlayerId, PlayerId], ...] = ()  # public: who offered to whom, in order
    passages: tuple[Passage, ...] = ()  # secret: the cards given
    profile: TreatyProfile = DEFAULT_PROFILE


def _sorted(cards: Iterable[TreatyCard]) -> tuple[TreatyCard, ...]:
    return tuple(sorted(cards))


def new_treaties(
    factions: Mapping[PlayerId, str],
    catalogue: Iterable[TreatyCard],
    *,
    non_receivers: Iterable[PlayerId] = (),
    profile: TreatyProfile = DEFAULT_PROFILE,
) -> Treaties:
    """The starting state: each player holds every card of their faction (§4.1); pile empty."""
    cards = tuple(catalogue)
    seen: set[tuple[str, int]] = set()
    for card in cards:
        if (card.faction, card.number) in seen:
            raise IllegalAction(
                f"{card.faction} has two cards numbered {card.number}",
                code="treaty_duplicate_number",
                rule="§4.1",
            )
        seen.add((card.faction, card.number))
    if len(set(factions.values())) != len(factions):
        raise IllegalAction("two players share a faction", code="treaty_shared_faction", rule="§7.1")
    if profile.max_allies_per_winner < 0:
        raise IllegalAction("max_allies_per_winner must be 0 or more", code="treaty_bad_profile", rule="§7.2")
    seats = sorted(factions)
    strangers = [p for p in non_receivers if p not in factions]
    if strangers:
        raise IllegalAction(
            f"player {strangers[0]} is not at the table", code="treaty_unknown_player", rule="§4.3"
        )
    hands = tuple((p, _sorted(c for c in cards if c.faction == factions[p])) for p in seats)
    return Treaties(
        factions=tuple((p, factions[p]) for p in seats),
        hands=hands,
        started_with=tuple((p, len(h)) for p, h in hands),
        non_receivers=tuple(sorted(set(non_receivers))),
        profile=profile,
    )


# -- queries --------------------------------------------------------------------------------------
def faction_of(state: Treaties, player: PlayerId) -> str:
    for p, faction in state.factions:
        if p == player:
            return faction
    raise IllegalAction(f"player {player} is not at the table", code="treaty_unknown_player", rule="§7.1")


def player_of(state: Treaties, faction: str) -> PlayerId | None:
    for p, f in state.factions:
        if f == faction:
            return p
    return None


def hand(state: Treaties, player: PlayerId) -> tuple[TreatyCard, ...]:
    for p, cards in state.hands:
        if p == player:
            return cards
    raise IllegalAction(f"player {player} is not at the table", code="treaty_unknown_player", rule="§7.1")


def hand_size(state: Treaties, player: PlayerId) -> int:
    """The public count of ``player``'s hand (§4.4): everyone can count it."""
    size = len(hand(state, player))
    pending = state.pending
    if pending is not None and pending.receiver == player and state.profile.pending_counts_in_receiver_hand:
        size += 1
    return size


def given_count(state: Treaties, player: PlayerId) -> int:
    return sum(1 for giver, _ in state.offers if giver == player)


def opponent_factions(state: Treaties, player: PlayerId, cards: Iterable[TreatyCard]) -> frozenset[str]:
    """The other factions among ``cards`` (own cards never count, §4.5 step 3)."""
    own = faction_of(state, player)
    return frozenset(c.faction for c in cards if c.faction != own)


def is_treaty_traitor(state: Treaties, player: PlayerId) -> bool:
    """§4.5 step 3: holding cards of two or more different opponent factions."""
    return len(opponent_factions(state, player, hand(state, player))) >= 2


def holders_of(state: Treaties, faction: str) -> tuple[PlayerId, ...]:
    """The other players holding at least one card of ``faction``.

    Referee-only (§7.4 test 8): the engine may ask it (e.g. for Support of the People, RULES §6.5)
    but it is never part of a player's view.
    """
    owner = player_of(state, faction)
    return tuple(p for p, cards in state.hands if p != owner and any(c.faction == faction for c in cards))


# -- events ---------------------------------------------------------------------------------------
class TreatyOffered(Event, frozen=True, tag="treaty_offered"):
    """Public: ``giver`` handed ``receiver`` one treaty card (the number stays secret)."""

    giver: PlayerId
    receiver: PlayerId


class TreatyContents(Event, frozen=True, tag="treaty_contents"):
    """The card handed over: seen by giver and receiver only (§4.4)."""

    giver: PlayerId
    receiver: PlayerId
    card: TreatyCard


class TreatyDiscarded(Event, frozen=True, tag="treaty_discarded"):
    """Public: ``player`` discarded one card face down."""

    player: PlayerId


class TreatyDiscardedCard(Event, frozen=True, tag="treaty_discarded_card"):
    """Which card ``player`` discarded: seen by the discarder only (§4.4, GAPS Q10)."""

    player: PlayerId
    card: TreatyCard


class TreatiesRevealed(Event, frozen=True, tag="treaties_revealed"):
    """Public at the end: ``player``'s whole treaty hand (§4.5 step 2)."""

    player: PlayerId
    cards: tuple[TreatyCard, ...]


class TreatySettled(Event, frozen=True, tag="treaty_settled"):
    """Public at the end: the treaty traitors and each winner's treaty allies (§4.5)."""

    traitors: tuple[PlayerId, ...]
    allies: tuple[tuple[PlayerId, tuple[PlayerId, ...]], ...]


TreatyEvent = (
    TreatyOffered | TreatyContents | TreatyDiscarded | TreatyDiscardedCard | TreatiesRevealed | TreatySettled
)


# -- operations -----------------------------------------------------------------------------------
def _with_hand(
    state: Treaties, player: PlayerId, cards: Iterable[TreatyCard]
) -> tuple[tuple[PlayerId, tuple[TreatyCard, ...]], ...]:
    new = _sorted(cards)
    return tuple((p, new if p == player else h) for p, h in state.hands)


def _without_one(cards: tuple[TreatyCard, ...], card: TreatyCard) -> tuple[TreatyCard, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _check_card(card: object) -> None:
    # Values may come from a decoded message; check the type before comparing with any hand.
    if not isinstance(card, TreatyCard):
        raise MalformedAction("that is not a treaty card", code="treaty_not_a_card", rule="§7.1")


def check_offer(
    state: Treaties, giver: PlayerId, receiver: PlayerId, card: TreatyCard, host: TreatyHost
) -> None:
    """Raise unless ``giver`` may hand ``card`` to ``receiver`` now (§4.2 steps 1–2, §4.3, §7.1)."""
    _check_card(card)
    if state.pending is not None:
        raise IllegalAction("an offer is still waiting for its discard", code="treaty_pending", rule="§4.2")
    giver_faction = faction_of(state, giver)
    receiver_faction = faction_of(state, receiver)
    if receiver == giver:
        raise IllegalAction("you cannot offer a treaty to yourself", code="treaty_self", rule="§4.2")
    if receiver in state.non_receivers:
        raise IllegalAction(
            f"player {receiver} can never receive a treaty", code="treaty_non_receiver", rule="§4.3"
        )
    if card not in hand(state, giver):
        raise IllegalAction("you do not hold that card", code="treaty_not_in_hand", rule="§4.2")
    if card.faction != giver_faction:
        returning = state.profile.allow_return_foreign_card and card.faction == receiver_faction
        if not returning:
            raise IllegalAction(
                "you may only give a card of your own faction", code="treaty_foreign_card", rule="§4.2"
            )
    reason = host.may_offer(giver, receiver)
    if reason is not None:
        raise IllegalAction(reason, code="treaty_refused_by_host", rule="§7.2")


def offer(
    state: Treaties, giver: PlayerId, receiver: PlayerId, card: TreatyCard, host: TreatyHost
) -> tuple[Treaties, tuple[Event, ...]]:
    """§4.2 step 2: hand one own card to the receiver in secret; it cannot be taken back."""
    check_offer(state, giver, receiver, card, host)
    new = msgspec.structs.replace(
        state,
        hands=_with_hand(state, giver, _without_one(hand(state, giver), card)),
        pending=Pending(giver, receiver, card),
        offers=(*state.offers, (giver, receiver)),
        passages=(*state.passages, Passage(giver, receiver, card)),
    )
    return new, (
        TreatyOffered(giver=giver, receiver=receiver),
        TreatyContents(giver=giver, receiver=receiver, card=card, visible_to=(giver, receiver)),
    )


def resolve(state: Treaties, receiver: PlayerId, discard: TreatyCard) -> tuple[Treaties, tuple[Event, ...]]:
    """§4.2 step 4: the receiver takes the card and discards exactly one, face down."""
    _check_card(discard)
    pending = state.pending
    if pending is None:
        raise IllegalAction("no treaty is waiting for a discard", code="treaty_no_pending", rule="§4.2")
    if receiver != pending.receiver:
        raise IllegalAction("only the receiver chooses the discard", code="treaty_not_receiver", rule="§4.2")
    cards = (*hand(state, receiver), pending.card)
    if discard not in cards:
        raise IllegalAction(
            "the discard must be a card you hold or the one just received",
            code="treaty_bad_discard",
            rule="§7.1",
        )
    new = msgspec.structs.replace(
        state,
        hands=_with_hand(state, receiver, _without_one(cards, discard)),
        pile=_sorted((*state.pile, discard)),
        pending=None,
    )
    return new, _discard_events(receiver, discard)


def _discard_events(player: PlayerId, card: TreatyCard) -> tuple[Event, ...]:
    return (
        TreatyDiscarded(player=player),
        TreatyDiscardedCard(player=player, card=card, visible_to=(player,)),
    )


def self_discard(state: Treaties, player: PlayerId, card: TreatyCard) -> tuple[Treaties, tuple[Event, ...]]:
    """Forum fix B (GAPS Q4), only with ``allow_self_home_reshuffle``: drop one foreign card.

    The host charges the activation of the player's own Home; the pile stays face down, so the fix
    is read as a discard only (taking a card from the hidden pile would show its contents).
    """
    _check_card(card)
    if not state.profile.allow_self_home_reshuffle:
        raise IllegalAction("this table plays the printed rule", code="treaty_fix_b_off", rule="§7.2")
    if state.pending is not None:
        raise IllegalAction("an offer is still waiting for its discard", code="treaty_pending", rule="§4.2")
    cards = hand(state, player)
    if card not in cards:
        raise IllegalAction("you do not hold that card", code="treaty_not_in_hand", rule="§4.2")
    if card.faction == faction_of(state, player):
        raise IllegalAction("only a foreign card can be dropped", code="treaty_own_card", rule="§7.2")
    new = msgspec.structs.replace(
        state, hands=_with_hand(state, player, _without_one(cards, card)), pile=_sorted((*state.pile, card))
    )
    return new, _discard_events(player, card)


# -- settlement -----------------------------------------------------------------------------------
class Settlement(msgspec.Struct, frozen=True):
    """The end of the treaty game (§4.5): who revealed what, the traitors, and each winner's allies."""

    winners: tuple[PlayerId, ...]
    allies: tuple[tuple[PlayerId, tuple[PlayerId, ...]], ...]
    traitors: tuple[PlayerId, ...]
    revealed: tuple[tuple[PlayerId, tuple[TreatyCard, ...]], ...]

    @property
    def all_winners(self) -> tuple[PlayerId, ...]:
        extra = [a for _, group in self.allies for a in group]
        return tuple(sorted({*self.winners, *extra}))


def settle(
    state: Treaties, winners: Iterable[PlayerId], eliminated: Iterable[PlayerId] = ()
) -> tuple[Settlement, tuple[Event, ...]]:
    """§4.5 / §4.7: reveal, find traitors, and give each winner the lowest eligible holder."""
    if state.pending is not None:
        # The receiver's discard is part of the same action (§4.2 step 4): settle after it.
        raise IllegalAction("an offer is still waiting for its discard", code="treaty_pending", rule="§4.5")
    profile = state.profile
    won = tuple(sorted(set(winners)))
    out = frozenset(eliminated)
    for p in (*won, *out):
        faction_of(state, p)  # raises for a stranger
    if not won and not profile.reveal_without_winner:
        return Settlement(winners=(), allies=(), traitors=(), revealed=()), ()
    revealed = tuple(
        (p, cards) for p, cards in state.hands if p not in won and (profile.eliminated_reveal or p not in out)
    )
    traitors = tuple(p for p, _ in revealed if is_treaty_traitor(state, p))
    allies = tuple((w, _allies_of(state, w, won, traitors, out, revealed)) for w in won)
    settlement = Settlement(winners=won, allies=allies, traitors=traitors, revealed=revealed)
    events: list[Event] = [TreatiesRevealed(player=p, cards=cards) for p, cards in revealed]
    events.append(TreatySettled(traitors=traitors, allies=allies))
    return settlement, tuple(events)


def _allies_of(
    state: Treaties,
    winner: PlayerId,
    won: tuple[PlayerId, ...],
    traitors: tuple[PlayerId, ...],
    out: frozenset[PlayerId],
    revealed: tuple[tuple[PlayerId, tuple[TreatyCard, ...]], ...],
) -> tuple[PlayerId, ...]:
    profile = state.profile
    faction = faction_of(state, winner)
    visible = dict(revealed)
    holders: list[tuple[int, PlayerId]] = []
    for p, cards in state.hands:
        if p == winner or p in state.non_receivers:
            continue
        if p in won:
            if profile.winner_holding_other_winner_card == "ignore_holder":
                continue
        elif p not in visible:
            continue
        if p in out and not profile.eliminated_can_be_ally:
            continue
        if p in traitors and profile.traitors_removed_before_lowest:
            continue
        numbers = [c.number for c in cards if c.faction == faction]
        if numbers:
            holders.append((min(numbers), p))
    chosen: list[PlayerId] = []
    for _, p in sorted(holders):
        if len(chosen) >= profile.max_allies_per_winner:
            break
        if p in won or p in traitors:
            break  # the slot goes to a holder who cannot be an ally: nobody else takes it
        chosen.append(p)
    return tuple(chosen)


def settle_with(state: Treaties, host: TreatyHost) -> tuple[Settlement, tuple[Event, ...]]:
    """``settle`` with the winners and eliminations the host reports (§7.2)."""
    players = [p for p, _ in state.factions]
    return settle(state, host.winners(), [p for p in players if host.is_eliminated(p)])


# -- views ----------------------------------------------------------------------------------------
class PublicTreaties(msgspec.Struct, frozen=True):
    """What everyone sees (§4.4, §7.1): who offered to whom, hand sizes, the pile size."""

    offers: tuple[tuple[PlayerId, PlayerId], ...]
    hand_sizes: tuple[tuple[PlayerId, int], ...]
    pile_size: int
    pending: tuple[PlayerId, PlayerId] | None
    non_receivers: tuple[PlayerId, ...]


class PrivateTreaties(msgspec.Struct, frozen=True):
    """What one player knows besides the public view: own hand and the cards they gave/received."""

    player: PlayerId
    hand: tuple[TreatyCard, ...]
    given: tuple[Passage, ...]
    received: tuple[Passage, ...]
    pending: Pending | None


def public_view(state: Treaties) -> PublicTreaties:
    pending = state.pending
    return PublicTreaties(
        offers=state.offers,
        hand_sizes=tuple((p, hand_size(state, p)) for p, _ in state.hands),
        pile_size=len(state.pile),
        pending=None if pending is None else (pending.giver, pending.receiver),
        non_receivers=state.non_receivers,
    )


def private_view(state: Treaties, player: PlayerId) -> PrivateTreaties:
    pending = state.pending
    mine = pending if pending is not None and player in (pending.giver, pending.receiver) else None
    return PrivateTreaties(
        player=player,
        hand=hand(state, player),
        given=tuple(x for x in state.passages if x.giver == player),
        received=tuple(x for x in state.passages if x.receiver == player),
        pending=mine,
    )


def view_for(state: Treaties, viewer: Viewer) -> tuple[PublicTreaties, PrivateTreaties | None]:
    """The public view, plus the private one for a seated viewer (``None`` for a spectator)."""
    return public_view(state), None if viewer is None else private_view(state, viewer)
