"""Text for the Verräter table, drawn only from what one seat may see.

Every function here takes a :class:`VerraterObservation`, or the events together with the
viewer (``log_lines`` redacts them with the engine's own rule before reading them), and the
public content tables; none of them can reach the game state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from turncoat.core.actions import Action, Event, Viewer
from turncoat.core.engine import Outcome
from turncoat.core.present import plain
from turncoat.games.verrater import log
from turncoat.games.verrater import present as verrater_words
from turncoat.games.verrater.actions import (
    Build,
    ChooseConflictSite,
    CommitSupply,
    Convert,
    DiscardSupply,
    FinishCommitting,
    KeepRole,
    Move,
    PlaceEstate,
    SkipBuilding,
)
from turncoat.games.verrater.components import RING_SIZE, Tables
from turncoat.games.verrater.events import (
    AllegianceFlipped,
    ConflictResolved,
    ConflictSiteChosen,
    GameSetUp,
    RolesRevealed,
    RoundStarted,
    SupplyCommitted,
)
from turncoat.games.verrater.notation import ROLE_NAMES, SIDE_NAMES
from turncoat.games.verrater.observe import VerraterObservation
from turncoat.games.verrater.state import COMMIT

HOUSE_NAME = {"eagle": "Eagle", "rose": "Rose"}
HOUSES_NAME = {"eagle": "Eagles", "rose": "Roses"}
HOUSE_STYLE = {"eagle": "bold yellow", "rose": "bold red"}
HOUSE_MARK = {"eagle": "▲", "rose": "✿"}
ROMAN = ("", "I", "II", "III", "IV")
# The game's own words (games/verrater/present.py): step titles and one line per action card.
STEP_TEXT = verrater_words.STEP_TITLES
ROLE_HINT = verrater_words.ROLE_HELP


def type_name(t: str) -> str:
    return t.capitalize()


def land(obs: VerraterObservation, i: int) -> str:
    return f"{i} {type_name(obs.types[i])}"


def role_name(role: str) -> str:
    return ROLE_NAMES.get(role, role)


# -- the ring ----------------------------------------------------------------------------------------
def contested(obs: VerraterObservation) -> tuple[int, int] | None:
    if obs.site < 0:
        return None
    return obs.site, (obs.site + 1) % RING_SIZE


def vp_circles(tables: Tables, landscape_type: str, players: int) -> Text:
    """VP each for 1..players winners (circles I, II, ...); estimated values carry a '*'."""
    text = Text("VP ")
    values, estimated = tables.vp[landscape_type], tables.vp_estimated[landscape_type]
    for n in range(1, players + 1):
        text.append(str(values[n]))
        if estimated[n]:
            text.append("*", style="italic")
        if n < players:
            text.append(" ")
    return text


def landscape_title(obs: VerraterObservation, i: int) -> str:
    return f"{i} {type_name(obs.types[i])}"


def landscape_subtitle(obs: VerraterObservation, i: int) -> str:
    """The conflict marker on the contested pair's bottom edge (RULES §5 step 1)."""
    pair = contested(obs)
    if pair is None or i not in pair:
        return ""
    other = pair[1] if i == pair[0] else pair[0]
    return f"⚔ vs {other}"


def landscape_body(obs: VerraterObservation, i: int, tables: Tables, names: Sequence[str]) -> Text:
    """Four short lines: owner house and conflict value, VP circles, the building card and its
    owner (RULES §3: all public)."""
    owner = obs.owners[i]
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"{HOUSE_MARK[owner]} {HOUSE_NAME[owner]}", style=HOUSE_STYLE[owner])
    text.append(f"  str {tables.conflict_value[obs.types[i]]}\n")
    text.append_text(vp_circles(tables, obs.types[i], obs.players))
    text.append("\n")
    card = obs.buildings[i]
    if card is None:
        text.append("no building", style="dim")
    else:
        style = "bold green" if card.side == "estate" else "bold cyan"
        text.append(SIDE_NAMES[card.side], style=style)
        text.append(f"\nof {names[card.owner]}", style="bold")
    return text


