"""RULES §5 step 2: the secret draft of action cards."""

from __future__ import annotations

from turncoat.core import rng
from turncoat.core.errors import IllegalAction, InvalidConfig
from turncoat.games.verrater.components import ROLES
from turncoat.games.verrater.context import Ctx, Events
from turncoat.games.verrater.events import PacketHandedOver, RoleKept, RoleRemoved
from turncoat.games.verrater.phases.commit import start_commit
from turncoat.games.verrater.state import DRAFT, Draft, State

RULE = "RULES §5 step 2"
ROLE_ORDER = {r: i for i, r in enumerate(ROLES)}


def in_role_order(roles: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """§3, §5 step 2: a packet is a set of face-down cards: keep it in one fixed order so order tells
    nothing."""
    return tuple(sorted(roles, key=ROLE_ORDER.__getitem__))


def shuffle_action_cards(ctx: Ctx, d: Draft) -> tuple[str, ...]:
    """§5 step 2.1: the start player shuffles the six cards (or the scenario pins this round's order)."""
    sc = ctx.config.scenario
    if sc is not None and sc.role_shuffles is not None:
        if d.round > len(sc.role_shuffles):
            raise InvalidConfig(
                f"the scenario pins role shuffles for {len(sc.role_shuffles)} rounds, not round {d.round}",
                code="bad_scenario",
                rule=RULE,
            )
        return tuple(sc.role_shuffles[d.round - 1])
    order, d.rng = rng.shuffle(d.seed, d.rng, ROLES)
    return order


def start_draft(ctx: Ctx, d: Draft, out: Events) -> None:
    """§5 step 2.1-2.2: remove the top card unseen; the start player takes the other five."""
    order = shuffle_action_cards(ctx, d)
    d.removed_role = order[0]
    d.packet = in_role_order(order[1:])
    d.step = DRAFT
    d.actor = d.start_player
    hand_packet(d, d.start_player, out)
    # Only the start player sees the five others, so only he can name the removed card.
    out.append(RoleRemoved(role=d.removed_role, visible_to=(d.start_player,)))


def hand_packet(d: Draft, seat: int, out: Events) -> None:
    """§5 step 2: the packet passes to the seat, who alone sees it."""
    d.set_seat("received", seat, d.packet)
    out.append(PacketHandedOver(seat=seat, roles=d.packet, visible_to=(seat,)))


def legal_roles(ctx: Ctx, s: State, seat: int) -> tuple[str, ...]:
    """§5 step 2: the seat keeps one card of the packet he received."""
    return s.packet


def resolve_keep_role(ctx: Ctx, d: Draft, seat: int, role: str, out: Events) -> None:
    """§5 step 2: the seat keeps one card face down and passes the rest to his left; after the last seat
    the leftover goes to the middle unrevealed."""
    d.set_seat("roles", seat, role)
    d.packet = tuple(r for r in d.packet if r != role)
    out.append(RoleKept(seat=seat, role=None))
    out.append(RoleKept(seat=seat, role=role, visible_to=(seat,)))
    nxt = (seat + 1) % d.players
    if nxt == d.start_player:
        d.leftover = d.packet  # stays face down, never revealed
        d.packet = ()
        start_commit(ctx, d, out)
    else:
        d.actor = nxt
        hand_packet(d, nxt, out)


def refuse_keep_role(s: State, role: str) -> IllegalAction:
    """§5 step 2: why the card cannot be kept — no such action card, or not in the packet handed over."""
    if role not in ROLES:
        return IllegalAction(f"there is no action card {role!r}", code="no_such_role", rule=RULE)
    return IllegalAction(f"{role} is not in the packet you were handed", code="role_not_in_packet", rule=RULE)
