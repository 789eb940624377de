"""Rex drawn as text for one viewer: the board by sector, the players' public sheets, the viewer's
own sheet and hand.

Everything here is a pure function of two things: the public content pack (:class:`Content`,
built once per table) and the viewer's own observation (``RexObservation``), so the screen can
show nothing the viewer may not know.  Words come from the game's names (``games/rex/log.py``).

The board is the content pack's (today the stand-in board, see ``docs/rex.md``): every area
lies in one or more of the 18 sectors around the Galactic Council, one *piece* per sector it
spans.  The terminal lists the board sector by sector, the way the fleet sweeps it (RULES §12):
each sector's strongholds always, any other area only while units or influence are there.
Estimated content (a stand-in's area name, an estimated influence amount or leader strength)
carries a ``*``, explained by the legend.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.text import Text

from turncoat.core import deals
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.log import VICTORY_NAMES, Names
from turncoat.games.rex.observe import RexObservation, SeatView
from turncoat.skins.rex.web import race_codes

EST = "*"  # marks an estimated value; the legend says so
STRONGHOLD = "★"
SHIELD = "◊"  # shielded from the fleet (RULES §12)
SHIELD_DOWN = "◊x"  # its shield depends on the generator, which is destroyed
LEGEND = (
    f"Xx3+1m units+mechanized of a race · 4inf influence · {STRONGHOLD} stronghold · {SHIELD} shielded"
    f" · {SHIELD_DOWN} shield destroyed · {EST} estimated (stand-in value)"
)
LEADER_PLACES = {"ready": "available", "dead": "in the casualty pool"}


@dataclass(frozen=True)
class Spot:
    """One piece of the board as the terminal lists it: the area's name in its sector."""

    piece: str
    area: str
    name: str  # the area's name, ``*`` when it is a stand-in's
    stronghold: bool
    shielded: bool
    depends_on_generator: bool
    generator: bool


@dataclass(frozen=True)
class Content:
    """What the terminal needs of a content pack (all public): the board by sector, race codes,
    abilities and ally cards in words."""

    names: Names
    sectors: tuple[tuple[int, tuple[Spot, ...]], ...]  # sector number, its pieces in content order
    centre: tuple[Spot, ...]  # pieces in no sector (the Galactic Council)
    strongholds: tuple[str, ...]  # area ids
    codes: Mapping[str, str]  # race id -> two-letter code written on its units
    abilities: Mapping[str, tuple[str, ...]]  # race id -> ability names
    ally_cards: Mapping[str, tuple[str, ...]]  # race id -> its ally advantage cards in words
    strength_estimated: Mapping[str, bool]  # leader id -> strength is a stand-in
    rounds: int
    to_win_alone: int


def content_of(game: RexGame) -> Content:
    """The public content of ``game``'s pack, as the terminal draws it."""
    data = game.content.data
    names = Names(data)
    areas = {a.id: a for a in data.board.areas}

    def spot(piece: str, area_id: str) -> Spot:
        area = areas[area_id]
        return Spot(
            piece=piece,
            area=area_id,
            name=names.area.get(area_id, area_id) + (EST if names.area_estimated.get(area_id) else ""),
            stronghold=area.stronghold.value,
            shielded=area.shielded.value,
            depends_on_generator=area.shield_depends_on_generator.value,
            generator="shield_generator" in area.special,
        )

    by_sector: dict[int, list[Spot]] = {}
    centre: list[Spot] = []
    for piece in data.board.pieces:
        if piece.sector:
            by_sector.setdefault(piece.sector, []).append(spot(piece.id, piece.area))
        else:
            centre.append(spot(piece.id, piece.area))
    count = data.board.sector_count.value
    return Content(
        names=names,
        sectors=tuple((s, tuple(by_sector.get(s, ()))) for s in range(1, count + 1)),
        centre=tuple(centre),
        strongholds=tuple(a.id for a in data.board.areas if a.stronghold.value),
        codes=race_codes(data),
        abilities={r.id: tuple(a.name for a in r.abilities) for r in data.races},
        ally_cards={
            r.id: tuple(c.text.value + (EST if c.text.estimated else "") for c in r.ally_advantages)
            for r in data.races
        },
        strength_estimated={ld.id: ld.strength.estimated for r in data.races for ld in r.leaders},
        rounds=game.ctx.t.rounds,
        to_win_alone=game.ctx.t.strongholds_to_win[1],  # RULES §14.1: a player not in an alliance
    )


