"""Envoy (RULES §6.4, §4.2–§4.3), Build (§6.4) and trade-goods bribes (§6.4, GAPS Q11)."""

from __future__ import annotations

import msgspec
import pytest

from turncoat.core import deals
from turncoat.core import treaties as T
from turncoat.core.errors import IllegalAction
from turncoat.games.treaty_skirmish.actions import (
    Build,
    DiscardTreaty,
    DropTreaty,
    GiveNoTreaty,
    GiveTreaty,
    MoveAttack,
    MoveShips,
    Pass,
    SendEnvoy,
)
from turncoat.games.treaty_skirmish.events import EnvoySent, NoTreatyGiven, ShipsBuilt
from turncoat.games.treaty_skirmish.phases import build, envoy, gifts
from turncoat.games.treaty_skirmish.state import ACTION, DISCARD_TREATY, GIVE_TREATY

from .helpers import (
    HACAN,
    JOLNAR,
    LAZAX,
    LETNEV,
    SOL,
    game,
    idx,
    of_type,
    play,
    start,
    turn_of,
    with_control,
    with_ships,
)


def card(faction: str, number: int) -> T.TreatyCard:
    return T.TreatyCard(faction, number, "help the giver")


# -- Envoy ----------------------------------------------------------------------------------------
def test_targets() -> None:
    g = game()
    s = start(g)
    assert envoy.targets(g.ctx, s, LETNEV) == ("hacan", "jolnar", "sol")  # never Mecatol, never oneself
    assert envoy.targets(g.ctx, s, LAZAX) == ("letnev", "hacan", "jolnar", "sol")  # the Lazax may give
    assert all(SendEnvoy("lazax") not in g.legal_actions(turn_of(s, p), p) for p in range(5))


def test_resolve_send_envoy() -> None:
    g = game()
    s = start(g)
    s, events = play(g, s, SendEnvoy("hacan"))
    assert s.step == GIVE_TREATY and s.actor == LETNEV and s.tokens[LETNEV] == 2
    assert s.activated[idx(g, "home-hacan")] == (LETNEV,)
    assert [(e.giver, e.receiver, e.system) for e in of_type(events, EnvoySent)] == [
        (LETNEV, HACAN, "home-hacan")
    ]
    legal = [a for a in g.legal_actions(s, LETNEV) if not isinstance(a, deals.Give)]
    assert legal == [GiveNoTreaty(), *(GiveTreaty("letnev", n) for n in (1, 2, 3, 4))]


def test_an_envoy_blocks_attacking_that_home() -> None:
    g = game()
    s = start(g)
    s = with_ships(g, s, "frontier-1", LAZAX, 0)
    s = with_ships(g, s, "frontier-1", LETNEV, 2)
    assert MoveAttack("home-hacan") in g.legal_actions(s, LETNEV)
    s, _ = play(g, s, SendEnvoy("hacan"), GiveNoTreaty(), *[Pass()] * 4)
    assert s.actor == LETNEV
    assert MoveAttack("home-hacan") not in g.legal_actions(s, LETNEV)  # its token is there
    assert SendEnvoy("hacan") not in g.legal_actions(s, LETNEV)  # once per round per Home


def test_resolve_give_treaty() -> None:
    g = game()
    s = start(g)
    s, events = play(g, s, SendEnvoy("hacan"), GiveTreaty("letnev", 2))
    assert s.step == DISCARD_TREATY and s.actor == HACAN
    offered = of_type(events, T.TreatyOffered)
    contents = of_type(events, T.TreatyContents)
    assert offered[0].visible_to is None and contents[0].visible_to == (LETNEV, HACAN)
    assert contents[0].card.number == 2
    assert [c.number for c in T.hand(s.treaties, LETNEV)] == [1, 3, 4]
    assert g.legal_actions(s, HACAN)[:5] == (
        *(DiscardTreaty("hacan", n) for n in (1, 2, 3, 4)),
        DiscardTreaty("letnev", 2),
    )


def test_resolve_discard_treaty() -> None:
    g = game()
    s = start(g)
    s, events = play(g, s, SendEnvoy("hacan"), GiveTreaty("letnev", 2), DiscardTreaty("hacan", 4))
    assert T.hand(s.treaties, HACAN) == (
        card("hacan", 1),
        card("hacan", 2),
        card("hacan", 3),
        card("letnev", 2),
    )
    assert s.treaties.pile == (card("hacan", 4),)
    public = of_type(events, T.TreatyDiscarded)
    secret = of_type(events, T.TreatyDiscardedCard)
    assert public[0].visible_to is None and secret[0].visible_to == (HACAN,)
    assert s.step == ACTION and s.actor == HACAN and s.envoy is None
    # rejecting: the new card is discarded, the hand is as it was
    s2, _ = play(g, start(g), SendEnvoy("sol"), GiveTreaty("letnev", 1), DiscardTreaty("letnev", 1))
    assert [c.faction for c in T.hand(s2.treaties, SOL)] == ["sol"] * 4


