"""Soak: thousands of random StarCraft games over 2 to 6 players, both ways of filling the content
and the main rule options.

Run:  uv run python bench/soak_starcraft.py [--games 10000] [--seed 0] [--workers 2] [--time-cap SECONDS]

Game ``i`` uses option combination ``i mod 56`` (see ``option_combos``: 2-6 players × faction
selection × content × the §21.4 / GAPS readings, and the §19 variants) and the seed
``derive_seed(seed, i)``.  The content is the sourced pack completed by the invented placeholder
pack, or the same with an owner's pack over both (``OWNER_PACK``: a planet and three combat cards
replaced, with card keywords, RULES §3, §13.7); the sourced pack alone leaves planets without
areas, so no game can be set up on it.

Random agents play it (``choose``): the seat to act picks uniformly among its legal actions, except
that voluntary destruction (RULES §9) is taken only one time in ``DESTROY_ODDS`` when it is legal.
Uniformly random players would otherwise spend a third of their reveals destroying their own
pieces and end nearly every game by elimination in its first round, never reaching the later
rounds, conquest points or the other victories.

After every step (RULES §8-§17, §21.3): unit limits per area (the attacker's limit + 2 in the area
of a battle or of an attack, two sides at most there, one elsewhere); workers conserved between the
pool, the resource cards, the printed slots and the unavailable area (only a bought worker adds one,
only a lost resource card removes its workers); 9 order tokens a seat, in its supply, on the stacks
or being executed; resource cards with one holder, within their depletion states; CP never
negative and never lower than before; no decision offering more than ``MAX_CHOICES`` actions; and, on one step
in ``LEAK_EVERY`` of the round (for one seat, in turn),
``observe(determinize(s, seat), seat) == observe(s, seat)`` with the spectator's view unchanged
(what the seat sees does not depend on what is hidden from it), and the step's log rendered for
that seat.  At the end the outcome is checked against §16.  Every
``--replay-every``-th game is replayed from its record, rebuilt through the registry as
``turncoat replay`` does, and must reach the same state digest.

A game with no end after ``MAX_DECISIONS`` decisions, a seat asked to act with no legal action, an
exception or a broken invariant is written as a replayable game record to ``soak-failures/``
(gitignored), and the script exits with status 1.  A Galactic Conquest game, at any number of
players and in team play too, still going after ``--max-rounds`` rounds (default 200) is stopped
and reported apart ("stopped at the cap"): only elimination ends that variant (§19), which random
players may never bring about (two armies, or two teammates against one, can trade areas for
ever), and such a game is not stuck.
"""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from _soak import Soak, SoakFailure, by_config, main  # noqa: E402
from turncoat.core import registry  # noqa: E402
from turncoat.core.engine import Transition  # noqa: E402
from turncoat.core.rng import derive_seed  # noqa: E402
from turncoat.games.starcraft import actions as A  # noqa: E402
from turncoat.games.starcraft import events as E  # noqa: E402
from turncoat.games.starcraft.config import StarcraftConfig  # noqa: E402
from turncoat.games.starcraft.game import Move, StarcraftGame  # noqa: E402
from turncoat.games.starcraft.phases import control, victory  # noqa: E402
from turncoat.games.starcraft.state import NOBODY, OVER, SETUP_STEPS, State  # noqa: E402

# Random games take a few hundred to a few thousand decisions; fifty thousand is far beyond any that ends.
MAX_DECISIONS = 50_000
MAX_CHOICES = 300  # issue item 5: no decision offers more than a few hundred legal actions
ORDER_TOKENS = 9  # §3: 6 standard + 3 special per faction
DESTROY_ODDS = 20  # voluntary destruction (§9), when legal, is taken one time in this many
LEAK_EVERY = 16  # the §21.3 check runs on one step in this many (it costs more than the step itself)
_steps = itertools.count()  # steps checked by this process
VICTORIES = {"normal", "special", "end_game", "elimination"}  # §16.1-§16.4