def centre_text(obs: VerraterObservation, tables: Tables, names: Sequence[str]) -> Text:
    """Round and step, the marker holders, the conflict site, the piles, the last result."""
    text = Text()
    final = " (final round)" if obs.final_round else ""
    if obs.round:
        text.append(f"Round {obs.round} of {obs.total_rounds}{final}\n", style="bold")
    else:
        text.append("Setting up\n", style="bold")
    step = STEP_TEXT.get(obs.step, obs.step)
    text.append(step[0].upper() + step[1:] + "\n")
    text.append(f"Start player: {names[obs.start_player]}\n")
    text.append(f"Strategy card: {names[obs.strategist]}\n")
    pair = contested(obs)
    if pair is not None:
        a, b = pair
        text.append("⚔ ", style="bold magenta")
        text.append(f"{land(obs, a)} ", style="bold")
        text.append(HOUSE_MARK[obs.owners[a]], style=HOUSE_STYLE[obs.owners[a]])
        text.append(" vs ")
        text.append(f"{land(obs, b)} ", style="bold")
        text.append(HOUSE_MARK[obs.owners[b]], style=HOUSE_STYLE[obs.owners[b]])
        text.append("\n")
    else:
        text.append("⚔ Conflict site not chosen yet\n", style="dim")
    discard = " ".join(map(str, obs.discard)) or "empty"
    text.append(f"Draw pile {obs.draw_pile_size} · discard {discard}")
    if obs.face_down_discards:
        text.append(f" (+{obs.face_down_discards} face down)")
    text.append("\n")
    last = obs.last_conflict
    if last is not None:
        es, rs = last.strength
        if last.winner is None:
            text.append(f"Last conflict: a tie, {es}–{rs}\n", style="dim")
        else:
            high, low = max(es, rs), min(es, rs)
            text.append(f"Last conflict: {HOUSES_NAME[last.winner]} won {high}–{low}\n", style="dim")
    counts = "/".join(str(n) for n in range(1, obs.players + 1))
    text.append(f"VP row: VP each, {counts} winners", style="dim")
    if any(any(v) for v in tables.vp_estimated.values()):
        text.append("; * estimated", style="dim")
    return text


# -- the running tally ------------------------------------------------------------------------------
def other_house(house: str) -> str:
    return "rose" if house == "eagle" else "eagle"


def tally_parts(
    obs: VerraterObservation, tables: Tables, names: Sequence[str], type_names: Mapping[str, str]
) -> dict[str, tuple[int, list[str]]] | None:
    """Each house's conflict strength so far, as the viewer may know it, with its parts in the
    words of the log's breakdown; None outside the commit (RULES §5 step 3).

    RULES §5 step 5 counts the landscape's value, the supply committed by the house's players and
    the Diplomats, each player by his allegiance after step 4.  Committed cards and allegiances
    are public (§3); an action card counts only where the viewer knows it: his own before the
    reveal (a Diplomat adds its strength, the Traitor will fight for the other house).
    """
    pair = contested(obs)
    if pair is None or obs.step != COMMIT or obs.roles_revealed:
        return None
    bonus = {"diplomat_2": tables.diplomat_2_strength, "diplomat_5": tables.diplomat_5_strength}
    out: dict[str, tuple[int, list[str]]] = {}
    for house in ("eagle", "rose"):
        kind = obs.types[pair[0] if obs.owners[pair[0]] == house else pair[1]]
        value = tables.conflict_value[kind]
        out[house] = (value, [f"{type_names.get(kind, kind)} {value}"])
    for seat in obs.seats:
        p = seat.seat
        role = (obs.role or "") if p == obs.viewer else ""  # the only action card known yet
        house = other_house(seat.allegiance) if role == "traitor" else seat.allegiance
        total, parts = out[house]
        if seat.committed:
            turned = " (turning traitor)" if role == "traitor" else ""
            parts.append(f"{names[p]} {'+'.join(map(str, seat.committed))}{turned}")
            total += sum(seat.committed)
        if role in bonus:
            parts.append(f"{role_name(role)} ({names[p]}) {bonus[role]}")
            total += bonus[role]
        out[house] = (total, parts)
    return out