def test_resolve_give_no_treaty() -> None:
    g = game()
    s = start(g)
    s, events = play(g, s, SendEnvoy("jolnar"), GiveNoTreaty())
    assert [(e.giver, e.receiver) for e in of_type(events, NoTreatyGiven)] == [(LETNEV, JOLNAR)]
    assert s.treaties.offers == () and s.tokens[LETNEV] == 2 and s.actor == HACAN


def test_discardable() -> None:
    g = game()
    s, _ = play(g, start(g), SendEnvoy("hacan"), GiveTreaty("letnev", 3))
    assert envoy.discardable(s, HACAN)[-1] == card("letnev", 3)
    assert envoy.discardable(s, LETNEV) == ()


def test_receiver_for() -> None:
    g = game()
    s = start(g)
    s = with_control(g, s, "home-hacan", SOL)
    assert envoy.receiver_for(g.ctx, s, "hacan") == HACAN  # GAPS Q8 default: the starting race
    s = msgspec.structs.replace(s, eliminated=(False, False, True, False, False))
    assert envoy.receiver_for(g.ctx, s, "hacan") is None  # an eliminated race receives nothing
    assert "hacan" not in envoy.targets(g.ctx, s, LETNEV)
    g2 = game(home_owner="current_controller")
    s2 = with_control(g2, start(g2), "home-hacan", SOL)
    assert envoy.receiver_for(g2.ctx, s2, "hacan") == SOL
    assert "hacan" not in envoy.targets(g2.ctx, s2, SOL)  # not to oneself
    s3 = with_control(g2, start(g2), "home-hacan", LAZAX)
    assert "hacan" not in envoy.targets(g2.ctx, s3, LETNEV)  # the Lazax never receive


def test_giveable() -> None:
    g = game(allow_return_foreign_card=True)
    s, _ = play(g, start(g), SendEnvoy("hacan"), GiveTreaty("letnev", 1), DiscardTreaty("hacan", 4))
    # later Hacan send an envoy to Letnev: fix A lets them hand Letnev 1 back
    s, _ = play(g, s, SendEnvoy("letnev"))
    assert card("letnev", 1) in envoy.giveable(s, HACAN)
    s, _ = play(g, s, GiveTreaty("letnev", 1))
    assert s.treaties.pending is not None and s.treaties.pending.card == card("letnev", 1)
    g0 = game()
    s0, _ = play(g0, start(g0), SendEnvoy("hacan"), GiveTreaty("letnev", 1), DiscardTreaty("hacan", 4))
    s0, _ = play(g0, s0, SendEnvoy("letnev"))
    assert card("letnev", 1) not in envoy.giveable(s0, HACAN)  # printed rule: own cards only


def test_resolve_drop_treaty() -> None:
    g = game(allow_self_home_reshuffle=True)
    s, _ = play(g, start(g), SendEnvoy("hacan"), GiveTreaty("letnev", 1), DiscardTreaty("hacan", 4))
    assert "hacan" in envoy.targets(g.ctx, s, HACAN)  # own Home, holding a foreign card
    s, events = play(g, s, SendEnvoy("hacan"))
    assert g.legal_actions(s, HACAN)[0] == DropTreaty("letnev", 1)
    s, events = play(g, s, DropTreaty("letnev", 1))
    assert envoy.foreign_cards(s, HACAN) == () and len(s.treaties.pile) == 2
    assert of_type(events, T.TreatyDiscardedCard)[0].visible_to == (HACAN,)
    assert "hacan" not in envoy.targets(g.ctx, turn_of(s, HACAN), HACAN)


def test_skirmish_host() -> None:
    g = game()
    s = start(g)
    host = envoy.SkirmishHost(g.ctx, s)
    assert host.may_offer(LETNEV, HACAN) is not None  # no Envoy under way: no card may pass
    with pytest.raises(IllegalAction):
        T.offer(s.treaties, LETNEV, HACAN, card("letnev", 1), host)
    s, _ = play(g, s, SendEnvoy("hacan"))
    assert envoy.SkirmishHost(g.ctx, s).may_offer(LETNEV, HACAN) is None
    assert envoy.SkirmishHost(g.ctx, s).may_offer(LETNEV, SOL) is not None
    host.transfer(LETNEV, HACAN, "trade_goods", 2)
    assert host.trade_goods[LETNEV] == 3 and host.trade_goods[HACAN] == 7
    with pytest.raises(IllegalAction):
        host.transfer(LETNEV, HACAN, "trade_goods", 99)


