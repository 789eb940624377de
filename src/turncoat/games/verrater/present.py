"""Verräter's face (core.present): every word a player reads, and how its decisions are offered.

This is the one place for Verräter's player-facing words: step titles, role names and help,
house and landscape names, option labels, seat colours, action labels, log lines, panels and
the final score table.  Everything is read from what the viewer may know: an observation, the
viewer's legal actions, events redacted for the viewer (``log.visible``), an outcome.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from turncoat.core.actions import Action, Event, Viewer
from turncoat.core.engine import Outcome
from turncoat.core.present import (
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
    explained,
    line,
    options_of,
)
from turncoat.games.verrater import log
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
from turncoat.games.verrater.components import RING_SIZE, Tables, build_tables, load_content
from turncoat.games.verrater.config import VerraterConfig
from turncoat.games.verrater.events import GameSetUp
from turncoat.games.verrater.guide import verrater_guide
from turncoat.games.verrater.notation import ROLE_NAMES, SIDE_NAMES, with_article
from turncoat.games.verrater.observe import VerraterObservation

if TYPE_CHECKING:
    from turncoat.games.verrater.game import VerraterGame

STEP_TITLES = {
    "place_estate": "Setup: place your first estates",
    "choose_site": "Step 1: the strategist chooses the conflict site",
    "draft": "Step 2: choose your action card",
    "commit": "Step 3: commit supply cards",
    "build": "Step 7: the Builder builds",
    "discard": "Step 10: discard down to the hand limit",
    "over": "The game is over",
}


def role_help(tables: Tables) -> dict[str, str]:
    """One line per action card (RULES §7), with the bonuses of the content in play."""

    def cards(n: int) -> str:
        return f"{n} card{'s' if n != 1 else ''}"

    extra = f"{tables.diplomat_2_draw} more card{'s' if tables.diplomat_2_draw != 1 else ''}"
    return {
        "traitor": f"switch to the other house at the reveal; +{tables.traitor_vp} VP",
        "strategist": f"+{tables.strategist_vp} VP; take the strategy card and choose the next conflict site",
        "builder": "build, convert or move one of your building cards",
        "farmer": f"draw {cards(tables.farmer_draw)} from the supply, but no estate income this round",
        "diplomat_2": f"+{tables.diplomat_2_strength} strength for your house; draw {extra}",
        "diplomat_5": f"+{tables.diplomat_5_strength} strength for your house",
    }


# The action cards as the base game prints them, for screens that show no particular table.
ROLE_HELP = role_help(build_tables(load_content().data))
HOUSE_NAMES = log.HOUSE  # the houses as people say them: "the Eagles win"
OPTION_LABELS = {
    "builder_new_card_side": "Builder's new building",
    "ring_layout": "Landscape ring",
    "hand_limit_discards": "Hand-limit discards",
    "hand_limit_timing": "Hand limit checked",
    "reshuffle_timing": "Discards reshuffled",
}
# The web's four seat colours, each with the letter of its colour so it reads without colour.
# Told apart by people with any common colour-vision deficiency too: three are Okabe and Ito's
# colour-blind-safe colours (bluish green, reddish purple, vermillion); the blue and purple of
# before looked alike to deuteranopes (tests/server/test_web_verrater_palette.py measures it).
SEAT_STYLES = (
    SeatStyle("#2f6db5", "B"),  # blue
    SeatStyle("#009e73", "G"),  # bluish green
    SeatStyle("#cc79a7", "P"),  # reddish purple
    SeatStyle("#d55e00", "O"),  # orange (vermillion)
)
SCORE_COLUMNS = ("Conquests", "Action cards", "Trading posts", "Total")


def role_name(role: str) -> str:
    return ROLE_NAMES.get(role, role)


def discard_title(hand_size: int, limit: int) -> str:
    """RULES §5 step 10: how many cards the hand limit takes, not only that it takes some."""
    extra = max(0, hand_size - limit)
    return f"Discard {extra} card{'s' if extra != 1 else ''} down to the hand limit of {limit}"


def _upper(text: str) -> str:
    """The first letter as a capital, the rest as it is ("Landscape 3 (Woods, Eagles)")."""
    return text[:1].upper() + text[1:]


def _cards(values: Iterable[int]) -> str:
    return " ".join(map(str, values)) or "none"


_BUILDER_ORDER = {Build: 0, Convert: 1, Move: 2, SkipBuilding: 3}


def _offer_order(choice: Choice) -> int:
    """Discards highest first, as the engine takes them (RULES §5 step 10); the Builder's
    choices build, convert, move, then nothing; anything else as the engine lists it."""
    a = choice.action
    if isinstance(a, DiscardSupply):
        return -a.value
    return _BUILDER_ORDER.get(type(a), 0)


class VerraterPresentation:
    """Everything a player of Verräter reads (see the module docstring)."""

    title = "Verräter"
    min_players = 3
    max_players = 4

    def __init__(self, game: VerraterGame) -> None:
        self.game = game
        data = game.content.data
        self.type_names = {t.id: t.name for t in data.landscape_types}
        self.commit_max = game.ctx.tables.commit_max
        self.hand_limit = game.ctx.tables.hand_limit
        self.role_help = role_help(game.ctx.tables)
        self._guide: Guide | None = None

    # -- words -----------------------------------------------------------------------------------
    def options(self) -> tuple[OptionSpec, ...]:
        return options_of(VerraterConfig, OPTION_LABELS)

    def seat_styles(self, players: int) -> tuple[SeatStyle, ...]:
        return SEAT_STYLES[:players]

    def guide(self) -> Guide:
        """How to play, with the numbers of the content this table plays with."""
        if self._guide is None:
            self._guide = verrater_guide(self.game.ctx.tables, self.type_names)
        return self._guide

    def step_title(self, observation: VerraterObservation) -> str:
        return STEP_TITLES.get(observation.step, observation.step.replace("_", " "))

    def where(self, obs: VerraterObservation, i: int) -> str:
        """A landscape by its number, type and owning house: "landscape 3 (Woods, Eagles)"."""
        return (
            f"landscape {i} ({self.type_names.get(obs.types[i], obs.types[i])}, {HOUSE_NAMES[obs.owners[i]]})"
        )

    # -- decisions -------------------------------------------------------------------------------
    def decisions(self, observation: VerraterObservation, legal: Sequence[Action]) -> tuple[Decision, ...]:
        obs = observation
        commits = [a for a in legal if isinstance(a, CommitSupply)]
        finish = next((a for a in legal if isinstance(a, FinishCommitting)), None)
        out = []
        if commits or finish is not None:
            out.append(self._commit(obs, commits, finish))
        groups: dict[str, list[Choice]] = {}
        for a in legal:
            if isinstance(a, CommitSupply | FinishCommitting):
                continue
            title, choice = self._choice(obs, a)
            groups.setdefault(title, []).append(choice)
        for title, choices in groups.items():
            choices.sort(key=_offer_order)
            out.append(Decision(title=title, shape="one", choices=tuple(choices)))
        return explained(out, self.guide())

    def _commit(
        self, obs: VerraterObservation, commits: Sequence[CommitSupply], finish: FinishCommitting | None
    ) -> Decision:
        """RULES §5 step 3 as one set: a choice per card in hand the seat may commit, highest first;
        the engine then takes them one at a time, highest first, and ``finish`` ends the turn."""
        hand = list(obs.hand or ())
        done = obs.seats[obs.viewer].committed if obs.viewer is not None else ()
        choices = []
        for a in sorted(commits, key=lambda c: -c.value):
            copies = max(1, hand.count(a.value))
            choices += [Choice(a, line(f"Commit {with_article(a.value)}")) for _ in range(copies)]
        so_far = f" Committed so far: {_cards(done)} (total {sum(done)})." if done else ""
        room = max(0, self.commit_max - len(done))
        return Decision(
            title="Commit supply cards",
            shape="set",
            choices=tuple(choices),
            prompt=f"Commit up to {room} more card{'s' if room != 1 else ''} face up.{so_far}",
            finish=Choice(finish, line("Finish committing")) if finish is not None else None,
            most=room,
        )

    def _choice(self, obs: VerraterObservation, action: Action) -> tuple[str, Choice]:
        """The decision an action belongs to and its words, from the action's own fields."""
        builder = "Builder: build, convert or move"

        def where(i: int) -> str:
            return self.where(obs, i)

        def side_at(i: int) -> str:
            card = obs.buildings[i]
            return SIDE_NAMES[card.side] if card is not None else "building"

        match action:
            case PlaceEstate(landscape=i):
                return "Place your first estate", Choice(
                    action, line(f"Estate under {where(i)}"), marks=(str(i),)
                )
            case ChooseConflictSite(boundary=b):
                c = (b + 1) % RING_SIZE
                label = line(f"{_upper(where(b))} against {where(c)}")
                return "Choose the conflict site", Choice(action, label, marks=(str(b), str(c)))
            case KeepRole(role=r):
                return "Keep one action card", Choice(
                    action, line(f"Keep the {role_name(r)}"), self.role_help.get(r, "")
                )
            case Build(landscape=i, side=side):
                label = line(f"Build {with_article(SIDE_NAMES[side])} under {where(i)}")
                return builder, Choice(action, label, marks=(str(i),))
            case Convert(landscape=i):
                other = "an estate" if side_at(i) == SIDE_NAMES["trading_post"] else "a trading post"
                label = line(f"Convert your {side_at(i)} under {where(i)} into {other}")
                return builder, Choice(action, label, marks=(str(i),))
            case Move(from_landscape=a, to_landscape=b):
                label = line(f"Move your {side_at(a)} from {where(a)} to {where(b)}")
                return builder, Choice(action, label, marks=(str(a), str(b)))
            case SkipBuilding():
                return builder, Choice(action, line("Build nothing"))
            case DiscardSupply(value=v):
                size = len(obs.hand or ())
                return discard_title(size, self.hand_limit), Choice(
                    action, line(f"Discard {with_article(v)}")
                )
        return "Your decision", Choice(action, line(self.game.describe_action(action)))  # type: ignore[arg-type]

    # -- log -------------------------------------------------------------------------------------
    def log(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
        """The log lines ``viewer`` may read (the engine's own visibility rule), seats as refs."""
        shown = log.visible(events, viewer, omniscient)
        types = next((e.types for e in shown if isinstance(e, GameSetUp)), ())
        return [said for e in shown if (said := log.event_line(e, types, self.type_names)) is not None]

    def summary(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
        """One line per round as ``viewer`` saw it: the start player, the conflict site, the action
        cards once revealed (the viewer's own before), strengths and who scored, seats as refs."""
        shown = log.visible(events, viewer, omniscient)
        types = next((e.types for e in shown if isinstance(e, GameSetUp)), ())
        rounds = log.round_summaries(shown, viewer, omniscient)
        return [log.summary_line(r, types, self.type_names) for r in rounds]

    # -- the table -------------------------------------------------------------------------------
    def panels(self, observation: VerraterObservation) -> tuple[Panel, ...]:
        obs = observation
        panels = [Panel("The ring", self._ring(obs)), Panel("Players", self._players(obs))]
        if obs.viewer is not None:
            panels.append(Panel("Your cards", self._own(obs)))
        return tuple(panels)

    def _ring(self, obs: VerraterObservation) -> tuple[Line, ...]:
        head = f"Round {obs.round} of {obs.total_rounds}" if obs.round else "Setting up"
        rows: list[Line] = [
            line(head + (" (final round)" if obs.final_round else "") + f" · {self.step_title(obs)}"),
            line("Start player: ", SeatRef(obs.start_player), " · strategy card: ", SeatRef(obs.strategist)),
        ]
        if obs.site >= 0:
            b = (obs.site + 1) % RING_SIZE
            rows.append(line(f"Conflict site: {self.where(obs, obs.site)} against {self.where(obs, b)}"))
        down = f" (+{obs.face_down_discards} face down)" if obs.face_down_discards else ""
        rows.append(line(f"Draw pile {obs.draw_pile_size} · discard pile {_cards(obs.discard)}{down}"))
        last = obs.last_conflict
        if last is not None:
            es, rs = last.strength
            won = f"the {HOUSE_NAMES[last.winner]} won" if last.winner else "a tie"
            rows.append(line(f"Last conflict: Eagles {es} against Roses {rs}, {won}"))
        for i in range(len(obs.types)):
            card = obs.buildings[i]
            built: tuple[Span, ...] = ()
            if card is not None:
                built = (f" · {SIDE_NAMES[card.side]} of ", SeatRef(card.owner))
            rows.append(line(_upper(self.where(obs, i)), *built))
        return tuple(rows)

    def _players(self, obs: VerraterObservation) -> tuple[Line, ...]:
        rows = []
        for view in obs.seats:
            known = f" (known: {_cards(view.known_cards)})" if view.known_cards else ""
            house = HOUSE_NAMES[view.allegiance]
            role = role_name(view.role) if view.role is not None else "?"
            rows.append(
                line(
                    "▶ " if view.seat in obs.to_act else "",
                    SeatRef(view.seat),
                    f": {house}, {view.victory_points} VP, hand {view.hand_size}{known},"
                    f" action card {role}, committed {_cards(view.committed)}, unbuilt {view.unbuilt}",
                )
            )
        return tuple(rows)

    def _own(self, obs: VerraterObservation) -> tuple[Line, ...]:
        rows = [line(f"Your hand: {_cards(obs.hand or ())}")]
        if obs.role:
            rows.append(
                line(f"Your action card: the {role_name(obs.role)} — {self.role_help.get(obs.role, '')}")
            )
        if obs.received:
            rows.append(line("You were handed: " + ", ".join(role_name(r) for r in obs.received)))
        if obs.own_face_down_discards:
            rows.append(line(f"Your face-down discards: {_cards(obs.own_face_down_discards)}"))
        return tuple(rows)

    # -- the end ---------------------------------------------------------------------------------
    def score_table(self, outcome: Outcome) -> ScoreTable:
        """RULES §6: conquests, action-card VP and trading posts, and the final total."""
        details = outcome.details
        n = len(outcome.scores)

        def column(key: str) -> list[float]:
            values = details.get(key) or [0] * n
            return [float(v) for v in values]

        conquest, roles, posts = column("conquest"), column("roles"), column("trading_posts")
        return ScoreTable(
            columns=SCORE_COLUMNS,
            rows=tuple((conquest[p], roles[p], posts[p], float(outcome.scores[p])) for p in range(n)),
        )
