"""Resample everything a viewer cannot see, consistently with what the viewer knows (ARCH §4).

The viewer knows: his own hand, role and received packet (so the start player knows the removed
card, and every drafter knows that the cards missing from his packet went to earlier drafters or
were removed); all public zones; and each hand's publicly known cards (the 3-4-5 starting hand
until those values are played).  Everything else — other hands beyond their known cards, the
draw pile order, face-down discards of others, unrevealed roles, the removed and leftover cards —
is dealt again at random.  The copy also gets a fresh RNG stream: the real seed would let a
search bot foresee future shuffles.
"""

from __future__ import annotations

from collections import Counter

from turncoat.core import rng
from turncoat.core.actions import Viewer
from turncoat.games.verrater.components import ROLES
from turncoat.games.verrater.context import Ctx
from turncoat.games.verrater.phases.draft import in_role_order
from turncoat.games.verrater.state import COMMIT, DISCARD, DRAFT, Draft, State, seats_from


def _redeal_supply(ctx: Ctx, s: State, d: Draft, viewer: Viewer, seed: int, counter: int) -> int:
    pool = Counter(ctx.tables.deck)
    hidden_all = Counter(v for seat in s.hidden_discards for v in seat)
    pool -= Counter(s.discard) - hidden_all  # face-up discards
    for p in range(s.players):
        pool -= Counter(s.committed[p])
        pool -= Counter(s.hands[p] if p == viewer else s.known[p])
    if viewer is not None:
        pool -= Counter(s.hidden_discards[viewer])
    shuffled, counter = rng.shuffle(seed, counter, sorted(pool.elements()))
    cards = list(shuffled)
    hands = list(s.hands)
    hidden = list(s.hidden_discards)
    # Reserve the low cards a mid-discard seat must hold before anyone else is dealt.
    reserved: dict[int, list[int]] = {}
    for p, (cap, need) in _cards_at_or_below_needed(ctx, s, viewer).items():
        reserved[p] = [v for v in cards if v <= cap][:need]
        for v in reserved[p]:
            cards.remove(v)
    for p in range(s.players):
        if p == viewer:
            continue
        n_unknown = len(s.hands[p]) - len(s.known[p])
        dealt = reserved.get(p, [])
        rest = n_unknown - len(dealt)
        dealt += cards[:rest]
        del cards[:rest]
        hands[p] = tuple(sorted((*s.known[p], *dealt)))
        k = len(s.hidden_discards[p])
        hidden[p] = tuple(cards[:k])
        del cards[:k]
    d.hands = tuple(hands)
    d.hidden_discards = tuple(hidden)
    face_up = sorted((Counter(s.discard) - hidden_all).elements())
    d.discard = tuple(sorted((*face_up, *(v for h in hidden for v in h))))
    d.draw_pile = tuple(cards)
    assert len(d.draw_pile) == len(s.draw_pile), "card pool does not match the hidden slots"
    return counter


def _cards_at_or_below_needed(ctx: Ctx, s: State, viewer: Viewer) -> dict[int, tuple[int, int]]:
    """A seat in the middle of face-up hand-limit discards (highest first) is known to hold enough
    cards at or below his last discard to finish: {seat: (that value, unknown cards needed)}."""
    if s.step != DISCARD or not s.discarding or s.actor == viewer:
        return {}
    if ctx.config.hand_limit_discards != "face_up":
        return {}
    cap = s.discarding[-1]
    still = len(s.hands[s.actor]) - ctx.tables.hand_limit
    need = still - sum(1 for v in s.known[s.actor] if v <= cap)
    return {s.actor: (cap, need)} if need > 0 else {}


def _redeal_roles(s: State, d: Draft, viewer: Viewer, seed: int, counter: int) -> int:
    """Reassign hidden action cards among the removed slot, drafted seats, packet and leftovers."""
    order = seats_from(s.start_player, s.players)
    drafted = [p for p in order if s.roles[p]]
    holder = s.actor if s.step == DRAFT else None
    known_packet = s.received[viewer] if viewer is not None else ()
    before: list[int] = []
    after: list[int] = []
    if known_packet:
        assert viewer is not None
        pos = order.index(viewer)
        before = [p for p in drafted if order.index(p) < pos]
        after = [p for p in drafted if order.index(p) > pos]
    # Groups of cards the viewer can place only as a set, and the slots they fill.
    fixed = {p: s.roles[p] for p in drafted if s.revealed or p == viewer}
    groups: list[tuple[list[str], list[str]]] = []  # (cards, slot names)
    if known_packet:
        up_cards = [
            r for r in ROLES if r not in known_packet and r not in [fixed[p] for p in before if p in fixed]
        ]
        up_slots = ["removed", *(f"seat{p}" for p in before if p not in fixed)]
        own = s.roles[viewer] if viewer is not None else ""
        down_cards = [
            r for r in known_packet if r != own and r not in [fixed[p] for p in after if p in fixed]
        ]
        down_slots = [*(f"seat{p}" for p in after if p not in fixed)]
        if holder is not None and holder != viewer:
            down_slots += ["packet"] * len(s.packet)
        down_slots += ["leftover"] * len(s.leftover)
        if holder == viewer:
            down_cards = []  # the viewer is holding exactly that packet
        groups = [(up_cards, up_slots), (down_cards, down_slots)]
    else:
        cards = [r for r in ROLES if r not in fixed.values()]
        slots = ["removed", *(f"seat{p}" for p in drafted if p not in fixed)]
        slots += ["packet"] * len(s.packet) + ["leftover"] * len(s.leftover)
        groups = [(cards, slots)]
    roles = list(s.roles)
    packet: list[str] = []
    leftover: list[str] = []
    removed = s.removed_role
    for cards, slots in groups:
        assert len(cards) == len(slots), "role groups do not match their slots"
        shuffled, counter = rng.shuffle(seed, counter, cards)
        for card, slot in zip(shuffled, slots, strict=True):
            if slot == "removed":
                removed = card
            elif slot == "packet":
                packet.append(card)
            elif slot == "leftover":
                leftover.append(card)
            else:
                roles[int(slot[4:])] = card
    if holder == viewer:
        packet = list(s.packet)
    d.roles = tuple(roles)
    d.removed_role = removed
    d.packet = in_role_order(packet)
    d.leftover = in_role_order(leftover)
    # Rebuild every packet as it was passed around, from the resampled cards.
    received: list[tuple[str, ...]] = [()] * s.players
    current = in_role_order([r for r in ROLES if r != removed])
    for p in order:
        if not s.received[p]:
            break
        received[p] = current
        current = tuple(r for r in current if r != roles[p])
    d.received = tuple(received)
    return counter


def determinize(ctx: Ctx, s: State, viewer: Viewer, seed: int) -> State:
    d = Draft.of(s)
    counter = _redeal_supply(ctx, s, d, viewer, seed, 0)
    if s.step in (DRAFT, COMMIT) or (s.removed_role and s.received[s.start_player]):
        counter = _redeal_roles(s, d, viewer, seed, counter)
    if s.step == DISCARD and s.actor != viewer and ctx.config.hand_limit_discards != "face_up":
        d.discarding = ()  # face-down discards: their order constraint is not known to the viewer
    d.seed = rng.derive_seed(seed, "determinized")
    d.rng = 0
    return d.freeze()