# An owner's pack (RULES §3): printed values replacing a planet's and combat cards' placeholders,
# with the card keywords of §13.7 (cancel, vs., gain, granted cloaking and detection).
OWNER_PACK: dict[str, Any] = {
    "id": "soak-owner",
    "kind": "owner",
    "planets": [
        {
            "id": "antiga_prime",
            "route_slots": {"value": ["N", "S"], "provenance": "printed", "source": "soak owner's copy"},
            "areas": {
                "value": [
                    {"id": "antiga_prime_1", "resource": "minerals", "amount": 4, "unit_limit": 2},
                    {"id": "antiga_prime_2", "resource": "cp", "amount": 3, "unit_limit": 5},
                ],
                "provenance": "printed",
                "source": "soak owner's copy",
            },
        }
    ],
    "combat_cards": [
        {
            "id": "terran_combat_01",
            "race": "terran",
            "number": 1,
            "major": {
                "value": {"attack": 9, "health": 1},
                "provenance": "printed",
                "source": "soak owner's copy",
            },
            "keywords": {
                "value": {"cancel": ["reinforcement"], "gains": [{"attack": 1, "vs": ["flying"]}]},
                "provenance": "printed",
                "source": "soak owner's copy",
            },
        },
        {  # §13.7 keywords printed on deck cards, so that the other readings' games play them too
            "id": "zerg_combat_01",
            "race": "zerg",
            "number": 1,
            "keywords": {
                "value": {"cancel": ["standard"], "grants": ["cloaking"]},
                "provenance": "printed",
                "source": "soak owner's copy",
            },
        },
        {
            "id": "protoss_combat_01",
            "race": "protoss",
            "number": 1,
            "keywords": {
                "value": {"grants": ["detection"], "gains": [{"health": 2, "when": "defending"}]},
                "provenance": "printed",
                "source": "soak owner's copy",
            },
        },
    ],
}

# The other reading of every §21.4 ruling and GAPS ruling, in one bundle.
OTHER_READINGS: dict[str, Any] = {
    "aldaris_threshold_ranking": "everyone",
    "tiebreak_resources_include_permanent": True,
    "empty_event_deck_is_stage_iii": False,
    "event_deck_exhausted": "reshuffle_stage_iii",
    "enemy_base_only_area_counts_as_enemy_area": False,
    "transport_capacity": 2,
    "eliminated_orders_removed": "when_reached",
    "order_owner_may_view_own_orders": False,
    "normal_routes_limited": False,
    "cut_off_transport_destroyed": "immediately",
    "terran_lift_off_across_planets": True,
    "invented_special_victories": False,
    "invented_technologies": False,
    "invented_event_effects": False,
    "simultaneous_last_elimination": "nobody_wins",
    "combat_cancel_order": "simultaneous",
}


def option_combos() -> list[dict[str, Any]]:
    """2-6 players × faction selection (in order, random) × content (sourced + placeholders, and an
    owner's pack over them) × readings (the defaults, ``OTHER_READINGS``) = 40; Galactic Conquest
    (§19) at 2 players × selection × content × readings = 8; team play (§19: 4 and 6 players,
    random factions) × content × readings = 8; team Galactic Conquest at 4 players × content ×
    readings = 4: 60 in all.

    Galactic Conquest ends only by elimination; at 3 or more players random armies fill their
    unit limits and the last two can trade areas for tens of thousands of decisions, so its games
    stop at ``--max-rounds`` and are counted apart."""
    combos: list[dict[str, Any]] = []
    for players, selection, owner, other in itertools.product(
        (2, 3, 4, 5, 6), ("in_order", "random"), (False, True), (False, True)
    ):
        combos.append(_combo(players, selection, owner, other))
    for selection, owner, other in itertools.product(("in_order", "random"), (False, True), (False, True)):
        combos.append(_combo(2, selection, owner, other, galactic_conquest=True))
    for players, owner, other in itertools.product((4, 6), (False, True), (False, True)):
        combos.append(_combo(players, "random", owner, other, team_play=True))
    for owner, other in itertools.product((False, True), (False, True)):
        combos.append(_combo(4, "random", owner, other, team_play=True, galactic_conquest=True))
    return combos


def _combo(players: int, selection: str, owner: bool, other: bool, **variant: bool) -> dict[str, Any]:
    combo: dict[str, Any] = {"players": players, "faction_selection": selection, **variant}
    if owner:
        combo["owner_packs"] = (OWNER_PACK,)
    if other:
        combo.update(OTHER_READINGS)
    return combo


def is_attack(s: State, action: Move) -> bool:
    """A move into an area holding enemy units or an enemy base (§10.2, §13)."""
    if not isinstance(action, A.MoveUnit):
        return False
    area = s.area(action.to)
    return any(u.owner != s.actor for u in area.units) or area.base not in (NOBODY, s.actor)


def choose(g: StarcraftGame, s: State, _seat: int, legal: list[Move], rnd: random.Random) -> Move:
    """Uniform among the legal actions, voluntary destruction (§9) only one time in ``DESTROY_ODDS``;
    in Galactic Conquest, where only elimination ends the game (§19), eager: every order executed,
    an attack whenever one is legal, and a purchase or a move rather than stopping (see the
    module's docstring)."""
    rest = [a for a in legal if not isinstance(a, A.VoluntaryDestruction)]
    if len(rest) < len(legal) and (not rest or rnd.randrange(DESTROY_ODDS) == 0):
        return A.VoluntaryDestruction()
    if g.ctx.config.galactic_conquest:
        if A.ExecuteOrder(True) in rest:
            return A.ExecuteOrder(True)
        attacks = [a for a in rest if is_attack(s, a)]
        busy = attacks or [a for a in rest if not isinstance(a, A.EndBuild | A.EndMove)]
        return rnd.choice(busy or rest)
    return rnd.choice(rest)