def tally(obs: VerraterObservation, tables: Tables) -> tuple[int, int] | None:
    """(Eagles, Roses): each house's strength so far as the viewer may know it (``tally_parts``)."""
    parts = tally_parts(obs, tables, [""] * obs.players, {})
    return None if parts is None else (parts["eagle"][0], parts["rose"][0])


def tally_text(
    obs: VerraterObservation, tables: Tables, names: Sequence[str], type_names: Mapping[str, str]
) -> Text:
    """The running tally while the players commit: what is not counted yet (the action cards
    still face down), then a line per house; empty outside the commit."""
    parts = tally_parts(obs, tables, names, type_names)
    text = Text()
    if parts is None:
        return text
    text.append("Conflict so far", style="bold")
    unknown = "the others' action cards" if obs.viewer is not None else "the action cards"
    text.append(f" ({unknown} count at the reveal)\n", style="dim")
    for house in ("eagle", "rose"):
        total, said = parts[house]
        text.append(f"{HOUSE_MARK[house]} {HOUSES_NAME[house]} {total}", style=HOUSE_STYLE[house])
        text.append(" = " + " + ".join(said) + ("\n" if house == "eagle" else ""))
    return text


# -- players -----------------------------------------------------------------------------------------
def players_text(
    obs: VerraterObservation,
    names: Sequence[str],
    kinds: Sequence[str],
    final_scores: Sequence[float] | None = None,
) -> Text:
    """Three lines a player: name, house and score; hand and role; committed and unbuilt cards.
    Once the game is over the score is the final one, trading posts included (RULES §6.2): the
    same number as the end screen's."""
    text = Text()
    for view in obs.seats:
        p = view.seat
        acting = p in obs.to_act
        text.append("▶ " if acting else "  ", style="bold magenta")
        who = names[p] + (" (you)" if p == obs.viewer else "")
        text.append(who, style="bold underline" if p == obs.viewer else "bold")
        if kinds[p] != "human":
            text.append(f" [{kinds[p]}]", style="dim")
        text.append("  ")
        text.append(
            f"{HOUSE_MARK[view.allegiance]} {HOUSES_NAME[view.allegiance]}", HOUSE_STYLE[view.allegiance]
        )
        points = view.victory_points if final_scores is None else int(final_scores[p])
        text.append(f"  {points} VP", style="bold")
        holders = (("start player", obs.start_player), ("strategy", obs.strategist))
        marks = [m for m, holder in holders if holder == p]
        text.append("\n    ")
        known = f" (known: {' '.join(map(str, view.known_cards))})" if view.known_cards else ""
        text.append(f"hand {view.hand_size}{known}")
        if view.role is not None and (obs.roles_revealed or p == obs.viewer):
            text.append(" · role ")
            text.append(role_name(view.role), style="cyan")
        else:
            text.append(" · role ?")
        committed = " ".join(map(str, view.committed)) or "–"
        text.append(f"\n    committed {committed} · unbuilt {view.unbuilt}\n")
        if marks:
            text.append("    holds " + " and ".join(f"the {m} card" for m in marks) + "\n", style="italic")
    return text


def private_text(obs: VerraterObservation, names: Sequence[str]) -> Text:
    """The viewer's own secrets: hand, role, the packets of the draft."""
    if obs.viewer is None:
        return Text("Public view: no private information is shown.", style="dim")
    text = Text()
    text.append(f"{names[obs.viewer]} — your cards\n", style="bold")
    hand = " ".join(f"[{v}]" for v in obs.hand or ()) or "(none)"
    text.append("Your hand: ")
    text.append(hand + "\n", style="bold green")
    if obs.role:
        text.append("Your role: ")
        text.append(role_name(obs.role), style="bold cyan")
        text.append(f" — {ROLE_HINT.get(obs.role, '')}\n")
    else:
        text.append("Your role: none yet\n")
    if obs.received:
        text.append("You were handed: " + ", ".join(role_name(r) for r in obs.received) + "\n")
    if obs.own_face_down_discards:
        text.append("Your face-down discards: " + " ".join(map(str, obs.own_face_down_discards)) + "\n")
    return text


