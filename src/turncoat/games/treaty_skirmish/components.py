"""The pieces of Treaty Skirmish: races, seating, the ring board, objectives and treaty decks.

Everything here is our adaptation (RULES §6, tagged [ADAPT] there), not the published game's
text.  The numbers a table might want to change (values, garrisons, tokens, starting money) live
in a content pack with provenance ``rules``: they are stated by RULES §6, not printed anywhere.
"""

from __future__ import annotations

from typing import Any

import msgspec

from turncoat.core.content import ContentPack, Sourced, load_pack
from turncoat.core.errors import InvalidContent
from turncoat.core.treaties import TreatyCard, numbered_cards

# -- races and seating (§6.2) -----------------------------------------------------------------------
LAZAX = "lazax"
SOL = "sol"
LETNEV = "letnev"
HACAN = "hacan"
JOL_NAR = "jolnar"
XXCHA = "xxcha"

# Great races in play by player count (§6.2, mirroring SotT for flavour).
GREAT_RACES_BY_COUNT: dict[int, tuple[str, ...]] = {
    4: (SOL, LETNEV, HACAN),
    5: (SOL, LETNEV, HACAN, JOL_NAR),
    6: (SOL, LETNEV, HACAN, JOL_NAR, XXCHA),
}
RACE_NAMES: dict[str, str] = {
    LAZAX: "Lazax",
    SOL: "Federation of Sol",
    LETNEV: "Barony of Letnev",
    HACAN: "Emirates of Hacan",
    JOL_NAR: "Universities of Jol-Nar",
    XXCHA: "Xxcha Kingdom",
}
SHORT_NAMES: dict[str, str] = {
    LAZAX: "Lazax",
    SOL: "Sol",
    LETNEV: "Letnev",
    HACAN: "Hacan",
    JOL_NAR: "Jol-Nar",
    XXCHA: "Xxcha",
}


def seating(players: int) -> tuple[str, ...]:
    """§6.2: the races in seat order, each seat's left neighbour being the next seat.

    The Lazax sit on Sol's left, so going left from the Lazax come the other great races and
    Sol last: seat 0 Lazax, then Letnev, Hacan, (Jol-Nar), (Xxcha), and Sol in the last seat.
    """
    great = GREAT_RACES_BY_COUNT[players]
    return (LAZAX, *great[1:], great[0])


# -- the board (§6.2) -------------------------------------------------------------------------------
MECATOL = "mecatol"
HOME = "home"
FRONTIER = "frontier"
CENTRE = "centre"


class System(msgspec.Struct, frozen=True):
    """One node of the ring graph: its id, kind, starting race (Homes) and neighbours."""

    id: str
    kind: str  # "centre" (Mecatol Rex), "home" or "frontier"
    name: str
    race: str | None  # the starting race of a Home; the Lazax for Mecatol; None for a Frontier
    adjacent: tuple[int, ...]


class Board(msgspec.Struct, frozen=True):
    """Mecatol Rex (index 0) and the ring: Home, Frontier, Home, Frontier, … in seating order."""

    systems: tuple[System, ...]

    def index(self, system_id: str) -> int | None:
        for i, s in enumerate(self.systems):
            if s.id == system_id:
                return i
        return None

    def home_of(self, race: str) -> int:
        for i, s in enumerate(self.systems):
            if s.race == race:
                return i
        raise KeyError(race)

    @property
    def homes(self) -> tuple[int, ...]:
        """The great-race Homes on the ring (Mecatol Rex, the Lazax home, is the centre)."""
        return tuple(i for i, s in enumerate(self.systems) if s.kind == HOME)


def home_id(race: str) -> str:
    return f"home-{race}"


