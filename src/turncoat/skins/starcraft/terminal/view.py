"""StarCraft drawn as text for one viewer: the galaxy as planet boxes, every seat's public sheet,
the viewer's own cards and tokens, the battle and the event deck.

Everything here is a pure function of the public content (:class:`Look`, built once per table)
and the viewer's own observation, through the same view-model the browser's board draws
(``skins/starcraft/board.py`` for the galaxy, ``sheets.py`` for the seats), so the screen shows
nothing the seat's observation does not hold: another seat's order tokens are backs (■), a hand is
a count, pending event cards are a count.

The galaxy is laid out on the grid of RULES §6.3 (a RULING: the printed tiles' shapes are not
public) when the grid fits the width, one box per cell with the normal routes between facing
boxes; on a narrower screen the boxes flow north to south, west to east, each naming its cell.
Every box lists its routes by side, so nothing depends on the drawing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from turncoat.core.present import SEAT_STYLES
from turncoat.games.starcraft import actions as A
from turncoat.games.starcraft import log
from turncoat.games.starcraft.context import Ctx
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.observe import StarcraftObservation
from turncoat.games.starcraft.present import StarcraftPresentation
from turncoat.skins.starcraft import board
from turncoat.skins.starcraft.sheets import own_sheet, race_units, sheets

BOX_MIN, BOX_MAX = 30, 44  # a planet box's width, borders included
GAP = 3  # between two boxes: a normal route is drawn across it
BACK = "■"  # an order token face down
LEGEND = " · ".join(
    (
        "P1…P6 the seats",
        "stack ↑ the order tokens, bottom to top",
        "P2■ face down",
        "P1:B★ your own token's face",
        "B build, M mobilize, R research, ★ special",
        "▶ the order being carried out",
        "⌂ a base",
        "3Ma three units (codes below)",
        "~ cloaked",
        "──/│ a route, ═══/┃ with transports",
        "P1T a transport",
        "Z1 a z-axis route",
        "◆Z1 E a z-axis route end, its other end still to place",
        "↓2 units moved in",
        "BATTLE the area fought over",
    )
)


@dataclass(frozen=True)
class Look:
    """What the terminal draws of the public content, built once per table."""

    ctx: Ctx
    codes: Mapping[str, str]  # unit kind -> the code written on its counters ("Ma")
    face: StarcraftPresentation  # the game's words; its invented_records reads an observation only


def look_of(game: StarcraftGame) -> Look:
    return Look(ctx=game.ctx, codes=board.unit_codes(game.ctx), face=StarcraftPresentation(game))


# -- small words ------------------------------------------------------------------------------------
def seat_tag(seat: int) -> str:
    return f"P{seat + 1}"


def seat_style(seat: int) -> str:
    return f"bold {SEAT_STYLES[seat % len(SEAT_STYLES)].colour}"


def tag_text(seat: int, suffix: str = "") -> Text:
    return Text(seat_tag(seat) + suffix, style=seat_style(seat))


def seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else seat_tag(seat)


def pack(chunks: Sequence[Text], width: int, sep: str = " ", indent: int = 0) -> list[Text]:
    """The chunks laid on lines of at most ``width`` cells, ``sep`` between two on a line; a line
    after the first starts with ``indent`` spaces; a chunk wider than a line is cut into pieces."""
    lines: list[Text] = []
    row = Text()
    for chunk in chunks:
        for piece in _pieces(chunk, max(1, width - indent)):
            lead = " " * indent if lines else ""
            if row.plain and cell_len(row.plain) + cell_len(sep) + cell_len(piece.plain) <= width:
                row.append(sep)
                row.append_text(piece)
            elif not row.plain:
                row = Text(lead) + piece
            else:
                lines.append(row)
                row = Text(" " * indent) + piece
    if row.plain:
        lines.append(row)
    return lines


def _pieces(chunk: Text, width: int) -> list[Text]:
    if cell_len(chunk.plain) <= width:
        return [chunk]
    return list(chunk.divide(range(width, len(chunk.plain), width)))


def fit(text: Text, width: int) -> Text:
    """``text`` padded (or cut) to exactly ``width`` cells."""
    out = text.copy()
    out.truncate(width, overflow="crop", pad=True)
    return out


# -- one planet -------------------------------------------------------------------------------------
def units_chunks(row: Mapping[str, Any]) -> list[Text]:
    """An area's base and units, one chunk per seat: "⌂P1", "P1 3Ma 1Fi~"."""
    out: list[Text] = []
    if row["base"] is not None:
        out.append(Text("⌂") + tag_text(row["base"]))
    by_seat: dict[int, list[str]] = {}
    for g in row["groups"]:
        by_seat.setdefault(g["seat"], []).append(f"{g['count']}{g['code']}" + ("~" if g["cloaked"] else ""))
    for seat, words in by_seat.items():
        out.append(tag_text(seat) + Text(" " + " ".join(words)))
    return out