# -- small words ------------------------------------------------------------------------------------
def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def seat_code(obs: RexObservation, content: Content, seat: int) -> str:
    """The code on a seat's units: its race's, or its seat number before races are chosen."""
    race = obs.seats[seat].race if 0 <= seat < len(obs.seats) else None
    return content.codes.get(race or "", f"P{seat + 1}")


def units_word(code: str, units: int, mech: int) -> str:
    return f"{code}{units}" + (f"+{mech}m" if mech else "")


def controllers(obs: RexObservation, content: Content) -> dict[str, int]:
    """RULES §3.3: the strongholds a player controls (his units alone there), by area."""
    names = content.names
    present: dict[str, set[int]] = {}
    for st in obs.stacks:
        if st.units or st.mechanized:
            present.setdefault(names.piece_area.get(st.piece, st.piece), set()).add(st.seat)
    return {a: next(iter(who)) for a in content.strongholds if len(who := present.get(a, set())) == 1}


def held_text(obs: RexObservation, content: Content, seat_names: Sequence[str]) -> str:
    """Who holds which strongholds ("Ann 2 (Imperial Palace, Civilian Spaceport)"), or "none"."""
    held: dict[int, list[str]] = {}
    for area, seat in controllers(obs, content).items():
        held.setdefault(seat, []).append(content.names.area.get(area, area))
    return (
        " · ".join(
            f"{seat_names[s]} {len(a)} ({', '.join(a)})"
            for s, a in sorted(held.items())
            if s < len(seat_names)
        )
        or "none"
    )


# -- the board --------------------------------------------------------------------------------------
Stacks = Mapping[str, list[tuple[int, int, int]]]  # piece -> (seat, units, mechanized) there


def _spot_text(
    spot: Spot, obs: RexObservation, content: Content, units: Stacks, influence: Mapping[str, int]
) -> Text:
    """One area in its sector: its name and marks, the units of each race, the influence."""
    out = Text()
    out.append(spot.name, style="bold" if spot.stronghold else "")
    marks = STRONGHOLD if spot.stronghold else ""
    if spot.shielded:
        marks += SHIELD_DOWN if obs.shield_destroyed and spot.depends_on_generator else SHIELD
    if spot.generator:
        marks += "(generator" + (", destroyed)" if obs.shield_destroyed else ")")
    if marks:
        out.append(marks, style="yellow")
    here = units.get(spot.piece, [])
    for seat, u, m in here:
        out.append(" " + units_word(seat_code(obs, content, seat), u, m), style="bold cyan")
    amount = influence.get(spot.piece, 0)
    if amount:
        guessed = EST if spot.piece in content.names.influence_amount_estimated else ""
        out.append(f" {amount}inf{guessed}", style="green")
    if not here and not amount:
        out.append(" —", style="dim")
    return out


def board_lines(obs: RexObservation, content: Content, seat_names: Sequence[str]) -> list[Text]:
    """The board sector by sector (the fleet's marked), then the Galactic Council, the strongholds
    each player controls and the legend."""
    units: dict[str, list[tuple[int, int, int]]] = {}
    for st in obs.stacks:
        if st.units or st.mechanized:
            units.setdefault(st.piece, []).append((st.seat, st.units, st.mechanized))
    influence: dict[str, int] = {}
    for piece, amount in obs.board_influence:
        influence[piece] = influence.get(piece, 0) + amount
    rows: list[Text] = []
    fleet = f"the fleet is over sector {obs.fleet}" if obs.fleet else "the fleet is not placed yet"
    shield = "the shield is destroyed" if obs.shield_destroyed else "the shield stands"
    rows.append(Text(f"{fleet[0].upper()}{fleet[1:]} · {shield}", style="bold"))
    for sector, spots in content.sectors:
        shown = [s for s in spots if s.stronghold or s.piece in units or influence.get(s.piece)]
        row = Text(f"S{sector:<3}", style="bold")
        if sector == obs.fleet:
            row.append("FLEET", style="bold reverse red")
            row.append(" ")
        for i, spot in enumerate(shown):
            if i:
                row.append(" · ", style="dim")
            row.append_text(_spot_text(spot, obs, content, units, influence))
        if not shown:
            row.append("—", style="dim")
        rows.append(row)
    for spot in content.centre:
        row = Text("Centre ", style="bold")
        row.append_text(_spot_text(spot, obs, content, units, influence))
        rows.append(row)
    row = Text(f"Strongholds held ({content.to_win_alone} win alone): ", style="bold")
    row.append(held_text(obs, content, seat_names))
    rows.append(row)
    rows.append(Text(LEGEND, style="dim"))
    return rows