def build_board(races: tuple[str, ...]) -> Board:
    """§6.2: a ring of 2·(P−1) nodes alternating great-race Homes (in seating order) and
    Frontiers around Mecatol Rex.  Each Frontier borders its two Homes and Mecatol; Homes border
    only their two Frontiers.  Frontier k lies between the k-th Home and the next one."""
    great = [r for r in races if r != LAZAX]
    size = 2 * len(great)
    # ring position j (0-based) is system index j + 1; even positions are Homes
    adjacency: dict[int, list[int]] = {0: []}
    systems: list[System] = []
    for j in range(size):
        idx = j + 1
        left, right = (j - 1) % size + 1, (j + 1) % size + 1
        if j % 2 == 0:
            race = great[j // 2]
            adjacency[idx] = [left, right]
        else:
            adjacency[idx] = [0, left, right]
            adjacency[0].append(idx)
    systems.append(System(MECATOL, CENTRE, "Mecatol Rex", LAZAX, tuple(sorted(adjacency[0]))))
    for j in range(size):
        idx = j + 1
        if j % 2 == 0:
            race = great[j // 2]
            systems.append(
                System(home_id(race), HOME, f"{SHORT_NAMES[race]} Home", race, tuple(sorted(adjacency[idx])))
            )
        else:
            k = j // 2 + 1
            systems.append(
                System(f"frontier-{k}", FRONTIER, f"Frontier {k}", None, tuple(sorted(adjacency[idx])))
            )
    return Board(tuple(systems))


# -- objectives (§6.5) ------------------------------------------------------------------------------
EMPEROR = "emperor"
POWER_HUNGRY = "power_hungry"
TRAITOR = "traitor"  # the objective card, not the treaty-traitor status (RULES §3.3 naming clash)
OPPORTUNIST = "opportunist"
ANARCHIST = "anarchist"
LOYALIST = "loyalist"
UNSTOPPABLE_ARMY = "unstoppable_army"
SUPPORT_OF_THE_PEOPLE = "support_of_the_people"

OBJECTIVE_DECK: tuple[str, ...] = (
    POWER_HUNGRY,
    TRAITOR,
    OPPORTUNIST,
    ANARCHIST,
    LOYALIST,
    UNSTOPPABLE_ARMY,
    SUPPORT_OF_THE_PEOPLE,
)
IMMEDIATE_OBJECTIVES = frozenset({POWER_HUNGRY, TRAITOR, OPPORTUNIST, SUPPORT_OF_THE_PEOPLE})
OBJECTIVE_NAMES: dict[str, str] = {
    EMPEROR: "Emperor",
    POWER_HUNGRY: "Power-Hungry",
    TRAITOR: "Traitor",
    OPPORTUNIST: "Opportunist",
    ANARCHIST: "Anarchist",
    LOYALIST: "Loyalist",
    UNSTOPPABLE_ARMY: "Unstoppable Army",
    SUPPORT_OF_THE_PEOPLE: "Support of the People",
}
OBJECTIVE_TEXT: dict[str, str] = {
    EMPEROR: "end of round 8: every great-race Home is controlled by its own race or by the Lazax",
    POWER_HUNGRY: "immediate: you control 2 Homes besides your own",
    TRAITOR: "immediate: you control Mecatol Rex",
    OPPORTUNIST: "immediate: you control the Home of the great race seated to your left",
    ANARCHIST: "end of round 8: at least 2 Homes are controlled by someone other than their race",
    LOYALIST: "end of round 8: the Lazax hold Mecatol and both your great-race neighbours hold their Homes",
    UNSTOPPABLE_ARMY: "end of round 8: you have strictly the most ships on the board",
    SUPPORT_OF_THE_PEOPLE: (
        "immediate: after a treaty receipt, 3 other players hold your cards and none is a treaty traitor"
    ),
}


def objective_deck(players: int, support_at_four_players: str = "removed") -> tuple[str, ...]:
    """§6.3: the great races' objective deck; Loyalist is removed at 4 players.  So is Support of
    the People unless ``support_at_four_players="dealt"``: at 4 players a great race has only two
    other great races to hold its cards (the Lazax receive none, §6.2), never the three §6.5 asks."""
    if players == 4:
        removed = {LOYALIST} if support_at_four_players == "dealt" else {LOYALIST, SUPPORT_OF_THE_PEOPLE}
        return tuple(o for o in OBJECTIVE_DECK if o not in removed)
    return OBJECTIVE_DECK


# -- treaty decks (§6.2, GAPS Q1–Q2) ----------------------------------------------------------------
def treaty_catalogue(races: tuple[str, ...], cards_per_race: int) -> tuple[TreatyCard, ...]:
    """§6.2: each great race has cards 1…N; the Lazax one card per great race in play, numbered
    1…P−1 in seating order, each hinting "don't attack <race>" (the others were thrown out)."""
    great = [r for r in races if r != LAZAX]
    cards: list[TreatyCard] = []
    for race in great:
        cards += numbered_cards(race, cards_per_race, "help the giver")
    cards += [TreatyCard(LAZAX, n, f"don't attack {SHORT_NAMES[r]}") for n, r in enumerate(great, start=1)]
    return tuple(cards)


# -- content pack -----------------------------------------------------------------------------------
def _rules(value: int, where: str) -> dict[str, Any]:
    return {"value": value, "provenance": "rules", "source": f"RULES {where} [ADAPT]"}


BASE_PACK: dict[str, Any] = {
    "id": "treaty-skirmish-base",
    "schema": 1,
    "title": "Fall of the Empire: Treaty Skirmish (adaptation)",
    "home_value": _rules(3, "§6.2"),
    "mecatol_value": _rules(3, "§6.2"),
    "frontier_value": _rules(1, "§6.2"),
    "garrison": _rules(2, "§6.2"),
    "command_tokens": _rules(3, "§6.2"),
    "lazax_command_tokens": _rules(4, "§6.2"),
    "starting_trade_goods": _rules(2, "§6.3"),
    "home_ships": _rules(3, "§6.3"),
    "mecatol_ships": _rules(4, "§6.3"),
    "frontier_ships": _rules(1, "§6.3"),
    "build_limit": _rules(3, "§6.4"),
    "ship_cost": _rules(1, "§6.4"),
    "hit_on": _rules(5, "§6.4"),
    "rounds": _rules(8, "§6.4"),
}


class SkirmishContent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    schema: int
    title: str
    home_value: Sourced[int]
    mecatol_value: Sourced[int]
    frontier_value: Sourced[int]
    garrison: Sourced[int]
    command_tokens: Sourced[int]
    lazax_command_tokens: Sourced[int]
    starting_trade_goods: Sourced[int]
    home_ships: Sourced[int]
    mecatol_ships: Sourced[int]
    frontier_ships: Sourced[int]
    build_limit: Sourced[int]
    ship_cost: Sourced[int]
    hit_on: Sourced[int]
    rounds: Sourced[int]


class Numbers(msgspec.Struct, frozen=True):
    """The content pack's values, unwrapped for the rule functions."""

    home_value: int
    mecatol_value: int
    frontier_value: int
    garrison: int
    command_tokens: int
    lazax_command_tokens: int
    starting_trade_goods: int
    home_ships: int
    mecatol_ships: int
    frontier_ships: int
    build_limit: int
    ship_cost: int
    hit_on: int
    rounds: int


def load_content(overrides: dict[str, Any] | None = None) -> ContentPack[SkirmishContent]:
    pack = load_pack(BASE_PACK, SkirmishContent, overrides=overrides)
    n = numbers(pack.data)
    if not 2 <= n.hit_on <= 6:
        raise InvalidContent("hit_on must be 2 to 6 (a d6 hits on that or more)", code="limits")
    if not 1 <= n.rounds <= 20:
        raise InvalidContent("rounds must be 1 to 20", code="limits")
    values = msgspec.structs.asdict(n)
    if any(v < 0 for v in values.values()) or n.ship_cost < 1 or n.command_tokens < 1:
        raise InvalidContent("values cannot be negative; ships cost at least 1; 1+ token", code="limits")
    return pack


def numbers(data: SkirmishContent) -> Numbers:
    fields = {f: getattr(data, f).value for f in Numbers.__struct_fields__}
    return Numbers(**fields)