def status_text(obs: VerraterObservation, names: Sequence[str], rules: Sequence[str] = ()) -> str:
    head = f"Round {obs.round}/{obs.total_rounds}" if obs.round else "Setup"
    who = ", ".join(names[p] for p in obs.to_act) or "nobody"
    house = f" · rules: {', '.join(rules)}" if rules else ""
    return f"Verräter · {head} · {STEP_TEXT.get(obs.step, obs.step)} · to act: {who}{house}"


# Short names of the rule options' non-default readings (docs/verrater.md), for the status line.
RULE_NAMES = {
    ("builder_new_card_side", "estate_only"): "new buildings estate side up",
    ("ring_layout", "alternating"): "alternating ring",
    ("hand_limit_discards", "face_down"): "face-down discards",
}


def rule_names(changes: dict[str, Any], overridden: int = 0) -> list[str]:
    """The readings in play that are not the rulebook's defaults, shortly ("alternating ring")."""
    out = []
    for key, value in changes.items():
        if key == "rounds" and value is not None:
            out.append(f"{value} rounds")
        else:
            out.append(RULE_NAMES.get((key, value), f"{key}={value}"))
    if overridden:
        out.append(f"{overridden} value{'s' if overridden != 1 else ''} from your copy")
    return out


def rules_help(changes: dict[str, Any], overridden: Sequence[str] = ()) -> str:
    """The rule options in play, as the help screen lists them (with the --option spelling)."""
    if not changes and not overridden:
        return "Rules in play: the rulebook's defaults (no --option given)."
    lines = ["Rules in play (not the defaults):"]
    lines += [
        f"  {name:<32} --option {key}={value}"
        for (key, value), name in zip(changes.items(), rule_names(changes), strict=True)
    ]
    if overridden:
        lines.append(f"  {len(overridden)} values from your copy of the game (--content-override)")
    return "\n".join(lines)


# -- decisions ---------------------------------------------------------------------------------------
def prompt(obs: VerraterObservation, names: Sequence[str], hand_limit: int) -> str:
    """What the viewer is asked to decide now (``hand_limit``: RULES step 10.4's limit)."""
    me = obs.viewer
    if obs.step == "place_estate":
        return "Place your first estate under a landscape with no building."
    if obs.step == "choose_site":
        return "You hold the strategy card: choose the conflict site (two neighbours of different houses)."
    if obs.step == "draft":
        packet = ", ".join(role_name(r) for r in obs.packet or ())
        return f"Keep one action card from the packet you hold: {packet}."
    if obs.step == "commit" and me is not None:
        done = obs.seats[me].committed
        so_far = f" Committed so far: {' '.join(map(str, done))} (total {sum(done)})." if done else ""
        return "Commit supply cards face up, one at a time, highest first; then finish." + so_far
    if obs.step == "build":
        return "You are the Builder: build, convert or move one building card, or build nothing."
    if obs.step == "discard" and me is not None:
        size = obs.seats[me].hand_size
        extra = size - hand_limit
        return (
            f"Discard {extra} card{'s' if extra != 1 else ''} down to the hand limit of {hand_limit}"
            f" (you hold {size})."
        )
    return "Decide."


def an(value: int) -> str:
    """A supply card by its value: "a 5", "an 8"."""
    return f"{'an' if str(value).startswith('8') else 'a'} {value}"