# -- the players ------------------------------------------------------------------------------------
def race_name(content: Content, race: str | None) -> str:
    return content.names.race_name(race) if race else "no race yet"


PLAYER_COLUMNS = ("Inf", "Cards", "Tr", "Ldr", "Board", "Res", "Pool")
PLAYER_KEY = (
    "Inf influence · Cards strategy cards · Tr traitor cards · Ldr leaders ready · Board units on"
    " the board · Res reserves · Pool casualty pool (+m mechanized)"
)


def seat_name(seat_names: Sequence[str], seat: int) -> str:
    return seat_names[seat] if 0 <= seat < len(seat_names) else f"Player {seat + 1}"


def public_row(obs: RexObservation, content: Content, view: SeatView) -> tuple[str, ...]:
    """One seat's public counts (RULES §16.1), in the order of ``PLAYER_COLUMNS``: never which
    cards or traitors."""
    on_board = sum(st.units + st.mechanized for st in obs.stacks if st.seat == view.seat)
    ready = sum(lv.status == "ready" for lv in view.leaders)
    return (
        str(view.influence),
        str(view.hand_size),
        str(view.traitors),
        f"{ready}/{len(view.leaders)}" if view.leaders else "-",
        str(on_board),
        units_word("", view.reserves, view.reserves_mech),
        units_word("", view.casualties, view.casualties_mech),
    )


def players_text(obs: RexObservation, content: Content, seat_names: Sequence[str]) -> Text:
    """Every seat's public sheet as one row of counts (▶ marks who is to act), the races by their
    codes, then what else is public of a seat: its allies, a betrayal card held, and the cards
    the viewer has learnt are in its hand."""
    labels = []
    for view in obs.seats:
        code = content.codes.get(view.race or "", "")
        name = seat_name(seat_names, view.seat)
        labels.append((f"{code} {name}" if code else name) + (" (you)" if obs.viewer == view.seat else ""))
    rows = [public_row(obs, content, view) for view in obs.seats]
    width = max(len("Player"), *(len(x) for x in labels))
    cols = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(PLAYER_COLUMNS)]
    out = Text()
    out.append("  " + "Player".ljust(width), style="bold")
    out.append("".join(" " + h.rjust(w) for h, w in zip(PLAYER_COLUMNS, cols, strict=True)), style="bold")
    for view, label, row in zip(obs.seats, labels, rows, strict=True):
        out.append("\n")
        out.append("▶ " if view.seat in obs.to_act else "  ", style="bold magenta")
        out.append(label.ljust(width), style="bold" if obs.viewer == view.seat else "")
        out.append("".join(" " + v.rjust(w) for v, w in zip(row, cols, strict=True)))
    races = [f"{content.codes.get(v.race, '')} {race_name(content, v.race)}" for v in obs.seats if v.race]
    if races:
        out.append("\n" + " · ".join(races))
    out.append("\n" + PLAYER_KEY, style="dim")
    for view in obs.seats:
        notes = []
        allies = deals.allies_of(obs.deals, view.seat)
        if allies:
            notes.append("allied with " + ", ".join(seat_name(seat_names, a) for a in allies))
        if view.betrayal_card:
            notes.append("holds a betrayal card")
        if view.known_cards and obs.viewer != view.seat:
            notes.append("you know they hold " + ", ".join(map(content.names.card_name, view.known_cards)))
        if notes:
            out.append(f"\n{seat_name(seat_names, view.seat)}: " + "; ".join(notes))
    return out


# -- the viewer's own sheet -------------------------------------------------------------------------
def leader_place(content: Content, status: str) -> str:
    return LEADER_PLACES.get(status, f"fought this round in {content.names.area_name(status)}")