def area_lines(row: Mapping[str, Any], width: int) -> list[Text]:
    """An area: its resource, unit limit and depletion, then its base and units.  (An area's name
    is its planet's and its resource, "Char (2 gas)": the box already names the planet.)"""
    words = board.resource_words(row["resource"], row["amount"])
    head = [Text(f"{row['amount']} {words}", style="bold green" if row["resource"] == "cp" else "bold")]
    head.append(Text(row["line"].split(" · ")[-1]))  # "limit 3"
    if row["depleted"]:
        head.append(Text(row["depleted"], style="yellow"))
    if row["arrived"]:
        head.append(Text(f"↓{row['arrived']} moved in", style="bold yellow"))
    if row["battle"]:
        head.append(Text("BATTLE", style="bold reverse red"))
    lines = pack(head, width, sep=" · ", indent=2)
    units = units_chunks(row)
    if units:
        lines += pack([Text("  ") + units[0], *units[1:]], width, sep=" · ", indent=2)
    return lines


def stack_chunks(planet: Mapping[str, Any]) -> list[Text]:
    """The order stack bottom to top: the viewer's own faces, everyone else's backs."""
    out = [Text("stack ↑", style="dim")]
    for o in planet["stack"]:
        out.append(tag_text(o["seat"], ":" + o["face"] if o["face"] else BACK))
    if not planet["stack"]:
        out.append(Text("empty", style="dim"))
    return out


def route_chunks(
    ctx: Ctx, obs: StarcraftObservation, planet: str, z_of: Mapping[int, int], free: Sequence[str]
) -> list[Text]:
    """The planet's routes by side ("N Pridewater", "Z1 Char") with their transports, then its
    free slots."""
    out: list[Text] = []
    for r in obs.routes:
        ends = [e for e in r.ends if e.planet == planet]
        if not ends:
            continue
        here = ends[0]
        other = next((e.planet for e in r.ends if e is not here), here.planet)
        label = f"Z{z_of.get(r.id, 0)}" if r.kind == "z_axis" else here.side
        chunk = Text(f"{label} {log.planet_name(ctx, other)}", style="cyan" if r.kind == "z_axis" else "")
        for s in r.transports:
            chunk.append(" ")
            chunk.append_text(tag_text(s, "T"))
        out.append(chunk)
    if free:
        out.append(Text("free " + " ".join(free), style="dim"))
    return out


def planet_box(
    ctx: Ctx, obs: StarcraftObservation, planet: Mapping[str, Any], z_of: Mapping[int, int], width: int
) -> list[Text]:
    """One planet as a box of ``width`` cells: name and cell, the order stack, the order being
    carried out, each area with its units, and the routes."""
    inner = width - 4
    x, y = planet["cell"]
    active = planet["active"]
    border = "bold yellow" if active else ("bold red" if any(a["battle"] for a in planet["areas"]) else "")
    title = Text(f" {planet['name']} ({x},{y}) ", style="bold")
    marks = [Text("placeholder", style="italic yellow")] * planet["invented"]
    marks += [Text("◀ orders here", style="bold magenta")] * planet["order_target"]
    body: list[Text] = []
    for mark in marks:  # on the edge where it fits whole, else on a line of its own
        if cell_len(title.plain) + cell_len(mark.plain) + 1 <= width - 4:
            title.append_text(mark + Text(" "))
        else:
            body.append(mark)
    body += pack(stack_chunks(planet), inner, indent=2)
    if active:
        body.append(
            Text("▶ ", style="bold yellow")
            + tag_text(active["seat"])
            + Text(f" {active['words']} ({active['face']})", style="bold reverse yellow")
        )
    for row in planet["areas"]:
        body += area_lines(row, inner)
    pz = planet["pending_z"]
    if pz:  # §6.1 step 5: on the table, its other end not yet (first, so it is never cut off)
        body.append(Text(f"◆Z{pz['z']} {pz['side']} {pz['short']}", style="bold magenta"))
    free = [s["side"] for s in planet["free_slots"]]
    body += pack(route_chunks(ctx, obs, planet["id"], z_of, free), inner, sep=" · ", indent=2)
    top = Text("╭─", style=border) + fit(title, min(cell_len(title.plain), width - 4))
    top.append("─" * max(0, width - 1 - cell_len(top.plain)) + "╮", style=border)
    lines = [top]
    for b in body:
        lines.append(Text("│ ", style=border) + fit(b, inner) + Text(" │", style=border))
    lines.append(Text("╰" + "─" * (width - 2) + "╯", style=border))
    return lines