def option_label(action: Action, obs: VerraterObservation) -> str:
    """An English label for one legal action, with landscape names."""

    def where(i: int) -> str:
        return f"{land(obs, i)} ({HOUSE_NAME[obs.owners[i]]})"

    def side_at(i: int) -> str:
        card = obs.buildings[i]
        return SIDE_NAMES[card.side] if card is not None else "building"

    match action:
        case PlaceEstate(landscape=i):
            return f"Estate under {where(i)}"
        case ChooseConflictSite(boundary=b):
            return f"Conflict between {where(b)} and {where((b + 1) % RING_SIZE)}"
        case KeepRole(role=r):
            return f"Keep the {role_name(r)} — {ROLE_HINT.get(r, '')}"
        case CommitSupply(value=v):
            return f"Commit {an(v)}"
        case FinishCommitting():
            me = obs.viewer
            done = obs.seats[me].committed if me is not None else ()
            return f"Finish committing (total {sum(done)})" if done else "Commit nothing"
        case Build(landscape=i, side=side):
            return f"Build {'an' if side == 'estate' else 'a'} {SIDE_NAMES[side]} under {where(i)}"
        case Convert(landscape=i):
            card = obs.buildings[i]
            other = "an estate" if card is not None and card.side == "trading_post" else "a trading post"
            return f"Convert your {side_at(i)} under {where(i)} into {other}"
        case Move(from_landscape=a, to_landscape=b):
            return f"Move your {side_at(a)} from {where(a)} to {where(b)}"
        case SkipBuilding():
            return "Build nothing"
        case DiscardSupply(value=v):
            return f"Discard {an(v)}"
    return repr(action)


def offer_order(legal: Sequence[Action]) -> tuple[Action, ...]:
    """The engine's legal actions in the order offered, nothing added or dropped: commits and
    discards highest value first (the engine takes a set of cards one card at a time, highest
    first, RULES §5 steps 3 and 10), with "finish" last."""

    def key(a: Action) -> int:
        if isinstance(a, CommitSupply | DiscardSupply):
            return -a.value
        return 1 if isinstance(a, FinishCommitting) else 0

    if any(isinstance(a, CommitSupply | DiscardSupply) for a in legal):
        return tuple(sorted(legal, key=key))
    return tuple(legal)


def landscapes_of(action: Action) -> tuple[int, ...]:
    """The landscapes an action is about (for picking it by clicking the ring)."""
    match action:
        case PlaceEstate(landscape=i) | Build(landscape=i) | Convert(landscape=i):
            return (i,)
        case ChooseConflictSite(boundary=b):
            return (b, (b + 1) % RING_SIZE)
        case Move(from_landscape=a, to_landscape=b):
            return (a, b)
    return ()


# -- the log -----------------------------------------------------------------------------------------
def log_lines(
    events: Iterable[Event],
    viewer: Viewer,
    names: Sequence[str],
    tables: Tables,
    type_names: Mapping[str, str],
) -> list[str]:
    """The game's log lines for ``viewer`` (engine redaction; seats by name, landscape types by
    ``type_names``, as the presentation writes them), with each conflict explained."""
    shown = log.visible(events, viewer, False)
    types: tuple[str, ...] = ()
    allegiance: list[str] = []
    committed: dict[int, list[int]] = {}
    roles: tuple[str, ...] = ()
    site: tuple[int, int] | None = None
    flipped: list[int] = []
    lines: list[str] = []
    for e in shown:
        match e:
            case GameSetUp():
                types, allegiance = e.types, list(e.allegiance)
            case RoundStarted():
                committed, roles, site, flipped = {}, (), None, []
            case ConflictSiteChosen(eagle_landscape=a, rose_landscape=b):
                site = (a, b)
            case SupplyCommitted(seat=p, value=v):
                committed.setdefault(p, []).append(v)
            case RolesRevealed(roles=rs):
                roles = rs
            case AllegianceFlipped(seat=p, house=h):
                allegiance[p] = h
                flipped.append(p)
        said = log.event_line(e, types, type_names)
        if said is not None:
            lines.append(plain(said, names))
        if isinstance(e, ConflictResolved) and site is not None and types:
            lines.extend(
                _explain(e, site, types, allegiance, committed, roles, flipped, names, tables, type_names)
            )
    return lines


