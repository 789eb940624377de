"""StarCraft's face for the game-blind frontends (``core.present``): step titles, decisions grouped
and labelled in the game's words, log lines with seats as references, panels that show the galaxy
and the seats as text, and the end screen's table.

Everything here reads only an observation, the viewer's legal actions, redacted events or an
outcome, so it shows nothing the viewer may not know: an opponent's order token is "hidden", a
hand is a number, a face-down combat card is "face down" and pending event cards are a count.

The content is partly invented (docs/starcraft.md, "Content"): whenever a value of an invented
placeholder record is in play (a planet on the table, a faction, a race's cards, the rules), the
step title ends with "(placeholder content)" and the first panel says which records are invented,
as Rex marks its estimated values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from turncoat.core.actions import Action, Event, Viewer
from turncoat.core.engine import Outcome
from turncoat.core.present import (
    SEAT_STYLES,
    Choice,
    Decision,
    Guide,
    Line,
    OptionSpec,
    Panel,
    ScoreTable,
    SeatRef,
    SeatStyle,
    Span,
    action_tag,
    explained,
    line,
    options_of,
)
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import log, summary
from turncoat.games.starcraft.components import invented_values
from turncoat.games.starcraft.config import MAX_PLAYERS, MIN_PLAYERS, StarcraftConfig
from turncoat.games.starcraft.context import Ctx
from turncoat.games.starcraft.guide import starcraft_guide
from turncoat.games.starcraft.observe import HIDDEN_CARD, StarcraftObservation
from turncoat.games.starcraft.phases import combat_actions as KA
from turncoat.games.starcraft.state import MOVE_Z_END, NOBODY, OVER, SETUP_STEPS, BattleSide, Unit

if TYPE_CHECKING:
    from turncoat.games.starcraft.game import StarcraftGame

GUIDE = starcraft_guide()
PLACEHOLDER_MARK = "(placeholder content)"

STEP_WORDS = {
    "choose_faction": "Setup: factions are taken",
    "choose_planet": "Galaxy building: a planet is chosen",
    "choose_cell": "Galaxy building: the planet is placed",
    "choose_rotation": "Galaxy building: the planet is turned",
    "place_base": "Galaxy building: a base is placed",
    "place_z_major": "Galaxy building: a z-axis route",
    "place_z_minor": "Galaxy building: a z-axis route",
    "place_unit": "Setup: starting units",
    "place_transport": "Setup: the starting transport",
    "planning": "Planning: orders are placed",
    "plan_token": "Planning: orders are placed",
    "execution": "Execution: orders are revealed",
    "execute_or_event": "Execution: execute or take an event",
    "build": "Execution: Build order",
    "pay": "Execution: Build order, payment",
    "mobilize": "Execution: Mobilize order",
    "research_draw": "Execution: Research order",
    "research_tech": "Execution: Research order, a technology",
    "research_bonus": "Execution: special Research order",
    "play_event": "Regrouping: event cards",
    "discard": "Regrouping: hand limit",
    "destroy": "Execution: destroying your own piece",
    "battle_start": "Battle: a start-of-battle event card",
    "move_z_route": "Regrouping: the z-axis route an event card moves",
    "move_z_end": "Regrouping: where that z-axis route end goes",
    "battle_front_line": "Battle: the front line",
    "battle_pair": "Battle: skirmishes are paired",
    "battle_support": "Battle: support is assigned",
    "battle_cards": "Battle: combat cards",
    "battle_skirmish": "Battle: skirmishes are resolved",
    "battle_casualty": "Battle: casualties",
    "battle_withdraw": "Battle: a cloaked unit withdraws",
    "battle_splash": "Battle: splash damage",
    "battle_retreat_unit": "Battle: the retreat",
    "battle_retreat": "Battle: the retreat",
    OVER: "The game is over",
}


def pending_z_words(ctx: Ctx, obs: StarcraftObservation, title: bool = False) -> str:
    """The z-axis route end on the table while its other end is chosen (§6.1 step 5; the event
    card that moves a z-axis route, §17), in words, or as the title of the decision that places
    the other end (``title``); "" when there is none."""
    end = obs.z_major
    if end is None:
        return ""
    where = f"{log.planet_name(ctx, end.planet)} ({end.side} side)"
    moving = obs.step == MOVE_Z_END
    if title:
        if moving:
            return f"Regrouping: the new end of the z-axis route from {where}"
        return f"Galaxy placement: the second end of the z-axis route from {where}"
    if moving:
        return f"Z-axis route: its end on {where} stays, its other end moves"
    return f"Z-axis route: first end on {where}, second end to place"


# Each kind of decision (action tag) is offered under the title of its group, in the game's words.
GROUPS = {
    "choose_faction": "Your faction",
    "choose_planet": "Galaxy placement: which planet",
    "choose_cell": "Galaxy placement: where it goes",
    "choose_rotation": "Galaxy placement: how it is turned",
    "place_base": "Galaxy placement: your base",
    "place_z_axis_end": "Galaxy placement: a z-axis route end",
    "place_starting_unit": "Starting forces: a unit",
    "place_starting_transport": "Starting forces: your transport",
    "choose_order_planet": "Order placement: on which planet",
    "place_order": "Order placement: which order token",
    "reveal_order": "Execution: reveal one of your orders",
    "voluntary_destruction": "Before revealing",
    "destroy_piece": "Destroy one of your own pieces",
    "destroy_nothing": "Destroy one of your own pieces",
    "execute_order": "The revealed order",
    "build_unit": "Build: units",
    "build_worker": "Build: workers and transports",
    "build_transport": "Build: workers and transports",
    "buy_building": "Build: buildings and modules",
    "buy_module": "Build: buildings and modules",
    "build_base": "Build: a base",
    "end_build": "Build: done",
    "pay": "Payment: the next resource",
    "move_unit": "Moves: a unit",
    "lift_off": "Moves: lift off",
    "end_move": "Moves: done",
    "draw_combat_cards": "Research",
    "buy_technology": "Research: a technology",
    "research_bonus": "Special Research: the bonus",
    "play_event": "Event cards",
    "discard_card": "Hand limit: discard a combat card",
    "choose_front_line": "Battle set-up: your front line",
    "pair_skirmish": "Battle set-up: pair a skirmish",
    "assign_support": "Battle set-up: support",
    "place_combat_cards": "Combat cards",
    "resolve_skirmish": "Battle: resolve a skirmish",
    "choose_casualty": "Battle: your casualty",
    "withdraw_to": "Battle: withdraw",
    "choose_retreating_unit": "Battle: who retreats",
    "retreat_to": "Battle: retreat to",
}

OPTION_LABELS = {
    "faction_selection": "How factions are chosen",
    "aldaris_threshold_ranking": "With Aldaris, who is ranked",
    "tiebreak_resources_include_permanent": "Tie-break counts printed resources",
    "empty_event_deck_is_stage_iii": "An empty event deck counts as Stage III",
    "event_deck_exhausted": "When the event deck runs out",
    "enemy_base_only_area_counts_as_enemy_area": "An area with only an enemy base is an enemy area",
    "eliminated_orders_removed": "When an eliminated player's orders go",
    "simultaneous_last_elimination": "When the last players leave the board together",
    "combat_cancel_order": "Combat cards' cancels, attacker's first",
    "order_owner_may_view_own_orders": "You may look at your own placed orders",
    "normal_routes_limited": "Normal routes run out",
    "cut_off_transport_destroyed": "When a cut-off transport is destroyed",
    "terran_lift_off_across_planets": "Terran bases may lift off to another planet",
    "invented_special_victories": "Invented special victories count",
    "invented_technologies": "Invented technologies can be bought",
    "team_play": "Team play (4 or 6 players)",
    "galactic_conquest": "Galactic Conquest variant",
}


def yes_no_options() -> tuple[OptionSpec, ...]:
    """Every yes/no field of the config as an option of two values, the rules' default first.
    ``placeholders`` is not offered: without the placeholder pack only an owner's pack completes
    the content, and a table cannot bring one."""
    specs = []
    for field in msgspec.structs.fields(StarcraftConfig):
        if field.name == "placeholders":
            continue
        if field.type is bool and isinstance(field.default, bool):
            values = ("true", "false") if field.default else ("false", "true")
            label = OPTION_LABELS.get(field.name, field.name.replace("_", " "))
            specs.append(OptionSpec(name=field.name, label=label, values=values))
    return tuple(specs)


class StarcraftPresentation:
    """See the module docstring."""

    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def __init__(self, game: StarcraftGame) -> None:
        self.game = game
        self.ctx: Ctx = game.ctx
        self.title = game.title

    def options(self) -> tuple[OptionSpec, ...]:
        return options_of(StarcraftConfig, OPTION_LABELS) + yes_no_options()

    def seat_styles(self, players: int) -> tuple[SeatStyle, ...]:
        return SEAT_STYLES[:players]

    def guide(self) -> Guide:
        return GUIDE

    # -- what is invented --------------------------------------------------------------------------
    def invented_records(self, obs: StarcraftObservation) -> tuple[str, ...]:
        """The invented records the table in ``obs`` uses, from what every viewer may see: the
        rules, the planets drawn and placed, the factions and their races (with the races' units,
        buildings, modules, combat and technology cards) and the event cards the deck is built
        from.  Sorted record names (``planets.char``)."""
        t, data = self.ctx.t, self.ctx.content.data
        races = {s.race for s in obs.seats if s.race}
        records = {"rules"}
        records |= {f"planets.{p.id}" for p in obs.galaxy}
        records |= {f"planets.{p}" for s in obs.seats for p in s.planets}
        records |= {f"factions.{s.faction}" for s in obs.seats if s.faction}
        records |= {f"races.{r}" for r in races}
        records |= {f"units.{u}" for u, d in t.unit.items() if d.race in races}
        records |= {f"buildings.{b.id}" for b in data.buildings if b.race in races}
        records |= {f"modules.{m.id}" for m in data.modules if races & set(m.races)}
        records |= {f"combat_cards.{c}" for r in races for c in t.combat_deck.get(r, ())}
        records |= {f"technologies.{c}" for r in races for c in t.tech_deck.get(r, ())}
        records |= {f"event_cards.{e}" for e in t.event_card}
        notes = invented_values(self.ctx.content, records)
        return tuple(sorted({".".join(n.path.split(".")[:2]) for n in notes}))

    def step_title(self, observation: Any) -> str:
        obs: StarcraftObservation = observation
        words = STEP_WORDS.get(obs.step, obs.step.replace("_", " ").capitalize())
        if obs.step == "pay" and obs.active_order is not None and obs.active_order.token.kind == "research":
            words = "Execution: Research order, payment"  # §10.3: a technology paid as a build
        setup = obs.step in SETUP_STEPS or obs.round == 0
        title = words if obs.step == OVER or setup else f"Round {obs.round} · {words}"
        return f"{title} {PLACEHOLDER_MARK}" if self.invented_records(obs) else title

    # -- decisions -----------------------------------------------------------------------------
    def decisions(self, observation: Any, legal: Sequence[Action]) -> tuple[Decision, ...]:
        if not legal:
            return ()
        obs: StarcraftObservation = observation
        groups: dict[str, list[Choice]] = {}
        for action in legal:
            tag = action_tag(action)
            title = GROUPS.get(tag, "Your decision")
            if tag == "place_z_axis_end" and obs.z_major is not None:
                title = pending_z_words(self.ctx, obs, title=True)
            if tag == "place_starting_unit" and obs.units_to_place:
                title = f"Starting forces: where your {log.unit_name(self.ctx, obs.units_to_place[0])} goes"
            groups.setdefault(title, []).append(
                Choice(action=action, label=(self.label(action, obs),), marks=self.marks(action))
            )
        return explained(
            (Decision(title=title, shape="one", choices=tuple(choices)) for title, choices in groups.items()),
            GUIDE,
        )

    def label(self, action: Action, obs: StarcraftObservation) -> str:
        """A choice's words, with the names of planets, areas, units, routes and cards."""
        c, t = self.ctx, self.ctx.t

        def planet(p: str) -> str:
            return log.planet_name(c, p)

        def area(a: str) -> str:
            return log.area_name(c, a) if a in t.area else a

        def unit(u: str) -> str:
            return log.unit_name(c, u)

        match action:
            case A.ChooseFaction(faction=f) if f in t.faction:
                leader = t.faction[f].leader.value
                return f"{leader} ({t.race[t.faction[f].race].name.value})"
            case A.ChoosePlanet(planet=p):
                return planet(p)
            case A.ChooseCell(x=x, y=y):
                return f"at ({x}, {y})"
            case A.ChooseRotation(rotation=r):
                return "as printed" if r == 0 else f"turned {r * 90}° clockwise"
            case A.PlaceBase(area=None):
                return "no base here: keep it for your second planet"
            case A.PlaceBase(area=a) if a is not None:
                return f"base in {area(a)}"
            case A.PlaceZAxisEnd(planet=p, side=s):
                return f"{planet(p)}, {s} side"
            case A.PlaceStartingUnit(area=a):
                return area(a)
            case A.PlaceStartingTransport(route=r) | A.BuildTransport(route=r):
                return f"transport on {self.route_words(r, obs)}"
            case A.ChooseOrderPlanet(planet=p):
                return planet(p)
            case A.PlaceOrder(kind=k, special=sp):
                return f"{log.order_name(k, sp).capitalize()} order"
            case A.RevealOrder(planet=p):
                return f"your order on {planet(p)}"
            case A.ExecuteOrder(execute=e):
                return "execute the order" if e else "give it up and draw an event card"
            case A.BuildWorker():
                return "a worker"
            case A.BuildUnit(unit=u, area=a):
                return f"{log.with_article(unit(u))} in {area(a)}"
            case A.BuyBuilding(building=b):
                return f"the next level of {b.replace('_', ' ').title()}"
            case A.BuyModule(module=m):
                return f"{log.with_article(m.replace('_', ' '))} module"
            case A.BuildBase(area=a):
                return f"a base in {area(a)}"
            case A.EndBuild():
                return "buy nothing more"
            case A.Pay(source=src, kind=k, area=a):
                return _payment(c, src, k, a)
            case A.MoveUnit(unit=u, source=f, to=dest):
                return f"{log.with_article(unit(u))} from {area(f)} to {area(dest)}"
            case A.LiftOff(source=f, to=dest):
                return f"the base from {area(f)} to {area(dest)}"
            case A.EndMove():
                return "end the move"
            case A.DrawCombatCards(draw=d):
                return "draw 3 combat cards" if d else "draw nothing"
            case A.BuyTechnology(technology=None):
                return "buy no technology"
            case A.BuyTechnology(technology=str(tech)):
                return _technology_words(c, tech)
            case A.ResearchBonus(to_hand=h):
                return "one copy of the technology to your hand" if h else "one more event card"
            case A.PlayEvent(card=None):
                return "resolve no event card"
            case A.PlayEvent(card=e) if e is not None:
                return log.event_name(c, e)
            case A.DiscardCard(card=k):
                return log.card_name(c, k)
            case A.VoluntaryDestruction():
                return "destroy one of your own pieces first"
            case A.DestroyPiece(piece="transport", place=p):
                return f"your transport on route {p}"
            case A.DestroyPiece(place=p, unit=u):
                return f"your {unit(u) if u else 'base'} in {area(p)}"
            case A.DestroyNothing():
                return "destroy nothing"
            case KA.PlaceCombatCards(standard=None):
                return "the top card of your deck, blind"
            case KA.PlaceCombatCards(standard=s, reinforcement=None) if s is not None:
                return log.card_name(c, s)
            case KA.PlaceCombatCards(standard=s, reinforcement=r) if s is not None and r is not None:
                return f"{log.card_name(c, s)} reinforced by {log.card_name(c, r)}"
        return self.game.describe_action(action)  # type: ignore[arg-type]

    def marks(self, action: Action) -> tuple[str, ...]:
        """The board places a choice is about (areas and planets by id)."""
        for name in ("area", "to", "planet"):
            value = getattr(action, name, None)
            if isinstance(value, str) and value:
                return (value,)
        return ()

    def route_words(self, route: int, obs: StarcraftObservation) -> str:
        """'the route between Char and Mar Sara' (the route's id when the galaxy has no such route)."""
        for r in obs.routes:
            if r.id == route:
                a, b = (log.planet_name(self.ctx, e.planet) for e in r.ends)
                return f"the route between {a} and {b}"
        return f"route {route}"

    # -- words ---------------------------------------------------------------------------------
    def log(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
        return log.lines(self.ctx, events, viewer, omniscient=omniscient)

    def summary(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
        """A replay's digest: one line per round (``summary``)."""
        return summary.summary_lines(self.ctx, summary.round_summaries(events, viewer, omniscient))

    # -- panels --------------------------------------------------------------------------------
    def panels(self, observation: Any) -> tuple[Panel, ...]:
        obs: StarcraftObservation = observation
        panels: list[Panel] = []
        invented = self.invented_records(obs)
        if invented:
            panels.append(placeholder_panel(invented))
        panels.append(self.seats_panel(obs))
        if obs.viewer is not None:
            panels.append(self.hand_panel(obs))
        if obs.galaxy or any(s.planets for s in obs.seats):
            panels.append(self.galaxy_panel(obs))
        if obs.battle is not None:
            panels.append(self.battle_panel(obs))
        panels.append(self.events_panel(obs))
        if obs.step == OVER:
            panels.append(self.end_panel(obs))
        return tuple(panels)

    def seats_panel(self, obs: StarcraftObservation) -> Panel:
        t = self.ctx.t
        rows: list[Line] = []
        for v in obs.seats:
            if not v.faction:
                rows.append(line(SeatRef(v.seat), " — no faction yet"))
                continue
            fac = t.faction[v.faction]
            status = " (eliminated)" if v.eliminated else ""
            first = " · first player" if v.seat == obs.first_player else ""
            cards = ", ".join(f"{log.area_name(self.ctx, a)} ({w} workers)" for a, w in v.resource_cards)
            printed = ", ".join(f"{n} {k} ({w} workers)" for k, n, w in v.permanent_resources)
            rows.append(
                line(
                    SeatRef(v.seat),
                    f" — {fac.leader.value} ({t.race[v.race].name.value}){status}{first}: {v.cp} CP; "
                    f"workers {v.worker_pool} in the pool, {v.unavailable_workers} unavailable; "
                    f"{v.orders_in_supply} order tokens in supply; {v.hand_size} combat cards in hand, "
                    f"{v.combat_deck_size} in the deck; {v.pending_events} event cards face down",
                )
            )
            detail = [f"printed: {printed or 'none'}", f"resource cards: {cards or 'none'}"]
            if v.buildings:
                detail.append(
                    "buildings: "
                    + ", ".join(f"{b.replace('_', ' ').title()} level {n}" for b, n in v.buildings)
                )
            if v.modules:
                detail.append("modules: " + ", ".join(f"{n} {m.replace('_', ' ')}" for m, n in v.modules))
            bought = [x for x in t.tech_deck.get(v.race, ()) if x not in v.tech_deck]
            if bought:  # §10.3: a purchase is announced
                detail.append("technologies: " + ", ".join(log.technology_name(self.ctx, x) for x in bought))
            if v.planets:
                detail.append(
                    "planets to place: " + ", ".join(log.planet_name(self.ctx, p) for p in v.planets)
                )
            rows.append(line(SeatRef(v.seat), "'s resources — ", "; ".join(detail)))
        return Panel(title="Players", lines=tuple(rows))

    def hand_panel(self, obs: StarcraftObservation) -> Panel:
        """The viewer's own cards (a spectator has none)."""
        hand = ", ".join(log.card_name(self.ctx, c) for c in obs.hand) or "no combat cards"
        rows = [line(f"Your hand: {hand}.")]
        if obs.own_events:
            rows.append(
                line("Your new event cards: ", ", ".join(log.event_name(self.ctx, e) for e in obs.own_events))
            )
        return Panel(title="Your cards", lines=tuple(rows))

    def galaxy_panel(self, obs: StarcraftObservation) -> Panel:
        """Each planet: its place, its order stack (faces hidden where the viewer may not know
        them) and its areas with their bases, units and depletion; then the routes."""
        c, t = self.ctx, self.ctx.t
        areas = {a.id: a for a in obs.areas}
        stacks = dict(obs.stacks)
        rows: list[Line] = []
        for p in obs.galaxy:
            rows.append(line(f"{log.planet_name(c, p.id)} at ({p.x}, {p.y})"))
            stack = stacks.get(p.id, ())
            if stack:
                parts: list[Span] = [f"{log.planet_name(c, p.id)} orders, bottom to top: "]
                for i, o in enumerate(stack):
                    face = "hidden" if o.kind is None else log.order_name(o.kind, bool(o.special))
                    parts += [", " if i else "", SeatRef(o.owner), f" {face}"]
                rows.append(line(*parts))
            for area_id in t.planet_areas[p.id]:
                a = areas.get(area_id)
                if a is None:
                    continue
                rows.append(line(*self.area_words(a.id, a.base, a.units, a.depletion)))
        if obs.routes:
            words = []
            for r in obs.routes:
                one, other = (log.planet_name(c, e.planet) for e in r.ends)
                kind = "z-axis route" if r.kind == "z_axis" else "route"
                words.append((r, f"{kind} {r.id}: {one} – {other}"))
            for r, text in words:
                parts2: list[Span] = [text]
                if r.transports:
                    parts2.append("; transports: ")
                    for i, owner in enumerate(r.transports):
                        parts2 += [", " if i else "", SeatRef(owner)]
                rows.append(line(*parts2))
        if not obs.galaxy:
            rows.append(line("No planet is placed yet."))
        return Panel(title="The galaxy", lines=tuple(rows))

    def area_words(self, area: str, base: int, units: tuple[Unit, ...], depletion: int) -> list[Span]:
        parts: list[Span] = [log.area_name(self.ctx, area)]
        if depletion:
            parts.append(" (partially depleted)" if depletion == 1 else " (depleted)")
        if base != NOBODY:
            parts += [": base of ", SeatRef(base)]
        by_owner: dict[int, dict[str, int]] = {}
        for u in units:
            name = log.unit_name(self.ctx, u.kind) + (" (cloaked)" if u.cloaked else "")
            counts = by_owner.setdefault(u.owner, {})
            counts[name] = counts.get(name, 0) + 1
        for owner, counts in by_owner.items():
            said = ", ".join(name if n == 1 else f"{n} × {name}" for name, n in counts.items())
            parts += ["; " if base != NOBODY or len(parts) > 1 else ": ", SeatRef(owner), " ", said]
        if base == NOBODY and not units:
            parts.append(": empty")
        return parts

    def battle_panel(self, obs: StarcraftObservation) -> Panel:
        b = obs.battle
        assert b is not None
        c = self.ctx
        rows: list[Line] = [
            line(
                SeatRef(b.attacker),
                f" attacks {log.area_name(c, b.area)}; ",
                SeatRef(b.defender),
                " defends.",
            )
        ]
        for i, s in enumerate(b.skirmishes):
            rows.append(
                line(
                    f"Skirmish {i + 1}: ",
                    *self.side_words(s.attack, b.attacker),
                    " against ",
                    *self.side_words(s.defence, b.defender),
                    " (revealed)" if s.revealed else "",
                )
            )
        return Panel(title="Battle", lines=tuple(rows))

    def side_words(self, side: BattleSide, owner: int) -> list[Span]:
        c = self.ctx
        words: list[Span] = [SeatRef(owner), f"'s {log.unit_name(c, side.front.kind)}"]
        if side.support:
            words.append(" with " + ", ".join(log.unit_name(c, u.kind) for u in side.support))
        if side.cards:
            shown = [("a face-down card" if k == HIDDEN_CARD else log.card_name(c, k)) for k in side.cards]
            words.append(" [" + ", ".join(shown) + "]")
        return words

    def events_panel(self, obs: StarcraftObservation) -> Panel:
        stage = (
            ""
            if obs.event_top_stage is None
            else f"; the top card is Stage {log.STAGES[obs.event_top_stage - 1]}"
        )
        rows = [line(f"Event deck: {obs.event_deck_size} cards{stage}.")]
        if obs.event_discard:
            rows.append(
                line("Discarded: " + ", ".join(log.event_name(self.ctx, e) for e in obs.event_discard) + ".")
            )
        if obs.end_draws_near:
            rows.append(line(f"The End Draws Near in the common area: {obs.end_draws_near}."))
        return Panel(title="Events", lines=tuple(rows))

    def end_panel(self, obs: StarcraftObservation) -> Panel:
        if not obs.winners:  # §16.4 [RULING]: the last players left the board together
            return Panel(
                title="The end", lines=(line("Nobody wins: the last players left the board together."),)
            )
        who: list[Span] = []
        for i, seat in enumerate(obs.winners):
            who += [", " if i else "", SeatRef(seat)]
        victory = log.VICTORIES.get(obs.victory, obs.victory)
        return Panel(title="The end", lines=(line("Winners: ", *who, f" ({victory})."),))

    def score_table(self, outcome: Outcome) -> ScoreTable:
        cps = list(outcome.details.get("cp", [0] * len(outcome.scores)))
        rows = tuple((float(cps[p]), float(p in outcome.winners)) for p in range(len(outcome.scores)))
        return ScoreTable(columns=("Conquest points", "Wins"), rows=rows)


def placeholder_panel(records: Sequence[str]) -> Panel:
    """The notice that invented content is in play, with the kinds of record it touches."""
    kinds: dict[str, int] = {}
    for r in records:
        section = r.split(".")[0]
        kinds[section] = kinds.get(section, 0) + 1
    said = ", ".join(f"{k.replace('_', ' ')}: {n}" if k != "rules" else "the rules" for k, n in kinds.items())
    return Panel(
        title="Placeholder content",
        lines=(
            line(
                "This table plays with invented placeholder content: values no public source gives are "
                f"our stand-ins, not the printed game's ({said})."
            ),
            line("`turncoat content starcraft` lists every invented value; an owner pack replaces them."),
        ),
    )


def _technology_words(c: Ctx, tech: str) -> str:
    """§10.3: a technology with its cost, its copies and what its cards do ('placeholder' when
    invented)."""
    data = c.t.technology[tech]
    assert data.cost is not None and data.card is not None
    cost, card = data.cost.value, data.card.value
    minerals = f"{cost.minerals} mineral{'s' if cost.minerals != 1 else ''}" if cost.minerals else ""
    price = " and ".join(w for w in (minerals, f"{cost.gas} gas" if cost.gas else "") if w)
    copies = data.copies.value or 1
    if card.unlocks:
        does = f"lets you build {log.unit_name(c, card.unlocks)}s"
    else:
        icons = ", ".join(log.unit_name(c, u) for u in card.unit_icons) or "no unit"
        sign = "+" if card.kind == "reinforcement" else ""
        values = f"{sign}{card.major.attack}/{sign}{card.major.health}"
        splash = ", splash" if card.ability and card.ability.startswith("splash") else ""
        kind = "reinforcement" if card.kind == "reinforcement" else "standard"
        does = f"{copies} {kind} card{'s' if copies != 1 else ''}, {icons} {values}{splash}"
    badge = " (placeholder)" if data.cost.invented or data.card.invented else ""
    return f"{data.name.value} for {price or 'nothing'}: {does}{badge}"


def _payment(c: Ctx, source: str, kind: str, area: str) -> str:
    one = "1 mineral" if kind == "minerals" else f"1 {kind}"
    if source == "discount":
        return f"{one} free (special order)"
    if source == "permanent":
        return f"{one} from your printed resources"
    if source == "event":
        return f"{one} from your event card's resource token (placeholder content)"
    if source == "force":
        return f"{one} by force mining {log.area_name(c, area)}"
    return f"{one} from the worker on {log.area_name(c, area)}"