def empty_box(words: str, width: int, height: int) -> list[Text]:
    """A cell with no planet: blank, or (``words``) a dashed box the planet being placed may take."""
    if not words:
        return [Text(" " * width) for _ in range(height)]
    inner = width - 4
    lines = [Text("┌" + "╌" * (width - 2) + "┐", style="dim magenta")]
    lines.append(
        Text("╎ ", style="dim magenta")
        + fit(Text(words, style="magenta"), inner)
        + Text(" ╎", style="dim magenta")
    )
    lines += [Text("╎" + " " * (width - 2) + "╎", style="dim magenta") for _ in range(max(0, height - 3))]
    lines.append(Text("└" + "╌" * (width - 2) + "┘", style="dim magenta"))
    return lines


def padded(box: list[Text], height: int, width: int) -> list[Text]:
    """A box made ``height`` lines tall: blank lines inside its border before its foot."""
    if len(box) >= height:
        return box
    if box and box[-1].plain.startswith(("╰", "└")):
        side = box[-1].style
        edge = "│" if box[-1].plain.startswith("╰") else "╎"
        filler = Text(edge + " " * (width - 2) + edge, style=side)
        return box[:-1] + [filler.copy() for _ in range(height - len(box))] + box[-1:]
    return box + [Text(" " * width) for _ in range(height - len(box))]


# -- the galaxy -------------------------------------------------------------------------------------
def cells_offered(actions: Iterable[object]) -> tuple[tuple[int, int], ...]:
    """The grid cells the viewer's decision offers for the planet being placed (§6.1 steps 3-4)."""
    return tuple((a.x, a.y) for a in actions if isinstance(a, A.ChooseCell))


def _joins(obs: StarcraftObservation, placed: Mapping[str, tuple[int, int]]) -> dict[tuple[Any, ...], bool]:
    """The normal routes between grid neighbours (§6.2: facing slots), by the west or north one's
    cell and side: (cell, "E") or (cell, "S") -> whether transports are on it."""
    step = {"E": (1, 0), "S": (0, -1)}
    out: dict[tuple[Any, ...], bool] = {}
    for r in obs.routes:
        if r.kind == "z_axis" or not all(e.planet in placed for e in r.ends):
            continue
        for one, other in (r.ends, r.ends[::-1]):
            cell, there = placed[one.planet], placed[other.planet]
            if one.side in step and there == (cell[0] + step[one.side][0], cell[1] + step[one.side][1]):
                out[(cell, one.side)] = bool(r.transports)
    return out