def _explain(
    e: ConflictResolved,
    site: tuple[int, int],
    types: tuple[str, ...],
    allegiance: Sequence[str],
    committed: dict[int, list[int]],
    roles: tuple[str, ...],
    flipped: Sequence[int],
    names: Sequence[str],
    tables: Tables,
    type_names: Mapping[str, str],
) -> list[str]:
    out = []
    for house, landscape, total in (("eagle", site[0], e.eagle_strength), ("rose", site[1], e.rose_strength)):
        kind = types[landscape]
        parts = [f"{type_names.get(kind, kind)} {tables.conflict_value[kind]}"]
        for p, house_p in enumerate(allegiance):
            if house_p != house:
                continue
            if committed.get(p):
                parts.append(f"{names[p]} {'+'.join(map(str, committed[p]))}")
            if p < len(roles) and roles[p] == "diplomat_2":
                parts.append(f"Diplomat +2 ({names[p]}) {tables.diplomat_2_strength}")
            if p < len(roles) and roles[p] == "diplomat_5":
                parts.append(f"Diplomat +5 ({names[p]}) {tables.diplomat_5_strength}")
        out.append(f"  {HOUSES_NAME[house]} {total} = " + " + ".join(parts))
    if e.winner is None:
        out.append("  Tie: no landscape changes hands.")
    else:
        who = ", ".join(names[p] for p in e.winners) or "nobody"
        out.append(f"  {HOUSES_NAME[e.winner]} win; {who} +{e.vp_each} VP each.")
    for p in flipped:
        out.append(f"  {names[p]} turned traitor and fought for the {HOUSES_NAME[allegiance[p]]}.")
    return out


# -- the end -----------------------------------------------------------------------------------------
def final_table(outcome: Outcome, names: Sequence[str]) -> Table:
    details: dict[str, Any] = dict(outcome.details)
    table = Table(title="Final score", show_lines=False)
    for col in ("Player", "Conquests", "Roles", "Trading posts", "Total", ""):
        table.add_column(col, justify="left" if col in ("Player", "") else "right")
    for p, name in enumerate(names):
        win = "★ winner" if p in outcome.winners else ""
        table.add_row(
            name,
            str(details.get("conquest", [0] * len(names))[p]),
            str(details.get("roles", [0] * len(names))[p]),
            str(details.get("trading_posts", [0] * len(names))[p]),
            str(int(outcome.scores[p])),
            win,
        )
    return table


def rounds_table(rounds: Sequence[dict[str, Any]], types: Sequence[str], names: Sequence[str]) -> Table:
    """The end screen's round by round table (from the engine's round summaries for the viewer):
    each cell says what its number is, the landscape's position, a house's strength or VP."""
    table = Table(title="Round by round", show_lines=True)
    for col in ("Round", "Conflict site", "Strength and result", *names):
        table.add_column(col, justify="right" if col == "Round" else "left")
    for r in rounds:
        site = ""
        if "site" in r:
            a, b = r["site"]
            site = (
                f"Eagle {type_name(types[a])} (landscape {a})\nvs Rose {type_name(types[b])} (landscape {b})"
            )
        result = ""
        if "strength" in r:
            won = f"{HOUSES_NAME[r['winner']]} win" if r["winner"] else "a tie"
            result = f"Eagles {r['strength']['eagle']} – Roses {r['strength']['rose']}:\n{won}"
        roles = r.get("roles") or [None] * len(names)
        cells = [
            (f"{role_name(role)} card,\n" if role else "") + f"+{r['vp'].get(str(p), 0)} VP"
            for p, role in enumerate(roles)
        ]
        table.add_row(str(r["round"]), site, result, *cells)
    return table


def winners_text(outcome: Outcome, names: Sequence[str]) -> str:
    who = [names[p] for p in outcome.winners]
    if len(who) == 1:
        return f"{who[0]} wins!"
    return "Shared win: " + ", ".join(who) + "!"