def expected_workers(before: State, events: tuple[Any, ...]) -> list[int]:
    """§10.1, §14 step 2: the workers each seat owns after a step: a bought worker adds one, a lost
    resource card takes its workers out of the game; nothing else changes the count."""
    workers = [control.workers_owned(before, s) for s in range(before.players)]
    for e in events:
        if isinstance(e, E.Bought) and e.item == "worker":
            workers[e.seat] += 1
        elif isinstance(e, E.ResourceCardLost):
            workers[e.seat] -= e.workers
    return workers


def board_problems(g: StarcraftGame, s: State) -> list[str]:
    """§12 (unit limits, the attacker's + 2 where it fights) and §11 (resource cards)."""
    ctx, b, moving = g.ctx, s.battle, s.mobilize
    contested, attacker = (
        (b.area, b.attacker) if b is not None else (moving.enemy_area, s.actor) if moving else ("", -1)
    )
    problems: list[str] = []
    for area in s.areas:
        owners = {u.owner for u in area.units}
        if len(owners) > (2 if area.id == contested and attacker in owners else 1):
            problems.append(f"§12: {area.id} holds units of seats {sorted(owners)}")
        for seat in owners:
            limit = ctx.t.area[area.id].unit_limit + (2 if area.id == contested and seat == attacker else 0)
            if control.units_of(area, seat) > limit:
                problems.append(
                    f"§12: seat {seat} has {control.units_of(area, seat)} units in {area.id} (limit {limit})"
                )
        if area.depletion not in (0, 1, 2):
            problems.append(f"§11: {area.id} depletion {area.depletion}")
    held = [c.area for p in s.seats for c in p.resource_cards]
    if len(held) != len(set(held)):
        problems.append(f"§11: a resource card has two holders: {sorted(held)}")
    return problems


def seat_problems(g: StarcraftGame, before: State | None, t: Transition[State]) -> list[str]:
    """Workers (§4.5, §10.1, §11), order tokens (§3, §8), resource cards (§11), CP (§15) per seat."""
    s, ctx = t.state, g.ctx
    # setup hands out the starting workers (§5); from the first round on they are conserved
    counted = before is not None and before.step not in SETUP_STEPS
    workers = expected_workers(before, t.events) if before is not None and counted else None
    limit = ctx.content.data.rules.workers.value
    problems: list[str] = []
    for seat, p in enumerate(s.seats):
        owned = control.workers_owned(s, seat)
        if workers is not None and owned != workers[seat]:
            problems.append(f"§11: seat {seat} owns {owned} workers, expected {workers[seat]}")
        if owned > limit or min(p.worker_pool, p.unavailable_workers) < 0:
            problems.append(
                f"§4.5: seat {seat}: {owned} workers, pool {p.worker_pool}, "
                f"unavailable {p.unavailable_workers}"
            )
        if any(not 0 <= r.workers <= r.amount for r in p.permanent_resources):
            problems.append(f"§11: seat {seat} printed slots {p.permanent_resources}")
        for c in p.resource_cards:
            depletion = s.area(c.area).depletion
            # a depleted area's card has left the game; one force-mined this round holds one more
            if depletion not in (0, 1) or not 0 <= c.workers <= ctx.t.area[c.area].amount + depletion:
                problems.append(
                    f"§11: seat {seat}'s card {c.area}: {c.workers} workers at depletion {depletion}"
                )
        if s.round > 0:
            placed = sum(1 for _, tokens in s.stacks for tok in tokens if tok.owner == seat)
            active = s.active_order is not None and s.active_order.token.owner == seat
            if len(p.orders) + placed + active != ORDER_TOKENS:
                problems.append(
                    f"§8: seat {seat} has {len(p.orders)} + {placed} + {int(active)} order tokens"
                )
        if p.cp < 0 or (before is not None and p.cp < before.seat(seat).cp):
            was = before.seat(seat).cp if before is not None else 0
            problems.append(f"§15: seat {seat}'s CP went from {was} to {p.cp}")
    return problems