def galaxy_lines(
    look: Look,
    obs: StarcraftObservation,
    names: Sequence[str],
    width: int,
    offered: Sequence[tuple[int, int]] = (),
) -> list[Text]:
    """The galaxy in ``width`` cells: on its grid when the grid fits, else planet after planet."""
    ctx = look.ctx
    spots = [f"cell:{x},{y}" for x, y in offered]
    seat_names = dict(enumerate(names))
    geo = board.galaxy(ctx, obs, spots, seat_names, look.codes)
    if not geo["planets"]:
        return [Text("No planet is placed yet.", style="dim")]
    z_of = {r["id"]: r["z"] for r in geo["routes"] if r["kind"] == "z_axis"}
    placing = geo["placing"]
    free_cells: dict[tuple[int, int], str] = {
        tuple(c["cell"]): f"{placing} may go here" for c in geo["candidates"]
    }
    if geo["coming"]:
        free_cells[tuple(geo["coming"]["cell"])] = f"{placing} is placed here"
    by_cell = {tuple(p["cell"]): p for p in geo["planets"]}
    xs = [c[0] for c in (*by_cell, *free_cells)]
    ys = [c[1] for c in (*by_cell, *free_cells)]
    columns = max(xs) - min(xs) + 1
    if columns * BOX_MIN + (columns - 1) * GAP <= width:
        box = min(BOX_MAX, (width - (columns - 1) * GAP) // columns)
        placed = {p["id"]: tuple(p["cell"]) for p in geo["planets"]}
        return _grid(look, obs, by_cell, free_cells, (min(xs), max(xs), min(ys), max(ys)), box, placed, z_of)
    per_row = max(1, (width + GAP) // (BOX_MIN + GAP))
    # Never wider than the screen: below BOX_MIN columns one narrower box a row (its lines cut).
    box = min(BOX_MAX, (width - (per_row - 1) * GAP) // per_row) if width >= BOX_MIN else max(12, width)
    ordered = sorted(by_cell.items(), key=lambda kv: (-kv[0][1], kv[0][0]))
    out: list[Text] = []
    for i in range(0, len(ordered), per_row):
        boxes = [planet_box(ctx, obs, p, z_of, box) for _, p in ordered[i : i + per_row]]
        out += _side_by_side(boxes, box, [None] * (len(boxes) - 1))
    for cell, words in sorted(free_cells.items(), key=lambda kv: (-kv[0][1], kv[0][0])):
        out.append(Text(f"({cell[0]},{cell[1]}): {words}", style="magenta"))
    return out


def _side_by_side(boxes: Sequence[list[Text]], width: int, joins: Sequence[bool | None]) -> list[Text]:
    """Boxes in one row, made as tall as the tallest; ``joins[i]`` draws a route between box i and
    box i+1 on their first inner line (True: with transports; None: no route)."""
    height = max(len(b) for b in boxes)
    tall = [padded(b, height, width) for b in boxes]
    out = []
    for n in range(height):
        row = Text()
        for i, b in enumerate(tall):
            if i:
                join = joins[i - 1]
                if n == 1 and join is not None:
                    row.append("═══" if join else "───", style="bold cyan" if join else "cyan")
                else:
                    row.append(" " * GAP)
            row.append_text(b[n])
        out.append(row)
    return out


def _grid(
    look: Look,
    obs: StarcraftObservation,
    by_cell: Mapping[tuple[int, int], Mapping[str, Any]],
    free_cells: Mapping[tuple[int, int], str],
    bounds: tuple[int, int, int, int],
    box: int,
    placed: Mapping[str, tuple[int, int]],
    z_of: Mapping[int, int],
) -> list[Text]:
    min_x, max_x, min_y, max_y = bounds
    joins = _joins(obs, placed)
    out: list[Text] = []
    for y in range(max_y, min_y - 1, -1):  # north first
        cells = [(x, y) for x in range(min_x, max_x + 1)]
        boxes = [planet_box(look.ctx, obs, by_cell[c], z_of, box) if c in by_cell else [] for c in cells]
        height = max([len(b) for b in boxes if b] or [4])
        boxes = [
            b if b else empty_box(free_cells.get(c, ""), box, height)
            for b, c in zip(boxes, cells, strict=True)
        ]
        out += _side_by_side(boxes, box, [joins.get((c, "E")) for c in cells[:-1]])
        if y > min_y:  # the routes south of this row
            gap = Text()
            for i, c in enumerate(cells):
                if i:
                    gap.append(" " * GAP)
                south = joins.get((c, "S"))
                mark = Text(" " * (box // 2))
                if south is not None:
                    mark.append("┃" if south else "│", style="bold cyan" if south else "cyan")
                gap.append_text(fit(mark, box))
            out.append(gap)
    return out


# -- around the galaxy ------------------------------------------------------------------------------
def badge_text(records: Sequence[str]) -> Text | None:
    """One line saying invented placeholder content is in play, with the kinds of record it
    touches (``records``: the presentation's ``invented_records``, as the browser's notice)."""
    if not records:
        return None
    kinds: dict[str, int] = {}
    for r in records:
        kinds[r.split(".")[0]] = kinds.get(r.split(".")[0], 0) + 1
    said = ", ".join("the rules" if k == "rules" else f"{k.replace('_', ' ')} {n}" for k, n in kinds.items())
    out = Text(" PLACEHOLDER CONTENT ", style="bold reverse yellow")
    out.append(f" invented stand-ins: {said} (turncoat content starcraft lists them)", style="yellow")
    return out


def events_text(look: Look, obs: StarcraftObservation) -> Text:
    """The event deck: its size, the stage on its top card's back, the discards."""
    out = Text(f"Event deck: {obs.event_deck_size} cards")
    if obs.event_top_stage:
        out.append(f", top card Stage {log.STAGES[obs.event_top_stage - 1]}")
    if obs.event_discard:
        out.append(" · discarded: " + ", ".join(log.event_name(look.ctx, e) for e in obs.event_discard))
    if obs.end_draws_near:
        out.append(f" · The End Draws Near: {obs.end_draws_near}")
    return out


def board_lines(
    look: Look,
    obs: StarcraftObservation,
    names: Sequence[str],
    width: int,
    offered: Sequence[tuple[int, int]] = (),
) -> list[Text]:
    """The galaxy, the event deck, the unit codes of the races at the table and the legend."""
    rows = galaxy_lines(look, obs, names, width, offered)
    rows.append(events_text(look, obs))
    key = race_units(look.ctx, obs, look.codes)
    if key:
        rows += pack([Text(f"{code} {name}") for code, name in key], width, sep=" · ")
    rows += pack([Text(w, style="dim") for w in LEGEND.split(" · ")], width, sep=" · ")
    return rows


def players_text(look: Look, obs: StarcraftObservation, names: Sequence[str]) -> Text:
    """Every seat's public sheet (RULES §21.3: counts of what is hidden, never which); ▶ marks
    who is to act.  Short lines: the panel is a third of the screen."""
    out = Text()
    for s in sheets(look.ctx, obs):
        seat = s["seat"]
        if out.plain:
            out.append("\n")
        out.append("▶ " if seat in obs.to_act else "  ", style="bold magenta")
        out.append_text(tag_text(seat))
        out.append(f" {seat_name(names, seat)}" + (" (you)" if seat == obs.viewer else ""), style="bold")
        out.append(f" · {s['cp']} CP", style="bold green")
        notes = [f"{s['faction']} ({s['race']})" if s["faction"] else "no faction yet"]
        notes += ["first player"] * s["first"] + ["eliminated"] * s["eliminated"]
        if s["partners"]:
            notes.append("team with " + ", ".join(seat_name(names, p) for p in s["partners"]))
        out.append("\n  " + " · ".join(notes))
        out.append(f"\n  workers {s['pool']} free, {s['busy']} mining, {s['unavailable']} unavailable")
        out.append(
            f"\n  orders {s['orders']} left · hand {s['hand']} · deck {s['deck']}"
            f" · events {s['pending_events']} face down"
        )
        held = [f"{c['name']} {c['workers']}/{c['capacity']} workers" for c in s["cards"]] + s["permanent"]
        out.append("\n  resources: " + (", ".join(held) or "none"))
        for label, key in (
            ("buildings", "buildings"),
            ("modules", "modules"),
            ("technologies", "techs_in_play"),
            ("planets to place", "planets"),
        ):
            if s[key]:
                out.append(f"\n  {label}: " + ", ".join(s[key]))
    return out


def own_text(look: Look, obs: StarcraftObservation) -> Text:
    """The viewer's own secrets: its combat cards with their values, the faces of its order tokens
    still in its supply and, in Regrouping step 8 only, its new event cards."""
    mine = own_sheet(look.ctx, obs)
    if mine is None:
        return Text("Spectating: nobody's hand or orders are shown.", style="dim")
    out = Text("Your order tokens to place: ", style="bold")
    out.append(", ".join(f"{o['face']} {o['name']} ×{o['count']}" for o in mine["orders"]) or "none")
    out.append(f"\nYour combat cards ({len(mine['hand'])})", style="bold")
    for c in mine["hand"]:
        out.append(f"\n  {c['name']}", style="bold")
        if c["invented"]:
            out.append(" placeholder", style="italic yellow")
        details = [
            x for x in (c["kind"], c["units"], c["numbers"] and c["numbers"] + " (attack/health)") if x
        ]
        if c["ability"]:
            details.append(c["ability"])
        out.append(": " + " · ".join(details))
    if not mine["hand"]:
        out.append("\n  none", style="dim")
    if mine["events"]:
        out.append("\nYour new event cards", style="bold")
        for e in mine["events"]:
            out.append(f"\n  {e['name']}" + (f": {e['effect']}" if e["effect"] else ""))
    return out


def status_text(obs: StarcraftObservation, step: str, names: Sequence[str]) -> Text:
    acting = ", ".join(seat_name(names, s) for s in obs.to_act)
    return Text(" · ".join(["StarCraft", step] + ([f"to act: {acting}"] if acting else [])))