def own_text(obs: RexObservation, content: Content, seat_names: Sequence[str]) -> Text:
    """The viewer's race sheet and hand (RULES §16.2: only the viewer's own secrets); a
    spectator's or the public view's sheet says that no hand is shown."""
    out = Text()
    if obs.viewer is None or not 0 <= obs.viewer < len(obs.seats):
        out.append("Public view: nobody's hand is shown.", style="dim")
        return out
    n = content.names
    me = obs.seats[obs.viewer]

    def head(text: str) -> None:
        out.append(("\n" if out.plain else "") + text, style="bold")

    def item(text: str) -> None:
        out.append("\n  " + text)

    head(f"{n.race_full.get(me.race or '', race_name(content, me.race))}" if me.race else "No race yet")
    if me.race:
        out.append(" — " + "; ".join(content.abilities.get(me.race, ())), style="italic")
    out.append(f"\nInfluence {me.influence} · reserves {plural(me.reserves, 'unit')}")
    if me.reserves_mech:
        out.append(f" + {me.reserves_mech} mechanized")
    out.append(f" · casualty pool {plural(me.casualties, 'unit')}")
    if me.casualties_mech:
        out.append(f" + {me.casualties_mech} mechanized")
    head(f"Strategy cards ({len(obs.hand or ())})")
    for card in obs.hand or ():
        item(f"{n.card_name(card)}: {n.card_help.get(card, '')}")
    if not obs.hand:
        item("none")
    head("Traitor cards")
    for leader in obs.traitors or ():
        item(n.leader_name(leader, strength=True, race=True))
    if not obs.traitors:
        item("none")
    if obs.traitor_offers:
        head("Traitor cards dealt to you (keep one)")
        for leader in obs.traitor_offers:
            item(n.leader_name(leader, strength=True, race=True))
    if obs.prediction is not None:
        predicted, rnd = obs.prediction
        head("Your prediction: ")
        out.append(f"the {n.race_name(predicted)} win in round {rnd}")
    if obs.betrayal is not None:
        head("Your betrayal card: ")
        out.append(f"{obs.betrayal} ({n.betrayal.get(obs.betrayal, '')})")
    race_of = {s.seat: s.race for s in obs.seats}
    for ally in deals.allies_of(obs.deals, obs.viewer):
        ally_race = race_of.get(ally)
        if ally_race is None:
            continue
        head(f"Ally card of {seat_name(seat_names, ally)} ({n.race_name(ally_race)})")
        for text in content.ally_cards.get(ally_race, ()):
            item(text)
    if me.leaders:
        head("Leaders")
        for lv in me.leaders:
            mark = EST if content.strength_estimated.get(lv.leader) else ""
            place = leader_place(content, lv.status)
            item(f"{n.leader_name(lv.leader)} (strength {lv.strength}{mark}): {place}")
    extras = [
        (obs.fleet_dial is not None, f"Your sealed fleet dial: {obs.fleet_dial}"),
        (bool(obs.card_on_auction), f"The card on auction: {n.card_name(obs.card_on_auction)}"),
        (
            bool(obs.next_influence_card),
            f"Next influence card: {n.influence.get(obs.next_influence_card or '', '?')}",
        ),
        (obs.next_bombardment is not None, f"Next bombardment card: {obs.next_bombardment}"),
        (
            obs.window_play is not None,
            "Your sealed answer at this card window: "
            + ("no card" if obs.window_play == "none" else n.card_name(obs.window_play)),
        ),
    ]
    for shown, text in extras:
        if shown:
            head(text)
    return out


# -- the status line and the end --------------------------------------------------------------------
def status_text(obs: RexObservation, content: Content, step: str, seat_names: Sequence[str]) -> Text:
    head = f"Round {obs.round} of {content.rounds}" if obs.round else "Setting up"
    acting = ", ".join(seat_names[s] for s in obs.to_act if s < len(seat_names))
    parts = ["Rex", head, step] + ([f"to act: {acting}"] if acting else [])
    return Text(" · ".join(parts))


def victory_words(victory: object) -> str:
    """How a game of Rex was won (RULES §14), in words."""
    key = str(victory)
    return VICTORY_NAMES.get(key, key.replace("_", " "))