def leak_problems(g: StarcraftGame, t: Transition[State], seat: int) -> list[str]:
    """§21.3: what ``seat`` and a spectator see does not change when everything hidden from the seat
    is re-dealt; the same seat keeps its decisions; the step's log renders for the seat."""
    s = t.state
    det = g.determinize(s, seat, derive_seed(s.seed, "soak-determinize", s.rng, len(t.events)))
    problems: list[str] = []
    if g.observe(det, seat) != g.observe(s, seat):
        problems.append(f"§21.3: seat {seat}'s view depends on what is hidden from it")
    if g.observe(det, None) != g.observe(s, None):
        problems.append(f"§21.3: determinizing for seat {seat} changed the spectator's view")
    if g.to_act(det) != g.to_act(s) or list(g.legal_actions(det, seat)) != list(g.legal_actions(s, seat)):
        problems.append(f"§21.3: determinizing for seat {seat} changed who acts or its decisions")
    g.render_log(t.events, seat)
    return problems


def check_step(g: StarcraftGame, before: State | None, t: Transition[State]) -> list[str]:
    """The invariants of the module docstring after one step."""
    s = t.state
    problems = board_problems(g, s) + seat_problems(g, before, t)
    if s.step not in SETUP_STEPS and next(_steps) % LEAK_EVERY == 0:
        problems += leak_problems(g, t, (s.rng + len(t.events)) % s.players)
    return problems


def check_outcome(g: StarcraftGame, s: State) -> None:
    """§16: the game is over with a known victory whose winners are the rules' winners."""
    ctx, problems = g.ctx, []
    if s.victory == "no_winner":  # §16.4 read as "nobody wins": every seat left the board at once
        if ctx.config.simultaneous_last_elimination != "nobody_wins" or s.winners:
            problems.append(
                f"no winner with winners {s.winners} under {ctx.config.simultaneous_last_elimination}"
            )
        if not all(p.eliminated for p in s.seats):
            problems.append(f"no winner while seats remain (eliminated: {[p.eliminated for p in s.seats]})")
        if s.step != OVER:
            problems.append(f"no winner at {s.step}")
        if problems:
            raise SoakFailure("; ".join(problems))
        return
    if s.step != OVER or s.victory not in VICTORIES:
        problems.append(f"ended at {s.step} with victory {s.victory!r}")
    if not s.winners or len(set(s.winners)) != len(s.winners) or any(s.seat(w).eliminated for w in s.winners):
        problems.append(f"winners {s.winners} (eliminated: {[p.eliminated for p in s.seats]})")
    if ctx.config.galactic_conquest and s.victory != "elimination":
        problems.append(f"§19 Galactic Conquest ended by a {s.victory} victory")
    rules = {
        "normal": victory.normal_victory,
        "special": victory.special_victory,
        "end_game": victory.end_game_victory,
        "elimination": victory.elimination_victory,
    }
    if s.victory in rules and tuple(sorted(s.winners)) != tuple(sorted(rules[s.victory](ctx, s))):
        problems.append(f"{s.victory} victory by {s.winners}, §16 says {rules[s.victory](ctx, s)}")
    if s.victory == "special" and victory.normal_victory(ctx, s):
        problems.append("§16: a special victory although a normal one comes first")
    out = g.outcome(s)
    share = 1.0 / max(1, len(s.winners))
    if out is None or set(out.winners) != set(s.winners):
        problems.append(f"outcome {out} does not match winners {s.winners}")
    elif out.scores != tuple(share if p in s.winners else 0.0 for p in range(s.players)):
        problems.append(f"scores {out.scores} for winners {s.winners}")
    if problems:
        raise SoakFailure("; ".join(problems))


def _new_game(**options: Any) -> Any:
    return StarcraftGame.from_options(**options)


def register_starcraft() -> None:
    """The replay check rebuilds each game through the registry, as ``turncoat replay`` does;
    while ``turncoat.games.starcraft`` does not register itself (docs/starcraft.md, "Status"),
    the soak registers it the way the package will."""
    if "starcraft" not in registry.registered():
        registry.register("starcraft", _new_game, former_defaults=StarcraftGame.former_defaults)


def endless(combo: dict[str, Any]) -> bool:
    """Galactic Conquest, whatever the players and teams: only elimination ends it (§19), which
    random players may never bring about (module docstring); its games stop at ``--max-rounds``."""
    return bool(combo.get("galactic_conquest"))


SOAK = Soak(
    game="starcraft",
    script="bench/soak_starcraft.py",
    combos=option_combos(),
    make_game=by_config(StarcraftGame, StarcraftConfig),
    check_step=check_step,
    check_outcome=check_outcome,
    max_decisions=MAX_DECISIONS,
    choose=choose,
    max_choices=MAX_CHOICES,
    register=register_starcraft,
    capped=endless,
    capped_what="Galactic Conquest",
)

if __name__ == "__main__":
    raise SystemExit(main(SOAK))
