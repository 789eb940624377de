"""Random legal setups (RULES §5-§6) always end well-formed: one base each, a connected galaxy,
at most one route end per slot, unit limits kept, components within the box."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.starcraft.helpers import game, random_setup
from turncoat.games.starcraft import galaxy
from turncoat.games.starcraft.phases import setup
from turncoat.games.starcraft.state import PLANNING

MAX_CHOICES = 300  # issue 14 item 5: no decision offers more than a few hundred actions


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
    selection=st.sampled_from(["in_order", "random"]),
    variant=st.sampled_from(["core", "team_play", "galactic_conquest"]),
)
def test_random_setups_end_well_formed(players: int, seed: int, selection: str, variant: str) -> None:
    options: dict[str, object] = {"players": players, "faction_selection": selection}
    if variant == "team_play" and players in (4, 6):
        options.update(team_play=True, faction_selection="random")
    if variant == "galactic_conquest":
        options.update(galactic_conquest=True)
    g = game(**options)
    state, widest = random_setup(g, seed)
    ctx = g.ctx
    assert (state.step, state.round) == (PLANNING, 1)
    assert widest <= MAX_CHOICES
    # every player exactly one base, on one of the two planets they drew and placed
    bases = Counter(a.base for a in state.areas if a.base >= 0)
    assert bases == Counter(range(players))
    assert len(state.galaxy) == 2 * players and galaxy.connected(state)
    # a slot holds at most one route end, and only a slot the planet has
    ends = [e for r in state.routes for e in r.ends]
    assert len(ends) == len(set(ends))
    for e in ends:
        placed = state.placed(e.planet)
        assert placed is not None and e.side in galaxy.rotated_sides(ctx, e.planet, placed.rotation)
    # normal routes join facing slots of neighbouring cells; z-axis ends are on different planets
    for r in state.routes:
        a, b = (state.placed(e.planet) for e in r.ends)
        assert a is not None and b is not None and a.id != b.id
        if r.kind == "normal":
            assert galaxy.neighbour((a.x, a.y), r.ends[0].side) == (b.x, b.y)
            assert galaxy.OPPOSITE[r.ends[0].side] == r.ends[1].side
    assert sum(r.kind == "normal" for r in state.routes) <= ctx.content.data.rules.normal_routes.value
    assert sum(r.kind == "z_axis" for r in state.routes) <= min(
        players, ctx.content.data.rules.z_axis_pairs.value
    )
    # unit limits; units only on the owner's base planet; transports on routes of the base planet
    for area in state.areas:
        assert len(area.units) <= ctx.t.area[area.id].unit_limit
        assert len({u.owner for u in area.units}) <= 1
    for seat, p in enumerate(state.seats):
        home = next(ctx.t.area_planet[a.id] for a in state.areas if a.base == seat)
        mine = [a for a in state.areas if any(u.owner == seat for u in a.units)]
        assert all(ctx.t.area_planet[a.id] == home for a in mine)
        carrying = [r for r in state.routes if seat in r.transports]
        assert len(carrying) == 1 and home in {e.planet for e in carrying[0].ends}
        assert p.worker_pool == ctx.t.faction[p.faction].starting_workers.value
        assert len(p.hand) == ctx.t.race[p.race].opening_hand.value
        assert len(p.hand) + len(p.combat_deck) == 18
        held = {c.area for c in p.resource_cards}
        assert held == {a for a in ctx.t.planet_areas[home] if ctx.t.area[a].resource != "cp"}
        assert p.planets == () and not p.z_axis_pair
    assert len({p.faction for p in state.seats}) == players
    tedn = 3 if g.config.galactic_conquest else 0  # §19: Galactic Conquest removes them
    assert len(state.event_deck) == sum(setup.event_deck_sizes(ctx)) - tedn
    assert ("the_end_draws_near" in state.event_deck) != g.config.galactic_conquest
    assert len(set(state.teams)) == (players // 2 if g.config.team_play else players)