# -- Build ----------------------------------------------------------------------------------------
def test_options() -> None:
    g = game()
    s = start(g)
    assert build.options(g.ctx, s, LETNEV) == tuple((idx(g, "home-letnev"), k) for k in (1, 2, 3))
    assert build.options(g.ctx, s, LAZAX) == tuple((0, k) for k in (1, 2, 3))  # Mecatol, theirs
    s = msgspec.structs.replace(s, trade_goods=(5, 2, 5, 5, 5))
    assert [k for _, k in build.options(g.ctx, s, LETNEV)] == [1, 2]  # 1 TG per ship
    s = with_control(g, s, "frontier-1", LETNEV)
    assert all(i != idx(g, "frontier-1") for i, _ in build.options(g.ctx, s, LETNEV))  # Homes/Mecatol only


def test_resolve_build() -> None:
    g = game()
    s, events = play(g, start(g), Build("home-letnev", 3))
    home = idx(g, "home-letnev")
    assert s.ships[home][LETNEV] == 6 and s.trade_goods[LETNEV] == 2 and s.tokens[LETNEV] == 2
    assert [(e.ships, e.cost) for e in of_type(events, ShipsBuilt)] == [(3, 3)]
    with pytest.raises(IllegalAction):
        g.apply(turn_of(s, LETNEV), LETNEV, Build("home-letnev", 1))  # its token is there already


# -- Bribes ---------------------------------------------------------------------------------------
def test_recipients() -> None:
    g = game()
    s = start(g)
    assert gifts.recipients(g.ctx, s, LETNEV) == (LAZAX, HACAN, JOLNAR, SOL)
    assert gifts.recipients(g.ctx, s, HACAN) == ()  # not Hacan's decision
    g_envoy = game(trade_goods_gifts="envoy")
    s = start(g_envoy)
    assert gifts.recipients(g_envoy.ctx, s, LETNEV) == ()
    s, _ = play(g_envoy, s, SendEnvoy("hacan"))
    assert gifts.recipients(g_envoy.ctx, s, LETNEV) == (HACAN,)
    s, _ = play(g_envoy, s, GiveTreaty("letnev", 4))
    assert gifts.recipients(g_envoy.ctx, s, HACAN) == (LETNEV,)  # "2 TG and I keep it"
    g_never = game(trade_goods_gifts="never")
    assert gifts.recipients(g_never.ctx, start(g_never), LETNEV) == ()


def test_legal_gifts() -> None:
    g = game()
    s = start(g)
    mine = gifts.legal_gifts(g.ctx, s, LETNEV)
    assert len(mine) == 4 * 5 and deals.Give(SOL, "trade_goods", 5) in mine
    assert deals.Give(LETNEV, "trade_goods", 1) not in mine


def test_resolve_give() -> None:
    g = game()
    s, events = play(g, start(g), deals.Give(HACAN, "trade_goods", 2))
    assert s.trade_goods == (5, 3, 7, 5, 5)
    assert s.actor == LETNEV and s.step == ACTION  # the decision stays open
    given = of_type(events, deals.Given)
    assert given[0].visible_to is None and given[0].amount == 2
    for bad in (
        deals.Give(HACAN, "trade_goods", 4),
        deals.Give(HACAN, "spice", 1),
        deals.Give(LETNEV, "trade_goods", 1),
    ):
        with pytest.raises(IllegalAction):
            g.apply(s, LETNEV, bad)
    assert MoveShips("home-letnev", 1) not in g.legal_actions(s, LETNEV)


def test_foreign_cards() -> None:
    g = game()
    s, _ = play(g, start(g), SendEnvoy("hacan"), GiveTreaty("letnev", 1), DiscardTreaty("hacan", 4))
    assert envoy.foreign_cards(s, HACAN) == (card("letnev", 1),)
    assert envoy.foreign_cards(s, LETNEV) == ()


def test_after_treaties_change() -> None:
    """After a receipt the action is over (the next seat acts) unless Support of the People wins."""
    g = game()
    s, events = play(g, start(g), SendEnvoy("hacan"), GiveTreaty("letnev", 1), DiscardTreaty("hacan", 4))
    assert s.actor == HACAN and s.step == ACTION
    # no event speaks of Support of the People (nobody holds it here, and a check is never told)
    assert not any("support" in type(e).__name__.lower() for e in events)
